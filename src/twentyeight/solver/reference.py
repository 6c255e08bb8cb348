"""Brute force: plain minimax over the engine's own ``legal_codes``/``step``, no pruning.

Slow, and only for small endings, but it uses nothing of the solver: every rule comes from
the engine.  The tests hold :func:`~twentyeight.solver.solve` to it, action by action.  The
values are on the doubled scale of :mod:`twentyeight.solver.values`, with an annulment ranked
by the target of the starting position.
"""

from __future__ import annotations

from twentyeight.engine.hand import Hand
from twentyeight.engine.scoring import bidding_points, target
from twentyeight.engine.state import ANNULLED
from twentyeight.solver.values import annulled, scaled

__all__ = ["brute_force_values"]


def _minimax(h: Hand, annul: int) -> int:
    if h.over:
        return annul if h.status == ANNULLED else scaled(bidding_points(h))
    seat = h.to_act
    assert seat is not None
    values = []
    for code in h.legal_codes():
        child = h.copy()
        child.step(code)
        values.append(_minimax(child, annul))
    return max(values) if h.t.team_of[seat] == h.bid_team else min(values)


def brute_force_values(h: Hand) -> dict[int, int]:
    """The doubled-scale value of every legal action code of ``h`` (the hand is not changed)."""
    annul = annulled(target(h))
    out = {}
    for code in h.legal_codes():
        child = h.copy()
        child.step(code)
        out[code] = _minimax(child, annul)
    return out
