"""The gain of each of the expert's declarations: the same bot that always passes it.

Each class here is ``club`` (the expert at a tenth of the budget given: quicker; before
this, the expert's auction and windows with the ``rules`` card play) or ``expert`` with one
declaration switched off, so that the arena measures what deciding it by value is worth
(docs/strength.md):

    PYTHONPATH=src:benchmarks twentyeight arena --bots club,bot_declarations:ClubNoRaise \\
        --rules 28 --deals 500 --seed 7 --workers 1 --budget 0.25
    PYTHONPATH=src:benchmarks twentyeight arena --bots club,bot_declarations:ClubNoDouble \\
        --rules '{"preset": "28", "double_redouble": true}' --deals 500 --seed 7 --workers 1
    PYTHONPATH=src:benchmarks twentyeight arena --bots club,bot_declarations:ClubKeepsZero \\
        --rules 28 --deals 500 --seed 7 --workers 1

    PYTHONPATH=src:benchmarks twentyeight arena --bots club,bot_declarations:ClubNoSingle \
        --rules '{"preset": "28", "single_hand": true}' --deals 500 --seed 7 --workers 1
    PYTHONPATH=src:benchmarks twentyeight arena --bots club,bot_declarations:ClubNoThani \
        --rules '{"preset": "28", "thani": true}' --deals 500 --seed 7 --workers 1
    PYTHONPATH=src:benchmarks twentyeight arena --bots club,bot_declarations:ClubNoCot \
        --rules '{"preset": "28", "cot": true}' --deals 500 --seed 7 --workers 1

``ClubNoRaise`` never raises (28-RAISE-1), ``ClubNoDouble`` never doubles, redoubles or
calls 'C' (28-DBL-1…7), ``ClubKeepsZero`` never claims a zero-point redeal (28-POST-3),
``ClubNoSingle`` never plays a single hand (28-SH-1), ``ClubNoThani`` never declares Thani
(28-TH-1), ``ClubNoCot`` never concedes Cot and accepts every concession (28-COT-2…4, what
the ``rules`` player does); the ``Expert…`` classes are the same with the expert's card play.
"""

from __future__ import annotations

from twentyeight.bots.base import View
from twentyeight.bots.expert import ExpertBot
from twentyeight.bots.levels import ClubBot
from twentyeight.engine.actions import Action

__all__ = ["ClubKeepsZero", "ClubNoCot", "ClubNoDouble", "ClubNoRaise", "ClubNoSingle",
           "ClubNoThani", "ExpertKeepsZero", "ExpertNoCot", "ExpertNoDouble", "ExpertNoRaise",
           "ExpertNoSingle", "ExpertNoThani"]


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


class _NoSingle(ExpertBot):
    def _alone(self, view: View, verbs: dict[str, Action]) -> Action | None:
        return verbs.get("pass") if "single" in verbs else super()._alone(view, verbs)


class _NoThani(ExpertBot):
    def _alone(self, view: View, verbs: dict[str, Action]) -> Action | None:
        return verbs.get("pass") if "thani" in verbs else super()._alone(view, verbs)


class _NoCot(ExpertBot):
    def _concedes(self, view: View) -> bool:
        return False

    def _cot_answer(self, view: View, verbs: dict[str, Action]) -> Action | None:
        return verbs.get("accept")


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


class ClubNoSingle(_NoSingle, ClubBot):
    """``club`` that never plays a single hand."""


class ClubNoThani(_NoThani, ClubBot):
    """``club`` that never declares Thani."""


class ClubNoCot(_NoCot, ClubBot):
    """``club`` that never concedes Cot and accepts every concession."""


class ExpertNoSingle(_NoSingle):
    """``expert`` that never plays a single hand."""


class ExpertNoThani(_NoThani):
    """``expert`` that never declares Thani."""


class ExpertNoCot(_NoCot):
    """``expert`` that never concedes Cot and accepts every concession."""
