"""``benchmarks/bot_pool.py``: arena reports of several seeds pooled into one result.

Pooling must give exactly what one arena run over all the deals reports: the same mean,
standard deviation and 95% interval as :func:`twentyeight.arena.mean_ci95` of every per-deal
difference; reports of other bots, rules or budgets, or a repeated seed, are refused.
"""

from __future__ import annotations

import math
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import module_from_file
from twentyeight.arena import mean_ci95

ROOT = Path(__file__).resolve().parent.parent


def bot_pool() -> ModuleType:
    return module_from_file(ROOT / "benchmarks" / "bot_pool.py")


def report(values: list[float], seed: int, budget: float = 0.25) -> dict[str, Any]:
    """An arena report whose per-deal differences are ``values``."""
    d = mean_ci95(values)
    side = {"contracts": {"bid": len(values), "made": len(values) // 2}, "match_wins": 1}
    return {"bots": ["expert", "rules"], "rules": "28", "budget": budget, "seed": seed,
            "plays_per_deal": 2, "deals": len(values),
            "diff": {"mean": d["mean"], "ci95": d["ci95"], "sd": d["sd"]},
            "sides": [{"bot": "expert", **side}, {"bot": "rules", **side}],
            "annulled": {"plays": 0, "deals": 1}, "run": {"seconds": 10.0}}


deal_points = st.lists(st.sampled_from([-4.0, -2.5, -1.5, -1.0, 0.0, 0.5, 1.0, 1.5, 3.0]),
                       min_size=2, max_size=40)


@settings(max_examples=60, deadline=None)
@given(parts=st.lists(deal_points, min_size=1, max_size=5))
def test_pooled_reports_say_what_one_run_over_all_their_deals_says(
        parts: list[list[float]]) -> None:
    pooled = bot_pool().pool([report(p, seed) for seed, p in enumerate(parts)])
    whole = mean_ci95([v for p in parts for v in p])
    assert pooled["deals"] == sum(len(p) for p in parts)
    assert math.isclose(pooled["diff"]["mean"], whole["mean"], abs_tol=1e-9)
    assert math.isclose(pooled["diff"]["sd"], whole["sd"], rel_tol=1e-9, abs_tol=1e-9)
    for got, want in zip(pooled["diff"]["ci95"], whole["ci95"], strict=True):
        assert math.isclose(got, want, abs_tol=1e-9)
    assert pooled["sides"][0]["bid"] == pooled["deals"]
    assert pooled["annulled_deals"] == len(parts)


def test_reports_of_another_budget_or_a_repeated_seed_are_refused() -> None:
    pool = bot_pool().pool
    with pytest.raises(ValueError, match="budget"):
        pool([report([1.0, 0.0], 7), report([1.0, 0.0], 8, budget=0.5)])
    with pytest.raises(ValueError, match="seed is repeated"):
        pool([report([1.0, 0.0], 7), report([0.0, -1.0], 7)])
