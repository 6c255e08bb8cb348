"""``twentyeight arena``: two bots over duplicate deals (see :mod:`twentyeight.arena`), or
a round robin of three or more on the same deals (:mod:`twentyeight.tournament`).

``twentyeight arena --bots A,B[,C…] [--deals N] [--matches M] [--rules R] [--seed S]
[--workers K] [--backend local|ray] [--budget SECONDS] [--json] [--save DIR]``

Exit status 0 on success, 2 for bad arguments (one clear message, no traceback).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from typing import Any, NoReturn, TextIO

from twentyeight.arena import BACKENDS, ArenaError, ray_available, run_arena
from twentyeight.cli.args import number
from twentyeight.rules import PRESETS
from twentyeight.tournament import MAX_BOTS, run_tournament

USAGE_ERROR = 2


_budget = number(float, "seconds", lambda v: 0 < v < float("inf"),
                 "a positive number of seconds")


_count = number(int, "a whole number", lambda v: v >= 0, "0 or more")

MAX_DEALS = 1_000_000
"""The most deals one run takes: the deals are drawn before the first is played, and a
mistyped count (10¹³) took the machine's memory before saying anything."""

_deals = number(int, "a whole number", lambda v: 1 <= v <= MAX_DEALS,
                f"1 to {MAX_DEALS:,}")


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``arena`` subcommand to the command's subparsers."""
    from twentyeight.cli.main import _bots, _positive, _seed, rules_arg

    ar: argparse.ArgumentParser = sub.add_parser(
        "arena", help="play two bots against each other over duplicate deals (three or more: "
                      "a round robin)",
        description="Play bot A against bot B over duplicate deals: every deal is played "
                    "with the partnerships swapped on the same cards. Reports game points "
                    "per deal with 95% confidence intervals, contracts, match wins and an "
                    "Elo difference. Name three bots or more for a round robin: every pair "
                    "plays the same deals, and the bots are ranked by their mean margin "
                    "over the field.")
    ar.add_argument("--bots", type=_bots, required=True, metavar="A,B[,C...]",
                    help="the bots, comma-separated (a name, module:Class or a competition "
                         f"bot's http:// address); two play a match, three to {MAX_BOTS} a "
                         "round robin")
    ar.add_argument("--deals", type=_deals, default=200,
                    help=f"number of duplicate deals, 1 to {MAX_DEALS:,} (default 200)")
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


_MAIN_PID = os.getpid()


def _terminated(signum: int, frame: object) -> None:
    """SIGTERM stops the arena as Ctrl-C does, its workers with it (killed outright, the
    main process left them computing, orphaned, until they finished).  A worker (forked
    with this handler) ends as SIGTERM ends a process: the main process terminates its
    workers so."""
    if os.getpid() != _MAIN_PID:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        return
    raise KeyboardInterrupt


def _leave_interrupted(err: TextIO) -> NoReturn:
    """Stop at once after Ctrl-C or SIGTERM (the workers already ended), status 130.  The
    interruption can come while the main thread holds a chunk's lock (inside
    ``concurrent.futures.wait``), which it then never releases: the pool's own thread blocks
    on it, and the interpreter's exit waited for that thread for ever (one SIGTERM in ten
    on a loaded machine); so the exit skips those waits."""
    err.write("\ninterrupted\n")
    err.flush()
    sys.stdout.flush()
    os._exit(130)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the arena for parsed arguments; print the report; return the exit status (to
    ``out`` and ``err``, by default the streams of the moment, not of the import)."""
    out = out or sys.stdout
    err = err or sys.stderr
    from twentyeight.cli.progress import Progress

    def fail(message: str) -> int:
        err.write(f"twentyeight arena: error: {message}\n")
        return USAGE_ERROR

    if not 2 <= len(args.bots) <= MAX_BOTS:
        return fail(f"argument --bots: expected two bots A,B (or up to {MAX_BOTS} for a "
                    f"round robin), not {len(args.bots)}")
    if args.backend == "ray" and not ray_available():
        return fail("--backend ray needs Ray, which is not installed "
                    "(pip install 'twentyeight[ray]')")
    run_all = run_arena if len(args.bots) == 2 else run_tournament
    games = (args.deals + args.matches) * len(args.bots) * (len(args.bots) - 1) // 2
    signal.signal(signal.SIGTERM, _terminated)
    try:
        unit = "deals and matches" if args.matches else "deals"
        with Progress(games, unit, enabled=args.progress, stream=err) as bar:
            report = run_all(args.bots, deals=args.deals, rules=args.rules, seed=args.seed,
                             workers=args.workers, backend=args.backend, budget=args.budget,
                             matches=args.matches, save=args.save, progress=bar.update)
    except ArenaError as e:
        return fail(str(e))
    except KeyboardInterrupt:
        _leave_interrupted(err)
    if args.json:
        out.write(json.dumps(report) + "\n")
    else:
        out.write(describe(report) if run_all is run_arena else describe_round_robin(report))
    return 0


def _ci(stats: dict[str, Any]) -> str:
    if stats["ci95"] is None:
        return f"{stats['mean']:+.3f}"
    lo, hi = stats["ci95"]
    return f"{stats['mean']:+.3f}  [{lo:+.3f}, {hi:+.3f}]"


def _count_of(n: int, thing: str) -> str:
    """``1 play``, ``3 plays``."""
    return f"{n:,} {thing}" if n == 1 else f"{n:,} {thing}s"


def _elo_text(diff: float, lo: float | None, hi: float | None, score: float) -> str:
    """``+120 [+40, +210]``; a sweep has no upper (or lower) bound: ``at least +268``; nor
    has a near-sweep, whose open end is beyond what its games measure: ``+512 [+112, no
    upper bound]``."""
    if score >= 1.0 and lo is not None:
        return f"at least {lo:+.0f} (every one won: no upper bound)"
    if score <= 0.0 and hi is not None:
        return f"at most {hi:+.0f} (every one lost: no lower bound)"
    low = "no lower bound" if lo is None else f"{lo:+.0f}"
    high = "no upper bound" if hi is None else f"{hi:+.0f}"
    return f"{diff:+.0f} [{low}, {high}]"


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
        voided = f"; {c['annulled']:,} more annulled" if c.get("annulled") else ""
        lines.append(f"  {side['bot']:>12}  {c['bid']:,} / {c['made']:,}{rate}{voided}")
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
        lines.append(f"Elo difference (from {source}): "
                     f"{_elo_text(e['diff'], lo, hi, e['score'])}")
    return "\n".join(lines) + "\n"


def describe_round_robin(report: dict[str, Any]) -> str:
    """A round robin's report as text: the table of margins, the standing, each pairing."""
    names = report["bots"]
    width = max(8, *(len(n) for n in names))
    margin: dict[tuple[str, str], dict[str, Any]] = {}
    for p in report["pairings"]:
        a, b = p["bots"]
        margin[a, b] = p["diff"]
        turned = None if p["diff"]["ci95"] is None else [0.0 - x for x in
                                                          reversed(p["diff"]["ci95"])]
        margin[b, a] = {"mean": 0.0 - p["diff"]["mean"], "ci95": turned}   # (0.0 - 0.0 is +0)

    def cell(row: str, col: str) -> str:
        if row == col:
            return "."
        d = margin[row, col]
        clear = d["ci95"] is not None and (d["ci95"][0] > 0 or d["ci95"][1] < 0)
        return f"{d['mean']:+.3f}" + ("*" if clear else " ")

    lines = [f"round robin of {len(names)} bots: {report['deals']:,} duplicate deals of "
             f"{json.dumps(report['rules'])} for each of {len(report['pairings'])} pairings, "
             f"seed {report['seed']}, {report['run']['seconds']:.1f} s",
             "game points per deal, row minus column (* 95% CI clear of zero):",
             " " * (width + 2) + "".join(f"{n[:width]:>{width + 1}}" for n in names)]
    for row in names:
        lines.append(f"  {row:<{width}}" + "".join(f"{cell(row, col):>{width + 1}}"
                                                   for col in names))
    lines.append("standing: mean margin against the others, and strength (the difference of")
    lines.append("  two bots' strengths estimates their head-to-head margin):")
    for k, s in enumerate(report["standing"], 1):
        lines.append(f"  {k:>2}. {s['bot']:<{width}} {s['mean_margin']:+.3f}  strength "
                     f"{s['strength']:+.3f}  pairings won {s['won']}, lost {s['lost']}, "
                     f"undecided {s['undecided']}")
    lines.append("pairings (95% CI; each side's contracts):")
    for p in report["pairings"]:
        a, b = p["sides"]
        lines.append(f"  {a['bot']} vs {b['bot']}: {_ci(p['diff'])}; " + "; ".join(
            f"{side['bot']} bid {side['contracts']['bid']:,}, made "
            f"{side['contracts']['made']:,}" for side in (a, b)))
    return "\n".join(lines) + "\n"
