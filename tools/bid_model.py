"""Regenerate the bid model (``src/twentyeight/bots/data/bid_model.json``) from solved deals.

Two steps, both deterministic:

``generate``  draws labelled deals (:func:`twentyeight.bots.bid_data.example`: a seeded deal,
              a chosen bidder and trump, solved from the first lead) for one preset and
              appends them to ``DIR/PRESET.jsonl``; run again, it continues after the last
              seed written, so it can be stopped and resumed.
``fit``       reads ``DIR/*.jsonl`` and writes the model file
              (:func:`twentyeight.bots.bid_model.fit`), with two stored examples of each
              family that the tests draw again; a family with no file in ``DIR`` is kept
              as the model file has it, so one family can be regenerated alone.
``calibrate`` reads the hand records of ``twentyeight arena --save`` runs of a bot (the
              expert against ``rules``) and writes each family's shifts of the model's
              points for the contracts that bot declared and defended
              (:func:`twentyeight.bots.bid_model.calibrate`) into the model file; run it
              after ``fit``, which starts a refitted family afresh.

    python tools/bid_model.py generate --preset 28 --count 8000 --dir /tmp/bid-data
    python tools/bid_model.py fit --dir /tmp/bid-data
    twentyeight arena --bots bid_variants:Uncalibrated,rules --rules 28 --deals 300 \
        --seed 301 --workers 1 --budget 0.25 --save /tmp/cal-28
    python tools/bid_model.py calibrate --bot bid_variants:Uncalibrated /tmp/cal-28

The solver runs the compiled kernel when numba is installed (``pip install -e '.[fast]'``).
Times on this machine are in docs/strength.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from twentyeight.bots import bid_data  # noqa: E402

MODEL = ROOT / "src" / "twentyeight" / "bots" / "data" / "bid_model.json"


def generate(preset: str, count: int, directory: Path) -> None:
    """Append the examples of seeds ``next .. count - 1`` of ``preset`` to its file."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{preset}.jsonl"
    start = 0
    if path.exists():
        for line in path.read_text().splitlines():
            start = max(start, json.loads(line)["seed"] + 1)
    t0 = time.time()
    made = 0
    with path.open("a") as f:
        for seed in range(start, count):
            e = bid_data.example(preset, seed)
            row = {"seed": seed} if e is None else e.to_json()
            f.write(json.dumps(row) + "\n")
            f.flush()
            made += e is not None
            if seed % 100 == 99:
                print(f"{preset}: seed {seed + 1}/{count}, {made} examples, "
                      f"{time.time() - t0:.0f} s", flush=True)
    print(f"{preset}: done, {made} new examples in {time.time() - t0:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="solve labelled deals of one preset")
    g.add_argument("--preset", required=True)
    g.add_argument("--count", type=int, required=True, help="seeds 0 .. COUNT-1")
    g.add_argument("--dir", type=Path, required=True)
    f = sub.add_parser("fit", help="fit the model file from the generated deals")
    f.add_argument("--dir", type=Path, required=True)
    f.add_argument("--out", type=Path, default=MODEL)
    c = sub.add_parser("calibrate", help="the shifts for a bot's own play, from arena records")
    c.add_argument("records", type=Path, nargs="+", help="directories of arena --save")
    c.add_argument("--bot", required=True,
                   help="the bot's name as the records give it (several: comma-separated)")
    c.add_argument("--source", default="", help="what the records are (for the model file)")
    c.add_argument("--out", type=Path, default=MODEL,
                   help="the model file to write the shifts into (it must exist: a copy of "
                        "the shipped one, say)")
    args = ap.parse_args()
    if args.command == "calibrate" and not args.out.is_file():
        ap.error(f"--out {args.out}: no such model file (copy {MODEL} there first)")
    from twentyeight.bots import bid_model

    if args.command == "generate":
        generate(args.preset, args.count, args.dir)
    elif args.command == "fit":
        bid_model.fit_files(args.dir, args.out)
    else:
        bid_model.calibrate_files(args.records, args.bot.split(","),
                                  args.source or " ".join(str(r) for r in args.records),
                                  args.out)


if __name__ == "__main__":
    main()
