"""The hot loops of the placement engine, written for mypyc (compiled in the compiled build).

Plain typed functions over ``list[int]`` (cells, labels, distances) and small ints only:
mypyc turns them into C loops over unboxed integers. Big-int bitmasks (a 15x15 sheet needs
225 bits, beyond a machine word) stay where they are cheap per call, never per cell of a loop.
The callers in :mod:`._cuts` and :mod:`.engine` (pure Python in both builds, so their public
functions keep their signatures and documented errors) pass only data they built themselves.
"""

from __future__ import annotations

__all__ = ["articulation", "components", "cut_parts"]


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
        k = len(members)
        label[start] = k
        stack.append(start)
        while stack:
            v = stack.pop()
            for w in adj[v]:
                if label[w] == -1:
                    label[w] = k
                    stack.append(w)
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


def cut_parts(
    adj: list[list[int]],
    order: list[int],
    base: tuple[list[int], list[list[int]], list[int], list[bytes]],
    sep: list[int],
    letters: list[int],
) -> tuple[list[int], list[list[int]], list[list[int]], list[bytes]]:
    """The parts the cells of ``base`` (:func:`components`) fall into without the cells of
    ``sep`` (8-connected through ``adj``), as ``(parts, touches, linked, counts)``: each
    part's bitmask (parts ordered by their first cell, ``order[cell]`` being its position
    among the cells), for each cut cell the parts it touches and the cut cells it is linked
    to, and for each part the number of its cells of each letter, one byte per letter.

    Only the components that hold a cut cell are split again (by a flood fill); the others
    are parts as they are."""
    label, members, base_masks, base_counts = base
    size = len(label)
    touched: list[int] = []
    for s in sep:
        b = label[s]
        if b not in touched:
            touched.append(b)
    sub = [-1] * size  # the new part of a cell of a touched component; -2: a cut cell
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
            k = len(first)
            first.append(order[start])
            sub[start] = k
            count = 1
            stack.append(start)
            while stack:
                v = stack.pop()
                for w in adj[v]:
                    if sub[w] == -1:
                        sub[w] = k
                        count += 1
                        stack.append(w)
            sizes.append(count)
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
                    part_masks[k - lo] |= 1 << c
        if hi > lo:
            rest = base_masks[b]
            for s in sep:
                if label[s] == b:
                    rest &= ~(1 << s)
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
    return out_masks, touches, linked, out_counts


#: More parts than one grid can have (a part holds a cell; 99 x 26 cells at most).
_MAX_PARTS = 4096
