"""Wömmeln: each round's word against the most space-saving placement of the same word, and
against the longest word that would have fitted.

The squares lost are the cells the played line crossed out beyond the fewest any placement
of the same word needs on the sheet as it was (:func:`~wordgames.wommeln.best_placement`,
exhaustive within its node limit); the letters lost are how much longer the longest word of
the round's category (its sample answers in the rules' language, and any ``words`` the
caller adds) that fitted on the sheet was. A pass is analysed for the letters alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from wordgames.analysis._model import TurnAnalysis, grade_of, worse
from wordgames.wommeln.actions import Connect, Pass, Place
from wordgames.wommeln.engine import (
    DEFAULT_NODE_LIMIT,
    Placement,
    SearchLimitError,
    best_placement,
)

__all__ = ["analyze_turns"]

#: Search nodes spent on each longer candidate word (a word the search gives up on counts as
#: not placeable).
CANDIDATE_NODE_LIMIT = 3_000


def _played(state: Any, action: Any) -> Placement | None:
    p = action.player
    cols = state.sheets[p].cols
    if isinstance(action, Place):
        return action.placement(cols)
    if isinstance(action, Connect):
        entry = state.entries[p]
        word = entry.marks.word if entry is not None else ""
        return Placement(word, tuple(r * cols + c for r, c in action.path), action.circles)
    return None


def _longest(
    state: Any, p: int, longer_than: int, extra: Sequence[str]
) -> tuple[str, Placement] | None:
    """The longest candidate word longer than ``longer_than`` letters that fits on ``p``'s
    sheet, with its placement."""
    cat = state.category
    words = [*(cat.answers(state.rules.language) if cat is not None else ()), *extra]
    grid = state.base_grid(p)
    cross = state.rules.lines_may_cross
    seen = set()
    for w in sorted(words, key=lambda w: (-len(w), w)):
        if len(w) <= longer_than or len(w) < state.rules.min_word_length or w in seen:
            continue
        seen.add(w)
        try:
            pl = best_placement(grid, w, lines_may_cross=cross, node_limit=CANDIDATE_NODE_LIMIT)
        except SearchLimitError:
            continue
        if pl is not None:
            return w, pl
    return None


def analyze_turns(
    states: Sequence[Any],
    actions: Sequence[Any],
    words: Iterable[str],
    progress: Callable[[int, int], None] | None,
) -> list[TurnAnalysis]:
    """One :class:`TurnAnalysis` per word connected (``place`` or ``connect``) and per pass
    made before circling, during the search."""
    extra = [w.upper() for w in words]
    todo = []
    for i, a in enumerate(actions):
        s = states[i]
        if s.phase != "search" or not isinstance(a, Place | Connect | Pass):
            continue
        if isinstance(a, Pass) and s.entries[a.player] is not None:
            continue  # giving up connecting: no word to compare
        todo.append(i)
    out = []
    for k, i in enumerate(todo):
        state, action = states[i], actions[i]
        p = action.player
        cols = state.sheets[p].cols
        played = _played(state, action)
        note = ""
        if played is None:
            value = best_value = 0.0
            best = str(action)
            length = 0
        else:
            length = len(played.word)
            value = 0.0 - played.crossed
            best = str(action)
            best_value = value
            try:
                fewest = best_placement(
                    state.base_grid(p),
                    played.word,
                    lines_may_cross=state.rules.lines_may_cross,
                    node_limit=DEFAULT_NODE_LIMIT,
                )
            except SearchLimitError:
                fewest = None
                note = "the search for the fewest crossed squares gave up"
            if fewest is not None and fewest.crossed < played.crossed:
                best = str(Place.of(p, fewest, cols))
                best_value = 0.0 - fewest.crossed
        longer = _longest(state, p, length, extra)
        letters = 0
        if longer is not None:
            letters = len(longer[0]) - length
            text = f"longer word that fitted: {longer[0]} ({Place.of(p, longer[1], cols)!s})"
            note = f"{note}; {text}" if note else text
        loss = best_value - value
        grade = worse(grade_of(loss, "squares"), grade_of(float(letters), "letters"))
        out.append(
            TurnAnalysis(
                ply=state.ply,
                player=p,
                played=str(action),
                value=value,
                best=best,
                best_value=best_value,
                loss=loss,
                unit="squares",
                method="exact",
                grade=grade,
                note=note,
                details=(("letters", float(letters)),),
                scores=tuple(states[i + 1].scores),
            )
        )
        if progress is not None:
            progress(k + 1, len(todo))
    return out
