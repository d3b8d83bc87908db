"""Fit Wocable win probabilities from self-play; write src/wordgames/wocable/data/winprob.json.

Run (deterministic for a given seed and game count; a dev tool)::

    PYTHONPATH=src python tools/fit_win_probability.py --games 3000

Method:

1. **Self-play.** ``--games`` two-player games (English tiles, default rules), EquityBot
   against EquityBot, game ``i`` seeded with ``f"{seed}:{i}"`` (the deal, the draws and the
   bots' ``rng``). ``--workers 2`` plays the odd games in one worker process beside the main
   one (the same games either way).
2. **Samples.** Every turn of either player gives one sample: the spread of the player on turn
   (their score minus the opponent's), the tiles unseen by them (the bag plus the opponent's
   rack) and the final result for them (1 a win, 0.5 a draw, 0 a loss).
3. **Fit.** The samples are grouped into buckets of unseen tiles (``BUCKETS``); in each, a
   logistic regression ``P(win) = 1 / (1 + exp(-(a + b * spread)))`` by Newton's method, the
   slope ``b`` kept at least ``MIN_SLOPE`` (so the probability rises with the spread).
   :func:`wordgames.wocable.win_probability` interpolates ``a`` and ``b`` linearly between
   the buckets' mean unseen counts (constant beyond the first and last), so it is monotone in
   the spread for every unseen count.
4. **Output.** The buckets with their sample counts and coefficients, and the provenance
   (games, seed, policy, method) in the JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

from wordgames.wocable import Rules, new_game
from wordgames.wocable.bots import EquityBot

OUT = Path(__file__).resolve().parent.parent / "src/wordgames/wocable/data/winprob.json"
#: inclusive ranges of unseen tiles, one logistic fit each
BUCKETS = (
    (1, 3),
    (4, 7),
    (8, 10),
    (11, 14),
    (15, 20),
    (21, 28),
    (29, 36),
    (37, 44),
    (45, 52),
    (53, 60),
    (61, 68),
    (69, 76),
    (77, 84),
    (85, 100),
)
MIN_SLOPE = 1e-4

Sample = tuple[int, int, float]  # spread, unseen, result for the player on turn


def play_games(seed: str, indices: list[int], tiles: str = "en") -> list[Sample]:
    """The samples of the seeded EquityBot self-play games ``indices``."""
    rules = Rules(tiles=tiles)
    bot = EquityBot()
    out: list[Sample] = []
    for g in indices:
        rng = random.Random(f"{seed}:{g}")
        state = new_game(2, rules=rules)
        turns: list[tuple[int, int, int]] = []
        while not state.is_terminal:
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
                continue
            p = state.turn
            o = 1 - p
            turns.append(
                (p, state.scores[p] - state.scores[o], state.bag_size + len(state.racks[o]))
            )
            state = state.apply(bot.choose(state.view(p), rng))
        final = state.scores
        for p, spread, unseen in turns:
            d = final[p] - final[1 - p]
            out.append((spread, unseen, 1.0 if d > 0 else 0.5 if d == 0 else 0.0))
    return out


def self_play(seed: str, games: int, workers: int) -> list[Sample]:
    """Samples of games ``0..games-1``; with 2 workers the odd games run in a worker process."""
    if workers < 2:
        return play_games(seed, list(range(games)))
    with multiprocessing.Pool(1) as pool:
        odd = pool.apply_async(play_games, (seed, list(range(1, games, 2))))
        even = play_games(seed, list(range(0, games, 2)))
        return even + odd.get()


def logistic(x: list[float], y: list[float]) -> tuple[float, float]:
    """``(a, b)`` of the maximum-likelihood logistic fit of ``y`` (in [0, 1]) on ``x`` by
    Newton's method, the slope kept at least :data:`MIN_SLOPE` (a tiny ridge keeps the steps
    finite). Pure Python: two parameters, so no numpy is needed."""
    a, b = 0.0, 0.01
    for _ in range(60):
        ga = gb = haa = hab = hbb = 0.0
        for xi, yi in zip(x, y, strict=True):
            p = 1.0 / (1.0 + math.exp(-(a + b * xi)))
            r = yi - p
            w = p * (1.0 - p)
            ga += r
            gb += r * xi
            haa += w
            hab += w * xi
            hbb += w * xi * xi
        ga -= 1e-6 * a
        gb -= 1e-6 * b
        haa += 1e-6
        hbb += 1e-6
        det = haa * hbb - hab * hab
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, max(MIN_SLOPE, b + db)
        if max(abs(da), abs(db)) < 1e-10:
            break
    return a, b


def fit(samples: list[Sample]) -> list[dict[str, float | int]]:
    """One logistic fit per bucket of :data:`BUCKETS`."""
    out: list[dict[str, float | int]] = []
    for lo, hi in BUCKETS:
        sel = [s for s in samples if lo <= s[1] <= hi]
        if len(sel) < 50:
            raise SystemExit(f"bucket {lo}-{hi}: {len(sel)} samples, too few to fit")
        a, b = logistic([float(s[0]) for s in sel], [s[2] for s in sel])
        out.append(
            {
                "lo": lo,
                "hi": hi,
                "samples": len(sel),
                "unseen": round(sum(s[1] for s in sel) / len(sel), 3),
                "intercept": round(a, 6),
                "slope": round(b, 6),
            }
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=3000, help="self-play games")
    ap.add_argument("--seed", default="winprob-1", help="the games' seed")
    ap.add_argument("--workers", type=int, default=1, choices=[1, 2])
    ap.add_argument("--out", type=Path, default=OUT, help="the JSON file to write")
    args = ap.parse_args()
    t0 = time.perf_counter()
    c0 = time.process_time()
    samples = self_play(args.seed, args.games, args.workers)
    buckets = fit(samples)
    data = {
        "tiles": "en",
        "games": args.games,
        "seed": args.seed,
        "samples": len(samples),
        "policy": "EquityBot vs EquityBot (wordgames.wocable.bots), 2 players, default rules",
        "method": (
            "tools/fit_win_probability.py: one sample per turn (spread and unseen tiles of the"
            " player on turn, final result 1/0.5/0); logistic regression on the spread per"
            f" bucket of unseen tiles, slope >= {MIN_SLOPE}; a and b interpolated linearly"
            " between the buckets' mean unseen counts"
        ),
        "buckets": buckets,
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    print(
        f"{args.games} games, {len(samples)} samples, {time.perf_counter() - t0:.0f} s wall,"
        f" {time.process_time() - c0:.0f} s CPU in the main process",
        file=sys.stderr,
    )
    for b in buckets:
        print(b, file=sys.stderr)


if __name__ == "__main__":
    main()
