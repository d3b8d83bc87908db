"""The shared names of the contract: ``Phase`` (a str enum), ``departed``, ``EndReason``
outcomes, ``new_game(rules=None)``; and the deprecated 0.1.0 names, which warn and still work."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import wordgames
from wordgames import regenwormen as rw
from wordgames.regenwormen import state as rw_state


def test_phase_is_a_str_enum_with_the_json_values() -> None:
    assert [p.value for p in rw.Phase] == ["roll", "set_aside", "decide", "over"]
    state = rw.new_game(2)
    assert state.phase is rw.Phase.ROLL
    assert state.phase == "roll"
    assert str(state.phase) == "roll"
    assert json.dumps(state.phase) == '"roll"'
    assert state.to_dict()["phase"] == "roll"
    after = state.apply(rw.Roll((1, 2, 2, 3, 5, 6, 6, 6)))
    assert after.phase is rw.Phase.SET_ASIDE
    assert rw.State.from_dict(after.to_dict()).phase is rw.Phase.SET_ASIDE
    # a member's value is accepted where a phase is made, and becomes the member
    assert attrs.evolve(after, phase="set_aside") == after
    assert attrs.evolve(after, phase="set_aside").phase is rw.Phase.SET_ASIDE


def test_every_transition_keeps_a_phase_member() -> None:
    rng = random.Random(4)
    state = rw.new_game(3)
    while not state.is_terminal:
        assert type(state.phase) is rw.Phase
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    assert state.phase is rw.Phase.OVER
    assert state.outcome is not None
    assert state.outcome.reason is wordgames.EndReason.GRILL_EMPTY


def test_outcome_reason_after_resignations_is_an_end_reason() -> None:
    state = rw.new_game(3).apply(rw.Resign(1)).apply(rw.Resign(0))
    assert state.departed == (1, 0)
    assert state.outcome is not None
    assert state.outcome.reason is wordgames.EndReason.RESIGNED


def test_new_game_rules_none_means_the_default_rules() -> None:
    assert rw.new_game(2, rules=None) == rw.new_game(2) == rw.new_game(2, rules=rw.Rules())


def test_phase_name_is_deprecated_and_still_works() -> None:
    state = rw.new_game(2)
    with pytest.warns(DeprecationWarning, match="phase_name"):
        assert state.phase_name == "roll"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ROLL", rw.Phase.ROLL),
        ("SET_ASIDE", rw.Phase.SET_ASIDE),
        ("DECIDE", rw.Phase.DECIDE),
        ("OVER", rw.Phase.OVER),
    ],
)
def test_the_int_phase_constants_are_deprecated_aliases(old: str, new: rw.Phase) -> None:
    with pytest.warns(DeprecationWarning, match=old):
        value = getattr(rw_state, old)
    assert value is new
    state = rw.new_game(2)
    with pytest.warns(DeprecationWarning, match="ROLL"):
        assert (state.phase == rw_state.ROLL) is (state.phase is rw.Phase.ROLL)


def test_phase_names_and_int_phases_are_deprecated() -> None:
    with pytest.warns(DeprecationWarning, match="PHASE_NAMES"):
        names = rw_state.PHASE_NAMES
    assert names == ("roll", "set_aside", "decide", "over")
    state = rw.new_game(2)
    with pytest.warns(DeprecationWarning, match="int phase"):
        old = attrs.evolve(state, phase=0)
    assert old == state
    assert old.phase is rw.Phase.ROLL
    with pytest.raises(AttributeError):
        rw_state.NO_SUCH_NAME  # noqa: B018
