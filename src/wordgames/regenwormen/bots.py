"""Regenwormen bots. Every bot has ``choose(view, rng) -> action`` and reads only the view.

- :class:`RandomBot` (from ``wordgames``): uniform over the legal actions.
- :class:`HeuristicBot`: a few rules of thumb (worms early, big groups, stop when the tile is
  good enough or few dice are left).
- :class:`OptimalTurnBot`: plays each turn to maximise the expected worm difference of the
  turn exactly (single-turn dynamic programming, :mod:`wordgames.regenwormen.solver`),
  counting what a steal takes from the victim and the tile lost on a bust.
- :class:`GameBot`: the same solver, but each way to end the turn is valued by a
  win-probability model of the whole game (:func:`win_value`, coefficients
  :class:`GameParams` fitted by self-play), so it plays to win the game, not the turn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from functools import lru_cache

import attrs

from wordgames._core.bots import RandomBot
from wordgames._core.errors import WordgamesError
from wordgames.regenwormen import solver
from wordgames.regenwormen.actions import FACE_POINTS, FACES, Action, Reroll, SetAside, Steal, Take
from wordgames.regenwormen.state import Phase, State, worms
from wordgames.regenwormen.view import View

__all__ = [
    "GameBot",
    "GameParams",
    "HeuristicBot",
    "OptimalTurnBot",
    "RandomBot",
    "pairwise_win_probability",
    "stop_values",
    "win_value",
]


def _follow(
    state: State, plan: solver.TurnPlan, stop_value: Callable[[Take | Steal], float]
) -> Action:
    """The action ``plan`` (a solved turn) takes in ``state``: its set-aside, or rolling on,
    else the stop (take or steal) of the highest ``stop_value``."""
    if state.phase is Phase.SET_ASIDE:
        return SetAside(plan.best_set_aside(state.kept, state.roll))
    if state.phase is not Phase.DECIDE:  # pragma: no cover - _my_state guarantees a decision
        raise WordgamesError("no decision to make")
    legal = state.legal_actions()
    if Reroll() in legal and plan.should_roll(state.kept):
        return Reroll()
    stops = [a for a in legal if isinstance(a, Take | Steal)]
    return max(stops, key=stop_value)


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
        """The viewer's action by this bot's rule (``rng`` unused: the bot is deterministic)."""
        state = _my_state(view)
        legal = state.legal_actions()
        if state.phase is Phase.SET_ASIDE:
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
        """The action of the exact turn plan that maximises the expected worms (``rng`` unused)."""
        state = _my_state(view)
        plan = self.plan_for(state)
        return _follow(state, plan, lambda a: _action_value(a, self.steal_weight))


# -- the whole-game bot --------------------------------------------------------------------


def _top_worms(stack: tuple[int, ...]) -> int:
    return worms(stack[-1]) if stack else 0


@attrs.frozen
class GameParams:
    """The coefficients of :class:`GameBot`'s win-probability model (fitted by self-play with
    ``tools/fit_regenwormen_gamebot.py``; docs/regenwormen.md, "GameBot").

    Against one opponent ``o``, after the bot's turn ends, the bot's chance to finish ahead of
    ``o`` is ``logistic(z)`` with ``z = (d + tempo - exposure * top_me + reach * top_o
    + tiebreak * sign) / sqrt(spread + per_worm * grill_worms)``, where ``d`` is the bot's
    worms minus ``o``'s, ``top_me``/``top_o`` the worms on the two top tiles (the bot's can be
    stolen before its next turn, ``o``'s may be stolen by the bot later), ``sign`` is +1/-1
    when the bot/``o`` holds the higher tile (the tie-break), and ``grill_worms`` the worms
    still face up (how much game is left: the fewer, the more a lead counts).
    """

    tempo: float = -0.779
    exposure: float = 0.115
    reach: float = 0.208
    tiebreak: float = 0.254
    spread: float = 0.858
    per_worm: float = 1.599


_DEFAULT_PARAMS = GameParams()


def pairwise_win_probability(
    params: GameParams, mine: tuple[int, ...], theirs: tuple[int, ...], grill_worms: int
) -> float:
    """The model's chance that the holder of stack ``mine`` ends ahead of the holder of
    ``theirs`` when ``theirs`` plays next and ``grill_worms`` worms are still face up (see
    :class:`GameParams`)."""
    d = sum(map(worms, mine)) - sum(map(worms, theirs))
    high_me, high_o = max(mine, default=0), max(theirs, default=0)
    sign = (high_me > high_o) - (high_me < high_o)
    num = (
        d
        + params.tempo
        - params.exposure * _top_worms(mine)
        + params.reach * _top_worms(theirs)
        + params.tiebreak * sign
    )
    var = params.spread + params.per_worm * grill_worms
    z = num / math.sqrt(var) if var > 0 else math.copysign(50.0, num)
    z = max(-50.0, min(50.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def win_value(state: State, player: int, params: GameParams = _DEFAULT_PARAMS) -> float:
    """What :class:`GameBot` thinks a position between turns is worth to ``player``: at the
    end 1 for first place alone, ``1 / k`` for first place shared by ``k`` players, else 0;
    before the end the product over the other players still in the game of
    :func:`pairwise_win_probability` (each pairing treated as independent)."""
    outcome = state.outcome
    if outcome is not None:
        if outcome.ranking[player] != 1:
            return 0.0
        return 1.0 / sum(1 for r in outcome.ranking if r == 1)
    grill_worms = sum(map(worms, state.grill))
    mine = state.stacks[player]
    value = 1.0
    for p, stack in enumerate(state.stacks):
        if p != player and p not in state.departed:
            value *= pairwise_win_probability(params, mine, stack, grill_worms)
    return value


@lru_cache(maxsize=256)
def _game_values(
    state: State, params: GameParams
) -> tuple[tuple[float | None, ...], float, Mapping[Take | Steal, float]]:
    """The stop values per total, the bust value and each stop action's value for the turn
    being played in ``state`` (they depend only on the position at the start of the turn)."""
    me = state.turn
    by_action: dict[Take | Steal, float] = {}
    stops: list[float | None] = []
    for total in range(solver.MAX_TOTAL + 1):
        best: float | None = None
        for a in state.tile_options(total):
            v = by_action.get(a)
            if v is None:
                after = (
                    state._after_take(a.tile)
                    if isinstance(a, Take)
                    else state._after_steal(a.tile, a.victim)
                )
                v = by_action[a] = win_value(after, me, params)
            if best is None or v > best:
                best = v
        stops.append(best)
    bust = win_value(state._bust(), me, params)
    return tuple(stops), bust, by_action


def _turn_start(state: State) -> State:
    """``state`` with this turn's dice cleared: the key under which a turn's values are
    cached (the grill and stacks do not change within a turn)."""
    if state.kept == (0, 0, 0, 0, 0, 0) and state.phase is Phase.ROLL:
        return state
    return attrs.evolve(state, phase=Phase.ROLL, kept=(0, 0, 0, 0, 0, 0), roll=(), ply=0)


@attrs.frozen
class GameBot:
    """Plays each turn to maximise its chance of winning the game, not the worms of the turn.

    Every way the turn can end (taking or stealing a tile, or busting with the top tile
    returned and the highest grill tile turned down) is valued by :func:`win_value`, a
    win-probability model over worm differences, the exposure of top tiles to steals and the
    worms left on the grill; the exact turn solver then plays the turn to maximise the
    expected value. So a steal counts what it takes from the leader, a lead is banked as the
    grill empties, a player behind takes risks, a take that ends the game in the lead is a sure
    win and one that ends it behind is worth nothing. One float solve per turn (about 5 ms),
    cached.
    """

    params: GameParams = _DEFAULT_PARAMS

    def plan_for(self, state: State) -> solver.TurnPlan:
        """The solver's plan for the turn being played in ``state``."""
        stops, bust, _ = _game_values(_turn_start(state), self.params)
        return _plan(stops, bust)

    def choose(self, view: View, rng: random.Random) -> Action:
        """The action of the turn plan that maximises the modelled chance of winning the game
        (``rng`` unused)."""
        state = _my_state(view)
        start = _turn_start(state)
        stops, bust, by_action = _game_values(start, self.params)
        plan = _plan(stops, bust)
        return _follow(state, plan, by_action.__getitem__)
