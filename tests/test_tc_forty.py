"""40's own auction and scoring (RULES.md §4.3): 40-4 (a second bid is at least 30) and
40-6 (the tiers, the single hand and Thani), as records.

Seats: six players, teams {0, 2, 4} and {1, 3, 5}; with dealer 5 the first hand is seat 0.
The expected game points are written out from 40-6's table, never computed with the engine's
scoring code; a failed contract is scored to the opponents (C-16).
"""

from __future__ import annotations

import random

import pytest

from helpers import game, illegal_reason, legal, play_out
from twentyeight import Game

FORTY_TIERS = [(20, 29, 1, 2), (30, 33, 2, 3), (34, 40, 3, 4)]
"""40-6: (lowest, highest contract, bidders win, opponents gain on failure)."""

CARD_POINTS = {"J": 3, "3": 3, "9": 2, "A": 1, "T": 1}
"""40-1: the 28 values, and 3 points for each of the four 3s."""

# Seat 0 holds the five top spades and the 7♥; nobody else but seats 2 (sitting out in a
# single hand) holds a spade, so seats 1, 3 and 5 can throw their hearts on the spades.
SINGLE_DEAL = {0: "JS 3S 9S AS TS 7H", 1: "JH 3H 9H AH TH JD", 2: "KS QS 8S 7S TD KD",
               3: "KH QH 8H 3D 9D AD", 4: "TC KC 7D QC 8C 7C", 5: "JC 3C 9C AC QD 8D"}
SINGLE_AUCTION = ["0 bid 20", "1 pass", "2 pass", "3 pass", "4 pass", "5 pass",
                  "0 trump 7H", "0 single"]
SHED = [  # seats 1, 3, 5 discard on the five spade tricks (the others sit out, 28-SH-3)
    ("JS", "JH", "KH", "QD"), ("3S", "3H", "QH", "8D"), ("9S", "9H", "8H", "JC"),
    ("AS", "AH", "3D", "3C"), ("TS", "TH", "9D", "9C")]


def _single(last_heart_kept: bool) -> Game:
    g = game({"preset": "40", "single_hand": True}, 5, SINGLE_DEAL, SINGLE_AUCTION[:-1])
    assert "0 single" in legal(g)                      # not a certain hand: 7♥ can be beaten
    g.apply("0 single")
    shed = [list(t) for t in SHED]
    if last_heart_kept:                                # seat 1 keeps T♥ for the last trick
        shed[4][1] = "JD"
    for cards in shed:
        for seat, card in zip((0, 1, 3, 5), cards, strict=True):
            g.apply(f"{seat} play {card}")
    return g


def test_40_6_single_hand_made_scores_4() -> None:
    """40-6: a single hand that wins every trick scores +4 to the declarer's team (not 28's
    +3, 28-SH-4)."""
    g = _single(last_heart_kept=False)
    for seat, card in zip((0, 1, 3, 5), ("7H", "JD", "AD", "AC"), strict=True):
        g.apply(f"{seat} play {card}")
    r = g.result()
    assert r["status"] == "complete" and r["made"] is True
    assert all(t["winner"] == 0 for t in r["tricks"]) and len(r["tricks"]) == 6
    assert r["score_by_team"] == [4, 0]


def test_40_6_single_hand_lost_gives_the_opponents_5() -> None:
    """40-6 with C-16: a single hand that loses a trick gives the opponents +5 (not 28's −3)."""
    g = _single(last_heart_kept=True)
    for seat, card in zip((0, 1, 3, 5), ("7H", "TH", "AD", "AC"), strict=True):
        g.apply(f"{seat} play {card}")
    r = g.result()
    assert r["status"] == "complete" and r["made"] is False
    assert r["tricks"][-1]["winner"] == 1
    assert r["score_by_team"] == [0, 5]


# Seat 0 holds J 3 9 A T of spades and one heart; with T♠ face down the spades are trump.
THANI_AUCTION = ["0 bid 20", "1 pass", "2 pass", "3 pass", "4 pass", "5 pass", "0 trump TS",
                 "0 thani"]
THANI_OTHERS = {1: "QS KS 3H 9H AH TH", 2: "8S KH QH 8H 7H JD", 3: "7S 3D 9D AD TD KD",
                4: "7C 8D 7D JC 3C 9C", 5: "AC TC KC QC 8C QD"}
THANI_MADE = [  # seat 0 leads J♥, then its trumps (it holds nothing else, 28-BR-1)
    "0 play JH", "1 play 3H", "2 play 7H", "3 play 3D", "4 play 3C", "5 play 8C",
    "0 play JS", "1 play KS", "2 play 8S", "3 play 7S", "4 play 7C", "5 play AC",
    "0 play 3S", "1 play QS", "2 play 8H", "3 play 9D", "4 play 7D", "5 play KC",
    "0 play 9S", "1 play 9H", "2 play JD", "3 play AD", "4 play 8D", "5 play QC",
    "0 play AS", "1 play AH", "2 play KH", "3 play KD", "4 play 9C", "5 play QD",
    "0 play TS", "1 play TH", "2 play QH", "3 play TD", "4 play JC", "5 play TC"]


def test_40_6_thani_made_scores_4() -> None:
    """40-6 with 28-TH-1/3: a Thani whose declarer wins every trick himself scores +4."""
    g = game({"preset": "40", "thani": True}, 5, {0: "JS 3S 9S AS TS JH", **THANI_OTHERS},
             [*THANI_AUCTION, *THANI_MADE])
    r = g.result()
    assert r["status"] == "complete" and r["made"] is True and r["special"] == "thani"
    assert [t["winner"] for t in r["tricks"]] == [0] * 6
    assert r["score_by_team"] == [4, 0]


def test_40_6_thani_lost_gives_the_opponents_5() -> None:
    """40-6 with 28-TH-3 and C-16: seat 1's J♥ beats the declarer's A♥ in the first trick;
    the Thani is lost there and the opponents gain +5."""
    others = {**THANI_OTHERS, 1: "QS KS 3H 9H JH TH"}
    g = game({"preset": "40", "thani": True}, 5, {0: "JS 3S 9S AS TS AH", **others},
             [*THANI_AUCTION, "0 play AH", "1 play JH", "2 play 7H", "3 play 3D", "4 play 3C",
              "5 play 8C"])
    r = g.result()
    assert g.over and r["status"] == "complete" and r["made"] is False
    assert [t["winner"] for t in r["tricks"]] == [1]
    assert r["score_by_team"] == [0, 5]


def _points(result: dict[str, object], team: int) -> int:
    tricks = result["tricks"]
    assert isinstance(tricks, list)
    return sum(CARD_POINTS.get(c[0], 0) for t in tricks if t["winner"] % 2 == team
               for c in t["cards"])


def _contract_hand(contract: int, seed: int) -> Game | None:
    """A 40 hand from ``seed`` where the first bidder's side ends with ``contract`` (the
    first hand opens 20, the next seat bids ``contract`` when higher, all others pass)."""
    g = Game.new("40", seed=seed, dealer=5)
    actions = ["0 bid 20"] if contract == 20 else ["0 bid 20", f"1 bid {contract}"]
    for a in actions:
        if g.over or a not in legal(g):
            return None
        g.apply(a)
    rng = random.Random(seed)
    while not g.over and g.result()["phase"] == "auction":
        g.apply(next(a for a in g.legal_actions() if a.verb == "pass"))
    return play_out(g, lambda g: rng.choice(g.legal_actions()))


@pytest.mark.parametrize(("low", "high", "win", "loss"), FORTY_TIERS)
def test_40_6_tiers(low: int, high: int, win: int, loss: int) -> None:
    """40-6: 20–29 +1 / opponents +2, 30–33 +2 / +3, 34–40 +3 / +4; made or failed is decided
    by the card points the tricks give (recomputed here from the cards)."""
    seen = set()
    for contract in (low, high):
        for seed in range(40):
            g = _contract_hand(contract, seed)
            if g is None or g.result()["status"] != "complete":
                continue
            r = g.result()
            assert r["contract"] == contract
            bidders = r["bidder"] % 2
            made = _points(r, bidders) >= contract
            expected = [0, 0]
            expected[bidders if made else 1 - bidders] = win if made else loss
            assert r["score_by_team"] == expected, (contract, seed)
            seen.add(made)
    assert seen == {True, False}


def test_40_4_a_second_bid_is_at_least_30() -> None:
    """40-4: a player bidding for the second time must bid at least 30."""
    g = Game.new("40", seed=11, dealer=5)
    for a in ["0 bid 20", "1 bid 21", "2 pass", "3 pass", "4 pass", "5 pass"]:
        g.apply(a)
    assert "0 bid 29" not in legal(g) and "0 bid 30" in legal(g)
    assert "30" in illegal_reason(g, "0 bid 25")
    g.apply("0 bid 30")
    assert {"1 bid 31", "1 pass"} <= legal(g)


@pytest.mark.parametrize(("preset", "seed", "reason"), [("40", 9, "four_jacks"),
                                                        ("28-6p", 297, "eight_same_suit")])
def test_28_post_2_and_4_a_hand_annulled_as_dealt_is_dealt_again_by_the_same_dealer(
        preset: str, seed: int, reason: str) -> None:
    """28-POST-2 / 28-POST-4 with 28-DEAL-6: in 40 and at six players the whole hand is dealt
    at once, so a hand can be annulled before anyone acts.  The match books it and deals the
    next hand at once (the same dealer): it never waits for an action nobody can take."""
    from twentyeight import Match

    match = Match.new(preset, seed=seed)
    first, second = match.games
    assert first.over and first.hand.annul_reason == reason and not first.to_record()["actions"]
    assert not second.over and second.dealer == first.dealer
    assert match.to_act is not None and not any(match.scores)
    assert Match.from_record(match.to_record()).to_record() == match.to_record()


# Dealer 5: seat 0 is the first hand; every deal has 36 cards, six to each seat.
JACK_OF_EVERY_SUIT = {0: "JS 3H JD 3C 7S 7H", 1: "9S AS TS KS QS 8S", 2: "9H AH TH KH QH 8H",
                      3: "9D AD TD KD QD 8D", 4: "9C AC TC KC QC 8C", 5: "3S JH 3D JC 7D 7C"}
FOUR_JACKS_OF_TWO_SUITS = {**JACK_OF_EVERY_SUIT, 0: "JS 3S JH 3H 7D 7C",
                           5: "3D JD 3C JC 7S 7H"}


def test_28_post_2_in_40_is_a_jack_of_every_suit() -> None:
    """28-POST-2 with 40's second jack in each suit (40-9): "all four jacks" is a jack of
    every suit, the top card of each, and annuls the hand as dealt; four of the eight jacks
    in two suits (J♠ 3♠ J♥ 3♥) are not all four jacks, and the auction opens."""
    every = game("40", 5, JACK_OF_EVERY_SUIT).result()
    assert (every["status"], every["annulled_reason"]) == ("annulled", "four_jacks")
    two_suits = game("40", 5, FOUR_JACKS_OF_TWO_SUITS)
    assert two_suits.result()["status"] == "in_progress" and two_suits.to_act == 0
