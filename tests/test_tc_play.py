"""RULES.md §7, TC-06 … TC-13: the bidder's restrictions, asking, exposure, tricks.

Seats follow tests/helpers.py: N = 0, W = 1, S = 2, E = 3 (28 plays anticlockwise,
N → W → S → E).  Every position is reached by replaying a record.
"""

from __future__ import annotations

import pytest

from helpers import E, N, S, W, game, illegal_reason, legal, playable
from twentyeight.engine import play as engine_play

# ---- TC-06 -------------------------------------------------------------------------------
# Dealer W, so S is first hand and leads.  S bids 14 and lays T♣ face down.
TC06 = {
    S: "TC 9C 7C AH 8D KH QD 7H",
    E: "JH QC JS 9S AS TS KS QS",
    N: "QH 8C JD 9D AD TD KD 7D",
    W: "8H KC JC AC 9H TH 8S 7S",
}
TC06_AUCTION = ["2 bid 14", "3 pass", "0 pass", "1 pass", "2 trump TC", "2 pass", "0 pass"]


def test_tc_06_bidder_may_not_lead_trump() -> None:
    """TC-06 (28-BR-1): holding other suits, the bidder may not lead the hidden trump."""
    g = game("28", W, TC06, TC06_AUCTION)
    assert g.to_act == S
    assert playable(g) == {"AH", "8D", "KH", "QD", "7H"}
    assert "28-BR-1" in illegal_reason(g, f"{S} play 9C")
    assert "28-BR-1" in illegal_reason(g, f"{S} play 7C")
    assert "28-TRUMP-3" in illegal_reason(g, f"{S} play TC")      # the indicator is face down


def test_tc_06_lead_after_another_seat_led_trump() -> None:
    """TC-06 (C-04): with bidder_lead_trump_after_trump_led, an opponent's club lead unlocks."""
    actions = [
        *TC06_AUCTION,
        "2 play 7H", "3 play JH", "0 play QH", "1 play 8H",      # E wins
        "3 play QC", "0 play 8C", "1 play KC", "2 play 9C",      # E leads a club; S wins
    ]
    strict = game("28", W, TC06, actions)
    assert strict.to_act == S and "7C" not in playable(strict)
    loose = game({"preset": "28", "bidder_lead_trump_after_trump_led": True}, W, TC06, actions)
    assert "7C" in playable(loose)
    assert "7C" not in playable(game({"preset": "28", "bidder_lead_trump_after_trump_led": True},
                                     W, TC06, TC06_AUCTION))      # nobody has led a club yet


def test_tc_06_only_trumps_must_lead_one_without_exposing() -> None:
    """TC-06 (28-BR-1): a bidder holding only trumps leads one; the trump stays hidden."""
    hands = {
        S: "7C JC 9C AC TC KC QC 8C",
        E: "JH QH JS 9S AS TS KS QS",
        N: "KH 8H JD 9D AD TD KD 7D",
        W: "AH TH 9H 7H QD 8D 8S 7S",
    }
    g = game("28-pagat", W, hands, ["2 bid 14", "3 pass", "0 pass", "1 pass", "2 trump 7C",
                                    "2 pass", "0 pass"])
    assert legal(g) == {f"{S} play {c}" for c in ("JC", "9C", "AC", "TC", "KC", "QC", "8C")}
    g.apply(f"{S} play JC")
    assert g.result()["exposed"] is None
    assert all(g.view(seat)["trump"] is None for seat in (N, E, W))


# ---- TC-07 -------------------------------------------------------------------------------
# Dealer S: E leads 8♥; S (bidder, indicator T♣) is void in hearts.
TC07 = {
    S: "TC 9C KS 7S QD 8D AS 7D",
    E: "8H JS 9S TS QS 8S 7H AD",
    N: "9H JD 9D TD KD JC AC QH",
    W: "JH AH TH KH KC QC 8C 7C",
}
TC07_PREFIX = ["3 bid 14", "0 pass", "1 pass", "2 bid 15", "3 pass", "0 pass", "1 pass",
               "2 trump TC", "2 pass", "0 pass", "3 play 8H", "0 play 9H", "1 play JH"]


def test_tc_07_bidder_void_in_a_plain_suit() -> None:
    """TC-07 (28-BR-3): another plain suit, or expose and play the indicator itself."""
    g = game("28", S, TC07, TC07_PREFIX)
    assert g.to_act == S
    assert legal(g) == {f"{S} play {c}" for c in ("KS", "7S", "QD", "8D", "AS", "7D")} | \
        {f"{S} reveal"}
    assert "28-BR-3" in illegal_reason(g, f"{S} play 9C")
    g.apply(f"{S} reveal")
    assert legal(g) == {f"{S} play TC"}
    assert "indicator" in illegal_reason(g, f"{S} play 9C")
    g.apply(f"{S} play TC")
    assert g.result()["tricks"][0]["winner"] == S          # T♣ is a trump


def test_tc_07_bidder_holding_only_trumps_must_expose() -> None:
    """TC-07 (28-BR-3): with only trump-suit cards, exposing is the only action."""
    hands = {
        S: "TC 9C 7C JC AC KC QC 8C",
        E: "8H JS 9S TS QS 8S 7H AD",
        N: "9H JD 9D TD KD KS 7S QH",
        W: "JH AH TH KH QD 8D AS 7D",
    }
    prefix = [*TC07_PREFIX[:8], "2 pass", "0 pass", "3 play 8H", "0 play 9H", "1 play JH"]
    g = game("28-pagat", S, hands, prefix)
    assert legal(g) == {f"{S} reveal"}
    g.apply(f"{S} reveal")                     # N–S hold all eight clubs: 28-ANN-2
    assert g.result()["annulled_reason"] == "bidding_side_all_trumps"
    keep = {"preset": "28-pagat", "bidding_side_all_trumps_redeal": False}
    g = game(keep, S, hands, [*prefix, "2 reveal"])
    assert legal(g) == {f"{S} play TC"}


def test_tc_07_wikipedia_form() -> None:
    """TC-07 (C-05, WIKIPEDIA): any card unexposed, or expose and then any trump."""
    prefix = ["3 bid 14", "0 pass", "1 pass", "2 bid 15", "3 pass", "0 pass", "1 pass",
              "2 trump TC", "3 play 8H", "0 play 9H", "1 play JH"]
    g = game("28-wiki", S, TC07, prefix)
    assert {"9C", "KS", "7S", "QD", "8D", "AS", "7D"} == playable(g)
    assert f"{S} reveal" in legal(g)
    g.apply(f"{S} reveal")
    assert playable(g) == {"9C", "TC"}


# ---- TC-08 -------------------------------------------------------------------------------
# Dealer S: E leads J♦; S (bidder, indicator 7♦) has no diamond in hand.
TC08 = {
    S: "7D AS KS QS JC 9C AC TC",
    E: "JD 9D AD 8S KD QD 8D JS",
    N: "TD JH 9H AH TH KH QH 8H",
    W: "7S 9S TS KC QC 8C 7C 7H",
}
TC08_PREFIX = ["3 bid 14", "0 pass", "1 pass", "2 bid 15", "3 pass", "0 pass", "1 pass",
               "2 trump 7D", "2 pass", "0 pass", "3 play JD", "0 play TD"]


def test_tc_08_no_exposure_on_a_trump_lead() -> None:
    """TC-08 (a) (28-BR-2, C-06): any card, and no expose unless the flag allows it."""
    g = game("28", S, TC08, [*TC08_PREFIX, "1 play 7S"])
    assert legal(g) == {f"{S} play {c}" for c in ("AS", "KS", "QS", "JC", "9C", "AC", "TC")}
    flagged = game({"preset": "28", "bidder_may_reveal_on_trump_lead": True}, S, TC08,
                   [*TC08_PREFIX, "1 play 7S"])
    assert f"{S} reveal" in legal(flagged)


def test_tc_08_exposure_by_another_players_ask() -> None:
    """TC-08 (b) (28-REV-2, 28-TRUMP-4, 28-REV-5): the indicator becomes S's only diamond."""
    g = game("28", S, TC08, [*TC08_PREFIX, "1 ask"])
    assert g.view(W)["trump"] == "D"
    assert "7S" in playable(g)                      # W has no trump: any card
    g.apply(f"{W} play 7S")
    assert legal(g) == {f"{S} play 7D"}
    g.apply(f"{S} play 7D")
    trick = g.result()["tricks"][0]
    assert trick["winner"] == S and trick["points"] == 4


# ---- TC-09, TC-10 ---------------------------------------------------------------------------
TC09 = {      # dealer W; bidder W, indicator T♣; S leads 8♥
    S: "8H JS 9S AS TS QS 7H 9H",
    E: "AC JC 9C AD TD KD QD 8D",
    N: "QC 8C KS 8S 7S JD 9D 7D",
    W: "TC AH JH TH KH QH KC 7C",
}
TC09_PREFIX = ["2 bid 14", "3 pass", "0 pass", "1 bid 15", "2 pass", "3 pass", "0 pass",
               "1 trump TC", "1 pass", "3 pass", "2 play 8H", "3 play AC"]


@pytest.mark.parametrize(("effect", "winner"), [("from_reveal", N), ("whole_trick", E)])
def test_tc_09_pagat_example_1(effect: str, winner: int) -> None:
    """TC-09 (28-REV-3/5, [002] Note 2): the A♣ discarded before the ask is not a trump."""
    rules = {"preset": "28", "trump_effect_in_reveal_trick": effect}
    g = game(rules, W, TC09, [*TC09_PREFIX, "0 ask"])
    assert playable(g) == {"QC", "8C"}
    assert "28-REV-3" in illegal_reason(g, f"{N} play KS")
    g.apply(f"{N} play QC")
    g.apply(f"{W} play AH")
    trick = g.result()["tricks"][0]
    assert trick["winner"] == winner and trick["points"] == 2


TC10 = {      # dealer E; bidder S, indicator 8♠; N (S's partner) leads J♠
    N: "JS JH 9H AH TH KH QH 8H",
    W: "7D JD 9D AD TD KD 7H JC",
    S: "8S KS AC TC KC QC QD 8D",
    E: "9S AS TS QS 7S 9C 8C 7C",
}


@pytest.mark.parametrize(("effect", "winner"), [("from_reveal", E), ("whole_trick", N)])
def test_tc_10_pagat_example_2(effect: str, winner: int) -> None:
    """TC-10 ([002] Note 3): a low trump after the exposure beats the led J♠."""
    rules = {"preset": "28", "trump_effect_in_reveal_trick": effect}
    g = game(rules, E, TC10, ["0 bid 14", "1 pass", "2 bid 20", "3 pass", "0 pass", "1 pass",
                              "2 trump 8S", "2 pass", "0 pass", "0 play JS", "1 ask"])
    assert "7D" in playable(g) and len(playable(g)) == 8          # W has no trump: any card
    g.apply(f"{W} play 7D")
    assert playable(g) == {"KS", "8S"}
    g.apply(f"{S} play KS")
    if effect == "from_reveal":                                    # K♠ is winning here
        assert g.hand.trick_seats[engine_play.trick_winner(g.hand)] == S
    g.apply(f"{E} play 9S")
    trick = g.result()["tricks"][0]
    assert trick["winner"] == winner and trick["points"] == 5


# ---- TC-11 -------------------------------------------------------------------------------
TC11 = {      # dealer W; bidder E, indicator T♣; S leads 8♥; N and W are void in hearts
    E: "TC 7H JD 9D AD TD KD 7D",
    S: "8H JH 9H AH TH KH QH JS",
    N: "QC 8C KS 9S AS TS QS 8D",
    W: "9C QD JC AC KC 7C 8S 7S",
}
TC11_PREFIX = ["2 bid 14", "3 bid 15", "0 pass", "1 pass", "2 pass", "3 trump TC",
               "3 pass", "1 pass", "2 play 8H", "3 play 7H"]


def test_tc_11_asker_must_trump_others_need_not() -> None:
    """TC-11 (28-REV-3/4, 28-P2-2): only the asker must trump; later, discards are free."""
    g = game("28", W, TC11, [*TC11_PREFIX, "0 ask"])
    assert playable(g) == {"QC", "8C"}
    g.apply(f"{N} play QC")
    assert {"9C", "QD", "7S"} <= playable(g) and len(playable(g)) == 8   # W did not ask
    g.apply(f"{W} play 7S")
    assert g.result()["tricks"][0]["winner"] == N
    for action in ("0 play 9S", "1 play 8S", "2 play JS", "3 play JD"):
        g.apply(action)
    assert g.result()["tricks"][1]["winner"] == S
    g.apply(f"{S} play TH")
    g.apply(f"{E} play 9D")
    assert g.to_act == N                       # N, void in hearts, may discard anything
    assert playable(g) == {"8C", "KS", "AS", "TS", "QS", "8D"}


def test_tc_11_asker_without_trumps_plays_anything() -> None:
    """TC-11 variation (28-REV-3): an asker holding no trump may play any card."""
    hands = {
        E: "TC 7H JD 9D AD TD KD 7D",
        S: "8H JH 9H AH TH KH QH 8C",
        N: "KS 9S AS TS QS 8D JS 7S",
        W: "9C QD JC AC KC 7C QC 8S",
    }
    g = game("28", W, hands, [*TC11_PREFIX, "0 ask"])
    assert playable(g) == {"KS", "9S", "AS", "TS", "QS", "8D", "JS", "7S"}


# ---- TC-12 -------------------------------------------------------------------------------
TC12 = {      # dealer N; W bids and lays Q♥ face down; W leads 8♦; S is void in diamonds
    W: "QH 8D JC 9C AC JS 9S AS",
    S: "9H TS KS 8S 7S 8C 7C JH",
    E: "TH 7H QS AH KH 8H TC KC",
    N: "JD 9D AD TD KD QD 7D QC",
}
TC12_PREFIX = ["1 bid 14", "2 pass", "3 pass", "0 pass", "1 trump QH", "1 pass", "3 pass",
               "1 play 8D", "2 ask", "2 play 9H"]


@pytest.mark.parametrize(("flag", "expected"), [
    (False, {"TH", "7H", "QS", "AH", "KH", "8H", "TC", "KC"}),
    (True, {"QS", "TC", "KC"}),
])
def test_tc_12_no_undertrump_low_trumps(flag: bool, expected: set[str]) -> None:
    """TC-12 row 1 (28-P2-3): with the flag, lower trumps give way to plain cards."""
    g = game({"preset": "28", "no_undertrump": flag}, N, TC12, TC12_PREFIX)
    assert g.to_act == E and playable(g) == expected
    if flag:
        assert "28-P2-3" in illegal_reason(g, f"{E} play TH")


@pytest.mark.parametrize(("flag", "expected"), [
    (False, {"TH", "7H", "QS", "JH", "KH", "8H", "TC", "KC"}),
    (True, {"JH", "QS", "TC", "KC"}),
])
def test_tc_12_no_undertrump_over_trump(flag: bool, expected: set[str]) -> None:
    """TC-12 row 2 (28-P2-3): an over-trump (J♥) stays legal."""
    hands = {**TC12, S: "9H TS KS 8S 7S 8C 7C AH", E: "TH 7H QS JH KH 8H TC KC"}
    g = game({"preset": "28", "no_undertrump": flag}, N, hands, TC12_PREFIX)
    assert playable(g) == expected


TC12_LATE = {  # E ends with nothing but hearts lower than S's 9♥
    W: "QH JC 9C AC 8D JS 9S AS",
    E: "AH TH KH 8H 7H TC KC QC",
    S: "9H JH TS KS QS 8S 7S 8C",
    N: "7C JD 9D AD TD KD QD 7D",
}


@pytest.mark.parametrize("flag", [False, True])
def test_tc_12_only_lower_trumps_left(flag: bool) -> None:
    """TC-12 row 3 (28-P2-3): holding only lower trumps, any of them may be played."""
    g = game({"preset": "28", "no_undertrump": flag}, N, TC12_LATE, [
        "1 bid 14", "2 pass", "3 pass", "0 pass", "1 trump QH", "1 pass", "3 pass",
        "1 play JC", "2 play 8C", "3 play TC", "0 play 7C",
        "1 play 9C", "2 play 7S", "3 play KC", "0 play 7D",
        "1 play AC", "2 play 8S", "3 play QC", "0 play KD",
        "1 play 8D", "2 ask", "2 play 9H",
    ])
    assert g.to_act == E and playable(g) == {"AH", "TH", "KH", "8H", "7H"}


# ---- TC-13 -------------------------------------------------------------------------------
def _tc13(rules: object, s_last_heart: str) -> tuple[dict[int, str], list[str]]:
    e_heart = "7H" if s_last_heart == "AH" else "AH"
    hands = {
        S: f"8S JH JC 9C 9H {s_last_heart} AC TC",
        E: f"TH KH {e_heart} KC QC JD 9D KS",
        N: "QH 8C 7C JS AS TS QS 9S",
        W: "8H 7S TD KD QD 8D 7D AD",
    }
    actions = ["2 bid 14", "3 pass", "0 pass", "1 pass", "2 trump 8S", "2 pass", "0 pass",
               "2 play JH", "3 play TH", "0 play QH", "1 play 8H",
               "2 play 9H", "3 play KH", "0 play JS", "1 play 7S",
               "2 play JC", "3 play KC", "0 play 8C", "1 play TD",
               "2 play 9C", "3 play QC", "0 play 7C", "1 play KD",
               "2 play AC", "3 play JD", "0 play AS", "1 play QD",
               "2 play TC", "3 play 9D", "0 play TS", "1 play 8D",
               f"2 play {s_last_heart}", f"3 play {e_heart}", "0 play QS", "1 play 7D"]
    return hands, actions


@pytest.mark.parametrize(("timing", "winner"), [("before_lead", N), ("at_bidder_turn", S)])
def test_tc_13_forced_exposure_before_the_last_trick(timing: str, winner: int) -> None:
    """TC-13 (28-LAST-1, A-10): a still-hidden trump is exposed for the last trick."""
    rules = {"preset": "28", "last_trick_reveal": timing}
    hands, actions = _tc13(rules, "7H")
    g = game(rules, W, hands, actions)
    assert g.to_act == E and len(g.result()["tricks"]) == 7
    if timing == "before_lead":
        assert g.result()["exposed"] == {"trick": 7, "by": None}
        assert g.view(S)["hand"] == ["8S"] and g.view(N)["trump"] == "S"
    else:
        assert g.result()["exposed"] is None
    for action in ("3 play KS", "0 play 9S", "1 play AD"):
        g.apply(action)
    assert legal(g) == {f"{S} play 8S"}
    g.apply(f"{S} play 8S")
    assert g.result()["tricks"][7]["winner"] == winner


def test_tc_13_bidder_leads_the_indicator() -> None:
    """TC-13 (28-LAST-1): if S won trick 7, S leads the exposed 8♠."""
    hands, actions = _tc13("28", "AH")
    g = game("28", W, hands, actions)
    assert g.to_act == S and g.result()["exposed"] is not None
    assert legal(g) == {f"{S} play 8S"}
