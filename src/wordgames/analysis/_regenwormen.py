"""Regenwormen: every decision valued exactly by the single-turn solver's plan.

The plan is :class:`~wordgames.regenwormen.bots.OptimalTurnBot`'s (steal weight 1): stopping
is worth the worms of the tile taken, a steal also the worms the victim loses, a bust costs
the worms of the mover's top tile; with these integer values the solver is exact. Where a
two-player game is small enough for :func:`~wordgames.regenwormen.endgame.solve_game` within
the budget, the decisions are also valued in win probability (``win_*`` details).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache, partial
from typing import Any

from wordgames._core.contract import Resign
from wordgames.analysis._model import TurnAnalysis, grade_of
from wordgames.regenwormen import solver
from wordgames.regenwormen.actions import Reroll, SetAside, Steal, Take
from wordgames.regenwormen.state import Phase, worms

__all__ = ["analyze_turns"]

#: Seconds one position of the small-game solver takes (measured: 36 positions in about 7 s
#: on the development machine); positions allowed = the budget left / this.
SECONDS_PER_POSITION = 0.25
#: The small-game solver is tried from turns with at most this many tiles face up.
MAX_SOLVED_GRILL = 4


def _stop_worth(action: Take | Steal) -> int:
    w = worms(action.tile)
    return 2 * w if isinstance(action, Steal) else w


def _stops(state: Any) -> tuple[int | None, ...]:
    out: list[int | None] = []
    for total in range(solver.MAX_TOTAL + 1):
        opts = state.tile_options(total)
        out.append(max((_stop_worth(a) for a in opts), default=None))
    return tuple(out)


@lru_cache(maxsize=256)
def _plan(stops: tuple[int | None, ...], bust: int) -> solver.TurnPlan:
    return solver.solve(stops, bust)


def turn_plan(state: Any) -> solver.TurnPlan:
    """The exact plan of the turn played in ``state`` (expected worm difference)."""
    stack = state.stacks[state.turn]
    return _plan(_stops(state), -worms(stack[-1]) if stack else 0)


def _after_set(kept: Sequence[int], roll: Sequence[int], face: int) -> tuple[int, ...]:
    k = list(kept)
    k[face - 1] += roll[face - 1]
    return tuple(k)


def _values(state: Any, plan: Any, stop_value: Callable[[Any], Any]) -> list[tuple[Any, Any]]:
    """Every legal decision of ``state`` with its value under ``plan``."""
    out: list[tuple[Any, Any]] = []
    for a in state.legal_actions():
        if isinstance(a, SetAside):
            out.append((a, plan.position_value(_after_set(state.kept, state.roll, a.value))))
        elif isinstance(a, Reroll):
            out.append((a, plan.roll_value(state.kept)))
        else:
            out.append((a, stop_value(a)))
    return out


def _best(values: list[tuple[Any, Any]], played: Any) -> tuple[Any, Any, Any]:
    """(played value, best action, best value); ties go to the played action, then to the
    first listed."""
    mine = dict(values)[played]
    best, best_v = max(values, key=lambda av: av[1])
    if mine >= best_v:
        best, best_v = played, mine
    return mine, best, best_v


class _Solved:
    """The small-game solution of the game, found once, when the budget allows."""

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.solution: Any = None
        self.tried: set[tuple[Any, ...]] = set()
        self.notes: list[str] = []

    def for_state(self, state: Any) -> Any:
        from wordgames.regenwormen import endgame

        if self.deadline is None or state.num_players != 2 or state.departed:
            return None
        pos = endgame.position_of(state)
        if self.solution is not None:
            return self.solution if pos in self.solution.values else None
        if len(state.grill) > MAX_SOLVED_GRILL or pos in self.tried:
            return None
        self.tried.add(pos)
        allowed = int((self.deadline - time.perf_counter()) / SECONDS_PER_POSITION)
        if allowed < 1:
            return None
        try:
            self.solution = endgame.solve_game(state, max_positions=allowed)
        except ValueError:
            return None
        self.notes.append(
            f"win probability from the small-game solver from ply {state.ply} "
            f"({len(self.solution.values)} positions)"
        )
        return self.solution


def _end_worth(solution: Any, by_action: dict[Any, Any], action: Any) -> float:
    return float(solution.end_value(by_action[action]))


def analyze_turns(
    states: Sequence[Any],
    actions: Sequence[Any],
    deadline: float | None,
    progress: Callable[[int, int], None] | None,
) -> tuple[list[TurnAnalysis], list[str]]:
    """One :class:`TurnAnalysis` per decision with a choice (forced set-asides and
    resignations are not analysed)."""
    solved = _Solved(deadline)
    todo = [
        i
        for i, a in enumerate(actions)
        if states[i].phase in (Phase.SET_ASIDE, Phase.DECIDE)
        and not isinstance(a, Resign)
        and len(states[i].legal_actions()) > 1
    ]
    out = []
    for k, i in enumerate(todo):
        state, action = states[i], actions[i]
        plan = turn_plan(state)
        mine, best, best_v = _best(_values(state, plan, _stop_worth), action)
        loss = Fraction(best_v) - Fraction(mine)
        details: list[tuple[str, float]] = []
        solution = solved.for_state(state)
        if solution is not None:
            node, wplan = solution._node_plan(state)
            ends = node.stops[state.total] or ()
            by_action = dict(zip(state.tile_options(state.total), ends, strict=False))
            wvalues = _values(state, wplan, partial(_end_worth, solution, by_action))
            wmine, _, wbest = _best(wvalues, action)
            details = [
                ("win_best", float(wbest)),
                ("win_loss", max(0.0, float(wbest) - float(wmine))),
                ("win_value", float(wmine)),
            ]
        out.append(
            TurnAnalysis(
                ply=state.ply,
                player=state.turn,
                played=str(action),
                value=float(mine),
                best=str(best),
                best_value=float(best_v),
                loss=float(loss),
                unit="worms",
                method="exact",
                grade=grade_of(float(loss), "worms"),
                details=tuple(details),
                scores=tuple(states[i + 1].scores),
            )
        )
        if progress is not None:
            progress(k + 1, len(todo))
    return out, solved.notes
