"""The rules checks of WordMeld's actions (``State.check`` and ``apply``'s refusals, each with
its error code, docs/wordmeld.md)."""

from __future__ import annotations

import operator
from itertools import chain
from typing import TYPE_CHECKING, Any

from wordgames._core.contract import INVALID_PLAYER, Resign
from wordgames._core.errors import IllegalActionError, short_repr
from wordgames.wordmeld.actions import Discard, Draw, Keep, Pass, PickDiscard, PickPile, Play

if TYPE_CHECKING:
    from wordgames.wordmeld.state import State

__all__ = ["MAX_PLAY_CARDS", "play_well_formed"]

MAX_PLAY_CARDS = 4096
"""A ``Play`` naming more card ids, changes or joker letters than this is not a well-formed
action (``not_an_action``): no deck is that large, and the bound keeps hostile objects cheap."""


def play_well_formed(action: object) -> bool:
    """Whether a ``Play``'s fields have their types (tuples of tuples of ints; ``(int,
    tuple of ints)`` changes; ``(int, str)`` letters) and name at most
    :data:`MAX_PLAY_CARDS` cards, changes and letters. The sizes are checked before anything
    iterates over the entries; the type checks run at C speed."""
    new = getattr(action, "new", None)
    changes = getattr(action, "changes", None)
    letters = getattr(action, "letters", None)
    if type(new) is not tuple or type(changes) is not tuple or type(letters) is not tuple:
        return False
    if len(new) > MAX_PLAY_CARDS or len(changes) > MAX_PLAY_CARDS:
        return False
    if len(letters) > MAX_PLAY_CARDS:
        return False
    if changes:
        if not set(map(type, changes)) <= _TUPLE or set(map(len, changes)) != _TWO:
            return False
        if not set(map(type, map(_first, changes))) <= _INT:
            return False
        words = (*new, *map(_second, changes))
    else:
        words = new
    if not set(map(type, words)) <= _TUPLE or sum(map(len, words)) > MAX_PLAY_CARDS:
        return False
    if not set(map(type, chain.from_iterable(words))) <= _INT:
        return False
    if not letters:
        return True
    return (
        set(map(type, letters)) <= _TUPLE
        and set(map(len, letters)) == _TWO
        and set(map(type, map(_first, letters))) == _INT
        and set(map(type, map(_second, letters))) == _STR
    )


_TUPLE = frozenset({tuple})
_INT = frozenset({int})
_STR = frozenset({str})
_TWO = frozenset({2})
_first = operator.itemgetter(0)
_second = operator.itemgetter(1)


def validate(state: State, action: Any) -> None:
    """``State._validate``: WordMeld's own rules for a well-typed action (``check`` has
    handled the situations every game shares)."""

    def fail(code: str, message: str) -> IllegalActionError:
        return IllegalActionError(code, action, message)

    if isinstance(action, Resign):
        q = action.player
        if not 0 <= q < state.num_players:
            raise fail(INVALID_PLAYER, f"no player {short_repr(q)}")
        if q in state.departed:
            raise fail("already_resigned", f"player {q} has already left the game")
        return
    if isinstance(action, Draw):
        if action.card not in state.pile:
            raise fail("card_not_in_pile", f"card {short_repr(action.card)} is not in the pile")
        return
    p = state.turn
    if isinstance(action, PickPile):
        if state.phase == "took" and state.rules.draw_after_discard_pick:
            if not state._can_pick_pile():
                raise fail("draw_pile_empty", "the draw pile is empty and cannot be refilled")
            return
        if state.phase != "turn":
            raise fail("wrong_phase", "cards are picked only at the start of a turn")
        if not state._can_pick_pile():
            raise fail("draw_pile_empty", "the draw pile is empty and cannot be refilled")
        return
    if isinstance(action, PickDiscard):
        if state.phase != "turn":
            raise fail("wrong_phase", "cards are picked only at the start of a turn")
        if not state.discard:
            raise fail("discard_pile_empty", "the discard pile is empty")
        return
    if isinstance(action, Pass):
        if state.phase != "turn":
            raise fail("wrong_phase", "passing is only possible at the start of a turn")
        if state._can_pick_pile() or state.discard:
            raise fail("must_draw", "a player who does not play must draw a card")
        return
    if isinstance(action, Discard):
        if state.phase not in ("discard", "took"):
            raise fail("wrong_phase", "discard only after drawing a card")
        if action.card not in state.hands[p]:
            raise fail("card_not_in_hand", f"card {short_repr(action.card)} is not in the hand")
        if state.phase == "took" and state._must_draw_after_pick():
            raise fail(
                "must_draw",
                "a player who takes the discard and plays no word draws from the pile first",
            )
        if (
            state.phase == "discard"
            and state.rules.discard_drawn_only
            and action.card != state.drawn
        ):
            raise fail("must_discard_drawn", "the discard must be the card just drawn")
        return
    if isinstance(action, Keep):
        if state.phase == "discard":
            if not state.melded[p]:
                raise fail(
                    "keep_before_first_word",
                    "the drawn card may be kept only after the player's first word",
                )
            return
        if state.phase == "took":
            if not (state.rules.keep_after_discard_pick and state.melded[p]):
                raise fail(
                    "keep_not_allowed",
                    "a player who takes the discard and plays no word discards one card",
                )
            return
        raise fail("wrong_phase", "nothing was drawn to keep")
    assert isinstance(action, Play)
    if state.phase not in ("turn", "took"):
        raise fail(
            "wrong_phase", "words are played at the start of a turn or after taking the discard"
        )
    state._analyze(action)
