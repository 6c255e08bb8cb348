"""A hint: the expert's choice for a seat, with one line saying why.

>>> from twentyeight import Game
>>> from twentyeight.analysis import Effort, default_expert, hint
>>> g = Game.new("28", seed=4, dealer=3)
>>> h = hint(g.view(g.to_act), default_expert(Effort(deals=2, playouts=2)))
>>> str(h.action) in g.view(g.to_act)["legal"], h.to_json()["reason"]["key"]
(True, 'hint_playout')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from twentyeight.analysis.expert import Evaluation, Expert, default_expert
from twentyeight.analysis.why import explain_choice
from twentyeight.engine.actions import Action
from twentyeight.engine.reasons import Reason
from twentyeight.views import View

__all__ = ["Hint", "hint"]


@dataclass
class Hint:
    """The expert's choice, why, and the values it chose among."""

    action: Action
    reason: Reason
    evaluation: Evaluation

    def to_json(self) -> dict[str, Any]:
        """``{"action", "reason": {key, rule, params}, "text", "method", "deals", "values"}``:
        only what the view's seat may know (the deals themselves are left out)."""
        ev = self.evaluation
        return {"action": str(self.action), "reason": self.reason.to_json(),
                "text": str(self.reason), "method": ev.method, "deals": ev.deals,
                "values": [v.to_json() for v in ev.values]}


def hint(view: View, expert: Expert | None = None) -> Hint:
    """The expert's choice at ``view`` (its seat must be to act), with its reason.

    Raises :class:`~twentyeight.analysis.search.AnalysisError` when the seat is not to act.
    """
    ev = (expert or default_expert()).evaluate(view)
    best = ev.best.action
    return Hint(best, explain_choice(view, ev, best), ev)
