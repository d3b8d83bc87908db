"""WordMeld: the word rummy. Lay words from your hand, rearrange the table, empty your hand.

Rules as implemented, every decided ambiguity and its flag: docs/wordmeld.md.

>>> from wordgames import wordmeld as wm
>>> state = wm.new_game(players=2)        # a chance node: the deal
>>> pos = wm.position(["CATS", "DOGE"], table=["TONE"])  # a position from letters
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from wordgames._core.errors import RulesError
from wordgames._core.outcome import GameOutcome, player_names
from wordgames.lexicon import Lexicon
from wordgames.wordmeld import bots
from wordgames.wordmeld.actions import (
    Action,
    Discard,
    Draw,
    Keep,
    Pass,
    PickDiscard,
    PickPile,
    Play,
    Resign,
    parse_action,
)
from wordgames.wordmeld.deck import DECKS, JOKER, DeckSpec, default_deck
from wordgames.wordmeld.engine import PlayResult, analyze_play
from wordgames.wordmeld.info import GAME_INFO
from wordgames.wordmeld.meld import MeldOption, find_plays
from wordgames.wordmeld.position import position
from wordgames.wordmeld.rules import Rules
from wordgames.wordmeld.setup import WORDMELD, Setup
from wordgames.wordmeld.state import Phase, State
from wordgames.wordmeld.svg import svg
from wordgames.wordmeld.view import View

__all__ = [
    "DECKS",
    "GAME_INFO",
    "JOKER",
    "WORDMELD",
    "Action",
    "DeckSpec",
    "Discard",
    "Draw",
    "GameOutcome",
    "Keep",
    "MeldOption",
    "Pass",
    "Phase",
    "PickDiscard",
    "PickPile",
    "Play",
    "PlayResult",
    "Resign",
    "Rules",
    "Setup",
    "State",
    "View",
    "analyze_play",
    "bots",
    "default_deck",
    "find_plays",
    "new_game",
    "parse_action",
    "position",
    "svg",
]


_DEFAULT_RULES: Final = Rules()


def new_game(
    players: int | Sequence[str] = 2,
    *,
    rules: Rules | None = None,
    language: str = "en",
    deck: DeckSpec | None = None,
    lexicon: Lexicon | str | None = "builtin",
    official: Iterable[str] = (),
    winning: Iterable[str] = (),
    proper_names: Iterable[str] = (),
    setup: Setup | None = None,
) -> State:
    """A new game: a chance node dealing ``rules.hand_size`` cards to each player in turn
    (``rules``: ``None`` means ``Rules()``).

    The agreed configuration is either ``setup`` or built from ``language`` (``en``, ``de``,
    ``es``, ``nl``), ``deck`` (default: the language's), ``lexicon`` (the common-word
    lexicon; ``"builtin"`` = the packaged one for ``en``/``es``), the ``official`` (premium)
    list, extra ``winning`` words (WORDMELD always wins) and allowed ``proper_names``.

    >>> import random, wordgames
    >>> from wordgames import wordmeld
    >>> state = wordmeld.new_game(["ann", "bob"])         # a chance node: the deal
    >>> state = wordgames.resolve_chance(state, random.Random(1))
    >>> state.current_player, state.phase
    (0, <Phase.TURN: 'turn'>)
    """
    if rules is None:
        rules = _DEFAULT_RULES
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a wordmeld.Rules, got {type(rules).__name__}")
    names = player_names(players, rules.min_players, rules.max_players)
    if setup is None:
        setup = Setup.create(
            language,
            deck=deck,
            lexicon=lexicon,
            official=official,
            winning=winning,
            proper_names=proper_names,
        )
    n = len(names)
    size = setup.deck.size
    if size < n * rules.hand_size + 1:
        raise RulesError(
            f"a deck of {size} cards cannot deal {rules.hand_size} cards to {n} players"
        )
    queue = tuple(i % n for i in range(n * rules.hand_size))
    return State(
        rules,
        setup,
        names,
        tuple(() for _ in names),
        tuple(range(size)),
        (),
        (),
        (),
        tuple(False for _ in names),
        Phase.DRAW,
        0,
        queue,
        "start",
    )
