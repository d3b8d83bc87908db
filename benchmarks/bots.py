"""ISMCTS strength figures (issue 13, part 2). Run: .venv/bin/python benchmarks/bots.py

For every game, ``wordgames.bots.ISMCTSBot`` plays two-player matches through the arena
(seats alternating, seeded, so a rerun prints the same table) against the game's
``RandomBot`` and against its strongest built-in bot, and the script prints ISMCTS's score
(wins plus half the draws) with its Wilson 95% interval, wins/draws/losses, the mean score
difference and the Elo difference with its interval.

The bots are what the arena's name ``"ismcts"`` gives (``wordgames.arena.make_bot``): the
budgets of ``wordgames.arena.ISMCTS_DEFAULTS`` and the hooks a game's bots module defines. The
move generators of Wocable and Wömmeln are slow, so their playouts are cut after one or two
decisions and scored by the running scores; WordMeld has no running scores, so its search is
cut at the tree and scored by ``wordmeld.bots.evaluate`` (the hand-size race), and it searches
the actions of ``wordmeld.bots.candidates`` (the best listed plays, plays of several words,
the draws and the best discards). ``--games N`` sets the games per match (default 20),
``--iterations K`` overrides every budget's iterations, ``--game`` picks games, ``--workers``
the processes (default 2).
"""

from __future__ import annotations

import argparse
import time

import attrs

from wordgames import arena
from wordgames.arena import ISMCTS_DEFAULTS

#: ISMCTS budget per game: iterations and playout depth (None: to the end of the game).
BUDGETS = ISMCTS_DEFAULTS

#: The strongest built-in bot of each game.
BEST = {
    "regenwormen": "regenwormen:OptimalTurnBot",
    "wocable": "wocable:EquityBot",
    "wommeln": "wommeln:LongestWordBot",
    "wordmeld": "wordmeld:GreedyBot",
}


def _interval(lo: float, hi: float) -> str:
    return f"{100 * lo:5.1f}-{100 * hi:5.1f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per match (default 20)")
    parser.add_argument("--iterations", type=int, help="override every game's iterations")
    parser.add_argument("--game", action="append", choices=sorted(BUDGETS), help="repeatable")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    games = args.game or sorted(BUDGETS)
    header = (
        f"{'game':<12} {'ISMCTS budget':<22} {'opponent':<26} {'W-D-L':>9} {'score':>6} "
        f"{'95% CI':>13} {'mean diff':>9} {'Elo':>5} {'Elo 95% CI':>14} {'s/game':>7}"
    )
    print(f"{args.games} games per match, seats alternating, seed {args.seed!r}")
    print(header)
    print("-" * len(header))
    for game in games:
        iterations, depth = BUDGETS[game]
        if args.iterations is not None:
            iterations = args.iterations
        bot = attrs.evolve(arena.make_bot("ismcts", game), iterations=iterations)
        budget = f"{iterations} it, d={'end' if depth is None else depth}"
        if getattr(bot, "candidates", None) is not None:
            budget += ", cand."
        for opponent in ("random", BEST[game]):
            t0 = time.perf_counter()
            table = arena.run(
                game, [bot, opponent], args.games, seed=args.seed, workers=args.workers
            )
            seconds = (time.perf_counter() - t0) / max(1, args.games)
            row = table.rows[0]
            elo_lo, elo_hi = row.elo_interval
            print(
                f"{game:<12} {budget:<22} {opponent:<26} "
                f"{f'{row.wins}-{row.draws}-{row.losses}':>9} {100 * row.score:5.1f}% "
                f"{_interval(*row.score_interval):>13} {row.mean_score_diff:+9.2f} "
                f"{row.elo:+5.0f} {f'{elo_lo:+.0f} .. {elo_hi:+.0f}':>14} {seconds:7.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
