"""How much of the competition's time a served bot uses, deal by deal.

BOT-PROTOCOL §5 gives each seat 1,500 ms a deal for all its requests.  This script plays
seeded deals of ``bhoos-29`` with the bot served at ``URL`` in seats 0 and 2 (each through
our host, :class:`~twentyeight.integrations.bhoos.HttpBot`, which keeps that budget and
counts a late answer as a ``timeout`` fault) and ``rules`` in seats 1 and 3, and reports the
milliseconds each served seat used in a deal (median, 90th percentile, most) and the faults:

    twentyeight bot serve --protocol bhoos --bot expert --port 8011 &
    python benchmarks/served_time.py http://127.0.0.1:8011 [--deals 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence

from quantiles import percentile

from twentyeight import Game
from twentyeight.bots import make_bot
from twentyeight.integrations.bhoos import HttpBot


def used_per_deal(url: str, deals: int, seed: int) -> tuple[list[float], dict[str, int]]:
    """Milliseconds used by each served seat in each deal, and the faults of all of them."""
    used: list[float] = []
    faults: dict[str, int] = {}
    for k in range(deals):
        g = Game.new("bhoos-29", seed=seed + k, dealer=k % 4)
        served = {s: HttpBot(url=url, seed=s) for s in (0, 2)}
        players = {**served, 1: make_bot("rules", 1), 3: make_bot("rules", 3)}
        while not g.over:
            seat = g.to_act
            assert seat is not None
            g.apply(players[seat].act(g.view(seat)))
        for bot in served.values():
            assert isinstance(bot, HttpBot)
            used.append(bot.budget_ms - bot.remaining_ms)
            for kind, n in bot.faults.items():
                faults[kind] = faults.get(kind, 0) + n
    return used, faults


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="the time a served bot uses in each deal")
    ap.add_argument("url", help="the served bot, e.g. http://127.0.0.1:8011")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    used, faults = used_per_deal(args.url, args.deals, args.seed)
    ranked = sorted(used)
    print(f"{len(used)} seat-deals: median {statistics.median(used):.0f} ms, "
          f"90th percentile {percentile(ranked, 0.9):.0f} ms, "
          f"most {ranked[-1]:.0f} ms of {HttpBot(url=args.url).budget_ms:.0f}; "
          f"faults {faults or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
