"""The auction (RULES.md §2.4, §3.2; RULES-56.md §1.4–1.5), the trump choice (§2.5) and the
doubling window of 28 (§2.6).

The rotation auction is here; the Kerala team-alternating procedure is in ``auction_kerala``.
A bid's code carries its points and, with open trump, its denomination (1–4 a suit, 5 NT).
"""

from __future__ import annotations

from twentyeight.cards import cards_of
from twentyeight.engine import auction_duel, auction_kerala, windows
from twentyeight.engine.actions import (
    BID,
    C_CALL,
    DOUBLE,
    PASS,
    REDEAL,
    REDOUBLE,
    THANI,
    TRUMP_CARD,
    TRUMP_REVERSE,
    TRUMP_SEVENTH,
    TRUMP_SUIT,
)
from twentyeight.engine.state import DOUBLE as DOUBLE_PHASE
from twentyeight.engine.state import REDOUBLE as REDOUBLE_PHASE
from twentyeight.engine.state import THANI_ALONE, TRUMP, HandState


def stage_min(bid: int) -> int:
    """The next stage above a bid: 28, 40, 48 (56-AUC-7, [C56] NextMinBidAfterBid)."""
    return 28 if bid < 28 else 40 if bid <= 39 else 48


def in_auction_doubling(h: HandState) -> bool:
    """56-DBL: with open trump, doubles and redoubles are calls of the auction."""
    return h.t.auction_doubling


# ---- the rotation auction ------------------------------------------------------------------


def lowest_bid(h: HandState, seat: int) -> int:
    """The least bid ``seat`` may make now (28-AUC-3/6, 56-AUC-4/7, 40-4)."""
    rules = h.rules
    if h.high < 0:
        low = h.t.min_bid
    else:
        low = h.high + 1
        if h.t.team_of[seat] == h.t.team_of[h.high_bidder]:
            mode = rules.partner_overcall
            if mode == "threshold" and rules.partner_overcall_min is not None:
                low = max(low, rules.partner_overcall_min)
            elif mode == "stage":
                low = max(low, stage_min(h.high))
            elif mode == "honours40" and h.high < 40:
                low = max(low, 40)
    if rules.second_bid_min is not None and h.bids_made[seat]:
        low = max(low, rules.second_bid_min)
    return low


def dealer_forced(h: HandState) -> bool:
    """29-AUC-3: every other player passed without a bid, so the dealer must bid the minimum."""
    return h.rules.opening_rule == "dealer_forced" and h.high < 0 and h.passes == h.n - 1


def may_pass(h: HandState) -> bool:
    """Whether the player to speak may pass (28-AUC-4, 56-AUC-5: the first hand must open)."""
    if h.high >= 0:
        return True
    rule = h.rules.opening_rule
    if rule == "forced_bid":
        return h.to_act != h.first
    return not dealer_forced(h)


def redeal_claim(h: HandState, seat: int) -> str | None:
    """The annulment ``seat`` may claim now in the auction, by its reason, or ``None``."""
    point = h.t.deck.point_mask
    rules = h.rules
    if (rules.first_hand_pointless_redeal and not h.history and seat == h.first
            and not h.hands[seat] & point):
        return "pointless_first_four"                              # 28-PRE-1
    if (rules.zero_point_first_hand_cancel and seat == h.first and h.high < 0
            and not h.hands[seat] & point):
        return "zero_point_first_hand"                             # 56-ANN-3
    if h.zero_point >> seat & 1:
        return "zero_point_hand"                                   # 28-POST-3, all dealt
    return None


def auction_legal(h: HandState) -> tuple[int, ...]:
    seat = h.to_act
    assert seat is not None
    procedure = h.rules.auction_procedure
    if procedure == "team_alternating":
        codes = auction_kerala.legal(h)
    elif procedure == "duel":
        codes = auction_duel.legal(h)
    else:
        codes = _rotation_legal(h, seat)
    if h.t.auction_claims and redeal_claim(h, seat):
        codes += (REDEAL,)                          # whatever the procedure (28-POST-3 …)
    return codes


def auction_apply(h: HandState, code: int) -> None:
    if code == REDEAL:
        seat = h.to_act
        assert seat is not None
        reason = redeal_claim(h, seat)              # before the claim joins the history
        h.log(code)
        h.annul(reason or "zero_point_hand", seat)
        return
    procedure = h.rules.auction_procedure
    if procedure == "team_alternating":
        auction_kerala.apply(h, code)
    elif procedure == "duel":
        auction_duel.apply(h, code)
    else:
        _rotation_apply(h, code)


def _rotation_legal(h: HandState, seat: int) -> tuple[int, ...]:
    if h.queue:                                                    # 56-DBL-2 out of turn
        return (REDOUBLE, PASS)                    # (a redeal claim is added by the caller)
    t = h.t
    dens = t.bid_denominations
    if dealer_forced(h):                    # 29-AUC-3: the lowest bid, or Thani (56-TH-1:
        return tuple(BID + 8 * t.min_bid + d for d in dens) + \
            ((THANI,) if t.thani_call else ())    # any player may call it on his turn)
    low = lowest_bid(h, seat)
    if len(dens) == 1:
        codes = tuple(range(BID + 8 * low, BID + 8 * t.max_bid + 1, 8))
    else:
        codes = tuple(BID + 8 * v + d for v in range(low, t.max_bid + 1) for d in dens)
    if may_pass(h):
        codes += (PASS,)
    if t.auction_doubling and h.high >= 0 and not h.imposed:
        ours = t.team_of[seat] == t.team_of[h.high_bidder]
        if h.multiplier == 1 and not ours:
            codes += (DOUBLE,)                                     # 56-DBL-1
        elif h.multiplier == 2 and ours:
            codes += (REDOUBLE,)                                   # 56-DBL-2
    if t.thani_call:
        codes += (THANI,)                                          # 56-TH-1
    return codes


def _rotation_apply(h: HandState, code: int) -> None:
    seat = h.log(code)
    n = h.n
    if h.queue:                                                    # the out-of-turn window
        h.queue.pop(0)
        if code == REDOUBLE:
            _redouble(h, seat)
        elif h.queue:
            h.to_act = h.queue[0]
        else:
            h.to_act = _next_speaker(h, h.doubled_by)
        return
    if ends_by_thani(h, code, seat):
        return
    if code == DOUBLE:
        h.multiplier = 2
        h.doubled_by = seat
        h.passes = 0                                               # 56-DBL-5
        if h.rules.redouble_out_of_turn:
            team = h.t.team_seats[h.t.team_of[h.high_bidder]]
            h.queue = sorted(team, key=lambda s: (s - seat) % n)
            h.to_act = h.queue[0]
            return
    elif code == REDOUBLE:
        _redouble(h, seat)
        return
    elif code == PASS:
        h.passes += 1
        h.passed |= 1 << seat
        if h.high < 0:
            if h.rules.opening_rule == "all_pass_28nt" and h.passes == n:
                _impose_28(h)
                return
        elif _next_speaker(h, seat) == last_caller(h):
            end_auction(h)                                         # 28-AUC-7, 56-AUC-9/DBL-5
            return
    else:
        forced = dealer_forced(h)
        h.high = (code - BID) >> 3
        h.high_den = (code - BID) & 7
        h.high_bidder = seat
        h.bids_made[seat] += 1
        h.passes = 0
        h.multiplier = 1                                           # 56-DBL-4: a bid cancels
        h.doubled_by = -1
        if forced or (h.high >= h.t.max_bid and top_bid_ends(h)):
            end_auction(h)                                         # 29-AUC-3, 28-AUC-10
            return
        nxt = _next_speaker(h, seat)
        if nxt == seat:
            end_auction(h)              # every other seat has passed for good (28-AUC-7)
        else:
            h.to_act = nxt
        return
    h.to_act = _next_speaker(h, seat)


def last_caller(h: HandState) -> int:
    """The seat of the last bid or double: the auction ends when the turn would come back to it
    with only passes in between (28-AUC-7, 56-AUC-9; 56-DBL-5: the doubler gets no other call).

    With ``pass_is_final`` the seats that passed are skipped on the way (A-02).
    """
    return h.doubled_by if h.multiplier == 2 and h.doubled_by >= 0 else h.high_bidder


def top_bid_ends(h: HandState) -> bool:
    """28-AUC-10: a bid at the top ends the auction at once, as nothing can follow it, unless
    a Thani (56-TH-1) or, in the rotation auction, a double (56-AUC-10) still may."""
    if h.t.thani_call:
        return False
    return h.rules.auction_procedure != "rotation" or not in_auction_doubling(h)


def ends_by_thani(h: HandState, code: int, seat: int) -> bool:
    """A Thani call ends the auction at once (56-TH-1).  True when one was made."""
    if code != THANI:
        return False
    h.special = THANI_ALONE
    h.special_seat = h.declarer = h.high_bidder = seat
    end_auction(h)
    return True


def _next_speaker(h: HandState, seat: int) -> int:
    nxt = h.t.next_seat[seat]
    if h.rules.pass_is_final:
        while h.passed >> nxt & 1 and nxt != h.high_bidder:
            nxt = h.t.next_seat[nxt]
    return nxt


def _redouble(h: HandState, seat: int) -> None:
    """56-DBL-3: a redouble ends the auction."""
    h.multiplier = 4
    h.redoubled_by = seat
    h.queue = []
    end_auction(h)


def _impose_28(h: HandState) -> None:
    """C-56-04 all_pass_28nt: the first hand's team plays 28 no-trump, undoublable.

    With hidden trump there is no no-trump (56-HT-1: bids are numbers only): the imposed
    contract is a plain 28, and the first hand lays its trump face down as in any contract.
    """
    h.high = 28
    h.high_den = 5 if h.rules.trump_mode == "open" else 0
    h.high_bidder = h.first
    h.imposed = True
    end_auction(h)


def end_auction(h: HandState) -> None:
    """Fix the contract; with open trump the bid's denomination is trump at once (56-TRUMP-1)."""
    h.bidder = h.high_bidder
    h.bid_team = h.t.team_of[h.bidder]
    h.contract = h.high
    h.denomination = h.high_den
    h.queue = []
    if h.special == THANI_ALONE:
        h.contract = -1
        windows.second_deal(h)                                     # then straight to play
        return
    if h.rules.trump_mode == "open":
        den = h.denomination
        h.trump = den - 1 if 1 <= den <= 4 else -1
        h.revealed = True                                          # public from the first trick
        h.reveal_index = 0
        if h.t.auction_doubling:                                   # doubled in the auction
            windows.second_deal(h)
        else:                                     # (the Kerala auction: 28-DBL-1's window)
            _start_double_window(h)
        return
    h.phase = TRUMP
    h.to_act = h.bidder


# ---- trump ---------------------------------------------------------------------------------


def trump_legal(h: HandState) -> tuple[int, ...]:
    """28-TRUMP-1: a card of the bidder's hand as indicator; 29-DEAL-2: a suit.

    Where everything was dealt before the auction a zero-point bidder may still claim the
    redeal here (28-POST-3 with 6P-3 / 40-11: on each of his own turns).
    """
    rules = h.rules
    if rules.trump_indicator == "card":
        codes = tuple(TRUMP_CARD + c for c in cards_of(h.t.deck.dedupe(h.hands[h.bidder])))
    else:
        codes = tuple(TRUMP_SUIT + s for s in range(4))
        if rules.reverse_no_trump:
            codes += (TRUMP_REVERSE,)
    if rules.seventh_card_trump:
        codes += (TRUMP_SEVENTH,)
    return codes + windows.zero_point_claim(h, h.bidder)


def trump_apply(h: HandState, code: int) -> None:
    h.log(code)
    if windows.zero_point_claimed(h, code):
        return
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
    if (h.rules.pack == "56" and h.rules.bidding_side_all_trumps_redeal and h.trump >= 0
            and not h.opponents_hold_trump()):
        h.annul("opponents_hold_no_trump")                          # 56-ANN-5
        return
    _start_double_window(h)


# ---- double, redouble, 'C' (28) --------------------------------------------------------------


def _start_double_window(h: HandState) -> None:
    """28-DBL-1: the opponents may double, unless doubling is off or the contract was imposed
    after everybody passed (C-56-04: 28 imposed cannot be doubled, with hidden trump too)."""
    if not h.rules.double_redouble or h.imposed:
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
    """28-DBL-1: each opponent in turn may double (and claim a zero-point redeal, 28-POST-3)."""
    seat = h.to_act
    assert seat is not None
    return (DOUBLE, PASS, *windows.zero_point_claim(h, seat))


def redouble_legal(h: HandState) -> tuple[int, ...]:
    return _redouble_options(h, h.to_act)


def _redouble_options(h: HandState, seat: int | None) -> tuple[int, ...]:
    codes: tuple[int, ...] = ()
    if not auto_capped(h):
        codes += (REDOUBLE,)
    if seat is not None and c_allowed(h, seat):
        codes += (C_CALL,)
    if not codes:
        return ()              # nothing to decide: the seat is not asked (nor is a claim)
    claim = windows.zero_point_claim(h, seat) if seat is not None else ()
    return (*codes, PASS, *claim)


def double_apply(h: HandState, code: int) -> None:
    seat = h.log(code)
    if windows.zero_point_claimed(h, code):
        return
    if code == DOUBLE:
        h.multiplier = 2
        h.doubled_by = seat
        h.queue = h.bidding_side_order()                # bidder first, then partner (28-DBL-4)
        h.phase = REDOUBLE_PHASE
        _ask_next_redoubler(h)
    elif h.queue:
        h.to_act = h.queue.pop(0)
    else:
        windows.second_deal(h)


def redouble_apply(h: HandState, code: int) -> None:
    seat = h.log(code)
    if windows.zero_point_claimed(h, code):
        return
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
