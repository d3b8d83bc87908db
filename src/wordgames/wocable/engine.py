"""Board encoding, placement checking and scoring shared by the state and the move generators.

Encoding (internal; the public surface speaks notation):

- a *tile id* is a lexicon letter code ``0..L-1`` or ``L`` (= :attr:`Tiles.blank`) for a blank;
- a *board* is a tuple of ``size * size`` cells, ``-1`` empty, ``c`` a real letter ``c``,
  ``c | BLANK_BIT`` a blank played as letter ``c``;
- a *rack* is a sorted tuple of tile ids; a *bag* a tuple of counts indexed by tile id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from wordgames._core.errors import RulesError, short_repr
from wordgames.wocable.actions import (
    BLANK_TOKEN,
    THROUGH_TOKEN,
    Exchange,
    Place,
    split_tokens,
    tile_sort_key,
)
from wordgames.wocable.rules import Rules

if TYPE_CHECKING:
    from array import array

    from wordgames.lexicon import Lexicon

__all__ = [
    "BLANK_BIT",
    "EMPTY",
    "PlacementError",
    "Tiles",
    "board_rows",
    "exchanges",
    "parse_board",
    "position_text",
    "tiles_for",
]

# Final: the compiled build inlines them (an unmarked module constant imported elsewhere is a
# dictionary lookup and an unboxing at every use)
EMPTY: Final = -1
BLANK_BIT: Final = 64
LETTER: Final = BLANK_BIT - 1
RACK_SIZE: Final = 7
BINGO: Final = 50


GraphArrays = tuple["array[int]", "array[int]", "array[int]", bytes, int]
"""(mask, first, targets, terminal, root) of a word graph: typed, so that the compiled walks
do native integer arithmetic on what they read (``terminal`` as bytes, which the compiled
build indexes natively)"""


def graph_arrays(graph: Any) -> GraphArrays:
    """(mask, first, targets, terminal, root) of a lexicon WordGraph's flat arrays."""
    mask = getattr(graph, "mask", None)
    if mask is None:
        mask = graph.masks
    return mask, graph.first, graph.targets, bytes(graph.terminal), int(graph.root)


class PlacementError(Exception):
    """Internal: why a placement is illegal (turned into IllegalActionError by the state)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Tiles:
    """Everything derived from (rules, lexicon) that the engine needs, built once and cached."""

    __slots__ = (
        "_gaddag",
        "_gaddag_masks",
        "all_mask",
        "alphabet",
        "blank",
        "centre",
        "counts",
        "dawg",
        "digest",
        "letter_mult",
        "lexicon",
        "lower",
        "rules",
        "size",
        "split_pairs",
        "texts",
        "token_code",
        "total",
        "values",
        "word_mult",
    )

    def __init__(self, rules: Rules, lexicon: Lexicon) -> None:
        ts = rules.tile_set
        lay = rules.board_layout
        self.rules = rules
        self.lexicon = lexicon
        self.digest = lexicon.digest
        self.alphabet: tuple[str, ...] = tuple(lexicon.alphabet)
        L = len(self.alphabet)
        if L >= BLANK_BIT:
            raise RulesError(f"lexicon alphabet too large ({L} tiles)")
        index = lexicon.index
        missing = [t for t in ts.letters if t not in index]
        if missing:
            raise RulesError(
                f"lexicon {lexicon.name!r} cannot spell tiles {missing} of tile set {ts.name!r}"
            )
        self.blank = L
        values = [0] * (L + 1)
        counts = [0] * (L + 1)
        all_mask = 0
        for t, n, v in zip(ts.letters, ts.counts, ts.values, strict=True):
            c = index[t]
            values[c], counts[c] = v, n
            all_mask |= 1 << c
        counts[L] = ts.blanks if rules.blanks else 0
        self.values: tuple[int, ...] = tuple(values)
        self.counts: tuple[int, ...] = tuple(counts)
        self.total = sum(counts)
        self.all_mask = all_mask
        self.size = lay.size
        self.centre = lay.centre
        self.letter_mult = lay.letter_mult
        self.word_mult = lay.word_mult
        self.dawg = graph_arrays(lexicon.dawg)
        self._gaddag: GraphArrays | None = None
        self._gaddag_masks: list[int] | None = None
        # The digraph rule (Rules.split_digraphs False): first code -> mask of the second codes
        # that would join with it into a digraph tile of the set (C -> H, L -> L, R -> R).
        pairs: dict[int, int] = {}
        if not rules.split_digraphs:
            for t in ts.letters:
                for i in range(1, len(t)):
                    a, b = index.get(t[:i]), index.get(t[i:])
                    if a is not None and b is not None:
                        pairs[a] = pairs.get(a, 0) | 1 << b
        self.split_pairs: dict[int, int] = pairs
        if pairs and _spells_split(lexicon, pairs):
            raise SplitLexiconError(
                f"lexicon {short_repr(lexicon.name)} spells digraphs with two tiles (C+H as"
                " CH, every spelling), which the default rules refuse: it goes with"
                " Rules(split_digraphs=True), the house rule"
            )
        # notation: code -> text (brackets for digraphs), lowercase for blanks
        self.texts = tuple(a if len(a) == 1 else f"[{a}]" for a in self.alphabet)
        self.lower = tuple(t.lower() for t in self.texts)
        tc: dict[str, int] = {}
        for t in ts.letters:
            tc[t] = index[t]
            tc[t.lower()] = index[t] | BLANK_BIT
        tc[BLANK_TOKEN] = L
        self.token_code = tc

    @property
    def gaddag(self) -> GraphArrays:
        """The lexicon's GADDAG arrays (the GADDAG is built on first use)."""
        g = self._gaddag
        if g is None:
            g = graph_arrays(self.lexicon.gaddag)
            self._gaddag = g
        return g

    @property
    def gaddag_masks(self) -> list[int]:
        """The GADDAG's edge masks (``gaddag[0]``) as a list, equal masks sharing one int:
        the move generator's walks read them as list items, a plain read in both builds,
        where an array item is a new int each time. Built on first use (about 4 MB for
        ENABLE: 422k list slots, 23k distinct masks)."""
        ms = self._gaddag_masks
        if ms is None:
            shared: dict[int, int] = {}
            arr = self.gaddag[0]
            # map, not a comprehension: the compiled build would unbox each int and box it
            # again into a new object, losing the sharing
            ms = list(map(shared.setdefault, arr, arr))
            self._gaddag_masks = ms
        return ms

    def accepts(self, codes: Sequence[int]) -> bool:
        """True if the letter codes spell a word of the lexicon."""
        mask, first, targets, terminal, v = self.dawg
        for c in codes:
            m = mask[v]
            if not (m >> c) & 1:
                return False
            v = targets[first[v] + (m & ((1 << c) - 1)).bit_count()]
        return bool(terminal[v])

    # -- notation helpers ----------------------------------------------------------------------

    def cell_text(self, v: int) -> str:
        """Notation of a board cell value (``.`` for empty)."""
        if v < 0:
            return THROUGH_TOKEN
        return self.lower[v & LETTER] if v & BLANK_BIT else self.texts[v]

    def tile_text(self, t: int) -> str:
        """Notation of a rack tile id (``?`` for a blank)."""
        return BLANK_TOKEN if t == self.blank else self.texts[t]

    def rack_text(self, tiles: Sequence[int]) -> str:
        """A rack (tile ids) as notation, in tile-id order."""
        return "".join(self.tile_text(t) for t in sorted(tiles))

    def parse_rack(self, text: str) -> tuple[int, ...]:
        """Notation -> sorted tile ids; ValueError on an unknown tile."""
        out = []
        for tok in split_tokens(text):
            c = self.token_code.get(tok)
            if c is None or (c & BLANK_BIT):
                raise ValueError(f"unknown tile {short_repr(tok)}")
            out.append(c)
        return tuple(sorted(out))

    def tile_value(self, v: int) -> int:
        """Points of a board cell value (0 for a blank)."""
        return 0 if v & BLANK_BIT else self.values[v]

    def rack_value(self, tiles: Sequence[int]) -> int:
        """Sum of the tile values on a rack (blanks 0)."""
        vals = self.values
        return sum(vals[t] for t in tiles)

    def place_word(
        self, board: Sequence[int], start: int, across: bool, cells: Sequence[int]
    ) -> str:
        """The notation word of a placement: ``cells`` are the new cell values in line order
        from ``start`` (``-1`` where the board already holds a tile)."""
        parts = []
        lower, texts = self.lower, self.texts
        for v in cells:
            if v < 0:
                parts.append(THROUGH_TOKEN)
            elif v & BLANK_BIT:
                parts.append(lower[v & LETTER])
            else:
                parts.append(texts[v])
        return "".join(parts)


class SplitLexiconError(RulesError):
    """A lexicon with two-tile spellings of a digraph (C+H for CH) under rules that refuse
    them (``Rules.split_digraphs`` False)."""


_SPLIT_SCAN: dict[tuple[str, tuple[tuple[int, int], ...]], bool] = {}


def _spells_split(lexicon: Lexicon, pairs: dict[int, int]) -> bool:
    """Whether some word of the lexicon has two adjacent tiles that join into a digraph tile
    (``pairs``: first code -> mask of second codes). One pass over the DAWG's edges: the DAWG
    is trimmed, so an edge ``a`` into a node with an edge ``b`` lies on some word."""
    key = (lexicon.digest, tuple(sorted(pairs.items())))
    found = _SPLIT_SCAN.get(key)
    if found is None:
        g = lexicon.dawg
        mask, first, labels, targets = g.mask, g.first, g.labels, g.targets
        found = False
        for v in range(g.num_nodes):
            if not mask[v]:
                continue
            for e in range(first[v], first[v + 1]):
                want = pairs.get(labels[e])
                if want is not None and mask[targets[e]] & want:
                    found = True
                    break
            if found:
                break
        if len(_SPLIT_SCAN) > 64:
            _SPLIT_SCAN.clear()
        _SPLIT_SCAN[key] = found
    return found


def split_digraph(tiles: Tiles, codes: Sequence[int]) -> int:
    """Index of the first tile in ``codes`` (letter codes of one word) that, with the next
    tile, makes a digraph from two tiles under the digraph rule; -1 if none."""
    pairs = tiles.split_pairs
    if pairs:
        for i in range(len(codes) - 1):
            want = pairs.get(codes[i])
            if want is not None and want >> codes[i + 1] & 1:
                return i
    return -1


def _check_digraphs(tiles: Tiles, codes: Sequence[int]) -> None:
    i = split_digraph(tiles, codes)
    if i >= 0:
        a, b = tiles.alphabet[codes[i]], tiles.alphabet[codes[i + 1]]
        word = tiles.lexicon.decode(codes)
        raise PlacementError(
            "split_digraph",
            f"{word}: {a}+{b} is not {a}{b}; {a}{b} is only the [{a}{b}] tile or a blank"
            " (Spanish rules; Rules(split_digraphs=True) allows it)",
        )


_CACHE: dict[tuple[Rules, str], Tiles] = {}


def tiles_for(rules: Rules, lexicon: Lexicon) -> Tiles:
    """The cached :class:`Tiles` of (``rules``, ``lexicon``)."""
    key = (rules, lexicon.digest)
    t = _CACHE.get(key)
    if t is None or t.lexicon is not lexicon:
        t = Tiles(rules, lexicon)
        if len(_CACHE) > 64:
            _CACHE.clear()
        _CACHE[key] = t
    return t


# -- boards and racks in notation ----------------------------------------------------------------


def parse_board(tiles: Tiles, rows: Sequence[str]) -> tuple[int, ...]:
    """Board rows in notation (``.`` empty, lowercase blank, ``[CH]``) -> cell values.

    Raises ValueError on a malformed board; sizes are checked before any row is read (a row
    holds at most 4 characters per square, the length of ``[CH]``)."""
    size = tiles.size
    if len(rows) != size:
        raise ValueError(f"the board needs {size} rows, got {len(rows)}")
    if not all(isinstance(row, str) and len(row) <= 4 * size for row in rows):
        raise ValueError(f"every row must be a string of at most {4 * size} characters")
    out: list[int] = []
    tc = tiles.token_code
    for r, row in enumerate(rows):
        toks = split_tokens(row)
        if len(toks) != size:
            raise ValueError(f"row {r + 1} has {len(toks)} squares, expected {size}")
        for t in toks:
            if t == THROUGH_TOKEN:
                out.append(EMPTY)
            else:
                c = tc.get(t)
                if c is None or c == tiles.blank:
                    raise ValueError(f"unknown tile {short_repr(t)} in row {r + 1}")
                out.append(c)
    return tuple(out)


def board_picture(tiles: Tiles, board: Sequence[int]) -> list[str]:
    """The board as text lines: a header of column letters, then one line a row; a blank's
    letter in lower case, empty premium squares as ``=`` (triple word), ``-`` (double word),
    ``"`` (triple letter), ``'`` (double letter), other empty squares as ``.``. Columns are
    two characters wide when the tile set has digraph tiles."""
    size = tiles.size
    w = max(len(a) for a in tiles.alphabet)
    lines = ["   " + " ".join(chr(ord("A") + c).ljust(w) for c in range(size))]
    for r in range(size):
        cells = []
        for c in range(size):
            sq = r * size + c
            v = board[sq]
            if v >= 0:
                txt = tiles.alphabet[v & LETTER]
                cells.append((txt.lower() if v & BLANK_BIT else txt).ljust(w))
            else:
                wmul, lmul = tiles.word_mult[sq], tiles.letter_mult[sq]
                mark = {3: "=", 2: "-"}.get(wmul, "") or {3: '"', 2: "'"}.get(lmul, ".")
                cells.append(mark.ljust(w))
        lines.append(f"{r + 1:>2} " + " ".join(cells).rstrip())
    return lines


def board_rows(tiles: Tiles, board: Sequence[int]) -> list[str]:
    """Cell values -> one notation string per row."""
    size = tiles.size
    ct = tiles.cell_text
    return ["".join(ct(board[r * size + c]) for c in range(size)) for r in range(size)]


def position_text(
    tiles: Tiles,
    board: Sequence[int],
    racks: Sequence[Sequence[int]],
    scores: Sequence[int],
    turn: int,
    passes: int,
    bag: Sequence[int],
) -> str:
    """The one-line position string (see :mod:`wordgames.wocable.notation`)."""
    rows = []
    for row in board_rows(tiles, board):
        out, run = [], 0
        for tok in split_tokens(row):
            if tok == THROUGH_TOKEN:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(tok if len(tok) == 1 else f"[{tok}]")
        if run:
            out.append(str(run))
        rows.append("".join(out))
    rack_f = "/".join(tiles.rack_text(r) or "-" for r in racks)
    score_f = "/".join(str(x) for x in scores)
    bag_f = "".join(tiles.tile_text(i) * n for i, n in enumerate(bag)) or "-"
    return f"{'/'.join(rows)} {rack_f} {score_f} {turn} {passes} {bag_f}"


def exchange_limit(rules: Rules, rack_len: int, bag_size: int) -> int:
    """How many tiles of a rack of ``rack_len`` may be exchanged with ``bag_size`` tiles in
    the bag (0: no exchange): the rack under ``exchange_min_bag``, else the bag's size."""
    if rules.exchange_min_bag is None:
        return min(rack_len, bag_size)
    return 0 if bag_size < rules.exchange_min_bag else rack_len


def best_exchange(
    values: Mapping[tuple[int, ...], float], rack: Sequence[int], limit: int
) -> tuple[tuple[int, ...], float] | None:
    """The exchange of at most ``limit`` tiles of ``rack`` whose kept tiles are worth most,
    as (the tiles given back, sorted; that value), None if ``limit`` is 0. ``values`` holds
    the value of every tile multiset the rack can keep (each sorted sub-multiset smaller than
    the rack, as :func:`~wordgames.wocable.shadow.leave_table` makes it). Ties go to fewer
    tiles given back, then to the first in sorted order: the first best in the order of
    :func:`exchanges`."""
    srt = sorted(rack)
    n = len(srt)
    lo = n - min(limit, n)  # the fewest tiles an exchange keeps
    best: tuple[int, ...] | None = None
    best_v = 0.0
    for kept, v in values.items():
        if len(kept) < lo:
            continue
        if best is None or v > best_v:
            best, best_v = kept, v
        elif v == best_v and (
            len(kept) > len(best)
            or (len(kept) == len(best) and _given(srt, kept) < _given(srt, best))
        ):
            best = kept
    return None if best is None else (_given(srt, best), best_v)


def _given(srt: Sequence[int], kept: tuple[int, ...]) -> tuple[int, ...]:
    """The tiles of the sorted rack ``srt`` that the sorted ``kept`` leaves out, sorted."""
    out: list[int] = []
    j = 0
    nk = len(kept)
    for t in srt:
        if j < nk and kept[j] == t:
            j += 1
        else:
            out.append(t)
    return tuple(out)


def exchanges(tiles: Tiles, rack: Sequence[int], bag_size: int, rules: Rules) -> list[Exchange]:
    """Every distinct multiset of rack tiles that may be exchanged, smallest first."""
    limit = exchange_limit(rules, len(rack), bag_size)
    out: list[Exchange] = []
    srt = sorted(rack)
    text_of = {t: tiles.tile_text(t) for t in srt}
    texts = [text_of[t] for t in srt]
    # Where the rack's tiles in id order are already in notation order (the packaged
    # alphabets), each combination's text is canonical as joined, and the Exchange is made
    # without its converter (which would return the same text); else it is sorted first.
    canonical = sorted(texts, key=_text_key) == texts
    new_exchange = object.__new__
    exchange_type = Exchange  # a local: the compiled build reads an imported name from a dict
    set_tiles = _SET_EXCHANGE_TILES
    for k in range(1, limit + 1):
        seen: set[tuple[int, ...]] = set()
        for combo in combinations(srt, k):
            if combo in seen:
                continue
            seen.add(combo)
            toks = [text_of[t] for t in combo]
            if canonical:
                ex = new_exchange(exchange_type)
                set_tiles(ex, "".join(toks))
                out.append(ex)
            else:
                out.append(Exchange("".join(sorted(toks, key=_text_key))))
    return out


#: Exchange's one slot, set through its member descriptor (Exchange has no validator; its
#: converter only puts the tiles in notation order, which ``exchanges`` already did)
_SET_EXCHANGE_TILES: Final[Any] = Exchange.__dict__["tiles"].__set__


def _text_key(text: str) -> tuple[int, str]:
    return tile_sort_key(text[1:-1] if text.startswith("[") else text)


# -- placements ----------------------------------------------------------------------------------


def line_step(size: int, across: bool) -> int:
    return 1 if across else size


def decode_place(
    tiles: Tiles, board: Sequence[int], action: Place
) -> tuple[list[tuple[int, int]], int, int]:
    """Check the shape of a Place against the board: returns (placed [(square, cell value)],
    first square, last square) of the main word. Raises PlacementError."""
    size = tiles.size
    row, col, across = action.row, action.col, action.across
    if len(action.word) > 4 * size:  # longer than a board line of [CH] tiles: read nothing
        raise PlacementError("malformed_word", f"the word is over {4 * size} characters long")
    try:
        toks = split_tokens(action.word)
    except ValueError:
        raise PlacementError(
            "malformed_word", f"cannot read the tiles of {short_repr(action.word)}"
        ) from None
    n = len(toks)
    if n == 0:
        raise PlacementError("malformed_word", "the word is empty")
    if not (0 <= row < size and 0 <= col < size):
        raise PlacementError("off_board", f"the start square is off the {size}x{size} board")
    end_r, end_c = (row, col + n - 1) if across else (row + n - 1, col)
    if end_r >= size or end_c >= size:
        raise PlacementError("off_board", f"the word runs off the {size}x{size} board")
    step = 1 if across else size
    start = row * size + col
    placed: list[tuple[int, int]] = []
    tc = tiles.token_code
    sq = start
    for tok in toks:
        cur = board[sq]
        if tok == THROUGH_TOKEN:
            if cur < 0:
                raise PlacementError(
                    "gap", f"'.' marks {square_name(sq, size)}, but that square is empty"
                )
        else:
            code = tc.get(tok)
            if code is None or code == tiles.blank:
                raise PlacementError(
                    "unknown_tile", f"{short_repr(tok)} is not a tile of this game"
                )
            if cur >= 0:
                raise PlacementError(
                    "square_occupied",
                    f"{square_name(sq, size)} already holds {tiles.cell_text(cur)} "
                    "(write '.' for a tile played through)",
                )
            placed.append((sq, code))
        sq += step
    last = start + (n - 1) * step
    if not placed:
        raise PlacementError("no_tiles_placed", "the move places no tile")
    # the main word must be complete: no tile directly before or after it
    before_ok = (col == 0) if across else (row == 0)
    if not before_ok and board[start - step] >= 0:
        raise PlacementError(
            "word_not_complete",
            f"the word continues onto {square_name(start - step, size)}; start it there",
        )
    after_ok = (end_c == size - 1) if across else (end_r == size - 1)
    if not after_ok and board[last + step] >= 0:
        raise PlacementError(
            "word_not_complete",
            f"the word continues onto {square_name(last + step, size)}; include it with '.'",
        )
    return placed, start, last


def square_name(sq: int, size: int = 15) -> str:
    """``112`` -> ``"H8"`` (column letter then row number)."""
    r, c = divmod(sq, size)
    return f"{chr(ord('A') + c)}{r + 1}"


def has_neighbour(board: Sequence[int], sq: int, size: int, across: bool) -> bool:
    """True if ``sq`` has an occupied neighbour along the ``across`` (or down) direction."""
    r, c = divmod(sq, size)
    if across:
        return (c > 0 and board[sq - 1] >= 0) or (c < size - 1 and board[sq + 1] >= 0)
    return (r > 0 and board[sq - size] >= 0) or (r < size - 1 and board[sq + size] >= 0)


def cross_word(
    board: Sequence[int], sq: int, v: int, size: int, across: bool
) -> tuple[list[int], int] | None:
    """The perpendicular word through ``sq`` (the cell to get ``v``) for a move in direction
    ``across``: (cell values, index of sq), or None if no perpendicular neighbour."""
    step = size if across else 1
    r, c = divmod(sq, size)
    lo = sq
    pos = r if across else c
    p = pos
    while p > 0 and board[lo - step] >= 0:
        lo -= step
        p -= 1
    hi = sq
    p = pos
    while p < size - 1 and board[hi + step] >= 0:
        hi += step
        p += 1
    if lo == hi:
        return None
    cells = [board[s] if s != sq else v for s in range(lo, hi + step, step)]
    return cells, (sq - lo) // step


def play_words(
    tiles: Tiles, board: Sequence[int], placed: Sequence[tuple[int, int]], across: bool
) -> list[tuple[int, ...]]:
    """The letter codes of every word a placement forms on ``board`` (the board before it):
    the main word first, then each cross word in line order."""
    size = tiles.size
    step = 1 if across else size
    new = dict(placed)
    lo = min(new)
    hi = max(new)
    while (lo % size if across else lo // size) > 0 and board[lo - step] >= 0:
        lo -= step
    while (hi % size if across else hi // size) < size - 1 and board[hi + step] >= 0:
        hi += step
    words = [tuple((new.get(s, board[s])) & LETTER for s in range(lo, hi + step, step))]
    for sq, v in sorted(placed):
        cw = cross_word(board, sq, v, size, across)
        if cw is not None:
            words.append(tuple(x & LETTER for x in cw[0]))
    return words


def placed_of(tiles: Tiles, place: Place) -> list[tuple[int, int]]:
    """(square, cell value) of the tiles a (well-formed, applied) Place put on the board:
    its non-``.`` tokens."""
    size = tiles.size
    step = 1 if place.across else size
    sq = place.row * size + place.col
    out = []
    for tok in split_tokens(place.word):
        if tok != THROUGH_TOKEN:
            out.append((sq, tiles.token_code[tok]))
        sq += step
    return out


def is_phony(tiles: Tiles, board: Sequence[int], place: Place) -> bool:
    """Whether the placement ``place``, already on ``board``, formed a word outside the
    lexicon (what a challenge finds out; public information)."""
    placed = placed_of(tiles, place)
    before = list(board)
    for sq, _ in placed:
        before[sq] = EMPTY
    return not all(tiles.accepts(w) for w in play_words(tiles, before, placed, place.across))


def _missing_text(
    tiles: Tiles,
    need: Sequence[int],
    have: Sequence[int],
    short: Sequence[int],
    rack: Sequence[int],
) -> str:
    """Why the rack cannot make a play: each missing tile with its exact count (``needs
    3 T, the rack has 1``), and what lowercase means when blanks are missing."""
    parts = []
    for i in short:
        name = "? (a blank)" if i == tiles.blank else tiles.tile_text(i)
        parts.append(f"{need[i]} {name}, the rack has {have[i]}")
    text = f"the move needs {'; '.join(parts)} (rack {tiles.rack_text(rack)})"
    if tiles.blank in short:
        text += (
            ": a lowercase letter in a play is a blank; write the letters of your own tiles "
            "in capitals"
        )
    return text


def check_placement(
    tiles: Tiles,
    board: Sequence[int],
    rack: Sequence[int],
    action: Place,
    *,
    phonies: bool = False,
) -> tuple[list[tuple[int, int]], int]:
    """Full legality check of a Place for a player holding ``rack``: returns (placed tiles,
    score). Raises PlacementError with a stable code. ``phonies``: words outside the lexicon
    are accepted (``Rules.word_check="challenge"``); the digraph rule still holds."""
    size = tiles.size
    placed, start, last = decode_place(tiles, board, action)
    across = action.across
    step = 1 if across else size
    # rack
    need = [0] * (tiles.blank + 1)
    for _, v in placed:
        need[tiles.blank if v & BLANK_BIT else v] += 1
    have = [0] * (tiles.blank + 1)
    for t in rack:
        have[t] += 1
    short = [i for i, n in enumerate(need) if n > have[i]]
    if short:
        raise PlacementError("tiles_not_on_rack", _missing_text(tiles, need, have, short, rack))
    first = all(v < 0 for v in board)
    n_main = (last - start) // step + 1
    if len(placed) == 1:
        sq = placed[0][0]
        if not across and has_neighbour(board, sq, size, True):
            raise PlacementError(
                "single_tile_direction",
                "a one-tile move that forms an across word is written across (row first)",
            )
        if across and n_main == 1:
            raise PlacementError(
                "single_tile_direction",
                "a one-tile move without an across word is written down (column first)",
            )
    if n_main < 2:
        raise PlacementError("word_too_short", "a word has at least 2 letters")
    if first:
        if not any(sq == tiles.centre for sq, _ in placed):
            raise PlacementError(
                "not_through_centre",
                f"the first word must cover the centre {square_name(tiles.centre, size)}",
            )
    else:
        connected = n_main > len(placed)
        if not connected:
            for sq, _ in placed:
                if has_neighbour(board, sq, size, not across):
                    connected = True
                    break
        if not connected:
            raise PlacementError("not_connected", "the move touches no tile on the board")
    # words
    newb = list(board)
    for sq, v in placed:
        newb[sq] = v
    main = [newb[s] for s in range(start, last + step, step)]
    lex_codes = tuple(v & LETTER for v in main)
    _check_digraphs(tiles, lex_codes)
    if not phonies and not tiles.accepts(lex_codes):
        raise PlacementError(
            "word_not_in_lexicon", f"{tiles.lexicon.decode(lex_codes)} is not in the lexicon"
        )
    for sq, v in placed:
        cw = cross_word(board, sq, v, size, across)
        if cw is not None:
            codes = tuple(x & LETTER for x in cw[0])
            _check_digraphs(tiles, codes)
            if not phonies and not tiles.accepts(codes):
                raise PlacementError(
                    "word_not_in_lexicon", f"{tiles.lexicon.decode(codes)} is not in the lexicon"
                )
    return placed, score_placement(tiles, board, placed, start, last, across)


def score_placement(
    tiles: Tiles,
    board: Sequence[int],
    placed: Sequence[tuple[int, int]],
    start: int,
    last: int,
    across: bool,
) -> int:
    """Score of a (valid) placement: main word + every cross word + the 7-tile bonus."""
    size = tiles.size
    step = 1 if across else size
    lm, wm = tiles.letter_mult, tiles.word_mult
    new = dict(placed)
    total = 0
    word_sum = 0
    mult = 1
    for s in range(start, last + step, step):
        v = new.get(s)
        if v is None:
            word_sum += tiles.tile_value(board[s])
        else:
            word_sum += tiles.tile_value(v) * lm[s]
            mult *= wm[s]
    total = word_sum * mult
    for sq, v in placed:
        cw = cross_word(board, sq, v, size, across)
        if cw is None:
            continue
        cells, _ = cw
        s_sum = sum(tiles.tile_value(x) for x in cells) - tiles.tile_value(v)
        s_sum += tiles.tile_value(v) * lm[sq]
        total += s_sum * wm[sq]
    if len(placed) == RACK_SIZE:
        total += BINGO
    return total


def canonical_place(tiles: Tiles, board: Sequence[int], placed: Sequence[tuple[int, int]]) -> Place:
    """The notation form of a set of placed tiles (squares, cell values); PlacementError
    ``not_in_one_line`` / ``gap`` / ``square_occupied`` / ``off_board`` for bad shapes."""
    size = tiles.size
    if not placed:
        raise PlacementError("no_tiles_placed", "the move places no tile")
    sqs = [sq for sq, _ in placed]
    if any(not 0 <= sq < size * size for sq in sqs):
        raise PlacementError("off_board", "a tile is off the board")
    if len(set(sqs)) != len(sqs):
        raise PlacementError("square_occupied", "two tiles on one square")
    for sq in sqs:
        if board[sq] >= 0:
            raise PlacementError("square_occupied", f"{square_name(sq, size)} is occupied")
    rows = {sq // size for sq in sqs}
    cols = {sq % size for sq in sqs}
    if len(sqs) == 1:
        across = has_neighbour(board, sqs[0], size, True) or not has_neighbour(
            board, sqs[0], size, False
        )
    elif len(rows) == 1:
        across = True
    elif len(cols) == 1:
        across = False
    else:
        raise PlacementError("not_in_one_line", "the tiles are not in one row or column")
    step = 1 if across else size
    new = dict(placed)
    lo, hi = min(sqs), max(sqs)
    for s in range(lo, hi + step, step):
        if s not in new and board[s] < 0:
            raise PlacementError("gap", f"{square_name(s, size)} is an empty gap in the word")

    def pos(sq: int) -> int:
        return sq % size if across else sq // size

    while pos(lo) > 0 and board[lo - step] >= 0:
        lo -= step
    while pos(hi) < size - 1 and board[hi + step] >= 0:
        hi += step
    cells = [new.get(s, -1) for s in range(lo, hi + step, step)]
    word = tiles.place_word(board, lo, across, cells)
    r, c = divmod(lo, size)
    return Place(r, c, across, word)
