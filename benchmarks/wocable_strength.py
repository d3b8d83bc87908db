"""Wocable bot strength (issue 13): EquityBot against GreedyBot, SimBot against EquityBot.

Run: PYTHONPATH=src python benchmarks/wocable_strength.py [--games N] [--sim-games M]

Each match is played through ``wordgames.arena`` in chunks of ``--chunk`` games (two players,
seats alternating, game ``i`` of chunk ``c`` seeded with ``f"{seed}:{match}:{c}:{i}"``), a
running summary on stderr after each chunk, then the arena's table of all games: wins, draws,
losses and the score (wins plus half the draws over games) with its Wilson 95% interval.
The goals of the issue are EquityBot >= 60% against GreedyBot and SimBot >= 55% against
EquityBot over at least 2,000 games each, which is the default; SimBot costs seconds a game,
so ``--sim-games`` and its budget (``--candidates``, ``--iterations``) may be lowered, and
the figures say how many games were played.
"""

from __future__ import annotations

import argparse
import sys
import time

import attrs

from wordgames import arena
from wordgames.wocable import Rules
from wordgames.wocable.bots import EquityBot, GreedyBot, SimBot


def _summary(result: arena.ArenaResult) -> str:
    row = result.rows[0]
    lo, hi = row.score_interval
    return (
        f"{row.name} scores {100 * row.score:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"
        f" over {row.games} games ({row.wins}-{row.draws}-{row.losses}),"
        f" mean score difference {row.mean_score_diff:+.1f}"
    )


def match(
    label: str, bots: list[object], games: int, seed: str, tiles: str, workers: int, chunk: int
) -> arena.ArenaResult:
    """Play one match in chunks of ``chunk`` games (chunk ``c`` seeded ``f"{seed}:{label}:{c}"``;
    a running summary after each, so a long run can be read before it ends), then print the
    table of all games with the wall time."""
    t0 = time.perf_counter()
    results: list[arena.GameResult] = []
    names: tuple[str, ...] = ()
    c = 0
    while len(results) < games:
        part = arena.run(
            "wocable",
            bots,  # type: ignore[arg-type]
            games=min(chunk, games - len(results)),
            seed=f"{seed}:{label}:{c}",
            workers=workers,
            game_options={"rules": Rules(tiles=tiles)},
        )
        names = part.entrants
        results.extend(part.results)
        c += 1
        so_far = arena.ArenaResult("wocable", names, f"{seed}:{label}", tuple(results))
        secs = time.perf_counter() - t0
        print(f"  {label}: {_summary(so_far)}; {secs:.0f} s", file=sys.stderr, flush=True)
    result = arena.ArenaResult("wocable", names, f"{seed}:{label}", tuple(results))
    secs = time.perf_counter() - t0
    print(result)
    print(
        f"{label}: {_summary(result)}; {secs:.0f} s wall, {secs / max(1, games):.2f} s/game\n",
        flush=True,
    )
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000, help="EquityBot vs GreedyBot games")
    ap.add_argument("--sim-games", type=int, default=2000, help="SimBot vs EquityBot games")
    ap.add_argument(
        "--candidates", type=int, default=attrs.fields(SimBot).candidates.default, help="SimBot's"
    )
    ap.add_argument(
        "--iterations", type=int, default=attrs.fields(SimBot).iterations.default, help="SimBot's"
    )
    ap.add_argument("--tiles", default="en", choices=["en", "es"])
    ap.add_argument("--seed", default="strength")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=50, help="games between running summaries")
    args = ap.parse_args()
    if args.chunk < 2 or args.chunk % 2:
        ap.error("--chunk must be even (the seats alternate within a chunk)")
    print(f"tile set {args.tiles}, seed {args.seed!r}, {args.workers} worker(s)\n")
    if args.games:
        match(
            "equity-vs-greedy",
            [EquityBot(), GreedyBot()],
            args.games,
            args.seed,
            args.tiles,
            args.workers,
            args.chunk,
        )
    if args.sim_games:
        sim = SimBot(candidates=args.candidates, iterations=args.iterations)
        print(f"SimBot: {sim.candidates} candidates, {sim.iterations} iterations a move")
        match(
            "sim-vs-equity",
            [sim, EquityBot()],
            args.sim_games,
            args.seed,
            args.tiles,
            args.workers,
            args.chunk,
        )


if __name__ == "__main__":
    main()
