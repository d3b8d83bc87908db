"""Analysis of a whole recorded game, for every game: where each player lost, and how much.

:func:`analyze` replays a :class:`~wordgames.Record` (or a Wocable
:class:`~wordgames.wocable.GcgRecord`) and values every decision against the best one found:

- **Wocable**: static equity every turn, the score plus the leave's value (the packaged leave
  model unless ``leave=`` is given; the leave is not counted once the bag is empty); with a
  ``budget``, the turns with the bag empty are searched
  (:func:`~wordgames.wocable.bots.endgame_search`, two players, words checked on play), the
  unit then being the final spread.
- **Regenwormen**: every choice (which value to set aside, roll on or stop, which tile to take
  or steal) valued exactly by the single-turn solver's plan, in expected worms; with a
  ``budget``, once the game is small enough (two players, at most four tiles face up), also in
  win probability by the small-game solver (``win_*`` details).
- **WordMeld**: each choice against the play that sheds the most cards; a missed winning word
  is flagged (``missed_win``) and graded ``large``.
- **Wömmeln**: each word against the most space-saving placement of the same word (squares)
  and the longest word of the category that fitted (``letters``).

Grades follow :data:`THRESHOLDS` per unit; a :class:`PlayerSummary` sums each player's loss
and gives their accuracy. :func:`svg` draws the game's course and its mistakes.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from wordgames._core.errors import IllegalActionError, InvalidStateError, short_repr
from wordgames._core.record import Record
from wordgames.analysis._model import (
    ANALYSIS_VERSION,
    GRADES,
    METHODS,
    THRESHOLDS,
    UNITS,
    Analysis,
    PlayerSummary,
    TurnAnalysis,
    grade_of,
    summarize,
)
from wordgames.analysis._svg import svg

__all__ = [
    "ANALYSIS_VERSION",
    "GAME_OPTIONS",
    "GAME_UNITS",
    "GRADES",
    "METHODS",
    "THRESHOLDS",
    "UNITS",
    "Analysis",
    "PlayerSummary",
    "TurnAnalysis",
    "analyze",
    "grade_of",
    "svg",
]

GAME_OPTIONS: dict[str, frozenset[str]] = {
    "regenwormen": frozenset({"game"}),
    "wocable": frozenset({"game", "leave", "lexicon"}),
    "wommeln": frozenset({"game", "words"}),
    "wordmeld": frozenset({"game"}),
}
"""The keyword options :func:`analyze` accepts for each game's records."""

GAME_UNITS: dict[str, str] = {
    "regenwormen": "worms",
    "wocable": "points",
    "wommeln": "squares",
    "wordmeld": "cards",
}
"""The unit each game's summaries sum the losses in (Wocable's equity, points and spread
are all points)."""


def analyze(
    record: Record[Any],
    *,
    budget: float | None = None,
    rng: random.Random | None = None,
    progress: Callable[[int, int], None] | None = None,
    **game_options: Any,
) -> Analysis:
    """The analysis of every decision of ``record`` (see the module docs for each game).

    ``budget``: seconds the analysis may spend beyond its static pass on the deeper methods
    (Wocable's endgame search, Regenwormen's small-game solver); ``None`` (the default): the
    static or exact pass alone, which reads no clock. A budget is checked between steps with
    ``time.perf_counter``, so one step may overrun it (an endgame search at the depth started,
    one small-game solve sized by the time left). ``rng`` is for the sampling methods (unused
    by the current ones). ``progress(done, total)`` is called after each decision analysed.

    ``game_options``: ``game`` (the game the record must be of), and per game those of
    :data:`GAME_OPTIONS`: Wocable ``leave`` (a :class:`~wordgames.wocable.LeaveTable`, a
    leave model, or a function of sorted tile ids kept -> points as
    ``State.best_moves(leave=...)`` takes; default the packaged model of the tile set),
    Wocable ``lexicon`` (a :class:`~wordgames.lexicon.Lexicon` the best moves are looked for
    in; default the record's own: for a GCG file with words the builtin lexicon lacks, the
    builtin one plus those words), Wömmeln ``words`` (more candidate words for the
    longer-word check).

    Raises :class:`~wordgames.InvalidStateError` for a record that is not a record or does
    not replay, or a record of another game than ``game`` or than the options given;
    :class:`ValueError` for a negative or non-finite budget or an unknown option;
    :class:`TypeError` for an ``rng`` that is not a ``random.Random``.
    """
    if not isinstance(record, Record):
        raise InvalidStateError(f"not a Record: {type(record).__name__}")
    if budget is not None and (
        not isinstance(budget, int | float)
        or isinstance(budget, bool)
        or not math.isfinite(budget)
        or budget < 0
    ):
        raise ValueError(f"budget must be seconds >= 0 or None, got {short_repr(budget)}")
    if rng is not None and not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}")
    game = record.game
    _check_options(game, game_options)
    states = _replay(record)
    actions = list(record.actions)
    deadline = None if budget is None else time.perf_counter() + float(budget)
    notes: list[str] = []
    if game == "wocable":
        from wordgames.analysis import _wocable
        from wordgames.wocable.bots import leave_for

        leave = game_options.get("leave")
        if leave is not None and not callable(leave):
            raise TypeError(
                "leave must be a LeaveTable, a LeaveModel or a function of sorted tile ids"
            )
        leave = leave_for(states[0], leave)
        ctx = _wocable.Context(leave, deadline, rng)
        ctx.lexicon = _wocable.analysis_lexicon(states[0], game_options.get("lexicon"), ctx.notes)
        turns = _wocable.analyze_turns(states, actions, ctx, progress)
        notes = ctx.notes
    elif game == "regenwormen":
        from wordgames.analysis import _regenwormen

        turns, notes = _regenwormen.analyze_turns(states, actions, deadline, progress)
    elif game == "wordmeld":
        from wordgames.analysis import _wordmeld

        turns = _wordmeld.analyze_turns(states, actions, progress)
    elif game == "wommeln":
        from wordgames.analysis import _wommeln

        words = game_options.get("words", ())
        if isinstance(words, str):
            raise TypeError("words must be an iterable of words, not one string")
        turns = _wommeln.analyze_turns(states, actions, words, progress)
    else:  # pragma: no cover - the registry holds four games
        raise InvalidStateError(f"no analysis for game {short_repr(game)}")
    players = tuple(states[0].players)
    unit = GAME_UNITS[game]
    return Analysis(
        game,
        players,
        unit,
        tuple(turns),
        summarize(players, turns, unit),
        None if budget is None else float(budget),
        tuple(notes),
    )


def _check_options(game: str, options: dict[str, Any]) -> None:
    wanted = options.get("game")
    if wanted is not None and wanted != game:
        raise InvalidStateError(f"the record is a {game} game, not {short_repr(wanted)}")
    known = set().union(*GAME_OPTIONS.values())
    unknown = sorted(set(options) - known)
    if unknown:
        raise ValueError(f"unknown options {', '.join(unknown)}")
    foreign = sorted(set(options) - GAME_OPTIONS[game])
    if foreign:
        owners = sorted(g for g, o in GAME_OPTIONS.items() if foreign[0] in o)
        raise InvalidStateError(
            f"option {foreign[0]} is for {' and '.join(owners)} records; this is a {game} game"
        )


def _replay(record: Record[Any]) -> list[Any]:
    """Every state of ``record`` (the initial one first); InvalidStateError if it does not
    replay."""
    state = record.initial
    states = [state]
    for i, action in enumerate(record.actions):
        try:
            state = state.apply(action)
        except (IllegalActionError, ValueError, TypeError) as exc:
            raise InvalidStateError(
                f"record action {i} ({short_repr(str(action))}) does not replay: {exc}"
            ) from exc
        states.append(state)
    return states
