"""Why an action is illegal, as a :class:`~twentyeight.engine.reasons.Reason` for the player
who tried it.

Reasons speak only of what that player knows: the bidder may be told about the trump, no one
else is.  Plays are explained from the notes the play-legality code itself writes, so the
explanation and the rule cannot drift apart.  ``str(reason)`` is the English sentence with
its rule; front ends translate ``reason.key`` (see :mod:`twentyeight.engine.reasons`).
The reasons below cite 28's rules; :func:`~twentyeight.engine.reasons.cite` makes each cite
the variant's own rule where it has one (29-PLAY-1 for 28-PLAY-2 in 29).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from twentyeight.cards import SUITS
from twentyeight.engine import auction, play, windows
from twentyeight.engine.actions import BID, PASS, PLAY_LIMIT, RAISE, REDEAL, Action
from twentyeight.engine.reasons import Reason, cite
from twentyeight.engine.state import (
    AUCTION,
    DOUBLE,
    PHASE_NAMES,
    PLAY,
    REDOUBLE,
    TRUMP,
    HandState,
)
from twentyeight.engine.state import (
    RAISE as RAISE_PHASE,
)

if TYPE_CHECKING:
    from twentyeight.rules import Rules


def why_illegal(h: HandState, action: Action, code: int | None) -> Reason:
    """Why ``action`` (with engine ``code``, if it has one) is not legal now, citing the
    rule of the table's variant."""
    return cite(_why(h, action, code), h.rules)


def _why(h: HandState, action: Action, code: int | None) -> Reason:
    phase = h.phase
    off = not_played(h.rules, action.verb)
    if off is not None:
        return off
    if phase == AUCTION:
        return _auction(h, action, code)
    if phase in (TRUMP, DOUBLE, REDOUBLE) and code == REDEAL:
        return _no_redeal(h)
    if code == REDEAL:                      # after the second deal: the raise window, the play
        seat = h.to_act
        if seat is not None and h.asker == seat and h.zero_point >> seat & 1:
            return Reason("redeal_after_ask", "28-POST-3, 28-REV-3")
        return _zero_point_claim(h.rules)
    if phase == PLAY and code is not None:
        reason = _play(h, action, code)
        if reason is not None:
            return reason
    if phase == RAISE_PHASE and action.verb == "raise" and code is not None:
        return Reason("raise_range", "28-RAISE-1, 28-RAISE-4",
                      {"low": windows.lowest_raise(h), "high": h.t.max_bid})
    if phase == TRUMP:
        reason = _trump(h, action)
        if reason is not None:
            return reason
    if phase == REDOUBLE and action.verb == "c":
        return Reason("c_when", "28-DBL-7")
    if phase == REDOUBLE and action.verb == "redouble":
        return Reason("no_redouble_auto_double", "28-DBL-6")
    return _wrong_phase(phase, action)


def not_played(rules: Rules, verb: str) -> Reason | None:
    """The :class:`Reason` a call ``verb`` is refused for at a table of ``rules`` that does
    not play its rule, whatever the phase ("the pair is not played in this game" rather than
    when the pair may be shown, 28-PAIR-2, at a table without it); None where ``rules`` play
    it, or where ``verb`` is no call of an optional rule (``pass``, ``bid``, ``play``, …)."""
    if verb == "pair" and not rules.pair_rule:
        return Reason("no_pair")
    if verb in ("concede", "accept", "refuse") and not rules.cot:
        return Reason("no_cot")
    if verb == "single" and not rules.single_hand:
        return Reason("no_single_hand")
    if verb == "show" and not (rules.single_hand and rules.certain_hand_show):
        return Reason("no_certain_hand")
    if verb == "thani" and not (rules.thani or rules.thani_56):
        return Reason("no_thani")
    if verb in ("double", "redouble") and not rules.double_redouble:
        return Reason("no_double")
    if verb == "c" and not (rules.c_bid and rules.double_redouble):
        return Reason("no_c")
    if verb == "redeal" and not (rules.first_hand_pointless_redeal
                                 or rules.zero_point_first_hand_cancel
                                 or rules.zero_point_hand_redeal == "optional"):
        return Reason("no_redeal_claims")
    return None


def _zero_point_claim(rules: Rules) -> Reason:
    """Why a redeal may not be claimed after the second deal: only the holder of eight cards
    without a point card may, before his first card (28-POST-3) — where the table plays it."""
    if rules.zero_point_hand_redeal == "off":
        return Reason("no_zero_point_redeal")
    if rules.zero_point_hand_redeal == "automatic":
        return Reason("zero_point_redeal_automatic", "28-POST-3")
    return Reason("redeal_pointless_hand", "28-POST-3")


def _wrong_phase(phase: int, action: Action) -> Reason:
    return Reason(f"wrong_phase_{PHASE_NAMES[phase]}", None, {"verb": action.verb})


def _trump(h: HandState, action: Action) -> Reason | None:
    """The bidder choosing the trump: a suit where a card is wanted, a card where a suit
    is, or a card played before the trump is chosen."""
    by_card = h.rules.trump_indicator == "card"
    arg = action.arg
    if action.verb == "trump":
        if by_card and arg is not None and arg in SUITS:
            return Reason("trump_by_card", "28-TRUMP-1")
        if not by_card and arg is not None and len(arg) == 2:
            return Reason("trump_by_suit", "29-DEAL-2", {"letter": arg[1]})
        return Reason("not_a_trump_choice", "28-TRUMP-1")
    if action.verb == "play" and action.seat == h.bidder and arg is not None:
        if by_card:
            return Reason("choose_trump_card_first", "28-TRUMP-1",
                          {"card": arg})
        return Reason("choose_trump_suit_first", "29-DEAL-2", {"letter": arg[-1]})
    return None


def _auction(h: HandState, action: Action, code: int | None) -> Reason:
    seat = action.seat
    if code == REDEAL:
        return _no_redeal(h)
    if h.rules.auction_procedure == "duel":
        return _duel(h)
    if h.queue:
        return Reason("redouble_or_pass", "56-DBL-2")
    if action.verb == "bid" and code is not None:
        return _bid(h, seat, code)
    if action.verb in ("double", "redouble") and not h.t.auction_doubling:
        if h.rules.double_redouble:                  # 28's doubling window, after the trump
            return Reason("double_after_auction", "28-DBL-1")
        return Reason("no_doubling")
    if action.verb == "double":
        return Reason("double_when", "56-DBL-1")
    if action.verb == "redouble":
        if h.multiplier < 2:                         # (no double to answer yet)
            return Reason("nothing_to_redouble", "56-DBL-2")
        return Reason("redouble_who", "56-DBL-2")
    if code == PASS:
        if auction.dealer_forced(h):
            return Reason("dealer_must_bid_min", "29-AUC-3", {"value": h.t.min_bid})
        if auction.redeal_claim(h, seat) in ("pointless_first_four", "zero_point_first_hand"):
            return Reason("first_hand_opens_or_redeal", "28-AUC-4", {"value": h.t.min_bid})
        return Reason("first_hand_opens", "28-AUC-4", {"value": h.t.min_bid})
    return _wrong_phase(AUCTION, action)


def _no_redeal(h: HandState) -> Reason:
    """Who may claim a redeal now, under these rules: in the auction, the trump choice and the
    doubling window (before any second deal)."""
    rules = h.rules
    who = []
    if h.phase == AUCTION and rules.first_hand_pointless_redeal:
        who.append("first_turn")
    if h.phase == AUCTION and rules.zero_point_first_hand_cancel:
        who.append("instead_of_opening")
    if rules.zero_point_hand_redeal == "optional" and not h.t.second_deal:
        who.append("own_turn")
    if not who:
        return Reason("no_redeal_now")
    return Reason("redeal_only_by", None, {"claimants": ",".join(who)})


def _duel(h: HandState) -> Reason:
    """The defender/challenger auction (BOT-PROTOCOL.md §7.2)."""
    if h.high < 0:
        return Reason("duel_open", "BOT-PROTOCOL §7.2", {"value": h.t.min_bid})
    if h.ta_min >= 0:
        return Reason("duel_match", "BOT-PROTOCOL §7.2", {"value": h.ta_min})
    return Reason("duel_challenge", "BOT-PROTOCOL §7.2", {"low": h.high, "high": h.t.max_bid})


def _bid(h: HandState, seat: int, code: int) -> Reason:
    value = (code - BID) >> 3
    denomination = (code - BID) & 7
    if denomination not in h.t.bid_denominations:      # the example: the value, if it may be bid
        example = {"value": min(max(value, auction.lowest_bid(h, seat)), h.t.max_bid)}
        if denomination:
            return Reason("bid_is_a_number", None, example)
        return Reason("bid_names_trump", "56-AUC-3", example)
    if auction.dealer_forced(h):
        return Reason("dealer_must_bid", "29-AUC-3", {"value": h.t.min_bid})
    if value > h.t.max_bid:
        return Reason("highest_bid", "28-AUC-3", {"value": h.t.max_bid})
    if h.rules.auction_procedure == "team_alternating":
        return Reason("team_alternating_min", "RULES-56.md §1.4.2", {"value": h.ta_min})
    low = auction.lowest_bid(h, seat)
    if h.high < 0 and value < low:
        return Reason("lowest_bid", "28-AUC-3", {"value": low})
    if h.high >= 0 and value <= h.high:
        return Reason("bid_higher", "28-AUC-3", {"value": h.high})
    rules = h.rules
    if rules.second_bid_min is not None and h.bids_made[seat] and value < rules.second_bid_min:
        return Reason("second_bid_min", "40-4", {"value": rules.second_bid_min})
    if rules.partner_overcall == "threshold":
        # a side of three (6PK, 40) has two partners: "your own team", not "your partner"
        key = "partner_overcall" if rules.num_players == 2 * rules.teams else "team_overcall"
        return Reason(key, "28-AUC-6", {"value": low})
    return Reason("team_overcall", "56-AUC-7", {"value": low})


def _play(h: HandState, action: Action, code: int) -> Reason | None:
    seat = action.seat
    verb = action.verb
    if code < PLAY_LIMIT:
        notes: play.Notes = []
        allowed, verb_code = play.play_options(h, seat, notes)
        for mask, reason in notes:
            if not mask >> code & 1:
                return reason
        if not allowed and verb_code:
            return Reason("ask_first", "29-PLAY-3")
        return None
    if verb in ("ask", "reveal") and (h.revealed or h.trump < 0):      # 56-TRUMP-1, 28-SH-3
        return Reason("trump_already_exposed" if h.trump >= 0 else "no_trump_to_ask")
    if verb == "ask":
        if seat == h.bidder:
            return Reason("bidder_does_not_ask", "28-BR-4")
        return _no_ask(h, seat)
    if verb == "reveal":
        if seat != h.bidder:
            return Reason("only_bidder_reveals", "28-REV-1")
        return Reason("bidder_reveal_when_void", "28-BR-3")
    if verb == "pair":
        return Reason("pair_when", "28-PAIR-2")
    if verb == "concede":
        return Reason("concede_when", "28-COT-2")
    if code >= RAISE or code >= BID:
        return Reason("auction_over")
    return None


def _no_ask(h: HandState, seat: int) -> Reason:
    """Why another player may not ask now (the trump is hidden: ``_play`` said the rest)."""
    if not h.trick_cards:
        return Reason("no_ask_when_leading", "28-REV-1")
    led = h.t.deck.suit_of[h.trick_cards[0]]
    if h.hands[seat] & h.t.deck.suit_masks[led]:
        return Reason("ask_only_when_void", "28-REV-1")
    if seat == h.asker:
        return Reason("already_asked")
    return Reason("cannot_ask_now")
