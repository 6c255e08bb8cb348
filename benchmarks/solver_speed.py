"""Solver time for complete 8-trick deals of preset 28, from the first lead, on each path.

Each deal is a seeded hand whose auction and windows are played at random up to the first
lead; the solver then values every legal action of the leader (a full perfect-information
solve of all eight tricks).  The same deals go to each path, interleaved deal by deal (the
order alternating), so that a busy machine slows them alike:

* ``python`` — the Python search (``solve(engine="python")``);
* ``compiled`` — the numba kernel (``solve(engine="compiled")``; needs ``twentyeight[fast]``);
* ``plain`` — the same kernel source uncompiled, only on deals of at most ``--plain-nodes``
  nodes (it is the slowest path, there to show what numba buys).

The report gives, per path, the median, 90th percentile and maximum seconds per deal and the
nodes searched per second, of wall time and of processor time (``time.process_time``: on a
shared machine the wall clock also counts other processes' turns, the processor time much
less so), the median per-deal speed-up of the compiled path, the load average at the end,
and the time the first compiled call took (numba compiling the kernel, or loading it from
its cache), which is not in the per-deal times.  Both searches visit the same nodes; the
report checks it.  ``benchmarks/solver_c_speed.py`` compares the kernel with the same search
in plain C.

    python benchmarks/solver_speed.py [--deals 20] [--seed 0] [--rules 28] [--json]
                                      [--paths python,compiled,plain] [--plain-nodes 300000]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from collections.abc import Iterator

from quantiles import percentile

from twentyeight import Game
from twentyeight.engine.hand import Hand
from twentyeight.engine.state import PLAY
from twentyeight.solver import fast, jit, solve
from twentyeight.solver.position import IGNORED, Position
from twentyeight.solver.values import SCALE

PATHS = ("python", "compiled", "plain")


def first_lead(rules: str, seed: int) -> Hand | None:
    """A seeded deal with a random auction, stopped at the first lead (None if annulled)."""
    rng = random.Random(seed)
    h = Game.new(rules, seed=seed, dealer=seed % 4).hand
    while not h.over and h.phase != PLAY:
        h.step(rng.choice(h.legal_codes()))
    return None if h.over else h


def deals(rules: str, seed: int, count: int) -> Iterator[tuple[int, Hand]]:
    """``count`` deals from :func:`first_lead`, from ``seed`` on (skipping annulled ones),
    each with its seed."""
    done = 0
    while done < count:
        h = first_lead(rules, seed)
        if h is not None:
            done += 1
            yield seed, h
        seed += 1


def kernel_inputs(h: Hand) -> tuple[Position, list[int], int]:
    """The position, the moves and the first guess the solver starts from (as ``solve``)."""
    pos = Position.from_hand(h)
    codes = [c for c in h.legal_codes() if c not in IGNORED]
    return pos, codes, SCALE * (pos.banked + pos.points_left() // 2)



Run = tuple[float, float, int, list[int]]
"""Wall seconds, processor seconds, nodes, and the doubled-scale values of every move."""


def run_path(path: str, h: Hand) -> Run:
    """One deal on one path."""
    start, cpu = time.perf_counter(), time.process_time()
    if path == "plain":
        values, nodes, _ = fast.kernel_values(*kernel_inputs(h), plain=True)
    else:
        sol = solve(h, engine=path)
        nodes, values = sol.nodes, list(sol.scaled.values())
    return time.perf_counter() - start, time.process_time() - cpu, nodes, values


def summary(times: list[float], cpu: list[float], nodes: list[int]) -> dict[str, float]:
    """Median, 90th percentile and maximum seconds, and nodes per second (wall, processor)."""
    return {"deals": len(times),
            "median_seconds": round(statistics.median(times), 3),
            "p90_seconds": round(percentile(times, 0.9), 3),
            "max_seconds": round(max(times), 3),
            "nodes_per_second": round(sum(nodes) / sum(times)),
            "nodes_per_processor_second": round(sum(nodes) / sum(cpu))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rules", default="28")
    ap.add_argument("--paths", default="python,compiled,plain",
                    help="comma-separated, from: " + ", ".join(PATHS))
    ap.add_argument("--plain-nodes", type=int, default=300_000,
                    help="run the uncompiled kernel only on deals with at most this many nodes")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    paths = [p for p in args.paths.split(",") if p]
    if "compiled" in paths and not jit.have_numba():
        paths.remove("compiled")
        print("numba is not installed: no compiled path")
    compile_seconds = fast.warm_up() if "compiled" in paths else None
    times: dict[str, list[float]] = {p: [] for p in paths}
    cpu: dict[str, list[float]] = {p: [] for p in paths}
    nodes: dict[str, list[int]] = {p: [] for p in paths}
    ratios: list[float] = []
    done = 0
    for seed, h in deals(args.rules, args.seed, args.deals):
        done += 1
        order = [p for p in paths if p != "plain"]
        if done % 2 == 0:
            order.reverse()
        found: dict[str, Run] = {}
        for p in order:
            found[p] = run_path(p, h)
        size = next(iter(found.values()))[2] if found else 0
        if "plain" in paths and size <= args.plain_nodes:
            found["plain"] = run_path("plain", h)
        answers = {p: (n, v) for p, (_, _, n, v) in found.items()}
        if len(set(map(repr, answers.values()))) > 1:
            raise SystemExit(f"deal {done} (seed {seed}): the paths disagree: {answers}")
        for p, (t, c, n, _) in found.items():
            times[p].append(t)
            cpu[p].append(c)
            nodes[p].append(n)
        if "python" in found and "compiled" in found:
            ratios.append(found["python"][0] / found["compiled"][0])
        if not args.json:
            line = "  ".join(f"{p} {t:7.3f} s" for p, (t, _, _, _) in found.items())
            print(f"deal {done:3} (seed {seed:3}): {size:>10,} nodes  {line}", flush=True)
    report: dict[str, object] = {
        "rules": args.rules, "deals": done, "python": platform.python_version(),
        "compile_seconds": None if compile_seconds is None else round(compile_seconds, 3),
        "paths": {p: summary(times[p], cpu[p], nodes[p]) for p in paths if times[p]},
        "median_nodes": statistics.median(next(iter(nodes.values()))),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    if ratios:
        report["compiled_speedup_median"] = round(statistics.median(ratios), 1)
        report["compiled_speedup_min"] = round(min(ratios), 1)
    if args.json:
        print(json.dumps(report))
        return
    print(f"{done} deals of {args.rules} from the first lead, median {report['median_nodes']:,} "
          "nodes (the same on every path)")
    if compile_seconds is not None:
        print(f"first compiled call (compile, or load numba's cache): {compile_seconds:.2f} s, "
              "not counted below")
    stats = report["paths"]
    assert isinstance(stats, dict)
    for p, s in stats.items():
        print(f"  {p:9} {s['deals']:3} deals: median {s['median_seconds']} s, 90th percentile "
              f"{s['p90_seconds']} s, max {s['max_seconds']} s, "
              f"{s['nodes_per_second']:,} nodes/s ({s['nodes_per_processor_second']:,} per "
              "processor second)")
    if ratios:
        print(f"compiled / python speed-up per deal: median {report['compiled_speedup_median']}"
              f"×, smallest {report['compiled_speedup_min']}×")
    print(f"load average at the end: {report['load_average']}")


if __name__ == "__main__":
    main()
