"""The result object of a hand: what ``twentyeight replay --json`` prints (RECORDS.md).

It is the omniscient account of a record (the replayer has every hand), so it names the trump
even while it is face down.  A seat's restricted account is :mod:`twentyeight.views`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from twentyeight.cards import SUITS
from twentyeight.engine.actions import DENOMINATIONS
from twentyeight.engine.hand import Hand
from twentyeight.engine.scoring import target
from twentyeight.engine.state import NORMAL, PHASE_NAMES, SPECIAL_NAMES, STATUS_NAMES, THANI_HAND

if TYPE_CHECKING:
    from twentyeight.views import CompletedTrick, CurrentTrick, SidePoints


def tricks_json(h: Hand) -> list[CompletedTrick]:
    """Completed tricks: leader, cards in play order, winner, card points (and the seats)."""
    names = h.t.deck.names
    return [{"leader": leader, "cards": [names[c] for c in cards], "winner": winner,
             "points": points, "seats": list(seats)}
            for leader, seats, cards, winner, points in h.tricks]


def current_trick_json(h: Hand) -> CurrentTrick | None:
    """The trick being played, or ``None`` between tricks and outside the play."""
    if h.leader < 0 or (h.over and not h.trick_cards):
        return None
    names = h.t.deck.names
    return {"leader": h.leader, "cards": [names[c] for c in h.trick_cards],
            "seats": list(h.trick_seats),
            "exposed_before_card": h.reveal_index if h.revealed else None}


def side_points(h: Hand) -> SidePoints:
    """Card points won so far by the bidding side and by the opponents (with a last-trick point)."""
    if h.bidder < 0:
        return {"bidding": 0, "opponents": 0}
    return {"bidding": h.bid_points, "opponents": h.opp_points}


def trump_name(h: Hand) -> str | None:
    """The trump suit letter, ``"reverse"`` for 29's reversed no-trump, or ``None``."""
    if h.reverse:
        return "reverse"
    return SUITS[h.trump] if h.trump >= 0 else None


def verdict(result: dict[str, Any]) -> str | None:
    """A finished contract's outcome in words: ``made``, ``failed``, or made and lost all the
    same, the concession refused and a trick lost after it (28-COT-4); ``None`` where the
    hand had no contract to make (annulled, shown, or still in play)."""
    if result.get("made") is None:
        return None
    if result["made"] and result.get("won") is False:
        return "made, yet lost: the concession refused and a trick lost after it (28-COT-4)"
    return "made" if result["made"] else "failed"


def hand_result(h: Hand) -> dict[str, Any]:
    """The result object: RECORDS.md's fields first, then the extra fields this engine adds."""
    score = h.score()
    in_play = h.bidder >= 0 and h.special in (NORMAL, THANI_HAND)
    out: dict[str, Any] = {"status": STATUS_NAMES[h.status]}
    if h.annul_reason:
        out["annulled_reason"] = h.annul_reason
    out.update({
        "bidder": h.bidder if h.bidder >= 0 else None,
        "contract": h.contract if h.contract >= 0 else None,
        "trump": trump_name(h),
        "target": target(h) if in_play else None,
        "tricks": tricks_json(h),
        "points": side_points(h),
        "made": score.made if score else None,
        "score_change": {"bidding": score.bidding, "opponents": score.opponents}
        if score else None,
        "to_act": h.to_act,
        "legal": [f"{h.to_act} {h.describe(c)}" for c in h.legal_codes()]
        if h.to_act is not None else [],
    })
    names = h.t.deck.names
    out.update({
        "dealer": h.dealer,
        "phase": PHASE_NAMES[h.phase],
        "teams": [list(seats) for seats in h.t.team_seats],
        "bidding_team": h.bid_team if h.bid_team >= 0 else None,
        "score_by_team": list(score.by_team) if score else None,
        "won": score.won if score else None,
        "match_winner": score.match_winner if score else None,
        "indicator": names[h.indicator] if h.indicator >= 0 else None,
        "seventh_card": h.seventh,
        "exposed": {"trick": h.reveal_trick, "by": h.revealed_by if h.revealed_by >= 0 else None}
        if h.revealed else None,
        "denomination": DENOMINATIONS[h.denomination] or None if h.bidder >= 0 else None,
        "imposed": h.imposed,
        "multiplier": h.multiplier,
        "doubled_by": h.doubled_by if h.doubled_by >= 0 else None,
        "redoubled_by": h.redoubled_by if h.redoubled_by >= 0 else None,
        "c": h.c_called,
        "raises": [list(r) for r in h.raises],
        "pair": {"seat": h.pair_by, "side": "bidding" if h.t.team_of[h.pair_by] == h.bid_team
                 else "opponents"} if h.pair_by >= 0 else None,
        "special": SPECIAL_NAMES[h.special],
        "special_seat": h.special_seat if h.special_seat >= 0 else None,
        "cot": "accepted" if h.cot_accepted else "refused" if h.cot_refused else
        "conceded" if h.conceded_by >= 0 else None,
        "trick": current_trick_json(h),
    })
    return out
