"""Wocable bots. All of them see views only.

- :class:`RandomBot` (re-exported from wordgames): uniform over ``view.legal_actions()``.
- :class:`GreedyBot`: the highest-scoring placement (ties: first in notation order); without
  a placement it exchanges its whole rack when allowed, else passes.
- :class:`EquityBot`: maximises score + the learned value of the tiles kept
  (:mod:`wordgames.wocable.leaves`; the leave is ignored once the bag is empty); also weighs
  exchanges by the value of what they keep.
- :class:`SimBot`: simulates EquityBot's best candidates two plies deep over states sampled
  from the view (the opponent's best equity reply, equity at the leaf) and plays the best mean;
  once the bag is empty (two players) it searches the known position (:func:`endgame_search`).
- :func:`leave_value` is the earlier hand-made heuristic, kept for reference and tests.

Under challenge rules (``Rules.word_check="challenge"``) the greedy, equity and simulation
bots never play a phony, challenge every phony played (it is public whether a play formed a
word outside the lexicon), never challenge a valid play, and accept a valid play that ends
the game (:func:`challenge_decision`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from wordgames._core.bots import RandomBot
from wordgames.wocable.actions import Accept, Action, Challenge, Pass, Place
from wordgames.wocable.endgame import endgame_action
from wordgames.wocable.engine import Tiles, exchanges, is_phony
from wordgames.wocable.leaves import leave_model
from wordgames.wocable.movegen import RawMove, place_of, places
from wordgames.wocable.shadow import LeaveFn, ranked

__all__ = [
    "LEAVE_VALUES",
    "EquityBot",
    "GreedyBot",
    "RandomBot",
    "SimBot",
    "challenge_decision",
    "endgame_search",
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


def _best_exchange(view: Any, leave: LeaveFn) -> tuple[Action | None, float]:
    """The exchange keeping the most valuable tiles, and that value (None: no exchange)."""
    tiles: Tiles = view.tiles
    best: Action | None = None
    best_eq = 0.0
    for a in exchanges(tiles, view.rack, view.bag_size, view.rules) if view.bag_size else ():
        kept = list(view.rack)
        for u in tiles.parse_rack(a.tiles):
            kept.remove(u)
        eq = leave(tuple(kept))
        if best is None or eq > best_eq:
            best, best_eq = a, eq
    return best, best_eq


def challenge_decision(view: Any) -> Action | None:
    """The answer to a play that may be challenged, if one is needed: ``Challenge`` for a
    phony, ``Accept`` for a valid play that ends the game, else None (the bot's own move
    accepts the play)."""
    pp = view.pending_play
    if pp is None or view.viewer != view.turn or view.phase != "play":
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


@attrs.frozen
class EquityBot:
    """Maximises score + leave value, the leave valued by the packaged model fitted from
    self-play (:func:`wordgames.wocable.leaves.leave_model`); exchanges are valued by what
    they keep. Once the bag is empty it plays the top score.

    With ``endgame=True`` it plays the solver's move instead when the bag is empty or holds
    one tile in a two-player game (:func:`wordgames.wocable.endgame.endgame_action`), within
    ``endgame_time`` seconds (``time.perf_counter``; None: no limit, the exact solve, which
    can take minutes on full racks), falling back on its own choice where the solver does
    not apply (its view does not determine the other rack, more players). Default False:
    the top score, no clock read."""

    #: extra equity an exchange must beat the best placement by
    exchange_margin: float = 0.0
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
        leave = _leave_fn(view)
        top_eq = ranked(view.tiles, view.board, view.rack, 1, leave)
        best: Action = Pass()
        best_eq = leave(tuple(view.rack))
        if top_eq:
            best = place_of(view.tiles, view.board, top_eq[0][1])
            best_eq = top_eq[0][0]
        ex, ex_eq = _best_exchange(view, leave)
        if ex is not None and ex_eq - self.exchange_margin > best_eq:
            return ex
        return best


@attrs.frozen
class SimBot:
    """Monte-Carlo simulation of EquityBot's ``candidates`` best placements (by score + leave).

    Each iteration samples a full state from the view (``view.sample_state``: the opponents'
    racks and the bag), and plays every candidate on it (the same sample for all, so they are
    compared on equal draws): the candidate's score and the value of its leave, minus the
    reply of the next player (the best placement by score + leave on their sampled rack, its
    leave counted too; nothing if the candidate ends the game). The candidate with the best
    mean wins (ties: EquityBot's order), but only when its mean gain over EquityBot's own
    choice, on the same samples, exceeds ``confidence`` standard errors of that gain: a
    few samples are noisy, and a candidate that only looks better by chance costs equity.
    ``confidence=0`` plays the best mean outright.
    ``iterations`` bounds the samples; a time budget needs the caller's ``clock`` (the
    library never reads the clock): with ``time_budget`` it stops once ``clock()`` has
    advanced that much (after at least one iteration). Deterministic given ``rng`` without a
    time budget. With a single candidate it plays as EquityBot does.

    Once the bag is empty in a two-player game with words checked on play
    (``Rules.word_check="on_play"``), the opponent's rack is known (the unseen tiles), and
    SimBot searches the exact position (:func:`endgame_search`): alpha-beta minimax
    ``endgame_depth`` plies deep over the ``endgame_moves`` best placements by score, every
    placement that goes out, and Pass, with the engine's own transitions and final scores.
    ``endgame_depth=0`` turns it off. Under challenge rules, with more than two players, or
    when some unseen tiles are out of play (the other rack is then not forced), it plays as
    EquityBot does (the top score), as it always does on a challenge decision.
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

    def _endgame_state(self, view: Any, rng: random.Random) -> Any:
        """The exact state for :func:`endgame_search`, or None when it does not apply: the
        search is off (``endgame_depth`` or ``endgame_moves`` below 1), the bag is not empty,
        the viewer is not on turn, a play is open to a challenge, words are not checked on
        play, more than two players are active, or the unseen tiles are not exactly the
        opponent's rack (some were removed from play)."""
        if self.endgame_depth < 1 or self.endgame_moves < 1:
            return None
        if view.bag_size or view.phase != "play" or view.viewer != view.turn:
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

    def _simulate(self, view: Any, rng: random.Random) -> tuple[list[Any], list[list[float]]]:
        """EquityBot's top candidates as ``(equity, raw move)`` and, per sample, every
        candidate's simulated value."""
        leave = _leave_fn(view)
        top = ranked(view.tiles, view.board, view.rack, self.candidates, leave)
        samples: list[list[float]] = []
        if not top:
            return top, samples
        clock, budget = self.clock, self.time_budget
        start = clock() if clock is not None and budget is not None else 0.0
        while self.iterations is None or len(samples) < self.iterations:
            if samples and clock is not None and budget is not None and clock() - start >= budget:
                break
            sample = view.sample_state(rng)
            nxt = _next_player(sample)
            samples.append([eq - _reply(sample, mv, nxt, leave) for eq, mv in top])
            if self.iterations is None and (clock is None or budget is None):
                break  # no budget at all: one iteration
        return top, samples

    def evaluate(self, view: Any, rng: random.Random) -> list[tuple[Action, float, float]]:
        """Every candidate as (action, equity, mean simulated value), in equity order."""
        top, samples = self._simulate(view, rng)
        k = len(samples)
        acts = places(view.tiles, view.board, [mv for _, mv in top])
        return [(acts[i], eq, sum(row[i] for row in samples) / k) for i, (eq, _) in enumerate(top)]

    def choose(self, view: Any, rng: random.Random) -> Action:
        """EquityBot's choice, replaced by a simulated candidate that beats it by ``confidence``
        standard errors over determinisations drawn with ``rng``; the endgame search once the
        bag is empty (two players, words checked on play)."""
        equity = EquityBot()
        if view.bag_size == 0:
            if challenge_decision(view) is None:
                state = self._endgame_state(view, rng)
                if state is not None:
                    return endgame_search(state, self.endgame_moves, self.endgame_depth)[0]
            return equity.choose(view, rng)
        first = equity.choose(view, rng)
        if not isinstance(first, Place):
            return first  # an exchange or a pass: nothing to simulate
        top, samples = self._simulate(view, rng)
        if len(top) <= 1:
            return first
        k = len(samples)
        best, best_mean = 0, 0.0
        for i in range(1, len(top)):
            gains = [row[i] - row[0] for row in samples]  # paired: the same samples
            mean = sum(gains) / k
            var = sum((g - mean) ** 2 for g in gains) / (k - 1) if k > 1 else 0.0
            if mean > best_mean and mean > self.confidence * (var / k) ** 0.5:
                best, best_mean = i, mean
        return place_of(view.tiles, view.board, top[best][1])


def _next_player(state: Any) -> int:
    """The active player after the one on turn."""
    n = len(state.players)
    p: int = (state.turn + 1) % n
    while p in state.departed:
        p = (p + 1) % n
    return p


def _reply(state: Any, move: RawMove, nxt: int, leave: LeaveFn) -> float:
    """The best equity of player ``nxt`` (score + leave; score alone once the bag is empty)
    after ``move`` on the sampled ``state``: the board with the move's tiles and ``nxt``'s
    sampled rack (the mover's own draw changes neither); 0 if the move ends the game."""
    placed = move[2]
    bag_after = max(0, state.bag_size - len(placed))
    if bag_after == 0 and len(placed) == len(state.racks[state.turn]):
        return 0.0  # the mover went out: the game is over
    board = list(state.board)
    for sq, v in placed:
        board[sq] = v
    top = ranked(state.tiles, board, state.racks[nxt], 1, leave if bag_after else None)
    return top[0][0] if top else 0.0


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
        or state.phase != "play"
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
