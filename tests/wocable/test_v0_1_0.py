"""Wocable saved games written by wordgames 0.1.0 (tests/wocable/data/v0_1_0, made by its
make_samples.py with the 0.1.0 release) load to the same positions: the same fields, the same
position text, player to act, outcome and legal actions as 0.1.0 reported for them."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from wordgames import EndReason, Record
from wordgames.wocable import Phase, Rules, State, View

DATA = Path(__file__).resolve().parent / "data" / "v0_1_0"
EXPECTED = json.loads((DATA / "expected.json").read_text())
#: the fields 0.2.0 added to the state (absent from 0.1.0's files), with their values there
NEW_STATE_FIELDS = {"pending_play": None, "pending_drawn": ""}
NEW_VIEW_FIELDS = {"pending_play": None, "pending_drawn_size": 0, "own_pending_drawn": ""}


def _load(name: str) -> Any:
    return json.loads((DATA / f"{name}.json").read_text())


def _sha(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(sorted(lines)).encode()).hexdigest()


def _facts(state: State) -> dict[str, Any]:
    legal = [str(a) for a in state.legal_actions()]
    out = state.outcome
    return {
        "position": state.to_position(),
        "ply": state.ply,
        "current_player": state.current_player,
        "is_chance_node": state.is_chance_node,
        "is_terminal": state.is_terminal,
        "outcome": None if out is None else out.to_dict(),
        "legal_count": len(legal),
        "legal_sha256": _sha(legal),
        "frontend_actions": [str(a) for a in state.frontend_actions()],
        "chance_outcomes": len(state.chance_outcomes()),
    }


def _same_fields(old: dict[str, Any], new: dict[str, Any], added: dict[str, Any]) -> None:
    """``new`` (a current to_dict) holds ``old`` (0.1.0's), rules with their new defaults."""
    assert set(new) == set(old) | set(added)
    for key, value in old.items():
        if key == "rules":
            assert Rules.from_dict(value).to_dict() == new["rules"]
            assert {k: new["rules"][k] for k in value} == value
        else:
            assert new[key] == value, key
    for key, value in added.items():
        assert new[key] == value, key


@pytest.mark.parametrize("name", sorted(EXPECTED["states"]))
def test_state_loads_to_the_same_position(name: str) -> None:
    data = _load(name)
    state = State.from_dict(data)
    assert type(state.phase) is Phase
    assert state.end_reason is None or type(state.end_reason) is EndReason
    assert state.departed == tuple(sorted(state.departed))
    _same_fields(data, state.to_dict(), NEW_STATE_FIELDS)
    assert _facts(state) == EXPECTED["states"][name]
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state


@pytest.mark.parametrize("name", sorted(EXPECTED["views"]))
def test_view_loads_to_the_same_view(name: str) -> None:
    data = _load(name)
    view = View.from_dict(data)
    assert type(view.phase) is Phase
    _same_fields(data, view.to_dict(), NEW_VIEW_FIELDS)
    legal = [str(a) for a in view.legal_actions()]
    assert {
        "current_player": view.current_player,
        "rack": None if view.rack is None else view.rack_text(),
        "unseen": dict(sorted(view.unseen.items())),
        "legal_count": len(legal),
        "legal_sha256": _sha(legal),
    } == EXPECTED["views"][name]
    assert View.from_dict(view.to_dict()) == view


def test_view_of_the_loaded_state_is_the_loaded_view() -> None:
    state = State.from_dict(_load("state_midgame"))
    assert state.view(0) == View.from_dict(_load("view_midgame_p0"))
    assert state.view(None) == View.from_dict(_load("view_midgame_spectator"))
    state = State.from_dict(_load("state_resigned_running"))
    assert state.view(2) == View.from_dict(_load("view_resigned_running_p2"))


def test_record_replays_to_the_same_end() -> None:
    data = _load("record")
    record = Record.from_dict(data)
    want = EXPECTED["record"]
    assert len(record.actions) == want["actions"]
    final = record.final
    assert _facts(final) == want["final"]
    assert final.end_reason is EndReason.PLAYED_OUT
    redacted, old = record.redact(1).to_dict(), want["redacted_1"]
    assert {k: v for k, v in redacted.items() if k != "views"} == {
        k: v for k, v in old.items() if k != "views"
    }
    assert len(redacted["views"]) == len(record.actions) + 1
    for i, old_view in old["views"].items():  # every 30th view and the last
        _same_fields(old_view, redacted["views"][int(i)], NEW_VIEW_FIELDS)
    assert Record.from_dict(record.to_dict()).final == final


def test_the_samples_cover_every_phase_and_end_reason() -> None:
    states = [State.from_dict(_load(name)) for name in EXPECTED["states"]]
    assert {s.phase for s in states} == {Phase.DRAW, Phase.PLAY, Phase.OVER}
    assert {s.end_reason for s in states} == {
        None,
        EndReason.PLAYED_OUT,
        EndReason.RESIGNED,
        EndReason.TIMEOUT,
    }
    assert any(s.departed and not s.is_terminal for s in states)
