"""The auction (RULES.md §2.4, §3.2), the trump choice (§2.5) and the doubling window (§2.6)."""

from __future__ import annotations

from twentyeight.cards import cards_of
from twentyeight.engine import windows
from twentyeight.engine.actions import (
    BID,
    C_CALL,
    DOUBLE,
    PASS,
    REDEAL,
    REDOUBLE,
    TRUMP_CARD,
    TRUMP_REVERSE,
    TRUMP_SEVENTH,
    TRUMP_SUIT,
)
from twentyeight.engine.state import DOUBLE as DOUBLE_PHASE
from twentyeight.engine.state import REDOUBLE as REDOUBLE_PHASE
from twentyeight.engine.state import TRUMP, HandState

# ---- auction -------------------------------------------------------------------------------


def lowest_bid(h: HandState, seat: int) -> int:
    """The least bid ``seat`` may make now (28-AUC-3, 28-AUC-6)."""
    if h.high < 0:
        return h.t.min_bid
    low = h.high + 1
    floor = h.rules.partner_overcall_min
    if floor is not None and h.t.team_of[seat] == h.t.team_of[h.high_bidder]:
        low = max(low, floor)
    return low


def dealer_forced(h: HandState) -> bool:
    """29-AUC-3: every other player passed without a bid, so the dealer must bid the minimum."""
    return h.rules.forced_opening == "dealer" and h.high < 0 and h.passes == h.n - 1


def may_pass(h: HandState) -> bool:
    """Whether the player to speak may pass (28-AUC-4: the first hand must open)."""
    if h.high >= 0:
        return True
    if h.rules.forced_opening == "first_hand":
        return False
    return not dealer_forced(h)


def pointless_redeal_open(h: HandState) -> bool:
    """28-PRE-1: the first hand, on the first turn, holds no point card among four."""
    return (h.rules.first_hand_pointless_redeal and not h.history and h.to_act == h.first
            and not h.hands[h.first] & h.t.deck.point_mask)


def auction_legal(h: HandState) -> tuple[int, ...]:
    seat = h.to_act
    assert seat is not None
    if dealer_forced(h):
        return (BID + 8 * h.t.min_bid,)
    codes = tuple(BID + 8 * v for v in range(lowest_bid(h, seat), h.t.max_bid + 1))
    if may_pass(h):
        codes += (PASS,)
    if pointless_redeal_open(h):
        codes += (REDEAL,)
    return codes


def auction_apply(h: HandState, code: int) -> None:
    seat = h.log(code)
    n = h.n
    if code == REDEAL:
        h.annul("pointless_first_four")
        return
    if code == PASS:
        h.passes += 1
        h.passed |= 1 << seat
        if h.high >= 0:
            if h.rules.pass_is_final:
                if h.passed | 1 << h.high_bidder == (1 << n) - 1:
                    _end_auction(h)
                    return
            elif h.passes == n - 1:
                _end_auction(h)
                return
    else:
        forced = dealer_forced(h)
        h.high = (code - BID) >> 3
        h.high_bidder = seat
        h.passes = 0
        if forced or h.high >= h.t.max_bid:
            _end_auction(h)          # 29-AUC-3, 28-AUC-10
            return
    nxt = h.t.next_seat[seat]
    if h.rules.pass_is_final:
        while h.passed >> nxt & 1:
            nxt = h.t.next_seat[nxt]
    h.to_act = nxt


def _end_auction(h: HandState) -> None:
    h.bidder = h.high_bidder
    h.bid_team = h.t.team_of[h.bidder]
    h.contract = h.high
    h.phase = TRUMP
    h.to_act = h.bidder


# ---- trump ---------------------------------------------------------------------------------


def trump_legal(h: HandState) -> tuple[int, ...]:
    """28-TRUMP-1: a card of the bidder's four as indicator; 29-DEAL-2: a suit."""
    rules = h.rules
    if rules.trump_indicator == "card":
        codes = tuple(TRUMP_CARD + c for c in cards_of(h.t.deck.dedupe(h.hands[h.bidder])))
    else:
        codes = tuple(TRUMP_SUIT + s for s in range(4))
        if rules.reverse_no_trump:
            codes += (TRUMP_REVERSE,)
    if rules.seventh_card_trump:
        codes += (TRUMP_SEVENTH,)
    return codes


def trump_apply(h: HandState, code: int) -> None:
    h.log(code)
    deck = h.t.deck
    if code == TRUMP_SEVENTH:
        h.seventh = True             # the card is set aside at the second deal (28-TRUMP-5)
    elif code == TRUMP_REVERSE:
        h.reverse = True             # 29 reverse no-trump: public, reversed ranking
        h.power = deck.reverse_power
    elif code >= TRUMP_SUIT:
        h.trump = code - TRUMP_SUIT
    else:
        card = code - TRUMP_CARD
        h.indicator = card
        h.trump = deck.suit_of[card]
        h.hands[h.bidder] &= ~(1 << card)
    _start_double_window(h)


# ---- double, redouble, 'C' -----------------------------------------------------------------


def _start_double_window(h: HandState) -> None:
    if not h.rules.double_redouble:
        windows.second_deal(h)
        return
    team_of = h.t.team_of
    seat = h.t.next_seat[h.bidder]
    order = []
    for _ in range(h.n):
        if team_of[seat] != h.bid_team:
            order.append(seat)
        seat = h.t.next_seat[seat]
    h.phase = DOUBLE_PHASE
    h.queue = order
    h.to_act = h.queue.pop(0)


def auto_capped(h: HandState) -> bool:
    """28-DBL-6: a contract at the auto-double threshold doubles straight to the cap of 4."""
    t = h.rules.auto_double_threshold
    return t is not None and h.contract >= t


def c_allowed(h: HandState, seat: int) -> bool:
    """28-DBL-7, A-05, C-02: the bidder, with his side's score at 0, not in an auto-double game."""
    rules = h.rules
    return (rules.c_bid and seat == h.bidder and h.scores[h.bid_team] == 0
            and (rules.auto_double_threshold is None or rules.c_bid_with_autodouble))


def double_legal(h: HandState) -> tuple[int, ...]:
    return (DOUBLE, PASS)


def redouble_legal(h: HandState) -> tuple[int, ...]:
    return _redouble_options(h, h.to_act)


def _redouble_options(h: HandState, seat: int | None) -> tuple[int, ...]:
    codes: tuple[int, ...] = ()
    if not auto_capped(h):
        codes += (REDOUBLE,)
    if seat is not None and c_allowed(h, seat):
        codes += (C_CALL,)
    return (*codes, PASS) if codes else ()


def double_apply(h: HandState, code: int) -> None:
    seat = h.log(code)
    if code == DOUBLE:
        h.multiplier = 2
        h.doubled_by = seat
        h.queue = h.bidding_side_order()
        h.phase = REDOUBLE_PHASE
        _ask_next_redoubler(h)
    elif h.queue:
        h.to_act = h.queue.pop(0)
    else:
        windows.second_deal(h)


def redouble_apply(h: HandState, code: int) -> None:
    seat = h.log(code)
    if code == REDOUBLE:
        h.multiplier = 4
        h.redoubled_by = seat
        windows.second_deal(h)
    elif code == C_CALL:
        h.c_called = True
        windows.second_deal(h)
    else:
        _ask_next_redoubler(h)


def _ask_next_redoubler(h: HandState) -> None:
    while h.queue:
        seat = h.queue.pop(0)
        if _redouble_options(h, seat):
            h.to_act = seat
            return
    windows.second_deal(h)
