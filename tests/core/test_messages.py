"""Messages that teach: lowercase means a blank, exact counts of missing tiles, and the seat
and bot named when a bot returns something illegal (in ``play`` and in the arena)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordgames
from wordgames import IllegalActionError, arena, wocable

RACK = "CATSIER"


def _state(rack: str = RACK) -> wocable.State:
    state = wocable.new_game(2)
    for tile in rack:
        state = state.apply(wocable.Draw(tile))
    rng = random.Random(3)
    while state.is_chance_node:
        state = state.apply(wordgames.sample_chance(state, rng))
    return state


def _refusal(state: wocable.State, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as err:
        state.check_as(0, text)
    return err.value


def test_lowercase_letters_missing_from_the_rack_say_they_are_blanks() -> None:
    err = _refusal(_state(), "8H cat")
    assert err.code == "tiles_not_on_rack"
    assert "3 ? (a blank), the rack has 0" in str(err)
    assert "lowercase letter in a play is a blank" in str(err)
    # capitals the rack lacks: no word about blanks
    assert "blank" not in str(_refusal(_state(), "8H ZAX"))


@given(word=st.text("AEIRSTCDLNOU", min_size=2, max_size=7))
def test_missing_tiles_are_counted_exactly(word: str) -> None:
    state = _state()
    text = f"8H {word}"
    if state.is_legal(wocable.parse_action(text)):
        return
    try:
        state.check_as(0, text)
    except IllegalActionError as err:
        if err.code != "tiles_not_on_rack":
            return
        message = str(err)
        for letter in sorted(set(word)):
            need, have = word.count(letter), RACK.count(letter)
            if need > have:
                assert f"{need} {letter}, the rack has {have}" in message
            else:
                assert f" {letter}, the rack has" not in message
    else:  # pragma: no cover - is_legal said no
        raise AssertionError(text)


@attrs.frozen
class Liar:
    """Plays a fixed illegal action."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        return wocable.Pass() if view.viewer == 0 else wocable.Place(0, 0, True, "ZZZZZZZ")


def test_play_names_the_seat_and_the_bot_of_an_illegal_choice() -> None:
    with pytest.raises(IllegalActionError) as err:
        wordgames.play(wocable.new_game(2), [wocable.bots.GreedyBot(), Liar()], random.Random(1))
    assert "the bot of seat 1 (Liar) chose it at action " in str(err.value)
    assert err.value.code == "tiles_not_on_rack"  # the rules' own code is kept
    assert "ZZZZZZZ" in str(err.value)


def test_arena_names_the_seat_and_the_bot_of_an_illegal_choice() -> None:
    with pytest.raises(IllegalActionError, match=r"the bot of seat \d \(Liar\)"):
        arena.run("wocable", [Liar(), "random"], 2, workers=1)
