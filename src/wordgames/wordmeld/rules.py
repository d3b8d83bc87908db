"""WordMeld variant flags (every ambiguity of the rules text has a flag; see docs/wordmeld.md)."""

from __future__ import annotations

from typing import Any

import attrs

from wordgames._core.errors import RulesError
from wordgames._core.serial import guarded_loader, rules_from_dict
from wordgames.wordmeld.info import GAME_INFO

__all__ = ["Rules"]

_INT_FIELDS = (
    "hand_size",
    "hand_word_min",
    "table_word_min",
    "two_joker_min",
    "winning_length",
    "min_players",
    "max_players",
)
_BOOL_FIELDS = (
    "table_draw_minus_one",
    "first_play_hand_only",
    "discard_drawn_only",
    "keep_after_discard_pick",
    "draw_after_discard_pick",
    "shortened_word_formed",
)


@attrs.frozen
class Rules:
    """The rules a WordMeld game is played under. Defaults follow the published rules text."""

    #: cards dealt to each player
    hand_size: int = 10
    #: a word laid from the hand alone needs this many letters (unless on the official list)
    hand_word_min: int = 4
    #: a word that uses table cards needs this many letters
    table_word_min: int = 3
    #: a word holding two (or more) jokers needs this many letters
    two_joker_min: int = 5
    #: with an official (premium) list in use, words of this many letters or more win at once
    winning_length: int = 8
    #: draws for a word that uses table cards: True = one card fewer than the hand letters
    #: laid in it (like a hand-only word); False = one card per hand letter (no minus one)
    table_draw_minus_one: bool = True
    #: True = every word of a player's first play comes from the hand alone (and nothing is
    #: taken back); False = at least one word of the first play is hand-only
    first_play_hand_only: bool = True
    #: after drawing from the draw pile without playing: False = discard any hand card;
    #: True = the discard must be the drawn card
    discard_drawn_only: bool = False
    #: after taking the discard pile's top card and playing no word: False = discard one card;
    #: True = like a pile draw, a player who has played a word before may keep it
    keep_after_discard_pick: bool = False
    #: after taking the discard pile's top card and playing no word: False = discard one card
    #: (or keep, see ``keep_after_discard_pick``); True = also draw one card from the draw
    #: pile, then go on as after a pile draw (discard one card, or keep after the first word)
    draw_after_discard_pick: bool = False
    #: a table word that a play only shortens (cards taken out, the rest in order, e.g.
    #: ELEPHANTS -> ELEPHANT by a borrow): False = it must still be a valid word but is not
    #: formed (it cannot win); True = it counts as formed like any changed word
    shortened_word_formed: bool = False
    #: the game ends as "blocked" after this many full rounds in a row in which nobody played
    #: a word (None = no limit; then a stuck game may never end)
    max_idle_rounds: int | None = 10
    min_players: int = GAME_INFO.min_players
    max_players: int = GAME_INFO.max_players

    def __attrs_post_init__(self) -> None:
        for name in _INT_FIELDS:
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 1000:
                raise RulesError(f"Rules.{name} must be an integer 1..1000, got {v!r}")
        for name in _BOOL_FIELDS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"Rules.{name} must be a bool")
        m = self.max_idle_rounds
        if m is not None and (not isinstance(m, int) or isinstance(m, bool) or not 1 <= m <= 1000):
            raise RulesError(f"Rules.max_idle_rounds must be None or 1..1000, got {m!r}")
        if self.keep_after_discard_pick and self.draw_after_discard_pick:
            raise RulesError(
                "Rules.keep_after_discard_pick and draw_after_discard_pick are two readings "
                "of one rule: choose at most one"
            )
        if self.min_players < 2 or self.min_players > self.max_players:
            raise RulesError("Rules needs 2 <= min_players <= max_players")
        if self.max_players > 12:
            raise RulesError("Rules.max_players is at most 12")

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form of every field."""
        return {f.name: getattr(self, f.name) for f in attrs.fields(Rules)}

    @classmethod
    @guarded_loader
    def from_dict(cls, data: Any) -> Rules:
        """Rebuild from :meth:`to_dict` output: missing fields take their defaults; unknown
        fields and wrongly typed values raise :class:`InvalidStateError`."""
        return rules_from_dict(cls, data)
