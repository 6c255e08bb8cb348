"""Instructions per random hand, this tree against an earlier revision (valgrind callgrind).

Seconds on a shared 2-core machine are noisy; the instructions a hand takes are not: for the
same interpreter, code and seed callgrind counts the same total whatever else runs.  Each
tree is counted twice, playing 1 and ``1 + HANDS`` hands of the same seeded simulation, and
the difference divided by ``HANDS`` is the cost of a hand without start-up and imports.

    python benchmarks/engine_instructions.py REVISION [--rules 28] [--hands 1500]

Needs ``valgrind`` (Debian's package).  About a minute per tree for 1,500 hands.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = "import sys; from twentyeight.simulate import simulate; " \
        "simulate(sys.argv[1], int(sys.argv[2]), 1)"


def instructions(src: Path, rules: str, hands: int) -> int:
    """The instructions callgrind counts for ``hands`` hands of ``rules`` from tree ``src``."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         "-c", PROBE, rules, str(hands)], env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()).stderr
    match = re.search(r"Collected : (\d+)", out)
    if match is None:
        sys.exit(f"engine_instructions: no count from callgrind:\n{out[-500:]}")
    return int(match.group(1))


def per_hand(src: Path, rules: str, hands: int) -> int:
    instructions(src, rules, 1)                        # compile the bytecode caches first
    return (instructions(src, rules, 1 + hands) - instructions(src, rules, 1)) // hands


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("revision")
    p.add_argument("--rules", default="28")
    p.add_argument("--hands", type=int, default=1500)
    args = p.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("engine_instructions: valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old),
                        args.revision], check=True, capture_output=True)
        try:
            before = per_hand(old / "src", args.rules, args.hands)
            after = per_hand(ROOT / "src", args.rules, args.hands)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           check=False, capture_output=True)
    print(json.dumps({"rules": args.rules, "revision": args.revision, "hands": args.hands,
                      "instructions_per_hand_before": before,
                      "instructions_per_hand_after": after,
                      "after_over_before": round(after / before, 4)}))


if __name__ == "__main__":
    main()
