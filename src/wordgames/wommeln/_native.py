"""The hot loops of the placement engine, written for mypyc (compiled in the compiled build).

Plain typed functions over ``list[int]`` (cells, labels, distances) and small ints only:
mypyc turns them into C loops over unboxed integers. Big-int bitmasks (a 15x15 sheet needs
225 bits, beyond a machine word) stay where they are cheap per call, never per cell of a loop.
The callers in :mod:`._cuts` and :mod:`.engine` (pure Python in both builds, so their public
functions keep their signatures and documented errors) pass only data they built themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

#: More parts than one grid can have (a part holds a cell; 99 x 26 cells at most).
_MAX_PARTS: Final = 4096

__all__ = [
    "Cut",
    "articulation",
    "components",
    "cut_parts",
    "layers",
    "make_cuts",
    "refutes",
    "refutes_any",
]


def articulation(
    adj: list[list[int]], cells: list[int], size: int, removed: list[int]
) -> list[int]:
    """The articulation points of the graph ``adj`` over ``cells`` (cell numbers below
    ``size``) without the cells in ``removed`` (iterative Hopcroft-Tarjan), in the order found.
    """
    disc = [-1] * size  # -1: not reached yet, -2: removed
    for r in removed:
        disc[r] = -2
    low = [0] * size
    found = [False] * size
    out: list[int] = []
    stack_v: list[int] = []
    stack_parent: list[int] = []
    stack_next: list[int] = []
    t = 0
    for root in cells:
        if disc[root] != -1:
            continue
        disc[root] = t
        low[root] = t
        t += 1
        children = 0
        stack_v.append(root)
        stack_parent.append(-1)
        stack_next.append(0)
        while stack_v:
            top = len(stack_v) - 1
            v = stack_v[top]
            parent = stack_parent[top]
            nb = adj[v]
            i = stack_next[top]
            n = len(nb)
            descended = False
            while i < n:
                w = nb[i]
                i += 1
                d = disc[w]
                if d == -2:
                    continue
                if d == -1:
                    disc[w] = t
                    low[w] = t
                    t += 1
                    stack_next[top] = i
                    stack_v.append(w)
                    stack_parent.append(v)
                    stack_next.append(0)
                    if v == root:
                        children += 1
                    descended = True
                    break
                if w != parent and d < low[v]:
                    low[v] = d
            if descended:
                continue
            stack_v.pop()
            stack_parent.pop()
            stack_next.pop()
            if stack_v:
                u = stack_v[len(stack_v) - 1]
                if low[v] < low[u]:
                    low[u] = low[v]
                if u != root and low[v] >= disc[u] and not found[u]:
                    found[u] = True
                    out.append(u)
        if children > 1 and not found[root]:
            found[root] = True
            out.append(root)
    return out


def components(
    adj: list[list[int]], cells: list[int], size: int, letters: list[int]
) -> tuple[list[int], list[list[int]], list[int], list[bytes]]:
    """The connected components of the graph ``adj`` over ``cells`` (cell numbers below
    ``size``), ordered by their first cell in ``cells``: ``(label, members, masks, counts)``,
    the component of every cell (-1 outside ``cells``), each component's cells (in the order
    of ``cells``), bitmask and number of cells of each letter (``letters[cell]``, 0-25), one
    byte per letter."""
    label = [-1] * size
    members: list[list[int]] = []
    stack: list[int] = []
    for start in cells:
        if label[start] != -1:
            continue
        _flood(adj, label, start, len(members), stack)
        members.append([])
    for c in cells:
        members[label[c]].append(c)
    masks: list[int] = []
    counts: list[bytes] = []
    for part in members:
        mask = 0
        cnt = [0] * 26
        for c in part:
            mask |= 1 << c
            cnt[letters[c]] += 1
        masks.append(mask)
        counts.append(bytes(cnt))
    return label, members, masks, counts


def _flood(adj: list[list[int]], mark: list[int], start: int, k: int, stack: list[int]) -> int:
    """Mark ``start`` and every cell reachable from it through cells marked -1 with ``k``
    (a flood fill through ``adj``; ``stack`` is empty scratch space, left empty); the number
    of cells marked."""
    mark[start] = k
    count = 1
    stack.append(start)
    while stack:
        v = stack.pop()
        for w in adj[v]:
            if mark[w] == -1:
                mark[w] = k
                count += 1
                stack.append(w)
    return count


def cut_parts(
    adj: list[list[int]],
    order: list[int],
    base: tuple[list[int], list[list[int]], list[int], list[bytes]],
    sep: list[int],
    letters: list[int],
    bits: list[int],
    sub: list[int],
) -> tuple[list[int], list[list[int]], list[list[int]], list[bytes]]:
    """The parts the cells of ``base`` (:func:`components`) fall into without the cells of
    ``sep`` (8-connected through ``adj``), as ``(parts, touches, linked, counts)``: each
    part's bitmask (parts ordered by their first cell, ``order[cell]`` being its position
    among the cells), for each cut cell the parts it touches and the cut cells it is linked
    to, and for each part the number of its cells of each letter, one byte per letter.

    Only the components that hold a cut cell are split again (by a flood fill); the others
    are parts as they are. ``bits[cell]`` is ``1 << cell``; ``sub`` is scratch space, one
    -1 per cell (as it is left)."""
    label, members, base_masks, base_counts = base
    touched: list[int] = []
    for s in sep:
        b = label[s]
        if b not in touched:
            touched.append(b)
    # sub: the new part of a cell of a touched component; -2: a cut cell
    for s in sep:
        sub[s] = -2
    first: list[int] = []  # per new part: its first cell's position
    masks: list[int] = []
    counts: list[bytes] = []
    stack: list[int] = []
    for b in touched:
        lo = len(first)
        sizes: list[int] = []
        for start in members[b]:
            if sub[start] != -1:
                continue
            sizes.append(_flood(adj, sub, start, len(first), stack))
            first.append(order[start])
        hi = len(first)
        # the largest new part (usually nearly all of the component) is what the others
        # leave: only the small ones are built cell by cell
        biggest = lo
        for k in range(lo + 1, hi):
            if sizes[k - lo] > sizes[biggest - lo]:
                biggest = k
        cnt = [0] * (26 * (hi - lo))
        part_masks = [0] * (hi - lo)
        for c in members[b]:
            k = sub[c]
            if k >= 0:
                cnt[26 * (k - lo) + letters[c]] += 1
                if k != biggest:
                    part_masks[k - lo] |= bits[c]
        if hi > lo:
            rest = base_masks[b]
            for s in sep:
                if label[s] == b:
                    rest &= ~bits[s]
            for k in range(lo, hi):
                if k != biggest:
                    rest &= ~part_masks[k - lo]
            part_masks[biggest - lo] = rest
        for k in range(lo, hi):
            masks.append(part_masks[k - lo])
            counts.append(bytes(cnt[26 * (k - lo) : 26 * (k - lo) + 26]))
    new = len(first)
    # every part by its first cell: the untouched components and the new parts
    keys: list[int] = []
    for k in range(new):
        keys.append(first[k] * 2 * _MAX_PARTS + k)
    for b in range(len(members)):
        if b not in touched:
            keys.append(order[members[b][0]] * 2 * _MAX_PARTS + _MAX_PARTS + b)
    keys.sort()
    out_masks: list[int] = []
    out_counts: list[bytes] = []
    rank = [0] * max(new, 1)
    for i in range(len(keys)):
        x = keys[i] % (2 * _MAX_PARTS)
        if x >= _MAX_PARTS:
            out_masks.append(base_masks[x - _MAX_PARTS])
            out_counts.append(base_counts[x - _MAX_PARTS])
        else:
            rank[x] = i
            out_masks.append(masks[x])
            out_counts.append(counts[x])
    touches: list[list[int]] = []
    linked: list[list[int]] = []
    m = len(keys)
    for s in sep:
        seen = [False] * m
        nb = adj[s]
        for w in nb:
            k = sub[w]
            if k >= 0:
                seen[rank[k]] = True
        touches.append([k for k in range(m) if seen[k]])
        linked.append([i for i in range(len(sep)) if sep[i] in nb])
    for b in touched:
        for c in members[b]:
            sub[c] = -1
    for s in sep:
        sub[s] = -1
    return out_masks, touches, linked, out_counts


def layers(
    nb_cell: list[list[int]],
    nb_block: list[list[int]],
    targets: list[list[int]],
    region: list[bool],
    crossable: list[bool],
    blocked: list[bool],
    lo: int,
    inf: int,
) -> list[list[int]] | None:
    """The layered bound of :func:`.engine._layers` over lists: ``nb_cell[y]`` are the
    neighbours of cell ``y`` and ``nb_block[y]`` the 2x2 block each step crosses (-1 for an
    orthogonal step), ``targets[k]`` the cells letter ``k`` may be circled on (increasing),
    ``region``, ``crossable`` and ``blocked`` flags per cell and per block; ``inf`` stands for
    unreachable. Layers ``k >= lo`` are computed, the others are left empty; None when layer
    ``lo`` cannot be reached."""
    n = len(targets)
    size = len(nb_cell)
    q: list[list[int]] = [[] for _ in range(n)]
    for k in range(n - 1, lo - 1, -1):
        tk = targets[k]
        is_target = [False] * size
        for z in tk:
            is_target[z] = True
        d = [inf] * size
        buckets: list[list[int]] = []
        any_source = False
        for z in tk:
            r = 0 if k + 1 >= n else q[k + 1][z]
            if r < inf:
                any_source = True
                d[z] = r
                while len(buckets) <= r:
                    buckets.append([])
                buckets[r].append(z)
        if not any_source:
            return None
        c = 0
        while c < len(buckets):
            for y in buckets[c]:
                if d[y] != c or not (crossable[y] or is_target[y]):
                    continue
                nc = c + 1
                cells = nb_cell[y]
                blocks = nb_block[y]
                for i in range(len(cells)):
                    x = cells[i]
                    if nc < d[x] and region[x]:
                        b = blocks[i]
                        if b < 0 or not blocked[b]:
                            d[x] = nc
                            while len(buckets) <= nc:
                                buckets.append([])
                            buckets[nc].append(x)
            c += 1
        # a target must reach another target: go through a neighbour first
        out = d[:]
        for z in tk:
            best = inf
            cells = nb_cell[z]
            blocks = nb_block[z]
            for i in range(len(cells)):
                y = cells[i]
                if (crossable[y] or is_target[y]) and d[y] < best:
                    b = blocks[i]
                    if b < 0 or not blocked[b]:
                        best = d[y]
            out[z] = best + 1 if best < inf else inf
        q[k] = out
    return q


class Cut:
    """One separator: its ``cells``, the ``parts`` (bitmasks of the free cells it splits
    apart, in any order), the parts each cut cell ``touches`` and the cut cells each is
    ``linked`` to."""

    cells: tuple[int, ...]
    parts: tuple[int, ...]
    touches: tuple[tuple[int, ...], ...]
    linked: tuple[tuple[int, ...], ...]
    _moves: dict[int, list[tuple[int, int]]] | None

    def __init__(
        self,
        cells: tuple[int, ...],
        parts: tuple[int, ...],
        touches: tuple[tuple[int, ...], ...],
        linked: tuple[tuple[int, ...], ...],
    ) -> None:
        self.cells = cells
        self.parts = parts
        self.touches = touches
        self.linked = linked
        self._moves = None  # made on first use: most cuts never walk

    def __repr__(self) -> str:
        return (
            f"Cut(cells={self.cells!r}, parts={self.parts!r}, touches={self.touches!r},"
            f" linked={self.linked!r})"
        )

    def moves(self, start: int, used: int) -> list[tuple[int, int]]:
        """The (location, cut cells used) pairs a line at ``start`` (a part index, or
        ``len(parts) + i`` for the cut's i-th cell), having used the cut cells in the bitmask
        ``used``, can circle its next letter at, sorted (cached)."""
        key = (start << len(self.cells)) | used
        cache = self._moves
        if cache is None:
            cache = self._moves = {}
        out = cache.get(key)
        if out is None:
            m = len(self.parts)
            touches, linked = self.touches, self.linked
            seen: set[tuple[int, int]] = set()
            todo = [(start, used)]
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
                    for k in touches[i]:
                        todo.append((k, u))
                    for k in linked[i]:
                        if not (u >> k) & 1:
                            todo.append((m + k, u | 1 << k))
            if start >= m:
                seen.discard((start, used))  # a cell holds one letter
            out = sorted(seen)
            cache[key] = out
        return out


def refutes(
    cut: Cut,
    codes: Sequence[int],
    masks: Mapping[int, int],
    part_counts: Sequence[Sequence[int]] | None = None,
) -> bool:
    """True if no line can spell the letters ``codes`` (0-25) through ``cut``: ``masks[c]``
    holds the cells that may be circled as letter ``c``; ``part_counts[k][c]``, if given, is
    the number of those cells in part ``k`` (26 entries a part; else counted here)."""
    need_c, need_k = _needs(codes)
    return _refutes(cut, codes, masks, part_counts, need_c, need_k)


def refutes_any(
    cuts: Sequence[tuple[Cut, tuple[bytes, ...]]],
    codes: list[int],
    masks: dict[int, int],
    counted: bool,
) -> bool:
    """True if one of ``cuts`` :func:`refutes` the word ``codes``, each cut with its parts'
    letter counts (used if ``counted``: they count the cells of ``masks``).

    The common verdict, a part holding every letter the word needs (so the cut refutes
    nothing), is read straight off the counts, one byte per letter."""
    need_c, need_k = _needs(codes)
    nn = len(need_c)
    for cut, counts in cuts:
        if counted:
            held_all = False
            for row in counts:
                j = 0
                while j < nn and row[need_c[j]] >= need_k[j]:
                    j += 1
                if j == nn:
                    held_all = True
                    break
            if held_all:
                continue
            if _refutes(cut, codes, masks, counts, need_c, need_k):
                return True
        elif _refutes(cut, codes, masks, None, need_c, need_k):
            return True
    return False


def _needs(codes: Sequence[int]) -> tuple[list[int], list[int]]:
    """The distinct letters of ``codes`` in order of first use, and how often each occurs."""
    need_c: list[int] = []
    need_k: list[int] = []
    for c in codes:
        for j in range(len(need_c)):
            if need_c[j] == c:
                need_k[j] += 1
                break
        else:
            need_c.append(c)
            need_k.append(1)
    return need_c, need_k


def _refutes(
    cut: Cut,
    codes: Sequence[int],
    masks: Mapping[int, int],
    part_counts: Sequence[Sequence[int]] | None,
    need_c: list[int],
    need_k: list[int],
) -> bool:
    """:func:`refutes` with the word's letters counted (:func:`_needs`)."""
    parts = cut.parts
    m = len(parts)
    # counts[26 * k + c]: the cells of letter c in part k
    counts: list[int] = []
    if part_counts is None:
        for p in parts:
            row = [0] * 26
            for c in need_c:
                row[c] = (masks[c] & p).bit_count()
            counts.extend(row)
    else:
        for held in part_counts:
            counts.extend(held)
    nn = len(need_c)
    for k in range(m):
        j = 0
        while j < nn and counts[26 * k + need_c[j]] >= need_k[j]:
            j += 1
        if j == nn:
            return False  # one part holds every letter the word needs
    # copies of a letter that a part holds fewer of than the word needs are counted
    scarce = [-1] * (26 * m)
    nscarce = 0
    for k in range(m):
        for j in range(nn):
            have = counts[26 * k + need_c[j]]
            if 0 < have < need_k[j]:
                scarce[26 * k + need_c[j]] = nscarce
                nscarce += 1
    zero = (0,) * nscarce
    cells = cut.cells
    states: set[tuple[int, int, tuple[int, ...]]] = set()
    first = codes[0]
    for loc in range(m):
        taken = _circle(cells, masks, counts, scarce, m, loc, first, zero)
        if taken is not None:
            states.add((loc, 0, taken))
    for i in range(len(cells)):
        if (masks[first] >> cells[i]) & 1:
            states.add((m + i, 1 << i, zero))
    for ci in range(1, len(codes)):
        c = codes[ci]
        nxt: set[tuple[int, int, tuple[int, ...]]] = set()
        for loc, u, taken in states:
            for loc2, u2 in cut.moves(loc, u):
                t2 = _circle(cells, masks, counts, scarce, m, loc2, c, taken)
                if t2 is not None:
                    nxt.add((loc2, u2, t2))
        if not nxt:
            return True
        states = nxt
    return False


def _circle(
    cells: tuple[int, ...],
    masks: Mapping[int, int],
    counts: list[int],
    scarce: list[int],
    m: int,
    loc: int,
    c: int,
    used: tuple[int, ...],
) -> tuple[int, ...] | None:
    """``used`` after circling letter ``c`` at ``loc`` (a part, or ``m + i`` for the cut's
    i-th cell), or None if it cannot be circled there."""
    if loc >= m:
        return used if (masks[c] >> cells[loc - m]) & 1 else None
    have = counts[26 * loc + c]
    if not have:
        return None
    i = scarce[26 * loc + c]
    if i < 0:
        return used
    if used[i] >= have:
        return None
    return (*used[:i], used[i] + 1, *used[i + 1 :])


def make_cuts(
    adj: list[list[int]],
    cells: list[int],
    seps: list[tuple[int, ...]],
    letters: list[int],
) -> list[tuple[Cut, tuple[bytes, ...]]]:
    """The :class:`Cut` of each separator in ``seps`` over the graph ``adj`` on ``cells``
    (see :func:`cut_parts`), with its parts' letter counts. A sheet has thousands of cuts
    of three cells, each a handful of new lists, tuples and bytes: call it through
    :func:`~wordgames._core.pause.paused_gc`, so that the cyclic garbage collector does not
    walk them again and again."""
    size = len(adj)
    base = components(adj, cells, size, letters)
    order = [0] * size
    for i in range(len(cells)):
        order[cells[i]] = i
    bits = [1 << c for c in range(size)]
    sub = [-1] * size
    out: list[tuple[Cut, tuple[bytes, ...]]] = []
    for sep in seps:
        parts, touches, linked, counts = cut_parts(adj, order, base, list(sep), letters, bits, sub)
        cut = Cut(
            sep,
            tuple(parts),
            tuple([tuple(t) for t in touches]),
            tuple([tuple(t) for t in linked]),
        )
        out.append((cut, tuple(counts)))
    return out


#: Bits per word when a big bitmask is read and written in small ints (native in mypyc).
_CHUNK: Final = 60
_CHUNK_MASK: Final = (1 << 60) - 1
#: A step of :class:`Reach` to ``y`` over block ``blk`` is tabled as one int,
#: ``(y << _STEP_BITS) | (blk + 1)`` (a grid has fewer than 2**16 positions).
_STEP_BITS: Final = 16
_STEP_MASK: Final = (1 << 16) - 1


class Reach:
    """Flood fills over a grid's free cells in the padded layout of
    :class:`.engine._Padding` (``width`` bits a row, ``total`` bits), cell by cell over
    lists: what :meth:`.engine._Reach.region` computes with whole-bitmask shifts, for the
    compiled build (where these loops run natively and the shifts would not be faster).

    The steps are tabled once: from each position, the free positions one king move away
    and the 2x2 block each diagonal step crosses (-1 for an orthogonal step), without the
    steps through blocks the sheet's own lines already block."""

    width: int
    total: int
    steps: list[list[int]]  # per position: each step to y over blk, (y << 16) | (blk + 1)
    taken: list[bool]  # reached (or on the line) in the current flood; all False between
    crossed: list[bool]  # a block the line crosses diagonally; all False between floods

    def __init__(self, width: int, total: int, free: int, base_diag: int) -> None:
        self.width = width
        self.total = total
        is_free = _unpack(free, total)
        base = _unpack(base_diag, total)
        w = width
        # (step, crossed block relative to x; None for an orthogonal step)
        steps: list[tuple[int, int | None]] = [(1, None), (-1, None), (w, None), (-w, None)]
        steps += [(w + 1, 0), (-w - 1, -w - 1), (w - 1, -1), (-w + 1, -w)]
        table: list[list[int]] = []
        for x in range(total):
            codes: list[int] = []
            for dy, db in steps:
                y = x + dy
                blk = -1 if db is None else x + db
                if 0 <= y < total and is_free[y] and (blk < 0 or not base[blk]):
                    codes.append((y << _STEP_BITS) | (blk + 1))
            table.append(codes)
        self.steps = table
        self.taken = [False] * total
        self.crossed = [False] * total

    def region(self, start: int, visited: int, diag: int) -> int:
        """The free cells not in ``visited`` reachable from padded position ``start``
        (without ``start`` itself unless a step leads back to it), as a padded bitmask."""
        total = self.total
        table = self.steps
        # flags, not stamps: writing a flag allocates nothing, writing a count beyond the
        # small ints would box it; each flood clears what it set
        taken = self.taken
        crossed = self.crossed
        # the line's cells count as reached already, its diagonals' blocks as crossed
        line = _bits(visited, total)
        marks = _bits(diag, total)
        for p in line:
            taken[p] = True
        for p in marks:
            crossed[p] = True
        out = [0] * ((total + _CHUNK - 1) // _CHUNK)
        todo = [start]
        reached: list[int] = []
        while todo:
            x = todo.pop()
            for code in table[x]:
                y = code >> _STEP_BITS
                if taken[y]:
                    continue
                blk = (code & _STEP_MASK) - 1
                if blk >= 0 and crossed[blk]:
                    continue
                taken[y] = True
                out[y // _CHUNK] |= 1 << (y % _CHUNK)
                todo.append(y)
                reached.append(y)
        for p in reached:
            taken[p] = False
        for p in line:
            taken[p] = False
        for p in marks:
            crossed[p] = False
        result = 0
        for i in range(len(out) - 1, -1, -1):
            result = (result << _CHUNK) | out[i]
        return result

    def key(
        self, start: int, visited: int, diag: int, masks: list[int], counts: list[int]
    ) -> tuple[int, int] | None:
        """The search's merge key of a line ending at padded position ``start``: the
        :meth:`region` it can still reach and the marks of ``diag`` in the 2x2 blocks inside
        it (with ``start``); None if the region holds fewer than ``counts[i]`` cells of
        ``masks[i]`` for some ``i`` (the letters the line still needs)."""
        reach = self.region(start, visited, diag)
        for i in range(len(masks)):
            if (reach & masks[i]).bit_count() < counts[i]:
                return None
        w = self.width
        rc = reach | (1 << start)
        return reach, diag & (((rc >> 1) & (rc >> w)) | (rc & (rc >> (w + 1))))


def _bits(mask: int, total: int) -> list[int]:
    """The bits of ``mask`` below ``total``, increasing."""
    words = _words(mask, total)
    out: list[int] = []
    for i in range(len(words)):
        w = words[i]
        while w:
            low = w & -w
            out.append(i * _CHUNK + low.bit_length() - 1)
            w ^= low
    return out


def _unpack(mask: int, total: int) -> list[bool]:
    """One flag per bit of ``mask`` below ``total``."""
    words = _words(mask, total)
    return [bool((words[p // _CHUNK] >> (p % _CHUNK)) & 1) for p in range(total)]


def _words(mask: int, total: int) -> list[int]:
    """The bits of ``mask`` below ``total`` in words of ``_CHUNK`` bits, lowest first."""
    out = []
    for _ in range((total + _CHUNK - 1) // _CHUNK):
        out.append(mask & _CHUNK_MASK)
        mask >>= _CHUNK
    return out
