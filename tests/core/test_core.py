"""Tests of the common contract that do not need a real game."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordgames
from wordgames import (
    GameOutcome,
    IllegalActionError,
    InvalidStateError,
    ParseError,
    RulesError,
    WordgamesError,
)
from wordgames._core import serial
from wordgames._core.chance import (
    draw_outcomes,
    multiset_roll_outcomes,
    sample_from_counts,
    sample_from_outcomes,
    sample_multiset_roll,
)
from wordgames._core.outcome import competition_ranking, player_names


def test_error_hierarchy() -> None:
    for cls in (IllegalActionError, InvalidStateError, ParseError, RulesError):
        assert issubclass(cls, WordgamesError)
        assert issubclass(cls, ValueError)


def test_illegal_action_error_fields_and_pickle() -> None:
    err = IllegalActionError("value_not_rolled", "set 4", "4 was not rolled")
    assert err.code == "value_not_rolled"
    assert err.action == "set 4"
    assert "set 4" in str(err)
    assert "4 was not rolled" in str(err)
    back = pickle.loads(pickle.dumps(err))
    assert (back.code, back.action, str(back)) == (err.code, err.action, str(err))


@pytest.mark.parametrize("code", ["", "Bad", "has space", "1x", "x-y"])
def test_illegal_action_error_rejects_unstable_codes(code: str) -> None:
    with pytest.raises(ValueError, match="snake_case"):
        IllegalActionError(code, None, "m")


@pytest.mark.parametrize("n", range(9))
def test_multiset_rolls_are_exact(n: int) -> None:
    faces = (1, 2, 3, 4, 5, 6)
    outs = multiset_roll_outcomes(n, faces)
    assert len(outs) == comb(n + 5, 5)
    assert sum(p for _, p in outs) == 1
    assert len({r for r, _ in outs}) == len(outs)
    assert all(list(r) == sorted(r) and len(r) == n for r, _ in outs)


def test_multiset_roll_probability_of_known_cases() -> None:
    outs = dict(multiset_roll_outcomes(2, (1, 2, 3, 4, 5, 6)))
    assert outs[(1, 1)] == Fraction(1, 36)
    assert outs[(1, 2)] == Fraction(2, 36)
    outs8 = dict(multiset_roll_outcomes(8, (1, 2, 3, 4, 5, 6)))
    assert outs8[(6,) * 8] == Fraction(1, 6**8)
    assert outs8[(1, 2, 3, 4, 5, 6, 6, 6)] == Fraction(8 * 7 * 6 * 5 * 4, 6**8)


def test_sampled_rolls_follow_the_distribution() -> None:
    rng = random.Random(1234)
    n = 60_000
    counts = Counter(sample_multiset_roll(2, (1, 2, 3), rng) for _ in range(n))
    exact = dict(multiset_roll_outcomes(2, (1, 2, 3)))
    assert set(counts) == set(exact)
    # chi-square with 5 degrees of freedom; 20.5 is the 0.1% critical value
    chi2 = sum((counts[k] - n * p) ** 2 / (n * p) for k, p in exact.items())
    assert chi2 < 20.5


def test_draw_outcomes_and_sampling() -> None:
    outs = draw_outcomes({"A": 3, "B": 0, "C": 1})
    assert outs == (("A", Fraction(3, 4)), ("C", Fraction(1, 4)))
    rng = random.Random(5)
    seen = Counter(sample_from_counts({"A": 3, "B": 0, "C": 1}, rng) for _ in range(4000))
    assert seen["B"] == 0
    assert 2800 < seen["A"] < 3200
    with pytest.raises(WordgamesError):
        draw_outcomes({"A": 0})
    with pytest.raises(WordgamesError):
        sample_from_counts({}, rng)


@given(st.lists(st.integers(1, 50), min_size=1, max_size=6), st.integers(0, 2**32))
def test_sample_from_outcomes_only_returns_listed(weights: list[int], seed: int) -> None:
    total = sum(weights)
    outs = [(i, Fraction(w, total)) for i, w in enumerate(weights)]
    assert sample_from_outcomes(outs, random.Random(seed)) in range(len(weights))


@given(st.lists(st.integers(-5, 5), min_size=1, max_size=8))
def test_competition_ranking_properties(keys: list[int]) -> None:
    ranks = competition_ranking(keys)
    assert min(ranks) == 1
    for i, a in enumerate(keys):
        for j, b in enumerate(keys):
            assert (a > b) == (ranks[i] < ranks[j])
    # a place is one more than the number of strictly better players
    assert all(r == 1 + sum(k > keys[i] for k in keys) for i, r in enumerate(ranks))


def test_game_outcome_round_trip_and_winners() -> None:
    o = GameOutcome.from_keys([5, 9, 9], [(5, 0), (9, 36), (9, 36)], "grill_empty")
    assert o.ranking == (3, 1, 1)
    assert o.winners == frozenset({1, 2})
    assert o.is_draw
    assert GameOutcome.from_dict(o.to_dict()) == o
    for bad in (
        None,
        {},
        {"scores": [1], "ranking": [1, 2], "reason": "x"},
        {**o.to_dict(), "ranking": [0, 1, 1]},
    ):
        with pytest.raises(InvalidStateError):
            GameOutcome.from_dict(bad)


def test_player_names() -> None:
    assert player_names(3, 2, 7) == ("P1", "P2", "P3")
    assert player_names(["ann", "bob"], 2, 7) == ("ann", "bob")
    for bad in (1, 8, ["a", "a"], ["a", ""], "ab", True, [1, 2]):
        with pytest.raises(RulesError):
            player_names(bad, 2, 7)  # type: ignore[arg-type]


def test_serial_readers() -> None:
    d = {"game": "g", "version": 1, "n": 3, "b": True, "s": "x", "l": [], "m": {}, "o": None}
    assert serial.check_header(d, "g", "state", 1) is d
    assert serial.get_int(d, "n", 0, 5) == 3
    assert serial.get_opt_int(d, "o") is None
    assert serial.get_bool(d, "b") is True
    assert serial.get_str(d, "s") == "x"
    assert serial.get_list(d, "l") == []
    assert serial.get_map(d, "m") == {}
    for call in (
        lambda: serial.check_header([], "g", "state", 1),
        lambda: serial.check_header(d, "h", "state", 1),
        lambda: serial.check_header(d, "g", "state", 2),
        lambda: serial.get_int(d, "n", 4, 5),
        lambda: serial.get_int(d, "b"),
        lambda: serial.get_int(d, "missing"),
        lambda: serial.get_bool(d, "n"),
        lambda: serial.get_str(d, "n"),
        lambda: serial.get_list(d, "m"),
        lambda: serial.get_map(d, "l"),
    ):
        with pytest.raises(InvalidStateError):
            call()


def test_games_registry_is_lazy_and_complete() -> None:
    assert list(wordgames.GAMES) == ["regenwormen", "wocable", "wommeln", "wordmeld"]
    assert len(wordgames.GAMES) == 4
    assert "chess" not in wordgames.GAMES
    with pytest.raises(KeyError):
        wordgames.GAMES["chess"]


def test_sample_chance_needs_a_chance_node() -> None:
    class NotChance:
        is_chance_node = False

    with pytest.raises(WordgamesError):
        wordgames.sample_chance(NotChance(), random.Random(0))


def test_record_from_json_rejects_garbage() -> None:
    for text in ("", "[]", "{}", '{"kind": "record", "version": 1, "game": "chess"}', b"\xff"):
        with pytest.raises(InvalidStateError):
            wordgames.Record.from_json(text)


def test_rules_from_dict_checks_json_types() -> None:
    from wordgames import regenwormen, wocable, wordmeld

    for rules_cls in (regenwormen.Rules, wocable.Rules, wordmeld.Rules):
        default = rules_cls()
        assert rules_cls.from_dict(default.to_dict()) == default
        assert rules_cls.from_dict({}) == default
        for name, value in default.to_dict().items():
            wrong: object = "x" if not isinstance(value, str) else 7
            with pytest.raises(InvalidStateError):
                rules_cls.from_dict({name: wrong})
            if isinstance(value, int) and not isinstance(value, bool):
                with pytest.raises(InvalidStateError):
                    rules_cls.from_dict({name: True})
        with pytest.raises(InvalidStateError):
            rules_cls.from_dict({"no_such_flag": True})
        with pytest.raises(InvalidStateError):
            rules_cls.from_dict([])
    assert wocable.Rules.from_dict({"exchange_min_bag": None}).exchange_min_bag is None
    assert wocable.Rules.from_dict({"exchange_min_bag": 7}).exchange_min_bag == 7
