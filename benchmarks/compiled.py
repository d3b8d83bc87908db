"""The compiled build (mypyc) against the pure-Python build: same machine, same run (issue 26).

Run: python benchmarks/compiled.py --python VENV/bin/python [--quick] [--repeats N]
         [--only NAME ...] [--src-compiled DIR]

``VENV`` has the compiled wheel installed (``wordgames.COMPILED`` is checked); see
docs/install.md for building it. ``--src-compiled DIR`` takes the compiled build from ``DIR``
instead: a copy of ``src/wordgames`` with modules compiled in place by mypyc (quick
experiments without a wheel; docs/benchmarks.md). Every workload runs in fresh processes of
that one interpreter, alternately on the compiled build (the installed package) and on the
pure build (the same interpreter with ``PYTHONPATH`` set to this checkout's ``src``),
``--repeats`` times each; the best CPU time (``time.process_time`` of the timed part only,
setup excluded) of each build is kept. Printed per workload: the rate of each build, the ratio
compiled / pure (> 1: the compiled build is faster) and whether both builds computed the same
results (a digest of the workload's output). The workloads:

- ``wocable_gen``: full move generation (``raw_moves``) on 40 seeded greedy self-play midgame
  positions (benchmarks/wocable.py), 7-tile racks with 0 and with 1 blank;
- ``wocable_best1``: ``best_moves(1)`` on fresh copies of the 40 greedy and 40 equity
  positions of benchmarks/wocable_best_moves.py (English);
- ``lexicon_in``: ``word in lexicon`` over the 100,000 queries of ``benchmarks/lexicon.py
  --peers`` (half words, half not, lower case, random order), against DAWG2 (the fastest C
  peer there) on the same queries in the same process, when it is installed;
- ``regenwormen``: random 4-player games on the State API (benchmarks/regenwormen.py);
- ``wommeln_search``: ``best_placement`` of 10-letter words on two 40%-filled sheets
  (benchmarks/wommeln.py): the words along a line and random ENABLE words;
- ``wommeln_apply``: ``State.apply`` over every action of seeded random 3-player games;
- ``wordmeld_legal``: ``legal_actions`` on 40 turn positions (benchmarks/wordmeld.py);
- ``rl_step``: the plain-library RL step loop of benchmarks/rl.py (``bare+obs``: view,
  observation vector, legal indices, apply) on Regenwormen and WordMeld games; needs numpy
  (``wordgames[rl]``), skipped without it.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"


def _bench(name: str) -> ModuleType:
    """One of the other benchmark scripts, imported by path (its helpers are reused)."""
    spec = importlib.util.spec_from_file_location(f"_bench_{name}", HERE / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _digest(x: object) -> str:
    return hashlib.sha256(repr(x).encode()).hexdigest()[:12]


Result = tuple[float, int, str, dict[str, float]]  # CPU s, items, digest, extra rates


def w_wocable_gen(quick: bool) -> Result:
    from wordgames.wocable.movegen import raw_moves

    b = _bench("wocable")
    positions = b.midgame_positions(10 if quick else 40)
    jobs = []
    for blanks in (0, 1):
        rng = random.Random(100 + blanks)
        jobs += [(st.tiles, st.board, b.rack_for(st, blanks, rng)) for st in positions]
    out = []
    c = time.process_time()
    for tiles, board, rack in jobs:
        out.append(raw_moves(tiles, board, rack))
    dt = time.process_time() - c
    return dt, len(jobs), _digest([sorted(map(repr, m)) for m in out]), {}


def w_wocable_best1(quick: bool) -> Result:
    from wordgames._core.states import derive

    b = _bench("wocable_best_moves")
    n = 10 if quick else 40
    states = b.positions("en", n, "greedy") + b.positions("en", n, "equity")
    fresh = [derive(s, {}) for s in states]  # no cached move list
    c = time.process_time()
    out = [s.best_moves(1) for s in fresh]
    dt = time.process_time() - c
    return dt, len(states), _digest([[(str(m.action), m.score) for m in ms] for ms in out]), {}


def w_lexicon_in(quick: bool) -> Result:
    from wordgames.lexicon import Lexicon

    lex = Lexicon.builtin("en")
    words = [w.lower() for w in lex]
    rng = random.Random(12)  # the queries of benchmarks/lexicon.py --peers
    hits = rng.sample(words, 50_000)
    misses = [w + rng.choice("abcdefghijklmnopqrstuvwxyz") for w in rng.sample(words, 50_000)]
    queries = hits + misses
    rng.shuffle(queries)
    lex.contains_many(["warm-up"])  # builds the hash set, as benchmarks/lexicon.py does
    [w in lex for w in queries]  # warm-up
    best = float("inf")
    found: list[bool] = []
    for _ in range(3):
        c = time.process_time()
        found = [w in lex for w in queries]
        best = min(best, time.process_time() - c)
    extra = {}
    try:
        import dawg
    except ImportError:
        pass
    else:
        d = dawg.CompletionDAWG(words)
        peer = float("inf")
        for _ in range(3):
            c = time.process_time()
            theirs = [w in d for w in queries]
            peer = min(peer, time.process_time() - c)
        assert theirs == found
        extra["DAWG2 (C++) membership /s"] = len(queries) / peer
    return best, len(queries), _digest(found), extra


def w_regenwormen(quick: bool) -> Result:
    from wordgames import regenwormen as rw

    games = 100 if quick else 400
    rng = random.Random(7)
    choose = rng.choice
    ends = []
    c = time.process_time()
    for _ in range(games):
        state = rw.new_game(4)
        while not state.is_terminal:
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(choose(state.legal_actions()))
        ends.append(state.scores)
    dt = time.process_time() - c
    return dt, games, _digest(ends), {}


def w_wommeln_search(quick: bool) -> Result:
    from wordgames.lexicon import Lexicon
    from wordgames.wommeln.engine import SearchLimitError, best_placement
    from wordgames.wommeln.sheets import builtin_sheet

    b = _bench("wommeln")
    rng = random.Random(1)
    words = list(Lexicon.builtin("en"))
    short = [w for w in words if 3 <= len(w) <= 7]
    ten = [w for w in words if len(w) == 10]
    jobs = []
    for n in (1, 2):
        grid = b.fill(builtin_sheet(n, language="en").grid, short, 0.40, rng)
        line = [b.line_word(grid, 10, rng) for _ in range(8 if quick else 25)]
        jobs += [(grid, w) for w in line if w is not None]
        jobs += [(grid, w) for w in rng.sample(ten, 8 if quick else 25)]
    out: list[object] = []
    c = time.process_time()
    for grid, w in jobs:
        try:
            p = best_placement(grid, w, node_limit=50_000)
        except SearchLimitError:
            out.append("limit")
        else:
            out.append(None if p is None else (p.path, p.circles))
    dt = time.process_time() - c
    return dt, len(jobs), _digest(out), {}


def w_wommeln_apply(quick: bool) -> Result:
    import wordgames
    from wordgames import wommeln as wm

    rng = random.Random(1)
    pairs = []
    bot = wordgames.RandomBot()
    for _ in range(3 if quick else 10):
        s = wm.new_game(3, rules=wm.Rules(rounds=4), rng=rng)
        while not s.is_terminal:
            a = (
                s.sample_chance(rng)
                if s.is_chance_node
                else bot.choose(s.view(min(s.players_to_act)), rng)
            )
            pairs.append((s, a))
            s = s.apply(a)
    best = float("inf")
    for _ in range(5):
        c = time.process_time()
        for s, a in pairs:
            s.apply(a)
        best = min(best, time.process_time() - c)
    last = [s.apply(a).to_dict() for s, a in pairs[-20:]]
    return best, len(pairs), _digest(last), {}


def w_wordmeld_legal(quick: bool) -> Result:
    from wordgames.lexicon import Lexicon

    b = _bench("wordmeld")
    lex = Lexicon.builtin("en")
    words_by_len: dict[int, list[str]] = {}
    for w in lex:
        words_by_len.setdefault(len(w), []).append(w)
    rng = random.Random(1)
    b.position(rng, lex, words_by_len).legal_actions()  # builds the per-lexicon node masks
    states = [b.position(rng, lex, words_by_len) for _ in range(10 if quick else 40)]
    c = time.process_time()
    out = [s.legal_actions() for s in states]
    dt = time.process_time() - c
    return dt, len(states), _digest([[str(a) for a in acts] for acts in out]), {}


def w_rl_step(quick: bool) -> Result:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return 0.0, 0, "no numpy", {}
    import wordgames
    from wordgames import GAMES
    from wordgames.rl.encoding import MORE, encoder_for

    total = 0.0
    steps = 0
    trail: list[object] = []
    for game, games in (("regenwormen", 10 if quick else 30), ("wordmeld", 2 if quick else 8)):
        module = GAMES[game]
        enc = encoder_for(module.new_game(2))
        rng = random.Random(3)
        states: list[Any] = []
        c = time.process_time()
        for g in range(games):
            chance = random.Random(g)
            state = module.new_game(2)
            while True:
                while state.is_chance_node:
                    state = state.apply(wordgames.sample_chance(state, chance))
                if state.is_terminal:
                    break
                p = min(state.players_to_act)
                view = state.view(p)
                prefix: tuple[int, ...] = ()
                while True:  # the steps of one action (one for most), as benchmarks/rl.py
                    enc.observe(view, prefix)
                    idx, acts = enc.legal(view, prefix)
                    order = sorted(range(len(idx)), key=idx.__getitem__)
                    k = order[rng.randrange(len(order))]
                    if acts[k] is not MORE:
                        break
                    prefix = (*prefix, idx[k])
                state = state.apply(acts[k])
                steps += 1
            states.append(state.outcome)
        total += time.process_time() - c
        trail.append([o.scores for o in states])
    return total, steps, _digest(trail), {}


WORKLOADS: dict[str, tuple[Callable[[bool], Result], str]] = {
    "wocable_gen": (w_wocable_gen, "positions/s"),
    "wocable_best1": (w_wocable_best1, "positions/s"),
    "lexicon_in": (w_lexicon_in, "queries/s"),
    "regenwormen": (w_regenwormen, "games/s"),
    "wommeln_search": (w_wommeln_search, "searches/s"),
    "wommeln_apply": (w_wommeln_apply, "applies/s"),
    "wordmeld_legal": (w_wordmeld_legal, "positions/s"),
    "rl_step": (w_rl_step, "steps/s"),
}


def worker(name: str, quick: bool) -> None:
    import wordgames

    fn, _ = WORKLOADS[name]
    dt, items, digest, extra = fn(quick)
    print(
        json.dumps(
            {
                "compiled": wordgames.COMPILED,
                "rate": items / dt if dt else 0.0,
                "digest": digest,
                "extra": extra,
            }
        )
    )


def _run(
    python: str, pure: bool, name: str, quick: bool, compiled_src: str | None = None
) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pure:
        env["PYTHONPATH"] = str(SRC)
    elif compiled_src:
        env["PYTHONPATH"] = os.path.abspath(compiled_src)
    cmd = [python, str(Path(__file__).resolve()), "--worker", name]
    if quick:
        cmd.append("--quick")
    done = subprocess.run(cmd, env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"{name} ({'pure' if pure else 'compiled'}) failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    if result["compiled"] is pure:
        sys.exit(f"{name}: expected the {'pure' if pure else 'compiled'} build")
    return result


def _fmt(rate: float) -> str:
    if rate >= 1e6:
        return f"{rate / 1e6:.2f} M"
    if rate >= 1e3:
        return f"{rate / 1e3:.1f} k"
    return f"{rate:.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", default=sys.executable, help="interpreter with the compiled wheel")
    ap.add_argument("--quick", action="store_true", help="smaller workloads")
    ap.add_argument("--repeats", type=int, default=3, help="fresh processes per build")
    ap.add_argument("--only", nargs="*", choices=sorted(WORKLOADS), help="these workloads")
    ap.add_argument(
        "--src-compiled",
        metavar="DIR",
        help="the compiled build from DIR (a copy of src compiled in place with mypyc, "
        "docs/benchmarks.md) instead of the installed wheel",
    )
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker, args.quick)
        return
    where = args.src_compiled or "the installed package"
    print(f"interpreter: {args.python}; compiled build from {where}; pure build from {SRC}")
    print(f"(best of {args.repeats} fresh processes per build, CPU time of the timed part)")
    print(f"{'workload':16} {'unit':12} {'compiled':>10} {'pure':>10} {'ratio':>7}  results")
    for name in args.only or WORKLOADS:
        unit = WORKLOADS[name][1]
        best: dict[bool, dict[str, Any]] = {}
        for _ in range(args.repeats):
            for pure in (False, True):
                r = _run(args.python, pure, name, args.quick, args.src_compiled)
                if pure not in best or r["rate"] > best[pure]["rate"]:
                    best[pure] = r
        comp, pure_r = best[False], best[True]
        if comp["digest"] == "no numpy":
            print(f"{name:16} skipped: numpy is not installed (pip install 'wordgames[rl]')")
            continue
        same = "same" if comp["digest"] == pure_r["digest"] else "DIFFER"
        ratio = comp["rate"] / pure_r["rate"]
        print(
            f"{name:16} {unit:12} {_fmt(comp['rate']):>10} {_fmt(pure_r['rate']):>10} "
            f"{ratio:>6.2f}x  {same}",
            flush=True,
        )
        for label, rate in comp["extra"].items():
            print(
                f"{'':16} {label}: {_fmt(rate)}; compiled wordgames / it: "
                f"{comp['rate'] / rate:.2f}x",
                flush=True,
            )


if __name__ == "__main__":
    main()
