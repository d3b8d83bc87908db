"""Wocable bot strength (issue 13): EquityBot against GreedyBot, SimBot against EquityBot.

Run: PYTHONPATH=src python benchmarks/wocable_strength.py [--games N] [--sim-games M]

Each match is played through ``wordgames.arena`` (two players, seats alternating, game ``i``
seeded with ``f"{seed}:{i}"``) and printed as the arena's table: wins, draws, losses and the
score (wins plus half the draws over games) with its Wilson 95% interval. The goals of the
issue are EquityBot >= 60% against GreedyBot and SimBot >= 55% against EquityBot over at
least 2,000 games each, which is the default; SimBot costs seconds a game, so ``--sim-games``
and its budget (``--candidates``, ``--iterations``) may be lowered, and the figures say how
many games were played.
"""

from __future__ import annotations

import argparse
import sys
import time

from wordgames import arena
from wordgames.wocable import Rules
from wordgames.wocable.bots import EquityBot, GreedyBot, SimBot


def _progress(label: str) -> arena.Progress:
    def report(done: int, total: int) -> None:
        if done == total or done % max(1, total // 20) == 0:
            print(f"  {label}: {done}/{total}", file=sys.stderr, flush=True)

    return report


def match(
    label: str, bots: list[object], games: int, seed: str, tiles: str, workers: int
) -> arena.ArenaResult:
    """Play one match and print its table with the wall time."""
    t0 = time.perf_counter()
    result = arena.run(
        "wocable",
        bots,  # type: ignore[arg-type]
        games=games,
        seed=f"{seed}:{label}",
        workers=workers,
        game_options={"rules": Rules(tiles=tiles)},
        progress=_progress(label),
    )
    secs = time.perf_counter() - t0
    print(result)
    row = result.rows[0]
    lo, hi = row.score_interval
    print(
        f"{label}: {row.name} scores {100 * row.score:.1f}% (95% CI {100 * lo:.1f}-"
        f"{100 * hi:.1f}%) over {games} games ({row.wins}-{row.draws}-{row.losses}),"
        f" mean score difference {row.mean_score_diff:+.1f}; {secs:.0f} s wall,"
        f" {secs / max(1, games):.2f} s/game\n",
        flush=True,
    )
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000, help="EquityBot vs GreedyBot games")
    ap.add_argument("--sim-games", type=int, default=2000, help="SimBot vs EquityBot games")
    ap.add_argument("--candidates", type=int, default=SimBot.candidates, help="SimBot's")
    ap.add_argument("--iterations", type=int, default=SimBot.iterations, help="SimBot's")
    ap.add_argument("--tiles", default="en", choices=["en", "es"])
    ap.add_argument("--seed", default="strength")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    print(f"tile set {args.tiles}, seed {args.seed!r}, {args.workers} worker(s)\n")
    if args.games:
        match(
            "equity-vs-greedy",
            [EquityBot(), GreedyBot()],
            args.games,
            args.seed,
            args.tiles,
            args.workers,
        )
    if args.sim_games:
        sim = SimBot(candidates=args.candidates, iterations=args.iterations)
        print(f"SimBot: {sim.candidates} candidates, {sim.iterations} iterations a move")
        match(
            "sim-vs-equity", [sim, EquityBot()], args.sim_games, args.seed, args.tiles, args.workers
        )


if __name__ == "__main__":
    main()
