"""Complete random hands per second on one core, against the yardstick, in the same run.

The yardstick (docs/spec/yardstick.py, the shared measure, kept verbatim) plays a bare,
rules-light random hand of 28; the engine plays complete hands (deal, auction, trump,
windows, play, score) with every rule of the preset.  Rounds alternate between the two so
that machine noise hits both alike; the report gives each round's rates, the medians and
their ratio.

    python benchmarks/engine_speed.py [--hands 20000] [--rounds 5] [--rules 28] [--json]
    python benchmarks/engine_speed.py --rules 28,28-6p,40,56,56-8p    # several presets
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
from typing import Any

from twentyeight.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_YARDSTICK = ROOT / "docs" / "spec" / "yardstick.py"


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
    p.add_argument("--rules", default="28", help="a preset, or several separated by commas")
    p.add_argument("--yardstick", type=Path, default=DEFAULT_YARDSTICK)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    module = load_yardstick(args.yardstick)
    presets = args.rules.split(",")
    bare: list[float] = []
    engine: dict[str, list[float]] = {name: [] for name in presets}
    for r in range(args.rounds):
        bare.append(yardstick_rate(module, args.hands))
        for name in presets:
            engine[name].append(simulate(name, args.hands, seed=r)["hands_per_second"])
    yard = statistics.median(bare)
    results: dict[str, dict[str, Any]] = {}
    for name in presets:
        rates = engine[name]
        results[name] = {
            "engine_hands_per_second": [round(x) for x in rates],
            "engine_median": round(statistics.median(rates)),
            "ratio": round(statistics.median(e / b for e, b in zip(rates, bare, strict=True)),
                           3)}
    out = {"hands_per_round": args.hands, "rounds": args.rounds,
           "yardstick_hands_per_second": [round(x) for x in bare],
           "yardstick_median": round(yard), "presets": results,
           "python": sys.version.split()[0]}
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.rounds} rounds of {args.hands:,} hands; yardstick median {yard:,.0f} hands/s")
    for name, res in results.items():
        shown = ", ".join(f"{x:,}" for x in res["engine_hands_per_second"])
        print(f"  {name:12} median {res['engine_median']:>7,} hands/s  ratio {res['ratio']:.3f}"
              f"   ({shown})")


if __name__ == "__main__":
    main()
