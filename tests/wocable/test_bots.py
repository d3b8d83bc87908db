"""Bots: they see views only, play legal actions and finish games."""

from __future__ import annotations

import random

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
    s = _dealt(11)
    view = s.view(s.turn)
    a = bots.EquityBot().choose(view, random.Random(0))
    assert s.is_legal(a)


def test_leave_value_heuristic() -> None:
    assert leave_value(["?"]) > leave_value(["S"]) > leave_value(["E"]) > leave_value(["Q"])
    assert leave_value(["Q", "U"]) > leave_value(["Q"])
    assert leave_value(["E", "E"]) < 2 * leave_value(["E"])
    assert leave_value(["A", "E", "I", "O", "U"]) < leave_value(["A", "E", "R", "S", "T"])
    assert leave_value([]) == 0
