"""One game in progress for the environments: the library state, its encoder and caches."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from wordgames import sample_chance
from wordgames.rl.encoding import MORE, Encoder, Mask, Obs, Steps, encoder_for

__all__ = ["Runner", "ranking_returns"]


def ranking_returns(state: Any) -> list[float]:
    """Zero-sum returns of a finished game: ``(players ranked below - players ranked above)
    / (players - 1)`` for each player (0 for a one-player game)."""
    ranking = state.outcome.ranking
    n = len(ranking)
    if n < 2:
        return [0.0] * n
    return [
        (sum(r > mine for r in ranking) - sum(r < mine for r in ranking)) / (n - 1)
        for mine in ranking
    ]


class Runner:
    """Plays one game: resolves chance with its own ``random.Random``, and keeps the acting
    player's views and legal actions (by index, with their mask) for the current state.

    ``prefix`` holds the steps chosen so far by ``prefix_player`` towards an action chosen
    in several steps (``()`` otherwise); the state does not change until the last one."""

    def __init__(self, make_state: Callable[[], Any]) -> None:
        self._make = make_state
        self.state: Any = make_state()
        self.encoder: Encoder = encoder_for(self.state)
        self.rng = random.Random(0)
        self._views: dict[int, Any] = {}
        self._tables: dict[int, tuple[dict[int, Any], Mask]] = {}
        self._no_mask = np.zeros(self.encoder.num_player_actions, dtype=np.int8)
        self.prefix: Steps = ()
        self.prefix_player: int | None = None

    def reset(self, seed: int) -> None:
        """A new game, chance seeded with ``seed``."""
        self.rng = random.Random(seed)
        self.state = self._make()
        self._settle()

    def _settle(self) -> None:
        s = self.state
        if s.is_chance_node:
            rng = self.rng
            if hasattr(s, "sample_chance"):  # the game's own sampler, as sample_chance uses
                while s.is_chance_node:
                    s = s.apply(s.sample_chance(rng))
            else:
                while s.is_chance_node:
                    s = s.apply(sample_chance(s, rng))
        self.state = s
        self.prefix = ()
        self.prefix_player = None
        if self._views:
            self._views = {}
        if self._tables:
            self._tables = {}

    def _view(self, player: int) -> Any:
        v = self._views.get(player)
        if v is None:
            v = self._views[player] = self.state.view(player)
        return v

    def _prefix_of(self, player: int) -> Steps:
        return self.prefix if player == self.prefix_player else ()

    def _table(self, player: int) -> tuple[dict[int, Any], Mask]:
        t = self._tables.get(player)
        if t is None:
            t = self._tables[player] = self.encoder._legal_table(
                self._view(player), self._prefix_of(player)
            )
        return t

    @property
    def acting(self) -> int | None:
        """The lowest-numbered player who may act now (None at the end)."""
        to_act = self.state.players_to_act
        return min(to_act) if to_act else None

    def legal(self, player: int) -> dict[int, Any]:
        """``{index: action or MORE}`` of ``player``'s legal indices now."""
        return self._table(player)[0]

    def mask(self, player: int) -> Mask:
        """0/1 over the player actions (a new array)."""
        mask: Mask = (
            self._table(player)[1] if player in self.state.players_to_act else self._no_mask
        ).copy()
        return mask

    def observe(self, player: int) -> Obs:
        """The encoder's vector of ``player``'s view (and pending steps)."""
        return self.encoder.observe(self._view(player), self._prefix_of(player))

    def observe_and_mask(self, player: int) -> tuple[Obs, Mask]:
        """:meth:`observe` and :meth:`mask` of ``player`` together (new arrays)."""
        view = self._views.get(player)
        if view is None:
            view = self._views[player] = self.state.view(player)
        prefix = self.prefix if player == self.prefix_player else ()
        obs = self.encoder.observe(view, prefix)
        if player in self.state.players_to_act:
            t = self._tables.get(player)
            if t is None:
                t = self._tables[player] = self.encoder._legal_table(view, prefix)
            mask: Mask = t[1].copy()
        else:
            mask = self._no_mask.copy()
        return obs, mask

    def play_index(self, player: int, index: int) -> None:
        """Choose ``player``'s index ``index``: one more step of an action chosen in several,
        or the action, then chance is resolved (ValueError if illegal)."""
        action = self.legal(player).get(int(index)) if player in self.state.players_to_act else None
        if action is None:
            raise ValueError(f"action {index} is not legal for player {player} now")
        if action is MORE:
            self.prefix = (*self._prefix_of(player), int(index))
            self.prefix_player = player
            self._tables.pop(player, None)
            return
        self.play(action)

    def play(self, action: Any) -> None:
        """Apply a library action and resolve chance."""
        self.state = self.state.apply(action)
        self._settle()
