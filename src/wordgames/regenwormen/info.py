"""The facts of Regenwormen, declared once (:data:`GAME_INFO`); every layer above reads them."""

from __future__ import annotations

from typing import Final

from wordgames._core.registry import CliOptions
from wordgames._core.states import GameInfo, Information

__all__ = ["GAME_INFO"]

GAME_INFO: Final = GameInfo(
    name="regenwormen",
    title="Regenwormen",
    # the box: 2-7 players (``Rules(allow_solo=True)`` lowers the minimum to 1)
    min_players=2,
    max_players=7,
    information=Information.PERFECT,  # dice, grill and stacks are all open
    chance=True,  # every roll
    simultaneous=False,
    # No finite bound exists: a steal takes no tile off the grill, and a bust by a player
    # without tiles returns and turns nothing, so steals and such busts can repeat for ever.
    # This is a cap: about 80 times the longest of 200 random games of 2 or 7 players
    # (1,271 actions, rolls included; the mean is about 600).
    max_game_length=100_000,
    # the RL return: (players ranked below - players ranked above) / (players - 1)
    min_utility=-1.0,
    max_utility=1.0,
    notation="roll F... | set F | reroll | take T | steal T from P | resign P  (F: 1-5 or w)",
)
"""Regenwormen: 2-7 players, perfect information, chance (dice), turn by turn."""

CLI_OPTIONS: Final = CliOptions()
"""What the command line's ``--preset``, ``--lang``, ``--lexicon`` and ``--leaves`` mean here."""
