"""CGP positions, the freer position string, and move details for bot authors."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import InvalidStateError
from wordgames.wocable import (
    PlacedTile,
    State,
    Tiles,
    View,
    bots,
    from_cgp,
    from_position,
    generate_moves,
    new_game,
    to_cgp,
)

EMPTY_BOARD = "/".join(["15"] * 15)


def _midgame(seed: int, plies: int) -> State:
    g = bots.GreedyBot()
    rec = wordgames.play(new_game(2), [g, g], random.Random(seed))
    states = [s for s in rec.states() if s.phase == "play"]
    return states[min(plies, len(states) - 1)]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 1000), plies=st.integers(0, 40))
def test_state_cgp_round_trip(seed: int, plies: int) -> None:
    state = _midgame(seed, plies)
    text = to_cgp(state)
    view = from_cgp(text)
    me = state.turn
    assert view.board == state.board
    assert view.rack == state.racks[me]
    assert view.scores == (state.scores[me], state.scores[1 - me])
    assert view.passes == state.passes
    assert view.rack_sizes == (len(state.racks[me]), len(state.racks[1 - me]))
    # the unseen pool: the opponent's rack and the bag
    assert sum(view.unseen_counts) == state.bag_size + len(state.racks[1 - me])
    assert view.bag_size == state.bag_size
    # the view's CGP leaves the other rack out; reading it back gives the same view
    assert from_cgp(to_cgp(view)).rack == view.rack
    assert to_cgp(from_cgp(to_cgp(view))) == to_cgp(view)
    # moves are the state's moves for the player on turn
    assert [m.action for m in view.moves()] == [m.action for m in state.moves()]


def test_cgp_with_empty_bag_generates_moves() -> None:
    # the board and both racks use every tile but those of the unknown rack: no bag at all
    state = _midgame(3, 1000)  # the last turn of a greedy game: the bag is empty
    assert state.bag_size == 0
    text = to_cgp(state).replace(f"/{state.rack_text(1 - state.turn)} ", "/ ", 1)
    view = from_cgp(text)
    assert view.bag_size == 0
    assert view.rack_sizes[1] == sum(view.unseen_counts)
    moves = generate_moves(view)
    assert moves == view.moves()
    assert all(m.score >= 0 for m in moves)
    dealt = view.sample_state(random.Random(0))
    assert dealt.bag_size == 0
    assert Counter(dealt.racks[1]) == Counter(
        x for x, k in enumerate(view.unseen_counts) for _ in range(k)
    )
    if moves:
        after = dealt.apply(moves[0].action)
        assert after.scores[0] >= view.scores[0] + moves[0].score


def test_cgp_opcodes_and_a_short_pool() -> None:
    # a puzzle: the board and the rack alone; the pool is what the tile set leaves
    text = f"{EMPTY_BOARD.replace('15', '6CAT6', 1)} AEINRS?/ 0/0 0 lex NWL20; ld english;"
    view = from_cgp(text)
    assert isinstance(view, View)
    assert view.rack_text() == "AEINRS?"
    assert sum(view.unseen_counts) == 100 - 3 - 7
    assert view.rack_sizes == (7, 7)
    assert view.bag_size == 100 - 3 - 7 - 7
    spanish = from_cgp(f"{EMPTY_BOARD} AEIO[CH]RS/ 0/0 0 ld spanish;")
    assert spanish.rules.tiles == "es"
    assert "[CH]" in spanish.rack_text()


@pytest.mark.parametrize(
    "bad",
    [
        f"{EMPTY_BOARD} ZZ/ 0/0 0",  # more Zs than the tile set has
        f"{EMPTY_BOARD} AB 0/0 0",  # one rack
        f"{EMPTY_BOARD} AB/ 0 0",  # one score
        f"{EMPTY_BOARD} AB/ 0/0",  # no zeros field
        f"{EMPTY_BOARD}/15 AB/ 0/0 0",  # 16 rows
        f"{EMPTY_BOARD.replace('15', '16', 1)} AB/ 0/0 0",  # a row too long
        f"{EMPTY_BOARD} AB/ 0/0 0 ld klingon;",  # unknown distribution
        f"{EMPTY_BOARD} / 0/0 0",  # nobody to move
        "x" * 5000,
    ],
)
def test_malformed_cgp_is_refused(bad: str) -> None:
    with pytest.raises(InvalidStateError):
        from_cgp(bad)


def test_position_string_may_fall_short_of_the_tile_set() -> None:
    # an endgame puzzle: 4 tiles on the board, two racks, an empty bag, scores
    board = "/".join(["15"] * 7 + ["6CAT6"] + ["15"] * 7)
    state = from_position(f"{board} QI/- 10/20 0 0 -")
    assert state.racks[1] == ()
    assert state.bag_size == 0
    assert len(state.removed) == 100 - 5
    moves = state.moves()
    assert moves
    assert all(set(m.used) <= {"Q", "I"} for m in moves)
    # a set-up position is a state like any other: its JSON loads back, from untrusted input
    assert State.from_dict(state.to_dict()) == state
    after = state.apply(moves[0].action)
    assert State.from_dict(after.to_dict()) == after
    with pytest.raises(InvalidStateError, match="more"):
        from_position(f"{board} ZZ/A 10/20 0 0 -")
    with pytest.raises(InvalidStateError):
        from_position(f"{board} -/QI 10/20 0 0 -")  # the player on turn has no rack


def test_move_details() -> None:
    state = _midgame(5, 6)
    t = state.tiles
    assert isinstance(t, Tiles)
    for m in state.moves()[:200]:
        after = state.apply(m.action)
        assert m.tiles == len(m.placed)
        used = t.parse_rack(m.used)
        leave = t.parse_rack(m.leave)
        assert Counter(used) + Counter(leave) == Counter(state.racks[state.turn])
        assert len(used) == m.tiles
        for pt in m.placed:
            assert isinstance(pt, PlacedTile)
            assert state.at(pt.square) is None
            shown = after.at(pt.square)
            assert shown == (pt.letter.lower() if pt.blank else pt.letter) or shown == (
                f"[{pt.letter}]" if not pt.blank else f"[{pt.letter.lower()}]"
            )
        assert sum(pt.blank for pt in m.placed) == m.used.count("?")
    view = state.view(state.turn)
    assert view.rack_text() == state.rack_text(state.turn)
    assert state.view(None).rack_text() == ""
