"""The facts of Wocable, declared once (:data:`GAME_INFO`); every layer above reads them."""

from __future__ import annotations

from typing import Final

from wordgames._core.registry import CliOptions
from wordgames._core.states import GameInfo, Information

__all__ = ["GAME_INFO"]

GAME_INFO: Final = GameInfo(
    name="wocable",
    title="Wocable",
    min_players=2,
    max_players=4,
    information=Information.IMPERFECT,  # the racks and the bag are hidden
    chance=True,  # every tile drawn
    simultaneous=False,
    # No finite bound exists under the default rules: an exchange is not a pass
    # (``exchanges_count_as_passes=False``), so exchanges can repeat for ever while the bag
    # holds 7 tiles. Without exchanges a game has at most 100 placements (each lays a tile of
    # the 100) with fewer than ``pass_limit`` (4) passes between two of them, and 100 draws:
    # under 600 actions. This is a cap far above that and above random games (which exchange).
    max_game_length=10_000,
    # the RL return: (players ranked below - players ranked above) / (players - 1)
    min_utility=-1.0,
    max_utility=1.0,
    notation=(
        "8H WORD (across) | H8 WORD (down) | -TILES (exchange) | - (pass) | draw T"
        " | challenge P | accept P | resign P | timeout P | timepenalty P N"
    ),
)
"""Wocable: 2-4 players, imperfect information (racks, bag), chance (draws), turn by turn."""

CLI_OPTIONS: Final = CliOptions(
    presets=True, languages=("en", "es"), language_field="tiles", lexicon=True, leaves=True
)
"""What the command line's ``--preset``, ``--lang``, ``--lexicon`` and ``--leaves`` mean here."""
