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


def _articulation(adj: Sequence[Sequence[int]], cells: Sequence[int], removed: int) -> set[int]:
    """Articulation points of the graph ``adj`` restricted to ``cells`` minus the bitmask
    ``removed`` (iterative Hopcroft-Tarjan)."""
    disc: dict[int, int] = {}
    low: dict[int, int] = {}
    out: set[int] = set()
    t = 0
    for root in cells:
        if (removed >> root) & 1 or root in disc:
            continue
        disc[root] = low[root] = t
        t += 1
        children = 0
        stack = [(root, -1, iter(adj[root]))]
        while stack:
            v, parent, it = stack[-1]
            for w in it:
                if (removed >> w) & 1:
                    continue
                if w not in disc:
                    disc[w] = low[w] = t
                    t += 1
                    stack.append((w, v, iter(adj[w])))
                    if v == root:
                        children += 1
                    break
                if w != parent and disc[w] < low[v]:
                    low[v] = disc[w]
            else:
                stack.pop()
                if stack:
                    u = stack[-1][0]
                    if low[v] < low[u]:
                        low[u] = low[v]
                    if u != root and low[v] >= disc[u]:
                        out.add(u)
        if children > 1:
            out.add(root)
    return out


def _parts(adj: Sequence[Sequence[int]], cells: Sequence[int], removed: int) -> list[int]:
    """Connected components (bitmasks) of ``cells`` minus ``removed``."""
    seen = removed
    out = []
    for s in cells:
        if (seen >> s) & 1:
            continue
        comp = 1 << s
        seen |= comp
        stack = [s]
        while stack:
            v = stack.pop()
            for w in adj[v]:
                if not (seen >> w) & 1:
                    seen |= 1 << w
                    comp |= 1 << w
                    stack.append(w)
        out.append(comp)
    return out


def _make_cut(adj: Sequence[Sequence[int]], cells: Sequence[int], sep: tuple[int, ...]) -> Cut:
    removed = 0
    for s in sep:
        removed |= 1 << s
    parts = _parts(adj, cells, removed)
    touches = tuple(
        tuple(k for k, p in enumerate(parts) if any((p >> w) & 1 for w in adj[s])) for s in sep
    )
    linked = tuple(tuple(i for i, t in enumerate(sep) if t in adj[s]) for s in sep)
    return Cut(sep, tuple(parts), touches, linked)


def find_cuts(
    adj: Sequence[Sequence[int]], cells: Sequence[int], anchors: Iterable[int] | None = None
) -> tuple[Cut, ...]:
    """The separators of one or two cells of the graph ``adj`` over ``cells``: every single
    cell, and every pair with a cell among ``anchors`` (default: all cells)."""
    seps: set[tuple[int, ...]] = {(a,) for a in _articulation(adj, cells, 0)}
    for v in cells if anchors is None else anchors:
        if (v,) in seps:
            continue
        for u in _articulation(adj, cells, 1 << v):
            if (u,) not in seps:
                seps.add((min(u, v), max(u, v)))
    return tuple(_make_cut(adj, cells, s) for s in sorted(seps))


def find_triple_cuts(
    adj: Sequence[Sequence[int]], cells: Sequence[int], pairs: Iterable[tuple[int, int]]
) -> tuple[Cut, ...]:
    """Separators of three cells that contain one of ``pairs``. Cuts that contain a smaller
    cut are kept: their parts hold different letters."""
    seps: set[tuple[int, ...]] = set()
    for u, v in pairs:
        for w in _articulation(adj, cells, 1 << u | 1 << v):
            seps.add(tuple(sorted((u, v, w))))
    return tuple(_make_cut(adj, cells, s) for s in sorted(seps))


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
