"""Exact whole-game solving of small two-player Regenwormen positions.

Between two turns a two-player position is fixed by the face-up grill and the two stacks
(bottom first); the face-down tiles no longer matter. :func:`solve_game` enumerates every
position reachable from a given one, then finds the probability that the player to move wins
(a shared first place counts one half) when both players play to win, by value iteration:
the value of a position is the value of the exact single-turn plan
(:func:`wordgames.regenwormen.solver.solve`) in which each way to end the turn is worth one
minus the opponent's value of the position it leads to, or the result itself when it ends the
game. Steals and busts make the positions cyclic, so the sweeps repeat until no value moves
by more than ``tolerance``.

The transitions are the engine's own (:class:`~wordgames.regenwormen.State`), so every rule
flag applies. The number of positions grows fast with the tiles in play: from the start of a
game on a reduced grill of 3 tiles 36 are reachable, 4 tiles 232, 5 tiles 1,646 (about 100 s
to solve), 6 tiles 12,944; ``max_positions`` guards the size.
:func:`reduced_game` makes the start of a game on a reduced grill (the other tiles face down)
and :class:`SolvedBot` plays a solution.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import attrs

from wordgames._core.errors import WordgamesError
from wordgames.regenwormen import solver
from wordgames.regenwormen.actions import Action, Reroll, SetAside, Steal, Take
from wordgames.regenwormen.rules import Rules
from wordgames.regenwormen.state import TILES, Phase, State
from wordgames.regenwormen.view import View

__all__ = [
    "GameSolution",
    "Position",
    "SolvedBot",
    "position_of",
    "reduced_game",
    "solve_game",
    "state_of",
]

Position = tuple[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]]
"""A position between turns: (face-up grill ascending, (mover's stack, other stack))."""

_PLAYERS = ("P1", "P2")
_ZERO6 = (0, 0, 0, 0, 0, 0)
# One way to end a turn: the position it leads to (opponent to move) or, at the end, the
# mover's result.
_End = tuple[Position | None, float]


def reduced_game(tiles: Iterable[int], rules: Rules = Rules()) -> State:  # noqa: B008
    """The start of a two-player game in which only ``tiles`` are face up (the other tiles of
    21-36 lie face down from the start): player 0 to roll."""
    grill = tuple(sorted(set(tiles)))
    if not grill or any(t not in TILES for t in grill):
        raise ValueError(f"tiles must be a non-empty set of 21-36, got {grill!r}")
    flipped = tuple(t for t in TILES if t not in grill)
    return State(rules, _PLAYERS, 0, Phase.ROLL, grill, flipped, ((), ()))


def position_of(state: State) -> Position:
    """The position of a two-player ``state`` with the player whose turn it is first."""
    if state.num_players != 2 or state.departed:
        raise ValueError("only two-player positions with both players in the game")
    me = state.turn
    return (state.grill, (state.stacks[me], state.stacks[1 - me]))


def state_of(pos: Position, rules: Rules = Rules()) -> State:  # noqa: B008
    """The state at the start of the turn of the first player of ``pos`` (seat 0)."""
    grill, stacks = pos
    used = set(grill) | {t for s in stacks for t in s}
    flipped = tuple(t for t in TILES if t not in used)
    return State(rules, _PLAYERS, 0, Phase.ROLL, grill, flipped, stacks)


def _end(after: State) -> _End:
    outcome = after.outcome
    if outcome is None:
        return (position_of(after), 0.0)
    mine, theirs = outcome.ranking
    return (None, 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)


@attrs.frozen(eq=False)
class _Node:
    stops: tuple[tuple[_End, ...] | None, ...]  # per total 0..40: the ways to stop there
    bust: _End


def _node(state: State) -> _Node:
    stops: list[tuple[_End, ...] | None] = []
    for total in range(solver.MAX_TOTAL + 1):
        options = state.tile_options(total)
        ends = tuple(
            _end(
                state._after_take(a.tile)
                if isinstance(a, Take)
                else state._after_steal(a.tile, a.victim)
            )
            for a in options
        )
        stops.append(ends or None)
    return _Node(tuple(stops), _end(state._bust()))


@attrs.frozen(eq=False)
class GameSolution:
    """The solved positions: ``values[pos]`` is the chance that the player to move in
    ``pos`` wins (a shared first place counts 1/2) when both play to win; ``sweeps`` is the
    number of value-iteration sweeps it took and ``residual`` the last sweep's largest change."""

    rules: Rules
    values: Mapping[Position, float]
    sweeps: int
    residual: float
    _plans: dict[Position, tuple[_Node, solver.TurnPlan]] = attrs.field(
        factory=dict, init=False, repr=False
    )

    def end_value(self, end: _End) -> float:
        """The solved value of one way to end a turn (a position and what the turn did), for the
        player whose turn it was."""
        pos, result = end
        return result if pos is None else 1.0 - self.values[pos]

    def _node_plan(self, state: State) -> tuple[_Node, solver.TurnPlan]:
        pos = position_of(state)
        got = self._plans.get(pos)
        if got is None:
            node = _node(state_of(pos, self.rules))
            got = self._plans[pos] = (node, _plan(self, node))
        return got

    def plan(self, state: State) -> solver.TurnPlan:
        """The optimal plan for the turn being played in ``state`` (a solved position)."""
        return self._node_plan(state)[1]

    def value(self, state: State) -> float:
        """The solved value of the turn being played in ``state`` for the player to move."""
        return float(self.plan(state).value)


def _plan(solution: GameSolution, node: _Node) -> solver.TurnPlan:
    stops = [
        None if ends is None else max(solution.end_value(e) for e in ends) for ends in node.stops
    ]
    return solver.solve(stops, solution.end_value(node.bust))


def solve_game(
    state: State,
    *,
    tolerance: float = 1e-9,
    max_positions: int = 5000,
    max_sweeps: int = 500,
) -> GameSolution:
    """Solve every position reachable from the two-player ``state`` (any phase; its turn's
    dice are ignored). Raises ValueError if more than ``max_positions`` are reachable, and
    WordgamesError if the values have not settled within ``max_sweeps`` sweeps."""
    rules = state.rules
    start = position_of(state)
    nodes: dict[Position, _Node] = {}
    todo = [start]
    while todo:
        pos = todo.pop()
        if pos in nodes:
            continue
        if len(nodes) >= max_positions:
            raise ValueError(f"more than {max_positions} positions are reachable")
        node = nodes[pos] = _node(state_of(pos, rules))
        for ends in (*node.stops, (node.bust,)):
            for nxt, _ in ends or ():
                if nxt is not None and nxt not in nodes:
                    todo.append(nxt)
    values: dict[Position, float] = dict.fromkeys(nodes, 0.5)
    solution = GameSolution(rules, values, 0, 0.0)
    sweeps = 0
    worst = 0.0
    # Positions that lead to each other (steals, busts) are solved together; the groups come
    # in an order where every group's successors are solved before it.
    for group in _components(nodes):
        residual = 1.0
        rounds = 0
        while residual > tolerance:
            rounds += 1
            if rounds > max_sweeps:
                raise WordgamesError(
                    f"values still moving by {residual:.2e} after {max_sweeps} sweeps"
                )
            residual = 0.0
            for pos in group:
                new = float(_plan(solution, nodes[pos]).value)
                residual = max(residual, abs(new - values[pos]))
                values[pos] = new
            if len(group) == 1 and not _loops(nodes[group[0]], group[0]):
                residual = 0.0  # depends on solved positions only: exact after one pass
                break
        sweeps = max(sweeps, rounds)
        worst = max(worst, residual)
    return GameSolution(rules, values, sweeps, worst)


def _successors(node: _Node) -> set[Position]:
    return {p for ends in (*node.stops, (node.bust,)) for p, _ in ends or () if p is not None}


def _loops(node: _Node, pos: Position) -> bool:
    return pos in _successors(node)


def _components(nodes: Mapping[Position, _Node]) -> list[list[Position]]:
    """Strongly connected components of the position graph, successors first (Tarjan's
    algorithm, iterative)."""
    succ = {p: sorted(_successors(n)) for p, n in nodes.items()}
    index: dict[Position, int] = {}
    low: dict[Position, int] = {}
    on_stack: set[Position] = set()
    stack: list[Position] = []
    out: list[list[Position]] = []
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = len(index)
                stack.append(v)
                on_stack.add(v)
            recurse = False
            for j in range(i, len(succ[v])):
                w = succ[v][j]
                if w not in index:
                    work.append((v, j + 1))
                    work.append((w, 0))
                    recurse = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if recurse:
                continue
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.append(w)
                    if w == v:
                        break
                out.append(sorted(group, key=lambda p: (len(p[0]), p)))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return out


@attrs.frozen
class SolvedBot:
    """Plays a two-player game from a :class:`GameSolution` exactly (every position the game
    reaches must be in the solution: start the game at the solved position)."""

    solution: GameSolution

    def choose(self, view: View, rng: random.Random) -> Action:
        """The action the solved game values highest for the viewer (``rng`` unused)."""
        state = view.state
        if view.viewer is None or state.current_player != view.viewer:
            raise WordgamesError("the bot was asked to act but it is not the viewer's decision")
        node, plan = self.solution._node_plan(state)
        if state.phase is Phase.SET_ASIDE:
            return SetAside(plan.best_set_aside(state.kept, state.roll))
        if state.phase is not Phase.DECIDE:  # pragma: no cover - checked above
            raise WordgamesError("no decision to make")
        legal = state.legal_actions()
        if Reroll() in legal and plan.should_roll(state.kept):
            return Reroll()
        options = [a for a in legal if isinstance(a, Take | Steal)]
        ends = node.stops[state.total]
        assert ends is not None
        by_action = dict(zip(state.tile_options(state.total), ends, strict=True))
        return max(options, key=lambda a: self.solution.end_value(by_action[a]))
