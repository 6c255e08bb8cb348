"""Rule tests for 29 (RULES.md §3) and the smaller variants (§4: three-player 28, 40, West
Bengal; RULES-56.md §2 and §3: 40 and Kerala six-player 28), for the rule IDs no other test
cited.

Every deal is written out card by card and every action is in the notation of RECORDS.md.
Seats are numbered in turn order (tests/helpers.py): 29 is clockwise, N = 0, E = 1, S = 2,
W = 3; 28 (and West Bengal) anticlockwise, N = 0, W = 1, S = 2, E = 3.  Six-player tables: team A
= the even seats, team B = the odd seats; with dealer 5, seat 0 is first hand.  Three-player
28: every seat alone; with dealer 0, seat 1 is first hand.

Expected values are written from the rule texts; card points are recounted here with this
file's own table (28-DECK-4), never with the engine's scoring code.
"""

from __future__ import annotations

import io
from collections import Counter
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
    card_points,
    game,
    illegal_reason,
    legal,
    passes,
    playable,
    points_by_team,
)
from twentyeight import Game, Match, Rules
from twentyeight.cli.play import TerminalGame


def pack(ranks: str) -> Counter[str]:
    return Counter(r + s for r in ranks for s in "SHDC")


# =============================================================================================
# §3: 29
# =============================================================================================

PLAY29 = {
    N29: "7S 8S JH 9H AH TH KH QH",
    E29: "JS 9S JD 9D AD TD KD QD",
    S29: "AS TS JC 9C AC TC KC QC",
    W29: "KS QS 8H 7H 8D 7D 8C 7C",
}
"""29, dealer W: N holds two spades and six hearts, E two spades and six diamonds, S two spades
and six clubs, W two of each suit."""

N_BIDS_SPADES = ["0 bid 15", "1 pass", "2 pass", "3 pass", "0 trump S"]
"""On PLAY29: N (first hand) bids 15, three passes, N names spades (virtual indicator)."""

PAIR29 = {
    N29: "JS KH QH 8D 9S AD 7C 8C",
    E29: "7H JD 9D TD KD QD 7D 9C",
    S29: "AS TS KS 9H AH JH JC AC",
    W29: "QS 8S 7S TH 8H TC KC QC",
}
"""29, dealer W: N holds K♥ Q♥, W holds K♣ Q♣; E has no spade."""


def test_29_deck_1_same_pack_ranks_and_points() -> None:
    """29-DECK-1: the 32 cards of 28 (J 9 A T K Q 8 7 in each suit), ranked J 9 A T K Q 8 7,
    worth J 3, 9 2, A 1, T 1 (28 in all).  In play 9♠ beats A♠ and K♠ (trump still hidden)."""
    deck = Rules.from_spec("29").deck
    assert Counter(deck.names) == pack("J9ATKQ87")
    assert {n: deck.points[deck.copies_of(n)[0]] for n in ("JS", "9H", "AD", "TC", "KS", "QH",
                                                           "8D", "7C")} == \
        {"JS": 3, "9H": 2, "AD": 1, "TC": 1, "KS": 0, "QH": 0, "8D": 0, "7C": 0}
    assert card_points(list(deck.names)) == 28
    for suit in "SHDC":
        powers = [deck.power[deck.copies_of(r + suit)[0]] for r in "J9ATKQ87"]
        assert powers == sorted(powers, reverse=True) and len(set(powers)) == 8
    g = game("29", W29, PLAY29, [*N_BIDS_SPADES, "0 play 7S", "1 play 9S", "2 play AS",
                                 "3 play KS"])
    trick = g.result()["tricks"][0]
    assert trick["winner"] == E29 and trick["points"] == 3


def test_29_deck_2_two_partnerships_partners_opposite() -> None:
    """29-DECK-2: four players in two partnerships, partners opposite (N–S, E–W): a trick won
    by the bidder's partner counts for the bidding side."""
    g = game("29", W29, PLAY29)
    assert Rules.from_spec("29").num_players == 4
    assert g.result()["teams"] == [[N29, S29], [E29, W29]]
    # S (N's partner) wins trick 2 with a trump: its 7 card points are the bidding side's.
    g = game("29", W29, PLAY29, [*N_BIDS_SPADES, "0 play 7S", "1 play 9S", "2 play AS",
                                 "3 play KS", "1 play JD", "2 ask", "2 play TS", "3 play 8D",
                                 "0 play JH"])
    r = g.result()
    assert [t["winner"] for t in r["tricks"]] == [E29, S29]
    assert r["points"] == {"bidding": 3 + 1 + 3, "opponents": 3}


def test_29_dir_1_clockwise() -> None:
    """29-DIR-1: 29 is played clockwise, so the next player (seat + 1) is the left-hand
    neighbour (28: the right-hand one); `direction = anticlockwise` is a regional option that
    changes only which neighbour that is, never the turn order."""
    assert Rules.from_spec("29").direction == "clockwise"
    assert Rules.from_spec("28").direction == "anticlockwise"

    def neighbours(rules: Any) -> tuple[str, str, str]:
        table = TerminalGame(Match.new(rules, seed=1, dealer=3), 0, {}, out=io.StringIO(),
                             colour=False)
        return table.names[1], table.names[2], table.names[3]

    assert neighbours("29") == ("Left", "Partner", "Right")
    assert neighbours("28") == ("Right", "Partner", "Left")
    bangladesh = {"preset": "29", "direction": "anticlockwise"}
    assert neighbours(bangladesh) == ("Right", "Partner", "Left")
    for rules in ("29", bangladesh):                   # the same turn order either way
        g = game(rules, W29, PLAY29)
        order = []
        for action in ["0 bid 15", "1 bid 16", "2 bid 17", "3 pass"]:
            order.append(g.to_act)
            g.apply(action)
        assert order == [N29, E29, S29, W29] and g.to_act == N29


def test_29_deal_1_four_cards_then_four_after_the_auction() -> None:
    """29-DEAL-1: four cards each before the auction; the other four come after it (the trump
    is chosen on four cards, then the deal is completed)."""
    g = game("29", W29, PLAY29, ["0 bid 15", "1 pass", "2 pass"])
    first_four = {s: set(PLAY29[s].split()[:4]) for s in range(4)}
    assert {s: set(g.view(s)["hand"]) for s in range(4)} == first_four
    g.apply("3 pass")
    assert g.result()["phase"] == "trump"
    assert set(g.view(N29)["hand"]) == first_four[N29]
    assert g.view(E29)["hand_sizes"] == [4, 4, 4, 4]
    g.apply("0 trump S")
    assert {s: set(g.view(s)["hand"]) for s in range(4)} == \
        {s: set(PLAY29[s].split()) for s in range(4)}


def test_29_auc_1_first_hand_speaks_first_bids_rise_three_passes_end() -> None:
    """29-AUC-1: the dealer's left (first hand) speaks first; later players bid higher or
    pass; the auction ends after three consecutive passes following a bid."""
    g = game("29", W29, PLAY29)
    assert g.to_act == N29 == (W29 + 1) % 4
    g.apply("0 bid 16")
    illegal_reason(g, "1 bid 16")
    illegal_reason(g, "1 bid 15")
    assert {"1 bid 17", "1 pass"} <= legal(g)
    for action in ["1 pass", "2 bid 17", "3 pass", "0 pass"]:
        g.apply(action)
        assert g.result()["phase"] == "auction"        # at most two passes since 17
    g.apply("1 pass")
    r = g.result()
    assert (r["phase"], r["bidder"], r["contract"], g.to_act) == ("trump", S29, 17, S29)


def test_29_auc_2_minimum_15_maximum_28() -> None:
    """29-AUC-2: bids run from 15 to 28; a bid of 28 leaves no higher bid."""
    g = game("29", W29, PLAY29)
    assert bid_values(g) == list(range(15, 29))
    illegal_reason(g, "0 bid 14")
    illegal_reason(g, "0 bid 29")
    g.apply("0 bid 28")
    assert (g.result()["phase"], g.result()["contract"]) == ("trump", 28)


def test_29_auc_4_no_partner_overcall_limit_and_no_raise_window() -> None:
    """29-AUC-4: 28-AUC-6 does not apply (S may bid 16 over partner N's 15, where 28 asks for
    20), and there is no raise window after the full deal: the play starts at once."""
    g = game("29", W29, PLAY29, ["0 bid 15", "1 pass"])
    assert "2 bid 16" in legal(g)
    g.apply("2 bid 16")
    assert "20" in illegal_reason(game({"preset": "29", "partner_overcall_min": 20}, W29,
                                       PLAY29, ["0 bid 15", "1 pass"]), "2 bid 16")
    for action in ["3 pass", "0 pass", "1 pass", "2 trump C"]:
        g.apply(action)
    r = g.result()
    assert r["phase"] == "play" and r["raises"] == [] and r["contract"] == 16
    assert g.to_act == N29 and all(a.verb == "play" for a in g.legal_actions())


def test_29_auc_5_passing_is_not_final() -> None:
    """29-AUC-5: a player who passed may bid again later (default); with pass_is_final he is
    skipped, and the auction ends when everyone else has passed."""
    auction = ["0 pass", "1 bid 15", "2 pass", "3 pass"]
    g = game("29", W29, PLAY29, auction)
    assert g.result()["phase"] == "auction" and g.to_act == N29
    assert "0 bid 16" in legal(g)
    g.apply("0 bid 16")
    assert g.result()["phase"] == "auction"
    final = game({"preset": "29", "pass_is_final": True}, W29, PLAY29, auction)
    r = final.result()
    assert (r["phase"], r["bidder"], r["contract"]) == ("trump", E29, 15)


def test_29_play_1_first_hand_leads_follow_suit_winner_leads() -> None:
    """29-PLAY-1: the dealer's left (N) leads to trick 1 although S is the bidder; everyone
    must follow suit; the winner of a trick leads the next."""
    g = game("29", W29, PLAY29, ["0 pass", "1 pass", "2 bid 15", "3 pass", "0 pass", "1 pass",
                                 "2 trump S"])
    assert g.result()["bidder"] == S29 and g.to_act == N29
    assert playable(g) == set(PLAY29[N29].split())
    g.apply("0 play 7S")
    assert playable(g) == {"JS", "9S"}
    illegal_reason(g, "1 play JD")
    g.apply("1 play 9S")
    assert playable(g) == {"AS", "TS"}
    g.apply("2 play AS")
    assert playable(g) == {"KS", "QS"}
    g.apply("3 play KS")
    assert g.result()["tricks"][0]["winner"] == E29 and g.to_act == E29


def test_29_play_2_trump_suit_has_no_power_before_the_reveal() -> None:
    """29-PLAY-2: before the reveal, trump-suit cards have no trump power.  With compulsory
    asking off (pagat's voluntary-asking variation) S discards T♠ without asking and the bidder
    N throws 8♠ without revealing: both spades lose to E's J♦, and the trump stays hidden."""
    rules = {"preset": "29", "asking_compulsory": False}
    g = game(rules, W29, PLAY29, [*N_BIDS_SPADES, "0 play 7S", "1 play 9S", "2 play AS",
                                  "3 play KS", "1 play JD"])
    assert "2 ask" in legal(g) and "TS" in playable(g)
    g.apply("2 play TS")
    g.apply("3 play 8D")
    assert "0 reveal" in legal(g) and "8S" in playable(g)
    g.apply("0 play 8S")
    r = g.result()
    assert r["tricks"][1]["cards"] == ["JD", "TS", "8D", "8S"]
    assert r["tricks"][1]["winner"] == E29
    assert r["exposed"] is None and g.view(E29)["trump"] is None


def test_29_play_5_after_the_reveal_highest_trump_else_highest_of_suit_led() -> None:
    """29-PLAY-5: once revealed, a trick goes to its highest trump (N's 8♠ beats the led J♦;
    E's J♠ beats S's T♠), or, with no trump in it, to the highest card of the suit led (E's
    9♦ beats S's J♣ and N's 9♥)."""
    g = game("29", W29, PLAY29, [
        *N_BIDS_SPADES, "0 play 7S", "1 play 9S", "2 play AS", "3 play KS",
        "1 play JD", "2 ask", "2 play 9C", "3 play 8D", "0 play 8S",
        "0 play JH", "1 play JS", "2 play TS", "3 play 8H",
        "1 play 9D", "2 play JC", "3 play 7D", "0 play 9H"])
    r = g.result()
    assert r["exposed"] == {"trick": 1, "by": S29}
    assert [t["winner"] for t in r["tricks"]] == [E29, N29, E29, E29]


def test_29_play_7_no_bidder_restrictions() -> None:
    """29-PLAY-7: no 28-BR restrictions on the 29 bidder.  (a) N, the bidder, may lead a
    spade (the hidden trump) although he holds hearts; the lead reveals nothing.  With
    bidder_restrictions on (28's rule) that lead is illegal.  (b) E, the bidder, void in the
    spade led, must reveal (29-PLAY-3) and may then play any card, not only a trump."""
    g = game("29", W29, PLAY29, N_BIDS_SPADES)
    assert {"7S", "8S"} <= playable(g)
    g.apply("0 play 7S")
    assert g.result()["exposed"] is None and g.view(E29)["trump"] is None
    strict = game({"preset": "29", "bidder_restrictions": True}, W29, PLAY29, N_BIDS_SPADES)
    assert playable(strict) == {"JH", "9H", "AH", "TH", "KH", "QH"}
    g = game("29", W29, PAIR29, ["0 pass", "1 bid 15", "2 pass", "3 pass", "0 pass",
                                 "1 trump D", "0 play JS"])
    assert legal(g) == {"1 reveal"}
    g.apply("1 reveal")
    assert playable(g) == set(PAIR29[E29].split())        # 7♥ and 9♣ as well as diamonds


NEVER_VOID = {
    N29: "JS 9S AH TH KD QD 8C 7C",
    E29: "AS TS KH QH 8D 7D JC 9C",
    S29: "KS QS 8H 7H JD 9D AC TC",
    W29: "8S 7S JH 9H AD TD KC QC",
}
"""29, dealer W: two cards of each suit each; N's seventh card (third of his second four) is 8♣."""

SIX_TRICKS = ["0 play JS", "1 play AS", "2 play KS", "3 play 8S",
              "0 play 9S", "1 play TS", "2 play QS", "3 play 7S",
              "0 play AH", "1 play KH", "2 play 8H", "3 play JH",
              "3 play 9H", "0 play TH", "1 play QH", "2 play 7H",
              "3 play AD", "0 play KD", "1 play 8D", "2 play JD",
              "2 play 9D", "3 play TD", "0 play QD", "1 play 7D"]
"""Everyone follows suit in six tricks (spades, hearts, diamonds twice each)."""


@pytest.mark.parametrize("seventh", [False, True])
def test_29_play_9_no_forced_reveal_before_the_last_trick(seventh: bool) -> None:
    """29-PLAY-9: the 29 bidder keeps all 8 cards (no indicator in hand), so the trump is not
    exposed before the last trick: after 7 tricks N still has a card of his own and the hand
    ends unrevealed (annulled, 29-PLAY-8).  Exception: with seventh_card_trump the seventh
    card (8♣) is set aside as in 28, and it is exposed before the lead to trick 8."""
    rules: Any = {"preset": "29", "seventh_card_trump": True} if seventh else "29"
    g = game(rules, W29, NEVER_VOID, ["0 bid 15", "1 pass", "2 pass", "3 pass",
                                      "0 trump seventh" if seventh else "0 trump H"])
    assert len(g.view(N29)["hand"]) == (7 if seventh else 8)
    kept = "8C" if seventh else "7C"
    other = "7C" if seventh else "8C"
    for action in [*SIX_TRICKS, "2 play AC", "3 play KC", f"0 play {other}", "1 play JC"]:
        g.apply(action)
    r = g.result()
    assert len(r["tricks"]) == 7 and r["tricks"][-1]["winner"] == E29
    assert g.view(N29)["hand"] == [kept]
    if seventh:
        assert r["exposed"] == {"trick": 7, "by": None} and g.view(E29)["trump"] == "C"
    else:
        assert r["exposed"] is None and g.view(E29)["trump"] is None
    for action in ["1 play 9C", "2 play TC", "3 play QC", f"0 play {kept}"]:
        g.apply(action)
    r = g.result()
    if seventh:
        assert r["status"] == "complete" and r["tricks"][-1]["winner"] == E29
    else:
        assert r["exposed"] is None
        assert (r["status"], r["annulled_reason"]) == ("annulled", "trump_never_revealed")


# ---- 29 pair ------------------------------------------------------------------------------


def n_bids(contract: int, trump: str) -> list[str]:
    """N (first hand) bids ``contract`` on PAIR29, everyone passes, N names ``trump``."""
    return [f"0 bid {contract}", *([] if contract == 28 else passes(1, 3, 4)),
            f"0 trump {trump}"]


def test_29_pair_2_not_before_the_side_has_won_a_trick_since_the_reveal() -> None:
    """29-PAIR-2: N holds K♥ Q♥ (hearts trump).  E asks in trick 1 and wins it with 7♥: at
    N's turn in trick 2 no pair.  S (N's partner) wins trick 2 with 9♥: at N's next turn the
    pair is offered (the side's trick counts, A-18) and N shows it."""
    g = game("29", W29, PAIR29, [*n_bids(20, "H"), "0 play JS", "1 ask", "1 play 7H",
                                 "2 play AS", "3 play QS", "1 play 7D", "2 play 9H",
                                 "3 play TC"])
    assert g.result()["tricks"][0]["winner"] == E29 and g.to_act == N29
    assert "0 pair" not in legal(g)
    g.apply("0 play AD")
    assert g.result()["tricks"][1]["winner"] == S29
    g.apply("2 play AC")
    g.apply("3 play KC")
    assert "0 pair" in legal(g)
    g.apply("0 pair")
    assert g.result()["pair"] == {"seat": N29, "side": "bidding"}


def test_29_pair_2_a_trick_won_before_the_reveal_does_not_count() -> None:
    """29-PAIR-2 (as 28-PAIR-2, A-18): S wins trick 1 before the trump is revealed; E reveals
    it in trick 2 and wins that trick: N may not show the pair in trick 3 (with
    pair_timing = lenient, A-11, he could)."""
    actions = [*n_bids(20, "H"), "0 play 7C", "1 play 9C", "2 play JC", "3 play TC",
               "2 play AS", "3 play QS", "0 play 9S", "1 ask", "1 play 7H",
               "1 play JD", "2 play 9H", "3 play 8H"]
    g = game("29", W29, PAIR29, actions)
    r = g.result()
    assert [t["winner"] for t in r["tricks"]] == [S29, E29] and r["exposed"]["trick"] == 1
    assert g.to_act == N29 and "0 pair" not in legal(g)
    lenient = game({"preset": "29", "pair_timing": "lenient"}, W29, PAIR29, actions)
    assert "0 pair" in legal(lenient)


def test_29_pair_2_not_once_the_king_or_queen_is_played() -> None:
    """29-PAIR-2: N wins the reveal trick with J♠, so the pair is offered as he leads trick 2;
    he leads K♥ instead, and from then on the pair can no longer be shown."""
    g = game("29", W29, PAIR29, [*n_bids(20, "H"), "0 play JS", "1 ask", "1 play JD",
                                 "2 play AS", "3 play QS"])
    assert g.result()["tricks"][0]["winner"] == N29
    assert "0 pair" in legal(g)
    for action in ["0 play KH", "1 play 7H", "2 play 9H", "3 play TH", "2 play AC",
                   "3 play KC"]:
        g.apply(action)
    assert g.to_act == N29 and "0 pair" not in legal(g)


PAIR_TARGETS = [  # contract, trump, pair shown by, target
    (15, "H", "bidding", 15),
    (17, "H", "bidding", 15),                         # 13 raised to the minimum bid
    (20, "H", "bidding", 16),
    (28, "H", "bidding", 24),
    (20, "C", "opponents", 24),
    (25, "C", "opponents", 28),                       # 29 capped at 28
    (26, "C", "opponents", 28),
]


@pytest.mark.parametrize(("contract", "trump", "side", "target"), PAIR_TARGETS)
def test_29_pair_3_target_moves_by_4_within_15_and_28(contract: int, trump: str, side: str,
                                                      target: int) -> None:
    """29-PAIR-3: a bidding-side pair lowers the target by 4, not below 15; an opponents'
    pair raises it by 4, not above 28.  N's pair (hearts trump) after N wins the reveal
    trick; W's pair (clubs trump) after E wins it with 9♣."""
    if side == "bidding":
        g = game("29", W29, PAIR29, [*n_bids(contract, trump), "0 play JS", "1 ask",
                                     "1 play JD", "2 play AS", "3 play QS"])
        holder = N29
    else:
        g = game("29", W29, PAIR29, [*n_bids(contract, trump), "0 play JS", "1 ask",
                                     "1 play 9C", "2 play AS", "3 play QS", "1 play JD",
                                     "2 play 9H"])
        holder = W29
    assert g.result()["target"] == contract
    g.apply(f"{holder} pair")
    r = g.result()
    assert r["pair"] == {"seat": holder, "side": side}
    assert (r["contract"], r["target"]) == (contract, target)


@pytest.mark.parametrize(("rules", "contract", "target"), [
    ("29", 15, 15), ("29-16", 16, None), ("29-16", 18, None), ("29-16", 19, 16),
    ("29-16", 20, 16), ({"preset": "29", "pair_bidder_min_contract": 19}, 18, None),
])
def test_29_pair_4_bidding_side_pair_only_from_19(rules: Any, contract: int,
                                                  target: int | None) -> None:
    """29-PAIR-4: with pair_bidder_min_contract = 19 (preset 29-16) contracts of 16–18 cannot
    be reduced by a bidding-side pair; 19 can (to 16, the minimum).  Without the flag
    (preset 29) even a contract of 15 may show it."""
    g = game(rules, W29, PAIR29, [*n_bids(contract, "H"), "0 play JS", "1 ask", "1 play JD",
                                  "2 play AS", "3 play QS"])
    assert g.result()["tricks"][0]["winner"] == N29 and g.to_act == N29
    assert ("0 pair" in legal(g)) is (target is not None)
    if target is not None:
        g.apply("0 pair")
        assert g.result()["target"] == target


def test_29_pair_4_does_not_limit_the_opponents() -> None:
    """29-PAIR-4: the contract floor binds only the bidding side: in 29-16 the opponents may
    show their pair against 16 (target 20)."""
    g = game("29-16", W29, PAIR29, [*n_bids(16, "C"), "0 play JS", "1 ask", "1 play 9C",
                                    "2 play AS", "3 play QS", "1 play JD", "2 play 9H"])
    assert "3 pair" in legal(g)
    g.apply("3 pair")
    assert g.result()["target"] == 20


# ---- 29 scoring ---------------------------------------------------------------------------

MAKE = {0: "JH 9H AH TH JS 9S AS TS", 1: "JC 9C AC TC KS QS KD QD",
        2: "JD 9D AD TD KH QH 8H 7H", 3: "KC QC 8C 7C 8S 7S 8D 7D"}
MAKE_ACTIONS = [
    "0 bid 15", "1 pass", "2 pass", "3 pass", "0 trump S",
    "0 play JS", "1 play KS", "2 ask", "2 play 7H", "3 play 8S",
    "0 play 9S", "1 play QS", "2 play 8H", "3 play 7S",
    "0 play AS", "1 play KD", "2 play QH", "3 play 7D",
    "0 play TS", "1 play QD", "2 play KH", "3 play 8D",
    "0 play JH", "1 play TC", "2 play TD", "3 play 7C",
    "0 play 9H", "1 play AC", "2 play AD", "3 play 8C",
    "0 play AH", "1 play 9C", "2 play 9D", "3 play QC",
    "0 play TH", "1 play JC", "2 play JD", "3 play KC"]
"""29, dealer 3: the first hand bids 15 and his side takes every trick (28 card points)."""

FAIL_ACTIONS = [
    "0 bid 15", "1 pass", "2 pass", "3 pass", "0 trump S",
    "0 play 8S", "1 play JS", "2 play AS", "3 play KS",
    "1 play 9S", "2 play TS", "3 play QS", "0 play 7S",
    "1 play JD", "2 ask", "2 play JC", "3 play 8D", "0 play JH",
    "1 play 9D", "2 play 9C", "3 play 7D", "0 play 9H",
    "1 play AD", "2 play AC", "3 play 8H", "0 play AH",
    "1 play TD", "2 play TC", "3 play 7H", "0 play TH",
    "1 play KD", "2 play KC", "3 play 8C", "0 play KH",
    "1 play QD", "2 play QC", "3 play 7C", "0 play QH"]
"""29 on PLAY29, dealer 3: the first hand bids 15 and his side takes no trick (0 points)."""


def rotated(hands: dict[int, str], actions: list[str], k: int) -> dict[str, Any]:
    """A dealer-3 hand turned ``k`` seats round the table (the dealer becomes 3 + k)."""
    seats = [""] * 4
    for seat, cards in hands.items():
        seats[(seat + k) % 4] = cards
    turned = [f"{(int(a.split()[0]) + k) % 4} {a.split(' ', 1)[1]}" for a in actions]
    return {"dealer": (3 + k) % 4, "hands": [h.split() for h in seats], "actions": turned}


@pytest.mark.parametrize("maker", [0, 1])
def test_29_score_3_game_ends_at_plus_or_minus_6(maker: int) -> None:
    """29-SCORE-3: a side reaching +6 wins the game; a side reaching −6 loses it.  Eleven
    hands, the deal passing to the left each time; the first hand always bids 15.  When he
    is of team ``maker`` his side takes every trick (+1), otherwise none (−1).  After ten hands
    the score is ±5 each and play goes on; the eleventh (team 0's sixth) decides it."""
    hands = []
    for number in range(11):
        k = number % 4
        first_hand_team = (3 + k + 1) % 4 % 2
        deal = (MAKE, MAKE_ACTIONS) if first_hand_team == maker else (PLAY29, FAIL_ACTIONS)
        hands.append(rotated(*deal, k))
    ten = Match.from_record({"rules": "29", "hands_played": hands[:10]})
    eleven = Match.from_record({"rules": "29", "hands_played": hands})
    assert [g.result()["score_by_team"] for g in eleven.games[:2]] == \
        ([[1, 0], [0, -1]] if maker == 0 else [[-1, 0], [0, 1]])
    if maker == 0:                                     # team 0 makes, team 1 fails
        assert ten.scores == [5, -5] and not ten.over
        assert eleven.scores == [6, -5] and eleven.over and eleven.winner == 0
    else:                                              # team 0 fails, team 1 makes
        assert ten.scores == [-5, 5] and not ten.over
        assert eleven.scores == [-6, 5] and eleven.over and eleven.winner == 1


def test_29_score_4_maximum_bid_stays_28_with_the_last_trick_point() -> None:
    """29-SCORE-4: with last_trick_bonus the maximum bid is still 28 (29 only where the
    max_bid flag says so)."""
    bonus = game({"preset": "29", "last_trick_bonus": True}, W29, PLAY29)
    assert max(bid_values(bonus)) == 28
    illegal_reason(bonus, "0 bid 29")
    wider = game({"preset": "29", "last_trick_bonus": True, "max_bid": 29}, W29, PLAY29)
    assert max(bid_values(wider)) == 29


# =============================================================================================
# §4.1: three-player 28
# =============================================================================================

THREE = {1: "JS 9S AS TS JH 9H JD 9D", 2: "KS AH TH KH QH AD TD KD",
         0: "QS QD JC 9C AC TC KC QC"}
"""Three-player 28, dealer 0: seat 1 (first hand) holds J 9 A T of spades, J 9 of hearts and of
diamonds; seat 2 K♠ and hearts and diamonds; seat 0 Q♠ Q♦ and all six clubs."""

THREE_AUCTION = ["1 bid 16", "2 pass", "0 pass", "1 trump TS"]
THREE_PLAY = [
    "1 play JH", "2 play AH", "0 play 9C",
    "1 play 9H", "2 play TH", "0 play QC",
    "1 play JD", "2 play AD", "0 play QD",
    "1 play 9D", "2 play TD", "0 play KC",
    "1 play JS", "2 play KS", "0 play QS",
    "1 play 9S", "2 play KH", "0 play TC",
    "1 play AS", "2 play QH", "0 play AC"]
"""Seven tricks in which nobody asks; seat 1 is left with only the face-down T♠."""


def test_3p_7_hidden_indicator_and_raise_window_for_the_bidder_only() -> None:
    """3P-7: the trump is a face-down indicator (the bidder holds 7 cards; the others do not
    see it); the raise window (min 24) is open to the bidder only: after his pass the play
    starts."""
    g = game("28-3p", 0, THREE, THREE_AUCTION)
    assert g.result()["phase"] == "raise" and g.to_act == 1
    assert legal(g) == {"1 pass", *(f"1 raise {v}" for v in range(24, 29))}
    assert len(g.view(1)["hand"]) == 7 and g.view(1)["indicator"] == "TS"
    assert g.view(2)["trump"] is None and g.view(0)["indicator"] is None
    g.apply("1 pass")
    assert g.result()["phase"] == "play" and g.to_act == 1
    raised = game("28-3p", 0, THREE, [*THREE_AUCTION, "1 raise 24"])
    assert raised.result()["contract"] == 24 and raised.result()["phase"] == "play"


def test_3p_7_bidder_restrictions_and_forced_reveal_at_trick_8() -> None:
    """3P-7 (28-BR-1, 28-LAST-1): the bidder may not lead a spade while he holds other cards,
    must lead one when he holds nothing else (without exposing it); the indicator is exposed
    before the lead to trick 8 and is his only card; all 8 tricks are his (+1 for 16)."""
    g = game("28-3p", 0, THREE, [*THREE_AUCTION, "1 pass"])
    assert playable(g) == {"JH", "9H", "JD", "9D"}
    for action in THREE_PLAY[:12]:
        g.apply(action)
    assert playable(g) == {"JS", "9S", "AS"}
    g.apply("1 play JS")
    assert g.result()["exposed"] is None
    for action in THREE_PLAY[13:]:
        g.apply(action)
        if len(g.result()["tricks"]) < 7:
            assert g.result()["exposed"] is None
    r = g.result()
    assert len(r["tricks"]) == 7 and r["exposed"] == {"trick": 7, "by": None}
    assert legal(g) == {"1 play TS"} and g.view(2)["trump"] == "S"
    for action in ["1 play TS", "2 play KD", "0 play JC"]:
        g.apply(action)
    r = g.result()
    assert r["status"] == "complete" and {t["winner"] for t in r["tricks"]} == {1}
    assert r["points"] == {"bidding": 28, "opponents": 0}
    assert r["score_by_team"] == [0, 1, 0]


def test_3p_7_bidder_holding_all_six_trumps_annuls() -> None:
    """3P-7 (28-ANN-2): the bidder was dealt all six spades (indicator J♠): the hand is
    annulled when the trump is exposed, and nobody scores."""
    deal = {1: "JS 9S AS TS KS QS JH 9H", 2: "AH TH KH QH AD TD KD QD",
            0: "JD 9D JC 9C AC TC KC QC"}
    g = game("28-3p", 0, deal, ["1 bid 16", "2 pass", "0 pass", "1 trump JS", "1 pass",
                                "1 play JH", "2 play AH"])
    assert g.result()["status"] == "in_progress"
    g.apply("0 ask")
    r = g.result()
    assert (r["status"], r["annulled_reason"]) == ("annulled", "bidding_side_all_trumps")
    assert r["score_by_team"] == [0, 0, 0]


# =============================================================================================
# §4.3 and RULES-56.md §2: 40
# =============================================================================================

FORTY = {0: "KS QS 8S KH QH 8H", 1: "JS 3S 9S JH 9H AH", 2: "7S 7H 9D KD QD 8D",
         3: "TS 3H TH JD 3D AC", 4: "7D TC KC QC 8C 7C", 5: "AS AD TD JC 3C 9C"}
"""40, six players.  Team A (0, 2, 4) holds 3 card points, team B 37.  Seats 4 and 5 have no
heart; seat 5's only spade is A♠."""

FORTY_AUCTION = ["0 bid 20", *passes(1, 5, 6), "0 trump 8S"]
FORTY_PLAY = [
    "0 play KH", "1 play JH", "2 play 7H", "3 play 3H", "4 play 7D", "5 play AS",
    "1 play JS", "2 play 7S", "3 play TS", "4 play TC", "5 play AD", "0 play KS",
    "1 play 3S", "2 play 9D", "3 play TH", "4 play KC", "5 play TD", "0 play QS",
    "1 play 9S", "2 play KD", "3 play JD", "4 play QC", "5 play JC", "0 play QH",
    "1 play 9H", "2 play QD", "3 play 3D", "4 play 8C", "5 play 3C", "0 play 8H",
    "1 play AH", "2 play 8D", "3 play AC", "4 play 7C", "5 play 9C", "0 play 8S"]
"""Nobody asks: the trump stays hidden for five tricks."""


def test_40_3_minimum_20_compulsory_maximum_40() -> None:
    """40-3: the first bidder must bid, at least 20 and at most 40; a 40 ends the auction."""
    g = game("40", 0, FORTY)                           # dealer 0: seat 1 is first hand
    assert g.to_act == 1 and bid_values(g) == list(range(20, 41))
    illegal_reason(g, "1 pass")
    illegal_reason(g, "1 bid 19")
    illegal_reason(g, "1 bid 41")
    g.apply("1 bid 40")
    assert (g.result()["phase"], g.result()["contract"]) == ("trump", 40)


def test_40_7_a_wrong_play_cannot_be_made() -> None:
    """40-7 (§2.20): the double-points penalty for a wrong play needs a wrong play, and the
    engine refuses one: seat 1, holding hearts, may not throw a spade on a heart lead (and
    nothing changes)."""
    g = game("40", 5, FORTY, [*FORTY_AUCTION, "0 play KH"])
    assert "follow suit" in illegal_reason(g, "1 play JS")
    assert playable(g) == {"JH", "9H", "AH"}


def test_40_12_face_down_indicator_and_28_play() -> None:
    """40-12: the trump is chosen after the auction as a face-down card from the hand (the
    bidder keeps 5; nobody else sees it) and play follows 28: the bidder may not lead the
    trump suit (28-BR-1); seat 4 discards without asking; seat 5 asks, the trump is exposed
    and seat 5 must trump (28-REV-3): its A♠ beats J♥ (and the jack-ranked 3♥ after it)."""
    g = game("40", 5, FORTY, ["0 bid 20", *passes(1, 5, 6)])
    assert {a.arg for a in g.legal_actions() if a.verb == "trump"} == set(FORTY[0].split())
    g.apply("0 trump 8S")
    assert set(g.view(0)["hand"]) == {"KS", "QS", "KH", "QH", "8H"}
    assert g.view(0)["indicator"] == "8S" and g.view(0)["trump"] == "S"
    assert all(g.view(s)["trump"] is None and g.view(s)["indicator"] is None
               for s in range(1, 6))
    assert playable(g) == {"KH", "QH", "8H"}
    for action in ["0 play KH", "1 play JH", "2 play 7H", "3 play 3H"]:
        g.apply(action)
    assert "4 ask" in legal(g)
    g.apply("4 play 7D")
    assert g.result()["exposed"] is None
    g.apply("5 ask")
    assert legal(g) == {"5 play AS"}
    g.apply("5 play AS")
    r = g.result()
    assert r["exposed"] == {"trick": 0, "by": 5} and r["tricks"][0]["winner"] == 5


def test_40_12_and_40_13_forced_reveal_at_trick_6_and_failure_to_the_opponents() -> None:
    """40-12: with nobody asking, the trump stays hidden (seat 5's A♠ thrown on a heart lead
    does not win) until it is exposed before the lead to the last trick, trick 6, where the
    bidder's 8♠ beats A♥.  40-13: team A fails 20 with 4 card points, and the stake (20–29:
    2) goes to the opponents; team A's score does not move."""
    g = game("40", 5, FORTY, FORTY_AUCTION)
    for k, action in enumerate(FORTY_PLAY):
        g.apply(action)
        if k < 29:
            assert g.result()["exposed"] is None
    r = g.result()
    assert r["tricks"][0]["winner"] == 1                # J♥, not the discarded A♠
    assert r["exposed"] == {"trick": 5, "by": None}
    assert r["tricks"][-1]["cards"][-1] == "8S" and r["tricks"][-1]["winner"] == 0
    assert points_by_team(r, 2) == [4, 36]
    assert r["points"] == {"bidding": 4, "opponents": 36}
    assert r["made"] is False and r["score_by_team"] == [0, 2]


# =============================================================================================
# RULES-56.md §3: Kerala six-player 28
# =============================================================================================

KERALA = "28-6p-kerala"
KERALA_DEAL = {0: "KS QS 8S KH QH 8H", 1: "JS 6S 9S JH 9H AH", 2: "7S 7H 9D KD QD 8D",
               3: "TS 6H TH JD 6D AC", 4: "7D TC KC QC 8C 7C", 5: "AS AD TD JC 6C 9C"}
"""Kerala six-player 28: seats 4 and 5 have no heart; seat 5's only spade is A♠."""

KERALA_AUCTION = ["0 bid 16", *passes(1, 5, 6), "0 trump 8S"]
KERALA_PLAY = [
    "0 play KH", "1 play JH", "2 play 7H", "3 play TH", "4 play 7D", "5 play AS",
    "1 play JS", "2 play 7S", "3 play TS", "4 play TC", "5 play AD", "0 play KS",
    "1 play 9S", "2 play 9D", "3 play 6H", "4 play KC", "5 play TD", "0 play QS",
    "1 play 6S", "2 play KD", "3 play JD", "4 play QC", "5 play JC", "0 play QH",
    "1 play 9H", "2 play QD", "3 play 6D", "4 play 8C", "5 play 9C", "0 play 8H",
    "1 play AH", "2 play 8D", "3 play AC", "4 play 7C", "5 play 6C", "0 play 8S"]


def test_6pk_2_pack_of_36_all_dealt_before_the_auction() -> None:
    """6PK-2: 36 cards (the 6s added, ranking lowest, worth 0), all dealt before the auction,
    6 each."""
    deck = Rules.from_spec(KERALA).deck
    assert Counter(deck.names) == pack("J9ATKQ876")
    assert all(deck.points[deck.copies_of("6" + s)[0]] == 0 for s in "SHDC")
    assert card_points(list(deck.names)) == 28
    for suit in "SHDC":
        powers = [deck.power[deck.copies_of(r + suit)[0]] for r in "J9ATKQ876"]
        assert powers == sorted(powers, reverse=True) and len(set(powers)) == 9
    g = game(KERALA, 5, KERALA_DEAL)
    assert g.result()["phase"] == "auction"
    assert g.view(0)["hand_sizes"] == [6] * 6
    assert all(set(g.view(s)["hand"]) == set(KERALA_DEAL[s].split()) for s in range(6))


def test_6pk_3_compulsory_opening_16_maximum_28() -> None:
    """6PK-3: the first hand must open, with 16 to 28."""
    g = game(KERALA, 0, KERALA_DEAL)                   # dealer 0: seat 1 is first hand
    assert g.to_act == 1 and bid_values(g) == list(range(16, 29))
    illegal_reason(g, "1 pass")
    illegal_reason(g, "1 bid 15")
    illegal_reason(g, "1 bid 29")


def test_6pk_5_indicator_two_phases_and_exposure_after_an_ask() -> None:
    """6PK-5: a face-down indicator (5 cards in hand, hidden from all others), the bidder's
    phase-1 restrictions, and 28's asking: seat 5 asks, must trump, and its A♠ wins."""
    g = game(KERALA, 5, KERALA_DEAL, KERALA_AUCTION)
    assert len(g.view(0)["hand"]) == 5 and g.view(0)["indicator"] == "8S"
    assert all(g.view(s)["trump"] is None for s in range(1, 6))
    assert playable(g) == {"KH", "QH", "8H"}
    for action in ["0 play KH", "1 play JH", "2 play 7H", "3 play TH", "4 play 7D", "5 ask"]:
        g.apply(action)
    assert legal(g) == {"5 play AS"}
    g.apply("5 play AS")
    assert g.result()["tricks"][0]["winner"] == 5


def test_6pk_5_forced_exposure_before_trick_6() -> None:
    """6PK-5: nobody asks, so the trump stays hidden through five tricks (seat 5's A♠ on a
    heart lead does not win) and is exposed before the lead to trick 6, the last; there the
    bidder's indicator 8♠ is a trump and beats A♥.  (40-13: the failed 16 pays the opponents,
    as in 40 — the Kerala convention.)"""
    g = game(KERALA, 5, KERALA_DEAL, KERALA_AUCTION)
    for action in KERALA_PLAY[:29]:
        g.apply(action)
        assert g.result()["exposed"] is None
    g.apply(KERALA_PLAY[29])
    r = g.result()
    assert len(r["tricks"]) == 5 and r["tricks"][0]["winner"] == 1
    assert r["exposed"] == {"trick": 5, "by": None} and g.view(1)["trump"] == "S"
    for action in KERALA_PLAY[30:]:
        g.apply(action)
    r = g.result()
    assert r["status"] == "complete" and r["tricks"][-1]["winner"] == 0
    assert points_by_team(r, 2) == [2, 26]
    assert r["made"] is False and r["score_by_team"] == [0, 2]


# =============================================================================================
# §4.5: West Bengal
# =============================================================================================

BENGAL = {N: "JS KH QH 7H 9S AS 8D 7D", E: "8S 7S JH 9H AH TH KD QD",
          S: "TS KS QS 8H JD 9D JC 9C", W: "AD TD AC TC KC QC 8C 7C"}
"""28-bengal, dealer S (first hand E): N holds K♥ Q♥; W has no spade and no heart."""

BENGAL_TRICK = [f"{E} play 8S", f"{N} play JS", f"{W} ask", f"{W} play 7C", f"{S} play TS"]
"""E leads 8♠; W asks (hearts are trump) and discards; N's J♠ wins the exposure trick."""


def bengal(bidder: int, contract: int) -> Game:
    if bidder == N:
        auction = [f"{E} bid 16", f"{N} bid {contract}"]
        if contract < 28:
            auction += [f"{W} pass", f"{S} pass", f"{E} pass"]
        auction.append(f"{N} trump 7H")
    else:
        auction = [f"{E} bid {contract}"]
        if contract < 28:
            auction += [f"{N} pass", f"{W} pass", f"{S} pass"]
        auction.append(f"{E} trump 9H")
    g = game("28-bengal", S, BENGAL, auction + BENGAL_TRICK)
    r = g.result()
    assert r["exposed"] == {"trick": 0, "by": W} and r["tricks"][0]["winner"] == N
    assert g.to_act == N and f"{N} pair" in legal(g)
    return g


@pytest.mark.parametrize(("contract", "target"), [(19, 16), (20, 16), (22, 18), (28, 24)])
def test_wb_3_bidding_side_pair_clamped_at_16(contract: int, target: int) -> None:
    """WB-3: a bidding-side pair on 19 gives 16 (a reduction of only 3); on 20–28 it takes 4
    off: clamp(contract − 4, 16, 28)."""
    g = bengal(N, contract)
    g.apply(f"{N} pair")
    r = g.result()
    assert r["pair"] == {"seat": N, "side": "bidding"}
    assert (r["contract"], r["target"]) == (contract, target)


@pytest.mark.parametrize(("contract", "target"), [(16, 20), (18, 22), (24, 28), (25, 28),
                                                  (26, 28)])
def test_wb_4_opponents_pair_adds_4_capped_at_28(contract: int, target: int) -> None:
    """WB-4: an opponents' pair adds 4, capped at 28 (and WB-2's floor of 19 does not bind
    the opponents)."""
    g = bengal(E, contract)
    g.apply(f"{N} pair")
    r = g.result()
    assert r["pair"] == {"seat": N, "side": "opponents"}
    assert (r["contract"], r["target"]) == (contract, target)
