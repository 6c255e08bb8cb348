"""Per-rules constants that the engine looks up on every move, computed once per :class:`Rules`."""

from __future__ import annotations

from twentyeight.cards import Deck
from twentyeight.rules import Rules

Tiers = tuple[tuple[int, int, int], ...]
"""(lowest contract, win, loss) from the highest tier down."""

TIERS: dict[str, Tiers] = {
    "pagat_tiered": ((25, 3, 4), (20, 2, 3), (0, 1, 2)),        # RULES.md §2.17.2
    "flat": ((0, 1, 1),),
    "forty": ((34, 3, 4), (30, 2, 3), (0, 1, 2)),               # 40-6
    "kerala_six": ((20, 2, 3), (0, 1, 2)),                      # 6PK-6, A-6P-02
    "international": ((56, 4, 5), (48, 3, 4), (40, 2, 3), (0, 1, 2)),   # 56-SC-2
    "rm3": ((56, 3, 4), (40, 2, 3), (0, 1, 2)),                 # C-56-07
}
THANI_VALUES = {"kerala_six": (3, 4), "forty": (4, 5)}
"""Thani's (win, loss) where a scale says so ([KC97]; 40-6, the same as pagat's); otherwise
pagat's +4 / -5 (28-TH-3)."""
SINGLE_VALUES = {"forty": (4, 5)}
"""A single hand's (win, loss) where a scale says so (40-6: as Thani); otherwise ±3 (28-SH-4)."""


class Tables:
    """Seat, team and deck tables of one rule set (shared by every hand played under it)."""

    __slots__ = (
        "auction_claims",
        "auction_doubling",
        "bid_denominations",
        "cards_each",
        "deal_checks_56",
        "deck",
        "dedupe",
        "described",
        "first_batch",
        "hybrid_trick",
        "kq_masks",
        "lead_restriction",
        "max_bid",
        "min_bid",
        "n",
        "n_teams",
        "next_seat",
        "pair_cap",
        "points_in_play",
        "rules",
        "said",
        "second_deal",
        "sides",
        "single_values",
        "spec",
        "stop_decided",
        "team_of",
        "team_seats",
        "thani_call",
        "thani_values",
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
        self.cards_each = rules.cards_each
        self.first_batch = rules.first_batch
        self.second_deal = self.first_batch < self.cards_each
        self.tricks_total = self.cards_each
        self.n_teams = rules.teams
        self.team_of = tuple(s % self.n_teams for s in range(n))
        self.team_seats = tuple(tuple(s for s in range(n) if self.team_of[s] == t)
                                for t in range(self.n_teams))
        self.next_seat = tuple((s + 1) % n for s in range(n))
        self.sides = tuple(tuple(self.team_of[s] == team for s in range(n))
                           for team in range(self.n_teams))
        """``sides[team][s]``: seat ``s`` plays with ``team`` (or against it, as one side)."""
        self.min_bid = rules.min_bid
        self.max_bid = rules.effective_max_bid
        scale = rules.stake_table if rules.scoring == "fifty_six" else rules.scoring
        self.tiers = TIERS[scale]
        self.thani_values = THANI_VALUES.get(rules.scoring, (4, 5))
        self.single_values = SINGLE_VALUES.get(rules.scoring, (3, 3))
        # 56-AUC-3: a bid names a denomination (1–4 the suits, 5 no-trump) with open trump
        self.bid_denominations = (1, 2, 3, 4, 5) if rules.trump_mode == "open" else (0,)
        kq = []
        for s in range(4):
            base = s * deck.per_suit
            suit = range(base, base + deck.per_suit)
            kq.append(sum(1 << c for c in suit if deck.rank_of[c] in "KQ")
                      if any(deck.rank_of[c] == "K" for c in suit) else 0)
        self.kq_masks = tuple(kq)
        self.dedupe = bool(deck.second_copy)
        self.whole_trick = rules.trump_effect_in_reveal_trick == "whole_trick"
        self.hybrid_trick = rules.trump_effect_in_reveal_trick == "c56_hybrid"
        self.pair_cap = deck.points_total
        self.points_in_play = deck.points_total + (1 if rules.last_trick_bonus else 0)
        self.lead_restriction = rules.trump_lead_restriction
        # 56-DBL: doubles are calls of the rotation auction with open trump; the Kerala
        # team-alternating auction has none (§1.4.2), so a table that wants doubling there
        # doubles after it, in 28-DBL-1's window, as a hidden-trump table does
        self.auction_doubling = (rules.trump_mode == "open" and rules.double_redouble
                                 and rules.auction_procedure == "rotation")
        self.thani_call = rules.thani_56
        # may a redeal be claimed during the auction at all (28-PRE-1, 56-ANN-3, 28-POST-3)?
        self.auction_claims = (rules.first_hand_pointless_redeal
                               or rules.zero_point_first_hand_cancel
                               or (rules.zero_point_hand_redeal == "optional"
                                   and not self.second_deal))
        self.deal_checks_56 = (rules.one_suit_opener_redeal or rules.one_suit_hand_redeal
                               or rules.redeal_team_without_jack
                               or rules.redeal_max_hand_points is not None)
        self.stop_decided = rules.stop_when_decided
        self.spec = rules.to_spec()
        """The rules' record form (:meth:`Rules.to_spec`), worked out once: every view names it."""
        self.described: dict[int, str] = {}
        """Each action code's notation without the seat, as :meth:`Hand.describe` first made it
        (a few dozen codes per rule set)."""
        self.said: dict[int, str] = {}
        """Each history entry's notation with its seat (``"2 play 9S"``), as views tell it."""


def tables_for(rules: Rules) -> Tables:
    """The tables of a rule set, kept on the Rules value itself (hashing Rules is slow)."""
    tables: Tables | None = rules.__dict__.get("_tables")
    if tables is None:
        tables = Tables(rules)
        object.__setattr__(rules, "_tables", tables)
    return tables
