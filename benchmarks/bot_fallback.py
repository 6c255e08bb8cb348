"""How often the expert's card play is left to the ``rules`` player, trick by trick.

The expert plays a card by solving sampled deals within its node budget; when too few deals
are solved it falls back to the ``rules`` player's choice (:class:`ExpertBot._play
<twentyeight.bots.expert.ExpertBot>` returns ``None``).  This script deals seeded hands of
28, lets ``rules`` bid and play every seat, and at each card decision with a choice asks the
expert's search what it would play: it counts, per trick, the decisions it could not search
and the processor time they took.

    python benchmarks/bot_fallback.py [--hands 12] [--budget 0.25] [--rules 28]
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Sequence

from twentyeight import Game
from twentyeight.bots import make_bot
from twentyeight.bots.expert import ExpertBot
from twentyeight.engine.actions import Action


def fallbacks(rules: str, hands: int, budget: float) -> dict[int, list[float]]:
    """Per trick: [card decisions with a choice, left to ``rules``, processor seconds]."""
    player = make_bot("rules", seed=1)
    out: dict[int, list[float]] = defaultdict(lambda: [0, 0, 0.0])
    for seed in range(hands):
        g = Game.new(rules, seed=seed, dealer=seed % 4)
        expert = ExpertBot(seed=seed, budget=budget)
        while not g.over:
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            legal = [Action.parse(a) for a in view["legal"]]
            if view["phase"] == "play" and len(legal) > 1 and \
                    any(a.verb == "play" for a in legal):
                trick = sum(1 for a in view["history"] if " play " in a) // g.hand.n
                start = time.process_time()
                choice = expert._play(view, legal)
                row = out[trick]
                row[0] += 1
                row[1] += choice is None
                row[2] += time.process_time() - start
            g.apply(player.act(view))
    return dict(sorted(out.items()))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="28", help="preset (default 28)")
    ap.add_argument("--hands", type=int, default=12, help="hands dealt (default 12)")
    ap.add_argument("--budget", type=float, default=0.25, help="the expert's budget")
    args = ap.parse_args(argv)
    for trick, (n, left, seconds) in fallbacks(args.rules, args.hands, args.budget).items():
        print(f"trick {trick + 1}: {int(n)} decisions, {int(left)} left to rules "
              f"({left / n:.0%}), {1000 * seconds / n:.0f} ms of processor time each")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
