"""The facts of WordMeld, declared once (:data:`GAME_INFO`); every layer above reads them."""

from __future__ import annotations

from typing import Final

from wordgames._core.registry import CliOptions
from wordgames._core.states import GameInfo, Information

__all__ = ["GAME_INFO"]

GAME_INFO: Final = GameInfo(
    name="wordmeld",
    title="WordMeld",
    # the defaults of ``Rules.min_players`` and ``Rules.max_players`` (a variant may allow
    # up to 12)
    min_players=2,
    max_players=6,
    information=Information.IMPERFECT,  # the hands and the draw pile are hidden
    chance=True,  # the deal and every draw
    simultaneous=False,
    # A cap above a bound: every play puts at least one more card on the table (it adds more
    # hand cards than it takes back), so a game has at most D plays (D <= 117 cards in every
    # packaged deck), and ``max_idle_rounds`` (10) allows at most 10 * 6 turns between two.
    # A turn without a play is at most 3 actions (pick, draw, discard), one with a play at
    # most D + 3 (pick, play, its draws, discard); with the deal (60 draws) and resignations
    # that is under 36,000. The OpenSpiel adapter has always used this cap.
    max_game_length=100_000,
    # the RL return: (players ranked below - players ranked above) / (players - 1)
    min_utility=-1.0,
    max_utility=1.0,
    notation=(
        "draw C | pick pile | pick discard | discard C | keep | pass"
        " | play [I:C.C...|I:-]... [C.C=L.C...]... | resign P"
    ),
)
"""WordMeld: 2-6 players (``Rules`` may allow up to 12), imperfect information (hands, pile),
chance (deal, draws), turn by turn."""

CLI_OPTIONS: Final = CliOptions(
    languages=("en", "de", "es", "nl"), language_keyword=True, lexicon=True
)
"""What the command line's ``--preset``, ``--lang``, ``--lexicon`` and ``--leaves`` mean here."""
