"""Examples of the public lexicon API (the properties are in test_properties.py)."""

from __future__ import annotations

import pytest

from wordgames._core.errors import InvalidStateError, WordgamesError
from wordgames.lexicon import Lexicon, LexiconError, WordGraph, fold_word


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
    assert "CHICO" in es
    assert es.tokenizations("chico") == (
        es.encode("C") + es.encode("HICO"),
        es.encode("[CH]ICO"),
    )
    assert es.decode(es.encode("[CH]ICO")) == "[CH]ICO"
    assert Lexicon.by_digest(es.digest) is es


def test_fold() -> None:
    assert fold_word("Straße", "de") == "STRASSE"
    assert fold_word("Äpfel", "de") == "AEPFEL"
    assert fold_word("pingüino", "es") == "PINGUINO"
    assert fold_word("año", "es") == "AÑO"
    assert fold_word("canción", "es") == "CANCION"
