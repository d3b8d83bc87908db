"""Leave values learned from self-play: what the tiles kept after a move are worth.

A leave's value is a sparse linear model over a few feature kinds, fitted by
``tools/fit_leaves.py`` from seeded self-play games and shipped as ``data/leaves.json``
(the number of games, the seed and the policy are recorded there and in docs/bots.md):

- ``t:X``: the number of X tiles kept (``?`` is a blank);
- ``d:X``: copies of X beyond the first;
- ``p:X+Y``: both X and Y kept (two different tiles; the fit shrinks these synergies toward 0,
  so the model falls back on the tile-wise additive part where the games say little);
- ``b:V,C``: V vowels and C consonants kept (blanks in neither);
- ``n:K``: K tiles kept.

The value of a leave is the model's prediction for it minus its prediction for the empty
leave, so keeping nothing is worth 0 and a value reads as "points on this player's next turn
compared with drawing a fresh rack". Every leave of every size has a value (a feature the fit
never saw weighs 0). Exact tables of every 1-6-tile leave would be ~900,000 entries for the
English set; the model is a few hundred weights.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import attrs

from wordgames.wocable.engine import Tiles

if TYPE_CHECKING:
    from wordgames.wocable.leavetable import LeaveTable

__all__ = ["VOWELS", "LeaveModel", "leave_features", "leave_model"]

VOWELS = frozenset("AEIOU")
"""the vowels of the packaged tile sets (both languages); Y, W and the rest are consonants"""
BLANK = "?"
_CACHE_LIMIT = 200_000


def leave_features(leave: Iterable[str]) -> dict[str, float]:
    """The features of a leave given as tile names (``"E"``, ``"CH"``, ``"?"``)."""
    counts: dict[str, int] = {}
    for tok in leave:
        counts[tok] = counts.get(tok, 0) + 1
    out: dict[str, float] = {}
    vowels = cons = total = 0
    for tok, n in counts.items():
        out["t:" + tok] = float(n)
        if n > 1:
            out["d:" + tok] = float(n - 1)
        total += n
        if tok == BLANK:
            continue
        if tok in VOWELS:
            vowels += n
        else:
            cons += n
    kinds = sorted(counts)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1 :]:
            out[f"p:{a}+{b}"] = 1.0
    out[f"b:{vowels},{cons}"] = 1.0
    out[f"n:{total}"] = 1.0
    return out


@attrs.frozen
class LeaveModel:
    """A fitted leave model for one tile set: ``weights`` by feature name (see the module
    docs), fitted from ``games`` self-play games with seed ``seed``."""

    tiles: str
    games: int
    seed: str
    weights: Mapping[str, float]
    _empty: float = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_empty", self._raw(()))

    def _raw(self, leave: Iterable[str]) -> float:
        w = self.weights
        return sum(w.get(f, 0.0) * x for f, x in leave_features(leave).items())

    def value(self, leave: Sequence[str]) -> float:
        """Points the kept tiles (names, ``?`` = blank) are worth; 0 for no tiles."""
        return self._raw(leave) - self._empty

    def for_tiles(self, tiles: Tiles) -> Callable[[tuple[int, ...]], float]:
        """The model on tile ids of ``tiles`` (sorted ids kept -> points), memoised: the
        ``leave`` argument of ``best_moves``. Equal to :meth:`value` on the tiles' names
        (tested), with the weights looked up by id once."""
        return self.for_names([tiles.tile_text(i).strip("[]") for i in range(tiles.blank + 1)])

    def for_names(self, names: Sequence[str]) -> Callable[[tuple[int, ...]], float]:
        """The model on tile ids where id ``i`` is the tile named ``names[i]`` (``"CH"``,
        ``"?"``), memoised: :meth:`for_tiles` for a given list of names."""
        w = self.weights
        single = [w.get("t:" + a, 0.0) for a in names]
        dup = [w.get("d:" + a, 0.0) for a in names]
        pair = [
            [w.get(f"p:{min(a, b)}+{max(a, b)}", 0.0) if a != b else 0.0 for b in names]
            for a in names
        ]
        kind = [0 if a == BLANK else 1 if a in VOWELS else 2 for a in names]
        empty = self._empty
        memo: dict[tuple[int, ...], float] = {}

        def leave(kept: tuple[int, ...]) -> float:
            v = memo.get(kept)
            if v is not None:
                return v
            if len(memo) >= _CACHE_LIMIT:
                memo.clear()
            total = -empty
            vowels = cons = 0
            distinct: list[int] = []
            prev = -1
            for t in kept:
                total += single[t]
                if t == prev:
                    total += dup[t]
                else:
                    for u in distinct:
                        total += pair[u][t]
                    distinct.append(t)
                    prev = t
                k = kind[t]
                if k == 1:
                    vowels += 1
                elif k == 2:
                    cons += 1
            total += w.get(f"b:{vowels},{cons}", 0.0) + w.get(f"n:{len(kept)}", 0.0)
            memo[kept] = total
            return total

        return leave

    def to_table(self, max_size: int = 6) -> LeaveTable:
        """The model as a :class:`~wordgames.wocable.leavetable.LeaveTable` of every leave of
        1 to ``max_size`` tiles the tile set can deal (``LeaveTable.from_model``)."""
        from wordgames.wocable.leavetable import LeaveTable

        return LeaveTable.from_model(self, max_size=max_size)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (the layout of one entry of ``data/leaves.json``)."""
        return {
            "tiles": self.tiles,
            "games": self.games,
            "seed": self.seed,
            "weights": dict(sorted(self.weights.items())),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LeaveModel:
        """Inverse of :meth:`to_dict`."""
        weights = {str(k): float(v) for k, v in dict(data["weights"]).items()}
        return cls(str(data["tiles"]), int(data["games"]), str(data["seed"]), weights)


@cache
def leave_model(tiles: str) -> LeaveModel:
    """The packaged leave model of tile set ``tiles`` (``"en"`` or ``"es"``); KeyError if
    none was fitted for it."""
    text = resources.files("wordgames.wocable").joinpath("data").joinpath("leaves.json")
    data = json.loads(text.read_text("utf-8"))
    return LeaveModel.from_dict(data[tiles])
