"""Queries on a DAWG: anagrams with wildcards and pattern matching.

Each function walks the flat arrays of a :class:`~wordgames.lexicon.WordGraph` and returns
the words it finds as strings, in code order, writing code ``c`` as ``texts[c]``.
"""

from __future__ import annotations

from collections.abc import Sequence

from wordgames.lexicon._errors import LexiconError, short_repr
from wordgames.lexicon._graph import WordGraph
from wordgames.lexicon.alphabet import MAX_WORD_TILES

__all__ = [
    "ANY",
    "OPT",
    "STAR",
    "anagram_search",
    "free_run",
    "min_length_of",
    "pattern_search",
]

#: Pattern elements besides literal codes (>= 0): one tile of any kind, any run of tiles
#: (possibly empty), and zero or one tile of any kind.
ANY, STAR, OPT = -1, -2, -3


def anagram_search(
    dawg: WordGraph,
    counts: list[int],
    blanks: int,
    *,
    min_length: int,
    exact: bool,
    texts: Sequence[str],
) -> list[str]:
    """Words spelled with tiles of the rack (``counts[code]`` tiles of each code plus
    ``blanks`` wildcards): all of them if ``exact``, else at least ``min_length``.

    At each edge the search uses a real tile if one is left and a wildcard only otherwise;
    that never misses a word, and each word is found once (a DAWG has one path per word).
    """
    first, mask, terminal, labels, targets = (
        dawg.first,
        dawg.mask,
        dawg.terminal,
        dawg.labels,
        dawg.targets,
    )
    total = sum(counts) + blanks
    if exact and total < min_length:
        return []
    lo_len = total if exact else min_length
    out: list[str] = []
    path: list[str] = []
    rack_mask = 0
    for c, n in enumerate(counts):
        if n:
            rack_mask |= 1 << c

    def rec(v: int, blanks: int, depth: int, rack_mask: int) -> None:
        if depth >= lo_len and terminal[v]:
            out.append("".join(path))
        if depth == total:
            return
        m = mask[v]
        base = first[v]
        if blanks:
            for e in range(base, first[v + 1]):
                c = labels[e]
                n = counts[c]
                path.append(texts[c])
                if n:
                    counts[c] = n - 1
                    rec(targets[e], blanks, depth + 1, rack_mask if n > 1 else rack_mask ^ 1 << c)
                    counts[c] = n
                else:
                    rec(targets[e], blanks - 1, depth + 1, rack_mask)
                path.pop()
        else:
            avail = m & rack_mask
            while avail:
                low = avail & -avail
                avail ^= low
                c = low.bit_length() - 1
                n = counts[c]
                path.append(texts[c])
                counts[c] = n - 1
                rec(
                    targets[base + (m & (low - 1)).bit_count()],
                    0,
                    depth + 1,
                    rack_mask if n > 1 else rack_mask ^ low,
                )
                counts[c] = n
                path.pop()

    rec(dawg.root, blanks, 0, rack_mask)
    return out


def _closure(elems: Sequence[int], states: int) -> int:
    """Add the positions reachable by skipping ``*`` and optional elements."""
    n = len(elems)
    i = 0
    while i < n:
        if (states >> i) & 1 and elems[i] in (STAR, OPT):
            states |= 1 << (i + 1)
        i += 1
    return states


def pattern_search(dawg: WordGraph, elems: Sequence[int], texts: Sequence[str]) -> list[str]:
    """Words matching ``elems``: literal codes, ``ANY`` (one tile), ``STAR`` (any run,
    possibly empty) and ``OPT`` (zero or one tile). The pattern runs as a set of positions
    (a bitmask) alongside the DAWG walk, so each word is found once."""
    first, terminal, labels, targets = dawg.first, dawg.terminal, dawg.labels, dawg.targets
    n = len(elems)
    accept = 1 << n
    start = _closure(elems, 1)
    trans: dict[tuple[int, int], int] = {}
    has_star = STAR in elems
    max_depth = -1 if has_star else n
    out: list[str] = []
    path: list[str] = []

    def step(states: int, c: int) -> int:
        key = (states, c)
        r = trans.get(key)
        if r is None:
            r = 0
            for i in range(n):
                if (states >> i) & 1:
                    x = elems[i]
                    if x == STAR:
                        r |= 1 << i
                    elif x in (c, ANY, OPT):
                        r |= 1 << (i + 1)
            r = _closure(elems, r) if r else 0
            trans[key] = r
        return r

    # alive[(states, v)]: can some path from v complete the pattern? Memoised over nodes
    # (not paths), so a walk only enters subtrees that hold matches.
    alive: dict[tuple[int, int], bool] = {}

    def live(v: int, states: int, depth: int) -> bool:
        key = (states, v)
        r = alive.get(key)
        if r is None:
            r = bool(states & accept and terminal[v])
            if not r and depth != max_depth:
                for e in range(first[v], first[v + 1]):
                    s2 = step(states, labels[e])
                    if s2 and live(targets[e], s2, depth + 1):
                        r = True
                        break
            alive[key] = r
        return r

    def rec(v: int, states: int, depth: int) -> None:
        if states & accept and terminal[v]:
            out.append("".join(path))
        if depth == max_depth:
            return
        for e in range(first[v], first[v + 1]):
            c = labels[e]
            s2 = step(states, c)
            if s2 and live(targets[e], s2, depth + 1):
                path.append(texts[c])
                rec(targets[e], s2, depth + 1)
                path.pop()

    rec(dawg.root, start, 0)
    return out


def min_length_of(value: object) -> int:
    """A query's ``min_length`` checked (an int) and clamped to the lengths words can have."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise LexiconError(f"min_length must be an int, got {type(value).__name__}")
    return max(-1, min(value, MAX_WORD_TILES + 1))


def free_run(spec: int | tuple[int, int | None] | None, what: str) -> list[int]:
    """The pattern elements of ``containing``'s ``before``/``after``: ``None`` any run, ``n``
    exactly ``n`` tiles, ``(lo, hi)`` between ``lo`` and ``hi`` (``hi`` None: no upper bound)."""
    if spec is None:
        return [STAR]
    lo: int
    hi: int | None
    if isinstance(spec, int) and not isinstance(spec, bool):
        lo, hi = spec, spec
    elif (
        isinstance(spec, tuple)
        and len(spec) == 2
        and isinstance(spec[0], int)
        and (spec[1] is None or isinstance(spec[1], int))
    ):
        lo, hi = spec
    else:
        raise LexiconError(
            f"{what} must be an int, a (min, max) pair or None, got {short_repr(spec)}"
        )
    if lo < 0 or (hi is not None and hi < lo):
        raise LexiconError(f"{what} range {short_repr(spec)} is empty or negative")
    # no word is longer than MAX_WORD_TILES, so larger bounds change nothing
    lo = min(lo, MAX_WORD_TILES + 1)
    if hi is None:
        return [ANY] * lo + [STAR]
    hi = min(hi, MAX_WORD_TILES + 1)
    return [ANY] * lo + [OPT] * (hi - lo)
