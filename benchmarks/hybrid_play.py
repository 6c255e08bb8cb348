"""The expert's auction, trump and declarations with ``ismcts``' card play, to measure
whose card play is stronger on the same deals (docs/strength.md, "ismcts"):

    PYTHONPATH=src:benchmarks twentyeight arena --bots hybrid_play:ExpertIsmPlay,expert \\
        --rules bhoos-29 --deals 100 --seed S --workers 1 --json
"""

from __future__ import annotations

from twentyeight.bots.base import View
from twentyeight.bots.expert import ExpertBot
from twentyeight.bots.ismcts import IsmctsBot
from twentyeight.engine.actions import Action

__all__ = ["ExpertIsmPlay"]


class ExpertIsmPlay(ExpertBot):
    """``expert`` whose ordinary card play (cards, asking, revealing) is ``ismcts``' at the
    same budget."""

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed, budget)
        self.card_player = IsmctsBot(seed, budget)

    def _play(self, view: View, legal: list[Action]) -> Action | None:
        return self.card_player.decide(view, legal)
