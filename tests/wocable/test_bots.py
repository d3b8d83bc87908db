"""Bots: they see views only, play legal actions and finish games."""

from __future__ import annotations

import random

import pytest

import wordgames
from wordgames.wocable import Exchange, Pass, Place, bots, new_game
from wordgames.wocable.bots import leave_value


def _dealt(seed: int, players: int = 2):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    s = new_game(players)
    while s.is_chance_node:
        s = s.apply(s.sample_chance(rng))
    return s


def test_greedy_plays_a_top_scoring_move() -> None:
    for seed in range(3):
        s = _dealt(seed)
        a = bots.GreedyBot().choose(s.view(s.turn), random.Random(0))
        moves = s.moves()
        if moves:
            assert isinstance(a, Place)
            assert s.apply(a).scores[s.turn] == moves[0].score
        else:
            assert isinstance(a, (Exchange, Pass))


def test_equity_bot_choices_are_legal_and_games_finish() -> None:
    eq = bots.EquityBot()
    g = bots.GreedyBot()
    rec = wordgames.play(new_game(2), [eq, g], random.Random(4))
    final = rec.replay()
    assert final.is_terminal
    assert final.outcome is not None


def test_equity_bot_keeps_good_leaves() -> None:
    """EquityBot's placement has the best score + leave value of every legal placement (by
    brute force over the full move list, with the same leave function), and on some racks that
    is not the top-scoring move: it gives points for a better leave."""
    from wordgames.wocable.bots import _leave_fn

    traded_points = 0
    for seed in range(8):
        s = _dealt(seed)
        view = s.view(s.turn)
        leave = _leave_fn(view)
        a = bots.EquityBot().choose(view, random.Random(0))
        assert s.is_legal(a)
        moves = s.moves()
        if not isinstance(a, Place):
            continue
        equity = {m.action: m.score + leave(tuple(s.apply(m.action).racks[s.turn])) for m in moves}
        assert equity[a] == pytest.approx(max(equity.values()))
        top = moves[0].score
        got = next(m.score for m in moves if m.action == a)
        traded_points += got < top
    assert traded_points >= 1


def test_leave_value_heuristic() -> None:
    assert leave_value(["?"]) > leave_value(["S"]) > leave_value(["E"]) > leave_value(["Q"])
    assert leave_value(["Q", "U"]) > leave_value(["Q"])
    assert leave_value(["E", "E"]) < 2 * leave_value(["E"])
    assert leave_value(["A", "E", "I", "O", "U"]) < leave_value(["A", "E", "R", "S", "T"])
    assert leave_value([]) == 0
