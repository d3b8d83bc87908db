"""Saved games of wordgames 0.1.0 load: states, views and records written by 0.1.0 (the JSON
files under ``data/v0_1_0``, made with the 0.1.0 checkout: mid-game, finished, with a player
who resigned, ended by resignations). The Regenwormen format has not changed (state and view
version 1): every document loads with the same meaning and writes back the same JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import wordgames
from wordgames import regenwormen as rw

DATA = Path(__file__).parent / "data" / "v0_1_0"


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text())


def _names(prefix: str) -> list[str]:
    return sorted(p.name for p in DATA.glob(f"{prefix}*.json"))


def test_the_samples_are_there() -> None:
    assert len(_names("state")) >= 4
    assert len(_names("view")) >= 3
    assert len(_names("record")) >= 3


@pytest.mark.parametrize("name", _names("state"))
def test_states_of_0_1_0_load_unchanged(name: str) -> None:
    data = _load(name)
    state = rw.State.from_dict(data)
    assert state.to_dict() == data
    assert isinstance(state.phase, rw.Phase)
    assert state.phase == data["phase"]
    assert state.departed == tuple(data["departed"])


@pytest.mark.parametrize("name", _names("view"))
def test_views_of_0_1_0_load_unchanged(name: str) -> None:
    data = _load(name)
    view = rw.View.from_dict(data)
    assert view.to_dict() == data
    assert view.state == rw.State.from_dict(data["state"])


@pytest.mark.parametrize("name", _names("record"))
def test_records_of_0_1_0_replay(name: str) -> None:
    data = _load(name)
    record = wordgames.Record.from_dict(data)
    assert json.loads(record.to_json()) == data
    final = record.replay()
    assert final.is_terminal
    assert final.outcome is not None
    assert final.outcome.reason in (wordgames.EndReason.GRILL_EMPTY, wordgames.EndReason.RESIGNED)


def test_the_samples_mean_what_they_meant() -> None:
    over = rw.State.from_dict(_load("state_over.json"))
    assert wordgames.Record.from_dict(_load("record_over.json")).replay() == over
    assert over.phase is rw.Phase.OVER
    assert over.outcome is not None
    assert over.outcome.reason is wordgames.EndReason.GRILL_EMPTY
    ended = rw.State.from_dict(_load("state_ended_by_resignation.json"))
    assert wordgames.Record.from_dict(_load("record_ended_by_resignation.json")).replay() == ended
    assert ended.outcome is not None
    assert ended.outcome.reason is wordgames.EndReason.RESIGNED
    assert len(ended.departed) == 2
    assert len(ended.active_players) == 1
    gone = rw.State.from_dict(_load("state_mid_resigned.json"))
    assert gone.phase is rw.Phase.ROLL
    assert len(gone.departed) == 1
    assert gone.turn not in gone.departed
