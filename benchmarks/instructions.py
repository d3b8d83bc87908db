"""Instruction counts of the hot paths, the regression guard CI runs (issue 25).

Run: ``.venv/bin/python benchmarks/instructions.py`` (compare with the baseline; exit 1 if a
workload costs more than 10 % over it), ``--update`` (record a new baseline, after a change
that is meant to cost more or that saves: say why in the commit), ``--runs 2`` (run twice and
show how far apart the counts are), ``--json`` (print the counts).

Timings on a shared machine are noise, so this counts instructions: fixed, small, seeded
workloads of every hot path run in one Python process under valgrind's callgrind
(``PYTHONHASHSEED=0``). Each workload is bracketed by two calls the workloads never make:
``os.getppid()`` (callgrind's ``--zero-before=getppid`` zeroes the counters) and
``os.getpgrp()`` (``--dump-before=getpgrp`` writes them out), so set-up (imports, loading the
lexicon, building positions) is not counted. The counts are of the pure-Python source as
installed (``pip install -e``); they depend on the Python version, so the baseline records
the one it was made with and the check refuses another.

The baseline is ``benchmarks/instructions.json``; the inputs (positions, a recorded game, a
Wömmeln sheet) are ``benchmarks/instructions_data.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASELINE = HERE / "instructions.json"
DATA = HERE / "instructions_data.json"
TOLERANCE = 0.10  # a workload may cost up to 10 % over its baseline


def workloads() -> list[tuple[str, Callable[[], object]]]:
    """The workloads, in a fixed order, each as (name, function); set-up happens here."""
    from wordgames import regenwormen as rw
    from wordgames import wocable
    from wordgames import wommeln as wml
    from wordgames._core.states import derive
    from wordgames.lexicon import Lexicon
    from wordgames.lexicon._lexicon import _data_file, _from_bytes
    from wordgames.wocable.leaves import leave_model
    from wordgames.wommeln.engine import GridState, best_placement

    data = json.loads(DATA.read_text())
    lex = Lexicon.builtin("en")
    lex.gaddag  # noqa: B018 (decoded once, before any workload)
    lex.contains_many(["warm-up"])  # the hash set and sorted words, built once
    blob = _data_file("en.lex")
    positions = [wocable.from_position(p) for p in data["wocable_positions"]]
    leave = leave_model("en").for_tiles(positions[0].tiles)
    derive(positions[0], {}).best_moves(1)  # builds the word index of the bounds, once
    rows_racks = [
        (wocable.engine.board_rows(s.tiles, s.board), s.rack_text(s.turn)) for s in positions
    ]
    game = [wocable.parse_action(a) for a in data["wocable_game"]]
    g = data["wommeln_grid"]
    grid = GridState(g["rows"], g["cols"], g["letters"], g["used"], g["circled"], g["diagonals"])
    words = data["wommeln_words"]

    all_words = list(lex)
    rng = random.Random(1)
    queries = [w.lower() for w in rng.sample(all_words, 5_000)]
    queries += [w + "q" for w in queries[:5_000]]
    prefixes = [w[: rng.randint(1, len(w))] for w in queries[:5_000]]
    racks = ["AEINRST??", "QUIZZERS", "ETAOINSH?", "BCDFGLMPR"]

    def wocable_generate() -> None:
        for rows, rack in rows_racks:
            wocable.generate_moves(rows, rack, lex)

    def wocable_legal_actions() -> None:
        for s in positions[:4]:
            derive(s, {}).legal_actions()

    def wocable_best_moves() -> None:
        for s in positions:
            derive(s, {}).best_moves(1)
        for s in positions[:4]:
            derive(s, {}).best_moves(1, leave=leave)

    def wocable_apply() -> None:
        for _ in range(3):
            state = wocable.new_game(2)
            for a in game:
                state = state.apply(a)

    def regenwormen_games() -> None:
        r = random.Random(11)
        for _ in range(20):
            state = rw.new_game(4)
            while not state.is_terminal:
                if state.is_chance_node:
                    state = state.apply(state.sample_chance(r))
                else:
                    state = state.apply(r.choice(state.legal_actions()))

    wm_pairs: list[tuple[wml.State, object]] = []
    st = wml.State.from_dict(data["wommeln_start"])
    for text in data["wommeln_game"]:
        act = wml.parse_action(text)
        wm_pairs.append((st, act))
        st = st.apply(act)

    def wommeln_apply() -> None:
        for _ in range(5):
            for before, act in wm_pairs:
                before.apply(act)

    def wommeln_search() -> None:
        for w in words:
            best_placement(grid, w)

    sys.path.insert(0, str(HERE))
    from wordmeld import position  # benchmarks/wordmeld.py

    words_by_len: dict[int, list[str]] = {}
    for w in all_words:
        words_by_len.setdefault(len(w), []).append(w)
    r = random.Random(5)
    warm, _, meld = (position(r, lex, words_by_len) for _ in range(3))
    warm.legal_actions()  # builds the per-lexicon node masks

    def wordmeld_legal_actions() -> None:
        meld.legal_actions()

    def lexicon_load() -> None:
        for _ in range(3):
            _from_bytes(blob, "en", reuse=False, trusted=True)

    def lexicon_queries() -> None:
        for q in queries:
            q in lex  # noqa: B015
        lex.contains_many(queries)
        for p in prefixes:
            lex.has_prefix(p)
        for rack in racks:
            lex.anagrams(rack)
            lex.subanagrams(rack)
        lex.match("C?T*")

    return [
        ("wocable.generate_moves", wocable_generate),
        ("wocable.legal_actions", wocable_legal_actions),
        ("wocable.best_moves", wocable_best_moves),
        ("wocable.apply", wocable_apply),
        ("regenwormen.random_games", regenwormen_games),
        ("wommeln.apply", wommeln_apply),
        ("wommeln.best_placement", wommeln_search),
        ("wordmeld.legal_actions", wordmeld_legal_actions),
        ("lexicon.load", lexicon_load),
        ("lexicon.queries", lexicon_queries),
    ]


def worker() -> None:
    """Run every workload between the two marker calls; print their names in order."""
    import gc

    names = []
    for name, fn in workloads():
        gc.collect()
        os.getppid()  # callgrind zeroes its counters here
        fn()
        os.getpgrp()  # and writes them out here
        names.append(name)
    print(json.dumps(names))


def interpreter() -> str:
    return f"{platform.python_implementation()} {platform.python_version()}"


def counted_run(
    args: list[str], env: dict[str, str] | None = None, cwd: str | None = None
) -> tuple[str, list[int]]:
    """Run ``python args...`` (this interpreter) under valgrind's callgrind with
    ``PYTHONHASHSEED=0`` (added to ``env``, default this process's environment): the counters
    are zeroed at each ``os.getppid()`` and written out at each ``os.getpgrp()`` the program
    calls. Returns its standard output and the instructions of each dump, in order. The
    other instruction-count scripts of ``benchmarks/`` run their workers through this."""
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        proc = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--zero-before=getppid",
                "--dump-before=getpgrp",
                f"--callgrind-out-file={out}",
                sys.executable,
                *args,
            ],
            env=dict(os.environ if env is None else env, PYTHONHASHSEED="0"),
            cwd=cwd,
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode:
            sys.stderr.write(proc.stderr[-3000:])
            raise SystemExit(f"the workers failed under callgrind (exit {proc.returncode})")
        counts = []
        i = 1
        while (dump := Path(f"{out}.{i}")).exists():
            with dump.open() as f:
                counts.append(int(next(ln for ln in f if ln.startswith("summary:")).split()[1]))
            i += 1
    return proc.stdout, counts


def measure() -> dict[str, int]:
    """One run of every workload under callgrind: instructions by workload."""
    stdout, counts = counted_run([__file__, "--worker"])
    names = json.loads(stdout.strip().splitlines()[-1])
    if len(counts) != len(names):
        raise SystemExit(
            f"{len(counts)} dumps for {len(names)} workloads: a workload calls os.getpgrp()"
        )
    return dict(zip(names, counts, strict=True))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--update", action="store_true", help="record a new baseline")
    ap.add_argument("--runs", type=int, default=1, help="runs (the largest count is kept)")
    ap.add_argument("--json", action="store_true", help="print the counts as JSON")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker()
        return 0
    runs = [measure() for _ in range(max(1, args.runs))]
    counts = {k: max(r[k] for r in runs) for k in runs[0]}
    if len(runs) > 1:
        for k in counts:
            lo = min(r[k] for r in runs)
            print(f"{k:28s} runs differ by {(counts[k] - lo) / lo:.4%}")
    if args.json:
        print(json.dumps(counts, indent=1))
    if args.update:
        BASELINE.write_text(
            json.dumps({"python": interpreter(), "instructions": counts}, indent=1) + "\n"
        )
        print(f"baseline written to {BASELINE.relative_to(HERE.parent)}; say why in the commit")
        return 0
    base = json.loads(BASELINE.read_text())
    if base["python"] != interpreter():
        print(
            f"the baseline was recorded under {base['python']}, this is {interpreter()}:"
            " counts are not comparable (record one with --update)"
        )
        return 1
    failed = []
    for k, n in counts.items():
        b = base["instructions"].get(k)
        if b is None:
            print(f"{k:28s} {n:>14,}  (no baseline)")
            failed.append(k)
            continue
        change = n / b - 1
        flag = "  FAIL: over 10 %" if change > TOLERANCE else ""
        if change < -TOLERANCE:
            flag = "  (cheaper: --update records it)"
        print(f"{k:28s} {n:>14,}  baseline {b:>14,}  {change:+7.1%}{flag}")
        if change > TOLERANCE:
            failed.append(k)
    if failed:
        print(f"{len(failed)} workload(s) over the baseline: {', '.join(failed)}")
        return 1
    print("every workload within 10 % of its baseline")
    return 0


if __name__ == "__main__":
    sys.exit(main())
