"""Random-hand speed of this tree against an earlier git revision, in the same run.

A temporary worktree of the revision is made; rounds alternate between the two engines, each
round a fresh process per engine (``simulate`` of the given preset), so machine noise falls on
both alike.  Use it to show that a change did not slow the engine down.

    python benchmarks/compare_revisions.py REVISION [--rules 28] [--hands 20000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = ("import json, sys; from twentyeight.simulate import simulate; "
         "print(json.dumps(simulate(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))")


def rate(src: Path, rules: str, hands: int, seed: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run([sys.executable, "-c", PROBE, rules, str(hands), str(seed)], env=env,
                         capture_output=True, text=True, check=True).stdout
    return float(json.loads(out)["hands_per_second"])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("revision")
    p.add_argument("--rules", default="28")
    p.add_argument("--hands", type=int, default=20000)
    p.add_argument("--rounds", type=int, default=5)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old),
                        args.revision], check=True, capture_output=True)
        try:
            before, after = [], []
            for r in range(args.rounds):
                before.append(rate(old / "src", args.rules, args.hands, r))
                after.append(rate(ROOT / "src", args.rules, args.hands, r))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           check=False, capture_output=True)
    ratio = statistics.median(a / b for a, b in zip(after, before, strict=True))
    print(json.dumps({"rules": args.rules, "revision": args.revision,
                      "before": [round(x) for x in before], "after": [round(x) for x in after],
                      "before_median": round(statistics.median(before)),
                      "after_median": round(statistics.median(after)),
                      "after_over_before": round(ratio, 3)}))


if __name__ == "__main__":
    main()
