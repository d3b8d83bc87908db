"""Move generation: a fast anchor-based GADDAG generator and a brute-force reference.

Conventions (tested): each distinct set of placed tiles (square, letter, blank or not) is one
move; a one-tile move is listed once (across when it forms an across word, else down); a blank
played as E and a real E are different moves; every main word has at least 2 letters.

The fast generator follows Gordon's GADDAG algorithm: for every anchor (an empty square next
to a tile, or the centre on an empty board) and each direction it walks the reversed prefix
leftwards from the anchor, then the separator, then the suffix rightwards. Board tiles just
right of the anchor belong to every word through it, so the path starts with them (reversed)
and the separator leads on from the square after them. A move is generated from its leftmost
anchor only (the leftward walk never places a tile on another anchor), so no move is found
twice. Cross-check bitmasks (letters allowed on a square by the perpendicular word) and
cross-word sums are computed once per board and direction; a child edge is taken only if the
rack can supply its letter and it can lead to a record, a right walk or a further left step;
the score is accumulated during the walk. Blanks are wildcards in the walk and expanded per
letter group when a move is recorded (see ``_gen_direction``).

This module is Wocable's hot loop (the ``wocable.generate_moves``, ``legal_actions`` and
``best_moves`` counts of ``benchmarks/instructions.py``; compiled with mypyc in the compiled
build) and stays one module over the usual size: the walk's class, its line preparation and
the move records are one unit that mypyc compiles together (calls across compiled modules
cost more), and the brute-force reference sits beside the generator it checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any, Final

import attrs

from wordgames._build import mypyc_attr
from wordgames._core.pause import paused_gc
from wordgames.wocable.actions import Place
from wordgames.wocable.engine import (
    BINGO,
    BLANK_BIT,
    LETTER,
    RACK_SIZE,
    PlacementError,
    Tiles,
    canonical_place,
    check_placement,
    parse_board,
)

if TYPE_CHECKING:
    from array import array

    from wordgames.lexicon import Lexicon
    from wordgames.wocable.rules import Rules
    from wordgames.wocable.view import View

__all__ = [
    "Move",
    "PlacedTile",
    "RawMove",
    "brute_force_moves",
    "generate_moves",
    "legal_places",
    "move_of",
    "place_of",
    "places",
    "ranked_moves",
    "raw_moves",
]

#: A generated move: (head, score, placed tiles as ((square, cell value), ...)), where ``head``
#: is the start square of its word and its direction, ``square * 2 + across`` (the index of
#: :func:`square_names`). Its action is made only when asked for (:func:`place_of`,
#: :func:`places`): most moves a generator lists are never played.
RawMove = tuple[int, int, tuple[tuple[int, int], ...]]

# ``int.bit_count`` called as a function: the compiled build skips the method lookup, and
# the pure one is no slower
_popcount: Final = int.bit_count

#: Place values are made without the attrs ``__init__`` (a Python function that sets the
#: four fields through ``object.__setattr__``): a bare instance whose slots are set through
#: their member descriptors, in field order. Place has no converters or validators; the
#: tests check that such a value equals ``Place(...)``.
_PLACE_SETTERS: Final[tuple[Any, ...]] = tuple(
    Place.__dict__[f.name].__set__ for f in attrs.fields(Place)
)


def places(tiles: Tiles, board: Sequence[int], raws: Sequence[RawMove]) -> list[Place]:
    """The action of each raw move of ``board``, in order."""
    # the two directions are written out: one loop with the step as a variable measured
    # about 10 % slower here (pure)
    size = tiles.size
    nsq = size * size
    tok = _tokens(tiles)
    new_place = object.__new__
    place_type = Place  # a local: the compiled build reads an imported name from a dict
    set_row, set_col, set_across, set_word = _PLACE_SETTERS
    out = []
    for raw in raws:
        head = raw[0]
        sq = head >> 1
        row = sq // size
        place = new_place(place_type)
        set_row(place, row)
        set_col(place, sq - row * size)
        word = ""
        if head & 1:
            set_across(place, True)
            for psq, v in raw[2]:
                while sq < psq:  # a board tile before this one
                    word += "."
                    sq += 1
                word += tok[v]
                sq += 1
            stop = row * size + size
            while sq < stop and board[sq] >= 0:  # board tiles after the last one
                word += "."
                sq += 1
        else:
            set_across(place, False)
            for psq, v in raw[2]:
                while sq < psq:
                    word += "."
                    sq += size
                word += tok[v]
                sq += size
            while sq < nsq and board[sq] >= 0:
                word += "."
                sq += size
        set_word(place, word)
        out.append(place)
    return out


_PAIRS: dict[tuple[int, int], list[tuple[int, int]]] = {}


def _pairs(size: int, nletters: int) -> list[tuple[int, int]]:
    """The placed-tile pairs ``(square, cell value)`` of a ``size`` board with ``nletters``
    letter codes, at index ``square << 7 | value`` (``(-1, -1)`` where no cell value is)."""
    key = (size, nletters)
    got = _PAIRS.get(key)
    if got is None:
        none = (-1, -1)
        got = [none] * (size * size << 7)
        for sq in range(size * size):
            for c in range(nletters):
                got[sq << 7 | c] = (sq, c)
                got[sq << 7 | c | BLANK_BIT] = (sq, c | BLANK_BIT)
        _PAIRS[key] = got
    return got


_TOKENS: dict[tuple[str, ...], list[str]] = {}


def _tokens(tiles: Tiles) -> list[str]:
    """The notation of each cell value, by cell value (blanks' at ``c | BLANK_BIT``)."""
    tok = _TOKENS.get(tiles.texts)
    if tok is None:
        n = len(tiles.texts)
        tok = [tiles.cell_text(v) if v & LETTER < n else "" for v in range(BLANK_BIT + n)]
        _TOKENS[tiles.texts] = tok
    return tok


def place_of(tiles: Tiles, board: Sequence[int], raw: RawMove) -> Place:
    """The action of a raw move of ``board``."""
    return places(tiles, board, (raw,))[0]


@attrs.frozen
class PlacedTile:
    """One tile a move puts down: ``row`` and ``col`` (0-based; ``8H`` is row 7, col 7), the
    ``letter`` it shows (notation, upper case, e.g. ``"E"`` or ``"CH"``) and whether it is a
    ``blank`` played as that letter."""

    row: int
    col: int
    letter: str
    blank: bool

    @property
    def square(self) -> str:
        """The square's name, column letter first (``"H8"``)."""
        return f"{chr(ord('A') + self.col)}{self.row + 1}"


# acyclic: in the compiled build a Move is not tracked by the cyclic garbage collector (it
# refers to values that never refer back to it), so long move lists kept by a caller cost no
# collection; the pure build is unchanged
@mypyc_attr(acyclic=True)
class Move:
    """A generated placement: the ``action`` to apply, its ``score``, and how many ``tiles``
    it takes from the rack; with the details for bot authors: ``placed`` (the squares it
    fills, in line order), ``used`` (the rack tiles it uses, notation, ``?`` = blank) and
    ``leave`` (the rack tiles it keeps). The details are empty on a Move built by hand.

    A Move is a read-only value: equal, hashed and shown by all six fields. On a generated
    move the details are worked out when one is first read (and kept): most callers never
    read them, so generating a move does not pay for them. The action itself is made when
    first read too."""

    __slots__ = (
        "_action",
        "_head",
        "_leave",
        "_placed",
        "_raw",
        "_score",
        "_src",
        "_tiles",
        "_used",
    )
    # Final: a class constant in the compiled build too (mypyc makes an unmarked one a field)
    __match_args__: Final = ("action", "score", "tiles", "placed", "used", "leave")

    def __init__(
        self,
        action: Place,
        score: int,
        tiles: int,
        placed: tuple[PlacedTile, ...] = (),
        used: str = "",
        leave: str = "",
    ) -> None:
        self._action = action
        self._score = score
        self._tiles = tiles
        self._placed = placed
        self._used = used
        self._leave = leave
        # what a generated move's action and details are still to be made from: (tiles,
        # rack, board), shared by the moves of one list, with ``_raw`` (the placed squares
        # and cell values) and ``_head`` (the raw move's head, -1 once the action is made),
        # both set with it; None once the details are made, and on a Move built by hand
        self._src: tuple[Tiles, Sequence[int], Sequence[int]] | None = None
        self._head = -1

    _raw: tuple[tuple[int, int], ...]

    @property
    def action(self) -> Place:
        """The placement to apply."""
        if self._head >= 0:
            self._make_action()
        return self._action

    def _make_action(self) -> None:
        src = self._src
        assert src is not None
        self._action = place_of(src[0], src[2], (self._head, self._score, self._raw))
        self._head = -1

    @property
    def score(self) -> int:
        """Its score, bingo bonus included."""
        return self._score

    @property
    def tiles(self) -> int:
        """How many tiles it takes from the rack."""
        return self._tiles

    @property
    def placed(self) -> tuple[PlacedTile, ...]:
        """The tiles it puts down, in line order."""
        if self._src is not None:
            self._details()
        return self._placed

    @property
    def used(self) -> str:
        """The rack tiles it uses (notation in tile order, ``?`` = blank)."""
        if self._src is not None:
            self._details()
        return self._used

    @property
    def leave(self) -> str:
        """The rack tiles it keeps (notation in tile order, ``?`` = blank)."""
        if self._src is not None:
            self._details()
        return self._leave

    def _details(self) -> None:
        src = self._src
        assert src is not None
        if self._head >= 0:
            self._make_action()
        t, rack, _ = src
        raw = self._raw
        size, alphabet, blank = t.size, t.alphabet, t.blank
        self._placed = tuple(
            PlacedTile(sq // size, sq % size, alphabet[v & LETTER], bool(v & BLANK_BIT))
            for sq, v in sorted(raw)
        )
        used = [blank if v & BLANK_BIT else v for _, v in raw]
        left = list(rack)
        for x in used:
            left.remove(x)
        self._used = t.rack_text(used)
        self._leave = t.rack_text(left)
        self._src = None

    def _key(self) -> tuple[Place, int, int, tuple[PlacedTile, ...], str, str]:
        if self._src is not None:
            self._details()
        return (self._action, self._score, self._tiles, self._placed, self._used, self._leave)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Move:
            return NotImplemented
        assert isinstance(other, Move)
        return self._key() == other._key()

    def __ne__(self, other: object) -> bool:
        # NotImplemented is answered here, not taken from __eq__: the compiled build checks
        # that __eq__, called as a method, returns a bool
        if other.__class__ is not Move:
            return NotImplemented
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        a, s, n, p, u, v = self._key()
        return (
            f"Move(action={a!r}, score={s!r}, tiles={n!r}, placed={p!r}, used={u!r}, leave={v!r})"
        )

    def __str__(self) -> str:
        return f"{self.action} +{self._score}"

    def __reduce__(
        self,
    ) -> tuple[type[Move], tuple[Place, int, int, tuple[PlacedTile, ...], str, str]]:
        # pickled with its details: a generated move's lexicon and rules are not pickled
        return (Move, self._key())


#: the action of a generated Move until it is made (never read: ``Move._head`` >= 0 then)
_PENDING: Final = Place(0, 0, True, "?")


def move_of(tiles: Tiles, board: Sequence[int], rack: Sequence[int], raw: RawMove) -> Move:
    """The :class:`Move` of a raw move generated for ``rack`` on ``board`` (its action and
    details are made from them when first read)."""
    head, score, placed = raw
    m = Move(_PENDING, score, len(placed))
    m._src = (tiles, rack, board)
    m._raw = placed
    m._head = head
    return m


_SQUARE_NAMES: dict[int, tuple[str, ...]] = {}


def square_names(size: int) -> tuple[str, ...]:
    """``Place.square_name`` of every start square and direction of a ``size`` board, at
    index ``(row * size + col) * 2 + across``."""
    names = _SQUARE_NAMES.get(size)
    if names is None:
        names = tuple(
            f"{r + 1}{chr(ord('A') + c)}" if across else f"{chr(ord('A') + c)}{r + 1}"
            for r in range(size)
            for c in range(size)
            for across in (False, True)
        )
        _SQUARE_NAMES[size] = names
    return names


def ranked_moves(
    tiles: Tiles, board: Sequence[int], rack: Sequence[int], raws: list[RawMove] | None = None
) -> list[Move]:
    """The :class:`Move` of each raw move generated for ``rack`` on ``board``, best first: by
    descending score, then by notation (``str(move.action)``). ``raws`` defaults to
    :func:`raw_moves` of the position, generated within the same pause of the cyclic garbage
    collector (paused as in :func:`raw_moves`): with the collector running between the two,
    its next collection would traverse every raw move."""
    return paused_gc(_ranked_moves, tiles, board, rack, raws)


def _ranked_moves(
    tiles: Tiles, board: Sequence[int], rack: Sequence[int], raws: list[RawMove] | None
) -> list[Move]:
    if raws is None:
        raws = _raw_moves(tiles, board, rack)
    ranks = _square_ranks(tiles.size)
    nr = len(ranks)
    # str(place) is its square's name, a space and its word: the space sorts before every
    # character of a name, so (name, word) pairs sort as the notations do; a name is keyed by
    # its rank among the names, and the score and that rank make one int.
    # Moves with the same int have the same start square and direction on the same board:
    # their words have board tiles ("." in the word) on the same squares, so they compare as
    # their placed tiles' notations do, tile by tile (no notation is a prefix of another).
    # Where cell values sort as their notations, the placed tuples themselves decide.
    text_rank = _text_ranks(tiles)
    order: list[tuple[int, tuple[object, ...], int]]
    if text_rank is None:
        order = [(ranks[h] - s * nr, placed, i) for i, (h, s, placed) in enumerate(raws)]
    else:
        order = [
            (ranks[h] - s * nr, tuple([text_rank[v] for _, v in placed]), i)
            for i, (h, s, placed) in enumerate(raws)
        ]
    order.sort()
    src = (tiles, rack, board)  # shared: one tuple per list, not per move
    pending = _PENDING
    out = []
    for _, _, x in order:
        head, score, placed = raws[x]
        m = Move(pending, score, len(placed))
        m._src = src
        m._raw = placed
        m._head = head
        out.append(m)
    return out


_TEXT_RANKS: dict[tuple[str, ...], list[int] | None] = {}


def _text_ranks(tiles: Tiles) -> list[int] | None:
    """The rank of each cell value's notation among them in string order, by cell value;
    None where the cell values already sort as their notations do (as on English tiles)."""
    texts = tiles.texts
    if texts in _TEXT_RANKS:
        return _TEXT_RANKS[texts]
    n = len(texts)
    values = [*range(n), *(c | BLANK_BIT for c in range(n))]
    by_text = sorted(values, key=tiles.cell_text)
    ranks: list[int] | None = None
    if by_text != values:
        ranks = [0] * (BLANK_BIT + n)
        for r, v in enumerate(by_text):
            ranks[v] = r
    _TEXT_RANKS[texts] = ranks
    return ranks


_SQUARE_RANKS: dict[int, list[int]] = {}


def _square_ranks(size: int) -> list[int]:
    """The rank of each name of :func:`square_names` among them in string order, at the
    same index."""
    ranks = _SQUARE_RANKS.get(size)
    if ranks is None:
        names = square_names(size)
        ranks = [0] * len(names)
        for r, i in enumerate(sorted(range(len(names)), key=names.__getitem__)):
            ranks[i] = r
        _SQUARE_RANKS[size] = ranks
    return ranks


def cross_checks(
    tiles: Tiles, board: Sequence[int], across: bool, letters: int = -1
) -> tuple[list[int], list[int]]:
    """Per square, for moves in direction ``across``: the bitmask of letters the perpendicular
    word allows (all letters if there is none; 0 on occupied squares) and the sum of the
    perpendicular word's existing tile values (-1 if there is no perpendicular word).

    With a ``letters`` mask (e.g. the letters a rack can play) only those letters are tested
    where there is a perpendicular word: the masks there are the allowed letters among them.
    A square with tiles only before it follows them in the DAWG and tests each letter's
    child; with tiles only after it, the GADDAG path of those tiles reversed leads to every
    letter that may precede them (a word then needs the separator's terminal); with both,
    each letter walks on through the tiles after it."""
    size = tiles.size
    all_mask = tiles.all_mask
    masks = [0 if v >= 0 else all_mask for v in board]
    sums = [-1] * (size * size)
    step = size if across else 1  # perpendicular step
    last = size - 1
    # only empty squares with a tile before or after them perpendicularly have a cross word
    todo: set[int] = set()
    for sq in [sq for sq, v in enumerate(board) if v >= 0]:
        p = sq // size if across else sq % size
        if p and board[sq - step] < 0:
            todo.add(sq - step)
        if p < last and board[sq + step] < 0:
            todo.add(sq + step)
    cross_at(tiles, board, across, letters, todo, masks, sums, False)
    return masks, sums


def cross_at(
    tiles: Tiles,
    board: Sequence[int],
    across: bool,
    letters: int,
    squares: Iterable[int],
    masks: list[int],
    sums: list[int],
    merge: bool,
) -> None:
    """:func:`cross_checks` of the empty ``squares`` (each with a tile before or after it
    perpendicularly), written into ``masks`` and ``sums``; with ``merge`` the letters found
    are added to the mask there (more letters tested on the same board)."""
    size = tiles.size
    all_mask = tiles.all_mask
    dawg, gaddag = tiles.lexicon.dawg, tiles.lexicon.gaddag
    dmasks, dfirst, dtargets, dterm, _ = tiles.dawg
    _, gfirst, gtargets, gterm, _ = tiles.gaddag
    gmasks = tiles.gaddag_masks
    sepbit = 1 << tiles.blank  # the GADDAG separator's code is the blank's id
    sepmask = sepbit - 1
    values = tiles.values
    step = size if across else 1  # perpendicular step
    for sq in squares:
        p = sq // size if across else sq % size
        total = 0
        up: list[int] = []  # letters before the square, nearest first
        s, q = sq - step, p - 1
        while q >= 0:
            v = board[s]
            if v < 0:
                break
            up.append(v & LETTER)
            if not v & BLANK_BIT:
                total += values[v]
            s -= step
            q -= 1
        down: list[int] = []  # letters after the square, nearest first
        s, q = sq + step, p + 1
        while q < size:
            v = board[s]
            if v < 0:
                break
            down.append(v & LETTER)
            if not v & BLANK_BIT:
                total += values[v]
            s += step
            q += 1
        sums[sq] = total
        allowed = 0
        if down and not up:
            node = gaddag.walk(reversed(down))
            if node >= 0:
                m0 = gmasks[node] & all_mask
                mm = m0 & letters
                base = gfirst[node]
                while mm:
                    b = mm & -mm
                    mm ^= b
                    nd = gtargets[base + _popcount(m0 & (b - 1))]
                    m2 = gmasks[nd]
                    if m2 & sepbit and gterm[gtargets[gfirst[nd] + _popcount(m2 & sepmask)]]:
                        allowed |= b
        else:
            node = dawg.walk(reversed(up))
            if node >= 0:
                m0 = dmasks[node] & all_mask
                mm = m0 & letters
                base = dfirst[node]
                while mm:
                    b = mm & -mm
                    mm ^= b
                    nd = dtargets[base + _popcount(m0 & (b - 1))]
                    if down:
                        nd = dawg.walk(down, nd)
                    if nd >= 0 and dterm[nd]:
                        allowed |= b
        masks[sq] = masks[sq] | allowed if merge else allowed


def anchors(tiles: Tiles, board: Sequence[int]) -> list[bool]:
    """Empty squares next to a tile (just the centre on an empty board)."""
    size = tiles.size
    n = size * size
    out = [False] * n
    empty_board = True
    for sq in range(n):
        if board[sq] < 0:
            continue
        empty_board = False
        r, c = divmod(sq, size)
        if c > 0 and board[sq - 1] < 0:
            out[sq - 1] = True
        if c < size - 1 and board[sq + 1] < 0:
            out[sq + 1] = True
        if r > 0 and board[sq - size] < 0:
            out[sq - size] = True
        if r < size - 1 and board[sq + size] < 0:
            out[sq + size] = True
    if empty_board:
        out[tiles.centre] = True
    return out


def raw_moves(tiles: Tiles, board: Sequence[int], rack: Sequence[int]) -> list[RawMove]:
    """Every legal placement for ``rack`` (tile ids) on ``board``, with scores (GADDAG).

    Python's cyclic garbage collector is paused while the list is built (and resumed, if it
    was running, before this returns): the list holds thousands of small objects and no
    reference cycle, and the collections their allocation would trigger cost a third of the
    time of a long list."""
    return paused_gc(_raw_moves, tiles, board, rack)


def legal_places(tiles: Tiles, board: Sequence[int], rack: Sequence[int]) -> list[Place]:
    """The actions of :func:`raw_moves`, in the same order, made in the walk (cheaper than
    :func:`places` of the raw moves where nothing else of them is needed). The cyclic garbage
    collector is paused meanwhile, as in :func:`raw_moves`."""
    return paused_gc(_raw_moves, tiles, board, rack, True)


def _raw_moves(
    tiles: Tiles, board: Sequence[int], rack: Sequence[int], as_places: bool = False
) -> list[Any]:
    if not rack:
        return []
    out: list[Any] = []
    anc = anchors(tiles, board)
    counts = [0] * (tiles.blank + 1)
    for t in rack:
        counts[t] += 1
    # the walk only places letters the rack holds (any letter with a blank): the cross-checks
    # need test no other
    letters = tiles.all_mask if counts[tiles.blank] else sum(1 << t for t in set(rack))
    for across in (True, False):
        cm, cs = cross_checks(tiles, board, across, letters)
        _gen_direction(tiles, board, counts, len(rack), across, anc, cm, cs, out, as_places)
    return out


def _gen_direction(
    tiles: Tiles,
    board: Sequence[int],
    rack: list[int],
    ntiles: int,
    across: bool,
    anc: list[bool],
    cmask: list[int],
    csum: list[int],
    out: list[Any],
    as_places: bool,
) -> None:
    w = AnchorWalker(tiles, board, rack, ntiles, across, anc, cmask, csum, out, as_places=as_places)
    size = tiles.size
    for line in range(size):
        sqs = range(line * size, line * size + size) if across else range(line, size * size, size)
        line_anchors = [p for p in range(size) if anc[sqs[p]]]
        if not line_anchors:
            continue
        w.set_line(line)
        for a in line_anchors:
            w.from_anchor(a, ())


_LineSetup = tuple[
    list[int],
    list[int],
    list[bool],
    list[int],
    list[int],
    list[int],
    list[int],
    list[tuple[int, int, int, bool, int, int]],
]
_Record = Callable[["AnchorWalker", int, int, int, int, int, int, int], None]


def anchor_walker(
    tiles: Tiles,
    board: Sequence[int],
    rack: list[int],
    ntiles: int,
    across: bool,
    anc: list[bool],
    cmask: list[int],
    csum: list[int],
    out: list[Any],
    cut: list[float] | None = None,
    extra: Sequence[float] = (),
    notify: Callable[[], None] | None = None,
    as_places: bool = False,
) -> tuple[Callable[[int], None], Callable[[int, Sequence[float]], None]]:
    """The methods ``set_line`` and ``from_anchor`` of an :class:`AnchorWalker` of these
    arguments (the form callers used before the walk was a class)."""
    w = AnchorWalker(
        tiles, board, rack, ntiles, across, anc, cmask, csum, out, cut, extra, notify, as_places
    )
    return w.set_line, w.from_anchor


class AnchorWalker:
    """The GADDAG walk of one direction: :meth:`set_line` prepares a line and
    :meth:`from_anchor` appends to ``out`` every move whose leftmost anchor is at a line
    position of that line (``rack`` holds counts by tile id and is restored after each
    walk). :func:`raw_moves` runs every anchor; :mod:`wordgames.wocable.shadow` runs them
    best bound first and stops early.

    With ``cut``, a move of ``k`` tiles is only appended if its score (blanks counted as
    the letters they play) plus ``extra[k]`` is at least ``cut[0]``, which the caller may
    raise between walks; and ``from_anchor(pos, left)``, where ``left[j]`` bounds the keys
    of the moves with ``j`` tiles left of the anchor, places tiles left of it and walks on
    right from them only as far as those bounds reach ``cut[0]``. ``notify()``, if given, is
    called after each move a bounded walk appends, so that the caller can raise the cut at
    once (the rest of the same walk then prunes with it). With ``as_places`` (and no
    ``cut``), the walk appends each move's action instead of its raw move, in the same order:
    :func:`legal_places`.

    A plain class with typed fields, so that the compiled build makes it a native class (its
    methods call one another directly). The rack's state during a walk (the mask of the
    letters it holds, the tiles and the blanks left on it) is passed down as arguments: a
    step changes them for its children and the children undo nothing. The hot methods read
    the fields they use into locals first (cheaper in the pure build than reading attributes
    in their loops)."""

    # Blanks are wildcards during the walk: a letter is taken from the rack when it is there,
    # else from a blank, so each GADDAG path is walked once. ``record`` then lists every way
    # to choose which placed tiles are blanks (a blank in place of a real letter the rack also
    # holds is a different move); a blank's score differs by a linear correction.

    size: int
    last: int
    board: Sequence[int]
    rack: list[int]
    ntiles: int
    nblanks: int
    rmask0: int  # letters the rack holds (real tiles)
    across: bool
    anc: list[bool]
    cmask: list[int]
    csum: list[int]
    out: list[Any]
    gfirst: array[int]
    gtargets: array[int]
    gterm: bytes
    groot: int
    gmasks: list[int]
    sepbit: int  # the GADDAG separator's code is the blank's id
    sepmask: int
    values: tuple[int, ...]
    all_mask: int
    pairs: list[tuple[int, int]]
    texts: tuple[str, ...]
    lower: tuple[str, ...]
    lm: tuple[int, ...]
    wm: tuple[int, ...]
    bounded: bool
    bar: list[float]  # the cut of a bounded walk
    extra: Sequence[float]
    notify: Callable[[], None] | None
    record: _Record  # a function of the class, not a bound method: no reference cycle
    # the current line (by line position): squares, board cells, cross-check masks and sums,
    # letter and word premiums, and per position (cross sum, letter premium, word premium,
    # board tile to the left?, its letter, cross-check mask of a square the left walk may fill
    # next or 0)
    line: int
    sqs: list[int]
    cells: list[int]
    lcm: list[int]
    lcs: list[int]
    llm: list[int]
    lwm: list[int]
    info: list[tuple[int, int, int, bool, int, int]]
    blocked: list[bool]  # empty squares the leftward walk may not fill (other anchors)
    cur: list[int]  # letters of the current path by line position
    isbl: list[bool]  # whether the walk took the letter at a position from a blank
    # the anchor's line position, the end of the board tiles right of it (the anchor itself
    # if there are none) and the cross-check mask of the square after that (0 if off board)
    anchor_pos: int
    anchor_end: int
    anchor_rcm: int
    gate: Sequence[float]  # a bounded walk's bounds by the number of tiles left
    kept_lines: dict[int, _LineSetup] | None  # a bounded walk may come back to a line
    # the fields the recursive steps read, as one tuple: one attribute read and an unpacking
    # at a step's start cost less in the pure build than a read per field
    hot: tuple[
        array[int],
        array[int],
        list[int],
        bytes,
        int,
        int,
        int,
        list[int],
        list[int],
        list[bool],
        tuple[int, ...],
    ]
    anchor: tuple[int, int, int]  # (anchor_pos, anchor_end, anchor_rcm), for the same reason
    # what the records read: the walk's (tiles on the rack, direction, path letters, from
    # blanks, out, blanks on the rack, texts, lower) and the line's (number, squares, cells)
    rec_hot: tuple[
        int, bool, list[int], list[bool], list[Any], int, tuple[str, ...], tuple[str, ...]
    ]
    line_hot: tuple[int, list[int], list[int]]

    def __init__(
        self,
        tiles: Tiles,
        board: Sequence[int],
        rack: list[int],
        ntiles: int,
        across: bool,
        anc: list[bool],
        cmask: list[int],
        csum: list[int],
        out: list[Any],
        cut: list[float] | None = None,
        extra: Sequence[float] = (),
        notify: Callable[[], None] | None = None,
        as_places: bool = False,
    ) -> None:
        size = tiles.size
        self.size = size
        self.last = size - 1
        self.board = board
        self.rack = rack
        self.ntiles = ntiles
        self.across = across
        self.anc = anc
        self.cmask = cmask
        self.csum = csum
        self.out = out
        _, gfirst, gtargets, gterm, groot = tiles.gaddag
        self.gfirst = gfirst
        self.gtargets = gtargets
        self.gterm = gterm
        self.groot = groot
        self.gmasks = tiles.gaddag_masks
        blank = tiles.blank
        self.sepbit = 1 << blank
        self.sepmask = (1 << blank) - 1
        self.values = tiles.values
        self.all_mask = tiles.all_mask
        self.nblanks = rack[blank]
        rmask = 0
        for c in range(blank):
            if rack[c]:
                rmask |= 1 << c
        self.rmask0 = rmask
        # the (square, cell value) pairs of placed tiles, shared (at ``square << 7 | value``):
        # a move's placed tuple holds no pair of its own, and ranking compares equal pairs by
        # identity
        self.pairs = _pairs(size, blank)
        self.texts = tiles.texts
        self.lower = tiles.lower
        self.lm = tiles.letter_mult
        self.wm = tiles.word_mult
        self.bounded = cut is not None
        self.bar = cut if cut is not None else [float("-inf")]
        self.extra = extra
        self.notify = notify
        cls = AnchorWalker
        self.record = (
            cls.record_place if as_places else cls.record_move if cut is None else cls.record_cut
        )
        self.line = 0
        self.sqs = []
        self.cells = []
        self.lcm = []
        self.lcs = []
        self.llm = []
        self.lwm = []
        self.info = []
        self.blocked = []
        self.cur = [0] * size
        self.isbl = [False] * size
        self.anchor_pos = 0
        self.anchor_end = 0
        self.anchor_rcm = 0
        self.gate = ()
        self.kept_lines = {} if cut is not None else None
        self.hot = (
            gfirst,
            gtargets,
            self.gmasks,
            gterm,
            self.sepbit,
            self.sepmask,
            self.all_mask,
            self.cur,
            rack,
            self.isbl,
            self.values,
        )
        self.anchor = (0, 0, 0)
        self.rec_hot = (
            ntiles,
            across,
            self.cur,
            self.isbl,
            out,
            self.nblanks,
            self.texts,
            self.lower,
        )
        self.line_hot = (0, [], [])

    def listed_across(self, start: int) -> bool:
        """A one-tile down move from ``start`` whose tile has a horizontal neighbour: the
        across pass lists it."""
        cells = self.cells
        p = start
        while cells[p] >= 0:
            p += 1
        s = self.sqs[p]
        board = self.board
        line = self.line
        return (line > 0 and board[s - 1] >= 0) or (line < self.last and board[s + 1] >= 0)

    def record_move(
        self, start: int, end: int, wsum: int, wmul: int, xsum: int, ntl: int, nbl: int
    ) -> None:
        """Append the raw move(s) of the path from ``start`` to ``end``: ``ntl`` tiles and
        ``nbl`` blanks are left on the rack."""
        ntiles, across, cur, isbl, out, nblanks, _, _ = self.rec_hot
        n = ntiles - ntl
        if n == 1 and not across and self.listed_across(start):
            return
        score = wsum * wmul + xsum
        if n == RACK_SIZE:
            score += BINGO
        _, sqs, cells = self.line_hot
        pairs = self.pairs
        # the start square and direction: the action is made from it when asked for
        head = sqs[start] * 2 + across
        tl = []
        if not nblanks:
            for p in range(start, end + 1):
                if cells[p] < 0:
                    tl.append(pairs[sqs[p] << 7 | cur[p]])
            out.append((head, score, tuple(tl)))
            return
        values = self.values
        llm = self.llm
        lwm = self.lwm
        lcs = self.lcs
        # Blank choices: which placed tiles are blanks. A choice is valid iff it has at most
        # ``nblanks`` blanks and, for each letter, at least as many blanks as the walk had to
        # take (the rest of that letter comes from real tiles the rack holds). ``tl`` holds
        # every placed tile as a real one; each choice marks its blanks in it in place,
        # records, and puts the real tiles back.
        pidx = []
        choices: list[tuple[int, ...]]
        if nbl == nblanks:
            # the walk took no blank: any set of at most nblanks placed tiles
            for p in range(start, end + 1):
                if cells[p] < 0:
                    pidx.append(p)
                    tl.append(pairs[sqs[p] << 7 | cur[p]])
            out.append((head, score, tuple(tl)))
            if nblanks == 1:
                for i in range(n):
                    p = pidx[i]
                    c = cur[p]
                    kt = tl[i]
                    tl[i] = pairs[sqs[p] << 7 | c | BLANK_BIT]
                    out.append(
                        (
                            head,
                            score - values[c] * llm[p] * (wmul + (lwm[p] if lcs[p] >= 0 else 0)),
                            tuple(tl),
                        )
                    )
                    tl[i] = kt
                return
            choices = []
            for k in range(1, min(nblanks, n) + 1):
                choices.extend(combinations(range(n), k))
        else:
            sc = score
            bmask = 0  # letters the walk took from blanks
            rmask2 = 0  # letters the walk took from real tiles
            for p in range(start, end + 1):
                if cells[p] < 0:
                    c = cur[p]
                    if isbl[p]:
                        bmask |= 1 << c
                        tl.append(pairs[sqs[p] << 7 | c | BLANK_BIT])
                        sc -= values[c] * llm[p] * (wmul + (lwm[p] if lcs[p] >= 0 else 0))
                    else:
                        rmask2 |= 1 << c
                        tl.append(pairs[sqs[p] << 7 | c])
            if not nbl and not bmask & rmask2:
                # the walk's own choice is the only one: every blank is used, and no blank
                # letter is also placed from a real tile
                out.append((head, sc, tuple(tl)))
                return
            i = 0
            for p in range(start, end + 1):  # back to all real tiles
                if cells[p] < 0:
                    pidx.append(p)
                    if isbl[p]:
                        tl[i] = pairs[sqs[p] << 7 | cur[p]]
                    i += 1
            choices = _group_choices(pidx, cur, isbl, nblanks, nbl)
        for chosen in choices:
            sc = score
            for i in chosen:
                p = pidx[i]
                c = cur[p]
                sc -= values[c] * llm[p] * (wmul + (lwm[p] if lcs[p] >= 0 else 0))
                tl[i] = pairs[sqs[p] << 7 | c | BLANK_BIT]
            out.append((head, sc, tuple(tl)))
            for i in chosen:
                p = pidx[i]
                tl[i] = pairs[sqs[p] << 7 | cur[p]]

    def record_cut(
        self, start: int, end: int, wsum: int, wmul: int, xsum: int, ntl: int, nbl: int
    ) -> None:
        """:meth:`record_move` if the move's key bound reaches the cut (a bounded walk)."""
        n = self.ntiles - ntl
        score = wsum * wmul + xsum + self.extra[n]
        if n == RACK_SIZE:
            score += BINGO
        if score >= self.bar[0]:
            self.record_move(start, end, wsum, wmul, xsum, ntl, nbl)
            notify = self.notify
            if notify is not None:
                notify()

    def record_place(
        self, start: int, end: int, wsum: int, wmul: int, xsum: int, ntl: int, nbl: int
    ) -> None:
        """The actions alone (``as_places``: ``legal_actions`` needs no score and no placed
        tiles), made in the walk from its letters: the same moves in the same order as
        :meth:`record_move` lists them (the same blank choices, without the scores)."""
        ntiles, across, cur, isbl, out, nblanks, texts, lower = self.rec_hot
        n = ntiles - ntl
        if n == 1 and not across and self.listed_across(start):
            return
        line, _, cells = self.line_hot
        row, col = (line, start) if across else (start, line)
        parts = []
        pidx = []  # line positions of the placed tiles
        for p in range(start, end + 1):
            if cells[p] < 0:
                pidx.append(p)
                parts.append(lower[cur[p]] if isbl[p] else texts[cur[p]])
            else:
                parts.append(".")
        choices: Sequence[tuple[int, ...]] = ((),)
        if nblanks:
            if nbl == nblanks:
                # the walk took no blank: the move as walked, then each set of at most
                # nblanks placed tiles as blanks
                alts: list[tuple[int, ...]] = [()]
                for k in range(1, min(nblanks, n) + 1):
                    alts.extend(combinations(range(n), k))
                choices = alts
            else:
                bmask = 0  # letters the walk took from blanks
                rmask2 = 0  # letters the walk took from real tiles
                for p in pidx:
                    if isbl[p]:
                        bmask |= 1 << cur[p]
                    else:
                        rmask2 |= 1 << cur[p]
                if nbl or bmask & rmask2:
                    for p in pidx:  # back to all real tiles
                        parts[p - start] = texts[cur[p]]
                    choices = _group_choices(pidx, cur, isbl, nblanks, nbl)
        # Place values are made without the attrs ``__init__`` (see _PLACE_SETTERS); the
        # type is a local: the compiled build reads an imported name from a dict
        place_type = Place
        new_place = object.__new__
        set_row, set_col, set_across, set_word = _PLACE_SETTERS
        for chosen in choices:
            for i in chosen:
                p = pidx[i]
                parts[p - start] = lower[cur[p]]
            place = new_place(place_type)
            set_row(place, row)
            set_col(place, col)
            set_across(place, across)
            set_word(place, "".join(parts))
            out.append(place)
            for i in chosen:
                p = pidx[i]
                parts[p - start] = texts[cur[p]]

    def after_left(
        self, pos: int, node: int, wsum: int, wmul: int, xsum: int, rmask: int, ntl: int, nbl: int
    ) -> None:
        """The word now covers pos..anchor; node is the GADDAG node of the reversed prefix."""
        cells = self.cells
        gmasks = self.gmasks
        gtargets = self.gtargets
        gfirst = self.gfirst
        while pos and cells[pos - 1] >= 0:
            # forced: the tile to the left belongs to the word
            cell = cells[pos - 1]
            c = cell & LETTER
            m = gmasks[node]
            if not (m >> c) & 1:
                return
            node = gtargets[gfirst[node] + _popcount(m & ((1 << c) - 1))]
            if not cell & BLANK_BIT:
                wsum += self.values[c]
            pos -= 1
        m = gmasks[node]
        a = self.anchor_pos
        e = self.anchor_end
        if m & self.sepbit:
            sn = gtargets[gfirst[node] + _popcount(m & self.sepmask)]
            if self.gterm[sn] and (pos != a or e != a):
                self.record(self, pos, e, wsum, wmul, xsum, ntl, nbl)
            if e < self.last:
                self.right(e + 1, pos, sn, gmasks[sn], wsum, wmul, xsum, rmask, ntl, nbl)
        if pos and not self.blocked[pos - 1] and ntl and m & self.lcm[pos - 1]:
            self.fill_left(pos - 1, node, m, wsum, wmul, xsum, rmask, ntl, nbl)

    def fill_left(
        self,
        pos: int,
        node: int,
        m0: int,
        wsum: int,
        wmul: int,
        xsum: int,
        rmask: int,
        ntl: int,
        nbl: int,
    ) -> None:
        """Place a rack tile on the empty square pos, then continue (after_left inlined)."""
        m = m0 & self.lcm[pos]
        if not nbl:
            m &= rmask
            if not m:
                return
        x, lmul, wmu, forced_left, lc, nxt_cm = self.info[pos]
        nw = wmul * wmu
        gfirst, gtargets, gmasks, gterm, sepbit, sepmask, all_mask, cur, rack, isbl, values = (
            self.hot
        )
        base = gfirst[node]
        a, e, rcm = self.anchor
        rec_ok = pos != a or e != a
        avail = all_mask if nbl else rmask  # letters the rack can still supply (superset)
        ntl -= 1
        # a child is visited only if it can be recorded, walk right or walk further left (to
        # walk right, the separator node needs an edge for a letter the rack may place there)
        if ntl:
            left_cm = nxt_cm & avail
            rneed = rcm & avail
        else:
            left_cm = rneed = 0
        sn = sm = 0
        while m:
            b = m & -m
            m ^= b
            nxt = gtargets[base + _popcount(m0 & (b - 1))]
            mm = gmasks[nxt]
            rec = 0  # an int, not a bool: it may hold the terminal byte gterm[sn]
            gor = 0
            goleft = 0
            if forced_left:
                if not (mm >> lc) & 1:
                    continue  # the board tile to the left cannot follow
            else:
                if mm & sepbit:
                    sn = gtargets[gfirst[nxt] + _popcount(mm & sepmask)]
                    rec = rec_ok and gterm[sn]
                    sm = gmasks[sn]
                    gor = sm & rneed
                goleft = mm & left_cm
                if not (rec or gor or goleft):
                    continue
            c = b.bit_length() - 1
            cur[pos] = c
            k = rack[c]  # 0: the walk takes a blank
            rm = rmask
            nb = nbl
            if k:
                rack[c] = k - 1
                if k == 1:
                    rm ^= b
            else:
                nb -= 1
            isbl[pos] = not k
            v = values[c] * lmul
            ws = wsum + v
            xs = xsum + (x + v) * wmu if x >= 0 else xsum
            if forced_left:
                self.after_left(pos, nxt, ws, nw, xs, rm, ntl, nb)
            else:
                if rec:
                    self.record(self, pos, e, ws, nw, xs, ntl, nb)
                # walk right; a bounded walk only if the bound of moves with this many tiles
                # left of the anchor reaches the cut
                if gor and (not self.bounded or self.gate[a - pos] >= self.bar[0]):
                    self.right(e + 1, pos, sn, sm, ws, nw, xs, rm, ntl, nb)
                if goleft and mm & nxt_cm & (all_mask if nb else rm):
                    self.fill_left(pos - 1, nxt, mm, ws, nw, xs, rm, ntl, nb)
            if k:
                rack[c] = k

    def right(
        self,
        pos: int,
        start: int,
        node: int,
        m0: int,
        wsum: int,
        wmul: int,
        xsum: int,
        rmask: int,
        ntl: int,
        nbl: int,
    ) -> None:
        """Extend the word to the right onto square pos (node: DAWG node after the
        separator, m0: its edge mask, which the caller has read)."""
        cells = self.cells
        last = self.last
        cell = cells[pos]
        if cell >= 0:  # tiles on the board: follow them
            gfirst, gtargets, gmasks, gterm, _, _, _, _, _, _, values = self.hot
            while cell >= 0:
                c = cell & LETTER
                if not (m0 >> c) & 1:
                    return
                node = gtargets[gfirst[node] + _popcount(m0 & ((1 << c) - 1))]
                if not cell & BLANK_BIT:
                    wsum += values[c]
                if pos == last:
                    if gterm[node]:
                        self.record(self, start, pos, wsum, wmul, xsum, ntl, nbl)
                    return
                pos += 1
                cell = cells[pos]
                if cell < 0:
                    if gterm[node]:
                        self.record(self, start, pos - 1, wsum, wmul, xsum, ntl, nbl)
                    if not ntl:
                        return
                m0 = gmasks[node]
        lcm = self.lcm
        m = m0 & lcm[pos]
        if not nbl:
            m &= rmask
        if not m:
            return
        # the fields read only past the early returns
        gfirst, gtargets, gmasks, gterm, _, _, all_mask, cur, rack, isbl, values = self.hot
        x, lmul, wmu = self.lcs[pos], self.llm[pos], self.lwm[pos]
        nw = wmul * wmu
        base = gfirst[node]
        more = pos < last
        end_here = not more or cells[pos + 1] < 0
        avail = all_mask if nbl else rmask
        ntl -= 1
        # what the next square needs: a board tile's letter, or a letter the rack may supply
        nfix = -1
        ncm = 0
        if not end_here:
            nfix = cells[pos + 1] & LETTER
        elif more and ntl:
            ncm = lcm[pos + 1] & avail
        term = 0
        go = 0
        while m:
            b = m & -m
            m ^= b
            nxt = gtargets[base + _popcount(m0 & (b - 1))]
            mn = gmasks[nxt]
            if end_here:
                term = gterm[nxt]
                go = mn & ncm
                if not (term or go):
                    continue
            elif not (mn >> nfix) & 1:
                continue
            c = b.bit_length() - 1
            cur[pos] = c
            k = rack[c]  # 0: the walk takes a blank
            rm = rmask
            nb = nbl
            if k:
                rack[c] = k - 1
                if k == 1:
                    rm ^= b
            else:
                nb -= 1
            isbl[pos] = not k
            v = values[c] * lmul
            ws = wsum + v
            xs = xsum + (x + v) * wmu if x >= 0 else xsum
            if end_here:
                if term:
                    self.record(self, start, pos, ws, nw, xs, ntl, nb)
                if go:
                    self.right(pos + 1, start, nxt, mn, ws, nw, xs, rm, ntl, nb)
            else:
                self.right(pos + 1, start, nxt, mn, ws, nw, xs, rm, ntl, nb)
            if k:
                rack[c] = k

    def set_line(self, line: int) -> None:
        """Prepare line ``line`` (a row across, a column down) for :meth:`from_anchor`."""
        self.line = line
        kept_lines = self.kept_lines
        if kept_lines is not None:
            got = kept_lines.get(line)
            if got is not None:
                (
                    self.sqs,
                    self.cells,
                    self.blocked,
                    self.lcm,
                    self.lcs,
                    self.llm,
                    self.lwm,
                    self.info,
                ) = got
                self.line_hot = (line, self.sqs, self.cells)
                return
        size = self.size
        sl = (
            slice(line * size, line * size + size)
            if self.across
            else slice(line, size * size, size)
        )
        sqs = list(range(size * size)[sl])
        cells = list(self.board[sl])
        blocked = self.anc[sl]
        lcm = self.cmask[sl]
        lcs = self.csum[sl]
        llm = list(self.lm[sl])
        lwm = list(self.wm[sl])
        # per position: the square before it holds a board tile (its letter), or it is
        # empty and not another anchor (its cross-check mask), or neither (the board's edge)
        info = [(lcs[0], llm[0], lwm[0], False, 0, 0)]
        for p in range(1, size):
            prev = cells[p - 1]
            if prev >= 0:
                info.append((lcs[p], llm[p], lwm[p], True, prev & LETTER, 0))
            else:
                info.append((lcs[p], llm[p], lwm[p], False, 0, 0 if blocked[p - 1] else lcm[p - 1]))
        self.sqs = sqs
        self.cells = cells
        self.blocked = blocked
        self.lcm = lcm
        self.lcs = lcs
        self.llm = llm
        self.lwm = lwm
        self.info = info
        self.line_hot = (line, sqs, cells)
        if kept_lines is not None:
            kept_lines[line] = (sqs, cells, blocked, lcm, lcs, llm, lwm, info)

    def from_anchor(self, pos: int, left: Sequence[float] = ()) -> None:
        """Walk every move whose leftmost anchor is at line position ``pos`` of the line
        :meth:`set_line` prepared (``left``: the bounds of a bounded walk, see the class)."""
        # Board tiles right of the anchor belong to every word through it: start the
        # GADDAG path with them (reversed), so the left walk only explores prefixes that
        # fit them; the separator then leads right from the square after them.
        cells = self.cells
        gmasks = self.gmasks
        last = self.last
        a = pos
        e = a
        while e < last and cells[e + 1] >= 0:
            e += 1
        node = self.groot
        ws = 0
        for p in range(e, a, -1):
            cell = cells[p]
            c = cell & LETTER
            m = gmasks[node]
            if not (m >> c) & 1:
                node = -1
                break
            node = self.gtargets[self.gfirst[node] + _popcount(m & ((1 << c) - 1))]
            if not cell & BLANK_BIT:
                ws += self.values[c]
        if node < 0:
            return  # the tiles are in no word
        self.anchor_pos = a
        self.anchor_end = e
        self.anchor_rcm = rcm = self.lcm[e + 1] if e < last else 0
        self.anchor = (a, e, rcm)
        rmask = self.rmask0
        ntl = self.ntiles
        nbl = self.nblanks
        if left and self.bounded:
            # no tile further left than the last left extent whose bound reaches the cut:
            # the walk may not step left from line position a - reach
            self.gate = left
            bar = self.bar
            reach = len(left) - 1
            while reach and left[reach] < bar[0]:
                reach -= 1
            p = a - reach
            info = self.info
            kept = info[p]
            info[p] = (kept[0], kept[1], kept[2], kept[3], kept[4], 0)
            self.fill_left(a, node, gmasks[node], ws, 1, 0, rmask, ntl, nbl)
            info[p] = kept
        else:
            self.fill_left(a, node, gmasks[node], ws, 1, 0, rmask, ntl, nbl)


def _group_choices(
    pidx: list[int], cur: list[int], isbl: list[bool], nblanks: int, nbl: int
) -> list[tuple[int, ...]]:
    """Every set of indices into ``pidx`` (placed line positions, letters ``cur``) that may be
    blanks: at most ``nblanks`` in all and, per letter, at least as many as the walk took from
    blanks (``isbl``; ``nbl`` blanks were left unused)."""
    # group placed tiles by letter: [indices into pidx, blanks the walk used for it]
    groups: dict[int, tuple[list[int], list[int]]] = {}
    for i, p in enumerate(pidx):
        c = cur[p]
        g = groups.get(c)
        if g is None:
            g = groups[c] = ([], [0])
        g[0].append(i)
        if isbl[p]:
            g[1][0] += 1
    reserve = nblanks - nbl  # blanks still owed to the groups not yet chosen
    choices: list[tuple[int, ...]] = [()]
    for idxs, dl in groups.values():
        d = dl[0]
        reserve -= d
        if not nbl and len(idxs) == d:
            choices = [ch + tuple(idxs) for ch in choices]
            continue
        new: list[tuple[int, ...]] = []
        for ch in choices:
            room = nblanks - len(ch) - reserve
            for k in range(d, min(room, len(idxs)) + 1):
                for comb in combinations(idxs, k):
                    new.append(ch + comb)
        choices = new
    return choices


def _board_rack(
    tiles: Tiles, board: Sequence[str] | Sequence[int], rack: str | Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if len(board) and isinstance(board[0], str):
        b = parse_board(tiles, [str(r) for r in board])
    else:
        b = tuple(int(v) for v in board)
    r = tiles.parse_rack(rack) if isinstance(rack, str) else tuple(sorted(rack))
    return b, r


def generate_moves(
    board: Sequence[str] | View,
    rack: str | None = None,
    lexicon: Lexicon | None = None,
    rules: Rules | None = None,
) -> list[Move]:
    """Every legal placement of ``rack`` (notation, ``?`` = blank) on ``board`` (one string per
    row, ``.`` = empty, lowercase = blank, ``[CH]`` for digraph tiles), sorted by descending
    score then notation. The board is treated as if it were this player's turn.

    ``board`` may also be a :class:`View` with a rack (e.g. from ``wocable.from_cgp``): its
    board, rack, lexicon and rules are used."""
    from wordgames.wocable.engine import tiles_for
    from wordgames.wocable.rules import Rules as _Rules

    if not isinstance(board, Sequence):
        if board.rack is None:
            raise ValueError("the view has no rack (a spectator's view)")
        tiles = board.tiles
        b, r = board.board, board.rack
    else:
        if rack is None or lexicon is None:
            raise TypeError("generate_moves(board, rack, lexicon) needs a rack and a lexicon")
        tiles = tiles_for(rules if rules is not None else _Rules(), lexicon)
        b, r = _board_rack(tiles, board, rack)
    return ranked_moves(tiles, b, r)


def brute_force_moves(tiles: Tiles, board: Sequence[int], rack: Sequence[int]) -> dict[Place, int]:
    """Reference generator: try every span of every line and every ordering of rack tiles
    (blanks as every letter) and keep what :func:`check_placement` accepts. Slow; for tests."""
    size = tiles.size
    out: dict[Place, int] = {}
    letters = [c for c in range(tiles.blank) if tiles.all_mask >> c & 1]
    for across in (True, False):
        for line in range(size):
            sqs = (
                [line * size + i for i in range(size)]
                if across
                else [i * size + line for i in range(size)]
            )
            for start in range(size):
                if start > 0 and board[sqs[start - 1]] >= 0:
                    continue
                for end in range(start, size):
                    if end < size - 1 and board[sqs[end + 1]] >= 0:
                        continue
                    empties = [sqs[p] for p in range(start, end + 1) if board[sqs[p]] < 0]
                    k = len(empties)
                    if k == 0 or k > len(rack):
                        continue
                    for perm in set(permutations(rack, k)):
                        for vals in _designate(perm, tiles.blank, letters):
                            newb = list(board)
                            for sq, v in zip(empties, vals, strict=True):
                                newb[sq] = v
                            codes = [newb[sqs[p]] & LETTER for p in range(start, end + 1)]
                            if not tiles.accepts(codes):
                                continue
                            placed = list(zip(empties, vals, strict=True))
                            try:
                                place = canonical_place(tiles, board, placed)
                                _, score = check_placement(tiles, board, rack, place)
                            except PlacementError:
                                continue
                            out[place] = score
    return out


def _designate(perm: Sequence[int], blank: int, letters: list[int]) -> list[list[int]]:
    res: list[list[int]] = [[]]
    for t in perm:
        if t == blank:
            res = [[*r, c | BLANK_BIT] for r in res for c in letters]
        else:
            res = [[*r, t] for r in res]
    return res
