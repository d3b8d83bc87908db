"""wordgames.analysis: every game's decisions valued against independent brute force, the
invariants of every analysis, the JSON round trip and schema, the picture and bad input."""

from __future__ import annotations

import contextlib
import copy
import json
import math
import random
import xml.etree.ElementTree as ET
from fractions import Fraction
from functools import cache
from itertools import islice
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordgames
from wordgames import InvalidStateError, Record
from wordgames import regenwormen as rw
from wordgames import wocable as wc
from wordgames import wommeln as wo
from wordgames import wordmeld as wm
from wordgames.analysis import (
    GRADES,
    METHODS,
    THRESHOLDS,
    UNITS,
    Analysis,
    analyze,
    grade_of,
    svg,
)
from wordgames.regenwormen.state import worms
from wordgames.wommeln.engine import SearchLimitError, find_placements
from wordgames.wordmeld.actions import Play
from wordgames.wordmeld.state import TOOK, TURN

# -- records ----------------------------------------------------------------------------------


@cache
def rw_record(seed: int = 1) -> Record[Any]:
    return wordgames.play(
        rw.new_game(2), [rw.bots.HeuristicBot(), rw.bots.OptimalTurnBot()], random.Random(seed)
    )


@cache
def wc_record(seed: int = 1) -> Record[Any]:
    return wordgames.play(
        wc.new_game(2), [wc.bots.GreedyBot(), wc.bots.EquityBot()], random.Random(seed)
    )


@cache
def wm_record(seed: int = 1) -> Record[Any]:
    return wordgames.play(
        wm.new_game(2), [wordgames.RandomBot(), wm.bots.GreedyBot()], random.Random(seed)
    )


@cache
def wo_record(seed: int = 1) -> Record[Any]:
    return wordgames.play(wo.new_game(2), wordgames.RandomBot(), random.Random(seed))


RECORDS = {"regenwormen": rw_record, "wocable": wc_record, "wordmeld": wm_record}


@cache
def analysis_of(game: str, seed: int = 1) -> Analysis:
    if game == "wommeln":
        return analyze(wo_record(seed))
    return analyze(RECORDS[game](seed))


ALL = ("regenwormen", "wocable", "wordmeld", "wommeln")


# -- invariants of every analysis ---------------------------------------------------------------


@pytest.mark.parametrize("game", ALL)
def test_every_turn_is_consistent_and_summed_up(game: str) -> None:
    a = analysis_of(game)
    assert a.game == game
    assert a.turns
    record = wo_record() if game == "wommeln" else RECORDS[game]()
    states = list(record.states())
    by_ply = {s.ply: (s, act) for s, act in zip(states, record.actions, strict=False)}
    for t in a.turns:
        assert t.unit in UNITS
        assert t.method in METHODS
        assert t.grade in GRADES
        assert t.loss >= 0
        assert math.isclose(t.loss, t.best_value - t.value, abs_tol=1e-9)
        assert GRADES.index(t.grade) >= GRADES.index(grade_of(t.loss, t.unit))
        state, action = by_ply[t.ply]
        assert t.played == str(action)
        assert t.scores == tuple(state.apply(action).scores)
        if t.loss == 0:
            assert t.best == t.played or game in ("wordmeld", "wommeln")
    for p, s in enumerate(a.summaries):
        mine = [t for t in a.turns if t.player == p]
        assert s.decisions == len(mine)
        assert math.isclose(s.total_loss, sum(t.loss for t in mine), abs_tol=1e-6)
        assert sum(s.grades) == len(mine)
        none = sum(1 for t in mine if t.grade == "none")
        assert math.isclose(s.accuracy, 100 * none / len(mine) if mine else 100.0)


@pytest.mark.parametrize("game", ALL)
def test_json_round_trip_and_schema(game: str) -> None:
    a = analysis_of(game)
    d = a.to_dict()
    assert Analysis.from_dict(json.loads(json.dumps(d))) == a
    assert Analysis.from_json(a.to_json()) == a
    jsonschema = pytest.importorskip("jsonschema")
    from wordgames.schemas import schema

    jsonschema.Draft202012Validator(schema(game, "analysis")).validate(d)


def _mutations(d: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for key, value in (
        ("version", 2),
        ("kind", "state"),
        ("game", "chess"),
        ("unit", "furlongs"),
        ("budget", -1),
        ("players", "ann"),
        ("turns", {}),
    ):
        m = copy.deepcopy(d)
        m[key] = value
        out.append(m)
    for key, value in (
        ("loss", -1.0),
        ("loss", 1e9),
        ("grade", "none"),
        ("method", "guess"),
        ("player", 7),
        ("value", float("nan")),
        ("value", True),
        ("details", {"x": "y"}),
    ):
        m = copy.deepcopy(d)
        t = next((t for t in m["turns"] if t["loss"] > 0), m["turns"][0])
        t[key] = value
        out.append(m)
    m = copy.deepcopy(d)
    m["summaries"][0]["total_loss"] = 12345.0
    out.append(m)
    return out


def test_from_dict_refuses_what_is_inconsistent() -> None:
    d = analysis_of("wocable").to_dict()
    for bad in _mutations(d):
        with pytest.raises(InvalidStateError):
            Analysis.from_dict(bad)


@given(
    st.recursive(
        st.none() | st.integers() | st.text(max_size=5),
        lambda c: st.lists(c) | st.dictionaries(st.text(max_size=5), c),
    )
)
def test_from_dict_raises_only_invalid_state(data: Any) -> None:
    base = analysis_of("regenwormen").to_dict()
    for target in (data, {**base, "turns": [data]}, {**base, "summaries": data}):
        with contextlib.suppress(InvalidStateError):
            Analysis.from_dict(target)


# -- Regenwormen: the solver's values against an exhaustive expectimax -------------------------


def _worth(action: Any) -> int:
    w = worms(action.tile)
    return 2 * w if isinstance(action, rw.Steal) else w


def _action_value(state: Any, action: Any, turn: int, bust: int) -> Fraction:
    """The exact value of ``action`` in a decision state of ``turn``'s turn, every roll
    enumerated with the engine's own transitions: stop = the tile's worms (a steal twice),
    bust = ``bust``."""
    if isinstance(action, rw.Take | rw.Steal):
        return Fraction(_worth(action))
    return _then(state, state.apply(action), turn, bust)


def _then(before: Any, after: Any, turn: int, bust: int) -> Fraction:
    """The value of ``after``, reached from ``before`` within ``turn``'s turn."""
    if after.is_terminal or after.turn != turn:
        return _ended(before, after, turn, bust)
    if after.is_chance_node:
        return sum(
            (
                p * _then(after, after.apply(roll), turn, bust)
                for roll, p in after.chance_outcomes()
            ),
            Fraction(0),
        )
    return _brute(after, turn, bust)


def _ended(before: Any, after: Any, turn: int, bust: int) -> Fraction:
    """The value of a turn the engine ended by itself (no dice left): a forced take or steal
    (the mover's stack grew; a steal when another stack shrank), else a bust."""
    if len(after.stacks[turn]) > len(before.stacks[turn]):
        w = worms(after.stacks[turn][-1])
        stolen = any(
            len(a) < len(b)
            for p, (a, b) in enumerate(zip(after.stacks, before.stacks, strict=True))
            if p != turn
        )
        return Fraction(2 * w if stolen else w)
    return Fraction(bust)


def _brute(state: Any, turn: int, bust: int) -> Fraction:
    """The best value of a decision state (see :func:`_action_value`)."""
    return max(_action_value(state, a, turn, bust) for a in state.legal_actions())


def test_regenwormen_values_equal_brute_force_with_few_dice_left() -> None:
    checked = 0
    for seed in (2, 3):
        record = rw_record(seed)
        states = {s.ply: s for s in record.states()}
        for t in analyze(record).turns:
            s = states[t.ply]
            if s.dice_left > 3:
                continue
            stack = s.stacks[s.turn]
            bust = -worms(stack[-1]) if stack else 0
            values = {str(a): _action_value(s, a, s.turn, bust) for a in s.legal_actions()}
            assert math.isclose(t.value, float(values[t.played]), rel_tol=1e-12)
            assert math.isclose(t.best_value, float(max(values.values())), rel_tol=1e-12)
            assert values[t.best] == max(values.values())
            checked += 1
    assert checked >= 5


def test_regenwormen_optimal_turn_bot_loses_nothing() -> None:
    a = analysis_of("regenwormen")
    assert a.summaries[1].total_loss == 0  # OptimalTurnBot plays this very plan
    assert a.summaries[1].count("none") == a.summaries[1].decisions > 0
    assert a.summaries[0].total_loss > 0  # the heuristic bot does not


def test_regenwormen_win_probability_where_the_small_game_solver_applies() -> None:
    start = rw.endgame.reduced_game([22, 26])
    record = wordgames.play(start, rw.bots.HeuristicBot(), random.Random(4))
    plain = analyze(record)
    assert all(t.detail("win_loss") is None for t in plain.turns)
    a = analyze(record, budget=30)
    solution = rw.endgame.solve_game(start)
    assert a.notes
    assert "small-game solver" in a.notes[0]
    states = {s.ply: s for s in record.states()}
    takes = 0
    for t in a.turns:
        win_loss, win_value = t.detail("win_loss"), t.detail("win_value")
        assert win_loss is not None
        assert win_value is not None
        assert win_loss >= 0
        assert 0 <= win_value <= 1
        s = states[t.ply]
        played = rw.parse_action(t.played)
        if isinstance(played, rw.Take | rw.Steal):
            after = s.apply(played)  # the engine's own transition, not the solver's
            if after.is_terminal:
                r = after.outcome.ranking
                mine, theirs = r[s.turn], r[1 - s.turn]
                want = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
            else:
                want = 1.0 - solution.values[rw.endgame.position_of(after)]
            assert math.isclose(win_value, want, abs_tol=1e-9)
            takes += 1
    assert takes


# -- Wocable -------------------------------------------------------------------------------------


def test_wocable_static_best_is_best_moves_and_equity_bot_loses_nothing() -> None:
    record = wc_record()
    states = {s.ply: s for s in record.states()}
    a = analysis_of("wocable")
    leave = wc.bots._leave_fn(record.initial)
    for t in a.turns:
        s = states[t.ply]
        assert t.method == "static"
        if s.bag_size:
            assert t.unit == "equity"
            top = s.best_moves(1, leave=leave)
            if top and t.best != t.played and t.best == str(top[0].action):
                kept = list(s.racks[s.turn])
                for tok in top[0].used:
                    kept.remove(s.tiles.parse_rack(tok)[0])
                eq = top[0].score + leave(tuple(sorted(kept)))
                assert math.isclose(t.best_value, eq, abs_tol=1e-9)
        else:
            assert t.unit == "points"
            top = s.best_moves(1)
            assert t.best_value == max(top[0].score if top else 0, 0)
    assert a.summaries[1].total_loss == 0  # EquityBot plays the static best
    assert a.summaries[0].total_loss > 0  # GreedyBot does not


def test_wocable_leave_option_changes_the_values() -> None:
    record = wc_record()
    flat = analyze(record, leave=lambda kept: 0.0)
    for t in flat.turns:
        if t.played.startswith(("-", "pass")):
            continue
        s = next(s for s in record.states() if s.ply == t.ply)
        move = wc.engine.check_placement(
            s.tiles, s.board, s.racks[s.turn], wc.parse_action(t.played), phonies=True
        )
        assert t.value == move[1]  # a leave worth nothing: the score alone


def test_wocable_endgame_with_a_budget() -> None:
    record = wc_record(3)
    a = analyze(record, budget=2.0)
    empty = [t for t in a.turns if t.method == "endgame"]
    assert empty
    assert all(t.unit == "spread" and t.note.startswith("depth") for t in empty)
    assert analyze(record, budget=0).turns == analyze(record).turns


def test_wocable_challenge_rules_fall_back_to_static_with_a_note() -> None:
    rules = wc.Rules.preset("naspa")
    record = wordgames.play(wc.new_game(2, rules=rules), wc.bots.EquityBot(), random.Random(5))
    a = analyze(record, budget=1.0)
    states = {s.ply: s for s in record.states()}
    empty = [t for t in a.turns if states[t.ply].bag_size == 0]
    assert empty
    assert all(t.method == "static" for t in empty)
    assert any("endgame search skipped" in n for n in a.notes)


def test_wocable_simulation_with_a_budget() -> None:
    """With a budget the turns with tiles in the bag are simulated in win probability; a loss
    is claimed only where the simulation tells the moves apart."""
    record = wc_record(3)
    a = analyze(record, budget=3.0, rng=random.Random(2))
    states = {s.ply: s for s in record.states()}
    sim = [t for t in a.turns if t.method == "simulation"]
    assert sim
    for t in sim:
        assert states[t.ply].bag_size >= 2
        assert t.unit == "win_probability"
        assert 0.0 <= t.value <= t.best_value <= 1.0
        assert "rollouts" in t.note
        if "standard errors" in t.note or "std. errors" in t.note:
            assert t.loss == 0.0
            assert t.best == t.played


# -- WordMeld: the best shed against every enumerated play applied -----------------------------


def _shed(state: Any, action: Any) -> int:
    p = state.turn
    before = len(state.hands[p])
    after = state.apply(action)
    if after.is_terminal and after.outcome is not None and p in after.outcome.winners:
        return before
    return before - len(after.hands[p]) - sum(1 for q in getattr(after, "queue", ()) if q == p)


def test_wordmeld_best_is_the_play_that_sheds_most() -> None:
    record = wm_record()
    states = {s.ply: s for s in record.states()}
    a = analysis_of("wordmeld")
    checked = 0
    for t in a.turns:
        s = states[t.ply]
        assert s.phase in (TURN, TOOK)
        plays = [x for x in s.legal_actions() if isinstance(x, Play)]
        if not plays:
            continue
        most = max(_shed(s, x) for x in plays)
        assert t.best_value >= most
        assert t.best_value >= 0
        if isinstance(wm.parse_action(t.played), Play):
            assert t.value == _shed(s, wm.parse_action(t.played))
        checked += 1
    assert checked


def test_wordmeld_missed_winning_word_is_large() -> None:
    from wordgames.lexicon import Lexicon
    from wordgames.wordmeld.setup import Setup

    setup = Setup.create(winning=[w for w in Lexicon.builtin("en") if len(w) == 4][:3000])
    record = wordgames.play(wm.new_game(2, setup=setup), wordgames.RandomBot(), random.Random(0))
    states = list(record.states())
    k = next(
        i
        for i, s in enumerate(states[:-1])
        if s.phase in (TURN, TOOK) and any(o.wins for o in s.play_options())
    )
    state = states[k]
    win = next(o.action for o in state.play_options() if o.wins)
    other = next(a for a in state.legal_actions() if not isinstance(a, Play))
    missed = Record(record.initial, (*record.actions[:k], other))
    t = analyze(missed).turns[-1]
    assert t.detail("missed_win") == 1
    assert t.grade == "large"
    assert "winning" in t.note
    assert t.best_value == len(state.hands[state.turn])
    took = Record(record.initial, (*record.actions[:k], win))
    t = analyze(took).turns[-1]
    assert t.detail("missed_win") == 0
    assert t.loss == 0


# -- Wömmeln: a wasteful line against the fewest crossed squares ---------------------------


def test_wommeln_wasteful_line_loses_the_extra_squares() -> None:
    state = wo.new_game(2, sheets=[1, 2])
    state = state.apply(state.chance_outcomes()[0][0])
    assert state.phase == "search"
    cat = state.category
    grid = state.base_grid(0)
    for word in cat.answers(state.rules.language):
        try:
            lines = list(islice(find_placements(grid, word, node_limit=5000), 40))
        except SearchLimitError:
            continue
        if len(lines) > 1 and lines[-1].crossed > lines[0].crossed:
            break
    else:  # pragma: no cover - the first card has such words
        pytest.fail("no word with two placements")
    wasteful = wo.Place.of(0, lines[-1], state.sheets[0].cols)
    record = Record(state, (wasteful,))
    a = analyze(record)
    (t,) = a.turns
    assert t.loss == lines[-1].crossed - lines[0].crossed > 0
    assert t.value == -lines[-1].crossed
    assert t.best_value == -lines[0].crossed
    best = wo.parse_action(t.best)
    state.check(best)
    letters = t.detail("letters")
    assert letters is not None
    assert letters >= 0
    longer = [w for w in cat.answers(state.rules.language) if len(w) > len(word)]
    if letters:
        assert any(len(w) == len(word) + letters for w in longer)


def test_wommeln_pass_counts_the_letters_of_a_word_that_fitted() -> None:
    state = wo.new_game(2, sheets=[1, 2])
    state = state.apply(state.chance_outcomes()[0][0])
    a = analyze(Record(state, (wo.Pass(0),)))
    (t,) = a.turns
    assert t.loss == 0
    assert (t.detail("letters") or 0) > 0
    assert t.grade != "none"
    extra = analyze(Record(state, (wo.Pass(0),)), words=["A" * 40])
    assert extra.turns[0].detail("letters") == t.detail("letters")  # 40 letters cannot fit


# -- the picture ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ALL)
def test_svg_is_well_formed_with_lines_marks_and_legend(game: str) -> None:
    a = analysis_of(game)
    text = svg(a)
    root = ET.fromstring(text)
    ns = "{http://www.w3.org/2000/svg}"
    lines = root.findall(f".//{ns}polyline")
    assert len(lines) == len(a.players)
    marks = [c for c in root.findall(f".//{ns}circle") if c.get("stroke-width") == "0.6"]
    mistakes = sum(1 for t in a.turns if t.grade != "none")
    assert len(marks) == mistakes + 3  # + the legend's three grades
    words = " ".join(t.text or "" for t in root.iter(f"{ns}text"))
    for name in a.players:
        assert name in words
    assert "small" in words
    assert "large" in words
    empty = Analysis(a.game, a.players, a.unit, (), a.summaries)
    assert "no decision analysed" in svg(empty)


# -- bad input ---------------------------------------------------------------------------------


def test_bad_input_raises_documented_errors() -> None:
    rec = rw_record()
    with pytest.raises(InvalidStateError, match="regenwormen"):
        analyze(rec, game="wocable")
    with pytest.raises(InvalidStateError, match="leave"):
        analyze(rec, leave=lambda k: 0.0)
    with pytest.raises(ValueError, match="unknown options"):
        analyze(rec, colour="red")
    for budget in (-1, float("nan"), float("inf"), "3", True):
        with pytest.raises(ValueError, match="budget"):
            analyze(rec, budget=budget)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        analyze(rec, rng=7)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        analyze("not a record")  # type: ignore[arg-type]
    broken = Record(rec.initial, (*rec.actions[:3], rw.Take(36)))
    with pytest.raises(InvalidStateError, match="does not replay"):
        analyze(broken)
    assert analyze(rec, game="regenwormen") == analysis_of("regenwormen")


def test_thresholds_grade_in_order() -> None:
    for unit, (small, medium, large) in THRESHOLDS.items():
        assert 0 < small <= medium <= large
        assert grade_of(0.0, unit) == "none"
        assert grade_of(small, unit) == "small"
        assert grade_of(medium, unit) == "medium"
        assert grade_of(large * 2, unit) == "large"
    with pytest.raises(ValueError):
        grade_of(-1.0, "worms")
    with pytest.raises(ValueError):
        grade_of(1.0, "furlongs")
