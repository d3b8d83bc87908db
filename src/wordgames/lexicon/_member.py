"""The fast path of ``word in lexicon``: the base class of :class:`~wordgames.lexicon.Lexicon`.

In the compiled build (docs/install.md) mypyc makes :class:`Membership` a native class, so
its ``__contains__`` is a C function in the type's ``sq_contains`` slot, which ``Lexicon``
(a Python class, as it must be weakly referenceable) inherits as it is: ``word in lexicon``
runs no Python code when the fast path answers. There the fast path for the common query, a
word of lower-case letters ``a``-``z``, is a flat open-addressing table (:func:`word_table`;
two, by length: 6-byte quotiented slots for words of at most 12 letters, 16-byte slots for
longer ones, so the table the common words use is small) that holds each word in its slot
(its letters packed 5 bits each, and for the short words what the slot does not already
give of a bijective hash of them: two loops over the query's letters pack them and check
that they are ``a``-``z``, and the slot compare is a few byte reads, all inlined in
``__contains__``), so a lookup reads the query and one slot (a set would read the query,
the set's entry and the stored string), and beside it one fingerprint byte a slot (a table
of an eighth of the size, which stays in the cache): a probe reads the slot's letters only
when its fingerprint matches the query's, so a miss (a word that is
not in the lexicon) reads the fingerprints alone. In the pure build the table is never
built (a Python loop over the letters would be slower than the set), and ``Lexicon`` takes
:meth:`Membership._set_contains`, the hash-set path, as its ``__contains__``.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # native integer types in annotations only (never evaluated at run time)
    from mypy_extensions import i64

from wordgames._build import mypyc_attr

__all__ = ["NATIVE", "Membership", "word_table"]

NATIVE: Final[bool] = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""True when this module is compiled (mypyc): :class:`Lexicon` then builds the word table."""

#: Bytes per slot of the long words' table (13 letters or more): the word packed 5 bits a
#: letter, two 8-byte integers.
SLOT: Final = 16
#: Bytes per slot of the short words' table (at most 12 letters): what the slot and the
#: fingerprint do not already give of the word's :func:`_mix` hash, and the slot's distance
#: from the word's home slot.
SHORT_SLOT: Final = 6
#: The short words' table has at least 2**13 slots: its entries then fit in 48 bits.
MIN_BITS: Final = 13
#: The longest word the table holds.
LETTERS: Final = 24
_BITS30: Final = 0x3FFFFFFF
_MUL: Final = 2654435761  # 2**32 / the golden ratio: 30-bit keys times it stay below 2**62
_M30: Final = 0x3FFFFFFF
_M60: Final = 0xFFFFFFFFFFFFFFF  # 2**60 - 1
_C1: Final = 0x2C9277B5  # odd multipliers below 2**30 (no product exceeds 2**60)
_C2: Final = 0x3A8F05C5
_A: Final = 97  # ord("a")
_Z: Final = 122  # ord("z")


def _pack(word: str, n: i64) -> tuple[i64, i64]:
    """The ``n`` letters of ``word`` packed 5 bits each (``a`` = 1 .. ``z`` = 26, the last
    letter lowest): the first 12 in the first integer, the rest in the second; (-1, 0) if any
    character is not ``a``-``z``. Distinct words of at most :data:`LETTERS` letters give
    distinct pairs (no letter is 0). Membership inlines the same two loops."""
    if n < 1:
        return 0, 0
    c: i64 = ord(word[0])  # the first letter apart, as in Membership.__contains__
    if c < _A or c > _Z:
        return -1, 0
    lo: i64 = c & 31
    hi: i64 = 0
    i: i64 = 1
    m: i64 = 12
    if n < 12:
        m = n
    while i < m:
        c = ord(word[i])
        if c < _A or c > _Z:
            return -1, 0
        lo = (lo << 5) | (c & 31)
        i += 1
    while i < n:
        c = ord(word[i])
        if c < _A or c > _Z:
            return -1, 0
        hi = (hi << 5) | (c & 31)
        i += 1
    return lo, hi


def _slot_hash(lo: i64, hi: i64) -> i64:
    """The hash of a packed word (:func:`_pack`), below 2**62: its bits 32 and up choose the
    slot, bits 54 to 61 give the fingerprint (:func:`_fingerprint`)."""
    return ((lo ^ (lo >> 30) ^ hi ^ (hi >> 30)) & _BITS30) * _MUL


def _fingerprint(h: i64) -> i64:
    """The fingerprint byte (1 to 255) of a word of hash ``h`` (:func:`_slot_hash`): its bits
    54 to 61, which do not choose the slot up to 2**22 slots (2.8 million words; beyond,
    fingerprints only filter less)."""
    f: i64 = (h >> 54) & 255
    if f == 0:
        f = 1
    return f


def _mix(x: i64) -> i64:
    """A bijection of the integers 0 to 2**60 - 1 that spreads them evenly: two rounds of
    xor-shift and multiplication by an odd number modulo 2**60, the product taken in 30-bit
    halves so that nothing exceeds 2**61 (no overflow of a 64-bit integer). Inlined in
    :meth:`Membership.__contains__`."""
    x ^= x >> 29
    x = ((x & _M30) * _C1 + ((((x >> 30) * _C1) & _M30) << 30)) & _M60
    x ^= x >> 32
    return ((x & _M30) * _C2 + ((((x >> 30) * _C2) & _M30) << 30)) & _M60


ShortTable = tuple[bytes, bytes, int, int]
"""The short words' table of :func:`word_table`: (slots, fingerprints, slot count - 1,
shift)."""
LongTable = tuple[bytes, bytes, int]
"""The long words' table of :func:`word_table`: (slots, fingerprints, slot count - 1)."""


def _place_short(keys: list[int]) -> ShortTable:
    """The short words' table of the packed words ``keys`` (:func:`_pack`, at most 12
    letters), quotiented: a word's hash ``h = _mix(lo)`` (60 bits, and a bijection, so ``h``
    gives the word back) is split into its home slot (the top ``bits``), 7 bits of fingerprint
    (the byte is those bits plus 128, so never 0) and the ``shift = 53 - bits`` bits below
    them; the slot holds those bits and, above them, its distance from the home slot (at most
    255: else the table doubles), :data:`SHORT_SLOT` bytes, lowest first."""
    bits = MIN_BITS
    while 2 << bits < 3 * len(keys):  # at most two thirds of the slots used
        bits += 1
    while True:
        slots = 1 << bits
        mask = slots - 1
        shift = 53 - bits
        table = bytearray(slots * SHORT_SLOT)
        fingerprints = bytearray(slots)
        for lo in keys:
            h = _mix(lo)
            home = h >> (shift + 7)
            s = home
            while fingerprints[s]:
                s = (s + 1) & mask
            d = (s - home) & mask
            if d > 255:
                break
            fingerprints[s] = ((h >> shift) & 127) | 128
            entry = (h & ((1 << shift) - 1)) | (d << shift)
            table[s * SHORT_SLOT : (s + 1) * SHORT_SLOT] = int(entry).to_bytes(SHORT_SLOT, "little")
        else:
            return bytes(table), bytes(fingerprints), mask, shift
        bits += 1


def _place_long(keys: list[tuple[int, int]]) -> LongTable:
    """The long words' table of the packed words ``keys`` (13 letters or more): each in a
    slot of :data:`SLOT` bytes (the two integers, lowest byte first) at its
    :func:`_slot_hash`, its :func:`_fingerprint` beside it."""
    slots = 8
    while 2 * slots < 3 * len(keys):
        slots *= 2
    mask = slots - 1
    table = bytearray(slots * SLOT)
    fingerprints = bytearray(slots)
    for lo, hi in keys:
        h = _slot_hash(lo, hi)
        s = (h >> 32) & mask
        while fingerprints[s]:
            s = (s + 1) & mask
        fingerprints[s] = _fingerprint(h)
        table[s * SLOT : (s + 1) * SLOT] = lo.to_bytes(8, "little") + hi.to_bytes(8, "little")
    return bytes(table), bytes(fingerprints), mask


def word_table(words: Iterable[str]) -> tuple[ShortTable, LongTable]:
    """The word table of the canonical words ``words``: every word of 1 to :data:`LETTERS`
    letters ``A``-``Z``, lower-cased and packed (:func:`_pack`), in one of two open-addressing
    tables, probing linearly, at most two thirds of the slots used, with one fingerprint byte
    a slot beside each (0: an empty slot): the words of at most 12 letters in
    :func:`_place_short`'s quotiented slots, the longer ones in :func:`_place_long`'s."""
    short: list[int] = []
    long_: list[tuple[int, int]] = []
    for w in words:
        n = len(w)
        if 0 < n <= LETTERS and w.isascii() and w.isalpha():
            lo, hi = _pack(w.lower(), n)
            if hi:
                long_.append((lo, hi))
            else:
                short.append(lo)
    return _place_short(short), _place_long(long_)


def _holds_long(table: bytes, fingerprints: bytes, mask: i64, lo: i64, hi: i64) -> bool:
    """True iff the long words' table (:func:`_place_long`) holds the packed word ``lo``,
    ``hi`` (13 letters or more)."""
    h: i64 = ((lo ^ (lo >> 30) ^ hi ^ (hi >> 30)) & _BITS30) * _MUL  # _slot_hash(lo, hi)
    f: i64 = (h >> 54) & 255  # _fingerprint(h)
    if f == 0:
        f = 1
    s: i64 = (h >> 32) & mask
    while True:
        g: i64 = fingerprints[s]
        if g == 0:
            return False
        if g == f:
            at: i64 = s * SLOT
            k: i64 = 0
            w: i64 = lo
            while k < 8 and table[at + k] == w & 255:
                w >>= 8
                k += 1
            if k == 8:
                w = hi
                while k < SLOT and table[at + k] == w & 255:
                    w >>= 8
                    k += 1
                if k == SLOT:
                    return True
        s = (s + 1) & mask


@mypyc_attr(allow_interpreted_subclasses=True)
class Membership:
    """Holds the hash set of canonical words (None until built) and, in the compiled build, the
    word table (empty until built), and answers ``in`` from them where it can; everything else
    goes to :meth:`_contains_slow`, which the subclass defines."""

    __slots__ = (
        "_fingerprints",
        "_lfingerprints",
        "_long",
        "_lslots",
        "_shift",
        "_slots",
        "_table",
        "_wordset",
    )

    _wordset: frozenset[str] | None
    _table: bytes  # the short words' table (word_table)
    _fingerprints: bytes
    _slots: i64  # its slot count - 1; 0: no table
    _shift: i64  # its entries' bits of the hash
    _long: bytes  # the long words' table
    _lfingerprints: bytes
    _lslots: i64

    def __contains__(self, word: object) -> bool:
        if type(word) is str:
            mask: i64 = self._slots
            n: i64 = len(word)
            if mask and 0 < n <= LETTERS:  # the word table is built (the compiled build)
                # _pack and _mix inlined, and the slot compare (no calls).
                # The first letter is read before the loops: the C compiler then knows the
                # string's kind and data pointer and reuses them in the loops (read inside
                # the loop alone, they are read again for every letter: 27 instructions a
                # letter instead of 16)
                text: str = word
                c: i64 = ord(text[0])
                if c < _A or c > _Z:  # not a..z: the hash set answers
                    return Membership._set_contains(self, word)
                lo: i64 = c & 31
                hi: i64 = 0
                i: i64 = 1
                m: i64 = 12
                if n < 12:
                    m = n
                while i < m:  # no position test and no shift count a letter
                    c = ord(text[i])
                    if c < _A or c > _Z:  # not a..z: the hash set answers
                        return Membership._set_contains(self, word)
                    lo = (lo << 5) | (c & 31)
                    i += 1
                while i < n:
                    c = ord(text[i])
                    if c < _A or c > _Z:
                        return Membership._set_contains(self, word)
                    hi = (hi << 5) | (c & 31)
                    i += 1
                if hi:  # 13 letters or more
                    return _holds_long(self._long, self._lfingerprints, self._lslots, lo, hi)
                shift: i64 = self._shift
                x: i64 = lo ^ (lo >> 29)  # h = _mix(lo), inlined
                x = ((x & _M30) * _C1 + ((((x >> 30) * _C1) & _M30) << 30)) & _M60
                x ^= x >> 32
                h: i64 = ((x & _M30) * _C2 + ((((x >> 30) * _C2) & _M30) << 30)) & _M60
                home: i64 = h >> (shift + 7)
                f: i64 = ((h >> shift) & 127) | 128
                r: i64 = h & (_M60 >> (60 - shift))  # never 1 << shift: mypyc, a C int
                fingerprints = self._fingerprints
                s: i64 = home
                while True:
                    g: i64 = fingerprints[s]
                    if g == 0:  # the table has every a..z word of the lexicon
                        return False
                    if g == f:
                        v: i64 = r | (((s - home) & mask) << shift)  # this slot's entry if ours
                        table = self._table
                        at: i64 = s * SHORT_SLOT
                        if (
                            table[at] == v & 255
                            and table[at + 1] == (v >> 8) & 255
                            and table[at + 2] == (v >> 16) & 255
                            and table[at + 3] == (v >> 24) & 255
                            and table[at + 4] == (v >> 32) & 255
                            and table[at + 5] == v >> 40
                        ):
                            return True
                    s = (s + 1) & mask
        # called on the class: a direct C call (through ``self`` it would be a Python method
        # call, ``Lexicon`` being an interpreted subclass)
        return Membership._set_contains(self, word)

    def _set_contains(self, word: object) -> bool:
        """``word in self`` from the hash set where it answers, else :meth:`_contains_slow`
        (the pure build's ``__contains__``: ``Lexicon`` takes it as it is, with no table)."""
        words = self._wordset
        if words is not None and type(word) is str:
            if word.isascii():
                w = word.upper()  # ASCII folds to upper case in every language
                if w in words:
                    return True
                if w.isalpha():  # no brackets, no whitespace: nothing else to try
                    return False
            elif word in words:
                return True
        return self._contains_slow(word)

    def _contains_slow(self, word: object) -> bool:
        """Membership of anything the hash set does not answer (the subclass's walk)."""
        raise NotImplementedError
