"""Rules of RULES.md §2 (28, four players, and two general forms) that no other test cited.

Every test replays a record written out card by card (``helpers.game``) or builds a match from
such records, and asserts what the specification says, citing the rule IDs in its docstring.
The deals were chosen by hand or found with a throw-away search and then pinned here.

Seats follow tests/helpers.py: N = 0, W = 1, S = 2, E = 3 (28 plays anticlockwise,
N → W → S → E); N–S (team 0) and E–W (team 1) are partners.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from helpers import E, N, S, W, card_points, game, illegal_reason, legal, playable, record
from twentyeight import Game, IllegalAction, Match, Rules

RANKS = "J9ATKQ87"
"""28-DECK-3, written out again: rank within a suit, high to low."""


def highest_of_suit(cards: list[str], suit: str) -> str:
    """The highest card of ``suit`` among ``cards`` by 28-DECK-3."""
    return min((c for c in cards if c[1] == suit), key=lambda c: RANKS.index(c[0]))


def winner_seat(trick: dict[str, Any], card: str) -> int:
    return int(trick["seats"][trick["cards"].index(card)])


# ---- deal A: dealer S, so E is first hand; S outbids E and lays 7♣ face down ------------------
# S (bidder) is void in diamonds and holds one club (9♣) in hand; E is void in hearts, N in
# spades and clubs, W in hearts and diamonds.  W holds K♣ Q♣.
DEAL_A = {
    S: "7C AH KH QH 9C AS KS QS",
    E: "JD 9D AD TD JC 8S 7S 8D",
    N: "JH 9H TH 7H KD QD 7D 8H",
    W: "AC TC KC QC 8C JS 9S TS",
}
AUCTION_A = ["3 bid 14", "0 pass", "1 pass", "2 bid 15", "3 pass", "0 pass", "1 pass",
             "2 trump 7C"]
RAISE_PASSES = ["2 pass", "0 pass"]                 # S and N decline the raise window
TRICK_1_A = ["3 play JD", "0 play KD", "1 play AC", "2 play QS"]
TRICK_2_A = ["3 play 9D", "0 play QD", "1 ask", "1 play 8C", "2 play 9C"]
# deal B: the same, but S holds T♠ instead of 9♣ (no club in hand, only the indicator 7♣)
DEAL_B = {**DEAL_A, S: "7C AH KH QH TS AS KS QS", W: "AC TC KC QC 8C JS 9S 9C"}

# ---- HI and LO: dealer W, S is first hand and bidder; the same play for any contract --------
HI = {
    N: "QH KH 9D KS 7D AH 8S QC",
    W: "KC AD 8H JS 8C 7H AS 7S",
    S: "AC JD JH TH TD 8D QS KD",
    E: "7C QD TC JC 9S 9H 9C TS",
}
HI_PLAY = ["2 trump TH", "2 pass", "0 pass",
           "2 play TD", "3 play QD", "0 play 9D", "1 play AD",
           "0 play 7D", "1 play JS", "2 play JD", "3 play 9H",
           "2 play KD", "3 ask", "3 play TC", "0 play 8S", "1 play 7H",
           "1 play AS", "2 play QS", "3 play TS", "0 play KS",
           "1 play 8C", "2 play AC", "3 play 7C", "0 play QC",
           "2 play TH", "3 play 9S", "0 play KH", "1 play 8H",
           "2 play JH", "3 play 9C", "0 play QH", "1 play KC",
           "2 play 8D", "3 play JC", "0 play AH", "1 play 7S"]
"""N–S take 25 card points (N wins tricks 1 and 8, S tricks 2, 5, 6, 7)."""
LO = {
    N: "9D 7D QS 8H QC JS KH AC",
    W: "7C 9S TC TS 7H AS QH KS",
    S: "8S KC JC QD 8C 9H TD 7S",
    E: "AH TH KD 9C JH AD JD 8D",
}
LO_PLAY = ["2 trump QD", "2 pass", "0 pass",
           "2 play KC", "3 play 9C", "0 play QC", "1 play TC",
           "3 play JD", "0 play 7D", "1 ask", "1 play 7H", "2 play QD",
           "2 play 7S", "3 play JH", "0 play QS", "1 play 9S",
           "1 play QH", "2 play 9H", "3 play AH", "0 play 8H",
           "2 play JC", "3 play AD", "0 play AC", "1 play 7C",
           "3 play TH", "0 play KH", "1 play AS", "2 play 8C",
           "3 play KD", "0 play 9D", "1 play TS", "2 play TD",
           "0 play JS", "1 play KS", "2 play 8S", "3 play 8D"]
"""N–S take 10 card points."""


def with_contract(contract: int, play: list[str]) -> list[str]:
    """S (first hand, dealer W) bids ``contract``, the others pass, then ``play``."""
    return [f"2 bid {contract}", "3 pass", "0 pass", "1 pass", *play]


# ---- 28-DECK-1, 28-PLAY-5 ------------------------------------------------------------------


def test_deck_1_play_5_partners_opposite_keep_tricks_together() -> None:
    """28-DECK-1: four players, two fixed partnerships, partners opposite (N–S, E–W: in the
    turn order N → W → S → E a partner is two seats away).  28-PLAY-5: the tricks a side wins
    are kept together and counted at the end: N's tricks count for the bidder S."""
    assert Rules.from_spec("28").num_players == 4
    g = game("28", W, HI, with_contract(20, HI_PLAY[:-1]))
    r = g.result()
    assert r["teams"] == [[N, S], [W, E]] and g.view(E)["teams"] == [[N, S], [W, E]]
    assert r["made"] is None and r["score_change"] is None      # nothing counted yet
    g.apply(HI_PLAY[-1])
    r = g.result()
    won: Counter[int] = Counter()
    for trick in r["tricks"]:
        won[trick["winner"]] += card_points(trick["cards"])
    assert won[N] == 8 and won[S] == 17                       # both partners won tricks
    assert r["points"] == {"bidding": won[N] + won[S], "opponents": won[W] + won[E]}
    assert r["points"] == {"bidding": 25, "opponents": 3}
    assert (r["made"], r["score_change"]) == (True, {"bidding": 2, "opponents": 0})


# ---- 28-DECK-5 ------------------------------------------------------------------------------
# Dealer W; S bids 14 and lays J♣ face down; nobody asks, so the trump stays hidden to trick 8.
HIDDEN = {
    N: "QD JS JH 7H 7C QH AH 7D",
    W: "JD QC TS AD QS TH 8H TC",
    S: "9S JC 8S 8D KS AC KC 7S",
    E: "9H AS 9C 9D 8C TD KD KH",
}
HIDDEN_PLAY = ["2 bid 14", "3 pass", "0 pass", "1 pass", "2 trump JC", "2 pass", "0 pass",
               "2 play 7S", "3 play AS", "0 play JS", "1 play QS",
               "0 play 7H", "1 play 8H", "2 play 8D", "3 play KH",
               "3 play 9C", "0 play 7C", "1 play TC", "2 play KC",
               "3 play 9D", "0 play QD", "1 play AD", "2 play 8S",
               "3 play TD", "0 play 7D", "1 play JD", "2 play 9S",
               "1 play QC", "2 play AC", "3 play 8C", "0 play QH",
               "2 play KS", "3 play KD", "0 play AH", "1 play TS",
               "1 play TH", "2 play JC", "3 play 9H", "0 play JH"]


def test_deck_5_no_suit_ranking() -> None:
    """28-DECK-5: suits are equal; only an exposed trump outranks another suit.  With the
    trump hidden for seven tricks (spades, hearts, clubs and diamonds all led), every trick
    goes to the highest card of the suit led: in trick 7 N's A♥ outranks the led K♠ and
    W's T♠, yet T♠ wins; in trick 2 E's K♥ beats S's 8♦."""
    g = game("28", W, HIDDEN, HIDDEN_PLAY)
    tricks = g.result()["tricks"]
    assert g.result()["exposed"] == {"trick": 7, "by": None}
    assert {t["cards"][0][1] for t in tricks[:7]} == {"S", "H", "C", "D"}
    for trick in tricks[:7]:
        led = trick["cards"][0][1]
        assert trick["winner"] == winner_seat(trick, highest_of_suit(trick["cards"], led))
    assert tricks[6]["cards"] == ["KS", "KD", "AH", "TS"] and tricks[6]["winner"] == W
    assert tricks[1]["cards"] == ["7H", "8H", "8D", "KH"] and tricks[1]["winner"] == E


# ---- 28-DEAL-1, 28-DEAL-2, 28-DEAL-4, 28-POST-1 -------------------------------------------


def test_deal_1_first_dealer_at_random() -> None:
    """28-DEAL-1: the first dealer of a match is drawn at random (from the match's seed, so a
    match is repeatable); every seat deals first for some seed; a dealer given is kept."""
    first = [Match.new("28", seed=seed).first_dealer for seed in range(60)]
    assert set(first) == {N, W, S, E}
    assert max(Counter(first).values()) < 30
    assert [Match.new("28", seed=seed).first_dealer for seed in range(60)] == first
    assert {Match.new("28-6p", seed=seed).first_dealer for seed in range(60)} == set(range(6))
    m = Match.new("28", seed=7, dealer=E)
    assert m.first_dealer == E and m.current.dealer == E


def test_deal_2_the_shuffle_is_uniform() -> None:
    """28-DEAL-2 (and §2.2: software MUST shuffle uniformly): every card reaches every seat
    about equally often over many seeded deals; a seed always gives the same deal; each deal
    is the whole 32-card pack.  (The cut is not modelled, which 28-DEAL-2 allows.)"""
    pack = set(Rules.from_spec("28").deck.names)
    where: Counter[tuple[str, int]] = Counter()
    deals = 4000
    seen = set()
    for seed in range(deals):
        deal = Game.new("28", seed=seed, dealer=S).deal_json()
        assert sorted(c for hand in deal for c in hand) == sorted(pack)
        seen.add(tuple(map(tuple, deal)))
        for seat, hand in enumerate(deal):
            for card in hand:
                where[card, seat] += 1
    assert len(seen) == deals
    expected = deals / 4
    assert all(0.85 * expected < where[card, seat] < 1.15 * expected
               for card in pack for seat in range(4))
    assert Game.new("28", seed=11, dealer=S).deal_json() == \
        Game.new("28", seed=11, dealer=S).deal_json()


def test_deal_4_post_1_second_deal_after_the_doubling_window() -> None:
    """28-DEAL-4: the second four cards come after the auction, the trump choice and the
    doubling window, in deal order (cards #5–#8).  28-POST-1: the bidder then holds 7 cards
    in hand plus the face-down indicator; everyone else holds 8."""
    rules = {"preset": "28", "double_redouble": True}
    first_four = {seat: set(DEAL_A[seat].split()[:4]) for seat in DEAL_A}
    g = game(rules, S, DEAL_A, AUCTION_A[:7])
    assert all(set(g.view(seat)["hand"]) == first_four[seat] for seat in DEAL_A)
    g.apply(AUCTION_A[7])                                          # S: trump 7C
    assert g.result()["phase"] == "double"
    assert g.view(S)["hand_sizes"] == [4, 4, 3, 4]
    assert set(g.view(S)["hand"]) == first_four[S] - {"7C"} and g.view(S)["indicator"] == "7C"
    g.apply(f"{E} pass")
    assert g.view(N)["hand_sizes"] == [4, 4, 3, 4]                  # still the first four
    g.apply(f"{W} pass")                                           # the window closes
    assert g.result()["phase"] == "raise"
    assert g.view(N)["hand_sizes"] == [8, 8, 7, 8]
    for seat in (N, W, E):
        assert set(g.view(seat)["hand"]) == set(DEAL_A[seat].split())
        assert set(g.view(seat)["hand"]) - first_four[seat] == set(DEAL_A[seat].split()[4:])
    assert set(g.view(S)["hand"]) == set(DEAL_A[S].split()) - {"7C"}
    assert g.view(S)["indicator"] == "7C" and g.view(N)["indicator"] is None


# ---- 28-AUC-2, 28-AUC-7, 28-AUC-9, 28-AUC-11, 28-PRE-3 ------------------------------------


def test_auc_2_a_bid_is_whole_card_points_at_least() -> None:
    """28-AUC-2: a bid is a whole number of card points (the opening bids are exactly
    14 … 28; 14.5 is not a bid), and the side must take at least that many: the same play
    that gives N–S 25 card points makes a contract of 25 and fails one of 26."""
    g = game("28", W, HI)
    assert {a.arg for a in g.legal_actions() if a.verb == "bid"} == \
        {str(v) for v in range(14, 29)}
    for text in ("2 bid 14.5", "2 bid fifteen"):
        with pytest.raises(IllegalAction):
            g.apply(text)
    made = game("28", W, HI, with_contract(25, HI_PLAY)).result()
    assert made["points"]["bidding"] == 25 and made["made"] is True
    failed = game("28", W, HI, with_contract(26, HI_PLAY)).result()
    assert failed["points"]["bidding"] == 25 and failed["made"] is False


@pytest.mark.parametrize(("contract", "made", "failed"),
                         [(19, 1, -2), (20, 2, -3), (24, 2, -3), (25, 3, -4)])
def test_auc_11_honour_bids_20_to_24(contract: int, made: int, failed: int) -> None:
    """28-AUC-11: bids of 20–24 are the honour bids, one scoring tier (+2 / −3) between
    14–19 (+1 / −2) and 25–28 (+3 / −4); the same play made (25 points) and failed
    (10 points) under each contract."""
    hi = game("28", W, HI, with_contract(contract, HI_PLAY)).result()
    assert (hi["contract"], hi["points"]["bidding"]) == (contract, 25)
    assert hi["score_change"] == {"bidding": made, "opponents": 0}
    lo = game("28", W, LO, with_contract(contract, LO_PLAY)).result()
    assert (lo["contract"], lo["points"]["bidding"]) == (contract, 10)
    assert lo["score_change"] == {"bidding": failed, "opponents": 0}


def test_auc_11_honour_is_the_least_bid_over_a_partner() -> None:
    """28-AUC-11 with 28-AUC-6: over a partner's high bid the least bid is the lowest honour
    bid, 20."""
    g = game("28", S, DEAL_A, ["3 bid 14", "0 pass"])
    assert g.to_act == W
    assert min(int(a.arg or 0) for a in g.legal_actions() if a.verb == "bid") == 20
    assert "28-AUC-6" in illegal_reason(g, f"{W} bid 19")


def test_auc_7_three_passes_after_the_last_bid() -> None:
    """28-AUC-7: the auction ends after three consecutive passes following the latest bid;
    the last bidder is the bidder and that bid the contract.  A bid in between starts the
    count again."""
    g = game("28", S, DEAL_A, ["3 bid 14", "0 pass", "1 pass"])
    assert g.result()["phase"] == "auction" and g.to_act == S      # two passes only
    g.apply(f"{S} bid 15")
    g.apply(f"{E} pass")
    g.apply(f"{N} pass")
    assert g.result()["phase"] == "auction" and g.to_act == W
    g.apply(f"{W} pass")
    r = g.result()
    assert (r["phase"], r["bidder"], r["contract"], g.to_act) == ("trump", S, 15, S)


POINTLESS_E = {        # dealer S: E's first four (K♠ Q♥ 8♦ 7♣) hold no point card
    E: "KS QH 8D 7C JS 9S AH TD",
    N: "JH 9H AS TS QS 8S JD 9D",
    W: "TH KH 8H 7H AD KD QD 7D",
    S: "7S JC 9C AC TC KC QC 8C",
}


def test_auc_9_no_hand_ends_without_a_contract_but_the_redeal() -> None:
    """28-AUC-9: "all pass" cannot happen: the first hand may not pass, so three passes after
    its opening give it the contract; the only way out without a contract is 28-PRE-1."""
    g = game("28", S, DEAL_A)
    assert not any(a.verb == "pass" for a in g.legal_actions())
    for action in ("3 bid 14", "0 pass", "1 pass", "2 pass"):
        g.apply(action)
    r = g.result()
    assert (r["phase"], r["bidder"], r["contract"]) == ("trump", E, 14)
    redealt = game("28", S, POINTLESS_E)
    assert {a.verb for a in redealt.legal_actions()} == {"bid", "redeal"}
    redealt.apply(f"{E} redeal")
    r = redealt.result()
    assert (r["status"], r["annulled_reason"], r["bidder"], r["contract"]) == \
        ("annulled", "pointless_first_four", None, None)
    for seed in range(200):                           # never a pass for the first hand
        first = Game.new("28", seed=seed, dealer=seed % 4)
        assert first.to_act == (seed + 1) % 4
        assert {a.verb for a in first.legal_actions()} <= {"bid", "redeal"}


def test_pre_3_pointless_first_hand_may_bid() -> None:
    """28-PRE-3: the first hand with a pointless four may bid instead of asking for the
    redeal; the auction then runs normally and the redeal is gone."""
    g = game("28", S, POINTLESS_E)
    assert f"{E} redeal" in legal(g) and f"{E} bid 14" in legal(g)
    g.apply(f"{E} bid 14")
    assert g.result()["status"] == "in_progress" and g.to_act == N
    for action in ("0 pass", "1 pass", "2 bid 15"):
        g.apply(action)
    assert g.to_act == E and f"{E} redeal" not in legal(g)
    for action in ("3 pass", "0 pass", "1 pass"):
        g.apply(action)
    r = g.result()
    assert (r["status"], r["bidder"], r["contract"]) == ("in_progress", S, 15)


# ---- 28-DBL-4 -------------------------------------------------------------------------------
DOUBLING = {"preset": "28", "double_redouble": True}


def test_dbl_4_order_of_the_doubling_window() -> None:
    """28-DBL-4: the opponents are asked in turn order from next(bidder) (E, then W); the
    first double closes their window; then the bidder, then the partner; the first redouble
    closes it.  Every call is public."""
    g = game(DOUBLING, S, DEAL_A, AUCTION_A)
    assert g.to_act == E and legal(g) == {f"{E} double", f"{E} pass"}
    g.apply(f"{E} pass")
    assert g.to_act == W and legal(g) == {f"{W} double", f"{W} pass"}
    g.apply(f"{W} double")
    assert g.to_act == S and legal(g) == {f"{S} redouble", f"{S} pass"}
    g.apply(f"{S} pass")
    assert g.to_act == N and legal(g) == {f"{N} redouble", f"{N} pass"}
    g.apply(f"{N} redouble")
    r = g.result()
    assert (r["phase"], r["multiplier"], r["doubled_by"], r["redoubled_by"]) == \
        ("raise", 4, W, N)
    for seat in (N, W, S, E):                                      # public
        view = g.view(seat)
        assert view["multiplier"] == 4
        assert view["history"][-4:] == ["3 pass", "1 double", "2 pass", "0 redouble"]
    # the first double closes the opponents' window: W is not asked after E's double
    g = game(DOUBLING, S, DEAL_A, [*AUCTION_A, "3 double"])
    assert g.to_act == S and g.result()["doubled_by"] == E
    # the bidder's redouble closes the window: N is not asked
    g.apply(f"{S} redouble")
    r = g.result()
    assert (r["phase"], r["redoubled_by"], g.to_act) == ("raise", S, S)
    # nobody doubles: the bidding side is not asked at all
    g = game(DOUBLING, S, DEAL_A, [*AUCTION_A, "3 pass", "1 pass"])
    assert (g.result()["phase"], g.result()["multiplier"]) == ("raise", 1)


# ---- 28-RAISE-2, 28-RAISE-4 ---------------------------------------------------------------


def test_raise_4_bidder_then_partner_once_each() -> None:
    """28-RAISE-4: the bidder is asked first (any value in [max(24, contract + 1), 28] or
    pass), then the partner (the range from the possibly raised contract); one chance each;
    a player whose range is empty is not asked."""
    g = game("28", S, DEAL_A, AUCTION_A)
    assert g.to_act == S and legal(g) == {f"{S} pass"} | {f"{S} raise {v}" for v in
                                                             range(24, 29)}
    g.apply(f"{S} raise 26")
    assert g.to_act == N and legal(g) == {f"{N} pass", f"{N} raise 27", f"{N} raise 28"}
    g.apply(f"{N} raise 27")
    r = g.result()
    assert (r["phase"], r["contract"], r["bidder"], g.to_act) == ("play", 27, S, E)
    assert r["raises"] == [[S, 26], [N, 27]]                      # S is not asked again
    g = game("28", S, DEAL_A, [*AUCTION_A, "2 pass"])
    assert g.to_act == N and f"{N} raise 24" in legal(g)
    g = game("28", S, DEAL_A, [*AUCTION_A, "2 raise 28"])         # N's range is empty
    assert (g.result()["phase"], g.to_act) == ("play", E)
    g = game("28", S, DEAL_A, ["3 bid 14", "0 pass", "1 pass", "2 bid 28", "2 trump 7C"])
    assert (g.result()["phase"], g.to_act) == ("play", E)         # nobody is asked at 28


def test_raise_2_only_the_bidding_side_and_no_partner_overcall() -> None:
    """28-RAISE-2: the opponents have no action in the raise window, and 28-AUC-6 does not
    apply there: with the raise floor lowered to 16 the partner may raise the bidder's 15 to
    16, which over the partner's bid in the auction would need 20."""
    g = game("28", S, DEAL_A, AUCTION_A)
    asked = []
    while g.result()["phase"] == "raise":
        asked.append(g.to_act)
        g.apply(f"{g.to_act} pass")
    assert asked == [S, N]
    low = {"preset": "28", "raise_min": 16}
    g = game(low, S, DEAL_A, [*AUCTION_A, "2 pass"])
    assert g.to_act == N and f"{N} raise 16" in legal(g)
    g.apply(f"{N} raise 16")
    assert (g.result()["contract"], g.result()["phase"]) == (16, "play")
    auction = game(low, S, DEAL_A, ["3 bid 14", "0 pass", "1 pass", "2 bid 15", "3 pass"])
    assert "28-AUC-6" in illegal_reason(auction, f"{N} bid 16")


# ---- phase 1: 28-P1-1, 28-P1-2, 28-BR-4 ----------------------------------------------------


def test_p1_1_hidden_trump_has_no_power() -> None:
    """28-P1-1: before exposure a card of the (hidden) trump suit is just a card of its suit:
    W discards A♣ to E's J♦ lead without asking and E wins; in another hand E's 9♥ discard
    (hearts are trumps) loses to S's J♦."""
    g = game("28", S, DEAL_A, [*AUCTION_A, *RAISE_PASSES, *TRICK_1_A])
    trick = g.result()["tricks"][0]
    assert g.result()["trump"] == "C" and g.result()["exposed"] is None
    assert trick["cards"] == ["JD", "KD", "AC", "QS"] and trick["winner"] == E
    hi = game("28", W, HI, with_contract(20, HI_PLAY[:11])).result()
    assert hi["trump"] == "H" and hi["exposed"] is None
    assert hi["tricks"][1]["cards"] == ["7D", "JS", "JD", "9H"] and hi["tricks"][1]["winner"] == S


def test_p1_2_non_bidder_void_plays_freely_or_asks() -> None:
    """28-P1-2: a non-bidder who cannot follow may (a) play any card without asking (the trump
    stays hidden) or (b) ask first and then play under 28-REV-3 (a trump, if he holds one)."""
    g = game("28", S, DEAL_A, [*AUCTION_A, *RAISE_PASSES, *TRICK_1_A[:2]])
    assert g.to_act == W
    assert legal(g) == {f"{W} play {c}" for c in DEAL_A[W].split()} | {f"{W} ask"}
    free = g.copy()
    free.apply(f"{W} play 9S")                             # (a): not a club, no ask
    assert free.result()["exposed"] is None and free.to_act == S
    g.apply(f"{W} ask")                                    # (b)
    assert g.result()["exposed"] == {"trick": 0, "by": W}
    assert playable(g) == {"AC", "TC", "KC", "QC", "8C"}
    assert "28-REV-3" in illegal_reason(g, f"{W} play 9S")


def test_p1_3_the_bidders_partner_is_an_ordinary_non_bidder() -> None:
    """28-P1-3: N, the partner of the bidder S, is not told the trump (his view shows none, S's
    shows clubs and the 7♣); having won trick 1 he leads the 8♣ of the hidden trump suit,
    which binds him to nothing (28-BR-1 is the bidder's), the trick goes to the highest club
    with the trump still hidden, and void in spades at trick 3 he is offered the ask."""
    deal = {**DEAL_A, N: "JH 9H TH 7H KD QD 7D 8C", W: "AC TC KC QC 8H JS 9S TS"}
    g = game("28", S, deal, [*AUCTION_A, *RAISE_PASSES, "3 play 8D", "0 play KD",
                             "1 play 8H", "2 play QS"])
    assert g.to_act == N and f"{N} play 8C" in legal(g)
    assert (g.view(N)["trump"], g.view(N)["indicator"]) == (None, None)
    assert (g.view(S)["trump"], g.view(S)["indicator"]) == ("C", "7C")
    for action in ("0 play 8C", "1 play QC", "2 play 9C", "3 play JC"):
        g.apply(action)
    trick = g.result()["tricks"][1]
    assert (trick["cards"], trick["winner"]) == (["8C", "QC", "9C", "JC"], E)
    assert g.result()["exposed"] is None
    g.apply("3 play 8S")
    assert f"{N} ask" in legal(g)


def test_br_4_the_bidder_never_asks() -> None:
    """28-BR-4: the bidder is never offered 'ask'.  Void in a plain suit he may only reveal
    (28-BR-3(b)); void in the trump suit led by E he has neither ask nor reveal (28-BR-2),
    though N, a non-bidder in the same trick, may ask; with the Wikipedia flag the reveal is
    offered there, still never an ask."""
    g = game("28", S, DEAL_A, [*AUCTION_A, *RAISE_PASSES, *TRICK_1_A[:3]])
    assert g.to_act == S and f"{S} reveal" in legal(g) and f"{S} ask" not in legal(g)
    assert "28-BR-4" in illegal_reason(g, f"{S} ask")
    b = game("28", S, DEAL_B, [*AUCTION_A, *RAISE_PASSES, *TRICK_1_A, "3 play JC"])
    assert b.to_act == N and f"{N} ask" in legal(b)
    b.apply(f"{N} play 7D")
    b.apply(f"{W} play 9C")
    assert b.to_act == S
    assert legal(b) == {f"{S} play {c}" for c in ("AH", "KH", "QH", "TS", "AS", "KS")}
    illegal_reason(b, f"{S} ask")
    wiki = game("28-wiki", S, DEAL_B, [*AUCTION_A, *TRICK_1_A, "3 play JC", "0 play 7D",
                                       "1 play 9C"])
    assert f"{S} reveal" in legal(wiki) and f"{S} ask" not in legal(wiki)


# ---- exposure and phase 2: 28-BR-5, 28-REV-4, 28-P2-1 --------------------------------------


def test_br_5_restrictions_end_at_exposure() -> None:
    """28-BR-5: every bidder restriction ends at the moment of exposure.  Before it, void in
    diamonds, S may not play 9♣ (28-BR-3); once W has asked in trick 2, S may play 9♣ or the
    exposed 7♣ in that very trick, and later lead 7♣ while holding hearts and spades."""
    before = game("28", S, DEAL_A, [*AUCTION_A, *RAISE_PASSES, *TRICK_1_A[:3]])
    assert "28-BR-3" in illegal_reason(before, f"{S} play 9C")
    g = game("28", S, DEAL_A, [*AUCTION_A, *RAISE_PASSES, *TRICK_1_A, *TRICK_2_A[:4]])
    assert g.to_act == S and {"9C", "7C"} <= playable(g)
    g.apply(f"{S} play 9C")
    assert g.to_act == S                                             # S won trick 2
    assert playable(g) == {"7C", "AH", "KH", "QH", "AS", "KS"}
    g.apply(f"{S} play 7C")
    assert g.result()["trick"]["cards"] == ["7C"]


def test_rev_4_only_the_asker_must_trump() -> None:
    """28-REV-4: after W's ask, W must trump (28-REV-3) but S, playing after the exposure in
    the same trick and void in diamonds, follows the phase-2 rules: any card, trump or not."""
    g = game("28", S, DEAL_A, [*AUCTION_A, *RAISE_PASSES, *TRICK_1_A, *TRICK_2_A[:3]])
    assert g.to_act == W and playable(g) == {"TC", "KC", "QC", "8C"}
    g.apply(f"{W} play 8C")
    assert g.to_act == S
    assert playable(g) == {"7C", "9C", "AH", "KH", "QH", "AS", "KS"}  # holds trumps, free
    g.apply(f"{S} play AH")
    trick = g.result()["tricks"][1]
    assert trick["cards"] == ["9D", "QD", "8C", "AH"] and trick["winner"] == W


def test_p2_1_highest_trump_else_highest_of_the_suit_led() -> None:
    """28-P2-1: in phase 2 the highest trump wins (S's 9♣ over W's 8♣ and the led 9♦; E's
    J♣ over Q♣ and 7♣); a trick without a trump goes to the highest card of the suit led
    (W's J♠, though N threw J♥)."""
    g = game("28", S, DEAL_A, [*AUCTION_A, *RAISE_PASSES, *TRICK_1_A, *TRICK_2_A,
                               "2 play 7C", "3 play JC", "0 play 7D", "1 play QC",
                               "3 play 8S", "0 play JH", "1 play JS", "2 play KS"])
    tricks = g.result()["tricks"]
    assert [(t["cards"], t["winner"]) for t in tricks[1:]] == [
        (["9D", "QD", "8C", "9C"], S),
        (["7C", "JC", "7D", "QC"], E),
        (["8S", "JH", "JS", "KS"], W),
    ]
    last = game("28", W, HIDDEN, HIDDEN_PLAY).result()["tricks"][7]   # trick 8, exposed
    assert last["cards"] == ["TH", "JC", "9H", "JH"] and last["winner"] == S


# ---- 28-LAST-2 ------------------------------------------------------------------------------
SIX = {         # 28-6p, dealer 5: seat 0 bids 12 and lays 7♦ face down; nobody asks
    0: "JS 7D 9C 9D 6C TH",
    1: "TS 7S 8D JD AC 7H",
    2: "TD AH 9H QS 8H 6S",
    3: "KD KC KS JC KH QH",
    4: "JH 9S 7C 6H QC 6D",
    5: "AS AD 8C 8S QD TC",
}
SIX_PLAY = ["0 bid 12", "1 pass", "2 pass", "3 pass", "4 pass", "5 pass", "0 trump 7D",
            "0 play 6C", "1 play AC", "2 play 9H", "3 play KC", "4 play 7C", "5 play 8C",
            "1 play JD", "2 play TD", "3 play KD", "4 play 6D", "5 play QD", "0 play 9D",
            "1 play TS", "2 play 6S", "3 play KS", "4 play 9S", "5 play AS", "0 play JS",
            "0 play 9C", "1 play 7H", "2 play 8H", "3 play JC", "4 play QC", "5 play TC",
            "3 play QH", "4 play JH", "5 play AD", "0 play TH", "1 play 8D", "2 play AH",
            "4 play 6H", "5 play 8S", "0 play 7D", "1 play 7S", "2 play QS", "3 play KH"]


@pytest.mark.parametrize(("rules", "dealer", "hands", "actions", "seats", "last", "leader"), [
    ("28", W, HIDDEN, HIDDEN_PLAY, 4, 8, W),
    ("28-6p", 5, SIX, SIX_PLAY, 6, 6, 4),
], ids=["4p-trick-8", "6p-trick-6"])
def test_last_2_exposure_before_the_last_trick(rules: str, dealer: int,
                                               hands: dict[int, str], actions: list[str],
                                               seats: int, last: int, leader: int) -> None:
    """28-LAST-2: a trump still hidden is exposed before the lead to the last trick: trick 8
    with four players, trick 6 with six.  The leader (not the bidder) already sees it; the
    bidder's only card is the indicator, which then wins as a trump."""
    before = game(rules, dealer, hands, actions[:-seats - 1])     # one card short
    assert len(before.result()["tricks"]) == last - 2 and before.result()["exposed"] is None
    g = game(rules, dealer, hands, actions[:-seats])
    r = g.result()
    assert len(r["tricks"]) == last - 1 and g.to_act == leader
    assert r["exposed"] == {"trick": last - 1, "by": None}
    assert r["trick"]["exposed_before_card"] == 0 and r["trick"]["cards"] == []
    trump = r["trump"]
    assert all(g.view(seat)["trump"] == trump for seat in range(seats))
    bidder = r["bidder"]
    assert g.view(bidder)["hand"] == [r["indicator"]]
    g = game(rules, dealer, hands, actions)
    final = g.result()["tricks"][-1]
    assert final["winner"] == bidder and r["indicator"] in final["cards"]


# ---- pair: 28-PAIR-1, 28-PAIR-6, 28-PAIR-7 -------------------------------------------------
# Dealer W; S bids 14 and lays K♠ face down; S also holds Q♠.  W's ask exposes spades in
# trick 3, which N wins; in trick 4 (hearts led) S may show the pair.
PAIR_DEAL = {
    N: "8D JS AC KC TS 7D AH TH",
    W: "QD JH 9H JD 8H 7H AD 7C",
    S: "KS TD JC 9S 7S AS 8C QS",
    E: "9C KH QH QC KD 8S TC 9D",
}
PAIR_PLAY = ["2 bid 14", "3 pass", "0 pass", "1 pass", "2 trump KS", "2 pass", "0 pass",
             "2 play TD", "3 play KD", "0 play 8D", "1 play QD",
             "2 play JC", "3 play 9C", "0 play KC", "1 play 7C",
             "2 play 8C", "3 play QC", "0 play AC", "1 ask", "1 play JH",
             "0 play AH", "1 play 9H"]


def test_pair_1_king_and_queen_in_one_hand_indicator_counts() -> None:
    """28-PAIR-1: the pair is K and Q of trumps in one player's hand, the exposed indicator
    counting as the bidder's: S (K♠ face down, Q♠ in hand) may show it once his side has won
    a trick since the exposure.  With Q♠ in N's hand instead (S holds T♠), the same play
    gives neither S nor N a pair."""
    g = game("28", W, PAIR_DEAL, PAIR_PLAY[:11])           # trick 2, trump hidden
    assert g.to_act == S and f"{S} pair" not in legal(g)
    g = game("28", W, PAIR_DEAL, PAIR_PLAY)
    assert g.result()["tricks"][2]["winner"] == N and g.result()["exposed"]["trick"] == 2
    assert g.to_act == S and f"{S} pair" in legal(g)
    g.apply(f"{S} pair")
    assert g.result()["pair"] == {"seat": S, "side": "bidding"}
    assert g.view(E)["pair"] == {"seat": S, "cards": ["KS", "QS"]}
    split = {**PAIR_DEAL, S: "KS TD JC 9S 7S AS 8C TS", N: "8D JS AC KC QS 7D AH TH"}
    g = game("28", W, split, PAIR_PLAY)
    assert g.to_act == S and not any(a.verb == "pair" for a in g.legal_actions())
    for action in ("2 play 7S", "3 play KH"):
        g.apply(action)
    assert g.result()["tricks"][3]["winner"] == S
    for action in ("2 play 9S", "3 play 8S"):
        g.apply(action)
    assert g.to_act == N and {"QS"} <= set(g.view(N)["hand"]) and "KS" in g.view(S)["hand"]
    assert not any(a.verb == "pair" for a in g.legal_actions())
    illegal_reason(g, f"{N} pair")


# Dealer W; S lays K♣ face down and holds Q♣; N's ask exposes clubs in trick 6, which N wins;
# S shows the pair in trick 7 and plays K♣ and Q♣ in tricks 7 and 8.  N–S take 19 points.
SHOWN = {
    N: "JS TS QD 8D 7C KS JD TC",
    W: "TD 7H AC KH AD TH QH 9S",
    S: "8C KD JH KC 7D QC 7S QS",
    E: "8H JC 9D AS AH 9H 9C 8S",
}
SHOWN_PLAY = ["2 trump KC", "2 pass", "0 pass",
              "2 play QS", "3 play AS", "0 play KS", "1 play 9S",
              "1 play 7H", "2 play JH", "3 play 8H", "0 play 8D",
              "2 play KD", "3 play 9D", "0 play JD", "1 play AD",
              "0 play JS", "1 play TD", "2 play 7S", "3 play 8S",
              "0 play 7C", "1 play AC", "2 play 8C", "3 play JC",
              "3 play 9H", "0 ask", "0 play TC", "1 play TH", "2 play 7D",
              "0 play TS", "1 play KH", "2 pair", "2 play KC", "3 play AH",
              "2 play QC", "3 play 9C", "0 play QD", "1 play QH"]


@pytest.mark.parametrize(("contract", "target", "change", "tier_target_change"), [
    (20, 16, 2, 1),           # made only thanks to the pair; the tier of 20, not of 16
    (25, 21, -4, -3),         # failed; the tier of 25, not of 21
])
def test_pair_6_pair_moves_only_the_target(contract: int, target: int, change: int,
                                           tier_target_change: int) -> None:
    """28-PAIR-6: a pair changes only the card points needed; the stake is the contract's
    tier (A-13; with ``pair_affects_tier`` the adjusted target's tier is used instead)."""
    r = game("28", W, SHOWN, with_contract(contract, SHOWN_PLAY)).result()
    assert r["pair"] == {"seat": S, "side": "bidding"}
    assert (r["contract"], r["target"], r["points"]["bidding"]) == (contract, target, 19)
    assert r["made"] is (change > 0)
    assert r["score_change"] == {"bidding": change, "opponents": 0}
    flag = {"preset": "28", "pair_affects_tier": True}
    r = game(flag, W, SHOWN, with_contract(contract, SHOWN_PLAY)).result()
    assert r["score_change"] == {"bidding": tier_target_change, "opponents": 0}


def test_pair_7_shown_cards_stay_in_the_hand() -> None:
    """28-PAIR-7: showing the pair makes K♣ Q♣ public; they stay in S's hand and are played
    normally later: K♣ wins trick 7 as a trump, Q♣ is led to trick 8 and loses to E's 9♣."""
    shown_at = SHOWN_PLAY.index("2 pair") + 1
    g = game("28", W, SHOWN, with_contract(20, SHOWN_PLAY[:shown_at]))
    assert {"KC", "QC"} <= set(g.view(S)["hand"]) and len(g.view(S)["hand"]) == 2
    for seat in (N, W, E):
        assert g.view(seat)["pair"] == {"seat": S, "cards": ["KC", "QC"]}
    assert playable(g) == {"KC", "QC"}
    for action in SHOWN_PLAY[shown_at:]:
        g.apply(action)
    tricks = g.result()["tricks"]
    assert tricks[6]["cards"] == ["TS", "KH", "KC", "AH"] and tricks[6]["winner"] == S
    assert tricks[7]["cards"] == ["QC", "9C", "QD", "QH"] and tricks[7]["winner"] == E


# ---- Thani: 28-TH-2, 28-TH-4 ---------------------------------------------------------------
THANI = {"preset": "28", "thani": True}


def test_th_2_th_4_thani_bidder_leads_under_normal_rules() -> None:
    """28-TH-2: after Thani the bidder S leads to trick 1 (not E, the first hand).
    28-TH-4: everything else is normal: the trump stays hidden, S may not lead a club while
    holding other suits (28-BR-1), E may still ask, and the partner N plays to the trick
    (and by winning it defeats the Thani, 28-TH-3)."""
    assert game("28", S, DEAL_A, [*AUCTION_A, *RAISE_PASSES]).to_act == E
    g = game(THANI, S, DEAL_A, [*AUCTION_A, *RAISE_PASSES])
    assert g.to_act == S and legal(g) == {f"{S} thani", f"{S} pass"}
    g.apply(f"{S} thani")
    r = g.result()
    assert (r["special"], r["phase"], g.to_act, r["exposed"]) == ("thani", "play", S, None)
    assert [g.view(seat)["trump"] for seat in (N, W, E)] == [None, None, None]
    assert playable(g) == {"AH", "KH", "QH", "AS", "KS", "QS"}
    assert "28-BR-1" in illegal_reason(g, f"{S} play 9C")
    g.apply(f"{S} play AH")
    assert f"{E} ask" in legal(g)
    g.apply(f"{E} play 8S")
    assert g.to_act == N and playable(g) == {"JH", "9H", "TH", "7H", "8H"}
    g.apply(f"{N} play JH")
    g.apply(f"{W} play TS")
    r = g.result()
    assert r["tricks"][0]["seats"] == [S, E, N, W] and r["tricks"][0]["winner"] == N
    assert (r["status"], r["score_change"]) == ("complete", {"bidding": -5, "opponents": 0})


# ---- 28-ANN-1 -------------------------------------------------------------------------------
ZERO_N = {      # dealer S: N's eight cards hold no J, 9, A or T
    E: "JS 9S AS TS JD 9D AD TD",
    N: "KS QS 8S 7S KH QH 8H 7H",
    W: "JH 9H AH TH KC QC 8C 7C",
    S: "JC 9C AC TC KD QD 8D 7D",
}
EIGHT_CLUBS = {  # dealer S: S is dealt all eight clubs
    E: "JS 9S AS TS KH QH 8H 7H",
    N: "JH 9H AH TH KD QD 8D 7D",
    W: "JD 9D AD TD KS QS 8S 7S",
    S: "JC 9C AC TC KC QC 8C 7C",
}
FOUR_JACKS = {   # dealer S: W's second four complete the four jacks
    E: "KS TH 8D 7C 9S AH TD QH",
    N: "QS 8S KD 7D 9H AS TS KH",
    W: "JS JH 8H 7H JD JC QD 9D",
    S: "7S 9C AC TC KC QC 8C AD",
}
ALL_HEARTS_NS = {  # dealer W: S lays 7♥ face down; N–S hold all eight hearts
    S: "7H JH 9H 7C AH 8S KD QD",
    N: "TH KH QH 8H JC JS AD TD",
    E: "8C KC 9S AS TS 9D JD 8D",
    W: "9C AC TC QC KS QS 7S 7D",
}
OPEN_E = ["3 bid 14", "0 pass", "1 pass", "2 pass"]
ANNULMENTS = [
    ("28", S, POINTLESS_E, ["3 redeal"], "pointless_first_four"),                  # 28-PRE-1
    ("28", S, FOUR_JACKS, [*OPEN_E, "3 trump 7C"], "four_jacks"),                  # 28-POST-2
    ("28", S, ZERO_N, [*OPEN_E, "3 trump JS", "3 pass", "1 pass", "3 play JD", "0 redeal"],
     "zero_point_hand"),                                                            # 28-POST-3
    ("28-wiki", S, ZERO_N, [*OPEN_E, "3 trump JS"], "zero_point_hand"),           # automatic
    ("28", S, EIGHT_CLUBS, [*OPEN_E, "3 trump JS"], "eight_same_suit"),           # 28-POST-4
    ("28", W, ALL_HEARTS_NS, ["2 bid 14", "3 pass", "0 pass", "1 pass", "2 trump 7H",
                              "2 pass", "0 pass", "2 play 7C", "3 play 8C", "0 play JC",
                              "1 play 9C", "0 play JS", "1 play KS", "2 play 8S",
                              "3 play 9S", "0 play TH", "1 play 7D", "2 play 9H", "3 ask"],
     "bidding_side_all_trumps"),                                                    # 28-ANN-2
]


WHOSE = {"pointless_first_four": E, "four_jacks": W, "zero_point_hand": N,
         "eight_same_suit": S, "bidding_side_all_trumps": None}
"""Whose cards annulled each hand of :data:`ANNULMENTS` (the claimant of a redeal, the
holder of the shown cards; nobody's where it is a side's): every seat's view says so."""


@pytest.mark.parametrize(("rules", "dealer", "hands", "actions", "reason"), ANNULMENTS,
                         ids=[row[-1] + "-" + str(row[0]) for row in ANNULMENTS])
def test_ann_1_triggers(rules: str, dealer: int, hands: dict[int, str], actions: list[str],
                        reason: str) -> None:
    """28-ANN-1: the triggers of an annulment: 28-PRE-1 (pointless first four), 28-POST-2
    (four jacks), 28-POST-3 (zero-point hand, claimed or automatic), 28-POST-4 (eight of a
    suit) and 28-ANN-2 (the bidding side holds every trump); no game points change.  Every
    seat's view names whose cards they were, as the rule has them shown."""
    g = game(rules, dealer, hands, actions)
    r = g.result()
    assert (r["status"], r["annulled_reason"]) == ("annulled", reason)
    assert r["score_change"] == {"bidding": 0, "opponents": 0} and g.to_act is None
    assert {g.view(seat)["result"]["annulled_seat"] for seat in (N, E, S, W)} == {WHOSE[reason]}


def test_ann_1_flags_and_nothing_else() -> None:
    """28-ANN-1: the flagged triggers follow their flags (28-pagat: no zero-point claim and
    eight of a suit is ignored), and no other event annuls a hand: over many random hands
    of preset 28 every annulment has one of the listed reasons."""
    g = game("28-pagat", S, ZERO_N, [*OPEN_E, "3 trump JS", "3 pass", "1 pass", "3 play JD"])
    assert g.to_act == N and f"{N} redeal" not in legal(g)
    g = game("28-pagat", S, EIGHT_CLUBS, [*OPEN_E, "3 trump JS"])
    assert (g.result()["status"], g.result()["phase"]) == ("in_progress", "raise")
    listed = {"pointless_first_four", "four_jacks", "zero_point_hand", "eight_same_suit",
              "bidding_side_all_trumps"}
    reasons: Counter[str] = Counter()
    for seed in range(300):
        rng = random.Random(seed)
        g = Game.new("28", seed=seed, dealer=seed % 4)
        while not g.over:
            g.apply(rng.choice(g.legal_actions()))
        r = g.result()
        if r["status"] == "annulled":
            reasons[r["annulled_reason"]] += 1
        else:
            assert r["status"] == "complete"
    assert reasons and set(reasons) <= listed


# ---- end of game: 28-END-2, 28-END-5 (28-END-3: tests/browser/test_table.py) --------------------


@pytest.mark.parametrize("rules", ["28", {"preset": "28-wiki", "double_redouble": True}],
                         ids=["28", "28-wiki-doubling"])
def test_end_2_one_side_moves_per_hand(rules: Any) -> None:
    """28-END-2: only one side's score changes per hand, so only one side can cross ±6: in
    seeded matches played to the end, every hand moves at most one score, and at the end
    exactly one side stands at or beyond the target."""
    target = Rules.from_spec(rules).game_target
    for seed in range(6):
        m = Match.new(rules, seed=seed)
        rng = random.Random(seed)
        while not m.over:
            before = list(m.scores)
            m.apply(rng.choice(m.current.legal_actions()))
            moved = [t for t in range(2) if m.scores[t] != before[t]]
            assert len(moved) <= 1
        assert sum(abs(v) >= target for v in m.scores) == 1
        assert len(m.winners) == 1


def test_end_5_game_target_is_configurable() -> None:
    """28-END-5: pagat gives no end; the engine ends a game at ±game_target, 6 by default in
    every 28 preset (28-pagat included), and the target can be set: a +2 hand ends a game to
    2; a −3 hand makes N–S lose a game to 3 (E–W win)."""
    for preset in ("28", "28-pagat", "28-wiki", "28-bengal"):
        assert Rules.from_spec(preset).game_target == 6
    for target, hands, play, scores, winners in (
            (6, HI, HI_PLAY, [2, 0], []),
            (2, HI, HI_PLAY, [2, 0], [0]),
            (3, LO, LO_PLAY, [-3, 0], [1]),
            (4, LO, LO_PLAY, [-3, 0], [])):
        rules = {"preset": "28", "game_target": target}
        hand = record(rules, W, hands, with_contract(20, play))
        m = Match.from_record({"rules": rules, "hands_played": [hand]})
        assert (m.scores, m.winners, m.over) == (scores, winners, bool(winners))


def test_no_zero_point_redeal_once_the_holder_has_asked_or_shown_the_trump() -> None:
    """28-POST-3 with 28-REV-3 and 28-BR-3: the zero-point redeal is open on the holder's
    turns until his first card, but not once he has asked for the trump in the trick or, as
    the bidder, shown it: his only actions are then the plays the rules allow (RULES.md §7).
    It let a bidder show the trump to everyone and then annul the hand, and an asker escape
    the duty to trump."""
    bidder_hands = ["JD 9D AD TD JS 9S AS TS", "KS QS 8S 7S KH QH 8H 7H",
                    "JH 9H AH TH KC QC 8C 7C", "JC 9C AC TC KD QD 8D 7D"]
    g = Game.from_record({"rules": "28", "dealer": 3, "hands": [h.split() for h in bidder_hands],
                          "actions": ["0 bid 14", "1 bid 15", "2 pass", "3 pass", "0 pass",
                                      "1 trump 7S", "1 pass", "3 pass", "0 play JD"]})
    assert "1 redeal" in [str(a) for a in g.legal_actions()]   # void, before his first card
    g.apply("1 reveal")
    assert [str(a) for a in g.legal_actions()] == ["1 play 7S"]
    with pytest.raises(IllegalAction, match="no longer open"):
        g.apply("1 redeal")
    asker_hands = ["JD 9D AD TD JC 9S AS TS", "JH 9H AH TH 7H QD 8D 7C",
                   "KS QS 8S 7S KH QH 8H KD", "JS 9C AC TC KC QC 8C 7D"]
    g = Game.from_record({"rules": "28", "dealer": 3, "hands": [h.split() for h in asker_hands],
                          "actions": ["0 bid 14", "1 pass", "2 pass", "3 pass", "0 trump JD",
                                      "0 pass", "2 pass", "0 play JC", "1 play 7C"]})
    assert "2 redeal" in [str(a) for a in g.legal_actions()]
    g.apply("2 ask")
    assert [str(a) for a in g.legal_actions()] == ["2 play KD"]    # he must trump


C_AND_COT = {"rules": {"preset": "28", "double_redouble": True, "c_bid": True,
                       "scoring": "flat", "cot": True},
             "dealer": 3, "seed": 247,
             "actions": ["0 bid 20", "1 pass", "2 pass", "3 pass", "0 trump TH", "1 double",
                         "0 c", "0 pass", "2 pass", "0 play 8C", "1 play 7C", "2 play JC",
                         "3 play KC", "2 play JS", "3 play QS", "0 play AC", "1 play 7S",
                         "2 play JD", "3 play 7D", "0 play QD", "1 play 8D", "2 play 7H",
                         "3 play 8H", "0 play 9H", "1 play AH", "0 play QC", "1 play 9C",
                         "2 ask", "2 play QH", "3 play TC", "2 play 8S", "3 play KS",
                         "0 play KH", "1 play TS", "0 play JH", "1 play TD", "2 play AD",
                         "3 play AS", "0 play TH", "1 play 9S", "2 play KD", "3 play 9D"]}
"""28-DBL-7 with Cot on: N bids 20, E doubles, N calls 'C'; N–S then win all eight tricks."""


def test_28_dbl_7_c_replaces_cot_every_trick_wins_six_and_nobody_concedes() -> None:
    """RULES.md §2.17.3: 'C' (6 won or lost) "replaces steps 1 and 3–4", step 4 being Cot.
    The sweep after 'C' scored 12 (28-COT-1's double) and the defenders were offered the
    concession, whose refusal cost 12; now every trick wins 6, no one may concede, and the
    stake says 6 either way, no "every trick" figure."""
    actions = C_AND_COT["actions"]
    assert isinstance(actions, list)
    for k in range(actions.index("0 c") + 1, len(actions)):
        g = Game.from_record({**C_AND_COT, "actions": actions[:k]})
        assert not any(a.verb == "concede" for a in g.legal_actions()), actions[k]
        assert g.view(0)["stake"] == {"win": 6, "loss": 6}
    g = Game.from_record(C_AND_COT)
    view = g.view(0)
    assert all(t["winner"] in (0, 2) for t in view["tricks"]) and len(view["tricks"]) == 8
    assert view["result"]["made"] is True
    assert view["result"]["score_change"] == {"bidding": 6, "opponents": 0}
