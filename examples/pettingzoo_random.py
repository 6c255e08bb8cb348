"""Random agents in the PettingZoo AEC environment: every seat picks a legal action at random.

    python examples/pettingzoo_random.py --rules 29 --hands 100
"""

from __future__ import annotations

import argparse

import numpy as np

from twentyeight.integrations.pettingzoo import env


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default="28")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    e = env(rules=args.rules)
    rng = np.random.default_rng(args.seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for hand in range(args.hands):
        e.reset(seed=args.seed + hand)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                steps += 1
            e.step(action)
    print(f"{args.hands} hands of {args.rules}, {steps} decisions")
    for agent, total in totals.items():
        print(f"{agent}: mean reward {total / args.hands:+.3f}")


if __name__ == "__main__":
    main()
