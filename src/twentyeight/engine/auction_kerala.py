"""The Kerala team-alternating auction (RULES-56.md §1.4.2, as [C56] plays it).

After a bid the turn passes to the other team; after a pass it stays with the passer's team
while the other team has spoken its last; a player speaks once per stage (28–39, 40–47,
48–); the auction ends when the high bidder passes or raises his own bid, or at Thani.
``ta_next[team]`` is the next member of each team to speak, ``ta_out[seat]`` the level at
which a seat last spoke, ``ta_min`` the least bid of the player to speak.
"""

from __future__ import annotations

from twentyeight.engine.actions import BID, PASS, THANI
from twentyeight.engine.state import HandState


def _stage_min(x: int) -> int:
    return 28 if x < 28 else 40 if x <= 39 else 48


def start(h: HandState) -> None:
    """Set up the team-alternating auction: the first hand speaks first."""
    first = h.first
    h.ta_next = [0, 0]
    h.ta_next[first % 2] = first
    h.ta_next[(first + 1) % 2] = (first + 1) % h.n
    h.ta_out = [0] * h.n
    h.ta_min = h.t.min_bid


def legal(h: HandState) -> tuple[int, ...]:
    """Bids from ``ta_min``, a pass once someone has bid, Thani; the redeal claims are added
    by ``auction.auction_legal`` for every procedure."""
    dens = h.t.bid_denominations
    codes = tuple(BID + 8 * v + d for v in range(h.ta_min, h.t.max_bid + 1) for d in dens)
    if h.high >= 0:
        codes += (PASS,)                       # the first hand must bid (56-AUC-5)
    if h.rules.thani_56:
        codes += (THANI,)
    return codes


def apply(h: HandState, code: int) -> None:
    from twentyeight.engine.auction import end_auction, ends_by_thani, top_bid_ends

    seat = h.log(code)
    n = h.n
    team = seat % 2
    if ends_by_thani(h, code, seat):
        return
    if code == PASS:
        if seat == h.high_bidder:
            end_auction(h)
            return
        h.ta_out[seat] = h.ta_min
        h.ta_next[team] = (seat + 2) % n
        high_team = h.high_bidder % 2
        if team == high_team:
            nxt = h.ta_next[team]
        else:
            mate = h.ta_next[team]
            nxt = mate if h.ta_out[mate] < h.high + 1 else h.ta_next[high_team]
        h.ta_next[nxt % 2] = (nxt + 2) % n
        level = h.high if nxt % 2 == high_team else h.ta_out[nxt]
        h.ta_min = max(h.high + 1, _stage_min(level))
        h.to_act = nxt
        return
    value = (code - BID) >> 3
    previous = h.high_bidder
    h.high = value
    h.high_den = (code - BID) & 7
    h.high_bidder = seat
    h.bids_made[seat] += 1
    h.ta_out[seat] = value
    h.ta_next[team] = (seat + 2) % n
    if previous == seat or (value >= h.t.max_bid and top_bid_ends(h)):
        end_auction(h)                          # raised his own bid: that is the contract
        return
    nxt = h.ta_next[1 - team]
    h.ta_next[nxt % 2] = (nxt + 2) % n
    h.ta_min = max(value + 1, _stage_min(h.ta_out[nxt]))
    h.to_act = nxt
