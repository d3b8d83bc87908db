"""The top ``n`` placements without generating them all: shadow bounds per anchor.

The idea is the "shadow" of crossword-game engines: before walking the lexicon from an anchor,
bound the best score any move whose leftmost anchor it is could make, from the board alone.
The bound of an (anchor, direction) is the maximum, over every span of squares such a move
could cover (the left part runs over empty squares up to the next anchor, the right part over
anything; every square filled must admit a letter the rack can supply), of

- the rack's tile values, sorted, matched to the squares' coefficients, sorted (a square's
  coefficient is its letter premium times the word multiplier of the span, plus its own word
  premium when it also makes a cross word: the rearrangement inequality makes this the best
  any assignment of tiles could do), plus
- the board tiles in the span times the word multiplier, the cross words' existing tiles times
  their premiums, and the bingo bonus for 7 tiles, plus
- with a leave function, the best leave of the tiles that such a move keeps.

Letters are not checked against the lexicon beyond the cross-check masks and one index of the
letters of every word of 6 letters or more (:func:`word_keys`): a 7-tile span gets the bingo
bonus only if the rack and the span's board letters are a word's letters, and a 6-tile span
counts only if they are less one rack tile (racks without a blank); otherwise the span one
square shorter stands for it. So the bound is never below a real move's score.

The bound is kept per number of tiles left of the anchor too (the maximum over those is the
anchor's bound); a span of the anchor square alone with no board tile in its line bounds
nothing (its word would be one letter: such a move is found in the other direction).

Anchors are then walked best bound first, and the search stops once the next bound is below
the ``n``-th best key found (the *cut*): nothing left can enter the top ``n``. The walks
themselves use the cut (:func:`~wordgames.wocable.movegen.anchor_walker` with ``cut``): a move
is only built when its score plus the best leave for its tile count reaches the cut, the walk
places no tile further left than the last left extent whose bound reaches it, and goes right
from a left extent only if that extent's bound reaches it. The cross-checks are computed for
the rack's letters only (all letters with a blank), which is all the walks and bounds look at.

Ties are broken as in full generation, by notation, so the result is exactly the first ``n``
of the full list sorted the same way (``tests/wocable/test_shadow.py`` checks this against
:func:`~wordgames.wocable.movegen.raw_moves`, and that every bound is at least the key of
every move it covers).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from itertools import combinations
from math import prod
from operator import getitem, itemgetter, mul
from typing import Final

from wordgames._build import COMPILED
from wordgames._core.pause import paused_gc
from wordgames.wocable.engine import BINGO, BLANK_BIT, LETTER, RACK_SIZE, Tiles
from wordgames.wocable.movegen import (
    RawMove,
    anchor_walker,
    anchors,
    cross_at,
    cross_checks,
    places,
)

__all__ = [
    "BoardInfo",
    "LeaveFn",
    "anchor_bounds",
    "board_checks",
    "board_info",
    "ranked",
    "ranked_leave",
    "top_moves",
    "word_keys",
]

LeaveFn = Callable[[tuple[int, ...]], float]
"""a leave valuation: sorted tile ids kept on the rack -> points"""


def leave_table(rack: Sequence[int], leave: LeaveFn) -> dict[tuple[int, ...], float]:
    """The value of every sub-multiset of ``rack`` that a placement can keep (all but the
    full rack), keyed by the sorted tile ids kept."""
    out: dict[tuple[int, ...], float] = {}
    srt = tuple(sorted(rack))
    for k in range(len(srt)):
        for sub in combinations(srt, k):
            if sub not in out:
                out[sub] = leave(sub)
    return out


def ranked_leave(
    tabs: tuple[tuple[tuple[int, ...], ...], ...],
    values: Sequence[float],
    memo: dict[tuple[int, ...], float],
    limit: int,
) -> LeaveFn:
    """A leave function over a table stored by rank (``LeaveTable``): the value of sorted
    tile ids ``kept`` is ``values[sum(tabs[len(kept)][j][kept[j]])]``, memoised in ``memo``
    (cleared once it holds ``limit`` leaves). Here, not in the table's module, so that the
    compiled build compiles the function the searches call for every leave."""
    compiled = COMPILED

    def leave(kept: tuple[int, ...]) -> float:
        v = memo.get(kept)
        if v is None:
            if len(memo) >= limit:
                memo.clear()
            tab = tabs[len(kept)]
            if compiled:  # native tuple reads; the pure build sums in C
                rank = 0
                for j in range(len(kept)):
                    rank += tab[j][kept[j]]
            else:
                rank = sum(map(getitem, tab, kept))
            v = memo[kept] = values[rank]
        return v

    return leave


#: the bound of a span no move can use (keys may be negative with a leave function)
_NONE: Final = float("-inf")


def _primes(n: int) -> tuple[int, ...]:
    """The first ``n`` primes."""
    out: list[int] = []
    k = 2
    while len(out) < n:
        if all(k % q for q in out):
            out.append(k)
        k += 1
    return tuple(out)


#: a prime per letter code: a span's board letters as one integer (the product of their
#: primes, a small int for the spans checked against the word index)
_PRIMES: Final = _primes(BLANK_BIT)


_WORD_KEYS: dict[str, frozenset[int]] = {}


def word_keys(tiles: Tiles) -> frozenset[int]:
    """The letters of every word of at least 6 letters, each word as the product of a prime
    per letter code (``_PRIMES``; unique factorisation makes it the word's multiset of
    letters): a move of 7 tiles, or of 6 tiles with at least one board tile or alone, spells
    one of them with the board letters it covers. Built once per lexicon."""
    keys = _WORD_KEYS.get(tiles.digest)
    if keys is None:
        primes = _PRIMES
        keys = frozenset(
            prod(map(primes.__getitem__, seq))
            for seq in tiles.lexicon.dawg.sequences()
            if len(seq) >= 6
        )
        _WORD_KEYS[tiles.digest] = keys
    return keys


def _bingo_possible(keys: frozenset[int], base: int, blanks: int, all_mask: int) -> bool:
    """Whether the letters of ``base`` (the product of the primes of the rack's real letters
    and of a span's board letters) and ``blanks`` wildcards can be the letters of one word
    (2 blanks or more: assumed so)."""
    if blanks == 0:
        return base in keys
    if blanks == 1:
        primes = _PRIMES
        m = all_mask
        while m:
            b = m & -m
            m ^= b
            if base * primes[b.bit_length() - 1] in keys:
                return True
        return False
    return True


def _six_possible(keys: frozenset[int], base: int, drop: list[int]) -> bool:
    """Whether the letters of ``base`` (as for :func:`_bingo_possible`, a rack without a
    blank), less one rack letter whose prime is in ``drop`` (none if empty: a 6-tile rack),
    can be the letters of one word (a 6-tile move)."""
    if not drop:
        return base in keys
    for q in drop:  # noqa: SIM110 (a plain loop, no generator)
        if base // q in keys:
            return True
    return False


def _matched(coefs: list[int], s: int, t: int, v: tuple[int, int, int, int, int, int, int]) -> int:
    """The dot product of the rack values ``v`` (best first, 0 past the rack's tiles) with
    the nonzero items of ``coefs[s:t]`` (at most 7) sorted best first: the compiled build's
    form, the seven best kept in native locals, no list written; the pure build slices,
    sorts and calls ``sum(map(mul, ...))`` (built-ins, faster there)."""
    c0 = c1 = c2 = c3 = c4 = c5 = c6 = 0
    for i in range(s, t):
        c = coefs[i]
        if c > c6:
            # insert c in the descending c0..c6 (c6 drops out)
            c6 = c
            if c6 > c5:
                c5, c6 = c6, c5
                if c5 > c4:
                    c4, c5 = c5, c4
                    if c4 > c3:
                        c3, c4 = c4, c3
                        if c3 > c2:
                            c2, c3 = c3, c2
                            if c2 > c1:
                                c1, c2 = c2, c1
                                if c1 > c0:
                                    c0, c1 = c1, c0
    return v[0] * c0 + v[1] * c1 + v[2] * c2 + v[3] * c3 + v[4] * c4 + v[5] * c5 + v[6] * c6


def anchor_bounds(
    tiles: Tiles,
    board: Sequence[int],
    rack: Sequence[int],
    across: bool,
    anc: list[bool],
    cmask: list[int],
    csum: list[int],
    extra: Sequence[float],
) -> list[tuple[float, int, int, list[float]]]:
    """``(bound, line, position, left)`` for every anchor of direction ``across`` from which a
    move may start, where ``left[j]`` bounds the moves with ``j`` tiles left of the anchor (the
    bound is their maximum); ``extra[k]`` is added to the bound of spans filling ``k`` squares
    (the best leave of ``len(rack) - k`` tiles, or 0). Anchors no rack tile fits are left out.

    Each span's tile points are bounded twice and the smaller bound taken: all rack values
    matched to all coefficients, and (for squares whose cross-check admits only some of the
    rack's letters) the best admitted value per such square plus the other squares matched
    with the best values. A 7-tile span gets the bingo bonus only if its board letters with
    the rack's can be the letters of a word, and a 6-tile span counts (for a rack without a
    blank) only if they can with all but one rack tile (:func:`word_keys`); otherwise the
    span one square shorter stands for it.

    The per-square figures are integer columns of the line, computed once per line and
    shared by its anchors; a span's coefficients are a slice of a column (0 on the board
    tiles it covers, which the matching ignores), its word premium, fixed points and capped
    squares are kept up to date as the span moves left, and its board letters are one
    integer key (the product of a prime per letter) for the word-index checks."""
    size = tiles.size
    last = size - 1
    values = tiles.values
    blank = tiles.blank
    ntiles = len(rack)
    vals = sorted((0 if t == blank else values[t] for t in rack), reverse=True)
    top = vals[0] if vals else 0
    nblanks = sum(1 for t in rack if t == blank)
    real = [t for t in rack if t != blank]
    avail = tiles.all_mask if nblanks else 0
    for t in real:
        avail |= 1 << t
    # a 6-tile span is checked for racks of 6 or 7 tiles without a blank
    six = not nblanks and ntiles >= 6
    keys: frozenset[int] = word_keys(tiles) if ntiles == RACK_SIZE or six else frozenset()
    # the rack letter left, each as its prime
    drop = [_PRIMES[c] for c in sorted(set(real))] if ntiles == RACK_SIZE else []
    all_mask = tiles.all_mask
    # the best leave kept by a move of at most k tiles
    best_extra = list(extra)
    for k in range(2, len(best_extra)):
        best_extra[k] = max(best_extra[k], best_extra[k - 1])
    primes = _PRIMES
    preal = 1  # the rack's real letters, as a word key
    for t in real:
        preal *= primes[t]
    bmemo: dict[int, bool] = {}  # a span's board letters (their key) -> bingo possible
    smemo: dict[int, bool] = {}  # the same for 6 tiles (all but one rack tile)
    lmul, wmul = tiles.letter_mult, tiles.word_mult
    caps: dict[int, int] = {}  # cross-check mask -> best value of a rack tile it admits
    out: list[tuple[float, int, int, list[float]]] = []
    # the board letters of a span are needed only for those checks
    need_letters = ntiles == RACK_SIZE or six
    # a tuple's items are native reads in the compiled build (a list is copied once)
    cells_all: tuple[int, ...] = board if isinstance(board, tuple) else tuple(board)
    compiled = COMPILED  # the compiled build sorts and matches in a native helper
    # the two coefficient columns of a line for a span of word premium sw > 1 (made on
    # demand, with the line they are for)
    alt: dict[int, tuple[int, list[int], list[int]]] = {}
    # per anchor, by number of right squares: the square, the board tiles' points up to the
    # word's end and their letters' key (with need_letters only); lists written in place,
    # not made per anchor
    rpos = [0] * (size + 1)
    rsums = [0] * (size + 1)
    rkeys = [0] * (size + 1)
    # the rack values for it, as seven native ints (0 past the rack's tiles)
    pad = [*vals, 0, 0, 0, 0, 0, 0, 0]
    v7 = (pad[0], pad[1], pad[2], pad[3], pad[4], pad[5], pad[6])
    for line in range(size):
        sl = slice(line * size, line * size + size) if across else slice(line, size * size, size)
        lanc = anc[sl]
        if not any(lanc):
            continue
        cells = cells_all[sl]
        lms = lmul[sl]
        wms = wmul[sl]
        # per square some rack tile fits (0 elsewhere, occupied squares included: their
        # cross-check masks are 0): the tile coefficient in a span without a word premium
        # (letter premium, times 1 plus the square's word premium if it makes a cross word),
        # the same where the cross-check admits the rack's best value (0 where it caps it),
        # the cross word's fixed points times its premium, the best rack value admitted
        co = [0] * size
        fr = [0] * size
        fx = [0] * size
        cv = [0] * size
        # zip without strict= (the lengths are equal): mypyc compiles only a plain zip loop
        for p, cm, x in zip(range(size), cmask[sl], csum[sl]):  # noqa: B905
            if cm & avail:
                if cm & avail == avail:
                    cap = top  # every rack letter fits (no cross word, or an open one)
                else:
                    got_cap = caps.get(cm)
                    if got_cap is None:
                        cap = 0
                        for t in real:
                            if cm >> t & 1 and values[t] > cap:
                                cap = values[t]
                        caps[cm] = cap
                    else:
                        cap = got_cap
                c = lms[p]
                if x >= 0:
                    w = wms[p]
                    c *= 1 + w
                    fx[p] = x * w
                co[p] = c
                if cap >= top:
                    fr[p] = c
                cv[p] = cap
        for a, ca in enumerate(co):
            if not ca or not lanc[a]:
                continue
            # left: forced board tiles, or free empty squares up to the next anchor
            lsum = 0
            lkey = 1  # the board letters' key (the product of their primes)
            nlmax = 0
            p = a - 1
            lboard = p >= 0 and cells[p] >= 0
            if lboard:
                while p >= 0 and cells[p] >= 0:
                    c = cells[p]
                    if not c & BLANK_BIT:
                        lsum += values[c]
                    if need_letters:
                        lkey *= primes[c & LETTER]
                    p -= 1
            else:
                while p >= 0 and nlmax < ntiles - 1 and not lanc[p] and co[p]:
                    nlmax += 1
                    p -= 1
            # right: the m-th empty square filled and the board tiles up to the word's end;
            # the word premium, cross words' fixed points and the squares whose cross-check
            # caps the best tile (their count, and the sums of their letter premiums and
            # coefficients times their best admitted value), of all of them
            rpos[0] = a
            m = 1  # right squares
            w = wms[a]
            fixed = fx[a]
            ncap = capa = capc = 0
            cap = cv[a]
            if cap < top:
                ncap = 1
                capa = lms[a] * cap
                capc = ca * cap
            tsum = 0
            tkey = 1
            p = a + 1
            alone = not lboard and (p > last or cells[p] < 0)  # no board tile next in line
            while True:
                while p <= last and cells[p] >= 0:
                    c = cells[p]
                    if not c & BLANK_BIT:
                        tsum += values[c]
                    if need_letters:
                        tkey *= primes[c & LETTER]
                    p += 1
                rsums[m - 1] = tsum
                if need_letters:
                    rkeys[m - 1] = tkey
                if p > last or m == ntiles or not co[p]:
                    break
                rpos[m] = p
                m += 1
                w *= wms[p]
                fixed += fx[p]
                cap = cv[p]
                if cap < top:
                    ncap += 1
                    capa += lms[p] * cap
                    capc += co[p] * cap
                p += 1
            if alone and not nlmax and m == 1:
                continue  # only the anchor's letter alone: no word in this direction
            # The points of a span never drop when it grows by a square, so only the longest
            # span for each number of left squares counts, and the longest without a bingo
            # when its 7 tiles cannot make one; the leave's best for fewer tiles is added.
            # The aggregates are kept up to date as the span moves left.
            best = _NONE
            spans = [_NONE] * (nlmax + 1)
            for nl in range(nlmax + 1):
                if nl:
                    q = a - nl
                    w *= wms[q]
                    fixed += fx[q]
                    cap = cv[q]
                    if cap < top:
                        ncap += 1
                        capa += lms[q] * cap
                        capc += co[q] * cap
                    if nl + m > ntiles:
                        m -= 1
                        q = rpos[m]
                        w //= wms[q]
                        fixed -= fx[q]
                        cap = cv[q]
                        if cap < top:
                            ncap -= 1
                            capa -= lms[q] * cap
                            capc -= co[q] * cap
                k = nl + m
                if k == 1 and alone:
                    continue  # the anchor's letter alone: no word in this direction
                sw, sfixed, sncap, scapa, scapc, sm = w, fixed, ncap, capa, capc, m
                # the longest span whose tiles can spell a word: 7 tiles a bingo with the
                # span's board letters, 6 tiles (no blank) all but one rack tile with them
                dead = False
                while k == RACK_SIZE or (k == 6 and six):
                    bkey = lkey * rkeys[sm - 1]
                    kmemo = bmemo if k == RACK_SIZE else smemo
                    ok = kmemo.get(bkey)
                    if ok is None:
                        if k == RACK_SIZE:
                            ok = _bingo_possible(keys, preal * bkey, nblanks, all_mask)
                        else:
                            ok = _six_possible(keys, preal * bkey, drop)
                        kmemo[bkey] = ok
                    if ok:
                        break
                    if sm == 1:
                        dead = True  # no shorter span with this many left squares
                        break
                    sm -= 1
                    q = rpos[sm]
                    sw //= wms[q]
                    sfixed -= fx[q]
                    cap = cv[q]
                    if cap < top:
                        sncap -= 1
                        scapa -= lms[q] * cap
                        scapc -= co[q] * cap
                    k -= 1
                if dead:
                    continue
                if sw == 1:
                    cos, frs = co, fr
                else:
                    got = alt.get(sw)
                    if got is None or got[0] != line:
                        d = sw - 1
                        # zip without strict=, as above
                        got = (
                            line,
                            [c + lm * d if c else 0 for c, lm in zip(co, lms)],  # noqa: B905
                            [c + lm * d if c else 0 for c, lm in zip(fr, lms)],  # noqa: B905
                        )
                        alt[sw] = got
                    _, cos, frs = got
                # the span's squares: a - nl to the last right square (board tiles are 0)
                s = a - nl
                e = rpos[sm - 1] + 1
                if compiled:
                    b1 = _matched(cos, s, e, v7)
                else:
                    cs = cos[s:e]
                    cs.sort(reverse=True)
                    b1 = sum(map(mul, vals, cs))
                if sncap:
                    # also bound with each square whose cross-check admits only lesser rack
                    # letters at its best admitted value, the others matched with the best
                    # values; keep the smaller bound
                    b2 = scapc + (sw - 1) * scapa
                    if b2 < b1:
                        if compiled:
                            b2 += _matched(frs, s, e, v7)
                        else:
                            cs = frs[s:e]
                            cs.sort(reverse=True)
                            b2 += sum(map(mul, vals, cs))
                        if b2 < b1:
                            b1 = b2
                bnd = sw * (lsum + rsums[sm - 1]) + sfixed + b1 + best_extra[k]
                if k == RACK_SIZE:
                    bnd += BINGO
                if bnd > best:
                    best = bnd
                spans[nl] = bnd
            if best > _NONE:
                out.append((best, line, a, spans))
    return out


BoardInfo = tuple[list[bool], list[tuple[list[int], list[int]]]]
"""a board's anchors and its cross-checks for every letter, across then down"""


def board_info(tiles: Tiles, board: Sequence[int]) -> BoardInfo:
    """What :func:`ranked` computes from the board alone, for every rack at once (``info``):
    the anchors and the cross-checks of all letters in both directions."""
    return anchors(tiles, board), [cross_checks(tiles, board, a) for a in (True, False)]


#: boards :func:`board_checks` keeps per lexicon (the most recent last)
CHECKS_KEPT: Final = 8
#: a board differing from a kept one by more added tiles is computed afresh
_MAX_ADDED: Final = 2 * RACK_SIZE

# per tiles digest: (board, its occupied squares as bits, the letters tested, BoardInfo)
_Kept = tuple[tuple[int, ...], int, int, BoardInfo]
_KEPT: dict[str, list[_Kept]] = {}


def board_checks(tiles: Tiles, board: Sequence[int], letters: int) -> BoardInfo:
    """:func:`board_info` with at least ``letters`` tested (the cross-check masks there are
    the allowed letters among those tested, all letters where there is no cross word): the
    search of :func:`ranked` needs no more. The last :data:`CHECKS_KEPT` boards are kept per
    lexicon; a board that is a kept one with tiles added (the next turn of a game, a
    rollout's next ply) gets the kept checks updated where a new tile changes a cross word,
    and letters not tested yet are tested where there is a cross word. The lists returned
    are shared: read them, do not change them."""
    key = tiles.digest
    kept = _KEPT.get(key)
    if kept is None:
        kept = _KEPT[key] = []
    cells = board if isinstance(board, tuple) else tuple(board)
    occ = 0
    for sq, v in enumerate(cells):
        if v >= 0:
            occ |= 1 << sq
    parent: _Kept | None = None
    pbits = -1
    for got in kept:
        gocc = got[1]
        if gocc & ~occ:
            continue  # a tile of that board is not on this one
        nbits = gocc.bit_count()
        if nbits <= pbits or (occ ^ gocc).bit_count() > _MAX_ADDED:
            continue
        if gocc == occ:
            if got[0] != cells:
                continue
        else:
            gcells = got[0]
            m = gocc
            same = True
            while m:
                b = m & -m
                m ^= b
                sq = b.bit_length() - 1
                if gcells[sq] != cells[sq]:
                    same = False
                    break
            if not same:
                continue
        parent, pbits = got, nbits
    if parent is not None and parent[1] == occ and not letters & ~parent[2]:
        return parent[3]  # this very board, the letters tested
    size = tiles.size
    all_mask = tiles.all_mask
    letters &= all_mask
    dirs: list[tuple[list[int], list[int]]] = []
    added = 0
    if parent is None:
        tested = letters
        for across in (True, False):
            dirs.append(cross_checks(tiles, cells, across, tested))
    else:
        tested = parent[2]
        added = occ & ~parent[1]
        for d, across in enumerate((True, False)):
            pm, ps = parent[3][1][d]
            masks = list(pm)  # the kept lists stay as they are
            sums = list(ps)
            step = size if across else 1
            touched: set[int] = set()
            m = added
            while m:
                b = m & -m
                m ^= b
                sq = b.bit_length() - 1
                masks[sq] = 0
                sums[sq] = -1
                # the empty squares ending the perpendicular run of tiles through sq
                p = sq // size if across else sq % size
                s, q = sq - step, p - 1
                while q >= 0 and cells[s] >= 0:
                    s -= step
                    q -= 1
                if q >= 0:
                    touched.add(s)
                s, q = sq + step, p + 1
                while q < size and cells[s] >= 0:
                    s += step
                    q += 1
                if q < size:
                    touched.add(s)
            cross_at(tiles, cells, across, tested, touched, masks, sums, False)
            dirs.append((masks, sums))
    more = letters & ~tested
    if more:
        for d, across in enumerate((True, False)):
            masks, sums = dirs[d]
            crossed = [sq for sq, x in enumerate(sums) if x >= 0]
            cross_at(tiles, cells, across, more, crossed, masks, sums, True)
            dirs[d] = (masks, sums)
        tested |= more
    info: BoardInfo = (anchors(tiles, cells), dirs)
    if parent is not None and parent[1] == occ:
        kept[:] = [g for g in kept if g is not parent]
    kept.append((cells, occ, tested, info))
    del kept[:-CHECKS_KEPT]
    return info


def ranked(
    tiles: Tiles,
    board: Sequence[int],
    rack: Sequence[int],
    n: int,
    leave: LeaveFn | None = None,
    *,
    floor: float = float("-inf"),
    info: BoardInfo | None = None,
) -> list[tuple[float, RawMove]]:
    """The ``n`` best placements as ``(key, raw move)``, best first: the key is the score, or
    the score plus ``leave`` of the tiles kept; ties go to the smaller notation. The same list
    as sorting every move of :func:`~wordgames.wocable.movegen.raw_moves` by
    ``(-key, str(action))`` and keeping ``n``, found by walking anchors best bound first.
    With ``floor``, only moves of key at least ``floor`` (the search starts with that cut:
    "is any move this good?" costs less than the best move); ``info`` is
    :func:`board_info` of ``board``, for many racks on one board.
    The cyclic garbage collector is paused meanwhile, as in
    :func:`~wordgames.wocable.movegen.raw_moves`."""
    if n <= 0 or not rack:
        return []
    return paused_gc(_ranked, tiles, board, rack, n, leave, floor, info)


def _ranked(
    tiles: Tiles,
    board: Sequence[int],
    rack: Sequence[int],
    n: int,
    leave: LeaveFn | None,
    floor: float = float("-inf"),
    info: BoardInfo | None = None,
) -> list[tuple[float, RawMove]]:
    ntiles = len(rack)
    blank = tiles.blank
    counts = [0] * (blank + 1)
    for t in rack:
        counts[t] += 1
    leaves: dict[tuple[int, ...], float] = {}
    extra = [0.0] * (ntiles + 1)
    if leave is not None:
        leaves = leave_table(rack, leave)
        best_by_size: dict[int, float] = {}
        for sub, v in leaves.items():
            k = ntiles - len(sub)
            if k not in best_by_size or v > best_by_size[k]:
                best_by_size[k] = v
        for k, v in best_by_size.items():
            extra[k] = v
    letters = tiles.all_mask if counts[blank] else sum(1 << t for t in set(rack))
    if info is None:
        info = board_checks(tiles, board, letters)
    anc = info[0]
    out: list[RawMove] = []
    heap: list[float] = []  # the n best keys so far (a min-heap)
    keyed: list[tuple[float, RawMove]] = []
    cut = [floor]  # the n-th best key so far: the walks skip moves below it
    srt = sorted(rack)

    def take() -> None:
        # key the moves a walk just appended and raise the cut at once
        for mv in out:
            key = float(mv[1])  # a float from the start: the compiled build keeps one type
            if leave is not None:
                kept = list(srt)
                for _, v in mv[2]:
                    kept.remove(blank if v & BLANK_BIT else v)
                key += leaves[tuple(kept)]
            keyed.append((key, mv))
            if len(heap) < n:
                heapq.heappush(heap, key)
            elif key > heap[0]:
                heapq.heapreplace(heap, key)
        out.clear()
        if len(heap) >= n and heap[0] > cut[0]:
            cut[0] = heap[0]

    work: list[tuple[float, int, int, int, list[float]]] = []
    walkers = []
    for d, across in enumerate((True, False)):
        cm, cs = info[1][d]
        walkers.append(
            anchor_walker(tiles, board, counts, ntiles, across, anc, cm, cs, out, cut, extra, take)
        )
        for b, line, pos, left in anchor_bounds(tiles, board, rack, across, anc, cm, cs, extra):
            work.append((b, d, line, pos, left))
    work.sort(key=itemgetter(0), reverse=True)
    lines = [-1, -1]
    for b, d, line, pos, left in work:
        if b < cut[0]:
            break
        set_line, from_anchor = walkers[d]
        if lines[d] != line:
            set_line(line)
            lines[d] = line
        from_anchor(pos, left)
    if len(heap) >= n:  # only moves as good as the n-th best key can be in the top n
        keyed = [km for km in keyed if km[0] >= heap[0]]
    if floor > float("-inf"):
        keyed = [km for km in keyed if km[0] >= floor]
    # by key, ties by notation (the actions are made for these moves alone)
    notes = [str(a) for a in places(tiles, board, [mv for _, mv in keyed])]
    order = sorted(range(len(keyed)), key=lambda i: (-keyed[i][0], notes[i]))
    return [keyed[i] for i in order[:n]]


def top_moves(
    tiles: Tiles,
    board: Sequence[int],
    rack: Sequence[int],
    n: int,
    leave: LeaveFn | None = None,
) -> list[RawMove]:
    """The raw moves of :func:`ranked`, without their keys."""
    return [mv for _, mv in ranked(tiles, board, rack, n, leave)]
