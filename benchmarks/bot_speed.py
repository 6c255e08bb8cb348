"""Decisions per second of every registered bot, on random views (the view-building excluded).

The views are collected from hands played with uniformly random legal actions (seeded), or
with ``--played-by BOT`` by that bot at every seat, at every decision of every phase:
auction, trump, windows and play.  Each bot then answers the
same views in the same order until the views run out or ``--seconds`` have passed.

    python benchmarks/bot_speed.py [--rules 28] [--views 5000] [--seconds 5] [--bots rules]
    python benchmarks/bot_speed.py --json
    python benchmarks/bot_speed.py --bots expert --views 300 --seconds 600 --stride 7
    python benchmarks/bot_speed.py --rules '{"preset": "28", "cot": true}' --bots expert
    python benchmarks/bot_speed.py --bots expert --played-by rules --views 250 --stride 3

Each decision is timed twice: by the wall clock and by the processor time of this process
(``time.process_time``), which is what one core gives a bot when others share the machine;
``--stride N`` keeps every N-th view so that a slow bot is timed over many hands.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from quantiles import percentile

from twentyeight import Game
from twentyeight.bots import bot_names, make_bot
from twentyeight.bots.base import View


def random_views(rules: str, count: int, seed: int = 1, played_by: str | None = None
                 ) -> list[tuple[Game, View]]:
    """``count`` (game, view of the seat to act) pairs, from hands of ``rules`` played with
    uniformly random legal actions, or by the bot ``played_by`` at every seat.

    Random hands make cheap searches: their contracts are far from what the cards take, and
    a search to the goal ends early.  Hands played by a real player (``rules``) reach the
    close contracts whose first tricks are the dearest decisions a bot meets at a table.
    The game goes with each view for the one bot that may see everything (``oracle``).
    """
    rng = random.Random(seed)
    spec: Any = json.loads(rules) if rules.lstrip().startswith("{") else rules
    player = None if played_by is None else make_bot(played_by, seed=seed)
    views: list[tuple[Game, View]] = []
    k = 0
    while len(views) < count:
        game = Game.from_record({"rules": spec, "dealer": k % 4, "seed": rng.getrandbits(63)})
        k += 1
        while not game.over and len(views) < count:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            views.append((game.copy(), view))
            game.apply(rng.choice(game.legal_actions()) if player is None
                       else player.act(view))
    return views


def measure(name: str, views: list[tuple[Game, View]], seconds: float,
            budget: float | None) -> dict[str, Any]:
    """Time ``name`` on ``views``; decisions per second, median and 99th percentile."""
    bot = make_bot(name, seed=1, budget=budget)
    times: list[float] = []
    cpu: list[float] = []
    start = time.perf_counter()
    bind = getattr(bot, "bind", None)
    for game, view in views:
        if bind is not None:
            bind(game)
        t0, c0 = time.perf_counter(), time.process_time()
        action = bot.act(view)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        assert action in view["legal"], (name, action)
        if time.perf_counter() - start > seconds:
            break
    total = sum(times)
    times.sort()
    cpu.sort()
    return {"bot": name, "decisions": len(times),
            "per_second": round(len(times) / total, 1) if total > 0 else None,
            "median_us": round(statistics.median(times) * 1e6, 1),
            "p99_us": round(percentile(times, 0.99) * 1e6, 1),
            "cpu_median_us": round(statistics.median(cpu) * 1e6, 1),
            "cpu_p99_us": round(percentile(cpu, 0.99) * 1e6, 1),
            "cpu_max_us": round(cpu[-1] * 1e6, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rules", default="28",
                    help="preset or JSON rules object (default 28)")
    ap.add_argument("--views", type=int, default=5000, help="number of views (default 5000)")
    ap.add_argument("--seconds", type=float, default=5.0, help="time limit per bot")
    ap.add_argument("--budget", type=float, default=None, help="the bots' per-decision budget")
    ap.add_argument("--bots", default=",".join(bot_names()), help="comma-separated bot names")
    ap.add_argument("--stride", type=int, default=1, help="keep every N-th view (default 1)")
    ap.add_argument("--played-by", default=None, metavar="BOT",
                    help="take the views from hands this bot plays at every seat (rules: "
                         "the close contracts of real play) instead of random hands")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args()
    views = random_views(args.rules, args.views * max(1, args.stride),
                         played_by=args.played_by)[::max(1, args.stride)]
    results = [measure(name, views, args.seconds, args.budget)
               for name in args.bots.split(",") if name]
    if args.json:
        print(json.dumps({"rules": args.rules, "views": len(views), "bots": results}))
        return
    source = "random" if args.played_by is None else f"{args.played_by}-played"
    print(f"{len(views):,} {source} views of preset {args.rules}")
    for r in results:
        print(f"  {r['bot']:>10}: {r['per_second']:>12,.0f} decisions/s   median "
              f"{r['median_us']:8.1f} µs   99th percentile {r['p99_us']:8.1f} µs "
              f"({r['decisions']:,} decisions; processor time: median "
              f"{r['cpu_median_us']:.1f} µs, 99th percentile {r['cpu_p99_us']:.1f} µs, "
              f"most {r['cpu_max_us']:.1f} µs)")


if __name__ == "__main__":
    main()
