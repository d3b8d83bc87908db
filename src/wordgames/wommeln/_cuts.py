"""Small vertex cuts of a grid's free cells, and the proof of impossibility they give.

A line is a simple path, so it passes each cell at most once. If a set ``S`` of a few
free cells splits the other free cells into parts, the line can go from one part to another
only through a cell of ``S``, and it has only ``|S|`` of those to spend, whether it passes
over them or circles them. Words whose letters are spread over the parts in an order that
needs more switches than that, or more copies of a letter than a part holds, cannot be placed
however the line winds. This is a relaxation (the geometry inside a part is ignored), so it
never refutes a word that fits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wordgames._core.pause import paused_gc
from wordgames.wommeln._native import Cut, articulation, make_cuts, refutes

__all__ = [
    "Cut",
    "find_cuts",
    "find_cuts_counted",
    "find_triple_cuts",
    "find_triple_cuts_counted",
    "refutes",
]


def _lists(adj: Sequence[Sequence[int]]) -> list[list[int]]:
    """``adj`` as the list of lists the loops of :mod:`._native` take."""
    return [a if type(a) is list else list(a) for a in adj]


def _separators(
    adj: list[list[int]], cells: list[int], anchors: Iterable[int] | None
) -> list[tuple[int, ...]]:
    size = len(adj)
    seps: set[tuple[int, ...]] = {(a,) for a in articulation(adj, cells, size, [])}
    for v in cells if anchors is None else anchors:
        if (v,) in seps:
            continue
        for u in articulation(adj, cells, size, [v]):
            if (u,) not in seps:
                seps.add((min(u, v), max(u, v)))
    return sorted(seps)


def _made(
    adj: list[list[int]],
    cells: list[int],
    seps: Iterable[tuple[int, ...]],
    letters: Sequence[int] | None,
) -> tuple[tuple[Cut, tuple[bytes, ...]], ...]:
    """The :class:`Cut` of each separator in ``seps``, with its parts' letter counts."""
    codes = [0] * len(adj) if letters is None else list(letters)
    return tuple(paused_gc(make_cuts, adj, cells, list(seps), codes))


def find_cuts(
    adj: Sequence[Sequence[int]], cells: Sequence[int], anchors: Iterable[int] | None = None
) -> tuple[Cut, ...]:
    """The separators of one or two cells of the graph ``adj`` over ``cells``: every single
    cell, and every pair with a cell among ``anchors`` (default: all cells)."""
    return tuple(cut for cut, _ in find_cuts_counted(adj, cells, anchors))


def find_cuts_counted(
    adj: Sequence[Sequence[int]],
    cells: Sequence[int],
    anchors: Iterable[int] | None = None,
    letters: Sequence[int] | None = None,
) -> tuple[tuple[Cut, tuple[bytes, ...]], ...]:
    """:func:`find_cuts` with, for each cut, the number of cells of each letter in each of
    its parts (one byte per letter code 0-25; ``letters[cell]`` is the cell's code; all zero
    without ``letters``)."""
    adj_l, cells_l = _lists(adj), list(cells)
    return _made(adj_l, cells_l, _separators(adj_l, cells_l, anchors), letters)


def find_triple_cuts(
    adj: Sequence[Sequence[int]], cells: Sequence[int], pairs: Iterable[tuple[int, int]]
) -> tuple[Cut, ...]:
    """Separators of three cells that contain one of ``pairs``. Cuts that contain a smaller
    cut are kept: their parts hold different letters."""
    return tuple(cut for cut, _ in find_triple_cuts_counted(adj, cells, pairs))


def find_triple_cuts_counted(
    adj: Sequence[Sequence[int]],
    cells: Sequence[int],
    pairs: Iterable[tuple[int, int]],
    letters: Sequence[int] | None = None,
) -> tuple[tuple[Cut, tuple[bytes, ...]], ...]:
    """:func:`find_triple_cuts` with the letter counts of :func:`find_cuts_counted`."""
    adj_l, cells_l = _lists(adj), list(cells)
    size = len(adj_l)
    seps: set[tuple[int, ...]] = set()
    for u, v in pairs:
        for w in articulation(adj_l, cells_l, size, [u, v]):
            seps.add(tuple(sorted((u, v, w))))
    return _made(adj_l, cells_l, sorted(seps), letters)
