"""Exact single-turn dynamic programming for Regenwormen.

A turn is a small Markov decision process whose position is ``(values set aside, dice left,
total)``. The reachable positions and, for each one, the distribution of the next roll grouped
by what it offers (how many dice of each value not yet set aside) are computed once (lazily,
a few tenths of a second) and cached; evaluating a turn under any value of stopping is then
one backward pass over that table.

- :func:`success_probability`: the chance of ending a fresh turn with total >= target and a
  worm, playing to maximise exactly that chance.
- :func:`expected_worms`: the most worms a fresh turn takes on average when only the given
  face-up grill tiles can be taken (exact tile or highest lower), nothing can be stolen and a
  bust scores 0.
- :func:`solve`: the optimal policy for a caller-chosen value of stopping at each total and of
  busting; the bots use it.

With integer values the arithmetic is exact (every value is an integer over 6**36) and the
results are :class:`~fractions.Fraction`; with floats it is ordinary floating point.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from math import factorial
from typing import Any

import attrs

from wordgames.regenwormen.actions import FACE_POINTS, FACES

__all__ = [
    "MAX_TOTAL",
    "TurnPlan",
    "build",
    "expected_worms",
    "grill_stop_values",
    "solve",
    "success_probability",
]

MAX_TOTAL = 40
"""The highest total a turn can reach (8 worms or fives)."""
_DICE = 8
_WORM_BIT = 1 << 5
_EXACT_SCALE = 6**36  # 6**(8+7+...+1): every exact value is an integer over this
_P6 = tuple(6**n for n in range(_DICE + 1))

Key = tuple[int, int, int]  # (mask of faces set aside, dice left, total)
_Fetch = Callable[[Sequence[Any]], tuple[Any, ...]]
# Rolls offering k choices: k fetchers (the i-th fetches the i-th choice of every such roll)
# and the rolls' weights.
_Group = tuple[tuple[_Fetch, ...], tuple[int, ...]]


def _fetcher(indexes: Sequence[int]) -> _Fetch:
    """A function returning ``tuple(values[i] for i in indexes)`` (itemgetter speed)."""
    if len(indexes) == 1:
        only = indexes[0]
        return lambda values: (values[only],)
    return operator.itemgetter(*indexes)


def _groups(choices: Mapping[tuple[int, ...], int]) -> tuple[_Group, ...]:
    """Group rolls by their number of choices, so that evaluation is a few C-level passes:
    fetch each column of children values at once, fold them with a pairwise max."""
    by_arity: dict[int, list[tuple[tuple[int, ...], int]]] = {}
    for children, weight in choices.items():
        by_arity.setdefault(len(children), []).append((children, weight))
    return tuple(
        (
            tuple(_fetcher([ch[j] for ch, _ in entries]) for j in range(arity)),
            tuple(w for _, w in entries),
        )
        for arity, entries in sorted(by_arity.items())
    )


#: A caller's value of an outcome.
Value = int | float | Fraction
#: What plans report: a Fraction for exact (all-integer or Fraction) input, else a float.
Result = Fraction | float


@attrs.frozen(eq=False)
class _Table:
    """The turn graph: positions, and for each position with dice left its grouped rolls."""

    keys: tuple[Key, ...]
    index: Mapping[Key, int]
    leaves: tuple[int, ...]  # positions with no dice left
    # (position, dice, bust weight, choice groups); see _groups
    rolls: tuple[tuple[int, int, int, tuple[_Group, ...]], ...]
    groups: int  # roll groups enumerated (a size figure for the benchmark)


def _counts(n: int, parts: int) -> Iterable[tuple[int, ...]]:
    """Every vector of ``parts`` non-negative counts summing to at most ``n``."""
    if parts == 0:
        yield ()
        return
    for first in range(n + 1):
        for rest in _counts(n - first, parts - 1):
            yield (first, *rest)


@cache
def _table() -> _Table:
    index: dict[Key, int] = {}
    keys: list[Key] = []

    def node(key: Key) -> int:
        i = index.get(key)
        if i is None:
            i = index[key] = len(keys)
            keys.append(key)
        return i

    node((0, _DICE, 0))
    rolls = []
    groups = 0
    pos = 0
    while pos < len(keys):  # breadth first: keys grows while we walk it
        i = pos
        mask, n, total = keys[pos]
        pos += 1
        if n == 0:
            continue
        free = [v for v in range(6) if not mask >> v & 1]
        taken = 6 - len(free)
        bust = 0
        choices: dict[tuple[int, ...], int] = {}  # the children a roll offers -> weight
        for c in _counts(n, len(free)):
            groups += 1
            rest = n - sum(c)
            weight = factorial(n) // factorial(rest) * taken**rest
            for x in c:
                weight //= factorial(x)
            children = tuple(
                sorted(
                    node((mask | 1 << v, n - k, total + FACE_POINTS[v] * k))
                    for v, k in zip(free, c, strict=True)
                    if k
                )
            )
            if children:
                choices[children] = choices.get(children, 0) + weight
            else:
                bust += weight
        rolls.append((i, n, bust, _groups(choices)))
    rolls.sort(key=lambda r: r[1])  # children always have fewer dice: evaluate upwards
    leaves = tuple(i for i, k in enumerate(keys) if k[1] == 0)
    return _Table(tuple(keys), index, leaves, tuple(rolls), groups)


def build() -> dict[str, int]:
    """Build the table now (it is otherwise built on first use) and return its size."""
    t = _table()
    return {
        "positions": len(t.keys),
        "roll_positions": len(t.rolls),
        "roll_groups": t.groups,
        "merged_entries": sum(len(g[1]) for r in t.rolls for g in r[3]),
    }


def _key(kept: Sequence[int]) -> Key:
    mask = 0
    total = 0
    for v in range(6):
        if kept[v]:
            mask |= 1 << v
            total += FACE_POINTS[v] * kept[v]
    return (mask, _DICE - sum(kept), total)


@attrs.frozen(eq=False)
class TurnPlan:
    """The optimal play of one turn for given values of stopping and busting.

    Positions are given as ``kept``: dice set aside per face (1..5, worm), as in
    :attr:`State.kept <wordgames.regenwormen.State.kept>`; rolls as counts per face like
    :attr:`State.roll <wordgames.regenwormen.State.roll>`.
    """

    stop_values: tuple[Value | None, ...]
    bust_value: Value
    _values: tuple[Any, ...]  # value of each position before deciding (stop or roll on)
    _roll_values: tuple[Any, ...]  # value of rolling on from each position (None: no dice)
    _scale: int

    def _out(self, x: Any) -> Result:
        # exact plans hold integers over the scale; hand out Fractions
        out: Result = x if self._scale == 1 else Fraction(x, self._scale)
        return out

    @property
    def value(self) -> Result:
        """The expected value of a fresh turn (8 dice, nothing set aside)."""
        return self._out(self._values[_table().index[(0, _DICE, 0)]])

    def _index(self, kept: Sequence[int]) -> int:
        return _table().index[_key(kept)]

    def position_value(self, kept: Sequence[int]) -> Result:
        """The value of a position after a set-aside, when the player may stop or roll on
        (playing optimally from there)."""
        return self._out(self._values[self._index(kept)])

    def roll_value(self, kept: Sequence[int]) -> Result | None:
        """The value of rolling the remaining dice from ``kept`` (``None`` with no dice left)."""
        r = self._roll_values[self._index(kept)]
        return None if r is None else self._out(r)

    def stop_value(self, kept: Sequence[int]) -> Value | None:
        """The value of stopping now (``None`` if stopping is not allowed: no worm, or no
        value given for the total)."""
        if not kept[5]:
            return None
        v = self.stop_values[_key(kept)[2]]
        return None if v is None else v

    def should_roll(self, kept: Sequence[int]) -> bool:
        """True when rolling on is strictly better than stopping (or stopping is not allowed
        and dice remain)."""
        i = self._index(kept)
        r = self._roll_values[i]
        if r is None:
            return False
        s = self.stop_value(kept)
        if s is None:
            return True
        return bool(r > s * self._scale)

    def best_set_aside(self, kept: Sequence[int], roll: Sequence[int]) -> int:
        """The face (1-6, 6 = worm) to set aside from ``roll``; ties go to the higher face.

        Raises ValueError if the roll has no value that is not set aside yet (a bust).
        """
        table = _table()
        mask, n, total = _key(kept)
        best, best_val = 0, None
        for v in range(5, -1, -1):
            k = roll[v]
            if k and not kept[v]:
                val = self._values[table.index[(mask | 1 << v, n - k, total + FACE_POINTS[v] * k)]]
                if best_val is None or val > best_val:
                    best, best_val = FACES[v], val
        if not best:
            raise ValueError("the roll has no new value: it is a bust")
        return best


def _normalise_stops(stop_values: Sequence[Any] | Mapping[int, Any]) -> tuple[Any, ...]:
    if isinstance(stop_values, Mapping):
        return tuple(stop_values.get(t) for t in range(MAX_TOTAL + 1))
    stops = tuple(stop_values)
    if len(stops) != MAX_TOTAL + 1:
        raise ValueError(f"stop_values needs one entry per total 0..{MAX_TOTAL}")
    return stops


def solve(stop_values: Sequence[Value | None] | Mapping[int, Value], bust_value: Value) -> TurnPlan:
    """The optimal turn when stopping at total ``t`` (with a worm set aside) is worth
    ``stop_values[t]`` (``None`` or missing: stopping is not allowed there) and a bust is worth
    ``bust_value``.

    With all-integer values the result is exact (Fractions come out); floats or Fractions
    work too. A player with no dice left who may stop must stop (the rules force a take).
    """
    stops = _normalise_stops(stop_values)
    exact = all(s is None or type(s) is int for s in stops) and type(bust_value) is int
    scale = _EXACT_SCALE if exact else 1
    table = _table()
    keys = table.keys
    stop_at: list[Any] = [
        (None if s is None else s * scale)
        for s in (stops[t] if m & _WORM_BIT else None for m, _, t in keys)
    ]
    bust = bust_value * scale
    values: list[Any] = [None] * len(keys)
    rolls: list[Any] = [None] * len(keys)
    for i in table.leaves:
        s = stop_at[i]
        values[i] = bust if s is None else s
    div: Callable[[Any, int], Any] = operator.floordiv if exact else operator.truediv
    mul = operator.mul
    for i, n, bust_w, groups in table.rolls:
        acc = bust_w * bust
        for fetchers, weights in groups:
            best: Sequence[Any] = fetchers[0](values)
            for fetch in fetchers[1:]:  # pairwise max, inline (much faster than max())
                best = [x if x > y else y for x, y in zip(best, fetch(values))]  # noqa: B905
            acc += sum(map(mul, weights, best))
        r = div(acc, _P6[n])
        rolls[i] = r
        s = stop_at[i]
        values[i] = r if s is None or r > s else s
    return TurnPlan(stops, bust_value, tuple(values), tuple(rolls), scale)


@lru_cache(maxsize=64)
def success_probability(target: int) -> Fraction:
    """The probability that a fresh 8-dice turn, played to maximise exactly this probability,
    ends with total >= ``target`` and at least one worm."""
    if not isinstance(target, int) or isinstance(target, bool):
        raise TypeError(f"target must be an int, got {target!r}")
    plan = solve([1 if t >= target else 0 for t in range(MAX_TOTAL + 1)], 0)
    return Fraction(plan.value)


def grill_stop_values(grill: Iterable[int]) -> tuple[int | None, ...]:
    """Worms a stop at each total 0..40 takes from ``grill`` (exact tile, else the highest
    lower one; ``None`` where none can be taken)."""
    up = sorted(set(grill))
    for t in up:
        if not isinstance(t, int) or isinstance(t, bool) or not 21 <= t <= 36:
            raise ValueError(f"grill tiles are 21-36, got {t!r}")
    out: list[int | None] = []
    j = 0
    for total in range(MAX_TOTAL + 1):
        while j < len(up) and up[j] <= total:
            j += 1
        out.append((up[j - 1] - 17) // 4 if j else None)
    return tuple(out)


def expected_worms(grill: Iterable[int]) -> Fraction:
    """The largest expected number of worms a fresh turn takes when only the face-up tiles in
    ``grill`` can be taken (exact total, else the highest lower tile), there is nothing to
    steal, and a bust scores 0."""
    return Fraction(solve(grill_stop_values(grill), 0).value)
