"""Search random endings for a position where the solver and brute force disagree.

A seeded deal is played at random (single hand and Thani avoided) until ``--left`` tricks
remain and ``seed % players`` cards of the next trick are down (or the first chance
after; ``tests/endings.py``, as the property tests reach them); every legal action's value
by :func:`twentyeight.solver.solve` is compared with plain minimax over the engine
(:func:`twentyeight.solver.reference.brute_force_values`).  Each disagreement is printed as a
record (JSON lines) for ``tests/records/solver_cases.json``.  How the pinned records were found:

    PYTHONPATH=OLD/src python tests/tools/find_solver_cases.py 56 --seeds 1500
    PYTHONPATH=OLD/src python tests/tools/find_solver_cases.py bhoos-29 --left 3 --seeds 2000

(``OLD``: a checkout of the revision before the play core, where they disagreed.)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from twentyeight.engine.hand import Hand
from twentyeight.rules import Rules
from twentyeight.solver import SolverError, solve
from twentyeight.solver.reference import brute_force_values

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))     # tests/, for endings
from endings import ending


def record_of(h: Hand, seed: int) -> dict[str, object]:
    """The hand as a record (RECORDS.md): the seed of its deal and every action so far.

    The seed, not ``hands``: ``hands`` names the cards only, so a deal with twins (56) read
    back from it may give a seat the other copy of a card, and a disagreement that hung on
    the copy would vanish from the record."""
    return {"rules": h.rules.to_spec(), "dealer": h.dealer, "seed": seed,
            "actions": [str(a) for a in h.history_actions()]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("preset")
    ap.add_argument("--seeds", type=int, default=500)
    ap.add_argument("--left", type=int, default=2)
    ap.add_argument("--engine", default="python")
    args = ap.parse_args()
    rules = Rules.from_spec(args.preset)
    for seed in range(args.seeds):
        h = ending(rules, seed, args.left, seed % rules.num_players)
        if h is None:
            continue
        try:
            got = solve(h, engine=args.engine).scaled
        except SolverError:
            continue
        want = {str(h.action(h.to_act, c)): v for c, v in brute_force_values(h).items()}
        if got != want:
            print(json.dumps({"seed": seed, "solver": got, "brute_force": want,
                              "record": record_of(h, seed)}))


if __name__ == "__main__":
    main()
