"""Superleave tables (issue 38): CSV round trips, the lookup as a leave function, bad input,
the packaged model exported, and the real 914,624-leave English table."""

from __future__ import annotations

import math
import random
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.shared_data import shared_path
from wordgames import InvalidStateError
from wordgames.wocable import LeaveTable, Rules, new_game
from wordgames.wocable.bots import EquityBot
from wordgames.wocable.engine import BLANK_BIT, Tiles
from wordgames.wocable.leaves import leave_model
from wordgames.wocable.leavetable import MAX_LEAVE
from wordgames.wocable.rules import tile_set
from wordgames.wocable.shadow import ranked


def _need_nwl20() -> Path:
    """The real table, or a skip (a failure under CI=true: CI must run it)."""
    return shared_path("leaves", "NWL20.csv")


def _tiles(lang: str) -> Tiles:
    return new_game(2, rules=Rules(tiles=lang)).tiles


def _kinds(lang: str) -> list[str]:
    ts = tile_set(lang)
    return [*ts.letters, "?"]


def _text(tok: str) -> str:
    return tok if len(tok) == 1 else f"[{tok}]"


@st.composite
def _tables(draw: st.DrawFn) -> tuple[str, dict[tuple[str, ...], float]]:
    """A tile set and a few leaves (tile names, sorted) with finite values."""
    lang = draw(st.sampled_from(["en", "es"]))
    kinds = _kinds(lang)
    leaves = draw(
        st.dictionaries(
            st.lists(st.sampled_from(kinds), min_size=1, max_size=MAX_LEAVE).map(
                lambda ts: tuple(sorted(ts))
            ),
            st.floats(-100, 100, allow_nan=False),
            max_size=30,
        )
    )
    return lang, leaves


@settings(deadline=None)
@given(case=_tables(), seed=st.integers(0, 10**6))
def test_csv_in_any_tile_order_gives_each_leave_its_value(
    case: tuple[str, dict[tuple[str, ...], float]], seed: int
) -> None:
    lang, leaves = case
    rng = random.Random(seed)
    lines = []
    for toks, v in leaves.items():
        shuffled = list(toks)
        rng.shuffle(shuffled)
        lines.append(f"{''.join(map(_text, shuffled))},{v!r}")
    rng.shuffle(lines)
    table = LeaveTable.from_csv("\n".join(lines) + "\n", tiles=lang)
    assert len(table) == len(leaves)
    t = _tiles(lang)
    fn = table.for_tiles(t)
    for toks, v in leaves.items():
        assert table.value(list(toks)) == v
        ids = tuple(sorted(t.parse_rack("".join(map(_text, toks)))))
        assert table(ids) == v
        assert fn(ids) == v
    # the CSV written reads back to an equal table; from_items agrees
    again = LeaveTable.from_csv(table.to_csv(), tiles=lang)
    assert again == table
    assert (
        LeaveTable.from_items({"".join(map(_text, k)): v for k, v in leaves.items()}, tiles=lang)
        == table
    )


@settings(deadline=None)
@given(case=_tables(), seed=st.integers(0, 10**6))
def test_missing_leaves_are_worth_zero(
    case: tuple[str, dict[tuple[str, ...], float]], seed: int
) -> None:
    lang, leaves = case
    table = LeaveTable.from_items(
        {"".join(map(_text, k)): v for k, v in leaves.items()}, tiles=lang
    )
    rng = random.Random(seed)
    kinds = _kinds(lang)
    for _ in range(20):
        toks = tuple(sorted(rng.choices(kinds, k=rng.randint(0, MAX_LEAVE))))
        assert table.value(list(toks)) == leaves.get(toks, 0.0)
    assert table(()) == 0.0
    t = _tiles(lang)
    full_rack = tuple(sorted(t.parse_rack("AAEEIIO")))
    assert table(full_rack) == 0.0  # a pass keeps 7 tiles: no table value


def test_fast_and_line_by_line_readers_agree() -> None:
    """The same leaves in MAGPIE's layout (the fast path) and with spaces, blank lines and
    CRLF (the line-by-line reader)."""
    rng = random.Random(5)
    kinds = _kinds("en")
    leaves: dict[str, float] = {}
    for _ in range(3000):
        toks = sorted(rng.choices(kinds, k=rng.randint(1, 6)), key=lambda a: (a != "?", a))
        leaves.setdefault("".join(toks), round(rng.uniform(-30, 30), 3))
    plain = "".join(f"{k},{v}\n" for k, v in leaves.items())
    messy = "\r\n".join(f" {k[::-1]} , {v} \r\n" for k, v in leaves.items())
    a = LeaveTable.from_csv(plain)
    b = LeaveTable.from_csv(messy)
    assert a == b
    assert len(a) == len(leaves)


def test_spanish_digraphs_are_bracketed_tokens() -> None:
    table = LeaveTable.from_csv("[CH]A,2.5\n[RR][LL]Ñ?,-1.25\n", tiles="es")
    assert table.value("A[CH]") == 2.5
    assert table.value(["?", "Ñ", "LL", "RR"]) == -1.25
    t = _tiles("es")
    assert table.for_tiles(t)(t.parse_rack("A[CH]")) == 2.5
    # C and H are two tiles, not the digraph
    assert table.value("ACH") == 0.0
    assert LeaveTable.from_csv(table.to_csv(), tiles="es") == table


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("A,1\nB\n", 2, "expected 'leave,value'"),
        ("A,1\nB,2,3\n", 2, "expected 'leave,value'"),
        ("A,1\n,2\n", 2, "empty leave"),
        ("A,1\n\nAB1,2\n", 3, "not in tile set"),
        ("A,1\nab,2\n", 2, "not in tile set"),  # lowercase is a designated blank, not a tile
        ("K,1\n[CH],2\n", 2, "not in tile set"),  # a Spanish tile in the English set
        ("A,1\nAAAAAAA,2\n", 2, "at most 6 tiles"),
        ("A,1\nB,x\n", 2, "not a number"),
        ("A,1\nB,nan\n", 2, "not finite"),
        ("A,1\nB,inf\n", 2, "not finite"),
        ("AB,1\nC,2\nBA,3\n", 3, "already given on line 1"),
        ("A,1\n[A,2\n", 2, "malformed leave"),
    ],
)
def test_bad_lines_are_refused_with_their_number(text: str, line: int, words: str) -> None:
    with pytest.raises(InvalidStateError, match=rf"line {line}\b.*{words}"):
        LeaveTable.from_csv(text)


def test_bad_line_deep_in_a_large_file_is_named() -> None:
    table = LeaveTable.from_model(leave_model("en"), max_size=4)
    lines = table.to_csv().splitlines()
    for i, bad in ((len(lines) - 3, "QQQQQQQQ,1"), (len(lines) // 2, "E,1e999")):
        text = "\n".join([*lines[:i], bad, *lines[i:]]) + "\n"
        with pytest.raises(InvalidStateError, match=rf"line {i + 1}:"):
            LeaveTable.from_csv(text)
    # a duplicate far from its first line
    text = "\n".join([*lines, lines[7]]) + "\n"
    with pytest.raises(InvalidStateError, match=rf"line {len(lines) + 1}: .*line 8"):
        LeaveTable.from_csv(text)


def test_from_items_refuses_bad_leaves() -> None:
    with pytest.raises(ValueError, match="not in tile set"):
        LeaveTable.from_items({"A1": 1.0})
    with pytest.raises(ValueError, match="twice"):
        LeaveTable.from_items([("AB", 1.0), ("BA", 2.0)])
    with pytest.raises(ValueError, match="not finite"):
        LeaveTable.from_items({"A": math.nan})
    with pytest.raises(ValueError, match="empty"):
        LeaveTable.from_items({"": 1.0})


def test_the_packaged_model_exported_as_a_table_agrees_with_it() -> None:
    model = leave_model("en")
    t = _tiles("en")
    fn = model.for_tiles(t)
    table = model.to_table(3)
    kinds = [i for i, k in enumerate(t.counts) if k]
    expected = 0
    for k in range(1, 4):
        for ids in combinations_with_replacement(kinds, k):
            if any(ids.count(i) > t.counts[i] for i in set(ids)):
                assert table(ids) == 0.0  # no rack holds it: not in the table
                continue
            expected += 1
            assert table(ids) == pytest.approx(fn(ids), abs=1e-12)
    assert len(table) == expected
    assert LeaveTable.from_csv(table.to_csv()) == table


def test_a_table_drops_in_as_the_leave_of_best_moves_and_equitybot() -> None:
    rng = random.Random(38)
    state = new_game(2)
    while state.is_chance_node:
        state = state.apply(state.sample_chance(rng))
    for _ in range(4):  # a few moves in, so the board is not empty
        state = state.apply(state.best_moves(1)[0].action)
        while state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
    table = LeaveTable.from_model(leave_model("en"), max_size=MAX_LEAVE - 3)
    fn = table.for_tiles(state.tiles)
    rack = state.racks[state.turn]
    top = state.best_moves(5, leave=table)
    # every move's key is its score plus the table's value of what it keeps
    keyed = ranked(state.tiles, state.board, rack, 5, table)
    for mv, (key, raw) in zip(top, keyed, strict=True):
        kept = sorted(rack)
        for _, v in raw[2]:
            kept.remove(state.tiles.blank if v & BLANK_BIT else v)
        assert key == mv.score + table(tuple(kept)) == mv.score + fn(tuple(kept))
    view = state.view(state.turn)
    choice = EquityBot(leave=table).choose(view, rng)
    assert state.is_legal(choice)
    # the same table as a plain function, or through for_tiles, chooses the same
    assert EquityBot(leave=fn).choose(view, rng) == choice


def test_for_tiles_refuses_another_tile_set() -> None:
    with pytest.raises(ValueError, match="tile set"):
        LeaveTable("en").for_tiles(_tiles("es"))


def test_the_real_nwl20_table() -> None:
    path = _need_nwl20()
    table = LeaveTable.from_csv(path)
    assert len(table) == 914_624
    # spot checks against the file's own lines, in other tile orders
    lines = path.read_text().splitlines()
    rng = random.Random(20)
    t = _tiles("en")
    for line in rng.sample(lines, 200):
        leave, value = line.split(",")
        toks = list(leave)
        rng.shuffle(toks)
        assert table.value("".join(toks)) == float(value)
        assert table(t.parse_rack(leave)) == float(value)
    # every leave the English set can deal is listed: no sub-leave of a rack is missing
    bag = [i for i, k in enumerate(t.counts) for _ in range(k)]
    for _ in range(50):
        rack = sorted(rng.sample(bag, 7))
        for k in range(1, 7):
            for sub in combinations(rack, k):
                assert table._present[table._rank(sub)]
