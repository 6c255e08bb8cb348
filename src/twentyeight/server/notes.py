"""The explanations of the rules that go with a seat's ``state`` message (``notes``).

Each note is ``{key, rule, params, text, kind}`` (a :class:`~twentyeight.engine.reasons.Reason`
with its English text): ``kind`` ``"step"`` explains what the action just taken did (a lower
trump that won, a pair that moved the target, an annulment, a forced reveal:
:func:`~twentyeight.analysis.surprises.explain_step`), ``"turn"`` why some of the seat's own
choices are missing at its turn (a bid floor, the bidder's restrictions:
:func:`~twentyeight.analysis.surprises.explain_turn`).  They are made from the seat's own
view and the public view before the action — nothing the seat may not know — and cost a few
dictionary lookups: no replay, no search.
"""

from __future__ import annotations

from typing import Any

from twentyeight.analysis.surprises import explain_step, explain_turn
from twentyeight.engine.hand import Hand
from twentyeight.engine.reasons import Reason
from twentyeight.views import View

__all__ = ["Note", "step_notes", "turn_notes"]

Note = dict[str, Any]


def step_notes(before: dict[str, Any], after: View) -> list[Note]:
    """What to tell ``after``'s seat about the action between ``before`` (the public view
    of the hand just before it) and ``after`` (the seat's view of that hand just after)."""
    return [_note(r, "step") for r in explain_step(before, after)]  # type: ignore[arg-type]


def turn_notes(view: View, hand: Hand) -> list[Note]:
    """Why some choices are missing at ``view``'s seat's turn (``[]`` when not its turn)."""
    if view["seat"] is None or hand.to_act != view["seat"]:
        return []
    return [_note(r, "turn") for r in explain_turn(view, hand)]


def _note(reason: Reason, kind: str) -> Note:
    return {**reason.to_json(), "text": str(reason), "kind": kind}
