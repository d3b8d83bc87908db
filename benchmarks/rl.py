"""Adapter overhead of wordgames.rl (issue 14). Run: .venv/bin/python benchmarks/rl.py

For each game, seeded random games are played through five loops and the player actions per
second (chance resolved in the same loop, not counted as steps) are printed side by side. A
Wocable placement or a WordMeld play is chosen in several steps (an index each, docs/rl.md):
the loops that choose indices (bare+obs, aec, openspiel) take every step, with its
observation and mask, and count the action once, when its last step applies it:

- ``bare``: the library alone, ``legal_actions(p)`` then ``apply``;
- ``bare+obs``: what a reinforcement-learning loop on the plain library must do per step, the
  same work an environment hands its agent: the acting player's ``view``, and per step its
  observation vector (``encoder.observe``), its legal indices and the 0/1 mask over them
  (``encoder.legal``), then ``apply`` of the chosen action. It plays the very games the AEC
  loop plays (same chance seed and sampler, same choice among the sorted legal indices);
- ``aec``: the PettingZoo AEC environment, ``last()`` (observation vector and action mask of
  the agent to act) then ``step(index)``;
- ``openspiel``: the OpenSpiel Python game, ``legal_actions()`` then ``apply_action``, chance
  sampled from ``chance_outcomes()`` (no observations asked for, so it is set against
  ``bare``, which asks none either);
- the frameworks' floors, measured in the same run: ``null aec``, a PettingZoo AEC
  environment that does nothing per step (constant observation and mask of the same sizes,
  two agents taking turns) driven by the same loop as ``aec``; ``null os``, an OpenSpiel
  Python game that does nothing per step (two players taking turns, a one-outcome chance
  node as often as the real game has chance nodes) driven by the same loop as ``openspiel``.

Columns: ``aec/bo`` is the AEC step time over the bare+obs step time (the adapter overhead;
goal at most 2), ``os/b`` the OpenSpiel step time over the bare step time. ``aec-fl`` and
``os-fl`` set the framework's floor aside: (adapter step time - null step time) / bare(+obs)
step time, the ratio as it would be if the framework's own per-step cost were nil; 1 + our
adapter's own overhead. ``draw%`` is the share of the OpenSpiel loop spent in the loop's own
draw from the ``chance_outcomes()`` list (the pairs unzipped and ``random.choices``), which an
OpenSpiel algorithm in C++ does natively; ``os-fl-draw`` is ``os-fl`` with that draw taken out
of the OpenSpiel time; ``idx/act`` is the number of indices (environment steps) the AEC loop
chose per player action (above 1 where actions are chosen in steps). Times are CPU time of this
process (time.process_time), the best of the repeats; each repeat's games are played once
untimed first (lexicons and the games' own caches are then equally warm for every loop: Wommeln
keeps its searches, so the first loop to play a game would otherwise pay for them all);
``--quick`` plays fewer games.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from pettingzoo import AECEnv

import wordgames
from wordgames import GAMES
from wordgames.rl import openspiel as wos
from wordgames.rl.encoding import MORE, encoder_for
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


def bare_obs(game: str, kwargs: dict[str, Any], games: int, seed: int) -> tuple[float, int]:
    """The plain-library RL loop: view, observation vector, legal indices and mask, apply.
    Plays the same games as :func:`aec` with the same ``seed``."""
    rng = random.Random(seed)
    module = GAMES[game]
    enc = encoder_for(module.new_game(2, **kwargs))
    n = enc.num_player_actions
    steps = 0
    t0 = time.process_time()
    for g in range(games):
        chance = random.Random(seed * 1000 + g)  # as the environment's reset(seed=...)
        state = module.new_game(2, **kwargs)
        own = hasattr(state, "sample_chance")
        while True:
            while state.is_chance_node:
                outcome = (
                    state.sample_chance(chance) if own else wordgames.sample_chance(state, chance)
                )
                state = state.apply(outcome)
            if state.is_terminal:
                break
            p = min(state.players_to_act)
            view = state.view(p)
            prefix: tuple[int, ...] = ()
            while True:  # the steps of one action (one for most)
                obs = enc.observe(view, prefix)
                idx, acts = enc.legal(view, prefix)
                mask = np.zeros(n, dtype=np.int8)
                mask[idx] = 1
                del obs  # an agent would read them
                order = sorted(range(len(idx)), key=idx.__getitem__)  # as np.flatnonzero(mask)
                k = order[rng.randrange(len(order))]
                if acts[k] is not MORE:
                    break
                prefix = (*prefix, idx[k])
            state = state.apply(acts[k])
            steps += 1
    return time.process_time() - t0, steps


STEPS = [0.0]  # indices chosen per player action in the last _aec_loop() run


def _aec_loop(e: Any, games: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    steps = indices = 0
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
            steps += not getattr(e, "pending_steps", ())  # the action's last step
            indices += 1
    STEPS[0] = indices / max(steps, 1)
    return time.process_time() - t0, steps


def aec(game: str, kwargs: dict[str, Any], games: int, seed: int) -> tuple[float, int]:
    """The same through the PettingZoo AEC environment."""
    return _aec_loop(env(game, 2, **kwargs), games, seed)


class NullAEC(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment that does nothing: two agents take turns for ``length``
    steps; the observation and mask are constant arrays of the given sizes (new dicts and
    copies per observation, as an environment hands out arrays the agent owns)."""

    metadata: dict[str, Any] = {"name": "null_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, obs_size: int, num_actions: int, length: int) -> None:
        super().__init__()
        self.possible_agents = ["player_0", "player_1"]
        self._obs = np.zeros(obs_size, dtype=np.float32)
        self._mask = np.ones(num_actions, dtype=np.int8)
        self._length = length
        self._t = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = "player_0"
        self._t = 0

    def observe(self, agent: str) -> dict[str, Any]:
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._t += 1
        if self._t >= self._length:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = "player_1" if agent == "player_0" else "player_0"


_NULL_TYPE = pyspiel.GameType(
    short_name="python_wordgames_null_benchmark",
    long_name="a game that does nothing (benchmark floor)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={"length": 100, "chance_per_1000": 0},
)


class NullGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel Python game that does nothing: two players take turns for ``length``
    player steps, each with the legal actions [0, 1]; before a step, a chance node with one
    outcome comes ``chance_per_1000`` times in 1000 (spread evenly)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {"length": 100, "chance_per_1000": 0, **(params or {})}
        self.length = int(p["length"])
        self.chance = int(p["chance_per_1000"])
        super().__init__(
            _NULL_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=2,
                max_chance_outcomes=1,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=self.length,
            ),
            p,
        )

    def new_initial_state(self) -> NullState:
        return NullState(self)


class NullState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: NullGame) -> None:
        super().__init__(game)
        self._len = game.length
        self._chance_rate = game.chance
        self._t = 0
        self._credit = 0
        self._at_chance = False
        self._next()

    def _next(self) -> None:
        self._credit += self._chance_rate
        if self._credit >= 1000:
            self._credit -= 1000
            self._at_chance = True

    def current_player(self) -> int:
        if self._t >= self._len:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._at_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return self._t % 2

    def _legal_actions(self, player: int) -> list[int]:
        return [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 1.0)]

    def _apply_action(self, action: int) -> None:
        if self._at_chance:
            self._at_chance = False
            return
        self._t += 1
        self._next()

    def is_terminal(self) -> bool:
        return self._t >= self._len

    def returns(self) -> list[float]:
        return [0.0, 0.0]


if "python_wordgames_null_benchmark" not in pyspiel.registered_names():
    pyspiel.register_game(_NULL_TYPE, NullGame)

DRAW = [0.0]  # CPU seconds of the last openspiel() run spent drawing chance outcomes
CHANCE = [0.0]  # chance nodes per player step in the last openspiel() run
OS_STEPS = [1.0]  # OpenSpiel actions per player action in the last openspiel() run


def _openspiel_loop(g: Any, games: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    steps = chance = decisions = 0
    clock = time.process_time
    draw = 0.0
    wait = g.num_distinct_actions() - 1
    simultaneous = g.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
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
                chance += 1
            elif state.is_simultaneous_node():
                joint = [rng.choice(state.legal_actions(p)) for p in range(2)]
                state.apply_actions(joint)
                steps += sum(a != wait for a in joint) if simultaneous else 0  # who acted
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += not getattr(state, "pending_steps", ())  # the action's last step
                decisions += 1
    secs = clock() - t0
    DRAW[0] = draw / secs
    CHANCE[0] = chance / max(steps, 1)
    OS_STEPS[0] = decisions / steps if decisions and steps else 1.0
    return secs, steps


def openspiel(game: str, params: dict[str, Any], games: int, seed: int) -> tuple[float, int]:
    """The same through the OpenSpiel Python game (sets DRAW and CHANCE)."""
    return _openspiel_loop(wos.load(game, players=2, **params), games, seed)


def null_openspiel(chance_per_step: float, games: int, seed: int) -> tuple[float, int]:
    g = pyspiel.load_game(
        "python_wordgames_null_benchmark",
        {"length": 200, "chance_per_1000": min(1000, round(1000 * chance_per_step))},
    )
    return _openspiel_loop(g, games, seed)


def best(fn: Callable[[int], tuple[float, int]], repeats: int) -> float:
    """The best steps/s over ``repeats`` seeded runs, each timed on its second play (see
    :func:`warm_runs`)."""
    return max(steps / secs for secs, steps in warm_runs(fn, repeats))


def warm_runs(fn: Callable[[int], tuple[float, int]], repeats: int) -> list[tuple[float, int]]:
    """``fn(seed)`` for each seed, played once untimed and then timed: the games' own caches
    (Wommeln keeps its searches) are then equally warm for every loop, whichever runs first
    (bare+obs and aec play the same games)."""
    out = []
    for seed in range(repeats):
        fn(seed)
        out.append(fn(seed))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer games")
    args = ap.parse_args()
    repeats = 2 if args.quick else 3
    cols = ("bare/s", "bare+obs/s", "aec/s", "aec/bo", "nullaec/s", "aec-fl")
    cols2 = ("openspiel/s", "os/b", "null os/s", "os-fl", "os-fl-draw", "draw%", "idx/act")
    print(f"{'game':<12}" + "".join(f"{c:>12}" for c in (*cols, *cols2)))
    for game, kwargs, params, games in setups(args.quick):
        # one untimed game each first: lexicons, tables and caches are then warm for all
        bare(game, kwargs, 1, 99), bare_obs(game, kwargs, 1, 99), aec(game, kwargs, 1, 99)
        openspiel(game, params, 1, 99)
        b = best(lambda s, g=game, k=kwargs, n=games: bare(g, k, n, s), repeats)
        bo = best(lambda s, g=game, k=kwargs, n=games: bare_obs(g, k, n, s), repeats)
        a = best(lambda s, g=game, k=kwargs, n=games: aec(g, k, n, s), repeats)
        per_action = STEPS[0]
        draws = []
        for s in range(repeats):
            openspiel(game, params, games, s)
            secs, steps = openspiel(game, params, games, s)
            draws.append((steps / secs, DRAW[0], CHANCE[0], OS_STEPS[0]))
        o, d, chance, os_steps = max(draws)
        enc = encoder_for(GAMES[game].new_game(2, **kwargs))
        null = NullAEC(enc.observation_shape[0], enc.num_player_actions, 200)
        na = best(lambda s, e=null: _aec_loop(e, 20, s), repeats)
        no = best(lambda s, c=chance / os_steps: null_openspiel(c, 20, s), repeats)
        # the floors are per framework step; an action takes per_action (os_steps) of them
        aec_fl = (1 / a - per_action / na) * bo
        os_fl = (1 / o - os_steps / no) * b
        os_fl_nodraw = ((1 - d) / o - os_steps / no) * b
        cells = (b, bo, a, bo / a, na, aec_fl, o, b / o, no, os_fl, os_fl_nodraw, 100 * d)
        cells += (per_action,)
        fmt = ("{:.0f}", "{:.0f}", "{:.0f}", "{:.2f}", "{:.0f}", "{:.2f}")
        fmt += ("{:.0f}", "{:.2f}", "{:.0f}", "{:.2f}", "{:.2f}", "{:.0f}", "{:.2f}")
        print(
            f"{game:<12}" + "".join(f"{f.format(x):>12}" for f, x in zip(fmt, cells, strict=True))
        )


if __name__ == "__main__":
    main()
