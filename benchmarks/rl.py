"""Adapter overhead of wordgames.rl (issue 14). Run: .venv/bin/python benchmarks/rl.py

For each game, seeded random games are played three ways and the player actions per second
(chance resolved in the same loop, not counted as steps) are printed side by side:

- ``bare``: the library alone, ``legal_actions(p)`` then ``apply`` (what any loop needs);
- ``aec``: the PettingZoo AEC environment, ``last()`` (observation vector and action mask of
  the agent to act) then ``step(index)``;
- ``openspiel``: the OpenSpiel Python game, ``legal_actions()`` then ``apply_action``, chance
  sampled from ``chance_outcomes()`` (no observations asked for).

``ratio`` is bare steps/s over adapter steps/s (goal: at most 2); ``draw%`` is the share of the
OpenSpiel loop's time spent in the loop's own draw from the ``chance_outcomes()`` list (the
pairs unzipped and ``random.choices``), which an OpenSpiel algorithm in C++ does natively.
Times are CPU time of this
process (time.process_time), the best of the repeats, after one untimed game of each (so
lexicons and the engines' caches are warm for all three); ``--quick`` plays fewer games.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import wordgames
from wordgames import GAMES
from wordgames.rl import openspiel as wos
from wordgames.rl.pettingzoo_env import env


def setups(quick: bool) -> list[tuple[str, dict[str, Any], dict[str, Any], int]]:
    """(game, new_game keywords, OpenSpiel parameters, games per repeat)."""
    wm_rules = GAMES["wommeln"].Rules(rounds=3, intensiv=True)
    return [
        ("regenwormen", {}, {}, 5 if quick else 30),
        ("wordmeld", {}, {}, 3 if quick else 15),
        ("wommeln", {"rules": wm_rules}, {"rounds": 3, "intensiv": True}, 1 if quick else 4),
        ("wocable", {}, {}, 1 if quick else 2),
    ]


def bare(game: str, kwargs: dict[str, Any], games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and player actions of ``games`` random games on the library alone."""
    rng = random.Random(seed)
    steps = 0
    t0 = time.process_time()
    for _ in range(games):
        state = GAMES[game].new_game(2, **kwargs)
        while not state.is_terminal:
            if state.is_chance_node:
                state = state.apply(wordgames.sample_chance(state, rng))
                continue
            p = min(state.players_to_act)
            state = state.apply(rng.choice(state.legal_actions(p)))
            steps += 1
    return time.process_time() - t0, steps


def aec(game: str, kwargs: dict[str, Any], games: int, seed: int) -> tuple[float, int]:
    """The same through the PettingZoo AEC environment."""
    rng = random.Random(seed)
    e = env(game, 2, **kwargs)
    steps = 0
    t0 = time.process_time()
    for g in range(games):
        e.reset(seed=seed * 1000 + g)
        for _ in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return time.process_time() - t0, steps


DRAW = [0.0]  # CPU seconds of the last openspiel() run spent drawing chance outcomes


def openspiel(game: str, params: dict[str, Any], games: int, seed: int) -> tuple[float, int]:
    """The same through the OpenSpiel Python game (sets DRAW)."""
    rng = random.Random(seed)
    g = wos.load(game, players=2, **params)
    steps = 0
    clock = time.process_time
    draw = 0.0
    t0 = clock()
    for _ in range(games):
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                d0 = clock()
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                outcome = rng.choices(outcomes, probs)[0]
                draw += clock() - d0
                state.apply_action(outcome)
            elif state.is_simultaneous_node():
                joint = [rng.choice(state.legal_actions(p)) for p in range(2)]
                state.apply_actions(joint)
                steps += sum(a != g.wait for a in joint)  # the players who acted
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
    secs = clock() - t0
    DRAW[0] = draw / secs
    return secs, steps


def best(fn: Callable[[int], tuple[float, int]], repeats: int) -> tuple[float, float]:
    """The best steps/s over ``repeats`` seeded runs, and DRAW of that run."""
    runs = []
    for seed in range(repeats):
        secs, steps = fn(seed)
        runs.append((steps / secs, DRAW[0]))
    return max(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer games")
    args = ap.parse_args()
    repeats = 2 if args.quick else 3
    print(
        f"{'game':<12} {'bare/s':>9} {'aec/s':>9} {'ratio':>6} {'openspiel/s':>12} {'ratio':>6}"
        f" {'draw%':>6}"
    )
    for game, kwargs, params, games in setups(args.quick):
        # one untimed game each first: lexicons, tables and caches are then warm for all
        bare(game, kwargs, 1, 99), aec(game, kwargs, 1, 99), openspiel(game, params, 1, 99)
        b, _ = best(lambda s, g=game, k=kwargs, n=games: bare(g, k, n, s), repeats)
        a, _ = best(lambda s, g=game, k=kwargs, n=games: aec(g, k, n, s), repeats)
        o, d = best(lambda s, g=game, p=params, n=games: openspiel(g, p, n, s), repeats)
        print(
            f"{game:<12} {b:>9.0f} {a:>9.0f} {b / a:>6.2f} {o:>12.0f} {b / o:>6.2f} {100 * d:>6.0f}"
        )


if __name__ == "__main__":
    main()
