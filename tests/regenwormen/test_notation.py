"""Action notation: str() and parse_action() are inverse; bad text raises ParseError."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordgames
from wordgames import ParseError
from wordgames import regenwormen as rw

faces = st.sampled_from(rw.FACES)
actions = st.one_of(
    st.lists(faces, min_size=1, max_size=8).map(lambda f: rw.Roll(tuple(f))),
    faces.map(rw.SetAside),
    st.just(rw.Reroll()),
    st.integers(0, 999_999).map(rw.Take),
    st.builds(rw.Steal, st.integers(0, 99), st.integers(0, 6)),
    st.integers(0, 999_999).map(rw.Resign),
)


@given(actions)
def test_round_trip(action: rw.Action) -> None:
    assert rw.parse_action(str(action)) == action


def test_examples_from_the_issue() -> None:
    assert str(rw.Roll((1, 1, 2, 5, 5, 6, 6, 6))) == "roll 1 1 2 5 5 w w w"
    assert rw.parse_action("roll 1 1 2 5 5 w w w") == rw.Roll((1, 1, 2, 5, 5, 6, 6, 6))
    assert str(rw.SetAside(6)) == "set w"
    assert rw.parse_action("set w") == rw.parse_action("set 6") == rw.SetAside(6)
    assert str(rw.Reroll()) == "reroll"
    assert str(rw.Take(25)) == "take 25"
    assert str(rw.Steal(25, 2)) == "steal 25 from 2"
    assert rw.parse_action("steal 25 from 2") == rw.Steal(25, 2)
    assert str(rw.Resign(1)) == "resign 1"
    assert rw.parse_action("resign 1") == rw.Resign(1)
    assert rw.Resign is wordgames.Resign  # the one class every game shares


def test_case_insensitive_text_canonical_str() -> None:
    assert rw.parse_action("SET W") == rw.SetAside(6)
    assert rw.parse_action("Take 25") == rw.Take(25)
    assert rw.parse_action("STEAL 25 FROM 2") == rw.Steal(25, 2)
    assert rw.parse_action("Resign 1") == rw.Resign(1)
    assert rw.parse_action("ReRoll") == rw.Reroll()
    assert [str(rw.parse_action(t)) for t in ("SET W", "Roll W 1")] == ["set w", "roll 1 w"]


def test_roll_is_a_multiset() -> None:
    assert rw.Roll((6, 1, 3)) == rw.Roll((1, 3, 6))
    assert rw.parse_action("ROLL  w 3 1 ") == rw.Roll((1, 3, 6))
    assert hash(rw.Roll((6, 1))) == hash(rw.Roll((1, 6)))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "roll",
        "roll 1 2 3 4 5 6 1 2 3",
        "roll 0",
        "roll 7",
        "roll x",
        "set",
        "set 0",
        "set ww",
        "set 1 2",
        "reroll now",
        "take",
        "take x",
        "take 2.5",
        "take ²",
        "steal 25",
        "steal 25 2",
        "steal 25 of 2",
        "steal a from b",
        "pass",
        "take -25",
        "take +25",
        "take 1234567",
        "take ٣",
        "steal ٢٥ from 1",
        "steal 25 from ١",
        "resign",
        "resign ²",
        "resign ١",
        "resign -1",
        "resign 1 2",
        "set ٦",
    ],
)
def test_bad_text(text: str) -> None:
    with pytest.raises(ParseError):
        rw.parse_action(text)


def test_not_a_string() -> None:
    with pytest.raises(ParseError):
        rw.parse_action(25)  # type: ignore[arg-type]
