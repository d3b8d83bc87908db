"""Wocable speed figures (issue 4). Run: .venv/bin/python benchmarks/wocable.py [--positions N]

Prints: the one-off GADDAG build, median/max time to list all legal placements on >= 40
reproducible midgame positions (seeded greedy self-play, ENABLE) for 7-tile racks with 0, 1
and 2 blanks, the time of full greedy-vs-greedy games, and the cost of one transition
(``apply``) per kind of action, replayed from seeded games (best of 5 CPU-time runs).

``--against DIR`` (another checkout, e.g. ``git worktree add /tmp/old <commit>``) times full
generation, ``wocable.generate_moves(board_rows, rack, lexicon, rules)``, on the same 40
positions (the rack of the player on turn, then 7-tile racks with no blank and with one)
with this checkout's code and that one's side by side: each in a process of its own, three
alternating rounds, CPU time, best of 3 within a round (issue 25).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import wordgames
from wordgames import wocable
from wordgames.lexicon import Lexicon
from wordgames.wocable.movegen import raw_moves


def midgame_positions(n: int) -> list[wocable.State]:
    """Positions after 6-14 greedy moves of seeded self-play games (bag not empty)."""
    out = []
    seed = 0
    bot = wocable.bots.GreedyBot()
    while len(out) < n:
        rng = random.Random(seed)
        state = wocable.new_game(2)
        target = 6 + seed % 9
        moves = 0
        while not state.is_terminal and (moves < target or state.is_chance_node):
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(bot.choose(state.view(state.turn), rng))
                moves += 1
        if state.phase == "play" and state.bag_size >= 7:
            out.append(state)
        seed += 1
    return out


def rack_for(state: wocable.State, blanks: int, rng: random.Random) -> tuple[int, ...]:
    t = state.tiles
    pool = [i for i, n in enumerate(t.counts) if i != t.blank for _ in range(n)]
    on_board = [v & 63 for v in state.board if v >= 0]
    for v in on_board:
        if v in pool:
            pool.remove(v)
    rng.shuffle(pool)
    return tuple(sorted(pool[: 7 - blanks] + [t.blank] * blanks))


def transition_figures(games: int = 6, repeats: int = 5) -> dict[str, float]:
    """Microseconds of CPU per ``apply`` by action kind (draw, place, other = exchange and
    pass), over the actions of seeded 3-player games (greedy and random bots), best of
    ``repeats`` runs."""
    bot = wocable.bots.GreedyBot()
    pairs: list[tuple[wocable.State, object]] = []
    for g in range(games):
        # greedy games (placements), and random-bot games (many exchanges and passes)
        players = [bot] * 3 if g % 2 == 0 else [wordgames.RandomBot()] * 3
        rec = wordgames.play(wocable.new_game(3), players, random.Random(1000 + g))
        pairs.extend(zip(rec.states(), rec.actions, strict=False))
    kinds: dict[str, list[tuple[wocable.State, object]]] = {}
    for st, a in pairs:
        kind = type(a).__name__.lower()
        key = "draw" if kind == "draw" else "place" if kind == "place" else "other"
        kinds.setdefault(key, []).append((st, a))
    out = {}
    for kind, items in sorted(kinds.items()):
        best = float("inf")
        for _ in range(repeats):
            c0 = time.process_time()
            for st, a in items:
                st.apply(a)
            best = min(best, time.process_time() - c0)
        out[kind] = best / len(items) * 1e6
    return out


def generation_sets(n: int) -> dict[str, list[tuple[list[str], str]]]:
    """(board rows, rack) of the midgame positions: the rack on turn, 7 tiles no blank, 1 blank."""
    from wordgames.wocable.engine import board_rows

    positions = midgame_positions(n)
    sets: dict[str, list[tuple[list[str], str]]] = {}
    sets["rack on turn"] = [
        (board_rows(s.tiles, s.board), s.tiles.rack_text(s.racks[s.turn])) for s in positions
    ]
    for blanks in (0, 1):
        rng = random.Random(100 + blanks)
        sets[f"{blanks} blank"] = [
            (board_rows(s.tiles, s.board), s.tiles.rack_text(rack_for(s, blanks, rng)))
            for s in positions
        ]
    return sets


def time_generation(path: str) -> None:
    """Worker of ``--against``: CPU seconds (best of 3) of generate_moves over each set."""
    sets = json.loads(Path(path).read_text())
    lex = Lexicon.builtin("en")
    lex.gaddag  # noqa: B018
    rules = wocable.Rules()
    out = {}
    for name, items in sets.items():
        best = float("inf")
        count = 0
        for _ in range(3):
            c0 = time.process_time()
            count = sum(len(wocable.generate_moves(r, k, lex, rules)) for r, k in items)
            best = min(best, time.process_time() - c0)
        out[name] = [best, count]
    print(json.dumps(out))


def against(other: str, n: int) -> None:
    """Full generation with this checkout and ``other`` side by side (see the docstring)."""
    here = str(Path(__file__).resolve().parent.parent / "src")
    there = str(Path(other).resolve() / "src")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "sets.json"
        data.write_text(json.dumps(generation_sets(n)))
        rounds: dict[str, list[dict[str, list[float]]]] = {"this": [], "other": []}
        for _ in range(3):
            for label, src in (("other", there), ("this", here)):
                env = dict(os.environ, PYTHONPATH=src)
                cmd = [sys.executable, __file__, "--time-generation", str(data)]
                got = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
                rounds[label].append(json.loads(got.stdout.strip().splitlines()[-1]))
    print(f"generate_moves, {n} positions, CPU s (best of 3) in three rounds; other = {other}")
    for name in rounds["this"][0]:
        a = [r[name][0] for r in rounds["other"]]
        b = [r[name][0] for r in rounds["this"]]
        counts = {r[name][1] for r in rounds["other"] + rounds["this"]}
        same = "same move counts" if len(counts) == 1 else f"MOVE COUNTS DIFFER {counts}"
        print(
            f"  {name:13s} other {' '.join(f'{x:.3f}' for x in a)}   this"
            f" {' '.join(f'{x:.3f}' for x in b)}   ratio {min(a) / min(b):.2f}x"
            f" (per round {' '.join(f'{x / y:.2f}' for x, y in zip(a, b, strict=True))});"
            f" {rounds['this'][0][name][1]:,.0f} moves, {same}"
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--transitions-only", action="store_true")
    ap.add_argument("--against", metavar="DIR", help="another checkout to compare generation")
    ap.add_argument("--time-generation", metavar="FILE", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.time_generation:
        time_generation(args.time_generation)
        return
    if args.against:
        against(args.against, args.positions)
        return
    if args.transitions_only:
        for kind, us in transition_figures().items():
            print(f"apply({kind}): {us:.1f} us CPU per transition")
        return
    lex = Lexicon.builtin("en")
    t0 = time.perf_counter()
    lex.gaddag  # noqa: B018
    print(f"GADDAG build (one-off, lexicon package): {time.perf_counter() - t0:.2f} s")
    positions = midgame_positions(args.positions)
    print(f"{len(positions)} midgame positions (seeded greedy self-play, ENABLE)")
    print("(CPU time = time.process_time(), robust when other processes share the machine)")
    for blanks in (0, 1, 2):
        rng = random.Random(100 + blanks)
        times, cpu, counts = [], [], []
        for st in positions:
            rack = rack_for(st, blanks, rng)
            t0, c0 = time.perf_counter(), time.process_time()
            moves = raw_moves(st.tiles, st.board, rack)
            cpu.append((time.process_time() - c0) * 1000)
            times.append((time.perf_counter() - t0) * 1000)
            counts.append(len(moves))
        print(
            f"all placements, 7-tile rack with {blanks} blank(s): median "
            f"{statistics.median(times):.1f} ms wall / {statistics.median(cpu):.1f} ms CPU, "
            f"max {max(times):.1f} ms wall, median {statistics.median(counts):.0f} moves"
        )
    bot = wocable.bots.GreedyBot()
    for g in range(args.games):
        t0, c0 = time.perf_counter(), time.process_time()
        rec = wordgames.play(wocable.new_game(2), [bot, bot], random.Random(g))
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        final = rec.replay()
        print(
            f"greedy vs greedy game {g}: {dt:.2f} s wall / {dc:.2f} s CPU, {len(rec)} actions, "
            f"scores {final.scores}, {final.end_reason}"
        )
    for kind, us in transition_figures().items():
        print(f"apply({kind}): {us:.1f} us CPU per transition (best of 5, 3-player games)")


if __name__ == "__main__":
    main()
