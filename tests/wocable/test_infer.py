"""Exhaustive inference (issue 38 item 3): weights are draw counts, a brute force over every
rack on small positions agrees, bad input is refused, and the real NWL20 table drops in."""

from __future__ import annotations

import math
import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.shared_data import shared_path
from wordgames import IllegalActionError
from wordgames.wocable import Exchange, LeaveTable, Pass, from_position, infer
from wordgames.wocable.bots import leave_for
from wordgames.wocable.engine import BLANK_BIT
from wordgames.wocable.movegen import raw_moves

_BOARD = "15/15/15/15/15/15/15/5CATS6/15/15/15/15/15/15/15"
_LETTERS = "ABDEEGHILMNOOPRTUY"


def _position(seed: int) -> str:
    """Player 0 to move with AEINRST (many plays of 6 and 7 tiles, so leaves of at most one
    tile: every rack is few enough for full generation), player 1 holding a random rack."""
    rng = random.Random(seed)
    pool = list(_LETTERS)
    rng.shuffle(pool)
    me = "".join(sorted(pool[:7]))
    return f"{_BOARD} AEINRST/{me} 10/12 0 0 EEOO"


def _plays(state: object) -> list[object]:
    """The placements keeping at most one tile."""
    return [m.action for m in state.moves() if m.tiles >= 6]  # type: ignore[attr-defined]


def _brute(state: object, play: object, margin: float) -> tuple[dict[str, int], int]:
    """Every index combination of the unseen tiles, grouped by the leave it gives; kept when
    the play's equity is within ``margin`` of the best placement by full generation or the
    best exchange (none with this small a bag)."""
    s: object = state
    view = s.view(1)  # type: ignore[attr-defined]
    t = view.tiles
    fn = leave_for(view)
    target = [m for m in s.moves() if m.action == play]  # type: ignore[attr-defined]
    assert target
    score = target[0].score
    used = sorted(_tile_id(t, p) for p in target[0].placed)
    unseen = [i for i, k in enumerate(view.unseen_counts) for _ in range(k)]
    for u in used:
        unseen.remove(u)
    size = view.rack_sizes[0] - len(used)
    kept: dict[str, int] = {}
    total = 0
    for idx in combinations(range(len(unseen)), size):
        total += 1
        leave = tuple(sorted(unseen[i] for i in idx))
        rack = tuple(sorted((*used, *leave)))
        eq = score + fn(leave)
        best = max(
            (m[1] + fn(_kept(t, rack, m)) for m in raw_moves(t, view.board, rack)),
            default=float("-inf"),
        )
        if eq + margin + 1e-9 >= best:
            key = t.rack_text(leave)
            kept[key] = kept.get(key, 0) + 1
    return kept, total


def _tile_id(t: object, p: object) -> int:
    """The rack tile a placed tile came from."""
    if p.blank:  # type: ignore[attr-defined]
        return t.blank  # type: ignore[attr-defined,no-any-return]
    return t.token_code[p.letter]  # type: ignore[attr-defined,no-any-return]


def _kept(t: object, rack: tuple[int, ...], move: object) -> tuple[int, ...]:
    left = list(rack)
    for _, v in move[2]:  # type: ignore[index]
        left.remove(t.blank if v & BLANK_BIT else v)  # type: ignore[attr-defined]
    return tuple(left)


@settings(deadline=None, max_examples=6)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), margin=st.sampled_from([0.0, 3.0]))
def test_inference_matches_a_brute_force_over_every_draw(
    seed: int, pick: int, margin: float
) -> None:
    state = from_position(_position(seed))
    plays = _plays(state)
    play = plays[pick % len(plays)]
    got = infer(state, play, margin=margin)
    want, total = _brute(state, play, margin)
    assert dict(got.leaves) == want
    assert got.total == total
    assert got.kept == sum(want.values())
    for name, p in got.probability.items():
        assert 0.0 <= p <= 1.0
        assert p <= got.expected[name] + 1e-12  # at least one copy when held
    assert got.kept <= got.total


@settings(deadline=None, max_examples=10)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6))
def test_a_wider_margin_keeps_more_and_weights_sum_to_the_draws(seed: int, pick: int) -> None:
    state = from_position(_position(seed))
    plays = _plays(state)
    play = plays[pick % len(plays)]
    tight = infer(state, play)
    loose = infer(state, play, margin=1000.0)
    assert set(dict(tight.leaves)) <= set(dict(loose.leaves))
    assert loose.kept == loose.total  # every rack within 1000 points
    view = state.view(1)
    unseen = sum(view.unseen_counts)
    size = view.rack_sizes[0] - len(next(m for m in state.moves() if m.action == play).placed)
    assert loose.total == math.comb(unseen - (view.rack_sizes[0] - size), size)
    # expected counts sum to the leave size when everything is kept
    assert math.isclose(sum(loose.expected.values()), size)


def test_bad_plays_and_positions_are_refused() -> None:
    state = from_position(_position(1))
    play = _plays(state)[0]
    after = state.apply(play)
    while after.is_chance_node:
        after = after.apply(after.chance_outcomes()[0][0])
    # the position after the play: its squares are taken
    with pytest.raises(IllegalActionError) as err:
        infer(after, play)
    assert err.value.code in {"square_occupied", "not_connected", "tiles_not_on_rack"}
    # a word outside the lexicon
    with pytest.raises(IllegalActionError) as err:
        infer(state, "9F QXZ")
    assert err.value.code in {"word_not_in_lexicon", "tiles_not_on_rack", "not_connected"}
    with pytest.raises(ValueError, match="placement or an exchange"):
        infer(state, Pass())
    with pytest.raises(ValueError, match="margin"):
        infer(state, play, margin=-1.0)
    with pytest.raises(ValueError, match="other than"):
        infer(state.view(0), play)
    with pytest.raises(ValueError, match="max_racks"):
        infer(state, play, max_racks=0)
    with pytest.raises(IllegalActionError) as err:
        infer(state, Exchange("AEINRST"))  # the bag (4 tiles) is too small to exchange
    assert err.value.code == "bag_too_small"


def test_tiles_the_inferring_player_holds_cannot_be_played() -> None:
    state = from_position(f"{_BOARD} AEIRSTN/JQZ 0/0 0 0 DENST")
    with pytest.raises(IllegalActionError) as err:
        infer(state, "9F QI")
    assert err.value.code in {"tiles_not_on_rack", "word_not_in_lexicon"}


def test_real_nwl20_table_on_a_midgame_position() -> None:
    table = LeaveTable.from_csv(shared_path("leaves", "NWL20.csv"))
    state = from_position(
        "15/15/15/15/15/15/15/5CATS6/15/15/15/15/15/15/15 AEINRT?/DGLOOUW 0/0 0 0 "
        "AAAAABBCDDEEEEEEEEFFGHHIIIIIIJKLLLMMNNNNOOOOOPPQRRRSSTTTUUVVWXYYZ?"
    )
    # a play keeping at most 2 tiles (a few hundred racks)
    fn = leave_for(state.view(0), table)
    moves = state.best_moves(40, leave=fn)
    play = next(m for m in moves if m.tiles >= 5)
    got = infer(state, play.action, leave=table)
    unseen = sum(state.view(1).unseen_counts)
    assert got.total == math.comb(unseen - play.tiles, 7 - play.tiles)
    assert 0 < got.kept <= got.total
    # the rack actually held keeps its leave, when the play was its best by the table
    if play == moves[0]:
        held = list(state.racks[0])
        for p in play.placed:
            held.remove(_tile_id(state.tiles, p))
        assert state.tiles.rack_text(held) in dict(got.leaves)
    assert all(0.0 <= p <= 1.0 for p in got.probability.values())


def _late_position(seed: int) -> object:
    """Seeded greedy self-play stopped once the bag holds 7 to 9 tiles (exchanges still
    allowed, few unseen tiles)."""
    from wordgames.wocable import new_game

    rng = random.Random(seed)
    state = new_game(2)
    while True:
        while state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        if state.is_terminal:
            state = new_game(2)
            continue
        if 7 <= state.bag_size <= 9:
            return state
        moves = state.best_moves(1)
        state = state.apply(moves[0].action if moves else Pass())


def test_exchange_inference_weights_and_margins() -> None:
    state = _late_position(3)
    view = state.view(1 - state.turn)  # type: ignore[attr-defined]
    unseen = sum(view.unseen_counts)
    loose = infer(view, Exchange("ABC"), margin=1000.0)
    assert loose.total == math.comb(unseen, view.rack_sizes[state.turn])  # type: ignore[attr-defined]
    assert loose.kept == loose.total
    tight = infer(view, Exchange("ABC"))
    assert set(dict(tight.leaves)) <= set(dict(loose.leaves))
    assert all(len(rack) == view.rack_sizes[state.turn] for rack, _ in loose.leaves)  # type: ignore[attr-defined]
    # the same from the state (the inferring player is the other one)
    assert infer(state, Exchange("ABC")) == tight
    assert all(0.0 <= p <= 1.0 for p in tight.probability.values())
