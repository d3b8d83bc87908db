"""WordMeld actions and their notation.

==========================  ===============================================================
``draw 17``                  chance: card 17 is drawn from the draw pile (each card of the
                             pile is equally likely; a redacted record shows ``draw ?``)
``pick pile``                draw one card from the draw pile instead of playing
``pick discard``             take the top card of the discard pile
``discard 17``               discard card 17
``keep``                     keep the card drawn (no discard)
``pass``                     nothing can be drawn: end the turn
``play 3.17.42 5.101=E.9``   the new table: words separated by spaces, card ids by dots,
                             a joker written with the letter it stands for (``101=E``)
``resign 1``                 player 1 leaves the game (the shared :class:`Resign`)
==========================  ===============================================================

Keywords are case-insensitive (``PICK PILE``, ``Keep``); card ids and player numbers are ASCII
digits (at most six); ``str(action)`` is the canonical lower-case form. Joker letters are
data, not keywords, and are kept as written.
"""

from __future__ import annotations

import attrs

from wordgames._core.contract import Resign
from wordgames._core.errors import ParseError, short_repr
from wordgames._core.notation import ascii_int, guarded_parser

__all__ = [
    "Action",
    "Discard",
    "Draw",
    "Keep",
    "Pass",
    "PickDiscard",
    "PickPile",
    "Play",
    "Resign",
    "parse_action",
]


@attrs.frozen
class Draw:
    """Chance outcome: card ``card`` is drawn from the draw pile (the deal and every draw).

    Every card of the pile is equally likely, so the card ids a player sees say nothing about
    which cards the others hold (docs/wordmeld.md, "Hidden cards")."""

    card: int

    def __str__(self) -> str:
        return f"draw {self.card}"


@attrs.frozen
class PickPile:
    """Draw one card from the draw pile and play no word this turn."""

    def __str__(self) -> str:
        return "pick pile"


@attrs.frozen
class PickDiscard:
    """Take the top card of the discard pile (then play words, or discard one card)."""

    def __str__(self) -> str:
        return "pick discard"


@attrs.frozen
class Discard:
    """Discard hand card ``card`` onto the discard pile (ends the turn)."""

    card: int

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Keep:
    """Keep the drawn card instead of discarding (after the player's first word)."""

    def __str__(self) -> str:
        return "keep"


@attrs.frozen
class Pass:
    """End the turn without playing or drawing (only when nothing can be drawn)."""

    def __str__(self) -> str:
        return "pass"


def _sorted_letters(value: tuple[tuple[int, str], ...]) -> tuple[tuple[int, str], ...]:
    return tuple(sorted((int(c), str(s)) for c, s in value))


def _words(value: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(w) for w in value)


@attrs.frozen
class Play:
    """Lay down words: ``words`` is the whole new table (each word a tuple of card ids in
    reading order) and ``letters`` the ``(card id, letter)`` of every joker on it.

    Cards of the old table that the new table leaves out go back to the player's hand.
    """

    words: tuple[tuple[int, ...], ...] = attrs.field(converter=_words)
    letters: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=_sorted_letters)

    @classmethod
    def of(cls, *words: list[int | tuple[int, str]] | tuple[int | tuple[int, str], ...]) -> Play:
        """Build from words whose jokers are written ``(card, letter)``:
        ``Play.of([3, 17, 42], [5, (101, "E"), 9])``."""
        ws: list[tuple[int, ...]] = []
        letters: list[tuple[int, str]] = []
        for word in words:
            ids = []
            for card in word:
                if isinstance(card, tuple):
                    ids.append(card[0])
                    letters.append(card)
                else:
                    ids.append(card)
            ws.append(tuple(ids))
        return cls(tuple(ws), tuple(letters))

    def __str__(self) -> str:
        pending: dict[int, list[str]] = {}
        for card, letter in self.letters:
            pending.setdefault(card, []).append(letter)
        parts = ["play"]
        for word in self.words:
            tokens = []
            for card in word:
                queue = pending.get(card)
                if queue:
                    tokens.append(f"{card}={queue.pop(0)}")
                else:
                    tokens.append(str(card))
            parts.append(".".join(tokens) if tokens else "-")
        extra = [f"{c}={s}" for c, q in sorted(pending.items()) for s in q]
        if extra:
            parts.append("|")
            parts.extend(extra)
        return " ".join(parts)


Action = Draw | PickPile | PickDiscard | Discard | Keep | Pass | Play | Resign

#: Every action class, in the order of :data:`Action` (``State.ACTION_TYPES``).
ACTION_TYPES: tuple[type, ...] = (Draw, PickPile, PickDiscard, Discard, Keep, Pass, Play, Resign)

_SIMPLE: dict[str, Action] = {
    "pick pile": PickPile(),
    "pick discard": PickDiscard(),
    "keep": Keep(),
    "pass": Pass(),
}


def _card(token: str, text: str) -> int:
    return ascii_int(token, f"card id in {short_repr(text, 30)}")


def _letter(token: str, text: str) -> str:
    if not token or any(ch.isspace() or ch in ".=|" for ch in token):
        raise ParseError(f"bad joker letter {short_repr(token)} in {short_repr(text, 30)}")
    return token


def _parse_play(rest: list[str], text: str) -> Play:
    words: list[tuple[int, ...]] = []
    letters: list[tuple[int, str]] = []
    if "|" in rest:
        i = rest.index("|")
        rest, extra = rest[:i], rest[i + 1 :]
        if not extra:
            raise ParseError(f"nothing after '|' in {short_repr(text)}")
        for token in extra:
            card, sep, letter = token.partition("=")
            if not sep:
                raise ParseError(f"expected card=letter after '|' in {short_repr(text)}")
            letters.append((_card(card, text), _letter(letter, text)))
    for word in rest:
        if word == "-":
            words.append(())
            continue
        ids = []
        for token in word.split("."):
            card, sep, letter = token.partition("=")
            ids.append(_card(card, text))
            if sep:
                letters.append((ids[-1], _letter(letter, text)))
        words.append(tuple(ids))
    return Play(tuple(words), tuple(letters))


@guarded_parser
def parse_action(text: str) -> Action:
    """The action written as ``text`` (the notation of ``str(action)``, keywords in any case);
    :class:`ParseError` if it is not one (and for nothing else)."""
    tokens = text.split()
    norm = " ".join(tokens).lower()
    if norm in _SIMPLE:
        return _SIMPLE[norm]
    if not tokens:
        raise ParseError("empty action text")
    head, rest = tokens[0].lower(), tokens[1:]
    if head == "draw" and len(rest) == 1:
        return Draw(_card(rest[0], text))
    if head == "discard" and len(rest) == 1:
        return Discard(_card(rest[0], text))
    if head == "resign" and len(rest) == 1:
        return Resign(ascii_int(rest[0], "player"))
    if head == "play":
        return _parse_play(rest, text)
    raise ParseError(f"not a WordMeld action: {short_repr(text)}")
