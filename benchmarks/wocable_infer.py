"""Time of exhaustive inference per position (issue 38 item 3).

Run: PYTHONPATH=src python benchmarks/wocable_infer.py [--positions N] [--seed S]
     [--max-racks R] [--csv PATH]

Positions: seeded EquityBot self-play (English, ENABLE), stopped after 3-14 moves with at
least 20 tiles in the bag; the play inferred from is the one EquityBot (with the same leaves)
makes there. Leaves: the superleave table ``--csv`` (default the shared NWL20.csv, as in
``benchmarks/wocable_leaves.py``), else the packaged model. A play whose racks number more
than ``--max-racks`` is counted and skipped (the bound ``infer`` enforces). Prints per
position the play, the tiles it keeps, the racks tried and kept, the share of the kept
draws that the opponent's actual leave has, and the CPU time (``time.process_time``; a
shared machine is noisy).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path

from _shared import NWL20, midgame  # type: ignore[import-not-found]

from wordgames import wocable
from wordgames.wocable import LeaveTable, infer
from wordgames.wocable.bots import EquityBot

_CSV = NWL20  # ../shared/data/leaves/NWL20.csv (benchmarks/_shared.py)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--seed", type=int, default=38)
    ap.add_argument("--max-racks", type=int, default=5000)
    ap.add_argument("--csv", default=os.environ.get("LEAVES_CSV", str(_CSV)))
    args = ap.parse_args()
    leave = LeaveTable.from_csv(Path(args.csv)) if Path(args.csv).is_file() else None
    print(f"leaves: {'table ' + Path(args.csv).name if leave else 'the packaged model'}")
    bot = EquityBot(leave=leave)
    rng = random.Random(args.seed)
    done = skipped = 0
    times: list[float] = []
    print(f"{'play':24} {'kept':>4} {'racks':>6} {'kept':>6} {'actual':>7} {'CPU s':>6}")
    while done + skipped < args.positions:
        state = midgame(bot, rng)
        if state is None:
            continue
        play = bot.choose(state.view(state.turn), rng)
        if not isinstance(play, wocable.Place):
            continue
        move = next(m for m in state.moves() if m.action == play)
        t0 = time.process_time()
        try:
            got = infer(state, play, leave=leave, max_racks=args.max_racks)
        except ValueError as exc:
            skipped += 1
            print(f"{play!s:24} {7 - move.tiles:4}  skipped: {exc}")
            continue
        took = time.process_time() - t0
        times.append(took)
        done += 1
        held = list(state.racks[state.turn])
        for p in move.placed:
            held.remove(state.tiles.blank if p.blank else state.tiles.token_code[p.letter])
        actual = dict(got.leaves).get(state.tiles.rack_text(held), 0) / max(got.kept, 1)
        print(
            f"{play!s:24} {7 - move.tiles:4} {got.racks:6} {len(got.leaves):6}"
            f" {actual:7.3f} {took:6.2f}"
        )
    if times:
        times.sort()
        print(
            f"{done} positions inferred, {skipped} skipped (more than {args.max_racks} racks):"
            f" median {times[len(times) // 2]:.2f} s, max {times[-1]:.2f} s CPU"
        )


if __name__ == "__main__":
    main()
