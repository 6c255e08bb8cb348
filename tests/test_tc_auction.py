"""RULES.md §7, TC-01 … TC-05: the deck, the opening, the auction and the raise window.

Seats follow tests/helpers.py: N = 0, W = 1, S = 2, E = 3 (28 plays anticlockwise).
"""

from __future__ import annotations

import pytest

from helpers import E, N, S, W, game, illegal_reason, legal, play_out, record
from twentyeight import Match, RecordError, Rules

# Dealer S, so E is first hand and the auction goes E, N, W, S.  E's first four (K♠ Q♥ 8♦ 7♣)
# hold no point card.
POINTLESS_E = {
    E: "KS QH 8D 7C JS 9S AH TD",
    N: "JH 9H AS TS QS 8S JD 9D",
    W: "TH KH 8H 7H AD KD QD 7D",
    S: "7S JC 9C AC TC KC QC 8C",
}
# E's first four hold T♥; N's first four (Q♠ 8♠ K♦ 7♦) hold no point card.
POINTED_E = {
    E: "KS TH 8D 7C JS 9S AH TD",
    N: "QS 8S KD 7D JH 9H AS TS",
    W: "QH KH 8H 7H AD JD QD 9D",
    S: "7S JC 9C AC TC KC QC 8C",
}


def test_tc_01_deck_ranks_points() -> None:
    """TC-01 (28-DECK-2…4): 32 unique cards worth 28; J > 9 > A > T > K > Q > 8 > 7."""
    deck = Rules.from_spec("28").deck
    assert deck.size == 32 and len(set(deck.names)) == 32
    assert deck.points_total == 28
    spades = [deck.copies_of(r + "S")[0] for r in "J9ATKQ87"]
    powers = [deck.power[c] for c in spades]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == 8
    assert {r: deck.points[deck.copies_of(r + "H")[0]] for r in "J9ATKQ87"} == \
        {"J": 3, "9": 2, "A": 1, "T": 1, "K": 0, "Q": 0, "8": 0, "7": 0}


def test_tc_01_ranks_decide_tricks() -> None:
    """TC-01: in play, K♠ beats 8♠ and 7♠, and 9♠ beats A♠ (28-DECK-3, 28-PLAY-4)."""
    g = game("28", S, POINTED_E, [
        "3 bid 14", "0 pass", "1 pass", "2 pass", "3 trump 7C", "3 pass", "1 pass",
        "3 play KS", "0 play 8S", "1 play QH", "2 play 7S",           # K♠ > 8♠, 7♠
        "3 play 9S", "0 play AS", "1 play KH", "2 play 8C",           # 9♠ > A♠
    ])
    tricks = g.result()["tricks"]
    assert [t["winner"] for t in tricks] == [E, E]


def test_tc_02_first_hand_must_open() -> None:
    """TC-02 (28-AUC-4, 28-PRE-1): a pointless first four may be redealt, never passed."""
    g = game("28", S, POINTLESS_E)
    assert g.to_act == E
    assert f"{E} redeal" in legal(g)
    assert "28-AUC-4" in illegal_reason(g, f"{E} pass")
    g.apply(f"{E} redeal")
    assert g.result()["status"] == "annulled"
    assert g.result()["annulled_reason"] == "pointless_first_four"


def test_tc_02_pointed_first_four() -> None:
    """TC-02: with T♥ among four cards: no redeal, no pass, no 13; 14 is the lowest bid."""
    g = game("28", S, POINTED_E)
    actions = legal(g)
    assert f"{E} redeal" not in actions and f"{E} pass" not in actions
    assert f"{E} bid 14" in actions
    assert "lowest bid is 14" in illegal_reason(g, f"{E} bid 13")
    assert "28-PRE-1" in illegal_reason(g, f"{E} redeal")


def test_tc_02_only_first_hand_may_redeal() -> None:
    """TC-02 (28-PRE-2): N's pointless four gives N no redeal."""
    g = game("28", S, POINTED_E, ["3 bid 14"])
    assert g.to_act == N
    assert not any(a.endswith("redeal") for a in legal(g))
    illegal_reason(g, f"{N} redeal")


def test_tc_02_same_dealer_after_redeal() -> None:
    """TC-02 (28-ANN-3, 28-DEAL-6): after the redeal S deals again."""
    first = record("28", S, POINTLESS_E, [f"{E} redeal"])
    again = record("28", S, POINTED_E)
    m = Match.from_record({"rules": "28", "hands_played": [first, again]})
    assert m.current.dealer == S and m.scores == [0, 0]
    wrong = record("28", E, POINTED_E)
    with pytest.raises(RecordError, match="dealer: should be 2"):
        Match.from_record({"rules": "28", "hands_played": [first, wrong]})


def test_tc_03_partner_overcall() -> None:
    """TC-03 (28-AUC-6): over a partner's high bid the least bid is 20."""
    g = game("28", S, POINTED_E, ["3 bid 14", "0 pass"])
    assert g.to_act == W
    assert "28-AUC-6" in illegal_reason(g, f"{W} bid 15")
    assert "28-AUC-6" in illegal_reason(g, f"{W} bid 19")
    assert f"{W} bid 20" in legal(g)
    g = game("28", S, POINTED_E, ["3 bid 14", "0 bid 15"])
    assert f"{W} bid 16" in legal(g)


def test_tc_04_reentry_and_end() -> None:
    """TC-04 (28-AUC-6/7/8): a passed player may bid again; three passes end the auction."""
    g = game("28", S, POINTED_E, ["3 bid 14", "0 pass", "1 pass", "2 bid 15", "3 pass"])
    assert g.to_act == N
    assert "28-AUC-6" in illegal_reason(g, f"{N} bid 16")
    g.apply(f"{N} bid 20")
    for seat in (W, S, E):
        g.apply(f"{seat} pass")
    r = g.result()
    assert (r["bidder"], r["contract"], r["phase"]) == (N, 20, "trump")


def test_tc_04_pass_is_final() -> None:
    """TC-04 with pass_is_final: N, W and E have passed, so S's 15 stands and N may not bid."""
    rules = {"preset": "28", "pass_is_final": True}
    g = game(rules, S, POINTED_E, ["3 bid 14", "0 pass", "1 pass", "2 bid 15", "3 pass"])
    r = g.result()
    assert (r["bidder"], r["contract"], r["phase"]) == (S, 15, "trump")
    illegal_reason(g, f"{N} bid 20")


def test_tc_05_raise_window() -> None:
    """TC-05 (28-RAISE-1…5): bidder then partner may raise to 24+; E and W are not asked."""
    g = game("28", S, POINTED_E, ["3 bid 14", "0 bid 20", "1 pass", "2 pass", "3 pass",
                                  "0 trump 8S"])
    assert g.to_act == N and g.result()["phase"] == "raise"
    assert "28-RAISE" in illegal_reason(g, f"{N} raise 23")
    assert f"{N} raise 24" in legal(g)
    g.apply(f"{N} raise 24")
    assert g.to_act == S
    illegal_reason(g, f"{S} raise 24")
    g.apply(f"{S} raise 25")
    r = g.result()
    assert r["phase"] == "play" and g.to_act == E       # nobody else was asked
    assert [a.split()[0] for a in g.to_record()["actions"][-2:]] == [str(N), str(S)]
    play_out(g)
    r = g.result()
    assert (r["bidder"], r["contract"], r["trump"]) == (N, 25, "S")
    assert r["raises"] == [[N, 24], [S, 25]]
    expected = 3 if r["made"] else -4                   # the 25–28 tier
    assert r["score_change"] == {"bidding": expected, "opponents": 0}
