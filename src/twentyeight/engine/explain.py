"""Why an action is illegal, in words, for the player who tried it.

Messages speak only of what that player knows: the bidder may be told about the trump, no one
else is.  Plays are explained from the notes the play-legality code itself writes, so the
explanation and the rule cannot drift apart.
"""

from __future__ import annotations

from twentyeight.cards import SUITS
from twentyeight.engine import auction, play, windows
from twentyeight.engine.actions import BID, PASS, PLAY_LIMIT, RAISE, REDEAL, Action
from twentyeight.engine.state import (
    AUCTION,
    COT,
    DOUBLE,
    PHASE_NAMES,
    PLAY,
    REDOUBLE,
    SINGLE_WINDOW,
    THANI_WINDOW,
    TRUMP,
    HandState,
)
from twentyeight.engine.state import (
    RAISE as RAISE_PHASE,
)

_WAITING = {
    AUCTION: "the auction is on: bid or pass",
    TRUMP: "the bidder is choosing trump",
    DOUBLE: "the opponents may double",
    REDOUBLE: "the bidding side may redouble",
    RAISE_PHASE: "the bidding side may raise the contract",
    SINGLE_WINDOW: "players are asked whether they play a single hand",
    THANI_WINDOW: "the bidder may declare Thani",
    PLAY: "cards are being played",
    COT: "the bidder must accept or refuse the concession",
}


def why_illegal(h: HandState, action: Action, code: int | None) -> str:
    """A sentence saying why ``action`` (with engine ``code``, if it has one) is not legal."""
    phase = h.phase
    if phase == AUCTION:
        return _auction(h, action, code)
    if phase in (TRUMP, DOUBLE, REDOUBLE) and code == REDEAL:
        return _no_redeal(h)
    if phase == PLAY and code is not None:
        text = _play(h, action, code)
        if text:
            return text
    if phase == RAISE_PHASE and action.verb == "raise" and code is not None:
        low = windows.lowest_raise(h)
        return (f"a raise must be to at least {low} and at most {h.t.max_bid} (28-RAISE-1, "
                "28-RAISE-4)")
    if phase == TRUMP and action.verb == "trump":
        if h.rules.trump_indicator == "card" and action.arg is not None and action.arg in SUITS:
            return ("choose trump by laying one of your four cards face down, e.g. "
                    "'trump 7S' (28-TRUMP-1)")
        return "that is not one of the trump choices you have (28-TRUMP-1)"
    if phase == REDOUBLE and action.verb == "c":
        return ("'C' is open only to the bidder, when his side's score is 0 and the game is "
                "not played with auto-double (28-DBL-7)")
    if phase == REDOUBLE and action.verb == "redouble":
        return "a contract doubled at the auto-double threshold cannot be redoubled (28-DBL-6)"
    return f"you cannot {action.verb} now: {_WAITING.get(phase, PHASE_NAMES[phase])}"


def _auction(h: HandState, action: Action, code: int | None) -> str:
    seat = action.seat
    if code == REDEAL:
        return _no_redeal(h)
    if h.rules.auction_procedure == "duel":
        return _duel(h)
    if h.queue:
        return "a double was just made: the doubled side may redouble or pass (56-DBL-2)"
    if action.verb == "bid" and code is not None:
        value = (code - BID) >> 3
        denomination = (code - BID) & 7
        if denomination not in h.t.bid_denominations:
            if denomination:
                return "bids name no denomination here: bid a number, like 'bid 16'"
            return ("a bid names its trump or no-trump: 'bid 30H', 'bid 31NT' (56-AUC-3)")
        if auction.dealer_forced(h):
            return (f"everyone else passed, so the dealer must bid exactly {h.t.min_bid} "
                    "(29-AUC-3)")
        if value > h.t.max_bid:
            return f"the highest bid is {h.t.max_bid} (28-AUC-3)"
        if h.rules.auction_procedure == "team_alternating":
            return (f"you must bid at least {h.ta_min}: one call per stage, over your own "
                    "team at the next stage (RULES-56.md §1.4.2)")
        low = auction.lowest_bid(h, seat)
        if h.high < 0 and value < low:
            return f"the lowest bid is {low} ({'56-AUC-3' if h.rules.pack == '56' else '28-AUC-3'})"
        if h.high >= 0 and value <= h.high:
            return (f"a bid must be higher than the current bid of {h.high} "
                    "(28-AUC-3, 56-AUC-4)")
        rules = h.rules
        if rules.second_bid_min is not None and h.bids_made[seat] and \
                value < rules.second_bid_min:
            return f"a second bid must be at least {rules.second_bid_min} (40-4)"
        if rules.partner_overcall == "threshold":
            return (f"your partner holds the highest bid, so you must bid at least {low} "
                    "(28-AUC-6)")
        return (f"your own team holds the highest bid, so you must bid at least {low} "
                "(56-AUC-7)")
    if action.verb == "double":
        return ("you may double only the other team's bid, once, with open trump (56-DBL-1)"
                if h.rules.trump_mode == "open" else "there is no doubling in this auction")
    if action.verb == "redouble":
        return "only the doubled team may redouble its doubled bid (56-DBL-2)"
    if action.verb == "thani":
        return "Thani is not played in this game (thani_56)"
    if code == PASS:
        if auction.dealer_forced(h):
            return (f"everyone else passed, so the dealer must bid {h.t.min_bid} (29-AUC-3)")
        rule = "56-AUC-5" if h.rules.pack == "56" else "28-AUC-4"
        return f"the first hand must open the bidding with at least {h.t.min_bid} ({rule})"
    return f"you cannot {action.verb} now: {_WAITING[AUCTION]}"


def _no_redeal(h: HandState) -> str:
    """Who may claim a redeal now, under these rules: in the auction, the trump choice and the
    doubling window (before any second deal)."""
    rules = h.rules
    who = []
    if h.phase == AUCTION and rules.first_hand_pointless_redeal:
        who.append("the first hand on his first turn, holding no point card (28-PRE-1)")
    if h.phase == AUCTION and rules.zero_point_first_hand_cancel:
        who.append("the first hand holding no point card, instead of opening (56-ANN-3)")
    if rules.zero_point_hand_redeal == "optional" and not h.t.second_deal:
        who.append("a player whose cards hold no point card, on his own turn (28-POST-3)")
    if not who:
        return "no redeal may be claimed now"
    return "a redeal may be claimed now only by " + ", or by ".join(who)


def _duel(h: HandState) -> str:
    """The defender/challenger auction (BOT-PROTOCOL.md §7.2)."""
    if h.high < 0:
        return (f"the first hand opens as defender and must bid at least {h.t.min_bid} "
                "(BOT-PROTOCOL §7.2)")
    if h.ta_min >= 0:
        return (f"the defender matches the challenge ('bid {h.ta_min}') or passes "
                "(BOT-PROTOCOL §7.2)")
    return (f"a challenger bids above {h.high}, up to {h.t.max_bid}, or passes "
            "(BOT-PROTOCOL §7.2)")


def _play(h: HandState, action: Action, code: int) -> str | None:
    seat = action.seat
    verb = action.verb
    if code < PLAY_LIMIT:
        notes: play.Notes = []
        allowed, verb_code = play.play_options(h, seat, notes)
        for mask, reason in notes:
            if not mask >> code & 1:
                return str(reason)
        if not allowed and verb_code:
            return "you must first ask for the trump (29-PLAY-3)"
        return None
    if verb == "ask":
        if seat == h.bidder:
            return "the bidder does not ask; the bidder may 'reveal' (28-BR-4)"
        return _no_ask(h, seat)
    if verb == "reveal":
        if seat != h.bidder:
            return "only the bidder reveals; other players 'ask' for the trump (28-REV-1)"
        if h.revealed:
            return "the trump is already exposed"
        return ("the bidder may expose the trump only when void in a suit led by another "
                "player (28-BR-3)")
    if verb == "pair":
        return ("a pair (king and queen of trumps, held together) may be shown on your own "
                "turn once the trump is exposed and your side has won a trick since "
                "(28-PAIR-2)")
    if verb == "redeal":
        return ("a redeal may be claimed only by a player whose eight cards hold no J, 9, A or "
                "T, before playing a card (28-POST-3)")
    if verb == "concede":
        return ("the opponents may concede only while the bidding side has won every trick "
                "(28-COT-2)")
    if code >= RAISE or code >= BID:
        return "the auction is over: cards are being played"
    return None


def _no_ask(h: HandState, seat: int) -> str:
    if h.revealed:
        return "the trump is already exposed"
    if h.trump < 0:
        return "there is no trump to ask for in this hand"
    if not h.trick_cards:
        return "you cannot ask when leading (28-REV-1)"
    led = h.t.deck.suit_of[h.trick_cards[0]]
    if h.hands[seat] & h.t.deck.suit_masks[led]:
        return "you may ask for the trump only when you cannot follow suit (28-REV-1)"
    if seat == h.asker:
        return "you have already asked"
    return "you cannot ask now"
