"""The placement engine: letter grids, marks, validation and the best-first placement search.

Cells are numbered row by row, ``cell = row * cols + col``; in notation a cell is its column
letter and 1-based row number (``A1`` is the top-left cell). A placement is a simple path of
king-move steps over free cells; the cells at the positions listed in ``circles`` are circled
and spell the word, every other cell on the path is crossed out.

Two diagonal steps cross when they are the two diagonals of one 2x2 block. Because a cell can
never be used twice, a block can hold at most one diagonal line, so the grid remembers one bit
per block (indexed by the block's top-left cell).

This module is Wömmeln's hot loop (``best_placement``, the ``wommeln.best_placement`` count of
``benchmarks/instructions.py`` and ``benchmarks/wommeln.py``): the search and the grid
operations it calls on every node are kept in one module, as module globals bound once, so it
is longer than the usual ~800 lines on purpose.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterator, Sequence
from functools import lru_cache
from importlib.machinery import EXTENSION_SUFFIXES
from itertools import pairwise, permutations, product
from math import perm
from typing import Any

import attrs

from wordgames._core.errors import WordgamesError, short_repr
from wordgames._core.pause import paused_gc
from wordgames.wommeln import _native
from wordgames.wommeln._cuts import (
    Cut,
    find_cuts_counted,
    find_triple_cuts_counted,
)
from wordgames.wommeln._native import Reach, layers, refutes_any

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "LETTERS",
    "GridState",
    "Placement",
    "PlacementError",
    "SearchLimitError",
    "best_placement",
    "can_place",
    "cell_name",
    "check_placement",
    "find_placements",
    "parse_cell",
    "validate",
]

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LETTER_SET = frozenset(LETTERS)
_INF = 1 << 30
#: Best-placement searches key their states by the exact line for this many nodes (cheap), then
#: by the region the line can still reach (a flood fill per node, but far fewer nodes).
_EXACT_KEYS = 1_000
#: Largest grid the notation can address (columns A..Z, rows 1..99).
MAX_COLS = 26
MAX_ROWS = 99
DEFAULT_NODE_LIMIT = 20_000
"""Search nodes :func:`find_placements` and :func:`best_placement` expand by default before
they give up with :class:`SearchLimitError` (``node_limit=None``: no limit)."""
#: The compiled build floods the search's regions cell by cell (:class:`._native.Reach`), the
#: pure one with whole-bitmask shifts (:class:`_Reach`): the same regions, each the faster
#: way for its build.
_NATIVE_REACH = _native.__file__.endswith(tuple(EXTENSION_SUFFIXES))


class PlacementError(WordgamesError, ValueError):
    """A placement that breaks the rules; ``code`` says which rule (see :func:`validate`)."""

    code: str

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(f"[{code}] {message}")


class SearchLimitError(WordgamesError):
    """:func:`find_placements` gave up after ``node_limit`` search nodes without a verdict.

    ``lower_bound`` is what the search did prove: every placement it has not yielded crosses
    out at least that many cells. ``node_limit`` is the limit that was reached."""

    lower_bound: int
    node_limit: int | None

    def __init__(self, message: str, lower_bound: int = 0, node_limit: int | None = None) -> None:
        self.lower_bound = lower_bound
        self.node_limit = node_limit
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.lower_bound, self.node_limit))


def cell_name(cell: int, cols: int) -> str:
    """``A1``-style name of ``cell`` on a grid ``cols`` wide."""
    r, c = divmod(cell, cols)
    return f"{LETTERS[c]}{r + 1}"


def parse_cell(text: str, rows: int | None = None, cols: int | None = None) -> tuple[int, int]:
    """``(row, col)`` of an ``A1``-style name (case-insensitive, ASCII digits); ValueError if
    malformed or, when ``rows``/``cols`` are given, off the grid."""
    t = text.strip().upper()
    digits = t[1:]
    if (
        not 2 <= len(t) <= 3
        or t[0] not in _LETTER_SET
        or not (digits.isascii() and digits.isdigit())
        or t[1] == "0"
    ):
        raise ValueError(f"not a cell name: {short_repr(text)}")
    r, c = int(digits) - 1, LETTERS.index(t[0])
    if r >= MAX_ROWS or (rows is not None and r >= rows) or (cols is not None and c >= cols):
        raise ValueError(f"cell {short_repr(text)} is off the grid")
    return r, c


@lru_cache(maxsize=64)
def _neighbours(rows: int, cols: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For every cell: ``(neighbour, block_bit)`` pairs; ``block_bit`` is 0 for orthogonal
    steps and the bit of the crossed 2x2 block for diagonal ones."""
    out = []
    for r in range(rows):
        for c in range(cols):
            nbs = []
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                        nb = (r + dr) * cols + c + dc
                        bit = 1 << (min(r, r + dr) * cols + min(c, c + dc)) if dr and dc else 0
                        nbs.append((nb, bit))
            out.append(tuple(nbs))
    return tuple(out)


def _step_bit(a: int, b: int, cols: int) -> int | None:
    """None if ``a`` and ``b`` are not king neighbours, else the step's block bit (0 if
    orthogonal)."""
    ra, ca = divmod(a, cols)
    rb, cb = divmod(b, cols)
    dr, dc = rb - ra, cb - ca
    if max(abs(dr), abs(dc)) != 1:
        return None
    if dr and dc:
        return 1 << (min(ra, rb) * cols + min(ca, cb))
    return 0


@attrs.frozen
class Placement:
    """One word on a grid: the ``path`` of cells (in order), the ``circles`` (increasing
    positions in ``path`` that are circled; they spell ``word``) and, implicitly, the crossed
    cells (every other position)."""

    word: str
    path: tuple[int, ...]
    circles: tuple[int, ...]

    @property
    def crossed(self) -> int:
        """How many cells this placement crosses out."""
        return len(self.path) - len(self.circles)

    @property
    def circled_cells(self) -> tuple[int, ...]:
        """The circled cells in word order."""
        return tuple(self.path[i] for i in self.circles)

    @property
    def crossed_cells(self) -> tuple[int, ...]:
        """The crossed-out cells in path order."""
        marked = set(self.circles)
        return tuple(c for i, c in enumerate(self.path) if i not in marked)

    def notation(self, cols: int) -> str:
        """``A1-B2-c3-D4``: the path, circled cells upper case, crossed cells lower case."""
        marked = set(self.circles)
        parts = []
        for i, cell in enumerate(self.path):
            name = cell_name(cell, cols)
            parts.append(name if i in marked else name.lower())
        return "-".join(parts)

    @classmethod
    def from_notation(cls, word: str, text: str, rows: int, cols: int) -> Placement:
        """Inverse of :meth:`notation` (ValueError on bad text)."""
        path = []
        circles = []
        for i, part in enumerate(text.split("-")):
            r, c = parse_cell(part, rows, cols)
            path.append(r * cols + c)
            if part.strip()[0].isupper():
                circles.append(i)
        return cls(word, tuple(path), tuple(circles))


@attrs.frozen
class GridState:
    """A letter grid and its marks: ``used`` (circled or crossed cells), ``circled`` (subset
    of ``used``) and ``diagonals`` (2x2 blocks holding a diagonal line), all int bitmasks."""

    rows: int
    cols: int
    letters: str
    used: int = 0
    circled: int = 0
    diagonals: int = 0

    def __attrs_post_init__(self) -> None:
        if not (1 <= self.rows <= MAX_ROWS and 1 <= self.cols <= MAX_COLS):
            raise ValueError(f"grid size {self.rows}x{self.cols} out of range")
        if len(self.letters) != self.rows * self.cols or not set(self.letters) <= _LETTER_SET:
            raise ValueError("grid letters must be rows*cols letters A-Z")

    @classmethod
    def from_rows(cls, rows: Sequence[str]) -> GridState:
        """An unmarked grid from its rows of letters (ValueError if not rectangular A-Z)."""
        rows = [r.strip().upper() for r in rows]
        if not rows or len({len(r) for r in rows}) != 1:
            raise ValueError("grid rows must be non-empty and of equal length")
        return cls(len(rows), len(rows[0]), "".join(rows))

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    def is_free(self, cell: int) -> bool:
        """True if ``cell`` is neither circled nor crossed out."""
        return not (self.used >> cell) & 1

    @property
    def free_count(self) -> int:
        """How many cells are still free."""
        return self.size - self.used.bit_count()

    def cell(self, name: str) -> int:
        """The index of an ``A1``-style cell name."""
        r, c = parse_cell(name, self.rows, self.cols)
        return r * self.cols + c

    def place(self, placement: Placement) -> GridState:
        """The grid with ``placement`` drawn (unchecked: call :func:`validate` first)."""
        used = self.used
        circled = self.circled
        diag = self.diagonals
        path = placement.path
        for cell in path:
            used |= 1 << cell
        for i in placement.circles:
            circled |= 1 << path[i]
        for a, b in pairwise(path):
            bit = _step_bit(a, b, self.cols)
            if bit:
                diag |= bit
        return attrs.evolve(self, used=used, circled=circled, diagonals=diag)

    def circle(self, cells: Collection[int]) -> GridState:
        """The grid with ``cells`` circled but not connected (unchecked)."""
        mask = 0
        for cell in cells:
            mask |= 1 << cell
        return attrs.evolve(self, used=self.used | mask, circled=self.circled | mask)

    def __str__(self) -> str:
        head = "   " + "".join(f" {LETTERS[c]} " for c in range(self.cols))
        lines = [head]
        for r in range(self.rows):
            row = []
            for c in range(self.cols):
                i = r * self.cols + c
                ch = self.letters[i]
                if (self.circled >> i) & 1:
                    row.append(f"({ch})")
                elif (self.used >> i) & 1:
                    row.append(" - ")
                else:
                    row.append(f" {ch} ")
            lines.append(f"{r + 1:>2} " + "".join(row))
        return "\n".join(lines)


def check_placement(
    grid: GridState, placement: Placement, *, lines_may_cross: bool = False
) -> tuple[str, str] | None:
    """``None`` if ``placement`` may be drawn on ``grid``, else ``(code, message)``.

    Codes: ``bad_word`` (not letters A-Z), ``empty_path``, ``off_grid``, ``repeated_cell``,
    ``not_adjacent``, ``cell_used``, ``lines_cross``, ``bad_circles`` (positions not
    increasing or outside the path), ``too_few_circles``, ``too_many_circles``,
    ``dangling_line`` (the path starts or ends on a crossed cell), ``letter_mismatch``.
    """
    word, path, circles = placement.word, placement.path, placement.circles
    if not word or not set(word) <= _LETTER_SET:
        return "bad_word", f"word {short_repr(word)} must be one or more letters A-Z"
    if not path:
        return "empty_path", "the placement has no cells"
    size = grid.size
    for cell in path:
        if not isinstance(cell, int) or not 0 <= cell < size:
            return "off_grid", f"cell {short_repr(cell)} is off the {grid.rows}x{grid.cols} grid"
    if len(set(path)) != len(path):
        return "repeated_cell", "the line visits a cell twice"
    if any(not isinstance(i, int) or not 0 <= i < len(path) for i in circles) or any(
        a >= b for a, b in pairwise(circles)
    ):
        return "bad_circles", (
            f"circle positions {short_repr(circles)} must increase within the path"
        )
    if len(circles) < len(word):
        return "too_few_circles", (
            f"{len(circles)} letters circled for the {len(word)} of {short_repr(word)}"
        )
    if len(circles) > len(word):
        return "too_many_circles", (
            f"{len(circles)} letters circled for the {len(word)} of {short_repr(word)}"
        )
    if circles[0] != 0 or circles[-1] != len(path) - 1:
        return "dangling_line", "the line must start and end on a circled letter"
    cols = grid.cols
    for cell in path:
        if (grid.used >> cell) & 1:
            return "cell_used", f"{cell_name(cell, cols)} is already circled or crossed out"
    diag = grid.diagonals
    for a, b in pairwise(path):
        bit = _step_bit(a, b, cols)
        if bit is None:
            return "not_adjacent", (
                f"{cell_name(a, cols)} and {cell_name(b, cols)} are not neighbours"
            )
        if bit:
            if diag & bit and not lines_may_cross:
                return "lines_cross", (
                    f"the step {cell_name(a, cols)}-{cell_name(b, cols)} crosses another line"
                )
            diag |= bit
    spelled = "".join(grid.letters[path[i]] for i in circles)
    if spelled != word:
        return "letter_mismatch", (
            f"the circled letters spell {short_repr(spelled)}, not {short_repr(word)}"
        )
    return None


def validate(grid: GridState, placement: Placement, *, lines_may_cross: bool = False) -> None:
    """Raise :class:`PlacementError` (with the reason ``code``) unless ``placement`` may be
    drawn on ``grid``; see :func:`check_placement` for the codes."""
    problem = check_placement(grid, placement, lines_may_cross=lines_may_cross)
    if problem is not None:
        raise PlacementError(*problem)


def _distances(grid: GridState, targets: int, crossable: int, lines_may_cross: bool) -> list[int]:
    """Fewest steps from each cell to a ``targets`` cell with every cell in between in
    ``crossable`` (a lower bound for the real line, which must also avoid itself)."""
    nbrs = _neighbours(grid.rows, grid.cols)
    size = grid.size
    dist = [_INF] * size
    frontier = [c for c in range(size) if (targets >> c) & 1]
    for c in frontier:
        dist[c] = 0
    blocked = 0 if lines_may_cross else grid.diagonals
    d = 0
    while frontier:
        d += 1
        nxt = []
        for y in frontier:
            for x, bit in nbrs[y]:
                if dist[x] == _INF and not (bit & blocked):
                    dist[x] = d
                    if (crossable >> x) & 1:
                        nxt.append(x)
        frontier = nxt
    return dist


def _components(grid: GridState, cells: int, lines_may_cross: bool) -> list[int]:
    """The 8-connected components of the cells in bitmask ``cells`` (as bitmasks)."""
    nbrs = _neighbours(grid.rows, grid.cols)
    blocked = 0 if lines_may_cross else grid.diagonals
    seen = 0
    comps = []
    for start in range(grid.size):
        if not (cells >> start) & 1 or (seen >> start) & 1:
            continue
        comp = 1 << start
        stack = [start]
        while stack:
            y = stack.pop()
            for x, bit in nbrs[y]:
                if (cells >> x) & 1 and not (comp >> x) & 1 and not (bit & blocked):
                    comp |= 1 << x
                    stack.append(x)
        seen |= comp
        comps.append(comp)
    return comps


@attrs.frozen(eq=False)
class _Prep:
    """Per-grid facts shared by every word searched on it (cached)."""

    region: int
    letter_masks: tuple[int, ...]  # letter index -> free cells with that letter
    comp_counts: tuple[tuple[int, ...], ...]  # per component: letter counts
    dists: dict[int, list[int]]  # letter index -> distance map (filled lazily)
    # the free region's cuts by size (1: single cells; 2: single cells and pairs), each with
    # its parts' letter counts (one byte per letter), computed on first use
    cut_lists: dict[int, tuple[tuple[Cut, tuple[bytes, ...]], ...]]


def _cuts(grid: GridState, prep: _Prep, lines_may_cross: bool) -> tuple[Cut, ...]:
    """The separators of one or two free cells (cached on ``prep``)."""
    return tuple(cut for cut, _ in _cuts_counted(grid, prep, lines_may_cross))


def _free_graph(
    grid: GridState, prep: _Prep, lines_may_cross: bool
) -> tuple[list[int], list[list[int]]]:
    """The free cells and, per cell, the free neighbours a line may step to."""
    nbrs = _neighbours(grid.rows, grid.cols)
    free = prep.region
    blocked = 0 if lines_may_cross else grid.diagonals
    cells = [c for c in range(grid.size) if (free >> c) & 1]
    adj: list[list[int]] = [[] for _ in range(grid.size)]
    for c in cells:
        adj[c] = [x for x, bit in nbrs[c] if (free >> x) & 1 and not bit & blocked]
    return cells, adj


def _cuts_counted(
    grid: GridState, prep: _Prep, lines_may_cross: bool, size: int = 2
) -> tuple[tuple[Cut, tuple[bytes, ...]], ...]:
    """:func:`_cuts` (``size=1``: the single cells only; ``size=3``: the cuts of three cells
    instead) with the free cells of each letter in each part of each cut."""
    if size == 3:
        return _triple_cuts(grid, lines_may_cross)
    out = prep.cut_lists.get(size)
    if out is None:
        cells, adj = _free_graph(grid, prep, lines_may_cross)
        # a separating pair runs from one wall (a used cell, a blocked diagonal or the edge) to
        # another, so both its cells lie against one: only those are tried (on an open sheet
        # that is a small fraction of the cells)
        anchors = [] if size == 1 else [c for c in cells if len(adj[c]) < 8]
        out = prep.cut_lists[size] = find_cuts_counted(adj, cells, anchors, _codes(grid))
    return out


@lru_cache(maxsize=2)  # thousands of cuts on a crowded sheet: keep only the latest sheets'
def _triple_cuts(
    grid: GridState, lines_may_cross: bool
) -> tuple[tuple[Cut, tuple[bytes, ...]], ...]:
    prep = _prep(grid, lines_may_cross)
    cells, adj = _free_graph(grid, prep, lines_may_cross)
    # a cut of three cells across a passage has its two outer cells against a wall (a used
    # cell, a blocked diagonal or the edge), at most two steps apart
    walled = [c for c in cells if len(adj[c]) < 8]
    cols = grid.cols
    pairs = [
        (u, v)
        for i, u in enumerate(walled)
        for v in walled[i + 1 :]
        if abs(u // cols - v // cols) <= 2 and abs(u % cols - v % cols) <= 2
    ]
    return find_triple_cuts_counted(adj, cells, pairs, _codes(grid))


def _codes(grid: GridState) -> list[int]:
    """The letter code (0-25) of every cell."""
    return [ord(ch) - 65 for ch in grid.letters]


@lru_cache(maxsize=32)
def _prep(grid: GridState, lines_may_cross: bool) -> _Prep:
    free = ((1 << grid.size) - 1) & ~grid.used
    masks = [0] * 26
    for i, ch in enumerate(grid.letters):
        if (free >> i) & 1:
            masks[ord(ch) - 65] |= 1 << i
    counts = []
    for comp in _components(grid, free, lines_may_cross):
        counts.append(tuple((m & comp).bit_count() for m in masks))
    return _Prep(free, tuple(masks), tuple(counts), {}, {})


def _layers(
    rows: int,
    cols: int,
    targets: Sequence[int],
    region: int,
    crossable: int,
    blocked: int,
    lo: int = 1,
) -> list[list[int]] | None:
    """Lower bounds of the steps still needed, by letter position.

    ``q[k][x]`` bounds the steps from ``x`` to a cell circled as letter ``k`` (never ``x``
    itself) plus the steps from there to the end of the word, counting each step once; the
    crossings still needed from a node at ``x`` that must reach letter ``k`` next are at least
    ``q[k][x] - (n - k)``. Only cells in ``region`` are used, only ``crossable`` ones are
    passed over, diagonal steps through ``blocked`` 2x2 blocks are not taken; the line's
    avoidance of itself is ignored, so the bounds are admissible. Layers ``k >= lo`` are
    computed (the others are left empty). Returns None when layer ``lo`` cannot be reached.
    """
    nb_cell, nb_block = _neighbour_lists(rows, cols)
    size = rows * cols
    return layers(
        nb_cell,
        nb_block,
        [_cells_of(t) for t in targets],
        _flags(region, size),
        _flags(crossable, size),
        _flags(blocked, size),
        lo,
        _INF,
    )


def _cells_of(mask: int) -> list[int]:
    """The cells of a bitmask, increasing."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _flags(mask: int, size: int) -> list[bool]:
    """One flag per cell (or 2x2 block) of a bitmask."""
    return [c == "1" for c in reversed(f"{mask & ((1 << size) - 1):0{size}b}")]


@lru_cache(maxsize=64)
def _neighbour_lists(rows: int, cols: int) -> tuple[list[list[int]], list[list[int]]]:
    """:func:`_neighbours` as the lists :mod:`._native` takes: per cell its neighbours and the
    block each step crosses (-1: an orthogonal step). Shared: never changed."""
    nbrs = _neighbours(rows, cols)
    return (
        [[x for x, _ in cell] for cell in nbrs],
        [[bit.bit_length() - 1 for _, bit in cell] for cell in nbrs],
    )


@attrs.frozen(eq=False)
class _Bounds:
    """What the refutation bounds established for one word on one grid (the search's guide):
    the letters' codes, the cells each letter may be circled on, the cells a line may cross
    and the layered bound ``q`` (see :func:`_layers`)."""

    codes: list[int]
    need: dict[int, int]  # letter -> how often the word has it
    masks: dict[int, int]  # letter -> the free cells it may be circled on
    crossable: int
    q: list[list[int]]
    loose: bool  # no circled cells were given (``circles`` is None)

    @property
    def targets(self) -> list[int]:
        """The cells each letter position may be circled on."""
        return [self.masks[c] for c in self.codes]


def _bounds(
    grid: GridState,
    word: str,
    prep: _Prep,
    lines_may_cross: bool,
    circles: Collection[int] | None,
) -> _Bounds | None:
    """The bounds that can refute ``word`` before any search (``None``: refuted).

    1. enough free cells of every letter inside one connected free region;
    2. every consecutive pair of letters within reach of each other;
    3. the layered distance bound (:func:`_layers`);
    4. the single free cells that split the free region (:func:`_cut_off`; the pairs and
       triples are tried by the search once it runs long).
    """
    n = len(word)
    size = grid.size
    codes = [ord(ch) - 65 for ch in word]
    need: dict[int, int] = {}
    for c in codes:
        need[c] = need.get(c, 0) + 1
    free = prep.region
    if circles is not None:
        cset = 0
        for c in circles:
            if not isinstance(c, int) or not 0 <= c < size:
                return None
            cset |= 1 << c
        if len(set(circles)) != n or cset & ~free:
            return None
        crossable = free & ~cset
        masks = {c: prep.letter_masks[c] & cset for c in need}
        if any(masks[c].bit_count() != k for c, k in need.items()):
            return None
        dists = {c: _distances(grid, m, crossable, lines_may_cross) for c, m in masks.items()}
    else:
        crossable = free
        masks = {c: prep.letter_masks[c] for c in need}
        # bound 1: enough free cells of every letter within one connected free region
        if not any(all(cnt[c] >= k for c, k in need.items()) for cnt in prep.comp_counts):
            return None
        dists = prep.dists
        for c in need:
            if c not in dists:
                dists[c] = _distances(grid, masks[c], crossable, lines_may_cross)
    nbrs = _neighbours(grid.rows, grid.cols)
    blocked_static = 0 if lines_may_cross else grid.diagonals
    # bound 2: every consecutive pair of letters within reach of each other
    for i in range(1, n):
        db = dists[codes[i]]
        tb = masks[codes[i]]
        m = masks[codes[i - 1]]
        ok = False
        while m and not ok:
            low = m & -m
            x = low.bit_length() - 1
            m ^= low
            if (tb >> x) & 1:
                ok = any(db[y] < _INF for y, bit in nbrs[x] if not bit & blocked_static)
            else:
                ok = db[x] < _INF
        if not ok:
            return None
    # bound 3: the layered distance bound
    targets = [masks[c] for c in codes]
    q = _layers(grid.rows, grid.cols, targets, free, crossable, blocked_static)
    if q is None:
        return None
    if n > 1 and not any(q[1][x] < _INF for x in range(size) if (targets[0] >> x) & 1):
        return None
    bounds = _Bounds(codes, need, masks, crossable, q, circles is None)
    # bound 4: the single cells a simple line can pass only once
    if _cut_off(grid, prep, bounds, lines_may_cross, 1):
        return None
    return bounds


def _cut_off(
    grid: GridState, prep: _Prep, bounds: _Bounds, lines_may_cross: bool, size: int
) -> bool:
    """Whether a cut of ``size`` free cells (1: single cells; 2: and pairs; 3: triples; see
    :func:`_cuts_counted`) refutes the word: a simple line passes each of its cells at most once,
    so it cannot take the word's letters from the cut's parts in order."""
    codes = bounds.codes
    return len(codes) > 1 and refutes_any(
        _cuts_counted(grid, prep, lines_may_cross, size), codes, bounds.masks, bounds.loose
    )


def _branch_bound(
    grid: GridState, branch: tuple[tuple[int, ...], int], free: int, blocked: int
) -> list[list[int]] | None:
    """The layered bound of one branch of the search (see :func:`_branches`): its targets
    and crossable cells are narrower than the plain search's, so its bound is never smaller;
    ``None`` when the branch holds no placement at all."""
    targets, crossable = branch
    return _layers(grid.rows, grid.cols, targets, free, crossable, blocked)


def find_placements(
    grid: GridState,
    word: str,
    *,
    lines_may_cross: bool = False,
    circles: Collection[int] | None = None,
    max_crossed: int | None = None,
    node_limit: int | None = DEFAULT_NODE_LIMIT,
    _best_only: bool = False,
) -> Iterator[Placement]:
    """Every placement of ``word`` on ``grid``, fewest crossed-out cells first.

    Ties are yielded in a fixed order, so the result is deterministic. ``circles`` restricts
    the circled cells to exactly that set (connecting letters circled earlier); ``max_crossed``
    stops once longer lines would be needed. ``node_limit`` (default
    :data:`DEFAULT_NODE_LIMIT`, 20,000 nodes: about a second or two at worst) raises
    :class:`SearchLimitError` after that many expanded search nodes, carrying the bound the
    search proved so far; ``node_limit=None`` searches without a limit, which for a word that
    fits only by a long detour (or not at all) can take minutes and gigabytes.

    Impossible words are refuted by bounds before any search (:func:`_bounds`): enough free
    cells of every letter inside one connected free region; every consecutive pair of letters
    within reach; an exact layered distance bound (each letter position's cheapest completion,
    ignoring only the line's avoidance of itself); and the cells that split the free region,
    which a simple line can pass only once (:func:`_cut_off`: single cells first; pairs and
    triples of cells after ``_PAIR_CUTS_AFTER`` and ``_TRIPLE_CUTS_AFTER`` search nodes). The
    search (:func:`_search`) is A* over partial lines guided by the layered bound, so it walks
    almost straight to the cheapest placement; after ``_BRANCH_AFTER`` nodes without one it
    restarts split into branches by the cells repeated scarce letters take (see
    :func:`_branches`).
    """
    if not word or not set(word) <= _LETTER_SET:
        return
    prep = _prep(grid, lines_may_cross)
    bounds = _bounds(grid, word, prep, lines_may_cross, circles)
    if bounds is None:
        return
    yield from _search(
        grid, word, prep, bounds, lines_may_cross, max_crossed, node_limit, _best_only
    )


def _need_from(codes: Sequence[int]) -> list[list[tuple[int, int]]]:
    """For each position ``j``: the letters (code, count) of the word from ``j`` on."""
    out: list[list[tuple[int, int]]] = []
    for j in range(len(codes) + 1):
        cnt: dict[int, int] = {}
        for c in codes[j:]:
            cnt[c] = cnt.get(c, 0) + 1
        out.append(sorted(cnt.items()))
    return out


def _start_nodes(
    btargets: Sequence[Sequence[int]],
    bq: Sequence[list[list[int]] | None],
    q: list[list[int]],
    n: int,
    limit: int,
    ppos: Sequence[int],
) -> list[tuple[Any, ...]]:
    """The search's first heap: a line of one circled cell on each cell the first letter may
    take, in each branch, ordered by its bound (the branch's own if known, else ``q``)."""
    heap: list[tuple[Any, ...]] = []
    seq = 0
    for b, bt in enumerate(btargets):
        qb = bq[b]
        exact = qb is not None
        est = q if qb is None else qb
        m = bt[0]
        while m:
            low = m & -m
            s = low.bit_length() - 1
            m ^= low
            h = 0 if n == 1 else est[1][s] - (n - 1)
            if h <= limit:
                heap.append((h, -1, seq, 0, s, 1, 1 << ppos[s], 0, (s, True, None), b, exact))
                seq += 1
    heapq.heapify(heap)
    return heap


def _search(
    grid: GridState,
    word: str,
    prep: _Prep,
    bounds: _Bounds,
    lines_may_cross: bool,
    max_crossed: int | None,
    node_limit: int | None,
    best_only: bool,
) -> Iterator[Placement]:
    """The A* over partial lines behind :func:`find_placements` (the word passed
    :func:`_bounds`): placements fewest crossed cells first, the costlier cuts tried once the
    search runs long, branches (:func:`_branches`) after ``_BRANCH_AFTER`` nodes."""
    n = len(word)
    codes, need, masks, crossable, q = (
        bounds.codes,
        bounds.need,
        bounds.masks,
        bounds.crossable,
        bounds.q,
    )
    targets = bounds.targets
    free = prep.region
    base_diag = 0 if lines_may_cross else grid.diagonals
    rows, cols = grid.rows, grid.cols
    limit = _INF // 2 if max_crossed is None else max_crossed
    # A search that runs long restarts split into branches by which cells repeated letters with
    # few cells take (see _branches); each branch's own layered bound is computed when its first
    # node comes up, until then the shared bound ``q`` (never larger) stands in.
    plain = [(tuple(targets), crossable)]
    split = _branches(codes, targets, masks, crossable)
    attempts = [plain] if split == plain else [plain, split]
    pad = _padding(rows, cols)
    reach_of = _Reach(pad, free, base_diag)
    ppos = pad.pos
    pnbrs = pad.nbrs
    pbase_diag = reach_of.base_diag
    pused = pad.to_padded(grid.used)
    push = heapq.heappush
    pop = heapq.heappop
    pw = pad.width
    region = reach_of.region
    pmasks = {c: pad.to_padded(prep.letter_masks[c] if bounds.loose else masks[c]) for c in need}
    need_from = _need_from(codes)
    # the compiled build makes the merge key in one call (:meth:`._native.Reach.key`)
    native_key = None
    need_masks: list[list[int]] = []
    need_counts: list[list[int]] = []
    if _NATIVE_REACH:
        native_key = Reach(pw, pad.block, reach_of.free, pbase_diag).key
        need_masks = [[pmasks[c] for c, _ in letters] for letters in need_from]
        need_counts = [[k for _, k in letters] for letters in need_from]
    expanded = 0
    yielded = False
    for attempt, branches in enumerate(attempts):
        switch_at = expanded + _BRANCH_AFTER if attempt + 1 < len(attempts) else None
        btargets = [t for t, _ in branches]
        bcross = [c for _, c in branches]
        bq: list[list[list[int]] | None] = [None] * len(branches)
        if branches is plain:
            bq[0] = q
        dead: set[int] = set()
        # heap entries: (f, -matched, seq, g, cur, matched, visited, diag, link, branch, exact),
        # where visited and diag are padded bitmasks, link is the (cell, circled, parent_link)
        # chain of the line so far, and exact says whether f used the branch's own bound
        heap = _start_nodes(btargets, bq, q, n, limit, ppos)
        seq = len(heap)
        # The future of a partial line depends only on (branch, cell, letters matched, cells
        # used, diagonals used); when only the cheapest placement matters, the first of equal
        # keys popped is the cheapest and later ones are dropped (not when enumerating them all).
        seen: set[tuple[int, int, int, int, int]] | None = set() if best_only else None
        while heap:
            f, _, _, g, cur, j, visited, diag, link, b, exact = pop(heap)
            if j == n:
                yielded = True
                yield _build(word, link)
                continue
            if b in dead:
                continue
            qb = bq[b]
            if qb is None:
                qb = _branch_bound(grid, branches[b], free, base_diag)
                if qb is None:
                    dead.add(b)
                    continue
                bq[b] = qb
            if not exact:
                nf = g + qb[j][cur] - (n - j)
                if nf > f:
                    if nf <= limit:
                        push(heap, (nf, -j, seq, g, cur, j, visited, diag, link, b, True))
                        seq += 1
                    continue
            if seen is not None:
                if expanded < _EXACT_KEYS:
                    key: tuple[int, int, int, int, int] = (b, cur, j, visited, diag)
                else:
                    # a long search: the future depends only on the free cells the end can still
                    # reach (they must hold the remaining letters) and the diagonal marks inside
                    # them, so lines that differ only in what they cut off merge
                    if native_key is not None:
                        rk = native_key(ppos[cur], visited, diag, need_masks[j], need_counts[j])
                        if rk is None:
                            continue
                        key = (b, cur, j, rk[0], rk[1])
                    else:
                        reach = region(ppos[cur], visited, diag)
                        if any((reach & pmasks[c]).bit_count() < k for c, k in need_from[j]):
                            continue
                        rc = reach | (1 << ppos[cur])
                        key = (
                            b,
                            cur,
                            j,
                            reach,
                            diag & (((rc >> 1) & (rc >> pw)) | (rc & (rc >> (pw + 1)))),
                        )
                if key in seen:
                    continue
                seen.add(key)
            expanded += 1
            if node_limit is not None and expanded > node_limit:
                raise SearchLimitError(
                    f"no verdict for {word} within {node_limit} search nodes"
                    f" (any placement not yet found crosses out at least {f} cells)",
                    f,
                    node_limit,
                )
            if switch_at is not None and expanded >= switch_at and not yielded:
                break  # restart split into branches
            if not yielded and (
                (expanded == _PAIR_CUTS_AFTER and _cut_off(grid, prep, bounds, lines_may_cross, 2))
                or (
                    expanded == _TRIPLE_CUTS_AFTER
                    and _cut_off(grid, prep, bounds, lines_may_cross, 3)
                )
            ):
                return  # a long search tried the costlier cuts, once each
            target = btargets[b][j]
            passable = bcross[b]
            qj = qb[j]
            qn = qb[j + 1] if j + 1 < n else None
            left = n - j
            occupied = pused | visited
            alldiag = pbase_diag | diag
            for x, px, bit in pnbrs[cur]:
                if (occupied >> px) & 1:
                    continue
                ndiag = diag
                if bit:
                    if alldiag & bit:
                        continue
                    if not lines_may_cross:
                        ndiag = diag | bit
                nvis = visited | (1 << px)
                if (target >> x) & 1:
                    # circle x as letter j
                    if qn is None:
                        if g <= limit:
                            push(heap, (g, -n, seq, g, x, n, nvis, ndiag, (x, True, link), b, True))
                            seq += 1
                    else:
                        nf = g + qn[x] - (left - 1)
                        if nf <= limit:
                            push(
                                heap,
                                (
                                    nf,
                                    -j - 1,
                                    seq,
                                    g,
                                    x,
                                    j + 1,
                                    nvis,
                                    ndiag,
                                    (x, True, link),
                                    b,
                                    True,
                                ),
                            )
                            seq += 1
                if (passable >> x) & 1:
                    ng = g + 1
                    nf = ng + qj[x] - left
                    if nf <= limit:
                        push(heap, (nf, -j, seq, ng, x, j, nvis, ndiag, (x, False, link), b, True))
                        seq += 1
        else:
            return  # the search space is exhausted


#: At most this many branches split one search (see :func:`_branches`).
_MAX_BRANCHES = 24
#: A search that has expanded this many nodes without a placement tries the cuts of two
#: cells (found once per sheet, 30-150 ms; most words are settled sooner) ...
_PAIR_CUTS_AFTER = 200
#: ... restarts in branches ...
_BRANCH_AFTER = 300
#: ... and after this many it tries the cuts of three cells (see :mod:`._cuts`; finding them
#: takes about 1-2 s per crowded sheet, once, so short searches such as the bots' never do).
_TRIPLE_CUTS_AFTER = 5_000


def _branches(
    codes: Sequence[int], targets: Sequence[int], masks: dict[int, int], crossable: int
) -> list[tuple[tuple[int, ...], int]]:
    """The search's branches: ``(targets by letter position, crossable cells)`` each.

    The layered bound lets a line circle one cell for two positions of a repeated letter, which
    makes it weak exactly where a word is hard (two Ps and two P cells: the bound happily uses
    one of them twice). So for repeated letters with few cells, each way of giving their
    positions distinct cells is a branch of its own; those cells may then be circled only at
    their position, never crossed. The branches partition the placements, so searching them
    together stays exact. Letters are chosen fewest ways first while the product of ways stays
    within ``_MAX_BRANCHES``; without such a letter there is one branch, the plain search.
    """
    positions: dict[int, list[int]] = {}
    for i, c in enumerate(codes):
        positions.setdefault(c, []).append(i)
    options = []
    for c, pos in positions.items():
        if len(pos) < 2:
            continue
        cells = [x for x in range(masks[c].bit_length()) if (masks[c] >> x) & 1]
        ways = perm(len(cells), len(pos))
        if ways:
            options.append((ways, c, pos, cells))
    options.sort()
    chosen = []
    total = 1
    for ways, _, pos, cells in options:
        if total * ways <= _MAX_BRANCHES:
            chosen.append((pos, cells))
            total *= ways
    if not chosen:
        return [(tuple(targets), crossable)]
    out = []
    for combo in product(*(permutations(cells, len(pos)) for pos, cells in chosen)):
        t = list(targets)
        reserved = 0
        for (pos, _), picked in zip(chosen, combo, strict=True):
            for i, cell in zip(pos, picked, strict=True):
                t[i] = 1 << cell
                reserved |= 1 << cell
        out.append((tuple(t), crossable & ~reserved))
    return out


@attrs.frozen(eq=False)
class _Padding:
    """A grid's cells laid out ``cols + 1`` bits per row with an empty row below, so that the
    eight king-move shifts of a whole bitmask never wrap into a real cell; ``block`` bits hold
    one copy of the grid."""

    width: int
    block: int
    pos: tuple[int, ...]  # cell -> padded bit position
    nbrs: tuple[tuple[tuple[int, int, int], ...], ...]  # cell -> (nb, padded nb, padded block)
    rows: int
    cols: int

    def to_padded(self, mask: int) -> int:
        """``mask`` (a plain cell bitmask) in the padded layout."""
        cols, w = self.cols, self.width
        row = (1 << cols) - 1
        out = 0
        for r in range(self.rows):
            out |= ((mask >> (r * cols)) & row) << (r * w)
        return out


@lru_cache(maxsize=64)
def _padding(rows: int, cols: int) -> _Padding:
    w = cols + 1
    pos = tuple(r * w + c for r in range(rows) for c in range(cols))
    # the plain neighbour table with every position and block bit moved to the padded layout
    nbrs = tuple(
        tuple((x, pos[x], 1 << pos[bit.bit_length() - 1] if bit else 0) for x, bit in cell)
        for cell in _neighbours(rows, cols)
    )
    return _Padding(w, (rows + 1) * w, pos, nbrs, rows, cols)


class _Reach:
    """Flood fills over a grid's free cells as bitsets in the padded layout: one step of the
    fill is a dozen big-int operations for the whole grid."""

    def __init__(self, pad: _Padding, free: int, base_diag: int) -> None:
        self.width = pad.width
        self.free = pad.to_padded(free)
        self.base_diag = pad.to_padded(base_diag)

    def region(self, start: int, visited: int, diag: int) -> int:
        """The free cells not in ``visited`` reachable from padded position ``start``."""
        w = self.width
        open_ = self.free & ~visited
        blocks = self.base_diag | diag
        no_dr = ~blocks
        no_ul = ~(blocks << (w + 1))
        no_dl = ~(blocks << 1)
        no_ur = ~(blocks << w)
        frontier = 1 << start
        seen = 0
        while frontier:
            x = frontier
            d = (
                (x << 1)
                | (x >> 1)
                | (x << w)
                | (x >> w)
                | ((x & no_dr) << (w + 1))
                | ((x & no_ul) >> (w + 1))
                | ((x & no_dl) << (w - 1))
                | ((x & no_ur) >> (w - 1))
            )
            frontier = d & open_ & ~seen
            seen |= frontier
        return seen


def _build(word: str, link: object) -> Placement:
    cells: list[int] = []
    flags: list[bool] = []
    node: Any = link
    while node is not None:
        cells.append(node[0])
        flags.append(node[1])
        node = node[2]
    cells.reverse()
    flags.reverse()
    return Placement(word, tuple(cells), tuple(i for i, f in enumerate(flags) if f))


def best_placement(
    grid: GridState,
    word: str,
    *,
    lines_may_cross: bool = False,
    circles: Collection[int] | None = None,
    max_crossed: int | None = None,
    node_limit: int | None = DEFAULT_NODE_LIMIT,
) -> Placement | None:
    """A placement of ``word`` with the fewest crossed-out cells, or ``None`` if there is none
    (with ``max_crossed``: none crossing at most that many cells). ``None`` is a proof: the
    search is exhaustive unless ``node_limit`` (default :data:`DEFAULT_NODE_LIMIT`;
    ``None``: unbounded) raises :class:`SearchLimitError`.

    The cyclic garbage collector is paused meanwhile: a search makes tens of thousands of
    heap entries and keys (tuples, no reference cycles), which it would walk again and again.
    """
    return paused_gc(_best_placement, grid, word, lines_may_cross, circles, max_crossed, node_limit)


def _best_placement(
    grid: GridState,
    word: str,
    lines_may_cross: bool,
    circles: Collection[int] | None,
    max_crossed: int | None,
    node_limit: int | None,
) -> Placement | None:
    for p in find_placements(
        grid,
        word,
        lines_may_cross=lines_may_cross,
        circles=circles,
        max_crossed=max_crossed,
        node_limit=node_limit,
        _best_only=True,
    ):
        return p
    return None


def can_place(
    grid: GridState,
    word: str,
    *,
    lines_may_cross: bool = False,
    node_limit: int | None = DEFAULT_NODE_LIMIT,
) -> bool:
    """True if ``word`` fits anywhere on ``grid`` (:class:`SearchLimitError` past
    ``node_limit`` search nodes, as :func:`best_placement`)."""
    return (
        best_placement(grid, word, lines_may_cross=lines_may_cross, node_limit=node_limit)
        is not None
    )
