"""Monte-Carlo simulation of a Wocable position that stops once the best play is clear.

:func:`simulate` takes the static player's best candidates (score + leave, as EquityBot) and
plays each of them on the same random draws (*common random numbers*): every *iteration*
draws the opponent's rack (uniformly from the unseen tiles, or from an :class:`LeaveSampler`)
and the order of the bag, then, for every candidate still in the race, applies it and plays
``plies`` more plies with the static player; the position reached is scored by the win
probability of :func:`~wordgames.wocable.winprob.win_probability` and by the spread.

Statistics: a candidate's value is the mean over its iterations, with the standard error
``sd / sqrt(n)``. After every iteration from the fifth on, the candidate with the best mean
(of the ``evaluate`` quantity) is compared with each other one on the iterations both
played, pairwise: the mean difference ``d`` and its standard error ``se``; a candidate is
dropped once ``d > z * se`` with ``z`` the one-sided normal quantile of ``stop`` (2.33 for
0.99; ``stop=1`` never drops). This is Macondo's kind of stopping rule (a z-test per pair,
repeated; not corrected for the many looks, so read ``stop`` as a per-look confidence), not
MAGPIE's best-arm identification. The simulation ends when one candidate is left, after
``iterations`` iterations, or once ``time_limit`` seconds have passed.
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from itertools import accumulate
from statistics import NormalDist
from typing import Any, Literal, Protocol, runtime_checkable

import attrs

from wordgames._core.errors import IllegalActionError
from wordgames.wocable._phase import Phase
from wordgames.wocable.actions import Action, Exchange, Pass, Place
from wordgames.wocable.engine import (
    BLANK_BIT,
    RACK_SIZE,
    PlacementError,
    Tiles,
    best_exchange,
    check_placement,
    exchange_limit,
)
from wordgames.wocable.movegen import place_of
from wordgames.wocable.shadow import LeaveFn, leave_table, ranked
from wordgames.wocable.winprob import WinTable, win_table

__all__ = ["MIN_ITERATIONS", "LeaveSampler", "SimCandidate", "SimResult", "simulate"]

Evaluate = Literal["win", "spread"]
MIN_ITERATIONS = 5
"""iterations every candidate plays before any is dropped"""


@runtime_checkable
class LeaveSampler(Protocol):
    """What :func:`simulate` takes as ``inference=``: the leaves the opponent may have kept,
    weighted. ``leaves`` is a sequence of ``(tiles, weight)``: ``tiles`` the kept tiles as
    tile names (a sequence such as ``("E", "R", "?")`` or ``("CH", "A")``, a digraph
    with or without its brackets, or a rack string such as ``"ER?"`` or ``"[CH]A"``; ``?`` a
    blank), ``weight`` a non-negative number. Each iteration draws one leave with
    probability proportional to its weight among those that fit (the tiles are unseen by
    the simulating player and no more than the opponent's rack holds), and fills the rest of
    the opponent's rack from the other unseen tiles at random. Leaves that do not fit are
    ignored; when none fits, or all weights are 0, the rack is drawn uniformly. The
    :class:`~wordgames.wocable.Inference` that :func:`~wordgames.wocable.infer` returns is
    one."""

    @property
    def leaves(self) -> Sequence[tuple[Any, float]]:
        """The kept leaves with their weights."""
        ...


@attrs.frozen
class SimCandidate:
    """One simulated candidate: the action, its static ``equity`` (score + leave value; the
    score once the bag is empty), the ``iterations`` it was played, the mean win probability
    ``win`` with its standard error ``win_se``, the mean ``spread`` (see :func:`simulate`)
    with ``spread_se``, and whether it was ``dropped`` before the end."""

    action: Action
    equity: float
    iterations: int
    win: float
    win_se: float
    spread: float
    spread_se: float
    dropped: bool
    #: the win value of each iteration, in order (iteration ``i`` of every candidate used
    #: the same draw, so two candidates compare pairwise on their common prefix)
    win_samples: tuple[float, ...] = attrs.field(default=(), repr=False)
    #: the spread value of each iteration, in order
    spread_samples: tuple[float, ...] = attrs.field(default=(), repr=False)


@attrs.frozen
class SimResult:
    """The result of :func:`simulate`: the ``candidates`` in static-equity order (or the order
    given), the ``best`` action (the best mean of the ``evaluate`` quantity among those not
    dropped; ties and no iteration at all: the first), the ``iterations`` of the longest
    candidate, the ``rollouts`` played in all (the sum of the candidates' iterations) and why
    it ``stopped``: ``"decided"`` (one candidate left), ``"iterations"`` or ``"time"``."""

    candidates: tuple[SimCandidate, ...]
    best: Action
    iterations: int
    rollouts: int
    stopped: str
    evaluate: str


# -- the static player of the rollouts ---------------------------------------------------------

_PLACE, _EXCHANGE, _PASS = 0, 1, 2
Choice = tuple[int, Any]  # (kind, raw move | tiles exchanged | None)


def _static(
    tiles: Tiles,
    rules: Any,
    board: Sequence[int],
    rack: tuple[int, ...],
    bag_len: int,
    leave: LeaveFn,
) -> Choice:
    """EquityBot's rule on raw data: the best placement by score + leave (by score once the
    bag is empty), an exchange when what it keeps is worth more, else a pass."""
    if not rack:
        return _PASS, None
    if bag_len == 0:
        top = ranked(tiles, board, rack, 1, None)
        return (_PLACE, top[0][1]) if top else (_PASS, None)
    # every leave kept valued once; a placement is played only if worth at least the best
    # exchange, so the search starts there (as EquityBot.choose)
    values = leave_table(rack, leave)
    kept = values.__getitem__
    ex = best_exchange(values, rack, exchange_limit(rules, len(rack), bag_len))
    if ex is None:
        top = ranked(tiles, board, rack, 1, kept)
        return (_PLACE, top[0][1]) if top else (_PASS, None)
    top = ranked(tiles, board, rack, 1, kept, floor=ex[1])
    if top:
        return _PLACE, top[0][1]
    if ex[1] > leave(rack) or ranked(tiles, board, rack, 1, kept):
        return _EXCHANGE, ex[0]
    return _PASS, None


def _remove(rack: tuple[int, ...], used: Iterable[int]) -> list[int]:
    out = list(rack)
    for t in used:
        out.remove(t)
    return out


class _Rollout:
    """A two-player game on raw data, played by :func:`_static` (the rules' scoring of going
    out and of the scoreless-turn limit, words always valid)."""

    __slots__ = ("bag", "board", "kept", "over", "passes", "racks", "scores", "turn")

    def __init__(
        self,
        board: list[int],
        racks: list[tuple[int, ...]],
        bag: list[int],
        scores: list[int],
        turn: int,
        passes: int,
    ) -> None:
        self.board = board
        self.racks = racks
        self.bag = bag
        self.scores = scores
        self.turn = turn
        self.passes = passes
        self.over = False
        #: each player's tiles kept by their last move, before drawing
        self.kept: list[tuple[int, ...]] = [racks[0], racks[1]]

    def play(
        self, tiles: Tiles, rules: Any, choice: Choice, rng: Callable[[], random.Random]
    ) -> None:
        """Apply ``choice`` for the player on turn, draw and pass the turn (or end the game)."""
        p = self.turn
        kind, data = choice
        bag = self.bag
        if kind == _PLACE:
            score = data[1]
            used = []
            board = self.board
            for sq, v in data[2]:
                board[sq] = v
                used.append(tiles.blank if v & BLANK_BIT else v)
            rack = _remove(self.racks[p], used)
            self.kept[p] = tuple(rack)
            self.scores[p] += score
            if score == 0 and rules.zero_scores_count_as_passes:
                self.passes += 1
            else:
                self.passes = 0
            if not rack and not bag:
                self.racks[p] = ()
                self._end_out(tiles, rules, p)
                return
            n = min(RACK_SIZE - len(rack), len(bag))
            if n:
                rack.extend(bag[-n:])
                del bag[-n:]
            self.racks[p] = tuple(sorted(rack))
        elif kind == _EXCHANGE:
            rack = _remove(self.racks[p], data)
            self.kept[p] = tuple(rack)
            n = len(data)
            rack.extend(bag[-n:])
            del bag[-n:]
            r = rng()
            for t in data:
                bag.insert(r.randrange(len(bag) + 1), t)
            self.racks[p] = tuple(sorted(rack))
            self.passes = self.passes + 1 if rules.exchanges_count_as_passes else 0
        else:
            self.kept[p] = self.racks[p]
            self.passes += 1
        if self.passes >= rules.pass_limit:
            if rules.pass_end_subtract:
                for q in (0, 1):
                    self.scores[q] -= tiles.rack_value(self.racks[q])
            self.over = True
            return
        self.turn = 1 - p

    def _end_out(self, tiles: Tiles, rules: Any, p: int) -> None:
        v = tiles.rack_value(self.racks[1 - p])
        if rules.going_out == "double":
            self.scores[p] += 2 * v
        else:
            self.scores[p] += v
            self.scores[1 - p] -= v
        self.over = True


# -- the simulation ------------------------------------------------------------------------------


@attrs.frozen
class _Cand:
    action: Action
    equity: float
    choice: Choice


def _position_view(position: Any) -> Any:
    """The view of the player on turn; :class:`ValueError` unless it is a two-player game
    (no one departed) in which that player must play and no game-ending play waits for
    Challenge or Accept."""
    from wordgames.wocable.state import State

    view = position.view(position.turn) if isinstance(position, State) else position
    if not hasattr(view, "unseen_counts"):
        raise ValueError("simulate needs a Wocable State or View")
    if view.phase is not Phase.PLAY or view.viewer != view.turn or view.rack is None:
        raise ValueError("simulate needs the view of the player on turn in the play phase")
    if len(view.players) != 2 or view.departed or view.removed_size or view.aside_size:
        raise ValueError("simulate needs a two-player game with both players in")
    if view.pending_play is not None and view.pending_end is not None:
        # a play that would end the game waits for Challenge or Accept; any other pending
        # play is accepted by the next move, so the position is the board as it stands
        raise ValueError("simulate needs a position with no game-ending play to decide")
    return view


def _candidates(view: Any, candidates: int | Sequence[Action], leave: LeaveFn) -> list[_Cand]:
    tiles: Tiles = view.tiles
    rack: tuple[int, ...] = tuple(view.rack)
    bag_len: int = view.bag_size
    lv = leave if bag_len else None
    rules = view.rules
    out: list[_Cand] = []
    if isinstance(candidates, int) and not isinstance(candidates, bool):
        if candidates < 1:
            raise ValueError(f"candidates must be at least 1, got {candidates}")
        for eq, raw in ranked(tiles, view.board, rack, candidates, lv):
            out.append(_Cand(place_of(tiles, view.board, raw), eq, (_PLACE, raw)))
        ex = best_exchange(
            leave_table(rack, leave), rack, exchange_limit(rules, len(rack), bag_len)
        )
        if ex is not None:
            text = "".join(tiles.tile_text(t) for t in ex[0])
            cand = _Cand(Exchange(text), ex[1], (_EXCHANGE, ex[0]))
            pos = sum(1 for c in out if c.equity >= ex[1])
            if pos < candidates:
                out.insert(pos, cand)
                del out[candidates:]
        if not out:
            out.append(_Cand(Pass(), leave(rack) if bag_len else 0.0, (_PASS, None)))
        return out
    if isinstance(candidates, bool):
        raise ValueError("candidates must be a count or a sequence of actions")
    acts = list(candidates)
    if not acts:
        raise ValueError("simulate needs at least one candidate")
    for a in acts:
        out.append(_given(view, a, leave))
    return out


def _given(view: Any, action: Action, leave: LeaveFn) -> _Cand:
    """A candidate action given by the caller, checked against the position."""
    tiles: Tiles = view.tiles
    rack: tuple[int, ...] = tuple(view.rack)
    bag_len: int = view.bag_size
    if isinstance(action, Place):
        try:
            placed, score = check_placement(
                tiles, view.board, rack, action, phonies=view.rules.challenges
            )
        except PlacementError as exc:
            raise IllegalActionError(exc.code, action, exc.message) from None
        kept = tuple(_remove_sorted(rack, (tiles.blank if v & BLANK_BIT else v for _, v in placed)))
        eq = score + (leave(kept) if bag_len else 0.0)
        sq = placed[0][0]
        raw = (sq * 2 + int(action.across), score, tuple(placed))  # the rollouts read [1:]
        return _Cand(action, eq, (_PLACE, raw))
    if isinstance(action, Exchange):
        try:
            used = tiles.parse_rack(action.tiles)
        except ValueError as exc:
            raise IllegalActionError("bad_tiles", action, str(exc)) from None
        try:
            kept = tuple(_remove_sorted(rack, used))
        except ValueError:
            raise IllegalActionError("not_on_rack", action, "tiles not on the rack") from None
        if not used or len(used) > exchange_limit(view.rules, len(rack), bag_len):
            raise IllegalActionError("bag_too_small", action, "this exchange is not allowed")
        return _Cand(action, leave(kept), (_EXCHANGE, tuple(used)))
    if isinstance(action, Pass):
        return _Cand(action, leave(rack) if bag_len else 0.0, (_PASS, None))
    raise IllegalActionError("not_a_play", action, "candidates are Place, Exchange or Pass")


def _remove_sorted(rack: Sequence[int], used: Iterable[int]) -> list[int]:
    out = list(rack)
    for t in used:
        out.remove(t)
    return sorted(out)


def _leaves_of(
    tiles: Tiles, inference: Any, counts: Sequence[int], size: int
) -> list[tuple[tuple[int, ...], float]]:
    """The inference's leaves that fit, as tile ids, with positive weights."""
    out: list[tuple[tuple[int, ...], float]] = []
    for spec, weight in inference.leaves:
        w = float(weight)
        if not math.isfinite(w) or w < 0:
            raise ValueError(f"an inference weight must be finite and >= 0, got {weight!r}")
        text = (
            spec
            if isinstance(spec, str)
            else "".join(f"[{t}]" if len(t) > 1 and not t.startswith("[") else t for t in spec)
        )
        ids = tiles.parse_rack(text)
        if len(ids) > size or w == 0:
            continue
        need = [0] * len(counts)
        for t in ids:
            need[t] += 1
        if all(need[i] <= counts[i] for i in range(len(counts))):
            out.append((ids, w))
    return out


def _stats(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


def simulate(
    position: Any,
    *,
    candidates: int | Sequence[Action] = 8,
    plies: int = 2,
    iterations: int | None = 200,
    time_limit: float | None = None,
    stop: float = 0.99,
    evaluate: Evaluate = "win",
    leave: LeaveFn | None = None,
    inference: LeaveSampler | None = None,
    rng: random.Random | None = None,
    clock: Callable[[], float] = time.perf_counter,
    table: WinTable | None = None,
) -> SimResult:
    """Simulate the candidates of ``position`` (a :class:`~wordgames.wocable.State` or the
    :class:`~wordgames.wocable.View` of the player on turn; a two-player game) and return a
    :class:`SimResult` (see the module docs for the statistics).

    - ``candidates``: the number of static candidates (the best placements by score + leave,
      by score once the bag is empty; the best exchange takes its place among them by its
      leave's value; Pass alone when nothing else is legal), or the actions to simulate
      (Place, Exchange or Pass; :class:`~wordgames.IllegalActionError` for one that is not
      legal here).
    - ``plies``: the moves played after the candidate in each iteration (1: the opponent's
      reply; 2, the default: the reply and one's own next move), each by the static player,
      stopping early when the game ends.
    - ``iterations``: the cap on iterations (each plays every candidate still in the race
      once); ``time_limit``: seconds of ``clock`` (by default ``time.perf_counter``, the one
      clock this library reads), checked before every rollout, so it can be exceeded by one
      rollout at most; with ``time_limit=0`` nothing is simulated. At least one of them must
      be given.
    - ``stop``: the confidence at which a candidate is dropped (in [0.5, 1]; 1 never drops).
    - ``evaluate``: what ranks the candidates: ``"win"`` the mean win probability of the
      simulating player (1/0.5/0 for a finished game, else
      :func:`~wordgames.wocable.winprob.win_probability` for the player on turn at the end,
      from ``table``, the packaged one by default), ``"spread"`` the mean final spread plus,
      while the bag holds tiles, the value of the leave the simulating player kept with
      their last move of the rollout (before drawing).
    - ``leave``: the leave function on tile ids (the packaged model of the tile set by
      default); ``inference``: an :class:`LeaveSampler` for the opponent's rack.
    - ``rng``: every random draw (a fresh ``random.Random(0)`` if omitted): the same rng state
      gives the same result, up to where a time limit stops it.

    :class:`ValueError` for a negative or non-finite budget, ``candidates`` below 1 or empty,
    no budget at all, ``plies`` below 0, ``stop`` outside [0.5, 1], an unknown ``evaluate``,
    or a position that is not a two-player one with the player on turn to play."""
    if isinstance(plies, bool) or not isinstance(plies, int) or plies < 0:
        raise ValueError(f"plies must be an int >= 0, got {plies!r}")
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 0
    ):
        raise ValueError(f"iterations must be None or an int >= 0, got {iterations!r}")
    if time_limit is not None and not (math.isfinite(time_limit) and time_limit >= 0):
        raise ValueError(f"time_limit must be None or a finite number >= 0, got {time_limit!r}")
    if iterations is None and time_limit is None:
        raise ValueError("simulate needs iterations or a time_limit (or both)")
    if not (0.5 <= stop <= 1.0):
        raise ValueError(f"stop must be in [0.5, 1], got {stop!r}")
    if evaluate not in ("win", "spread"):
        raise ValueError(f"evaluate must be 'win' or 'spread', got {evaluate!r}")
    start = clock()
    view = _position_view(position)
    if leave is None:
        from wordgames.wocable.bots import _leave_fn

        leave = _leave_fn(view)
    rng = random.Random(0) if rng is None else rng
    wp = win_table() if table is None else table
    cands = _candidates(view, candidates, leave)
    tiles: Tiles = view.tiles
    rules = view.rules
    me = view.turn
    opp = 1 - me
    opp_size = view.rack_sizes[opp]
    counts = list(view.unseen_counts)
    pool = [i for i, k in enumerate(counts) for _ in range(k)]
    inferred = _leaves_of(tiles, inference, counts, opp_size) if inference is not None else []
    cum = list(accumulate(w for _, w in inferred))
    z = math.inf if stop >= 1.0 else NormalDist().inv_cdf(stop)
    k = len(cands)
    wins: list[list[float]] = [[] for _ in cands]
    spreads: list[list[float]] = [[] for _ in cands]
    alive = list(range(k))
    dropped = [False] * k
    stopped = "iterations"
    rounds = 0
    pick = 0 if evaluate == "win" else 1
    out_of_time = False
    while iterations is None or rounds < iterations:
        seed = rng.getrandbits(64)
        draw = random.Random(seed)
        # the opponent's rack and the bag order of this iteration
        if cum and cum[-1] > 0:
            kept, _ = inferred[_pick(cum, draw)]
            rest = list(pool)
            for t in kept:
                rest.remove(t)
            draw.shuffle(rest)
            need = opp_size - len(kept)
            opp_rack = tuple(sorted((*kept, *rest[:need])))
            bag = rest[need:]
        else:
            rest = list(pool)
            draw.shuffle(rest)
            opp_rack = tuple(sorted(rest[:opp_size]))
            bag = rest[opp_size:]
        for i in alive:
            if time_limit is not None and clock() - start >= time_limit:
                out_of_time = True
                break
            w, s = _rollout(
                tiles, rules, view, me, opp_rack, bag, cands[i].choice, plies, leave, wp, seed
            )
            wins[i].append(w)
            spreads[i].append(s)
        if out_of_time:
            stopped = "time"
            break
        rounds += 1
        if len(alive) > 1 and rounds >= MIN_ITERATIONS and z < math.inf:
            series = wins if pick == 0 else spreads
            means = {i: sum(series[i]) / rounds for i in alive}
            best = max(alive, key=lambda i: (means[i], -i))
            for i in list(alive):
                if i == best:
                    continue
                d, se = _stats([a - b for a, b in zip(series[best], series[i], strict=False)])
                if d > z * se:
                    alive.remove(i)
                    dropped[i] = True
        if len(alive) == 1 and k > 1:
            stopped = "decided"
            break
    series = wins if pick == 0 else spreads
    best_i = alive[0]
    best_mean = -math.inf
    for i in alive:
        if series[i]:
            m = sum(series[i]) / len(series[i])
            if m > best_mean:
                best_i, best_mean = i, m
    result = []
    for i, c in enumerate(cands):
        wm, wse = _stats(wins[i])
        sm, sse = _stats(spreads[i])
        result.append(
            SimCandidate(
                c.action,
                c.equity,
                len(wins[i]),
                wm,
                wse,
                sm,
                sse,
                dropped[i],
                tuple(wins[i]),
                tuple(spreads[i]),
            )
        )
    return SimResult(
        tuple(result),
        cands[best_i].action,
        max((len(w) for w in wins), default=0),
        sum(len(w) for w in wins),
        stopped,
        evaluate,
    )


def _pick(cum: list[float], draw: random.Random) -> int:
    """An index drawn with probability proportional to the weights whose running sums are
    ``cum``."""
    x = draw.random() * cum[-1]
    i = bisect_right(cum, x)
    return min(i, len(cum) - 1)


def _rollout(
    tiles: Tiles,
    rules: Any,
    view: Any,
    me: int,
    opp_rack: tuple[int, ...],
    bag: list[int],
    choice: Choice,
    plies: int,
    leave: LeaveFn,
    wp: WinTable,
    seed: int,
) -> tuple[float, float]:
    """One candidate played on one draw, then ``plies`` plies: (win value, spread value) for
    the simulating player ``me``."""
    racks: list[tuple[int, ...]] = [(), ()]
    racks[me] = tuple(view.rack)
    racks[1 - me] = opp_rack
    game = _Rollout(list(view.board), racks, list(bag), list(view.scores), me, view.passes)
    rngs: list[random.Random] = []

    def exchange_rng() -> random.Random:
        # the n-th exchange of a rollout puts its tiles back with the same draws for every
        # candidate (common random numbers)
        r = random.Random(seed + 1 + len(rngs))
        rngs.append(r)
        return r

    game.play(tiles, rules, choice, exchange_rng)
    for _ in range(plies):
        if game.over:
            break
        p = game.turn
        c = _static(tiles, rules, game.board, game.racks[p], len(game.bag), leave)
        game.play(tiles, rules, c, exchange_rng)
    spread = game.scores[me] - game.scores[1 - me]
    if game.over:
        w = 1.0 if spread > 0 else 0.0 if spread < 0 else 0.5
        return w, float(spread)
    q = game.turn
    unseen = len(game.bag) + len(game.racks[1 - q])
    w = wp(spread, unseen) if q == me else 1.0 - wp(-spread, unseen)
    value = float(spread) + (leave(game.kept[me]) if game.bag else 0.0)
    return w, value
