"""Wocable bots. All of them see views only.

- :class:`RandomBot` (re-exported from wordgames): uniform over ``view.legal_actions()``.
- :class:`GreedyBot`: the highest-scoring placement (ties: first in notation order); without
  a placement it exchanges its whole rack when allowed, else passes.
- :class:`EquityBot`: maximises score + the learned value of the tiles kept
  (:mod:`wordgames.wocable.leaves`; the leave is ignored once the bag is empty); also weighs
  exchanges by the value of what they keep.
- :class:`SimBot`: simulates the static player's best candidates with
  :func:`wordgames.wocable.simulation.simulate` (the opponent's rack and the bag drawn, a few
  plies of static play, win probability or spread at the end, candidates dropped once clearly
  worse) and plays the best mean; once the bag is empty (two players) it searches the known
  position (:func:`endgame_search`).
- :func:`leave_value` is the earlier hand-made heuristic, kept for reference and tests.

Under challenge rules (``Rules.word_check="challenge"``) the greedy, equity and simulation
bots never play a phony, challenge every phony played (it is public whether a play formed a
word outside the lexicon), never challenge a valid play, and accept a valid play that ends
the game (:func:`challenge_decision`).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from wordgames._core.bots import RandomBot
from wordgames.wocable._phase import Phase
from wordgames.wocable.actions import Accept, Action, Challenge, Exchange, Pass
from wordgames.wocable.endgame import endgame_action
from wordgames.wocable.engine import Tiles, best_exchange, exchange_limit, exchanges, is_phony
from wordgames.wocable.leaves import LeaveModel, leave_model
from wordgames.wocable.leavetable import LeaveTable
from wordgames.wocable.movegen import place_of
from wordgames.wocable.shadow import LeaveFn, leave_table, ranked
from wordgames.wocable.simulation import SimResult, simulate

__all__ = [
    "LEAVE_VALUES",
    "EquityBot",
    "GreedyBot",
    "RandomBot",
    "SimBot",
    "challenge_decision",
    "endgame_search",
    "leave_for",
    "leave_value",
]

LEAVE_VALUES: dict[str, float] = {
    "?": 25.0,
    "S": 8.0,
    "Z": 3.0,
    "X": 3.5,
    "E": 1.5,
    "R": 1.5,
    "A": 1.0,
    "H": 1.0,
    "N": 0.5,
    "T": 0.5,
    "D": 0.5,
    "L": 0.0,
    "C": 0.5,
    "M": 0.5,
    "I": -0.5,
    "O": -1.0,
    "P": -0.5,
    "K": -0.5,
    "Y": -0.5,
    "G": -2.0,
    "B": -2.0,
    "F": -2.0,
    "U": -3.0,
    "W": -3.5,
    "V": -5.0,
    "J": -2.5,
    "Q": -7.0,
}
"""Points a kept tile is worth (English tiles; others fall back on their face value)."""
_VOWELS = frozenset("AEIOU")


def leave_value(leave: Sequence[str]) -> float:
    """Documented leave heuristic for the tiles kept after a move (tokens, ``?`` = blank):
    the sum of :data:`LEAVE_VALUES` (unknown tiles: ``1 - points/2`` is not available here, so
    0), minus 3 points for every duplicate beyond the first copy of a letter (blanks and S
    excepted), minus 2 points per vowel or consonant beyond a 1-tile imbalance of the
    vowel/consonant split, and minus 5 points for a Q kept without a U."""
    total = 0.0
    counts = Counter(leave)
    for tok, n in counts.items():
        total += LEAVE_VALUES.get(tok, 0.0) * n
        if n > 1 and tok not in ("?", "S"):
            total -= 3.0 * (n - 1)
    vowels = sum(n for tok, n in counts.items() if tok in _VOWELS)
    cons = sum(n for tok, n in counts.items() if tok not in _VOWELS and tok != "?")
    total -= 2.0 * max(0, abs(vowels - cons) - 1)
    if counts.get("Q") and not counts.get("U"):
        total -= 5.0
    return total


_LEAVE_FNS: dict[tuple[str, str], LeaveFn] = {}


def _leave_fn(view: Any) -> LeaveFn:
    """The packaged leave model of the view's tile set, on tile ids (one memoised function
    per tile set and lexicon in a process)."""
    tiles: Tiles = view.tiles
    key = (view.rules.tiles, tiles.digest)
    fn = _LEAVE_FNS.get(key)
    if fn is None:
        fn = _LEAVE_FNS[key] = leave_model(view.rules.tiles).for_tiles(tiles)
    return fn


def _best_exchange(
    view: Any, values: Mapping[tuple[int, ...], float]
) -> tuple[Action | None, float]:
    """The exchange keeping the most valuable tiles (``values``: the value of every leave the
    rack can keep), and that value (None: no exchange); the first of the best in the order
    of :func:`~wordgames.wocable.engine.exchanges`."""
    if not view.bag_size:
        return None, 0.0
    rack = view.rack
    got = best_exchange(values, rack, exchange_limit(view.rules, len(rack), view.bag_size))
    if got is None:
        return None, 0.0
    text = view.tiles.tile_text
    return Exchange("".join([text(t) for t in got[0]])), got[1]


def challenge_decision(view: Any) -> Action | None:
    """The answer to a play that may be challenged, if one is needed: ``Challenge`` for a
    phony, ``Accept`` for a valid play that ends the game, else None (the bot's own move
    accepts the play)."""
    pp = view.pending_play
    if pp is None or view.viewer != view.turn or view.phase is not Phase.PLAY:
        return None
    if is_phony(view.tiles, view.board, pp.place):
        return Challenge(view.viewer)
    if view.pending_end is not None:
        return Accept(view.viewer)
    return None


@attrs.frozen
class GreedyBot:
    """Plays the highest-scoring placement."""

    def choose(self, view: Any, rng: random.Random) -> Action:
        """Challenge or accept when a play waits for that decision (:func:`challenge_decision`),
        else the highest-scoring placement, else the largest exchange, else a pass (``rng``
        unused)."""
        answer = challenge_decision(view)
        if answer is not None:
            return answer
        moves = view.best_moves(1)
        if moves:
            return moves[0].action  # type: ignore[no-any-return]
        options = exchanges(view.tiles, view.rack, view.bag_size, view.rules)
        if options:
            return max(options, key=lambda a: len(a.tiles))
        return Pass()


def leave_for(view: Any, leave: LeaveTable | LeaveModel | LeaveFn | None = None) -> LeaveFn:
    """The leave function on the tile ids of ``view.tiles`` for ``leave``: the packaged model
    when None, ``leave.for_tiles(view.tiles)`` for a :class:`~wordgames.wocable.leaves.LeaveModel`
    or a :class:`~wordgames.wocable.leavetable.LeaveTable` (memoised per object and tile
    ids), else ``leave`` itself (a function of sorted tile ids)."""
    if leave is None:
        return _leave_fn(view)
    if not isinstance(leave, (LeaveTable, LeaveModel)):
        return leave
    tiles: Tiles = view.tiles
    key = (id(leave), view.rules.tiles, tiles.digest)
    got = _BOUND.get(key)
    if got is None or got[0] is not leave:
        if len(_BOUND) >= 16:
            _BOUND.clear()
        got = _BOUND[key] = (leave, leave.for_tiles(tiles))
    return got[1]


#: leave objects bound to tile ids: (the object, kept alive so its id stays its own; fn)
_BOUND: dict[tuple[int, str, str], tuple[Any, LeaveFn]] = {}


@attrs.frozen
class EquityBot:
    """Maximises score + leave value, the leave valued by ``leave`` (default: the packaged
    model fitted from self-play, :func:`wordgames.wocable.leaves.leave_model`; or a
    :class:`~wordgames.wocable.leavetable.LeaveTable`, another ``LeaveModel``, or a function
    of sorted tile ids); exchanges are valued by what they keep, a pass by the whole rack
    (0 under a leave table). Once the bag is empty it plays the top score.

    While the bag is not empty, a placement's equity is exactly its score plus the leave
    value of the tiles it keeps, on every turn (the first move included: no opening or
    pre-endgame adjustment), as MAGPIE's static evaluation computes it in the midgame (see
    docs/bots.md for where MAGPIE adds more near the end of the bag).

    With ``endgame=True`` it plays the solver's move instead when the bag is empty or holds
    one tile in a two-player game (:func:`wordgames.wocable.endgame.endgame_action`), within
    ``endgame_time`` seconds (``time.perf_counter``; None: no limit, the exact solve, which
    can take minutes on full racks), falling back on its own choice where the solver does
    not apply (its view does not determine the other rack, more players). Default False:
    the top score, no clock read."""

    #: extra equity an exchange must beat the best placement by
    exchange_margin: float = 0.0
    #: the leave valuation (None: the packaged model of the tile set)
    leave: LeaveTable | LeaveModel | LeaveFn | None = attrs.field(default=None, eq=False)
    #: play the endgame and one-tile pre-endgame solver's move
    endgame: bool = False
    #: the solver's time limit in seconds (None: solve exactly)
    endgame_time: float | None = 2.0

    def choose(self, view: Any, rng: random.Random) -> Action:
        """Challenge or accept when a play waits for that decision, else (with ``endgame``)
        the solver's move, else the placement or exchange with the best score plus leave
        value (the top score once the bag is empty), else a pass (``rng`` unused)."""
        answer = challenge_decision(view)
        if answer is not None:
            return answer
        if self.endgame and view.bag_size <= 1:
            solved = endgame_action(view, time_limit=self.endgame_time)
            if solved is not None:
                return solved
        if view.bag_size == 0:
            top = view.best_moves(1)
            return top[0].action if top else Pass()
        leave = leave_for(view, self.leave)
        # every leave a placement or an exchange can keep, valued once for both searches
        values = leave_table(view.rack, leave)
        kept = values.__getitem__
        ex, ex_eq = _best_exchange(view, values)
        # A placement is played only if it is worth at least the best exchange (less the
        # margin): the search starts at that floor. Finding none there, the exchange is
        # played unless there is no placement at all and the pass is worth as much.
        floor = ex_eq - self.exchange_margin if ex is not None else float("-inf")
        top_eq = ranked(view.tiles, view.board, view.rack, 1, kept, floor=floor)
        if top_eq:
            return place_of(view.tiles, view.board, top_eq[0][1])
        if ex is None:
            return Pass()
        if floor > leave(tuple(view.rack)):
            return ex
        # the exchange against the pass: only if no placement exists at all
        return ex if ranked(view.tiles, view.board, view.rack, 1, kept) else Pass()


@attrs.frozen
class SimBot:
    """Monte-Carlo simulation of the static player's best candidates with
    :func:`wordgames.wocable.simulation.simulate`, then the best of them.

    Each iteration draws the opponent's rack and the bag order from what the view does not
    show, and plays every candidate still in the race on that draw (the same draw for all),
    then ``plies`` more plies with the static player (EquityBot's rule: score + leave; an
    exchange when it keeps more); the position reached is scored by its win probability
    (``objective="win"``, the packaged table of :mod:`wordgames.wocable.winprob`) or its
    spread plus the simulating player's leave (``objective="spread"``). A candidate is dropped
    once it is worse than the best at confidence ``stop``. The candidate with the best mean
    is played, but only when its mean gain over the static choice (the first candidate), on
    the iterations both played, exceeds ``confidence`` standard errors of that gain;
    ``confidence=0`` plays the best mean outright.

    Budget: at most ``iterations`` iterations and, with ``time_limit``, that many seconds of
    CPU time (``time.process_time``) a move, checked before every rollout. A caller's
    ``clock`` with ``time_budget`` (the older interface) is used instead when given. Without
    a time limit SimBot is deterministic given ``rng``. ``SimBot(time_limit=1.0,
    iterations=None)`` is the configuration of the strength benchmark (about 1 s a move).
    ``leave`` is a :class:`~wordgames.wocable.LeaveTable`, a leave model or a leave function
    on tile ids, as for EquityBot (the packaged model by default).

    With at most one tile in the bag in a two-player game, SimBot plays the endgame solver's
    move (:func:`~wordgames.wocable.endgame.endgame_action`: the exact endgame once the bag
    is empty, the one-tile pre-endgame before), within ``endgame_time`` seconds
    (``time.perf_counter``; the deepest completed iteration's move when the time runs out;
    None: solve exactly). Where the solver does not apply (some unseen tiles are out of
    play, so the other rack is not forced) it falls back on the bounded search
    (:func:`endgame_search`, ``endgame_depth`` plies over the ``endgame_moves`` best
    placements; ``endgame_depth=0`` turns both off) with the bag empty, and on the
    simulation with one tile. With more than two players (which :func:`simulate` does not
    handle) it plays as EquityBot.
    """

    candidates: int = 6
    iterations: int | None = 12
    clock: Callable[[], float] | None = attrs.field(default=None, eq=False)
    time_budget: float | None = None
    confidence: float = 1.0
    #: the placements by score tried at each node of the endgame search (outs are added)
    endgame_moves: int = 8
    #: plies of the endgame search (0: the top score, as EquityBot)
    endgame_depth: int = 4
    #: plies played after each candidate in a rollout (1: the reply; 2: also one's next move)
    plies: int = 2
    #: CPU seconds a move (``time.process_time``); None: the iteration cap alone
    time_limit: float | None = None
    #: the confidence at which a candidate is dropped (1: never)
    stop: float = 0.99
    #: what ranks the candidates: ``"win"`` (win probability) or ``"spread"``
    objective: str = "win"
    #: the leave function on tile ids (None: the packaged model of the tile set)
    leave: LeaveTable | LeaveModel | LeaveFn | None = attrs.field(default=None, eq=False)
    #: seconds for the endgame and pre-endgame solver a move (None: solve exactly)
    endgame_time: float | None = 1.0

    def _endgame_state(self, view: Any, rng: random.Random) -> Any:
        """The exact state for :func:`endgame_search`, or None when it does not apply: the
        search is off (``endgame_depth`` or ``endgame_moves`` below 1), the bag is not empty,
        the viewer is not on turn, a play is open to a challenge, words are not checked on
        play, more than two players are active, or the unseen tiles are not exactly the
        opponent's rack (some were removed from play)."""
        if self.endgame_depth < 1 or self.endgame_moves < 1:
            return None
        if view.bag_size or view.phase is not Phase.PLAY or view.viewer != view.turn:
            return None
        if view.pending_play is not None or view.rules.word_check != "on_play":
            return None
        if len(view.players) - len(view.departed) != 2 or view.rack is None:
            return None
        # with the bag empty and no tile aside, the unseen tiles are the opponent's rack
        # exactly when their number is its size: the sample is then forced
        if sum(view.unseen_counts) != view.rack_sizes[_next_player(view)] or view.aside_size:
            return None
        return view.sample_state(rng)

    def simulation(self, view: Any, rng: random.Random) -> SimResult:
        """The :func:`~wordgames.wocable.simulation.simulate` result SimBot plays from, with its
        budget and options (:class:`ValueError` where ``simulate`` does not apply)."""
        iterations = self.iterations
        if self.clock is not None and self.time_budget is not None:
            clock, limit = self.clock, self.time_budget
        elif self.time_limit is not None:
            clock, limit = time.process_time, self.time_limit
        else:
            clock, limit = time.process_time, None
            if iterations is None:
                iterations = 1  # no budget at all: one iteration
        return simulate(
            view,
            candidates=self.candidates,
            plies=self.plies,
            iterations=iterations,
            time_limit=limit,
            stop=self.stop,
            evaluate=self.objective,  # type: ignore[arg-type]  # simulate checks it
            leave=leave_for(view, self.leave),
            rng=rng,
            clock=clock,
        )

    def evaluate(self, view: Any, rng: random.Random) -> list[tuple[Action, float, float]]:
        """Every candidate as (action, equity, mean simulated value of the ``objective``), in
        equity order."""
        res = self.simulation(view, rng)
        spread = res.evaluate == "spread"
        return [(c.action, c.equity, c.spread if spread else c.win) for c in res.candidates]

    def choose(self, view: Any, rng: random.Random) -> Action:
        """The endgame solver's move with at most one tile in the bag (two players), else the
        simulated best candidate when it beats the static choice by ``confidence`` standard
        errors (else the static choice)."""
        equity = EquityBot()
        if (
            view.bag_size <= 1
            and self.endgame_depth >= 1
            and challenge_decision(view) is None
            and len(view.players) - len(view.departed) == 2
        ):
            solved = endgame_action(view, time_limit=self.endgame_time)
            if solved is not None:
                return solved
        if view.bag_size == 0:
            if challenge_decision(view) is None:
                state = self._endgame_state(view, rng)
                if state is not None:
                    return endgame_search(state, self.endgame_moves, self.endgame_depth)[0]
            return equity.choose(view, rng)
        if (
            challenge_decision(view) is not None
            or len(view.players) != 2
            or view.departed
            or view.removed_size
            or view.aside_size
            or self.candidates <= 1
        ):
            return equity.choose(view, rng)
        res = self.simulation(view, rng)
        cands = res.candidates
        first = cands[0]
        if res.best == first.action or len(cands) == 1:
            return first.action
        chosen = next(c for c in cands if c.action == res.best)
        if self.confidence <= 0:
            return chosen.action
        # the paired gain over the static choice, on the iterations both played
        mine, base = (
            (chosen.win_samples, first.win_samples)
            if res.evaluate == "win"
            else (chosen.spread_samples, first.spread_samples)
        )
        gains = [a - b for a, b in zip(mine, base, strict=False)]
        k = len(gains)
        if k == 0:
            return first.action
        gain = sum(gains) / k
        var = sum((g - gain) ** 2 for g in gains) / (k - 1) if k > 1 else 0.0
        se = math.sqrt(var / k)
        return chosen.action if gain > self.confidence * se else first.action


def _next_player(state: Any) -> int:
    """The active player after the one on turn."""
    n = len(state.players)
    p: int = (state.turn + 1) % n
    while p in state.departed:
        p = (p + 1) % n
    return p


def _endgame_moves(state: Any, k: int) -> list[Action]:
    """The moves :func:`endgame_search` tries on ``state``: the ``k`` best placements by
    score (ties: the smaller notation), every placement using the whole rack after them, then
    Pass."""
    rack = state.racks[state.turn]
    moves = state.moves()  # by descending score, then notation
    acts: list[Action] = [m.action for m in moves[:k]]
    acts.extend(m.action for m in moves[k:] if m.tiles == len(rack))
    acts.append(Pass())
    return acts


def _endgame_leaf(state: Any) -> float:
    """The value of ``state`` for the player on turn: the score difference, final once the
    game is over; otherwise each side's rack value is also taken off its score (the tiles
    left on a rack tend to cost their face value at the end: going out transfers them, and
    tiles still held when the game stops on passes are the ones never scored)."""
    me = state.turn
    opp = _next_player(state)
    diff = state.scores[me] - state.scores[opp]
    if state.is_terminal:
        return float(diff)
    t = state.tiles
    return float(diff - t.rack_value(state.racks[me]) + t.rack_value(state.racks[opp]))


def _accepted(state: Any) -> Any:
    """``state`` after the opponent's ``Accept`` if a play that ends the game waits for it
    (challenge rules), else ``state``."""
    if state.pending_play is not None and state.pending_end is not None:
        return state.apply(Accept(state.turn))
    return state


def _negamax(state: Any, k: int, depth: int, alpha: float, beta: float) -> float:
    """Alpha-beta negamax value of ``state`` for the player on turn (fail-hard)."""
    if depth == 0 or state.is_terminal:
        return _endgame_leaf(state)
    me = state.turn
    for act in _endgame_moves(state, k):
        child = _accepted(state.apply(act))
        if child.is_terminal:
            opp = _next_player(state)
            v = float(child.scores[me] - child.scores[opp])
        else:
            v = -_negamax(child, k, depth - 1, -beta, -alpha)
        if v >= beta:
            return beta
        if v > alpha:
            alpha = v
    return alpha


def endgame_search(state: Any, moves: int = 8, depth: int = 4) -> tuple[Action, float]:
    """The best action of the player on turn in a two-player ``state`` with the bag empty
    (perfect information), and its value: a depth-limited alpha-beta minimax over the real
    transitions of the engine (``state.apply``, so going out, the end-of-game rack
    adjustments and the pass limit are the engine's own). At each node the ``moves`` best
    placements by score are tried, every placement that uses the whole rack (going out),
    and Pass. A finished game is worth its final score difference for the searching
    player; a position at the depth limit its score difference minus the rack values (see
    :func:`_endgame_leaf`). Ties go to the first move in that order, so the top-scoring
    placement (EquityBot's choice once the bag is empty) unless another is strictly
    better. :class:`ValueError` unless the bag is empty, two players are active, the player
    on turn must play and no play is open to a challenge. Under challenge rules a play that
    ends the game is followed by the opponent's ``Accept``.

    Deprecated: :func:`wordgames.wocable.endgame.solve_endgame` solves the position exactly
    (and :func:`~wordgames.wocable.endgame.endgame_action` gives its move); this
    depth-limited search is kept for the callers that use it."""
    if (
        state.bag_size
        or state.phase is not Phase.PLAY
        or len(state.active_players) != 2
        or state.pending_play is not None
    ):
        raise ValueError("endgame_search needs two active players to play with the bag empty")
    me = state.turn
    opp = _next_player(state)
    best: Action | None = None
    alpha = float("-inf")
    for act in _endgame_moves(state, moves):
        child = _accepted(state.apply(act))
        if child.is_terminal:
            v = float(child.scores[me] - child.scores[opp])
        else:
            v = -_negamax(child, moves, depth - 1, float("-inf"), -alpha)
        if best is None or v > alpha:
            best, alpha = act, v
    assert best is not None  # Pass is always tried
    return best, alpha
