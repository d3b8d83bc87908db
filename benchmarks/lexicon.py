"""Lexicon figures: build, load, memory, GADDAG and query speed (prints; asserts nothing).

Usage: python benchmarks/lexicon.py [--peers] [DATA_DIR]   (the folder that holds ENABLE's
``enable1.txt``; default: the shared data folder ``../shared/data`` beside the checkout, or
``$WORDGAMES_SHARED_DATA``). ``--peers`` measures ours side by side with every installed peer
(DAWG2, marisa-trie, datrie, lexpy, PyTrie: ``pip install 'wordgames[bench]'``) on the same
words and queries and prints a table and the ratios.
"""

from __future__ import annotations

import functools
import gc
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

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
lex.gaddag
with_gaddag = rss()
lex.contains_many(["CAT"])
print(loaded - before, with_gaddag - before, rss() - before)
"""


def rss_kb() -> tuple[int, ...]:
    """Resident-memory growth (KB) in a fresh process: loading the packaged ENABLE; with its
    GADDAG decoded; with the hash set and sorted words too. Linux only."""
    out = subprocess.run(
        [sys.executable, "-c", _RSS], capture_output=True, text=True, check=True
    ).stdout.split()
    return tuple(int(x) for x in out)


_FIRST_MOVE = """
import time
t0 = time.perf_counter()
c0 = time.process_time()
import random
import wordgames
from wordgames import wocable
from wordgames.lexicon import Lexicon
lex = Lexicon.builtin("en")
state = wocable.new_game(2)
rng = random.Random(1)
while state.is_chance_node:
    state = state.apply(state.sample_chance(rng))
moves = state.legal_actions()
print(time.perf_counter() - t0, time.process_time() - c0, len(moves))
"""


def first_move_s() -> tuple[float, float]:
    """Wall and CPU seconds for import + builtin English + first ``new_game(2)`` + deal +
    ``legal_actions()``, in a fresh process (the CPU time counts from the interpreter's
    start, so it includes its own start-up)."""
    out = subprocess.run(
        [sys.executable, "-c", _FIRST_MOVE], capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), float(out[1])


def racks(rng: random.Random, n: int, letters: int, blanks: int) -> list[str]:
    counts = (9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1)
    bag = "".join(chr(65 + i) * n for i, n in enumerate(counts))  # the English tile bag
    return ["".join(rng.sample(bag, letters)) + "?" * blanks for _ in range(n)]


# -- side-by-side comparison with the peers (--peers) ------------------------------------

_LOWER = "abcdefghijklmnopqrstuvwxyz"


class Peer:
    """One library under test: how to build it from the words and ask it the queries."""

    def __init__(
        self,
        name: str,
        build: Callable[[list[str]], Any],
        contains: Callable[[Any], Callable[[str], bool]],
        has_prefix: Callable[[Any], Callable[[str], bool]],
        walker: Callable[[Any], tuple[Any, Callable[[Any, str], Any], Callable[[Any], bool]]],
        dump: Callable[[Any], bytes] | None,
        load: Callable[[bytes], Any] | None,
    ) -> None:
        self.name = name
        self.build = build
        self.contains = contains
        self.has_prefix = has_prefix
        self.walker = walker
        self.dump = dump
        self.load = load


def _prefix_walker(
    obj: Any, has_prefix: Callable[[str], bool]
) -> tuple[Any, Callable[[Any, str], Any], Callable[[Any], bool]]:
    """A walk over a library that has no node API: a node is a prefix that some key has."""

    def child(p: str, ch: str) -> str | None:
        q = p + ch
        return q if has_prefix(q) else None

    return "", child, obj.__contains__


def _peers() -> list[Peer]:
    """The peers that are installed (pip install 'wordgames[bench]')."""
    import pickle
    import warnings

    warnings.filterwarnings("ignore", category=DeprecationWarning)
    out: list[Peer] = []
    try:
        import dawg

        out.append(
            Peer(
                "DAWG2 (C++)",
                dawg.CompletionDAWG,
                lambda d: d.__contains__,
                lambda d: d.has_keys_with_prefix,
                lambda d: _prefix_walker(d, d.has_keys_with_prefix),
                lambda d: d.tobytes(),
                lambda b: dawg.CompletionDAWG().frombytes(b),
            )
        )
    except ImportError:
        pass
    try:
        import marisa_trie

        out.append(
            Peer(
                "marisa-trie (C++)",
                marisa_trie.Trie,
                lambda t: t.__contains__,
                lambda t: t.has_keys_with_prefix,
                lambda t: _prefix_walker(t, t.has_keys_with_prefix),
                lambda t: t.tobytes(),
                lambda b: marisa_trie.Trie().frombytes(b),
            )
        )
    except ImportError:
        pass
    try:
        import datrie

        def build_datrie(words: list[str]) -> Any:
            t = datrie.Trie(_LOWER)
            for w in words:
                t[w] = 0
            return t

        def datrie_bytes(t: Any) -> bytes:
            import os
            import tempfile

            fd, path = tempfile.mkstemp()
            os.close(fd)
            try:
                t.save(path)
                with open(path, "rb") as fh:
                    return fh.read()
            finally:
                os.unlink(path)

        def datrie_load(b: bytes) -> Any:
            import os
            import tempfile

            fd, path = tempfile.mkstemp()
            try:
                os.write(fd, b)
                os.close(fd)
                return datrie.Trie.load(path)
            finally:
                os.unlink(path)

        out.append(
            Peer(
                "datrie (C)",
                build_datrie,
                lambda t: t.__contains__,
                lambda t: t.has_keys_with_prefix,
                lambda t: _prefix_walker(t, t.has_keys_with_prefix),
                datrie_bytes,
                datrie_load,
            )
        )
    except ImportError:
        pass
    try:
        import lexpy

        def build_lexpy(words: list[str]) -> Any:
            d = lexpy.DAWG()
            d.add_all(words)
            d.reduce()
            return d

        def lexpy_walker(d: Any) -> tuple[Any, Callable[[Any, str], Any], Callable[[Any], bool]]:
            return d.root, lambda n, ch: n.children.get(ch), lambda n: n.eow

        out.append(
            Peer(
                "lexpy (Python DAWG)",
                build_lexpy,
                lambda d: d.__contains__,
                lambda d: d.contains_prefix,
                lexpy_walker,
                pickle.dumps,
                pickle.loads,
            )
        )
    except ImportError:
        pass
    try:
        import pytrie

        def pytrie_walker(t: Any) -> tuple[Any, Callable[[Any, str], Any], Callable[[Any], bool]]:
            null = pytrie.NULL
            return t._root, lambda n, ch: n.children.get(ch), lambda n: n.value is not null

        def pytrie_prefix(t: Any) -> Callable[[str], bool]:
            find = t._find
            return lambda p: find(p) is not None

        out.append(
            Peer(
                "PyTrie (Python trie)",
                lambda words: pytrie.StringTrie.fromkeys(words),
                lambda t: t.__contains__,
                pytrie_prefix,
                pytrie_walker,
                pickle.dumps,
                pickle.loads,
            )
        )
    except ImportError:
        pass
    return out


def walk_anagrams(
    walker: tuple[Any, Callable[[Any, str], Any], Callable[[Any], bool]],
    rack: str,
    *,
    exact: bool,
    min_length: int = 2,
) -> list[str]:
    """The anagram walk every peer gets (the same algorithm as ours: a real tile where the
    rack has one, a wildcard only otherwise, so each word is found once)."""
    root, child, terminal = walker
    counts = {ch: rack.count(ch) for ch in set(rack) if ch != "?"}
    total = len(rack)
    lo = total if exact else min_length
    out: list[str] = []

    def rec(node: Any, prefix: str, blanks: int, depth: int) -> None:
        if depth >= lo and terminal(node):
            out.append(prefix)
        if depth == total:
            return
        for ch in _LOWER if blanks else [c for c, n in counts.items() if n]:
            n = counts.get(ch, 0)
            nxt = child(node, ch)
            if nxt is None:
                continue
            if n:
                counts[ch] = n - 1
                rec(nxt, prefix + ch, blanks, depth + 1)
                counts[ch] = n
            else:
                rec(nxt, prefix + ch, blanks - 1, depth + 1)

    rec(root, "", rack.count("?"), 0)
    return sorted(out)


_PEER_RSS = """
import gc, sys
sys.path.insert(0, {bench!r})
import lexicon as bench
words = open({path!r}).read().split()
peer = [p for p in bench._peers() if p.name == {name!r}][0]
def rss():
    gc.collect()
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))
before = rss()
obj = peer.build(words)
print(rss() - before)
"""

_OURS_RSS = """
import gc
from wordgames.lexicon import Lexicon
def rss():
    gc.collect()
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))
before = rss()
lex = Lexicon.builtin("en")
loaded = rss()
lex.contains_many(["CAT"])
with_set = rss()
lex.gaddag
print(loaded - before, with_set - before, rss() - before)
"""


def _rss_subprocess(code: str) -> list[int]:
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    return [int(x) for x in out]


def _rate(fn: Callable[[], object], n: int, repeat: int = 3) -> float:
    """Queries per second (best of ``repeat``), CPU time."""
    return n / best(fn, repeat)


def slot_experiments(lex: Lexicon, queries: list[str]) -> dict[str, float]:
    """Membership rates of the C-slot designs measured for issue 12 and dropped (see
    docs/lexicon.md): ``__contains__`` as a builtin behind ``staticmethod`` on a class, so
    CPython's slot calls C directly, over (a) a frozenset of the canonical and the lower-case
    words (no folding at all: ``"Cat"``, ``" cat "``, ``"[ch]ico"`` and code tuples would be
    out, unhashable input would raise) and (b) a dict of the same keys whose ``__missing__``
    (Python) takes every miss, as keeping today's answers needs; and, for scale, an empty
    Python ``__contains__``."""
    import re

    final = re.compile(r"[a-z]+|[A-Z]+").fullmatch
    canonical = list(lex)
    keys = frozenset(canonical) | frozenset(w.lower() for w in canonical if w.isalpha())

    class Missing(dict[object, bool]):
        def __missing__(self, key: object) -> bool:
            if type(key) is str and final(key):
                return False  # no other spelling to try
            return key in lex  # the full folding

    table = Missing(dict.fromkeys(keys, True))
    frozen = type("Frozen", (), {"__contains__": staticmethod(keys.__contains__)})()
    missing = type("WithMissing", (), {"__contains__": staticmethod(table.__getitem__)})()

    class Empty:
        def __contains__(self, word: object) -> bool:
            return word in keys

    empty = Empty()
    out = {
        "slot over frozenset (canonical + lower case)": _rate(
            lambda: [w in frozen for w in queries], len(queries)
        ),
        "slot over dict + Python __missing__": _rate(
            lambda: [w in missing for w in queries], len(queries)
        ),
        "Python __contains__ doing one set lookup": _rate(
            lambda: [w in empty for w in queries], len(queries)
        ),
        "bare frozenset, no method at all": _rate(
            lambda: [w in keys for w in queries], len(queries)
        ),
    }
    assert [w in frozen for w in queries] == [w in missing for w in queries]
    return out


def peers_main(enable: Path) -> int:
    """Ours against every installed peer, on the same words and queries, in one run."""
    words = enable.read_text().split()
    peers = _peers()
    print(f"ENABLE: {len(words)} words; peers installed: {[p.name for p in peers] or 'none'}")
    rng = random.Random(12)
    hits = rng.sample(words, 50_000)
    misses = [w + rng.choice(_LOWER) for w in rng.sample(words, 50_000)]
    queries = hits + misses
    rng.shuffle(queries)
    hot = queries[:5_000] * 20  # a small working set, asked again and again
    prefixes = [w[: rng.randint(1, len(w))] for w in rng.sample(words, 50_000)]
    prefixes += [p[:-1] + "q" for p in prefixes[:20_000]]
    rs = [r.lower() for r in racks(random.Random(2026), 30, 7, 2)]

    lex = Lexicon.from_file(enable, name="enable")
    assert lex.digest == Lexicon.builtin("en").digest
    lex.contains_many(["warm-up"])  # builds the hash set and the sorted tuple (see docs)
    rows: dict[str, dict[str, float]] = {}

    def medians(
        anagram: Callable[[str], object], sub: Callable[[str], object]
    ) -> tuple[float, ...]:
        a = statistics.median(timed(functools.partial(anagram, r))[1] for r in rs)
        s = statistics.median(timed(functools.partial(sub, r))[1] for r in rs)
        return a, s

    ours: dict[str, float] = {}
    ours["membership /s"] = _rate(lambda: [w in lex for w in queries], len(queries))
    ours["membership, 5,000 distinct /s"] = _rate(lambda: [w in lex for w in hot], len(hot))
    upper = [w.upper() for w in queries]
    canonical = _rate(lambda: [w in lex for w in upper], len(upper))
    print(f"ours: membership with canonical (upper-case) queries {canonical / 1e6:.2f} M/s")
    ours["batched membership /s"] = _rate(lambda: lex.contains_many(queries), len(queries))
    has_prefix = lex.has_prefix
    ours["prefix queries /s"] = _rate(lambda: [has_prefix(p) for p in prefixes], len(prefixes))
    ours["anagram 7+2 (ms)"], ours["sub-anagram 7+2 (ms)"] = (
        x * 1e3 for x in medians(lex.anagrams, lex.subanagrams)
    )
    blob = _data_file("en.lex")
    ours["load (ms)"] = best(lambda: _from_bytes(blob, "en", reuse=False, trusted=True)) * 1e3
    if sys.platform.startswith("linux"):
        loaded_kb, set_kb, full_kb = _rss_subprocess(_OURS_RSS)
        ours["memory (MB)"] = set_kb / 1e3
        print(
            f"ours: loading ENABLE adds {loaded_kb / 1e3:.1f} MB resident; with the hash set "
            f"and the sorted words (the table's figure) {set_kb / 1e3:.1f} MB; with the GADDAG "
            f"too {full_kb / 1e3:.1f} MB"
        )
    rows["wordgames (pure Python)"] = ours
    for label, rate in slot_experiments(lex, queries).items():
        print(f"experiment (dropped, see docs/lexicon.md): {label}: {rate / 1e6:.2f} M/s")
    for want in rs[:5]:  # the walks agree with ours
        assert [
            w.upper() for w in walk_anagrams(_prefix_walker(lex, has_prefix), want, exact=True)
        ] == lex.anagrams(want)

    for peer in peers:
        obj = peer.build(words)
        row: dict[str, float] = {}
        row["membership /s"] = _rate(lambda obj=obj: [w in obj for w in queries], len(queries))
        row["membership, 5,000 distinct /s"] = _rate(
            lambda obj=obj: [w in obj for w in hot], len(hot)
        )
        p = peer.has_prefix(obj)
        row["prefix queries /s"] = _rate(lambda p=p: [p(x) for x in prefixes], len(prefixes))
        w = peer.walker(obj)
        row["anagram 7+2 (ms)"], row["sub-anagram 7+2 (ms)"] = (
            x * 1e3
            for x in medians(
                lambda r, w=w: walk_anagrams(w, r, exact=True),
                lambda r, w=w: walk_anagrams(w, r, exact=False),
            )
        )
        assert [x.upper() for x in walk_anagrams(w, rs[0], exact=True)] == lex.anagrams(rs[0])
        if peer.dump is not None and peer.load is not None:
            data = peer.dump(obj)
            row["load (ms)"] = best(functools.partial(peer.load, data), 3) * 1e3
        if sys.platform.startswith("linux"):
            code = _PEER_RSS.format(
                bench=str(ROOT / "benchmarks"), path=str(enable), name=peer.name
            )
            row["memory (MB)"] = _rss_subprocess(code)[0] / 1e3
        rows[peer.name] = row
        del obj

    keys = list(ours)
    print()
    print("| library | " + " | ".join(keys) + " |")
    print("|---|" + "---|" * len(keys))
    for name, row in rows.items():
        cells = []
        for k in keys:
            v = row.get(k)
            if v is None:
                cells.append("–")
            elif k.endswith("/s"):
                cells.append(f"{v / 1e6:.2f} M")
            else:
                cells.append(f"{v:.1f}")
        print(f"| {name} | " + " | ".join(cells) + " |")
    print()
    print(
        "ratios (ours / peer for rates, peer / ours for times and memory: > 1 means ours is better)"
    )
    for name, row in rows.items():
        if name == "wordgames (pure Python)":
            continue
        parts = []
        for k in keys:
            if k in row and k in ours:
                r = ours[k] / row[k] if k.endswith("/s") else row[k] / ours[k]
                parts.append(f"{k} {r:.2f}")
        print(f"  vs {name}: " + "; ".join(parts))
    return 0


def main(argv: list[str]) -> int:
    args = [a for a in argv[1:] if a != "--peers"]
    shared = os.environ.get("WORDGAMES_SHARED_DATA") or ROOT.parent / "shared" / "data"
    data_dir = Path(args[0]) if args else Path(shared)
    enable = data_dir / "enable1.txt"
    if "--peers" in argv:
        return peers_main(enable)
    print(f"Python {sys.version.split()[0]}; times are CPU seconds (time.process_time)")

    if enable.exists():
        times = [timed(lambda: Lexicon.from_file(enable, name="enable"))[1] for _ in range(3)]
        print(f"build ENABLE from the word list: best {min(times):.2f} s of 3")
        own = Lexicon.from_file(enable, name="enable")
        g, gtime = timed(lambda: own.gaddag)
        print(
            f"GADDAG build for a lexicon without one: {gtime:.2f} s "
            f"({g.num_nodes} nodes, {g.num_edges} edges)"
        )
        saved, stime = timed(lambda: own.to_bytes(gaddag=True))
        print(f"to_bytes(gaddag=True): {len(saved) / 1e6:.2f} MB in {stime:.2f} s")
        _, btime = timed(lambda: _from_bytes(saved, None, reuse=False, verify=True))
        print(f"from_bytes of it (verified, GADDAG checked and decoded): {btime:.2f} s")
    else:
        print(f"(skipping the build figures: {enable} not found)")

    blob = _data_file("en.lex")
    print(f"packaged en.lex: {len(blob) / 1e6:.2f} MB")
    load = best(lambda: _from_bytes(_data_file("en.lex"), "en", reuse=False, trusted=True), 5)
    print(f"load the packaged ENABLE lexicon (read + checksum + inflate): best {load * 1e3:.1f} ms")
    lex = _from_bytes(blob, "en", reuse=False, trusted=True)
    g, gtime = timed(lambda: lex.gaddag)
    print(f"packaged GADDAG decoded on first use: {gtime * 1e3:.0f} ms")
    if sys.platform.startswith("linux"):
        load_kb, gaddag_kb, set_kb = rss_kb()
        print(
            f"resident memory (RSS) in a fresh process: loading ENABLE adds "
            f"{load_kb / 1e3:.1f} MB; with its GADDAG {gaddag_kb / 1e3:.1f} MB; with the hash "
            f"set and sorted words too {set_kb / 1e3:.1f} MB"
        )
        firsts = [first_move_s() for _ in range(5)]
        walls = [w for w, _ in firsts]
        cpus = [c for _, c in firsts]
        print(
            "first move in a fresh process (import, builtin English, new_game(2), deal, "
            f"legal_actions()): CPU best {min(cpus):.2f} s, median {statistics.median(cpus):.2f}"
            f" s; wall best {min(walls):.2f} s, median {statistics.median(walls):.2f} s"
        )
    lex2 = _from_bytes(blob, "en", reuse=False, trusted=True)
    _, gkept = traced(lambda: lex2.gaddag)
    print(f"memory kept by the GADDAG (tracemalloc): {gkept / 1e6:.1f} MB")
    _, settime = timed(lambda: lex2.contains_many(["CAT"]))
    print(f"hash set and sorted words built on demand: {settime:.2f} s")
    lex3 = _from_bytes(blob, "en", reuse=False, trusted=True)
    _, wkept = traced(lambda: lex3.contains_many(["CAT"]))
    print(f"memory kept by the hash set and sorted words (tracemalloc): {wkept / 1e6:.1f} MB")

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
    words = [w.lower() for w in list(lex)[::50]]
    random.Random(5).shuffle(words)
    cold = _from_bytes(blob, "en", reuse=False, trusted=True)
    t = timed(lambda: [w in cold for w in words[:1000]])[1]
    print(f"membership before the hash set is built (DAWG walks): {1000 / t / 1e6:.2f} M/s")
    lex.contains_many(["CAT"])
    t = best(lambda: [w in lex for w in words], 3)
    print(f"membership (lower-case words): {len(words) / t / 1e6:.2f} M/s")
    t = best(lambda: lex.contains_many(words), 3)
    print(f"contains_many (lower-case words): {len(words) / t / 1e6:.2f} M/s")
    prefixes = [w[: len(w) // 2 + 1] for w in words]
    t = best(lambda: [lex.has_prefix(p) for p in prefixes], 3)
    print(f"has_prefix: {len(prefixes) / t / 1e6:.2f} M/s")
    for name, query in (
        ("subanagrams('?' * 255)", lambda: lex.subanagrams("?" * 255)),
        ("anagrams('?' * 15)", lambda: lex.anagrams("?" * 15)),
        ("match('*')", lambda: lex.match("*")),
        ("match('*?' * 8 + '*')", lambda: lex.match("*?" * 8 + "*")),
        ("match('*E' + '?' * 6 + '*')", lambda: lex.match("*E" + "?" * 6 + "*")),
        ("containing('?')", lambda: lex.containing("?")),
    ):
        print(f"worst-case query {name}: {best(query, 1):.2f} s")
    es, es_load = timed(lambda: _from_bytes(_data_file("es.lex"), "es", reuse=False, trusted=True))
    print(f"load packaged 'es' ({len(es)} entries): {es_load * 1e3:.1f} ms")
    _, es_g = timed(lambda: es.gaddag)
    print(f"its GADDAG decoded on first use: {es_g * 1e3:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
