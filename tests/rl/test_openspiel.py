"""The games as OpenSpiel Python games: OpenSpiel's own checks and an algorithm on them."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

import wordgames  # noqa: E402
from wordgames import regenwormen as rw  # noqa: E402
from wordgames.rl import openspiel as wos  # noqa: E402
from wordgames.rl.encoding import encoder_for  # noqa: E402

SMALL = {
    "regenwormen": ({"players": 3}, 3),
    "wocable": ({}, 1),
    "wordmeld": ({"players": 3}, 2),
    "wommeln": ({"players": 3, "rounds": 2, "intensiv": True}, 2),
}


@pytest.mark.parametrize("name", list(SMALL))
def test_openspiel_random_simulation(name) -> None:
    params, sims = SMALL[name]
    game = wos.load(name, **params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_game_types() -> None:
    dyn, info = pyspiel.GameType.Dynamics, pyspiel.GameType.Information
    expected = {
        "regenwormen": (dyn.SEQUENTIAL, info.PERFECT_INFORMATION),
        "wocable": (dyn.SEQUENTIAL, info.IMPERFECT_INFORMATION),
        "wordmeld": (dyn.SEQUENTIAL, info.IMPERFECT_INFORMATION),
        "wommeln": (dyn.SIMULTANEOUS, info.IMPERFECT_INFORMATION),
    }
    for name, (d, i) in expected.items():
        t = wos.load(name).get_type()
        assert (t.dynamics, t.information) == (d, i)
        assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL


def test_game_types_and_infos_are_the_games_facts() -> None:
    """The OpenSpiel type and info of every game come from its GAME_INFO."""
    for name, info in wordgames.GAME_INFOS.items():
        game = wos.load(name)
        t = game.get_type()
        assert t.short_name == wos.GAME_NAMES[name] == f"python_wordgames_{name}"
        assert t.long_name == f"wordgames {info.title}"
        assert (t.min_num_players, t.max_num_players) == (info.min_players, info.max_players)
        assert (t.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS) == info.simultaneous
        perfect = t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
        assert perfect == (info.information == wordgames.Information.PERFECT)
        assert (game.min_utility(), game.max_utility()) == (info.min_utility, info.max_utility)
        assert game.max_game_length() == info.max_game_length * game.encoder.max_steps


def test_chance_outcomes_are_the_exact_probabilities_as_floats() -> None:
    game = wos.load("regenwormen")
    state = game.new_initial_state()
    enc = game.encoder
    exact = {
        enc.encode_chance(a) - enc.chance_offset: p for a, p in rw.new_game(2).chance_outcomes()
    }
    got = dict(state.chance_outcomes())
    assert got == {k: float(p) for k, p in exact.items()}
    assert sum(exact.values()) == Fraction(1)


def test_hidden_draws_stay_hidden_in_information_states() -> None:
    game = wos.load("wocable")
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    lib = state.library_state
    mine, theirs = state.information_state_string(0), state.information_state_string(1)
    assert mine.count("draw *") == 7
    assert theirs.count("draw *") == 7
    assert mine != theirs
    enc = encoder_for(lib)
    assert np.array_equal(state.observation_tensor(0), enc.observe(lib.view(0)))
    assert np.array_equal(state.information_state_tensor(1), enc.observe(lib.view(1)))


def test_returns_are_zero_sum_rankings() -> None:
    game = wos.load("regenwormen", players=3, grill=2)
    rng = random.Random(4)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        ranking = state.library_state.outcome.ranking
        for p, q in [(0, 1), (0, 2), (1, 2)]:
            assert (returns[p] > returns[q]) == (ranking[p] < ranking[q])


def _mcts_bot(game, sims: int):
    from open_spiel.python.algorithms import mcts

    return mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=sims,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        random_state=np.random.RandomState(1),
    )


def test_mcts_takes_the_winning_tile() -> None:
    """The last tile is on the grill: taking it wins; rerolling the last die surely busts."""
    game = wos.load("regenwormen", grill=1)
    d = rw.new_game(2).to_dict()
    d.update(phase="decide", grill=[21], flipped=list(range(22, 37)), kept=[1, 1, 1, 1, 1, 2])
    d["ply"] = 2 * 15 + 2 * 6  # 15 busts, then six values rolled and set aside (min_ply)
    state = game.state_for(rw.State.from_dict(d))
    assert sorted(state.legal_actions()) == sorted(
        game.encoder.encode(state.library_state.view(0), a) for a in (rw.Reroll(), rw.Take(21))
    )
    action = _mcts_bot(game, 60).step(state)
    assert state.action_to_string(0, action) == "take 21"


def test_mcts_plays_a_short_game() -> None:
    game = wos.load("regenwormen", grill=2)
    bot = _mcts_bot(game, 8)
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == pytest.approx(0.0)


def test_simultaneous_rounds_let_every_searching_player_act() -> None:
    game = wos.load("wommeln", players=3, rounds=1, intensiv=True)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():  # the deal of three sheets, then the reveal
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.is_simultaneous_node()
    actions = [rng.choice(state.legal_actions(p)) for p in range(3)]
    texts = [state.action_to_string(p, a) for p, a in enumerate(actions)]
    state.apply_actions(actions)
    assert all(t.startswith(f"p{p} ") for p, t in enumerate(texts))
    seen = state.seen_history(0)
    assert len(seen) == 7  # the deal, the reveal, then the three players' actions in order
    assert seen[4] == texts[0]
    assert seen[5:] == ["p1 ?", "p2 ?"] or state.library_state.phase != "search"


@pytest.mark.parametrize("name", ["wocable", "wordmeld"])
def test_actions_chosen_in_steps(name) -> None:
    """A placement or play takes several OpenSpiel actions of the same player: the library
    state stays until the last, clones keep the steps, and only that player sees them."""
    from wordgames.rl.encoding import MORE

    game = wos.load(name)
    state = game.new_initial_state()
    rng = random.Random(4)
    while True:  # to a decision with an action of several steps
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        p = state.current_player()
        view = state.library_state.view(p)
        idx, choices = game.encoder.legal(view)
        steps = [i for i, c in zip(idx, choices, strict=True) if c is MORE]
        if steps:
            break
        state.apply_action(rng.choice(state.legal_actions()))
    before = state.library_state
    other = 1 - p
    obs_other = state.observation_tensor(other)
    info_other = state.information_state_string(other)
    info_mine = state.information_state_string(p)
    assert "step" in state.action_to_string(p, steps[0])
    state.apply_action(steps[0])
    assert state.pending_steps == (steps[0],)
    assert state.current_player() == p
    assert state.library_state is before
    assert state.legal_actions() == sorted(game.encoder.legal(view, (steps[0],))[0])
    assert state.observation_tensor(other) == obs_other  # not the opponent's business
    assert state.information_state_string(other) == info_other
    assert state.information_state_string(p) != info_mine
    clone = state.clone()
    assert clone.pending_steps == state.pending_steps
    while state.library_state is before:
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.pending_steps == ()
    assert clone.pending_steps == (steps[0],)
    assert clone.library_state is before
