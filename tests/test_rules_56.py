"""RULES-56.md: the 56 rules (and boxes) no other test cites, each checked on a concrete deal.

Seats follow RULES-56.md §7: seats are numbered in turn order; team A = the even seats, team
B = the odd seats; with six players and dealer 5, seat 0 is the first hand.  Bids name a
denomination in the open-trump form (``"0 bid 30H"``, ``"2 bid 31NT"``) and are bare numbers
in the hidden-trump form (``"0 bid 28"``).  Deals are written card by card, twins twice.

Expected outcomes (stakes, trick winners, who acts) are written from the rule text; card
points are recounted here with this file's own table, never with the engine's.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from helpers import game, illegal_reason, legal, passes, points_by_team, record
from test_tc_variants import DEAL_THANI_LOSES, DEAL_THANI_WINS, thani_match
from test_tc_variants import THANI_LOSES as HIDDEN_THANI_LOSES
from test_tc_variants import THANI_WINS as HIDDEN_THANI_WINS
from twentyeight import Game, Match, RecordError, Rules
from twentyeight.rules import RulesError

FIFTY_SIX_PRESETS = ("56", "56-4p", "56-8p", "56-international", "56-online", "56-kerala")


def bids(g: Game) -> list[int]:
    """The bid values the player to act may call now (any denomination)."""
    return sorted({int(a.arg.rstrip("SHDCNT")) for a in g.legal_actions()
                   if a.verb == "bid" and a.arg is not None})


def verbs(g: Game) -> set[str]:
    """The verbs of the legal actions of the player to act."""
    return {a.verb for a in g.legal_actions()}


# ---- a deal on which team A takes every trick ------------------------------------------------

HIGH = {
    0: "JS 9S JH 9H JD 9D JC 9C",
    1: "TS TS TH TH TD TD TC TC",
    2: "JS 9S JH 9H JD 9D JC 9C",
    3: "KS KS KH KH KD KD KC KC",
    4: "AS AS AH AH AD AD AC AC",
    5: "QS QS QH QH QD QD QC QC",
}
"""Six players, dealer 5: team A (0, 2, 4) holds every J, 9 and A, team B every T, K and Q;
everyone holds two cards of each suit, so everyone always follows suit and team A wins every
trick whatever the contract: 56 card points to team A, 0 to team B."""
HIGH_PLAY = [f"{seat} play {rank}{suit}" for suit in "SHDC" for ranks in ("JTJKAQ", "9T9KAQ")
             for seat, rank in enumerate(ranks)]
"""Eight tricks, all led by seat 0: J then 9 of each suit (the later twin loses)."""


def high_hand(rules: Any, auction: list[str], dealer: int = 5) -> Game:
    """The whole HIGH hand under ``rules`` after ``auction``."""
    g = game(rules, dealer, HIGH, [*auction, *HIGH_PLAY])
    r = g.result()
    assert g.over and r["status"] == "complete"
    assert [t["winner"] for t in r["tricks"]] == [0] * 8
    assert points_by_team(r) == [56, 0]
    return g


# =============================================================================================
# 1.1 Deck
# =============================================================================================

UNRANKED = {
    0: "KC JC JC 9C 9C AC AC TC",
    1: "KC QC QC TC KS KS QS QS",
    2: "JS JS 9S 9S AS AS TS TS",
    3: "JH JH 9H 9H AH AH TH TH",
    4: "JD JD 9D 9D AD AD TD TD",
    5: "KH KH QH QH KD KD QD QD",
}
"""Six players, dealer 5: seats 0 and 1 hold every club; the others hold none."""
UNRANKED_TRICK = ["0 play KC", "1 play QC", "2 play JS", "3 play JH", "4 play JD", "5 play KH"]


@pytest.mark.parametrize(("denomination", "winner"), [
    ("NT", 0), ("C", 0), ("S", 2), ("H", 3), ("D", 4),
])
def test_56_deck_6_suits_have_no_rank_except_trump(denomination: str, winner: int) -> None:
    """56-DECK-6: suits have no rank in play.  Seat 0 leads K♣; seat 1 follows with Q♣ and
    the others, void, throw the jacks of ♠ ♥ ♦ and K♥: at NT (or clubs trump) the K♣ wins,
    however "high" the other suits' jacks are; only the trump suit beats the suit led."""
    g = game("56", 5, UNRANKED, [f"0 bid 30{denomination}", *passes(1, 5, 6), *UNRANKED_TRICK])
    trick = g.result()["tricks"][0]
    assert trick["cards"] == ["KC", "QC", "JS", "JH", "JD", "KH"]
    assert trick["winner"] == winner


def test_56_deck_6_suits_have_no_rank_in_the_auction() -> None:
    """56-DECK-6 (with 56-AUC-4): no denomination outranks another.  Over 30♣ every
    denomination is open at 31 and none at 30; over 30NT likewise."""
    for high in ("30C", "30NT"):
        g = game("56", 5, HIGH, [f"0 bid {high}"])
        offered = legal(g)
        assert {f"1 bid 31{d}" for d in ("S", "H", "D", "C", "NT")} <= offered
        assert not {f"1 bid 30{d}" for d in ("S", "H", "D", "C", "NT")} & offered
        illegal_reason(g, "1 bid 30S")


# =============================================================================================
# 1.2 Direction, dealer, shuffle, deal
# =============================================================================================


def test_56_deal_1_anticlockwise_and_display_only() -> None:
    """56-DEAL-1: every 56 preset plays anticlockwise, and the direction is display only:
    with ``direction = clockwise`` the same hand replays call for call, card for card, with
    the same seats to act and the same result (seats are numbered in turn order)."""
    for name in FIFTY_SIX_PRESETS:
        assert Rules.from_spec(name).direction == "anticlockwise", name
    actions = ["0 bid 40S", *passes(1, 5, 6), *HIGH_PLAY]
    plain = game("56", 5, HIGH)
    turned = game({"preset": "56", "direction": "clockwise"}, 5, HIGH)
    for action in actions:
        assert plain.to_act == turned.to_act and legal(plain) == legal(turned)
        plain.apply(action)
        turned.apply(action)
    a, b = plain.result(), turned.result()
    assert a["tricks"] == b["tricks"] and a["score_by_team"] == b["score_by_team"] == [2, -2]


def test_56_deal_2_first_dealer_at_random_then_the_deal_passes_on() -> None:
    """56-DEAL-2: a match's first dealer is drawn at random (from its seed: every seat
    comes up); after a scored hand the deal passes to next(dealer), 5 → 0, and a record that
    keeps the same dealer is refused."""
    firsts = {Match.new("56", seed=s).first_dealer for s in range(60)}
    assert firsts == set(range(6))
    m = Match.new("56", seed=1)
    assert m.current.dealer == m.first_dealer
    scored = record("56", 5, HIGH, ["0 bid 40S", *passes(1, 5, 6), *HIGH_PLAY])
    m = Match.from_record({"rules": "56", "hands_played": [scored]})
    assert m.current.result()["status"] == "complete" and m.next_dealer() == 0
    m = Match.from_record({"rules": "56", "hands_played": [scored, record("56", 0, HIGH)]})
    assert m.current.dealer == 0 and m.current.to_act == 1    # first hand = next(0)
    with pytest.raises(RecordError, match="dealer: should be 0"):
        Match.from_record({"rules": "56", "hands_played": [scored, record("56", 5, HIGH)]})
    eight = Match.new("56-8p", seed=4, dealer=7)
    while len(eight.games) == 1:
        eight.apply(eight.current.legal_actions()[0])
    assert eight.games[0].result()["status"] == "complete" and eight.current.dealer == 0


def test_56_deal_3_uniform_shuffle() -> None:
    """56-DEAL-3: software MUST shuffle uniformly (no cut is asked for).  Over 3000 seeded
    deals each card name lands in each seat about 2/6 of the time (1000 ± 15 %, more than
    five standard deviations) and the twins share a hand at the rate of a uniform shuffle,
    7/47 (± 4 %)."""
    deals = 3000
    by_seat: Counter[tuple[str, int]] = Counter()
    together = 0
    for seed in range(deals):
        hands = Game.new("56", seed=seed, dealer=5).deal_json()
        assert sorted(c for h in hands for c in h) == sorted(
            r + s for r in "J9ATKQ" for s in "SHDC" for _ in range(2))
        for seat, cards in enumerate(hands):
            counts = Counter(cards)
            for name, k in counts.items():
                by_seat[name, seat] += k
            together += sum(1 for k in counts.values() if k == 2)
    assert len(by_seat) == 24 * 6
    assert all(850 <= v <= 1150 for v in by_seat.values()), by_seat.most_common(3)
    expected = deals * 24 * 7 / 47
    assert abs(together - expected) <= 0.04 * expected


@pytest.mark.parametrize(("rules", "players", "each"), [
    ("56", 6, 8), ("56-4p", 4, 12), ("56-8p", 8, 8),
])
def test_56_deal_4_every_card_is_dealt_before_the_auction(rules: str, players: int,
                                                          each: int) -> None:
    """56-DEAL-4: the whole pack is in the hands before the first call (no stock, no second
    deal); when the auction ends the first lead follows at once (no raise window, no
    trump choice in the open form) and nobody has been given a card."""
    g = Game.new(rules, seed=7, dealer=players - 1)
    assert g.to_act == 0 and g.result()["phase"] == "auction"
    for seat in range(players):
        view = g.view(seat)
        assert len(view["hand"]) == each and view["hand_sizes"] == [each] * players
    assert players * each == Rules.from_spec(rules).deck.size
    assert Rules.from_spec(rules).cards_before_auction is None
    before = g.deal_json()
    g.apply("0 bid 28S")
    for action in passes(1, players - 1, players):
        g.apply(action)
    r = g.result()
    assert r["phase"] == "play" and g.to_act == 0
    assert g.view(0)["hand_sizes"] == [each] * players
    assert [sorted(g.view(s)["hand"]) for s in range(players)] == [sorted(h) for h in before]
    assert set(g.view(0)["history_phases"]) == {"auction"}


def test_56_deal_5_and_c_56_03_the_first_hand_bids_first_and_leads() -> None:
    """56-DEAL-5, C-56-03 (default: the first hand, not the declarer, leads): dealer 2, so
    seat 3 speaks first; seat 4 wins the auction, yet seat 3 leads trick 1.  Thani is the
    exception: the Thani player leads."""
    g = game("56", 2, HIGH)
    assert g.to_act == 3
    g.apply("3 bid 28S")
    g.apply("4 bid 40H")
    for action in passes(5, 5, 6):
        g.apply(action)
    r = g.result()
    assert r["phase"] == "play" and r["bidder"] == 4
    assert g.to_act == 3 and g.view(4)["trick"] == {"leader": 3, "cards": [], "seats": [],
                                                    "exposed_before_card": 0}
    g.apply("3 play KS")
    assert g.result()["trick"]["leader"] == 3
    eight = Game.new("56-8p", seed=3, dealer=7)
    eight.apply("0 bid 28NT")
    eight.apply("1 bid 33S")
    for action in passes(2, 7, 8):
        eight.apply(action)
    assert eight.result()["bidder"] == 1 and eight.to_act == 0
    thani = game({"preset": "56", "thani_56": True}, 5, DEAL_THANI_WINS, ["0 bid 28S", "1 bid 44H",
                                                                    "2 thani"])
    assert thani.to_act == 2


# =============================================================================================
# 1.3 Annulled hands
# =============================================================================================


def test_56_ann_1_a_misdeal_cannot_happen() -> None:
    """56-ANN-1 is "not applicable in software (the engine deals correctly)": every seeded
    deal gives each seat 8 of the 48 cards, and a record with a wrong count or a card a
    third time is refused outright, so there is no misdeal to redeal."""
    for seed in range(20):
        hands = Game.new("56", seed=seed, dealer=5).deal_json()
        assert [len(h) for h in hands] == [8] * 6
        assert set(Counter(c for h in hands for c in h).values()) == {2}
    short = {**HIGH, 0: "JS 9S JH 9H JD 9D JC"}
    with pytest.raises(RecordError, match="seat 0 has 7 cards"):
        Game.from_record(record("56", 5, short))
    third = {**HIGH, 1: "JS TS TH TH TD TD TC TC"}
    with pytest.raises(RecordError, match="JS is dealt 3 times"):
        Game.from_record(record("56", 5, third))


POINTLESS_FIRST = {
    0: "KD KD KS QS QS QC KH QH",
    1: "9C 9H JH JH AH 9S AS AS",
    2: "JC QD QD JD JD TS TS KS",
    3: "9D 9D JC AD AD TD TD JS",
    4: "KC 9H AH TH TH 9C AC AC",
    5: "TC KH QH TC KC QC JS 9S",
}
"""Six players, dealer 5: the first hand holds only kings and queens (56-ANN-3)."""


@pytest.mark.parametrize(("rules", "dealer_after"), [
    ("56-kerala", 5),
    ({"preset": "56", "zero_point_first_hand_cancel": True}, 5),
    ({"preset": "56-kerala", "redeal_dealer": "next"}, 0),
])
def test_a_56_05_the_same_dealer_deals_after_an_annulment(rules: Any, dealer_after: int) -> None:
    """A-56-05 (default ``redeal_dealer = same``): after seat 0 annuls his pointless hand,
    dealer 5 deals again (the next seat only with ``redeal_dealer = next``); a record that
    moves the deal on is refused."""
    assert Rules.from_spec("56").redeal_dealer == Rules.from_spec("56-kerala").redeal_dealer \
        == "same"
    annulled = record(rules, 5, POINTLESS_FIRST, ["0 redeal"])
    m = Match.from_record({"rules": rules, "hands_played": [annulled]})
    assert m.current.result()["status"] == "annulled"
    assert m.next_dealer() == dealer_after
    again = record(rules, dealer_after, HIGH)
    m = Match.from_record({"rules": rules, "hands_played": [annulled, again]})
    assert m.current.dealer == dealer_after
    wrong = record(rules, 5 - dealer_after, HIGH)
    with pytest.raises(RecordError, match=f"dealer: should be {dealer_after}"):
        Match.from_record({"rules": rules, "hands_played": [annulled, wrong]})


# =============================================================================================
# 1.4 Auction
# =============================================================================================


def test_56_auc_1_first_hand_speaks_first_then_turn_order() -> None:
    """56-AUC-1: dealer 2, so seat 3 (the first hand) speaks first and the calls go 3, 4, 5,
    0, 1, 2, 3, …; nobody may speak out of turn.  At eight players, dealer 4: seat 5 first."""
    g = game("56", 2, HIGH)
    calls = ["3 bid 28S", "4 pass", "5 bid 40H", "0 double", "1 pass", "2 bid 41D", "3 pass",
             "4 pass", "5 bid 42C"]
    for k, call in enumerate(calls):
        seat = (3 + k) % 6
        assert g.to_act == seat, call
        other = (seat + 1) % 6
        assert illegal_reason(g, f"{other} pass") == \
            f"it is seat {seat}'s turn, not seat {other}'s"
        g.apply(call)
    assert g.to_act == 0
    eight = Game.new("56-8p", seed=9, dealer=4)
    assert eight.to_act == 5
    eight.apply("5 bid 30NT")
    assert eight.to_act == 6
    eight.apply("6 pass")
    assert eight.to_act == 7
    eight.apply("7 pass")
    assert eight.to_act == 0


def test_56_auc_2_a_call_is_a_bid_pass_double_or_redouble() -> None:
    """56-AUC-2: the calls are bid, pass, double and redouble, and nothing else: the opening
    call is a bid; over an opponent's bid a seat may bid, pass or double; after the double
    the doubled team may bid, pass or redouble; no other verb (Thani, raise, redeal) is
    offered or accepted in the default 56."""
    g = game("56", 5, HIGH)
    assert verbs(g) == {"bid"}
    g.apply("0 bid 30H")
    assert verbs(g) == {"bid", "pass", "double"}
    g.apply("1 double")
    assert verbs(g) == {"bid", "pass", "redouble"}
    for action in ("2 thani", "2 raise 41", "2 redeal", "2 play 9S"):
        illegal_reason(g, action)
    g.apply("2 redouble")
    assert g.result()["phase"] == "play"
    seen: set[str] = set()
    replay = game("56", 5, HIGH)
    for action in ["0 bid 30H", "1 double", "2 pass", "3 bid 31S", *passes(4, 5, 6)]:
        seen |= verbs(replay)
        replay.apply(action)
    assert seen == {"bid", "pass", "double", "redouble"}


@pytest.mark.parametrize(("contract", "win", "loss"), [
    (28, 1, 2), (39, 1, 2), (40, 2, 3), (47, 2, 3), (48, 3, 4), (55, 3, 4), (56, 4, 5),
])
def test_56_auc_8_the_stages_set_the_stakes(contract: int, win: int, loss: int) -> None:
    """56-AUC-8 (with 56-SC-2): the stages 28–39, 40–47 (honours), 48–55 and 56 set the
    stakes, 1/2, 2/3, 3/4, 4/5, with the edges where the rule puts them.  Team A makes any
    contract here (56 card points); team B fails any (0 card points)."""
    made = high_hand("56", [f"0 bid {contract}S", *passes(1, 5, 6)]).result()
    assert made["contract"] == contract and made["bidding_team"] == 0 and made["made"] is True
    assert made["score_by_team"] == [win, -win]
    if contract > 28:
        failed = high_hand("56", ["0 bid 28S", f"1 bid {contract}H", *passes(2, 5, 6)]).result()
        assert failed["bidding_team"] == 1 and failed["made"] is False
        assert failed["score_by_team"] == [loss, -loss]


def test_56_auc_8_honours_begin_at_40() -> None:
    """56-AUC-8: 40 is the first honours bid, the least a team-mate may bid over his own
    team's 28–39 (56-AUC-7)."""
    g = game("56", 5, HIGH, ["0 bid 39S", "1 pass"])
    assert bids(g)[0] == 40
    g = game("56", 5, HIGH, ["0 bid 28S", "1 pass"])
    assert bids(g)[0] == 40


@pytest.mark.parametrize("written", ["30NS", "30ns", "30NOES", "30N"])
def test_56_auc_11_and_a_56_01_noes_is_a_no_trump_bid(written: str) -> None:
    """56-AUC-11, A-56-01 (default: "NS"/"Noes" is a signalling style of an NT bid): the
    bid is read as 30 NT, records as ``30NT``, and the whole hand is the same as with a
    plain NT bid: no trump suit, the same legal actions, the same tricks and score."""
    actions = ["0 bid 30NT", *passes(1, 5, 6), *HIGH_PLAY]
    styled = game("56", 5, HIGH, [f"0 bid {written}", *actions[1:]])
    plain = game("56", 5, HIGH, actions)
    assert styled.to_record() == plain.to_record()
    assert styled.to_record()["actions"][0] == "0 bid 30NT"
    r = styled.result()
    assert r["denomination"] == "NT" and r["trump"] is None and r["contract"] == 30
    assert r["tricks"] == plain.result()["tricks"] and r["score_by_team"] == [1, -1]


def test_56_auc_11_bid_forms_carry_no_rule_effect() -> None:
    """56-AUC-11: how a bid is written (``30♠``, ``30s``, ``30S``) carries no rule effect:
    each is the same call, and the next seat's options are the same."""
    after = [game("56", 5, HIGH, [f"0 bid {form}"]) for form in ("30♠", "30s", "30S")]
    assert {g.to_record()["actions"][0] for g in after} == {"0 bid 30S"}
    assert legal(after[0]) == legal(after[1]) == legal(after[2])


def test_56_auc_12_every_call_and_denomination_is_public() -> None:
    """56-AUC-12: every seat's view shows every call (bids with their denomination, the
    double, passes), the high bid and its denomination; once the auction is over every seat
    knows the trump."""
    calls = ["0 bid 30H", "1 double", "2 bid 40S", "3 pass"]
    g = game("56", 5, HIGH, calls)
    for seat in range(6):
        view = g.view(seat)
        assert view["history"] == calls
        assert view["high_bid"] == 40 and view["denomination"] == "S"
        assert view["multiplier"] == 1                      # 40♠ cancelled the double
    g.apply("4 pass")
    g.apply("5 double")
    for seat in range(6):
        assert g.view(seat)["history"][-1] == "5 double" and g.view(seat)["multiplier"] == 2
    for action in passes(0, 5, 6):
        g.apply(action)
    for seat in range(6):
        view = g.view(seat)
        assert view["phase"] == "play" and view["trump"] == "S" and view["trump_exposed"]
        assert view["contract"] == 40 and view["bidder"] == 2


# =============================================================================================
# 1.5 Doubling and 1.10 scoring
# =============================================================================================


@pytest.mark.parametrize(("auction", "additive", "multiply"), [
    (["0 bid 32S", "1 double", *passes(2, 5, 6)], 2, 2),             # made 28–39: 1 → 2 / ×2
    (["0 bid 32S", "1 double", "2 redouble"], 3, 4),              # made: 1 → 3 / ×4
    (["0 bid 48C", "1 double", "2 redouble"], 5, 12),             # made 48–55: 3 → 5 / ×4
    (["0 bid 28S", "1 bid 44H", "2 double", *passes(3, 5, 6)], 4, 6),    # failed 40–47: 3 → 4
    (["0 bid 28S", "1 bid 56H", "2 double", *passes(3, 5, 6)], 6, 10),   # failed 56: 5 → 6
    (["0 bid 28S", "1 bid 56H", "2 double", "3 redouble"], 7, 20),    # failed 56: 5 → 7
])
def test_56_dbl_8_and_56_sc_4_doubling_raises_both_stakes(auction: list[str], additive: int,
                                                          multiply: int) -> None:
    """56-DBL-8, 56-SC-4, C-56-08 (default ``additive``): a double adds 1 and a redouble 2
    to the stake, won or lost; ``multiply`` doubles and quadruples it instead.  Team A
    always takes all 56 card points, so team A's contracts are made and team B's fail."""
    for scoring, change in (("additive", additive), ("multiply", multiply)):
        rules = "56" if scoring == "additive" else {"preset": "56", "double_scoring": "multiply"}
        r = high_hand(rules, auction).result()
        assert r["multiplier"] == (4 if auction[-1].endswith("redouble") else 2)
        assert r["made"] is (r["bidding_team"] == 0)
        assert r["score_by_team"] == [change, -change], scoring
    assert Rules.from_spec("56").double_scoring == "additive"


def test_a_56_03_a_made_contract_moves_tables_to_the_winners() -> None:
    """A-56-03 (default: transfer, 56-SC-3): when team A makes 40, team B pays it 2 tables
    (12/12 → 14/10); when team B fails 40, it pays team A 3 (15/9).  Both teams' tables
    change and the total stays 24."""
    made = record("56", 5, HIGH, ["0 bid 40S", *passes(1, 5, 6), *HIGH_PLAY])
    m = Match.from_record({"rules": "56", "hands_played": [made]})
    assert m.scores == [14, 10] and not m.over
    failed = record("56", 5, HIGH, ["0 bid 28S", "1 bid 40H", *passes(2, 5, 6), *HIGH_PLAY])
    m = Match.from_record({"rules": "56", "hands_played": [failed]})
    assert m.scores == [15, 9] and not m.over


THANI_WINS_PLAY = HIDDEN_THANI_WINS[3:]
"""TC-56-10's winning Thani (seat 2 holds all eight jacks), its cards after the auction."""
THANI_LOSES_PLAY = HIDDEN_THANI_LOSES[3:]
"""TC-56-10's Thani lost at trick 6 (9♦ against seat 3's J♦), its cards after the auction."""
THANI_AUCTION = ["0 bid 28S", "1 bid 44H", "2 thani"]
OPEN_THANI = {"preset": "56", "thani_56": True}


def _thani_match(rules: Any, deal: dict[int, str], play: list[str]) -> Match:
    return thani_match(rules, deal, [*THANI_AUCTION, *play])


def test_c_56_06_a_thani_decides_the_match() -> None:
    """C-56-06 (default ``thani_stake = match``), 56-SC-5, 56-TH-4: with both teams at 12
    tables, seat 2's Thani that wins all 8 tricks wins the match for team A at once, and a
    Thani lost at trick 6 loses it; the tables do not move.  With a fixed stake [4, 5] the
    same hands only move 4 or 5 tables and the match goes on."""
    assert Rules.from_spec("56").thani_stake == Rules.from_spec("56-kerala").thani_stake \
        == "match"
    won = _thani_match(OPEN_THANI, DEAL_THANI_WINS, THANI_WINS_PLAY)
    assert [t["winner"] for t in won.current.result()["tricks"]] == [2] * 8
    assert won.over and won.winner == 0 and won.scores == [12, 12]
    lost = _thani_match(OPEN_THANI, DEAL_THANI_LOSES, THANI_LOSES_PLAY)
    assert [t["winner"] for t in lost.current.result()["tricks"]] == [2, 2, 2, 2, 2, 3]
    assert lost.over and lost.winner == 1 and lost.scores == [12, 12]
    fixed = {**OPEN_THANI, "thani_stake": [4, 5]}
    won = _thani_match(fixed, DEAL_THANI_WINS, THANI_WINS_PLAY)
    assert not won.over and won.scores == [16, 8]
    lost = _thani_match(fixed, DEAL_THANI_LOSES, THANI_LOSES_PLAY)
    assert not lost.over and lost.scores == [7, 17]


@pytest.mark.parametrize(("rules", "start"), [
    ("56-kerala", [6, 6]),
    ({"preset": "56", "zero_point_first_hand_cancel": True}, [12, 12]),
])
def test_56_sc_5_an_annulled_hand_scores_nothing(rules: Any, start: list[int]) -> None:
    """56-SC-5 (56-ANN-6): seat 0 annuls his pointless hand: no score, no table or coolie
    moves, and the hand counts for nothing."""
    g = game(rules, 5, POINTLESS_FIRST, ["0 redeal"])
    r = g.result()
    assert g.over and r["status"] == "annulled" and r["score_by_team"] == [0, 0]
    assert r["made"] is None
    m = Match.from_record({"rules": rules,
                           "hands_played": [record(rules, 5, POINTLESS_FIRST, ["0 redeal"])]})
    assert m.scores == start and not m.over


# =============================================================================================
# 1.6 Trump (hidden mode), 1.7 play, 1.8 hidden-trump play
# =============================================================================================

HIDDEN_56 = {"preset": "56", "trump_mode": "hidden"}


def test_56_trump_2_the_declarer_lays_one_card_face_down() -> None:
    """56-TRUMP-2: in the hidden form the auction is followed by the declarer's choice of
    one of his 8 cards (any of them, each name once), laid face down: he keeps 7 in hand,
    only he sees the card and its suit, the others see only that he chose."""
    g = game(HIDDEN_56, 5, HIGH, ["0 bid 30", *passes(1, 5, 6)])
    r = g.result()
    assert r["phase"] == "trump" and g.to_act == 0 and r["bidder"] == 0
    assert legal(g) == {f"0 trump {c}" for c in HIGH[0].split()}
    g.apply("0 trump JD")
    assert g.result()["phase"] == "play"
    mine = g.view(0)
    assert len(mine["hand"]) == 7 and "JD" not in mine["hand"]
    assert mine["indicator"] == "JD" and mine["indicator_face_down"] and mine["trump"] == "D"
    for seat in range(1, 6):
        view = g.view(seat)
        assert view["indicator"] is None and view["trump"] is None
        assert view["indicator_face_down"] and view["history"][-1] == "0 trump"
    assert g.view(1)["hand_sizes"] == [7, 8, 8, 8, 8, 8]
    opened = game("56", 5, HIGH, ["0 bid 30D", *passes(1, 5, 6)])        # open form: no choice
    assert opened.result()["phase"] == "play" and opened.view(3)["trump"] == "D"


KERALA_4 = {"preset": "56-kerala", "num_players": 4}
DEAL_HIDDEN = {
    0: "TD JD JD AD TC TC 9C 9C",
    1: "JC JC AC AC JH 9H AH TH",
    2: "9D 9D TD JH 9H AH TH JS",
    3: "AD JS 9S 9S AS AS TS TS",
}
"""Four players (J 9 A T twice), dealer 3: P0 will lay T♦; P2 and P3 hold no club."""
HIDDEN_START = ["0 bid 28", "1 bid 29", "2 pass", "0 bid 40", "3 pass", "1 pass", "2 pass",
                "0 pass", "0 trump TD", "0 play TC", "1 play JC", "2 play JH", "3 play 9S"]


def test_56_ht_3_the_hidden_suit_has_no_trump_power_in_phase_1() -> None:
    """56-HT-3: trump ♦ is still face down; P1 leads A♣, P2 (void) throws 9♦ without
    asking, P3 throws J♠, P0 follows with T♣: A♣ wins; the 9♦ is no trump.  Had P2 asked
    first, the same 9♦ would have won the trick as a trump."""
    g = game(KERALA_4, 3, DEAL_HIDDEN, HIDDEN_START)
    assert g.to_act == 1 and g.result()["exposed"] is None
    asked = g.copy()
    for action in ("1 play AC", "2 play 9D", "3 play JS", "0 play TC"):
        g.apply(action)
    trick = g.result()["tricks"][1]
    assert trick["cards"] == ["AC", "9D", "JS", "TC"] and trick["winner"] == 1
    assert g.result()["exposed"] is None and g.view(2)["trump"] is None
    for action in ("1 play AC", "2 ask", "2 play 9D", "3 play JS", "0 play TC"):
        asked.apply(action)
    trick = asked.result()["tricks"][1]
    assert trick["cards"] == ["AC", "9D", "JS", "TC"] and trick["winner"] == 2


HIDDEN_4 = {"preset": "56-4p", "trump_mode": "hidden", "deck_4p": 32}
DEAL_LAST = {
    0: "JS JS JH JH JC JC 9S TD",
    1: "9S AS AS TS TS 9H 9H AH",
    2: "AH TH TH 9C 9C AC AC TC",
    3: "TC JD JD 9D 9D AD AD TD",
}
"""Four players (J 9 A T twice), dealer 3: P0 wins seven tricks and keeps T♦, his indicator."""
SEVEN_TRICKS = [("JS", "9S", "9C", "TC"), ("JS", "AS", "9C", "JD"), ("JH", "9H", "AH", "JD"),
                ("JH", "9H", "TH", "9D"), ("JC", "TS", "AC", "9D"), ("JC", "TS", "AC", "AD"),
                ("9S", "AS", "TH", "AD")]


def test_56_ht_8_only_the_declarer_with_the_indicator_alone_leads_the_trump() -> None:
    """56-HT-8: a leader never calls for the trump (no ``ask``/``reveal`` on any lead),
    except the declarer whose last card is the indicator: before P0 leads trick 8 the T♦
    is turned up, joins his hand, and he leads it face up as a trump."""
    g = game(HIDDEN_4, 3, DEAL_LAST, ["0 bid 28", *passes(1, 3, 4), "0 trump TD"])
    for cards in SEVEN_TRICKS:
        assert g.to_act == 0 and verbs(g) == {"play"}             # no call on a lead
        for seat, card in enumerate(cards):
            g.apply(f"{seat} play {card}")
        assert g.result()["tricks"][-1]["winner"] == 0
    assert g.to_act == 0
    assert g.result()["exposed"] is not None and g.view(1)["trump"] == "D"
    assert g.view(1)["indicator"] == "TD" and g.view(0)["hand"] == ["TD"]
    assert legal(g) == {"0 play TD"}
    for action in ("0 play TD", "1 play AH", "2 play TC", "3 play TD"):
        g.apply(action)
    last = g.result()["tricks"][-1]
    assert last["cards"] == ["TD", "AH", "TC", "TD"] and last["winner"] == 0
    other = game(KERALA_4, 3, DEAL_HIDDEN, HIDDEN_START)          # P1 (not declarer) leads
    assert other.to_act == 1 and verbs(other) == {"play"}


def test_56_play_7_played_cards_are_public() -> None:
    """56-PLAY-7: each card played is seen by every seat at once, in the trick and then in
    the completed trick (who played it, who won)."""
    g = game("56", 5, HIGH, ["0 bid 30S", *passes(1, 5, 6)])
    for k, action in enumerate(HIGH_PLAY[:6]):
        g.apply(action)
        shown = [a.split()[2] for a in HIGH_PLAY[:k + 1]]
        for seat in range(6):
            view = g.view(seat)
            if k < 5:
                assert view["trick"] is not None and view["trick"]["cards"] == shown
            else:
                assert view["tricks"][0]["cards"] == shown
                assert view["tricks"][0]["seats"] == [0, 1, 2, 3, 4, 5]
                assert view["tricks"][0]["winner"] == 0


# =============================================================================================
# 1.11 Match
# =============================================================================================


def test_56_match_4_starting_tables_are_configurable() -> None:
    """56-MATCH-4: each team starts with ``start_tables`` (default 12).  Team B fails 40
    (loss 3): from 12 it keeps 9 and plays on; from 3 it is left with none and team A wins."""
    assert Rules.from_spec("56").start_tables == 12
    for rules, after, over in (("56", [15, 9], False),
                               ({"preset": "56", "start_tables": 10}, [13, 7], False),
                               ({"preset": "56", "start_tables": 3}, [6, 0], True)):
        fresh = Match.new(rules, seed=1)
        start = Rules.from_spec(rules).start_tables
        assert fresh.scores == [start, start]
        hand = record(rules, 5, HIGH, ["0 bid 28S", "1 bid 40H", *passes(2, 5, 6), *HIGH_PLAY])
        m = Match.from_record({"rules": rules, "hands_played": [hand]})
        assert m.scores == after and m.over is over
        assert m.winner == (0 if over else None)


# =============================================================================================
# RULES-56.md §3: six-player Kerala 28
# =============================================================================================

KERALA_SIX = {
    0: "JS 9H AD TC KS QH",
    1: "8D 7C 6S JH 9D AC",
    2: "TS KH QD 8C 7S 6H",
    3: "JD 9C AS TH KD QC",
    4: "8S 7H 6D JC 9S AH",
    5: "TD KC QS 8H 7D 6C",
}
"""28-6p-kerala, dealer 5: 36 cards, 6 each, every hand mixed."""


def test_a_6p_01_only_the_honours_threshold_20() -> None:
    """A-6P-01 (default: "high honours" has no value; only honours, 20, counts) with
    6PK-4: over its own team's 16–19 a player must bid 20 or more; over its own team's 20,
    24 or 25 the next number is enough: there is no second, "high honours", step."""
    g = game("28-6p-kerala", 5, KERALA_SIX)
    steps = [("0 bid 16", 1, 17), ("1 bid 17", 2, 18), ("2 pass", 3, 20), ("3 bid 20", 4, 21),
             ("4 pass", 5, 21), ("5 bid 21", 0, 22), ("0 pass", 1, 22), ("1 bid 24", 2, 25),
             ("2 pass", 3, 25), ("3 bid 25", 4, 26), ("4 pass", 5, 26)]
    for action, seat, low in steps:
        g.apply(action)
        assert (g.to_act, bids(g)[0]) == (seat, low), action
    g = game("28-6p-kerala", 5, KERALA_SIX, ["0 bid 16", "1 pass"])
    assert "at least 20" in illegal_reason(g, "2 bid 19")
    assert "2 bid 20" in legal(g)


@pytest.mark.parametrize(("preset", "most"), [("56", 3), ("56-4p", 4), ("56-8p", 2),
                                             ("28-6p", 1), ("40", 2)])
def test_ann_4_a_low_point_redeal_must_leave_most_deals_played(preset: str, most: int) -> None:
    """56-ANN-4 (`redeal_max_hand_points`): a limit from a third of a hand's average points
    would redeal more deals than it plays (28-6p at 4 redealt every one of 1,000 and a room's
    start failed); it is refused by name with the most the table allows, which still plays."""
    Rules.from_spec({"preset": preset, "redeal_max_hand_points": most})
    with pytest.raises(RulesError, match=rf"at most {most} \(56-ANN-4\)"):
        Rules.from_spec({"preset": preset, "redeal_max_hand_points": most + 1})
    rules = Rules.from_spec({"preset": preset, "redeal_max_hand_points": most})
    dealt = [len(Match.new(rules, seed=seed).games) for seed in range(60)]
    assert sum(dealt) / len(dealt) < 2.5, dealt          # redealt in under half the deals


def test_a_bid_after_every_other_seat_passed_for_good_ends_the_auction() -> None:
    """28-AUC-7 with ``pass_is_final`` (28-AUC-8, A-02) under C-56-04's open passes: five
    seats pass, so only the sixth may still speak; its bid ends the auction at once — the turn
    would come back to it with only (final) passes between.  It was asked again and could bid
    over its own bid (hypothesis found it: tests/test_properties.py's rotation model)."""
    g = Game.new({"preset": "56-online", "pass_is_final": True}, seed=3, dealer=0)
    assert g.rules.opening_rule == "all_pass_28nt" and g.rules.num_players == 6
    for _ in range(5):
        g.apply(f"{g.to_act} pass")
    last = g.to_act
    g.apply(f"{last} bid 28S")
    r = g.result()
    assert r["phase"] != "auction" and (r["bidder"], r["contract"]) == (last, 28), r
    assert not any(a.verb == "bid" for a in g.legal_actions())
