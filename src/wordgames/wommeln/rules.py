"""Wömmeln rules and variants."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from wordgames._core.errors import RulesError
from wordgames._core.serial import rules_from_dict
from wordgames.wommeln.categories import CARDS, COLORS
from wordgames.wommeln.info import GAME_INFO

__all__ = ["LANGUAGES", "MAX_PLAYERS", "REVIEW_MODES", "Rules"]

LANGUAGES = ("de", "en")
"""Languages with builtin sheets, category texts and sample answers."""
MAX_PLAYERS = GAME_INFO.max_players
"""The game is for 1 to 8 players."""
REVIEW_MODES = ("challenge", "vote", "none")
"""How the group reviews the round's words (see :class:`Rules`, ``review``)."""


def _review_mode(value: object) -> object:
    """``Rules.review`` as given: the old flag ``True``/``False`` reads as ``"vote"``/``"none"``
    (any other value is checked by the class)."""
    if value is True:
        return "vote"
    if value is False:
        return "none"
    return value


@attrs.frozen
class Rules:
    """The variant a game is played under. Every field has the published default.

    - ``intensiv``: the INTENSIV variant (smaller sheets, 6 rounds instead of 10).
    - ``rounds``: number of rounds; ``None`` means 10 (INTENSIV: 6). At most 30 (one per card).
    - ``language``: ``"de"`` or ``"en"``: which builtin sheet set and which sample answers
      (``legal_actions`` offers the category's sample answers in this language).
    - ``color``: ``"turquoise"`` or ``"red"``: the half of the category cards played.
    - ``intensiv_size``: side length of the INTENSIV sheets (not published; we use 10).
    - ``timer_seconds`` / ``last_round_timer_seconds``: the countdown started by the first
      player to finish (45 s; 90 s in the last round). The library keeps no clock: the state
      records that the countdown runs and the frontend sends ``TimeUp``.
    - ``solo_time_limit``: solo games only: seconds per category (``None``: no limit).
    - ``lines_may_cross``: the looser reading where only cells count and two diagonal lines may
      cross inside a 2x2 block (default ``False``: lines never cross).
    - ``review``: how the group decides whether a word fits the category. ``"challenge"``
      (default, the rulebook's "in case of doubt"): after the search each other player either
      challenges words or lets them stand (one action each); only challenged words go to a
      majority vote. ``"vote"``: every other player votes on every word. ``"none"``: every
      connected word counts. (The old flag values ``True``/``False`` read as ``"vote"``/``"none"``.)
    - ``tie_keeps_word``: a tied vote keeps the word (``False``: a tie rejects it).
    - ``erase_zero_rounds``: marks of a round that scores 0 are erased (``False``: they stay).
    - ``min_word_length``: shortest word accepted (2).
    - ``reject_malformed_circles``: a frontend that refuses malformed circling up front:
      a ``Circle`` whose cells are too few, too many or not the word's letters is an illegal
      action (``too_few_circles``, ``too_many_circles``, ``letter_mismatch``). Default
      ``False``, the rulebook's reading: such circling is accepted, can never be connected
      and scores 0 for the round (its marks are erased per ``erase_zero_rounds``).
    """

    intensiv: bool = False
    rounds: int | None = None
    language: str = "de"
    color: str = "turquoise"
    intensiv_size: int = 10
    timer_seconds: int = 45
    last_round_timer_seconds: int = 90
    solo_time_limit: int | None = None
    lines_may_cross: bool = False
    review: str = attrs.field(default="challenge", converter=_review_mode)
    tie_keeps_word: bool = True
    erase_zero_rounds: bool = True
    min_word_length: int = 2
    reject_malformed_circles: bool = False

    def __attrs_post_init__(self) -> None:
        for name in (
            "intensiv",
            "lines_may_cross",
            "tie_keeps_word",
            "erase_zero_rounds",
            "reject_malformed_circles",
        ):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"Rules.{name} must be True or False")
        if self.rounds is not None and not (_is_int(self.rounds) and 1 <= self.rounds <= CARDS):
            raise RulesError(f"rounds must be 1..{CARDS} (one category card each) or None")
        if self.review not in REVIEW_MODES:
            raise RulesError(f"review must be one of {REVIEW_MODES}, got {self.review!r}")
        if self.language not in LANGUAGES:
            raise RulesError(f"language must be one of {LANGUAGES}, got {self.language!r}")
        if self.color not in COLORS:
            raise RulesError(f"color must be one of {COLORS}, got {self.color!r}")
        if not (_is_int(self.intensiv_size) and 4 <= self.intensiv_size <= 26):
            raise RulesError("intensiv_size must be 4..26")
        for name in ("timer_seconds", "last_round_timer_seconds"):
            v = getattr(self, name)
            if not (_is_int(v) and 1 <= v <= 3600):
                raise RulesError(f"{name} must be 1..3600 seconds")
        if self.solo_time_limit is not None and not (
            _is_int(self.solo_time_limit) and 1 <= self.solo_time_limit <= 3600
        ):
            raise RulesError("solo_time_limit must be None or 1..3600 seconds")
        if not (_is_int(self.min_word_length) and 1 <= self.min_word_length <= 20):
            raise RulesError("min_word_length must be 1..20")

    @property
    def num_rounds(self) -> int:
        """Rounds in a game: ``rounds`` or the published 10 (INTENSIV: 6)."""
        if self.rounds is not None:
            return self.rounds
        return 6 if self.intensiv else 10

    @property
    def sheet_size(self) -> int:
        """Side length of the builtin sheets used: 15 (INTENSIV: ``intensiv_size``)."""
        return self.intensiv_size if self.intensiv else 15

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (every field; :meth:`from_dict` reads it back)."""
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rebuild from :meth:`to_dict` output: missing fields take their defaults; unknown
        fields and wrongly typed or invalid values raise :class:`InvalidStateError`. A saved
        ``review`` flag of the first release (``true``/``false``) reads as ``"vote"``/``"none"``."""
        if isinstance(data, Mapping) and isinstance(data.get("review"), bool):
            data = {**data, "review": "vote" if data["review"] else "none"}
        return rules_from_dict(cls, data)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)
