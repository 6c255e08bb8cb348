"""The levels offered to people: ``beginner``, ``casual``, ``club`` and ``expert``.

Each is a documented bot with its default budget (docs/strength.md measures each against the
one below):

* ``beginner`` — the first heuristic player (``rules-v1``'s play and bidding): bids from the
  strength of its first cards, wins tricks cheaply, throws points to a partner; no counting.
* ``casual`` — the ``rules`` player: card and void counting, bidding from the points its side
  can expect; no look-ahead.  Both answer in well under a millisecond.
* ``club`` — ``expert``'s auction, trump choice and windows (the learned bid model on sampled
  deals) with ``casual``'s card play: a sound bidder that plays by rules of thumb.  Default
  budget 0.5 (48 sampled deals a bid; a raise or a redeal solves 24 deals), milliseconds a
  decision except the raise.
* ``expert`` — :class:`~twentyeight.bots.expert.ExpertBot`: the same auction and every card
  searched on sampled deals.  Default budget 0.5 (:meth:`ExpertEffort.of
  <twentyeight.bots.expert.ExpertEffort.of>`: 28 deals and 800 000 solver nodes a card);
  docs/strength.md has its times.

``random``, ``rules-v1``, ``rules``, ``pimc``, ``ismcts`` and ``oracle`` stay registered for
measurement (the arena, tests); they are not offered, but every table seats them by name.
"""

from __future__ import annotations

from twentyeight.bots.base import View, register
from twentyeight.bots.expert import ExpertBot
from twentyeight.bots.rules_bot import RulesBot
from twentyeight.bots.rules_v1 import RulesV1Bot
from twentyeight.engine.actions import Action

__all__ = ["BeginnerBot", "CasualBot", "ClubBot"]


@register("beginner")
class BeginnerBot(RulesV1Bot):
    """The first heuristic player, as a level."""

    level = 1
    offered = True
    description = "plays by simple rules of thumb, no card counting"


@register("casual")
class CasualBot(RulesBot):
    """The ``rules`` player, as a level."""

    level = 2
    offered = True
    description = "counts the cards and bids from its points, no look-ahead"


@register("club")
class ClubBot(ExpertBot):
    """``expert``'s bidding and windows, ``casual``'s card play."""

    level = 3
    offered = True
    description = "bids like the expert, plays by rules of thumb"

    def _play(self, view: View, legal: list[Action]) -> Action | None:
        return self.helper.decide(view, legal)

    def _play_alone(self, view: View, legal: list[Action]) -> Action | None:
        return self.helper.decide(view, legal)
