"""The play of the cards, written once: legal plays, asking and exposing, tricks, the pair,
annulments and early stops (RULES.md §2.10–§2.14, RULES-56.md §1.8).

These functions work on a :class:`~twentyeight.engine.state.PlayState` and are the one
implementation of the rules of play: the engine's :class:`~twentyeight.engine.Hand` is a
play state with the auction around it, and the solver's
:class:`~twentyeight.solver.position.Position` is a bare play state that it searches with
apply and undo.  (The solver's compiled kernel is the one mirror of this module; property
tests hold it to the engine.)

This is the engine's inner loop, so it works on masks and local variables.  The branch that
narrows the playable cards notes why (``notes``, :class:`~twentyeight.engine.reasons.Reason`
values), which is how the engine explains an illegal play without a second copy of the rules.

* :func:`begin` sets up the play state once the play starts;
* :func:`play_options` and :func:`play_legal` say what the player to act may do;
* :func:`play_card` and :func:`play_verb` apply a move; a full trick is completed at once
  (:func:`trick_winner`, the annulments, 56-PLAY-6's early stop).
"""

from __future__ import annotations

from collections.abc import Sequence

from twentyeight.cards import BYTE_BITS, SUITS, Card, Mask, cards_of
from twentyeight.engine.actions import (
    ACCEPT,
    ASK,
    CONCEDE,
    PAIR,
    REDEAL,
    REFUSE,
    REVEAL,
    SEAT_SHIFT,
)
from twentyeight.engine.reasons import Reason
from twentyeight.engine.state import (
    COT,
    PLAY,
    SINGLE_HAND,
    THANI_ALONE,
    THANI_HAND,
    HandState,
    PlayState,
)

__all__ = ["PLAY", "Notes", "begin", "claims", "cot_apply", "cot_legal", "decided",
           "pair_open", "play_card", "play_legal", "play_options", "play_verb",
           "trick_winner", "trump_start", "winning_index"]

_B0, _B1, _B2, _B3 = BYTE_BITS[:4]
Notes = list[tuple[Mask, Reason]]
"""(cards allowed after a step, why) for each step that narrowed the playable cards."""

BIDDING_SIDE, OTHER_SIDE = 1, 2
"""Bits of ``won_any`` / ``won_after_reveal``: the bidding side, everyone else."""


def begin(h: PlayState) -> None:
    """Set up the play once the contract and the leader are known (``windows.start_play``)."""
    h.bid_side = h.t.sides[h.bid_team]


# ---- legality -------------------------------------------------------------------------------


def play_options(h: PlayState, seat: int, notes: Notes | None = None) -> tuple[Mask, int]:
    """The cards ``seat`` may play now, and ``ASK``/``REVEAL`` if that is offered (else 0)."""
    hand = h.hands[seat]
    trick = h.trick_cards
    trump = h.trump
    if not trick:                                              # leading
        if h.restricted and seat == h.bidder and not h.revealed:
            trumps = hand & h.suit_masks[trump]
            others = hand & ~trumps
            if trumps and others and not (h.rules.bidder_lead_trump_after_trump_led
                                          and h.trump_led_by_other):
                if notes is not None:
                    notes.append((others, Reason("bidder_no_trump_lead", "28-BR-1")))
                return others, 0
        if h.t.lead_restriction and h.revealed and trump >= 0 \
                and not h.trump_played:                            # 56-PLAY-5
            others = hand & ~h.suit_masks[trump]
            if others and others != hand:
                if notes is not None:
                    notes.append((others, Reason("no_trump_lead_yet", "56-PLAY-5")))
                return others, 0
        return hand, 0
    led = h.suit_of[trick[0]]
    follow = hand & h.suit_masks[led]
    rules = h.rules
    if h.revealed:                                             # phase 2
        if seat == h.asker:
            return _asker_options(h, hand, notes), 0
        if follow:
            if notes is not None and follow != hand:
                notes.append((follow, _follow(led)))
            return follow, 0
        allowed = hand
        if rules.no_undertrump and trump >= 0:
            allowed = _no_undertrump(h, allowed, notes)
        if rules.jack_discard_restriction:
            allowed = _jack_filter(h, allowed, notes)
        return allowed, 0
    if follow:                                                 # phase 1
        if notes is not None and follow != hand:
            notes.append((follow, _follow(led)))
        return follow, 0
    if trump < 0:                                              # no trump to ask for
        return _jack_filter(h, hand, notes) if rules.jack_discard_restriction else hand, 0
    if seat != h.bidder or not h.restricted:                   # 28-P1-2, 29-PLAY-3
        verb = REVEAL if seat == h.bidder else ASK
        if rules.asking_compulsory:
            if notes is not None:
                key = "must_reveal_first" if verb == REVEAL else "must_ask_first"
                notes.append((0, Reason(key, "29-PLAY-3")))
            return 0, verb
        allowed = _jack_filter(h, hand, notes) if rules.jack_discard_restriction else hand
        return allowed, verb
    # the bidder, void in the suit led, trump still hidden (28-BR-2, 28-BR-3)
    trumps = h.suit_masks[trump]
    if led == trump:
        allowed = _jack_filter(h, hand, notes) if rules.jack_discard_restriction else hand
        return allowed, REVEAL if rules.bidder_may_reveal_on_trump_lead else 0
    allowed = hand if rules.bidder_void_discard_trump_unrevealed else hand & ~trumps
    if notes is not None and allowed != hand:
        notes.append((allowed, Reason("bidder_no_hidden_trump_discard", "28-BR-3")))
    if rules.jack_discard_restriction and allowed:
        allowed = _jack_filter(h, allowed, notes)
    return allowed, REVEAL


def _asker_options(h: PlayState, hand: Mask, notes: Notes | None) -> Mask:
    """28-REV-3 (and 28-BR-3(b)): what the player who asked or exposed must play."""
    rules = h.rules
    if h.indicator_only:
        if notes is not None:
            notes.append((1 << h.indicator, Reason("revealer_plays_indicator", "28-BR-3")))
        return 1 << h.indicator
    if not h.must_trump or h.trump < 0:
        if rules.jack_discard_restriction:
            return _jack_filter(h, hand, notes)
        return hand
    trumps = hand & h.suit_masks[h.trump]
    if not trumps:
        return _jack_filter(h, hand, notes) if rules.jack_discard_restriction else hand
    if notes is not None and trumps != hand:
        notes.append((trumps, Reason("asker_must_trump", "28-REV-3")))
    if rules.revealer_overtrump:                                  # BOT-PROTOCOL §7.5
        winner = h.trick_seats[trick_winner(h)]
        best = _best_trump_in_trick(h)
        if best >= 0 and h.bid_side[winner] != h.bid_side[h.asker]:
            higher = _higher_than(h, trumps, best)
            if higher:
                if notes is not None and higher != trumps:
                    notes.append((higher, Reason("revealer_overtrump", "BOT-PROTOCOL §7.5")))
                return higher
    if rules.no_undertrump:
        higher = _higher_than(h, trumps, _best_trump_in_trick(h))
        if higher:
            if notes is not None and higher != trumps:
                notes.append((higher, Reason("must_overtrump", "28-P2-3")))
            return higher
    return trumps


def _best_trump_in_trick(h: PlayState) -> int:
    """The power of the highest card of the current trick that counts as a trump, or -1."""
    trump = h.trump
    suit_of = h.suit_of
    power = h.power
    best = -1
    cards = h.trick_cards
    for i in range(trump_start(h), len(cards)):
        c = cards[i]
        if suit_of[c] == trump and power[c] > best:
            best = power[c]
    return best


def _higher_than(h: PlayState, cards: Mask, best: int) -> Mask:
    power = h.power
    out = 0
    for c in cards_of(cards):
        if power[c] > best:
            out |= 1 << c
    return out


def _no_undertrump(h: PlayState, hand: Mask, notes: Notes | None) -> Mask:
    """28-P2-3: over-trump or play a non-trump; lower trumps only when nothing else is left."""
    best = _best_trump_in_trick(h)
    if best < 0:
        return hand
    trumps = hand & h.suit_masks[h.trump]
    if not trumps:
        return hand
    allowed = (hand & ~trumps) | _higher_than(h, trumps, best)
    if not allowed:
        return hand
    if notes is not None and allowed != hand:
        notes.append((allowed, Reason("no_undertrump", "28-P2-3")))
    return allowed


def _jack_filter(h: PlayState, allowed: Mask, notes: Notes | None) -> Mask:
    """Jack-discard restriction (§5.1): no jack of a suit not yet led, unless it is a trump."""
    forbidden = h.t.deck.jack_mask & ~h.led_mask
    if h.revealed and h.trump >= 0:
        forbidden &= ~h.suit_masks[h.trump]
    kept = allowed & ~forbidden
    if not kept:
        return allowed                 # lifted when nothing else is left [PROPOSED]
    if notes is not None and kept != allowed:
        notes.append((kept, Reason("jack_discard", "C-17")))
    return kept


def _follow(suit: int) -> Reason:
    return Reason("follow_suit", "28-PLAY-2", {"suit": SUITS[suit]})


def play_legal(h: PlayState, with_claims: bool = True) -> tuple[int, ...]:
    """The legal actions of the player to act in the play phase, as codes: the cards (one of
    two identical twins, 56-DECK-3), ``ask``/``reveal``, the zero-point claim (28-POST-3),
    then the claims that change no card (pair, Cot concession; not ``with_claims=False``,
    which is what the solver searches)."""
    seat: int = h.to_act                                       # type: ignore[assignment]
    mask, verb = play_options(h, seat)
    if h.t.dedupe:
        mask = h.t.deck.dedupe(mask)
    if mask < 1 << 32:
        codes = _B0[mask & 255] + _B1[mask >> 8 & 255] + _B2[mask >> 16 & 255] + _B3[mask >> 24]
    else:
        codes = cards_of(mask)
    if verb:
        codes += (verb,)
    if h.claim_seats >> seat & 1:
        if h.may_claim_zero_point(seat):               # 28-POST-3: until his first card
            codes += (REDEAL,)
        if with_claims and seat != h.asker:
            codes += claims(h, seat)
    return codes


def claims(h: PlayState, seat: int) -> tuple[int, ...]:
    """Claims offered on a player's own turn that change no card: the pair, the Cot
    concession."""
    out: tuple[int, ...] = ()
    if pair_open(h, seat):
        out += (PAIR,)
    if cot_open(h, seat):
        out += (CONCEDE,)
    return out


def pair_open(h: PlayState, seat: int) -> bool:
    """28-PAIR-2/3, A-11, WB-2: may ``seat`` show the king and queen of trumps now?

    "Its side has won a trick" is judged for the seat's side of this hand: the bidding side,
    or everyone else (RULES.md §1.3, 3P-6: at three and six players the others play as one).
    """
    rules = h.rules
    if not rules.pair_rule or h.pair_by >= 0 or not h.revealed or h.trump < 0:
        return False
    if h.special != 0 or h.reverse:
        return False
    kq = h.t.kq_masks[h.trump]
    if h.hands[seat] & kq != kq:
        return False
    if h.bid_side[seat]:
        floor = rules.pair_bidder_min_contract
        if floor is not None and h.contract < floor:
            return False
        won = h.won_any if rules.pair_timing == "lenient" else h.won_after_reveal
        return bool(won & BIDDING_SIDE)
    if rules.pair_timing == "lenient":
        return True
    return bool(h.won_after_reveal & OTHER_SIDE)


def cot_open(h: PlayState, seat: int) -> bool:
    """28-COT-2: an opponent may concede while the bidding side has won every trick; not
    after 'C', which replaces Cot (28-DBL-7, RULES.md §2.17.3)."""
    return (h.rules.cot and h.conceded_by < 0 and h.special == 0 and not h.c_called
            and bool(h.tricks) and not h.won_any & OTHER_SIDE and not h.bid_side[seat])


def cot_legal(h: HandState) -> tuple[int, ...]:
    """The bidder answers a Cot concession (28-COT-3/4)."""
    return (ACCEPT, REFUSE)


# ---- applying --------------------------------------------------------------------------------


def play_card(h: PlayState, card: Card) -> None:
    """Play ``card`` for the player to act, and complete the trick when it is full."""
    seat: int = h.to_act                                       # type: ignore[assignment]
    h.hands[seat] ^= 1 << card
    h.history.append(seat << SEAT_SHIFT | card)
    h.trick_seats.append(seat)
    cards = h.trick_cards
    cards.append(card)
    if h.zero_point:
        h.played_seats |= 1 << seat
    if len(cards) == h.trick_size:
        _complete_trick(h)
        return
    nxt = h.next_seat[seat]
    h.to_act = nxt
    if h.last_reveal_pending and nxt == h.bidder:
        h.expose(len(cards), -1)                       # A-10 at_bidder_turn


def play_verb(h: PlayState, code: int) -> None:
    """Ask, reveal, pair, the zero-point claim and the Cot concession, for the player to act."""
    seat = h.log(code)
    if code == ASK:
        h.asker = seat
        h.must_trump = h.rules.asker_must_trump
        h.expose(len(h.trick_cards), seat)
    elif code == REVEAL:
        h.asker = seat
        if h.restricted:                               # 28-BR-3(b)
            # with a suit marker (29-DEAL-2) there is no card to play: any trump instead
            h.indicator_only = h.rules.bidder_reveal_plays == "indicator" and h.indicator >= 0
            h.must_trump = True
        else:                                          # 29-PLAY-3, the bidder asks himself
            h.must_trump = h.rules.asker_must_trump
        h.expose(len(h.trick_cards), seat)
    elif code == PAIR:
        h.pair_by = seat
    elif code == REDEAL:
        h.annul("zero_point_hand", seat)
    elif code == CONCEDE:
        h.conceded_by = seat
        h.phase = COT
        h.to_act = h.bidder


def cot_apply(h: HandState, code: int) -> None:
    """The bidder accepts or refuses a Cot concession (28-COT-3/4)."""
    h.log(code)
    if code == ACCEPT:
        h.cot_accepted = True
        h.finish()
    else:
        h.cot_refused = True
        h.phase = PLAY
        h.to_act = h.conceded_by


def trump_start(h: PlayState) -> int:
    """The first card of the current trick that can count as a trump once the trump is
    revealed (28-REV-5; C-07 whole trick; A-56-02 [C56] when trumps were led)."""
    cards = h.trick_cards
    t = h.t
    if t.whole_trick or (t.hybrid_trick and cards and h.suit_of[cards[0]] == h.trump):
        return 0
    return h.reveal_index


def winning_index(cards: Sequence[Card], suit_of: Sequence[int], power: Sequence[int],
                  trump: int, trump_from: int) -> int:
    """The index of the card winning ``cards`` so far: the highest trump among
    ``cards[trump_from:]`` (``trump_from < 0``: no card counts as a trump), else the highest
    card of the suit led; of equal cards (twins) the first played (28-PLAY-4, 56-PLAY-4)."""
    best = -1
    top = -1
    if trump_from >= 0:
        for i in range(trump_from, len(cards)):
            c = cards[i]
            if suit_of[c] == trump and power[c] > top:
                top = power[c]
                best = i
        if best >= 0:
            return best
    led = suit_of[cards[0]]
    for i, c in enumerate(cards):
        if suit_of[c] == led and power[c] > top:
            top = power[c]
            best = i
    return best


def trick_winner(h: PlayState) -> int:
    """The index in the current trick of the winning card (28-PLAY-4, 28-REV-5, 56-PLAY-4)."""
    counts = h.revealed and h.trump >= 0
    return winning_index(h.trick_cards, h.suit_of, h.power, h.trump,
                         trump_start(h) if counts else -1)


def target(h: PlayState) -> int:
    """The card points the bidding side needs: the contract moved by a pair (28-PAIR-4/5, C-08)."""
    t = h.t
    contract = h.contract
    if h.pair_by < 0:
        return contract
    cap = t.pair_cap
    if h.bid_side[h.pair_by]:
        if contract > cap:                       # C-08: the upper clamp is not applied first
            return min(contract - 4, cap)
        return max(t.min_bid, min(cap, contract - 4))
    if contract > cap:
        return contract + 4
    return max(t.min_bid, min(cap, contract + 4))


def decided(h: PlayState) -> bool:
    """56-PLAY-6: whether the score can no longer change, whatever the tricks to come.

    Not while a hidden trump may still annul the hand (28-ANN-2, 29-PLAY-8), a pair may
    still move the target, Cot doubles a clean sweep, or the half-bid penalty (A-14) depends
    on the final points; the last-trick point counts as still to be won.
    """
    rules = h.rules
    if h.trump >= 0 and not h.revealed and (rules.unrevealed_trump_annuls or (
            rules.bidding_side_all_trumps_redeal and not h.opponents_hold_trump())):
        return False
    if rules.pair_rule and h.pair_by < 0 and h.trump >= 0:
        kq = h.t.kq_masks[h.trump]
        if kq and any(h.full_hand(s) & kq == kq for s in range(h.n)):
            return False
    if rules.cot and not h.won_any & OTHER_SIDE:
        return False
    goal = target(h)
    ours = h.bid_points
    if ours >= goal:
        return True
    best = ours + h.points_left()
    if best >= goal:
        return False
    if rules.half_bid_double_loss:                     # the penalty must be settled too
        return 2 * ours >= h.contract or 2 * best < h.contract
    return True


def _complete_trick(h: PlayState) -> None:
    cards = h.trick_cards
    seats = h.trick_seats
    t = h.t
    if h.revealed and h.trump >= 0:
        winner = seats[winning_index(cards, h.suit_of, h.power, h.trump, trump_start(h))]
    else:
        winner = seats[winning_index(cards, h.suit_of, h.power, h.trump, -1)]
    points = t.deck.points
    won = 0
    for c in cards:
        won += points[c]
    ours = h.bid_side[winner]
    side = BIDDING_SIDE if ours else OTHER_SIDE
    if ours:
        h.bid_points += won
    else:
        h.opp_points += won
    h.tricks.append((h.leader, seats, cards, winner, won))
    h.trick_seats = []
    h.trick_cards = []
    led = h.suit_of[cards[0]]
    h.led_mask |= h.suit_masks[led]
    if led == h.trump and seats[0] != h.bidder:
        h.trump_led_by_other = True
    if h.revealed:
        h.won_after_reveal |= side
        if t.lead_restriction and not h.trump_played and h.trump >= 0 and \
                any(h.suit_of[c] == h.trump for c in cards):
            h.trump_played = True                      # 56-PLAY-5
    h.won_any |= side
    done = len(h.tricks)
    special = h.special
    if done == t.tricks_total and h.rules.last_trick_bonus:     # 29-SCORE-1 (whoever wins it,
        if ours:                                               # an undertaking lost on it too)
            h.bid_points += 1
        else:
            h.opp_points += 1
    if special and ((special in (SINGLE_HAND, THANI_ALONE) and winner != h.declarer)
                    or (special == THANI_HAND and winner != h.bidder)):
        h.finish()                                     # the undertaking has failed
        return
    if t.stop_decided and not special and done < t.tricks_total and decided(h):
        h.finish()                                     # 56-PLAY-6
        return
    if done == t.tricks_total:
        if h.rules.unrevealed_trump_annuls and not h.revealed and h.trump >= 0 \
                and not special:
            h.annul("trump_never_revealed")            # 29-PLAY-8
        else:
            h.finish()
        return
    h.leader = winner
    h.asker = -1
    h.indicator_only = False
    h.reveal_index = 0 if h.revealed else -1
    h.to_act = winner
    if done == t.tricks_total - 1 and not h.revealed and h.indicator >= 0:
        if h.rules.last_trick_reveal == "before_lead" or winner == h.bidder:
            h.expose(0, -1)                            # 28-LAST-1
        else:
            h.last_reveal_pending = True
