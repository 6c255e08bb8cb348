"""The levels offered to people: ``beginner``, ``casual``, ``club`` and ``expert``.

Each is a documented bot with its default budget (docs/strength.md measures each against the
one below):

* ``beginner`` — the first heuristic player (``rules-v1``'s play and bidding): bids from the
  strength of its first cards, wins tricks cheaply, throws points to a partner; no counting.
* ``casual`` — the ``rules`` player: card and void counting, bidding from the points its side
  can expect; no look-ahead.  Both answer in well under a millisecond.
* ``club`` — :class:`~twentyeight.bots.expert.ExpertBot` at :data:`CLUB_SHARE` of the budget
  it is given (0.05 by default: see :class:`ClubBot`): the same auction, and
  every card searched on fewer sampled deals with far fewer solver nodes (where a deal is too
  big for them, the ``rules`` player's card).  The expert's margin over ``rules`` is mostly
  its searched defence (docs/strength.md, "Where the expert's margin comes from"), so a
  level between them has to search a little; the expert's auction with ``rules``' card play
  was not measurably above ``casual``.
* ``expert`` — :class:`~twentyeight.bots.expert.ExpertBot`: the same auction and every card
  searched on sampled deals.  Default budget 0.5 (:meth:`ExpertEffort.of
  <twentyeight.bots.expert.ExpertEffort.of>`: 28 deals and 800 000 solver nodes a card);
  docs/strength.md has its times.

``random``, ``rules-v1``, ``rules``, ``pimc``, ``ismcts`` and ``oracle`` stay registered for
measurement (the arena, tests); they are not offered, but every table seats them by name.
"""

from __future__ import annotations

from twentyeight.bots.base import register
from twentyeight.bots.expert import DEFAULT_BUDGET, ExpertBot
from twentyeight.bots.rules_bot import RulesBot
from twentyeight.bots.rules_v1 import RulesV1Bot

__all__ = ["CLUB_SHARE", "BeginnerBot", "CasualBot", "ClubBot"]

CLUB_SHARE = 0.1
"""The share of the budget given that ``club`` spends (:class:`ClubBot`)."""


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
    """``expert`` at :data:`CLUB_SHARE` of the budget given (the default budget if none).

    At the default 0.5 it searches with the counts of budget 0.05
    (:meth:`ExpertEffort.of <twentyeight.bots.expert.ExpertEffort.of>`): 10 deals and 80 000
    solver nodes a card (twice the nodes in the first two tricks), 19 deals a bid, 12 deals
    and 200 000 nodes for a raise or a redeal; where too few deals fit the nodes it plays the
    ``rules`` card (``benchmarks/bot_fallback.py --budget 0.05``: 12 of 32 cards of the first
    trick, 3 of 35 of the second, none later).  A budget given by a table or ``bot serve`` is
    scaled the same way, so ``club`` stays below ``expert`` at every budget.

    >>> from twentyeight.bots.expert import ExpertEffort
    >>> ClubBot(seed=1).effort_x == ExpertEffort.of(0.05)
    True
    """

    level = 3
    offered = True
    description = "bids like the expert, plays each card by solving a few sampled deals"
    think_cards = (0.4, 0.25, 0.2)           # a tenth of the expert's counts
    think_calls = 0.2
    think_windows = 0.4

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        given = DEFAULT_BUDGET if budget is None else budget
        super().__init__(seed, CLUB_SHARE * given)
