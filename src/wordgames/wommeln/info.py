"""The facts of Wömmeln, declared once (:data:`GAME_INFO`); every layer above reads them."""

from __future__ import annotations

from typing import Final

from wordgames._core.registry import CliOptions
from wordgames._core.states import GameInfo, Information

__all__ = ["GAME_INFO"]

GAME_INFO: Final = GameInfo(
    name="wommeln",
    title="Wömmeln",
    min_players=1,
    max_players=8,
    information=Information.IMPERFECT,  # the other players' moves of a search are hidden
    chance=True,  # the category card of every round
    simultaneous=True,  # every player searches (and votes or challenges) at once
    # No finite bound exists: in a search a player may circle and erase again and again
    # (the clock that ends it, ``TimeUp``, is a server event). Without erasing a round is a
    # reveal and at most a few actions per player (circle, connect, challenge or vote), so
    # 10 rounds of 8 players take a few hundred. This is a cap far above that and above
    # random games.
    max_game_length=10_000,
    # the RL return: (players ranked below - players ranked above) / (players - 1), 0 alone
    min_utility=-1.0,
    max_utility=1.0,
    notation=(
        "reveal Ns | pP place WORD PATH | pP circle WORD CELLS | pP connect PATH | pP pass"
        " | pP erase | pP challenge pQ... | pP no challenge | pP accept pQ | pP reject pQ"
        " | time up | resign P"
    ),
)
"""Wömmeln: 1-8 players, imperfect information, chance (category cards), simultaneous
rounds."""

CLI_OPTIONS: Final = CliOptions(languages=("de", "en"), language_field="language")
"""What the command line's ``--preset``, ``--lang``, ``--lexicon`` and ``--leaves`` mean here."""
