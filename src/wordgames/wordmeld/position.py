"""Position builders: a valid state from readable parts (hands and table as letters).

>>> from wordgames import wordmeld as wm
>>> s = wm.position(["CATS*", "DOGE"], table=["C*AT"], lexicon=None, official=["CAT", "CATS"])
>>> s.word_texts()
('CAT',)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wordgames._core.errors import InvalidStateError, RulesError, short_repr
from wordgames.lexicon import Lexicon
from wordgames.wordmeld.deck import JOKER
from wordgames.wordmeld.rules import Rules
from wordgames.wordmeld.setup import Setup
from wordgames.wordmeld.state import State

__all__ = ["position"]

_DEFAULT_RULES = Rules()


class _Cards:
    """Hands out the lowest-numbered free card of each letter."""

    def __init__(self, card_letters: Sequence[str]) -> None:
        self.free: dict[str, list[int]] = {}
        for c in reversed(range(len(card_letters))):
            self.free.setdefault(card_letters[c], []).append(c)

    def take(self, letter: str, where: str) -> int:
        ids = self.free.get(letter)
        if not ids:
            what = "joker" if letter == JOKER else f"card {short_repr(letter)}"
            raise InvalidStateError(f"{where}: the deck has no free {what} left")
        return ids.pop()


def _letters(text: str, what: str) -> list[str]:
    if not isinstance(text, str):
        raise InvalidStateError(f"{what} must be a string of letters, got {short_repr(text)}")
    return [ch.upper() for ch in text if not ch.isspace()]


def position(
    hands: Sequence[str],
    *,
    table: Iterable[str] = (),
    discard: str = "",
    turn: int = 0,
    melded: Sequence[bool] | None = None,
    players: Sequence[str] | None = None,
    rules: Rules = _DEFAULT_RULES,
    setup: Setup | None = None,
    language: str = "en",
    lexicon: Lexicon | str | None = "builtin",
    official: Iterable[str] = (),
    winning: Iterable[str] = (),
    proper_names: Iterable[str] = (),
) -> State:
    """The position at the start of ``turn``'s turn with these cards (a checked state).

    ``hands`` has one string of letters per player (``*`` is a joker; spaces are ignored,
    letters may be lower case); ``table`` the table's words, a joker written ``*`` followed by
    the letter it stands for (``"C*AT"``); ``discard`` the discard pile from the bottom to the
    top. Cards are numbered in that order (the hands from player 0 on, then the table, then
    the discard pile), each the lowest-numbered free card of its letter; the other cards make
    the draw pile. ``melded`` says who has played a word (default: everybody when the table
    has words, else nobody); nobody's cards are known to the others; ``ply`` is the fewest
    actions that lead here. The game's configuration is ``setup`` or built from
    ``language``, ``lexicon``, ``official``, ``winning`` and ``proper_names`` as in
    :func:`~wordgames.wordmeld.new_game`.

    Raises :class:`~wordgames.RulesError` for a bad configuration and
    :class:`~wordgames.InvalidStateError` for a position that cannot be: a letter the deck
    has too few cards of, a table word that is not a word, a player on turn without cards,
    and every other check of :meth:`State.from_dict`.
    """
    from wordgames.wordmeld import new_game

    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise InvalidStateError("hands must be a list of strings, one per player")
    names: int | Sequence[str] = len(hands) if players is None else players
    base = new_game(
        names,
        rules=rules,
        setup=setup,
        language=language,
        lexicon=lexicon,
        official=official,
        winning=winning,
        proper_names=proper_names,
    )
    if base.num_players != len(hands):
        raise RulesError(f"{len(hands)} hands for {base.num_players} players")
    cl = base.setup.deck.card_letters
    cards = _Cards(cl)
    hand_ids = []
    for i, text in enumerate(hands):
        where = f"hand {i}"
        hand_ids.append(sorted(cards.take(ch, where) for ch in _letters(text, where)))
    words: list[list[int]] = []
    letters: list[list[int | str]] = []
    if isinstance(table, str):
        raise InvalidStateError("table must be a list of words, not one string")
    for k, text in enumerate(table):
        where = f"table word {k}"
        chars = _letters(text, where)
        word: list[int] = []
        j = 0
        while j < len(chars):
            if chars[j] == JOKER:
                if j + 1 >= len(chars) or chars[j + 1] == JOKER:
                    raise InvalidStateError(f"{where}: write a joker as * and its letter")
                c = cards.take(JOKER, where)
                letters.append([c, chars[j + 1]])
                j += 2
            else:
                c = cards.take(chars[j], where)
                j += 1
            word.append(c)
        words.append(word)
    pile_discard = [cards.take(ch, "discard pile") for ch in _letters(discard, "discard")]
    pile = sorted(c for ids in cards.free.values() for c in ids)
    n = len(hands)
    if melded is None:
        melded = [bool(words)] * n
    data = base.to_dict()
    data.update(
        hands=hand_ids,
        pile=pile,
        discard=pile_discard,
        table=words,
        table_letters=sorted(letters, key=lambda e: e[0]),
        melded=list(melded),
        phase="turn",
        turn=turn,
        queue=[],
        after="",
        ply=len(cl) - len(pile) + len(pile_discard),
    )
    return State.from_dict(data)
