"""Fit Wocable leave values from self-play and write src/wordgames/wocable/data/leaves.json.

Run (deterministic for a given seed and game count; needs numpy, a dev tool only)::

    PYTHONPATH=src python tools/fit_leaves.py --games 1500 --tiles en es

Method:

1. **Self-play.** ``--games`` two-player games per tile set, game ``i`` seeded with
   ``f"{seed}:{tiles}:{i}"``. The policy is cheap and a little random, so that many different
   leaves occur: on each turn it plays one of the ``--top`` best-scoring placements
   (``state.best_moves``) uniformly at random; without a placement it exchanges its whole
   rack when it may, else passes.
2. **Samples.** Every placement after which the bag still holds tiles gives one sample: the
   leave (the tiles the player kept) and the target, the score of the same player's next
   placement (0 if their next turn is an exchange or a pass; no sample if the game ends first).
3. **Fit.** Ridge regression of the target on the features of
   :func:`wordgames.wocable.leaves.leave_features` (tile counts, duplicates, pairs,
   vowel/consonant split, leave size), each kind with its own penalty; the pair synergies get
   the largest one, so that where the games say little the model is the tile-wise additive
   one. The model's value of a leave is its prediction minus the prediction for the empty
   leave, so the figures are points on the next turn compared with a fresh rack.
4. **Output.** Weights rounded to 0.01, those below 0.005 in size dropped, with the game count,
   the seed and the method in the JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

from wordgames.wocable import Exchange, Pass, Rules, new_game
from wordgames.wocable.engine import BLANK_BIT, exchanges
from wordgames.wocable.leaves import leave_features

OUT = Path(__file__).resolve().parent.parent / "src/wordgames/wocable/data/leaves.json"
#: ridge penalty per feature kind (the first letter of the feature name)
PENALTY = {"t": 2.0, "d": 10.0, "p": 60.0, "b": 10.0, "n": 2.0}


def self_play(tiles: str, games: int, seed: str, top: int) -> list[tuple[list[str], int]]:
    """(leave as tile names, next placement score) samples from ``games`` seeded games."""
    samples: list[tuple[list[str], int]] = []
    rules = Rules(tiles=tiles)
    for g in range(games):
        rng = random.Random(f"{seed}:{tiles}:{g}")
        state = new_game(2, rules=rules)
        t = state.tiles
        pending: dict[int, list[str]] = {}  # player -> leave awaiting its next turn's score
        while not state.is_terminal:
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
                continue
            p = state.turn
            rack = state.racks[p]
            best = state.best_moves(top)
            if best:
                move = rng.choice(best)
                action: object = move.action
                score = move.score
            else:
                ex = exchanges(t, rack, state.bag_size, rules)
                action = max(ex, key=lambda a: len(a.tiles)) if ex else Pass()
                score = 0
            if p in pending:
                samples.append((pending.pop(p), score))
            nxt = state.apply(action)
            if best and not isinstance(action, (Exchange, Pass)) and nxt.bag_size > 0:
                placed = state._place_info(action)[0]
                kept = list(rack)
                for _, v in placed:
                    kept.remove(t.blank if v & BLANK_BIT else v)
                pending[p] = [t.tile_text(i).strip("[]") for i in kept]
            state = nxt
        if (g + 1) % max(1, games // 10) == 0:
            print(f"  {tiles}: {g + 1}/{games} games, {len(samples)} samples", file=sys.stderr)
    return samples


def fit(samples: list[tuple[list[str], int]]) -> dict[str, float]:
    """Ridge regression of the targets on the leave features; weights by feature name."""
    rows = [leave_features(leave) for leave, _ in samples]
    names = sorted({f for r in rows for f in r})
    index = {f: i for i, f in enumerate(names)}
    x = np.zeros((len(rows), len(names)))
    for i, r in enumerate(rows):
        for f, v in r.items():
            x[i, index[f]] = v
    y = np.array([s for _, s in samples], dtype=float)
    pen = np.diag([PENALTY[f[0]] for f in names])
    w = np.linalg.solve(x.T @ x + pen, x.T @ y)
    return {f: float(v) for f, v in zip(names, w, strict=True)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=1500, help="self-play games per tile set")
    ap.add_argument("--tiles", nargs="+", default=["en", "es"], help="tile sets to fit")
    ap.add_argument("--seed", default="leaves-1", help="the games' seed")
    ap.add_argument("--top", type=int, default=3, help="the policy plays one of this many")
    ap.add_argument("--out", type=Path, default=OUT, help="the JSON file to write (merged)")
    args = ap.parse_args()
    data = json.loads(args.out.read_text("utf-8")) if args.out.exists() else {}
    for tiles in args.tiles:
        t0 = time.perf_counter()
        samples = self_play(tiles, args.games, args.seed, args.top)
        weights = fit(samples)
        empty = sum(weights.get(f, 0.0) * v for f, v in leave_features([]).items())
        kept = {f: round(v, 2) for f, v in weights.items() if abs(v) >= 0.005}
        data[tiles] = {
            "tiles": tiles,
            "games": args.games,
            "seed": args.seed,
            "samples": len(samples),
            "method": (
                f"tools/fit_leaves.py: 2-player self-play, policy uniform over the {args.top}"
                " best-scoring placements; target the same player's next placement score;"
                f" ridge regression, penalties {PENALTY}"
            ),
            "weights": dict(sorted(kept.items())),
        }
        secs = time.perf_counter() - t0
        print(
            f"{tiles}: {args.games} games, {len(samples)} samples, {len(kept)} weights,"
            f" empty-leave prediction {empty:.2f}, {secs:.0f} s",
            file=sys.stderr,
        )
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    main()
