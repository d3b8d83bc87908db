"""SimBot and EquityBot: legal, seeded-deterministic choices; EquityBot maximises equity."""

from __future__ import annotations

import itertools
import random

import pytest

import wordgames
from tests.wocable.positions import played
from wordgames.wocable import Exchange, Pass, Place, Rules, State, bots, new_game
from wordgames.wocable.engine import BLANK_BIT
from wordgames.wocable.leaves import leave_model


def _position(lang: str, seed: int, depth: int) -> State:
    return played(f"sim:{lang}:{seed}", lang, depth, bots.GreedyBot())


@pytest.mark.parametrize(("lang", "seed", "depth"), [("en", 1, 0), ("en", 2, 7), ("es", 3, 5)])
def test_simbot_is_legal_and_deterministic_with_a_seed(lang: str, seed: int, depth: int) -> None:
    state = _position(lang, seed, depth)
    view = state.view(state.turn)
    bot = bots.SimBot(candidates=4, iterations=3)
    a = bot.choose(view, random.Random(9))
    assert state.is_legal(a)
    assert bot.choose(view, random.Random(9)) == a
    scored = bot.evaluate(view, random.Random(9))
    # the candidates are EquityBot's top ones, in its order, and one of them was played
    equity_first = bots.EquityBot().choose(view, random.Random(0))
    if isinstance(equity_first, Place):
        assert a in [s[0] for s in scored]
        assert scored[0][0] == equity_first
        assert [s[1] for s in scored] == sorted((s[1] for s in scored), reverse=True)


def test_simbot_time_budget_uses_the_callers_clock() -> None:
    state = _position("en", 4, 6)
    view = state.view(state.turn)
    ticks = itertools.count()

    def clock() -> float:
        return float(next(ticks))

    bot = bots.SimBot(candidates=3, iterations=None, clock=clock, time_budget=2.5)
    res = bot.simulation(view, random.Random(1))
    # one tick at the start and one check before each rollout: two rollouts, then time is up
    assert res.stopped == "time"
    assert res.rollouts == 2
    assert [c.iterations for c in res.candidates] == [1, 1, 0][: len(res.candidates)]
    # the same draws as an iteration-capped run
    fixed = bots.SimBot(candidates=3, iterations=1).simulation(view, random.Random(1))
    for c, f in zip(res.candidates, fixed.candidates, strict=True):
        assert c.win_samples == f.win_samples[: c.iterations]


def test_simbot_finishes_a_game() -> None:
    rec = wordgames.play(
        new_game(2, rules=Rules(tiles="es")),
        [bots.SimBot(candidates=2, iterations=1), bots.GreedyBot()],
        random.Random(5),
    )
    final = rec.replay()
    assert final.is_terminal
    assert final.outcome is not None


@pytest.mark.parametrize(("lang", "seed", "depth"), [("en", 5, 3), ("es", 6, 8), ("en", 7, 12)])
def test_equity_bot_plays_the_best_score_plus_leave(lang: str, seed: int, depth: int) -> None:
    state = _position(lang, seed, depth)
    view = state.view(state.turn)
    t = state.tiles
    leave = leave_model(lang).for_tiles(t)
    rack = state.racks[state.turn]
    equity = {}
    for raw in state.raw_moves():
        place, score, placed = state.action_of(raw), raw[1], raw[2]
        kept = list(rack)
        for _, v in placed:
            kept.remove(t.blank if v & BLANK_BIT else v)
        equity[place] = score + leave(tuple(kept))
    best_place = max(equity.values(), default=leave(rack))
    a = bots.EquityBot().choose(view, random.Random(0))
    assert state.is_legal(a)
    if isinstance(a, Place):
        assert equity[a] == best_place
    elif isinstance(a, Exchange):
        kept = list(rack)
        for u in t.parse_rack(a.tiles):
            kept.remove(u)
        assert leave(tuple(kept)) > best_place
    else:
        assert isinstance(a, Pass)
        assert not equity


@pytest.mark.parametrize(("lang", "seed", "depth"), [("en", 8, 4), ("es", 9, 6), ("en", 10, 9)])
def test_simbot_leaves_the_static_choice_only_for_a_clear_gain(
    lang: str, seed: int, depth: int
) -> None:
    state = _position(lang, seed, depth)
    view = state.view(state.turn)
    # stop=1: no candidate is dropped, so every one gets the same iterations
    opts = {"candidates": 5, "iterations": 6, "stop": 1.0}
    res = bots.SimBot(**opts).simulation(view, random.Random(3))  # type: ignore[arg-type]
    cands = res.candidates
    assert len({c.iterations for c in cands}) == 1
    plain = bots.SimBot(**opts, confidence=0.0).choose(view, random.Random(3))  # type: ignore[arg-type]
    if len(cands) > 1:
        best = max(range(len(cands)), key=lambda i: (cands[i].win, -i))
        assert plain == cands[best].action
    else:
        assert plain == cands[0].action
    # an unreachable confidence: always the static choice (the first candidate)
    sure = bots.SimBot(**opts, confidence=1e9)  # type: ignore[arg-type]
    assert sure.choose(view, random.Random(3)) == cands[0].action
    # the default gate picks a candidate whose mean gain is positive, or the static choice
    gated = bots.SimBot(**opts).choose(view, random.Random(3))  # type: ignore[arg-type]
    means = {c.action: c.win for c in cands}
    assert gated == cands[0].action or means[gated] > means[cands[0].action]
