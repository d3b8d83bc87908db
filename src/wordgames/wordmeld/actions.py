"""WordMeld actions and their notation.

==========================  ===============================================================
``draw 17``                  chance: card 17 is drawn from the draw pile (each card of the
                             pile is equally likely; a redacted record shows ``draw ?``)
``pick pile``                draw one card from the draw pile instead of playing
``pick discard``             take the top card of the discard pile
``discard 17``               discard card 17
``keep``                     keep the card drawn (no discard)
``pass``                     nothing can be drawn: end the turn
``play 3.17.42 5.101=E.9``   two new words: words separated by spaces, card ids by dots,
                             a joker written with the letter it stands for (``101=E``)
``play 0:8.3.17``            table word 0 becomes 8.3.17 (an ``index:`` prefix names the
                             table word changed; table words not named stay as they are)
``play 1:- 4.5.6``           table word 1 taken back, a new word laid
``play 0:3.17 42.50.8``      a borrow: table word 0 becomes 3.17, new word 42.50.8
``resign 1``                 player 1 leaves the game (the shared :class:`Resign`)
==========================  ===============================================================

Keywords are case-insensitive (``PICK PILE``, ``Keep``); card ids and player numbers are ASCII
digits (at most six); ``str(action)`` is the canonical lower-case form. Joker letters are
data, not keywords, and are kept as written.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence

import attrs

from wordgames._core.contract import Resign
from wordgames._core.errors import ParseError, short_repr
from wordgames._core.notation import ascii_int, guarded_parser

__all__ = [
    "Action",
    "Card",
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


Card = int | tuple[int, str]
"""A card in a builder: its id, or ``(id, letter)`` for a joker given a letter."""


def _sorted_letters(value: tuple[tuple[int, str], ...]) -> tuple[tuple[int, str], ...]:
    return tuple(sorted((int(c), str(s)) for c, s in value))


def _frozen(value: object) -> object:
    """``value`` with every list made a tuple, so that a play holding a wrong type still
    hashes and prints (``check`` then calls it ``not_an_action``); TypeError for values that
    cannot be frozen (dicts, sets)."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    hash(value)  # TypeError for dicts, sets and other unhashable values
    return value


def _words(value: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(_frozen(c) for c in w) for w in value)  # type: ignore[misc]


def _changes(
    value: tuple[tuple[int, tuple[int, ...]], ...],
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    pairs = [(int(i), tuple(_frozen(c) for c in w)) for i, w in value]
    return tuple(sorted(pairs, key=operator.itemgetter(0)))  # type: ignore[arg-type]


def _card_id(value: object, what: str) -> int:
    if type(value) is not int:
        raise TypeError(f"{what} must be an int card id, got {short_repr(value, 40)}")
    if value < 0:
        # card ids are never negative, and "-1" would not read back from the notation
        raise ValueError(f"{what} id is at least 0, got {value}")
    return value


def _word_index(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"a table word index must be an int, got {short_repr(value, 40)}")
    if value < 0:
        raise ValueError(f"a table word index is at least 0, got {value}")
    return value


def _split(cards: Iterable[Card], letters: list[tuple[int, str]]) -> tuple[int, ...]:
    """Card ids of a builder's word, the jokers' ``(id, letter)`` added to ``letters``;
    TypeError for anything but ints and ``(int, str)`` pairs (a list of cards where separate
    cards were meant, a bool, a float)."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise TypeError(f"a word is a sequence of cards, got {short_repr(cards, 40)}")
    ids = []
    for card in cards:
        if type(card) is tuple:
            if len(card) != 2 or type(card[1]) is not str:
                raise TypeError(f"a joker is written (card id, letter), got {short_repr(card, 40)}")
            ids.append(_card_id(card[0], "a joker's card"))
            letters.append(card)
        else:
            ids.append(_card_id(card, "a card"))
    return tuple(ids)


@attrs.frozen
class Play:
    """Lay down words and change table words (an explicit edit of the table).

    ``new``: words laid as new table words, each a tuple of card ids in reading order
    (appended to the table in this order). ``changes``: ``(index, word)`` pairs, kept sorted
    by index: table word ``index`` (its position before the play) becomes ``word``; an empty
    ``word`` takes that table word back (its cards that no word of the play uses go to the
    player's hand). A table word the play does not mention stays as it is, and its cards
    cannot be used. ``letters``: ``(card id, letter)`` of the jokers the play gives a letter:
    every joker from the hand, and a table joker whose letter changes (a table joker in a
    word of the play keeps its letter when none is given).

    Build plays with :meth:`new_word`, :meth:`extend`, :meth:`borrow`, :meth:`take_back`
    and ``+`` (which joins two plays into one).
    """

    new: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_words)
    changes: tuple[tuple[int, tuple[int, ...]], ...] = attrs.field(default=(), converter=_changes)
    letters: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=_sorted_letters)

    @classmethod
    def of(cls, *words: Sequence[Card]) -> Play:
        """New words whose jokers are written ``(card, letter)``:
        ``Play.of([3, 17, 42], [5, (101, "E"), 9])`` lays two new words.

        :raises TypeError: a word that is not a sequence of cards, a card that is not an int
            id or an ``(id, letter)`` pair. :raises ValueError: a negative card id."""
        letters: list[tuple[int, str]] = []
        new = tuple(_split(w, letters) for w in words)
        return cls(new, (), tuple(letters))

    @classmethod
    def new_word(cls, *cards: Card) -> Play:
        """One new word of ``cards`` in reading order: ``Play.new_word(3, 17, (101, "E"))``.

        :raises TypeError: a card that is not an int id or an ``(id, letter)`` pair (a list
            of cards, ``Play.new_word([3, 17])``, is one: pass the cards separately, or use
            :meth:`of`). :raises ValueError: a negative card id."""
        return cls.of(cards)

    @classmethod
    def extend(cls, word_index: int, *cards: Card) -> Play:
        """Table word ``word_index`` becomes ``cards`` (its new reading order: its own cards
        wherever they go, plus cards from the hand): ``Play.extend(0, 8, 3, 17, 42)``.

        :raises TypeError: an index or card of the wrong type. :raises ValueError: a negative
            index or card id."""
        letters: list[tuple[int, str]] = []
        return cls((), ((_word_index(word_index), _split(cards, letters)),), tuple(letters))

    @classmethod
    def borrow(cls, word_index: int, rest: Sequence[Card], word: Sequence[Card]) -> Play:
        """Take cards out of table word ``word_index``, leaving ``rest`` (still a word), and
        lay the new word ``word`` with them: ``Play.borrow(0, [3, 17], [42, 50, 51])``.

        :raises TypeError: an index, word or card of the wrong type. :raises ValueError: a
            negative index or card id."""
        letters: list[tuple[int, str]] = []
        changes = ((_word_index(word_index), _split(rest, letters)),)
        return cls((_split(word, letters),), changes, tuple(letters))

    @classmethod
    def take_back(cls, word_index: int) -> Play:
        """Take table word ``word_index`` back (join it with ``+`` to the words that use its
        cards; the cards no word uses go to the hand).

        :raises TypeError: an index that is not an int. :raises ValueError: a negative one."""
        return cls((), ((_word_index(word_index), ()),), ())

    def __add__(self, other: Play) -> Play:
        """One play doing both plays' edits (the check refuses a word changed twice)."""
        if not isinstance(other, Play):
            return NotImplemented
        return Play(
            (*self.new, *other.new),
            (*self.changes, *other.changes),
            (*self.letters, *other.letters),
        )

    def __str__(self) -> str:
        pending: dict[int, list[str]] = {}
        for card, letter in self.letters:
            pending.setdefault(card, []).append(letter)

        def word_text(word: tuple[int, ...]) -> str:
            tokens = []
            for card in word:
                queue = pending.get(card)
                if queue:
                    tokens.append(f"{card}={queue.pop(0)}")
                else:
                    tokens.append(str(card))
            return ".".join(tokens) if tokens else "-"

        parts = ["play"]
        parts.extend(f"{i}:{word_text(w)}" for i, w in self.changes)
        parts.extend(word_text(w) for w in self.new)
        extra = [f"{c}={s}" for c, q in sorted(pending.items()) for s in q]
        if extra:
            parts.append("|")
            parts.extend(extra)
        return " ".join(parts)


Action = Draw | PickPile | PickDiscard | Discard | Keep | Pass | Play | Resign
"""Any WordMeld action (card draws, the chance outcomes, included)."""

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
    if not token or any(ch.isspace() or ch in ".=|:" for ch in token):
        raise ParseError(f"bad joker letter {short_repr(token)} in {short_repr(text, 30)}")
    return token


def _parse_word(word: str, text: str, letters: list[tuple[int, str]]) -> tuple[int, ...]:
    if word == "-":
        return ()
    ids = []
    for token in word.split("."):
        card, sep, letter = token.partition("=")
        ids.append(_card(card, text))
        if sep:
            letters.append((ids[-1], _letter(letter, text)))
    return tuple(ids)


def _parse_play(rest: list[str], text: str) -> Play:
    new: list[tuple[int, ...]] = []
    changes: list[tuple[int, tuple[int, ...]]] = []
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
        index, colon, cards = word.rpartition(":")
        if colon:
            where = f"table word index in {short_repr(text, 30)}"
            changes.append((ascii_int(index, where), _parse_word(cards, text, letters)))
        else:
            new.append(_parse_word(word, text, letters))
    return Play(tuple(new), tuple(changes), tuple(letters))


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
