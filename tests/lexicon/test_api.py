"""Examples of the public lexicon API (the properties are in test_properties.py)."""

from __future__ import annotations

import pytest

from wordgames._core.errors import InvalidStateError, WordgamesError
from wordgames.lexicon import SPANISH_TILE_ALPHABET, Lexicon, LexiconError, WordGraph, fold_word


@pytest.fixture(scope="module")
def small() -> Lexicon:
    return Lexicon.from_words(["cat", "act", "tac", "cats", "at", "a", "scat", "dog"])


def test_error_hierarchy() -> None:
    assert issubclass(LexiconError, WordgamesError)
    assert issubclass(LexiconError, ValueError)


def test_basic_membership_and_order(small: Lexicon) -> None:
    assert len(small) == 8
    assert list(small) == ["A", "ACT", "AT", "CAT", "CATS", "DOG", "SCAT", "TAC"]
    assert "cat" in small
    assert " Cat " not in small or "CAT" in small
    assert "CA" not in small
    assert small.encode("CAT") in small
    assert 42 not in small


def test_queries(small: Lexicon) -> None:
    assert small.anagrams("TCA") == ["ACT", "CAT", "TAC"]
    assert small.anagrams("TC?") == ["ACT", "CAT", "TAC"]
    assert small.subanagrams("CATS") == ["ACT", "AT", "CAT", "CATS", "SCAT", "TAC"]
    assert small.subanagrams("CATS", min_length=1) == [
        "A",
        "ACT",
        "AT",
        "CAT",
        "CATS",
        "SCAT",
        "TAC",
    ]
    assert small.match("?AT*") == ["CAT", "CATS"]
    assert small.match("*") == list(small)
    assert small.containing("AT", before=1, after=(0, 1)) == ["CAT", "CATS"]
    assert small.containing("CA") == ["CAT", "CATS", "SCAT"]


def test_graph_api(small: Lexicon) -> None:
    g = small.dawg
    assert isinstance(g, WordGraph)
    c, a, t = small.encode("CAT")
    v = g.walk([c, a])
    assert v >= 0
    assert not g.is_terminal(v)
    assert g.is_terminal(g.child(v, t))
    assert g.child(v, small.index["Z"]) == -1
    assert g.child_mask(g.root) >> c & 1
    assert [code for code, _ in g.children(g.root)] == sorted(
        small.index[ch] for ch in "ACDST" if g.child(g.root, small.index[ch]) >= 0
    )


def test_gaddag_paths(small: Lexicon) -> None:
    g = small.gaddag
    sep = small.SEP
    assert sep == len(small.alphabet)
    for word in small:
        codes = small.encode(word)
        for i in range(1, len(codes) + 1):
            path = [*reversed(codes[:i]), sep, *codes[i:]]
            v = g.walk(path)
            assert v >= 0
            assert g.is_terminal(v)


def test_bytes_round_trip(small: Lexicon) -> None:
    data = small.to_bytes()
    back = Lexicon.from_bytes(data)
    assert back == small
    assert back.digest == small.digest
    assert list(back) == list(small)


@pytest.mark.parametrize("cut", [0, 5, 20, 60, -1])
def test_corrupt_bytes(small: Lexicon, cut: int) -> None:
    data = small.to_bytes()
    with pytest.raises(InvalidStateError):
        Lexicon.from_bytes(data[:cut])


def test_bad_input() -> None:
    with pytest.raises(LexiconError):
        Lexicon.from_words([])
    with pytest.raises(LexiconError):
        Lexicon.from_words(["", "   "])
    lex = Lexicon.from_words(["Hello", "hello ", "HÉLLO", "two words", "ok"])
    assert list(lex) == ["HELLO", "OK"]
    assert dict(lex.skipped) == {
        "hello ": "duplicate",
        "HÉLLO": "not_in_alphabet",
        "two words": "whitespace",
    }


def test_spanish_builtin() -> None:
    es = Lexicon.builtin("es")
    assert es.alphabet[3] == "CH"
    assert len(es.alphabet) == 28
    assert "[CH]ICO" in es
    assert "CHICO" not in es  # one spelling a word: the digraph is its tile
    assert es.tokenizations("chico") == (
        es.encode("C") + es.encode("HICO"),
        es.encode("[CH]ICO"),
    )
    assert es.decode(es.encode("[CH]ICO")) == "[CH]ICO"
    assert Lexicon.by_digest(es.digest) is es
    every = Lexicon.builtin("es-all")
    assert every.alphabet == es.alphabet
    assert "[CH]ICO" in every
    assert "CHICO" in every
    assert set(es) <= set(every)
    assert len(every) - len(es) == 97_994 - 85_798


# the digests that game states and records name (docs/lexicon.md lists them)
ES_DIGEST = "60f039c976e7ca61f1281b5e49f114e5cc16aedb5e20802bffd18355baec7877"
#: the "es" of before the digraph rule: every spelling; now the packaged "es-all"
OLD_ES_DIGEST = "dd386f0f8a995b624985a63df24677e9c7741dabe17005ceb6dfe156fc777280"


def test_spanish_digests_are_the_documented_ones() -> None:
    assert Lexicon.builtin("es").digest == ES_DIGEST
    old = Lexicon.by_digest(OLD_ES_DIGEST)
    assert old is Lexicon.builtin("es-all")
    assert old.name == "es-all"


def test_spanish_one_spelling_per_word() -> None:
    words = ["chico", "calle", "perro", "chacha", "ch", "llll", "lll", "cch", "año", "kiwi"]
    one = Lexicon.from_words(words, language="es", alphabet=SPANISH_TILE_ALPHABET)
    assert sorted(one) == sorted(
        ["[CH]ICO", "CA[LL]E", "PE[RR]O", "[CH]A[CH]A", "[CH]", "[LL][LL]", "[LL]L", "C[CH]", "AÑO"]
    )
    assert one.skipped == (("kiwi", "not_in_alphabet"),)
    every = Lexicon.from_words(
        words, language="es", alphabet=SPANISH_TILE_ALPHABET, every_spelling=True
    )
    assert set(one) < set(every)
    for w in words[:-1]:  # the one spelling is among every spelling, and has fewest tiles
        spellings = every.tokenizations(w)
        (mine,) = one._tiles.tile_spelling(one.fold(w))
        assert mine in spellings
        assert len(mine) == min(map(len, spellings))
    with pytest.raises(LexiconError):
        Lexicon.from_words(["chico"], language="es", every_spelling=1)  # type: ignore[arg-type]
    # a word that only a multi-letter tile can spell, and one with a letter that no tile has
    odd = Lexicon.from_words(["xy", "abx"], alphabet=("A", "B", "XY"))
    assert list(odd) == ["[XY]"]
    assert odd.skipped == (("abx", "not_in_alphabet"),)


def test_fold() -> None:
    assert fold_word("Straße", "de") == "STRASSE"
    assert fold_word("Äpfel", "de") == "AEPFEL"
    assert fold_word("pingüino", "es") == "PINGUINO"
    assert fold_word("año", "es") == "AÑO"
    assert fold_word("canción", "es") == "CANCION"


def test_from_file_path_and_bytes(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "mywords.txt"  # type: ignore[operator]
    path.write_bytes("\ufeffzebra\r\nApple\n\n  pear  \nnaïve\n".encode())
    lex = Lexicon.from_file(path)
    assert lex.name == "mywords"
    assert list(lex) == ["APPLE", "PEAR", "ZEBRA"]
    assert lex.skipped == (("naïve", "not_in_alphabet"),)
    same = Lexicon.from_file(path.read_bytes(), name="other")
    assert same == lex
    assert same.name == "other"
    with pytest.raises(LexiconError):
        Lexicon.from_file(b"caf\xe9\n")


def test_bad_arguments() -> None:
    with pytest.raises(LexiconError):
        Lexicon.from_words("cat")  # a string is not a word list
    with pytest.raises(LexiconError):
        Lexicon.from_words(["cat", 3])  # type: ignore[list-item]
    with pytest.raises(LexiconError):
        Lexicon.from_words(["cat"], alphabet=("A", "a"))
    with pytest.raises(LexiconError):
        Lexicon.from_words(["cat"], alphabet=("A", "A"))
    with pytest.raises(LexiconError):
        Lexicon.from_words(["cat"], alphabet=[chr(0x100 + i) for i in range(64)])
    with pytest.raises(LexiconError):
        Lexicon.from_words(["cat"], max_length=0)
    with pytest.raises(LexiconError):
        Lexicon.builtin("xx")
    lex = Lexicon.from_words(["cat"])
    with pytest.raises(LexiconError):
        lex.anagrams("CA1")
    with pytest.raises(LexiconError):
        lex.match("C[AT")
    with pytest.raises(LexiconError):
        lex.containing("A", before=(2, 1))
    with pytest.raises(LexiconError):
        lex.containing("A", after="x")  # type: ignore[arg-type]
    with pytest.raises(LexiconError):
        lex.encode("CAT!")
    with pytest.raises(LexiconError):
        lex.decode([99])
    assert lex.by_digest("0" * 64) is None


def test_immutable_and_pickle() -> None:
    import pickle

    lex = Lexicon.from_words(["cat", "dog"], name="pets")
    with pytest.raises(AttributeError):
        lex.name = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        lex.dawg.root = 3
    back = pickle.loads(pickle.dumps(lex))
    assert back == lex
    assert list(back) == ["CAT", "DOG"]
    # serialised once and reused: the same bytes every time, and still immutable
    assert pickle.dumps(lex) == pickle.dumps(lex)
    assert pickle.loads(pickle.dumps([lex, lex]))[0] == lex
    with pytest.raises(AttributeError):
        lex._pickled = b""  # type: ignore[misc]
    en = Lexicon.builtin("en")
    assert pickle.loads(pickle.dumps(en)) is en
    assert {lex, back, en} == {lex, en}


def test_by_digest_finds_live_lexicons() -> None:
    lex = Lexicon.from_words(["unusual", "words", "here"], name="mine")
    assert Lexicon.by_digest(lex.digest) is lex
    en_digest = Lexicon.builtin("en").digest
    assert Lexicon.by_digest(en_digest) is Lexicon.builtin("en")


def test_builtin_contents() -> None:
    en = Lexicon.builtin("en")
    assert len(en) == 172_823
    assert en.language == "en"
    assert en.skipped == ()
    assert "QI" in en
    assert "ZYZZYVAS" in en
    assert "QX" not in en
    es = Lexicon.builtin("es")
    assert len(es.alphabet) == 28
    assert "K" not in es.index
    assert "W" not in es.index
    reasons = {r for _, r in es.skipped}
    assert reasons <= {"duplicate", "not_in_alphabet"}
    assert all("k" in w.lower() or "w" in w.lower() for w, r in es.skipped if r != "duplicate")
    plain = Lexicon.builtin("es-plain")
    assert len(plain.alphabet) == 27
    assert "AÑO" in plain
    assert "año" in es
    assert "[LL]AMA" in es
    assert "LLAMA" not in es
    assert "LLAMA" in Lexicon.builtin("es-all")
    assert plain.digest != es.digest


def test_max_length_keeps_long_words_by_default() -> None:
    long = "PNEUMONOULTRAMICROSCOPICSILICOVOLCANOCONIOSIS"
    assert long in Lexicon.from_words([long, "cat"])
    short = Lexicon.from_words([long, "cat"], max_length=15)
    assert list(short) == ["CAT"]
    assert short.skipped == ((long, "too_long"),)


def test_spanish_max_length_per_spelling() -> None:
    lex = Lexicon.from_words(
        ["chacha"], language="es", alphabet=Lexicon.builtin("es").alphabet, max_length=4
    )
    assert list(lex) == ["[CH]A[CH]A"]


def test_hard_limits_skip_garbage() -> None:
    from wordgames.lexicon import MAX_WORD_TILES

    huge = "A" * (MAX_WORD_TILES + 1)
    lex = Lexicon.from_words([huge, "A" * MAX_WORD_TILES, "cat"])
    assert "A" * MAX_WORD_TILES in lex
    assert lex.skipped == ((huge, "too_long"),)
    assert lex.match("*") == sorted(["A" * MAX_WORD_TILES, "CAT"])
    es_tiles = Lexicon.builtin("es").alphabet
    ll = "L" * 40
    es = Lexicon.from_words([ll, "calle"], language="es", alphabet=es_tiles, every_spelling=True)
    assert es.skipped == ((ll, "too_many_spellings"),)
    assert set(es) == {"CA[LL]E", "CALLE"}
    one = Lexicon.from_words([ll, "calle"], language="es", alphabet=es_tiles)
    assert one.skipped == ()  # one spelling: nothing to count
    assert set(one) == {"[LL]" * 20, "CA[LL]E"}
    with pytest.raises(LexiconError):
        es.tokenizations(ll)


def test_forged_deep_graph_is_rejected() -> None:
    from array import array

    from wordgames.lexicon import MAX_WORD_TILES

    from .test_properties import _forge

    n = MAX_WORD_TILES + 2  # a chain spelling "A" * (n - 1)
    first = array("I", [0, *range(n)])  # node 0: no edges; node v: one edge, to v - 1
    mask = array("Q", [0] + [1] * (n - 1))
    terminal = array("B", [1] + [0] * (n - 1))
    labels = array("B", [0] * (n - 1))
    targets = array("I", range(n - 1))
    deep = WordGraph(first, mask, terminal, labels, targets)
    deep.validate(26)
    lex = Lexicon.from_words(["x"])
    with pytest.raises(InvalidStateError):
        Lexicon.from_bytes(_forge(lex, deep.to_bytes()))


def test_huge_ranges_are_harmless(small: Lexicon) -> None:
    assert small.containing("CA", before=(0, 10**12), after=(0, 10**12)) == [
        "CAT",
        "CATS",
        "SCAT",
    ]
    assert small.containing("CA", before=10**12) == []


def test_forged_digest_is_detected(small: Lexicon) -> None:
    import hashlib
    import json
    import zlib

    blob = small.to_bytes()
    body = zlib.decompress(blob[6 + 32 :])
    hlen = int.from_bytes(body[:4], "little")
    meta = json.loads(body[4 : 4 + hlen])
    meta["digest"] = "ab" * 32
    head = json.dumps(meta).encode()
    payload = zlib.compress(len(head).to_bytes(4, "little") + head + body[4 + hlen :])
    forged = blob[:6] + hashlib.sha256(payload).digest() + payload
    with pytest.raises(InvalidStateError):
        Lexicon.from_bytes(forged)
    trusted = Lexicon.from_bytes(forged, verify=False)
    assert trusted.digest == "ab" * 32
    assert list(trusted) == list(small)
