"""Exact Wocable endgames (the bag empty) and the one-tile pre-endgame.

Once the bag is empty a two-player game is one of perfect information: the unseen tiles are
the other rack. :func:`solve_endgame` searches it to the end: negamax with alpha-beta,
iterative deepening on plies, a transposition table keyed by the Zobrist-style hash of the
board, both racks, the pass count and the side to move (:mod:`wordgames.wocable.searchboard`),
moves tried best first (the previous iteration's best, then by points, going out first).
:func:`solve_preendgame` solves every candidate of a position with one tile in the bag, for
each tile the bag may hold. :func:`endgame_action` is the move a bot plays from either.

The rules are the position's own (see docs/wocable.md, "Endgames"): a placement scores its
points; going out with the bag empty ends the game and is worth twice the other rack with
two players under either ``Rules.going_out``; the game also ends when the consecutive
scoreless turns reach ``Rules.pass_limit`` (passes, and zero-score placements with
``Rules.zero_scores_count_as_passes``), each rack then subtracted with
``Rules.pass_end_subtract``. Exchanges need tiles in the bag, so with the bag empty the
moves are the placements and the pass. Under challenge rules (NASPA, WESPA) the solver never
plays a phony, and the opponent's answer to a valid play is resolved, not searched:
challenging a valid play is never better than accepting it (``"double"``: the challenger
loses the turn, the same position as a pass, which the search has; ``"single"``: nothing
happens; ``"five_point"``/``"ten_point"``: the player gains the points), so a line that ends
the game with a play goes on with the opponent's ``Accept``.

The clock is read (``time.perf_counter``) only when a ``time_limit`` is given.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Final

import attrs

from wordgames._core.errors import WordgamesError
from wordgames._core.pause import paused_gc
from wordgames.wocable.actions import Accept, Action, Pass
from wordgames.wocable.engine import BLANK_BIT, Tiles, tiles_for
from wordgames.wocable.movegen import RawMove, place_of
from wordgames.wocable.rules import Rules
from wordgames.wocable.searchboard import NO_TILE, SearchBoard
from wordgames.wocable.shadow import top_moves

__all__ = [
    "DEFAULT_TT_ENTRIES",
    "ENDGAME_ERROR_CODES",
    "EndgameError",
    "EndgameSolution",
    "PreendgameCandidate",
    "PreendgameSolution",
    "endgame_action",
    "solve_endgame",
    "solve_preendgame",
]

DEFAULT_TT_ENTRIES: Final = 500_000
"""Default bound on the transposition table's entries (each about 200 bytes in CPython:
about 100 MB at most); the ``tt_entries`` parameter changes it. When full, the oldest
quarter of the entries is dropped."""

ENDGAME_ERROR_CODES: Final = (
    "not_a_position",
    "no_turn",
    "not_two_players",
    "pending_challenge",
    "bag_not_empty",
    "bag_not_one_tile",
    "racks_unknown",
    "bad_limit",
)
"""The codes of :class:`EndgameError`: ``not_a_position`` (neither a Wocable state nor a
view), ``no_turn`` (a chance node or a finished game), ``not_two_players`` (other than two
active players), ``pending_challenge`` (a play waits for a challenge decision),
``bag_not_empty`` (:func:`solve_endgame` with tiles in the bag), ``bag_not_one_tile``
(:func:`solve_preendgame` without exactly one), ``racks_unknown`` (a view whose unseen tiles
are not exactly the other rack and the bag: tiles out of play or aside, or a view of the
player not on turn for the pre-endgame), ``bad_limit`` (a negative or non-numeric limit)."""

_SOLVED: Final = 1 << 20  # the depth of a transposition-table entry proven to the end
_EXACT: Final = 0
_LOWER: Final = 1
_UPPER: Final = 2
_INF: Final = 1 << 30
_SEARCH_SHARE: Final = 0.92  # of a time limit, for the search (the rest: the line)


class EndgameError(WordgamesError, ValueError):
    """A position the endgame solver does not take; ``code`` is one of
    :data:`ENDGAME_ERROR_CODES`. Raised before anything is computed."""

    code: str

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(f"[{code}] {message}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.code, self.args[0]))


def _rebuild(code: str, full: str) -> EndgameError:
    err = EndgameError.__new__(EndgameError)
    err.code = code
    Exception.__init__(err, full)
    return err


@attrs.frozen
class EndgameSolution:
    """The result of :func:`solve_endgame`.

    - ``value``: the points of the player on turn minus the opponent's, from now to the end
      of the game, under best play by both (the final spread is the current spread plus it).
    - ``moves``: the principal variation as actions, to the end of the game (``Accept`` for
      the opponent after a play that ends a game under challenge rules). Applied one by one
      to the position with ``State.apply`` they end the game with that value when
      ``exact``; otherwise the searched line is completed by each side's top-scoring
      placement (or a pass).
    - ``exact``: True when the value is proven (the search reached the end of every line).
    - ``plies``: the depth of the deepest completed iteration.
    - ``nodes``: positions searched; ``seconds``: the solver's time (``perf_counter``).
    """

    value: int
    moves: tuple[Action, ...]
    exact: bool
    plies: int
    nodes: int
    seconds: float


@attrs.frozen
class PreendgameCandidate:
    """One candidate of :func:`solve_preendgame`: its ``action`` and points ``score``, and
    over the tiles the bag may hold, each weighted by how many of it are unseen to the
    player on turn: ``wins``, ``draws`` and ``losses`` (weights; they add up to ``weight``
    when ``complete``), the mean final spread ``spread`` (the player's final score minus the
    opponent's) and per tile ``outcomes`` as ``(tile, weight, final spread)``. ``complete``
    is False when the candidate was cut off (it could not reach the best candidate's wins,
    or time ran out): its figures then cover the ``outcomes`` listed only."""

    action: Action
    score: int
    wins: int
    draws: int
    losses: int
    spread: float
    weight: int
    complete: bool
    outcomes: tuple[tuple[str, int, int], ...]


@attrs.frozen
class PreendgameSolution:
    """The result of :func:`solve_preendgame`: every ``candidates``, best first (most wins,
    then most draws, then the best mean spread; complete candidates before cut-off ones),
    ``exact`` (every candidate complete and every endgame proven), ``nodes`` and
    ``seconds``."""

    candidates: tuple[PreendgameCandidate, ...]
    exact: bool
    nodes: int
    seconds: float


class _Timeout(Exception):
    pass


class _Position:
    """A checked position: the rules and tiles, the two players (mover first), the board,
    the mover's rack, the opponent's rack (None for the pre-endgame) and the unseen tiles."""

    def __init__(self, position: Any, bag: int) -> None:
        from wordgames.wocable.state import State
        from wordgames.wocable.view import View

        if not isinstance(position, (State, View)):
            raise EndgameError("not_a_position", "a wocable State or View is needed")
        if position.phase != "play":
            raise EndgameError("no_turn", f"no player is to move (phase {position.phase})")
        active = [p for p in range(len(position.players)) if p not in position.departed]
        if len(active) != 2:
            raise EndgameError("not_two_players", f"{len(active)} active players; 2 are needed")
        if position.pending_play is not None:
            raise EndgameError(
                "pending_challenge", "a play waits for a challenge decision (Challenge/Accept)"
            )
        bag_size = position.bag_size
        if bag == 0 and bag_size:
            raise EndgameError("bag_not_empty", f"the bag holds {bag_size} tiles")
        if bag == 1 and bag_size != 1:
            raise EndgameError("bag_not_one_tile", f"the bag holds {bag_size} tiles, not 1")
        self.rules: Rules = position.rules
        self.tiles: Tiles = tiles_for(position.rules, position.lexicon)
        me = position.turn
        opp = active[1] if active[0] == me else active[0]
        self.me, self.opp = me, opp
        self.board: tuple[int, ...] = position.board
        self.passes: int = position.passes
        self.spread: int = position.scores[me] - position.scores[opp]
        ntile = self.tiles.blank + 1
        if isinstance(position, State):
            if bag == 0:
                self.racks = (position.racks[me], position.racks[opp])
                self.unseen: tuple[int, ...] = ()
                return
            view = position.view(me)
        else:
            view = position
        unseen = view.unseen_counts
        other = me if view.viewer == opp else opp  # the rack the viewer does not see
        if (
            view.viewer not in (me, opp)
            or view.aside_size
            or view.removed_size
            or view.rack is None
            or sum(unseen) != view.rack_sizes[other] + bag
            or (bag and view.viewer != me)
        ):
            raise EndgameError(
                "racks_unknown",
                "the unseen tiles are not exactly the other rack and the bag"
                " (tiles out of play, or a view of the player not on turn)",
            )
        own = tuple(view.rack)
        pool = tuple(t for t in range(ntile) for _ in range(unseen[t]))
        if bag == 0:
            self.racks = (own, pool) if view.viewer == me else (pool, own)
        else:
            self.racks = (own, ())
        self.unseen = pool


def _counts(rack: Sequence[int], n: int) -> list[int]:
    c = [0] * n
    for t in rack:
        c[t] += 1
    return c


def _check_limit(name: str, x: Any, integer: bool = False) -> None:
    if x is None:
        return
    ok = isinstance(x, int) if integer else isinstance(x, (int, float))
    if not ok or isinstance(x, bool) or x < 0 or x != x:
        raise EndgameError("bad_limit", f"{name} must be a non-negative number or None")


class _Solver:
    """The search: one transposition table and move cache, shared by every solve made
    with this object (the pre-endgame's scenarios share them)."""

    def __init__(self, rules: Rules, tiles: Tiles, tt_entries: int, deadline: float | None):
        self.rules = rules
        self.tiles = tiles
        self.tt: dict[int, tuple[int, int, int, Any]] = {}
        self.tt_entries = max(16, tt_entries)
        self.moves_cache: dict[tuple[int, bytes], list[RawMove]] = {}
        self.cache_moves = 0
        self.cache_limit = self.tt_entries // 2
        self.deadline = deadline
        self.nodes = 0
        self.horizon = 0
        self.sb: SearchBoard | None = None

    # -- moves --------------------------------------------------------------------------------

    def ordered(self, sb: SearchBoard) -> list[RawMove]:
        """The placements of the side to move, best first: going out (worth its points and
        twice the other rack), then by points; cached by board and rack."""
        rack = sb.racks[sb.side]
        key = (sb.bhash, bytes(rack))
        got = self.moves_cache.get(key)
        if got is not None:
            return got
        moves = sb.moves()
        n = sum(rack)
        bonus = 2 * sb.rack_value(1 - sb.side) if sb.bag_tile == NO_TILE else 0
        moves.sort(key=lambda m: -(m[1] + bonus) if len(m[2]) == n else -m[1])
        if self.cache_moves + len(moves) > self.cache_limit:
            self.moves_cache.clear()
            self.cache_moves = 0
        self.moves_cache[key] = moves
        self.cache_moves += len(moves) + 1
        return moves

    # -- the search ---------------------------------------------------------------------------

    def store(self, key: int, entry: tuple[int, int, int, Any]) -> None:
        tt = self.tt
        if len(tt) >= self.tt_entries and key not in tt:
            drop = [k for _, k in zip(range(self.tt_entries // 4 + 1), tt, strict=False)]
            for k in drop:
                del tt[k]
        tt[key] = entry

    def search(self, depth: int, alpha: int, beta: int) -> int:
        """Negamax value for the side to move, within ``(alpha, beta)`` (fail-soft)."""
        sb = self.sb
        assert sb is not None
        self.nodes += 1
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Timeout
        key = sb.hash
        entry = self.tt.get(key)
        first: Any = None
        if entry is not None:
            edepth, evalue, eflag, first = entry
            if edepth >= depth and (
                eflag == _EXACT
                or (eflag == _LOWER and evalue >= beta)
                or (eflag == _UPPER and evalue <= alpha)
            ):
                if edepth < _SOLVED:
                    self.horizon += 1
                return evalue
        if depth <= 0:
            self.horizon += 1
            return sb.rack_value(1 - sb.side) - sb.rack_value(sb.side)
        if depth == 1:  # the frontier: its best move found by the shadow-bounded search
            self.horizon += 1
            v, code = self.frontier(sb)
            self.store(key, (1, v, _EXACT, code))
            return v
        h0 = self.horizon
        alpha0 = alpha
        best = -_INF
        best_move: Any = None
        moves = self.ordered(sb)
        order: list[Any] = list(moves)
        order.append(None)  # the pass
        if first is not None:
            if first == 0:
                order.pop()
                order.insert(0, None)
            else:
                for i, m in enumerate(order):
                    if m is not None and m[2] == first:
                        if i:
                            del order[i]
                            order.insert(0, m)
                        break
        first_move = True
        for m in order:
            points, over = sb.play(m)
            if over:
                v = points
            elif first_move:
                v = points - self.search(depth - 1, points - beta, points - alpha)
            else:  # principal variation search: a null window first, again if it fails high
                v = points - self.search(depth - 1, points - alpha - 1, points - alpha)
                if alpha < v < beta:
                    v = points - self.search(depth - 1, points - beta, points - v)
            first_move = False
            sb.unplay()
            if v > best:
                best = v
                best_move = m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
        stored_depth = _SOLVED if self.horizon == h0 else depth
        self.store(key, (stored_depth, best, flag, 0 if best_move is None else best_move[2]))
        return best

    def frontier(self, sb: SearchBoard) -> tuple[int, Any]:
        """The value of a node one ply above the horizon, and its best move's code: the
        same as searching every move to the static evaluation (its points, minus the tiles
        the mover then holds, plus the other rack; going out: twice the other rack), but
        with the shadow-bounded top move (:func:`~wordgames.wocable.shadow.top_moves`,
        the leave valued accordingly) instead of every move. (A zero-score placement that
        ends the game on the pass limit is valued as any other here.)"""
        me = sb.side
        vals = self.tiles.values
        q = sb.rack_value(1 - me)
        rack = sb.rack(me)
        bag = sb.bag_tile
        drawn = 0 if bag == NO_TILE else vals[bag]
        out = 2 * q if bag == NO_TILE else q - drawn

        def leave(kept: tuple[int, ...]) -> float:
            if not kept:
                return out
            return q - drawn - sum([vals[t] for t in kept])

        mine = sum([vals[t] for t in rack])
        best = q - mine  # the pass
        code: Any = 0
        if sb.passes + 1 >= sb.pass_limit:
            best = best if sb.subtract else 0
        top = top_moves(self.tiles, sb.board, rack, 1, leave) if rack else []
        if top:
            m = top[0]
            kept = list(rack)
            for _, v in m[2]:
                kept.remove(self.tiles.blank if v & BLANK_BIT else v)
            got = m[1] + int(leave(tuple(kept)))
            if got > best:
                best, code = got, m[2]
        return best, code

    def deepen(self, sb: SearchBoard, max_plies: int | None) -> tuple[int | None, int, bool, Any]:
        """Iterative deepening on ``sb``: (value, plies, exact, root best move) of the
        deepest completed iteration (value None if none completed before the deadline)."""
        self.sb = sb
        value: int | None = None
        plies = 0
        exact = False
        best: Any = None
        depth = 1
        undo = sb.undo_depth
        while max_plies is None or depth <= max_plies:
            h0 = self.horizon
            try:
                v = self.search(depth, -_INF, _INF)
            except _Timeout:
                while sb.undo_depth > undo:
                    sb.unplay()
                break
            value, plies = v, depth
            entry = self.tt.get(sb.hash)
            best = entry[3] if entry is not None else None
            if self.horizon == h0:
                exact = True
                break
            depth += 1
        return value, plies, exact, best

    # -- the line -----------------------------------------------------------------------------

    def find(self, sb: SearchBoard, code: Any) -> RawMove | None:
        """The move of the side to move whose placed tiles are ``code`` (0: the pass)."""
        if code == 0 or code is None:
            return None
        for m in self.ordered(sb):
            if m[2] == code:
                return m
        return None

    def exact_line(self, sb: SearchBoard, value: int) -> list[RawMove | None]:
        """A line of moves from ``sb`` to the end whose points add up to ``value`` (the
        proven value of the side to move): at each node the first move, in search order,
        whose proven value equals the node's."""
        line: list[RawMove | None] = []
        self.sb = sb
        v = value
        while True:
            entry = self.tt.get(sb.hash)
            cands: list[RawMove | None] = [*self.ordered(sb), None]
            if entry is not None and entry[3] is not None:
                tt_move = self.find(sb, entry[3]) if entry[3] != 0 else None
                if entry[3] == 0 or tt_move is not None:
                    cands.remove(tt_move)
                    cands.insert(0, tt_move)
            for m in cands:
                points, over = sb.play(m)
                if over:
                    child = 0
                    got = points
                else:
                    want = points - v  # the child's value if m is best
                    child = self.search(_SOLVED - 1, want - 1, want + 1)
                    got = points - child
                if got == v:
                    line.append(m)
                    break
                sb.unplay()
            else:  # pragma: no cover - the value was proven, so some move reaches it
                raise AssertionError("no move reaches the proven value")
            if over:
                break
            v = child
        for _ in line:
            sb.unplay()
        return line

    def rough_line(self, sb: SearchBoard, first: Any, plies: int) -> list[RawMove | None]:
        """The best line of an incomplete search: the root's best move, the table's best
        moves for ``plies`` plies, then each side's top-scoring placement (or a pass) to the
        end of the game."""
        line: list[RawMove | None] = []
        code = first
        while True:
            m: RawMove | None = None
            known = len(line) < plies and code is not None
            if known and code != 0:
                m = self.find(sb, code)
                known = m is not None
            if not known:  # the top score, by the shadow-bounded search (no full list)
                rack = sb.rack(sb.side)
                top = top_moves(self.tiles, sb.board, rack, 1) if rack else []
                m = top[0] if top else None
            _, over = sb.play(m)
            line.append(m)
            if over:
                break
            entry = self.tt.get(sb.hash)
            code = entry[3] if entry is not None else None
        for _ in line:
            sb.unplay()
        return line


def _actions(
    pos: _Position, sb: SearchBoard, line: Sequence[RawMove | None], challenges: bool
) -> tuple[Action, ...]:
    """The line as actions (played on ``sb`` and taken back)."""
    players = (pos.me, pos.opp)
    out: list[Action] = []
    for m in line:
        if m is None:
            out.append(Pass())
            _, over = sb.play(None)
            continue
        out.append(place_of(pos.tiles, sb.board, m))
        mover = sb.side
        _, over = sb.play(m)
        if over and challenges:
            out.append(Accept(players[1 - mover]))
    for _ in line:
        sb.unplay()
    return tuple(out)


def _board_of(
    pos: _Position, racks: tuple[Sequence[int], Sequence[int]], side: int, bag: int
) -> SearchBoard:
    n = pos.tiles.blank + 1
    return SearchBoard(
        pos.tiles,
        pos.rules,
        list(pos.board),
        (_counts(racks[0], n), _counts(racks[1], n)),
        side,
        pos.passes,
        bag,
    )


def solve_endgame(
    position: Any,
    *,
    time_limit: float | None = None,
    max_plies: int | None = None,
    tt_entries: int = DEFAULT_TT_ENTRIES,
) -> EndgameSolution:
    """Solve a two-player position with the bag empty (a :class:`~wordgames.wocable.State`,
    or a :class:`~wordgames.wocable.View` of either player, whose unseen tiles are then the
    other rack) for the player on turn: an :class:`EndgameSolution`.

    Without limits the search runs to the proof (``exact`` True). With ``time_limit``
    (seconds, ``time.perf_counter``) or ``max_plies`` it stops there and returns the best
    line of the deepest completed iteration (``exact`` only if that one was proven already;
    if not even one ply was searched in time, ``value`` is the top-scoring line's
    and ``plies`` 0). The limit holds within a few move generations (tens of ms).
    ``tt_entries`` bounds the transposition table (:data:`DEFAULT_TT_ENTRIES`).
    :class:`EndgameError` (see :data:`ENDGAME_ERROR_CODES`) for any other position.
    """
    _check_limit("time_limit", time_limit)
    _check_limit("max_plies", max_plies, integer=True)
    _check_limit("tt_entries", tt_entries, integer=True)
    start = time.perf_counter()
    pos = _Position(position, 0)
    # the search stops a little early: the line is completed after it
    deadline = None if time_limit is None else start + _SEARCH_SHARE * time_limit
    solver = _Solver(pos.rules, pos.tiles, tt_entries, deadline)
    sb = _board_of(pos, pos.racks, 0, NO_TILE)
    # the search makes many small objects and no reference cycle: no collections meanwhile
    return paused_gc(_solve, solver, pos, sb, max_plies, start)


def _solve(
    solver: _Solver, pos: _Position, sb: SearchBoard, max_plies: int | None, start: float
) -> EndgameSolution:
    nodes0 = solver.nodes
    value, plies, exact, first = solver.deepen(sb, max_plies)
    if exact and value is not None:
        solver.deadline = None  # the line of a proven value costs little: the table has it
        line = solver.exact_line(sb, value)
    else:
        line = solver.rough_line(sb, first, plies)
        if value is None:
            value = _line_value(sb, line)
    challenges = pos.rules.challenges
    return EndgameSolution(
        value=value,
        moves=_actions(pos, sb, line, challenges),
        exact=exact,
        plies=plies,
        nodes=solver.nodes - nodes0,
        seconds=time.perf_counter() - start,
    )


def _line_value(sb: SearchBoard, line: Sequence[RawMove | None]) -> int:
    """The points of ``line`` for the side to move at its start."""
    total = 0
    me = sb.side
    for m in line:
        mover = sb.side
        points, _ = sb.play(m)
        total += points if mover == me else -points
    for _ in line:
        sb.unplay()
    return total


def solve_preendgame(
    position: Any,
    *,
    time_limit: float | None = None,
    tt_entries: int = DEFAULT_TT_ENTRIES,
) -> PreendgameSolution:
    """Solve a two-player position with exactly one tile in the bag for the player on turn
    (a State, or that player's View): every candidate, each placement and the pass, against
    every tile the bag may hold (the unseen tiles, each weighted by its count), each
    followed by the exact endgame (:func:`solve_endgame`'s search, one transposition table
    shared by all). A placement draws the bag's tile, so the opponent's rack is then known;
    after the pass the opponent moves with the tile in the bag, and the game is searched as
    if both knew it (the bag's tile is drawn by whoever places next). Exchanges are not
    candidates. A candidate that can no longer reach the best one's wins is cut off
    (``PreendgameCandidate.complete`` False), and so are those left when ``time_limit``
    (seconds) runs out. :class:`EndgameError` (see :data:`ENDGAME_ERROR_CODES`) for any
    other position."""
    return paused_gc(_solve_preendgame, position, time_limit, tt_entries)


def _solve_preendgame(
    position: Any, time_limit: float | None, tt_entries: int
) -> PreendgameSolution:
    # :func:`solve_preendgame`, the collector paused (as in :func:`solve_endgame`)
    _check_limit("time_limit", time_limit)
    _check_limit("tt_entries", tt_entries, integer=True)
    start = time.perf_counter()
    pos = _Position(position, 1)
    deadline = None if time_limit is None else start + _SEARCH_SHARE * time_limit
    tiles = pos.tiles
    solver = _Solver(pos.rules, tiles, tt_entries, deadline)
    mine = pos.racks[0]
    unseen = pos.unseen
    weights: dict[int, int] = {}
    for t in unseen:
        weights[t] = weights.get(t, 0) + 1
    total = len(unseen)
    # the candidates: the placements, best scoring first, then the pass
    probe = _board_of(pos, (mine, ()), 0, NO_TILE)
    cands: list[RawMove | None] = [*sorted(probe.moves(), key=lambda m: -m[1]), None]
    results: list[PreendgameCandidate] = []
    best_key: tuple[int, int, float] | None = None
    exact = True
    timed_out = False
    for m in cands:
        action: Action = Pass() if m is None else place_of(tiles, pos.board, m)
        wins = draws = losses = 0
        spread_sum = 0
        done = 0
        outcomes: list[tuple[str, int, int]] = []
        complete = True
        for t, w in weights.items():
            if timed_out:
                complete = False
                break
            if best_key is not None and wins + (total - done) < best_key[0]:
                complete = False  # cannot reach the best candidate's wins
                break
            opp = list(unseen)
            opp.remove(t)
            sb = _board_of(pos, (mine, opp), 0, t)
            points, over = sb.play(m)
            if over:
                final = pos.spread + points
                ok = True
            else:
                try:
                    sol = _scenario(solver, sb)
                except _Timeout:
                    timed_out = True
                    complete = False
                    break
                if sol is None:
                    timed_out = True
                    complete = False
                    break
                child, ok = sol
                final = pos.spread + points - child
            exact = exact and ok
            done += w
            outcomes.append((tiles.tile_text(t), w, final))
            spread_sum += w * final
            if final > 0:
                wins += w
            elif final == 0:
                draws += w
            else:
                losses += w
        exact = exact and complete
        cand = PreendgameCandidate(
            action=action,
            score=0 if m is None else m[1],
            wins=wins,
            draws=draws,
            losses=losses,
            spread=spread_sum / done if done else 0.0,
            weight=total,
            complete=complete,
            outcomes=tuple(outcomes),
        )
        results.append(cand)
        if complete:
            key = (wins, draws, cand.spread)
            if best_key is None or key > best_key:
                best_key = key
    results.sort(key=lambda c: (not c.complete, -c.wins, -c.draws, -c.spread))
    return PreendgameSolution(
        candidates=tuple(results),
        exact=exact,
        nodes=solver.nodes,
        seconds=time.perf_counter() - start,
    )


def _scenario(solver: _Solver, sb: SearchBoard) -> tuple[int, bool] | None:
    """The value of ``sb`` for its side to move and whether it is proven; None if the
    deadline came before one ply."""
    value, _, exact, _ = solver.deepen(sb, None)
    if value is None:
        return None
    return value, exact


def endgame_action(
    position: Any, *, time_limit: float | None = None, tt_entries: int = DEFAULT_TT_ENTRIES
) -> Action | None:
    """The move to play from a two-player position for the player on turn, or None when it
    is neither an endgame nor a one-tile pre-endgame the solver takes (any
    :class:`EndgameError`: more than one tile in the bag, other than two players, a view
    whose unseen tiles are not the other rack and the bag...). With the bag empty: the first
    move of :func:`solve_endgame`'s line; with one tile: the best candidate of
    :func:`solve_preendgame` (when ``time_limit`` cuts it short, the best among the
    candidates solved, or None if none was). A play open to a challenge that does not end
    the game is accepted by the move (the answer to a phony, or to a game-ending play, is
    the caller's: see ``bots.challenge_decision``)."""
    from wordgames.wocable.state import State
    from wordgames.wocable.view import View

    if not isinstance(position, (State, View)):
        return None
    try:
        if position.pending_play is not None:
            if position.pending_end is not None:
                return None
            position = _accepted(position)
        if position.bag_size == 0:
            return solve_endgame(position, time_limit=time_limit, tt_entries=tt_entries).moves[0]
        if position.bag_size == 1:
            sol = solve_preendgame(position, time_limit=time_limit, tt_entries=tt_entries)
            done = [c for c in sol.candidates if c.outcomes]
            return done[0].action if done else None
    except EndgameError:
        return None
    return None


def _accepted(position: Any) -> Any:
    """The position with its challenge window closed (the play stands)."""
    if hasattr(position, "pending_drawn"):
        return attrs.evolve(position, pending_play=None, pending_drawn=())
    return attrs.evolve(position, pending_play=None, pending_drawn_size=0, own_pending_drawn=())
