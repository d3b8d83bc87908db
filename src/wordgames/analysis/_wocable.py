"""Wocable: every turn valued by static equity (score plus the leave's value); with a time
budget, the positions with the bag empty by the endgame search where it applies.

Each way of valuing a turn is one function of the same shape (:data:`Method`), chosen by
:func:`choose_method`, so a simulation or an exact endgame solver plugs in as one more
function.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from wordgames.analysis._model import TurnAnalysis, grade_of
from wordgames.wocable.actions import Accept, Challenge, Exchange, Pass, Place
from wordgames.wocable.engine import BLANK_BIT, check_placement, exchanges
from wordgames.wocable.shadow import LeaveFn

__all__ = [
    "Context",
    "Method",
    "Valued",
    "analyze_turns",
    "choose_method",
    "endgame",
    "exact_endgame",
    "preendgame",
    "simulation",
    "static",
]

#: Plies and placements per node of the endgame search tried first, then deepened while the
#: turn's share of the budget lasts.
ENDGAME_MOVES = 8
#: the static candidates simulated beside the played action
SIM_CANDIDATES = 5
#: a turn's share of the budget below which it is not simulated (seconds)
SIM_MIN_SECONDS = 0.05
#: a loss is claimed from a simulation only when the best mean beats the played move's by more
#: than this many standard errors (of the difference, the candidates' errors combined)
SIM_SIGNIFICANCE = 2.0


@attrs.frozen
class Valued:
    """What a method finds for one decision: the played action's value, the best action and
    its value, the unit and the method's name, and a note."""

    value: float
    best: str
    best_value: float
    unit: str
    method: str
    note: str = ""


@attrs.define
class Context:
    """What the methods share: the leave function, the deadline of the budget
    (``time.perf_counter`` seconds, ``None``: no budget) and the turns still to value."""

    leave: LeaveFn
    deadline: float | None
    rng: Any = None
    notes: list[str] = attrs.field(factory=list)
    todo: int = 1
    #: the lexicon moves are looked for in, when it is not the record's own
    lexicon: Any = None

    def remaining(self) -> float:
        """Seconds of budget left (infinite without a budget)."""
        if self.deadline is None:
            return float("inf")
        return self.deadline - time.perf_counter()


Method = Callable[[Any, Any, Context], Valued | None]
"""A way to value a decision: ``(state, played action, context) -> Valued`` (``None``: the
method does not apply here and the next one is tried)."""


def _kept(state: Any, used: Sequence[int]) -> tuple[int, ...]:
    kept = list(state.racks[state.turn])
    for t in used:
        kept.remove(t)
    return tuple(sorted(kept))


def _place_value(state: Any, action: Place, leave: LeaveFn | None) -> float:
    """Score plus the value of the tiles kept (no leave once the bag is empty)."""
    tiles = state.tiles
    placed, score = check_placement(
        tiles, state.board, state.racks[state.turn], action, phonies=True
    )
    if leave is None:
        return float(score)
    used = [tiles.blank if v & BLANK_BIT else v for _, v in placed]
    return score + leave(_kept(state, used))


def _static_value(state: Any, action: Any, leave: LeaveFn | None) -> float:
    if isinstance(action, Place):
        return _place_value(state, action, leave)
    rack = tuple(sorted(state.racks[state.turn]))
    if leave is None:
        return 0.0
    if isinstance(action, Exchange):
        return leave(_kept(state, state.tiles.parse_rack(action.tiles)))
    return leave(rack)


def static(state: Any, action: Any, ctx: Context) -> Valued:
    """Static equity: score plus the leave's value for a placement, the leave's value for an
    exchange (what it keeps) or a pass (the whole rack). The best is the best of
    ``state.best_moves(1, leave=...)``, the best exchange and Pass. Once the bag is empty the
    leave is not counted (the unit is then points: the score alone)."""
    leave = ctx.leave if state.bag_size else None
    unit = "equity" if leave is not None else "points"
    value = _static_value(state, action, leave)
    candidates: list[tuple[Any, float]] = []
    top = state.best_moves(1, leave=leave)
    if top:
        candidates.append((top[0].action, _place_value(state, top[0].action, leave)))
    if leave is not None:
        for ex in exchanges(state.tiles, state.racks[state.turn], state.bag_size, state.rules):
            candidates.append((ex, _static_value(state, ex, leave)))
    candidates.append((Pass(), _static_value(state, Pass(), leave)))
    best_action, best_value = candidates[0]
    for a, v in candidates[1:]:  # ties: the placement, then the smaller exchange
        if v > best_value:
            best_action, best_value = a, v
    if value >= best_value:
        best_action, best_value = action, value
    return Valued(value, str(best_action), best_value, unit, "static")


def endgame(state: Any, action: Any, ctx: Context) -> Valued | None:
    """The bag empty, two players, words checked on play: the played action and the best one
    valued by :func:`wordgames.wocable.bots.endgame_search` (final spread for the mover),
    from depth 1, deepened one ply at a time while the turn's share of the budget lasts (up
    to depth 6). ``None`` (the static value is used) without a budget, once the budget is
    spent, or where the search does not apply; the reason goes into the analysis's notes
    once."""
    if ctx.deadline is None or state.bag_size or ctx.remaining() <= 0:
        return None
    from wordgames.wocable.bots import endgame_search

    if state.rules.word_check != "on_play":
        _note(
            ctx,
            "endgame search skipped: it needs words checked on play (these rules let plays "
            "be challenged); the bag-empty turns are valued statically",
        )
        return None
    if len(state.active_players) != 2 or state.pending_play is not None:
        return None
    me = state.turn
    start = time.perf_counter()
    share = ctx.remaining() / max(1, ctx.todo)
    depth = 1
    result: Valued | None = None
    while True:
        best, best_value = endgame_search(state, ENDGAME_MOVES, depth)
        child = state.apply(action)
        if child.is_terminal:
            opp = next(p for p in state.active_players if p != me)
            value = float(child.scores[me] - child.scores[opp])
        elif child.bag_size or child.pending_play is not None or depth == 1:
            value = _leaf(child, me)
        else:
            value = -endgame_search(child, ENDGAME_MOVES, depth - 1)[1]
        if value >= best_value:
            best, best_value = action, value
        result = Valued(value, str(best), best_value, "spread", "endgame", f"depth {depth}")
        spent = time.perf_counter() - start
        depth += 1
        # the next depth costs several times the last one: stop when it would not fit
        if depth > 6 or spent * 6 > share or ctx.remaining() <= 0:
            break
    return result


def simulation(state: Any, action: Any, ctx: Context) -> Valued | None:
    """With a budget and at least two tiles in the bag, in a two-player game: the played
    action and the :data:`SIM_CANDIDATES` best static placements (and the played exchange or
    pass) simulated by :func:`wordgames.wocable.simulate` in win probability, two plies deep,
    for the turn's share of the budget; the unit is win probability. A loss is claimed only
    where the best mean beats the played move's by more than :data:`SIM_SIGNIFICANCE`
    standard errors (else the played move is reported as the best, the note giving the
    mean's leader). ``None`` (static
    equity) without a budget, with the budget spent, a share under :data:`SIM_MIN_SECONDS`,
    or a position the simulation does not take (more players, a game-ending play waiting for
    a challenge)."""
    if ctx.deadline is None or state.bag_size < 2 or len(state.active_players) != 2:
        return None
    if state.pending_end is not None:
        return None
    share = ctx.remaining() / max(1, ctx.todo)
    if share < SIM_MIN_SECONDS:
        return None
    import random

    from wordgames.wocable.simulation import simulate

    actions: list[Any] = [action]
    for m in state.best_moves(SIM_CANDIDATES, leave=ctx.leave):
        if m.action != action:
            actions.append(m.action)
    if len(actions) == 1:
        return None  # nothing to compare with
    rng = ctx.rng if isinstance(ctx.rng, random.Random) else random.Random(state.ply)
    res = simulate(
        state,
        candidates=actions,
        iterations=None,
        time_limit=share,
        evaluate="win",
        leave=ctx.leave,
        rng=rng,
    )
    played = next(c for c in res.candidates if c.action == action)
    if played.iterations == 0:
        return None
    best = max((c for c in res.candidates if c.iterations), key=lambda c: c.win)
    note = f"{res.rollouts} rollouts; {played.iterations} of the played move"
    gap, se = best.win - played.win, math.hypot(best.win_se, played.win_se)
    if best is not played and gap <= SIM_SIGNIFICANCE * se:
        # not told apart by the simulation in its share of the budget: no mistake is claimed
        note += (
            f"; {best.action} {gap:+.3f} by its mean, within {SIM_SIGNIFICANCE:g} standard errors"
        )
        best = played
    return Valued(played.win, str(best.action), best.win, "win_probability", "simulation", note)


def _after(state: Any, action: Any, limit: float) -> tuple[int, bool, int]:
    """The exact (or, when ``limit`` runs out, deepest searched) value for the player on turn
    of playing ``action`` in a bag-empty ``state`` and best play after: ``(value, exact,
    plies)``. A play left open to a challenge is accepted, as the solver assumes of a
    valid play."""
    from wordgames.wocable.endgame import solve_endgame

    me = state.turn
    opp = next(p for p in state.active_players if p != me)
    child = state.apply(action)
    while not child.is_terminal and child.pending_play is not None:
        accept = Accept(child.current_player)
        if not child.is_legal(accept):
            break
        child = child.apply(accept)
    gained = (child.scores[me] - state.scores[me]) - (child.scores[opp] - state.scores[opp])
    if child.is_terminal:
        return gained, True, 0
    rest = solve_endgame(child, time_limit=limit)
    return gained + (rest.value if child.turn == me else -rest.value), rest.exact, rest.plies


def exact_endgame(state: Any, action: Any, ctx: Context) -> Valued | None:
    """With a budget and the bag empty in a two-player game: the exact endgame
    (:func:`wordgames.wocable.solve_endgame`) of the position and of the played move, half of
    the turn's share of the budget each; the unit is the spread from now to the end of the
    game. ``None`` (the bounded search, then static) without a budget, where the solver
    refuses the position, or when the share of the budget does not prove both values
    (searches cut at different depths do not compare)."""
    if ctx.deadline is None or state.bag_size or ctx.remaining() <= 0:
        return None
    if len(state.active_players) != 2 or state.pending_play is not None:
        return None
    from wordgames.wocable.endgame import EndgameError, solve_endgame

    half = ctx.remaining() / max(1, ctx.todo) / 2
    try:
        root = solve_endgame(state, time_limit=half)
        value, exact, _ = _after(state, action, half)
    except EndgameError:
        return None
    if not (root.exact and exact):
        # values of searches cut at different depths do not compare: the bounded search
        # (one depth for both) values this turn instead
        _note(ctx, "an endgame the budget could not prove was valued by the bounded search")
        return None
    best: Any = root.moves[0] if root.moves else action
    best_value = float(root.value)
    if value >= best_value:
        best, best_value = action, float(value)
    return Valued(float(value), str(best), best_value, "spread", "endgame", "exact")


def preendgame(state: Any, action: Any, ctx: Context) -> Valued | None:
    """With a budget and one tile in the bag in a two-player game: every candidate against
    every tile the bag may hold (:func:`wordgames.wocable.solve_preendgame`) for the turn's
    share of the budget; the unit is win probability (a draw counts half, over the tiles the
    bag may hold, each weighted by how many of it are unseen). A candidate cut off (it could
    not reach the best one's wins, or the time ran out) is valued at the most it could still
    reach. ``None`` (static) without a budget, where the solver refuses the position, or for
    a move it does not list (an exchange)."""
    if ctx.deadline is None or state.bag_size != 1 or ctx.remaining() <= 0:
        return None
    if len(state.active_players) != 2 or state.pending_play is not None:
        return None
    from wordgames.wocable.endgame import EndgameError, solve_preendgame

    try:
        sol = solve_preendgame(state, time_limit=ctx.remaining() / max(1, ctx.todo))
    except EndgameError:
        return None

    def win(c: Any) -> float:
        covered = sum(w for _, w, _ in c.outcomes)
        left = 0 if c.complete else max(0, c.weight - covered)
        return (c.wins + 0.5 * c.draws + left) / c.weight if c.weight else 0.0

    played = next((c for c in sol.candidates if c.action == action), None)
    if played is None or not sol.candidates:
        return None
    best = max(sol.candidates, key=lambda c: (c.complete, win(c)))
    if not best.complete:
        return None  # nothing was valued in full: no loss can be claimed
    value, best_value = win(played), win(best)
    if value >= best_value:
        best, best_value = played, value
    note = "exact" if sol.exact else "not proven: the time ran out or candidates were cut off"
    return Valued(value, str(best.action), best_value, "win_probability", "preendgame", note)


def _leaf(state: Any, me: int) -> float:
    """The spread for ``me`` at ``state`` less the rack values (as the search's leaves)."""
    opp = next(p for p in state.active_players if p != me)
    t = state.tiles
    diff = state.scores[me] - state.scores[opp]
    return float(diff - t.rack_value(state.racks[me]) + t.rack_value(state.racks[opp]))


def _note(ctx: Context, text: str) -> None:
    if text not in ctx.notes:
        ctx.notes.append(text)


def choose_method(state: Any) -> tuple[Method, ...]:
    """The methods tried for a decision in ``state``, first applicable wins: the endgame
    solver once the bag is empty (the bounded search where it refuses the position), the
    pre-endgame solver with one tile in the bag, a simulation with more (all within a
    budget), and static equity as the fallback."""
    if state.bag_size == 0:
        return (exact_endgame, endgame, static)
    if state.bag_size == 1:
        return (preendgame, static)
    return (simulation, static)


def _decision(state: Any, action: Any) -> bool:
    """Whether ``action`` in ``state`` is a move to value: a placement, exchange or pass by
    the player on turn (challenges, acceptances and frontend events are not)."""
    if state.phase != "play" or state.pending_end is not None:
        return False
    if isinstance(action, Challenge | Accept):
        return False
    return isinstance(action, Place | Exchange | Pass) and state.current_player is not None


def analysis_lexicon(initial: Any, lexicon: Any, notes: list[str]) -> Any:
    """The lexicon the best moves are looked for in: ``lexicon`` if given, else the record's
    (None). A GCG file whose words the builtin lexicon lacks is replayed on the builtin
    lexicon plus the file's words (:func:`~wordgames.wocable.from_gcg`): its best moves are
    then looked for in that lexicon, with a note."""
    from wordgames.lexicon import Lexicon
    from wordgames.wocable.gcg.replay import FILE_LEXICON

    if lexicon is not None:
        if not isinstance(lexicon, Lexicon):
            raise TypeError(f"lexicon must be a Lexicon, got {type(lexicon).__name__}")
        return lexicon
    if initial.lexicon.name.endswith(FILE_LEXICON):
        notes.append(
            f"the game's lexicon is {initial.lexicon.name!r}: the builtin lexicon plus the "
            f"words of the file it lacks; pass lexicon= for the one the game was played with"
        )
    return None


def analyze_turns(
    states: Sequence[Any],
    actions: Sequence[Any],
    ctx: Context,
    progress: Callable[[int, int], None] | None,
) -> list[TurnAnalysis]:
    """One :class:`TurnAnalysis` per placement, exchange or pass of the record."""
    todo = [i for i, a in enumerate(actions) if _decision(states[i], a)]
    out = []
    for k, i in enumerate(todo):
        state, action = states[i], actions[i]
        if ctx.lexicon is not None and ctx.lexicon is not state.lexicon:
            state = attrs.evolve(state, lexicon=ctx.lexicon)
        ctx.todo = len(todo) - k
        for method in choose_method(state):
            got = method(state, action, ctx)
            if got is not None:
                break
        assert got is not None
        loss = max(0.0, got.best_value - got.value)
        if loss < 1e-9:
            loss = 0.0
        out.append(
            TurnAnalysis(
                ply=state.ply,
                player=state.turn,
                played=str(action),
                value=got.value,
                best=got.best,
                best_value=max(got.best_value, got.value),
                loss=loss,
                unit=got.unit,
                method=got.method,
                grade=grade_of(loss, got.unit),
                note=got.note,
                scores=tuple(states[i + 1].scores),
            )
        )
        if progress is not None:
            progress(k + 1, len(todo))
    return out
