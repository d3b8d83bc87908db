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
    LETTERS,
    NATIVE,
    SHORT_SLOT,
    SLOT,
    Membership,
    _fingerprint,
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


Table = tuple[bytes, bytes, int]


def _set_tables(lex: Lexicon, short: Table, long_: Table) -> Lexicon:
    for prefix, (table, fingerprints, mask) in (("", short), ("l", long_)):
        object.__setattr__(lex, "_long" if prefix else "_table", table)
        object.__setattr__(lex, f"_{prefix}fingerprints", fingerprints)
        object.__setattr__(lex, f"_{prefix}slots", mask)
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
    return _set_tables(lex, (b"", b"", 0), (b"", b"", 0))


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
    words have letters A-E only); a non-string never is. Word table and hash set alike."""
    table = _with_table(Lexicon.from_words(words))
    plain = _without_table(Lexicon.from_words(words))
    word_set = set(table)
    assert word_set == {w.upper() for w in words}
    queries += [w.lower() for w in words] + [w.lower() + "e" for w in words]
    queries += [w.lower()[:-1] for w in words] + [w.swapcase() for w in words]
    for q in queries:
        expected = isinstance(q, str) and q.isascii() and q.isalpha() and q.upper() in word_set
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


@given(st.lists(st.text(alphabet="AB", min_size=1, max_size=26), min_size=1, max_size=40))
def test_word_table_holds_exactly_the_letter_words(words: list[str]) -> None:
    lex = Lexicon.from_words(words)
    held = []
    tables = word_table(lex._word_set())
    for size, (table, fingerprints, mask) in zip((SHORT_SLOT, SLOT), tables, strict=True):
        assert len(table) == size * (mask + 1)
        assert len(fingerprints) == mask + 1
        assert mask & (mask + 1) == 0  # a power of two, minus 1
        count = 0
        for s, f in enumerate(fingerprints):
            slot = table[s * size : (s + 1) * size]
            assert (f == 0) == (slot == bytes(size))  # fingerprint 0: an empty slot
            if f:
                word = _unpack(slot.ljust(SLOT, b"\0"))
                assert (len(word) > 12) is (size == SLOT)  # each table its own lengths
                held.append(word)
                count += 1
                h = _slot_hash(*_pack(word, len(word)))
                assert f == _fingerprint(h)
                home = (h >> 32) & mask  # every slot from its home to it is used
                assert all(fingerprints[i & mask] for i in range(home, home + ((s - home) & mask)))
        assert 3 * count <= 2 * (mask + 1)
    assert sorted(held) == sorted({w.lower() for w in lex if len(w) <= LETTERS})


@given(
    st.text(alphabet="abcz", min_size=1, max_size=LETTERS),
    st.text(alphabet="abcz", min_size=1, max_size=LETTERS),
    st.integers(0, LETTERS - 1),
)
def test_a_slot_holds_exactly_its_word(held: str, query: str, cut: int) -> None:
    """The slot compare behind a matching fingerprint (which most near misses never reach,
    so the table tests above would seldom catch a wrong compare): tables of two slots, the
    query's home slot holding ``held`` under the query's own fingerprint in the table of
    ``held``'s length (the other table empty), so every lookup of a query of that length
    compares the slot. Every letter and the length count."""
    lex = _without_table(Lexicon.from_words(["x"]))
    lo, hi = _pack(held, len(held))
    size = SLOT if hi else SHORT_SLOT
    near = (held[:cut], held[:cut] + "a" + held[cut + 1 :], held + "a", held[:12], held + "z")
    near += (held[:-1], held[:13], held[:11] + "za")
    near += tuple(held[:j] + "bc"[held[j] == "b"] + held[j + 1 :] for j in range(len(held)))
    for q in (query, held, *near):  # held[:12]: the same first integer
        if q and len(q) <= LETTERS:
            h = _slot_hash(*_pack(q, len(q)))
            home = (h >> 32) & 1
            slot = (lo.to_bytes(8, "little") + hi.to_bytes(8, "little"))[:size]
            fingerprints = bytearray(2)
            fingerprints[home] = _fingerprint(h)
            empty = (bytes(2 * SHORT_SLOT), bytes(2), 1)
            ours = (slot + bytes(size) if home == 0 else bytes(size) + slot, bytes(fingerprints), 1)
            if hi:
                _set_tables(lex, empty, ours)
            else:
                _set_tables(lex, ours, (bytes(2 * SLOT), bytes(2), 1))
            assert Membership.__contains__(lex, q) is (q == held), q
            assert _unpack(slot.ljust(SLOT, b"\0")) == held


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
