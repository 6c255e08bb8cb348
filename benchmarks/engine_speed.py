"""Complete random hands per second on one core, against the yardstick, in the same run.

The yardstick (../shared/bench/yardstick.py) plays a bare, rules-light random hand of 28; the
engine plays complete hands (deal, auction, trump, windows, play, score) with every rule of
the preset.  Rounds alternate between the two so that machine noise hits both alike; the
report gives each round's rates, the medians and their ratio.

    python benchmarks/engine_speed.py [--hands 20000] [--rounds 5] [--rules 28] [--json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

from twentyeight.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_YARDSTICK = ROOT.parent / "shared" / "bench" / "yardstick.py"


def load_yardstick(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("yardstick", path)
    if spec is None or spec.loader is None or not path.exists():
        sys.exit(f"engine_speed: no yardstick at {path} (use --yardstick PATH)")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def yardstick_rate(module: ModuleType, hands: int) -> float:
    rng = random.Random(1)
    start = time.perf_counter()
    for i in range(hands):
        module.hand(rng, i % 4)
    return hands / (time.perf_counter() - start)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--hands", type=int, default=20000)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--rules", default="28")
    p.add_argument("--yardstick", type=Path, default=DEFAULT_YARDSTICK)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    module = load_yardstick(args.yardstick)
    engine, bare = [], []
    for r in range(args.rounds):
        bare.append(yardstick_rate(module, args.hands))
        engine.append(simulate(args.rules, args.hands, seed=r)["hands_per_second"])
    result = {
        "rules": args.rules, "hands_per_round": args.hands, "rounds": args.rounds,
        "engine_hands_per_second": [round(x) for x in engine],
        "yardstick_hands_per_second": [round(x) for x in bare],
        "engine_median": round(statistics.median(engine)),
        "yardstick_median": round(statistics.median(bare)),
        "ratio": round(statistics.median(e / b for e, b in zip(engine, bare, strict=True)), 3),
        "python": sys.version.split()[0],
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"rules {args.rules}: {args.rounds} rounds of {args.hands:,} hands")
    for e, b in zip(engine, bare, strict=True):
        print(f"  engine {e:>9,.0f} /s   yardstick {b:>9,.0f} /s   ratio {e / b:.3f}")
    print(f"median: engine {result['engine_median']:,} hands/s, yardstick "
          f"{result['yardstick_median']:,} hands/s, ratio {result['ratio']}")


if __name__ == "__main__":
    main()
