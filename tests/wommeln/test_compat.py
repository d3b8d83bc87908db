"""Saved games of 0.1.0 load (migrated), the renamed names keep deprecated aliases, and the
sheet deal is a chance node like every other."""

from __future__ import annotations

import json
import random
import warnings
from fractions import Fraction
from pathlib import Path

import pytest

import wordgames
from wordgames import EndReason, IllegalActionError, InvalidStateError
from wordgames import wommeln as wm

DATA = Path(__file__).parent / "data" / "v0_1_0"


def load(name: str) -> dict:
    data: dict = json.loads((DATA / f"{name}.json").read_text())
    return data


@pytest.mark.parametrize(
    "name",
    ["state_start", "state_search", "state_review", "state_over", "state_left", "state_resigned"],
)
def test_states_of_0_1_0_load_migrated(name: str) -> None:
    old = load(name)
    assert old["version"] == 1
    assert "left" in old
    assert "departed" not in old
    state = wm.State.from_dict(old)
    assert state.departed == tuple(old["left"])
    assert state.phase == old["phase"]
    assert isinstance(state.phase, wm.Phase)
    assert isinstance(state.timer, wm.Timer)
    new = state.to_dict()
    assert new["version"] == 2
    assert "left" not in new
    assert new["departed"] == old["left"]
    assert wm.State.from_dict(new) == state
    # the same position, field for field (only the renamed key and the version differ)
    rest = {k: v for k, v in old.items() if k not in ("left", "version", "rules")}
    assert {k: new[k] for k in rest} == rest


def test_what_the_samples_hold() -> None:
    review = wm.State.from_dict(load("state_review"))
    assert review.phase is wm.Phase.REVIEW
    assert review.rules.review == "vote"  # 0.1.0's "review": true
    assert review.legal_actions()
    left = wm.State.from_dict(load("state_left"))
    assert left.departed == (1,)
    assert not left.is_terminal
    assert left.entries[1] == wm.Entry(wm.Status.PASSED)
    over = wm.State.from_dict(load("state_over"))
    assert over.outcome is not None
    assert over.outcome.reason is EndReason.ROUNDS_PLAYED
    resigned = wm.State.from_dict(load("state_resigned"))
    assert resigned.outcome is not None
    assert resigned.outcome.reason is EndReason.RESIGNED
    search = wm.State.from_dict(load("state_search"))
    assert search.phase is wm.Phase.SEARCH
    assert search.timer is wm.Timer.RUNNING
    start = wm.State.from_dict(load("state_start"))
    assert start.is_chance_node
    assert start.phase is wm.Phase.REVEAL


@pytest.mark.parametrize(
    "name", ["view_search_p1", "view_review_p2", "view_over_spectator", "view_left_p0"]
)
def test_views_of_0_1_0_load_migrated(name: str) -> None:
    old = load(name)
    view = wm.View.from_dict(old)
    assert view.departed == tuple(old["left"])
    new = view.to_dict()
    assert new["version"] == 2
    assert new["departed"] == old["left"]
    assert "left" not in new
    assert wm.View.from_dict(new) == view


def test_record_of_0_1_0_replays() -> None:
    record = wordgames.Record.from_dict(load("record"))
    final = record.replay()
    assert final.is_terminal
    assert final.to_dict() == wm.State.from_dict(load("state_over")).to_dict()
    assert wordgames.Record.from_json(record.to_json()) == record


def test_other_versions_are_refused_by_number() -> None:
    for version in (0, 3, "1"):
        d = load("state_start")
        d["version"] = version
        with pytest.raises(InvalidStateError, match="version"):
            wm.State.from_dict(d)
    d = wm.State.from_dict(load("state_start")).to_dict()
    d["left"] = d.pop("departed")  # a version 2 document uses the new name only
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(d)


def test_left_is_a_deprecated_alias_of_departed() -> None:
    s = wm.State.from_dict(load("state_left"))
    with pytest.warns(DeprecationWarning, match="departed"):
        assert s.left == (1,)
    with pytest.warns(DeprecationWarning, match="departed"):
        assert s.view(0).left == (1,)
    with pytest.warns(DeprecationWarning, match="departed"):
        p = wm.position(3, drawn=["1a"], left=[2])
    assert p.departed == (2,)


def test_rng_is_deprecated_and_deals_as_0_1_0_did() -> None:
    with pytest.warns(DeprecationWarning, match="resolve_chance"):
        old = wm.new_game(3, rng=random.Random(5))
    assert old.phase is wm.Phase.REVEAL
    assert old.ply == 0
    # 0.1.0 dealt de-S10, de-S05, de-S12 for this seed; the deal's sample_chance draws alike
    assert [s.id for s in old.sheets] == ["de-S10", "de-S05", "de-S12"]
    dealt = wm.new_game(3)
    rng = random.Random(5)
    while dealt.phase is wm.Phase.DEAL:
        dealt = dealt.apply(dealt.sample_chance(rng))
    assert dealt.sheets == old.sheets
    assert dealt.ply == 3


def test_the_deal_is_a_chance_node() -> None:
    s = wm.new_game(["ann", "bob"], rules=wm.Rules(intensiv=True))
    assert s.phase == "deal"
    assert s.is_chance_node
    assert s.sheets == ()
    assert s.players_to_act == frozenset()
    assert s.current_player is None
    assert s.legal_actions() == ()
    assert s.outcome is None
    outcomes = s.chance_outcomes()
    assert [a for a, _ in outcomes] == [wm.DealSheet(k) for k in range(1, 7)]
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    s = s.apply(wm.DealSheet(4))
    assert [sh.id for sh in s.sheets] == ["de-I04"]
    assert s.ply == 1
    assert sum(p for _, p in s.chance_outcomes()) == 1
    assert wm.DealSheet(4) not in dict(s.chance_outcomes())
    with pytest.raises(IllegalActionError) as e:
        s.apply(wm.DealSheet(4))
    assert e.value.code == "unknown_sheet"
    for bad in (wm.Reveal(1, "a"), wm.Pass(0)):
        assert not s.is_legal(bad)
    with pytest.raises(IllegalActionError) as e:
        s.apply(wordgames.Resign(0))
    assert e.value.code == "chance_pending"
    with pytest.raises(IllegalActionError) as e:
        s.apply_as(0, "sheet 2")
    assert e.value.code == "chance_outcome_from_player"
    # views show the seats dealt so far; JSON round trips at the deal
    v = s.view(1)
    assert v.sheets == s.sheets
    assert v.phase is wm.Phase.DEAL
    assert v.legal_actions() == ()
    assert wm.View.from_dict(v.to_dict()) == v
    assert wm.State.from_dict(s.to_dict()) == s
    assert "no sheet dealt yet" in str(s)
    assert s.grid(0).rows == 10  # the grids of the dealt seats, built for one seat
    s = s.apply(wm.DealSheet(1))
    assert s.grid(1).letters == wm.builtin_sheet(1, intensiv=True).letters  # not a stale cache
    assert "de-I01" in str(s)
    assert s.phase is wm.Phase.REVEAL
    assert len(s.sheets) == 2
    assert wm.parse_action(str(wm.DealSheet(12))) == wm.DealSheet(12)
    with pytest.raises(IllegalActionError) as e:
        s.apply(wm.DealSheet(2))
    assert e.value.code == "not_chance_node"


def test_loaded_deals_are_checked() -> None:
    d = wm.new_game(3).apply(wm.DealSheet(2)).to_dict()
    for edit in (
        lambda x: x["sheets"].append({"id": "custom-1", "rows": ["AB", "CD"]}),
        lambda x: x["sheets"][0]["rows"].__setitem__(0, "Q" * 15),
        lambda x: x.__setitem__("drawn", ["1a"]),
        lambda x: x.__setitem__("ply", 0),
        lambda x: x.__setitem__("departed", [0]),
        lambda x: x["sheets"].extend([x["sheets"][0]] * 2),
    ):
        bad = json.loads(json.dumps(d))
        edit(bad)
        with pytest.raises(InvalidStateError):
            wm.State.from_dict(bad)


def test_resolve_chance_and_play_deal_the_sheets() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        s = wordgames.resolve_chance(wm.new_game(4), random.Random(1))
        assert s.phase is wm.Phase.SEARCH
        assert len({sh.id for sh in s.sheets}) == 4
        record = wordgames.play(
            wm.new_game(2, rules=wm.Rules(rounds=1)), wm.bots.LongestWordBot(), random.Random(2)
        )
        assert isinstance(record.actions[0], wm.DealSheet)
        assert record.replay().is_terminal


def test_phase_members_are_documented_strings() -> None:
    for enum in (wm.Phase, wm.Timer, wm.Status):
        for member in enum:
            assert member == member.value
            assert json.dumps(member) == f'"{member.value}"'
    assert [p.value for p in wm.Phase] == [
        "deal",
        "reveal",
        "search",
        "challenge",
        "review",
        "over",
    ]
    assert wm.new_game(2, rules=None, sheets=[1, 2]).rules == wm.Rules()
