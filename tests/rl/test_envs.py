"""PettingZoo AEC environments and the Gymnasium single-agent wrapper."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import wordgames  # noqa: E402
from wordgames import regenwormen as rw  # noqa: E402
from wordgames.rl.encoding import MORE  # noqa: E402
from wordgames.rl.gymnasium_env import SingleAgentEnv  # noqa: E402
from wordgames.rl.pettingzoo_env import env  # noqa: E402

from .helpers import GAME_NAMES, small_kwargs  # noqa: E402

CYCLES = {"regenwormen": 200, "wocable": 20, "wordmeld": 100, "wommeln": 100}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_pettingzoo_api_and_seed_tests(game) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the Dict observation space of masked games
        api_test(env(game, 3 if game != "wocable" else 2, **small_kwargs(game)), CYCLES[game])
        seed_test(lambda: env(game, **small_kwargs(game)), CYCLES[game] // 4)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_render_ansi_and_masks_follow_the_game(game) -> None:
    e = env(game, render_mode="ansi", **small_kwargs(game))
    e.reset(seed=5)
    assert e.render() == str(e.state_now)
    for _ in range(30):
        agent = e.agent_selection
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        p = int(agent.split("_")[1])
        view = e.state_now.view(p)
        idx, choices = e.encoder.legal(view, e.pending_steps)
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(idx)
        for i, c in zip(idx, choices, strict=True):
            if c is not MORE:
                assert e.encoder.decode(view, i, e.pending_steps) == c
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_aec_game_ends_with_zero_sum_rewards() -> None:
    e = env("regenwormen", 3)
    e.reset(seed=11)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(10_000):
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        action = None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0])
        e.step(action)
    assert not e.agents
    assert sum(total.values()) == pytest.approx(0.0)
    assert sorted(total.values()) != [0.0, 0.0, 0.0]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_gymnasium_env_checker(game) -> None:
    learner_env = SingleAgentEnv(game, bots=[wordgames.RandomBot()], **small_kwargs(game))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(learner_env, skip_render_check=True)


def test_gymnasium_plays_bots_and_ends_on_an_illegal_action() -> None:
    e = SingleAgentEnv("regenwormen", bots=[rw.bots.HeuristicBot(), rw.bots.HeuristicBot()], seat=1)
    _, info = e.reset(seed=2)
    assert e.state_now.current_player == 1
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    _, info = e.reset(seed=2)
    rng = np.random.default_rng(0)
    done, reward = False, 0.0
    while not done:
        assert np.array_equal(info["action_mask"], e.action_masks())
        _, reward, term, trunc, info = e.step(rng.choice(np.flatnonzero(info["action_mask"])))
        done = term or trunc
    assert e.state_now.is_terminal
    assert reward in (-1.0, -0.5, 0.0, 0.5, 1.0)


def test_same_seed_same_game() -> None:
    runs = []
    for _ in range(2):
        e = SingleAgentEnv("wordmeld", bots=[wordgames.RandomBot()])
        obs, info = e.reset(seed=9)
        trace = [obs]
        for _ in range(20):
            obs, _, term, trunc, info = e.step(int(np.flatnonzero(info["action_mask"])[-1]))
            trace.append(obs)
            if term or trunc:
                break
        runs.append(trace)
    assert len(runs[0]) == len(runs[1])
    assert all(np.array_equal(a, b) for a, b in zip(*runs, strict=True))


@pytest.mark.parametrize("game", ["wocable", "wordmeld"])
def test_aec_steps_of_one_action_keep_the_agent(game) -> None:
    """An action of several steps: the same agent steps until its last one, the game does
    not change before, and the observation shows the steps chosen so far."""
    e = env(game)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    seen_steps = 0
    for _ in range(400):
        agent = e.agent_selection
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        before = e.state_now
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
        if e.pending_steps:
            seen_steps += 1
            assert e.agent_selection == agent
            assert e.state_now is before
            again = e.observe(agent)["observation"]
            assert not np.array_equal(again, obs["observation"])  # the pending parts
    assert seen_steps > 3
