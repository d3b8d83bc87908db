"""Exhaustive inference: which tiles an opponent kept, given the play they chose.

:func:`infer` follows MAGPIE's ``infer``: every rack the opponent could have held (the tiles
played plus a leave drawn from the tiles the inferring player cannot see) is kept when the
play's static equity is within ``margin`` of the best static equity that rack offers; each
kept leave is weighted by the number of ways to draw it (a product of binomials over the
unseen tiles); the result gives the leaves and, per tile, the probability that the opponent
holds at least one and the expected count.

Static equity is the engine's (:class:`~wordgames.wocable.bots.EquityBot`'s): a placement's
score plus the leave value of the tiles it keeps, an exchange's leave value of what it
keeps; once the bag is empty a placement's score alone. Passes are not compared (neither
does MAGPIE's move list for inference, which ranks placements and exchanges).

Where it differs from MAGPIE, by design:

- An exchange of ``k`` tiles is kept for a rack when its best exchange of ``k`` tiles is
  within ``margin`` of the rack's best play (MAGPIE keeps a rack when its top move is an
  exchange of ``k`` tiles, or when the margin test passes against the whole rack's leave).
  The result then lists the racks held before the exchange, not leaves.
- The work is bounded: ``max_racks`` racks at most (counted before any search), else
  :class:`ValueError` (MAGPIE has no bound). A placement of 1 or 2 tiles from a full rack,
  and every exchange from a full rack, can mean hundreds of thousands of racks.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any

import attrs

from wordgames._core.errors import IllegalActionError
from wordgames.wocable._phase import Phase
from wordgames.wocable.actions import Exchange, Place, parse_action, split_tokens
from wordgames.wocable.bots import leave_for
from wordgames.wocable.engine import BLANK_BIT, PlacementError, Tiles, check_placement
from wordgames.wocable.leaves import LeaveModel
from wordgames.wocable.leavetable import LeaveTable
from wordgames.wocable.shadow import LeaveFn, board_info, ranked

__all__ = ["MAX_RACKS", "Inference", "infer"]

MAX_RACKS = 200_000
"""the default bound on the racks :func:`infer` evaluates"""

#: equities within this of each other are equal (sums of floats)
_EPS = 1e-9


@attrs.frozen
class Inference:
    """What :func:`infer` found for one play."""

    #: the play inferred from
    play: Place | Exchange
    #: the kept leaves (for an exchange: the racks held) in notation, with the number of
    #: ways to draw each, most ways first (ties by notation)
    leaves: tuple[tuple[str, int], ...]
    #: the number of draws kept (the sum of the weights)
    kept: int
    #: the number of draws of every rack considered
    total: int
    #: the racks evaluated
    racks: int
    #: per tile (``"E"``, ``"CH"``, ``"?"``), the probability that the kept leave holds at
    #: least one, given the play (0 for every tile when nothing is kept)
    probability: Mapping[str, float]
    #: per tile, the expected number in the kept leave
    expected: Mapping[str, float]


def _multisets(pool: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` tile ids with at most ``pool[i]`` of id ``i``, sorted."""
    kinds = [i for i, k in enumerate(pool) if k]
    out: list[int] = []

    def rec(start: int, left: int) -> Iterator[tuple[int, ...]]:
        if not left:
            yield tuple(out)
            return
        for j in range(start, len(kinds)):
            t = kinds[j]
            for c in range(1, min(pool[t], left) + 1):
                out.extend([t] * c)
                yield from rec(j + 1, left - c)
                del out[-c:]

    yield from rec(0, size)


def _count(pool: Sequence[int], size: int) -> int:
    """How many multisets :func:`_multisets` gives (a polynomial product, no listing)."""
    ways = [1] + [0] * size
    for k in pool:
        nxt = [0] * (size + 1)
        for s, w in enumerate(ways):
            if w:
                for c in range(min(k, size - s) + 1):
                    nxt[s + c] += w
        ways = nxt
    return ways[size]


def _draws(pool: Sequence[int], leave: Sequence[int]) -> int:
    """The ways to draw the multiset ``leave`` from ``pool``: the product of binomials."""
    w = 1
    prev = -1
    for t in leave:
        if t != prev:
            w *= math.comb(pool[t], leave.count(t))
            prev = t
    return w


def _best_exchange(
    rack: tuple[int, ...], leave: LeaveFn, sizes: range
) -> tuple[float, dict[int, float]]:
    """The best leave kept by an exchange of each size in ``sizes`` (tiles exchanged), and the
    best of them (-inf without one)."""
    by_size: dict[int, float] = {}
    n = len(rack)
    for k in sizes:
        best = float("-inf")
        seen: set[tuple[int, ...]] = set()
        for kept in combinations(rack, n - k):
            if kept in seen:
                continue
            seen.add(kept)
            v = leave(kept)
            if v > best:
                best = v
        by_size[k] = best
    return max(by_size.values(), default=float("-inf")), by_size


def infer(
    position: Any,
    play: Place | Exchange | str,
    *,
    leave: LeaveTable | LeaveModel | LeaveFn | None = None,
    margin: float = 0.0,
    max_racks: int = MAX_RACKS,
) -> Inference:
    """The leaves the opponent may have kept when making ``play`` on ``position`` (module
    docs): ``position`` is the state, or the view of the inferring player, just before the
    play, the opponent on turn (for a state, the inferring player is the next one after
    them); ``leave`` values leaves (default: the packaged model; a
    :class:`~wordgames.wocable.leavetable.LeaveTable` for MAGPIE's semantics with its table).

    :class:`~wordgames.IllegalActionError` (the engine's codes: ``square_occupied``,
    ``not_connected``, ``word_not_in_lexicon``, ``tiles_not_on_rack`` when the play needs tiles
    the inferring player can see, ``bag_too_small``, ...) when the play is not legal in the
    position, so also for a position that is not the one before the play;
    :class:`ValueError` for a position where no one is to play, a view of the player on turn,
    a play that is neither a placement nor an exchange, a negative margin or more racks than
    ``max_racks``."""
    if isinstance(play, str):
        play = parse_action(play)  # type: ignore[assignment]
    if not isinstance(play, (Place, Exchange)):
        raise ValueError(f"infer takes a placement or an exchange, got {play!r}")
    if not margin >= 0 or not math.isfinite(margin):
        raise ValueError(f"margin must be a finite number >= 0, got {margin!r}")
    if position.phase is not Phase.PLAY or position.pending_play is not None:
        raise ValueError("infer needs a position with a player to play")
    turn: int = position.turn
    if hasattr(position, "viewer"):
        view = position
        if view.viewer is None or view.viewer == turn:
            raise ValueError("infer needs the view of a player other than the one on turn")
    else:
        n = len(position.players)
        other = (turn + 1) % n
        while other in position.departed and other != turn:
            other = (other + 1) % n
        view = position.view(other)
    tiles: Tiles = view.tiles
    board = view.board
    pool = list(view.unseen_counts)
    rack_size: int = view.rack_sizes[turn]
    bag: int = view.bag_size
    rules = view.rules
    fn = leave_for(view, leave)
    if isinstance(play, Place):
        held = [t for t, k in enumerate(pool) for _ in range(k)]
        try:
            placed, score = check_placement(tiles, board, held, play, phonies=rules.challenges)
        except PlacementError as exc:
            raise IllegalActionError(exc.code, play, exc.message) from None
        used = sorted(tiles.blank if v & BLANK_BIT else v for _, v in placed)
        if len(used) > rack_size:
            raise IllegalActionError(
                "tiles_not_on_rack", play, f"the opponent holds {rack_size} tiles"
            )
        for t in used:
            pool[t] -= 1
        size = rack_size - len(used)
        exchange_count = 0
    else:
        try:
            toks = split_tokens(play.tiles)
            ex_ids = tiles.parse_rack(play.tiles)
        except ValueError as exc:
            raise IllegalActionError("unknown_tile", play, str(exc)) from None
        exchange_count = len(toks)
        if exchange_count > rack_size:
            raise IllegalActionError(
                "tiles_not_on_rack", play, f"the opponent holds {rack_size} tiles"
            )
        del ex_ids  # the tiles are not known to the inferring player: only their number
        used, score, size = [], 0, rack_size
    need = exchange_count if rules.exchange_min_bag is None else rules.exchange_min_bag
    if exchange_count and bag < need:
        raise IllegalActionError(
            "bag_too_small", play, f"the bag holds {bag} tiles; {need} are needed"
        )
    # the exchange sizes the rules allow for a rack of this size
    if rules.exchange_min_bag is None:
        ex_limit = min(rack_size, bag)
    else:
        ex_limit = 0 if bag < rules.exchange_min_bag else rack_size
    sizes = range(1, ex_limit + 1)
    racks = _count(pool, size)
    if racks > max_racks:
        raise ValueError(
            f"{racks} racks to evaluate, more than max_racks={max_racks} (raise it to wait)"
        )
    use_leave = fn if bag else None
    info = board_info(tiles, board)
    kept_leaves: list[tuple[tuple[int, ...], int]] = []
    total = 0
    for lv in _multisets(pool, size):
        w = _draws(pool, lv)
        total += w
        rack = tuple(sorted((*used, *lv)))
        best_ex, by_size = _best_exchange(rack, fn, sizes) if bag else (float("-inf"), {})
        if exchange_count:
            eq = by_size.get(exchange_count, float("-inf"))
            if eq == float("-inf"):
                continue
        else:
            eq = score + (fn(lv) if bag else 0.0)
        floor = eq + margin + _EPS
        if best_ex >= floor:
            continue
        if ranked(tiles, board, rack, 1, use_leave, floor=floor, info=info):
            continue
        kept_leaves.append((rack if exchange_count else lv, w))
    kept = sum(w for _, w in kept_leaves)
    names = [tiles.tile_text(i).strip("[]") for i in range(tiles.blank + 1)]
    prob: dict[str, float] = {}
    expect: dict[str, float] = {}
    for t, name in enumerate(names):
        if not (pool[t] or t in used):
            continue
        has = sum(w for lv, w in kept_leaves if t in lv)
        cnt = sum(w * lv.count(t) for lv, w in kept_leaves)
        prob[name] = has / kept if kept else 0.0
        expect[name] = cnt / kept if kept else 0.0
    listed = sorted(
        ((tiles.rack_text(lv), w) for lv, w in kept_leaves), key=lambda x: (-x[1], x[0])
    )
    return Inference(play, tuple(listed), kept, total, racks, prob, expect)
