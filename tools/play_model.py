"""Regenerate the play model (``src/twentyeight/bots/data/play_model.json``) from played games.

Two steps, both deterministic:

1. games of the expert against itself, kept as records (any ``arena --save`` directory):

       twentyeight arena --bots expert,expert --rules 28 --deals 400 --seed 9001 \\
           --workers 1 --budget 0.1 --save /tmp/pm/self-28

2. ``fit``: every card decision with a choice in those records (of the players whose name
   holds ``--player``), replayed through the engine, and the weights of the conditional
   logit of :mod:`twentyeight.bots.play_model` fitted by maximum likelihood; written as the
   family ``--family`` of the model file (the other families are kept), with the fit's
   numbers and two of the records with their decisions' features, which the tests compute
   again:

       python tools/play_model.py fit /tmp/pm/self-28 --family 28

Times and the fit's numbers are in docs/strength.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from twentyeight.bots import play_model  # noqa: E402

MODEL = ROOT / "src" / "twentyeight" / "bots" / "data" / "play_model.json"
EXAMPLES = 2
"""Records kept in the model file with the features of their decisions, which the tests
compute again (the features the weights were fitted on are the ones the bots compute)."""
HELD_OUT = 5
"""One record in this many is held out of the fit and scored (the model's log-likelihood per
decision against a uniform choice)."""


def load(directories: list[Path], players: list[str]) -> tuple[list[play_model.Decision],
                                                        list[play_model.Decision],
                                                        list[str]]:
    """The decisions of the records in ``directories`` by players named with one of
    ``players``:
    those to fit, those held out, and the paths of the records read."""
    fit: list[play_model.Decision] = []
    held: list[play_model.Decision] = []
    paths = sorted(str(p) for d in directories for p in d.glob("*.json"))
    used = []
    for k, path in enumerate(paths):
        record = json.loads(Path(path).read_text(encoding="utf-8"))
        if "actions" not in record:
            continue
        used.append(path)
        mine = [d for d in play_model.decisions(record) if any(p in d.player for p in players)]
        (held if k % HELD_OUT == 0 else fit).extend(mine)
    return fit, held, used


def compact(text: str) -> str:
    """JSON with every list of numbers on one line."""
    return re.sub(r"\[\s+([-0-9.e,\s]+?)\s+\]",
                  lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]", text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fit", help="fit a family's weights on arena records")
    f.add_argument("dirs", nargs="+", type=Path)
    f.add_argument("--family", required=True, help="the family written (a preset's name)")
    f.add_argument("--player", action="append",
                   help="whose decisions (a part of the name; again for more; default expert)")
    f.add_argument("--ridge", type=float, default=1e-3)
    f.add_argument("--model", type=Path, default=MODEL)
    args = ap.parse_args(argv)
    t0 = time.time()
    players = args.player or ["expert"]
    fit, held, used = load(args.dirs, players)
    if not fit:
        print(f"no decisions of a player named with one of {players}", file=sys.stderr)
        return 2
    weights = play_model.fit(fit, args.ridge)
    both = fit + held
    weights_all = play_model.fit(both, args.ridge)
    uniform = [0.0] * len(play_model.FEATURES)
    report = {
        "records": len(used), "decisions": len(both), "ridge": args.ridge,
        "held_out": {"decisions": len(held),
                     "log_likelihood": round(play_model.log_likelihood(weights, held), 4),
                     "uniform": round(play_model.log_likelihood(uniform, held), 4)},
    }
    data = json.loads(args.model.read_text()) if args.model.exists() else {"families": {}}
    data["features"] = list(play_model.FEATURES)
    examples: list[dict[str, object]] = []
    seeds = set()
    for path in used:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
        record = {k: record[k] for k in ("rules", "dealer", "seed", "actions", "players")}
        rows = [[list(r) for r in d.rows] for d in play_model.decisions(record)]
        if rows and record["seed"] not in seeds:       # a hand played out, each deal once
            seeds.add(record["seed"])
            examples.append({"record": record, "rows": rows})
        if len(examples) == EXAMPLES:
            break
    data["families"][args.family] = {
        "weights": [round(w, 6) for w in weights_all], "fit": report,
        "command": f"python tools/play_model.py fit {' '.join(map(str, args.dirs))} "
                   f"--family {args.family} {' '.join(f'--player {p}' for p in players)} "
                   f"--ridge {args.ridge}",
        "examples": examples,
    }
    data["families"] = dict(sorted(data["families"].items()))
    args.model.write_text(compact(json.dumps(data, indent=1)) + "\n")
    print(json.dumps(report), f"({time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
