"""What reading the cards played costs the expert: processor time to draw a decision's deals.

Views of the play are taken from hands ``rules`` plays at every seat (``bot_speed.py
--played-by rules``); for each, the expert (``--budget``) draws its deals of a card
(:meth:`~twentyeight.bots.pimc.PimcBot.worlds`) without the play model, and with it at each
``--pools`` (``ExpertBot.play_inference``: that many times the deals drawn, then resampled):

    python benchmarks/inference_cost.py [--rules 28] [--views 60] [--budget 0.5] [--pools 4,8]
"""

from __future__ import annotations

import argparse
import time

from bot_speed import random_views

from twentyeight.bots.expert import ExpertBot


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rules", default="28")
    ap.add_argument("--views", type=int, default=60, help="views of the play timed")
    ap.add_argument("--budget", type=float, default=0.5)
    ap.add_argument("--pools", default="4,8", help="pools timed with the play model")
    args = ap.parse_args(argv)
    views = [v for _, v in random_views(args.rules, 8 * args.views, seed=3, played_by="rules")
             if v["phase"] == "play" and v["history"]][::4][:args.views]
    for pool in [1, *map(int, args.pools.split(","))]:
        bot = ExpertBot(seed=1, budget=args.budget)
        bot.play_inference = pool > 1
        bot.pool = pool
        start = time.process_time()
        drawn = sum(len(bot.worlds(v, bot.effort_x.worlds)) for v in views)
        ms = 1000 * (time.process_time() - start) / len(views)
        print(f"pool {pool}{' (play model)' if pool > 1 else ''}: {ms:.1f} ms a decision, "
              f"{drawn / len(views):.1f} distinct deals kept of {bot.effort_x.worlds}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
