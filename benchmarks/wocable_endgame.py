"""SimBot's endgame search (issue 13): how many games it turns around against EquityBot.

Run: PYTHONPATH=src python benchmarks/wocable_endgame.py [--games N] [--depths 2 3 4]

Positions: ``--games`` seeded EquityBot self-play games (two players, English tiles, game
``i`` seeded ``f"{seed}:{i}"``), each stopped at the first turn with the bag empty. From
each position the rest of the game is played out once for each seat as the *searcher*
(the other seat is EquityBot): the searcher plays the top-scoring placement (the old
endgame, ``SimBot(endgame_depth=0)``), then again with the search at each ``--depths``
(``SimBot(endgame_depth=d, endgame_moves=--moves)``). Everything is deterministic, so the two
playouts differ only by the searcher's endgame choices. Printed per depth: the number of
playouts, how many results flipped (loss -> win, win -> loss, changes to or from a draw),
the mean change of the final spread, the implied change of the score per game (wins plus
half the draws: the net change of the searcher's score over the playouts; every game of a
match reaches such a position and SimBot holds one seat), and the time per search decision.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from wordgames.wocable import Rules, State, new_game
from wordgames.wocable.bots import EquityBot, SimBot


def first_empty_bag(seed: str) -> State | None:
    """EquityBot self-play until the bag is empty on a player's turn (None: over before)."""
    rng = random.Random(seed)
    st = new_game(2, rules=Rules())
    eq = EquityBot()
    while not st.is_terminal:
        if st.is_chance_node:
            st = st.apply(st.sample_chance(rng))
        elif st.bag_size == 0:
            return st
        else:
            st = st.apply(eq.choose(st.view(st.turn), rng))
    return None


def play_out(state: State, seat: int, bot: Any, clock: list[float]) -> int:
    """The final spread for ``seat`` when it plays ``bot`` and the other seat EquityBot;
    ``clock`` collects the seconds of each of ``seat``'s decisions."""
    rng = random.Random(0)
    eq = EquityBot()
    st = state
    while not st.is_terminal:
        view = st.view(st.turn)
        if st.turn == seat:
            t0 = time.perf_counter()
            act = bot.choose(view, rng)
            clock.append(time.perf_counter() - t0)
        else:
            act = eq.choose(view, rng)
        st = st.apply(act)
    return st.scores[seat] - st.scores[1 - seat]


def _points(spread: int) -> float:
    return 1.0 if spread > 0 else 0.5 if spread == 0 else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=250)
    ap.add_argument("--depths", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--moves", type=int, default=8)
    ap.add_argument("--seed", default="endgame")
    args = ap.parse_args()
    t0 = time.perf_counter()
    positions = [p for i in range(args.games) if (p := first_empty_bag(f"{args.seed}:{i}"))]
    print(f"{len(positions)} positions from {args.games} games ({time.perf_counter() - t0:.0f} s)")
    old_clock: list[float] = []
    old = {
        (i, seat): play_out(p, seat, SimBot(endgame_depth=0), old_clock)
        for i, p in enumerate(positions)
        for seat in (0, 1)
    }
    print(
        f"old endgame (top score): {len(old_clock)} decisions,"
        f" {1000 * sum(old_clock) / max(1, len(old_clock)):.1f} ms each"
    )
    for depth in args.depths:
        bot = SimBot(endgame_depth=depth, endgame_moves=args.moves)
        clock: list[float] = []
        t1 = time.perf_counter()
        lw = wl = draws = 0
        dspread = dscore = 0.0
        for (i, seat), before in old.items():
            after = play_out(positions[i], seat, bot, clock)
            dspread += after - before
            a, b = _points(after), _points(before)
            dscore += a - b
            lw += b == 0.0 and a == 1.0
            wl += b == 1.0 and a == 0.0
            draws += (a == 0.5) != (b == 0.5)
        n = len(old)
        print(
            f"depth {depth}, {args.moves} moves: {n} playouts; loss->win {lw}, win->loss {wl},"
            f" draw changes {draws}; mean spread change {dspread / n:+.2f};"
            f" score change per game {100 * dscore / n:+.2f} points of %;"
            f" {len(clock)} decisions, {1000 * sum(clock) / max(1, len(clock)):.0f} ms each"
            f" (max {1000 * max(clock, default=0.0):.0f} ms); {time.perf_counter() - t1:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
