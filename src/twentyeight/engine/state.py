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
PHASE_BITS = 4
"""The phases fit in this many bits (:attr:`HandState.call_phases`)."""
PHASE_NAMES = ("auction", "trump", "double", "redouble", "raise", "single_hand", "thani",
               "play", "cot", "over")

# status
IN_PROGRESS, COMPLETE, ANNULLED = range(3)
STATUS_NAMES = ("in_progress", "complete", "annulled")

# special contracts and outcomes
NORMAL, SINGLE_HAND, THANI_HAND, SHOW_EIGHT, SHOW_CERTAIN, THANI_ALONE = range(6)
SPECIAL_NAMES = (None, "single_hand", "thani", "eight_of_a_suit", "certain_hand", "thani_56")


class PlayState:
    """The play of the cards: every field the rules of play read or change (RULES.md §2.10–§2.14).

    The engine's :class:`HandState` extends it with the auction and the windows; the solver's
    :class:`~twentyeight.solver.position.Position` is a bare play state searched with apply and
    undo.  The functions of :mod:`twentyeight.engine.play` are the one implementation of the
    play for both.
    """

    __slots__ = (
        "annul_reason", "annul_seat", "asker", "bid_points", "bid_side", "bid_team", "bidder",
        "c_called", "claim_seats", "conceded_by", "contract", "cot_accepted", "cot_refused",
        "dealt", "declarer", "hands", "history", "indicator", "indicator_only",
        "last_reveal_pending", "leader", "led_mask", "must_trump", "n", "next_seat", "opp_points",
        "pair_by", "phase", "played_seats", "power", "restricted", "reveal_index", "reveal_trick",
        "revealed", "revealed_by", "reverse", "rules", "special", "status", "suit_masks", "suit_of",
        "t", "to_act", "trick_cards", "trick_seats", "trick_size", "tricks", "trump",
        "trump_led_by_other", "trump_played", "won_after_reveal", "won_any", "zero_point",
    )

    # ---- fixed for the play: set by the auction, the windows and start_play ------------
    t: Tables
    rules: Rules
    n: int
    dealt: tuple[Mask, ...]
    """Every seat's cards as dealt (the pair and 28-ANN-2 read them)."""
    bidder: int
    bid_team: int
    bid_side: tuple[bool, ...]
    """``bid_side[s]``: seat ``s`` plays for the bidding side.  At three and six players the
    bidder's team plays against everyone else as one side (RULES.md §1.3, 3P-6)."""
    contract: int
    trump: int
    indicator: Card
    reverse: bool
    power: tuple[int, ...]
    restricted: bool
    special: int
    declarer: int
    c_called: bool
    """The bidder called 'C' (28-DBL-7): no Cot concession then (RULES.md §2.17.3)."""
    next_seat: tuple[int, ...]
    trick_size: int
    zero_point: int
    suit_masks: tuple[Mask, ...]
    suit_of: tuple[int, ...]

    # ---- changed by the play -------------------------------------------------------------
    hands: list[Mask]
    history: list[int]
    """Every decision so far, ``seat << SEAT_SHIFT | code`` (only appended)."""
    phase: int
    to_act: int | None
    status: int
    annul_reason: str | None
    annul_seat: int | None
    """Whose cards annulled the hand, where they were one player's (shown, as the rule has
    them shown: four jacks, eight of a suit, no point card; or the player who claimed the
    redeal); ``None`` otherwise."""
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
    """(leader, seats, cards, winner, card points) of each completed trick; only appended,
    and its lists are not changed again."""
    bid_points: int
    """The bidding side's card points, with the last-trick point (29-SCORE-1)."""
    opp_points: int
    """The other side's card points, with the last-trick point."""
    won_after_reveal: int
    """Bit 0: the bidding side won a trick completed after the exposure; bit 1: the others."""
    won_any: int
    """Bit 0: the bidding side won a trick; bit 1: the others did."""
    led_mask: Mask
    trump_played: bool
    trump_led_by_other: bool
    played_seats: int
    pair_by: int
    claim_seats: int
    conceded_by: int
    cot_refused: bool
    cot_accepted: bool

    def points_left(self) -> int:
        """Card points not yet won, with the last-trick point while it is still to be won."""
        return self.t.points_in_play - self.bid_points - self.opp_points

    def log(self, code: int) -> int:
        """Append the action of the player to act to the history; return that player."""
        seat = self.to_act
        assert seat is not None
        self.history.append(seat << SEAT_SHIFT | code)
        return seat

    @property
    def bidding_lost(self) -> bool:
        """The other side has won a trick (28-COT)."""
        return bool(self.won_any & 2)

    # ---- shared operations -----------------------------------------------------------
    def annul(self, reason: str, seat: int | None = None) -> None:
        """End the hand without a score (28-ANN-3): the same dealer deals again; ``seat``: whose
        cards annulled it (:attr:`annul_seat`)."""
        self.status = ANNULLED
        self.annul_reason = reason
        self.annul_seat = seat
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
                    self.claim_seats |= 1 << s
        if self.rules.bidding_side_all_trumps_redeal and self.rules.pack != "56" \
                and not self.opponents_hold_trump():
            self.annul("bidding_side_all_trumps")

    def full_hand(self, seat: int) -> Mask:
        """A seat's cards now, counting the bidder's face-down indicator."""
        cards = self.hands[seat]
        if seat == self.bidder and self.indicator >= 0 and not self.revealed:
            cards |= 1 << self.indicator
        return cards

    def may_claim_zero_point(self, seat: int) -> bool:
        """28-POST-3: the zero-point redeal is open on the holder's turns until his first
        card, but not once he has asked or revealed in this trick (his only actions then are
        the plays the rules allow: RULES.md §7, 28-REV-3)."""
        return bool(self.zero_point >> seat & 1 and not self.played_seats >> seat & 1
                    and self.asker != seat)

    def opponents_hold_trump(self) -> bool:
        """Whether any opponent of the bidding side was dealt a card of the trump suit."""
        suit = self.t.deck.suit_masks[self.trump]
        team_of = self.t.team_of
        return any(self.dealt[s] & suit for s in range(self.n) if team_of[s] != self.bid_team)


class HandState(PlayState):
    """Everything that describes one hand at one moment.  See :class:`~twentyeight.engine.Hand`."""

    # the auction and the windows; the play's fields are PlayState's
    __slots__ = (
        "bids_made", "call_phases", "deal", "dealer", "decided_match", "denomination",
        "doubled_by", "first", "high", "high_bidder", "high_den", "imposed",
        "multiplier", "out_mask", "passed", "passes", "queue", "raises", "redoubled_by",
        "scores", "seventh", "special_seat", "ta_min", "ta_next", "ta_out",
    )

    dealer: int
    first: int
    deal: tuple[tuple[Card, ...], ...]
    call_phases: list[int]
    """``index << PHASE_BITS | phase`` of every history entry made outside the auction that
    is not a card (the trump choice, a window's call, ask, reveal, pair, Cot); see
    :meth:`~twentyeight.engine.Hand.history_phases`."""
    scores: tuple[int, ...]
    queue: list[int]
    high: int
    high_bidder: int
    high_den: int
    """Denomination of the high bid: 0 none, 1–4 a suit (S H D C), 5 no-trump (56-AUC-3)."""
    bids_made: list[int]
    imposed: bool
    """28 imposed after everybody passed (C-56-04), which cannot be doubled."""
    ta_next: list[int]
    ta_out: list[int]
    ta_min: int
    """State of the Kerala team-alternating auction (RULES-56.md §1.4.2)."""
    passes: int
    passed: int
    denomination: int
    seventh: bool
    multiplier: int
    doubled_by: int
    redoubled_by: int
    raises: list[tuple[int, int]]
    special_seat: int
    out_mask: int
    decided_match: int
    """A 56 Thani with stake "match": the team that wins the match by it, else -1."""

    def bidding_side_order(self) -> list[int]:
        """The bidder, then his partners in turn order (28-DBL-4, 28-RAISE-4)."""
        team = self.t.team_seats[self.bid_team]
        start = team.index(self.bidder)
        return list(team[start:] + team[:start])
