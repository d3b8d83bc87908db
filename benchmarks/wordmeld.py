"""WordMeld benchmarks: the meld finder and whole games.

Run: ``.venv/bin/python benchmarks/wordmeld.py [--positions N] [--games N]``. Prints:

- ``legal_actions()`` time for a 10-card hand with 2 jokers and 8 words on the table, English
  ENABLE lexicon (random positions; median, 90th percentile, max, and the number of actions);
- a greedy 4-player game played to the end (time per game, actions per game);
- random 2-player playouts (states per second);
- transitions: replaying recorded greedy 4-player games (``apply`` of every action, chance
  draws included), and a view plus ``view.sample_state`` per state (CPU time).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import attrs

import wordgames
from wordgames import wordmeld as wm
from wordgames.lexicon import Lexicon


def position(rng: random.Random, lex: Lexicon, words_by_len: dict[int, list[str]]) -> wm.State:
    """A turn-start position: 8 table words, a hand of 8 letters + 2 jokers, 4 players."""
    base = wm.new_game(4, lexicon=lex)
    deck = base.setup.deck
    cl = deck.card_letters
    while True:
        free: dict[str, list[int]] = {}
        for c in range(deck.size):
            free.setdefault(cl[c], []).append(c)
        for ids in free.values():
            rng.shuffle(ids)
        table: list[tuple[int, ...]] = []
        ok = True
        while len(table) < 8 and ok:
            word = rng.choice(words_by_len[rng.choice((3, 4, 4, 5, 5, 6, 7))])
            if all(len(free.get(ch, ())) >= word.count(ch) for ch in word):
                table.append(tuple(free[ch].pop() for ch in word))
        letters = [c for k, ids in free.items() if k != wm.JOKER for c in ids]
        rng.shuffle(letters)
        hand = tuple(sorted([*letters[:8], *free[wm.JOKER][:2]]))
        rest = sorted(set(range(deck.size)) - set(hand) - {c for w in table for c in w})
        others = [tuple(sorted(rest[i * 10 : i * 10 + 10])) for i in range(3)]
        pile = tuple(sorted(rest[30:]))
        return attrs.evolve(
            base,
            hands=(hand, *others),
            pile=pile,
            table=tuple(table),
            melded=(True,) * 4,
            phase="turn",
            queue=(),
            after="",
        )


def bench_legal(n: int, seed: int) -> None:
    t0 = time.perf_counter()
    lex = Lexicon.builtin("en")
    load = time.perf_counter() - t0
    words_by_len: dict[int, list[str]] = {}
    for w in lex:
        words_by_len.setdefault(len(w), []).append(w)
    rng = random.Random(seed)
    # first call builds the per-lexicon node masks (cached afterwards)
    t0 = time.perf_counter()
    position(rng, lex, words_by_len).legal_actions()
    first = time.perf_counter() - t0
    times = []
    cpu = []
    counts = []
    kinds: dict[str, int] = {}
    for _ in range(n):
        state = position(rng, lex, words_by_len)
        t0 = time.perf_counter()
        c0 = time.process_time()
        acts = state.legal_actions()
        cpu.append(time.process_time() - c0)
        times.append(time.perf_counter() - t0)
        counts.append(len(acts))
        for o in state.play_options():
            kinds[o.kind] = kinds.get(o.kind, 0) + 1
    times.sort()
    print(
        f"ENABLE load {load * 1000:.0f} ms; "
        f"first legal_actions (builds the node masks) {first * 1000:.0f} ms"
    )
    print(
        f"legal_actions, 10-card hand with 2 jokers, 8 table words, {n} positions: "
        f"median {statistics.median(times) * 1000:.1f} ms, "
        f"p90 {times[int(0.9 * (n - 1))] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms"
    )
    print(f"  (CPU time: median {statistics.median(cpu) * 1000:.1f} ms; wall time above)")
    print(
        f"  actions per position: median {statistics.median(counts):.0f}, max {max(counts)}; "
        f"plays by class: {dict(sorted(kinds.items()))}"
    )


def bench_games(n: int, seed: int) -> None:
    state = wm.new_game(4)
    times = []
    lengths = []
    reasons: dict[str, int] = {}
    cpu = []
    for i in range(n):
        t0 = time.perf_counter()
        c0 = time.process_time()
        rec = wordgames.play(state, wm.bots.GreedyBot(), random.Random(seed + i))
        cpu.append(time.process_time() - c0)
        times.append(time.perf_counter() - t0)
        lengths.append(len(rec.actions))
        out = rec.replay().outcome
        assert out is not None
        reasons[out.reason] = reasons.get(out.reason, 0) + 1
    print(
        f"greedy 4-player game to the end, {n} games: median {statistics.median(times):.2f} s, "
        f"max {max(times):.2f} s (CPU median {statistics.median(cpu):.2f} s); "
        f"actions per game median {statistics.median(lengths):.0f}; "
        f"endings {reasons}"
    )
    t0 = time.perf_counter()
    c0 = time.process_time()
    states = 0
    for i in range(n):
        rec = wordgames.play(wm.new_game(2), wordgames.RandomBot(), random.Random(seed + i))
        states += len(rec.actions)
    dt = time.perf_counter() - t0
    dc = time.process_time() - c0
    print(
        f"random 2-player playouts: {n} games, {states} actions, {states / dt:.0f} actions/s "
        f"({states / dc:.0f} actions per CPU second)"
    )


def bench_transitions(n: int, seed: int) -> None:
    records = [
        wordgames.play(wm.new_game(4), wm.bots.GreedyBot(), random.Random(seed + 100 + i))
        for i in range(n)
    ]
    actions = sum(len(r.actions) for r in records)
    best = float("inf")
    for _ in range(5):
        c0 = time.process_time()
        for r in records:
            r.replay()
        best = min(best, time.process_time() - c0)
    states = [s for r in records for s in r.states()]
    rng = random.Random(seed)
    c0 = time.process_time()
    for i, s in enumerate(states):
        s.view(i % 4).sample_state(rng)
    views = time.process_time() - c0
    print(
        f"transitions: {n} greedy 4-player records, {actions} actions replayed in "
        f"{best * 1000:.1f} ms CPU (best of 5): {actions / best:,.0f} actions/s; "
        f"view + sample_state {views / len(states) * 1e6:.0f} us per state"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    bench_legal(args.positions, args.seed)
    bench_games(args.games, args.seed)
    bench_transitions(args.games, args.seed)


if __name__ == "__main__":
    main()
