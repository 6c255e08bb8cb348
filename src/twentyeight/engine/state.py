"""The data of one hand in progress, and the few operations every phase shares.

The state is a handful of ints and short lists: hands are bit masks, actions are ints, and a
copy is cheap.  The phase modules (``auction``, ``windows``, ``play``) read and change it.
"""

from __future__ import annotations

from twentyeight.cards import Card, Mask
from twentyeight.engine.actions import SEAT_SHIFT
from twentyeight.engine.tables import Tables
from twentyeight.rules import Rules

# phases, in the order of RULES.md §2.9
AUCTION, TRUMP, DOUBLE, REDOUBLE, RAISE, SINGLE_WINDOW, THANI_WINDOW, PLAY, COT, OVER = range(10)
PHASE_NAMES = ("auction", "trump", "double", "redouble", "raise", "single_hand", "thani",
               "play", "cot", "over")

# status
IN_PROGRESS, COMPLETE, ANNULLED = range(3)
STATUS_NAMES = ("in_progress", "complete", "annulled")

# special contracts and outcomes
NORMAL, SINGLE_HAND, THANI_HAND, SHOW_EIGHT, SHOW_CERTAIN, THANI_ALONE = range(6)
SPECIAL_NAMES = (None, "single_hand", "thani", "eight_of_a_suit", "certain_hand", "thani_56")


class HandState:
    """Everything that describes one hand at one moment.  See :class:`~twentyeight.engine.Hand`."""

    # every field is listed in the annotations below, grouped by what it is for
    __slots__ = (
        "annul_reason", "asker", "bid_team", "bidder", "bidding_lost", "bids_made",
        "bonus_team", "c_called", "claim_seats", "conceded_by", "contract", "cot_accepted",
        "cot_refused", "deal", "dealer", "dealt", "decided_match", "declarer", "denomination",
        "doubled_by", "first", "hands", "high", "high_bidder", "high_den", "history", "imposed",
        "indicator", "indicator_only", "last_reveal_pending", "leader", "led_mask",
        "multiplier", "must_trump", "n", "next_seat", "out_mask", "pair_by", "pair_holder",
        "passed", "passes", "phase", "played_seats", "power", "queue", "raises", "redoubled_by",
        "restricted", "reveal_index", "reveal_trick", "revealed", "revealed_by", "reverse",
        "rules", "scores", "seventh", "special", "special_seat", "status", "suit_masks",
        "suit_of", "t", "ta_min", "ta_next", "ta_out", "team_points", "to_act", "trick_cards",
        "trick_seats", "trick_size", "tricks", "trump", "trump_led_by_other", "trump_played",
        "won_after_reveal", "won_any", "zero_point",
    )

    t: Tables
    rules: Rules
    n: int
    dealer: int
    first: int
    deal: tuple[tuple[Card, ...], ...]
    dealt: tuple[Mask, ...]
    scores: tuple[int, ...]
    hands: list[Mask]
    phase: int
    to_act: int | None
    history: list[int]
    status: int
    annul_reason: str | None
    queue: list[int]
    high: int
    high_bidder: int
    high_den: int
    """Denomination of the high bid: 0 none, 1–4 a suit (S H D C), 5 no-trump (56-AUC-3)."""
    bids_made: list[int]
    imposed: bool
    """28 no-trump imposed after everybody passed (C-56-04), which cannot be doubled."""
    ta_next: list[int]
    ta_out: list[int]
    ta_min: int
    """State of the Kerala team-alternating auction (RULES-56.md §1.4.2)."""
    passes: int
    passed: int
    bidder: int
    bid_team: int
    contract: int
    denomination: int
    trump: int
    indicator: Card
    seventh: bool
    reverse: bool
    power: tuple[int, ...]
    restricted: bool
    multiplier: int
    doubled_by: int
    redoubled_by: int
    c_called: bool
    raises: list[tuple[int, int]]
    special: int
    declarer: int
    special_seat: int
    out_mask: int
    next_seat: tuple[int, ...]
    trick_size: int
    revealed: bool
    revealed_by: int
    reveal_trick: int
    reveal_index: int
    last_reveal_pending: bool
    leader: int
    trick_seats: list[int]
    trick_cards: list[Card]
    asker: int
    must_trump: bool
    indicator_only: bool
    tricks: list[tuple[int, list[int], list[Card], int, int]]
    """(leader, seats, cards, winner, card points) of each completed trick; never changed."""
    team_points: list[int]
    bonus_team: int
    won_after_reveal: int
    won_any: int
    bidding_lost: bool
    led_mask: Mask
    trump_played: bool
    decided_match: int
    """A 56 Thani with stake "match": the team that wins the match by it, else -1."""
    trump_led_by_other: bool
    played_seats: int
    zero_point: int
    pair_by: int
    pair_holder: int
    claim_seats: int
    conceded_by: int
    cot_refused: bool
    cot_accepted: bool
    suit_masks: tuple[Mask, ...]
    suit_of: tuple[int, ...]

    # ---- shared operations -----------------------------------------------------------
    def log(self, code: int) -> int:
        """Append the action of the player to act to the history; return that player."""
        seat = self.to_act
        assert seat is not None
        self.history.append(seat << SEAT_SHIFT | code)
        return seat

    def bidding_side_order(self) -> list[int]:
        """The bidder, then his partners in turn order (28-DBL-4, 28-RAISE-4)."""
        team = self.t.team_seats[self.bid_team]
        start = team.index(self.bidder)
        return list(team[start:] + team[:start])

    def annul(self, reason: str) -> None:
        """End the hand without a score (28-ANN-3): the same dealer deals again."""
        self.status = ANNULLED
        self.annul_reason = reason
        self.phase = OVER
        self.to_act = None

    def finish(self) -> None:
        """End the hand; it is then scored (§2.17)."""
        self.status = COMPLETE
        self.phase = OVER
        self.to_act = None

    def expose(self, index: int, by: int) -> None:
        """Turn the trump face up before the ``index``-th card of the current trick (28-REV-2).

        The indicator joins the bidder's hand (28-TRUMP-4); 28-ANN-2 is checked at once.
        """
        self.revealed = True
        self.revealed_by = by
        self.reveal_index = index
        self.reveal_trick = len(self.tricks)
        self.last_reveal_pending = False
        if self.indicator >= 0:
            self.hands[self.bidder] |= 1 << self.indicator
        kq = self.t.kq_masks[self.trump]
        if self.rules.pair_rule and kq:             # who, if anyone, could ever show a pair
            for s in range(self.n):
                if self.dealt[s] & kq == kq:
                    self.pair_holder = s
                    self.claim_seats |= 1 << s
        if self.rules.bidding_side_all_trumps_redeal and self.rules.pack != "56" \
                and not self.opponents_hold_trump():
            self.annul("bidding_side_all_trumps")

    def opponents_hold_trump(self) -> bool:
        """Whether any opponent of the bidding side was dealt a card of the trump suit."""
        suit = self.t.deck.suit_masks[self.trump]
        team_of = self.t.team_of
        return any(self.dealt[s] & suit for s in range(self.n) if team_of[s] != self.bid_team)
