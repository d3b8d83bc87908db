"""Play builders refuse what they cannot represent: ill-typed arguments raise TypeError or
ValueError at once; whatever they (or the raw constructor) build hashes, prints, parses back
and is judged by ``check`` with an ``IllegalActionError`` at worst (issue #28)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames import IllegalActionError
from wordgames import wordmeld as wm

STATE = wm.new_game(2)

SCALARS = st.one_of(
    st.integers(-5, 200),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.none(),
    st.binary(max_size=2),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(st.text(max_size=2), inner, max_size=2),
        st.sets(st.integers(0, 9), max_size=2),
    ),
    max_leaves=6,
)
CARDS = st.one_of(
    st.integers(0, 130),
    st.tuples(st.integers(0, 130), st.sampled_from("AEZ")),
    VALUES,
)


def usable(play: Any) -> None:
    """What every constructed play must allow."""
    assert isinstance(play, wm.Play)
    hash(play)
    text = str(play)
    repr(play)
    with contextlib.suppress(IllegalActionError):
        STATE.check(play)
    if all(type(c) is int for w in play.new for c in w) and all(
        type(c) is int for _, w in play.changes for c in w
    ):
        assert wm.parse_action(text) == play


def build(fn: Any, *args: Any) -> None:
    try:
        play = fn(*args)
    except (TypeError, ValueError):
        return
    usable(play)


@given(cards=st.lists(CARDS, max_size=4))
def test_new_word_and_of(cards: list[Any]) -> None:
    build(wm.Play.new_word, *cards)
    build(wm.Play.of, cards)
    build(wm.Play.of, *cards)


@given(index=st.one_of(st.integers(-3, 9), VALUES), cards=st.lists(CARDS, max_size=4))
def test_extend_borrow_take_back(index: Any, cards: list[Any]) -> None:
    build(wm.Play.extend, index, *cards)
    build(wm.Play.borrow, index, cards[:2], cards[2:])
    build(wm.Play.borrow, index, cards, cards)
    build(wm.Play.take_back, index)


@given(new=st.lists(st.lists(VALUES, max_size=3), max_size=3))
def test_raw_constructor_builds_only_hashable_plays(new: list[Any]) -> None:
    build(wm.Play, new)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: wm.Play.new_word([1, 2, 3]), TypeError),
        (lambda: wm.Play.new_word(True), TypeError),
        (lambda: wm.Play.new_word(1.0), TypeError),
        (lambda: wm.Play.new_word((101,)), TypeError),
        (lambda: wm.Play.new_word((101, 5)), TypeError),
        (lambda: wm.Play.of("CAT"), TypeError),
        (lambda: wm.Play.extend("0", 1), TypeError),
        (lambda: wm.Play.extend(-1, 1), ValueError),
        (lambda: wm.Play.borrow(0, [1], [[2, 3]]), TypeError),
        (lambda: wm.Play.take_back(None), TypeError),
    ],
)
def test_ill_typed_builder_arguments_are_refused_at_once(call: Any, error: type) -> None:
    with pytest.raises(error, match=r"card|word|joker|index"):
        call()


def test_builders_still_build_plays() -> None:
    play = wm.Play.new_word(3, 17, (101, "E")) + wm.Play.extend(0, 8, 3) + wm.Play.take_back(1)
    assert str(play) == "play 0:8.3 1:- 3.17.101=E"
    assert wm.parse_action(str(play)) == play


@pytest.mark.parametrize(
    "make",
    [
        lambda: wm.Play.new_word(-1),
        lambda: wm.Play.of([3, -2]),
        lambda: wm.Play.extend(0, 5, -1),
        lambda: wm.Play.borrow(0, [1], [(-5, "E")]),
    ],
)
def test_negative_card_ids_are_refused_at_once(make: Any) -> None:
    # "play -1" would not read back from the notation (Hypothesis found new_word(-1))
    with pytest.raises(ValueError, match="at least 0"):
        make()
