"""A Gymnasium single-agent environment: one seat learns, bots play the other seats.

::

    from wordgames import regenwormen as rw
    from wordgames.rl.gymnasium_env import SingleAgentEnv

    env = SingleAgentEnv("regenwormen", bots=[rw.bots.HeuristicBot()])
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

Observations are the encoder's vectors of the learner's view; actions are the indices of
:mod:`wordgames.rl.encoding` (a Wocable placement or a WordMeld play takes several steps, each
a ``step``; the bots do not move until the last). ``info["action_mask"]`` (and
:meth:`SingleAgentEnv.action_masks`, the convention of maskable policy-gradient libraries)
marks the legal indices. The reward is 0 until the end, then the learner's zero-sum ranking
return (+1 sole winner, -1 sole last). An illegal index ends the episode with reward -1 and
``info["illegal_action"] = True``, so that unmasked random exploration (and Gymnasium's
environment checker) never crashes it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

from wordgames import GAMES
from wordgames.rl._runner import Runner, ranking_returns
from wordgames.rl.encoding import OBS_BOUND, Mask, Obs

__all__ = ["SingleAgentEnv"]


class SingleAgentEnv(gymnasium.Env[Obs, np.int64]):  # type: ignore[misc]
    """``game`` with the learner in ``seat`` and ``bots`` (each with ``choose(view, rng)``)
    in the other seats, in seat order; ``players`` defaults to ``len(bots) + 1``.
    ``new_game_kwargs`` go to the game's ``new_game``; ``make_state`` replaces it."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        game: str,
        bots: Sequence[Any],
        *,
        seat: int = 0,
        render_mode: str | None = None,
        max_steps: int | None = None,
        make_state: Callable[[], Any] | None = None,
        **new_game_kwargs: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        players = len(bots) + 1
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}")
        if make_state is None:
            module = GAMES[game]

            def make_state() -> Any:
                return module.new_game(players, **new_game_kwargs)

        self.render_mode = render_mode
        self.seat = seat
        self._runner = Runner(make_state)
        if self._runner.state.num_players != players:
            raise ValueError(f"{len(bots)} bots for a game of {self._runner.state.num_players}")
        others = iter(bots)
        self._bots = [None if p == seat else next(others) for p in range(players)]
        self._bot_rng = random.Random(0)
        self._max_steps = max_steps
        self._steps = 0
        enc = self._runner.encoder
        self.encoder = enc
        self.observation_space = gymnasium.spaces.Box(
            -OBS_BOUND, OBS_BOUND, enc.observation_shape, dtype=np.float32
        )
        self.action_space = gymnasium.spaces.Discrete(enc.num_player_actions)

    @property
    def state_now(self) -> Any:
        """The library state of the game in progress."""
        return self._runner.state

    @property
    def pending_steps(self) -> tuple[int, ...]:
        """The steps the learner has chosen so far towards an action chosen in several (a
        Wocable placement, a WordMeld play); ``()`` when none is under way."""
        return self._runner.prefix

    def action_masks(self) -> Mask:
        """0/1 over the actions: the learner's legal indices now."""
        return self._runner.mask(self.seat)

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), **extra}

    def _play_bots(self) -> None:
        r = self._runner
        while not r.state.is_terminal:
            p = r.acting
            if p is None or p == self.seat:
                return
            bot = self._bots[p]
            assert bot is not None
            r.play(bot.choose(r.state.view(p), self._bot_rng))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new game; ``seed`` seeds chance and the bots (None: a fresh random seed)."""
        super().reset(seed=seed)
        s = int(self.np_random.integers(2**62))
        self._runner.reset(s)
        self._bot_rng = random.Random(s + 1)
        self._steps = 0
        self._play_bots()
        return self._runner.observe(self.seat), self._info()

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Play the learner's ``action`` index, then the bots until the learner acts again."""
        r = self._runner
        try:
            r.play_index(self.seat, int(action))
        except ValueError:
            obs = r.observe(self.seat)
            return obs, -1.0, True, False, self._info(illegal_action=True)
        self._steps += 1
        self._play_bots()
        obs = r.observe(self.seat)
        if r.state.is_terminal:
            return obs, ranking_returns(r.state)[self.seat], True, False, self._info()
        truncated = self._max_steps is not None and self._steps >= self._max_steps
        return obs, 0.0, False, truncated, self._info()

    def render(self) -> str | None:
        """The state's text picture (``render_mode="ansi"``), else None."""
        if self.render_mode != "ansi":
            return None
        return str(self._runner.state)
