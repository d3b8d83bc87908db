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

Issue 38's test is SimBot on :func:`wordgames.wocable.simulation` at 1 s of CPU a move: >= 58%
against EquityBot over 2,000 seat-swapped games, the 95% interval's lower end above 55%::

    PYTHONPATH=src python benchmarks/wocable_strength.py --games 0 --time-limit 1.0 \
        --iterations 0 --candidates 8

``--time-limit`` is SimBot's CPU seconds a move (``time.process_time``), ``--iterations 0``
no iteration cap, ``--plies``, ``--stop``, ``--objective`` and ``--confidence`` its other
options. With one worker the CPU time of every SimBot move is measured and printed (mean,
95th percentile and maximum), the endgame search's moves apart.
"""

from __future__ import annotations

import argparse
import sys
import time

import attrs

from wordgames import arena
from wordgames.wocable import Rules
from wordgames.wocable.bots import EquityBot, GreedyBot, SimBot


@attrs.define(eq=False)
class TimedSimBot:
    """A bot that measures the CPU time (``time.process_time``) of each of its inner bot's
    moves, split by whether the bag was empty (the endgame search) or not (the simulation)."""

    bot: object
    mid: list[float] = attrs.field(factory=list)
    end: list[float] = attrs.field(factory=list)

    def choose(self, view: object, rng: object) -> object:
        t = time.process_time()
        act = self.bot.choose(view, rng)  # type: ignore[attr-defined]
        (self.end if view.bag_size == 0 else self.mid).append(time.process_time() - t)  # type: ignore[attr-defined]
        return act

    def __str__(self) -> str:
        return str(self.bot)


def _cpu(label: str, xs: list[float]) -> str:
    if not xs:
        return f"{label}: no moves"
    srt = sorted(xs)
    p95 = srt[min(len(srt) - 1, int(0.95 * len(srt)))]
    return (
        f"{label}: {len(xs)} moves, CPU mean {sum(xs) / len(xs):.3f} s,"
        f" 95th percentile {p95:.3f} s, max {srt[-1]:.3f} s"
    )


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
    ap.add_argument("--time-limit", type=float, default=None, help="SimBot's CPU s a move")
    ap.add_argument("--plies", type=int, default=attrs.fields(SimBot).plies.default)
    ap.add_argument("--stop", type=float, default=attrs.fields(SimBot).stop.default)
    ap.add_argument("--objective", default="win", choices=["win", "spread"])
    ap.add_argument("--confidence", type=float, default=attrs.fields(SimBot).confidence.default)
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
        sim = SimBot(
            candidates=args.candidates,
            iterations=args.iterations or None,
            time_limit=args.time_limit,
            plies=args.plies,
            stop=args.stop,
            objective=args.objective,
            confidence=args.confidence,
        )
        print(
            f"SimBot: {sim.candidates} candidates, {sim.iterations} iterations,"
            f" time limit {sim.time_limit} CPU s, {sim.plies} plies, stop {sim.stop},"
            f" objective {sim.objective}, confidence {sim.confidence} a move"
        )
        timed = TimedSimBot(sim)
        match(
            "sim-vs-equity",
            [timed if args.workers == 1 else sim, EquityBot()],
            args.sim_games,
            args.seed,
            args.tiles,
            args.workers,
            args.chunk,
        )
        if args.workers == 1:
            print(_cpu("SimBot with tiles in the bag (simulate)", timed.mid))
            print(_cpu("SimBot with the bag empty (endgame search)", timed.end))


if __name__ == "__main__":
    main()
