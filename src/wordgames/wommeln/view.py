"""Player views of a Wömmeln state, their sampling (determinisation) and the JSON codec that
states and views share."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wordgames._core.contract import ViewBase
from wordgames._core.errors import InvalidStateError, RulesError, short_repr
from wordgames._core.outcome import player_names
from wordgames._core.serial import (
    MAX_PLY,
    check_header,
    get_list,
    get_map,
    get_ply,
    get_str,
    guarded_loader,
)
from wordgames._core.states import EndReason, deprecated_alias
from wordgames.wommeln._checks import ended_by_leaving
from wordgames.wommeln.actions import Action, cell_text
from wordgames.wommeln.categories import CARDS, SIDES, Category
from wordgames.wommeln.engine import MAX_COLS, MAX_ROWS, GridState, Placement, parse_cell
from wordgames.wommeln.marks import (
    Entry,
    Marks,
    RoundResult,
    base_grid,
    revealed_category,
    to_act,
)
from wordgames.wommeln.phases import Phase, Status, Timer
from wordgames.wommeln.rules import MAX_PLAYERS, Rules
from wordgames.wommeln.sheets import Sheet

if TYPE_CHECKING:
    from wordgames.wommeln.state import State

__all__ = ["View"]

#: The JSON ``version`` of Wömmeln states and views (1: 0.1.0, read by :func:`migrate`).
VERSION = 2
STATUSES = tuple(Status)
PHASES = tuple(Phase)
TIMERS = tuple(Timer)
#: The longest player name ``from_dict`` reads.
MAX_NAME = 100


def migrate(data: Any) -> Any:
    """A state or view of format version 1 (0.1.0) as version 2: ``"left"`` is named
    ``"departed"``. Anything else is returned as it is (the header check refuses it)."""
    if isinstance(data, Mapping) and data.get("game") == "wommeln" and data.get("version") == 1:
        out = {k: v for k, v in data.items() if k != "left"}
        out["version"] = VERSION
        if "left" in data:
            out["departed"] = data["left"]
        return out
    return data


@attrs.frozen
class View(ViewBase):
    """What one player (``viewer``; ``None`` = spectator) may know of a state.

    ``entries`` holds this round's moves that the viewer may see (during the search only the
    viewer's own and the empty ones of players who left; ``None`` otherwise), ``done`` who has
    finished the search (public: they put the pen down). Everything else (sheets, earlier
    rounds' words and marks, the categories drawn, the countdown, votes, who left) is public;
    the order of the category cards still in the pile is hidden (:attr:`unseen`). At the
    deal, ``sheets`` holds the seats dealt so far.
    """

    GAME: ClassVar[str] = "wommeln"

    viewer: int | None
    rules: Rules
    players: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    results: tuple[tuple[RoundResult, ...], ...]
    entries: tuple[Entry | None, ...]
    done: tuple[bool, ...]
    drawn: tuple[tuple[int, str], ...]
    phase: Phase = attrs.field(converter=Phase)
    timer: Timer = attrs.field(converter=Timer)
    timer_starter: int | None
    votes: tuple[tuple[int, int, bool], ...]
    #: the players who have left the game (ascending seats)
    departed: tuple[int, ...] = ()
    ply: int = 0
    #: this round's challenge decisions (public: challenges are spoken aloud)
    challenges: tuple[tuple[int, tuple[int, ...]], ...] = ()

    @property
    def num_players(self) -> int:
        """How many players take part (those who left included)."""
        return len(self.players)

    @property
    @deprecated_alias("View.left", "View.departed")
    def left(self) -> tuple[int, ...]:
        """Deprecated alias of :attr:`departed` (warns ``DeprecationWarning``)."""
        return self.departed

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended (the state's ``outcome.reason``), ``None`` while it goes on."""
        if self.phase != Phase.OVER:
            return None
        if ended_by_leaving(self.num_players, self.departed):
            return EndReason.RESIGNED
        return EndReason.ROUNDS_PLAYED

    @property
    def category(self) -> Category | None:
        """The category of the current round, if one is revealed."""
        return revealed_category(self.phase, self.drawn, self.rules)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's total so far."""
        return tuple(sum(r.score for r in rs) for rs in self.results)

    @property
    def unseen(self) -> Counter[str]:
        """The category cards still in the pile, by number (``"12"``; which comes next and
        with which side up is hidden). Other players' marks of the current search are hidden
        too; they are not things with a notation (see ``entries`` and ``done``)."""
        used = {c for c, _ in self.drawn}
        if self.phase == "over":
            return Counter()
        return Counter(str(c) for c in range(1, CARDS + 1) if c not in used)

    def grid(self, player: int) -> GridState:
        """``player``'s sheet as the viewer knows it (this round's marks only where visible)."""
        g = base_grid(self.sheets[player], self.results[player])
        e = self.entries[player]
        return e.marks.draw(g) if e is not None else g

    def base_grid(self, player: int) -> GridState:
        """``player``'s sheet with the marks of finished rounds."""
        return base_grid(self.sheets[player], self.results[player])

    @property
    def players_to_act(self) -> frozenset[int]:
        """Players who may act now (as :attr:`State.players_to_act`)."""
        if self.phase == Phase.SEARCH:
            return frozenset(p for p, d in enumerate(self.done) if not d)
        return frozenset(
            to_act(
                self.phase,
                self.entries,
                self.votes,
                self.departed,
                self.challenges,
                self.rules.review,
            )
        )

    @property
    def current_player(self) -> int | None:
        """The one player who may act, or ``None`` (chance, end, or several may act)."""
        acting = self.players_to_act
        if len(acting) == 1:
            return next(iter(acting))
        return None

    def legal_actions(self) -> tuple[Action, ...]:
        """The viewer's legal actions (as :meth:`State.legal_actions`) if they may act now."""
        if self.viewer is None or self.viewer not in self.players_to_act:
            return ()
        return self.sample_state(random.Random(0)).legal_actions(self.viewer)

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with this view: hidden entries of other players are
        filled in with plausible moves (the timer starter gets a short word, players still
        searching after ``TimeUp`` get circled letters)."""
        from wordgames.wommeln.state import State

        entries = list(self.entries)
        if self.phase == Phase.SEARCH:
            for p in range(self.num_players):
                if p == self.viewer or entries[p] is not None:
                    continue
                grid = self.base_grid(p)
                if self.done[p]:
                    if p == self.timer_starter:
                        entries[p] = Entry(Status.PLACED, _some_line(grid, self.rules, rng))
                    else:
                        entries[p] = Entry(Status.PASSED)
                elif self.timer == Timer.UP:
                    entries[p] = Entry(Status.CIRCLED, _some_circles(grid, self.rules, rng))
        return State(
            rules=self.rules,
            players=self.players,
            sheets=self.sheets,
            results=self.results,
            entries=tuple(entries),
            drawn=self.drawn,
            phase=self.phase,
            timer=self.timer,
            timer_starter=self.timer_starter,
            votes=self.votes,
            departed=self.departed,
            ply=self.ply,
            challenges=self.challenges,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict (``View.from_dict`` reads it back)."""
        return {
            "game": self.GAME,
            "kind": "view",
            "version": VERSION,
            "viewer": self.viewer,
            "done": list(self.done),
            **common_to_dict(self),
        }

    @classmethod
    @guarded_loader
    def from_dict(cls, data: Any) -> View:
        """Read :meth:`to_dict` output (:class:`InvalidStateError` if malformed); a view of
        format version 1 (0.1.0) is migrated (``"left"`` reads as ``"departed"``)."""
        d = check_header(migrate(data), cls.GAME, "view", VERSION)
        fields = common_from_dict(d)
        n = len(fields["players"])
        viewer = d.get("viewer")
        if viewer is not None and not (type(viewer) is int and 0 <= viewer < n):
            raise InvalidStateError(f"bad viewer {short_repr(viewer)}")
        done = get_list(d, "done")
        if len(done) != n or not all(isinstance(x, bool) for x in done):
            raise InvalidStateError("done must be one flag per player")
        view = cls(viewer=viewer, done=tuple(done), **fields)
        _check_view(view)
        return view

    def __str__(self) -> str:
        lines = [headline(self)]
        for p, name in enumerate(self.players):
            status = " (left)" if p in self.departed else " (done)" if self.done[p] else ""
            lines.append(f"p{p} {name}: {self.scores[p]} points{status}")
        if self.viewer is not None:
            lines.append(str(self.grid(self.viewer)))
        return "\n".join(lines)


def _check_view(v: View) -> None:
    """What ``State.from_dict`` checks of the round that a view can show too."""
    if v.phase == Phase.DEAL and (v.drawn or any(v.results) or len(v.sheets) >= v.num_players):
        raise InvalidStateError("nothing happens before the sheets are dealt")
    if v.phase != Phase.DEAL and len(v.sheets) != v.num_players:
        raise InvalidStateError("one sheet per player")
    cards = [c for c, _ in v.drawn]
    if len(set(cards)) != len(cards) or not all(1 <= c <= CARDS for c in cards):
        raise InvalidStateError("drawn cards must be distinct cards 1-30")
    if len(v.drawn) > v.rules.num_rounds:
        raise InvalidStateError("more categories drawn than rounds")
    if v.phase in ("search", "challenge", "review") and not v.drawn:
        raise InvalidStateError("a round is running but no category was revealed")


def headline(s: State | View) -> str:
    """The first line of ``str(state)`` and ``str(view)``."""
    cat = s.category
    text = f" {cat.key} {cat.text(s.rules.language)}" if cat is not None else ""
    timer = f", timer {s.timer}" if s.phase == Phase.SEARCH else ""
    return f"Wömmeln round {len(s.drawn)}/{s.rules.num_rounds}, {s.phase}{timer}{text}"


# -- sampling ----------------------------------------------------------------------------


def _some_line(grid: GridState, rules: Rules, rng: random.Random) -> Marks:
    """A line of ``min_word_length`` free cells, all circled (exists whenever any placement
    of that length or longer does)."""
    k = rules.min_word_length
    nbrs = _nbrs(grid)
    starts = [c for c in range(grid.size) if grid.is_free(c)]
    rng.shuffle(starts)
    for s in starts:
        found = _walk(grid, nbrs, [s], k, 0, rules.lines_may_cross)
        if found is not None:
            word = "".join(grid.letters[c] for c in found)
            return Marks(word, tuple(found), tuple(range(k)), True)
    raise InvalidStateError("no room for the timer starter's word on their sheet")


def _nbrs(grid: GridState) -> list[list[tuple[int, int]]]:
    out: list[list[tuple[int, int]]] = []
    for cell in range(grid.size):
        r, c = divmod(cell, grid.cols)
        row = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and 0 <= r + dr < grid.rows and 0 <= c + dc < grid.cols:
                    bit = 1 << (min(r, r + dr) * grid.cols + min(c, c + dc)) if dr and dc else 0
                    row.append(((r + dr) * grid.cols + c + dc, bit))
        out.append(row)
    return out


def _walk(
    grid: GridState,
    nbrs: list[list[tuple[int, int]]],
    path: list[int],
    k: int,
    diag: int,
    cross: bool,
) -> list[int] | None:
    if len(path) == k:
        return path
    for x, bit in nbrs[path[-1]]:
        if not grid.is_free(x) or x in path:
            continue
        if bit and not cross and (grid.diagonals | diag) & bit:
            continue
        found = _walk(grid, nbrs, [*path, x], k, diag | bit, cross)
        if found is not None:
            return found
    return None


def _some_circles(grid: GridState, rules: Rules, rng: random.Random) -> Marks:
    free = [c for c in range(grid.size) if grid.is_free(c)]
    k = rules.min_word_length
    if len(free) < k:
        raise InvalidStateError("no room for circled letters on a sheet")
    cells = sorted(rng.sample(free, k))
    return Marks("".join(grid.letters[c] for c in cells), tuple(cells), tuple(range(k)), False)


# -- JSON (states and views) -------------------------------------------------------------


def _marks_to_dict(m: Marks, cols: int) -> dict[str, Any]:
    if m.connected:
        line = m.placement.notation(cols)
        return {"word": m.word, "line": line, "circled": None}
    if m.path:
        return {
            "word": m.word,
            "line": None,
            "circled": [cell_text(divmod(c, cols)) for c in m.path],
        }
    return {"word": m.word, "line": None, "circled": None}


def _marks_from_dict(d: Any, sheet: Sheet) -> Marks:
    if not isinstance(d, Mapping):
        raise InvalidStateError("marks must be an object")
    size = sheet.rows * sheet.cols
    word = get_str(d, "word")
    if len(word) > size or (word and not (word.isascii() and word.isalpha() and word.isupper())):
        raise InvalidStateError(f"bad word {short_repr(word)}")
    line, circled = d.get("line"), d.get("circled")
    if line is not None and circled is not None:
        raise InvalidStateError("marks have both a line and loose circles")
    if line is not None:
        if not isinstance(line, str) or len(line) > 4 * size:
            raise InvalidStateError("a line must be a string of at most one cell per cell")
        try:
            p = Placement.from_notation(word, line, sheet.rows, sheet.cols)
        except ValueError as exc:
            raise InvalidStateError(str(exc)) from None
        return Marks(word, p.path, p.circles, True)
    if circled is not None:
        if not isinstance(circled, list) or not 0 < len(circled) <= size:
            raise InvalidStateError("circled must be a non-empty list of cells")
        cells = []
        for name in circled:
            if not isinstance(name, str):
                raise InvalidStateError("cells are strings like A1")
            try:
                r, c = parse_cell(name, sheet.rows, sheet.cols)
            except ValueError as exc:
                raise InvalidStateError(str(exc)) from None
            cells.append(r * sheet.cols + c)
        if cells != sorted(set(cells)):
            raise InvalidStateError("circled cells must be distinct and in reading order")
        return Marks(word, tuple(cells), tuple(range(len(cells))), False)
    return Marks(word)


def common_to_dict(s: State | View) -> dict[str, Any]:
    """The JSON fields that states and views share."""

    def entry(e: Entry | None, cols: int) -> Any:
        return None if e is None else {"status": e.status, "marks": _marks_to_dict(e.marks, cols)}

    sheets = s.sheets
    return {
        "rules": s.rules.to_dict(),
        "players": list(s.players),
        "sheets": [sh.to_dict() for sh in s.sheets],
        "drawn": [f"{c}{side}" for c, side in s.drawn],
        "phase": s.phase,
        "timer": s.timer,
        "timer_starter": s.timer_starter,
        "results": [
            [
                {
                    "word": r.word,
                    "score": r.score,
                    "kept": None if r.kept is None else _marks_to_dict(r.kept, sheets[p].cols),
                }
                for r in rs
            ]
            for p, rs in enumerate(s.results)
        ],
        # at the deal, seats without a sheet have no results and no entry
        "entries": [
            None if e is None else entry(e, sheets[p].cols) for p, e in enumerate(s.entries)
        ],
        "votes": [[v, a, ok] for v, a, ok in s.votes],
        "departed": list(s.departed),
        "ply": s.ply,
        "challenges": [[c, list(authors)] for c, authors in s.challenges],
    }


def _sheet_from_dict(sd: Any) -> Sheet:
    if not isinstance(sd, Mapping):
        raise InvalidStateError("a sheet must be an object")
    rows = get_list(sd, "rows")
    if not 0 < len(rows) <= MAX_ROWS or not all(
        isinstance(r, str) and len(r) <= MAX_COLS for r in rows
    ):
        raise InvalidStateError(
            f"sheet rows must be 1-{MAX_ROWS} strings of at most {MAX_COLS} letters"
        )
    sheet_id = get_str(sd, "id")
    if len(sheet_id) > 40:
        raise InvalidStateError("a sheet id has at most 40 characters")
    try:
        return Sheet.from_rows(rows, id=sheet_id)
    except RulesError as exc:
        raise InvalidStateError(short_repr(str(exc), 200)) from None


def common_from_dict(d: Mapping[str, Any]) -> dict[str, Any]:
    """The fields :func:`common_to_dict` wrote, each checked for type and size before any work
    is done with it (the invariants of the whole are checked by ``State.from_dict``)."""
    rules = Rules.from_dict(get_map(d, "rules"))
    players = get_list(d, "players")
    if not 0 < len(players) <= MAX_PLAYERS or not all(
        isinstance(x, str) and len(x) <= MAX_NAME for x in players
    ):
        raise InvalidStateError(
            f"players must be 1-{MAX_PLAYERS} names of at most {MAX_NAME} characters"
        )
    try:
        names = player_names(players, 1, MAX_PLAYERS)
    except RulesError as exc:
        raise InvalidStateError(short_repr(str(exc), 200)) from None
    n = len(names)
    phase = get_str(d, "phase")
    timer = get_str(d, "timer")
    if phase not in PHASES or timer not in TIMERS:
        raise InvalidStateError(f"unknown phase {short_repr(phase)} or timer {short_repr(timer)}")
    raw_sheets = get_list(d, "sheets")
    if len(raw_sheets) != n and not (phase == Phase.DEAL and len(raw_sheets) < n):
        raise InvalidStateError("one sheet per player")
    sheets = [_sheet_from_dict(sd) for sd in raw_sheets]
    starter = d.get("timer_starter", "missing")
    if starter is not None and not (type(starter) is int and 0 <= starter < n):
        raise InvalidStateError("timer_starter must be a player index or null")
    return {
        "rules": rules,
        "players": names,
        "sheets": tuple(sheets),
        "results": _results_from_list(get_list(d, "results"), sheets, n),
        "entries": _entries_from_list(get_list(d, "entries"), sheets, n),
        "drawn": _drawn_from_list(get_list(d, "drawn")),
        "phase": Phase(phase),
        "timer": Timer(timer),
        "timer_starter": starter,
        "votes": _votes_from_list(get_list(d, "votes"), n),
        "departed": _departed_from_list(get_list(d, "departed"), n),
        "ply": _ply(d),
        "challenges": _challenges_from_list(d.get("challenges", []), n),
    }


def _ply(d: Mapping[str, Any]) -> int:
    ply = d.get("ply")
    if type(ply) is int and not 0 <= ply <= MAX_PLY:  # before get_ply, which quotes it whole
        raise InvalidStateError(f"ply {short_repr(ply)} is out of range [0, {MAX_PLY}]")
    return get_ply(d)


def _drawn_from_list(raw_drawn: list[Any]) -> tuple[tuple[int, str], ...]:
    if len(raw_drawn) > CARDS:
        raise InvalidStateError(f"at most {CARDS} category cards can be drawn")
    drawn = []
    for item in raw_drawn:
        if (
            not isinstance(item, str)
            or not 2 <= len(item) <= 3
            or item[-1] not in SIDES
            or not item[:-1].isdigit()
            or not item[:-1].isascii()
        ):
            raise InvalidStateError(f"bad drawn card {short_repr(item)}")
        drawn.append((int(item[:-1]), item[-1]))
    return tuple(drawn)


def _results_from_list(
    raw_results: list[Any], sheets: list[Sheet], n: int
) -> tuple[tuple[RoundResult, ...], ...]:
    if len(raw_results) != n:
        raise InvalidStateError("one result list per player")
    results: list[tuple[RoundResult, ...]] = []
    for p, rs in enumerate(raw_results):
        if not isinstance(rs, list) or len(rs) > CARDS:
            raise InvalidStateError(f"results must be lists of at most {CARDS} rounds")
        if p >= len(sheets):
            if rs:
                raise InvalidStateError("results of a seat without a sheet")
            results.append(())
            continue
        sh = sheets[p]
        row = []
        for r in rs:
            if not isinstance(r, Mapping):
                raise InvalidStateError("a result must be an object")
            score = r.get("score")
            if type(score) is not int or not 0 <= score <= sh.rows * sh.cols:
                raise InvalidStateError(f"bad score {short_repr(score)}")
            if "kept" not in r:
                raise InvalidStateError("result without 'kept'")
            kept = r["kept"]
            word = get_str(r, "word")
            if len(word) > sh.rows * sh.cols:
                raise InvalidStateError("a word longer than its sheet")
            row.append(
                RoundResult(word, score, None if kept is None else _marks_from_dict(kept, sh))
            )
        results.append(tuple(row))
    return tuple(results)


def _entries_from_list(
    raw_entries: list[Any], sheets: list[Sheet], n: int
) -> tuple[Entry | None, ...]:
    if len(raw_entries) != n:
        raise InvalidStateError("one entry per player")
    entries: list[Entry | None] = []
    for p, e in enumerate(raw_entries):
        if e is None:
            entries.append(None)
            continue
        if p >= len(sheets):
            raise InvalidStateError("an entry of a seat without a sheet")
        sh = sheets[p]
        if not isinstance(e, Mapping):
            raise InvalidStateError("an entry must be an object or null")
        status = get_str(e, "status")
        if status not in STATUSES:
            raise InvalidStateError(f"bad entry status {short_repr(status)}")
        entries.append(Entry(Status(status), _marks_from_dict(get_map(e, "marks"), sh)))
    return tuple(entries)


def _votes_from_list(raw_votes: list[Any], n: int) -> tuple[tuple[int, int, bool], ...]:
    if len(raw_votes) > n * n:
        raise InvalidStateError("too many votes")
    votes = []
    for v in raw_votes:
        if (
            not isinstance(v, list)
            or len(v) != 3
            or type(v[0]) is not int
            or type(v[1]) is not int
            or not isinstance(v[2], bool)
        ):
            raise InvalidStateError(f"bad vote {short_repr(v)}")
        votes.append((v[0], v[1], v[2]))
    return tuple(votes)


def _challenges_from_list(raw: Any, n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """``[[player, [authors...]], ...]`` (missing in saves of the first release: none)."""
    if not isinstance(raw, list) or len(raw) > n:
        raise InvalidStateError(f"challenges must be a list of at most {n} decisions")
    out = []
    for item in raw:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or type(item[0]) is not int
            or not 0 <= item[0] < n
            or not isinstance(item[1], list)
            or len(item[1]) >= n
            or not all(type(a) is int and 0 <= a < n for a in item[1])
            or item[1] != sorted(set(item[1]))
        ):
            raise InvalidStateError(f"bad challenge {short_repr(item)}")
        out.append((item[0], tuple(item[1])))
    return tuple(out)


def _departed_from_list(departed: list[Any], n: int) -> tuple[int, ...]:
    if (
        len(departed) > n
        or not all(type(p) is int and 0 <= p < n for p in departed)
        or departed != sorted(set(departed))
    ):
        raise InvalidStateError("departed must be distinct player indices in increasing order")
    return tuple(departed)
