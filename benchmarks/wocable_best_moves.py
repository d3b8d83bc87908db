"""Speed of Wocable's best_moves (shadow-bounded top-k) against full generation (issue 13).

Run: PYTHONPATH=src python benchmarks/wocable_best_moves.py [--positions N]
     [--play greedy|equity|random|both|all] [--split]

``--split`` prints, instead of the comparison, where the time of the top move goes position
by position (cross-checks, shadow bounds, the rest of ``shadow.ranked``) and how many anchors
are bounded, have no move, or reach the best key (see :func:`split`). ``--count`` prints
instead the instructions (valgrind's callgrind) of one warm pass of ``anchor_bounds`` and one
of ``shadow.ranked(..., 1)`` over all the positions chosen (see :func:`count`): a figure
that does not depend on the machine's load, for whichever build ``PYTHONPATH`` selects.

Positions: reproducible midgame states after 4-15 moves of seeded self-play (English and
Spanish), with the rack of the player on turn (blanks as dealt), from two kinds of play:

- ``greedy``: GreedyBot plays the top score, so it keeps what it cannot play (a Q, a rack of
  consonants): poor racks with few moves, where full generation is cheapest;
- ``equity``: EquityBot keeps good leaves (blanks, S, balanced racks): the racks bots meet in
  practice, with more moves (and more blanks) a position;
- ``random``: a uniformly random placement each turn (any legal one, exchanges and passes
  left out), seeds of their own: positions no bot of the project chose, as a new user
  would try them.

For each position and each method the CPU time (``time.process_time``, best of
``--repeats`` runs over all positions) of:

- ``full``: what ``best_moves`` did before, ``state.moves()[:k]`` on a fresh state (generate
  every placement, build the moves, sort by score then notation);
- ``raw``: the generator alone, ``raw_moves`` (no sorting), a floor for any full approach;
- ``shadow``: ``state.best_moves(k)`` on a fresh state (the results are checked equal);
- the same with the language's leave model (``leave=``), against full generation plus the
  leave of every move.
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from instructions import counted_run  # type: ignore[import-not-found]

from wordgames._core.states import derive
from wordgames.wocable import Rules, State, bots, new_game
from wordgames.wocable.engine import BLANK_BIT, Tiles
from wordgames.wocable.leaves import leave_model
from wordgames.wocable.movegen import RawMove, anchor_walker, anchors, cross_checks, raw_moves
from wordgames.wocable.shadow import anchor_bounds, ranked, word_keys


def positions(lang: str, n: int, play: str = "greedy", salt: str = "bm") -> list[State]:
    out = []
    seed = 0
    bot: bots.GreedyBot | bots.EquityBot = (
        bots.GreedyBot() if play == "greedy" else bots.EquityBot()
    )
    while len(out) < n:
        if play == "random":
            got = _random_play(lang, seed)
            seed += 1
            if got is not None:
                out.append(got)
            continue
        rng = random.Random(f"{salt}:{lang}:{seed}")
        state = new_game(2, rules=Rules(tiles=lang))
        target = 4 + seed % 12
        moves = 0
        while not state.is_terminal and (moves < target or state.is_chance_node):
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(bot.choose(state.view(state.turn), rng))
                moves += 1
        if state.phase == "play" and state.bag_size >= 7:
            out.append(derive(state, {}))  # a fresh copy: no cached move list
        seed += 1
    return out


def _random_play(lang: str, seed: int) -> State | None:
    """A midgame position after 4-15 uniformly random placements (seeded), or None."""
    rng = random.Random(f"random-play:{lang}:{seed}")
    state = new_game(2, rules=Rules(tiles=lang))
    target = 4 + seed % 12
    moves = 0
    while not state.is_terminal and (moves < target or state.is_chance_node):
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        places = [state.action_of(m) for m in state.raw_moves()]
        if not places:
            return None
        state = state.apply(rng.choice(places))
        moves += 1
    if state.phase == "play" and state.bag_size >= 7 and not state.is_chance_node:
        return derive(state, {})
    return None


def cpu(fn: Callable[[State], object], states: list[State], repeats: int) -> float:
    """Best of ``repeats`` CPU seconds per position (fresh copies each run)."""
    best = float("inf")
    for _ in range(repeats):
        fresh = [derive(s, {}) for s in states]
        c0 = time.process_time()
        for s in fresh:
            fn(s)
        best = min(best, time.process_time() - c0)
    return best / len(states)


def per_position(fn: Callable[[State], object], states: list[State], repeats: int) -> list[float]:
    """CPU seconds of each position, best of ``repeats`` (a fresh copy each time)."""
    out = []
    for s in states:
        best = float("inf")
        for _ in range(repeats):
            fresh = derive(s, {})
            c0 = time.process_time()
            fn(fresh)
            best = min(best, time.process_time() - c0)
        out.append(best)
    return out


def full_equity(s: State, k: int, leave: Callable[[tuple[int, ...]], float]) -> list[str]:
    t = s.tiles
    rack = s.racks[s.turn]
    keyed = []
    for raw in raw_moves(t, s.board, rack):
        _, score, placed = raw
        kept = list(rack)
        for _, v in placed:
            kept.remove(t.blank if v & BLANK_BIT else v)
        keyed.append((-(score + leave(tuple(kept))), str(s.action_of(raw))))
    keyed.sort()
    return [a for _, a in keyed[:k]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=40, help="positions per language")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument(
        "--play",
        choices=["greedy", "equity", "random", "both", "all"],
        default="both",
        help="which positions (both: greedy and equity; all: the three)",
    )
    ap.add_argument("--langs", default="en,es", help="tile sets, comma-separated")
    ap.add_argument(
        "--salt", default="bm", help="seeds the games (another salt: other games, same bots)"
    )
    ap.add_argument(
        "--split",
        action="store_true",
        help="only where the time of best_moves(1) goes, per position (medians)",
    )
    ap.add_argument(
        "--count",
        action="store_true",
        help="only the instructions (callgrind) of the bounds and of ranked(1), all positions",
    )
    ap.add_argument("--count-worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.count_worker:
        _count_worker(args.count_worker)
        return
    plays = {"both": ["greedy", "equity"], "all": ["greedy", "equity", "random"]}.get(
        args.play, [args.play]
    )
    if args.count:
        count(plays, args.langs.split(","), args.positions, args.salt)
        return
    for play in plays:
        for lang in args.langs.split(","):
            if args.split:
                split(lang, play, args.positions, args.repeats, args.salt)
            else:
                report(lang, play, args.positions, args.repeats, args.salt)


def _best_of(fn: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        c0 = time.process_time()
        fn()
        best = min(best, time.process_time() - c0)
    return best


def _split_one(
    s: State, repeats: int, cols: dict[str, list[float]], counts: dict[str, int]
) -> None:
    """One position of :func:`split`."""
    t, board, rack = s.tiles, s.board, s.racks[s.turn]
    letters = t.all_mask if t.blank in rack else sum(1 << c for c in set(rack))
    anc = anchors(t, board)
    extra = [0.0] * (len(rack) + 1)
    cc = [cross_checks(t, board, across, letters) for across in (True, False)]
    cols["cc"].append(
        _best_of(lambda: [cross_checks(t, board, a, letters) for a in (True, False)], repeats)
    )
    cols["bounds"].append(
        _best_of(
            lambda: [
                anchor_bounds(t, board, rack, a, anc, cc[i][0], cc[i][1], extra)
                for i, a in enumerate((True, False))
            ],
            repeats,
        )
    )
    cols["ranked"].append(_best_of(lambda: ranked(t, board, rack, 1), repeats))
    cols["full"].append(_best_of(lambda: derive(s, {}).moves()[:1], repeats))
    found = ranked(t, board, rack, 1)
    top = found[0][0] if found else float("inf")
    rc = [0] * (t.blank + 1)
    for c in rack:
        rc[c] += 1
    for i, across in enumerate((True, False)):
        out: list[RawMove] = []
        set_line, from_anchor = anchor_walker(
            t, board, rc, len(rack), across, anc, cc[i][0], cc[i][1], out
        )
        for b, line, pos, _ in anchor_bounds(t, board, rack, across, anc, *cc[i], extra):
            out.clear()
            set_line(line)
            from_anchor(pos, ())
            counts["bounded"] += 1
            counts["no move"] += not out
            if b >= top:
                counts["reach the best"] += 1
                counts["of them below it"] += max((m[1] for m in out), default=-1) < top


def _prepared(
    jobs: list[tuple[str, tuple[int, ...], tuple[int, ...]]],
) -> list[
    tuple[Tiles, tuple[int, ...], tuple[int, ...], list[bool], list[tuple[list[int], list[int]]]]
]:
    """The positions of :func:`count` with their tiles, anchors and cross-checks."""
    tiles: dict[str, Tiles] = {}
    out = []
    for lang, board, rack in jobs:
        if lang not in tiles:
            tiles[lang] = new_game(2, rules=Rules(tiles=lang)).tiles
            word_keys(tiles[lang])  # the one-off index, built before counting
        t = tiles[lang]
        letters = t.all_mask if t.blank in rack else sum(1 << c for c in set(rack))
        cc = [cross_checks(t, board, a, letters) for a in (True, False)]
        out.append((t, board, rack, anchors(t, board), cc))
    return out


def _count_worker(path: str) -> None:
    """Under callgrind: one warm pass of each workload between the marker calls."""
    import gc

    with open(path, "rb") as f:
        prepared = _prepared(pickle.load(f))

    def bounds() -> None:
        for t, board, rack, anc, cc in prepared:
            extra = [0.0] * (len(rack) + 1)
            for i, across in enumerate((True, False)):
                anchor_bounds(t, board, rack, across, anc, cc[i][0], cc[i][1], extra)

    def top1() -> None:
        for t, board, rack, _, _ in prepared:
            ranked(t, board, rack, 1)

    bounds()
    top1()  # warm
    for fn in (bounds, top1):
        gc.collect()
        os.getppid()  # callgrind zeroes its counters here
        fn()
        os.getpgrp()  # and writes them out here


def count(plays: list[str], langs: list[str], n: int, salt: str = "bm") -> None:
    """Instructions (valgrind's callgrind, ``PYTHONHASHSEED=0``) of one warm pass of
    ``anchor_bounds`` (both directions, cross-checks and anchors given) and one of
    ``shadow.ranked(..., 1)`` over the positions of every play and language, counted as
    ``benchmarks/instructions.py`` counts (the set-up is not counted)."""
    jobs = [
        (lang, tuple(s.board), tuple(s.racks[s.turn]))
        for play in plays
        for lang in langs
        for s in positions(lang, n, play, salt)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "positions.pickle")
        with open(data, "wb") as f:
            pickle.dump(jobs, f)
        _, counts = counted_run([__file__, "--count-worker", data])
    print(
        f"{len(jobs)} positions ({', '.join(plays)}; {', '.join(langs)}): anchor_bounds"
        f" {counts[0] / 1e6:.1f} M instructions, ranked(1) {counts[1] / 1e6:.1f} M"
    )


def split(lang: str, play: str, n: int, repeats: int, salt: str = "bm") -> None:
    """Where the time of the top move goes, position by position (CPU, best of
    ``repeats``; medians over the positions): the cross-checks of both directions, the
    shadow bounds of every anchor (``anchor_bounds``), the rest of ``shadow.ranked(..., 1)``
    (the walks, their set-up, the final sort), against full generation; and per position
    the anchors bounded, those without any move, and those whose bound reaches the best key
    (what would be walked if the best key were known from the start), split into walks that
    find the best key and walks that find nothing as good."""
    states = positions(lang, n, play, salt)
    word_keys(states[0].tiles)
    cols: dict[str, list[float]] = {k: [] for k in ("cc", "bounds", "ranked", "full")}
    counts = {"bounded": 0, "no move": 0, "reach the best": 0, "of them below it": 0}
    for s in states:
        _split_one(s, repeats, cols, counts)
    med = {k: statistics.median(v) * 1e3 for k, v in cols.items()}
    ratio = statistics.median(f / r for f, r in zip(cols["full"], cols["ranked"], strict=True))
    free = statistics.median(
        f / (r - b) for f, r, b in zip(cols["full"], cols["ranked"], cols["bounds"], strict=True)
    )
    print(
        f"{lang}, {play} play, medians per position: full {med['full']:.2f} ms,"
        f" ranked(1) {med['ranked']:.2f} ms (median ratio {ratio:.1f}x; {free:.1f}x if the"
        f" bounds cost nothing): cross-checks {med['cc']:.2f} ms, bounds {med['bounds']:.2f} ms"
    )
    print(
        "  anchors a position: "
        + ", ".join(f"{k} {v / len(states):.1f}" for k, v in counts.items())
    )


def report(lang: str, play: str, n: int, repeats: int, salt: str = "bm") -> None:
    states = positions(lang, n, play, salt)
    word_keys(states[0].tiles)  # the one-off index, built once per lexicon
    leave = leave_model(lang).for_tiles(states[0].tiles)
    for s in states:
        for k in (1, 10):
            a = [str(m.action) for m in derive(s, {}).moves()[:k]]
            b = [str(m.action) for m in derive(s, {}).best_moves(k)]
            assert a == b, "best_moves disagrees with full generation"
        eq = [str(m.action) for m in derive(s, {}).best_moves(1, leave=leave)]
        assert eq == full_equity(s, 1, leave)
    blanks = sum(1 for s in states if s.tiles.blank in s.racks[s.turn])
    sizes = sorted(len(raw_moves(s.tiles, s.board, s.racks[s.turn])) for s in states)
    print(
        f"{lang}, {play} play: {len(states)} positions ({blanks} racks with a blank,"
        f" median {sizes[len(sizes) // 2]} placements)"
    )
    raw = cpu(lambda s: raw_moves(s.tiles, s.board, s.racks[s.turn]), states, repeats)
    print(f"  raw_moves (generation only)      {raw * 1e3:7.2f} ms")
    for k in (1, 10):
        full = cpu(lambda s, k=k: s.moves()[:k], states, repeats)
        fast = cpu(lambda s, k=k: s.best_moves(k), states, repeats)
        print(
            f"  top {k:<2} full {full * 1e3:7.2f} ms   shadow {fast * 1e3:7.2f} ms"
            f"   speed-up {full / fast:4.1f}x (vs raw_moves alone {raw / fast:4.1f}x)"
        )
    # the same top 1, position by position: the median of the per-position ratios, which a
    # few positions with a blank (whose full lists are the longest) do not dominate
    fulls = per_position(lambda s: s.moves()[:1], states, repeats)
    fasts = per_position(lambda s: s.best_moves(1), states, repeats)
    ratios = sorted(f / b for f, b in zip(fulls, fasts, strict=True))
    print(
        f"  top 1 per position: median ratio {statistics.median(ratios):4.1f}x"
        f" (quartiles {ratios[len(ratios) // 4]:.1f}x, {ratios[3 * len(ratios) // 4]:.1f}x;"
        f" min {ratios[0]:.1f}x), ratio of totals {sum(fulls) / sum(fasts):4.1f}x"
    )
    full = cpu(lambda s, f=leave: full_equity(s, 1, f), states, repeats)
    fast = cpu(lambda s, f=leave: s.best_moves(1, leave=f), states, repeats)
    print(
        f"  top 1 by equity: full {full * 1e3:7.2f} ms   shadow {fast * 1e3:7.2f} ms"
        f"   speed-up {full / fast:4.1f}x"
    )


if __name__ == "__main__":
    main()
