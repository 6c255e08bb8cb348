"""Environment steps per second of the research adapters, next to the engine's own speed.

A *step* is one decision (one action of one seat).  Every measurement plays whole random hands
(uniform among the legal actions, by the mask) on one core:

* engine — ``twentyeight.simulate.simulate`` (integer codes, no views);
* PettingZoo — ``env.last()`` (observation tensor + mask built from the view) and ``env.step``;
* OpenSpiel — ``state.legal_actions()`` and ``state.apply_action`` (the deal's chance moves not
  counted as steps), and again with ``information_state_tensor`` read at every decision;
* Gymnasium — ``env.step`` of the learning seat (each step also plays the bots' decisions, so
  both agent steps and all decisions are reported); the bots are ``random``.

    python benchmarks/adapter_speed.py [--rules 28] [--seconds 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

import numpy as np

from twentyeight.simulate import simulate


def timed(run: Callable[[], int], seconds: float) -> tuple[float, int]:
    """Call ``run`` (which returns its step count) until ``seconds`` have passed."""
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += run()
    elapsed = time.perf_counter() - start
    return steps / elapsed, steps


def engine(rules: str, seconds: float) -> float:
    hands = 200
    stats = simulate(rules, hands=hands, seed=1)
    rate = stats["decisions"] / stats["seconds"]
    hands = max(hands, int(rate * seconds / max(1, stats["decisions"] / hands)))
    stats = simulate(rules, hands=hands, seed=2)
    return float(stats["decisions"] / stats["seconds"])


def pettingzoo_rate(rules: str, seconds: float) -> float:
    from twentyeight.integrations.pettingzoo import env

    e = env(rules=rules)
    rng = np.random.default_rng(0)
    seed = [0]

    def hand() -> int:
        seed[0] += 1
        e.reset(seed=seed[0])
        steps = 0
        for _agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
        return steps

    return timed(hand, seconds)[0]


def openspiel_rate(rules: str, seconds: float, tensors: bool) -> float:
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    import twentyeight.integrations.openspiel  # noqa: F401

    game = pyspiel.load_game("python_twentyeight", {"rules": rules})
    rng = np.random.default_rng(0)

    def hand() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                continue
            if tensors:
                state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            steps += 1
        return steps

    return timed(hand, seconds)[0]


def gymnasium_rate(rules: str, seconds: float) -> tuple[float, float]:
    from twentyeight.integrations.gymnasium import TwentyEightEnv

    env = TwentyEightEnv(rules=rules, opponents="random")
    rng = np.random.default_rng(0)
    seed = [0]
    decisions = [0]

    def hand() -> int:
        seed[0] += 1
        obs, _ = env.reset(seed=seed[0])
        steps = 0
        done = False
        while not done:
            obs, _, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            done = terminated or truncated
        assert env.hand is not None
        decisions[0] += len(env.hand.history)
        return steps

    start = time.perf_counter()
    rate, _ = timed(hand, seconds)
    return rate, decisions[0] / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default="28")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    eng = engine(args.rules, args.seconds)
    rows: dict[str, float] = {"engine (simulate)": eng,
                              "pettingzoo AEC": pettingzoo_rate(args.rules, args.seconds)}
    rows["openspiel"] = openspiel_rate(args.rules, args.seconds, tensors=False)
    rows["openspiel + info-state tensor"] = openspiel_rate(args.rules, args.seconds,
                                                           tensors=True)
    agent, all_decisions = gymnasium_rate(args.rules, args.seconds)
    rows["gymnasium (agent steps)"] = agent
    rows["gymnasium (all decisions)"] = all_decisions
    if args.json:
        print(json.dumps({"rules": args.rules, "steps_per_second":
                          {k: round(v, 1) for k, v in rows.items()}}, indent=2))
        return
    print(f"rules {args.rules}: decisions (steps) per second, one core")
    for name, rate in rows.items():
        print(f"  {name:32s} {rate:>12,.0f}   ({eng / rate:6.1f}x slower than the engine)"
              if name != "engine (simulate)" else f"  {name:32s} {rate:>12,.0f}")


if __name__ == "__main__":
    main()
