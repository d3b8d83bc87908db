"""Word graphs in flat arrays: the minimised DAWG and the GADDAG of a lexicon.

Layout of every :class:`WordGraph` with ``n`` nodes and ``e`` edges:

- ``mask``: ``array('Q')`` of ``n``; bit ``c`` is set iff the node has an edge labelled ``c``;
- ``first``: ``array('I')`` of ``n + 1``; the node's edges are ``first[v]:first[v + 1]``,
  sorted by label;
- ``terminal``: ``array('B')`` of ``n``; 1 iff a word ends at the node;
- ``labels``: ``array('B')`` of ``e``, the code of each edge;
- ``targets``: ``array('I')`` of ``e``, the node each edge leads to.

Children are always numbered below their parents and the root is node ``n - 1``, so the graph
is acyclic by construction (checked when loading bytes). The edge for code ``c`` of node ``v``
is ``first[v] + (mask[v] & ((1 << c) - 1)).bit_count()``. The arrays are exposed for hot loops
and must be treated as read-only.
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from itertools import accumulate, chain, compress, islice, repeat
from operator import lt, sub
from typing import NoReturn

from wordgames._core.errors import InvalidStateError

__all__ = [
    "CODE_BASE",
    "WordGraph",
    "build_dawg",
    "build_gaddag",
    "decode_extension",
    "encode_extension",
]

CODE_BASE = 0x30
"""Internal string form of code sequences: code ``c`` is ``chr(CODE_BASE + c)`` (Latin-1, so
the strings are compact and sort in code order)."""
_CHARS = tuple(chr(CODE_BASE + c) for c in range(64))


class WordGraph:
    """An acyclic deterministic automaton over small integer codes, in flat arrays.

    ``root`` is the start node; -1 stands for "no node". See the module docstring for the
    arrays (``first``, ``mask``, ``terminal``, ``labels``, ``targets``).
    """

    __slots__ = ("_labels", "first", "mask", "root", "targets", "terminal")

    first: array[int]
    mask: array[int]
    terminal: array[int]
    _labels: array[int] | None
    targets: array[int]
    root: int

    def __init__(
        self,
        first: array[int],
        mask: array[int],
        terminal: array[int],
        labels: array[int] | None,
        targets: array[int],
    ) -> None:
        """``labels`` may be None: it is then derived from the masks on first use."""
        # object.__setattr__ spelled out: mypyc compiles that call to a store into the slot
        # (an alias would be called at run time, which a compiled class refuses)
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "mask", mask)
        object.__setattr__(self, "terminal", terminal)
        object.__setattr__(self, "_labels", labels)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "root", len(mask) - 1)

    @property
    def labels(self) -> array[int]:
        """``array('B')``: the code of each edge."""
        labels = self._labels
        if labels is None:
            labels = array("B", mask_labels(self.mask))
            object.__setattr__(self, "_labels", labels)
        return labels

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"WordGraph is immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"WordGraph is immutable (cannot delete {name!r})")

    def __reduce__(self) -> tuple[object, ...]:
        return (_graph_from_bytes, (self.to_bytes(),))

    def __repr__(self) -> str:
        return f"<WordGraph {self.num_nodes} nodes, {self.num_edges} edges>"

    @property
    def num_nodes(self) -> int:
        """Number of nodes."""
        return len(self.mask)

    @property
    def num_edges(self) -> int:
        """Number of edges."""
        return len(self.targets)

    def child(self, node: int, code: int) -> int:
        """The node reached from ``node`` by ``code``, or -1 if there is no such edge."""
        if not 0 <= code < 64:
            return -1
        m = self.mask[node]
        if not (m >> code) & 1:
            return -1
        return self.targets[self.first[node] + (m & ((1 << code) - 1)).bit_count()]

    def children(self, node: int) -> Iterator[tuple[int, int]]:
        """``(code, child)`` for every edge of ``node``, codes ascending."""
        lo, hi = self.first[node], self.first[node + 1]
        return zip(self.labels[lo:hi], self.targets[lo:hi], strict=True)

    def is_terminal(self, node: int) -> bool:
        """True iff a word ends at ``node``."""
        return bool(self.terminal[node])

    def child_mask(self, node: int) -> int:
        """Bitmask of the codes ``node`` has edges for."""
        return int(self.mask[node])

    def walk(self, codes: Iterable[int], node: int | None = None) -> int:
        """Follow ``codes`` from ``node`` (default the root); -1 if the path falls off."""
        v = self.root if node is None else node
        mask, first, targets = self.mask, self.first, self.targets
        for c in codes:
            if not 0 <= c < 64:
                return -1
            m = mask[v]
            if not (m >> c) & 1:
                return -1
            v = targets[first[v] + (m & ((1 << c) - 1)).bit_count()]
        return v

    def accepts(self, codes: Iterable[int]) -> bool:
        """True iff ``codes`` leads from the root to a terminal node."""
        v = self.walk(codes)
        return v >= 0 and bool(self.terminal[v])

    def path_counts(self) -> list[int]:
        """For every node, the number of paths from it to terminal nodes."""
        first, targets, terminal = self.first, self.targets, self.terminal
        out = [0] * len(self.mask)
        for v in range(len(out)):  # children have lower ids than parents
            s = terminal[v]
            for e in range(first[v], first[v + 1]):
                s += out[targets[e]]
            out[v] = s
        return out

    def sequences(self, node: int | None = None) -> Iterator[tuple[int, ...]]:
        """Every code sequence from ``node`` (default root) to a terminal, in code order."""
        first, labels, targets, terminal = self.first, self.labels, self.targets, self.terminal
        start = self.root if node is None else node
        stack: list[tuple[int, tuple[int, ...]]] = [(start, ())]
        while stack:
            v, path = stack.pop()
            if terminal[v]:
                yield path
            for e in range(first[v + 1] - 1, first[v] - 1, -1):
                stack.append((targets[e], (*path, labels[e])))

    def code_strings(self, texts: Sequence[str] | None = None) -> list[str]:
        """Every terminal path from the root as a string, in code order: each code ``c``
        written as ``texts[c]`` (default: as a code string, see :data:`CODE_BASE`)."""
        first, labels, targets, terminal = self.first, self.labels, self.targets, self.terminal
        chars = _CHARS if texts is None else texts
        out: list[str] = []
        stack: list[tuple[int, str]] = [(self.root, "")]
        push, pop, append = stack.append, stack.pop, out.append
        while stack:
            v, path = pop()
            if terminal[v]:
                append(path)
            for e in range(first[v + 1] - 1, first[v] - 1, -1):
                push((targets[e], path + chars[labels[e]]))
        return out

    # -- serialisation -------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The five arrays, little-endian, each preceded by its item count (uint32)."""
        parts: list[bytes] = []
        for arr in (self.first, self.mask, self.terminal, self.labels, self.targets):
            a = arr
            if sys.byteorder == "big" and a.itemsize > 1:
                a = array(a.typecode, a)
                a.byteswap()
            parts.append(len(a).to_bytes(4, "little"))
            parts.append(a.tobytes())
        return b"".join(parts)

    @classmethod
    def from_bytes(
        cls, data: bytes | memoryview, num_codes: int, *, check: bool = True
    ) -> WordGraph:
        """Read :meth:`to_bytes` output, checking every invariant unless ``check`` is false
        (InvalidStateError if one fails; time linear in the size). Edge labels must be below
        ``num_codes``."""
        view = memoryview(data)
        pos = 0
        arrays: list[array[int]] = []
        for typecode in ("I", "Q", "B", "B", "I"):
            a = array(typecode)
            if a.itemsize != {"I": 4, "Q": 8, "B": 1}[typecode]:  # pragma: no cover
                raise InvalidStateError("unsupported platform integer sizes")
            if pos + 4 > len(view):
                raise InvalidStateError("word graph bytes are truncated")
            n = int.from_bytes(view[pos : pos + 4], "little")
            pos += 4
            size = n * a.itemsize
            if pos + size > len(view):
                raise InvalidStateError("word graph bytes are truncated")
            a.frombytes(view[pos : pos + size])
            if sys.byteorder == "big" and a.itemsize > 1:
                a.byteswap()
            pos += size
            arrays.append(a)
        if pos != len(view):
            raise InvalidStateError("word graph bytes have trailing data")
        if not arrays[1]:
            raise InvalidStateError("word graph has no nodes")
        graph = cls(*arrays)
        if check:
            graph.validate(num_codes)
        return graph

    def validate(self, num_codes: int) -> None:
        """Check the layout's invariants; InvalidStateError if one fails. The checks run as
        whole-array operations, in time linear in the graph's size."""
        first, mask, terminal = self.first, self.mask, self.terminal
        labels, targets = self.labels, self.targets
        n = len(mask)
        if n == 0 or len(first) != n + 1 or len(terminal) != n:
            raise InvalidStateError("word graph arrays have inconsistent lengths")
        if first[0] != 0 or first[n] != len(targets) or len(labels) != len(targets):
            raise InvalidStateError("word graph edge arrays have inconsistent lengths")
        if terminal and max(terminal) > 1:
            raise InvalidStateError("word graph terminal flags must be 0 or 1")
        if max(mask) >> num_codes:
            raise InvalidStateError("word graph has an edge label outside the alphabet")
        # the masks determine the edge ranges and the sorted labels; compare both
        if first != array("I", accumulate(map(int.bit_count, mask), initial=0)):
            raise InvalidStateError("word graph has edge ranges that disagree with its masks")
        if mask_labels(mask) != labels.tobytes():
            raise InvalidStateError("word graph has edge labels that disagree with its masks")
        if targets and not all(map(lt, targets, edge_sources(first))):
            raise InvalidStateError("word graph has an edge that is not acyclic")

    def count_words(self, limit: int) -> tuple[int, int, int]:
        """``(words, tiles, depth)``: the number of words (terminal paths from the root), their
        total length and the longest path's length, each capped at ``limit`` + 1 (a forged
        graph with few nodes may spell exponentially many words). Linear in the graph's
        size."""
        first, targets, terminal = self.first, self.targets, self.terminal
        n = len(self.mask)
        cap = limit + 1
        counts = [0] * n
        tiles = [0] * n
        depths = [0] * n
        cget, tget, dget = counts.__getitem__, tiles.__getitem__, depths.__getitem__
        for v in range(n):  # children have lower ids than parents
            lo, hi = first[v], first[v + 1]
            if lo == hi:
                counts[v] = terminal[v]
                continue
            kids = targets[lo:hi]
            c = sum(map(cget, kids))
            counts[v] = min(c + terminal[v], cap)
            tiles[v] = min(sum(map(tget, kids)) + c, cap)
            depths[v] = min(max(map(dget, kids)) + 1, cap)
        return counts[-1], tiles[-1], depths[-1]


def edge_sources(first: array[int]) -> Iterator[int]:
    """The source node of every edge, in edge order (from a ``first`` array)."""
    return chain.from_iterable(map(repeat, range(len(first) - 1), map(sub, first[1:], first)))


def mask_labels(masks: Sequence[int]) -> bytes:
    """The labels of all edges, node after node, from the nodes' masks (ascending codes)."""
    table: dict[int, bytes] = {}
    for m in set(masks):
        out = bytearray()
        x = m
        while x:
            low = x & -x
            out.append(low.bit_length() - 1)
            x ^= low
        table[m] = bytes(out)
    return b"".join(map(table.__getitem__, masks))


def _graph_from_bytes(data: bytes) -> WordGraph:
    return WordGraph.from_bytes(data, 64)


# -- construction ------------------------------------------------------------------------


_MARK = 0xFFFFFFFF  # terminal marker entry (no edge can have this value, see _Builder)
_PACK = tuple(struct.Struct(f"<{n}I").pack for n in range(66))


class _Builder:
    """Incremental minimisation of sorted input (after Daciuk, Mihov, Watson and Watson,
    2000): nodes are finished children first and equal nodes are merged.

    A finished node's key is its entries packed as little-endian uint32: one entry
    ``code | target << 6`` per edge, codes ascending, then :data:`_MARK` if it is terminal.
    (Packed bytes keep the register small; tuples of ints would take three times the memory.)
    """

    __slots__ = ("masks", "next_id", "nodes", "register", "terms")

    def __init__(self, start_id: int = 0) -> None:
        self.register: dict[bytes, int] = {}
        self.nodes: list[bytes] = []
        self.masks: list[int] = []
        self.terms: list[int] = []
        self.next_id = start_id

    def add_sorted(self, strings: Iterable[str], ends: Iterable[int]) -> int:
        """Add the minimal graph of the trie of ``strings`` (sorted, distinct code strings)
        and return the root's id. ``ends[i]`` is the last entry of the node where
        ``strings[i]`` ends: :data:`_MARK` (terminal) or an edge with the largest code.
        """
        register, nodes, masks, terms = self.register, self.nodes, self.masks, self.terms
        pack = _PACK
        mark = _MARK
        nid = self.next_id
        stack: list[list[int]] = [[]]
        tails: list[int] = [-1]
        push, pop = stack.append, stack.pop
        tpush, tpop = tails.append, tails.pop
        base = CODE_BASE
        prev = ""
        v = -1

        def new_node(key: bytes, kids: list[int], tail: int) -> int:
            nonlocal nid
            v = register[key] = nid
            nid += 1
            term = 0
            if tail == mark:
                term = 1
                kids.pop()
                key = key[:-4]
            m = 0
            for x in kids:
                m |= 1 << (x & 63)
            nodes.append(key)
            masks.append(m)
            terms.append(term)
            return v

        for s, end in zip(strings, ends, strict=True):
            n = len(s)
            if s.startswith(prev):
                lcp = len(prev)
            else:  # sorted and distinct: s and prev differ before either ends
                lcp = 0
                while s[lcp] == prev[lcp]:
                    lcp += 1
            for d in range(len(prev), lcp, -1):
                kids = pop()
                tail = tpop()
                if tail >= 0:
                    kids.append(tail)
                key = pack[len(kids)](*kids)
                v = register.get(key, -1)
                if v < 0:
                    v = new_node(key, kids, tail)
                stack[-1].append(ord(prev[d - 1]) - base | v << 6)
            for _ in range(lcp + 1, n):
                push([])
                tpush(-1)
            push([])
            tpush(end)
            prev = s
        for d in range(len(prev), -1, -1):
            kids = pop()
            tail = tpop()
            if tail >= 0:
                kids.append(tail)
            key = pack[len(kids)](*kids)
            v = register.get(key, -1)
            if v < 0:
                v = new_node(key, kids, tail)
            if d:
                stack[-1].append(ord(prev[d - 1]) - base | v << 6)
        if nid >= 1 << 26:  # pragma: no cover - a hundred times ENABLE's GADDAG
            raise ValueError("word graph too large")
        self.next_id = nid
        return v

    def layout(self, base: WordGraph | None = None) -> WordGraph:
        """Flatten the nodes (numbered after ``base``'s nodes, if given) into a WordGraph."""
        if base is not None:
            first = array("I", base.first)
            mask = array("Q", base.mask)
            terminal = array("B", base.terminal)
            labels = array("B", base.labels)
            targets = array("I", base.targets)
        else:
            first, mask, terminal = array("I", [0]), array("Q"), array("B")
            labels, targets = array("B"), array("I")
        entries = array("I")
        entries.frombytes(b"".join(self.nodes))
        if sys.byteorder == "big":  # pragma: no cover
            entries.byteswap()
        offset = first[-1]
        first.extend([offset := offset + (len(key) >> 2) for key in self.nodes])
        mask.extend(self.masks)
        terminal.extend(self.terms)
        labels.extend([x & 63 for x in entries])
        targets.extend(array("I", (x >> 6 for x in entries)))
        return WordGraph(first, mask, terminal, labels, targets)


def build_dawg(words: Sequence[str]) -> WordGraph:
    """The minimal DAWG of ``words``: sorted, distinct, non-empty code strings (see
    :data:`CODE_BASE`)."""
    builder = _Builder()
    builder.add_sorted(words, [_MARK] * len(words))
    return builder.layout()


def _reversed_prefix_entries(dawg: WordGraph, sep: int) -> dict[str, int]:
    """Every non-empty prefix of the DAWG's language, reversed, as a code string -> the
    separator edge entry ``sep | node << 6`` to the DAWG node the unreversed prefix leads to."""
    first, labels, targets, mask = dawg.first, dawg.labels, dawg.targets, dawg.mask
    out: dict[str, int] = {}
    stack: list[tuple[int, str]] = [(dawg.root, "")]
    push, pop = stack.append, stack.pop
    chars = _CHARS
    while stack:
        v, s = pop()
        for e in range(first[v], first[v + 1]):
            t = targets[e]
            p = chars[labels[e]] + s
            out[p] = sep | t << 6
            if mask[t]:
                push((t, p))
    return out


def build_gaddag(dawg: WordGraph, alphabet_size: int) -> WordGraph:
    """The GADDAG of the DAWG's words, with separator code ``alphabet_size``.

    For a word a1..an and 1 <= i <= n the path a_i..a_1, SEP, a_{i+1}..a_n ends at a terminal
    node; no other path does. The part after SEP *is* the DAWG (its nodes come first, with
    the same ids); the part before SEP (reversed infixes) is minimised on top of it.
    """
    entries = _reversed_prefix_entries(dawg, alphabet_size)
    keys = sorted(entries)
    ends = list(map(entries.__getitem__, keys))
    del entries
    builder = _Builder(start_id=dawg.num_nodes)
    builder.add_sorted(keys, ends)
    del keys, ends
    return builder.layout(base=dawg)


# -- the GADDAG's part before the separator, stored on top of a DAWG ---------------------


def encode_extension(graph: WordGraph, base_nodes: int) -> bytes:
    """The nodes of ``graph`` from ``base_nodes`` on (none of them terminal): their count
    (uint32), masks (uint64) and edge targets (uint32), little-endian. Edge ranges and labels
    follow from the masks."""
    e0 = graph.first[base_nodes]
    masks = array("Q", graph.mask[base_nodes:])
    targets = array("I", graph.targets[e0:])
    if sys.byteorder == "big":  # pragma: no cover
        masks.byteswap()
        targets.byteswap()
    return len(masks).to_bytes(4, "little") + masks.tobytes() + targets.tobytes()


def decode_extension(
    base: WordGraph, data: bytes | memoryview, sep: int, *, check: bool = True
) -> WordGraph:
    """The GADDAG made of the DAWG ``base`` and :func:`encode_extension` output, with separator
    code ``sep``. With ``check``, every invariant the move generators rely on is checked in
    time linear in the size (InvalidStateError): the new nodes are not terminal, their edges
    point to lower ids, separator edges lead into the DAWG and all others stay outside it."""
    view = memoryview(data)
    if len(view) < 4:
        raise InvalidStateError("GADDAG bytes are truncated")
    k = int.from_bytes(view[:4], "little")
    if k == 0 or 4 + 8 * k > len(view) or (len(view) - 4 - 8 * k) % 4:
        raise InvalidStateError("GADDAG bytes have a bad length")
    # read straight into the final arrays (no temporary copies of the big parts)
    m = base.num_nodes
    e0 = base.num_edges
    mask = array("Q", base.mask)
    mask.frombytes(view[4 : 4 + 8 * k])
    targets = array("I", base.targets)
    targets.frombytes(view[4 + 8 * k :])
    del view
    if sys.byteorder == "big":  # pragma: no cover
        for arr, lo in ((mask, m), (targets, e0)):
            part = arr[lo:]
            part.byteswap()
            arr[lo:] = part
    degrees = array("I", map(int.bit_count, islice(mask, m, None)))
    if check:
        if max(islice(mask, m, None)) >> (sep + 1):
            raise InvalidStateError("GADDAG has an edge label outside the alphabet")
        if sum(degrees) != len(targets) - e0:
            raise InvalidStateError("GADDAG edge count disagrees with its masks")
    first = base.first + array("I", accumulate(degrees, initial=e0))
    del first[m + 1]  # accumulate repeats the base's last entry
    if check:
        sources = chain.from_iterable(map(repeat, range(m, m + k), degrees))
        if not all(map(lt, islice(targets, e0, None), sources)):
            raise InvalidStateError("GADDAG has an edge that is not acyclic")
        # the separator is the largest code, so a node's separator edge is its last edge
        sep_bit = 1 << sep
        with_sep = list(
            compress(range(m + 1, m + k + 1), map(sep_bit.__and__, islice(mask, m, None)))
        )
        ends = [e - 1 for e in map(first.__getitem__, with_sep)]
        if sum(map(m.__gt__, islice(targets, e0, None))) != len(ends) or not all(
            map(m.__gt__, map(targets.__getitem__, ends))
        ):
            raise InvalidStateError("GADDAG separator edges must lead into the DAWG, only they")
    terminal = base.terminal + array("B", bytes(k))
    return WordGraph(first, mask, terminal, None, targets)
