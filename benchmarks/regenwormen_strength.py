"""Regenwormen: ``GameBot`` against ``OptimalTurnBot`` (issue 13, item 3).

Run: ``PYTHONPATH=src python benchmarks/regenwormen_strength.py [--games 2000] [--players 2 3 4]``

For each table size, one ``GameBot`` plays ``OptimalTurnBot`` in every other seat through
:func:`wordgames.arena.run` (seed ``"rw-gamebot"``, game ``i`` seeded from the seed and ``i``,
seats rotating with ``i``; in this process, one worker). Prints the bot's wins, shared firsts
and losses, its win rate (a shared first counts ``1/k``) with the Wilson 95% interval, the
fair share ``1/players``, the arena's pairwise score and the mean worm difference to the
opponents. ``--params`` takes ``GameParams`` fields as ``name=value`` to try other values.
"""

from __future__ import annotations

import argparse
import time

from wordgames import arena
from wordgames.regenwormen import bots


def table(players: int, games: int, params: bots.GameParams, seed: str) -> str:
    entrants = [bots.GameBot(params), *(bots.OptimalTurnBot() for _ in range(players - 1))]
    names = ["GameBot", *(f"OptimalTurnBot{i}" for i in range(1, players))]
    t0 = time.process_time()
    result = arena.run(
        "regenwormen", entrants, games, seed=seed, workers=1, backend="inline", names=names
    )
    took = time.process_time() - t0
    wins = shared = losses = 0
    credit = 0.0
    for r in result.results:
        firsts = sum(1 for place in r.ranking if place == 1)
        if r.place_of(0) != 1:
            losses += 1
        elif firsts == 1:
            wins += 1
            credit += 1.0
        else:
            shared += 1
            credit += 1.0 / firsts
    lo, hi = arena.wilson_interval(credit, games)
    row = result.rows[0]
    return (
        f"{players} players, {games} games: GameBot W-shared-L {wins}-{shared}-{losses}, "
        f"win rate {credit / games:.1%} (95% {lo:.1%}-{hi:.1%}; fair share {1 / players:.1%}); "
        f"pairwise score {row.score:.1%} ({row.score_interval[0]:.1%}-"
        f"{row.score_interval[1]:.1%}); mean worm diff {row.mean_score_diff:+.2f}; "
        f"{took / max(games, 1) * 1000:.0f} ms/game"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--seed", default="rw-gamebot")
    parser.add_argument("--params", nargs="*", default=[], help="GameParams overrides a=x")
    args = parser.parse_args()
    overrides = {k: float(v) for k, v in (p.split("=") for p in args.params)}
    params = bots.GameParams(**overrides)
    print(params)
    for n in args.players:
        print(table(n, args.games, params, args.seed), flush=True)


if __name__ == "__main__":
    main()
