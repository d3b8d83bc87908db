"""``word in lexicon``: the word table of the compiled build, the hash set and the DAWG walk
answer alike (these tests run in both builds; in the pure build the table is forced)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import wordgames
from wordgames.lexicon import Lexicon, LexiconError
from wordgames.lexicon._member import (
    _C1,
    _C2,
    LETTERS,
    MIN_BITS,
    NATIVE,
    SHORT_SLOT,
    SLOT,
    LongTable,
    Membership,
    ShortTable,
    _fingerprint,
    _mix,
    _pack,
    _slot_hash,
    word_table,
)

# words of up to 26 letters cross the table's 24-letter limit; Ñ and the digraph tiles give
# non-ASCII and bracketed words, which the table never holds
LETTERS_ST = "ABCNÑ"
words_st = st.lists(st.text(alphabet=LETTERS_ST, min_size=1, max_size=26), min_size=1, max_size=30)
queries_st = st.lists(
    st.one_of(
        st.text(alphabet="abcnñABCNÑ[]h ", max_size=26),
        st.text(max_size=6),
        st.integers(),
        st.tuples(st.integers(0, 4), st.integers(0, 4)),
        st.none(),
    ),
    max_size=30,
)


def _walk(lex: Lexicon, word: object) -> bool:
    """Membership by the documented rule, from the DAWG: fold and spell, then walk."""
    if isinstance(word, tuple):
        return all(type(c) is int for c in word) and bool(word) and lex.dawg.accepts(word)
    if not isinstance(word, str):
        return False
    try:
        codes = lex.encode(word)
    except LexiconError:
        return False
    return bool(codes) and lex.dawg.accepts(codes)


def _set_tables(lex: Lexicon, short: ShortTable, long_: LongTable) -> Lexicon:
    table, fingerprints, mask, shift = short
    object.__setattr__(lex, "_table", table)
    object.__setattr__(lex, "_fingerprints", fingerprints)
    object.__setattr__(lex, "_shift", shift)
    object.__setattr__(lex, "_long", long_[0])
    object.__setattr__(lex, "_lfingerprints", long_[1])
    object.__setattr__(lex, "_lslots", long_[2])
    object.__setattr__(lex, "_slots", mask)
    return lex


def _with_table(lex: Lexicon) -> Lexicon:
    """``lex`` with its hash set and word table built (the pure build never builds the table
    by itself)."""
    words = lex._word_set()
    if not lex._slots:
        _set_tables(lex, *word_table(words))
    return lex


def _without_table(lex: Lexicon) -> Lexicon:
    lex._word_set()
    return _set_tables(lex, (b"", b"", 0, 0), (b"", b"", 0))


@given(words_st, queries_st, st.sampled_from([("es", None), ("en", tuple("ABCHNÑ"))]))
def test_table_set_and_walk_agree(
    words: list[str], queries: list[object], spec: tuple[str, tuple[str, ...] | None]
) -> None:
    language, alphabet = spec
    words += [w.lower() for w in words[:3]] + ["CHANA", "ÑANCH"]
    table = _with_table(Lexicon.from_words(words, language=language, alphabet=alphabet))
    plain = _without_table(Lexicon.from_words(words, language=language, alphabet=alphabet))
    queries += [w.lower() for w in words] + [w.capitalize() for w in words] + list(table)
    queries += [w.lower()[:-1] + x for w in words for x in "abn"]  # near misses
    queries += [w.lower() + "a" for w in words]
    for q in queries:
        expected = _walk(table, q)
        assert Membership.__contains__(table, q) is expected, q  # the word table first
        assert Membership._set_contains(plain, q) is expected, q  # the hash set first
        assert (q in table) is expected, q
        assert (q in plain) is expected, q
    assert table.contains_many(queries) == [_walk(table, q) for q in queries]


@given(
    st.lists(st.text(alphabet="ABCDE", min_size=1, max_size=18), min_size=1, max_size=40),
    st.lists(
        st.one_of(
            st.text(alphabet="abcdeABCDE", max_size=18),  # any case, across 15 letters
            st.text(alphabet="abcde[] \t-'éÉ", max_size=8),  # brackets, blanks, non-ASCII
            st.text(max_size=6),
            st.binary(max_size=4),
            st.integers(),
            st.floats(allow_nan=False),
            st.none(),
        ),
        max_size=40,
    ),
)
def test_in_is_a_plain_set_lookup(words: list[str], queries: list[object]) -> None:
    """``in`` against a plain set of the lexicon's words: a string of letters A-Z in any case
    is a word iff its upper case is one; a string with any other character is none here (the
    words have letters A-E only), surrounding whitespace aside (folded away); a non-string
    never is. Word table and hash set alike."""
    table = _with_table(Lexicon.from_words(words))
    plain = _without_table(Lexicon.from_words(words))
    word_set = set(table)
    assert word_set == {w.upper() for w in words}
    queries += [w.lower() for w in words] + [w.lower() + "e" for w in words]
    queries += [w.lower()[:-1] for w in words] + [w.swapcase() for w in words]
    for q in queries:
        t = q.strip() if isinstance(q, str) else None  # surrounding whitespace is folded away
        expected = t is not None and t.isascii() and t.isalpha() and t.upper() in word_set
        assert Membership.__contains__(table, q) is expected, q  # the word table first
        assert (q in table) is expected, q
        assert (q in plain) is expected, q


def _unpack(slot: bytes) -> str:
    """The word of a slot: 5 bits a letter, ``a`` = 1, the first 12 letters in the first 8
    bytes and the rest in the next 8, each part's last letter lowest."""
    letters = []
    for part in (slot[:8], slot[8:]):
        code = int.from_bytes(part, "little")
        chunk = []
        while code:
            chunk.append(chr(96 + (code & 31)))
            code >>= 5
        letters += reversed(chunk)
    return "".join(letters)


M60 = (1 << 60) - 1


def _unmix(y: int) -> int:
    """The inverse of ``_mix``: each step undone, last first."""
    for mul, k in ((_C2, 32), (_C1, 29)):
        y = y * pow(mul, -1, 1 << 60) & M60
        x = y
        for _ in range(60 // k + 1):  # undo x ^= x >> k
            x = y ^ (x >> k)
        y = x
    return y


def _word(lo: int, hi: int = 0) -> str:
    """The word of a packed pair (``_pack``)."""
    letters = []
    for part in (lo, hi):
        chunk = []
        while part:
            chunk.append(chr(96 + (part & 31)))
            part >>= 5
        letters += reversed(chunk)
    return "".join(letters)


@given(st.integers(0, M60))
def test_mix_is_a_bijection_of_60_bit_integers(x: int) -> None:
    assert 0 <= _mix(x) <= M60
    assert _unmix(_mix(x)) == x


@given(st.lists(st.text(alphabet="AB", min_size=1, max_size=26), min_size=1, max_size=40))
def test_word_table_holds_exactly_the_letter_words(words: list[str]) -> None:
    """Each table's slots, decoded, are the lexicon's words of 1 to 24 letters a-z, each
    reachable from its home slot through used slots; at most two thirds of the slots used."""
    lex = Lexicon.from_words(words)
    (table, fingerprints, mask, shift), (long_, lfingerprints, lmask) = word_table(lex._word_set())
    assert mask & (mask + 1) == 0
    assert lmask & (lmask + 1) == 0
    assert mask + 1 >= 1 << MIN_BITS
    assert shift == 53 - (mask + 1).bit_length() + 1
    assert len(table) == SHORT_SLOT * (mask + 1)
    assert len(fingerprints) == mask + 1
    assert len(long_) == SLOT * (lmask + 1)
    assert len(lfingerprints) == lmask + 1
    held = []
    for s, f in enumerate(fingerprints):
        entry = int.from_bytes(table[s * SHORT_SLOT : (s + 1) * SHORT_SLOT], "little")
        assert (f == 0) == (entry == 0)  # fingerprint 0: an empty slot
        if f:
            home = (s - (entry >> shift)) & mask
            h = home << (shift + 7) | (f & 127) << shift | entry & ((1 << shift) - 1)
            word = _word(_unmix(h))
            assert 0 < len(word) <= 12
            held.append(word)
            assert all(fingerprints[i & mask] for i in range(home, home + ((s - home) & mask)))
    for s, f in enumerate(lfingerprints):
        slot = long_[s * SLOT : (s + 1) * SLOT]
        assert (f == 0) == (slot == bytes(SLOT))
        if f:
            word = _word(int.from_bytes(slot[:8], "little"), int.from_bytes(slot[8:], "little"))
            assert 12 < len(word) <= LETTERS
            held.append(word)
            h = _slot_hash(*_pack(word, len(word)))
            assert f == _fingerprint(h)
            home = (h >> 32) & lmask
            assert all(lfingerprints[i & lmask] for i in range(home, home + ((s - home) & lmask)))
    assert sorted(held) == sorted({w.lower() for w in lex if len(w) <= LETTERS})
    assert 3 * sum(map(bool, fingerprints)) <= 2 * (mask + 1)
    assert 3 * sum(map(bool, lfingerprints)) <= 2 * (lmask + 1)


@given(
    st.text(alphabet="abcz", min_size=1, max_size=LETTERS),
    st.text(alphabet="abcz", min_size=1, max_size=LETTERS),
    st.integers(0, LETTERS - 1),
    st.sampled_from([0, 1, 2, 37, 128, 255]),
)
def test_a_slot_holds_exactly_its_word(held: str, query: str, cut: int, distance: int) -> None:
    """The slot compare behind a matching fingerprint (which most near misses never reach,
    so the table tests above would seldom catch a wrong compare): ``held`` alone in the table
    of its length, under the query's own fingerprint, in the query's home slot (the long
    words' table, of two slots) or ``distance`` slots after it behind used slots (the short
    words'; its entry as the table would hold ``held`` there), the other table empty, so
    every lookup of a query of that length compares the slot. Every letter, the length and
    the distance count. (A short query matches iff its hash agrees with ``held``'s outside
    the 7 fingerprint bits: for distinct words a chance of 2**-53.)"""
    lex = _without_table(Lexicon.from_words(["x"]))
    lo, hi = _pack(held, len(held))
    near = (held[:cut], held[:cut] + "a" + held[cut + 1 :], held + "a", held[:12], held + "z")
    near += (held[:-1], held[:13], held[:11] + "za")
    near += tuple(held[:j] + "bc"[held[j] == "b"] + held[j + 1 :] for j in range(len(held)))
    bits = MIN_BITS
    mask, shift = (1 << bits) - 1, 53 - bits
    empty_short: ShortTable = (bytes(SHORT_SLOT << bits), bytes(1 << bits), mask, shift)
    empty_long: LongTable = (bytes(2 * SLOT), bytes(2), 1)
    for q in (query, held, *near):  # held[:12]: the same first integer
        if q and len(q) <= LETTERS:
            qlo, qhi = _pack(q, len(q))
            if hi:  # held in the long table: slot (home) of two
                h = _slot_hash(qlo, qhi)
                s = (h >> 32) & 1
                slot = lo.to_bytes(8, "little") + hi.to_bytes(8, "little")
                fingerprints = bytearray(2)
                fingerprints[s] = _fingerprint(h)
                table = slot + bytes(SLOT) if s == 0 else bytes(SLOT) + slot
                _set_tables(lex, empty_short, (table, bytes(fingerprints), 1))
            else:  # held in the short table
                hq, hh = _mix(qlo), _mix(lo)
                home = hq >> (shift + 7)
                f = ((hq >> shift) & 127) | 128
                fingerprints = bytearray(1 << bits)
                for i in range(home, home + distance):  # used by other words
                    fingerprints[i & mask] = f ^ 1
                s = (home + distance) & mask
                fingerprints[s] = f
                d = (s - (hh >> (shift + 7))) & mask & 255  # (at most 255 in a real table)
                entry = hh & ((1 << shift) - 1) | d << shift
                short = bytearray(SHORT_SLOT << bits)
                short[s * SHORT_SLOT : (s + 1) * SHORT_SLOT] = entry.to_bytes(SHORT_SLOT, "little")
                _set_tables(lex, (bytes(short), bytes(fingerprints), mask, shift), empty_long)
            assert Membership.__contains__(lex, q) is (q == held), q


def test_pack_refuses_all_but_a_to_z() -> None:
    for q in ("A", "`", "{", "é", "a b", "ab-"):
        assert _pack(q, len(q)) == (-1, 0), q


def test_the_compiled_build_builds_the_table_and_inherits_the_c_slot() -> None:
    lex = Lexicon.from_words(["cat", "dog"])
    lex.contains_many(["cat"])
    assert bool(lex._slots) is NATIVE
    assert NATIVE is wordgames.COMPILED
    if NATIVE:  # inherited as it is: the C function in the type's sq_contains slot
        assert "__contains__" not in vars(Lexicon)
        assert type(vars(Membership)["__contains__"]).__name__ == "wrapper_descriptor"
    else:  # the pure build skips the (never built) table
        assert Lexicon.__contains__ is Membership._set_contains


def test_runs_without_mypy_extensions() -> None:
    """mypy_extensions (where ``mypyc_attr`` and ``i64`` come from) is no runtime dependency."""
    root = Path(wordgames.__file__).resolve().parent.parent
    code = (
        "import sys; sys.modules['mypy_extensions'] = None\n"
        "from wordgames.lexicon import Lexicon\n"
        "lex = Lexicon.from_words(['cat', 'dog'])\n"
        "lex.contains_many([])\n"
        "print(['cat' in lex, 'CAT' in lex, 'cow' in lex, 3 in lex])\n"
    )
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[True, True, False, False]"
