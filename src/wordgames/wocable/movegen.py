"""Move generation: a fast anchor-based GADDAG generator and a brute-force reference.

Conventions (tested): each distinct set of placed tiles (square, letter, blank or not) is one
move; a one-tile move is listed once (across when it forms an across word, else down); a blank
played as E and a real E are different moves; every main word has at least 2 letters.

The fast generator follows Gordon's GADDAG algorithm: for every anchor (an empty square next
to a tile, or the centre on an empty board) and each direction it walks the reversed prefix
leftwards from the anchor, then the separator, then the suffix rightwards. A move is generated
from its leftmost anchor only (the leftward walk never places a tile on another anchor), so no
move is found twice. Cross-check bitmasks (letters allowed on a square by the perpendicular
word) and cross-word sums are computed once per board and direction, and the score is
accumulated during the walk.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, permutations
from typing import TYPE_CHECKING

import attrs

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
)

if TYPE_CHECKING:
    from wordgames.lexicon import Lexicon
    from wordgames.wocable.rules import Rules

__all__ = ["Move", "brute_force_moves", "generate_moves", "raw_moves"]

#: a generated move: (action, score, placed tiles as ((square, cell value), ...))
RawMove = tuple[Place, int, tuple[tuple[int, int], ...]]


@attrs.frozen
class Move:
    """A generated placement: the ``action`` to apply, its ``score``, and how many ``tiles``
    it takes from the rack."""

    action: Place
    score: int
    tiles: int

    def __str__(self) -> str:
        return f"{self.action} +{self.score}"


def cross_checks(tiles: Tiles, board: Sequence[int], across: bool) -> tuple[list[int], list[int]]:
    """Per square, for moves in direction ``across``: the bitmask of letters the perpendicular
    word allows (all letters if there is none; 0 on occupied squares) and the sum of the
    perpendicular word's existing tile values (-1 if there is no perpendicular word)."""
    size = tiles.size
    n = size * size
    all_mask = tiles.all_mask
    dmasks, dfirst, dtargets, dterm, droot = tiles.dawg
    values = tiles.values
    masks = [0] * n
    sums = [-1] * n
    step = size if across else 1  # perpendicular step
    for sq in range(n):
        if board[sq] >= 0:
            continue
        r, c = divmod(sq, size)
        p = r if across else c
        up: list[int] = []
        s, q = sq - step, p - 1
        while q >= 0 and board[s] >= 0:
            up.append(board[s])
            s -= step
            q -= 1
        down: list[int] = []
        s, q = sq + step, p + 1
        while q < size and board[s] >= 0:
            down.append(board[s])
            s += step
            q += 1
        if not up and not down:
            masks[sq] = all_mask
            continue
        total = 0
        for v in up:
            total += 0 if v & BLANK_BIT else values[v]
        for v in down:
            total += 0 if v & BLANK_BIT else values[v]
        sums[sq] = total
        node = droot
        for v in reversed(up):
            m = dmasks[node]
            c2 = v & LETTER
            if not (m >> c2) & 1:
                node = -1
                break
            node = dtargets[dfirst[node] + (m & ((1 << c2) - 1)).bit_count()]
        if node < 0:
            continue
        allowed = 0
        m0 = dmasks[node] & all_mask
        mm = m0
        while mm:
            b = mm & -mm
            mm ^= b
            nd = dtargets[dfirst[node] + (m0 & (b - 1)).bit_count()]
            for v in down:
                m = dmasks[nd]
                c2 = v & LETTER
                if not (m >> c2) & 1:
                    nd = -1
                    break
                nd = dtargets[dfirst[nd] + (m & ((1 << c2) - 1)).bit_count()]
            if nd >= 0 and dterm[nd]:
                allowed |= b
        masks[sq] = allowed
    return masks, sums


def anchors(tiles: Tiles, board: Sequence[int]) -> list[bool]:
    """Empty squares next to a tile (just the centre on an empty board)."""
    size = tiles.size
    n = size * size
    out = [False] * n
    empty_board = True
    for sq in range(n):
        if board[sq] >= 0:
            empty_board = False
            continue
        r, c = divmod(sq, size)
        if (
            (c > 0 and board[sq - 1] >= 0)
            or (c < size - 1 and board[sq + 1] >= 0)
            or (r > 0 and board[sq - size] >= 0)
            or (r < size - 1 and board[sq + size] >= 0)
        ):
            out[sq] = True
    if empty_board:
        out[tiles.centre] = True
    return out


def raw_moves(tiles: Tiles, board: Sequence[int], rack: Sequence[int]) -> list[RawMove]:
    """Every legal placement for ``rack`` (tile ids) on ``board``, with scores (GADDAG)."""
    out: list[RawMove] = []
    if not rack:
        return out
    anc = anchors(tiles, board)
    counts = [0] * (tiles.blank + 1)
    for t in rack:
        counts[t] += 1
    for across in (True, False):
        cm, cs = cross_checks(tiles, board, across)
        _gen_direction(tiles, board, counts, len(rack), across, anc, cm, cs, out)
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
    out: list[RawMove],
) -> None:
    # Blanks are wildcards during the walk: a letter is taken from the rack when it is there,
    # else from a blank, so each GADDAG path is walked once. ``record`` then lists every way to
    # choose which placed tiles are blanks (a blank in place of a real letter the rack also
    # holds is a different move); a blank's score differs by a linear correction.
    size = tiles.size
    gmasks, gfirst, gtargets, gterm, groot = tiles.gaddag
    sep = tiles.blank
    sepbit = 1 << sep
    sepmask = sepbit - 1
    blank = tiles.blank
    values = tiles.values
    texts, lower = tiles.texts, tiles.lower
    orig = tuple(rack)
    nblanks = rack[blank]
    # placed tiles of the current path: (line pos, square, letter, value x letter premium,
    # word premium of the cross word or 0)
    placed: list[tuple[int, int, int, int, int]] = []
    rmask = 0
    for c in range(blank):
        if rack[c]:
            rmask |= 1 << c
    st = [rmask, ntiles, nblanks]  # [letters-present mask, tiles left, blanks left]
    sqs: list[int] = []
    cells: list[int] = []
    lcm: list[int] = []
    lcs: list[int] = []
    llm: list[int] = []
    lwm: list[int] = []
    blocked: list[bool] = []  # empty squares the leftward walk may not fill (other anchors)
    cur = [0] * size  # letters of the current path by line position
    all_mask = tiles.all_mask
    # per anchor: its line position, whether the square to its right is empty (or off the
    # board), that square's board letter (-1 if none) and its cross-check mask (0 if none)
    anchor_pos = 0
    right_open = False
    anchor_rfix = -1
    anchor_rcm = 0
    last = size - 1

    def record(start: int, end: int, wsum: int, wmul: int, xsum: int) -> None:
        n = len(placed)
        if n == 1 and not across:
            s = placed[0][1]
            c = s % size
            if (c > 0 and board[s - 1] >= 0) or (c < last and board[s + 1] >= 0):
                return  # listed by the across pass
        score = wsum * wmul + xsum
        if n == RACK_SIZE:
            score += BINGO
        s0 = sqs[start]
        row, col = divmod(s0, size)
        if not nblanks:
            parts = [texts[cur[p]] if cells[p] < 0 else "." for p in range(start, end + 1)]
            out.append(
                (
                    Place(row, col, across, "".join(parts)),
                    score,
                    tuple([(p[1], p[2]) for p in placed]),
                )
            )
            return
        need = [0] * blank
        for p in placed:
            need[p[2]] += 1
        forced = 0
        short: list[tuple[int, int]] = []
        for p in placed:
            c = p[2]
            d = need[c] - orig[c]
            if d > 0 and (c, d) not in short:
                short.append((c, d))
                forced += d
        base_parts = [texts[cur[q]] if cells[q] < 0 else "." for q in range(start, end + 1)]
        base_tl = [(p[1], p[2]) for p in placed]
        for k in range(forced, min(nblanks, n) + 1):
            for chosen in combinations(range(n), k):
                if short:
                    ok = True
                    for c, d in short:
                        got = 0
                        for i in chosen:
                            if placed[i][2] == c:
                                got += 1
                        if got < d:
                            ok = False
                            break
                    if not ok:
                        continue
                sc = score
                parts = base_parts[:]
                tl = base_tl[:]
                for i in chosen:
                    p = placed[i]
                    sc -= p[3] * (wmul + p[4])
                    parts[p[0] - start] = lower[p[2]]
                    tl[i] = (p[1], p[2] | BLANK_BIT)
                out.append((Place(row, col, across, "".join(parts)), sc, tuple(tl)))

    def after_left(pos: int, node: int, wsum: int, wmul: int, xsum: int) -> None:
        # the word now covers pos..anchor; node is the GADDAG node of the reversed prefix
        if pos and cells[pos - 1] >= 0:
            # forced: the tile to the left belongs to the word
            cell = cells[pos - 1]
            c = cell & LETTER
            m = gmasks[node]
            if (m >> c) & 1:
                after_left(
                    pos - 1,
                    gtargets[gfirst[node] + (m & ((1 << c) - 1)).bit_count()],
                    wsum + (0 if cell & BLANK_BIT else values[c]),
                    wmul,
                    xsum,
                )
            return
        m = gmasks[node]
        a = anchor_pos
        if m & sepbit:
            sn = gtargets[gfirst[node] + (m & sepmask).bit_count()]
            if right_open and gterm[sn] and pos != a:
                record(pos, a, wsum, wmul, xsum)
            if a < last:
                right(a + 1, pos, sn, wsum, wmul, xsum)
        if pos and not blocked[pos - 1] and st[1] and m & lcm[pos - 1]:
            fill_left(pos - 1, node, m, wsum, wmul, xsum)

    def fill_left(pos: int, node: int, m0: int, wsum: int, wmul: int, xsum: int) -> None:
        # place a rack tile on the empty square pos, then continue (after_left inlined)
        m = m0 & lcm[pos]
        if not st[2]:
            m &= st[0]
            if not m:
                return
        s = sqs[pos]
        x = lcs[pos]
        lmul = llm[pos]
        wmu = lwm[pos]
        nw = wmul * wmu
        cwm = wmu if x >= 0 else 0
        base = gfirst[node]
        forced_left = pos > 0 and cells[pos - 1] >= 0
        can_left = pos > 0 and not forced_left and not blocked[pos - 1]
        nxt_cm = lcm[pos - 1] if can_left else 0
        a = anchor_pos
        rec_ok = right_open and pos != a
        go_right = a < last
        rfix = anchor_rfix
        avail = all_mask if st[2] else st[0]  # letters the rack can still supply (superset)
        st[1] -= 1
        more_tiles = st[1] > 0
        if more_tiles:
            left_cm = nxt_cm & avail
            rcm = anchor_rcm & avail
        else:
            left_cm = rcm = 0
        # the separator node must have an edge for the board tile right of the anchor, or for
        # a letter the rack may put on the empty square there
        rneed = 1 << rfix if rfix >= 0 else rcm
        lc = cells[pos - 1] & LETTER if forced_left else 0
        sn = 0
        while m:
            b = m & -m
            m ^= b
            nxt = gtargets[base + (m0 & (b - 1)).bit_count()]
            mm = gmasks[nxt]
            if forced_left:
                if not (mm >> lc) & 1:
                    continue  # the board tile to the left cannot follow
                rec = gor = False
                goleft = 0
            else:
                # visit the child only if a record, the right walk or the left walk can use it
                rec = gor = False
                if mm & sepbit:
                    sn = gtargets[gfirst[nxt] + (mm & sepmask).bit_count()]
                    rec = rec_ok and gterm[sn]
                    if go_right:
                        gor = gmasks[sn] & rneed != 0
                goleft = mm & left_cm
                if not (rec or gor or goleft):
                    continue
            c = b.bit_length() - 1
            v = values[c] * lmul
            cur[pos] = c
            real = rack[c]
            if real:
                rack[c] -= 1
                if not rack[c]:
                    st[0] ^= b
            else:
                st[2] -= 1
            placed.append((pos, s, c, v, cwm))
            ws = wsum + v
            xs = xsum + ((x + v) * wmu if x >= 0 else 0)
            if forced_left:
                after_left(pos, nxt, ws, nw, xs)
            else:
                if rec:
                    record(pos, a, ws, nw, xs)
                if gor:
                    right(a + 1, pos, sn, ws, nw, xs)
                if goleft and mm & nxt_cm & (all_mask if st[2] else st[0]):
                    fill_left(pos - 1, nxt, mm, ws, nw, xs)
            placed.pop()
            if real:
                if not rack[c]:
                    st[0] ^= b
                rack[c] += 1
            else:
                st[2] += 1
        st[1] += 1

    def right(pos: int, start: int, node: int, wsum: int, wmul: int, xsum: int) -> None:
        # extend the word to the right onto square pos (node: DAWG node after the separator)
        cell = cells[pos]
        while cell >= 0:  # tiles on the board: follow them
            c = cell & LETTER
            m = gmasks[node]
            if not (m >> c) & 1:
                return
            node = gtargets[gfirst[node] + (m & ((1 << c) - 1)).bit_count()]
            if not cell & BLANK_BIT:
                wsum += values[c]
            if pos == last:
                if gterm[node]:
                    record(start, pos, wsum, wmul, xsum)
                return
            pos += 1
            cell = cells[pos]
            if cell < 0:
                if gterm[node]:
                    record(start, pos - 1, wsum, wmul, xsum)
                if not st[1]:
                    return
        m0 = gmasks[node]
        m = m0 & lcm[pos]
        if not st[2]:
            m &= st[0]
        if not m:
            return
        s = sqs[pos]
        x = lcs[pos]
        lmul = llm[pos]
        wmu = lwm[pos]
        nw = wmul * wmu
        cwm = wmu if x >= 0 else 0
        base = gfirst[node]
        more = pos < last
        end_here = not more or cells[pos + 1] < 0
        avail = all_mask if st[2] else st[0]
        st[1] -= 1
        # what the next square needs: a board tile's letter, or a letter the rack may supply
        nfix = -1
        ncm = 0
        if not end_here:
            nfix = cells[pos + 1] & LETTER
        elif more and st[1]:
            ncm = lcm[pos + 1] & avail
        while m:
            b = m & -m
            m ^= b
            nxt = gtargets[base + (m0 & (b - 1)).bit_count()]
            if end_here:
                term = gterm[nxt]
                go = gmasks[nxt] & ncm
                if not (term or go):
                    continue
            elif not (gmasks[nxt] >> nfix) & 1:
                continue
            c = b.bit_length() - 1
            real = rack[c]
            if real:
                rack[c] -= 1
                if not rack[c]:
                    st[0] ^= b
            else:
                st[2] -= 1
            v = values[c] * lmul
            cur[pos] = c
            placed.append((pos, s, c, v, cwm))
            ws = wsum + v
            xs = xsum + ((x + v) * wmu if x >= 0 else 0)
            if end_here:
                if term:
                    record(start, pos, ws, nw, xs)
                if go:
                    right(pos + 1, start, nxt, ws, nw, xs)
            else:
                right(pos + 1, start, nxt, ws, nw, xs)
            placed.pop()
            if real:
                if not rack[c]:
                    st[0] ^= b
                rack[c] += 1
            else:
                st[2] += 1
        st[1] += 1

    lm, wm = tiles.letter_mult, tiles.word_mult
    for line in range(size):
        if across:
            sqs = list(range(line * size, line * size + size))
        else:
            sqs = list(range(line, size * size, size))
        line_anchors = [p for p in range(size) if anc[sqs[p]]]
        if not line_anchors:
            continue
        cells = [board[s] for s in sqs]
        blocked = [anc[s] for s in sqs]
        lcm = [cmask[s] for s in sqs]
        lcs = [csum[s] for s in sqs]
        llm = [lm[s] for s in sqs]
        lwm = [wm[s] for s in sqs]
        for a in line_anchors:
            anchor_pos = a
            right_open = a == last or cells[a + 1] < 0
            anchor_rfix = -1 if right_open else cells[a + 1] & LETTER
            anchor_rcm = lcm[a + 1] if a < last and right_open else 0
            fill_left(a, groot, gmasks[groot], 0, 1, 0)


def _board_rack(
    tiles: Tiles, board: Sequence[str] | Sequence[int], rack: str | Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    from wordgames.wocable.state import parse_board

    if len(board) and isinstance(board[0], str):
        b = parse_board(tiles, [str(r) for r in board])
    else:
        b = tuple(int(v) for v in board)
    r = tiles.parse_rack(rack) if isinstance(rack, str) else tuple(sorted(rack))
    return b, r


def generate_moves(
    board: Sequence[str],
    rack: str,
    lexicon: Lexicon,
    rules: Rules | None = None,
) -> list[Move]:
    """Every legal placement of ``rack`` (notation, ``?`` = blank) on ``board`` (one string per
    row, ``.`` = empty, lowercase = blank, ``[CH]`` for digraph tiles), sorted by descending
    score then notation. The board is treated as if it were this player's turn."""
    from wordgames.wocable.engine import tiles_for
    from wordgames.wocable.rules import Rules as _Rules

    tiles = tiles_for(rules if rules is not None else _Rules(), lexicon)
    b, r = _board_rack(tiles, board, rack)
    moves = [Move(p, s, len(pl)) for p, s, pl in raw_moves(tiles, b, r)]
    moves.sort(key=lambda m: (-m.score, str(m.action)))
    return moves


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
