"""Bots play legal, complete games; the optimal-turn bot follows the solver."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import WordgamesError
from wordgames import regenwormen as rw
from wordgames.regenwormen import bots, solver

from .helpers import position


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5))
@settings(max_examples=5)
def test_mixed_bots_finish_legal_games(seed: int, n: int) -> None:
    rng = random.Random(seed)
    pool = [bots.RandomBot(), bots.HeuristicBot(), bots.OptimalTurnBot()]
    players = [rng.choice(pool) for _ in range(n)]
    rec = wordgames.play(rw.new_game(n), players, rng)  # apply() rejects any illegal move
    assert rec.replay().is_terminal


def _wins(bot_a: object, bot_b: object, games: int) -> int:
    wins = 0
    for seed in range(games):
        seats = [bot_a, bot_b] if seed % 2 == 0 else [bot_b, bot_a]
        final = wordgames.play(rw.new_game(2), seats, random.Random(seed)).replay()
        me = 0 if seed % 2 == 0 else 1
        assert final.outcome is not None
        wins += final.outcome.ranking[me] == 1
    return wins


def test_heuristic_beats_random() -> None:
    assert _wins(bots.HeuristicBot(), bots.RandomBot(), 20) >= 16


def test_optimal_turn_beats_random() -> None:
    assert _wins(bots.OptimalTurnBot(), bots.RandomBot(), 10) >= 8


def test_optimal_turn_value_equals_expected_worms_when_nothing_to_steal() -> None:
    state = position(flipped=(33, 34, 35, 36))
    plan = bots.OptimalTurnBot().plan_for(state)
    assert abs(plan.value - float(solver.expected_worms(state.grill))) < 1e-9


def test_optimal_turn_counts_steals_and_bust_loss() -> None:
    state = position(stacks=((22,), (30,)), kept="w w w 5 5 5", phase="decide")
    values = bots.stop_values(state)
    assert values[30] == 6.0  # steal 30: 3 worms for me, 3 fewer for the victim
    assert values[29] == 3.0
    assert values[20] is None
    plan = bots.OptimalTurnBot().plan_for(state)
    assert plan.bust_value == -1.0  # the 22 on top would go back
    choice = bots.OptimalTurnBot().choose(state.view(0), random.Random(0))
    assert choice == rw.Steal(30, 1)
    assert bots.OptimalTurnBot(steal_weight=0.0).choose(state.view(0), random.Random(0)) in (
        rw.Steal(30, 1),
        rw.Take(29),
        rw.Reroll(),
    )


def test_optimal_turn_takes_when_dice_are_gone() -> None:
    state = position(kept="w w w 5 5 3 1 1", phase="decide")
    assert bots.OptimalTurnBot().choose(state.view(0), random.Random(0)) == rw.Take(30)


def test_optimal_turn_set_aside_follows_the_plan() -> None:
    state = position(phase="set_aside", roll="1 3 5 5 5 w w w")
    bot = bots.OptimalTurnBot()
    plan = bot.plan_for(state)
    action = bot.choose(state.view(0), random.Random(0))
    assert action == rw.SetAside(plan.best_set_aside(state.kept, state.roll))


def test_heuristic_prefers_first_worms() -> None:
    state = position(phase="set_aside", roll="5 5 5 5 5 w 1 1")
    assert bots.HeuristicBot().choose(state.view(0), random.Random(0)) == rw.SetAside(6)
    later = position(kept="w", phase="set_aside", roll="5 5 4 4 4 1 1")
    assert bots.HeuristicBot().choose(later.view(0), random.Random(0)) == rw.SetAside(4)


@pytest.mark.parametrize("bot", [bots.HeuristicBot(), bots.OptimalTurnBot()])
def test_bots_refuse_when_not_their_turn(bot: object) -> None:
    state = position(kept="w w w 5 5 5", phase="decide")
    with pytest.raises(WordgamesError):
        bot.choose(state.view(1), random.Random(0))  # type: ignore[attr-defined]
    with pytest.raises(WordgamesError):
        bot.choose(rw.new_game(2).view(0), random.Random(0))  # type: ignore[attr-defined]


def test_exact_plan_value_is_a_fraction() -> None:
    assert isinstance(solver.solve({25: 2}, 0).value, Fraction)


def _policy_value(bot: bots.OptimalTurnBot, state: rw.State, start: rw.State) -> Fraction:
    """Exact expected worm difference of the rest of the turn when ``bot`` plays it, walked
    through the engine's own chance outcomes and transitions."""
    me = start.turn
    if state.turn != me or state.is_terminal:  # the turn is over: score it
        before, after = start.scores, state.scores
        mine = after[me] - before[me]
        others = sum(before[p] - after[p] for p in range(state.num_players) if p != me)
        return Fraction(mine) + Fraction(bot.steal_weight).limit_denominator() * others
    if state.is_chance_node:
        return sum(
            (p * _policy_value(bot, state.apply(r), start) for r, p in state.chance_outcomes()),
            Fraction(0),
        )
    return _policy_value(bot, state.apply(bot.choose(state.view(me), random.Random(0))), start)


@pytest.mark.parametrize(
    ("stacks", "kept"),
    [
        (((22,), (29, 27)), "w w 5 5 4"),  # 24, three dice: steal 27 possible at 27
        (((), (30,)), "w 5 5 3 3"),  # 21, three dice: nothing to lose on a bust
        (((26,), (21,)), "4 4 4 5 3"),  # no worm yet, three dice
    ],
)
def test_optimal_turn_bot_achieves_its_plan_value(
    stacks: tuple[tuple[int, ...], ...], kept: str
) -> None:
    bot = bots.OptimalTurnBot()
    start = position(stacks=stacks, kept=kept)
    plan = bot.plan_for(start)
    expected = plan.roll_value(start.kept)
    assert expected is not None
    assert abs(float(_policy_value(bot, start, start)) - expected) < 1e-9
