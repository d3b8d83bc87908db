"""Calibration of the packaged Wocable win probability (issue 38) on new self-play games.

Run: PYTHONPATH=src python benchmarks/wocable_winprob.py [--games 2000] [--workers 2]

Plays ``--games`` EquityBot self-play games with seeds the fit never used (``--seed``, game
``i`` seeded ``f"{seed}:{i}"``, the same loop as ``tools/fit_win_probability.py``), predicts
every turn's win probability for the player on turn with ``win_probability(spread,
unseen_tiles)``, and prints, per bucket of predicted probability (tenths), the positions,
the mean prediction, the observed win rate (a draw counts half) and whether they are within
``--tolerance`` (0.03, the issue's). Positions of one game are correlated, so the buckets'
sampling error is larger than ``sqrt(p (1 - p) / n)`` suggests; the standard error printed
is that of the game-clustered mean (each game's positions in the bucket taken together).
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
import time
from pathlib import Path

from wordgames.wocable import win_probability, win_table

TOOL = Path(__file__).resolve().parent.parent / "tools" / "fit_win_probability.py"


def _tool() -> object:
    spec = importlib.util.spec_from_file_location("fit_win_probability", TOOL)
    assert spec is not None
    assert spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["fit_win_probability"] = mod  # the worker process imports it by name
    spec.loader.exec_module(mod)
    return mod


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", default="winprob-check-1", help="new seeds (the fit used winprob-1)")
    ap.add_argument("--workers", type=int, default=1, choices=[1, 2])
    ap.add_argument("--tolerance", type=float, default=0.03)
    args = ap.parse_args()
    tool = _tool()
    table = win_table()
    print(
        f"table: {table.games} games, seed {table.seed!r}, policy {table.policy}\n"
        f"check: {args.games} new games, seed {args.seed!r}\n"
    )
    t0 = time.perf_counter()
    # per game, to cluster the errors by game
    per_game: list[list[tuple[int, int, float]]] = []
    play = tool.play_games  # type: ignore[attr-defined]
    if args.workers == 2:
        import multiprocessing

        with multiprocessing.Pool(1) as pool:
            odd = pool.starmap_async(play, [(args.seed, [g]) for g in range(1, args.games, 2)])
            even = [play(args.seed, [g]) for g in range(0, args.games, 2)]
            per_game = even + odd.get()
    else:
        per_game = [play(args.seed, [g]) for g in range(args.games)]
    secs = time.perf_counter() - t0
    buckets: list[list[tuple[int, float, float]]] = [[] for _ in range(10)]
    for g, samples in enumerate(per_game):
        for spread, unseen, result in samples:
            p = win_probability(spread, unseen)
            buckets[min(9, int(p * 10))].append((g, p, result))
    print(f"{sum(len(s) for s in per_game)} positions, {secs:.0f} s wall\n")
    print(
        "| predicted | positions | games | mean predicted | observed | difference | ± se | within |"
    )
    print("|---|---|---|---|---|---|---|---|")
    ok = 0
    for i, rows in enumerate(buckets):
        if not rows:
            continue
        n = len(rows)
        mp = sum(p for _, p, _ in rows) / n
        obs = sum(r for _, _, r in rows) / n
        # game-clustered standard error of the mean difference (observed - predicted)
        by_game: dict[int, list[float]] = {}
        for g, p, r in rows:
            acc = by_game.setdefault(g, [0.0, 0.0])
            acc[0] += r - p
            acc[1] += 1
        diff = obs - mp
        var = sum((v - diff * k) ** 2 for v, k in by_game.values())
        se = math.sqrt(var) / n
        within = abs(diff) <= args.tolerance
        ok += within
        print(
            f"| {i / 10:.1f}-{(i + 1) / 10:.1f} | {n} | {len(by_game)} | {mp:.3f} | {obs:.3f} |"
            f" {diff:+.3f} | {se:.3f} | {'yes' if within else 'NO'} |"
        )
    print(f"\n{ok} of {sum(1 for b in buckets if b)} buckets within {args.tolerance}")


if __name__ == "__main__":
    main()
