"""Lexicon figures: build, load, memory, GADDAG and query speed (prints; asserts nothing).

Usage: python benchmarks/lexicon.py [DATA_DIR]   (default: ../shared/data next to the repo)
"""

from __future__ import annotations

import functools
import gc
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from wordgames.lexicon import Lexicon
from wordgames.lexicon._lexicon import _data_file, _from_bytes

T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    """Result and CPU seconds (process time: other jobs on a shared machine do not count)."""
    t = time.process_time()
    out = fn()
    return out, time.process_time() - t


def best(fn: Callable[[], object], repeat: int = 5) -> float:
    return min(timed(fn)[1] for _ in range(repeat))


def traced(fn: Callable[[], T]) -> tuple[T, int]:
    """Result and the bytes it keeps allocated (tracemalloc)."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    out = fn()
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return out, kept


_RSS = """
import gc, resource
from wordgames.lexicon import Lexicon
def rss():
    gc.collect()
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))
before = rss()
lex = Lexicon.builtin("en")
loaded = rss()
peak0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
lex.gaddag
print(loaded - before, rss() - loaded, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak0)
"""


def rss_kb() -> tuple[int, ...]:
    """Resident-memory growth (KB) in a fresh process: loading ENABLE; then building its
    GADDAG (kept, and the transient peak). Linux only."""
    out = subprocess.run(
        [sys.executable, "-c", _RSS], capture_output=True, text=True, check=True
    ).stdout.split()
    return tuple(int(x) for x in out)


def racks(rng: random.Random, n: int, letters: int, blanks: int) -> list[str]:
    counts = (9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1)
    bag = "".join(chr(65 + i) * n for i, n in enumerate(counts))  # the English tile bag
    return ["".join(rng.sample(bag, letters)) + "?" * blanks for _ in range(n)]


def main(argv: list[str]) -> int:
    data_dir = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared" / "data"
    enable = data_dir / "enable1.txt"
    print(f"Python {sys.version.split()[0]}; times are CPU seconds (time.process_time)")

    if enable.exists():
        times = [timed(lambda: Lexicon.from_file(enable, name="enable"))[1] for _ in range(3)]
        print(f"build ENABLE from the word list: best {min(times):.2f} s of 3")
    else:
        print(f"(skipping the build figure: {enable} not found)")

    blob = _data_file("en.lex")
    print(f"packaged en.lex: {len(blob) / 1e6:.2f} MB")
    load = best(lambda: _from_bytes(_data_file("en.lex"), None, reuse=False), 5)
    print(f"load the packaged ENABLE lexicon (read + inflate + validate): best {load:.3f} s")
    lex, kept = traced(lambda: _from_bytes(_data_file("en.lex"), None, reuse=False))
    print(f"memory kept by one loaded lexicon (tracemalloc): {kept / 1e6:.1f} MB")
    if sys.platform.startswith("linux"):
        load_kb, gaddag_kb, peak_kb = rss_kb()
        print(
            f"resident memory (RSS) in a fresh process: loading ENABLE adds "
            f"{load_kb / 1e3:.1f} MB; building its GADDAG keeps {gaddag_kb / 1e3:.1f} MB more "
            f"(transient peak during the build +{peak_kb / 1e3:.0f} MB)"
        )
    wall = time.perf_counter()
    g, gtime = timed(lambda: lex.gaddag)
    wall = time.perf_counter() - wall
    print(
        f"GADDAG build on first use: {gtime:.2f} s CPU, {wall:.2f} s wall "
        f"({g.num_nodes} nodes, {g.num_edges} edges)"
    )
    lex2 = _from_bytes(_data_file("en.lex"), None, reuse=False)
    _, gkept = traced(lambda: lex2.gaddag)
    print(f"memory kept by the GADDAG (tracemalloc): {gkept / 1e6:.1f} MB")
    _, wkept = traced(lambda: list(lex2))
    print(f"memory of the word tuple cached by the first iteration: {wkept / 1e6:.1f} MB")

    rng = random.Random(2026)
    for letters, blanks in ((5, 2), (7, 2), (7, 0)):
        rs = racks(rng, 30, letters, blanks)
        ana = [timed(functools.partial(lex.anagrams, r))[1] for r in rs]
        sub = [timed(functools.partial(lex.subanagrams, r))[1] for r in rs]
        print(
            f"racks of {letters} letters + {blanks} wildcards (30 random): anagrams mean "
            f"{statistics.mean(ana) * 1e3:.1f} ms / max {max(ana) * 1e3:.1f} ms; subanagrams "
            f"mean {statistics.mean(sub) * 1e3:.1f} ms / max {max(sub) * 1e3:.1f} ms"
        )
    for pattern in ("C?T*", "*ING", "Q*", "??X??"):
        t = best(functools.partial(lex.match, pattern), 3)
        print(f"match({pattern!r}): {t * 1e3:.1f} ms")
    for fixed, before, after in (("QI", None, None), ("ZZ", (0, 3), (0, 3)), ("TION", None, 0)):
        t = best(functools.partial(lex.containing, fixed, before=before, after=after), 3)
        print(f"containing({fixed!r}, before={before}, after={after}): {t * 1e3:.1f} ms")
    words = list(lex)[::50]
    t = best(lambda: [w in lex for w in words], 3)
    print(f"membership: {t / len(words) * 1e6:.1f} µs per word")
    es, es_load = timed(lambda: _from_bytes(_data_file("es.lex"), None, reuse=False))
    print(f"load packaged 'es' ({len(es)} entries): {es_load:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
