"""Property tests: the graphs and queries agree with brute force over the word list."""

from __future__ import annotations

import hashlib
import itertools
import re
import zlib
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from wordgames._core.errors import InvalidStateError
from wordgames.lexicon import Lexicon, LexiconError, WordGraph, default_alphabet, fold_word

ABC = "ABCDE"
letters = st.text(alphabet=ABC, min_size=1, max_size=9)
stems = st.lists(st.text(alphabet=ABC, min_size=0, max_size=6), min_size=1, max_size=4)


@st.composite
def word_sets(draw: st.DrawFn) -> list[str]:
    """Random words, many built from shared prefixes and suffixes."""
    heads = draw(stems)
    tails = draw(stems)
    words = draw(st.lists(letters, max_size=25))
    for _ in range(draw(st.integers(0, 30))):
        w = draw(st.sampled_from(heads)) + draw(letters) + draw(st.sampled_from(tails))
        words.append(w[:20])
    words = [w for w in words if w]
    assume(words)
    return words


def build(words: Sequence[str]) -> Lexicon:
    return Lexicon.from_words(words, alphabet=tuple(ABC))


def right_languages(words: set[str]) -> int:
    """Number of states of the minimal DFA (without a dead state) of ``words``."""
    langs = set()
    prefixes = {w[:i] for w in words for i in range(len(w) + 1)}
    for p in prefixes:
        langs.add(frozenset(w[len(p) :] for w in words if w.startswith(p)))
    return len(langs)


@given(word_sets(), st.lists(letters, max_size=20))
def test_membership_equals_source_set(words: list[str], others: list[str]) -> None:
    lex = build(words)
    source = set(words)
    assert list(lex) == sorted(source)
    assert len(lex) == len(source)
    for w in [*words, *others]:
        assert (w in lex) == (w in source)
        assert (w.lower() in lex) == (w in source)
        v = lex.dawg.walk(lex.encode(w))
        assert (v >= 0 and lex.dawg.is_terminal(v)) == (w in source)
        assert lex.has_prefix(w) == any(s.startswith(w) for s in source)
    assert {lex.decode(s) for s in lex.dawg.sequences()} == source


@given(word_sets())
def test_dawg_is_minimal(words: list[str]) -> None:
    lex = build(words)
    assert lex.dawg.num_nodes == right_languages(set(words))


@given(word_sets())
def test_gaddag_language_is_exact(words: list[str]) -> None:
    lex = build(words)
    sep = lex.SEP
    expected = set()
    for w in set(words):
        c = lex.encode(w)
        for i in range(1, len(c) + 1):
            expected.add((*reversed(c[:i]), sep, *c[i:]))
    g = lex.gaddag
    assert set(g.sequences()) == expected
    # the DAWG is the GADDAG's suffix part, with the same node ids
    assert g.first[: lex.dawg.num_nodes + 1] == lex.dawg.first
    assert g.mask[: lex.dawg.num_nodes] == lex.dawg.mask


@given(word_sets(), st.text(alphabet=ABC + "xyz", max_size=5))
def test_bytes_round_trip(words: list[str], name: str) -> None:
    lex = Lexicon.from_words(words, alphabet=tuple(ABC), name=name or "custom", language="nl")
    data = lex.to_bytes()
    back = Lexicon.from_bytes(data)
    assert back == lex
    assert hash(back) == hash(lex)
    assert back.digest == lex.digest
    assert list(back) == list(lex)
    assert (back.name, back.language, back.alphabet) == (lex.name, lex.language, lex.alphabet)
    assert back.skipped == lex.skipped
    assert back.dawg.to_bytes() == lex.dawg.to_bytes()
    assert back.to_bytes() == data


@given(word_sets(), st.data())
def test_corrupted_bytes_raise(words: list[str], data: st.DataObject) -> None:
    blob = bytearray(build(words).to_bytes())
    kind = data.draw(st.sampled_from(["flip", "checksum", "truncate", "extend"]))
    if kind in ("flip", "checksum"):  # anywhere, or in the stored checksum (bytes 6-37)
        i = data.draw(st.integers(0, len(blob) - 1) if kind == "flip" else st.integers(6, 37))
        blob[i] ^= data.draw(st.integers(1, 255))
    elif kind == "truncate":
        blob = blob[: data.draw(st.integers(0, len(blob) - 1))]
    else:
        blob += data.draw(st.binary(min_size=1, max_size=8))
    # the payload is checksummed and the header fixed: every corruption is refused
    with pytest.raises(InvalidStateError):
        Lexicon.from_bytes(bytes(blob))


def _forge(lex: Lexicon, graph_bytes: bytes) -> bytes:
    """Lexicon bytes with a replaced graph and a valid checksum (a forged file)."""
    blob = lex.to_bytes()
    body = zlib.decompress(blob[6 + 32 :])
    hlen = int.from_bytes(body[:4], "little")
    payload = zlib.compress(body[: 4 + hlen] + graph_bytes)
    return blob[:6] + hashlib.sha256(payload).digest() + payload


@given(word_sets(), st.data())
def test_forged_graphs_raise(words: list[str], data: st.DataObject) -> None:
    lex = build(words)
    g = lex.dawg
    arrays = [type(a)(a.typecode, a) for a in (g.first, g.mask, g.terminal, g.labels, g.targets)]
    which = data.draw(st.integers(0, 4))
    arr = arrays[which]
    assume(len(arr) > 0)
    i = data.draw(st.integers(0, len(arr) - 1))
    limit = 255 if arr.typecode == "B" else 2**32 - 1
    new = data.draw(st.integers(0, limit).filter(lambda x: x != arr[i]))
    arr[i] = new
    forged = WordGraph(*arrays)
    try:
        back = Lexicon.from_bytes(_forge(lex, forged.to_bytes()))
    except InvalidStateError:
        return
    # accepted only if it still is a consistent graph of the same number of words
    back.dawg.validate(len(ABC))
    assert len(list(back)) == len(lex)


def _fits(word: str, rack: str) -> bool:
    need = Counter(word) - Counter(rack.replace("?", ""))
    return sum(need.values()) <= rack.count("?")


racks = st.text(alphabet=ABC + "??", max_size=7)


@given(word_sets(), racks, st.integers(1, 3))
def test_anagrams_equal_brute_force(words: list[str], rack: str, min_length: int) -> None:
    lex = build(words)
    source = sorted(set(words))
    exact = [w for w in source if len(w) == len(rack) >= min_length and _fits(w, rack)]
    assert lex.anagrams(rack, min_length=min_length) == exact
    sub = [w for w in source if min_length <= len(w) <= len(rack) and _fits(w, rack)]
    assert lex.subanagrams(rack, min_length=min_length) == sub


patterns = st.text(alphabet=ABC + "?*", min_size=1, max_size=7)


@given(word_sets(), patterns)
def test_match_equals_brute_force(words: list[str], pattern: str) -> None:
    lex = build(words)
    rx = re.compile("".join({"?": ".", "*": ".*"}.get(ch, ch) for ch in pattern))
    assert lex.match(pattern) == sorted(w for w in set(words) if rx.fullmatch(w))


ranges = st.one_of(
    st.none(),
    st.integers(0, 4),
    st.tuples(st.integers(0, 3), st.one_of(st.none(), st.integers(3, 6))),
)


@given(word_sets(), st.text(alphabet=ABC + "?", min_size=1, max_size=3), ranges, ranges)
def test_containing_equals_brute_force(
    words: list[str],
    fixed: str,
    before: int | tuple[int, int | None] | None,
    after: int | tuple[int, int | None] | None,
) -> None:
    lex = build(words)

    def ok(n: int, spec: int | tuple[int, int | None] | None) -> bool:
        if spec is None:
            return True
        if isinstance(spec, int):
            return n == spec
        lo, hi = spec
        return n >= lo and (hi is None or n <= hi)

    rx = re.compile(fixed.replace("?", "."))
    expected = sorted(
        w
        for w in set(words)
        if any(
            rx.fullmatch(w[k : k + len(fixed)])
            and ok(k, before)
            and ok(len(w) - k - len(fixed), after)
            for k in range(len(w) - len(fixed) + 1)
        )
    )
    assert lex.containing(fixed, before=before, after=after) == expected


@given(st.text(), st.sampled_from(["en", "de", "es", "nl", "fr"]))
def test_folding_is_idempotent(word: str, language: str) -> None:
    once = fold_word(word, language)
    assert fold_word(once, language) == once


@given(st.text(alphabet="aeiouáéíóúüñnÄÖÜäöüßÑçc", max_size=12))
def test_folding_rules(word: str) -> None:
    es = fold_word(word, "es")
    assert set(es) <= set("AEIOUNÑCS")  # ß upper-cases to SS
    assert es.count("Ñ") == word.upper().count("Ñ")
    de = fold_word(word, "de")
    assert not set(de) & set("ÄÖÜß")


SPANISH_LIKE = ("A", "C", "CH", "H", "L", "LL", "O", "R", "RR")


def _count_splits(s: str) -> int:
    if not s:
        return 1
    return sum(_count_splits(s[len(t) :]) for t in SPANISH_LIKE if s.startswith(t))


@given(st.lists(st.text(alphabet="ACHLOR", min_size=1, max_size=8), min_size=1, max_size=12))
def test_every_tokenisation_is_an_entry(words: list[str]) -> None:
    lex = Lexicon.from_words(words, language="es", alphabet=SPANISH_LIKE, every_spelling=True)
    entries = set(lex)
    expected = set()
    for w in words:
        spellings = lex.tokenizations(w)
        assert len(spellings) == _count_splits(w)
        for codes in spellings:
            assert "".join(lex.alphabet[c] for c in codes) == w
            text = lex.decode(codes)
            assert lex.encode(text) == codes
            expected.add(text)
            assert text in lex
        assert w in lex  # plain spelling: every letter its own tile
    assert entries == expected
    assert list(lex) == sorted(expected)


@given(word_sets())
def test_max_length(words: list[str]) -> None:
    limit = 4
    short = {w for w in words if len(w) <= limit}
    if not short:
        try:
            Lexicon.from_words(words, alphabet=tuple(ABC), max_length=limit)
        except LexiconError:
            return
        raise AssertionError("expected LexiconError for an empty result")
    lex = Lexicon.from_words(words, alphabet=tuple(ABC), max_length=limit)
    assert set(lex) == short
    assert {w for w, r in lex.skipped if r == "too_long"} == {w for w in words if len(w) > limit}


@given(
    st.lists(st.text(max_size=8), max_size=12),
    st.sampled_from(["en", "de", "es", "nl"]),
    st.text(max_size=6),
)
def test_arbitrary_input_is_used_or_reported(words: list[str], language: str, probe: str) -> None:
    try:
        lex = Lexicon.from_words(words, language=language)
    except LexiconError:
        letters = set(default_alphabet(language))
        assert not any((f := fold_word(w.strip(), language)) and set(f) <= letters for w in words)
        return
    used = {fold_word(w.strip(), language) for w in words if w.strip()} - {""}
    for w in words:
        if w.strip() and w not in {s for s, _ in lex.skipped}:
            assert w in lex
    assert set(lex) <= used
    assert all(w in words for w, _ in lex.skipped)
    # probes never raise: membership is a bool, queries raise LexiconError or answer
    assert isinstance(probe in lex, bool)
    for query in (lex.anagrams, lex.subanagrams, lex.match):
        try:
            result = query(probe)
        except LexiconError:
            continue
        assert result == sorted(result)
        assert set(result) <= set(lex)


@given(st.lists(st.text(alphabet="ACHLOR", min_size=1, max_size=8), min_size=1, max_size=12))
def test_one_spelling_per_word(words: list[str]) -> None:
    """By default a word has one entry: among its spellings, a multi-letter tile wherever one
    fits from the left; so it has the fewest tiles and no two neighbours that make a tile."""
    lex = Lexicon.from_words(words, language="es", alphabet=SPANISH_LIKE)
    every = Lexicon.from_words(words, language="es", alphabet=SPANISH_LIKE, every_spelling=True)
    assert len(lex) == len(set(words))
    assert set(lex) <= set(every)
    tiles = set(SPANISH_LIKE)
    for w in set(words):
        mine = [codes for codes in lex.tokenizations(w) if codes in lex]
        assert len(mine) == 1
        (codes,) = mine
        assert len(codes) == min(map(len, lex.tokenizations(w)))
        texts = [lex.alphabet[c] for c in codes]
        assert not any(a + b in tiles for a, b in itertools.pairwise(texts))
