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

from collections.abc import Iterable, Mapping, Sequence

import attrs

from wordgames.wommeln._native import articulation, components, cut_parts

#: A location in a cut's walk: a part index, or ``len(parts) + i`` for the cut's i-th cell.
_Loc = int


@attrs.frozen(eq=False)
class Cut:
    """One separator: its ``cells``, the ``parts`` (bitmasks of the free cells it splits
    apart, in any order), the parts each cut cell ``touches`` and the cut cells each is
    ``linked`` to."""

    cells: tuple[int, ...]
    parts: tuple[int, ...]
    touches: tuple[tuple[int, ...], ...]
    linked: tuple[tuple[int, ...], ...]
    _moves: dict[tuple[_Loc, int], tuple[tuple[_Loc, int], ...]] = attrs.field(
        factory=dict, repr=False
    )

    def moves(self, start: _Loc, used: int) -> tuple[tuple[_Loc, int], ...]:
        """The (location, cut cells used) pairs a line at ``start``, having used the cut
        cells in the bitmask ``used``, can circle its next letter at (cached)."""
        key = (start, used)
        out = self._moves.get(key)
        if out is None:
            m = len(self.parts)
            touches, linked = self.touches, self.linked
            seen: set[tuple[_Loc, int]] = set()
            todo = [key]
            while todo:
                loc, u = todo.pop()
                if (loc, u) in seen:
                    continue
                seen.add((loc, u))
                if loc < m:
                    for i in range(len(self.cells)):
                        if not (u >> i) & 1 and loc in touches[i]:
                            todo.append((m + i, u | 1 << i))
                else:
                    i = loc - m
                    todo.extend((k, u) for k in touches[i])
                    todo.extend((m + k, u | 1 << k) for k in linked[i] if not (u >> k) & 1)
            if start >= m:
                seen.discard(key)  # a cell holds one letter
            out = self._moves[key] = tuple(sorted(seen))
        return out


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
    base = components(adj, cells, len(adj), codes)
    order = [0] * len(adj)
    for i, c in enumerate(cells):
        order[c] = i
    out = []
    for sep in seps:
        parts, touches, linked, counts = cut_parts(adj, order, base, list(sep), codes)
        cut = Cut(sep, tuple(parts), tuple(map(tuple, touches)), tuple(map(tuple, linked)))
        out.append((cut, tuple(counts)))
    return tuple(out)


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


def refutes(
    cut: Cut,
    codes: Sequence[int],
    masks: Mapping[int, int],
    part_counts: Sequence[Sequence[int]] | None = None,
) -> bool:
    """True if no line can spell the letters ``codes`` through ``cut``: ``masks[c]`` holds
    the cells that may be circled as letter ``c``; ``part_counts[k][c]``, if given, is the
    number of those cells in part ``k`` (else counted here)."""
    need: dict[int, int] = {}
    for c in codes:
        need[c] = need.get(c, 0) + 1
    parts = cut.parts
    m = len(parts)
    if part_counts is None:
        counts: Sequence[Sequence[int]] | list[dict[int, int]] = [
            {c: (masks[c] & p).bit_count() for c in need} for p in parts
        ]
    else:
        counts = part_counts
    if any(all(cnt[c] >= k for c, k in need.items()) for cnt in counts):
        return False  # one part holds every letter the word needs
    # copies of a letter that a part holds fewer of than the word needs are counted
    scarce = {
        (k, c): i
        for i, (k, c) in enumerate(
            (k, c) for k in range(m) for c, want in need.items() if 0 < counts[k][c] < want
        )
    }
    zero = (0,) * len(scarce)

    def circle(loc: _Loc, c: int, used: tuple[int, ...]) -> tuple[int, ...] | None:
        if loc >= m:
            return used if (masks[c] >> cut.cells[loc - m]) & 1 else None
        have = counts[loc][c]
        if not have:
            return None
        i = scarce.get((loc, c))
        if i is None:
            return used
        if used[i] >= have:
            return None
        return (*used[:i], used[i] + 1, *used[i + 1 :])

    states: set[tuple[_Loc, int, tuple[int, ...]]] = set()
    first = codes[0]
    for loc in range(m):
        taken = circle(loc, first, zero)
        if taken is not None:
            states.add((loc, 0, taken))
    for i, s in enumerate(cut.cells):
        if (masks[first] >> s) & 1:
            states.add((m + i, 1 << i, zero))
    for c in codes[1:]:
        nxt: set[tuple[_Loc, int, tuple[int, ...]]] = set()
        for loc, u, taken in states:
            for loc2, u2 in cut.moves(loc, u):
                t2 = circle(loc2, c, taken)
                if t2 is not None:
                    nxt.add((loc2, u2, t2))
        if not nxt:
            return True
        states = nxt
    return False
