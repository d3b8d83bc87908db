"""Wömmeln placement-engine benchmark (prints figures; run: python benchmarks/wommeln.py).

1. Fill builtin 15x15 sheets to 40% used, the way a careful player does (the bot's placement
   choice: fewest crossed cells, most room kept) with English words from ENABLE.
2. best_placement of 10-letter ENABLE words there: median time of the placeable ones and of the
   refuted ones (a proof that the word cannot be placed), plus how many hit the node limit.
3. The same words with at most as many crossed cells as letters (the bot's cap).
4. A bot choosing among 500 candidate words on such a sheet.
5. Transitions: ``State.apply`` per action class over the states of seeded random 3-player
   games (best of 7 passes; ``--transitions-only`` runs just this part).

Targets (issue 5): placeable median <= 30 ms, proof <= 100 ms, bot choice <= 1 s.
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import time
from typing import Any

import wordgames
from wordgames import wommeln as wm
from wordgames.lexicon import Lexicon
from wordgames.wommeln.bots import choose_placement
from wordgames.wommeln.engine import (
    GridState,
    Placement,
    SearchLimitError,
    best_placement,
    validate,
)
from wordgames.wommeln.sheets import builtin_sheet


def fill(grid: GridState, words: list[str], frac: float, rng: random.Random) -> GridState:
    """Place words the bot's way until ``frac`` of the cells are used."""
    target = int(grid.size * frac)
    while grid.size - grid.free_count < target:
        batch = rng.sample(words, 30)
        p = choose_placement(grid, batch, node_limit=5_000, room_candidates=4)
        if p is None:
            continue
        if grid.size - grid.free_count + len(p.path) > target + 6:
            continue
        grid = grid.place(p)
    return grid


def line_word(grid: GridState, length: int, rng: random.Random) -> str | None:
    """The letters along a random line of ``length`` circled cells (with up to 3 crossed ones)
    on ``grid``: a word that certainly fits."""
    extra = rng.randint(0, 3)
    free = [c for c in range(grid.size) if grid.is_free(c)]
    for _ in range(200):
        path = [rng.choice(free)]
        diag = grid.diagonals
        while len(path) < length + extra:
            r, c = divmod(path[-1], grid.cols)
            options = []
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    rr, cc = r + dr, c + dc
                    if (dr or dc) and 0 <= rr < grid.rows and 0 <= cc < grid.cols:
                        x = rr * grid.cols + cc
                        bit = 1 << (min(r, rr) * grid.cols + min(c, cc)) if dr and dc else 0
                        if grid.is_free(x) and x not in path and not diag & bit:
                            options.append((x, bit))
            if not options:
                break
            x, bit = rng.choice(options)
            path.append(x)
            diag |= bit
        if len(path) == length + extra:
            inner = sorted(rng.sample(range(1, len(path) - 1), length - 2))
            circles = [0, *inner, len(path) - 1]
            p = Placement(
                "".join(grid.letters[path[i]] for i in circles), tuple(path), tuple(circles)
            )
            validate(grid, p)
            return p.word
    return None


def transitions(games: int, seed: int) -> None:
    """Microseconds per ``apply``, by action class, over random 3-player games."""
    rng = random.Random(seed)
    by_class: dict[str, list[tuple[wm.State, Any]]] = collections.defaultdict(list)
    bot = wordgames.RandomBot()
    for _ in range(games):
        s = wm.new_game(3, rules=wm.Rules(rounds=4), sheets=rng.sample(range(1, 15), 3))
        while not s.is_terminal:
            if s.is_chance_node:
                a = s.sample_chance(rng)
            else:
                a = bot.choose(s.view(min(s.players_to_act)), rng)
            by_class[type(a).__name__].append((s, a))
            s = s.apply(a)
    total = 0.0
    count = 0
    parts = []
    for name, pairs in sorted(by_class.items()):
        best = min(_time_applies(pairs) for _ in range(7))
        total += best
        count += len(pairs)
        parts.append(f"{name} {1e6 * best / len(pairs):.1f}")
    print(
        f"apply, us per action ({count} actions): {', '.join(parts)}; all {1e6 * total / count:.1f}"
    )


def _time_applies(pairs: list[tuple[wm.State, Any]]) -> float:
    t = time.perf_counter()
    for s, a in pairs:
        s.apply(a)
    return time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sheets", type=int, default=2, help="sheets to fill (default 2)")
    parser.add_argument("--words", type=int, default=40, help="10-letter words per sheet")
    parser.add_argument("--bot-trials", type=int, default=3, help="500-word bot choices per sheet")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=20, help="random games for transitions")
    parser.add_argument("--transitions-only", action="store_true")
    args = parser.parse_args()
    transitions(args.games, args.seed)
    if args.transitions_only:
        return
    rng = random.Random(args.seed)
    lex = Lexicon.builtin("en")
    words = list(lex)
    short = [w for w in words if 3 <= len(w) <= 7]
    ten = [w for w in words if len(w) == 10]
    line_t: list[float] = []
    placed_t: list[float] = []
    refuted_t: list[float] = []
    limited: list[float] = []
    cpu: dict[str, list[float]] = {
        "line": [],
        "placed": [],
        "refuted": [],
        "limited": [],
        "bot": [],
    }
    bot_t: list[float] = []
    capped: dict[str, list[float]] = {"placed": [], "refuted": [], "limited": []}
    crossed: list[int] = []
    for n in range(1, args.sheets + 1):
        grid = fill(builtin_sheet(n, language="en").grid, short, 0.40, rng)
        for _ in range(args.words):
            w = line_word(grid, 10, rng)
            if w is None:
                continue
            t, c = time.perf_counter(), time.process_time()
            p = best_placement(grid, w)
            line_t.append(time.perf_counter() - t)
            cpu["line"].append(time.process_time() - c)
            assert p is not None
        sample = rng.sample(ten, args.words)
        for w in sample:
            t, c = time.perf_counter(), time.process_time()
            try:
                p = best_placement(grid, w, node_limit=50_000)
            except SearchLimitError:
                limited.append(time.perf_counter() - t)
                cpu["limited"].append(time.process_time() - c)
                continue
            dt = time.perf_counter() - t
            if p is None:
                refuted_t.append(dt)
                cpu["refuted"].append(time.process_time() - c)
            else:
                placed_t.append(dt)
                cpu["placed"].append(time.process_time() - c)
                crossed.append(p.crossed)
        for w in sample:  # second, so the uncapped figures above are not helped by its caches
            c = time.process_time()
            try:
                capped_p = best_placement(grid, w, max_crossed=len(w), node_limit=50_000)
                capped["placed" if capped_p is not None else "refuted"].append(
                    time.process_time() - c
                )
            except SearchLimitError:
                capped["limited"].append(time.process_time() - c)
        for _ in range(args.bot_trials):
            cands = rng.sample([w for w in words if 4 <= len(w) <= 12], 500)
            t, c = time.perf_counter(), time.process_time()
            choose_placement(grid, cands)
            bot_t.append(time.perf_counter() - t)
            cpu["bot"].append(time.process_time() - c)
        used = 100 * (grid.size - grid.free_count) / grid.size
        print(f"sheet en-S{n:02d}: {used:.0f}% of cells used")

    def ms(xs: list[float], q: str = "median") -> str:
        if not xs:
            return "n/a"
        if q == "median":
            return f"{1000 * statistics.median(xs):.1f} ms"
        return f"{1000 * max(xs):.1f} ms"

    def both(wall: list[float], key: str) -> str:
        """Wall-clock median and max, then the same for CPU time."""
        return (
            f"median {ms(wall)}, max {ms(wall, 'max')} "
            f"(CPU median {ms(cpu[key])}, max {ms(cpu[key], 'max')})"
        )

    print(
        f"10-letter words read along random lines (placeable): {len(line_t)}, "
        f"{both(line_t, 'line')}"
    )
    print(f"10-letter ENABLE words placed: {len(placed_t)}, {both(placed_t, 'placed')}")
    if crossed:
        print(f"   crossed cells: median {statistics.median(crossed)}, max {max(crossed)}")
    slow = sum(1 for x in cpu["refuted"] if x > 0.1)
    print(
        f"10-letter ENABLE words refuted: {len(refuted_t)}, {both(refuted_t, 'refuted')}; "
        f"{slow} took over 100 ms"
    )
    print(f"no verdict within 50,000 search nodes: {len(limited)}, {both(limited, 'limited')}")
    print(
        "the same ENABLE words with at most 10 crossed cells (the bot's cap), CPU: "
        + ", ".join(f"{k} {len(v)} (median {ms(v)}, max {ms(v, 'max')})" for k, v in capped.items())
    )
    print(f"bot choice among 500 words: {both(bot_t, 'bot')}")


if __name__ == "__main__":
    main()
