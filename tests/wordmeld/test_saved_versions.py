"""Saved WordMeld games of older versions (docs/contract.md, "Compatibility across versions"):

- ``data/v0_1_0``: states, views and records written by wordgames 0.1.0 (JSON version 2; made
  with the 0.1.0 checkout: mid-game, finished, with a player who resigned, ended by
  resignations). The play notation changed since, so every one is refused by its version,
  with an :class:`InvalidStateError` that names it; a record by its initial state's.
- ``data/version3``: the same documents written by 0.2.0 before the names were shared (JSON
  version 3: ``resigned`` booleans, ``reason``, ``winner``). They load, migrated: ``departed``
  lists the seats that resigned (ascending), ``end_reason`` is the reason, ``finisher`` the
  winner unless the game ended by resignations (then nobody went out); every other field
  is unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import wordgames
from wordgames import InvalidStateError
from wordgames import wordmeld as wm

DATA = Path(__file__).parent / "data"
V010 = DATA / "v0_1_0"
V3 = DATA / "version3"


def _load(path: Path) -> Any:
    return json.loads(path.read_text())


def _names(folder: Path, prefix: str) -> list[str]:
    return sorted(p.name for p in folder.glob(f"{prefix}*.json"))


def _migrated(old: dict[str, Any], kind: str) -> dict[str, Any]:
    """What the migration promises for a version 3 document, as version 4 JSON."""
    new = dict(old)
    resigned = new.pop("resigned")
    reason = new.pop("reason")
    winner = new.pop("winner")
    new.update(
        version=4,
        kind=kind,
        departed=[p for p, gone in enumerate(resigned) if gone],
        end_reason=reason,
        finisher=None if reason == "resigned" else winner,
    )
    return new


def test_the_samples_are_there() -> None:
    for folder in (V010, V3):
        assert len(_names(folder, "state")) >= 4
        assert len(_names(folder, "view")) >= 3
        assert len(_names(folder, "record")) >= 3


@pytest.mark.parametrize("name", _names(V010, "state") + _names(V010, "view"))
def test_documents_of_0_1_0_are_refused_by_version(name: str) -> None:
    data = _load(V010 / name)
    assert data["version"] == 2
    cls = wm.View if name.startswith("view") else wm.State
    with pytest.raises(InvalidStateError, match="version 2"):
        cls.from_dict(data)


@pytest.mark.parametrize("name", _names(V010, "record"))
def test_records_of_0_1_0_are_refused_by_their_initial_state(name: str) -> None:
    with pytest.raises(InvalidStateError, match="version 2"):
        wordgames.Record.from_dict(_load(V010 / name))


@pytest.mark.parametrize("name", _names(V3, "state"))
def test_version_3_states_load_migrated(name: str) -> None:
    old = _load(V3 / name)
    state = wm.State.from_dict(old)
    assert state.to_dict() == _migrated(old, "state")
    assert isinstance(state.phase, wm.Phase)
    assert wm.State.from_dict(state.to_dict()) == state
    if state.is_terminal:
        assert state.outcome is not None
        assert state.outcome.reason == old["reason"]
        won = old["winner"]
        if won is not None:
            assert state.outcome.winners == {won}


@pytest.mark.parametrize("name", _names(V3, "view"))
def test_version_3_views_load_migrated(name: str) -> None:
    old = _load(V3 / name)
    view = wm.View.from_dict(old)
    assert view.to_dict() == _migrated(old, "view")
    assert wm.View.from_dict(view.to_dict()) == view


@pytest.mark.parametrize("name", _names(V3, "record"))
def test_version_3_records_replay(name: str) -> None:
    data = _load(V3 / name)
    record = wordgames.Record.from_dict(data)
    assert record.initial.to_dict() == _migrated(data["initial"], "state")
    final = record.replay()
    assert final.is_terminal
    twin = name.replace("record", "state").replace("_resigned.json", "_resigned_over.json")
    if (V3 / twin).exists():
        assert final == wm.State.from_dict(_load(V3 / twin))


def test_the_version_3_samples_mean_what_they_meant() -> None:
    ended = wm.State.from_dict(_load(V3 / "state_ended_by_resignation.json"))
    assert ended.end_reason is wordgames.EndReason.RESIGNED
    assert ended.finisher is None
    assert len(ended.departed) == 2
    assert ended.outcome is not None
    assert ended.outcome.winners == set(ended.active_players)
    with pytest.warns(DeprecationWarning, match="winner"):
        assert ended.winner == ended.active_players[0]
    gone = wm.State.from_dict(_load(V3 / "state_mid_resigned.json"))
    assert len(gone.departed) == 1
    assert not gone.is_terminal
    over = wm.State.from_dict(_load(V3 / "state_over.json"))
    assert over.finisher is not None
    assert over.outcome is not None
    assert over.outcome.winners == {over.finisher}


def test_version_3_with_bad_old_fields_is_refused_cleanly() -> None:
    old = _load(V3 / "state_mid.json")
    for bad in (
        dict(old, resigned=[1, 0, 0]),
        dict(old, resigned="x"),
        {k: v for k, v in old.items() if k != "winner"},
        {k: v for k, v in old.items() if k != "resigned"},
        dict(old, reason="grill_empty"),
    ):
        with pytest.raises(InvalidStateError):
            wm.State.from_dict(bad)
