"""wordgames.ratings: the Wocable rules' pairs, multi-player Elo and Glickman's Glicko-2."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordgames
from wordgames import GameOutcome, Resign
from wordgames.ratings import (
    ELO_K,
    Glicko2Rating,
    PairResult,
    elo_expected,
    elo_update,
    glicko2_period,
    glicko2_update,
    pairwise_results,
)


def outcome_of(scores: list[int], reason: str = "played_out") -> GameOutcome:
    return GameOutcome.from_keys(scores, scores, reason)


# -- pairs --------------------------------------------------------------------------------


def test_pairs_of_a_three_player_game_by_hand() -> None:
    # scores 10, 30, 20: 1 beat everyone, 2 lost to 1 and beat 0
    assert pairwise_results(outcome_of([10, 30, 20])) == (
        PairResult(0, 1, 0.0),
        PairResult(0, 2, 0.0),
        PairResult(1, 2, 1.0),
    )


def test_ties_draw_and_a_shared_win_beats_the_rest() -> None:
    pairs = pairwise_results(outcome_of([40, 40, 5, 40]))
    assert {(a, b): s for a, b, s in pairs} == {
        (0, 1): 0.5,
        (0, 2): 1.0,
        (0, 3): 0.5,
        (1, 2): 1.0,
        (1, 3): 0.5,
        (2, 3): 0.0,
    }


def _resolve(state: wordgames.GameState, rng: random.Random) -> wordgames.GameState:
    while state.is_chance_node:
        state = state.apply(wordgames.sample_chance(state, rng))
    return state


@pytest.mark.parametrize("game", sorted(wordgames.GAMES))
def test_leavers_lose_to_everyone_who_stayed_in_every_game(game: str) -> None:
    rng = random.Random(game)
    module = wordgames.GAMES[game]
    state = _resolve(module.new_game(4), rng)
    state = _resolve(state.apply(Resign(2)), rng)
    state = _resolve(state.apply(Resign(0)), rng)
    assert not state.is_terminal  # two players remain: the game goes on
    state = _resolve(state.apply(Resign(3)), rng)
    assert state.outcome is not None
    pairs = {(a, b): s for a, b, s in pairwise_results(state.outcome)}
    # 1 stayed and beat every leaver; of the leavers a later one ranks above an earlier one
    # (Wömmeln ranks its leavers by score, WordMeld by the cards they hold)
    assert pairs[0, 1] == 0.0
    assert pairs[1, 2] == 1.0
    assert pairs[1, 3] == 1.0
    if game in ("regenwormen", "wocable"):
        assert pairs[0, 2] == 1.0
        assert pairs[0, 3] == 0.0
        assert pairs[2, 3] == 0.0


@given(st.lists(st.integers(-5, 5), min_size=2, max_size=4))
def test_pairs_follow_the_scores(scores: list[int]) -> None:
    pairs = pairwise_results(outcome_of(scores))
    assert len(pairs) == len(scores) * (len(scores) - 1) // 2
    for a, b, s in pairs:
        assert s == (1.0 if scores[a] > scores[b] else 0.0 if scores[a] < scores[b] else 0.5)


def test_a_malformed_outcome_is_refused() -> None:
    with pytest.raises(ValueError):
        pairwise_results(GameOutcome((1, 2), (1, 5), "passes"))
    with pytest.raises(ValueError):
        pairwise_results(GameOutcome((1,), (1,), "passes"))


# -- Elo ----------------------------------------------------------------------------------


def test_elo_by_hand() -> None:
    assert elo_expected(1500, 1500) == 0.5
    assert math.isclose(elo_expected(1600, 1200), 1 / (1 + 10 ** (-1)))
    two = elo_update([1500, 1500], [PairResult(0, 1, 1.0)])
    assert two == (1500 + ELO_K / 2, 1500 - ELO_K / 2)
    # three equals, places 1, 2, 3: K/2 per pair, the middle player even
    three = elo_update([1500, 1500, 1500], pairwise_results(outcome_of([3, 2, 1])), k=32)
    assert three == (1516.0, 1500.0, 1484.0)
    assert elo_update([1500, 1500, 1500], outcome_of([3, 2, 1])) == three  # the outcome itself
    with pytest.raises(ValueError):
        elo_update([1500, 1500], outcome_of([3, 2, 1]))
    # 1600 beats 1400 and 1500; 1400 beats 1500 (K = 20, split over 2 opponents)
    r = elo_update([1600, 1400, 1500], pairwise_results(outcome_of([9, 5, 1])), k=20)
    e01, e02, e12 = elo_expected(1600, 1400), elo_expected(1600, 1500), elo_expected(1400, 1500)
    assert math.isclose(r[0], 1600 + 10 * ((1 - e01) + (1 - e02)))
    assert math.isclose(r[1], 1400 + 10 * ((0 - (1 - e01)) + (1 - e12)))
    assert math.isclose(r[2], 1500 + 10 * ((0 - (1 - e02)) + (0 - (1 - e12))))


ratings = st.floats(800, 2400, allow_nan=False)
games = st.integers(2, 4).flatmap(
    lambda n: (
        st.tuples(st.lists(ratings, min_size=n, max_size=n), st.permutations(range(n)))
        .map(lambda t: (t[0], t[1]))
        .flatmap(
            lambda t: st.tuples(
                st.just(t[0]), st.just(t[1]), st.lists(st.integers(0, 3), min_size=n, max_size=n)
            )
        )
    )
)


@given(games)
def test_elo_conserves_and_ignores_seat_order(
    game: tuple[list[float], list[int], list[int]],
) -> None:
    rs, perm, scores = game
    after = elo_update(rs, pairwise_results(outcome_of(scores)), k=24)
    assert math.isclose(sum(after), sum(rs), abs_tol=1e-9)
    assert max(abs(x - y) for x, y in zip(after, rs, strict=True)) <= 24 + 1e-9
    shuffled = elo_update(
        [rs[p] for p in perm], pairwise_results(outcome_of([scores[p] for p in perm])), k=24
    )
    for i, p in enumerate(perm):
        assert math.isclose(shuffled[i], after[p])


@given(ratings, st.integers(2, 4))
def test_a_draw_between_equals_changes_nothing(r: float, n: int) -> None:
    pairs = pairwise_results(outcome_of([7] * n))
    assert elo_update([r] * n, pairs) == (r,) * n
    for after in glicko2_update([Glicko2Rating(r, 80, 0.06)] * n, pairs):
        assert math.isclose(after.rating, r)
        assert after.rd < 80  # a game played: the deviation shrinks


def test_elo_refuses_bad_input() -> None:
    for bad in ([1500], [1500, float("nan")]):
        with pytest.raises(ValueError):
            elo_update(bad, [])
    with pytest.raises(ValueError):
        elo_update([1500, 1500], [PairResult(0, 2, 1.0)])
    with pytest.raises(ValueError):
        elo_update([1500, 1500], [PairResult(0, 1, 1.5)])
    with pytest.raises(ValueError):
        elo_update([1500, 1500], [], k=[1.0])


# -- Glicko-2 -----------------------------------------------------------------------------


def test_glickmans_worked_example() -> None:
    # "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (won), 1550/100 (lost)
    # and 1700/300 (lost), tau = 0.5 -> r' ~ 1464.06, RD' ~ 151.52, sigma' ~ 0.05999
    player = Glicko2Rating(1500, 200, 0.06)
    games = [
        (Glicko2Rating(1400, 30), 1.0),
        (Glicko2Rating(1550, 100), 0.0),
        (Glicko2Rating(1700, 300), 0.0),
    ]
    after = glicko2_period(player, games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = glicko2_period(Glicko2Rating(1700, 50, 0.06), [])
    assert after.rating == 1700
    assert after.volatility == 0.06
    assert math.isclose(after.rd, math.hypot(50 / 173.7178, 0.06) * 173.7178)


@given(games)
def test_glicko2_ignores_seat_order_and_rewards_the_winner(
    game: tuple[list[float], list[int], list[int]],
) -> None:
    rs, perm, scores = game
    players = [Glicko2Rating(r, 60 + r % 200, 0.06) for r in rs]
    after = glicko2_update(players, pairwise_results(outcome_of(scores)))
    assert glicko2_update(players, outcome_of(scores)) == after
    shuffled = glicko2_update(
        [players[p] for p in perm], pairwise_results(outcome_of([scores[p] for p in perm]))
    )
    for i, p in enumerate(perm):
        assert math.isclose(shuffled[i].rating, after[p].rating)
        assert math.isclose(shuffled[i].rd, after[p].rd)
    best = max(scores)
    for p, s in enumerate(scores):
        if s == best and scores.count(best) == 1:
            assert after[p].rating > players[p].rating
        if s == min(scores) and scores.count(s) == 1:
            assert after[p].rating < players[p].rating


def test_glicko2_refuses_bad_input() -> None:
    with pytest.raises(ValueError):
        Glicko2Rating(1500, 0, 0.06)
    with pytest.raises(ValueError):
        Glicko2Rating(float("inf"))
    with pytest.raises(ValueError):
        glicko2_period(Glicko2Rating(), [(Glicko2Rating(), 2.0)])
    with pytest.raises(ValueError):
        glicko2_period(Glicko2Rating(), [], tau=0)
