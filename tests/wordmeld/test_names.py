"""The shared names of the contract: ``Phase`` (a str enum), ``departed`` (the players who left),
``end_reason`` (an ``EndReason``), ``finisher`` (who went out; who won is ``outcome.winners``),
``new_game(rules=None)``; and the deprecated names, which warn and still work."""

from __future__ import annotations

import json
import random

import pytest

import wordgames
from tests.wordmeld.helpers import TINY
from wordgames import EndReason
from wordgames import wordmeld as wm
from wordgames.wordmeld import state as wm_state


def _dealt(n: int = 3) -> wm.State:
    return wordgames.resolve_chance(wm.new_game(n, lexicon=TINY), random.Random(1))


def test_phase_is_a_str_enum_with_the_json_values() -> None:
    assert [p.value for p in wm.Phase] == ["draw", "turn", "discard", "took", "over"]
    fresh = wm.new_game(2, lexicon=TINY)
    assert fresh.phase is wm.Phase.DRAW
    state = _dealt()
    assert state.phase is wm.Phase.TURN
    assert state.phase == "turn"
    assert json.dumps(state.to_dict()["phase"]) == '"turn"'
    assert wm.State.from_dict(state.to_dict()).phase is wm.Phase.TURN
    assert state.view(0).phase is wm.Phase.TURN


def test_resignations_are_departed_seats_in_state_and_view() -> None:
    state = _dealt().apply(wm.Resign(2)).apply(wm.Resign(0))
    assert state.departed == (2, 0)
    assert state.view(1).departed == (2, 0)
    assert state.is_terminal
    assert state.end_reason is EndReason.RESIGNED
    assert state.finisher is None
    assert state.outcome is not None
    assert state.outcome.winners == {1}
    assert state.outcome.reason is EndReason.RESIGNED
    assert wm.State.from_dict(state.to_dict()) == state
    assert wm.View.from_dict(state.view(1).to_dict()) == state.view(1)


def test_new_game_rules_none_means_the_default_rules() -> None:
    assert wm.new_game(2, lexicon=TINY, rules=None) == wm.new_game(2, lexicon=TINY)
    assert wm.new_game(2, lexicon=TINY, rules=None).rules == wm.Rules()


def test_resigned_reason_winner_are_deprecated_aliases() -> None:
    state = _dealt().apply(wm.Resign(2)).apply(wm.Resign(0))
    view = state.view(1)
    for obj in (state, view):
        with pytest.warns(DeprecationWarning, match="resigned"):
            assert obj.resigned == (True, False, True)
        with pytest.warns(DeprecationWarning, match="end_reason"):
            assert obj.reason == "resigned"
        with pytest.warns(DeprecationWarning, match="winner"):
            assert obj.winner == 1  # 0.1.0's winner: the one player left
    going = _dealt().apply(wm.Resign(1))
    with pytest.warns(DeprecationWarning, match="resigned"):
        assert going.resigned == (False, True, False)
    with pytest.warns(DeprecationWarning, match="reason"):
        assert going.reason is None
    with pytest.warns(DeprecationWarning, match="winner"):
        assert going.winner is None


def test_phases_is_a_deprecated_alias() -> None:
    with pytest.warns(DeprecationWarning, match="PHASES"):
        phases = wm_state.PHASES
    assert phases == ("draw", "turn", "discard", "took", "over")
    with pytest.raises(AttributeError):
        wm_state.NO_SUCH_NAME  # noqa: B018
