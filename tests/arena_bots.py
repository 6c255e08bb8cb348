"""Small bots for tests/test_arena.py, loaded by name as ``arena_bots:Class``."""

from __future__ import annotations

import time

from twentyeight.bots.base import Bot, View
from twentyeight.bots.random_bot import RandomBot


class RandomCopy(RandomBot):
    """Plays exactly like ``random``, under another name (so with other seeds)."""


class Passer(Bot):
    """Passes whenever it may, and otherwise plays the first legal action."""

    def act(self, view: View) -> str:
        legal: list[str] = view["legal"]
        return next((a for a in legal if a.split()[1] == "pass"), legal[0])


class Slow(RandomBot):
    """Plays like ``random`` after a pause of 20 ms: an arena of it lasts (Ctrl-C's test)."""

    def act(self, view: View) -> str:
        time.sleep(0.02)
        return super().act(view)
