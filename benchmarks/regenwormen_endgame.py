"""Regenwormen: GameBot and OptimalTurnBot against the exact whole-game solver on a reduced
grill (two players; issue 13, item 3).

Run: ``PYTHONPATH=src python benchmarks/regenwormen_endgame.py [--tiles 22 23 24 25 26]
[--games 1000]``

Solves the game in which only ``--tiles`` are face up (the rest face down from the start)
exactly with :func:`wordgames.regenwormen.endgame.solve_game`, then prints:

- the solve: positions, sweeps, time, and the first player's winning chance under best play;
- agreement: on every solved position and every stop-or-roll-on decision (dice set aside
  with a worm, a stop allowed, dice left), the share on which each bot's plan makes the
  exact solver's choice;
- head-to-head games from the reduced start (game ``i`` with ``random.Random(i)``, seats
  alternating) between the three: ``SolvedBot`` (exact), ``GameBot`` and ``OptimalTurnBot``,
  with win rates and Wilson 95% intervals.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

import wordgames
from wordgames import arena
from wordgames import regenwormen as rw
from wordgames.regenwormen import bots, endgame, solver


def kepts() -> list[tuple[int, ...]]:
    """Every ``kept`` (counts per face 1..5, worm) with a worm and dice left to roll."""
    out: list[tuple[int, ...]] = []

    def rec(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == 5:
            out.extend((*prefix, w) for w in range(1, left))
            return
        for k in range(left + 1):
            rec((*prefix, k), left - k)

    rec((), 8)
    return out


def agreement(
    sol: endgame.GameSolution, plan_of: Callable[[rw.State], solver.TurnPlan]
) -> tuple[int, int]:
    agree = total = 0
    ks = kepts()
    for pos in sol.values:
        state = endgame.state_of(pos, sol.rules)
        exact, mine = sol.plan(state), plan_of(state)
        for kept in ks:
            if exact.stop_value(kept) is None:
                continue
            total += 1
            agree += exact.should_roll(kept) == mine.should_roll(kept)
    return agree, total


def match(start: rw.State, a: object, b: object, games: int) -> tuple[float, int]:
    credit = 0.0
    for i in range(games):
        seats: Sequence[object] = [a, b] if i % 2 == 0 else [b, a]
        final = wordgames.play(start, seats, random.Random(i)).replay()  # type: ignore[arg-type]
        assert final.outcome is not None
        ranking = final.outcome.ranking
        me = i % 2
        if ranking[me] == 1:
            credit += 1.0 / sum(1 for r in ranking if r == 1)
    return credit, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiles", type=int, nargs="+", default=[22, 23, 24, 25, 26])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--tolerance", type=float, default=1e-7)
    args = parser.parse_args()
    start = endgame.reduced_game(args.tiles)
    t0 = time.process_time()
    sol = endgame.solve_game(start, tolerance=args.tolerance, max_positions=100_000)
    took = time.process_time() - t0
    print(
        f"grill {args.tiles}: {len(sol.values)} positions, {sol.sweeps} sweeps at most, "
        f"{took:.0f} s; first player wins {sol.value(start):.4f} under best play",
        flush=True,
    )
    game_bot, turn_bot = bots.GameBot(), bots.OptimalTurnBot()
    for name, plan_of in (("GameBot", game_bot.plan_for), ("OptimalTurnBot", turn_bot.plan_for)):
        agree, total = agreement(sol, plan_of)
        print(
            f"{name}: agrees with the exact stop-or-roll choice in {agree}/{total} = "
            f"{agree / total:.2%} of decisions",
            flush=True,
        )
    solved = endgame.SolvedBot(sol)
    for name_a, a, name_b, b in (
        ("SolvedBot", solved, "OptimalTurnBot", turn_bot),
        ("GameBot", game_bot, "OptimalTurnBot", turn_bot),
        ("SolvedBot", solved, "GameBot", game_bot),
    ):
        t0 = time.process_time()
        credit, n = match(start, a, b, args.games)
        lo, hi = arena.wilson_interval(credit, n)
        print(
            f"{name_a} vs {name_b}: {name_a} wins {credit / n:.1%} of {n} "
            f"(95% {lo:.1%}-{hi:.1%}), {(time.process_time() - t0) / n * 1000:.0f} ms/game",
            flush=True,
        )


if __name__ == "__main__":
    main()
