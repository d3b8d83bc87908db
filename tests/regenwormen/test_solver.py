"""The exact single-turn solver against an independent brute force and the game engine."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames import regenwormen as rw
from wordgames._core.chance import multiset_roll_outcomes
from wordgames.regenwormen import solver

from .helpers import position

POINTS = (1, 2, 3, 4, 5, 5)


def brute_force(stop: tuple[int | None, ...], bust: int, kept: tuple[int, ...]) -> Fraction:
    """Value of rolling from ``kept`` by plain recursion over every multiset roll (no
    grouping, no shared table): an independent reference for the solver."""

    @cache
    def decide(k: tuple[int, ...]) -> Fraction:
        total = sum(c * p for c, p in zip(k, POINTS, strict=True))
        s = stop[total] if k[5] else None
        left = 8 - sum(k)
        if left == 0:
            return Fraction(bust) if s is None else Fraction(s)
        r = roll_on(k)
        return r if s is None or r > s else Fraction(s)

    @cache
    def roll_on(k: tuple[int, ...]) -> Fraction:
        left = 8 - sum(k)
        value = Fraction(0)
        for faces, p in multiset_roll_outcomes(left, rw.FACES):
            best = None
            for f in set(faces):
                if not k[f - 1]:
                    nk = list(k)
                    nk[f - 1] += faces.count(f)
                    v = decide(tuple(nk))
                    best = v if best is None or v > best else best
            value += p * (Fraction(bust) if best is None else best)
        return value

    return roll_on(kept)


def test_build_is_small() -> None:
    size = solver.build()
    assert size["roll_positions"] == 1293
    assert size["positions"] > size["roll_positions"]


def test_success_probability_21_matches_brute_force() -> None:
    stop = tuple(1 if t >= 21 else 0 for t in range(41))
    assert solver.success_probability(21) == brute_force(stop, 0, (0,) * 6)


def test_expected_worms_full_grill_matches_brute_force() -> None:
    stop = solver.grill_stop_values(rw.TILES)
    assert solver.expected_worms(rw.TILES) == brute_force(stop, 0, (0,) * 6)


def test_success_probability_shape() -> None:
    probs = [solver.success_probability(t) for t in range(42)]
    assert all(isinstance(p, Fraction) for p in probs)
    assert all(a >= b for a, b in itertools.pairwise(probs))
    assert probs[41] == 0
    assert probs[40] == brute_force(tuple(1 if t >= 40 else 0 for t in range(41)), 0, (0,) * 6)
    assert 0 < probs[21] < 1
    # a worm alone (5) is always enough for target <= 5: fail only by never rolling a worm
    assert probs[5] == probs[0]


@settings(max_examples=10)
@given(
    grill=st.sets(st.sampled_from(rw.TILES), min_size=1),
    kept=st.sampled_from(
        [(0, 0, 0, 0, 0, 1), (1, 1, 1, 0, 0, 1), (0, 0, 3, 0, 0, 0), (2, 0, 0, 2, 0, 0)]
    ),
)
def test_positions_match_brute_force(grill: set[int], kept: tuple[int, ...]) -> None:
    stop = solver.grill_stop_values(grill)
    plan = solver.solve(stop, -2)
    assert plan.roll_value(kept) == brute_force(stop, -2, kept)


@given(a=st.sets(st.sampled_from(rw.TILES), min_size=1), b=st.sets(st.sampled_from(rw.TILES)))
def test_more_tiles_never_hurt(a: set[int], b: set[int]) -> None:
    assert solver.expected_worms(a | b) >= solver.expected_worms(a)


def test_expected_worms_examples() -> None:
    assert solver.expected_worms([21]) == solver.success_probability(21)
    assert solver.expected_worms([36]) == 4 * solver.success_probability(36)
    with pytest.raises(ValueError):
        solver.expected_worms([20])


@given(seed=st.integers(0, 2**32 - 1))
def test_bellman_consistency_with_the_engine(seed: int) -> None:
    """Rolling from a game position is worth the probability-weighted best set-aside,
    computed through the engine's own chance outcomes and transitions."""
    rng = random.Random(seed)
    stop = tuple(rng.choice([None, rng.randint(-3, 8)]) for _ in range(41))
    plan = solver.solve(stop, rng.randint(-4, 0))
    kept = [0] * 6
    for f in rng.sample(range(6), rng.randint(1, 3)):
        kept[f] = rng.randint(1, 2)
    state = position(kept=kept)
    expected = Fraction(0)
    for roll, p in state.chance_outcomes():
        after = state.apply(roll)
        if after.phase != "set_aside":  # nothing new rolled: the bust
            expected += p * plan.bust_value
            continue
        expected += p * max(
            plan.position_value(_kept_after(after, a))
            for a in after.legal_actions()
            if isinstance(a, rw.SetAside)
        )
    assert plan.roll_value(state.kept) == expected


def _kept_after(state: rw.State, action: rw.SetAside) -> tuple[int, ...]:
    k = list(state.kept)
    k[action.value - 1] += state.roll[action.value - 1]
    return tuple(k)


def test_policy_choices() -> None:
    stop = solver.grill_stop_values(rw.TILES)
    plan = solver.solve(stop, 0)
    # 35 with a worm: 4 worms, the most there is, so rolling on cannot be better
    assert not plan.should_roll((0, 0, 0, 0, 4, 3))
    # 30 with 2 dice left: 8/9 of the rolls reach 31-34 (3-4 worms), so rolling on pays
    assert plan.should_roll((0, 0, 0, 0, 3, 3))
    roll_on = plan.roll_value((0, 0, 0, 0, 3, 3))
    assert roll_on is not None
    assert roll_on > 3
    # no worm yet: must roll on
    assert plan.should_roll((0, 0, 0, 0, 3, 0))
    assert plan.stop_value((0, 0, 0, 0, 3, 0)) is None
    # first roll with three worms and three fives: the worms are worth more
    assert plan.best_set_aside((0,) * 6, (1, 0, 1, 0, 3, 3)) == 6
    with pytest.raises(ValueError):
        plan.best_set_aside((0, 0, 0, 0, 1, 1), (0, 0, 0, 0, 3, 3))


def test_float_and_exact_agree() -> None:
    stop = solver.grill_stop_values(range(25, 33))
    exact = solver.solve(stop, -1)
    approx = solver.solve(tuple(None if s is None else float(s) for s in stop), -1.0)
    assert isinstance(exact.value, Fraction)
    assert isinstance(approx.value, float)
    assert abs(float(exact.value) - approx.value) < 1e-9


def test_bad_stop_table() -> None:
    with pytest.raises(ValueError):
        solver.solve([1, 2, 3], 0)
    plan = solver.solve({30: 3}, 0)
    assert plan.stop_values[30] == 3
    assert plan.stop_values[29] is None
