"""Per-rules constants that the engine looks up on every move, computed once per :class:`Rules`."""

from __future__ import annotations

from functools import cache

from twentyeight.cards import Deck
from twentyeight.rules import Rules

PAGAT_TIERS = ((25, 3, 4), (20, 2, 3), (0, 1, 2))
"""(lowest contract, win, loss) from the highest tier down: RULES.md §2.17.2."""
FLAT_TIERS = ((0, 1, 1),)


class Tables:
    """Seat, team and deck tables of one rule set (shared by every hand played under it)."""

    __slots__ = (
        "cards_each",
        "deck",
        "dedupe",
        "first_batch",
        "kq_masks",
        "max_bid",
        "min_bid",
        "n",
        "n_teams",
        "next_seat",
        "pair_cap",
        "rules",
        "team_of",
        "team_seats",
        "tiers",
        "tricks_total",
        "whole_trick",
    )

    def __init__(self, rules: Rules) -> None:
        deck: Deck = rules.deck
        n = rules.num_players
        self.rules = rules
        self.deck = deck
        self.n = n
        self.cards_each = deck.size // n
        self.first_batch = 4 if n <= 4 else self.cards_each
        self.tricks_total = self.cards_each
        self.team_of = tuple(s % 2 for s in range(n))
        self.n_teams = 2
        self.team_seats = tuple(tuple(s for s in range(n) if self.team_of[s] == t)
                                for t in range(self.n_teams))
        self.next_seat = tuple((s + 1) % n for s in range(n))
        self.min_bid = rules.min_bid
        self.max_bid = rules.effective_max_bid
        self.tiers = PAGAT_TIERS if rules.scoring == "pagat_tiered" else FLAT_TIERS
        kq = []
        for s in range(4):
            base = s * deck.per_suit
            king = next(c for c in range(base, base + deck.per_suit) if deck.rank_of[c] == "K")
            queen = next(c for c in range(base, base + deck.per_suit) if deck.rank_of[c] == "Q")
            kq.append(1 << king | 1 << queen)
        self.kq_masks = tuple(kq)
        self.dedupe = bool(deck.second_copy)
        self.whole_trick = rules.trump_effect_in_reveal_trick == "whole_trick"
        self.pair_cap = deck.points_total


@cache
def tables_for(rules: Rules) -> Tables:
    """The (cached) tables of a rule set."""
    return Tables(rules)
