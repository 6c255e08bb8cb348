"""RULES.md §7, TC-14, TC-17, TC-21, TC-23: annulments, the pair, single hand, jack discards.

Seats follow tests/helpers.py: N = 0, W = 1, S = 2, E = 3 (28 plays anticlockwise).
"""

from __future__ import annotations

from helpers import E, N, S, W, game, illegal_reason, legal, playable, record
from twentyeight import Game, Match

# ---- TC-14 -------------------------------------------------------------------------------


def test_tc_14a_four_jacks() -> None:
    """TC-14 (a) (28-POST-2, 28-ANN-3): four jacks after the second deal annul the hand."""
    hands = {   # dealer S; W's second four complete the four jacks
        E: "KS TH 8D 7C 9S AH TD QH",
        N: "QS 8S KD 7D 9H AS TS KH",
        W: "JS JH 8H 7H JD JC QD 9D",
        S: "7S 9C AC TC KC QC 8C AD",
    }
    rules = {"preset": "28-wiki", "double_redouble": True}
    actions = ["3 bid 16", "0 pass", "1 pass", "2 pass", "3 trump 7C", "0 double", "3 pass",
               "1 pass"]
    g = game(rules, S, hands, actions)
    r = g.result()
    assert (r["status"], r["annulled_reason"]) == ("annulled", "four_jacks")
    assert r["score_change"] == {"bidding": 0, "opponents": 0}
    m = Match.from_record({"rules": rules, "hands_played": [record(rules, S, hands, actions)]})
    assert m.scores == [0, 0] and m.next_dealer() == S


TC14 = {      # dealer W; bidder S lays 7♥ face down; N–S hold all eight hearts
    S: "7H JH 9H 7C AH 8S KD QD",
    N: "TH KH QH 8H JC JS AD TD",
    E: "8C KC 9S AS TS 9D JD 8D",
    W: "9C AC TC QC KS QS 7S 7D",
}
TC14_PLAY = ["2 bid 14", "3 pass", "0 pass", "1 pass", "2 trump 7H", "2 pass", "0 pass",
             "2 play 7C", "3 play 8C", "0 play JC", "1 play 9C",
             "0 play JS", "1 play KS", "2 play 8S", "3 play 9S",
             "0 play TH"]


def test_tc_14b_bidding_side_holds_every_trump() -> None:
    """TC-14 (b) (28-ANN-2): annulled at the moment of exposure, on E's ask in trick 3."""
    g = game("28", W, TC14, [*TC14_PLAY, "1 play 7D", "2 play 9H"])
    assert g.result()["status"] == "in_progress"
    g.apply(f"{E} ask")
    r = g.result()
    assert (r["status"], r["annulled_reason"]) == ("annulled", "bidding_side_all_trumps")
    assert r["score_change"] == {"bidding": 0, "opponents": 0} and g.to_act is None


def test_tc_14c_an_opponent_was_dealt_a_trump() -> None:
    """TC-14 (c) (28-ANN-2): W was dealt 7♥, so the exposure does not annul."""
    hands = {**TC14, S: "JH 7D 9H 7C AH 8S KD QD", W: "9C AC TC QC KS QS 7S 7H"}
    actions = [a.replace("2 trump 7H", "2 trump JH") for a in TC14_PLAY]
    g = game("28", W, hands, [*actions, "1 play 7H", "2 play 9H", "3 ask"])
    assert g.result()["status"] == "in_progress" and g.result()["exposed"] is not None


# ---- TC-17 -------------------------------------------------------------------------------
TC17 = {      # dealer W; S bids 20 and lays 7♣ face down; N holds K♣ Q♣
    S: "7C AD AH AS 7S 7H 8D QD",
    E: "KD 9C 8H 9H TH 8C JD 9D",
    N: "7D JH KC QC JS 9S 8S TC",
    W: "TD QS KS TS QH KH AC JC",
}
TC17_TO_TRICK_3 = ["2 bid 20", "3 pass", "0 pass", "1 pass", "2 trump 7C", "2 pass", "0 pass",
                   "2 play AD", "3 play KD", "0 play 7D", "1 play TD",
                   "2 play AS", "3 play 9D", "0 play 8S", "1 play TS",
                   "2 play 7S", "3 ask", "3 play 9C"]


def test_tc_17_pair_never_before_exposure() -> None:
    """TC-17 (28-PAIR-2): before the exposure the pair is never offered."""
    g = game("28", W, TC17, ["2 bid 20", "3 pass", "0 pass", "1 pass", "2 trump 7C",
                             "2 pass", "0 pass"])
    turns = 0
    while g.result()["exposed"] is None:
        if g.to_act == N:
            assert f"{N} pair" not in legal(g)
            turns += 1
        g.apply(next(a for a in g.legal_actions() if a.verb not in ("ask", "reveal")))
    assert turns == 7                       # the trump stayed hidden until the last trick


def test_tc_17_pair_by_the_bidding_side() -> None:
    """TC-17 (28-PAIR-2…6): only after N's side wins a trick since the exposure; target 16."""
    g = game("28", W, TC17, TC17_TO_TRICK_3)
    assert g.to_act == N and f"{N} pair" not in legal(g)          # in the exposure trick
    g.apply(f"{N} play 9S")
    g.apply(f"{W} play QS")
    assert g.result()["tricks"][2]["winner"] == E                 # E–W win trick 3
    g.apply(f"{E} play 8H")
    assert g.to_act == N and f"{N} pair" not in legal(g)
    assert "28-PAIR-2" in illegal_reason(g, f"{N} pair")
    for action in (f"{N} play JH", f"{W} play QH", f"{S} play 7H"):
        g.apply(action)
    assert g.result()["tricks"][3]["winner"] == N
    assert f"{N} pair" in legal(g)
    g.apply(f"{N} pair")
    r = g.result()
    assert r["pair"] == {"seat": N, "side": "bidding"} and r["target"] == 16
    assert g.view(E)["pair"] == {"seat": N, "cards": ["KC", "QC"]}
    for action in ["0 play JS", "1 play KS", "2 play AH", "3 play JD", "0 play TC",
                   "1 play AC", "2 play 7C", "3 play 8C", "1 play KH", "2 play QD",
                   "3 play TH", "0 play QC", "0 play KC", "1 play JC", "2 play 8D",
                   "3 play 9H"]:
        g.apply(action)
    r = g.result()
    assert r["points"] == {"bidding": 17, "opponents": 11}
    assert r["made"] is True
    assert r["score_change"] == {"bidding": 2, "opponents": 0}   # tier of the contract, 20


def test_tc_17_no_pair_after_winning_with_the_king() -> None:
    """TC-17 (28-PAIR-2 (iii)): a trick won with K♣ leaves no pair to show."""
    g = game("28", W, TC17, [*TC17_TO_TRICK_3, "0 play 9S", "1 play QS",
                             "3 play JD", "0 play KC", "1 play KS", "2 play 8D"])
    assert g.result()["tricks"][3]["winner"] == N
    assert g.to_act == N and f"{N} pair" not in legal(g)


# ---- TC-21 -------------------------------------------------------------------------------
SINGLE = {"preset": "28", "single_hand": True}
TC21_AUCTION = ["3 bid 14", "0 pass", "1 pass", "2 pass", "3 trump 8H", "3 pass", "1 pass"]


def _tc21(w_second: str, e_first: str, n_cards: str) -> dict[int, str]:
    return {
        W: f"JS 9S AS TS {w_second}",
        E: f"{e_first} JD 9D AD TD",
        N: n_cards,
        S: "AC TC KC QC 8C 7C 8D 7D",
    }


def test_tc_21_single_hand_wins_every_trick() -> None:
    """TC-21 (28-SH-1…4, 28-SH-6): W declares after E and N decline; E sits out; +3."""
    hands = _tc21("JH 9H AH 7H", "TH KH QH 8H", "KS QS 8S 7S JC 9C KD QD")
    g = game(SINGLE, S, hands, TC21_AUCTION)
    assert g.result()["phase"] == "single_hand" and g.to_act == E
    g.apply(f"{E} pass")
    g.apply(f"{N} pass")
    assert f"{W} single" in legal(g)
    g.apply(f"{W} single")
    r = g.result()
    assert r["special"] == "single_hand" and r["trump"] is None and g.to_act == W
    assert g.view(N)["sitting_out"] == [E]
    for lead in ("JS", "9S", "AS", "TS", "JH", "9H", "AH", "7H"):
        g.apply(f"{W} play {lead}")
        for _ in range(2):
            g.apply(g.legal_actions()[0])
    r = g.result()
    assert all(len(t["cards"]) == 3 and t["winner"] == W for t in r["tricks"])
    assert len(r["tricks"]) == 8 and E not in {s for t in r["tricks"] for s in t["seats"]}
    assert r["score_change"] == {"bidding": 3, "opponents": 0}
    assert r["score_by_team"] == [0, 3]                        # E–W are team 1


def test_tc_21_single_hand_loses_trick_5() -> None:
    """TC-21 (28-SH-4): the first trick lost ends the hand at -3."""
    hands = _tc21("7H JH 9H AH", "JC KH QH 8H", "KS QS 8S 7S TH 9C KD QD")
    g = game(SINGLE, S, hands, [*TC21_AUCTION, "3 pass", "0 pass", "1 single"])
    for lead in ("JS", "9S", "AS", "TS", "7H"):
        g.apply(f"{W} play {lead}")
        g.apply(g.legal_actions()[0])
        if lead == "7H":
            g.apply(f"{N} play TH")
        else:
            g.apply(g.legal_actions()[0])
    r = g.result()
    assert r["status"] == "complete" and len(r["tricks"]) == 5
    assert r["tricks"][4]["winner"] == N
    assert r["score_change"] == {"bidding": -3, "opponents": 0}


def test_tc_21_certain_hand_may_not_declare() -> None:
    """TC-21 (28-SH-5, 28-SH-7): a hand certain of every trick is offered no single hand."""
    hands = _tc21("JH 9H AH TH", "7H KH QH 8H", "KS QS 8S 7S JC 9C KD QD")
    g = game(SINGLE, S, hands, [*TC21_AUCTION, "3 pass", "0 pass"])
    assert legal(g) == {f"{W} pass"}
    show = game({**SINGLE, "certain_hand_show": True}, S, hands,
                [*TC21_AUCTION, "3 pass", "0 pass"])
    assert legal(show) == {f"{W} show", f"{W} pass"}
    show.apply(f"{W} show")
    assert show.result()["score_by_team"] == [0, 3]


# ---- TC-23 -------------------------------------------------------------------------------
JACKS = {"preset": "28", "jack_discard_restriction": True}
TC23 = {      # dealer W; S bids with 7♦ face down; spades are led, then hearts
    S: "7D AS 8H KS TH AH QD 8D",
    N: "7S JD JS 7C KC QC 8C 9S",
    E: "QS 9H JH KH QH 7H AD TD",
    W: "8S TS JC 9C AC TC 9D KD",
}
TC23_PREFIX = ["2 bid 14", "3 pass", "0 pass", "1 pass", "2 trump 7D", "2 pass", "0 pass",
               "2 play AS", "3 play QS", "0 play 7S", "1 play 8S",
               "2 play 8H", "3 play 7H"]


def test_tc_23_no_jack_of_an_unled_suit() -> None:
    """TC-23 (jack_discard_restriction): J♦ (diamonds never led) may not be discarded."""
    g = game(JACKS, W, TC23, TC23_PREFIX)
    assert g.to_act == N
    assert {"JS", "7C"} <= playable(g) and "JD" not in playable(g)
    assert "jack" in illegal_reason(g, f"{N} play JD")
    assert "JD" in playable(game("28", W, TC23, TC23_PREFIX))     # the flag is off by default


def test_tc_23_trump_jack_is_a_trump() -> None:
    """TC-23: once diamonds are trumps, J♦ may be played as a trump."""
    g = game(JACKS, W, TC23, [*TC23_PREFIX, "0 ask"])
    assert playable(g) == {"JD"}


def test_tc_23_restriction_lifted_when_nothing_else() -> None:
    """TC-23: a last card J♣ (clubs never led) is legal on a heart lead [PROPOSED lift]."""
    actions = ["2 bid 27", "3 bid 28", "3 trump KS", "2 play TS", "3 play 8S", "0 play QS",
               "1 play JS", "1 play 8H", "2 play KC", "3 play 9H", "0 play TH", "3 play 9D",
               "0 play TD", "1 play 7D", "2 play KD", "3 play 8D", "0 play QC", "1 play QD",
               "2 play JD", "2 play AS", "3 play 9S", "0 play 9C", "1 play 7H", "3 play AD",
               "0 play AC", "1 play 8C", "2 play 7S", "3 play KH", "0 play QH", "1 play JH",
               "2 play TC", "1 play AH", "2 play 7C", "3 play KS"]
    g = Game.from_record({"rules": JACKS, "dealer": 1, "seed": 2, "actions": actions})
    led = {t["cards"][0][1] for t in g.result()["tricks"]}
    assert "C" not in led and g.view(N)["hand"] == ["JC"] and g.view(N)["trump"] == "S"
    assert legal(g) == {f"{N} play JC"}
