"""Chance helpers: exact outcome distributions and seeded sampling."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from math import comb, factorial, prod
from typing import Any, TypeVar

from wordgames._core.errors import WordgamesError

__all__ = [
    "draw_outcomes",
    "multiset_roll_outcomes",
    "resolve_chance",
    "sample_chance",
    "sample_from_counts",
    "sample_multiset_roll",
]

K = TypeVar("K", bound=Hashable)


def sample_chance(state: Any, rng: random.Random) -> Any:
    """One outcome of the chance node ``state``, drawn with ``rng``.

    Uses the game's fast sampler (no Fractions) when it has one; the distribution is the one
    ``state.chance_outcomes()`` states exactly.
    """
    if not state.is_chance_node:
        raise WordgamesError("sample_chance() needs a chance node (state.is_chance_node is False)")
    fast = getattr(state, "sample_chance", None)
    if fast is not None:
        return fast(rng)
    return sample_from_outcomes(state.chance_outcomes(), rng)


S = TypeVar("S")


def resolve_chance(state: S, rng: random.Random) -> S:
    """The state after every pending chance event (rolls, draws, deals) is resolved with
    ``rng``: ``state`` itself when none is pending. The call a server or a script makes after
    each move; the outcomes are drawn as :func:`sample_chance` draws them, so the same ``rng``
    seed gives the same state. Use :func:`sample_chance` to see (or record) each outcome.

    >>> import random, wordgames
    >>> from wordgames import wocable
    >>> state = wordgames.resolve_chance(wocable.new_game(2), random.Random(7))  # the deal
    >>> state.is_chance_node, len(state.rack_text(0))
    (False, 7)
    """
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random (e.g. random.Random(7)), got {rng!r:.60}")
    current: Any = state
    while current.is_chance_node:
        current = current.apply(sample_chance(current, rng))
    resolved: S = current
    return resolved


def sample_from_outcomes(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    """Pick from ``(outcome, probability)`` pairs exactly (integers over a common denominator)."""
    denom = 1
    for _, p in outcomes:
        denom = denom * p.denominator // _gcd(denom, p.denominator)
    r = rng.randrange(denom)
    acc = 0
    for outcome, p in outcomes:
        acc += p.numerator * (denom // p.denominator)
        if r < acc:
            return outcome
    raise WordgamesError("chance outcomes do not sum to 1")


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def draw_outcomes(counts: Mapping[K, int]) -> tuple[tuple[K, Fraction], ...]:
    """The distribution of one item drawn uniformly from a multiset (``key -> count``).

    Keys keep the mapping's order; zero counts are skipped.
    """
    total = sum(counts.values())
    if total <= 0:
        raise WordgamesError("cannot draw from an empty multiset")
    return tuple((k, Fraction(n, total)) for k, n in counts.items() if n > 0)


def sample_from_counts(counts: Mapping[K, int], rng: random.Random) -> K:
    """One item drawn uniformly from a multiset (``key -> count``)."""
    total = sum(counts.values())
    if total <= 0:
        raise WordgamesError("cannot draw from an empty multiset")
    r = rng.randrange(total)
    for k, n in counts.items():
        if r < n:
            return k
        r -= n
    raise AssertionError("unreachable")


@cache
def multiset_roll_outcomes(
    n_dice: int, faces: tuple[Hashable, ...]
) -> tuple[tuple[tuple[Any, ...], Fraction], ...]:
    """All rolls of ``n_dice`` fair dice with the given faces, as sorted multisets.

    Returns ``((faces_tuple, probability), ...)`` in lexicographic order of face indices;
    there are C(n+f-1, f-1) outcomes and the probabilities sum to exactly 1.
    """
    f = len(faces)
    out: list[tuple[tuple[Any, ...], Fraction]] = []
    total = f**n_dice
    for counts in _compositions(n_dice, f):
        ways = factorial(n_dice) // prod(factorial(c) for c in counts)
        roll = tuple(face for face, c in zip(faces, counts, strict=True) for _ in range(c))
        out.append((roll, Fraction(ways, total)))
    out.sort(key=lambda t: [faces.index(x) for x in t[0]])
    assert len(out) == comb(n_dice + f - 1, f - 1)
    return tuple(out)


def _compositions(n: int, parts: int) -> Iterable[tuple[int, ...]]:
    if parts == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, parts - 1):
            yield (first, *rest)


def sample_multiset_roll(n_dice: int, faces: Sequence[Any], rng: random.Random) -> tuple[Any, ...]:
    """A roll of ``n_dice`` fair dice as a sorted tuple (in the order of ``faces``)."""
    c = Counter(rng.randrange(len(faces)) for _ in range(n_dice))
    return tuple(faces[i] for i in sorted(c.elements()))
