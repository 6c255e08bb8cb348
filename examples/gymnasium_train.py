"""A random agent, then a short REINFORCE training loop (a linear softmax policy over the
legal actions, numpy only) on the single-seat Gymnasium environment.

    python examples/gymnasium_train.py --rules 28 --episodes 2000 --opponents random
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from twentyeight.integrations.gymnasium import TwentyEightEnv


def masked_softmax(logits: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]
                   ) -> np.ndarray[Any, Any]:
    z = np.where(mask.astype(bool), logits, -np.inf)
    z = np.exp(z - z.max())
    out: np.ndarray[Any, Any] = z / z.sum()
    return out


def play(env: TwentyEightEnv, episodes: int, rng: np.random.Generator, seed: int,
         weights: np.ndarray[Any, Any] | None = None, lr: float = 0.0) -> float:
    """Mean reward over ``episodes`` hands; with ``weights``, the linear policy acts (and
    learns when ``lr`` > 0); without, a uniformly random legal action is taken."""
    total = 0.0
    for episode in range(episodes):
        obs, _ = env.reset(seed=seed + episode)
        trajectory = []
        done = False
        reward = 0.0
        while not done:
            mask = obs["action_mask"]
            if weights is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                x = obs["observation"]
                probs = masked_softmax(weights @ x, mask)
                action = int(rng.choice(len(probs), p=probs))
                trajectory.append((x, probs, action))
            obs, r, terminated, truncated, _ = env.step(action)
            reward += float(r)
            done = terminated or truncated
        total += reward
        if weights is not None and lr > 0:
            for x, probs, action in trajectory:     # REINFORCE: grad log pi = (1_a - pi) x^T
                grad = -probs
                grad[action] += 1.0
                weights += lr * reward * np.outer(grad, x)
    return total / max(1, episodes)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default="28")
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--eval", type=int, default=500, help="hands to evaluate each agent")
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    env = TwentyEightEnv(rules=args.rules, seat=0, opponents=args.opponents)
    rng = np.random.default_rng(args.seed)
    baseline = play(env, args.eval, rng, seed=10**6)
    print(f"random agent: mean reward {baseline:+.3f} over {args.eval} hands")
    n_actions = env.space.size
    weights = np.zeros((n_actions, env.encoder.observation_size))
    trained = play(env, args.episodes, rng, seed=0, weights=weights, lr=args.lr)
    print(f"training: mean reward {trained:+.3f} over {args.episodes} hands")
    result = play(env, args.eval, rng, seed=10**6, weights=weights)
    print(f"trained agent: mean reward {result:+.3f} over {args.eval} hands "
          f"(same deals as the random agent)")


if __name__ == "__main__":
    main()
