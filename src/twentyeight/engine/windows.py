"""From the second deal to the first lead: checks, the raise window and the declarations.

RULES.md §2.7 (second deal and annulments), §2.8 (raise), §2.9 and §2.18 (single hand,
Thani, the certain-hand show).
"""

from __future__ import annotations

from collections.abc import Callable

from twentyeight.cards import Deck, Mask, cards_of
from twentyeight.engine import play
from twentyeight.engine.actions import PASS, RAISE, REDEAL, SHOW, SINGLE, THANI
from twentyeight.engine.state import (
    NORMAL,
    PLAY,
    SHOW_CERTAIN,
    SHOW_EIGHT,
    SINGLE_HAND,
    SINGLE_WINDOW,
    THANI_ALONE,
    THANI_HAND,
    THANI_WINDOW,
    HandState,
)
from twentyeight.engine.state import (
    RAISE as RAISE_PHASE,
)


def second_deal(h: HandState) -> None:
    """Deal the rest of the pack (28-DEAL-4), set aside the seventh card, run the checks.

    Where the whole pack was dealt before the auction (6P, 40, 56) there is nothing to deal
    and the checks were made at the deal.
    """
    t = h.t
    deck = t.deck
    rules = h.rules
    if t.second_deal:
        for seat in range(h.n):
            for card in h.deal[seat][t.first_batch:]:
                h.hands[seat] |= 1 << card
        if h.seventh:                             # 28-TRUMP-5, 28-DEAL-5
            card = h.deal[h.bidder][6]
            h.indicator = card
            h.trump = deck.suit_of[card]
            h.hands[h.bidder] &= ~(1 << card)
        if full_deal_checks(h):
            return
    knows = not h.seventh or rules.seventh_card_visible_to_bidder
    h.restricted = (rules.bidder_restrictions and knows and h.trump >= 0 and not h.revealed)
    if rules.cot:
        h.claim_seats |= sum(1 << s for s in range(h.n) if t.team_of[s] != h.bid_team)
    _start_raise_window(h)


def full_deal_checks(h: HandState) -> bool:
    """Annulments decided by the full deal; True when the hand ended.

    28-POST-2 (four jacks), 28-POST-4 (eight of a suit), 28-POST-3 (zero-point hands),
    56-ANN-2 (one-suit hand), 40-5 (one-suit opener), 56-ANN-4 (a side without a jack, a
    hand with too few points).
    """
    rules = h.rules
    deck = h.t.deck
    if _annulled_after_deal(h):
        return True
    if rules.zero_point_hand_redeal == "optional":
        h.zero_point = sum(1 << s for s in range(h.n) if not h.dealt[s] & deck.point_mask)
        h.claim_seats |= h.zero_point
    return False


def _one_suit(h: HandState, seat: int) -> bool:
    cards = h.dealt[seat]
    lowest = (cards & -cards).bit_length() - 1
    return not cards & ~h.suit_masks[h.suit_of[lowest]]


def _annul_for_first(h: HandState, reason: str, order: list[int],
                     cause: Callable[[int], bool]) -> bool:
    """Annul the hand for ``reason`` with the first seat of ``order`` whose cards are the
    ``cause`` as whose they were (:attr:`HandState.annul_seat`); whether one was."""
    for seat in order:
        if cause(seat):
            h.annul(reason, seat)
            return True
    return False


def _annulled_by_family_checks(h: HandState, order: list[int]) -> bool:
    """40-5 (one-suit opener), 56-ANN-2 (one-suit hand), 56-ANN-4 (no jack, few points)."""
    rules = h.rules
    if rules.one_suit_opener_redeal and _one_suit(h, h.first):
        h.annul("one_suit_opener", h.first)
        return True
    if rules.one_suit_hand_redeal and _annul_for_first(h, "one_suit_hand", order,
                                                       lambda s: _one_suit(h, s)):
        return True
    jacks = h.t.deck.jack_mask
    if rules.redeal_team_without_jack and any(
            not sum(h.dealt[s] for s in team) & jacks for team in h.t.team_seats):
        h.annul("team_without_jack")
        return True
    limit = rules.redeal_max_hand_points
    return limit is not None and _annul_for_first(h, "low_point_hand", order,
                                                  lambda s: _points(h, s) <= limit)


def _four_jacks(cards: int, deck: Deck) -> bool:
    """28-POST-2: the cards hold all four jacks.  Where each suit has two (40's second jack,
    40-9; the double pack), that is a jack of every suit: the top card of each, which is what
    the rule guards against; any four of the eight would annul one deal of 40 in twelve."""
    jacks = cards & deck.jack_mask
    return all(jacks & suit for suit in deck.suit_masks)


def _annulled_after_deal(h: HandState) -> bool:
    rules = h.rules
    deck = h.t.deck
    order = [(h.first + i) % h.n for i in range(h.n)]
    if rules.four_jacks_redeal and _annul_for_first(h, "four_jacks", order,
                                                    lambda s: _four_jacks(h.dealt[s], deck)):
        return True
    if h.t.deal_checks_56 and _annulled_by_family_checks(h, order):
        return True
    if rules.eight_same_suit != "ignore":
        for seat in order:
            if _one_suit(h, seat):
                if rules.eight_same_suit == "redeal":
                    h.annul("eight_same_suit", seat)
                else:
                    h.special = SHOW_EIGHT
                    h.special_seat = seat
                    h.finish()
                return True
    return rules.zero_point_hand_redeal == "automatic" and _annul_for_first(
        h, "zero_point_hand", order, lambda s: not h.dealt[s] & deck.point_mask)


def _points(h: HandState, seat: int) -> int:
    points = h.t.deck.points
    m = h.dealt[seat]
    return sum(points[c] for c in range(h.t.deck.size) if m >> c & 1)


def zero_point_claim(h: HandState, seat: int) -> tuple[int, ...]:
    """28-POST-3: the ``redeal`` claim, on the holder's own turns until their first card."""
    if h.may_claim_zero_point(seat):
        return (REDEAL,)
    return ()


def zero_point_claimed(h: HandState, code: int) -> bool:
    """Annul the hand when ``code`` is the claim :func:`zero_point_claim` offered; True if so."""
    if code != REDEAL:
        return False
    h.annul("zero_point_hand", h.to_act)                  # (the claimant: still to act)
    return True


# ---- raise window (28-RAISE-1..5) ---------------------------------------------------------


def _start_raise_window(h: HandState) -> None:
    if h.special == THANI_ALONE:                    # 56-TH-2: no contract, no windows
        start_play(h)
    elif h.rules.raise_after_full_deal:
        h.queue = h.bidding_side_order()
        h.phase = RAISE_PHASE
        _ask_next_raiser(h)
    else:
        _start_single_window(h)


def lowest_raise(h: HandState) -> int:
    return max(h.rules.raise_min, h.contract + 1)


def _ask_next_raiser(h: HandState) -> None:
    while h.queue:
        seat = h.queue.pop(0)
        if lowest_raise(h) <= h.t.max_bid:
            h.to_act = seat
            return
    _start_single_window(h)


def raise_legal(h: HandState) -> tuple[int, ...]:
    seat = h.to_act
    assert seat is not None
    codes = tuple(RAISE + v for v in range(lowest_raise(h), h.t.max_bid + 1))
    return (*codes, PASS, *zero_point_claim(h, seat))


def raise_apply(h: HandState, code: int) -> None:
    seat = h.log(code)
    if zero_point_claimed(h, code):
        return
    if code != PASS:
        h.contract = code - RAISE
        h.raises.append((seat, h.contract))
    _ask_next_raiser(h)


# ---- single hand, certain hand, Thani (§2.18) ---------------------------------------------


def is_certain(h: HandState, cards: Mask) -> bool:
    """28-SH-5: in every suit held, no card outside the hand outranks a card in it.

    Led from the top, such a hand wins every trick (a twin played later loses, 56-PLAY-4).
    """
    power = h.t.deck.power
    for suit in h.t.deck.suit_masks:
        held = cards & suit
        if held:
            lowest = min(power[c] for c in cards_of(held))
            if any(power[c] > lowest for c in cards_of(suit & ~held)):
                return False
    return True


def _start_single_window(h: HandState) -> None:
    rules = h.rules
    if rules.single_hand:
        h.queue = [(h.first + i) % h.n for i in range(h.n)]    # 28-SH-6
        h.phase = SINGLE_WINDOW
        h.to_act = h.queue.pop(0)
    else:
        _start_thani_window(h)


def single_legal(h: HandState) -> tuple[int, ...]:
    """Everyone is asked, even with nothing but ``pass``: skipping would show a certain hand."""
    seat = h.to_act
    assert seat is not None
    certain = is_certain(h, h.full_hand(seat))
    codes: tuple[int, ...] = ()
    if not certain:
        codes += (SINGLE,)
    elif h.rules.certain_hand_show:
        codes += (SHOW,)
    return (*codes, PASS, *zero_point_claim(h, seat))


def single_apply(h: HandState, code: int) -> None:
    seat = h.log(code)
    if zero_point_claimed(h, code):
        return
    if code == SHOW:
        h.special = SHOW_CERTAIN
        h.special_seat = seat
        h.finish()
    elif code == SINGLE:
        h.special = SINGLE_HAND
        h.declarer = seat
        h.special_seat = seat
        h.bid_team = h.t.team_of[seat]             # the declarer's side now plays the contract
        if h.indicator >= 0:                       # 28-SH-2: the indicator goes back
            h.hands[h.bidder] |= 1 << h.indicator
            h.indicator = -1
        h.multiplier = 1                           # 28-SH-2: the doubles and 'C' are void
        h.c_called = False
        h.trump = -1
        h.restricted = False
        start_play(h)
    elif h.queue:
        h.to_act = h.queue.pop(0)
    else:
        _start_thani_window(h)


def _start_thani_window(h: HandState) -> None:
    if h.rules.thani and not h.reverse:
        h.phase = THANI_WINDOW
        h.to_act = h.bidder
    else:
        start_play(h)


def thani_legal(h: HandState) -> tuple[int, ...]:
    return (THANI, PASS, *zero_point_claim(h, h.bidder))


def thani_apply(h: HandState, code: int) -> None:
    h.log(code)
    if zero_point_claimed(h, code):
        return
    if code == THANI:
        h.special = THANI_HAND
        h.special_seat = h.bidder
    start_play(h)


# ---- the first lead -----------------------------------------------------------------------


def start_play(h: HandState) -> None:
    """28-PLAY-1: the first hand leads; the single-hand declarer or Thani bidder leads instead."""
    t = h.t
    h.phase = PLAY
    leader = h.first
    if h.special in (SINGLE_HAND, THANI_ALONE):        # 28-SH-3, 56-TH-2
        leader = h.declarer
        h.bid_team = t.team_of[h.declarer]
        team = t.team_of[h.declarer]
        h.out_mask = sum(1 << s for s in t.team_seats[team] if s != h.declarer)
        nxt = []
        for s in range(h.n):
            k = t.next_seat[s]
            while h.out_mask >> k & 1:
                k = t.next_seat[k]
            nxt.append(k)
        h.next_seat = tuple(nxt)
        h.trick_size = h.n - h.out_mask.bit_count()
    elif h.special == THANI_HAND:
        leader = h.bidder
    assert h.special in (NORMAL, SINGLE_HAND, THANI_HAND, THANI_ALONE)
    h.leader = leader
    h.to_act = leader
    play.begin(h)
