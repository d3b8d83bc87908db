"""WordMeld: each turn's choice against the play that sheds the most cards.

A decision is valued by the cards the mover's hand shrinks by before the turn ends, playing
the rest of the turn as well as the enumerated plays allow (:meth:`State.play_options
<wordgames.wordmeld.State.play_options>`, the brute-force list): a play sheds the cards it
lays less the cards it makes the player draw; drawing from the pile and discarding sheds
none; taking the discard top costs one card and is then worth the best of what it allows. A
play that wins at once is worth the whole hand. Decisions of the turn's start and after taking
the discard top are analysed; the discards after a pile draw are not (every discard sheds one
card).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from wordgames._core.contract import Resign
from wordgames.analysis._model import TurnAnalysis, grade_of
from wordgames.wordmeld.actions import Discard, Keep, Pass, PickDiscard, PickPile, Play
from wordgames.wordmeld.state import TOOK, TURN

__all__ = ["analyze_turns"]


def _play_value(state: Any, action: Play) -> tuple[int, bool]:
    """(cards shed, wins) of a legal play."""
    hand = len(state.hands[state.turn])
    result = state.play_result(action)
    if result.wins:
        return hand, True
    return hand - len(result.hand) - result.draws, False


def _options(state: Any) -> list[tuple[Any, int, bool]]:
    """Every enumerated play of ``state`` and what it is worth, with a winning flag."""
    hand = len(state.hands[state.turn])
    return [(o.action, hand if o.wins else o.shed, o.wins) for o in state.play_options()]


def _value(state: Any, action: Any) -> tuple[int, bool]:
    """(cards shed by the end of the turn, reaches a win) of ``action`` in ``state``."""
    if isinstance(action, Play):
        return _play_value(state, action)
    if isinstance(action, PickDiscard):
        took = state.apply(action)
        best, wins = _best_value(took)
        return best - 1, wins
    if isinstance(action, Discard):
        return 1, False
    if isinstance(action, PickPile | Pass):
        return 0, False
    if isinstance(action, Keep):
        return 0, False
    return 0, False


def _best_value(state: Any) -> tuple[int, bool]:
    """The best value of a decision in ``state`` (over its listed actions)."""
    best, wins = 0, False
    for a in state.legal_actions():
        if isinstance(a, Play):
            continue
        v, w = _value(state, a)
        if v > best:
            best, wins = v, w
    for _, v, w in _options(state):
        if v > best or (w and not wins):
            best, wins = v, w
    return best, wins


def analyze_turns(
    states: Sequence[Any],
    actions: Sequence[Any],
    progress: Callable[[int, int], None] | None,
) -> list[TurnAnalysis]:
    """One :class:`TurnAnalysis` per decision at a turn's start or after taking the discard."""
    todo = [
        i
        for i, a in enumerate(actions)
        if states[i].phase in (TURN, TOOK)
        and not isinstance(a, Resign)
        and len(states[i].legal_actions()) > 1
    ]
    out = []
    for k, i in enumerate(todo):
        state, action = states[i], actions[i]
        value, wins = _value(state, action)
        best_action: Any = action
        best, best_wins = value, wins
        for a in state.legal_actions():
            if isinstance(a, Play):
                continue
            v, w = _value(state, a)
            if v > best:
                best_action, best, best_wins = a, v, w
        for a, v, w in _options(state):
            if v > best:
                best_action, best, best_wins = a, v, w
        loss = best - value
        missed = best_wins and not wins
        grade = "large" if missed else grade_of(loss, "cards")
        note = f"missed a winning word: {best_action}" if missed else ""
        details = (("missed_win", 1.0 if missed else 0.0),)
        out.append(
            TurnAnalysis(
                ply=state.ply,
                player=state.turn,
                played=str(action),
                value=float(value),
                best=str(best_action),
                best_value=float(best),
                loss=float(loss),
                unit="cards",
                method="exact",
                grade=grade,
                note=note,
                details=details,
                scores=tuple(states[i + 1].scores),
            )
        )
        if progress is not None:
            progress(k + 1, len(todo))
    return out
