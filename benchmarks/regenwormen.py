"""Regenwormen speed figures (issue 2). Run: .venv/bin/python benchmarks/regenwormen.py

Prints:
- random playouts, 4 players, to the end: games/s and actions/s (chance rolls included),
  driven straight through the State API, with every decision through ``apply_as`` (a
  server's checks), and through ``wordgames.play`` with ``RandomBot`` (views and a Record on
  top); target: >= 400 games/s for the first;
- solver: table build time (target < 2 s) and ``expected_worms`` time per grill after the
  build (target < 20 ms), plus ``success_probability``;
- bot games (2 players) per second for the heuristic and optimal-turn bots.

Times are CPU time of this process (time.process_time), the best of a few repeats, so that
other work on a shared machine disturbs them less; ``--quick`` does less.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import wordgames
from wordgames import regenwormen as rw


def playouts(games: int, seed: int) -> tuple[float, int]:
    """Seconds and actions for ``games`` random 4-player playouts on the State API."""
    rng = random.Random(seed)
    choose = rng.choice
    actions = 0
    t0 = time.process_time()
    for _ in range(games):
        state = rw.new_game(4)
        while not state.is_terminal:
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(choose(state.legal_actions()))
            actions += 1
    return time.process_time() - t0, actions


def served(games: int, seed: int) -> tuple[float, int]:
    """The same as a server plays it: every decision through ``apply_as`` with the ``ply``."""
    rng = random.Random(seed)
    choose = rng.choice
    actions = 0
    t0 = time.process_time()
    for _ in range(games):
        state = rw.new_game(4)
        while not state.is_terminal:
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply_as(state.turn, choose(state.legal_actions()), ply=state.ply)
            actions += 1
    return time.process_time() - t0, actions


def played(games: int, seed: int) -> tuple[float, int]:
    """The same through wordgames.play with RandomBot (views and a Record)."""
    rng = random.Random(seed)
    bot = wordgames.RandomBot()
    actions = 0
    t0 = time.process_time()
    for _ in range(games):
        actions += len(wordgames.play(rw.new_game(4), bot, rng))
    return time.process_time() - t0, actions


def best_rate(fn: object, games: int, repeats: int) -> tuple[float, float, float]:
    runs = [fn(games, seed) for seed in range(repeats)]  # type: ignore[operator]
    secs = [s for s, _ in runs]
    acts = sum(a for _, a in runs)
    best = min(secs)
    per_game = acts / (games * repeats)
    return games / best, per_game * games / best, per_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    args = parser.parse_args()
    games, repeats = (20, 5) if args.quick else (40, 12)

    print("Regenwormen benchmark")
    # The solver first, so that its table build is measured cold.
    from wordgames.regenwormen import solver

    t0 = time.process_time()
    size = solver.build()
    build = time.process_time() - t0
    print(f"solver table build: {build * 1000:.0f} ms  {size}")
    rng = random.Random(1)
    grills = [tuple(rw.TILES), (21,), (36,), tuple(range(21, 29))]
    grills += [tuple(sorted(rng.sample(rw.TILES, rng.randint(1, 16)))) for _ in range(16)]
    times = []
    for grill in grills:
        best = min(_timed(solver.expected_worms, grill) for _ in range(5))
        times.append(best)
    full = solver.expected_worms(rw.TILES)
    print(
        f"expected_worms over {len(grills)} grills: mean {statistics.mean(times) * 1000:.1f} ms,"
        f" max {max(times) * 1000:.1f} ms (best of 5 each); full grill = {float(full):.4f}"
        " worms"
    )
    t0 = time.process_time()
    probs = {t: solver.success_probability(t) for t in (21, 25, 30, 35)}
    took = time.process_time() - t0
    print(
        "success_probability: "
        + ", ".join(f">={t}: {float(p):.4f}" for t, p in probs.items())
        + f"  ({took / len(probs) * 1000:.1f} ms each)"
    )

    gps, aps, per = best_rate(playouts, games, repeats)
    print(
        f"random playouts, 4 players (State API): {gps:.0f} games/s, {aps:,.0f} actions/s,"
        f" {per:.0f} actions/game (best of {repeats} x {games} games)"
    )
    gps, aps, per = best_rate(served, games // 2, repeats)
    print(f"random playouts, decisions via apply_as(player, action, ply=...): {gps:.0f} games/s")
    gps, aps, per = best_rate(played, games // 2, repeats)
    print(
        f"random playouts via wordgames.play + RandomBot: {gps:.0f} games/s, {aps:,.0f} actions/s"
    )

    for name, bot in (
        ("HeuristicBot", rw.bots.HeuristicBot()),
        ("OptimalTurnBot", rw.bots.OptimalTurnBot()),
    ):
        n = 10 if args.quick else 30
        t0 = time.process_time()
        wins = 0
        for seed in range(n):
            seats = [bot, wordgames.RandomBot()] if seed % 2 == 0 else [wordgames.RandomBot(), bot]
            final = wordgames.play(rw.new_game(2), seats, random.Random(seed)).replay()
            assert final.outcome is not None
            wins += final.outcome.ranking[seed % 2] == 1
        dt = time.process_time() - t0
        print(f"{name} vs RandomBot, 2 players: {n / dt:.1f} games/s, won {wins}/{n}")
    t0 = time.process_time()
    n = 10 if args.quick else 30
    wins = 0
    opt, heu = rw.bots.OptimalTurnBot(), rw.bots.HeuristicBot()
    for seed in range(n):
        seats = [opt, heu] if seed % 2 == 0 else [heu, opt]
        final = wordgames.play(rw.new_game(2), seats, random.Random(seed)).replay()
        assert final.outcome is not None
        wins += final.outcome.ranking[seed % 2] == 1
    dt = time.process_time() - t0
    print(f"OptimalTurnBot vs HeuristicBot, 2 players: {n / dt:.1f} games/s, won {wins}/{n}")


def _timed(fn: object, arg: object) -> float:
    t0 = time.process_time()
    fn(arg)  # type: ignore[operator]
    return time.process_time() - t0


if __name__ == "__main__":
    main()
