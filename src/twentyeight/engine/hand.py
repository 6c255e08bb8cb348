"""One hand of play, from the first deal to the score: the engine's state machine.

:class:`Hand` speaks integer action codes (fast, for bots and simulation); the public
:class:`~twentyeight.game.Game` wraps it with the notation of RECORDS.md.

>>> from twentyeight.rules import RECOMMENDED
>>> h = Hand.from_seed(RECOMMENDED, seed=7, dealer=3)
>>> h.to_act, [h.describe(c) for c in h.legal_codes()][:3]
(0, ['bid 14', 'bid 15', 'bid 16'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from twentyeight.cards import Card
from twentyeight.engine import auction, auction_duel, auction_kerala, play, windows
from twentyeight.engine.actions import (
    CODE_MASK,
    PLAY_LIMIT,
    SEAT_SHIFT,
    Action,
    action_of,
    describe_code,
)
from twentyeight.engine.play import play_card, play_legal, play_verb
from twentyeight.engine.scoring import Score, score
from twentyeight.engine.state import (
    AUCTION,
    COT,
    DOUBLE,
    IN_PROGRESS,
    NORMAL,
    PHASE_BITS,
    PLAY,
    REDOUBLE,
    SINGLE_WINDOW,
    THANI_WINDOW,
    TRUMP,
    HandState,
    PlayState,
)
from twentyeight.engine.state import (
    RAISE as RAISE_PHASE,
)
from twentyeight.engine.tables import tables_for
from twentyeight.rules import Rules

_LEGAL = {
    AUCTION: auction.auction_legal, TRUMP: auction.trump_legal, DOUBLE: auction.double_legal,
    REDOUBLE: auction.redouble_legal, RAISE_PHASE: windows.raise_legal,
    SINGLE_WINDOW: windows.single_legal, THANI_WINDOW: windows.thani_legal, COT: play.cot_legal,
}
_APPLY = {
    AUCTION: auction.auction_apply, TRUMP: auction.trump_apply, DOUBLE: auction.double_apply,
    REDOUBLE: auction.redouble_apply, RAISE_PHASE: windows.raise_apply,
    SINGLE_WINDOW: windows.single_apply, THANI_WINDOW: windows.thani_apply, COT: play.cot_apply,
}


_SLOTS = PlayState.__slots__ + HandState.__slots__
PHASE_MASK = (1 << PHASE_BITS) - 1


def shuffled_pack(size: int, rng: random.Random) -> list[Card]:
    """A uniformly shuffled pack (Fisher–Yates on ``rng.random()``).

    Only ``random()`` of Python's generator is promised to repeat across versions, so this is
    what makes a record's ``seed`` give the same deal everywhere.
    """
    pack = list(range(size))
    rnd = rng.random
    for i in range(size - 1, 0, -1):
        j = int(rnd() * (i + 1))
        pack[i], pack[j] = pack[j], pack[i]
    return pack


class Hand(HandState):
    """The state machine of one hand.  See the module docstring."""

    __slots__ = ()

    def __init__(self, rules: Rules, dealer: int, deal: Sequence[Sequence[Card]],
                 scores: Sequence[int] | None = None) -> None:
        """Start a hand: ``deal[s]`` lists seat ``s``'s cards (deck indices) in deal order.

        ``scores`` is the game score of each team before the hand (needed for 'C').
        """
        t = tables_for(rules)
        n = t.n
        self.t = t
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.first = t.next_seat[dealer]
        self.deal = tuple(map(tuple, deal))
        dealt = []
        hands = []
        fb = t.first_batch
        for cards in self.deal:
            m = 0
            for c in cards[:fb]:
                m |= 1 << c
            hands.append(m)
            for c in cards[fb:]:
                m |= 1 << c
            dealt.append(m)
        self.dealt = tuple(dealt)
        self.scores = tuple(scores) if scores is not None else (0,) * t.n_teams
        self.hands = hands
        self.phase = AUCTION
        self.to_act = self.first
        self.history = []
        self.call_phases = []
        self.status = IN_PROGRESS
        self.annul_reason = None
        self.annul_seat = None
        self.queue = []
        self.high = -1
        self.high_bidder = -1
        self.high_den = 0
        self.bids_made = [0] * n
        self.imposed = False
        self.ta_next = []
        self.ta_out = []
        self.ta_min = t.min_bid
        self.denomination = 0
        self.trump_played = False
        self.decided_match = -1
        self.passes = 0
        self.passed = 0
        self.bidder = -1
        self.bid_team = -1
        self.contract = -1
        self.trump = -1
        self.indicator = -1
        self.seventh = False
        self.reverse = False
        self.power = t.deck.power
        self.restricted = False
        self.multiplier = 1
        self.doubled_by = -1
        self.redoubled_by = -1
        self.c_called = False
        self.raises = []
        self.special = NORMAL
        self.declarer = -1
        self.special_seat = -1
        self.out_mask = 0
        self.next_seat = t.next_seat
        self.trick_size = n
        self.revealed = False
        self.revealed_by = -1
        self.reveal_trick = -1
        self.reveal_index = -1
        self.last_reveal_pending = False
        self.leader = -1
        self.trick_seats = []
        self.trick_cards = []
        self.asker = -1
        self.must_trump = False
        self.indicator_only = False
        self.tricks = []
        self.bid_side = ()
        self.bid_points = 0
        self.opp_points = 0
        self.won_after_reveal = 0
        self.won_any = 0
        self.led_mask = 0
        self.trump_led_by_other = False
        self.played_seats = 0
        self.zero_point = 0
        self.pair_by = -1
        self.claim_seats = 0
        self.suit_masks = t.deck.suit_masks
        self.suit_of = t.deck.suit_of
        self.conceded_by = -1
        self.cot_refused = False
        self.cot_accepted = False
        if rules.redeal_first_two_pointless and t.second_deal:   # §3.6 early redeal: on
            # the first four cards, so not at a table that deals every card at once
            point = t.deck.point_mask
            for seat in (self.first, t.next_seat[self.first]):
                if not hands[seat] & point:
                    self.annul("first_two_pointless", seat)
                    return
        if not t.second_deal and windows.full_deal_checks(self):
            return                                     # everything was dealt: check it now
        if rules.auction_procedure == "team_alternating":
            auction_kerala.start(self)
        elif rules.auction_procedure == "duel":
            auction_duel.start(self)

    @classmethod
    def from_seed(cls, rules: Rules, seed: int, dealer: int = 0,
                  scores: Sequence[int] | None = None) -> Hand:
        """A hand dealt from a seeded shuffle (the ``seed`` form of RECORDS.md)."""
        return cls.from_rng(rules, random.Random(seed), dealer, scores)

    @classmethod
    def from_rng(cls, rules: Rules, rng: random.Random, dealer: int = 0,
                 scores: Sequence[int] | None = None) -> Hand:
        """A hand dealt from a shuffle drawn from ``rng``."""
        return cls(rules, dealer, deal_pack(rules, shuffled_pack(rules.deck.size, rng), dealer),
                   scores)

    # ---- the interface used by everything else -------------------------------------------
    def legal_codes(self) -> tuple[int, ...]:
        """The legal actions of the player to act, as codes (empty when the hand is over)."""
        ph = self.phase
        if ph == PLAY:
            return play_legal(self)
        fn = _LEGAL.get(ph)
        return fn(self) if fn is not None else ()

    def step(self, code: int) -> None:
        """Apply a legal action code.  No check: call :meth:`legal_codes` (or ``Game.apply``)."""
        ph = self.phase
        if ph == PLAY:
            if code < PLAY_LIMIT:
                play_card(self, code)
            else:
                self.call_phases.append(len(self.history) << PHASE_BITS | PLAY)
                play_verb(self, code)
        else:
            if ph != AUCTION:
                self.call_phases.append(len(self.history) << PHASE_BITS | ph)
            _APPLY[ph](self, code)

    def copy(self) -> Hand:
        """An independent copy (the lists are copied; tuples and tables are shared)."""
        other = Hand.__new__(Hand)
        for name in _SLOTS:
            value = getattr(self, name)
            if type(value) is list:
                value = list(value)
            setattr(other, name, value)
        return other

    @property
    def over(self) -> bool:
        """Whether the hand has ended (scored or annulled)."""
        return self.to_act is None

    def score(self) -> Score | None:
        """The score of the finished hand (``None`` while in progress)."""
        return score(self)

    # ---- codes and notation ------------------------------------------------------------------
    def describe(self, code: int) -> str:
        """A code in notation without the seat, e.g. ``"play 9S"`` or ``"bid 16"``."""
        text = self.t.described.get(code)
        if text is None:
            text = self.t.described[code] = describe_code(code, self.t.deck.names)
        return text

    def action(self, seat: int, code: int) -> Action:
        """The :class:`Action` of a code played by ``seat``."""
        return action_of(seat, code, self.t.deck.names)

    def history_phases(self) -> list[int]:
        """The phase each history entry was made in (``AUCTION`` … ``COT``), entry by entry:
        what a pass passes, since a pass in the raise window is "no raise", not an auction
        call (28-RAISE-1).  The play's cards and the auction's calls are not marked as they
        are made (the fast paths); every other call is (:attr:`call_phases`)."""
        out = [PLAY if e & CODE_MASK < PLAY_LIMIT else AUCTION for e in self.history]
        for mark in self.call_phases:
            out[mark >> PHASE_BITS] = mark & PHASE_MASK
        return out

    def history_actions(self) -> list[Action]:
        """Every decision so far, as actions."""
        return [self.action(e >> SEAT_SHIFT, e & CODE_MASK) for e in self.history]


def deal_pack(rules: Rules, pack: Sequence[Card], dealer: int) -> list[list[Card]]:
    """Deal a shuffled pack one card at a time from the dealer's next seat (28-DEAL-3/4)."""
    n = rules.num_players
    return [list(pack[(seat - dealer - 1) % n::n]) for seat in range(n)]
