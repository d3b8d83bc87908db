"""Win probability of a Wocable position from the spread and the tiles still unseen.

The table is fitted from seeded self-play by ``tools/fit_win_probability.py`` and shipped as
``data/winprob.json`` with its provenance (games, seed, policy, method; see docs/bots.md):
per bucket of unseen tiles a logistic curve ``1 / (1 + exp(-(a + b * spread)))`` with
``b > 0``, ``a`` and ``b`` interpolated linearly in the unseen count between the buckets'
mean unseen counts (constant outside them). So the probability rises strictly with the
spread for every unseen count.

The quantities are those of the player **on turn**: ``spread`` is their score minus the
opponent's, ``unseen_tiles`` the tiles they cannot see (the bag plus the opponent's rack).
The table was fitted on English two-player games with the default rules and serves the
Spanish set too (both have 100 tiles).
"""

from __future__ import annotations

import itertools
import json
import math
from functools import cache
from importlib import resources
from typing import Any

import attrs

__all__ = ["WinTable", "win_probability", "win_table"]


@attrs.frozen
class WinTable:
    """A fitted win-probability table: ``buckets`` of ``(mean unseen count, intercept,
    slope)`` in increasing unseen order, fitted from ``games`` self-play games with seed
    ``seed`` and ``policy`` (``method`` says how)."""

    games: int
    seed: str
    policy: str
    method: str
    buckets: tuple[tuple[float, float, float], ...]

    def __call__(self, spread: float, unseen_tiles: int) -> float:
        """The probability that the player on turn wins (a draw counts half): ``spread`` their
        lead in points, ``unseen_tiles`` the bag plus the opponent's rack. With no tile unseen
        the game is over: 1, 0.5 or 0 by the sign of the spread. :class:`ValueError` for a
        negative unseen count or a spread that is not a finite number."""
        if isinstance(unseen_tiles, bool) or not isinstance(unseen_tiles, int):
            raise ValueError(f"unseen_tiles must be an int, got {unseen_tiles!r}")
        if unseen_tiles < 0:
            raise ValueError(f"unseen_tiles must be >= 0, got {unseen_tiles}")
        s = float(spread)
        if not math.isfinite(s):
            raise ValueError(f"spread must be a finite number, got {spread!r}")
        if unseen_tiles == 0:
            return 1.0 if s > 0 else 0.0 if s < 0 else 0.5
        a, b = self.coefficients(unseen_tiles)
        z = a + b * s
        if z >= 0:
            return 1.0 / (1.0 + math.exp(-z))
        e = math.exp(z)
        return e / (1.0 + e)

    def coefficients(self, unseen_tiles: float) -> tuple[float, float]:
        """The interpolated ``(intercept, slope)`` at ``unseen_tiles``."""
        bs = self.buckets
        if unseen_tiles <= bs[0][0]:
            return bs[0][1], bs[0][2]
        for (u0, a0, b0), (u1, a1, b1) in itertools.pairwise(bs):
            if unseen_tiles <= u1:
                f = (unseen_tiles - u0) / (u1 - u0)
                return a0 + f * (a1 - a0), b0 + f * (b1 - b0)
        return bs[-1][1], bs[-1][2]

    @classmethod
    def from_dict(cls, data: Any) -> WinTable:
        """The table from the layout of ``data/winprob.json``; :class:`ValueError` unless the
        buckets are in increasing unseen order with positive slopes."""
        buckets = tuple(
            (float(b["unseen"]), float(b["intercept"]), float(b["slope"])) for b in data["buckets"]
        )
        if not buckets:
            raise ValueError("a win table needs at least one bucket")
        for i, (u, a, b) in enumerate(buckets):
            if not (math.isfinite(u) and math.isfinite(a) and math.isfinite(b)) or b <= 0:
                raise ValueError(f"bucket {i}: finite values and a positive slope needed")
            if i and u <= buckets[i - 1][0]:
                raise ValueError(f"bucket {i}: the unseen counts must increase")
        return cls(
            int(data["games"]), str(data["seed"]), str(data["policy"]), str(data["method"]), buckets
        )


@cache
def win_table() -> WinTable:
    """The packaged table (``data/winprob.json``), loaded once."""
    text = resources.files("wordgames.wocable").joinpath("data").joinpath("winprob.json")
    return WinTable.from_dict(json.loads(text.read_text("utf-8")))


def win_probability(spread: float, unseen_tiles: int) -> float:
    """The probability that the player on turn wins a two-player game (a draw counts half)
    given their ``spread`` (own score minus the opponent's) and ``unseen_tiles`` (the bag plus
    the opponent's rack), from the packaged self-play table (:func:`win_table`; see the
    module docs). Rises strictly with the spread."""
    return win_table()(spread, unseen_tiles)
