"""Wocable GCG reader figures (issue 24). Run: ``PYTHONPATH=src python benchmarks/gcg_corpus.py``

1. The real files of the shared corpus, read in place (``../shared/data/gcg``: ``games/`` and
   ``engine-tests/``, Macondo, Quackle, Woogles and MAGPIE test data; ``--corpus DIR`` or
   ``$WORDGAMES_SHARED_DATA`` point elsewhere; skipped when absent):
   how many load (default and ``strict=True``), the issues by code, and the CPU time per file
   (mean, median, max; the slowest files).
2. Files with every rack known (``to_gcg`` of greedy-bot games): CPU time per file.
3. The worst case under the default work limit: rackless random-bot games that need the
   longest draw searches (``--hard`` seeds), each ending loaded or with ``too_much_work``.
4. Hostile input: a file at the size limits (1,000 lines of exchanges), refused or loaded
   within the limit.

CPU time (``time.process_time``): on a shared machine wall time varies with the load.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import statistics
import time
from pathlib import Path

import wordgames
from wordgames._core.bots import RandomBot
from wordgames.wocable import GcgError, bots, from_gcg, new_game, to_gcg

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("WORDGAMES_SHARED_DATA") or ROOT.parent / "shared" / "data") / "gcg"


def _text(path: Path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _timed(text: str, **kwargs: object) -> tuple[float, object]:
    t0 = time.process_time()
    try:
        out: object = from_gcg(text, **kwargs)  # type: ignore[arg-type]
    except GcgError as exc:
        out = exc
    return time.process_time() - t0, out


def _stats(name: str, times: list[float]) -> None:
    print(
        f"{name}: {len(times)} files, {statistics.mean(times) * 1000:.0f} ms mean, "
        f"{statistics.median(times) * 1000:.0f} ms median, {max(times) * 1000:.0f} ms max"
    )


def corpus(data: Path) -> None:
    files = sorted(data.glob("*/*.gcg"))
    if not files:
        print(f"(skipping the real files: no GCG file under {data})")
        return
    times: list[float] = []
    loaded = strict_ok = 0
    codes: collections.Counter[str] = collections.Counter()
    refused: list[str] = []
    per: list[tuple[float, str]] = []
    for path in files:
        text = _text(path)
        dt, out = _timed(text)
        times.append(dt)
        per.append((dt, path.name))
        if isinstance(out, GcgError):
            refused.append(f"{path.name}: {out.code}")
        else:
            loaded += 1
            codes.update(i.code for i in out.issues)  # type: ignore[attr-defined]
        if not isinstance(_timed(text, strict=True)[1], GcgError):
            strict_ok += 1
    print(f"real files: {loaded}/{len(files)} load by default, {strict_ok} with strict=True")
    _stats("  CPU time per file (default)", times)
    print("  slowest:", ", ".join(f"{n} {t * 1000:.0f} ms" for t, n in sorted(per)[-3:]))
    print("  refused:", "; ".join(refused) or "none")
    print("  issues by code:", ", ".join(f"{c} {k}" for c, k in codes.most_common()))


def known_racks(games: int) -> None:
    times = []
    for seed in range(games):
        g = bots.GreedyBot()
        rec = wordgames.play(new_game(2), [g, g], random.Random(seed))
        text = to_gcg(rec)
        dt, out = _timed(text)
        assert not isinstance(out, GcgError)
        times.append(dt)
    _stats("every rack known (greedy games, to_gcg)", times)


def hostile() -> None:
    head = "#player1 ann\n#player2 bob\n"
    swaps = [f">{'ann' if k % 2 == 0 else 'bob'}: -AEIORSU +0 0" for k in range(996)]
    cases = {
        "996 exchanges, then an illegal play": head + "\n".join(swaps) + "\n>ann: 8A ZA +9 9\n",
        "996 rackless exchanges": head + "\n".join(s.replace("-AEIORSU", "-7") for s in swaps),
        "a million exchange lines": head + "\n".join(swaps * 1000),
        "990 unknown pragmas": head + "\n".join(f"#x{k} y" for k in range(990)),
    }
    for name, text in cases.items():
        dt, out = _timed(text)
        what = f"{out.code}" if isinstance(out, GcgError) else f"{len(out.issues)} issues"  # type: ignore[attr-defined]
        print(f"hostile, {name}: {what} in {dt:.2f} s CPU")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--known", type=int, default=10, help="greedy games with every rack")
    ap.add_argument("--hard", default="4:1022,3:6,4:58", help="rackless PLAYERS:SEED games to time")
    ap.add_argument("--corpus", type=Path, default=DATA, help="the folder of GCG folders")
    args = ap.parse_args()
    corpus(args.corpus)
    known_racks(args.known)
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    import gcg_rackless

    for spec in args.hard.split(","):
        players, seed = (int(x) for x in spec.split(":"))
        rec = wordgames.play(new_game(players), [RandomBot()] * players, random.Random(seed))
        dt, out = _timed(gcg_rackless.strip_racks(to_gcg(rec)))
        what = out.code if isinstance(out, GcgError) else "loaded"
        print(f"rackless {players} players seed {seed}: {what} in {dt:.2f} s CPU")
    hostile()


if __name__ == "__main__":
    main()
