"""Fit the win-probability model of Regenwormen's ``GameBot`` by self-play.

Run: ``PYTHONPATH=src python tools/fit_regenwormen_gamebot.py [--games 600] [--bot optimal]``

Plays ``--games`` two-player games of a bot against itself (game ``i`` with
``random.Random(i)``, so the run is deterministic), records every position between two turns
from the side of the player who has just played (the features of
:class:`wordgames.regenwormen.bots.GameParams` against the opponent, who is to move) and that
player's result (1 win, 0 loss), and fits the six coefficients by maximum likelihood
(scipy's Nelder-Mead; scipy and numpy are development tools here, never runtime needs).
``--bot game`` plays ``GameBot`` with the current defaults instead of ``OptimalTurnBot``, for
a second round of fitting on the bot's own games. Prints the fitted ``GameParams``, the
log-loss of the fit, and that of the current defaults on the same positions.
"""

from __future__ import annotations

import argparse
import math
import random

import numpy as np
from scipy.optimize import minimize

from wordgames import regenwormen as rw
from wordgames.regenwormen import bots
from wordgames.regenwormen.state import worms

FIELDS = ("tempo", "exposure", "reach", "tiebreak", "spread", "per_worm")


def samples(bot: object, games: int) -> np.ndarray:
    """Rows (d, top_me, top_o, sign, grill_worms, result) of every between-turns position."""
    rows: list[tuple[float, ...]] = []
    for i in range(games):
        rng = random.Random(i)
        state = rw.new_game(2)
        marks: list[tuple[int, tuple[float, ...]]] = []
        while not state.is_terminal:
            if state.is_chance_node:
                if state.ply and not any(state.kept):
                    me = 1 - state.turn
                    mine, theirs = state.stacks[me], state.stacks[state.turn]
                    high_me, high_o = max(mine, default=0), max(theirs, default=0)
                    marks.append(
                        (
                            me,
                            (
                                sum(map(worms, mine)) - sum(map(worms, theirs)),
                                worms(mine[-1]) if mine else 0,
                                worms(theirs[-1]) if theirs else 0,
                                (high_me > high_o) - (high_me < high_o),
                                sum(map(worms, state.grill)),
                            ),
                        )
                    )
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(bot.choose(state.view(state.turn), rng))  # type: ignore[attr-defined]
        outcome = state.outcome
        assert outcome is not None
        for me, feats in marks:
            first = [p for p in range(2) if outcome.ranking[p] == 1]
            result = 0.5 if len(first) == 2 else float(first == [me])
            rows.append((*feats, result))
    return np.array(rows, dtype=float)


def log_loss(theta: np.ndarray, data: np.ndarray) -> float:
    tempo, exposure, reach, tiebreak, spread, per_worm = theta
    d, top_me, top_o, sign, grill, y = data.T
    var = spread + per_worm * grill
    if np.any(var <= 0.01):
        return 1e9
    z = (d + tempo - exposure * top_me + reach * top_o + tiebreak * sign) / np.sqrt(var)
    # log(1 + exp(-z)) and log(1 + exp(z)), stably
    return float(np.mean(y * np.logaddexp(0, -z) + (1 - y) * np.logaddexp(0, z)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--bot", choices=("optimal", "game"), default="optimal")
    args = parser.parse_args()
    bot = bots.OptimalTurnBot() if args.bot == "optimal" else bots.GameBot()
    data = samples(bot, args.games)
    current = np.array([getattr(bots.GameParams(), f) for f in FIELDS])
    fit = minimize(
        log_loss,
        current,
        args=(data,),
        method="Nelder-Mead",
        options={"maxiter": 4000, "xatol": 1e-4, "fatol": 1e-7},
    )
    print(f"{args.games} games of {type(bot).__name__} self-play, {len(data)} positions")
    print(
        f"log-loss: current defaults {log_loss(current, data):.5f}, fitted {fit.fun:.5f}"
        f" (a coin: {math.log(2):.5f})"
    )
    print(
        "GameParams(" + ", ".join(f"{f}={x:.3f}" for f, x in zip(FIELDS, fit.x, strict=True)) + ")"
    )


if __name__ == "__main__":
    main()
