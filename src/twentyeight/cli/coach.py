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
from twentyeight.analysis.review import biggest_first, cost_words, review_hand
from twentyeight.cli.display import PHASE_WORDS, Painter, your_call
from twentyeight.engine.actions import Action
from twentyeight.engine.hand import Hand
from twentyeight.record import read_hand_record
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
        """``hint: play 9♣ — wins the trick: …``, ``hint: reveal the trump (reveal) — …``:
        the expert's choice in words, with the command that types it where the words are not
        that command (the seat must be to act)."""
        h = hint(view, self.expert)
        return f"hint: {self.action(h.action, view['phase'], typed=True)} — {h.reason}"

    def explain(self, before: View, after: View) -> list[str]:
        """The explanations of the step between two views of the seat (but an annulment,
        which the end of the hand tells with its rule and whose cards it was)."""
        return [self._note(str(r)) for r in explain_step(before, after) if r.key != "annulled"]

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
        rules = read_hand_record(record).rules
        costly = [d for d in found if d.sampled.costly]
        lines = [self.paint.bold(f"Review: {len(found)} decisions with a choice, "
                                 f"{len(found) - len(costly)} as good as the expert's.")]
        for d in costly[:SHOWN]:
            when = f"trick {d.trick}" if d.trick else PHASE_WORDS.get(d.phase, d.phase)
            k = d.known
            known = (f" (every hand known: {self.action(k.best, d.phase)}, cost "
                     f"{cost_words(k.loss, k.loss_game_points, rules)})" if k else "")
            lines.append(
                f"  {when}: you {self.action(d.action, d.phase)}; the expert: "
                f"{self.action(d.sampled.best, d.phase)} — cost "
                f"{cost_words(d.sampled.loss, d.sampled.loss_game_points, rules)}{known}")
            lines.append(self.paint.dim(f"    {d.reason}"))
        if len(costly) > SHOWN:
            lines.append(f"  … and {len(costly) - SHOWN} more (`twentyeight analyse` reviews "
                         "whole matches)")
        return lines

    def action(self, action: Action, phase: str | None = None, typed: bool = False) -> str:
        """An action of the seat's in words, as the rest of the terminal says it: ``play
        9♣``, ``bid 16``, ``lay 7♠ face down as trump``, ``reveal the trump``; a pass in a
        window (``phase``) says what it passes (``do not raise``).  ``typed``: with the
        command that types it in brackets where the words are not that command (``reveal
        the trump (reveal)``, ``name ♦ diamonds as trump (trump D)``)."""
        words, command = your_call(str(action), self.paint, phase)
        return f"{words} ({command})" if typed and command else words

    def _note(self, text: str) -> str:
        return self.paint.dim(f"  ⓘ {text}")

