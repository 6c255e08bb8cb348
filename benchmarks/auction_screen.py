"""A change of the expert's auction, measured on many deals for the price of a few.

``bid_variants.py`` compares two settings of ``bid_variants:Variant`` by two whole arena runs
on the same deals.  Only the deals whose auction changed can differ: with the same bot name
every seat's bot has the same seed in both runs, and a setting that acts before the play
(the auction, the trump, the double and raise windows) leaves the card play of an unchanged
auction unchanged.  In 29, three times a bid's deals changed 36 of 500 deals; the other 464
were played twice for nothing.

So this plays every deal of both settings only **up to the first card** (a few bid decisions,
milliseconds each), and plays out in full only the deals whose actions before the play
differ, in both settings.  The paired difference is then taken over *all* the deals, an
unchanged deal counting 0 — the number the two whole runs would give::

    PYTHONPATH=src:benchmarks python benchmarks/auction_screen.py --rules 29 --deals 2000 \\
        --seed 901 --budget 0.5 --a weight=0.7,defend=0,declare=0,raise=2,auction_worlds=144 \\
        --b weight=0.7,defend=0,declare=0,raise=2 [--against expert] [--verify 20] \\
        [--workers 2] [--json OUT]
    PYTHONPATH=src:benchmarks python benchmarks/auction_screen.py --pool OUT1 OUT2 ...

``--a`` and ``--b`` are the two ``EXPERT_VARIANT`` settings (``bid_variants.py``); each runs
in processes of its own, so settings that change a module's state stay apart.
``--against`` is the other bot (``rules`` by default; ``expert`` measures the change against
the shipped expert, paired, where a head-to-head run would not be).  ``--verify K`` plays
``K`` of the unchanged deals in full in both settings and counts those that do not end the
same: not 0 means the setting also acts in the play, and the screen does not apply to it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from twentyeight.arena import mean_ci95, play_out, run_chunk, seated_deal, seatings, summarize
from twentyeight.engine.state import PLAY
from twentyeight.game import Game
from twentyeight.rules import Rules

__all__ = ["before_play", "main", "margin", "pooled", "screen"]

BOT = "bid_variants:Variant"


def _use(setting: str) -> None:
    """Worker initialiser: this process's ``Variant`` reads ``setting``."""
    os.environ["EXPERT_VARIANT"] = setting


def _at_play(game: Game) -> bool:
    return game.hand.phase == PLAY


def before_play(config: dict[str, Any], index: int) -> list[list[str]]:
    """The actions of deal ``index`` before its first card, in each seating."""
    rules = Rules.from_spec(config["rules"])
    out = []
    for mask in seatings(rules.teams):
        game, bots, _ = seated_deal(config, index, mask)
        play_out(game, bots, _at_play)
        out.append([str(a) for a in game.to_record()["actions"]])
    return out


def margin(played: dict[str, Any]) -> float:
    """The first bot's game points minus the other's, a deal (the arena's ``diff``)."""
    plays = played["plays"]
    return float(sum(p["points"][0] - p["points"][1] for p in plays) / len(plays))


def _screen_chunk(config: dict[str, Any], indices: Sequence[int]) -> list[list[list[str]]]:
    return [before_play(config, i) for i in indices]


def _play_chunk(config: dict[str, Any], indices: Sequence[int]) -> list[dict[str, Any]]:
    return run_chunk(config, "deal", indices)


def _chunks(indices: Sequence[int], workers: int) -> list[list[int]]:
    size = max(1, min(10, -(-len(indices) // (4 * workers))))
    return [list(indices[i:i + size]) for i in range(0, len(indices), size)]


def _run(setting: str, fn: Any, config: dict[str, Any], indices: Sequence[int],
         workers: int) -> list[Any]:
    """``fn(config, chunk)`` over ``indices`` in processes whose ``Variant`` reads
    ``setting``; the results in the order of ``indices``.  Each chunk done is told on
    standard error (a screen of 28-6p runs for hours)."""
    if not indices:
        return []
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"),
                             initializer=_use, initargs=(setting,)) as pool:
        chunks = _chunks(indices, workers)
        out: list[Any] = []
        for part in pool.map(fn, [config] * len(chunks), chunks):
            out += part
            print(f"{fn.__name__.strip('_')} [{setting}]: {len(out)} of {len(indices)} deals",
                  file=sys.stderr, flush=True)
        return out


def screen(rules: str, deals: int, seed: int, budget: float, a: str, b: str,
           against: str = "rules", workers: int = 1, verify: int = 0) -> dict[str, Any]:
    """Settings ``a`` against ``b`` of ``Variant`` on ``deals`` deals (module docs)."""
    config: dict[str, Any] = {"bots": [BOT, against], "rules": Rules.from_spec(rules).to_spec(),
                              "seed": seed, "budget": budget, "save": False}
    indices = list(range(deals))
    start_a = _run(a, _screen_chunk, config, indices, workers)
    start_b = _run(b, _screen_chunk, config, indices, workers)
    changed = [i for i in indices if start_a[i] != start_b[i]]
    same = [i for i in indices if start_a[i] == start_b[i]][:verify]
    full_a = _run(a, _play_chunk, config, changed + same, workers)
    full_b = _run(b, _play_chunk, config, changed + same, workers)
    n = len(changed)
    diffs = dict.fromkeys(indices, 0.0)
    for i, pa, pb in zip(changed, full_a[:n], full_b[:n], strict=True):
        diffs[i] = margin(pa) - margin(pb)
    broken = [i for i, pa, pb in zip(same, full_a[n:], full_b[n:], strict=True)
              if margin(pa) != margin(pb)]
    contracts = {name: summarize(config, full[:n], [])["sides"][0]["contracts"] if n else {}
                 for name, full in (("a", full_a), ("b", full_b))}
    return {"rules": rules, "seed": seed, "deals": deals, "budget": budget, "a": a, "b": b,
            "against": against, "changed": changed, "verified": len(same),
            "verify_failed": broken, "a_minus_b": mean_ci95(list(diffs.values())),
            "changed_contracts": contracts,
            "per_deal": {str(i): diffs[i] for i in changed}}


def pooled(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Several screens' ``a_minus_b`` over all their deals together, and how many changed."""
    diffs: list[float] = []
    for r in results:
        diffs += [r["per_deal"].get(str(i), 0.0) for i in range(r["deals"])]
    return {"deals": len(diffs), "changed": sum(len(r["changed"]) for r in results),
            "differ": sum(1 for d in diffs if d != 0.0), "a_minus_b": mean_ci95(diffs)}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--pool", type=Path, nargs="+",
                    help="only pool the results of earlier screens (their --json files)")
    ap.add_argument("--rules", default="28")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=0.5)
    ap.add_argument("--a", default="", help="EXPERT_VARIANT of the setting measured (empty: none)")
    ap.add_argument("--b", default="",
                    help="EXPERT_VARIANT of the setting it is against (empty: none)")
    ap.add_argument("--against", default="rules", help="the other bot (default: rules)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--verify", type=int, default=0,
                    help="unchanged deals also played in full, to check the screen applies")
    ap.add_argument("--json", type=Path, help="write the whole result here")
    args = ap.parse_args(argv)
    if args.pool:
        p = pooled([json.loads(f.read_text(encoding="utf-8")) for f in args.pool])
        d = p["a_minus_b"]
        print(f"{p['deals']} deals, {p['changed']} changed before the play, {p['differ']} "
              f"differ: A - B {d['mean']:+.4f} [{d['ci95'][0]:+.4f}, {d['ci95'][1]:+.4f}]")
        return 0
    if args.deals < 1 or args.workers < 1 or args.verify < 0:
        ap.error("--deals and --workers must be at least 1, --verify at least 0")
    r = screen(args.rules, args.deals, args.seed, args.budget, args.a, args.b, args.against,
               args.workers, args.verify)
    d = r["a_minus_b"]
    print(f"{args.rules}, seed {args.seed}, {args.deals} deals against {args.against}: "
          f"{len(r['changed'])} changed before the play; A - B {d['mean']:+.4f} "
          f"[{d['ci95'][0]:+.4f}, {d['ci95'][1]:+.4f}]; contracts of the changed deals "
          f"A {r['changed_contracts']['a']}, B {r['changed_contracts']['b']}")
    if r["verified"]:
        print(f"verified {r['verified']} unchanged deals in full: "
              f"{len(r['verify_failed'])} ended differently {r['verify_failed']}")
    if args.json:
        args.json.write_text(json.dumps(r, indent=1), encoding="utf-8")
    return 1 if r["verify_failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
