"""What a player is told when an auction call is refused: the rule of the auction he plays.

The defender/challenger duel (BOT-PROTOCOL.md §7.2) keeps its challengers in the same list as
56's out-of-turn redoublers; its refusals must speak of the duel, not of a double.  A refused
redeal names the claims these rules allow (28-PRE-1, 56-ANN-3, 28-POST-3).
"""

from __future__ import annotations

from helpers import game, illegal_reason
from test_tc_variants import DEAL_56, SIX, ZERO_POINT_6P

DUEL_DEAL = {0: "JS 9S AS TS JH 9H AH TH", 1: "KS QS 8S 7S KH QH 8H 7H",
             2: "JD 9D AD TD JC 9C AC TC", 3: "KD QD 8D 7D KC QC 8C 7C"}
"""Four players, dealer 3: seat 0, the first hand, holds point cards only."""


def test_duel_refusals_speak_of_the_duel() -> None:
    """BOT-PROTOCOL §7.2: the opening defender must bid from 16; a challenger bids above the
    defender or passes; a challenged defender matches or passes."""
    g = game("bhoos-29", 3, DUEL_DEAL)
    for text in ("0 pass", "0 bid 15"):
        assert "must bid at least 16" in illegal_reason(g, text)
    assert illegal_reason(g, "0 double") == "doubling is not played in this game"
    g.apply("0 bid 16")
    reason = illegal_reason(g, "1 bid 16")
    assert "above 16" in reason and "double" not in reason
    g.apply("1 bid 17")
    assert "matches the challenge ('bid 17')" in illegal_reason(g, "0 bid 18")


def test_refused_redeal_names_the_claims_of_these_rules() -> None:
    """28-PRE-1 (4P), 28-POST-3 with 6P-3 (every card dealt first) and 56-ANN-3 (56-kerala);
    56 itself has no redeal claim."""
    four = game("28", 3, DUEL_DEAL)                      # seat 0 holds four point cards
    assert "28-PRE-1" in illegal_reason(four, "0 redeal")
    assert "28-POST-3" not in illegal_reason(four, "0 redeal")
    six = game(SIX, 0, {**ZERO_POINT_6P, 0: ZERO_POINT_6P[1], 1: ZERO_POINT_6P[0]})
    assert "28-POST-3" in illegal_reason(six, "1 redeal")
    assert "56-ANN-3" in illegal_reason(game("56-kerala", 5, DEAL_56), "0 redeal")
    assert illegal_reason(game("56", 5, DEAL_56), "0 redeal") == \
        "no redeal can be claimed in this game"
