"""The fast path of ``word in lexicon``: the base class of :class:`~wordgames.lexicon.Lexicon`.

In the compiled build (docs/install.md) mypyc makes :class:`Membership` a native class, so
its ``__contains__`` is a C function in the type's ``sq_contains`` slot, which ``Lexicon``
(a Python class, as it must be weakly referenceable) inherits as it is: ``word in lexicon``
runs no Python code when the fast path answers. There the fast path for the common query, a
word of lower-case letters ``a``-``z``, is a flat open-addressing table (:func:`word_table`)
that holds each word's letters in its slot, so a lookup reads the query and one slot (a set
would read the query, the set's entry and the stored string), and beside it one fingerprint
byte a slot (a table of a sixteenth of the size, which stays in the cache): a probe reads
the slot's letters only when its fingerprint matches the query's, so a miss (a word that is
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

#: Bytes per slot of the word table: the word's length, then its letters (at most 15).
SLOT: Final = 16
# FNV-1a, kept to 30 bits: mypyc multiplies small ints (both factors below 2**30) natively
_FNV_BASIS: Final = 2166136261 & 0x3FFFFFFF
_FNV_PRIME: Final = 16777619
_BITS30: Final = 0x3FFFFFFF
_A: Final = 97  # ord("a")
_Z: Final = 122  # ord("z")


def _slot_hash(word: str) -> i64:
    """The 30-bit FNV-1a hash of a word of letters ``a``-``z``; -1 if it has any other
    character."""
    h: i64 = _FNV_BASIS
    n: i64 = len(word)
    i: i64 = 0
    while i < n:
        c: i64 = ord(word[i])
        if c < _A or c > _Z:
            return -1
        h = ((h ^ c) * _FNV_PRIME) & _BITS30
        i += 1
    return h ^ (h >> 15)


def _fingerprint(h: i64) -> i64:
    """The fingerprint byte (1 to 255) of a word of hash ``h`` (:func:`_slot_hash`): its bits
    22 to 29, which do not choose the slot up to 2**22 slots (2.8 million words; beyond,
    fingerprints only filter less)."""
    f: i64 = (h >> 22) & 255
    if f == 0:
        f = 1
    return f


def _slot_holds(table: bytes, at: i64, word: str, n: i64) -> bool:
    """True iff the slot at byte ``at`` holds ``word`` (of ``n`` letters)."""
    if table[at] != n:
        return False
    j: i64 = 0
    while j < n:
        if table[at + 1 + j] != ord(word[j]):
            return False
        j += 1
    return True


def word_table(words: Iterable[str]) -> tuple[bytes, bytes, int]:
    """The word table of the canonical words ``words``: every word of 1 to 15 letters
    ``A``-``Z``, lower-cased, in a slot of :data:`SLOT` bytes (its length, then its letters)
    at its hash (:func:`_slot_hash`), probing linearly; at most two thirds of the slots are
    used. Returns (table, fingerprints, slot count - 1): the fingerprints are one byte a slot,
    the word's :func:`_fingerprint` (0: an empty slot)."""
    keys = [w.lower() for w in words if 0 < len(w) < SLOT and w.isascii() and w.isalpha()]
    slots = 8
    while 2 * slots < 3 * len(keys):
        slots *= 2
    mask = slots - 1
    table = bytearray(slots * SLOT)
    fingerprints = bytearray(slots)
    for k in keys:
        h = _slot_hash(k)
        s = h & mask
        while fingerprints[s]:
            s = (s + 1) & mask
        fingerprints[s] = _fingerprint(h)
        table[s * SLOT : s * SLOT + len(k) + 1] = bytes([len(k)]) + k.encode("ascii")
    return bytes(table), bytes(fingerprints), mask


@mypyc_attr(allow_interpreted_subclasses=True)
class Membership:
    """Holds the hash set of canonical words (None until built) and, in the compiled build, the
    word table (empty until built), and answers ``in`` from them where it can; everything else
    goes to :meth:`_contains_slow`, which the subclass defines."""

    __slots__ = ("_fingerprints", "_slots", "_table", "_wordset")

    _wordset: frozenset[str] | None
    _table: bytes
    _fingerprints: bytes
    _slots: i64

    def __contains__(self, word: object) -> bool:
        if type(word) is str:
            mask: i64 = self._slots
            if mask:  # the word table is built (the compiled build)
                n: i64 = len(word)
                h: i64 = -1  # (a conditional expression here would box the i64)
                if 0 < n < SLOT:
                    h = _slot_hash(word)
                if h >= 0:  # 1..15 letters a..z: the table has every such word of the lexicon
                    fingerprints = self._fingerprints
                    f: i64 = (h >> 22) & 255  # _fingerprint(h), inlined
                    if f == 0:
                        f = 1
                    s: i64 = h & mask
                    while True:
                        g: i64 = fingerprints[s]
                        if g == 0:
                            return False
                        if g == f and _slot_holds(self._table, s * SLOT, word, n):
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
