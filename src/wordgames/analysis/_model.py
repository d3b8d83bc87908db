"""What an analysis is made of: :class:`TurnAnalysis`, :class:`PlayerSummary`, :class:`Analysis`
and their validated JSON round trip."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from wordgames._core.errors import InvalidStateError, short_repr
from wordgames._core.serial import (
    check_header,
    get_int,
    get_list,
    get_map,
    get_str,
    guarded_loader,
)

__all__ = [
    "ANALYSIS_VERSION",
    "GRADES",
    "METHODS",
    "THRESHOLDS",
    "UNITS",
    "Analysis",
    "PlayerSummary",
    "TurnAnalysis",
    "grade_of",
]

ANALYSIS_VERSION: Final = 1
"""The format version of :meth:`Analysis.to_dict`."""

GRADES: Final = ("none", "small", "medium", "large")
"""The grades of a decision, from no loss to a large mistake."""

METHODS: Final = ("exact", "static", "simulation", "endgame", "preendgame")
"""How a decision was valued: ``exact`` (a solver's exact value: Regenwormen, WordMeld,
Wömmeln), ``static`` (Wocable's score plus leave), ``simulation`` (Monte-Carlo playouts) and
``endgame`` (a search of the known position once the bag is empty)."""

THRESHOLDS: Final[Mapping[str, tuple[float, float, float]]] = {
    "equity": (1e-6, 4.0, 10.0),
    "points": (1e-6, 4.0, 10.0),
    "spread": (1e-6, 4.0, 10.0),
    "win_probability": (1e-6, 0.03, 0.10),
    "worms": (1e-9, 0.1, 0.4),
    "cards": (1.0, 2.0, 3.0),
    "squares": (1.0, 2.0, 4.0),
    "letters": (1.0, 2.0, 3.0),
}
"""Per unit, the smallest loss graded ``small``, ``medium`` and ``large`` (a loss below the
first is ``none``). Wocable: equity points (score plus leave value), points (score alone, the
bag empty) and spread (final score difference, from the endgame search); win probability
(simulation); Regenwormen: expected worms; WordMeld: cards; Wömmeln: squares (crossed out
beyond the fewest the word needs) and letters (a longer word that fitted)."""

UNITS: Final = tuple(THRESHOLDS)
"""The units a loss is measured in (see :data:`THRESHOLDS`)."""

_MAX_TURNS = 100_000
_MAX_TEXT = 4_096
_MAX_PLAYERS = 16


def grade_of(loss: float, unit: str) -> str:
    """The grade of ``loss`` measured in ``unit`` (:data:`THRESHOLDS`); ``ValueError`` for an
    unknown unit or a negative or non-finite loss."""
    try:
        small, medium, large = THRESHOLDS[unit]
    except KeyError:
        raise ValueError(f"unknown unit {unit!r}; known: {', '.join(UNITS)}") from None
    if not math.isfinite(loss) or loss < 0:
        raise ValueError(f"a loss is finite and at least 0, got {loss!r}")
    if loss >= large:
        return "large"
    if loss >= medium:
        return "medium"
    if loss >= small:
        return "small"
    return "none"


def _worse(a: str, b: str) -> str:
    return a if GRADES.index(a) >= GRADES.index(b) else b


@attrs.frozen
class TurnAnalysis:
    """One decision of a recorded game and how it compares with the best one found.

    ``ply`` is the state's ply before the decision, ``player`` who made it, ``played`` the
    action's text and ``value`` its value; ``best`` and ``best_value`` the best action found
    (``best == played`` when the played action was best); ``loss = best_value - value``
    (never negative), measured in ``unit`` (:data:`UNITS`); ``method`` how the values were
    found (:data:`METHODS`); ``grade`` the loss graded by :data:`THRESHOLDS` (a game may grade
    more severely, e.g. a missed WordMeld win is ``large``); ``note`` says anything else
    worth knowing in words (``""``: nothing); ``details`` holds further figures by name
    (Regenwormen's ``win_loss`` where the small-game solver applied, Wömmeln's ``letters``,
    WordMeld's ``missed_win``); ``scores`` are the players' scores after the decision.
    """

    ply: int
    player: int
    played: str
    value: float
    best: str
    best_value: float
    loss: float
    unit: str
    method: str
    grade: str
    note: str = ""
    details: tuple[tuple[str, float], ...] = ()
    scores: tuple[int, ...] = ()

    def detail(self, name: str, default: float | None = None) -> float | None:
        """The figure ``name`` of :attr:`details`, else ``default``."""
        for key, value in self.details:
            if key == name:
                return value
        return default

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "ply": self.ply,
            "player": self.player,
            "played": self.played,
            "value": self.value,
            "best": self.best,
            "best_value": self.best_value,
            "loss": self.loss,
            "unit": self.unit,
            "method": self.method,
            "grade": self.grade,
            "note": self.note,
            "details": dict(self.details),
            "scores": list(self.scores),
        }

    @classmethod
    def from_dict(cls, data: Any, players: int = _MAX_PLAYERS) -> TurnAnalysis:
        """Load :meth:`to_dict` output (:class:`~wordgames.InvalidStateError` if malformed or
        inconsistent: a negative loss, a loss other than best minus played, a grade milder
        than the loss's, an unknown unit or method)."""
        if not isinstance(data, Mapping):
            raise InvalidStateError("a turn analysis must be a JSON object")
        unknown = set(data) - _TURN_FIELDS
        if unknown:
            raise InvalidStateError(f"unknown turn fields {short_repr(sorted(map(str, unknown)))}")
        unit = _choice(data, "unit", UNITS)
        method = _choice(data, "method", METHODS)
        grade = _choice(data, "grade", GRADES)
        value = _number(data, "value")
        best_value = _number(data, "best_value")
        loss = _number(data, "loss")
        if loss < 0:
            raise InvalidStateError(f"a loss is never negative, got {loss!r}")
        if not math.isclose(loss, max(0.0, best_value - value), rel_tol=1e-9, abs_tol=1e-9):
            raise InvalidStateError(
                f"loss {loss!r} is not best_value minus value ({best_value!r} - {value!r})"
            )
        if GRADES.index(grade) < GRADES.index(grade_of(loss, unit)):
            raise InvalidStateError(f"grade {grade!r} is milder than a loss of {loss!r} {unit}")
        details = get_map(data, "details") if "details" in data else {}
        if len(details) > 32:
            raise InvalidStateError("too many details")
        pairs = []
        for key in sorted(details):
            if not isinstance(key, str) or len(key) > 64:
                raise InvalidStateError("detail names are short strings")
            pairs.append((key, _number(details, key)))
        scores = get_list(data, "scores") if "scores" in data else []
        if len(scores) > players or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in scores
        ):
            raise InvalidStateError("scores must be a list of integers, one per player")
        return cls(
            ply=get_int(data, "ply", 0, 10**9),
            player=get_int(data, "player", 0, players - 1),
            played=_text(data, "played"),
            value=value,
            best=_text(data, "best"),
            best_value=best_value,
            loss=loss,
            unit=unit,
            method=method,
            grade=grade,
            note=_text(data, "note") if "note" in data else "",
            details=tuple(pairs),
            scores=tuple(scores),
        )


_TURN_FIELDS = frozenset(attrs.fields_dict(TurnAnalysis))


def _number(data: Mapping[str, Any], key: str) -> float:
    if key not in data:
        raise InvalidStateError(f"missing field {key!r}")
    v = data[key]
    if not isinstance(v, int | float) or isinstance(v, bool) or not math.isfinite(v):
        raise InvalidStateError(f"field {key!r} must be a finite number, got {short_repr(v)}")
    return float(v)


def _text(data: Mapping[str, Any], key: str) -> str:
    v = get_str(data, key)
    if len(v) > _MAX_TEXT:
        raise InvalidStateError(f"field {key!r} is longer than {_MAX_TEXT} characters")
    return v


def _choice(data: Mapping[str, Any], key: str, allowed: Sequence[str]) -> str:
    v = get_str(data, key)
    if v not in allowed:
        raise InvalidStateError(f"field {key!r} must be one of {', '.join(allowed)}, got {v!r}")
    return v


@attrs.frozen
class PlayerSummary:
    """One player's decisions summed up: how many were analysed, the ``total_loss`` (in the
    game's unit: Wocable points, Regenwormen worms, WordMeld cards, Wömmeln squares), the
    count of each grade (in :data:`GRADES` order) and ``accuracy``: the percentage of the
    player's decisions graded ``none`` (100 for a player with no decision analysed)."""

    player: int
    name: str
    decisions: int
    total_loss: float
    grades: tuple[int, int, int, int]
    accuracy: float

    def count(self, grade: str) -> int:
        """How many of the player's decisions have ``grade``."""
        return self.grades[GRADES.index(grade)]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "player": self.player,
            "name": self.name,
            "decisions": self.decisions,
            "total_loss": self.total_loss,
            "grades": dict(zip(GRADES, self.grades, strict=True)),
            "accuracy": self.accuracy,
        }


def summarize(
    players: Sequence[str], turns: Sequence[TurnAnalysis], unit: str
) -> tuple[PlayerSummary, ...]:
    """The per-player summaries of ``turns`` (losses summed in ``unit``'s family)."""
    out = []
    for p, name in enumerate(players):
        mine = [t for t in turns if t.player == p]
        counts = [0, 0, 0, 0]
        for t in mine:
            counts[GRADES.index(t.grade)] += 1
        accuracy = 100.0 * counts[0] / len(mine) if mine else 100.0
        out.append(
            PlayerSummary(
                p,
                name,
                len(mine),
                round(sum(t.loss for t in mine), 9),
                (counts[0], counts[1], counts[2], counts[3]),
                round(accuracy, 9),
            )
        )
    return tuple(out)


@attrs.frozen
class Analysis:
    """The analysis of a whole recorded game (:func:`wordgames.analysis.analyze`).

    ``game`` and ``players`` as in the record; ``unit`` the unit the summaries' losses are
    summed in; ``turns`` one :class:`TurnAnalysis` per decision analysed, in the record's
    order; ``summaries`` one :class:`PlayerSummary` per player; ``budget`` the time budget
    it was made with (seconds, ``None``: the static pass alone); ``notes`` what the reader
    should know about the whole analysis (a method that could not be used, and why).
    """

    game: str
    players: tuple[str, ...]
    unit: str
    turns: tuple[TurnAnalysis, ...]
    summaries: tuple[PlayerSummary, ...]
    budget: float | None = None
    notes: tuple[str, ...] = ()

    def summary(self, player: int) -> PlayerSummary:
        """The summary of ``player``."""
        return self.summaries[player]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (``{"game": ..., "kind": "analysis", "version": 1, ...}``)."""
        return {
            "game": self.game,
            "kind": "analysis",
            "version": ANALYSIS_VERSION,
            "players": list(self.players),
            "unit": self.unit,
            "budget": self.budget,
            "notes": list(self.notes),
            "turns": [t.to_dict() for t in self.turns],
            "summaries": [s.to_dict() for s in self.summaries],
        }

    def to_json(self, **kwargs: Any) -> str:
        """``json.dumps(self.to_dict(), **kwargs)``."""
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    @guarded_loader
    def from_dict(cls, data: Any) -> Analysis:
        """Load :meth:`to_dict` output; :class:`~wordgames.InvalidStateError` for anything
        malformed. The summaries are recomputed from the turns and must match the stored
        ones."""
        from wordgames._core.registry import GAME_NAMES

        game = data.get("game") if isinstance(data, Mapping) else None
        if game not in GAME_NAMES:
            raise InvalidStateError(f"not an analysis of a known game: {short_repr(game)}")
        assert isinstance(game, str)
        check_header(data, game, "analysis", ANALYSIS_VERSION)
        players = get_list(data, "players")
        if not 1 <= len(players) <= _MAX_PLAYERS or not all(
            isinstance(p, str) and len(p) <= 100 for p in players
        ):
            raise InvalidStateError("players must be 1-16 names of at most 100 characters")
        unit = _choice(data, "unit", UNITS)
        budget = data.get("budget")
        if budget is not None and (
            not isinstance(budget, int | float)
            or isinstance(budget, bool)
            or not math.isfinite(budget)
            or budget < 0
        ):
            raise InvalidStateError(
                f"budget must be null or seconds >= 0, got {short_repr(budget)}"
            )
        notes = get_list(data, "notes") if "notes" in data else []
        if len(notes) > 64 or not all(isinstance(n, str) and len(n) <= _MAX_TEXT for n in notes):
            raise InvalidStateError("notes must be a short list of strings")
        raw = get_list(data, "turns")
        if len(raw) > _MAX_TURNS:
            raise InvalidStateError(f"more than {_MAX_TURNS} turns")
        turns = tuple(TurnAnalysis.from_dict(t, len(players)) for t in raw)
        summaries = summarize(players, turns, unit)
        stored = get_list(data, "summaries")
        if stored != [s.to_dict() for s in summaries]:
            raise InvalidStateError("the summaries do not match the turns")
        return cls(
            game,
            tuple(players),
            unit,
            turns,
            summaries,
            None if budget is None else float(budget),
            tuple(notes),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Analysis:
        """Load :meth:`to_json` output (:class:`~wordgames.InvalidStateError` if it is not
        JSON or not an analysis)."""
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise InvalidStateError(f"analysis is not valid JSON: {exc}") from exc
        return cls.from_dict(data)


def worse(a: str, b: str) -> str:
    """The more severe of two grades."""
    return _worse(a, b)
