"""Every query that lists or picks actions agrees with ``legal_actions()``, in every phase of
every game and rule preset: Wocable's ``moves``/``best_moves``/``raw_moves`` on states and
views (challenge windows included), Regenwormen's ``take_options``, WordMeld's
``play_options`` and ``bots.candidates``, the views' ``legal_actions`` and what each game's
bots choose. (The RL encoders' masks have their own tests in tests/rl.)

Playouts are seeded random games that prefer placements and plays, so they reach the
phases a uniform choice rarely reaches (a Wocable game played out under challenge rules, with
the last play waiting for ``Challenge`` or ``Accept``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import regenwormen as rw
from wordgames import wocable, wommeln, wordmeld

SEEDS = st.integers(0, 2**32 - 1)


def playout(state: Any, rng: random.Random, prefer: Callable[[Any], bool]) -> Iterator[Any]:
    """Every state of a random game; a legal action that ``prefer`` likes is taken 9 times in
    10 when there is one."""
    for _ in range(3000):
        yield state
        if state.is_terminal:
            return
        if state.is_chance_node:
            state = state.apply(wordgames.sample_chance(state, rng))
            continue
        legal = state.legal_actions(min(state.players_to_act))
        liked = [a for a in legal if prefer(a)]
        pool = liked if liked and rng.random() < 0.9 else legal
        state = state.apply(pool[rng.randrange(len(pool))])
    raise AssertionError("the playout did not end")


def check_views(state: Any) -> None:
    """Each player's view lists exactly the state's legal actions for that player."""
    for p in range(state.num_players):
        view = state.view(p)
        mine = state.legal_actions(p) if p in state.players_to_act else ()
        assert tuple(view.legal_actions()) == tuple(mine), f"view({p}) and state disagree"
    assert tuple(state.view(None).legal_actions()) == ()


def check_bot(bot: Any, state: Any, rng: random.Random) -> None:
    for p in sorted(state.players_to_act):
        choice = bot.choose(state.view(p), rng)
        assert state.is_legal(choice), f"{type(bot).__name__} chose illegal {choice}"
        assert state.actor(choice) == p


# -- Wocable ----------------------------------------------------------------------------------

WOCABLE_RULES = [
    wocable.Rules(),
    *(wocable.Rules.preset(name) for name in sorted(wocable.RULE_PRESETS)),
    attrs.evolve(wocable.Rules.preset("naspa"), challenge_rule="single", going_out="transfer"),
    attrs.evolve(wocable.Rules.preset("wespa"), challenge_rule="five_point", pass_limit=2),
]


def check_wocable(state: wocable.State, rng: random.Random) -> bool:
    """The placement queries agree with legal_actions; True in a challenge window that
    only offers Challenge/Accept."""
    legal = state.legal_actions()
    placements = [a for a in legal if isinstance(a, wocable.Place)]
    moves = state.moves()
    assert sorted(str(m.action) for m in moves) == sorted(map(str, placements))
    assert sorted(str(state.action_of(raw)) for raw in state.raw_moves()) == sorted(
        map(str, placements)
    )
    for k in (1, 3):
        assert [m.action for m in state.best_moves(k)] == [m.action for m in moves[:k]]
    if state.current_player is not None:
        view = state.view(state.current_player)
        assert [m.action for m in view.moves()] == [m.action for m in moves]
        assert [m.action for m in view.best_moves(2)] == [m.action for m in moves[:2]]
        for other in range(state.num_players):
            if other != state.current_player:
                assert state.view(other).moves() == []
                assert state.view(other).best_moves(1) == []
    return state.pending_end is not None and not state.is_terminal


@settings(max_examples=len(WOCABLE_RULES) * 2, deadline=None)
@given(seed=SEEDS, which=st.integers(0, len(WOCABLE_RULES) - 1))
def test_wocable_queries_agree(seed: int, which: int) -> None:
    rng = random.Random(seed)
    rules = WOCABLE_RULES[which]
    bots = [wocable.bots.GreedyBot(), wocable.bots.EquityBot()]
    decisions = 0
    endgame = rules.word_check == "on_play"  # the search's precondition (two players too)
    for state in playout(wocable.new_game(2, rules=rules), rng, _placement):
        if state.is_chance_node or state.is_terminal:
            assert state.moves() == state.best_moves(1) == state.raw_moves() == []
            continue
        decisions += 1
        if check_wocable(state, rng):
            # the game-ending play waits: no placement anywhere, bots challenge or accept
            assert set(state.legal_actions()) <= {
                wocable.Challenge(state.turn),
                wocable.Accept(state.turn),
            }
        if decisions % 4 == 0 or state.pending_play is not None:
            check_views(state)
            check_bot(bots[decisions % 2], state, rng)
        if endgame and state.bag_size == 0 and state.pending_play is None:
            endgame = False  # once a game: the search is the slowest query
            action, _ = wocable.bots.endgame_search(state, moves=3, depth=2)
            assert state.is_legal(action), f"endgame_search chose illegal {action}"


def _placement(action: Any) -> bool:
    return isinstance(action, (wocable.Place, wocable.Accept))


def test_wocable_best_moves_empty_while_a_game_ending_play_waits() -> None:
    """The regression of issue #28: a game-ending play under challenge rules."""
    for seed in range(40):
        rng = random.Random(seed)
        for state in playout(
            wocable.new_game(2, rules=wocable.Rules.preset("naspa")), rng, _placement
        ):
            if state.pending_end is not None and not state.is_terminal:
                assert state.best_moves(1) == []
                assert state.view(state.turn).best_moves(1) == []
                assert state.moves() == []
                assert state.view(state.turn).moves() == []
                assert set(state.legal_actions()) == {
                    wocable.Challenge(state.turn),
                    wocable.Accept(state.turn),
                }
                return
    pytest.fail("no seed reached a game-ending play under challenge rules")


# -- Regenwormen ------------------------------------------------------------------------------


RW_RULES = [
    rw.Rules(),
    rw.Rules(flip_returned_if_highest=True, flip_when_nothing_returned=True),
]


@settings(deadline=None)
@given(seed=SEEDS, players=st.integers(2, 4), which=st.sampled_from(RW_RULES))
def test_regenwormen_queries_agree(seed: int, players: int, which: rw.Rules) -> None:
    rng = random.Random(seed)
    bots = [rw.bots.HeuristicBot(), rw.bots.OptimalTurnBot(), rw.bots.GameBot()]
    game = rw.new_game(players, rules=which)
    for i, state in enumerate(playout(game, rng, lambda a: isinstance(a, rw.SetAside))):
        if state.is_chance_node or state.is_terminal:
            continue
        stops = {a for a in state.legal_actions() if isinstance(a, (rw.Take, rw.Steal))}
        if stops:
            assert stops == set(state.take_options())
        else:
            assert not (set(state.take_options()) & set(state.legal_actions()))
        if i % 3 == 0:
            check_views(state)
            check_bot(bots[i % 3], state, rng)


# -- Wömmeln ----------------------------------------------------------------------------------


WOMMELN_RULES = [
    wommeln.Rules(),  # review by challenge
    wommeln.Rules(review="vote", rounds=3),
    wommeln.Rules(review="none", rounds=3, erase_zero_rounds=False),
]


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS, players=st.integers(1, 3), which=st.sampled_from(WOMMELN_RULES))
def test_wommeln_queries_agree(seed: int, players: int, which: wommeln.Rules) -> None:
    rng = random.Random(seed)
    bot = wommeln.bots.LongestWordBot()
    game = wommeln.new_game(players, rules=which)
    for i, state in enumerate(playout(game, rng, lambda a: True)):
        if state.is_chance_node or state.is_terminal:
            continue
        check_views(state)
        if i % 5 == 0:
            check_bot(bot, state, rng)


# -- WordMeld ---------------------------------------------------------------------------------


WORDMELD_RULES = [
    wordmeld.Rules(),
    wordmeld.Rules(keep_after_discard_pick=True, discard_drawn_only=True),
    wordmeld.Rules(draw_after_discard_pick=True, shortened_word_formed=True),
]


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS, players=st.integers(2, 3), which=st.sampled_from(WORDMELD_RULES))
def test_wordmeld_queries_agree(seed: int, players: int, which: wordmeld.Rules) -> None:
    rng = random.Random(seed)
    bot = wordmeld.bots.GreedyBot()
    game = wordmeld.new_game(players, rules=which)
    states = playout(game, rng, lambda a: isinstance(a, wordmeld.Play))
    for i, state in enumerate(states):
        if state.is_chance_node or state.is_terminal:
            assert state.play_options() == ()
            continue
        legal = state.legal_actions()
        listed = [a for a in legal if isinstance(a, wordmeld.Play)]
        assert [o.action for o in state.play_options()] == listed
        p = state.current_player
        if p is not None:
            assert state.view(p).play_options() == state.play_options()
        for q in range(state.num_players):
            if q != p:
                assert state.view(q).play_options() == ()
        if i % 4 == 0:
            check_views(state)
            if p is not None:
                for action in wordmeld.bots.candidates(state.view(p)):
                    assert state.is_legal(action), f"candidates gave illegal {action}"
            check_bot(bot, state, rng)
