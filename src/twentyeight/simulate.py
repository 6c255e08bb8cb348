"""Random hands at full speed: the engine's throughput and the statistics of random play.

Every decision is drawn uniformly from the legal actions, straight from the engine's integer
codes (this is the same distribution as the ``random`` bot, without building views).

>>> stats = simulate("28", hands=200, seed=1)
>>> stats["hands"], stats["complete"] + stats["annulled"]
(200, 200)
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from twentyeight.engine.actions import PLAY_LIMIT
from twentyeight.engine.hand import Hand
from twentyeight.engine.play import play_card, play_legal, play_verb
from twentyeight.engine.state import PLAY, SPECIAL_NAMES
from twentyeight.rules import Rules


def simulate(rules: str | Mapping[str, Any] | Rules, hands: int, seed: int = 0,
             progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play ``hands`` random hands (the dealer rotating) and return the statistics."""
    rules = Rules.from_spec(rules)
    rng = random.Random(seed)
    rnd = rng.random
    n = rules.num_players
    contracts: Counter[int] = Counter()
    annulled: Counter[str] = Counter()
    specials: Counter[str] = Counter()
    made = decisions = bid_points = complete = score_sum = 0
    start = time.perf_counter()
    for i in range(hands):
        h = Hand.from_rng(rules, rng, i % n)
        legal = h.legal_codes
        step = h.step
        while h.to_act is not None:
            if h.phase == PLAY:                  # the play, without the phase dispatch
                codes = play_legal(h)
                code = codes[int(rnd() * len(codes))]
                if code < PLAY_LIMIT:
                    play_card(h, code)
                else:
                    play_verb(h, code)
            else:
                codes = legal()
                step(codes[int(rnd() * len(codes))])
        decisions += len(h.history)
        if h.annul_reason is not None:
            annulled[h.annul_reason] += 1
        else:
            complete += 1
            s = h.score()
            assert s is not None
            if h.special:
                specials[SPECIAL_NAMES[h.special] or ""] += 1
            else:
                contracts[h.contract] += 1
                made += bool(s.made)
                bid_points += h.bid_points
            score_sum += s.bidding - s.opponents
        if progress is not None and not i & 1023:
            progress(i)
    seconds = time.perf_counter() - start
    if progress is not None:
        progress(hands)
    played = sum(contracts.values())
    return {
        "rules": rules.to_spec(),
        "hands": hands,
        "seed": seed,
        "seconds": round(seconds, 4),
        "hands_per_second": round(hands / seconds, 1) if seconds > 0 else None,
        "decisions": decisions,
        "complete": complete,
        "annulled": sum(annulled.values()),
        "annulled_by_reason": dict(sorted(annulled.items())),
        "special_contracts": dict(sorted(specials.items())),
        "contracts": {str(k): v for k, v in sorted(contracts.items())},
        "mean_contract": round(sum(k * v for k, v in contracts.items()) / played, 2)
        if played else None,
        "contracts_made": made,
        "made_rate": round(made / played, 4) if played else None,
        "mean_bidding_points": round(bid_points / played, 2) if played else None,
        "mean_score_change": round(score_sum / complete, 3) if complete else None,
    }
