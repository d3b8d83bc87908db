"""best_moves (the shadow-bounded search) returns exactly the top k of full generation."""

from __future__ import annotations

import gc
import random
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames._core.states import derive
from wordgames.wocable import Rules, State, new_game
from wordgames.wocable.cgp import from_cgp
from wordgames.wocable.engine import BLANK_BIT, Tiles
from wordgames.wocable.leaves import leave_model
from wordgames.wocable.movegen import (
    RawMove,
    anchor_walker,
    anchors,
    cross_checks,
    place_of,
    raw_moves,
)
from wordgames.wocable.shadow import _matched, anchor_bounds, board_checks, ranked

from .test_movegen import random_board, small_lexicon


def _full(
    tiles: Tiles, board: tuple[int, ...], rack: tuple[int, ...], n: int, leave=None
) -> list[tuple[float, str, int]]:  # type: ignore[no-untyped-def]
    """The reference: every move, keyed and sorted by (-key, notation), first n."""
    keyed = []
    for mv in raw_moves(tiles, board, rack):
        key: float = mv[1]
        if leave is not None:
            kept = list(rack)
            for _, v in mv[2]:
                kept.remove(tiles.blank if v & BLANK_BIT else v)
            key += leave(tuple(kept))
        keyed.append((key, str(place_of(tiles, board, mv)), mv[1]))
    keyed.sort(key=lambda k: (-k[0], k[1]))
    return keyed[:n]


def _fast(tiles: Tiles, board: tuple[int, ...], rack: tuple[int, ...], n: int, leave=None):  # type: ignore[no-untyped-def]
    out: list[tuple[float, RawMove]] = ranked(tiles, board, rack, n, leave)
    return [(k, str(place_of(tiles, board, mv)), mv[1]) for k, mv in out]


def _toy_leave(tiles: Tiles, shift: float = 0.0):  # type: ignore[no-untyped-def]
    """A leave function with positive and negative values, duplicates penalised; ``shift``
    added to every value (a large negative shift makes every key negative)."""

    def leave(kept: tuple[int, ...]) -> float:
        v = shift
        for i, t in enumerate(kept):
            v += 7.5 if t == tiles.blank else (3 - tiles.values[t]) * 0.75
            if i and kept[i - 1] == t:
                v -= 2.25
        return v

    return leave


@cache
def _position(lang: str, seed: int, depth: int) -> State:
    """A position after ``depth`` placements of greedy play (seeded draws)."""
    rng = random.Random(f"{lang}:{seed}")
    state = new_game(2, rules=Rules(tiles=lang))
    moves = 0
    while not state.is_terminal and (moves < depth or state.is_chance_node):
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        best = state.best_moves(1)
        if not best:
            break
        state = state.apply(best[0].action)
        moves += 1
    return state


def _rack(state: State, rng: random.Random, blanks: int) -> tuple[int, ...]:
    """A 7-tile rack from the tiles not on the board, with ``blanks`` blanks."""
    t = state.tiles
    pool = [i for i, k in enumerate(t.counts) if i != t.blank for _ in range(k)]
    for v in state.board:
        if v >= 0 and not v & BLANK_BIT and v in pool:
            pool.remove(v)
    rng.shuffle(pool)
    return tuple(sorted([*pool[: 7 - blanks], *[t.blank] * blanks]))


@settings(max_examples=20, deadline=None)
@given(
    lang=st.sampled_from(["en", "es"]),
    seed=st.integers(0, 3),
    depth=st.integers(0, 14),
    rack_seed=st.integers(0, 10**6),
    blanks=st.sampled_from([0, 0, 1, 2]),
    n=st.sampled_from([1, 2, 5, 20]),
    equity=st.booleans(),
    shift=st.sampled_from([0.0, 0.0, -100.0]),
)
def test_top_k_equals_full_generation(
    lang: str,
    seed: int,
    depth: int,
    rack_seed: int,
    blanks: int,
    n: int,
    equity: bool,
    shift: float,
) -> None:
    state = _position(lang, seed, depth)
    rng = random.Random(rack_seed)
    rack = _rack(state, rng, blanks) if rng.random() < 0.7 else state.racks[state.turn]
    t = state.tiles
    leave = _toy_leave(t, shift) if equity else None
    assert _fast(t, state.board, rack, n, leave) == _full(t, state.board, rack, n, leave)


@settings(deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(1, 6),
    equity=st.booleans(),
    shift=st.sampled_from([0.0, -100.0]),
)
def test_top_k_on_small_lexicons(seed: int, n: int, equity: bool, shift: float) -> None:
    rng = random.Random(seed)
    lex = small_lexicon(rng)
    from wordgames.wocable.engine import tiles_for

    tiles = tiles_for(Rules(), lex)
    board = random_board(tiles, rng, rng.randint(0, 6))
    rack = tuple(sorted(rng.choice([0, 1, 2, 3, 4, tiles.blank]) for _ in range(rng.randint(1, 7))))
    leave = _toy_leave(tiles, shift) if equity else None
    assert _fast(tiles, board, rack, n, leave) == _full(tiles, board, rack, n, leave)


def _check_bounds(tiles: Tiles, board: tuple[int, ...], rack: tuple[int, ...], leave) -> int:  # type: ignore[no-untyped-def]
    """Walk every anchor in full and check that :func:`anchor_bounds` bounds each move from
    it: ``left[j]`` at least the key of every move with ``j`` tiles left of the anchor, and
    the anchor's bound at least every ``left[j]``; anchors left out have no move. Returns
    how many moves were checked."""
    counts = [0] * (tiles.blank + 1)
    for t in rack:
        counts[t] += 1
    extra = [0.0] * (len(rack) + 1)
    if leave is not None:  # the best leave of any len(rack) - k tiles
        for k in range(1, len(rack) + 1):
            extra[k] = max(leave(sub) for sub in combinations(sorted(rack), len(rack) - k))
    letters = tiles.all_mask if tiles.blank in rack else sum(1 << t for t in set(rack))
    anc = anchors(tiles, board)
    size = tiles.size
    checked = 0
    for across in (True, False):
        cm, cs = cross_checks(tiles, board, across, letters)
        bounds = {
            (line, pos): (b, left)
            for b, line, pos, left in anchor_bounds(tiles, board, rack, across, anc, cm, cs, extra)
        }
        for b, left in bounds.values():
            assert max(left) == b
        out: list[RawMove] = []
        set_line, from_anchor = anchor_walker(
            tiles, board, counts, len(rack), across, anc, cm, cs, out
        )
        for line in range(size):
            set_line(line)
            for pos in range(size):
                sq = line * size + pos if across else pos * size + line
                if not anc[sq]:
                    continue
                out.clear()
                from_anchor(pos, ())
                for mv in out:
                    _, score, placed = mv
                    key: float = score
                    if leave is not None:
                        kept = list(rack)
                        for _, v in placed:
                            kept.remove(tiles.blank if v & BLANK_BIT else v)
                        key += leave(tuple(sorted(kept)))
                    nl = sum(1 for s, _ in placed if (s % size if across else s // size) < pos)
                    b, left = bounds[line, pos]
                    assert key <= left[nl], (str(place_of(tiles, board, mv)), key, left)
                    checked += 1
    return checked


@settings(max_examples=15, deadline=None)
@given(
    lang=st.sampled_from(["en", "es"]),
    seed=st.integers(0, 3),
    depth=st.integers(0, 14),
    rack_seed=st.integers(0, 10**6),
    blanks=st.sampled_from([0, 0, 1]),
    equity=st.booleans(),
    shift=st.sampled_from([0.0, -100.0]),
    size=st.sampled_from([7, 7, 6]),
)
def test_anchor_bounds_cover_every_move(
    lang: str,
    seed: int,
    depth: int,
    rack_seed: int,
    blanks: int,
    equity: bool,
    shift: float,
    size: int,
) -> None:
    """The bounds are upper bounds move by move (not only where they decide the top k), and
    no anchor with a move is left out, whatever the sign of the keys; 7- and 6-tile racks
    (whose 6-tile spans are checked against the word index)."""
    state = _position(lang, seed, depth)
    rack = _rack(state, random.Random(rack_seed), blanks)[-size:]
    t = state.tiles
    _check_bounds(t, state.board, rack, _toy_leave(t, shift) if equity else None)


@settings(deadline=None)
@given(seed=st.integers(0, 10**6), equity=st.booleans(), shift=st.sampled_from([0.0, -100.0]))
def test_anchor_bounds_cover_every_move_on_small_lexicons(
    seed: int, equity: bool, shift: float
) -> None:
    rng = random.Random(seed)
    from wordgames.wocable.engine import tiles_for

    tiles = tiles_for(Rules(), small_lexicon(rng))
    board = random_board(tiles, rng, rng.randint(0, 6))
    rack = tuple(sorted(rng.choice([0, 1, 2, 3, 4, tiles.blank]) for _ in range(rng.randint(1, 7))))
    _check_bounds(tiles, board, rack, _toy_leave(tiles, shift) if equity else None)


def test_state_and_view_best_moves_agree_with_moves() -> None:
    state = _position("en", 1, 6)
    view = state.view(state.turn)
    full = [(m.score, str(m.action)) for m in derive(state, {}).moves()[:8]]
    assert [(m.score, str(m.action)) for m in derive(state, {}).best_moves(8)] == full
    assert [(m.score, str(m.action)) for m in view.best_moves(8)] == full
    assert state.view(1 - state.turn).best_moves(3) == []


#: a Spanish position (greedy self-play) where every placement loses equity with the shipped
#: leave table: best_moves used to drop every anchor whose bound was below 0
_ALL_NEGATIVE = (
    "15/ÑO1POR9/1IRIS10/FREZ11/E2OC10/T2TU10/U1LERNEA7/A3U1AX7/4L2ES6/15/15/15/15/15/15 "
    "BCDD[LL][RR]S/DNOTTVY 86/140 0 lex es; ld spanish;"
)


def test_best_moves_with_only_negative_keys() -> None:
    view = from_cgp(_ALL_NEGATIVE, rules=Rules(tiles="es"))
    t = view.tiles
    leave = leave_model("es").for_tiles(t)
    rack = view.rack
    full = _full(t, view.board, rack, 3, leave)
    assert all(k < 0 for k, _, _ in full)
    assert _fast(t, view.board, rack, 3, leave) == full
    assert [str(m.action) for m in view.best_moves(3, leave=leave)] == [a for _, a, _ in full]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 3), depth=st.integers(1, 14), rack_seed=st.integers(0, 10**6))
def test_anchor_bounds_take_a_board_list_as_a_tuple(seed: int, depth: int, rack_seed: int) -> None:
    """``anchor_bounds`` reads the board as a tuple (a list is copied): the same bounds."""
    state = _position("en", seed, depth)
    t = state.tiles
    rack = _rack(state, random.Random(rack_seed), 0)
    anc = anchors(t, state.board)
    extra = [0.0] * (len(rack) + 1)
    for across in (True, False):
        cm, cs = cross_checks(t, state.board, across)
        want = anchor_bounds(t, state.board, rack, across, anc, cm, cs, extra)
        assert want == anchor_bounds(t, list(state.board), rack, across, anc, cm, cs, extra)


@given(
    vals=st.lists(st.integers(0, 10), min_size=1, max_size=7),
    coefs=st.lists(st.integers(0, 12) | st.just(0), max_size=15),
    data=st.data(),
)
def test_the_compiled_matcher_is_the_sorted_dot_product(
    vals: list[int], coefs: list[int], data: st.DataObject
) -> None:
    """``_matched`` (the compiled build's matcher; the pure build slices and sorts) pairs the
    rack values best first with the nonzero coefficients of a range, sorted best first."""
    s = data.draw(st.integers(0, len(coefs)))
    t = data.draw(st.integers(s, len(coefs)))
    nonzero = sorted((c for c in coefs[s:t] if c), reverse=True)
    if len(nonzero) > len(vals):  # a span never has more squares than the rack has tiles
        coefs[s:t] = [0] * (t - s)
        nonzero = []
    v = sorted(vals, reverse=True)
    pad = [*v, 0, 0, 0, 0, 0, 0, 0]
    v7 = (pad[0], pad[1], pad[2], pad[3], pad[4], pad[5], pad[6])
    assert _matched(coefs, s, t, v7) == sum(a * b for a, b in zip(v, nonzero, strict=False))


def test_ranked_leaves_the_collector_as_it_found_it() -> None:
    # the search pauses the cyclic garbage collector; it must come back on after a result,
    # after an error in the leave function, and stay off when the caller had turned it off
    state = _position("en", 0, 6)
    t = state.tiles
    rack = state.racks[state.turn]

    def bad_leave(kept: tuple[int, ...]) -> float:
        raise ValueError("leave")

    assert gc.isenabled()
    assert ranked(t, state.board, rack, 1)
    assert gc.isenabled()
    with pytest.raises(ValueError, match="leave"):
        ranked(t, state.board, rack, 1, bad_leave)
    assert gc.isenabled()
    gc.disable()
    try:
        assert ranked(t, state.board, rack, 1)
        assert not gc.isenabled()
    finally:
        gc.enable()


def _same_checks(tiles: Tiles, board: tuple[int, ...], letters: int) -> None:
    """board_checks of ``board`` agrees with the anchors and fresh cross-checks on the letters
    asked for (it may have tested more: where there is a cross word its masks are exact on
    the letters it tested, so also on these)."""
    anc, dirs = board_checks(tiles, board, letters)
    assert anc == anchors(tiles, board)
    for d, across in enumerate((True, False)):
        masks, sums = dirs[d]
        fresh_masks, fresh_sums = cross_checks(tiles, board, across, letters)
        assert sums == fresh_sums
        assert [m & letters for m in masks] == [m & letters for m in fresh_masks]
        assert all(not m & ~tiles.all_mask for m in masks)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    lang=st.sampled_from(["en", "es"]),
    steps=st.lists(st.sampled_from(["play", "play", "play", "back", "other", "same"]), max_size=14),
)
def test_board_checks_follow_boards_as_games_and_searches_visit_them(
    seed: int, lang: str, steps: list[str]
) -> None:
    """The kept cross-checks of board_checks, updated as tiles are added to a kept board,
    always equal the cross-checks computed afresh: along a game's boards (one placement at a
    time), back to an earlier board (a withdrawn play, a rollout's next candidate), onto an
    unrelated board, the same board again with other letters; racks with and without a
    blank (every letter tested), and more boards than are kept."""
    rng = random.Random(seed)
    tiles = new_game(2, rules=Rules(tiles=lang)).tiles
    n = tiles.size * tiles.size
    board = tuple([-1] * n)
    seen = [board]
    letters = tiles.all_mask
    for step in steps:
        if step == "play":
            rack = tuple(sorted(rng.randrange(tiles.blank + 1) for _ in range(7)))
            found = raw_moves(tiles, board, rack)
            if found:
                cells = list(board)
                for sq, v in rng.choice(found)[2]:
                    cells[sq] = v
                board = tuple(cells)
                seen.append(board)
        elif step == "back":
            board = rng.choice(seen)
        elif step == "other":
            board = random_board(tiles, rng, rng.randint(1, 4)) if lang == "en" else seen[0]
        letters = (
            tiles.all_mask
            if rng.random() < 0.25
            else sum(1 << rng.randrange(tiles.blank) for _ in range(rng.randint(1, 7)))
        )
        _same_checks(tiles, board, letters)


def test_top_k_along_a_game_equals_full_generation() -> None:
    """ranked on every turn of a game (each board a kept one plus a placement: the updated
    cross-checks) lists the same first moves as full generation, for the rack on turn and a
    random other rack."""
    rng = random.Random(7)
    s = new_game(2)
    leave = leave_model("en").for_tiles(s.tiles)
    while not s.is_terminal:
        if s.is_chance_node:
            s = s.apply(s.sample_chance(rng))
            continue
        tiles, board = s.tiles, s.board
        for rack in (s.racks[s.turn], _rack(s, rng, rng.randint(0, 1))):
            if rack:
                assert _fast(tiles, board, rack, 5, leave) == _full(tiles, board, rack, 5, leave)
        moves = s.moves()
        s = s.apply(moves[0].action if moves else s.legal_actions()[-1])
