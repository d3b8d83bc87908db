"""Regenwormen bots. Every bot has ``choose(view, rng) -> action`` and reads only the view.

- :class:`RandomBot` (from ``wordgames``): uniform over the legal actions.
- :class:`HeuristicBot`: a few rules of thumb (worms early, big groups, stop when the tile is
  good enough or few dice are left).
- :class:`OptimalTurnBot`: plays each turn to maximise the expected worm difference of the
  turn exactly (single-turn dynamic programming, :mod:`wordgames.regenwormen.solver`),
  counting what a steal takes from the victim and the tile lost on a bust.
"""

from __future__ import annotations

import random
from functools import lru_cache

import attrs

from wordgames._core.bots import RandomBot
from wordgames._core.errors import WordgamesError
from wordgames.regenwormen import solver
from wordgames.regenwormen.actions import FACE_POINTS, FACES, Action, Reroll, SetAside, Steal, Take
from wordgames.regenwormen.state import DECIDE, SET_ASIDE, State, worms
from wordgames.regenwormen.view import View

__all__ = ["HeuristicBot", "OptimalTurnBot", "RandomBot", "stop_values"]


def _my_state(view: View) -> State:
    state = view.state
    if view.viewer is None or state.current_player != view.viewer:
        raise WordgamesError("the bot was asked to act but it is not the viewer's decision")
    return state


@attrs.frozen
class HeuristicBot:
    """Rules of thumb.

    Set aside: the first worms if none are kept yet, else the value worth most points in the
    roll (count x points; ties to the higher face). Stop: with a steal, or when the tile is
    worth at least ``good_worms`` worms, or when at most ``stop_dice`` dice are left.
    """

    good_worms: int = 2
    stop_dice: int = 3

    def choose(self, view: View, rng: random.Random) -> Action:
        state = _my_state(view)
        legal = state.legal_actions()
        if state.phase == SET_ASIDE:
            roll, kept = state.roll, state.kept
            if roll[5] and not kept[5]:
                return SetAside(6)
            options = [v for v in range(6) if roll[v] and not kept[v]]
            v = max(options, key=lambda v: (roll[v] * FACE_POINTS[v], v))
            return SetAside(FACES[v])
        stops = [a for a in legal if isinstance(a, Take | Steal)]
        if not stops:
            return legal[0]
        best = max(stops, key=lambda a: (isinstance(a, Steal), a.tile))
        if (
            Reroll() not in legal
            or isinstance(best, Steal)
            or worms(best.tile) >= self.good_worms
            or state.dice_left <= self.stop_dice
        ):
            return best
        return Reroll()


def _action_value(action: Take | Steal, steal_weight: float) -> float:
    w = worms(action.tile)
    return w * (1.0 + steal_weight) if isinstance(action, Steal) else float(w)


def stop_values(state: State, steal_weight: float = 1.0) -> tuple[float | None, ...]:
    """The value of stopping at each total 0..40 for the player whose turn it is (``None``:
    no tile for that total): the worms gained, plus ``steal_weight`` times the worms a steal
    takes from the victim. Assumes a worm is set aside (the solver checks that)."""
    out: list[float | None] = []
    for total in range(solver.MAX_TOTAL + 1):
        opts = state.tile_options(total)
        out.append(max((_action_value(a, steal_weight) for a in opts), default=None))
    return tuple(out)


@lru_cache(maxsize=128)
def _plan(stops: tuple[float | None, ...], bust: float) -> solver.TurnPlan:
    return solver.solve(stops, bust)


@attrs.frozen
class OptimalTurnBot:
    """Maximises the expected worm difference of the current turn.

    Stopping at a total is worth the worms of the tile taken, a steal additionally
    ``steal_weight`` times the worms the victim loses (1.0: the victim's loss counts fully);
    a bust costs the worms of the player's top tile. The tile turned face down on a bust and
    later turns are not valued. The turn's plan is cached, so only the first decision of a
    turn costs a solve (about 10 ms).
    """

    steal_weight: float = 1.0

    def plan_for(self, state: State) -> solver.TurnPlan:
        """The solver's plan for the turn being played in ``state``."""
        stack = state.stacks[state.turn]
        bust = -float(worms(stack[-1])) if stack else 0.0
        return _plan(stop_values(state, self.steal_weight), bust)

    def choose(self, view: View, rng: random.Random) -> Action:
        state = _my_state(view)
        plan = self.plan_for(state)
        if state.phase == SET_ASIDE:
            return SetAside(plan.best_set_aside(state.kept, state.roll))
        if state.phase != DECIDE:  # pragma: no cover - _my_state guarantees a decision
            raise WordgamesError("no decision to make")
        legal = state.legal_actions()
        if Reroll() in legal and plan.should_roll(state.kept):
            return Reroll()
        stops = [a for a in legal if isinstance(a, Take | Steal)]
        return max(stops, key=lambda a: _action_value(a, self.steal_weight))
