"""The defender/challenger auction of the public 29 bot competition (BOT-PROTOCOL.md §7.2).

The first hand opens as defender (he must bid).  The others enter as challenger one at a
time, in turn order, once each.  A challenger bids above the defender's bid or passes (a pass
is final).  A challenged defender matches the challenge (``bid`` the same value) or passes; if
he passes, the challenger becomes defender at his bid; if he matches, the same challenger must
raise again or pass.  When the last challenger has passed, the defender wins at his bid.

State: ``high``/``high_bidder`` are the defender's bid and seat, ``queue`` the challengers yet
to enter, ``ta_min`` the pending challenge (or -1) and ``ta_next[0]`` the challenger in play.
"""

from __future__ import annotations

from twentyeight.engine.actions import BID, PASS
from twentyeight.engine.state import HandState


def start(h: HandState) -> None:
    """The first hand opens; the challengers are the other seats in turn order."""
    h.queue = [(h.first + i) % h.n for i in range(1, h.n)]
    h.ta_min = -1
    h.ta_next = [-1]


def legal(h: HandState) -> tuple[int, ...]:
    top = h.t.max_bid
    if h.high < 0:                                     # the opening: the defender must bid
        return tuple(range(BID + 8 * h.t.min_bid, BID + 8 * top + 1, 8))
    if h.ta_min >= 0:                                  # the defender: match or give way
        return (BID + 8 * h.ta_min, PASS)
    low = max(h.high, h.ta_min) + 1                    # the challenger: raise or pass
    return (*range(BID + 8 * low, BID + 8 * top + 1, 8), PASS)


def apply(h: HandState, code: int) -> None:
    seat = h.log(code)
    value = (code - BID) >> 3 if code != PASS else -1
    if h.high < 0:                                     # opening
        h.high, h.high_bidder = value, seat
        _next_challenger(h)
    elif h.ta_min >= 0:                                # the defender answers a challenge
        challenger = h.ta_next[0]
        if code == PASS:
            h.high, h.high_bidder = h.ta_min, challenger
            h.ta_min = -1
            _next_challenger(h)
        else:
            h.high = value
            h.ta_min = -1
            h.to_act = challenger                      # who must raise or pass
        return
    elif code == PASS:                                 # the challenger drops out
        _next_challenger(h)
    else:                                              # a challenge
        h.ta_min = value
        h.ta_next[0] = seat
        h.to_act = h.high_bidder


def _next_challenger(h: HandState) -> None:
    from twentyeight.engine.auction import end_auction

    if h.queue:
        h.ta_next[0] = h.queue.pop(0)
        h.to_act = h.ta_next[0]
    else:
        end_auction(h)
