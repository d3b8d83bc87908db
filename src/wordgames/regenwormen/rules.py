"""Regenwormen variants: every rule choice is a flag on :class:`Rules`."""

from __future__ import annotations

from typing import Any

import attrs

from wordgames._core.errors import RulesError
from wordgames._core.serial import rules_from_dict
from wordgames.regenwormen.info import GAME_INFO

__all__ = ["MAX_PLAYERS", "Rules"]

MAX_PLAYERS = GAME_INFO.max_players
"""The box is for 2-7 players; ``Rules(allow_solo=True)`` lowers the minimum to 1."""

_FLAGS = ("allow_solo", "flip_returned_if_highest", "flip_when_nothing_returned")


@attrs.frozen
class Rules:
    """The rule variant a game is played under (the defaults are the publisher's rules).

    - ``allow_solo``: allow a one-player game (solo training). The game ends the same way,
      when no face-up tile remains. Default False (2-7 players).
    - ``flip_returned_if_highest``: the official *shortened game*: on a bust the highest face-up
      tile is turned face down even when it is the tile the player just returned. Default False:
      a returned tile that is the highest stays face up and nothing is turned.
    - ``flip_when_nothing_returned``: on a bust by a player without tiles, turn the highest
      face-up tile anyway (seen in some other implementations). Default False: nothing is
      returned and nothing is turned.
    """

    allow_solo: bool = False
    flip_returned_if_highest: bool = False
    flip_when_nothing_returned: bool = False

    def __attrs_post_init__(self) -> None:
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"Rules.{name} must be True or False, got {getattr(self, name)!r}")

    @property
    def min_players(self) -> int:
        """The fewest players this variant allows (1 with ``allow_solo``, else 2)."""
        return 1 if self.allow_solo else GAME_INFO.min_players

    def to_dict(self) -> dict[str, Any]:
        """The flags as a JSON-safe dict."""
        return {name: getattr(self, name) for name in _FLAGS}

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rebuild from :meth:`to_dict` output: missing fields take their defaults; unknown
        fields and wrongly typed values raise :class:`InvalidStateError`."""
        return rules_from_dict(cls, data)
