"""Bots that work for every game."""

from __future__ import annotations

import random
from typing import Any

import attrs

from wordgames._core.errors import WordgamesError
from wordgames._core.protocols import Action

__all__ = ["RandomBot"]


@attrs.frozen
class RandomBot:
    """Picks uniformly among the view's legal actions."""

    def choose(self, view: Any, rng: random.Random) -> Action:
        """A legal action of the viewer drawn uniformly with ``rng``; :class:`WordgamesError` if
        the viewer has none (not their turn, or the game is over)."""
        actions = view.legal_actions()
        if not actions:
            raise WordgamesError("RandomBot was asked to act but the view lists no legal action")
        action: Action = actions[rng.randrange(len(actions))]
        return action
