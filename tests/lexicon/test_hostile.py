"""Hostile input: forged bytes and wild queries raise only the documented errors, quickly."""

from __future__ import annotations

import hashlib
import json
import zlib
from array import array

import pytest
from hypothesis import given, seed
from hypothesis import strategies as st

from wordgames._core.errors import InvalidStateError
from wordgames.lexicon import (
    SPANISH_TILE_ALPHABET,
    Lexicon,
    LexiconError,
    WordGraph,
    _format,
)
from wordgames.lexicon import _lexicon as lexmod

WORDS = ["cat", "act", "tac", "cats", "at", "a", "scat", "dog", "dogs", "god", "zebra"]


@pytest.fixture(scope="module")
def small() -> Lexicon:
    return Lexicon.from_words(WORDS, name="small")


def _forge(
    lex: Lexicon, graph: WordGraph | None = None, *, tail: bytes = b"", **meta_changes: object
) -> bytes:
    """Lexicon bytes with a replaced graph and metadata, and a valid checksum."""
    blob = lex.to_bytes()
    body = zlib.decompress(blob[6 + 32 :])
    hlen = int.from_bytes(body[:4], "little")
    meta = json.loads(body[4 : 4 + hlen])
    meta.update(meta_changes)
    head = json.dumps(meta).encode()
    graph_bytes = body[4 + hlen :] if graph is None else graph.to_bytes()
    payload = zlib.compress(len(head).to_bytes(4, "little") + head + graph_bytes) + tail
    return blob[:6] + hashlib.sha256(payload).digest() + payload


def _binary_graph(k: int) -> WordGraph:
    """k + 1 nodes; node v >= 1 has edges A and B to node v - 1: 2**k words of k letters."""
    n = k + 1
    first = array("I", [0, *range(0, 2 * n - 1, 2)])
    mask = array("Q", [0] + [0b11] * k)
    terminal = array("B", [1] + [0] * k)
    labels = array("B", [0, 1] * k)
    targets = array("I", [t for v in range(1, n) for t in (v - 1, v - 1)])
    return WordGraph(first, mask, terminal, labels, targets)


@pytest.mark.parametrize("k", [12, 20, 40, 63, 200])
@pytest.mark.parametrize("verify", [True, False])
def test_exponential_forgery_is_rejected(small: Lexicon, k: int, verify: bool) -> None:
    graph = _binary_graph(k)
    graph.validate(26)
    data = _forge(small, graph, count=min(2**k, 2**62), digest="cd" * 32)
    assert len(data) < 1000
    if k == 12:  # 4,096 words of 12 tiles: small enough to be a lexicon
        lex = Lexicon.from_bytes(data, verify=False)
        assert len(lex) == 2**12
        with pytest.raises(InvalidStateError):  # the stored digest is another lexicon's
            Lexicon.from_bytes(data)
        return
    with pytest.raises(InvalidStateError):
        Lexicon.from_bytes(data, verify=verify)


def test_tiles_per_byte_limit_and_padding(small: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_format, "_FREE_TILES", 0)
    words = ["".join(w) for w in __import__("itertools").product("AB", repeat=9)]
    lex = Lexicon.from_words(words)
    data = lex.to_bytes()  # 512 words of 9 tiles: padded to 4608 / 64 = 72 bytes at least
    assert len(data) >= 9 * 512 // _format.MAX_TILES_PER_BYTE
    assert Lexicon.from_bytes(data) == lex
    monkeypatch.setattr(_format, "MAX_TILES_PER_BYTE", 1)
    with pytest.raises(InvalidStateError, match="too many tiles"):
        Lexicon.from_bytes(data)


def test_trailing_garbage_and_gaddag_section(small: Lexicon) -> None:
    with pytest.raises(InvalidStateError):
        Lexicon.from_bytes(_forge(small, tail=b"x"))
    assert Lexicon.from_bytes(_forge(small, tail=b"\0" * 5)) == small
    with pytest.raises(InvalidStateError):
        Lexicon.from_bytes(_forge(small, gaddag=["lzma", 10]))
    with pytest.raises(InvalidStateError):
        Lexicon.from_bytes(_forge(small, gaddag=["zlib", 3], tail=b"abc"))
    with pytest.raises(InvalidStateError):
        Lexicon.from_bytes(_forge(small, count=2**80))


def test_gaddag_round_trip(small: Lexicon) -> None:
    data = small.to_bytes(gaddag=True)
    assert small.to_bytes(gaddag=True) == data  # deterministic
    back = lexmod._from_bytes(data, None, reuse=False, verify=True)
    assert back is not small
    assert back == small
    g, h = back.gaddag, small.gaddag
    for name in ("first", "mask", "terminal", "labels", "targets"):
        assert getattr(g, name) == getattr(h, name), name
    assert small.to_bytes() != data
    assert Lexicon.from_bytes(small.to_bytes()) == small


def test_builtin_gaddags_are_the_built_ones() -> None:
    from wordgames.lexicon._graph import build_gaddag

    lex = Lexicon.builtin("es")
    shipped = lex.gaddag
    built = build_gaddag(lex.dawg, lex.SEP)
    assert shipped.first == built.first
    assert shipped.mask == built.mask
    assert shipped.targets == built.targets
    assert shipped.terminal == built.terminal
    assert shipped.labels == built.labels


def _mutations() -> st.SearchStrategy[tuple[bool, str, int, int, bytes]]:
    return st.tuples(
        st.booleans(),
        st.sampled_from(["flip", "truncate", "insert", "payload"]),
        st.integers(0, 10**6),
        st.integers(1, 255),
        st.binary(max_size=12),
    )


@seed(20261130)
@given(_mutations())
def test_fuzz_from_bytes(mutation: tuple[bool, str, int, int, bytes]) -> None:
    with_gaddag, kind, where, xor, extra = mutation
    lex = Lexicon.from_words(WORDS, name="fuzz")
    blob = bytearray(lex.to_bytes(gaddag=with_gaddag))
    i = where % len(blob)
    if kind == "flip":
        blob[i] ^= xor
    elif kind == "truncate":
        del blob[i:]
    elif kind == "insert":
        blob[i:i] = extra
    else:  # change the payload and recompute the checksum: a forgery
        payload = bytearray(blob[38:])
        j = where % len(payload)
        payload[j] ^= xor
        payload += extra
        blob = bytearray(blob[:6] + hashlib.sha256(payload).digest() + payload)
    try:
        back = Lexicon.from_bytes(bytes(blob), verify=with_gaddag)
    except InvalidStateError:
        return
    # accepted: a consistent lexicon whose queries work
    assert len(list(back)) == len(back)
    back.anagrams("TCA?")
    back.match("*A*")
    if with_gaddag:
        back.gaddag.validate(back.SEP + 1)


@seed(20261130)
@given(st.binary(max_size=300))
def test_fuzz_from_random_bytes(data: bytes) -> None:
    for blob in (data, b"WGLEX\x00" + hashlib.sha256(data).digest() + data):
        with pytest.raises(InvalidStateError):
            Lexicon.from_bytes(blob)
    with pytest.raises(InvalidStateError):
        Lexicon.from_bytes(data.decode("latin-1"))  # type: ignore[arg-type]


query_text = st.lists(
    st.sampled_from([*"ACDGOSTZ?*[]hlñé ", "[CH]", "LL", "\u0303", "ß", "\n"]), max_size=30
).map("".join)


@seed(20261130)
@given(query_text, st.integers(-3, 300), st.sampled_from(["en", "es"]))
def test_fuzz_queries(text: str, number: int, which: str) -> None:
    if which == "en":
        lex = Lexicon.from_words(WORDS, name="q")
    else:
        lex = Lexicon.from_words(
            ["chico", "calle", "perro", "año", "ñu"], language="es", alphabet=SPANISH_TILE_ALPHABET
        )
    words = set(lex)
    assert isinstance(text in lex, bool)
    assert isinstance(lex.has_prefix(text), bool)
    assert lex.contains_many([text, text.upper(), "CAT"]) == [
        text in lex,
        text.upper() in lex,
        "CAT" in lex,
    ]
    calls = [
        lambda: lex.anagrams(text, min_length=number),
        lambda: lex.subanagrams(text, min_length=number),
        lambda: lex.match(text),
        lambda: lex.containing(text, before=(0, number), after=number),
        lambda: lex.encode(text),
        lambda: lex.tokenizations(text),
        lambda: lex.fold(text),
    ]
    for call in calls:
        try:
            out = call()
        except LexiconError as exc:
            message = str(exc)
        else:
            message = ""
        assert len(message) < 400
        if message:
            continue
        if isinstance(out, list):
            assert set(out) <= words


def test_long_and_odd_queries_are_bounded(small: Lexicon) -> None:
    huge = "A" * 10**6
    assert huge not in small
    assert not small.has_prefix(huge)
    for call in (small.anagrams, small.subanagrams, small.match, small.containing):
        with pytest.raises(LexiconError) as info:
            call(huge)
        assert len(str(info.value)) < 200
    assert small.match("*" * 1000) == list(small)
    with pytest.raises(LexiconError):
        small.match("*" * 2000)  # longer than Tiles.max_chars
    assert small.subanagrams("?" * 300) == sorted(w for w in small if len(w) >= 2)
    for bad in (None, 12, b"CAT", ["CAT"]):
        for call in (small.anagrams, small.match, small.encode, small.fold):
            with pytest.raises(LexiconError):
                call(bad)  # type: ignore[arg-type]
        assert bad not in small  # type: ignore[operator]
        assert not small.has_prefix(bad)  # type: ignore[arg-type]
    with pytest.raises(LexiconError):
        small.anagrams("CAT", min_length="2")  # type: ignore[arg-type]
    with pytest.raises(LexiconError):
        small.decode([-1])
    with pytest.raises(LexiconError) as info:
        Lexicon.from_words([huge + "\x00"])
    assert len(str(info.value)) < 200
    with pytest.raises(LexiconError) as info:
        Lexicon.from_words(["cat"], max_length=-(10**5000))  # type: ignore[arg-type]
    assert len(str(info.value)) < 200


def test_contains_many_and_fast_paths(small: Lexicon) -> None:
    probes = ["cat", "CAT", " cat ", "Cat", "ca", "[C]AT", "cät", "", "zebra", "zebras"]
    expected = [True, True, True, True, False, True, False, False, True, False]
    fresh = Lexicon.from_words(WORDS)  # the hash set is not built yet
    assert [p in fresh for p in probes] == expected
    assert fresh.contains_many(probes) == expected  # builds it
    assert [p in fresh for p in probes] == expected
    assert fresh.contains_many([*probes, 42, ("x",)]) == [*expected, False, False]
    # the batch is upper-cased as one string: a word with a newline in it takes the slow path
    assert fresh.contains_many(["cat\n", "ca\nt", "zebra", "\n"]) == [True, False, True, False]
    prefixes = ["", "C", "ca", " ca", "ZEBRA", "ZEBRAS", "[C]", "[", "q"]
    want = [True, True, True, True, True, False, True, False, False]
    assert [fresh.has_prefix(p) for p in prefixes] == want
    assert [small.has_prefix(p) for p in prefixes] == want
    es = Lexicon.from_words(
        ["chico", "año"], language="es", alphabet=SPANISH_TILE_ALPHABET, every_spelling=True
    )
    es.contains_many([])
    assert [w in es for w in ("chico", "[CH]ICO", "[ch]ico", "AÑO", "año", "ano")] == [
        True,
        True,
        True,
        True,
        True,
        False,
    ]
    assert [es.has_prefix(p) for p in ("C", "CH", "[CH]", "[C", "AÑ")] == [
        True,
        True,
        True,
        False,
        True,
    ]


def test_hash_set_is_built_when_lookups_pay_for_it() -> None:
    lex = Lexicon.from_words([f"{a}{b}" for a in "ABCD" for b in "ABCD"])  # 16 words
    assert lex._wordset is None
    assert "ab" in lex  # 1 lookup: 1 * 8 < 16
    assert lex._wordset is None
    assert not lex.has_prefix("Z")  # 2 lookups: 2 * 8 >= 16, the set is built
    assert lex._wordset == frozenset(lex)
    assert lex.has_prefix("a")
    assert "ab" in lex
    assert "AE" not in lex
