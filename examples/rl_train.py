"""Train a linear softmax policy for Regenwormen with REINFORCE, in about a minute.

Needs the extra: pip install 'wordgames[rl]'. Run: python examples/rl_train.py [--seconds 45]

The learner sits in seat 0 of a two-player game against ``wordgames.RandomBot``, through the
Gymnasium wrapper. The policy is a masked softmax over the 39 action indices of a linear
function of the 93-number observation; after each game every decision's log-probability is
pushed up or down by the game's result (+1 won, -1 lost) minus a running baseline. The win
rate against the random bot is printed before and after training.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import wordgames
from wordgames.rl.gymnasium_env import SingleAgentEnv


class LinearPolicy:
    """``softmax(W @ obs + b)`` over the legal actions."""

    def __init__(self, obs_size: int, actions: int, rng: np.random.Generator) -> None:
        self.W = np.zeros((actions, obs_size))
        self.b = np.zeros(actions)
        self.rng = rng

    def probs(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.W @ obs + self.b
        logits = np.where(mask == 1, logits, -np.inf)
        e = np.exp(logits - logits.max())
        return e / e.sum()

    def act(
        self, obs: np.ndarray, mask: np.ndarray, greedy: bool = False
    ) -> tuple[int, np.ndarray]:
        p = self.probs(obs, mask)
        a = int(p.argmax()) if greedy else int(self.rng.choice(len(p), p=p))
        return a, p


def play(env: SingleAgentEnv, policy: LinearPolicy, seed: int, greedy: bool = False):
    """One game: the result and the (observation, action, probabilities) of every decision."""
    obs, info = env.reset(seed=seed)
    steps = []
    while True:
        a, p = policy.act(obs, info["action_mask"], greedy)
        steps.append((obs, a, p))
        obs, reward, terminated, truncated, info = env.step(a)
        if terminated or truncated:
            return reward, steps


def win_rate(env: SingleAgentEnv, policy: LinearPolicy, games: int, seed: int) -> float:
    return float(np.mean([play(env, policy, seed + g, greedy=True)[0] > 0 for g in range(games)]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=45.0, help="training time budget")
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--lr", type=float, default=0.02)
    args = ap.parse_args()

    env = SingleAgentEnv("regenwormen", bots=[wordgames.RandomBot()], max_steps=500)
    policy = LinearPolicy(
        env.observation_space.shape[0], int(env.action_space.n), np.random.default_rng(0)
    )
    before = win_rate(env, policy, args.eval_games, seed=10**6)
    print(f"before training: wins {before:.0%} of {args.eval_games} games against RandomBot")

    baseline, episodes, start = 0.0, 0, time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        result, steps = play(env, policy, seed=episodes)
        advantage = result - baseline
        baseline += 0.01 * (result - baseline)
        for obs, a, p in steps:  # REINFORCE: grad log pi(a|obs) = (onehot(a) - p) x obs
            g = -p
            g[a] += 1.0
            policy.W += args.lr * advantage * np.outer(g, obs)
            policy.b += args.lr * advantage * g
        episodes += 1
        if episodes % 500 == 0:
            print(f"  {episodes} games, running mean result {baseline:+.2f}")

    after = win_rate(env, policy, args.eval_games, seed=10**6)
    print(f"after {episodes} training games: wins {after:.0%} against RandomBot")


if __name__ == "__main__":
    main()
