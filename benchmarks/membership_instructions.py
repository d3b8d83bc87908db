"""Instructions a ``word in lexicon`` lookup, ours against DAWG2, under callgrind (issue 26).

Run: ``python benchmarks/membership_instructions.py [--src-compiled DIR]`` (needs valgrind;
DAWG2 from the ``bench`` extra). ``--src-compiled DIR``: the compiled build from ``DIR``, a
copy of ``src`` with the modules compiled in place by mypyc (docs/benchmarks.md, "The compiled
build"); without it, whatever ``import wordgames`` finds (the pure build in a development
checkout). Time on a shared machine is noise; instruction counts are not.

One process under callgrind (``PYTHONHASHSEED=0``) builds ENABLE's lexicon (its hash set and,
in the compiled build, its word table) and DAWG2's ``CompletionDAWG`` of the same words, then
counts, each bracketed by ``os.getppid()`` / ``os.getpgrp()`` (as benchmarks/instructions.py
does): 20,000 hits (fresh copies of random words, lower case: a string the lexicon does not
hold itself), the misses among 20,000 words with one more letter, and an empty loop. Each is
``w in x`` in a plain ``for`` loop, so the interpreter's loop (about 170 instructions a query)
is counted in both ours and DAWG2's. Printed: instructions a hit and a miss, for each.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from collections.abc import Collection, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from instructions import counted_run  # type: ignore[import-not-found]

HITS = 20_000


def _loop(container: Collection[str], queries: Sequence[str]) -> None:
    for w in queries:
        w in container  # noqa: B015 (the lookup is what is counted)


def worker() -> None:
    """Runs under callgrind: set-up, then the bracketed loops; prints the miss count."""
    import dawg  # type: ignore[import-not-found]

    import wordgames
    from wordgames.lexicon import Lexicon

    lex = Lexicon.builtin("en")
    lex.contains_many(["warm-up"])  # the hash set (and the compiled build's table)
    words = [w.lower() for w in lex]
    rng = random.Random(5)
    hits = [("x" + w)[1:] for w in rng.sample(words, HITS)]  # fresh copies
    misses = [w + rng.choice("abcdefghijklmnopqrstuvwxyz") for w in rng.sample(words, HITS)]
    misses = [m for m in misses if m not in lex]
    peer = dawg.CompletionDAWG(words)
    assert all(w in lex for w in hits)
    assert all(w in peer for w in hits)
    assert not any(w in peer for w in misses)
    for container in (lex, peer):  # warm-up
        _loop(container, hits[:100])
        _loop(container, misses[:100])
    for container, queries in ((lex, hits), (lex, misses), (lex, []), (peer, hits), (peer, misses)):
        os.getppid()
        _loop(container, queries)
        os.getpgrp()
    print(json.dumps({"misses": len(misses), "compiled": wordgames.COMPILED}))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src-compiled", metavar="DIR", help="the compiled build from DIR")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker()
        return 0
    env = dict(os.environ)
    if args.src_compiled:
        env["PYTHONPATH"] = os.path.abspath(args.src_compiled)
    with tempfile.TemporaryDirectory() as tmp:
        stdout, counts = counted_run([str(Path(__file__).resolve()), "--worker"], env, tmp)
    info = json.loads(stdout.strip().splitlines()[-1])
    ours_hit, ours_miss, empty, peer_hit, peer_miss = counts
    n_miss = info["misses"]
    build = "compiled" if info["compiled"] else "pure"
    print(f"instructions a lookup ({build} build; {HITS} hits, {n_miss} misses, loop included)")
    print(
        f"  ours:  hit {(ours_hit - empty) / HITS:7.1f}  miss {(ours_miss - empty) / n_miss:7.1f}"
    )
    print(
        f"  DAWG2: hit {(peer_hit - empty) / HITS:7.1f}  miss {(peer_miss - empty) / n_miss:7.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
