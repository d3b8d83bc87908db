"""Load time, memory and lookup cost of a full superleave table (issue 38).

Run: PYTHONPATH=src python benchmarks/wocable_leaves.py [--csv PATH] [--lookups N]

``--csv`` (default ``shared/data/leaves/NWL20.csv`` in the nearest directory above the
repository root that has one, as ``../shared/data`` for the main checkout; or env
``LEAVES_CSV``) is a full English table in the Quackle/MAGPIE ``leave,value`` format
(914,624 leaves); without it the benchmark says so and stops.

Prints:

- the load time of ``LeaveTable.from_csv`` (``time.process_time`` and wall, best of
  ``--repeats``; the file is read into memory first, so the disk is not timed);
- its memory: the bytes ``tracemalloc`` sees allocated by the load and kept, and the growth
  of the process's resident set size (``/proc/self/statm``, Linux) and its peak
  (``ru_maxrss``) over the load;
- per-lookup nanoseconds of the table and of the packaged model
  (``leave_model("en").for_tiles``) on the same leaves (every sub-multiset kept by a
  placement from random racks, as ``best_moves`` asks them), the table called directly and
  through ``for_tiles``: "cold" (each leave asked once, on fresh memos) and "warm" (the
  first ``MEMO_LIMIT`` of them asked again: both memoise).

Timings on a shared machine are noisy: compare the two columns of one run.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import resource
import time
import tracemalloc
from itertools import combinations
from pathlib import Path

from _shared import NWL20  # type: ignore[import-not-found]

from wordgames.wocable import LeaveTable, Rules, new_game
from wordgames.wocable.leaves import leave_model
from wordgames.wocable.leavetable import MEMO_LIMIT

_DEFAULT = NWL20  # ../shared/data/leaves/NWL20.csv (benchmarks/_shared.py)


def _rss() -> int:
    """Resident set size in bytes (0 where /proc is missing)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except OSError:
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE")


def _leaves(n: int, seed: int) -> list[tuple[int, ...]]:
    """Distinct sorted id tuples kept by placements from random English racks."""
    t = new_game(2, rules=Rules(tiles="en")).tiles
    bag = [i for i, k in enumerate(t.counts) for _ in range(k)]
    rng = random.Random(seed)
    seen: dict[tuple[int, ...], None] = {}
    while len(seen) < n:
        rack = sorted(rng.sample(bag, 7))
        for k in range(1, 7):
            for sub in combinations(rack, k):
                seen.setdefault(sub)
    return list(seen)[:n]


def _per_call(fn: object, leaves: list[tuple[int, ...]]) -> float:
    f = fn  # a local
    t0 = time.perf_counter_ns()
    for kept in leaves:
        f(kept)  # type: ignore[operator]
    return (time.perf_counter_ns() - t0) / len(leaves)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", default=os.environ.get("LEAVES_CSV", str(_DEFAULT)))
    ap.add_argument("--lookups", type=int, default=200_000)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    path = Path(args.csv)
    if not path.is_file():
        print(f"skipped: no leave table at {path} (--csv or LEAVES_CSV)")
        return
    data = path.read_bytes()
    print(f"table {path.name}: {len(data) / 1e6:.1f} MB of CSV")

    gc.collect()
    rss0, peak0 = _rss(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    table = LeaveTable.from_csv(data)
    gc.collect()
    rss1, peak1 = _rss(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    del table
    gc.collect()
    tracemalloc.start()
    table = LeaveTable.from_csv(data)
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"leaves: {len(table):,}")
    print(
        f"memory kept (tracemalloc): {kept / 1e6:.1f} MB, peak during the load {peak / 1e6:.1f} MB"
    )
    print(
        f"resident set growth: {(rss1 - rss0) / 1e6:.1f} MB,"
        f" peak RSS growth {(peak1 - peak0) / 1e3:.1f} MB"
    )

    cpu = wall = float("inf")
    for _ in range(args.repeats):
        del table
        gc.collect()
        c0, w0 = time.process_time(), time.perf_counter()
        table = LeaveTable.from_csv(data)
        cpu = min(cpu, time.process_time() - c0)
        wall = min(wall, time.perf_counter() - w0)
    print(f"load: {cpu:.3f} s CPU, {wall:.3f} s wall (best of {args.repeats})")

    leaves = _leaves(args.lookups, 38)
    tiles = new_game(2, rules=Rules(tiles="en")).tiles
    model = leave_model("en").for_tiles(tiles)
    fn = table.for_tiles(tiles)
    # the memos hold at most MEMO_LIMIT leaves: time warm lookups on a set that fits
    warm = leaves[: min(len(leaves), MEMO_LIMIT)]
    rows = []
    for name, f in (("table(kept)", table), ("for_tiles", fn), ("model", model)):
        cold = _per_call(f, leaves)  # a fresh memo: every leave computed
        hot = min(_per_call(f, warm) for _ in range(args.repeats))
        rows.append((name, cold, hot))
    print(f"lookups of {len(leaves):,} distinct leaves of 1-6 tiles (ns per lookup):")
    print(f"  {'':12} {'cold':>8} {'warm':>8}")
    for name, cold, hot in rows:
        print(f"  {name:12} {cold:8.0f} {hot:8.0f}")


if __name__ == "__main__":
    main()
