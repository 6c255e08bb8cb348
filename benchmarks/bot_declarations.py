"""The gain of each of the expert's declarations: the same bot that always passes it.

Each class here is ``club`` (the expert's auction and windows, the ``rules`` card play: quick)
or ``expert`` with one declaration switched off, so that the arena measures what deciding it
by value is worth (docs/strength.md):

    PYTHONPATH=src:benchmarks twentyeight arena --bots club,bot_declarations:ClubNoRaise \\
        --rules 28 --deals 500 --seed 7 --workers 1 --budget 0.25
    PYTHONPATH=src:benchmarks twentyeight arena --bots club,bot_declarations:ClubNoDouble \\
        --rules '{"preset": "28", "double_redouble": true}' --deals 500 --seed 7 --workers 1
    PYTHONPATH=src:benchmarks twentyeight arena --bots club,bot_declarations:ClubKeepsZero \\
        --rules 28 --deals 500 --seed 7 --workers 1

``ClubNoRaise`` never raises (28-RAISE-1), ``ClubNoDouble`` never doubles, redoubles or
calls 'C' (28-DBL-1…7), ``ClubKeepsZero`` never claims a zero-point redeal (28-POST-3); the
``Expert…`` classes are the same with the expert's card play.
"""

from __future__ import annotations

from twentyeight.bots.base import View
from twentyeight.bots.expert import ExpertBot
from twentyeight.bots.levels import ClubBot
from twentyeight.engine.actions import Action

__all__ = ["ClubKeepsZero", "ClubNoDouble", "ClubNoRaise", "ExpertKeepsZero",
           "ExpertNoDouble", "ExpertNoRaise"]


class _NoRaise(ExpertBot):
    def _raise(self, view: View, legal: list[Action], verbs: dict[str, Action]
               ) -> Action | None:
        return verbs.get("pass")


class _NoDouble(ExpertBot):
    def _double_window(self, view: View, legal: list[Action], verbs: dict[str, Action]
                       ) -> Action | None:
        return verbs.get("pass")

    def _auction_double(self, view: View, worlds: object, verbs: dict[str, Action],
                        holder: int | None, high: int | None) -> Action | None:
        return None


class _KeepsZero(ExpertBot):
    def _claims_redeal(self, view: View) -> bool:
        return False


class ClubNoRaise(_NoRaise, ClubBot):
    """``club`` that never raises."""


class ClubNoDouble(_NoDouble, ClubBot):
    """``club`` that never doubles, redoubles or calls 'C'."""


class ClubKeepsZero(_KeepsZero, ClubBot):
    """``club`` that never claims a zero-point redeal."""


class ExpertNoRaise(_NoRaise):
    """``expert`` that never raises."""


class ExpertNoDouble(_NoDouble):
    """``expert`` that never doubles, redoubles or calls 'C'."""


class ExpertKeepsZero(_KeepsZero):
    """``expert`` that never claims a zero-point redeal."""
