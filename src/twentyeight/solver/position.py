"""The solver's own compact position: the play of the cards with apply and undo.

:class:`Position` is a copy of the engine's play phase (``twentyeight.engine.play``) cut down
to what changes the card points: the cards in each hand, the trick on the table, whether and
when the trump was exposed, who asked, and the few facts later legality depends on (suits
led, a trump-suit lead by another seat, the pending last-trick exposure, the zero-point
claim).  It is built from an engine :class:`~twentyeight.engine.Hand` in the play phase and
then applies moves itself, much faster than copying the engine's state.

The engine stays the one source of truth for the rules: ``tests/test_solver.py`` plays
random games in both and checks, move for move, that the legal actions, the trick winners,
the card points and the exposures agree.

Two engine actions are not moves here:

* ``pair`` changes only the target, never the card points, and leaves the same player to
  choose among the same plays, so for a value in card points it is a no-op (see
  :mod:`twentyeight.solver.values`); :func:`~twentyeight.solver.api.solve` gives it the
  value of the position itself.
* ``concede`` (Cot) and the special contracts (single hand, Thani) are not supported:
  :meth:`Position.from_hand` raises :class:`SolverError`.

Moves are the engine's integer codes: a card index, :data:`ASK`, :data:`REVEAL` or
:data:`REDEAL` (the zero-point claim, which annuls the hand).
"""

from __future__ import annotations

from typing import Any

from twentyeight.cards import Card, Mask, cards_of
from twentyeight.engine.actions import ASK, CONCEDE, PAIR, REDEAL, REVEAL
from twentyeight.engine.hand import Hand
from twentyeight.engine.play import winning_index
from twentyeight.engine.scoring import target
from twentyeight.engine.state import COT, NORMAL, PLAY

__all__ = ["ASK", "IGNORED", "REDEAL", "REVEAL", "Position", "SolverError"]

IGNORED = (PAIR, CONCEDE)
"""Engine actions that are not moves of a :class:`Position` (see the module docstring)."""

# status of a position
LIVE, DONE, ANNULLED = 0, 1, 2

Snapshot = tuple[Any, ...]


class SolverError(ValueError):
    """A position the solver cannot search: not in the play phase, or an unsupported rule."""


class Position:
    """The play phase of one hand, all cards known, with :meth:`apply` and :meth:`undo`.

    Fields that never change during a search are set once by :meth:`from_hand`; the others
    are saved by :meth:`apply` and restored by :meth:`undo`.
    """

    __slots__ = (  # fixed for the search: from_hand sets them; the rest: see save()
        "annul_on_expose", "asker", "asker_must_trump", "asking_compulsory", "banked",
        "before_lead", "bidder", "contract", "deck_points", "dedupe", "done", "hands",
        "hybrid_trick", "indicator", "indicator_only", "jack_mask", "jack_restriction",
        "last_bonus", "lead_after_led", "leader", "led_mask", "lost", "may_reveal_on_trump_lead",
        "must_trump", "next_seat", "no_undertrump", "pending", "played", "points", "power", "rem",
        "restricted", "reveal_index", "reveal_indicator", "revealed", "side", "status",
        "stop_when_decided", "suit_masks", "suit_of", "target", "tlo", "to_act", "total_tricks",
        "trick", "trick_size", "trump", "trump_lead_restriction", "trump_played", "tseats",
        "unrevealed_annuls", "void_discard", "whole_trick", "zero_point",
    )

    annul_on_expose: bool
    asker_must_trump: bool
    asking_compulsory: bool
    before_lead: bool
    bidder: int
    dedupe: Mask
    indicator: int
    jack_mask: Mask
    jack_restriction: bool
    last_bonus: bool
    lead_after_led: bool
    may_reveal_on_trump_lead: bool
    next_seat: tuple[int, ...]
    no_undertrump: bool
    points: tuple[int, ...]
    power: tuple[int, ...]
    restricted: bool
    reveal_indicator: bool
    side: tuple[bool, ...]
    """``side[s]``: seat ``s`` is on the bidding side."""
    suit_masks: tuple[Mask, ...]
    suit_of: tuple[int, ...]
    target: int
    total_tricks: int
    trick_size: int
    trump: int
    unrevealed_annuls: bool
    void_discard: bool
    whole_trick: bool
    zero_point: int
    hybrid_trick: bool
    trump_lead_restriction: bool
    stop_when_decided: bool
    contract: int
    deck_points: int

    asker: int
    banked: int
    """The bidding side's card points so far (with the last-trick point, 29-SCORE-1)."""
    done: int
    hands: list[Mask]
    indicator_only: bool
    leader: int
    led_mask: Mask
    must_trump: bool
    pending: bool
    """A still-hidden trump is to be exposed at the bidder's turn (A-10 ``at_bidder_turn``)."""
    played: int
    """Seats that have played a card (the zero-point claim ends with the first card)."""
    rem: int
    """Card points still to be won (with the last-trick point while it is in play)."""
    reveal_index: int
    revealed: bool
    status: int
    to_act: int
    tlo: bool
    """A trump-suit card was led by a seat other than the bidder (C-04)."""
    trick: tuple[Card, ...]
    tseats: tuple[int, ...]
    trump_played: bool
    """A trump has been played to a trick completed after the exposure (56-PLAY-5)."""
    lost: int
    """The opponents' card points so far."""

    # ---- construction ------------------------------------------------------------------
    @classmethod
    def from_hand(cls, h: Hand) -> Position:
        """The position of an engine hand in the play phase (raises :class:`SolverError`)."""
        if h.over:
            raise SolverError("the hand is over: there is nothing left to solve")
        if h.phase == COT:
            raise SolverError("a Cot concession is waiting for an answer: not supported "
                              "by the solver")
        if h.phase != PLAY:
            raise SolverError("the solver starts from the play of the cards; this position "
                              "is still in the auction or a window before play")
        if h.special != NORMAL:
            raise SolverError("special contracts (single hand, Thani) are not supported by "
                              "the solver")
        rules = h.rules
        if rules.cot:
            raise SolverError("the Cot rule (cot=true) is not supported by the solver")
        if rules.stop_when_decided and (
                rules.pair_rule or rules.half_bid_double_loss or rules.last_trick_bonus
                or rules.unrevealed_trump_annuls or (rules.bidding_side_all_trumps_redeal
                and rules.pack != "56")):
            # the engine's stop (play.decided) then waits on things this search does not track
            raise SolverError("stop_when_decided together with the pair, the half-bid penalty, "
                              "the last-trick point or a trump annulment is not supported by "
                              "the solver")
        t = h.t
        deck = t.deck
        p = cls.__new__(cls)
        p.bidder = h.bidder
        p.trump = h.trump
        p.indicator = h.indicator
        p.restricted = h.restricted
        p.side = tuple(t.team_of[s] == h.bid_team for s in range(h.n))
        p.next_seat = tuple(h.next_seat)
        p.trick_size = h.trick_size
        p.total_tricks = t.tricks_total
        p.suit_of = tuple(h.suit_of)
        p.suit_masks = tuple(h.suit_masks)
        p.power = tuple(h.power)
        p.points = tuple(deck.points)
        p.dedupe = deck.second_copy if t.dedupe else 0
        p.jack_mask = deck.jack_mask
        p.jack_restriction = rules.jack_discard_restriction
        p.lead_after_led = rules.bidder_lead_trump_after_trump_led
        p.void_discard = rules.bidder_void_discard_trump_unrevealed
        p.reveal_indicator = rules.bidder_reveal_plays == "indicator"
        p.may_reveal_on_trump_lead = rules.bidder_may_reveal_on_trump_lead
        p.asking_compulsory = rules.asking_compulsory
        p.asker_must_trump = rules.asker_must_trump
        p.whole_trick = t.whole_trick
        p.no_undertrump = rules.no_undertrump
        p.before_lead = rules.last_trick_reveal == "before_lead"
        p.unrevealed_annuls = rules.unrevealed_trump_annuls
        p.last_bonus = rules.last_trick_bonus
        p.hybrid_trick = t.hybrid_trick                                   # A-56-02
        p.trump_lead_restriction = rules.trump_lead_restriction
        p.stop_when_decided = rules.stop_when_decided
        p.contract = h.contract
        p.deck_points = deck.points_total
        p.annul_on_expose = False
        if rules.bidding_side_all_trumps_redeal and h.trump >= 0 and not h.revealed:
            opponents = 0
            for s in range(h.n):
                if not p.side[s]:
                    opponents |= h.dealt[s]
            p.annul_on_expose = not opponents & h.suit_masks[h.trump]      # 28-ANN-2
        p.zero_point = h.zero_point if h.claim_seats else 0
        p.target = target(h)
        p.hands = list(h.hands)
        p.trick = tuple(h.trick_cards)
        p.tseats = tuple(h.trick_seats)
        assert h.to_act is not None
        p.to_act = h.to_act
        p.leader = h.leader
        p.revealed = h.revealed
        p.reveal_index = h.reveal_index
        p.asker = h.asker
        p.must_trump = h.must_trump
        p.indicator_only = h.indicator_only
        p.pending = h.last_reveal_pending
        p.led_mask = h.led_mask
        p.tlo = h.trump_led_by_other
        p.played = h.played_seats
        p.done = len(h.tricks)
        p.banked = h.team_points[h.bid_team] + (1 if h.bonus_team == h.bid_team else 0)
        p.trump_played = h.trump_played
        p.lost = sum(h.team_points) - h.team_points[h.bid_team]
        p.status = LIVE
        p.rem = 0
        for c in cards_of(p.live_cards()):
            p.rem += p.points[c]
        if p.last_bonus:
            p.rem += 1
        return p

    # ---- apply and undo ----------------------------------------------------------------
    def save(self) -> Snapshot:
        """Everything a move may change (restore it with :meth:`undo`)."""
        return (self.hands[:], self.trick, self.tseats, self.to_act, self.leader,
                self.revealed, self.reveal_index, self.asker, self.must_trump,
                self.indicator_only, self.pending, self.led_mask, self.tlo, self.played,
                self.done, self.banked, self.status, self.rem, self.trump_played, self.lost)

    def undo(self, s: Snapshot) -> None:
        """Go back to the position saved by :meth:`save` (or returned by :meth:`apply`)."""
        (self.hands, self.trick, self.tseats, self.to_act, self.leader,
         self.revealed, self.reveal_index, self.asker, self.must_trump,
         self.indicator_only, self.pending, self.led_mask, self.tlo, self.played,
         self.done, self.banked, self.status, self.rem, self.trump_played, self.lost) = s

    def apply(self, code: int) -> Snapshot:
        """Make a move (a legal one: nothing is checked); return what :meth:`undo` needs."""
        s = self.save()
        if code < 128:
            self._play(code)
        elif code == ASK:
            self.asker = self.to_act
            self.must_trump = self.asker_must_trump
            self._expose(len(self.trick))
        elif code == REVEAL:
            self.asker = self.to_act
            if self.restricted:                                    # 28-BR-3(b)
                self.indicator_only = self.reveal_indicator and self.indicator >= 0
                self.must_trump = True
            else:                                                  # 29-PLAY-3
                self.must_trump = self.asker_must_trump
            self._expose(len(self.trick))
        elif code == REDEAL:                                       # 28-POST-3 claim
            self.status = ANNULLED
        else:
            raise SolverError(f"action code {code} is not a move of the solver")
        return s

    def _expose(self, index: int) -> None:
        """28-REV-2: the trump is face up from the ``index``-th card of this trick."""
        self.revealed = True
        self.reveal_index = index
        self.pending = False
        if self.indicator >= 0:
            self.hands[self.bidder] |= 1 << self.indicator
        if self.annul_on_expose:                                   # 28-ANN-2
            self.status = ANNULLED

    def _play(self, card: Card) -> None:
        seat = self.to_act
        self.hands[seat] ^= 1 << card
        self.trick += (card,)
        self.tseats += (seat,)
        self.played |= 1 << seat
        if len(self.trick) == self.trick_size:
            self._complete_trick()
            return
        nxt = self.next_seat[seat]
        self.to_act = nxt
        if self.pending and nxt == self.bidder:
            self._expose(len(self.trick))                          # A-10 at_bidder_turn

    def trump_start(self) -> int:
        """The first card of this trick that can count as a trump (28-REV-5, C-07, A-56-02)."""
        if self.whole_trick or (self.hybrid_trick and self.trick
                                and self.suit_of[self.trick[0]] == self.trump):
            return 0
        return self.reveal_index

    def winner_index(self) -> int:
        """The index in the current trick of the card winning it so far (28-PLAY-4, 28-REV-5)."""
        counts = self.revealed and self.trump >= 0
        return winning_index(self.trick, self.suit_of, self.power, self.trump,
                             self.trump_start() if counts else -1)

    def _complete_trick(self) -> None:
        cards = self.trick
        seats = self.tseats
        winner = seats[self.winner_index()]
        points = self.points
        won = 0
        for c in cards:
            won += points[c]
        mine = self.side[winner]
        self.rem -= won
        if mine:
            self.banked += won
        else:
            self.lost += won
        led = self.suit_of[cards[0]]
        self.led_mask |= self.suit_masks[led]
        if led == self.trump and seats[0] != self.bidder:
            self.tlo = True
        if self.trump_lead_restriction and self.revealed and not self.trump_played \
                and self.trump >= 0:
            for c in cards:
                if self.suit_of[c] == self.trump:
                    self.trump_played = True                       # 56-PLAY-5
                    break
        self.trick = ()
        self.tseats = ()
        self.done += 1
        if self.stop_when_decided and self.done < self.total_tricks and (
                self.banked >= self.contract
                or self.lost > self.deck_points - self.contract):
            self.status = DONE                                     # 56-PLAY-6
            return
        if self.done == self.total_tricks:
            if self.last_bonus:
                self.rem -= 1
                if mine:
                    self.banked += 1                               # 29-SCORE-1
            if self.unrevealed_annuls and not self.revealed and self.trump >= 0:
                self.status = ANNULLED                             # 29-PLAY-8
            else:
                self.status = DONE
            return
        self.leader = winner
        self.to_act = winner
        self.asker = -1
        self.indicator_only = False
        self.reveal_index = 0 if self.revealed else -1
        if self.done == self.total_tricks - 1 and not self.revealed and self.indicator >= 0:
            if self.before_lead or winner == self.bidder:
                self._expose(0)                                    # 28-LAST-1
            else:
                self.pending = True

    # ---- legality ----------------------------------------------------------------------
    def options(self) -> tuple[Mask, int]:
        """The cards the player to act may play, and ``ASK``/``REVEAL`` if offered (else 0).

        The same decisions, in the same order, as ``twentyeight.engine.play.play_options``.
        """
        seat = self.to_act
        hand = self.hands[seat]
        trick = self.trick
        trump = self.trump
        if not trick:                                              # leading
            if self.restricted and seat == self.bidder and not self.revealed:
                trumps = hand & self.suit_masks[trump]
                others = hand & ~trumps
                if trumps and others and not (self.lead_after_led and self.tlo):
                    return others, 0                               # 28-BR-1
            if self.trump_lead_restriction and self.revealed and trump >= 0 \
                    and not self.trump_played:                     # 56-PLAY-5
                others = hand & ~self.suit_masks[trump]
                if others and others != hand:
                    return others, 0
            return hand, 0
        led = self.suit_of[trick[0]]
        follow = hand & self.suit_masks[led]
        if self.revealed:                                          # phase 2
            if seat == self.asker:
                return self._asker_options(hand), 0
            if follow:
                return follow, 0
            allowed = hand
            if self.no_undertrump and trump >= 0:
                allowed = self._no_undertrump(allowed)
            if self.jack_restriction:
                allowed = self._jack_filter(allowed)
            return allowed, 0
        if follow:                                                 # phase 1
            return follow, 0
        if trump < 0:
            return (self._jack_filter(hand) if self.jack_restriction else hand), 0
        if seat != self.bidder or not self.restricted:             # 28-P1-2, 29-PLAY-3
            verb = REVEAL if seat == self.bidder else ASK
            if self.asking_compulsory:
                return 0, verb
            return (self._jack_filter(hand) if self.jack_restriction else hand), verb
        trumps = self.suit_masks[trump]                            # 28-BR-2, 28-BR-3
        if led == trump:
            allowed = self._jack_filter(hand) if self.jack_restriction else hand
            return allowed, REVEAL if self.may_reveal_on_trump_lead else 0
        allowed = hand if self.void_discard else hand & ~trumps
        if self.jack_restriction and allowed:
            allowed = self._jack_filter(allowed)
        return allowed, REVEAL

    def _asker_options(self, hand: Mask) -> Mask:
        """28-REV-3, 28-BR-3(b): what the player who asked or exposed must play."""
        if self.indicator_only:
            return 1 << self.indicator
        if not self.must_trump or self.trump < 0:
            return self._jack_filter(hand) if self.jack_restriction else hand
        trumps = hand & self.suit_masks[self.trump]
        if not trumps:
            return self._jack_filter(hand) if self.jack_restriction else hand
        if self.no_undertrump:
            higher = self._higher_than(trumps, self._best_trump())
            if higher:
                return higher
        return trumps

    def _best_trump(self) -> int:
        """The power of the highest card of this trick that counts as a trump, or -1."""
        trump = self.trump
        suit_of = self.suit_of
        power = self.power
        best = -1
        cards = self.trick
        for i in range(self.trump_start(), len(cards)):
            c = cards[i]
            if suit_of[c] == trump and power[c] > best:
                best = power[c]
        return best

    def _higher_than(self, cards: Mask, best: int) -> Mask:
        power = self.power
        out = 0
        for c in cards_of(cards):
            if power[c] > best:
                out |= 1 << c
        return out

    def _no_undertrump(self, hand: Mask) -> Mask:
        """28-P2-3: over-trump or play a non-trump; lower trumps only when nothing else is left."""
        best = self._best_trump()
        if best < 0:
            return hand
        trumps = hand & self.suit_masks[self.trump]
        if not trumps:
            return hand
        allowed = (hand & ~trumps) | self._higher_than(trumps, best)
        return allowed or hand

    def _jack_filter(self, allowed: Mask) -> Mask:
        """Jack-discard restriction (§5.1): no jack of a suit not yet led, unless a trump."""
        forbidden = self.jack_mask & ~self.led_mask
        if self.revealed and self.trump >= 0:
            forbidden &= ~self.suit_masks[self.trump]
        return (allowed & ~forbidden) or allowed

    def legal(self) -> list[int]:
        """Every move of the player to act: the engine's legal codes less ``pair``/``concede``."""
        if self.status != LIVE:
            return []
        mask, verb = self.options()
        if self.dedupe:
            mask &= ~((mask << 1) & self.dedupe)
        moves = list(cards_of(mask))
        if verb:
            moves.append(verb)
        seat = self.to_act
        if self.zero_point >> seat & 1 and not self.played >> seat & 1 and seat != self.asker:
            moves.append(REDEAL)
        return moves

    # ---- facts the search uses -----------------------------------------------------------
    def live_cards(self) -> Mask:
        """Cards not yet in a completed trick: in hands, on the table, or face down."""
        m = 0
        for hand in self.hands:
            m |= hand
        for c in self.trick:
            m |= 1 << c
        if self.indicator >= 0 and not self.revealed:
            m |= 1 << self.indicator
        return m
