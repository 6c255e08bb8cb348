"""``twentyeight arena``: two bots over duplicate deals (see :mod:`twentyeight.arena`).

``twentyeight arena --bots A,B [--deals N] [--matches M] [--rules R] [--seed S]
[--workers K] [--backend local|ray] [--budget SECONDS] [--json] [--save DIR]``

Exit status 0 on success, 2 for bad arguments (one clear message, no traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from twentyeight.arena import BACKENDS, ArenaError, ray_available, run_arena
from twentyeight.cli.args import number
from twentyeight.rules import PRESETS

USAGE_ERROR = 2


_budget = number(float, "seconds", lambda v: 0 < v < float("inf"),
                 "a positive number of seconds")


_count = number(int, "a whole number", lambda v: v >= 0, "0 or more")


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``arena`` subcommand to the command's subparsers."""
    from twentyeight.cli.main import _bots, _positive, _seed, rules_arg

    ar: argparse.ArgumentParser = sub.add_parser(
        "arena", help="play two bots against each other over duplicate deals",
        description="Play bot A against bot B over duplicate deals: every deal is played "
                    "with the partnerships swapped on the same cards. Reports game points "
                    "per deal with 95% confidence intervals, contracts, match wins and an "
                    "Elo difference.")
    ar.add_argument("--bots", type=_bots, required=True, metavar="A,B",
                    help="the two bots, comma-separated (a name or module:Class)")
    ar.add_argument("--deals", type=_positive, default=200,
                    help="number of duplicate deals (default 200)")
    ar.add_argument("--matches", type=_count, default=0,
                    help="also play this many duplicate full matches for the match wins "
                         "(default 0: match wins derived from the deals in order)")
    ar.add_argument("--rules", type=rules_arg, default=PRESETS["28"],
                    help="preset name or JSON object (default: 28)")
    ar.add_argument("--seed", type=_seed, default=0, help="seed (default 0)")
    ar.add_argument("--workers", type=_positive, default=None,
                    help="worker processes (default: every core)")
    ar.add_argument("--backend", choices=BACKENDS, default="local",
                    help="local processes, or a Ray cluster (pip install 'twentyeight[ray]')")
    ar.add_argument("--budget", type=_budget, default=None,
                    help="the bots' time budget per decision, in seconds")
    ar.add_argument("--json", action="store_true", help="print one JSON object")
    ar.add_argument("--save", metavar="DIR", default=None,
                    help="write every game played as a record file into DIR")
    ar.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                    help="show a progress bar (default: when standard error is a terminal)")
    return ar


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Run the arena for parsed arguments; print the report; return the exit status."""
    from twentyeight.cli.progress import Progress

    def fail(message: str) -> int:
        err.write(f"twentyeight arena: error: {message}\n")
        return USAGE_ERROR

    if len(args.bots) != 2:
        return fail(f"argument --bots: expected two bots A,B, not {len(args.bots)}")
    if args.backend == "ray" and not ray_available():
        return fail("--backend ray needs Ray, which is not installed "
                    "(pip install 'twentyeight[ray]')")
    try:
        unit = "deals and matches" if args.matches else "deals"
        with Progress(args.deals + args.matches, unit, enabled=args.progress,
                      stream=err) as bar:
            report = run_arena(args.bots, deals=args.deals, rules=args.rules, seed=args.seed,
                               workers=args.workers, backend=args.backend, budget=args.budget,
                               matches=args.matches, save=args.save, progress=bar.update)
    except ArenaError as e:
        return fail(str(e))
    if args.json:
        out.write(json.dumps(report) + "\n")
    else:
        out.write(describe(report))
    return 0


def _ci(stats: dict[str, Any]) -> str:
    if stats["ci95"] is None:
        return f"{stats['mean']:+.3f}"
    lo, hi = stats["ci95"]
    return f"{stats['mean']:+.3f}  [{lo:+.3f}, {hi:+.3f}]"


def _count_of(n: int, thing: str) -> str:
    """``1 play``, ``3 plays``."""
    return f"{n:,} {thing}" if n == 1 else f"{n:,} {thing}s"


def _elo_text(diff: float, lo: float | None, hi: float | None) -> str:
    """``+120 [+40, +210]``; a sweep has no upper (or lower) bound: ``at least +268``."""
    if hi is None and lo is not None:
        return f"at least {lo:+.0f} (every one won: no upper bound)"
    if lo is None and hi is not None:
        return f"at most {hi:+.0f} (every one lost: no lower bound)"
    return f"{diff:+.0f} [{lo:+.0f}, {hi:+.0f}]"


def describe(report: dict[str, Any]) -> str:
    """The report as text."""
    a, b = report["sides"]
    lines = [f"{a['bot']} vs {b['bot']}: {report['deals']:,} duplicate deals of "
             f"{json.dumps(report['rules'])} ({report['plays_per_deal']} plays each), "
             f"seed {report['seed']}, {report['run']['seconds']:.1f} s"]
    lines.append("game points per deal (95% CI):")
    for side in (a, b):
        lines.append(f"  {side['bot']:>12}  {_ci(side['points_per_deal'])}")
    lines.append(f"  {'difference':>12}  {_ci(report['diff'])}")
    lines.append("contracts bid / made:")
    for side in (a, b):
        c = side["contracts"]
        rate = f" ({c['made'] / c['bid']:.0%})" if c["bid"] else ""
        lines.append(f"  {side['bot']:>12}  {c['bid']:,} / {c['made']:,}{rate}")
    if any(side.get("faults", {}).get("total") for side in (a, b)) or \
            any(side["bot"].startswith(("http://", "https://")) for side in (a, b)):
        lines.append("faults (decisions the fallback made for an external bot):")
        for side in (a, b):
            f = dict(side.get("faults", {}))
            total = f.pop("total", 0)
            kinds = ", ".join(f"{k} {v}" for k, v in f.items())
            lines.append(f"  {side['bot']:>12}  {total:,}" + (f" ({kinds})" if kinds else ""))
    ann = report["annulled"]
    lines.append(f"annulled: {_count_of(ann['plays'], 'play')}, "
                 f"{_count_of(ann['deals'], 'whole deal')}")
    m = report["matches"]
    if m["played"]:
        how = "played" if m["source"] == "matches" else "derived from the deals"
        lines.append(f"matches ({how}): {a['bot']} {m['wins'][0]}, {b['bot']} {m['wins'][1]}, "
                     f"draws {m['draws']}")
    e = report["elo"]
    if e["diff"] is not None:
        lo, hi = e["ci95"]
        source = {"matches": "matches", "derived_from_deals": "derived matches",
                  "deals": "deals"}.get(e["from"], e["from"])
        lines.append(f"Elo difference (from {source}): {_elo_text(e['diff'], lo, hi)}")
    return "\n".join(lines) + "\n"
