"""The fast path of ``word in lexicon``: the base class of :class:`~wordgames.lexicon.Lexicon`.

In the compiled build (docs/install.md) mypyc makes :class:`Membership` a native class, so
its ``__contains__`` is a C function in the type's ``sq_contains`` slot, which ``Lexicon``
(a Python class, as it must be weakly referenceable) inherits as it is: ``word in lexicon``
runs no Python code when the fast path answers. There the fast path for the common query, a
word of lower-case letters ``a``-``z``, is a flat open-addressing table (:func:`word_table`;
two, by length: 8-byte slots for words of at most 12 letters, 16-byte slots for longer
ones, so the table the common words use is half the size) that holds each word's letters in
its slot (packed 5 bits each: two loops over the query's letters pack them and check that
they are ``a``-``z``, and the slot compare is a few byte reads, all inlined in
``__contains__``), so a lookup reads the query and one slot (a set would read the query,
the set's entry and the stored string), and beside it one fingerprint byte a slot (a table
of an eighth of the size, which stays in the cache): a probe reads the slot's letters only
when its fingerprint matches the query's, so a miss (a word that is
not in the lexicon) reads the fingerprints alone. In the pure build the table is never
built (a Python loop over the letters would be slower than the set), and ``Lexicon`` takes
:meth:`Membership._set_contains`, the hash-set path, as its ``__contains__``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # native integer types in annotations only (never evaluated at run time)
    from mypy_extensions import i64

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # no runtime dependency: mypyc reads the decorator when it compiles

    def _as_is(*_attrs: str, **_kwattrs: object) -> Callable[[type], type]:
        """A stand-in for ``mypyc_attr`` that leaves the class as it is (the pure build)."""
        return lambda cls: cls

    mypyc_attr = _as_is  # type: ignore[assignment]


__all__ = ["NATIVE", "Membership", "word_table"]

NATIVE: Final[bool] = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""True when this module is compiled (mypyc): :class:`Lexicon` then builds the word table."""

#: Bytes per slot of the long words' table (13 letters or more): the word packed 5 bits a
#: letter, two 8-byte integers.
SLOT: Final = 16
#: Bytes per slot of the short words' table (at most 12 letters): the first integer alone.
SHORT_SLOT: Final = 8
#: The longest word the table holds.
LETTERS: Final = 24
_BITS30: Final = 0x3FFFFFFF
_MUL: Final = 2654435761  # 2**32 / the golden ratio: 30-bit keys times it stay below 2**62
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


def _place(keys: list[tuple[int, int]], size: int) -> tuple[bytes, bytes, int]:
    """One table of :func:`word_table`: the packed words ``keys`` in slots of ``size`` bytes
    (the first integer, then the second if ``size`` is :data:`SLOT`, lowest byte first)."""
    slots = 8
    while 2 * slots < 3 * len(keys):
        slots *= 2
    mask = slots - 1
    table = bytearray(slots * size)
    fingerprints = bytearray(slots)
    for lo, hi in keys:
        h = _slot_hash(lo, hi)
        s = (h >> 32) & mask
        while fingerprints[s]:
            s = (s + 1) & mask
        fingerprints[s] = _fingerprint(h)
        slot = lo.to_bytes(8, "little")
        if size == SLOT:
            slot += hi.to_bytes(8, "little")
        table[s * size : (s + 1) * size] = slot
    return bytes(table), bytes(fingerprints), mask


Table = tuple[bytes, bytes, int]
"""A table of :func:`word_table`: (slots, fingerprints, slot count - 1)."""


def word_table(words: Iterable[str]) -> tuple[Table, Table]:
    """The word table of the canonical words ``words``: every word of 1 to :data:`LETTERS`
    letters ``A``-``Z``, lower-cased and packed (:func:`_pack`), in a slot at its hash
    (:func:`_slot_hash`), probing linearly; at most two thirds of the slots are used. Two
    tables: the words of at most 12 letters in slots of :data:`SHORT_SLOT` bytes, the longer
    ones in slots of :data:`SLOT` bytes. Each is (slots, fingerprints, slot count - 1): the
    fingerprints are one byte a slot, the word's :func:`_fingerprint` (0: an empty slot)."""
    short: list[tuple[int, int]] = []
    long_: list[tuple[int, int]] = []
    for w in words:
        n = len(w)
        if 0 < n <= LETTERS and w.isascii() and w.isalpha():
            lo, hi = _pack(w.lower(), n)
            (long_ if hi else short).append((lo, hi))
    return _place(short, SHORT_SLOT), _place(long_, SLOT)


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
        "_slots",
        "_table",
        "_wordset",
    )

    _wordset: frozenset[str] | None
    _table: bytes  # the short words' table (word_table)
    _fingerprints: bytes
    _slots: i64  # its slot count - 1; 0: no table
    _long: bytes  # the long words' table
    _lfingerprints: bytes
    _lslots: i64

    def __contains__(self, word: object) -> bool:
        if type(word) is str:
            mask: i64 = self._slots
            n: i64 = len(word)
            if mask and 0 < n <= LETTERS:  # the word table is built (the compiled build)
                # _pack, _slot_hash and _fingerprint inlined, and the slot compare (no calls).
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
                h: i64 = ((lo ^ (lo >> 30) ^ hi ^ (hi >> 30)) & _BITS30) * _MUL
                if hi == 0:
                    fingerprints = self._fingerprints
                else:  # 13 letters or more: the long words' table
                    fingerprints = self._lfingerprints
                    mask = self._lslots
                f: i64 = (h >> 54) & 255
                if f == 0:
                    f = 1
                s: i64 = (h >> 32) & mask
                while True:
                    g: i64 = fingerprints[s]
                    if g == 0:  # the table has every a..z word of the lexicon
                        return False
                    if g == f:
                        if hi == 0:
                            table = self._table
                            at: i64 = s * SHORT_SLOT
                        else:
                            table = self._long
                            at = s * SLOT
                        if (  # the slot holds lo (then hi), lowest byte first: lo unrolled
                            table[at] == lo & 255
                            and table[at + 1] == (lo >> 8) & 255
                            and table[at + 2] == (lo >> 16) & 255
                            and table[at + 3] == (lo >> 24) & 255
                            and table[at + 4] == (lo >> 32) & 255
                            and table[at + 5] == (lo >> 40) & 255
                            and table[at + 6] == (lo >> 48) & 255
                            and table[at + 7] == lo >> 56
                        ):
                            if hi == 0:  # a short slot holds at most 12 letters: lo is all
                                return True
                            k: i64 = 8
                            w: i64 = hi
                            while k < SLOT and table[at + k] == w & 255:
                                w >>= 8
                                k += 1
                            if k == SLOT:
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
