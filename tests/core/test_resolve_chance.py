"""``wordgames.resolve_chance``: every pending chance event resolved with the caller's RNG;
the documented answers of player queries at a chance node; what ``from_dict`` cannot know."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import GAMES, InvalidStateError, wocable


@settings(max_examples=10, deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32 - 1))
def test_resolve_chance_is_the_loop_over_sample_chance(game: str, seed: int) -> None:
    start = GAMES[game].new_game(2)
    assert start.is_chance_node
    resolved = wordgames.resolve_chance(start, random.Random(seed))
    rng = random.Random(seed)
    state = start
    while state.is_chance_node:
        state = state.apply(wordgames.sample_chance(state, rng))
    assert resolved == state
    assert not resolved.is_chance_node
    assert wordgames.resolve_chance(resolved, random.Random(0)) is resolved  # nothing pending


def test_resolve_chance_wants_a_random() -> None:
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        wordgames.resolve_chance(wocable.new_game(2), 7)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_player_queries_at_a_chance_node_answer_empty(game: str) -> None:
    state = GAMES[game].new_game(2)
    assert state.is_chance_node
    assert state.players_to_act == frozenset()
    assert state.current_player is None
    for p in range(state.num_players):
        assert state.legal_actions(p) == ()
        state.view(p)  # a view is always there
    assert state.legal_actions() == ()
    if game == "wocable":
        assert state.moves() == []
        assert state.best_moves(3) == []
        assert state.rack_text(0) == ""


def test_from_dict_refuses_impossible_positions_but_not_consistent_edits() -> None:
    state = wordgames.resolve_chance(wocable.new_game(2), random.Random(1))
    data = state.to_dict()
    edited = copy.deepcopy(data)
    edited["scores"] = [500, 0]  # a position that could exist: accepted (docs/contract.md)
    assert wocable.State.from_dict(edited).scores == (500, 0)
    edited = copy.deepcopy(data)
    edited["bag"] = edited["bag"][1:]  # a tile gone: impossible
    with pytest.raises(InvalidStateError, match="not conserved"):
        wocable.State.from_dict(edited)
