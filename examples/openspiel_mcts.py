"""OpenSpiel's ISMCTS (and, for comparison, plain MCTS, which searches the true deal and so
cheats) against random players in ``python_twentyeight``.

    python examples/openspiel_mcts.py --rules 28 --hands 4 --simulations 50
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped, unused-ignore]

import twentyeight.integrations.openspiel  # noqa: F401  (registers python_twentyeight)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default="28")
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--bot", choices=("ismcts", "mcts"), default="ismcts")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = pyspiel.load_game("python_twentyeight", {"rules": args.rules})
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if args.bot == "ismcts":
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=args.simulations,
                               random_state=np.random.RandomState(args.seed + 1))
    else:
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations,
                           evaluator=evaluator, random_state=np.random.RandomState(args.seed + 1))
    searcher = 0                      # seat 0 (and its partners) search; the others play randomly
    teams = game.rules.teams
    total = 0.0
    for _ in range(args.hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            elif state.current_player() % teams == searcher:
                state.apply_action(bot.step(state))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randint(len(legal))])
        total += state.returns()[searcher]
        print(f"hand over: returns {state.returns()}")
    print(f"{args.bot} team mean return over {args.hands} hands: {total / args.hands:+.3f}")


if __name__ == "__main__":
    main()
