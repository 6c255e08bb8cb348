"""Solver time for complete 8-trick deals of preset 28, from the first lead.

Each deal is a seeded hand whose auction and windows are played at random up to the first
lead; the solver then values every legal action of the leader (a full perfect-information
solve of all eight tricks).  The report gives the median and 90th-percentile seconds per deal
and the nodes searched per second.  There is no compiled path yet: this is pure Python.

    python benchmarks/solver_speed.py [--deals 20] [--seed 0] [--rules 28] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

from twentyeight import Game
from twentyeight.engine.hand import Hand
from twentyeight.engine.state import PLAY
from twentyeight.solver import solve


def first_lead(rules: str, seed: int) -> Hand | None:
    """A seeded deal with a random auction, stopped at the first lead (None if annulled)."""
    rng = random.Random(seed)
    h = Game.new(rules, seed=seed, dealer=seed % 4).hand
    while not h.over and h.phase != PLAY:
        h.step(rng.choice(h.legal_codes()))
    return None if h.over else h


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0 … 1) by linear interpolation."""
    xs = sorted(values)
    k = (len(xs) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rules", default="28")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    times: list[float] = []
    nodes: list[int] = []
    seed = args.seed
    while len(times) < args.deals:
        h = first_lead(args.rules, seed)
        seed += 1
        if h is None:
            continue
        start = time.perf_counter()
        sol = solve(h)
        times.append(time.perf_counter() - start)
        nodes.append(sol.nodes)
        if not args.json:
            print(f"deal {len(times):3}: {times[-1]:7.2f} s  {sol.nodes:>10,} nodes  "
                  f"value {sol.value}", flush=True)
    report = {
        "rules": args.rules, "deals": len(times), "compiled": False,
        "python": platform.python_version(),
        "median_seconds": round(statistics.median(times), 3),
        "p90_seconds": round(percentile(times, 0.9), 3),
        "max_seconds": round(max(times), 3),
        "nodes_per_second": round(sum(nodes) / sum(times)),
        "median_nodes": statistics.median(nodes),
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['deals']} deals of {args.rules}: median {report['median_seconds']} s, "
              f"90th percentile {report['p90_seconds']} s, max {report['max_seconds']} s, "
              f"{report['nodes_per_second']:,} nodes/s (pure Python, no compiled path)")


if __name__ == "__main__":
    main()
