"""Memory over a long run: resident memory every 100,000 random hands (it must stay flat).

    python benchmarks/memory.py [--hands 1000000] [--rules 28]
"""

from __future__ import annotations

import argparse
import json
import os

from twentyeight.simulate import simulate


def rss_mib() -> float:
    """Current resident set size (Linux /proc), in MiB."""
    with open(f"/proc/{os.getpid()}/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--hands", type=int, default=1_000_000)
    p.add_argument("--step", type=int, default=100_000)
    p.add_argument("--rules", default="28")
    args = p.parse_args()
    samples = []
    done = 0
    while done < args.hands:
        simulate(args.rules, args.step, seed=done)
        done += args.step
        samples.append({"hands": done, "rss_mib": round(rss_mib(), 1)})
        print(f"{done:>10,} hands  RSS {samples[-1]['rss_mib']:.1f} MiB", flush=True)
    growth = samples[-1]["rss_mib"] - samples[0]["rss_mib"]
    print(json.dumps({"rules": args.rules, "hands": done, "samples": samples,
                      "growth_after_first_step_mib": round(growth, 1)}))


if __name__ == "__main__":
    main()
