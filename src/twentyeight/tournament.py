"""A round robin of several bots over the same duplicate deals: :func:`run_tournament`.

Every pair of bots meets in :func:`twentyeight.arena.run_arena` with the tournament's seed,
so every pairing plays the same deals (a deal depends only on the seed and its index) and
the luck of the cards is the same for everyone.  A pairing's margin is the first bot's game
points per deal minus the second's, with its 95% interval from the paired deals.

**Standing.**  A bot's *strength* is the mean of its margins against the whole field, itself
counted as 0: ``s_i = (1/n)·Σ_j m_ij``.  In a complete round robin of equal pairings this
is the least-squares solution of ``s_i − s_j ≈ m_ij`` with the strengths summing to zero,
so the difference of two strengths estimates their head-to-head margin from every game
played, not only their own.  Its ``mean_margin`` is the plain mean against the others,
``(1/(n−1))·Σ_j m_ij`` (the same order).  A pairing is *won* when its interval is clear
of zero in the bot's favour, *lost* when clear against it, else *undecided*.  Bots are
ranked by strength.

>>> out = run_tournament(["rules", "random", "rules-v1"], deals=2, seed=1, workers=1)
>>> [p["bots"] for p in out["pairings"]]
[['rules', 'random'], ['rules', 'rules-v1'], ['random', 'rules-v1']]
>>> round(sum(s["strength"] for s in out["standing"]), 12)
0.0
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

from twentyeight.arena import ArenaError, run_arena
from twentyeight.rules import Rules

MAX_BOTS = 12
"""The most bots one round robin takes (66 pairings)."""


def pairings(count: int) -> list[tuple[int, int]]:
    """The pairs of a round robin of ``count`` bots, in playing order.

    >>> pairings(3)
    [(0, 1), (0, 2), (1, 2)]
    """
    return list(combinations(range(count), 2))


def _pair_dir(save: str | Path, names: Sequence[str]) -> Path:
    """Where a pairing's records go: ``DIR/rules-vs-random`` (a bot's name made safe as a
    directory's: an address or ``module:Class`` keeps its letters and digits)."""
    safe = [re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_.") or "bot" for name in names]
    return Path(save) / "-vs-".join(safe)


def standing(names: Sequence[str], margins: Mapping[tuple[int, int], Mapping[str, Any]]
             ) -> list[dict[str, Any]]:
    """Each bot's strength and pairings won, lost and undecided, strongest first, from the
    pairings' ``diff`` (``{"mean", "ci95"}``, first bot minus second) keyed by index pair."""
    n = len(names)
    rows = []
    for i in range(n):
        total = 0.0
        won = lost = 0
        for (a, b), diff in margins.items():
            if i not in (a, b):
                continue
            sign = 1.0 if i == a else -1.0
            total += sign * diff["mean"]
            if diff["ci95"] is not None:
                lo, hi = (sign * x for x in diff["ci95"])
                won += min(lo, hi) > 0
                lost += max(lo, hi) < 0
        rows.append({"bot": names[i], "strength": total / n, "mean_margin": total / (n - 1),
                     "won": won, "lost": lost, "undecided": n - 1 - won - lost})
    return sorted(rows, key=lambda r: -r["strength"])


def run_tournament(bots: Sequence[str], deals: int = 100,
                   rules: str | Mapping[str, Any] | Rules = "28", seed: int = 0,
                   workers: int | None = None, backend: str = "local",
                   budget: float | None = None, matches: int = 0,
                   save: str | Path | None = None,
                   progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play every pair of ``bots`` over the same ``deals`` duplicate deals (and ``matches``
    duplicate matches); return the pairings' arena reports and the standing.

    ``save`` is a directory: each pairing's records go to a directory of its own in it.
    ``progress(k)`` is called with the number of deals and matches finished, all pairings
    counted."""
    if len(bots) < 2:
        raise ArenaError("a round robin needs at least two bots")
    if len(bots) > MAX_BOTS:
        raise ArenaError(f"a round robin takes at most {MAX_BOTS} bots, not {len(bots)}")
    twice = sorted({name for name in bots if list(bots).count(name) > 1})
    if twice:
        raise ArenaError(f"a bot is named twice: {', '.join(twice)} (each plays the others "
                         "once; a bot against itself scores exactly 0)")
    names = list(bots)
    per_pairing = deals + matches
    start = time.perf_counter()
    reports = []
    for k, (a, b) in enumerate(pairings(len(names))):
        def step(done: int, before: int = k * per_pairing) -> None:
            if progress is not None:
                progress(before + done)

        pair = [names[a], names[b]]
        reports.append(run_arena(pair, deals=deals, rules=rules, seed=seed, workers=workers,
                                 backend=backend, budget=budget, matches=matches,
                                 save=None if save is None else _pair_dir(save, pair),
                                 progress=step))
    margins = {pair: report["diff"] for pair, report in zip(pairings(len(names)), reports,
                                                             strict=True)}
    first = reports[0]
    return {
        "bots": names, "rules": first["rules"], "seed": seed, "budget": budget,
        "deals": deals, "matches": matches,
        "pairings": [{"bots": r["bots"], "diff": r["diff"], "sides": r["sides"],
                      "matches": r["matches"], "elo": r["elo"], "annulled": r["annulled"]}
                     for r in reports],
        "standing": standing(names, margins),
        "run": {"seconds": round(time.perf_counter() - start, 3),
                "workers": first["run"]["workers"], "backend": backend},
    }
