"""Wocable simulation speed (issue 38): rollouts a second and how often simulate() decides.

Run: PYTHONPATH=src python benchmarks/wocable_simulate.py [--positions 20] [--time-limit 1.0]

Takes ``--positions`` midgame positions (the player on turn after 4 to 16 EquityBot moves of
seeded games ``f"{seed}:{i}"``, at least one tile in the bag), simulates each with
``simulate(position, candidates=--candidates, plies=--plies, iterations=None,
time_limit=--time-limit, clock=time.process_time)`` and prints per position the rollouts,
the iterations, the candidates left and why it stopped, then the median and total rollouts a
CPU second. CPU time (``time.process_time``) because the machine is shared; wall time too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from wordgames.wocable import State, new_game, simulate
from wordgames.wocable.bots import EquityBot


def positions(n: int, seed: str) -> list[State]:
    """``n`` seeded midgame positions (the player on turn, tiles in the bag)."""
    out: list[State] = []
    i = 0
    bot = EquityBot()
    while len(out) < n:
        rng = random.Random(f"{seed}:{i}")
        depth = 4 + i % 13
        i += 1
        state = new_game(2)
        moves = 0
        while not state.is_terminal and (moves < depth or state.is_chance_node):
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
                continue
            state = state.apply(bot.choose(state.view(state.turn), rng))
            moves += 1
        if not state.is_terminal and state.bag_size > 0:
            out.append(state)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--time-limit", type=float, default=1.0, help="CPU seconds a position")
    ap.add_argument("--candidates", type=int, default=8)
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--seed", default="simulate-bench")
    args = ap.parse_args()
    states = positions(args.positions, args.seed)
    simulate(states[0], candidates=2, iterations=1)  # load the lexicon and tables first
    rates: list[float] = []
    total_r = 0
    total_t = 0.0
    print("| position | bag | rollouts | iterations | left | stopped | CPU s | wall s |")
    print("|---|---|---|---|---|---|---|---|")
    for i, st in enumerate(states):
        w0, c0 = time.perf_counter(), time.process_time()
        res = simulate(
            st,
            candidates=args.candidates,
            plies=args.plies,
            iterations=None,
            time_limit=args.time_limit,
            rng=random.Random(i),
            clock=time.process_time,
        )
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        left = sum(1 for c in res.candidates if not c.dropped)
        rates.append(res.rollouts / cpu)
        total_r += res.rollouts
        total_t += cpu
        print(
            f"| {i} | {st.bag_size} | {res.rollouts} | {res.iterations} | {left} |"
            f" {res.stopped} | {cpu:.3f} | {wall:.3f} |"
        )
    print(
        f"\nrollouts a CPU second: median {statistics.median(rates):.0f},"
        f" overall {total_r / total_t:.0f} ({args.plies} plies after the candidate)"
    )


if __name__ == "__main__":
    main()
