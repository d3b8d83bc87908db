"""WordMeld bots: greedy choices in hand-built positions, and whole games."""

from __future__ import annotations

import random

import pytest

import wordgames
from tests.wordmeld.helpers import SAMPLE, TINY, Dealer, card, make_state
from wordgames import wordmeld as wm


def test_greedy_wins_at_once_when_it_can() -> None:
    d = Dealer()
    state = make_state([d("WORDMELDSCAT"), d("EEE")], melded=[False, True])
    action = wm.bots.GreedyBot().choose(state.view(0), random.Random(0))
    after = state.apply(action)
    assert after.is_terminal
    assert after.outcome is not None
    assert after.outcome.reason == "winning_word"


def test_greedy_sheds_the_most_cards() -> None:
    d = Dealer()
    cat = d("CAT")
    # CATS sheds one card (no draw); COATS sheds 2 - 1 = 1 too; the hand word GODS sheds 1;
    # the premium word DOGS sheds all four letters
    state = make_state([d("SOGDS"), d("EEE")], table=[cat], official=["DOGS"])
    action = wm.bots.GreedyBot().choose(state.view(0), random.Random(0))
    result = state.play_result(action)  # type: ignore[arg-type]
    assert result.formed == ("DOGS",)
    assert result.draws == 0


def test_greedy_saves_letters_of_a_winning_word() -> None:
    d = Dealer()
    cat = d("CAT")
    # STONE would shed one card but spends letters of the winning word NOTES; CATS and
    # SCAT shed one card too and spend only the S of which the hand has two
    state = make_state([d("NOTESS"), d("EEE")], table=[cat], winning=["NOTESX"])
    bot = wm.bots.GreedyBot()
    action = bot.choose(state.view(0), random.Random(0))
    result = state.play_result(action)  # type: ignore[arg-type]
    assert set(result.added) <= {card("S", 0), card("S", 1)}
    greedy_only = wm.bots.GreedyBot(save_weight=0.0)
    plain = state.play_result(greedy_only.choose(state.view(0), random.Random(0)))  # type: ignore[arg-type]
    assert len(plain.added) - plain.draws >= len(result.added) - result.draws


def test_greedy_draws_and_discards_without_a_play() -> None:
    d = Dealer()
    state = make_state([d("QXZJV"), d("EEE")], lexicon=TINY)
    bot = wm.bots.GreedyBot()
    assert bot.choose(state.view(0), random.Random(0)) == wm.PickPile()
    drawn = state.apply(wm.PickPile()).apply(wm.Draw(card("K")))
    choice = bot.choose(drawn.view(0), random.Random(0))
    assert isinstance(choice, wm.Discard)
    assert choice.card in drawn.hands[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_end(players: int) -> None:
    state = wm.new_game(players, lexicon=SAMPLE, official=["CAT", "RAIN"])
    rec = wordgames.play(state, wm.bots.GreedyBot(), random.Random(players), max_actions=5000)
    final = rec.replay()
    assert final.is_terminal


def test_greedy_beats_random() -> None:
    greedy_wins = 0
    for seed in range(6):
        state = wm.new_game(2, lexicon=SAMPLE)
        g = seed % 2
        bots = [wordgames.RandomBot(), wordgames.RandomBot()]
        bots[g] = wm.bots.GreedyBot()  # type: ignore[call-overload]
        out = wordgames.play(state, bots, random.Random(seed)).replay().outcome
        assert out is not None
        greedy_wins += g in out.winners
    assert greedy_wins >= 5
