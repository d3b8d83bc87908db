"""Shared fixtures for the WordMeld tests: small lexicons and hand-built positions."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from wordgames import wordmeld as wm
from wordgames.lexicon import Lexicon

DECK = wm.DECKS["en"]
CL = DECK.card_letters
JOKERS = tuple(c for c in range(DECK.size) if CL[c] == wm.JOKER)

#: a tiny common-word lexicon for scenario tests
TINY = Lexicon.from_words(
    [
        "cat", "cats", "cast", "scat", "acts", "act", "coat", "coats", "tacos", "ascot",
        "dog", "dogs", "god", "gods", "goad", "goads", "dotage", "salvaged",
        "tone", "stone", "notes", "onset", "tones", "atone", "oaten", "note",
        "rain", "train", "trains", "strain", "ratin", "inert", "nitre",
        "word", "words", "sword", "melt", "smelt", "meld", "melds",
        "quiz", "quizzes", "jinx", "axe", "zax", "tax", "taxes",
    ],
    name="wordmeld-tiny",
)  # fmt: skip


def _sample_enable() -> Lexicon:
    en = Lexicon.builtin("en")
    words = [w for i, w in enumerate(en) if i % 9 == 0 and 3 <= len(w) <= 8]
    return Lexicon.from_words(words, name="wordmeld-test-sample")


#: a ~15,000-word sample of ENABLE for playouts (quick, but with plenty of plays)
SAMPLE = _sample_enable()


def card(letter: str, nth: int = 0) -> int:
    """The id of the ``nth`` card showing ``letter`` (``*`` for a joker)."""
    ids = [c for c in range(DECK.size) if CL[c] == letter]
    return ids[nth]


class Dealer:
    """Hands out distinct cards: ``d = Dealer(); d("CATS"), d("DOG*")`` (``*`` = a joker)."""

    def __init__(self) -> None:
        self.used: dict[str, int] = {}

    def __call__(self, text: str) -> tuple[int, ...]:
        out = []
        for ch in text:
            out.append(card(ch, self.used.get(ch, 0)))
            self.used[ch] = self.used.get(ch, 0) + 1
        return tuple(out)


def make_state(
    hands: Sequence[Sequence[int]],
    *,
    table: Sequence[Sequence[int]] = (),
    table_letters: Sequence[tuple[int, str]] = (),
    discard: Sequence[int] = (),
    pile: Sequence[int] | None = None,
    melded: Sequence[bool] | None = None,
    turn: int = 0,
    rules: wm.Rules | None = None,
    lexicon: Lexicon | None = TINY,
    official: Sequence[str] = (),
    winning: Sequence[str] = (),
    proper_names: Sequence[str] = (),
    phase: str = "turn",
) -> wm.State:
    """A position at the start of ``turn``'s turn; cards not placed go to the pile (or,
    when ``pile`` is given, the rest is put at the bottom of the discard pile)."""
    n = len(hands)
    base = wm.new_game(
        n,
        rules=rules or wm.Rules(),
        lexicon=lexicon,
        official=official,
        winning=winning,
        proper_names=proper_names,
    )
    placed = {c for h in hands for c in h} | {c for w in table for c in w} | set(discard)
    if pile is None:
        pile = [c for c in range(DECK.size) if c not in placed]
        extra: list[int] = []
    else:
        placed |= set(pile)
        extra = [c for c in range(DECK.size) if c not in placed]
    state = attrs.evolve(
        base,
        hands=tuple(tuple(sorted(h)) for h in hands),
        pile=tuple(sorted(pile)),
        discard=(*extra, *discard),
        table=tuple(tuple(w) for w in table),
        table_letters=tuple(sorted(table_letters)),
        melded=tuple(melded) if melded is not None else (True,) * n,
        phase=phase,
        turn=turn,
        queue=(),
        after="",
    )
    # the fewest actions that lead here: every card out of the pile drawn, every discard made
    state = attrs.evolve(state, ply=DECK.size - len(state.pile) + len(state.discard))
    # every hand-built position must be one from_dict accepts
    assert wm.State.from_dict(state.to_dict()) == state
    return state
