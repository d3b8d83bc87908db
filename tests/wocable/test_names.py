"""Wocable's closed sets are enums: ``Phase`` for ``phase``, the shared ``EndReason`` for
``end_reason`` (state and view), str members that keep the JSON's strings; the 0.1.0 tuples
of names still work for one minor version, with a DeprecationWarning."""

from __future__ import annotations

import ast
import inspect
import json
import pickle
import random
import warnings

import attrs
import pytest

import wordgames
from wordgames import EndReason, InvalidStateError
from wordgames._core.states import derive
from wordgames.wocable import Phase, Resign, Rules, State, Timeout, View, new_game, parse_action
from wordgames.wocable import state as state_module


def _dealt(seed: int = 1, players: int = 2, rules: Rules | None = None) -> State:
    return wordgames.resolve_chance(new_game(players, rules=rules), random.Random(seed))


def test_phase_members_are_their_strings() -> None:
    assert [p.value for p in Phase] == ["deal", "draw", "play", "over"]
    for p in Phase:
        assert p == p.value
        assert str(p) == p.value
        assert f"{p}" == p.value
        assert json.dumps(p) == f'"{p.value}"'
        assert Phase(p.value) is p
    assert wordgames.wocable.Phase is state_module.Phase is Phase


def test_every_phase_has_its_docstring() -> None:
    # attribute docstrings (the string after each member), as the API reference reads them
    tree = ast.parse(inspect.getsource(inspect.getmodule(Phase)))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Phase")
    documented = [
        a.targets[0].id
        for a, b in zip(cls.body, cls.body[1:], strict=False)
        if isinstance(a, ast.Assign)
        and isinstance(a.targets[0], ast.Name)
        and isinstance(b, ast.Expr)
        and isinstance(b.value, ast.Constant)
        and isinstance(b.value.value, str)
    ]
    assert documented == [p.name for p in Phase]


def test_the_state_and_view_hold_members() -> None:
    state = new_game(2)
    assert state.phase is Phase.DEAL
    assert state.end_reason is None
    state = _dealt()
    assert state.phase is Phase.PLAY
    assert state.view(0).phase is Phase.PLAY
    after = state.apply(parse_action("8B EPHeDRA"))
    assert after.phase is Phase.DRAW
    assert after.to_dict()["phase"] == "draw"
    over = state.apply(Resign(1))
    assert over.phase is Phase.OVER
    assert over.end_reason is EndReason.RESIGNED
    assert over.view(0).end_reason is EndReason.RESIGNED
    assert over.outcome is not None
    assert over.outcome.reason is EndReason.RESIGNED
    assert state.apply(Timeout(0)).end_reason is EndReason.TIMEOUT
    data = over.to_dict()
    assert data["phase"] == "over"
    assert data["end_reason"] == "resigned"
    assert json.loads(json.dumps(data)) == data


def test_strings_given_to_the_constructor_become_members() -> None:
    state = _dealt()
    fields = {f.name: getattr(state, f.name) for f in attrs.fields(State) if f.init}
    rebuilt = State(**{**fields, "phase": "play", "end_reason": None})
    assert rebuilt.phase is Phase.PLAY
    assert rebuilt == state
    view = state.view(0)
    vfields = {f.name: getattr(view, f.name) for f in attrs.fields(View) if f.init}
    assert View(**{**vfields, "phase": "play"}).phase is Phase.PLAY
    with pytest.raises(ValueError):
        State(**{**fields, "phase": "lunch"})


def test_passes_end_with_the_member() -> None:
    state = _dealt(rules=Rules(pass_limit=2))
    for _ in range(2):
        state = state.apply(parse_action("-"))
    assert state.end_reason is EndReason.PASSES
    assert state.phase is Phase.OVER


def test_loading_refuses_other_names_and_other_games_reasons() -> None:
    data = _dealt().apply(Resign(0)).to_dict()
    for bad in ("grill_empty", "RESIGNED", 3, ["resigned"]):
        with pytest.raises(InvalidStateError, match="end reason"):
            State.from_dict({**data, "end_reason": bad})
    with pytest.raises(InvalidStateError, match="phase"):
        State.from_dict({**data, "phase": "Over"})
    view = _dealt().apply(Resign(0)).view(1).to_dict()
    with pytest.raises(InvalidStateError, match="end reason"):
        View.from_dict({**view, "end_reason": "blocked"})
    with pytest.raises(InvalidStateError, match="phase"):
        View.from_dict({**view, "phase": "turn"})
    loaded = State.from_dict(data)
    assert loaded.phase is Phase.OVER
    assert loaded.end_reason is EndReason.RESIGNED


def test_departed_is_the_order_players_left() -> None:
    state = _dealt(players=4)
    state = state.apply(Resign(2)).apply(Resign(0))
    assert state.departed == (2, 0)
    assert type(state.departed) is tuple
    assert state.view(1).departed == (2, 0)
    assert State.from_dict(state.to_dict()).departed == (2, 0)


def test_derive_copies_the_tile_data_and_resets_the_cache() -> None:
    state = _dealt()
    state.legal_actions()
    assert state._cache
    fresh = derive(state, {})
    assert fresh == state
    assert fresh._cache == {}
    assert fresh._tiles is state._tiles
    after = state.apply(parse_action("8B EPHeDRA"))
    assert after._tiles is state._tiles
    assert after._cache == {}
    assert after.ply == state.ply + 1
    assert "_cache" not in json.dumps(after.to_dict())
    assert pickle.loads(pickle.dumps(after)) == after
    assert not hasattr(State, "_with")
    assert not hasattr(State, "_next")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PHASES", ("deal", "draw", "play", "over")),
        ("END_REASONS", ("played_out", "passes", "resigned", "timeout")),
    ],
)
def test_the_old_tuples_are_deprecated(name: str, value: tuple[str, ...]) -> None:
    with pytest.warns(DeprecationWarning, match=f"state.{name} is deprecated"):
        got = getattr(state_module, name)
    assert got == value
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from wordgames.wocable.state import State as _  # noqa: F401  (no warning on import)
    with pytest.raises(AttributeError):
        state_module.NO_SUCH_NAME  # noqa: B018
