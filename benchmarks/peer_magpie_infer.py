"""Exhaustive inference against MAGPIE's ``infer`` (issue 38 item 3).

Run: PYTHONPATH=src python benchmarks/peer_magpie_infer.py [--positions N] [--seed S]
     [--margin M] [--max-racks R] [--magpie-bin PATH] [--magpie-data DIR] [--csv PATH]

The set-up is that of ``benchmarks/peer_magpie_static.py`` (``MAGPIE_BIN``, ``MAGPIE_DATA``,
the ENABLE KWG as ``TWLENABLE``, ``NWL20.klv2`` there and ``NWL20.csv`` here); without them
it says so and stops. Positions: seeded EquityBot self-play (English), stopped after 3-14
moves with at least 20 tiles in the bag; the opponent's play is EquityBot's there, kept when
it is a placement with at most ``--max-racks`` racks to try. MAGPIE gets the position as CGP
with the player on turn's rack empty and ``infer 1 <tiles> <score> - <inferring rack>`` with
``-imargin`` the margin; this library ``infer(state, play, leave=table, margin=...)``.
Prints per position the kept draws and leaves of each and whether every leave MAGPIE lists
has the same weight.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import time
from pathlib import Path

from _shared import NWL20, midgame  # type: ignore[import-not-found]

from wordgames import wocable
from wordgames.wocable import LeaveTable, infer
from wordgames.wocable.bots import EquityBot

_CSV = NWL20  # ../shared/data/leaves/NWL20.csv (benchmarks/_shared.py)
_TOTAL = re.compile(r"Total target racks:\s+(\d+)")
_LEAVE = re.compile(r"^\s*\d+\s+([A-Z?]+)\s+[\d.]+\s+(\d+)\s+-?[\d.]+\s*$", re.MULTILINE)


def _magpie(binary: str, data: Path, lines: list[str], pause: float) -> str:
    """MAGPIE's output for ``lines``, sent one at a time (its prompt refuses a line while a
    command runs)."""
    proc = subprocess.Popen(
        [binary],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=data.parent,
    )
    assert proc.stdin is not None
    for line in lines:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        time.sleep(pause)
    out, _ = proc.communicate(timeout=300)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--seed", type=int, default=38)
    ap.add_argument("--margin", type=float, default=5.0)
    ap.add_argument("--max-racks", type=int, default=3000)
    ap.add_argument("--magpie-bin", default=os.environ.get("MAGPIE_BIN"))
    ap.add_argument("--magpie-data", default=os.environ.get("MAGPIE_DATA"))
    ap.add_argument("--csv", default=os.environ.get("LEAVES_CSV", str(_CSV)))
    ap.add_argument("--pause", type=float, default=1.5, help="seconds after each command")
    args = ap.parse_args()
    if not args.magpie_bin or not args.magpie_data:
        print("skipped: MAGPIE_BIN and MAGPIE_DATA (or --magpie-bin, --magpie-data) not set")
        return
    if not Path(args.csv).is_file():
        print(f"skipped: no leave table at {args.csv}")
        return
    table = LeaveTable.from_csv(Path(args.csv))
    data = Path(args.magpie_data).resolve()
    bot = EquityBot(leave=table)
    rng = random.Random(args.seed)
    done = agree = 0
    while done < args.positions:
        state = midgame(bot, rng)
        if state is None:
            continue
        play = bot.choose(state.view(state.turn), rng)
        if not isinstance(play, wocable.Place):
            continue
        move = next(m for m in state.moves() if m.action == play)
        t0 = time.process_time()
        try:
            ours = infer(state, play, leave=table, margin=args.margin, max_racks=args.max_racks)
        except ValueError:
            continue
        took = time.process_time() - t0
        done += 1
        me = 1 - state.turn
        mine = state.tiles.rack_text(state.racks[me])
        fields = wocable.to_cgp(state).split()[:4]
        racks = fields[1].split("/")  # the player on turn first: MAGPIE's player 1
        racks[0] = ""
        fields[1] = "/".join(racks)
        played = "".join("?" if p.blank else p.letter for p in move.placed)
        nick = 1
        out = _magpie(
            args.magpie_bin,
            data,
            [
                f"cgp {' '.join(fields)} -lex TWLENABLE -leaves NWL20 -wmp false"
                f" -pretty false -printboards false -imargin {args.margin}",
                f"infer {nick} {played} {move.score} - {mine}",
                "shinference",
            ],
            args.pause,
        )
        m = _TOTAL.search(out)
        theirs_total = int(m.group(1)) if m else -1
        theirs = {lv: int(w) for lv, w in _LEAVE.findall(out)}
        mine_w = dict(ours.leaves)
        same = theirs_total == ours.kept and all(mine_w.get(k) == w for k, w in theirs.items())
        agree += same
        print(
            f"{play!s:22} keeps {7 - move.tiles}: ours {ours.kept} draws in"
            f" {len(ours.leaves)} leaves ({took:.2f} s), MAGPIE {theirs_total} draws,"
            f" {len(theirs)} leaves listed: {'same' if same else 'DIFFERENT'}"
        )
        if not same:
            top = sorted(mine_w.items(), key=lambda kv: -kv[1])[:5]
            print(f"      ours {top}; MAGPIE {sorted(theirs.items(), key=lambda kv: -kv[1])[:5]}")
    print(f"{agree}/{done} positions agree (margin {args.margin})")


if __name__ == "__main__":
    main()
