"""Wocable GCG draw reconstruction figures (issue 11). Run:
``PYTHONPATH=src python benchmarks/gcg_rackless.py [--games2 40 --games3 20 --games4 10]``
(the larger sample of docs/wocable.md: ``--games2 200 --games3 100 --games4 100``; other
games with ``--first-seed``)

Plays seeded random-bot games (random bots exchange far more than people do: the hardest
draw orders to rebuild), writes each to GCG, removes the rack fields of the move lines and
imports the file again. Prints per player count how many games rebuild with every score and
the same board, the time per game (mean, median, max; the slowest seeds) and how many draws
the search took back.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import time

import wordgames
from wordgames import InvalidStateError
from wordgames._core.bots import RandomBot
from wordgames.wocable import from_gcg, new_game, to_gcg
from wordgames.wocable.gcg import replay

#: draws taken back by the search, per game (read off the importer's private search object)
_BACKTRACKS: list[int] = []
_run = replay._Replay.run


def _counting_run(self: replay._Replay) -> object:
    try:
        return _run(self)
    finally:
        _BACKTRACKS.append(getattr(self, "backtracks", -1))


replay._Replay.run = _counting_run  # type: ignore[method-assign,assignment]


def strip_racks(text: str) -> str:
    """The file without rack fields on its move lines."""
    out = []
    for line in text.splitlines():
        m = re.match(r"^(>[^:]+: )(\S+) (\S+ \S+ \+\d+ -?\d+|-\S* \+\d+ -?\d+)$", line)
        if m and not m.group(2).startswith("("):
            line = m.group(1) + m.group(3)
        out.append(line)
    return "\n".join(out) + "\n"


def figures(players: int, games: int, first: int = 0) -> None:
    ok = 0
    times: list[float] = []
    fails: list[str] = []
    ok_times: list[float] = []
    _BACKTRACKS.clear()
    for seed in range(first, first + games):
        rec = wordgames.play(new_game(players), [RandomBot()] * players, random.Random(seed))
        text = strip_racks(to_gcg(rec))
        final = rec.replay()
        t0 = time.perf_counter()
        try:
            blind = from_gcg(text)
        except InvalidStateError as exc:
            times.append(time.perf_counter() - t0)
            fails.append(f"seed {seed}: {exc}")
        else:
            times.append(time.perf_counter() - t0)
            back = blind.replay()
            if back.scores == final.scores and back.board == final.board:
                ok += 1
                ok_times.append(times[-1])
            else:
                fails.append(f"seed {seed}: a different game")
    print(
        f"{players} players: {ok}/{games} rebuilt, {statistics.mean(times):.3f} s mean, "
        f"{statistics.median(times):.3f} s median, {max(times):.3f} s max per game "
        f"({max(ok_times, default=0.0):.3f} s max rebuilt); "
        f"games that took draws back: {sum(b > 0 for b in _BACKTRACKS)} "
        f"({sum(b for b in _BACKTRACKS if b > 0)} draws in all)"
    )
    slowest = sorted(range(games), key=lambda i: -times[i])[:3]
    print("    slowest:", ", ".join(f"seed {first + i} {times[i]:.2f} s" for i in slowest))
    for f in fails:
        print("   ", f)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games2", type=int, default=40)
    ap.add_argument("--games3", type=int, default=20)
    ap.add_argument("--games4", type=int, default=10)
    ap.add_argument("--first-seed", type=int, default=0, help="seed of the first game")
    args = ap.parse_args()
    for players, games in ((2, args.games2), (3, args.games3), (4, args.games4)):
        figures(players, games, args.first_seed)


if __name__ == "__main__":
    main()
