"""Pool several ``twentyeight arena --json`` reports into one result.

A long arena run writes its report only when every deal is done; on a shared machine it is
safer to play the deals as several shorter runs of the same two bots, rules and budget with
different seeds (independent deals), each saving its report, and to pool them afterwards:

    twentyeight arena --bots expert,rules --rules 28 --deals 50 --seed 7 --json > a.json
    twentyeight arena --bots expert,rules --rules 28 --deals 50 --seed 8 --json > b.json
    python benchmarks/bot_pool.py a.json b.json

The pooled difference is exactly what one run over all the deals would report: the mean of
the per-deal differences, their sample standard deviation (from each report's count, mean
and standard deviation) and the same normal 95% interval as the arena
(:func:`twentyeight.arena.mean_ci95`).  Contracts bid and made, annulled deals and derived
match wins are summed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from twentyeight.arena import Z95

SAME = ("bots", "rules", "budget", "plays_per_deal")
"""What the pooled reports must share."""


def pool(reports: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The pooled result of arena reports (see the module docs); ``ValueError`` if they do
    not share bots, rules, budget and seating, or repeat a seed."""
    if not reports:
        raise ValueError("no reports to pool")
    first = reports[0]
    for r in reports[1:]:
        for key in SAME:
            if r[key] != first[key]:
                raise ValueError(f"the reports differ in {key!r}: {first[key]!r}, {r[key]!r}")
    seeds = [r["seed"] for r in reports]
    if len(set(seeds)) != len(seeds):
        raise ValueError(f"a seed is repeated ({seeds}): its deals would count twice")
    n = sum(r["deals"] for r in reports)
    mean = math.fsum(r["deals"] * r["diff"]["mean"] for r in reports) / n
    within = math.fsum((r["deals"] - 1) * r["diff"]["sd"] ** 2 for r in reports)
    between = math.fsum(r["deals"] * (r["diff"]["mean"] - mean) ** 2 for r in reports)
    sd = math.sqrt((within + between) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    sides = []
    for b in range(2):
        bid = sum(r["sides"][b]["contracts"]["bid"] for r in reports)
        made = sum(r["sides"][b]["contracts"]["made"] for r in reports)
        sides.append({"bot": first["sides"][b]["bot"], "bid": bid, "made": made,
                      "match_wins": sum(r["sides"][b]["match_wins"] for r in reports)})
    return {"bots": first["bots"], "rules": first["rules"], "budget": first["budget"],
            "seeds": seeds, "deals": n, "diff": {"mean": mean, "ci95": [mean - half,
                                                                         mean + half],
                                                  "sd": sd},
            "sides": sides,
            "annulled_deals": sum(r["annulled"]["deals"] for r in reports),
            "seconds": sum(r["run"]["seconds"] for r in reports)}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("reports", nargs="+", type=Path, help="arena --json report files")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args(argv)
    try:
        result = pool([json.loads(p.read_text(encoding="utf-8")) for p in args.reports])
    except (OSError, ValueError, KeyError) as e:
        print(f"bot_pool: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    a, b = result["sides"]
    lo, hi = result["diff"]["ci95"]
    print(f"{a['bot']} - {b['bot']}: {result['diff']['mean']:+.3f} [{lo:+.3f}, {hi:+.3f}] "
          f"game points per deal over {result['deals']} deals (seeds {result['seeds']})")
    for s in (a, b):
        rate = f"{s['made'] / s['bid']:.0%}" if s["bid"] else "-"
        print(f"  {s['bot']}: {s['bid']} contracts bid, {s['made']} made ({rate}); "
              f"{s['match_wins']} derived matches won")
    print(f"  {result['annulled_deals']} deals annulled in a play; "
          f"{result['seconds']:.0f} s of arena time")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
