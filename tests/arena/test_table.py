"""The arena's table arithmetic on constructed results: counts, score, Elo and intervals."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.arena import ArenaResult, GameResult, elo, wilson_interval


def _game(i: int, seats: tuple[int, ...], scores: tuple[int, ...]) -> GameResult:
    ranking = tuple(1 + sum(1 for o in scores if o > s) for s in scores)
    return GameResult(i, f"0:{i}", seats, scores, ranking, "test", 10)


def test_elo_known_values() -> None:
    assert elo(0.5) == 0.0
    assert elo(1 / (1 + 10 ** (-200 / 400))) == pytest.approx(200.0)
    assert elo(0.0) == -math.inf
    assert elo(1.0) == math.inf


@given(st.floats(min_value=0.001, max_value=0.999), st.floats(min_value=0.001, max_value=0.999))
def test_elo_is_odd_and_increasing(p: float, q: float) -> None:
    assert elo(1 - p) == pytest.approx(-elo(p), abs=1e-6)
    if p < q:
        assert elo(p) < elo(q)


@given(st.integers(min_value=1, max_value=2000), st.data())
def test_wilson_interval_contains_the_proportion(n: int, data: st.DataObject) -> None:
    halves = data.draw(st.integers(min_value=0, max_value=2 * n))
    successes = halves / 2
    lo, hi = wilson_interval(successes, n)
    assert 0.0 <= lo <= successes / n <= hi <= 1.0
    assert (lo == 0.0) == (successes == 0)
    assert (hi == 1.0) == (successes == n)


def test_wilson_interval_narrows_with_more_games() -> None:
    small = wilson_interval(7, 10)
    large = wilson_interval(700, 1000)
    assert small[1] - small[0] > large[1] - large[0]
    # the textbook value for 70/100: about 0.604 .. 0.781
    lo, hi = wilson_interval(70, 100)
    assert lo == pytest.approx(0.6041, abs=1e-3)
    assert hi == pytest.approx(0.7810, abs=1e-3)


def test_two_entrants_counts_score_and_elo() -> None:
    # entrant 0 wins 6, draws 2, loses 2 over 10 games, sitting in both seats
    results = []
    outcomes = [(30, 10)] * 6 + [(20, 20)] * 2 + [(5, 15)] * 2
    for i, (mine, theirs) in enumerate(outcomes):
        if i % 2 == 0:
            results.append(_game(i, (0, 1), (mine, theirs)))
        else:
            results.append(_game(i, (1, 0), (theirs, mine)))
    table = ArenaResult("regenwormen", ("a", "b"), 0, tuple(results))
    a, b = table.rows
    assert (a.games, a.wins, a.draws, a.losses) == (10, 6, 2, 2)
    assert (b.games, b.wins, b.draws, b.losses) == (10, 2, 2, 6)
    assert a.score == pytest.approx(0.7)
    assert b.score == pytest.approx(0.3)
    assert a.mean_score_diff == pytest.approx((6 * 20 + 0 - 2 * 10) / 10)
    assert b.mean_score_diff == pytest.approx(-a.mean_score_diff)
    assert a.elo == pytest.approx(-400 * math.log10(1 / 0.7 - 1))
    assert a.elo == pytest.approx(-b.elo)
    assert a.elo_interval[0] < a.elo < a.elo_interval[1]
    assert a.score_interval == pytest.approx(wilson_interval(7, 10))


def test_three_players_pairwise_encounters() -> None:
    # places (1, 2, 3) for entrants 0, 1, 2 in one game; a shared first place in the other
    results = (_game(0, (0, 1, 2), (9, 5, 1)), _game(1, (1, 2, 0), (4, 4, 7)))
    table = ArenaResult("regenwormen", ("x", "y", "z"), 0, results)
    x, y, z = table.rows
    assert (x.wins, x.draws, x.losses) == (2, 0, 0)
    assert (y.wins, y.draws, y.losses) == (0, 0, 2)
    # y: game 0 beats z, loses to x (1 of 2); game 1 ties z, loses to x (0.5 of 2)
    assert y.score == pytest.approx(1.5 / 4)
    assert z.score == pytest.approx(0.5 / 4)
    assert x.score == 1.0
    assert x.elo == math.inf
    assert x.to_dict()["elo"] == "inf"
    assert json.dumps(table.to_dict(), allow_nan=False)  # infinities are strings
    assert sum(r.score for r in table.rows) == pytest.approx(1.5)  # every encounter counted once


def test_text_table_and_dict() -> None:
    results = (_game(0, (0, 1), (3, 1)), _game(1, (1, 0), (2, 2)))
    table = ArenaResult("regenwormen", ("ismcts:20", "random"), 7, results)
    text = str(table)
    lines = text.splitlines()
    assert lines[0] == "regenwormen: 2 games, 2 players a game, seed 7"
    assert lines[1].split()[:5] == ["bot", "games", "wins", "draws", "losses"]
    assert set(lines[2]) <= {"-", " "}
    assert lines[3].split()[:5] == ["ismcts:20", "2", "1", "1", "0"]
    assert lines[4].split()[:5] == ["random", "2", "0", "1", "1"]
    assert len({len(line) for line in lines[1:3]}) == 1  # header and rule line up
    data = json.loads(json.dumps(table.to_dict(games=True)))
    assert data["table"][0]["wins"] == 1
    assert data["table"][0]["elo"] == pytest.approx(elo(0.75))
    assert len(data["results"]) == 2


def test_even_match_prints_no_negative_zero() -> None:
    results = (_game(0, (0, 1), (3, 1)), _game(1, (1, 0), (3, 1)))
    table = ArenaResult("regenwormen", ("a", "b"), 0, results)
    assert table.rows[0].elo == 0.0
    row = str(table).splitlines()[3].split()
    assert row[7:9] == ["+0.00", "+0"]
