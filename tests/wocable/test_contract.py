"""Issue 10 for Wocable: acting players, shared codes, ply, common names, leaving, hostile input."""

from __future__ import annotations

import ast
import copy
import json
import pickle
import random
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import IllegalActionError, InvalidStateError, ParseError, Record
from wordgames._core import contract
from wordgames.wocable import (
    Draw,
    Exchange,
    Pass,
    Place,
    Resign,
    Rules,
    State,
    Timeout,
    View,
    bots,
    from_gcg,
    from_position,
    new_game,
    parse_action,
    read_gcg,
    to_gcg,
)
from wordgames.wocable import actions as wc_actions
from wordgames.wocable.gcg import MAX_GCG_LINES, MAX_GCG_TEXT, GcgError, GcgMove

GCG = """#character-encoding UTF-8
#player1 ann Ann Example
#player2 bob Bob Example
>ann: ACEQTXZ 8G CAT +10 10
>bob: AEHLMNO H7 H.M +8 8
>ann: EIQRXZ? -QXZ +0 10
>bob: AELNOOT - +0 8
"""


def deal(state: State, racks: list[str]) -> State:
    for rack in racks:
        for tok in rack:
            state = state.apply(Draw(tok))
    assert state.phase == "play"
    return state


def error_of(kind: type[Exception], fn: Any, *args: Any) -> Exception | None:
    """The ``kind`` error ``fn(*args)`` raises, or None when it returns (others escape)."""
    try:
        fn(*args)
    except kind as exc:
        return exc
    return None


def code_of(fn: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(IllegalActionError) as e:
        fn(*args, **kwargs)
    return e.value.code


@pytest.fixture(scope="module")
def opened() -> State:
    """Player 0 on turn after the deal (racks ACEQTXZ / AEHLMNO / DEIRSTU)."""
    return deal(new_game(3), ["ACEQTXZ", "AEHLMNO", "DEIRSTU"])


# -- acting player -----------------------------------------------------------------------------


def test_check_as_refuses_other_players_chance_and_server_events(opened: State) -> None:
    s = opened
    assert code_of(s.check_as, 1, parse_action("8G CAT")) == "not_your_turn"
    assert code_of(s.apply_as, 1, Pass()) == "not_your_turn"
    assert code_of(s.check_as, 0, Draw("E")) == "chance_outcome_from_player"
    assert code_of(s.check_as, 0, "draw E") == "chance_outcome_from_player"
    assert code_of(s.check_as, 0, Timeout(0)) == "server_event_from_player"
    assert code_of(s.check_as, 0, "timeout 0") == "server_event_from_player"
    assert code_of(s.check_as, 0, Pass(), ply=s.ply - 1) == "stale_state"
    assert code_of(s.check_as, 3, Pass()) == "invalid_player"
    assert code_of(s.check_as, 0, object()) == "not_an_action"
    # the server applies the clock event itself
    assert s.apply(Timeout(0)).departed == (0,)


def test_apply_as_accepts_text_and_the_current_ply(opened: State) -> None:
    s = opened
    assert s.check_as(0, "8g CAT", ply=s.ply) == Place(7, 6, True, "CAT")
    after = s.apply_as(0, "8G CAT", ply=s.ply)
    assert after == s.apply(parse_action("8G CAT"))
    assert after.ply == s.ply + 1
    with pytest.raises(ParseError):
        s.check_as(0, "8G CAT!")


def test_resign_from_any_active_player_at_any_turn(opened: State) -> None:
    s = opened
    assert s.turn == 0
    assert s.actor(Resign(2)) == 2
    assert s.actor(Timeout(0)) is None
    assert s.actor(Draw("E")) is None
    assert code_of(s.check_as, 1, Resign(2)) == "not_your_turn"  # not on someone's behalf
    out = s.apply_as(2, "resign 2")
    assert out.departed == (2,)
    assert out.turn == 0
    assert code_of(out.check_as, 2, Resign(2)) == "player_departed"


# -- shared codes --------------------------------------------------------------------------------


def test_shared_codes(opened: State) -> None:
    s = opened
    assert code_of(s.check, Draw("E")) == "not_chance_node"
    assert code_of(s.sample_chance, random.Random(0)) == "not_chance_node"
    assert code_of(new_game(2).check, Pass()) == "chance_pending"
    assert code_of(new_game(2).check, Resign(1)) == "chance_pending"
    assert code_of(s.check, "8G CAT") == "not_an_action"  # text only through check_as
    assert code_of(s.check, None) == "not_an_action"
    assert code_of(s.check, Resign(7)) == "invalid_player"
    over = s.apply(Resign(0)).apply(Resign(1))
    assert over.is_terminal
    assert code_of(over.check, Pass()) == "game_over"
    assert code_of(over.apply, Pass()) == "game_over"
    for code in ("not_an_action", "not_chance_node", "chance_pending", "game_over"):
        assert code in contract.SHARED_CODES


@pytest.mark.parametrize(
    "bad",
    [
        Draw(tile=False),  # type: ignore[arg-type]
        Draw(tile=("E",)),  # type: ignore[arg-type]
        Resign(True),
        Resign(10**100),
        Timeout("0"),  # type: ignore[arg-type]
        Place(7, 6, 1, "CAT"),  # type: ignore[arg-type]
        Place(True, 6, True, "CAT"),
        Place(7, 6, True, ["C", "A", "T"]),  # type: ignore[arg-type]
        Place(7.0, 6, True, "CAT"),  # type: ignore[arg-type]
        [1, 2],
        {"a": 1},
        ((((),),),),
        10**1000,
    ],
)
def test_wrong_field_types_are_not_actions(opened: State, bad: object) -> None:
    for s in (opened, new_game(2)):
        codes = {code_of(s.check, bad), code_of(s.apply, bad)}
        if isinstance(bad, Resign) and type(bad.player) is int:
            assert codes <= {"invalid_player", "chance_pending"}
        else:
            assert codes == {"not_an_action"}
        assert not s.is_legal(bad)


def test_exchange_with_a_non_string_is_not_an_action(opened: State) -> None:
    bad = object.__new__(Exchange)
    object.__setattr__(bad, "tiles", 5)
    assert code_of(opened.check, bad) == "not_an_action"
    assert code_of(opened.apply, bad) == "not_an_action"
    huge = Exchange("A" * 10_000)
    assert code_of(opened.apply, huge) == "tiles_not_on_rack"


def test_subclassed_actions_are_not_actions(opened: State) -> None:
    @attrs.frozen
    class MyPlace(Place):
        pass

    a = MyPlace(7, 6, True, "CAT")
    assert opened.is_legal(Place(7, 6, True, "CAT"))
    for call in (opened.check, opened.apply):
        with pytest.raises(IllegalActionError) as err:
            call(a)
        assert err.value.code == "not_an_action"


# -- ply ------------------------------------------------------------------------------------------


def test_every_transition_adds_one_to_ply() -> None:
    rng = random.Random(5)
    rec = wordgames.play(new_game(2), [bots.GreedyBot()] * 2, rng, max_actions=80)
    assert len(rec) == 80
    for k, s in enumerate(rec.states()):
        assert s.ply == k
        assert s.to_dict()["ply"] == k
        assert s.view(0).ply == k
        assert s.view(None).to_dict()["ply"] == k
    assert Record.from_json(rec.to_json()) == rec


def test_from_dict_reads_and_bounds_ply(opened: State) -> None:
    d = opened.to_dict()
    assert State.from_dict(d).ply == 21
    with pytest.raises(InvalidStateError, match="ply"):
        State.from_dict({**d, "ply": 20})  # 21 tiles were drawn
    for bad in (-1, True, "21", 10**12, None):
        with pytest.raises(InvalidStateError):
            State.from_dict({**d, "ply": bad})
    no_ply = {k: v for k, v in d.items() if k != "ply"}
    with pytest.raises(InvalidStateError):
        State.from_dict(no_ply)
    # a position string gets the fewest actions that reach it
    s = from_position(opened.apply(parse_action("8G CAT")).to_position())
    assert s.ply == 21 + 1


# -- common names ----------------------------------------------------------------------------------


def test_scores_current_player_and_unseen_on_views(opened: State) -> None:
    s = opened
    assert s.scores == (0, 0, 0)
    assert isinstance(s.scores, tuple)
    v = s.view(1)
    assert isinstance(v, View)
    assert v.current_player == 0
    assert v.scores == (0, 0, 0)
    assert v.ply == s.ply
    unseen = v.unseen
    assert isinstance(unseen, Counter)
    assert sum(unseen.values()) == sum(v.unseen_counts) == 100 - 7
    assert unseen["?"] == 2
    assert unseen["H"] == 2 - 1  # player 1 holds one of the two Hs
    unseen["Z"] = 99  # a fresh Counter every time
    assert v.unseen["Z"] == 1
    assert sum(s.view(None).unseen.values()) == 100
    # Spanish digraph tiles are named as Draw names them
    es = new_game(2, rules=Rules(tiles="es"))
    assert es.view(None).unseen["CH"] == 1
    assert set(es.view(None).unseen) == {
        str(a).removeprefix("draw ").strip("[]") for a, _ in es.chance_outcomes()
    }


def test_resign_is_the_shared_class() -> None:
    assert Resign is contract.Resign
    assert wc_actions.Resign is contract.Resign
    assert parse_action("resign 1") == contract.Resign(1)
    assert str(Resign(1)) == "resign 1"


def test_keywords_and_squares_are_case_insensitive() -> None:
    assert parse_action("8h CAT") == parse_action("8H CAT") == Place(7, 7, True, "CAT")
    assert parse_action("h8 CAT") == Place(7, 7, False, "CAT")
    assert parse_action("8h cat") == Place(7, 7, True, "cat")  # tiles keep their case: blanks
    assert parse_action("DRAW E") == Draw("E")
    assert parse_action("Resign 1") == Resign(1)
    assert parse_action("TIMEOUT 0") == Timeout(0)
    assert parse_action("Pass") == parse_action("pass") == parse_action("-") == Pass()
    assert str(parse_action("8h CAT")) == "8H CAT"
    assert str(parse_action("PASS")) == "-"


# -- leaving ---------------------------------------------------------------------------------------


def test_leaving_two_players_ends_with_the_other_player_winning() -> None:
    s = deal(new_game(2), ["ACEQTXZ", "AEHLMNO"])
    s = s.apply(parse_action("8G CAT"))
    while s.is_chance_node:
        s = s.apply(s.sample_chance(random.Random(1)))
    assert s.turn == 1  # resigning out of turn is fine
    out = s.apply_as(0, "resign 0")
    assert out.outcome is not None
    assert out.outcome.reason == "resigned"
    assert out.outcome.winners == frozenset({1})  # whatever the scores (10 to 0)
    assert out.scores == (10, 0)


@pytest.mark.parametrize("to_bag", [True, False])
def test_leaving_three_players_the_game_goes_on(opened: State, to_bag: bool) -> None:
    s = attrs.evolve(opened, rules=Rules(departed_tiles_to_bag=to_bag))
    out = s.apply(Resign(0))  # the player on turn leaves: the turn passes on
    assert out.turn == 1
    assert not out.is_terminal
    assert out.racks[0] == ()
    assert out.bag_size == s.bag_size + (7 if to_bag else 0)
    assert len(out.removed) == (0 if to_bag else 7)
    assert out.view(1).unseen["Z"] == 1  # a removed Z stays unseen


# -- hostile input ---------------------------------------------------------------------------------


def test_state_pickles_small_without_caches(opened: State) -> None:
    s = opened
    s.legal_actions()  # fills the move cache
    data = pickle.dumps(s)
    assert len(data) < 3000
    back = pickle.loads(data)
    assert back == s
    assert back.legal_actions() == s.legal_actions()
    assert copy.deepcopy(s) == s
    assert copy.copy(s) == s
    assert "_cache" not in json.dumps(s.to_dict())


def test_from_position_refuses_huge_runs_before_any_work() -> None:
    empty = "/".join(["15"] * 15)
    for text in (
        f"100000000/{empty[3:]} AB/CD 0/0 0 0 -",
        f"16/{empty[3:]} AB/CD 0/0 0 0 -",
        f"0/{empty[3:]} AB/CD 0/0 0 0 -",
        "/".join(["15"] * 100_000) + " A/B 0/0 0 0 -",
        "A" * 5000,
        f"{empty} AB/CD 0/0 ٣ 0 -",
        f"{empty} AB/CD 0/0 1234567 0 -",
        f"{empty} AB/CD/EF/GH/IJ 0/0 0 0 -",
    ):
        with pytest.raises(InvalidStateError) as e:
            from_position(text)
        assert len(str(e.value)) < 200


def test_parse_action_refuses_non_ascii_digits() -> None:
    for text in ("٣H CAT", "H٣ CAT", "p٣ pass", "resign ٣", "resign ²", "timeout 1234567"):
        with pytest.raises(ParseError):
            parse_action(text)


def test_gcg_reader_and_limits() -> None:
    gcg = read_gcg(GCG)
    assert gcg.nicks == ("ann", "bob")
    assert gcg.lines[0] == GcgMove(4, "ann", "ACEQTXZ", Place(7, 6, True, "CAT"), 10, 10)
    assert gcg.lines[2] == GcgMove(6, "ann", "EIQRXZ?", Exchange("QXZ"), 0, 10)
    assert gcg.lines[3].action == Pass()  # type: ignore[union-attr]
    with pytest.raises(InvalidStateError):
        read_gcg(GCG + "\n" * MAX_GCG_LINES)
    with pytest.raises(InvalidStateError):
        from_gcg(GCG + "#" * MAX_GCG_TEXT)
    with pytest.raises(InvalidStateError):
        from_gcg(GCG.replace("+10 10", "+1٣ 10"))
    with pytest.raises(InvalidStateError):
        from_gcg(GCG.replace("#player2 bob", "#wocable-rules " + "[" * 1500 + "\n#player2 bob"))


def test_gcg_reconstruction_work_is_bounded() -> None:
    # ~1000 legal 7-tile exchanges with unknown racks, then an impossible move: the replay
    # ends with the documented error (no retry replays the file without end)
    head = "#player1 ann\n#player2 bob\n"
    lines = [f">{'ann' if k % 2 == 0 else 'bob'}: -AEIORSU +0 0" for k in range(996)]
    text = head + "\n".join(lines) + "\n>ann: 8A ZA +30 30\n"
    for strict in (False, True):
        with pytest.raises(GcgError) as err:
            from_gcg(text, strict=strict)
        assert err.value.code in ("illegal_move", "too_much_work")
    # more copies of a tile than the set has: refused before any replay, naming the line
    with pytest.raises(GcgError, match="line 999") as err:
        from_gcg(head + "\n".join(lines) + "\n>ann: 8H ZZZ +30 30\n")
    assert err.value.code == "too_many_tiles"
    # the same exchanges alone replay fine (the exchanged tiles come back to the bag)
    assert len(from_gcg(head + "\n".join(lines[:200]) + "\n")) > 200


def _module_imports(path: Path) -> set[str]:
    """The wocable modules ``path`` imports at module level (not in functions, not for typing)."""
    tree = ast.parse(path.read_text())
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("wordgames.wocable."):
                out.add(node.module.rsplit(".", 1)[1])
            elif node.module == "wordgames.wocable":
                out.update(alias.name for alias in node.names)
    return out


def test_module_level_imports_of_wocable_have_no_loop() -> None:
    folder = Path(wordgames.wocable.__file__).parent
    graph = {p.stem: _module_imports(p) for p in folder.glob("*.py") if p.stem != "__init__"}
    assert "notation" not in graph["state"]
    assert "state" not in graph["movegen"]
    assert "state" not in graph["engine"]
    # depth-first search for a cycle
    done: set[str] = set()

    def visit(mod: str, path: tuple[str, ...]) -> None:
        assert mod not in path, f"import loop {' -> '.join((*path, mod))}"
        if mod in done or mod not in graph:
            return
        for dep in graph[mod]:
            visit(dep, (*path, mod))
        done.add(mod)

    for mod in graph:
        visit(mod, ())


# -- fuzz ------------------------------------------------------------------------------------------

#: the Hypothesis profile's example count (25 by default, 150 with the ``ci`` profile)
_EXAMPLES = settings().max_examples

_digits = st.sampled_from(list("0123456789٣²١۵߃१"))
_text = st.one_of(
    st.text(max_size=30),
    st.builds(
        lambda a, b, c: f"{a}{b} {c}",
        st.text(_digits, min_size=1, max_size=3),
        st.sampled_from(["H", "h", "A", "Z", "٣"]),
        st.text(st.sampled_from(list("CATcat.?[]ÑñCH")), max_size=8),
    ),
    st.builds(
        lambda k, n: f"{k} {n}",
        st.sampled_from(["resign", "RESIGN", "timeout", "draw", "p", "-"]),
        st.text(_digits, max_size=8),
    ),
)


@settings(max_examples=4 * _EXAMPLES)
@given(_text)
def test_fuzz_parse_action_raises_only_parse_error(text: str) -> None:
    exc = error_of(ParseError, parse_action, text)
    if exc is not None:
        assert len(str(exc)) < 300
    else:
        action = parse_action(text)
        assert parse_action(str(action)) == action


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=10,
)


def _deep(n: int) -> Any:
    x: Any = []
    for _ in range(n):
        x = [x]
    return x


@pytest.fixture(scope="module")
def sample_dict() -> dict[str, Any]:
    rng = random.Random(2)
    rec = wordgames.play(new_game(3), [bots.GreedyBot()] * 3, rng, max_actions=60)
    return rec.replay().to_dict()


@settings(max_examples=2 * _EXAMPLES)
@given(
    key=st.sampled_from(
        [
            "board",
            "racks",
            "bag",
            "scores",
            "players",
            "departed",
            "ply",
            "rules",
            "lexicon",
            "turn",
            "aside",
            "phase",
            "end_reason",
        ]
    ),
    value=_json | st.builds(_deep, st.integers(50, 5000)),
)
def test_fuzz_from_dict_raises_only_invalid_state(
    sample_dict: dict[str, Any], key: str, value: Any
) -> None:
    for d in ({**sample_dict, key: value}, {**sample_dict, key: [value] * 3}):
        exc = error_of(InvalidStateError, State.from_dict, d)
        if exc is not None:
            assert len(str(exc)) < 300
            continue
        s = State.from_dict(d)
        assert State.from_dict(s.to_dict()) == s
        view = s.view(0).to_dict()
        assert View.from_dict(view) == s.view(0)
        error_of(InvalidStateError, View.from_dict, {**view, key: value})


@settings(max_examples=2 * _EXAMPLES)
@given(
    field=st.sampled_from(["row", "col", "across", "word"]),
    value=_json | st.floats() | st.integers(-(10**30), 10**30),
)
def test_fuzz_check_and_apply_raise_only_illegal_action(
    opened: State, field: str, value: Any
) -> None:
    for base in (Place(7, 6, True, "CAT"), Draw("E"), Resign(1), Exchange("Q")):
        name = field if field in attrs.fields_dict(type(base)) else attrs.fields(type(base))[0].name
        bad = object.__new__(type(base))
        for f in attrs.fields(type(base)):
            object.__setattr__(bad, f.name, getattr(base, f.name))
        object.__setattr__(bad, name, value)
        for s in (opened, new_game(2)):
            for fn in (s.check, s.apply):
                exc = error_of(IllegalActionError, fn, bad)
                if not contract.well_typed(bad):
                    assert isinstance(exc, IllegalActionError)
                    assert exc.code == "not_an_action"
                assert exc is None or len(str(exc)) < 400


@settings(max_examples=2 * _EXAMPLES)
@given(st.text(max_size=200) | st.builds(lambda t: GCG + t, st.text(max_size=80)))
def test_fuzz_from_gcg_and_position_raise_only_invalid_state(text: str) -> None:
    for fn in (from_gcg, from_position, read_gcg):
        exc = error_of(InvalidStateError, fn, text)
        assert exc is None or len(str(exc)) < 400


def test_gcg_round_trip_keeps_ply() -> None:
    rec = wordgames.play(new_game(2), [bots.GreedyBot()] * 2, random.Random(4))
    back = from_gcg(to_gcg(rec))
    assert back.replay().ply == len(back.actions)


def test_frontend_helpers_refuse_junk(opened: State) -> None:
    s = opened.apply(parse_action("8G CAT"))
    while s.is_chance_node:
        s = s.apply(s.sample_chance(random.Random(0)))
    assert s.at("h8") == s.at("H8") == "A"
    for bad in ("A0", "P1", "A16", "٣", "", "H"):
        with pytest.raises(ValueError, match="not a square"):
            s.at(bad)
    assert code_of(s.normalize, Place(7, 6, 1, "CAT")) == "not_an_action"  # type: ignore[arg-type]
    assert code_of(s.normalize, "8G CAT") == "not_an_action"  # type: ignore[arg-type]
    assert s.place_tiles([("i7", "A"), ("I9", "E")]) == Place(6, 8, False, "A.E")
    for junk in ([("H8", ["A"])], [("H٣", "A")], [["H8", "A", "B"]], [("Z99", "A")], [(1, "A")]):
        assert code_of(s.place_tiles, junk) in ("off_board", "unknown_tile")
    assert code_of(s.place_tiles, iter(lambda: ("A1", "E"), None)) == "not_in_one_line"


def test_messages_quote_only_a_short_prefix_of_long_input(opened: State) -> None:
    long_tile = "[" + "A" * 10_000 + "]"
    for bad in (
        Place(7, 6, True, long_tile),
        Place(7, 6, True, "C[" * 5000),
        Draw("E" * 10_000),
        Exchange(long_tile),
    ):
        with pytest.raises(IllegalActionError) as e:
            opened.apply(bad)
        assert len(str(e.value)) < 300
    for kw in ({"tiles": ["x"]}, {"layout": "x" * 10_000}, {"pass_limit": 10**100}):
        with pytest.raises(wordgames.RulesError) as r:
            Rules(**kw)  # type: ignore[arg-type]
        assert len(str(r.value)) < 200


def test_huge_words_are_refused_unread(opened: State) -> None:
    huge = Place(7, 6, True, "A" * 10_000_000)
    assert code_of(opened.check, huge) == "malformed_word"
    assert code_of(opened.apply, huge) == "malformed_word"
    assert code_of(opened.normalize, huge) == "malformed_word"
    assert code_of(opened.apply, Place(7, 6, True, "[CH]" * 15)) == "off_board"
