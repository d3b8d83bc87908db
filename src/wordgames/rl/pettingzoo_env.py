"""PettingZoo AEC environments for the four games.

::

    from wordgames.rl.pettingzoo_env import env

    e = env("regenwormen", players=3)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        done = terminated or truncated
        action = None if done else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``"player_0"``, ``"player_1"``, ...; each observation is a dict with the encoder's
``"observation"`` vector of the agent's view and an ``"action_mask"`` over the player actions
(all zero for an agent that may not act now). Actions are the indices of
:mod:`wordgames.rl.encoding`; a Wocable placement or a WordMeld play takes several steps of the
same agent (the game does not change until the last; :attr:`pending_steps` and the
observation's ``pending`` parts show those chosen so far). Chance nodes are resolved inside the
environment with a ``random.Random`` seeded from ``reset(seed=...)``. Where several players may
act at once (Wömmeln), the lowest-numbered acts first, as :func:`wordgames.play` does. Rewards
come at the end: the zero-sum ranking returns (+1 sole winner, -1 sole last; see docs/rl.md).
``render_mode="ansi"`` renders the state's text picture.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from wordgames import GAMES
from wordgames.rl._runner import Runner, ranking_returns
from wordgames.rl.encoding import OBS_BOUND

__all__ = ["WordgamesAECEnv", "env"]


class WordgamesAECEnv(AECEnv):  # type: ignore[misc]
    """One wordgames game as a PettingZoo AEC environment.

    ``make_state`` returns a new game (a library state); ``max_steps`` (player actions)
    truncates long games when given.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo declares it so)
        "render_modes": ["ansi"],
        "name": "wordgames_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        make_state: Callable[[], Any],
        *,
        render_mode: str | None = None,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self._runner = Runner(make_state)
        self._max_steps = max_steps
        enc = self._runner.encoder
        self.encoder = enc
        n = self._runner.state.num_players
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    -OBS_BOUND, OBS_BOUND, enc.observation_shape, dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (enc.num_player_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        act_space = gymnasium.spaces.Discrete(enc.num_player_actions)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self.agents: list[str] = []
        self._steps = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Dict(observation=Box, action_mask=Box)``, the same for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(num_player_actions)``: the encoder's indices."""
        return self.action_spaces[agent]

    @property
    def state_now(self) -> Any:
        """The library state of the game in progress."""
        return self._runner.state

    @property
    def pending_steps(self) -> tuple[int, ...]:
        """The steps the selected agent has chosen so far towards an action chosen in
        several (a Wocable placement, a WordMeld play); ``()`` when none is under way."""
        return self._runner.prefix

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` seeds the chance nodes (None: a fresh random seed)."""
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self._runner.reset(seed)
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        p = self._runner.acting
        self.agent_selection = self.possible_agents[0 if p is None else p]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation vector and action mask (zero unless it may act now)."""
        obs, mask = self._runner.observe_and_mask(self._index[agent])
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play the selected agent's action index (None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act (None is only for finished agents)")
        self._cumulative_rewards[agent] = 0.0
        runner = self._runner
        runner.play_index(self._index[agent], int(action))
        self._steps += 1
        # every reward is 0 until the end (and a finished game takes no more actions), so
        # the rewards need no reset and no accumulation before then
        state = runner.state
        if state.is_terminal:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            for a, r in zip(self.possible_agents, ranking_returns(state), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._accumulate_rewards()
        elif self._max_steps is not None and self._steps >= self._max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        to_act = state.players_to_act
        self.agent_selection = self.possible_agents[min(to_act) if to_act else 0]

    def render(self) -> str | None:
        """The state's text picture (``render_mode="ansi"``), else None."""
        if self.render_mode != "ansi":
            return None
        return str(self._runner.state)

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: str,
    players: int = 2,
    *,
    render_mode: str | None = None,
    max_steps: int | None = None,
    **new_game_kwargs: Any,
) -> WordgamesAECEnv:
    """The AEC environment of ``game`` (``"regenwormen"``, ``"wocable"``, ``"wordmeld"``,
    ``"wommeln"``); ``new_game_kwargs`` go to the game's ``new_game`` (e.g. ``rules=``)."""
    module = GAMES[game]

    def make() -> Any:
        return module.new_game(players, **new_game_kwargs)

    e = WordgamesAECEnv(make, render_mode=render_mode, max_steps=max_steps)
    e.metadata = {**e.metadata, "name": f"wordgames_{game}_v0"}
    return e
