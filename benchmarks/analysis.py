"""Analysis speed figures (issue 39). Run: .venv/bin/python benchmarks/analysis.py

Prints, as CPU time of this process (time.process_time, the best of ``--repeats`` runs, so
that other work on a shared machine disturbs them less):

- Wocable: the static analysis of 25-turn games (goal: at most 2 s each): bot games, and a
  real GCG file when ``--gcg FILE`` is given (e.g. one from ../shared/data/gcg); then the same
  games with a budget (the endgame search of the bag-empty turns; wall time, as the budget
  is), for each ``--budget``;
- Regenwormen, WordMeld, Wömmeln: one bot game each, decisions analysed and time.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import wordgames
from wordgames import regenwormen as rw
from wordgames import wocable as wc
from wordgames import wommeln as wo
from wordgames import wordmeld as wm
from wordgames.analysis import analyze


def best_of(repeats: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    """The least CPU seconds of ``repeats`` calls of ``fn`` and its last result."""
    best, out = float("inf"), None
    for _ in range(repeats):
        t0 = time.process_time()
        out = fn()
        best = min(best, time.process_time() - t0)
    return best, out


def wall(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gcg", action="append", default=[], help="a GCG file to time too")
    ap.add_argument("--budget", type=float, action="append", default=None)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--games", type=int, default=3, help="Wocable bot games")
    args = ap.parse_args()
    budgets = args.budget or [1.0, 5.0]
    records: list[tuple[str, Any]] = []
    for seed in range(1, args.games + 1):
        bots = [wc.bots.EquityBot(), wc.bots.GreedyBot()]
        records.append(
            (f"bots seed {seed}", wordgames.play(wc.new_game(2), bots, random.Random(seed)))
        )
    for name in args.gcg:
        with open(name, encoding="utf-8", errors="replace") as f:
            records.append((name.rsplit("/", 1)[-1], wc.from_gcg(f.read())))
    print("Wocable (static: CPU s, best of repeats; budget: wall s)")
    for label, record in records:
        secs, a = best_of(args.repeats, lambda r=record: analyze(r))
        line = f"  {label}: {len(a.turns)} turns, static {secs:.3f} s"
        for b in budgets:
            w, ab = wall(lambda r=record, b=b: analyze(r, budget=b))
            deep = sum(1 for t in ab.turns if t.method != "static")
            line += f"; budget {b:g}: {w:.2f} s ({deep} turns searched)"
        print(line)
    games = {
        "regenwormen": lambda: wordgames.play(
            rw.new_game(2), [rw.bots.HeuristicBot(), rw.bots.OptimalTurnBot()], random.Random(1)
        ),
        "wordmeld": lambda: wordgames.play(
            wm.new_game(2), [wordgames.RandomBot(), wm.bots.GreedyBot()], random.Random(1)
        ),
        "wommeln": lambda: wordgames.play(wo.new_game(2), wordgames.RandomBot(), random.Random(1)),
    }
    for game, make in games.items():
        record = make()
        secs, a = best_of(args.repeats, lambda r=record: analyze(r))
        print(f"{game}: {len(a.turns)} decisions, {secs:.3f} s")


if __name__ == "__main__":
    main()
