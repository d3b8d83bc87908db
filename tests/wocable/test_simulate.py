"""simulate() and win_probability(): determinism, budgets, statistics, the packaged table."""

from __future__ import annotations

import itertools
import math
import random
from functools import cache

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.wocable.positions import played
from wordgames import IllegalActionError
from wordgames.wocable import (
    Exchange,
    Pass,
    Place,
    Rules,
    State,
    WinTable,
    bots,
    new_game,
    simulate,
    win_probability,
    win_table,
)


@cache
def _position(lang: str, seed: int, depth: int) -> State:
    """The state after ``depth`` EquityBot moves of a seeded game (the player on turn)."""
    return played(f"simulate:{lang}:{seed}", lang, depth, bots.EquityBot())


POSITIONS = [("en", 1, 0), ("en", 2, 6), ("es", 3, 5), ("en", 4, 14)]


# -- the win-probability table ----------------------------------------------------------------


def test_the_packaged_table_loads_with_its_provenance() -> None:
    table = win_table()
    assert table.games > 0
    assert table.seed
    assert "EquityBot" in table.policy
    assert table.buckets
    units = [u for u, _, _ in table.buckets]
    assert units == sorted(units)
    assert all(b > 0 for _, _, b in table.buckets)


@settings(max_examples=50, deadline=None)
@given(
    st.floats(-400, 400, allow_nan=False),
    st.floats(-400, 400, allow_nan=False),
    st.integers(1, 100),
)
def test_win_probability_rises_with_the_spread(a: float, b: float, unseen: int) -> None:
    lo, hi = min(a, b), max(a, b)
    p_lo, p_hi = win_probability(lo, unseen), win_probability(hi, unseen)
    assert 0.0 <= p_lo <= p_hi <= 1.0
    if hi - lo > 1.0 and p_lo > 0.0 and p_hi < 1.0:
        assert p_lo < p_hi


def test_win_probability_with_nothing_unseen_is_the_result() -> None:
    assert win_probability(5, 0) == 1.0
    assert win_probability(-5, 0) == 0.0
    assert win_probability(0, 0) == 0.5
    # a big lead early is likely but not sure; an even game is about even
    assert 0.5 < win_probability(60, 80) < 1.0
    assert 0.3 < win_probability(0, 50) < 0.7


@pytest.mark.parametrize(
    ("spread", "unseen"), [(0.0, -1), (math.nan, 10), (math.inf, 10), (1, 2.5), (1, True)]
)
def test_win_probability_rejects_bad_input(spread: float, unseen: int) -> None:
    with pytest.raises(ValueError, match=r"spread|unseen"):
        win_probability(spread, unseen)


def test_a_table_needs_positive_slopes_in_unseen_order() -> None:
    good = {"games": 1, "seed": "s", "policy": "p", "method": "m"}
    buckets = [{"unseen": 5, "intercept": 0.1, "slope": 0.05}]
    assert WinTable.from_dict({**good, "buckets": buckets})(10, 5) > 0.5
    with pytest.raises(ValueError, match="slope"):
        WinTable.from_dict({**good, "buckets": [{"unseen": 5, "intercept": 0, "slope": 0}]})
    with pytest.raises(ValueError, match="increase"):
        WinTable.from_dict({**good, "buckets": buckets * 2})


# -- simulate ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "seed", "depth"), POSITIONS)
def test_simulate_is_deterministic_and_its_counts_add_up(lang: str, seed: int, depth: int) -> None:
    state = _position(lang, seed, depth)
    a = simulate(state, candidates=4, iterations=7, rng=random.Random(5))
    b = simulate(state.view(state.turn), candidates=4, iterations=7, rng=random.Random(5))
    assert a == b
    assert a.rollouts == sum(c.iterations for c in a.candidates)
    assert a.iterations == max(c.iterations for c in a.candidates) <= 7
    assert a.stopped in ("decided", "iterations")
    for c in a.candidates:
        assert state.is_legal(c.action)
        assert 0.0 <= c.win <= 1.0
        assert all(0.0 <= w <= 1.0 for w in c.win_samples)
        assert len(c.win_samples) == len(c.spread_samples) == c.iterations
        assert c.win_se >= 0.0
        assert c.spread_se >= 0.0
    # candidates come in static-equity order and the first is EquityBot's choice
    eqs = [c.equity for c in a.candidates]
    assert eqs == sorted(eqs, reverse=True)
    assert a.candidates[0].action == bots.EquityBot().choose(
        state.view(state.turn), random.Random()
    )
    # the best is a candidate still in the race with the best mean
    live = [c for c in a.candidates if not c.dropped]
    assert a.best in [c.action for c in live]
    assert max(c.win for c in live) == next(c.win for c in live if c.action == a.best)


@settings(max_examples=8, deadline=None)
@given(
    st.sampled_from(POSITIONS),
    st.integers(0, 2**32),
    st.integers(0, 6),
    st.integers(1, 4),
    st.integers(0, 3),
    st.sampled_from(["win", "spread"]),
    st.sampled_from([0.5, 0.9, 0.99, 1.0]),
)
def test_simulate_respects_its_caps(
    pos: tuple[str, int, int],
    seed: int,
    iterations: int,
    candidates: int,
    plies: int,
    evaluate: str,
    stop: float,
) -> None:
    state = _position(*pos)
    opts = {
        "candidates": candidates,
        "iterations": iterations,
        "plies": plies,
        "evaluate": evaluate,
        "stop": stop,
    }
    res = simulate(state, rng=random.Random(seed), **opts)  # type: ignore[arg-type]
    assert res == simulate(state, rng=random.Random(seed), **opts)  # type: ignore[arg-type]
    assert len(res.candidates) <= candidates
    assert all(c.iterations <= iterations for c in res.candidates)
    assert res.rollouts == sum(c.iterations for c in res.candidates)
    live = [c for c in res.candidates if not c.dropped]
    assert live
    if stop == 1.0:
        assert len(live) == len(res.candidates)
    # every candidate in the race played every iteration; a dropped one stopped earlier
    assert len({c.iterations for c in live}) == 1
    assert all(c.iterations <= live[0].iterations for c in res.candidates)
    if res.stopped == "decided":
        assert len(live) == 1
    for c in res.candidates:
        assert 0.0 <= c.win <= 1.0


def test_a_time_limit_stops_it_before_the_next_rollout() -> None:
    state = _position("en", 2, 6)
    ticks = itertools.count()

    def clock() -> float:
        return float(next(ticks))

    # the start reads the clock once, each rollout once before it: 4 rollouts within 4.5
    res = simulate(state, candidates=3, iterations=None, time_limit=4.5, clock=clock)
    assert res.stopped == "time"
    assert res.rollouts == 4
    # no time at all: nothing simulated, the static choice
    none = simulate(state, candidates=3, iterations=None, time_limit=0.0)
    assert none.rollouts == 0
    assert none.best == none.candidates[0].action
    # the real clock (time.perf_counter) by default: a finite limit ends it
    res = simulate(state, candidates=3, iterations=None, time_limit=0.05)
    assert res.stopped in ("time", "decided")


def test_given_candidates_are_checked_and_simulated() -> None:
    state = _position("en", 2, 6)
    top = [m.action for m in state.best_moves(3)]
    rack = state.rack_text(state.turn)
    acts = [*top, Exchange(rack[:2]), Pass()]
    res = simulate(state, candidates=acts, iterations=3, stop=1.0)
    assert [c.action for c in res.candidates] == acts
    assert all(c.iterations == 3 for c in res.candidates)
    with pytest.raises(IllegalActionError):
        simulate(state, candidates=[Place(0, 0, True, "ZZZZZZZ")], iterations=1)
    with pytest.raises(IllegalActionError):
        simulate(state, candidates=[Exchange("QQQQ")], iterations=1)


@pytest.mark.parametrize(
    "bad",
    [
        {"iterations": -1},
        {"time_limit": -0.5},
        {"time_limit": math.nan},
        {"iterations": None},
        {"candidates": 0},
        {"candidates": []},
        {"plies": -1},
        {"stop": 0.2},
        {"stop": 1.5},
        {"evaluate": "score"},
    ],
)
def test_bad_budgets_and_options_are_value_errors(bad: dict[str, object]) -> None:
    state = _position("en", 2, 6)
    with pytest.raises(ValueError):
        simulate(state, **bad)  # type: ignore[arg-type]


def test_positions_it_does_not_handle_are_value_errors() -> None:
    state = _position("en", 2, 6)
    with pytest.raises(ValueError, match="player on turn"):
        simulate(state.view(1 - state.turn), iterations=1)
    three = new_game(3)
    rng = random.Random(1)
    while three.is_chance_node:
        three = three.apply(three.sample_chance(rng))
    with pytest.raises(ValueError, match="two-player"):
        simulate(three, iterations=1)


@attrs.frozen
class _Leaves:
    leaves: tuple[tuple[str, float], ...]


def test_an_inference_fixes_the_opponents_rack() -> None:
    state = _position("en", 2, 6)
    opp = 1 - state.turn
    # the opponent's real rack as the one inferred leave (the tiles are unseen by the mover)
    real = tuple(state.tiles.tile_text(t) for t in state.racks[opp])
    inf = _Leaves(((real, 1.0), ("QQQQQQQ", 5.0)))  # the second cannot be held: ignored
    res = simulate(state, candidates=3, plies=1, iterations=4, stop=1.0, inference=inf)
    # one ply after the candidate: the reply depends on the opponent's rack alone, which is
    # now forced, so every iteration of a candidate gives the same values
    for c in res.candidates:
        assert len(set(c.spread_samples)) == 1
    # and with the rack drawn uniformly the reply varies for some candidate
    free = simulate(state, candidates=3, plies=1, iterations=4, stop=1.0)
    assert any(len(set(c.spread_samples)) > 1 for c in free.candidates)
    with pytest.raises(ValueError, match="weight"):
        simulate(state, iterations=1, inference=_Leaves(((real, -1.0),)))


def test_a_play_open_to_a_challenge_is_simulated_as_it_stands() -> None:
    rng = random.Random(12)
    state = new_game(2, rules=Rules(word_check="challenge"))
    while state.is_chance_node or state.pending_play is None:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(bots.EquityBot().choose(state.view(state.turn), rng))
    assert state.pending_end is None
    res = simulate(state, candidates=3, iterations=2, rng=random.Random(1))
    # the next move accepts the play: every candidate is legal here
    for c in res.candidates:
        assert state.is_legal(c.action)
    assert state.is_legal(
        bots.SimBot(candidates=3, iterations=2).choose(state.view(state.turn), rng)
    )


def test_simbot_checks_its_options_through_simulate() -> None:
    state = _position("en", 2, 6)
    with pytest.raises(ValueError, match="evaluate"):
        bots.SimBot(objective="score").choose(state.view(state.turn), random.Random(1))
    with pytest.raises(ValueError, match="time_limit"):
        bots.SimBot(time_limit=-1.0).choose(state.view(state.turn), random.Random(1))


def test_an_inference_takes_digraphs_with_or_without_brackets() -> None:
    state = _position("es", 3, 5)
    opp = 1 - state.turn
    real = [state.tiles.tile_text(t) for t in state.racks[opp]]
    bare = tuple(t.strip("[]") for t in real)
    for spec in (tuple(real), bare, "".join(real)):
        res = simulate(
            state, candidates=2, plies=1, iterations=2, stop=1.0, inference=_Leaves(((spec, 1.0),))
        )
        # the opponent's rack is forced: both iterations of a candidate agree
        assert all(len(set(c.spread_samples)) == 1 for c in res.candidates)
