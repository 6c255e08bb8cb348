"""The terminal game's coach: ``hint``, ``review`` and the explanations of the rules.

:class:`Coach` turns :mod:`twentyeight.analysis` into lines for one seat of ``twentyeight
play``: the expert's choice with its reason, the review of the seat's decisions once a hand
is over (biggest mistakes first), and a line with the rule ID whenever the rules surprise
(each restriction of the seat's own choices said once a hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from twentyeight.analysis import Expert, default_expert, explain_step, explain_turn, hint
from twentyeight.analysis.review import biggest_first, review_hand
from twentyeight.cli.display import Painter
from twentyeight.engine.actions import Action
from twentyeight.engine.hand import Hand
from twentyeight.views import View

__all__ = ["Coach"]

SHOWN = 5
"""The review lists at most this many decisions that cost something."""


class Coach:
    """Hints, reviews and explanations for ``seat`` (see the module docstring)."""

    def __init__(self, seat: int, paint: Painter, expert: Expert | None = None) -> None:
        self.seat = seat
        self.paint = paint
        self.expert = expert or default_expert()
        self._said: set[str] = set()

    def new_hand(self) -> None:
        """Forget which restrictions were already explained."""
        self._said.clear()

    def hint(self, view: View) -> str:
        """``hint: play 9♣ — wins the trick: …`` (the seat must be to act)."""
        h = hint(view, self.expert)
        return f"hint: {self.action(h.action)} — {h.reason}"

    def explain(self, before: View, after: View) -> list[str]:
        """The explanations of the step between two views of the seat."""
        return [self._note(str(r)) for r in explain_step(before, after)]

    def turn(self, view: View, hand: Hand) -> list[str]:
        """Why some choices are missing at the seat's turn, each said once a hand."""
        out = []
        for reason in explain_turn(view, hand):
            if reason.key not in self._said:
                self._said.add(reason.key)
                out.append(self._note(str(reason)))
        return out

    def review(self, record: Mapping[str, Any], number: int = 0) -> list[str]:
        """The review of the seat's decisions in a finished hand, biggest mistakes first."""
        found = biggest_first(review_hand(record, seats=[self.seat], expert=self.expert,
                                          hand=number))
        costly = [d for d in found if d.sampled.loss > 0 or d.sampled.loss_game_points > 0]
        lines = [self.paint.bold(f"Review: {len(found)} decisions with a choice, "
                                 f"{len(found) - len(costly)} as good as the expert's.")]
        for d in costly[:SHOWN]:
            when = f"trick {d.trick}" if d.trick else d.phase
            k = d.known
            known = f" (every hand known: {self.action(k.best)}, {k.loss:.1f})" if k else ""
            lines.append(
                f"  {when}: you {self.action(d.action)}; the expert: {self.action(d.sampled.best)}"
                f" — {d.sampled.loss:.1f} card points, {d.sampled.loss_game_points:.2f} game "
                f"points{known}")
            lines.append(self.paint.dim(f"    {d.reason}"))
        if len(costly) > SHOWN:
            lines.append(f"  … and {len(costly) - SHOWN} more (`twentyeight analyse` reviews "
                         "whole matches)")
        return lines

    def action(self, action: Action) -> str:
        """An action in the terminal's words: ``play 9♣``, ``bid 16``, ``trump 7♠``."""
        arg = action.arg
        if action.verb in ("play", "trump") and arg and len(arg) == 2 and arg[1] in "SHDC":
            return f"{action.verb} {self.paint.card(arg)}"
        return f"{action.verb} {arg}" if arg else action.verb

    def _note(self, text: str) -> str:
        return self.paint.dim(f"  ⓘ {text}")

