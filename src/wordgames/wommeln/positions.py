"""Position builders: a valid Wömmeln state from readable parts, for tests, puzzles and bug
reports. Marks are given as ``(row, col)`` cells (0-based) of each player's sheet:

>>> from wordgames import wommeln as wm
>>> s = wm.position(
...     ["ann", "bob"],
...     sheets=[["STIIE", "XXXXS", "XXXXR"], ["ABCDE", "FGHIJ", "KLMNO"]],
...     drawn=["1a", "2b"],
...     results=[[wm.Line("STIER", [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 4), (2, 4)],
...                       crossed=[(0, 3), (1, 4)])], [None]],
...     entries=[None, wm.Circles("AB", [(0, 0), (0, 1)])],
... )
>>> str(s.phase), s.scores, s.players_to_act == {0, 1}
('search', (5, 0), True)

The result is checked exactly as :meth:`State.from_dict` checks a loaded state (it is built
through ``to_dict``/``from_dict``), so an impossible position raises
:class:`~wordgames.InvalidStateError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from wordgames._core.errors import InvalidStateError, RulesError, short_repr
from wordgames._core.outcome import player_names
from wordgames._core.states import warn_deprecated
from wordgames.wommeln.categories import fold
from wordgames.wommeln.marks import PASSED, Entry, Marks, RoundResult
from wordgames.wommeln.phases import Status
from wordgames.wommeln.rules import MAX_PLAYERS, Rules
from wordgames.wommeln.sheets import Sheet
from wordgames.wommeln.state import DEFAULT_RULES, State, new_game
from wordgames.wommeln.view import _drawn_from_list

__all__ = ["Circles", "Line", "position"]

Cell = tuple[int, int]


def _cells(cells: Iterable[Any]) -> tuple[Cell, ...]:
    return tuple((r, c) for r, c in cells)


@attrs.frozen
class Line:
    """A connected word: ``path`` its cells in order, ``crossed`` the cells of the path that
    are crossed out (every other cell is circled). In ``results``, ``score`` ``None`` means the
    word scored its length; ``0`` a word that scored nothing but stays on the sheet (only with
    ``Rules(erase_zero_rounds=False)``)."""

    word: str
    path: tuple[Cell, ...] = attrs.field(converter=_cells)
    crossed: tuple[Cell, ...] = attrs.field(default=(), converter=_cells)
    score: int | None = None


@attrs.frozen
class Circles:
    """Letters circled for ``word`` and not connected: ``cells`` in any order."""

    word: str
    cells: tuple[Cell, ...] = attrs.field(converter=_cells)


def _index(cell: Cell, sheet: Sheet) -> int:
    r, c = cell
    if (
        type(r) is not int
        or type(c) is not int
        or not (0 <= r < sheet.rows and 0 <= c < sheet.cols)
    ):
        raise InvalidStateError(f"cell {short_repr(cell)} is not on sheet {sheet.id}")
    return r * sheet.cols + c


def _marks(spec: Line | Circles, sheet: Sheet) -> Marks:
    word = fold(spec.word)
    if isinstance(spec, Line):
        path = tuple(_index(c, sheet) for c in spec.path)
        crossed = {_index(c, sheet) for c in spec.crossed}
        if not crossed <= set(path):
            raise InvalidStateError(f"{word}: a crossed-out cell is not on its line")
        circles = tuple(i for i, c in enumerate(path) if c not in crossed)
        return Marks(word, path, circles, True)
    cells = tuple(sorted({_index(c, sheet) for c in spec.cells}))
    if len(cells) != len(spec.cells) or not cells:
        raise InvalidStateError(f"{word}: circled cells must be distinct and not none")
    return Marks(word, cells, tuple(range(len(cells))), False)


def _result(spec: Line | Circles | None, sheet: Sheet) -> RoundResult:
    if spec is None:
        return RoundResult("", 0, None)
    if isinstance(spec, Circles):  # a round given up: its loose circles stay
        return RoundResult("", 0, _marks(spec, sheet))
    if not isinstance(spec, Line):
        raise InvalidStateError(f"a result is a Line, Circles or None, got {short_repr(spec)}")
    m = _marks(spec, sheet)
    return RoundResult(m.word, len(m.word) if spec.score is None else spec.score, m)


def _entry(spec: Line | Circles | str | None, sheet: Sheet) -> Entry | None:
    if spec is None:
        return None
    if spec == "passed":
        return PASSED
    if isinstance(spec, Line):
        return Entry(Status.PLACED, _marks(spec, sheet))
    if isinstance(spec, Circles):
        return Entry(Status.CIRCLED, _marks(spec, sheet))
    raise InvalidStateError(f"an entry is a Line, Circles, 'passed' or None: {short_repr(spec)}")


def position(
    players: int | Sequence[str] = 2,
    *,
    rules: Rules | None = None,
    sheets: Sequence[int | Sheet | Sequence[str]] | None = None,
    drawn: Sequence[str] = (),
    results: Sequence[Sequence[Line | Circles | None]] | None = None,
    entries: Sequence[Line | Circles | str | None] | None = None,
    phase: str | None = None,
    timer: str | None = None,
    timer_starter: int | None = None,
    votes: Sequence[tuple[int, int, bool]] = (),
    challenges: Sequence[tuple[int, Sequence[int]]] = (),
    departed: Sequence[int] = (),
    ply: int | None = None,
    left: Sequence[int] | None = None,
) -> State:
    """A state from readable parts, checked as :meth:`State.from_dict` checks a saved one.

    ``players`` and ``sheets`` as in :func:`new_game`; ``drawn`` the category cards revealed
    (``"12a"``); ``results`` per player one item per finished round (:class:`Line`: the word
    written and its line; :class:`Circles`: a round given up whose circles stay; ``None``: no
    word and nothing on the sheet); ``entries`` the current round (:class:`Line` placed,
    :class:`Circles` circled, ``"passed"`` or ``None``). Defaults: ``phase`` is ``"search"``
    when more cards are drawn than rounds finished, else ``"reveal"`` (``"over"`` after the
    last round); during the search the first player with a placed word started the countdown
    (``timer`` ``"running"``); ``ply`` is the fewest actions that lead here. Without
    ``sheets`` player ``i`` has builtin sheet ``i + 1``; ``departed`` lists the players who
    left (``left`` is its deprecated name, warns ``DeprecationWarning``).
    :class:`~wordgames.InvalidStateError` for anything that is not a reachable position.
    """
    if left is not None:
        warn_deprecated("position(left=...)", "departed=")
        departed = left
    if rules is None:
        rules = DEFAULT_RULES
    try:
        if sheets is None:
            sheets = list(range(1, len(player_names(players, 1, MAX_PLAYERS)) + 1))
        base = new_game(players, rules=rules, sheets=sheets)
    except RulesError as exc:
        raise InvalidStateError(str(exc)) from None
    n = base.num_players
    rows = [[] for _ in range(n)] if results is None else [list(rs) for rs in results]
    if len(rows) != n:
        raise InvalidStateError(f"results: one list per player ({n})")
    now: list[Line | Circles | str | None] = [None] * n if entries is None else list(entries)
    if len(now) != n:
        raise InvalidStateError(f"entries: one per player ({n})")
    finished = len(rows[0]) if rows else 0
    if phase is None:
        if len(drawn) > finished:
            phase = "search"
        else:
            phase = "over" if finished >= rules.num_rounds else "reveal"
    if phase == "search" and entries is None:
        now = ["passed" if p in departed else None for p in range(n)]
    sh = base.sheets
    made = [_entry(e, s) for e, s in zip(now, sh, strict=True)]
    placed = [p for p, e in enumerate(made) if e is not None and e.status == "placed"]
    if timer is None:
        solo = n == 1 and rules.solo_time_limit is not None
        timer = "running" if phase == "search" and (solo or (placed and n > 1)) else "off"
    if timer_starter is None and timer != "off" and n > 1 and placed:
        timer_starter = placed[0]
    if ply is None:
        done = sum(1 for e in made if e is not None)
        ply = len(drawn) + finished + len(challenges) + len(votes) + done
    try:
        res = tuple(tuple(_result(r, s) for r in rs) for rs, s in zip(rows, sh, strict=True))
        state = State(
            rules=rules,
            players=base.players,
            sheets=sh,
            results=res,
            entries=tuple(made),
            drawn=_drawn_from_list(list(drawn)),
            phase=phase,
            timer=timer,
            timer_starter=timer_starter,
            votes=tuple((v, a, ok) for v, a, ok in votes),
            departed=tuple(departed),
            ply=ply,
            challenges=tuple((c, tuple(a)) for c, a in challenges),
        )
        data = state.to_dict()
    except InvalidStateError:
        raise
    except (TypeError, ValueError, AttributeError) as exc:
        raise InvalidStateError(f"bad position part: {short_repr(str(exc), 200)}") from None
    return State.from_dict(data)
