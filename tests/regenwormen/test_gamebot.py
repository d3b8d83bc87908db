"""GameBot plays legal, reproducible games, values turn ends by the whole game, and agrees
with the exact whole-game solver on a reduced grill more often than the turn optimiser."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import arena
from wordgames import regenwormen as rw
from wordgames.regenwormen import bots, endgame, solver

from .helpers import position


def ALL_BUT(*keep: int) -> tuple[int, ...]:
    """Every tile but those listed: the face-down tiles of a position."""
    return tuple(t for t in rw.TILES if t not in keep)


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 4))
@settings(max_examples=4, deadline=None)
def test_gamebot_finishes_legal_games(seed: int, n: int) -> None:
    rng = random.Random(seed)
    seats = [
        bots.GameBot(),
        *(rng.choice([bots.OptimalTurnBot(), bots.RandomBot()]) for _ in range(n - 1)),
    ]
    rng.shuffle(seats)
    rec = wordgames.play(rw.new_game(n), seats, rng)  # apply() rejects any illegal move
    assert rec.replay().is_terminal


def test_gamebot_is_deterministic_with_a_seed() -> None:
    seats = [bots.GameBot(), bots.OptimalTurnBot()]
    a = wordgames.play(rw.new_game(2), seats, random.Random(11))
    b = wordgames.play(rw.new_game(2), seats, random.Random(11))
    assert a.to_dict() == b.to_dict()


def test_gamebot_is_in_the_registry() -> None:
    assert isinstance(arena.make_bot("regenwormen:GameBot"), bots.GameBot)
    assert isinstance(arena.make_bot("GameBot", "regenwormen"), bots.GameBot)


def test_win_value_at_the_end_is_the_result() -> None:
    state = position(stacks=((25, 26), (29, 22)), flipped=ALL_BUT(21, 25, 26, 29, 22))
    after = state._after_take(21)  # 5 worms against 4: the grill is empty
    assert after.is_terminal
    assert bots.win_value(after, 0) == 1.0
    assert bots.win_value(after, 1) == 0.0


def test_win_value_grows_with_the_lead_and_shrinks_with_exposure() -> None:
    p = bots.GameParams()
    mid = 20
    assert bots.pairwise_win_probability(p, (30,), (21,), mid) > bots.pairwise_win_probability(
        p, (21,), (21,), mid
    )
    # the same worms, but the bot's 3-worm tile on top can be stolen
    assert bots.pairwise_win_probability(p, (30, 21), (22,), mid) > bots.pairwise_win_probability(
        p, (21, 30), (22,), mid
    )
    # a lead counts more when the grill is nearly empty
    assert bots.pairwise_win_probability(p, (30,), (21,), 2) > bots.pairwise_win_probability(
        p, (30,), (21,), 30
    )


def test_gamebot_ends_the_game_when_that_wins() -> None:
    # 4 worms each and the opponent holds the higher tile; only 21 is face up. Taking 21 ends
    # the game 5-4; stealing the 22 gains more worms (the turn optimiser's choice) but leaves
    # the game open.
    state = position(
        stacks=((25, 26), (29, 22)),
        flipped=ALL_BUT(21, 25, 26, 29, 22),
        kept="w w w 4 1 1 1",  # 22 with a worm, one die left
        phase="decide",
    )
    assert set(state.legal_actions()) == {rw.Reroll(), rw.Take(21), rw.Steal(22, 1)}
    assert bots.OptimalTurnBot().choose(state.view(0), random.Random(0)) == rw.Steal(22, 1)
    assert bots.GameBot().choose(state.view(0), random.Random(0)) == rw.Take(21)


def test_gamebot_behind_does_not_take_the_last_tile() -> None:
    # 2 worms against 4 and only 21 face up: taking it ends the game lost. Rolling the last
    # die busts half the time (the 25 goes back and the game goes on) and otherwise forces the
    # same take, so rolling on is right; the turn optimiser banks the worm (it values the bust
    # at -2 worms).
    state = position(
        stacks=((25,), (30, 23)),
        flipped=ALL_BUT(21, 25, 30, 23),
        kept="w w w 2 2 1 1",  # 21, one die left
        phase="decide",
    )
    assert set(state.legal_actions()) == {rw.Reroll(), rw.Take(21)}
    assert bots.OptimalTurnBot().choose(state.view(0), random.Random(0)) == rw.Take(21)
    assert bots.GameBot().choose(state.view(0), random.Random(0)) == rw.Reroll()


def test_gamebot_steals_rather_than_ending_the_game_lost() -> None:
    state = position(
        stacks=((25,), (22, 30)),
        flipped=ALL_BUT(21, 25, 22, 30),
        kept="w w w 5 5 5",  # 30
        phase="decide",
    )
    assert bots.GameBot().choose(state.view(0), random.Random(0)) == rw.Steal(30, 1)


# -- the exact whole-game solver ------------------------------------------------------------


def test_endgame_one_tile_left_matches_the_formula() -> None:
    # Whoever takes the 21 wins; a bust with no tiles changes nothing, so the value v of the
    # player to move solves v = p + (1 - p)(1 - v): v = 1 / (2 - p).
    sol = endgame.solve_game(endgame.reduced_game([21]), tolerance=1e-12)
    p = float(solver.success_probability(21))
    assert abs(sol.value(endgame.reduced_game([21])) - 1 / (2 - p)) < 1e-9
    assert len(sol.values) == 1


@cache
def three_tiles() -> endgame.GameSolution:
    """The exact solution of the two-player game on the grill 24, 25, 26 (a few seconds)."""
    return endgame.solve_game(endgame.reduced_game([24, 25, 26]), tolerance=1e-7)


def test_endgame_values_are_probabilities_and_the_start_favours_the_first_player() -> None:
    start = endgame.reduced_game([24, 25, 26])
    sol = three_tiles()
    assert len(sol.values) == 36
    assert all(0.0 <= v <= 1.0 for v in sol.values.values())
    assert sol.value(start) > 0.5


def test_solved_bot_plays_legal_games() -> None:
    start = endgame.reduced_game([24, 25, 26])
    bot = endgame.SolvedBot(three_tiles())
    for seed in range(3):
        rec = wordgames.play(start, [bot, bots.GameBot()], random.Random(seed))
        assert rec.replay().is_terminal


def _kepts() -> list[tuple[int, ...]]:
    """Every ``kept`` (counts per face 1..5, worm) with a worm and dice left to roll."""
    out: list[tuple[int, ...]] = []

    def rec(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == 5:
            out.extend((*prefix, w) for w in range(1, left))  # leave a die to roll
            return
        for k in range(left + 1):
            rec((*prefix, k), left - k)

    rec((), 8)
    return out


def agreement(
    sol: endgame.GameSolution, plan_of: Callable[[rw.State], solver.TurnPlan]
) -> Fraction:
    """The share of roll-on-or-stop decisions (every solved position, every ``kept`` with a
    worm, a stop allowed and dice left) on which ``plan_of``'s plan agrees with the exact one."""
    agree = total = 0
    kepts = _kepts()
    for pos in sol.values:
        state = endgame.state_of(pos, sol.rules)
        exact, mine = sol.plan(state), plan_of(state)
        for kept in kepts:
            if exact.stop_value(kept) is None:
                continue
            total += 1
            agree += exact.should_roll(kept) == mine.should_roll(kept)
    return Fraction(agree, total)


def test_gamebot_agrees_with_the_exact_solver_more_than_the_turn_optimiser() -> None:
    sol = three_tiles()
    game = agreement(sol, bots.GameBot().plan_for)
    turn = agreement(sol, bots.OptimalTurnBot().plan_for)
    assert game > turn
