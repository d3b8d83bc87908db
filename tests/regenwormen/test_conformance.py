"""Regenwormen in the conformance suite every game runs."""

from __future__ import annotations

import random
from typing import Any

from tests.conformance.harness import ConformanceSuite, GameSpec
from wordgames import regenwormen as rw


def _new_state(rng: random.Random) -> rw.State:
    rules = rw.Rules(
        allow_solo=rng.random() < 0.2,
        flip_returned_if_highest=rng.random() < 0.3,
        flip_when_nothing_returned=rng.random() < 0.3,
    )
    return rw.new_game(rng.randint(rules.min_players, rw.MAX_PLAYERS), rules=rules)


def _candidates(state: rw.State, rng: random.Random) -> list[Any]:
    n = state.num_players
    out: list[Any] = [rw.SetAside(v) for v in range(8)]
    out += [rw.Reroll(), rw.Take(20), rw.Take(37), rw.Take(state.total)]
    out += [rw.Take(t) for t in rng.sample(rw.TILES, 5)]
    out += [rw.Steal(state.total, v) for v in range(-1, n + 1)]
    out += [rw.Steal(t, rng.randrange(n)) for t in rng.sample(rw.TILES, 3)]
    for p in range(n):
        if state.stacks[p]:
            out.append(rw.Steal(state.stacks[p][-1], p))
    left = state.dice_left
    for k in {1, max(left - 1, 1), left, min(left + 1, 8)}:
        out.append(rw.Roll(tuple(rng.choice(rw.FACES) for _ in range(k))))
    out += [rw.Roll((0, 1)), rw.Roll((7,)), rw.Roll(())]
    out += [*state.legal_actions(), *(a for a, _ in state.chance_outcomes()[:3])]
    # Ill-typed actions (SetAside(True), Steal(25, 1.0)) compare equal to legal ones, so they
    # are tested in test_contract.py rather than against legal_actions() here.
    out += ["take 25", None]
    return out


def _invalid_dicts(d: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    def edit(**changes: Any) -> dict[str, Any]:
        return {**d, **changes}

    where = [*d["grill"], *d["flipped"]]
    bad = [
        edit(grill=[*d["grill"], 21, 21]),  # a duplicated tile
        edit(turn=len(d["players"])),
        edit(turn=-1),
        edit(players=d["players"][:1] * max(2, len(d["players"]))),  # duplicate names
        edit(players=["" for _ in d["players"]]),
        edit(players=[*d["players"], *(f"X{i}" for i in range(8))]),  # too many players
        edit(stacks=d["stacks"][:-1]),  # one stack short
        edit(kept=[9, 0, 0, 0, 0, 0]),
        edit(kept=[1, 1, 1]),
        edit(phase="juggling"),
        edit(roll=[1, 0, 0, 0, 0]),
        edit(rules={**d["rules"], "allow_solo": "yes"}),
        edit(rules={**d["rules"], "house_rule": True}),
        edit(grill=[*d["grill"], 37]),
    ]
    if where:
        bad.append(
            edit(
                grill=[t for t in d["grill"] if t != where[0]],
                flipped=[t for t in d["flipped"] if t != where[0]],
            )
        )  # a tile lost
    if len(d["grill"]) >= 2:
        bad.append(edit(grill=list(reversed(d["grill"]))))  # not ascending
    if d["phase"] == "over":
        bad.append(edit(phase="roll"))  # no face-up tile left but not over
    else:
        bad.append(edit(phase="over"))  # over with tiles left
        bad.append(edit(phase="set_aside", roll=[]))
        bad.append(edit(phase="decide", kept=[0] * 6, roll=[]))
    if d["phase"] == "set_aside":
        bad.append(edit(roll=[*d["roll"][:5], d["roll"][5] + 1]))  # one die too many
        bad.append(edit(roll=d["kept"]))  # nothing new rolled (or wrong dice count)
    if d["phase"] == "decide":
        bad.append(edit(kept=[d["kept"][0], *d["kept"][1:5], 0]))  # no worm: cannot decide
    return bad


class TestRegenwormenConformance(ConformanceSuite):
    spec = GameSpec(
        name="regenwormen",
        new_state=_new_state,
        candidate_actions=_candidates,
        shuffle_hidden=None,  # nothing is hidden in Regenwormen
        invalid_dicts=_invalid_dicts,
        max_actions=20_000,
    )
