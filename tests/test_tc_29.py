"""RULES.md §7, TC-24 (a), (b), (d): Twenty-Nine.

29 plays clockwise, N → E → S → W, so N = 0, E = 1, S = 2, W = 3 (tests/helpers.py).
Dealer W, so N is first hand.  (c) and (e) are in test_tc_scoring.py.
"""

from __future__ import annotations

import pytest

from helpers import E29, N29, S29, W29, game, illegal_reason, legal, play_out

TC24 = {
    N29: "7S JH 9H AH TH KH QH 8H",
    E29: "9S JD 9D AD TD KD QD 8D",
    S29: "7D JC 9C AC TC KC QC 8C",
    W29: "KS JS AS TS QS 8S 7H 7C",
}


def test_tc_24a_dealer_forced_to_the_minimum() -> None:
    """TC-24 (a) (29-AUC-3, A-17): three passes force the dealer to bid exactly 15."""
    g = game("29", W29, TC24, ["0 pass", "1 pass", "2 pass"])
    assert legal(g) == {f"{W29} bid 15"}
    assert "29-AUC-3" in illegal_reason(g, f"{W29} pass")
    assert "29-AUC-3" in illegal_reason(g, f"{W29} bid 16")
    g.apply(f"{W29} bid 15")
    r = g.result()
    assert (r["bidder"], r["contract"], r["phase"]) == (W29, 15, "trump")


@pytest.mark.parametrize(("effect", "winner"), [("whole_trick", E29), ("from_reveal", W29)])
def test_tc_24b_compulsory_ask_and_whole_trick(effect: str, winner: int) -> None:
    """TC-24 (b) (29-PLAY-3/4/6): the void player must ask, need not trump; all spades count."""
    rules = {"preset": "29", "trump_effect_in_reveal_trick": effect}
    g = game(rules, W29, TC24, ["0 pass", "1 pass", "2 pass", "3 bid 15", "3 trump S",
                                "0 play 7S", "1 play 9S"])
    assert legal(g) == {f"{S29} ask"}                     # no play without asking
    assert "29-PLAY-3" in illegal_reason(g, f"{S29} play 7D")
    g.apply(f"{S29} ask")
    assert "7D" in {a.arg for a in g.legal_actions()}     # no duty to trump (29-PLAY-4)
    g.apply(f"{S29} play 7D")
    g.apply(f"{W29} play KS")
    assert g.result()["tricks"][0]["winner"] == winner


def test_tc_24d_trump_never_revealed() -> None:
    """TC-24 (d) (29-PLAY-8): nobody is ever void, so the hand is annulled after 8 tricks."""
    hands = {
        N29: "JS 9S AH TH KD QD 8C 7C",
        E29: "AS TS KH QH 8D 7D JC 9C",
        S29: "KS QS 8H 7H JD 9D AC TC",
        W29: "8S 7S JH 9H AD TD KC QC",
    }
    g = game("29", W29, hands, ["0 bid 15", "1 pass", "2 pass", "3 pass", "0 trump H"])
    play_out(g)
    r = g.result()
    assert len(r["tricks"]) == 8 and r["exposed"] is None
    assert (r["status"], r["annulled_reason"]) == ("annulled", "trump_never_revealed")
    assert r["score_change"] == {"bidding": 0, "opponents": 0}
