"""Letter decks: which cards a WordMeld deck holds.

The publisher does not publish the deck, so :class:`DeckSpec` makes it configuration. The
default decks (:data:`DECKS`) have 112-115 letter cards plus 2 jokers, weighted by letter
frequency in each language (see docs/wordmeld.md for the tables).

Card ids are ``0 .. size - 1``: each letter's cards in the order of ``letters``, then the jokers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from wordgames._core.errors import InvalidStateError, RulesError, short_repr
from wordgames._core.serial import get_int, get_list, get_str, guarded_loader

__all__ = ["DECKS", "JOKER", "MAX_LETTERS", "DeckSpec", "default_deck"]

JOKER = "*"
"""How a joker card is written (its letter is chosen when it is laid)."""
MAX_LETTERS = 64
"""A deck read from JSON lists at most this many letters (each with at most 1000 cards)."""


def _letters_ok(letters: tuple[tuple[str, int], ...]) -> str | None:
    seen: set[str] = set()
    for item in letters:
        if not (isinstance(item, tuple) and len(item) == 2):
            return f"bad entry {short_repr(item)}"
        letter, count = item
        if not isinstance(letter, str) or len(letter) != 1 or not letter.isupper():
            return f"a letter must be one upper-case character, got {short_repr(letter)}"
        if letter in seen:
            return f"letter {short_repr(letter)} listed twice"
        seen.add(letter)
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 1000:
            return f"count of {letter!r} must be an integer 0..1000, got {short_repr(count)}"
    return None


@attrs.frozen
class DeckSpec:
    """A deck: ``letters`` as ``(letter, count)`` pairs (every letter of the alphabet, counts may
    be 0 so that jokers can still stand for it) and a number of ``jokers``.

    Letters are single upper-case characters (German umlauts are folded to AE/OE/UE, so the
    German deck is A-Z; the Spanish deck has Ñ).
    """

    name: str
    language: str
    letters: tuple[tuple[str, int], ...]
    jokers: int = 2
    #: derived: the letter of every card id (``JOKER`` for jokers)
    card_letters: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        problem = _letters_ok(self.letters)
        if problem is None and not self.letters:
            problem = "a deck needs at least one letter"
        if problem is None and (
            not isinstance(self.jokers, int) or isinstance(self.jokers, bool) or self.jokers < 0
        ):
            problem = f"jokers must be a non-negative integer, got {short_repr(self.jokers)}"
        if problem is None and not (isinstance(self.name, str) and self.name):
            problem = "a deck needs a name"
        if problem is None and not (isinstance(self.language, str) and self.language):
            problem = "a deck needs a language"
        if problem is None and sum(n for _, n in self.letters) + self.jokers < 1:
            problem = "a deck needs at least one card"
        if problem is not None:
            raise RulesError(f"invalid deck: {problem}")
        cards = [letter for letter, n in self.letters for _ in range(n)]
        cards += [JOKER] * self.jokers
        object.__setattr__(self, "card_letters", tuple(cards))

    @property
    def alphabet(self) -> tuple[str, ...]:
        """The letters, in deck order (a joker may stand for any of them)."""
        return tuple(letter for letter, _ in self.letters)

    @property
    def size(self) -> int:
        """Number of cards (letters and jokers)."""
        return len(self.card_letters)

    def count(self, letter: str) -> int:
        """How many cards show ``letter`` (``JOKER`` for jokers)."""
        if letter == JOKER:
            return self.jokers
        return dict(self.letters).get(letter, 0)

    def is_joker(self, card: int) -> bool:
        """True if card id ``card`` is a joker."""
        return self.card_letters[card] == JOKER

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (``DeckSpec.from_dict`` reads it back)."""
        return {
            "name": self.name,
            "language": self.language,
            "letters": [[letter, n] for letter, n in self.letters],
            "jokers": self.jokers,
        }

    @classmethod
    @guarded_loader
    def from_dict(cls, data: Any) -> DeckSpec:
        """Read :meth:`to_dict` output; :class:`InvalidStateError` on bad data."""
        if not isinstance(data, Mapping):
            raise InvalidStateError("deck must be an object")
        raw = get_list(data, "letters")
        if len(raw) > MAX_LETTERS:
            raise InvalidStateError(f"a deck has at most {MAX_LETTERS} letters, got {len(raw)}")
        letters = []
        for item in raw:
            if not (isinstance(item, list) and len(item) == 2):
                raise InvalidStateError(
                    f"deck letter entry must be [letter, count], got {short_repr(item)}"
                )
            letters.append((item[0], item[1]))
        try:
            return cls(
                get_str(data, "name"),
                get_str(data, "language"),
                tuple(letters),
                get_int(data, "jokers", 0, 1000),
            )
        except RulesError as exc:
            raise InvalidStateError(short_repr(str(exc), 200)) from None


def _spec(name: str, language: str, text: str) -> DeckSpec:
    pairs = []
    for token in text.split():
        pairs.append((token[0], int(token[1:])))
    return DeckSpec(name, language, tuple(pairs), 2)


DECKS: Mapping[str, DeckSpec] = {
    # English: 112 letters (Scrabble-like frequencies scaled up by about 1.15) + 2 jokers
    "en": _spec(
        "en",
        "en",
        "A10 B2 C3 D4 E14 F2 G3 H4 I8 J1 K1 L5 M3 N7 O8 P2 Q1 R7 S7 T8 U4 V2 W2 X1 Y2 Z1",
    ),
    # German: 115 letters (German crossword set, umlauts folded into A/O/U and E) + 2 jokers
    "de": _spec(
        "de",
        "de",
        "A7 B3 C3 D5 E17 F2 G3 H5 I8 J1 K2 L4 M4 N10 O4 P1 Q1 R7 S8 T7 U6 V1 W2 X1 Y1 Z2",
    ),
    # Spanish: 112 letters over A-Z plus Ñ (no K or W cards; jokers may stand for them) + 2
    "es": _spec(
        "es",
        "es",
        "A14 B2 C5 D5 E15 F1 G2 H2 I7 J1 K0 L5 M3 N7 Ñ1 O10 P3 Q1 R7 S8 T4 U5 V1 W0 X1 Y1 Z1",
    ),
    # Dutch: 113 letters (Dutch letter frequencies; IJ is I + J) + 2 jokers
    "nl": _spec(
        "nl",
        "nl",
        "A8 B2 C2 D6 E20 F1 G4 H3 I7 J2 K3 L4 M3 N11 O6 P2 Q1 R7 S4 T7 U3 V3 W2 X1 Y1 Z2",
    ),
}
"""The default decks by language code, each with 2 jokers."""


def default_deck(language: str) -> DeckSpec:
    """The default deck for ``language`` (:class:`RulesError` if there is none)."""
    try:
        return DECKS[language]
    except KeyError:
        raise RulesError(
            f"no default deck for language {language!r}; known: {sorted(DECKS)} "
            "(pass deck=DeckSpec(...))"
        ) from None
