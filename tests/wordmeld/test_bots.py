"""WordMeld bots: greedy choices in hand-built positions, and whole games."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def _shed(state: wm.State, action: object) -> int:
    result = state.play_result(action)  # type: ignore[arg-type]
    return len(result.added) - len(result.taken_back) - result.draws


def test_candidates_lay_two_hand_words_at_once() -> None:
    d = Dealer()
    state = make_state([d("COATDOGS"), d("EEE")], melded=[False, True])
    view = state.view(0)
    found = wm.bots.candidates(view)
    first = found[0]
    assert isinstance(first, wm.Play)
    assert len(first.new) == 2
    assert state.is_legal(first)
    # each common word sheds one card; no single listed play sheds more than one
    assert _shed(state, first) == 2
    assert max(o.shed for o in view.play_options()) == 1
    assert wm.PickPile() in found  # the draw choices stay searchable


def test_candidates_extend_two_table_words_with_cards_of_one_letter() -> None:
    d = Dealer()
    cat, dog = d("CAT"), d("DOG")
    # both listed extensions (CATS, DOGS) name the lowest S: the combination uses the other S
    state = make_state([d("SS"), d("EEE")], table=[cat, dog])
    first = wm.bots.candidates(state.view(0))[0]
    after = state.apply(first)
    assert after.is_terminal
    assert after.outcome is not None
    assert after.outcome.reason == "empty_hand"
    assert after.finisher == 0


def test_candidates_winning_play_alone_and_discards_after_a_draw() -> None:
    d = Dealer()
    state = make_state([d("WORDMELDSCAT"), d("EEE")], melded=[False, True])
    (only,) = wm.bots.candidates(state.view(0))
    assert state.play_result(only).wins  # type: ignore[arg-type]
    drawn = make_state([d("QXZJV"), d("EEE")], melded=[False, True]).apply(wm.PickPile())
    drawn = drawn.apply(wm.Draw(drawn.pile[0]))
    found = wm.bots.candidates(drawn.view(0), discards=2)
    assert len(found) == 2  # the two least useful cards; keep needs a word played before
    assert all(isinstance(a, wm.Discard) for a in found)
    greedy = wm.bots.GreedyBot().choose(drawn.view(0), random.Random(0))
    assert found[0] == greedy
    melded = attrs.evolve(drawn, melded=(True, True))
    assert wm.bots.candidates(melded.view(0), discards=1)[1:] == (wm.Keep(),)


def test_combine_refuses_plays_that_do_not_fit() -> None:
    d = Dealer()
    state = make_state([d("COATX"), d("EEE")], melded=[False, True])
    view = state.view(0)
    options = view.play_options()
    assert options  # COAT (and TACO-like words of the lexicon) only: nothing joins them
    assert all(wm.bots.combine(view, options, o) is None for o in options)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), stop=st.floats(0.0, 1.0))
def test_candidates_are_legal_and_distinct(seed: int, stop: float) -> None:
    rng = random.Random(seed)
    record = wordgames.play(wm.new_game(2, lexicon=SAMPLE), wordgames.RandomBot(), rng)
    states = [s for s in record.states() if not s.is_chance_node and not s.is_terminal]
    state = states[int(stop * (len(states) - 1))]
    view = state.view(state.current_player)
    found = wm.bots.candidates(view)
    assert found
    assert len(set(found)) == len(found)
    for action in found:
        assert state.is_legal(action), str(action)
    listed = max((o.shed for o in view.play_options()), default=0)
    for action in found:
        if isinstance(action, wm.Play) and action not in view.legal_actions():
            assert _shed(state, action) > listed  # a combination is there for its cards
