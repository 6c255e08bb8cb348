"""The choices the specification made in its ambiguity and contradiction boxes (RULES.md §6).

Each test cites the box it checks (``A-nn`` / ``C-nn``) and asserts the box's **Default** (and,
where a flag selects the alternative, what the flag does) on a deal written card by card, with
the actions in the notation of RECORDS.md.  Card points and trick winners are recounted here
with this file's own point table, never with the engine's scoring code.

Seats follow tests/helpers.py: in 28 N = 0, W = 1, S = 2, E = 3 (anticlockwise, N → W → S → E);
in 29 N = 0, E = 1, S = 2, W = 3 (clockwise).  N–S are team 0 and E–W team 1 in both.
"""

from __future__ import annotations

import io
import itertools
import random
from typing import Any

import pytest

from helpers import (
    E29,
    N29,
    S29,
    W29,
    E,
    N,
    S,
    W,
    bid_values,
    game,
    illegal_reason,
    legal,
    playable,
    points_by_team,
    record,
)
from twentyeight import Game, Match, RecordError, Rules
from twentyeight.cli.play import TerminalGame
from twentyeight.rules import RulesError

VERBS = {"ask", "reveal", "pair", "redeal", "pass", "single", "thani"}


# ---- helpers --------------------------------------------------------------------------------


def play_cards(g: Game, moves: str) -> None:
    """Apply moves for whoever is to act: a card means ``play``; ``/`` separates tricks."""
    for token in moves.replace("/", " ").split():
        seat = g.to_act
        g.apply(f"{seat} {token}" if token in VERBS else f"{seat} play {token}")


# ---- deals ----------------------------------------------------------------------------------

# Dealer S, so E is first hand; the auction goes E, N, W, S.  E–W hold every jack, nine and all
# aces but one (23 card points); N–S hold the four tens and A♣.
STRONG_EW = {
    E: "JS 9S AS 7C JH 9H KS QS",
    W: "JD 9D AD 8C JC 9C AH KD",
    N: "TS TH 7S 8S QD 8D 7D KC",
    S: "TD TC AC 7H 8H KH QH QC",
}
E_BIDS_20 = ["3 bid 20", "0 pass", "1 pass", "2 pass", "3 trump 7C"]
"""E bids 20 and lays 7♣ face down."""
N_BIDS = ["3 bid 14", "0 bid {}", "1 pass", "2 pass", "3 pass", "0 trump 8S"]
"""N outbids E's forced 14 and lays 8♠ face down (format the contract in)."""
PLAY_E_CLUBS = ("JS TS AH KH / 9S 8S JD QH / AS 7S 9D 8H / KS TH AD 7H / QS QD KD TD / "
                "JH 8D JC AC / 9H 7D 9C TC / 7C KC 8C QC")
"""The play with E bidding in clubs: E–W win all 28 card points."""
PLAY_N_SPADES = ("JS TS AH KH / 9S 7S JD QH / AS TH 9D 8H / KS QD AD 7H / QS 8D KD TD / "
                 "JH 7D JC AC / 9H KC 9C TC / 7C 8S 8C QC")
"""The play with N bidding in spades: N–S win no card point."""

# Dealer N, so W is first hand; the auction goes W, S, E, N.  S becomes bidder at 15 with the
# 9♥ face down; W leads 8♦ and S, void in diamonds, exposes and plays the 9♥.
HEARTS = {
    W: "8D AD JS 9S TD 7D KH QH",
    S: "9H KS QS 8S 7S KC 8C 7C",
    E: "JD 9D KD QD AS TS 8H JC",
    N: "TH 7H QC 9C JH AH AC TC",
}
HEARTS_AUCTION = ["1 bid 14", "2 bid 15", "3 pass", "0 pass", "1 pass", "2 trump 9H",
                  "2 pass", "0 pass"]
# The same deal with W's K♥ Q♥ swapped for N's A♥ T♥: the pair is on the bidding side.
HEARTS_PAIR_NS = {**HEARTS, W: "8D AD JS 9S TD 7D AH TH", N: "KH 7H QC 9C JH QH AC TC"}

# 29, dealer W, so N is first hand; N, E, S pass and W is forced to 15; W names spades.
D29 = {
    N29: "7H 8H QH KH AS KD QD 9C",
    E29: "TS 8S 7S JD 9D AD TD 8C",
    S29: "JH 9H JS 8D 7D AC TC KC",
    W29: "KS QS 9S AH TH JC QC 7C",
}
D29_AUCTION = ["0 pass", "1 pass", "2 pass", "3 bid 15", "3 trump S"]
D29_PLAY = ("7H ask TS JH AH / 8S JS 9S AS / 9H TH KH 7S / JD 8D KS KD / QS QH 9D 7D / "
            "JC 9C 8C AC / QC 8H AD TC / KC 7C QD TD")

# Dealer S: E's, N's and S's first fours hold points; W's eight cards hold no J, 9, A or T.
ZERO_W = {
    E: "JH 9H KD QD AH TH JS 9S",
    N: "AS KC QC 8C TS JD 9D 7C",
    W: "KH QH KS QS 8H 7H 8S 7S",
    S: "AD TD JC 9C 8D 7D AC TC",
}
ZERO_W_AUCTION = ["3 bid 14", "0 pass", "1 pass", "2 pass", "3 trump KD"]

# Dealer S: W is dealt all eight hearts.  N becomes bidder at 15 in spades.
EIGHT_HEARTS = {
    W: "JH 9H AH TH KH QH 8H 7H",
    E: "JS 9S AS JD 9D AD JC 7C",
    N: "TS KS QS TD KD QD AC TC",
    S: "8S 7S 8D 7D KC QC 8C 9C",
}
EIGHT_AUCTION = ["3 bid 14", "0 bid 15", "1 pass", "2 pass", "3 pass", "0 trump TS"]

# 40: six seats, 6 cards each; seat 0 holds six spades.
FORTY_DEAL = {
    0: "JS 3S 9S AS TS KS",
    1: "QS 8S JH 3H 9D AD",
    2: "7S 9H AH JD 3D JC",
    3: "TH KH TD KD 3C 9C",
    4: "QH 8H QD 8D KC TC",
    5: "7H 7D AC QC 8C 7C",
}

# Dealer S, E first hand.  E's first four has a ten; N's is pointless (TC-02).
POINTED_E = {
    E: "KS TH 8D 7C JS 9S AH TD",
    N: "QS 8S KD 7D JH 9H AS TS",
    W: "QH KH 8H 7H AD JD QD 9D",
    S: "7S JC 9C AC TC KC QC 8C",
}


# =============================================================================================
# Auction and the deal
# =============================================================================================


def test_a01_pointless_fours_everywhere_only_first_hand_may_redeal() -> None:
    """A-01: the garbled extra clause of [000] misc. 6 (a pointless first hand followed by
    another pointless player, or all four pointless, cancels the game) is ignored: only
    28-PRE-1/2 apply.  Every first four below is pointless; only E (first hand) may redeal,
    and once E bids, nobody else may, and the hand goes on to the play."""
    hands = {
        E: "KS QH 8D 7C JS 9H AD TC",
        N: "QS 8H 7D KC JH 9D AC TS",
        W: "8S 7H KD QC JD 9C AS TH",
        S: "7S KH QD 8C JC 9S AH TD",
    }
    g = game("28", S, hands)
    assert f"{E} redeal" in legal(g)
    g.apply(f"{E} bid 14")
    for seat in (N, W, S):
        assert g.to_act == seat
        assert not any(a.endswith("redeal") for a in legal(g))
        illegal_reason(g, f"{seat} redeal")
        g.apply(f"{seat} pass")
    g.apply(f"{E} trump KS")
    r = g.result()
    assert (r["status"], r["phase"], r["bidder"], r["contract"]) == ("in_progress", "raise", E, 14)
    # The pointless first hand "choosing not to bid" is just 28-PRE-1's redeal.
    g = game("28", S, hands, [f"{E} redeal"])
    assert (g.result()["status"], g.result()["annulled_reason"]) == \
        ("annulled", "pointless_first_four")


def test_a03_partner_high_means_twenty() -> None:
    """A-03: 28-AUC-6 is implemented as "partner holds the current highest bid ⇒ bid ≥ 20".
    An LHO's pass alone does not trigger it; a partner's high bid does, in any round."""
    g = game("28", S, POINTED_E, ["3 bid 14", "0 pass"])          # W: partner E high
    assert bid_values(g)[0] == 20
    assert "28-AUC-6" in illegal_reason(g, f"{W} bid 19")
    g = game("28", S, POINTED_E, ["3 bid 14", "0 pass", "1 pass"])   # S: LHO W passed,
    assert bid_values(g)[0] == 15                                  # but E (opponent) is high
    g.apply(f"{S} bid 15")
    g.apply(f"{E} pass")                                           # N, second round: S high
    assert g.to_act == N and bid_values(g)[0] == 20


@pytest.mark.parametrize("rules", ["28", {"preset": "28", "pass_is_final": True}])
def test_a03_lowest_bid_over_many_auctions(rules: Any) -> None:
    """A-03 (and A-02's reading with pass_is_final): in every position of many random
    auctions the lowest bid offered is 20 exactly when the speaker's partner holds the high
    bid, and one more than the high bid otherwise."""
    partner_high_seen = 0
    for seed in range(150):
        rng = random.Random(seed)
        g = game(rules, S, POINTED_E)
        high: int | None = None
        holder: int | None = None
        while g.result()["phase"] == "auction":
            seat = g.to_act
            assert seat is not None
            bids = bid_values(g)
            partner_high = holder is not None and holder % 2 == seat % 2
            if high is None:
                expected = 14
            elif partner_high:
                expected = max(high + 1, 20)
                partner_high_seen += 1
            else:
                expected = high + 1
            if expected <= 28:
                assert bids and bids[0] == expected, g.to_record()["actions"]
            actions = g.legal_actions()
            passes = [a for a in actions if a.verb == "pass"]
            low_bids = [a for a in actions if a.verb == "bid" and int(a.arg or 0) <= expected + 2]
            action = passes[0] if passes and (rng.random() < 0.5 or not low_bids) \
                else rng.choice(low_bids)
            g.apply(action)
            if action.verb == "bid":
                high, holder = int(action.arg or 0), seat
    assert partner_high_seen > 50


def test_a08_partner_raise_keeps_the_bidder() -> None:
    """A-08 (28-RAISE-3/4): the bidder is asked first; the partner may then raise; the
    bidder (the player bound by §2.11) and the trump do not change, and the bidder is not
    asked again."""
    g = game("28", S, STRONG_EW, ["3 bid 20", "0 pass", "1 pass", "2 pass", "3 trump JS"])
    assert g.to_act == E and g.result()["phase"] == "raise"
    g.apply(f"{E} pass")
    assert g.to_act == W
    g.apply(f"{W} raise 24")
    r = g.result()
    assert r["phase"] == "play" and g.to_act == E                  # nobody asked again
    assert (r["bidder"], r["contract"], r["trump"], r["raises"]) == (E, 24, "S", [[W, 24]])
    # E, still the bidder, is still barred from leading a trump (28-BR-1).
    assert "28-BR-1" in illegal_reason(g, f"{E} play 9S")
    assert playable(g) == {"JH", "9H", "7C"}


def test_a08_one_opportunity_each() -> None:
    """A-08: the bidder raises, the partner declines: the window closes though the bidder
    could still go higher; a partner with nothing left to raise to is not asked."""
    g = game("28", S, STRONG_EW, ["3 bid 20", "0 pass", "1 pass", "2 pass", "3 trump JS",
                                  "3 raise 24", "1 pass"])
    assert g.result()["phase"] == "play" and g.result()["contract"] == 24
    g = game("28", S, STRONG_EW, ["3 bid 27", "0 pass", "1 pass", "2 pass", "3 trump JS"])
    assert legal(g) == {f"{E} raise 28", f"{E} pass"}
    g.apply(f"{E} raise 28")
    assert g.result()["phase"] == "play" and g.to_act == E       # W (range empty) skipped
    g = game("28", S, STRONG_EW, ["3 bid 28", "3 trump JS"])
    assert g.result()["phase"] == "play" and g.result()["raises"] == []


def test_a07_c20_zero_point_hand_is_the_holders_claim() -> None:
    """A-07 / C-20: zero_point_hand_redeal = optional (RECOMMENDED): the hand is not annulled
    by itself; the holder (W) may claim ``redeal`` on his own turns after the second deal,
    raise window included, until he has played his first card."""
    g = game("28", S, ZERO_W, ZERO_W_AUCTION)
    assert g.result()["status"] == "in_progress"
    assert g.to_act == E and f"{E} redeal" not in legal(g)
    g.apply(f"{E} pass")
    assert f"{W} redeal" in legal(g)                               # W's raise-window turn
    claimed = g.copy()
    claimed.apply(f"{W} redeal")
    r = claimed.result()
    assert (r["status"], r["annulled_reason"]) == ("annulled", "zero_point_hand")
    assert r["score_change"] == {"bidding": 0, "opponents": 0}
    g.apply(f"{W} pass")
    play_cards(g, "JH AS")
    assert g.to_act == W and f"{W} redeal" in legal(g)
    play_cards(g, "KH AD")
    assert g.result()["tricks"][0]["winner"] == E
    play_cards(g, "9H 7C")
    assert g.to_act == W and f"{W} redeal" not in legal(g)         # W has played a card


@pytest.mark.parametrize("rules", ["28-wiki", {"preset": "28", "zero_point_hand_redeal":
                                               "automatic"}])
def test_a07_c20_automatic_zero_point_annulment(rules: Any) -> None:
    """A-07 / C-20 alternative (``automatic``, Wikipedia's cancellation): the hand is
    annulled as soon as the second deal is made."""
    g = game(rules, S, ZERO_W, ZERO_W_AUCTION)
    r = g.result()
    assert g.over and (r["status"], r["annulled_reason"]) == ("annulled", "zero_point_hand")


def test_a07_c20_zero_point_off_in_pagat_strict() -> None:
    """A-07 / C-20: PAGAT_STRICT has zero_point_hand_redeal = off: no claim is offered."""
    g = game("28-pagat", S, ZERO_W, [*ZERO_W_AUCTION, "3 pass"])
    assert g.to_act == W and not any(a.endswith("redeal") for a in legal(g))
    g.apply(f"{W} pass")
    play_cards(g, "JH AS")
    assert g.to_act == W and not any(a.endswith("redeal") for a in legal(g))


@pytest.mark.parametrize(("rules", "status", "change"), [
    ("28", "annulled", None),
    ("28-pagat", "in_progress", None),
    ({"preset": "28", "eight_same_suit": "show3"}, "complete", {"bidding": 0, "opponents": 3}),
])
def test_c03_eight_cards_of_one_suit(rules: Any, status: str, change: Any) -> None:
    """C-03: eight cards of one suit are a redeal in RECOMMENDED, ignored in PAGAT_STRICT;
    with ``show3`` the holder's side (here the opponents, E–W) scores +3 and the hand ends."""
    g = game(rules, S, EIGHT_HEARTS, EIGHT_AUCTION)
    r = g.result()
    assert r["status"] == status
    if status == "annulled":
        assert r["annulled_reason"] == "eight_same_suit"
        assert r["score_change"] == {"bidding": 0, "opponents": 0}
    elif status == "in_progress":
        assert r["phase"] == "raise" and g.to_act == N
    else:
        assert g.over and r["score_change"] == change and r["score_by_team"] == [0, 3]
        assert r["tricks"] == []


# =============================================================================================
# Play
# =============================================================================================


@pytest.mark.parametrize(("rules", "n_playable"), [
    ("28", {"TH", "7H", "QC", "9C", "JH", "AH", "AC", "TC"}),
    ({"preset": "28", "no_undertrump": True}, {"QC", "9C", "JH", "AC", "TC"}),
])
def test_a09_no_undertrump_binds_every_later_player(rules: Any, n_playable: set[str]) -> None:
    """A-09: with no_undertrump, every later player of the trick is bound, not only the next
    one.  W leads 8♦; S exposes and plays 9♥ (trump); E, next, follows with J♦; N, two seats
    after the trump, is void: he may over-trump (J♥) or discard, never play A♥ T♥ 7♥."""
    g = game(rules, N, HEARTS, HEARTS_AUCTION)
    play_cards(g, "8D reveal 9H JD")
    assert g.to_act == N and g.result()["exposed"] is not None
    assert playable(g) == n_playable


@pytest.mark.parametrize(("rules", "compulsory"), [
    ("28", False),
    ({"preset": "28", "asking_compulsory": True}, True),
    ("29", True),
    ({"preset": "29", "asking_compulsory": False}, False),
])
def test_c12_asking_compulsory_in_29_optional_in_28(rules: Any, compulsory: bool) -> None:
    """C-12: in 29 the first player void in the suit led must ask (only ``ask`` is legal);
    in 28 asking is optional.  The flag asking_compulsory switches either way."""
    if Rules.from_spec(rules).preset.startswith("29"):
        g = game(rules, W29, D29, [*D29_AUCTION, "0 play 7H"])
        seat, cards = E29, {"TS", "8S", "7S", "JD", "9D", "AD", "TD", "8C"}
    else:
        g = game(rules, N, HEARTS, HEARTS_AUCTION)
        play_cards(g, "8D KS JD")
        seat, cards = N, {"TH", "7H", "QC", "9C", "JH", "AH", "AC", "TC"}
    assert g.to_act == seat
    if compulsory:
        assert legal(g) == {f"{seat} ask"}
    else:
        assert f"{seat} ask" in legal(g) and playable(g) == cards


@pytest.mark.parametrize(("rules", "must_trump"), [
    ("28", True),
    ({"preset": "28", "asker_must_trump": False}, False),
    ("29", False),
    ({"preset": "29", "asker_must_trump": True}, True),
])
def test_c13_asker_must_trump_in_28_not_in_29(rules: Any, must_trump: bool) -> None:
    """C-13: in 28 the asker must play a trump if he holds one (28-REV-3); in 29 he need not
    (29-PLAY-4).  The flag asker_must_trump switches either way."""
    if Rules.from_spec(rules).preset.startswith("29"):
        g = game(rules, W29, D29, [*D29_AUCTION, "0 play 7H", "1 ask"])
        hand, trumps = {"TS", "8S", "7S", "JD", "9D", "AD", "TD", "8C"}, {"TS", "8S", "7S"}
    else:
        g = game(rules, N, HEARTS, HEARTS_AUCTION)
        play_cards(g, "8D KS JD ask")
        hand, trumps = {"TH", "7H", "QC", "9C", "JH", "AH", "AC", "TC"}, {"TH", "7H", "JH", "AH"}
    assert g.result()["exposed"] is not None
    assert playable(g) == (trumps if must_trump else hand)


@pytest.mark.parametrize(("rules", "jack_allowed"), [
    ("28", True),
    ({"preset": "28", "jack_discard_restriction": True}, False),
])
def test_c17_jack_discards(rules: Any, jack_allowed: bool) -> None:
    """C-17: jacks may be discarded at any time by default; with jack_discard_restriction a
    player void in diamonds may not throw J♥ (hearts never led, trump still hidden)."""
    g = game(rules, N, HEARTS, HEARTS_AUCTION)
    play_cards(g, "8D KS JD")
    assert g.to_act == N and g.result()["exposed"] is None
    assert ("JH" in playable(g)) is jack_allowed
    assert {"TH", "7H", "QC", "9C", "AH", "AC", "TC"} <= playable(g)


def test_a18_29_pair_after_a_trick_of_the_side() -> None:
    """A-18: in 29 the pair may be shown once the holder's **side** has won a trick at or
    after the reveal: W (K♠ Q♠) may show it after his partner E won the reveal trick, though
    W has won no trick himself."""
    g = game("29", W29, D29, D29_AUCTION)
    play_cards(g, "7H ask TS JH")
    assert g.to_act == W29 and f"{W29} pair" not in legal(g)       # no trick won yet
    play_cards(g, "AH")
    assert g.result()["tricks"][0]["winner"] == E29
    play_cards(g, "JD 8D")
    assert g.to_act == W29 and f"{W29} pair" in legal(g)
    g.apply(f"{W29} pair")
    assert g.result()["pair"] == {"seat": W29, "side": "bidding"}


@pytest.mark.parametrize(("rules", "offered"), [
    ("29", False), ({"preset": "29", "pair_timing": "lenient"}, True)])
def test_a18_29_trick_before_the_reveal_does_not_count(rules: Any, offered: bool) -> None:
    """A-18: the enabling trick must come at or after the reveal (as 28-PAIR-2).  W wins
    trick 1 before any reveal; N–S win trick 2, the reveal trick; in trick 3 W may not show
    the pair (he may with the lenient timing of A-11)."""
    g = game(rules, W29, D29, D29_AUCTION)
    play_cards(g, "9C 8C AC JC")
    r = g.result()
    assert r["tricks"][0]["winner"] == W29 and r["exposed"] is None
    play_cards(g, "7C ask AS 9D KC")
    assert g.result()["tricks"][1]["winner"] == N29
    play_cards(g, "7H TD JH")
    assert g.to_act == W29 and (f"{W29} pair" in legal(g)) is offered


# =============================================================================================
# Scoring
# =============================================================================================


def _play_strong_ew(rules: Any, bidder: int, contract: int, windows: list[str]) -> Game:
    """STRONG_EW played out: E (clubs) or N (spades) as bidder; ``windows`` are the doubling
    and raise calls between the trump and the first lead."""
    if bidder == E:
        assert contract == 20
        g = game(rules, S, STRONG_EW, E_BIDS_20 + windows)
        play_cards(g, PLAY_E_CLUBS)
        mine = 28
    else:
        auction = [a.format(contract) for a in N_BIDS]
        g = game(rules, S, STRONG_EW, auction + windows)
        play_cards(g, PLAY_N_SPADES)
        mine = 0
    r = g.result()
    assert r["status"] == "complete" and (r["bidder"], r["contract"]) == (bidder, contract)
    assert points_by_team(r)[bidder % 2] == mine
    assert r["points"] == {"bidding": mine, "opponents": 28 - mine}
    return g


DOUBLING_28 = {"preset": "28", "double_redouble": True}


@pytest.mark.parametrize(("bidder", "windows", "change"), [
    (E, ["0 double", "3 pass", "1 pass", "3 pass", "1 pass"], 4),     # +2 × 2
    (E, ["0 double", "3 redouble", "3 pass", "1 pass"], 8),           # +2 × 4
    (N, ["1 double", "0 pass", "2 pass", "0 pass", "2 pass"], -6),    # −3 × 2
    (N, ["1 double", "0 redouble", "0 pass", "2 pass"], -12),         # −3 × 4
])
def test_a06_doubling_multiplies_both_tier_values(bidder: int, windows: list[str],
                                                  change: int) -> None:
    """A-06: with pagat's tiers, ×2 / ×4 applies to the tier's win value (+2 for 20) and to
    its loss value (−3)."""
    g = _play_strong_ew(DOUBLING_28, bidder, 20, windows)
    r = g.result()
    assert r["multiplier"] == (4 if "redouble" in " ".join(windows) else 2)
    assert r["score_change"] == {"bidding": change, "opponents": 0}


def test_a06_auto_double_and_c_need_flat_scoring() -> None:
    """A-06: auto-double and 'C' are allowed only with scoring = flat."""
    with pytest.raises(RulesError, match="A-06"):
        Rules.from_spec({"preset": "28", "auto_double_threshold": 21})
    with pytest.raises(RulesError, match="A-06"):
        Rules.from_spec({"preset": "28", "double_redouble": True, "c_bid": True})
    assert Rules.from_spec({"preset": "28-wiki", "auto_double_threshold": 21})
    assert Rules.from_spec({"preset": "28-wiki", "double_redouble": True, "c_bid": True})


WIKI_DOUBLING = {"preset": "28-wiki", "double_redouble": True}
WIKI_AUTO = {"preset": "28-wiki", "double_redouble": True, "auto_double_threshold": 21}


@pytest.mark.parametrize(("rules", "contract", "windows", "change"), [
    (WIKI_DOUBLING, 20, ["1 double", "0 pass", "2 pass"], -4),        # 1 × 2 × 2
    (WIKI_DOUBLING, 20, ["1 double", "0 redouble"], -8),              # 1 × 4 × 2: no cap
    (WIKI_AUTO, 22, ["1 pass", "3 pass"], -4),                        # 2 × 2
    (WIKI_AUTO, 22, ["1 double"], -8),                                # min(2 × 2, 4) × 2
    (WIKI_AUTO, 20, ["1 double", "0 redouble"], -8),                  # min(1 × 4, 4) × 2
])
def test_a15_half_bid_penalty_stacks_with_doubling(rules: Any, contract: int,
                                                   windows: list[str], change: int) -> None:
    """A-15: the half-bid penalty (N–S make 0 < half the contract) multiplies with the double
    and redouble, with no cap; the auto-double cap of 4 limits only the doubling steps (and
    a contract at the threshold is not offered a redouble)."""
    g = _play_strong_ew(rules, N, contract, windows)
    assert g.result()["score_change"] == {"bidding": change, "opponents": 0}


@pytest.mark.parametrize(("rules", "bidder", "windows", "change"), [
    ("28", E, ["3 pass", "1 pass"], 2),
    ("28", N, ["0 pass", "2 pass"], -3),
    ("28-wiki", E, [], 1),
    ({"preset": "28", "scoring": "flat"}, N, ["0 pass", "2 pass"], -1),
    ("28-wiki", N, [], -2),                  # −1, doubled by the half-bid penalty
])
def test_c09_scoring_scale(rules: Any, bidder: int, windows: list[str], change: int) -> None:
    """C-09: 28 scores pagat's tiers (contract 20: +2 / −3); WIKIPEDIA scores flat ±1."""
    g = _play_strong_ew(rules, bidder, 20, windows)
    assert g.result()["score_change"] == {"bidding": change, "opponents": 0}


def test_c09_twenty_nine_is_flat() -> None:
    """C-09: 29 scores ±1: W–E make contract 15 with 19 card points, +1."""
    g = game("29", W29, D29, D29_AUCTION)
    play_cards(g, D29_PLAY)
    r = g.result()
    assert points_by_team(r) == [9, 19] and r["points"] == {"bidding": 19, "opponents": 9}
    assert r["score_change"] == {"bidding": 1, "opponents": 0}


@pytest.mark.parametrize(("deal", "plays", "holder", "target", "mine"), [
    (HEARTS, "8D reveal 9H JD JH / AC 7D KC JC / AS 9C pair JS KS / 9S QS TS AH / "
     "TH KH 8S 8H / 7H QH 7S 9D / AD 8C KD TC / TD 7C QD QC", W, 19, 13),
    (HEARTS_PAIR_NS, "8D reveal 9H JD JH / pair KH AH KS 8H / JS QS AS QH / 7H TH 8S TS / "
     "9S 7S 9D 9C / AD KC KD AC / TD 8C QD TC / 7D 7C JC QC", N, 14, 12),
])
def test_a12_pair_moves_only_the_target(deal: dict[int, str], plays: str, holder: int,
                                        target: int, mine: int) -> None:
    """A-12: "doubling or halving the points depending on who holds the pair" is not
    implemented: a pair moves the target by 4 (clamped, 28-PAIR-5) and the game points stay
    those of the contract's tier (15: +1 / −2), whoever showed it."""
    g = game("28", N, deal, HEARTS_AUCTION)
    play_cards(g, plays)
    r = g.result()
    assert r["pair"]["seat"] == holder and r["target"] == target
    assert points_by_team(r)[S % 2] == mine and r["made"] is (mine >= target)
    assert r["score_change"] == {"bidding": -2, "opponents": 0}


@pytest.mark.parametrize(("rules", "bonus"), [
    ("29", 0), ({"preset": "29", "last_trick_bonus": True}, 1)])
def test_c14_last_trick_point_off_in_29(rules: Any, bonus: int) -> None:
    """C-14: 29 counts no point for the last trick by default (28 card points in all); with
    last_trick_bonus the side winning trick 8 (here N–S) gets one more (29)."""
    g = game(rules, W29, D29, D29_AUCTION)
    play_cards(g, D29_PLAY)
    r = g.result()
    assert r["tricks"][-1]["winner"] == S29
    assert points_by_team(r) == [9, 19]
    assert r["points"] == {"bidding": 19, "opponents": 9 + bonus}


# =============================================================================================
# Optional contracts, variants, display
# =============================================================================================


def _after_raise_window(rules: Any) -> Game:
    """STRONG_EW, N bidder at 20 in spades, raise window declined."""
    return game(rules, S, STRONG_EW, [a.format(20) for a in N_BIDS] + ["0 pass", "2 pass"])


def test_c10_single_hand_and_thani_off_by_default() -> None:
    """C-10: both flags are off by default: after the raise window the play starts, and
    neither ``single`` nor ``thani`` is offered."""
    g = _after_raise_window("28")
    assert g.result()["phase"] == "play" and g.to_act == E
    assert not {a for a in legal(g) if "single" in a or "thani" in a}
    illegal_reason(g, f"{E} single")


def test_c10_each_flag_alone() -> None:
    """C-10: the flags are independent: single_hand asks everybody from the first hand;
    thani asks only the bidder."""
    g = _after_raise_window({"preset": "28", "single_hand": True})
    assert legal(g) == {f"{E} single", f"{E} pass"}
    play_cards(g, "pass pass pass pass")
    assert g.result()["phase"] == "play" and g.to_act == E
    g = _after_raise_window({"preset": "28", "thani": True})
    assert legal(g) == {f"{N} thani", f"{N} pass"}


def test_c10_single_hand_takes_precedence() -> None:
    """C-10: with both flags on, the single-hand window comes first; a single hand declared
    there is played (W leads, no trump) and Thani is never offered; only if nobody declares
    is the bidder asked about Thani."""
    both = {"preset": "28", "single_hand": True, "thani": True}
    g = _after_raise_window(both)
    assert g.to_act == E and f"{E} single" in legal(g)
    play_cards(g, "pass pass single")
    r = g.result()
    assert (r["phase"], r["special"], r["special_seat"], r["trump"]) == \
        ("play", "single_hand", W, None)
    assert g.to_act == W and not any("thani" in a for a in legal(g))
    g = _after_raise_window(both)
    play_cards(g, "pass pass pass pass")
    assert legal(g) == {f"{N} thani", f"{N} pass"}


@pytest.mark.parametrize(("rules", "low", "forced"), [
    ("29", 15, 15), ("29-16", 16, 16), ({"preset": "29", "min_bid": 17}, 17, 17)])
def test_c11_twenty_nine_minimum_bid(rules: Any, low: int, forced: int) -> None:
    """C-11: the 29 minimum is 15 (presets may choose 16 or 17); the dealer's forced bid is
    always the minimum."""
    g = game(rules, W29, D29)
    assert bid_values(g)[0] == low
    illegal_reason(g, f"{N29} bid {low - 1}")
    g = game(rules, W29, D29, ["0 pass", "1 pass", "2 pass"])
    assert legal(g) == {f"{W29} bid {forced}"}


@pytest.mark.parametrize(("rules", "low", "teams"), [
    ("28-6p", 12, [[0, 3], [1, 4], [2, 5]]),
    ("28-6p-kerala", 16, [[0, 2, 4], [1, 3, 5]]),
])
def test_c15_six_player_teams_and_minimum(rules: str, low: int, teams: list[list[int]]) -> None:
    """C-15: six-player 28 follows pagat by default (three teams of two, minimum 12, the
    bidding pair against the other four); the Kerala form is a separate preset (2 × 3, 16)."""
    g = Game.from_record({"rules": rules, "dealer": 5, "seed": 3})
    assert g.to_act == 0 and bid_values(g)[0] == low
    illegal_reason(g, f"0 bid {low - 1}")
    assert len(g.view(0)["hand"]) == 6                            # 6P-3: all dealt first
    g.apply(f"0 bid {low}")
    for seat in range(1, 6):
        g.apply(f"{seat} pass")
    r = g.result()
    assert r["teams"] == teams and (r["bidder"], r["bidding_team"]) == (0, 0)
    assert r["phase"] == "trump"


def test_a19_forty_teams_and_deal() -> None:
    """A-19 (40-8, 40-11, 40-12): two teams of three in alternate seats; all six cards are
    dealt before the auction; the minimum is 20; the trump is a face-down card as in 28."""
    g = game("40", 4, FORTY_DEAL)
    r = g.result()
    assert r["teams"] == [[0, 2, 4], [1, 3, 5]] and g.to_act == 5
    assert len(g.view(5)["hand"]) == 6 and bid_values(g)[0] == 20
    g.apply("5 bid 20")
    for seat in (0, 1, 2, 3, 4):
        g.apply(f"{seat} pass")
    assert legal(g) == {f"5 trump {c}" for c in FORTY_DEAL[5].split()}


def test_a19_c19_one_suit_first_bidder_redeal() -> None:
    """A-19 / C-19: the forced first bidder (40-5: "the player next to the shuffler"; the
    dealer shuffles, C-19, so that is the first hand) holding one suit only annuls the hand,
    and the same dealer deals again.  The same six spades in the dealer's own hand (the
    player next to the left-hand neighbour, had he shuffled) annul nothing."""
    rules = {"preset": "40"}               # 28-POST-4 (eight of one suit) is off in 40
    g = game(rules, 5, FORTY_DEAL)                                 # seat 0 is first hand
    r = g.result()
    assert g.over and (r["status"], r["annulled_reason"]) == ("annulled", "one_suit_opener")
    first = record(rules, 5, FORTY_DEAL)
    again = record(rules, 5, {**FORTY_DEAL, 0: FORTY_DEAL[1], 1: FORTY_DEAL[0]})
    m = Match.from_record({"rules": rules, "hands_played": [first, again]})
    assert m.current.dealer == 5 and m.scores == [0, 0]
    wrong = record(rules, 0, {**FORTY_DEAL, 0: FORTY_DEAL[1], 1: FORTY_DEAL[0]})
    with pytest.raises(RecordError, match="dealer: should be 5"):
        Match.from_record({"rules": rules, "hands_played": [first, wrong]})
    g = game(rules, 0, FORTY_DEAL)                                 # seat 0 deals: seat 1 opens
    assert g.result()["status"] == "in_progress" and g.to_act == 1


def test_a19_forty_game_to_six_scores_only_rise() -> None:
    """A-19: 40 is a game to +6 for either team; failed contracts pay the opponents
    (opponents_gain), so both scores only ever rise."""
    m = Match.new("40", seed=11, dealer=0)
    seen = [list(m.scores)]
    while not m.over:
        acts = m.current.legal_actions()
        m.apply(next((a for a in acts if a.verb in ("pass", "play")), acts[0]))
        if m.scores != seen[-1]:
            seen.append(list(m.scores))
    assert len(seen) > 2
    for before, after in itertools.pairwise(seen):
        assert all(b <= a for b, a in zip(before, after, strict=True)), seen
        assert max(before) < 6
    assert max(seen[-1]) >= 6 and m.winner == seen[-1].index(max(seen[-1]))


@pytest.mark.parametrize(("rules", "next_seat"), [
    ("28", "Right"), ("29", "Left"), ({"preset": "28", "direction": "clockwise"}, "Left")])
def test_c18_direction_of_play(rules: Any, next_seat: str) -> None:
    """C-18: 28 is played anticlockwise: the player who acts after you sits on your right
    (the terminal names him so); 29 is clockwise.  Direction is display only: the engine's
    turn order is the same either way."""
    assert Rules.from_spec("28").direction == "anticlockwise"
    m = Match.new(rules, seed=1, dealer=0)
    t = TerminalGame(m, 0, {}, read=lambda _: "", out=io.StringIO(), colour=False)
    assert t.names[1] == next_seat and t.names[2] == "Partner"
    if rules != "29":
        g = game(rules, S, STRONG_EW, [*E_BIDS_20, "3 pass", "1 pass"])
        play_cards(g, PLAY_E_CLUBS)
        assert [t["winner"] for t in g.result()["tricks"]] == [E] * 7 + [N]


def test_a_single_hand_voids_the_double_and_the_c_it_follows() -> None:
    """28-SH-2: a single hand voids the contract's doubles and 'C' — the views and the result
    said "doubled" (multiplier 2) and 'C' through the whole single hand, though it scores its
    own ±3 (28-SH-4)."""
    rules = {"preset": "28-wiki", "double_redouble": True, "c_bid": True, "single_hand": True}
    g = Game.new(rules, seed=11, dealer=3, scores=[0, 0])
    for action in ["0 bid 16", "1 pass", "2 pass", "3 pass"]:
        g.apply(action)
    g.apply(g.legal_actions()[0])                              # 0 trump (a card)
    g.apply("1 double")
    g.apply("0 c")
    assert g.view(2)["multiplier"] == 2
    while g.view(g.to_act)["phase"] == "single_hand":
        legal = [str(a) for a in g.legal_actions()]
        g.apply("1 single" if "1 single" in legal else next(a for a in legal
                                                             if a.endswith("pass")))
    assert g.view(2)["special"] == "single_hand" and g.view(2)["multiplier"] == 1
    while not g.over:
        g.apply(g.legal_actions()[0])
    r = g.result()
    assert r["c"] is False and r["multiplier"] == 1 and abs(r["score_change"]["bidding"]) == 3
