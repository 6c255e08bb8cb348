"""``random``: a legal action chosen uniformly at random."""

from __future__ import annotations

from twentyeight.bots.base import Bot, View, register
from twentyeight.engine.actions import Action


@register("random")
class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    def decide(self, view: View, legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
