"""``random``: a legal action chosen uniformly at random."""

from __future__ import annotations

from twentyeight.bots.base import Bot, View, register


@register("random")
class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    def act(self, view: View) -> str:
        legal: list[str] = view["legal"]
        return legal[self.rng.randrange(len(legal))]
