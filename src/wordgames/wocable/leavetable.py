"""Superleave tables: an exact value for every leave, read from the CSV that Quackle, Macondo
and MAGPIE exchange.

The file has one ``leave,value`` line per leave: the kept tiles in any order (``?`` a blank,
multi-letter tiles in brackets as in the notation, ``[CH]``, ``[LL]``, ``[RR]``; ``Ñ`` as
itself) and the points keeping them is worth. A leave missing from the file is worth 0, as
is keeping nothing (and the whole 7-tile rack). Whitespace around a field and blank lines
are ignored. Refused, naming the line, with nothing loaded (:class:`InvalidStateError`): a
line that is not ``leave,value``, an empty leave or one of more than 6 tiles, a tile that is
not in the tile set (lowercase letters included), a value that is not a finite number, and
the same leave twice (in any spelling: ``AB`` and ``BA`` are one leave; a table has one
value per leave, so a second line is an error rather than an override). A leave with more
copies of a tile than the set holds is kept: no rack can hold it, so it is never looked up.

Storage is one flat ``array('d')`` indexed by a combinatorial rank of the leave (the
multisets of at most 6 tiles, colex order, so a lookup is a sum of 6 precomputed ints and an
index, no search and no hashing), plus a ``bytearray`` marking the leaves the file gave. For
the English set that is 1,107,568 slots: 8.9 MB of doubles and 1.1 MB of marks, however many
leaves the file has. ``benchmarks/wocable_leaves.py`` prints the load time, memory and
lookup cost of the full 914,624-leave English table.
"""

from __future__ import annotations

import math
import re
import sys
from array import array
from bisect import bisect_right
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import pairwise, repeat
from operator import getitem
from os import PathLike, fspath
from typing import TYPE_CHECKING, Final

from wordgames._core.errors import InvalidStateError, ParseError, short_repr
from wordgames.wocable.actions import BLANK_TOKEN, split_tokens, token_text
from wordgames.wocable.engine import RACK_SIZE, Tiles
from wordgames.wocable.rules import tile_set
from wordgames.wocable.shadow import LeaveFn, ranked_leave

if TYPE_CHECKING:
    from wordgames.wocable.leaves import LeaveModel

__all__ = ["MAX_LEAVE", "MEMO_LIMIT", "LeaveTable"]

MAX_LEAVE: Final = RACK_SIZE - 1
"""the most tiles a leave table holds a value for (a placement plays at least one tile)"""

MEMO_LIMIT: Final = 50_000
"""the most lookups a table remembers (about 5 MB) before its memo starts afresh"""

#: the fast path reads the file in pieces of about this many bytes (a bounded transient)
_CHUNK: Final = 1 << 18
#: leave codes in the fast path: byte ``_BASE + id`` (clear of ``\n`` and ``,``)
_BASE: Final = 0x40
_TWO_COMMAS: Final = re.compile(rb",[^\n]*,")


def _rank_tables(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``tabs[k][j][t]``: the part of the rank of a ``k``-tile leave (sorted ids) that its
    ``j``-th tile ``t`` contributes; ``tabs[7]`` sends every 7-tile rack to the slot after
    the last (always 0).

    The rank is the colex rank of the leave padded in front to 6 symbols with a symbol 0
    below every tile (tile ``t`` is symbol ``t + 1``): a 6-multiset of ``n + 1`` symbols is
    the combination ``b_i = c_i + i - 1`` (``i`` = 1..6), of rank ``sum(comb(b_i, i))``; the
    padding adds 0, so every size shares one index from 0 (the empty leave) to
    ``comb(n + 6, 6) - 1``."""
    m = MAX_LEAVE
    tabs: list[tuple[tuple[int, ...], ...]] = []
    for k in range(m + 1):
        tabs.append(
            tuple(
                tuple(math.comb(t + m - k + j, m - k + j) for t in range(n))
                for j in range(1, k + 1)
            )
        )
    size = math.comb(n + m, m)
    tabs.append((tuple(repeat(size, n)), *(tuple(repeat(0, n)) for _ in range(m))))
    return tuple(tabs)


#: the pad byte of a leave in a 6-byte record (below every code)
_PAD: Final = 0x20
_LANE: Final = 4


def _planes(tabs: Sequence[Sequence[Sequence[int]]]) -> list[tuple[bytes, bytes, bytes]]:
    """Per position of a 6-byte record (a leave right-justified with :data:`_PAD`), three
    256-byte translation tables giving the low, middle and high byte of the rank part
    (``tabs[6][i]``) of the code byte there (the pad: 0)."""
    out: list[tuple[bytes, bytes, bytes]] = []
    for col in tabs[MAX_LEAVE]:
        planes = []
        for shift in (0, 8, 16):
            tr = bytearray(256)
            for t, x in enumerate(col):
                tr[_BASE + t] = x >> shift & 0xFF
            planes.append(bytes(tr))
        out.append((planes[0], planes[1], planes[2]))
    return out


def _ranks(
    parts: list[bytes], planes: list[tuple[bytes, bytes, bytes]], blank: bytes
) -> array[int]:
    """The ranks of the leaves ``parts`` (code bytes, 1-6 each), computed for all of them
    at once: the leaves with the blanks first (MAGPIE's order) get them moved last, the
    leaves are right-justified into 6-byte records, and when every record is sorted (each
    column at least the one before it, compared as lanes of one big integer) the rank is
    the sum over the 6 columns of their translated bytes, as 4-byte lanes of big integers
    (no lane overflows: a rank is below 2**24). Otherwise the leaves are sorted one by one
    first."""
    if blank:
        parts = [p if p[:1] != blank else _blanks_last(p, blank) for p in parts]
    n = len(parts)
    rec = (b"%6s" * n) % tuple(parts)
    cols = [rec[i::MAX_LEAVE] for i in range(MAX_LEAVE)]
    high = int.from_bytes(b"\x80" * n, "little")
    for a, b in pairwise(cols):
        if ((int.from_bytes(b, "little") | high) - int.from_bytes(a, "little")) & high != high:
            parts = [bytes(sorted(p)) for p in parts]
            rec = (b"%6s" * n) % tuple(parts)
            cols = [rec[i::MAX_LEAVE] for i in range(MAX_LEAVE)]
            break
    acc = 0
    lanes = bytearray(_LANE * n)
    for col, (lo, mid, hi) in zip(cols, planes):  # noqa: B905
        lanes[0::_LANE] = col.translate(lo)
        lanes[1::_LANE] = col.translate(mid)
        lanes[2::_LANE] = col.translate(hi)
        acc += int.from_bytes(lanes, "little")
    ranks = array("I")
    ranks.frombytes(acc.to_bytes(_LANE * n, "little"))
    if sys.byteorder != "little":
        ranks.byteswap()
    return ranks


def _blanks_last(p: bytes, blank: bytes) -> bytes:
    rest = p.lstrip(blank)
    return rest + blank * (len(p) - len(rest))


class LeaveTable:
    """A leave value for every leave of 1-6 tiles of one tile set, the rest worth 0 (see the
    module docs). A ``LeaveTable`` is a leave function: ``table(kept)`` takes the sorted tile
    ids kept (ids of the packaged lexicon of the tile set: the tile set's letters in order,
    the blank last) and gives their value, so it goes wherever a leave function does
    (``best_moves(leave=table)``, :func:`~wordgames.wocable.shadow.ranked`,
    ``EquityBot(leave=table)``). For a lexicon whose alphabet differs (a custom word list),
    pass ``table.for_tiles(state.tiles)``, as for a
    :class:`~wordgames.wocable.leaves.LeaveModel`."""

    __slots__ = ("_count", "_memo", "_present", "_tabs", "_values", "names", "tiles")

    #: the tile set's name (``"en"``, ``"es"``)
    tiles: str
    #: tile names by id: the tile set's letters (``"CH"`` for a digraph), then ``"?"``
    names: tuple[str, ...]

    def __init__(self, tiles: str = "en") -> None:
        """An empty table for tile set ``tiles`` (every leave 0); fill one with
        :meth:`from_csv`, :meth:`from_items` or :meth:`from_model`."""
        ts = tile_set(tiles)
        self.tiles = tiles
        self.names = (*ts.letters, BLANK_TOKEN)
        n = len(self.names)
        self._tabs = _rank_tables(n)
        size = math.comb(n + MAX_LEAVE, MAX_LEAVE)
        self._values = array("d", bytes(8 * (size + 1)))  # the last slot: 7-tile racks
        self._present = bytearray(size)
        self._count = 0
        self._memo: dict[tuple[int, ...], float] = {}

    # -- lookups ---------------------------------------------------------------------------

    def __call__(self, kept: tuple[int, ...]) -> float:
        """The value of the sorted tile ids ``kept`` (0 for none, for 7 tiles and for a leave
        the table does not list): the ``leave`` argument of ``best_moves``. Memoised like the
        packaged model (at most :data:`MEMO_LIMIT` leaves, then the memo starts afresh)."""
        memo = self._memo
        v = memo.get(kept)
        if v is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            v = memo[kept] = self._values[sum(map(getitem, self._tabs[len(kept)], kept))]
        return v

    def value(self, leave: str | Sequence[str]) -> float:
        """The value of a leave given as notation (``"?AE[CH]"``, any order) or as a sequence
        of tile names (``["?", "A", "CH"]``); :class:`ValueError` on a tile outside the set
        or more than 6 tiles."""
        return self(self._ids(leave))

    def for_tiles(self, tiles: Tiles) -> LeaveFn:
        """The table as a function on the tile ids of ``tiles`` (``state.tiles``): on the
        table's own ids (the packaged lexicons) a plain function over the same arrays and
        memo (a little faster to call than the table), else one translating the ids first.
        :class:`ValueError` for the tiles of another tile set."""
        if tiles.rules.tiles != self.tiles:
            raise ValueError(
                f"a leave table of tile set {self.tiles!r} used with tile set {tiles.rules.tiles!r}"
            )
        names = (*tiles.alphabet, BLANK_TOKEN)
        tabs, values = self._tabs, self._values
        if names == self.names:
            return ranked_leave(tabs, values, self._memo, MEMO_LIMIT)
        index = {a: i for i, a in enumerate(self.names)}
        # a letter of the lexicon outside the tile set is never on a rack
        code = tuple(index.get(a, 0) for a in names)
        other: dict[tuple[int, ...], float] = {}

        def leave_other(kept: tuple[int, ...]) -> float:
            v = other.get(kept)
            if v is None:
                if len(other) >= MEMO_LIMIT:
                    other.clear()
                ids = sorted(map(code.__getitem__, kept))
                v = other[kept] = values[sum(map(getitem, tabs[len(ids)], ids))]
            return v

        return leave_other

    def __len__(self) -> int:
        """The number of leaves the table lists."""
        return self._count

    def items(self) -> Iterator[tuple[str, float]]:
        """Every leave listed, as (notation with the blank first, value), by size, then in
        the tile set's order (the order MAGPIE writes)."""
        blank = len(self.names) - 1
        texts = [token_text(a) for a in self.names]
        # colex unranking: the largest b with comb(b, i) <= the rank left, position 6 to 1
        cols = [
            [math.comb(b, i) for b in range(len(self.names) + MAX_LEAVE)]
            for i in range(MAX_LEAVE + 1)
        ]
        present, values = self._present, self._values
        out: list[tuple[tuple[int, ...], float]] = []
        r = present.find(1)
        while r >= 0:
            left = r
            ids: list[int] = []
            for i in range(MAX_LEAVE, 0, -1):
                b = bisect_right(cols[i], left) - 1
                left -= cols[i][b]
                c = b - (i - 1)  # the symbol: 0 the pad, t + 1 the tile t
                if c:
                    ids.append(c - 1)
            ids.reverse()
            nb = ids.count(blank)
            key = (len(ids), *((-1,) * nb), *ids[: len(ids) - nb])
            out.append((key, values[r]))
            r = present.find(1, r + 1)
        out.sort()
        for key, v in out:
            tiles = key[1:]
            yield "".join(texts[blank] if t < 0 else texts[t] for t in tiles), v

    def to_csv(self) -> str:
        """The table as ``leave,value`` lines (:meth:`items` order; the values in their
        shortest exact form), which :meth:`from_csv` reads back to an equal table."""
        return "".join(f"{leave},{v!r}\n" for leave, v in self.items())

    def __eq__(self, other: object) -> bool:
        """Tables are equal when they have the tile set and list the same leaves with the
        same values."""
        if not isinstance(other, LeaveTable):
            return NotImplemented
        return (
            self.tiles == other.tiles
            and self._present == other._present
            and self._values == other._values
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<LeaveTable {self.tiles} with {self._count} leaves>"

    # -- building --------------------------------------------------------------------------

    def _ids(self, leave: str | Sequence[str]) -> tuple[int, ...]:
        toks = split_tokens(leave) if isinstance(leave, str) else list(leave)
        index = {a: i for i, a in enumerate(self.names)}
        ids: list[int] = []
        for tok in toks:
            i = index.get(tok)
            if i is None:
                raise ValueError(f"tile {short_repr(tok)} is not in tile set {self.tiles!r}")
            ids.append(i)
        if len(ids) > MAX_LEAVE:
            raise ValueError(f"a leave has at most {MAX_LEAVE} tiles, got {len(ids)}")
        return tuple(sorted(ids))

    def _rank(self, ids: Sequence[int]) -> int:
        return sum(map(getitem, self._tabs[len(ids)], ids))

    @classmethod
    def from_items(
        cls, items: Mapping[str, float] | Iterable[tuple[str, float]], *, tiles: str = "en"
    ) -> LeaveTable:
        """A table from (leave, value) pairs, leaves as for :meth:`value`: the same checks
        as :meth:`from_csv` (:class:`ValueError` naming the leave; nothing built)."""
        table = cls(tiles)
        pairs = items.items() if isinstance(items, Mapping) else items
        values, present = table._values, table._present
        seen: dict[int, str] = {}
        for leave, v in pairs:
            ids = table._ids(leave)
            if not ids:
                raise ValueError("an empty leave has no entry (it is worth 0)")
            x = float(v)
            if not math.isfinite(x):
                raise ValueError(f"leave {short_repr(leave)}: value {x!r} is not finite")
            r = table._rank(ids)
            if r in seen:
                raise ValueError(f"leave {short_repr(leave)} given twice (as {seen[r]!r})")
            seen[r] = str(leave)
            values[r] = x
            present[r] = 1
        table._count = len(seen)
        return table

    @classmethod
    def from_model(cls, model: LeaveModel, *, max_size: int = MAX_LEAVE) -> LeaveTable:
        """The packaged learned model (:func:`~wordgames.wocable.leaves.leave_model`) as a
        table: every leave of 1 to ``max_size`` tiles that the tile set can deal (no more
        copies of a tile than it has), valued by the model (914,624 leaves for the English
        set at 6 tiles, a few seconds)."""
        if not 0 <= max_size <= MAX_LEAVE:
            raise ValueError(f"max_size must be 0 to {MAX_LEAVE}, got {max_size!r}")
        table = cls(model.tiles)
        ts = tile_set(model.tiles)
        limits = (*ts.counts, ts.blanks)
        fn = model.for_names(table.names)
        values, present, tabs = table._values, table._present, table._tabs
        count = 0
        n = len(table.names)

        def walk(prefix: list[int], start: int) -> None:
            nonlocal count
            k = len(prefix)
            if k:
                ids = tuple(prefix)
                r = sum(map(getitem, tabs[k], ids))
                values[r] = fn(ids)
                present[r] = 1
                count += 1
            if k == max_size:
                return
            for t in range(start, n):
                if prefix.count(t) < limits[t]:
                    prefix.append(t)
                    walk(prefix, t)
                    prefix.pop()

        walk([], 0)
        table._count = count
        return table

    @classmethod
    def from_csv(cls, source: str | bytes | PathLike[str], *, tiles: str = "en") -> LeaveTable:
        """A table read from superleave CSV (module docs): ``source`` is the text itself (a
        ``str`` that is empty or holds a comma or a newline, or ``bytes`` in UTF-8) or the
        path of a file (any other ``str``, or a path object). :class:`InvalidStateError`
        naming the line on bad content, nothing loaded; the errors of ``open`` for a path
        that cannot be read."""
        if isinstance(source, bytes):
            data = source
        elif isinstance(source, str) and (not source or "," in source or "\n" in source):
            data = source.encode("utf-8")
        else:
            with open(fspath(source), "rb") as f:
                data = f.read()
        table = cls(tiles)
        if not table._load_fast(data):
            table = cls(tiles)
            table._load_slow(data)
        return table

    def _load_fast(self, data: bytes) -> bool:
        """Read ``data`` when every line is exactly ``leave,value`` with no blank line or
        space in a leave, in C-speed passes over pieces of about 256 KB; False (the table
        possibly half-filled: the caller starts afresh) when anything is unusual, including
        every error, which :meth:`_load_slow` then finds and names."""
        trans = bytearray(range(256))
        valid = bytearray(b"\n")
        multi: list[tuple[bytes, bytes]] = []  # multi-byte tokens -> one placeholder byte
        for i, a in enumerate(self.names):
            text = token_text(a).encode("utf-8")
            if len(text) == 1:
                trans[text[0]] = _BASE + i
            else:
                ph = 0x80 + i
                multi.append((text, bytes((ph,))))
                trans[ph] = _BASE + i
            valid.append(_BASE + i)
        # the multi-byte UTF-8 letters first (self-synchronising, they match only
        # themselves), then the bracketed (ASCII) ones
        multi.sort(key=lambda m: m[0].startswith(b"["))
        table = bytes(trans)
        keep = bytes(valid)
        values, present, tabs = self._values, self._present, self._tabs
        # the rank tables indexed by code byte (``_BASE + id``)
        planes = _planes(tabs)
        blank = bytes((_BASE + len(self.names) - 1,))
        count = 0
        pos, end = 0, len(data)
        while pos < end:
            stop = data.find(b"\n", min(pos + _CHUNK, end - 1))
            stop = end if stop < 0 else stop + 1
            chunk = data[pos:stop]
            pos = stop
            if chunk.endswith(b"\n"):
                chunk = chunk[:-1]
            lines = chunk.count(b"\n") + 1
            if chunk.count(b",") != lines or _TWO_COMMAS.search(chunk):
                return False
            flat = chunk.replace(b"\n", b",").split(b",")
            try:
                vals = array("d", map(float, flat[1::2]))
            except ValueError:
                return False
            if not all(map(math.isfinite, vals)):
                return False
            leaves = b"\n".join(flat[0::2])
            for token, byte in multi:
                leaves = leaves.replace(token, byte)
            leaves = leaves.translate(table)
            if leaves.translate(None, keep):
                return False  # a byte that is no tile of the set
            parts = leaves.split(b"\n")
            if min(map(len, parts)) < 1 or max(map(len, parts)) > MAX_LEAVE:
                return False
            ranks = _ranks(parts, planes, blank if blank in leaves else b"")
            deque(map(present.__setitem__, ranks, repeat(1)), maxlen=0)
            if present.count(1) != count + len(ranks):
                return False  # a leave twice
            count += len(ranks)
            deque(map(values.__setitem__, ranks, vals), maxlen=0)
        self._count = count
        return True

    def _load_slow(self, data: bytes) -> None:
        """Read ``data`` line by line (the reference semantics), raising
        :class:`InvalidStateError` at the first bad line."""
        index = {a: i for i, a in enumerate(self.names)}
        seen: dict[int, int] = {}
        ranks: list[int] = []
        vals: list[float] = []
        for no, raw in enumerate(data.split(b"\n"), 1):
            try:
                line = raw.decode("utf-8").strip()
            except UnicodeDecodeError:
                raise InvalidStateError(f"leave table line {no}: not UTF-8 text") from None
            if not line:
                continue
            leave, sep, val = line.partition(",")
            if not sep or "," in val:
                raise InvalidStateError(
                    f"leave table line {no}: expected 'leave,value', got {short_repr(line)}"
                )
            leave = leave.strip()
            try:
                toks = split_tokens(leave)
            except ParseError:
                raise InvalidStateError(
                    f"leave table line {no}: malformed leave {short_repr(leave)}"
                ) from None
            if not toks:
                raise InvalidStateError(f"leave table line {no}: empty leave")
            if len(toks) > MAX_LEAVE:
                raise InvalidStateError(
                    f"leave table line {no}: a leave has at most {MAX_LEAVE} tiles,"
                    f" {short_repr(leave)} has {len(toks)}"
                )
            ids: list[int] = []
            for tok in toks:
                i = index.get(tok)
                if i is None:
                    raise InvalidStateError(
                        f"leave table line {no}: tile {short_repr(tok)} is not in tile set"
                        f" {self.tiles!r}"
                    )
                ids.append(i)
            try:
                x = float(val)
            except ValueError:
                raise InvalidStateError(
                    f"leave table line {no}: value {short_repr(val.strip())} is not a number"
                ) from None
            if not math.isfinite(x):
                raise InvalidStateError(
                    f"leave table line {no}: value {short_repr(val.strip())} is not finite"
                )
            r = self._rank(sorted(ids))
            if r in seen:
                raise InvalidStateError(
                    f"leave table line {no}: leave {short_repr(leave)} already given on line"
                    f" {seen[r]}"
                )
            seen[r] = no
            ranks.append(r)
            vals.append(x)
        for r, x in zip(ranks, vals, strict=True):
            self._values[r] = x
            self._present[r] = 1
        self._count = len(ranks)
