"""Action notation: ``parse_action(str(a)) == a`` for every action, ParseError otherwise."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordgames
from wordgames import ParseError
from wordgames import wordmeld as wm

ids = st.integers(0, 200)
letters = st.sampled_from(list("ABCDEFGHIJKLMNOPQRSTUVWXYZÑ"))
words = st.lists(ids, max_size=6).map(tuple)
plays = st.builds(
    wm.Play,
    st.lists(words, max_size=5).map(tuple),
    st.lists(st.tuples(st.integers(0, 30), words), max_size=3).map(tuple),
    st.lists(st.tuples(ids, letters), max_size=4).map(tuple),
)
actions = st.one_of(
    plays,
    st.builds(wm.Draw, ids),
    st.builds(wm.Resign, st.integers(0, 11)),
    st.builds(wm.Discard, ids),
    st.just(wm.PickPile()),
    st.just(wm.PickDiscard()),
    st.just(wm.Keep()),
    st.just(wm.Pass()),
)


@given(actions)
def test_notation_round_trip(action: wm.Action) -> None:
    text = str(action)
    assert wm.parse_action(text) == action
    assert wm.parse_action(f"  {text}  ") == action


def test_examples() -> None:
    play = wm.Play.of([3, 17, 42], [5, (101, "E"), 9])
    assert str(play) == "play 3.17.42 5.101=E.9"
    assert wm.parse_action("play 3.17.42 5.101=E.9") == play
    assert play.letters == ((101, "E"),)
    assert str(wm.Draw(101)) == "draw 101"
    assert str(wm.Resign(1)) == "resign 1"
    assert wm.parse_action("resign 1") == wm.Resign(1)
    assert wm.Resign is wordgames.Resign
    # keywords in any case; str stays canonical
    assert wm.parse_action("PICK  Pile") == wm.PickPile()
    assert wm.parse_action("Keep") == wm.Keep()
    assert wm.parse_action("DISCARD 7") == wm.Discard(7)
    assert wm.parse_action("Resign 0") == wm.Resign(0)
    assert str(wm.parse_action("PLAY 1.2.3")) == "play 1.2.3"
    assert str(wm.Discard(7)) == "discard 7"
    assert str(wm.Play(((1, 2),), (), ((9, "Q"),))) == "play 1.2 | 9=Q"
    assert wm.parse_action("play") == wm.Play(())
    assert wm.parse_action("play -") == wm.Play(((),))
    # explicit table edits: changes (index:word) first, then new words
    extend = wm.Play.extend(0, 8, 3, (101, "S"))
    assert str(extend) == "play 0:8.3.101=S"
    assert extend == wm.Play((), ((0, (8, 3, 101)),), ((101, "S"),))
    borrow = wm.Play.borrow(2, [3, 17], [42, 50, 8])
    assert str(borrow) == "play 2:3.17 42.50.8"
    assert wm.parse_action("play 2:3.17 42.50.8") == borrow
    both = wm.Play.new_word(1, 2, 3) + wm.Play.take_back(1) + wm.Play.extend(0, 4, 5, 6)
    assert str(both) == "play 0:4.5.6 1:- 1.2.3"
    assert wm.parse_action(" PLAY 1:-  0:4.5.6 1.2.3") == both  # changes kept sorted
    assert wm.Play.of([3, 17, 42], [5, 9]) == wm.Play.new_word(3, 17, 42) + wm.Play.new_word(5, 9)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "draw",
        "draw E F",
        "discard x",
        "discard -1",
        "play 1..2",
        "play 1.a",
        "play 1=",
        "play 1 |",
        "play 1 | 2",
        "pick",
        "keep it",
        "resign",
        "resign 1 2",
        "resign x",
        "resign ²",
        "discard ²",
        "play ²",
        "draw ٣",
        "discard ٣",
        "discard 1234567",
        "play 1.2=",
        "play :1.2",
        "play x:1.2",
        "play 1:",
        "play 1:2:3",
        "play -1:2",
        "play 1.2=A:B",
        "draw E",
        "take " + "9" * 5000,
        "discard " + "9" * 5000,
        "play " + ".".join(["1"] * 3000),
    ],
)
def test_bad_text(text: str) -> None:
    with pytest.raises(ParseError):
        wm.parse_action(text)


def test_non_string() -> None:
    with pytest.raises(ParseError):
        wm.parse_action(5)  # type: ignore[arg-type]
