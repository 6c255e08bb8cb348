"""Explanations when the rules surprise a player (analysis/surprises.py), by rule ID.

Hands written here are in deal order (the first four cards are the first batch), seats in
turn order: N = 0, W = 1, S = 2, E = 3 (tests/helpers.py).  The longer cases are hands the
``rules`` bot played, kept in tests/records/learn_cases.json.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import E, N, S, W, game, named_cards, seen_cards
from twentyeight import PRESETS, Game
from twentyeight.analysis import explain_step, explain_turn
from twentyeight.analysis.surprises import CITED, explained_rules
from twentyeight.engine.reasons import ENGLISH, Reason
from twentyeight.errors import IllegalAction

CASES: dict[str, Any] = json.loads(
    (Path(__file__).parent / "records" / "learn_cases.json").read_text("utf-8"))

HEARTS_HIDDEN = {
    N: "JS 9S AS TS JH 9H AH TH",
    W: "8H KS QS 8S 7S JD 9D AD",       # W bids 15 and lays 8♥ face down: hearts trump
    S: "TD KD QD 8D 7D JC 9C AC",       # no heart: S may ask
    E: "KH QH 7H TC KC QC 8C 7C",
}
TO_PLAY = ["0 bid 14", "1 bid 15", "2 pass", "3 pass", "0 pass", "1 trump 8H", "1 pass",
           "3 pass"]


def step(g: Game, action: str) -> list[list[Reason]]:
    """Apply ``action``; what each seat is told about it."""
    before = [g.view(s) for s in range(g.hand.n)]
    g.apply(action)
    return [explain_step(before[s], g.view(s)) for s in range(g.hand.n)]


def replay_until(record: dict[str, Any], stop: Any) -> tuple[Game, list[list[Reason]]]:
    """Replay ``record`` until ``stop(game)``; the explanations of the last step."""
    g = Game.from_record({**record, "actions": []})
    told: list[list[Reason]] = []
    for text in record["actions"]:
        told = step(g, text)
        if stop(g):
            return g, told
    raise AssertionError("the moment never came")


def test_28_rev_6_a_seven_beats_the_led_jack_after_an_ask() -> None:
    """28-REV-5/6: N leads J♥ with hearts trump still hidden; S, void, asks; E follows with
    7♥, a trump from the exposure on, and wins — every seat is told why."""
    g = game("28", 3, HEARTS_HIDDEN, TO_PLAY)
    for action in ("0 play JH", "1 play 7S", "2 ask", "2 play 7D"):
        g.apply(action)
    told = step(g, "3 play 7H")
    assert g.view(N)["tricks"][-1]["winner"] == E
    expected = Reason("rev_lower_trump_wins", "28-REV-6",
                      {"winner_card": "7H", "beaten_card": "JH"})
    assert told == [[expected]] * 4
    assert str(expected) == ("7♥ beat J♥: J♥ was played before the trump was exposed, so it "
                             "was no trump (28-REV-6)")


def test_28_br_2_the_bidder_is_told_why_he_cannot_expose_on_a_trump_lead() -> None:
    """28-BR-2: W (bidder, no heart in hand) facing N's J♥ lead may not expose; only W, who
    knows hearts are trump, is told."""
    g = game("28", 3, HEARTS_HIDDEN, TO_PLAY)
    g.apply("0 play JH")
    assert explain_turn(g.view(W), g.hand) == [
        Reason("bidder_no_reveal_on_trump_lead", "28-BR-2")]


def test_28_br_1_the_bidder_may_not_lead_trump() -> None:
    """28-BR-1: the bidder leading, holding trumps and other suits, hears the restriction (the
    engine's own legality note)."""
    g, _ = replay_until(CASES["forced_reveal_last"],
                        lambda g: g.to_act == g.hand.bidder and not g.hand.trick_cards
                        and g.hand.phase == 7 and not g.hand.revealed
                        and any(r.key == "bidder_no_trump_lead"
                                for r in explain_turn(g.view(g.hand.bidder), g.hand)))
    reasons = explain_turn(g.view(g.hand.bidder), g.hand)
    assert Reason("bidder_no_trump_lead", "28-BR-1") in reasons
    others = [s for s in range(4) if s != g.hand.bidder]
    assert all(explain_turn(g.view(s), g.hand) == [] for s in others)   # not their turn


def test_28_auc_6_the_partner_floor_is_explained() -> None:
    """28-AUC-6: over a partner's 14, bids 15–19 are gone: S is told why."""
    g = game("28", 3, HEARTS_HIDDEN, ["0 bid 14", "1 pass"])
    assert min(int(a.arg) for a in g.legal_actions() if a.verb == "bid" and a.arg) == 20
    reasons = explain_turn(g.view(S))
    assert reasons == [Reason("floor_partner", "28-AUC-6", {"value": 20, "high": 14})]
    assert str(reasons[0]).startswith("bids below 20 are gone: your partner holds the bid")


def test_6pk_4_a_side_of_three_is_told_its_own_team_holds_the_bid() -> None:
    """6PK-4 (28-AUC-6's floor of 20, for two teams of three): over his side's 16 a player is
    told his own team holds the bid (with two partners "your partner" named neither), by the
    Kerala six's own rule: it cited 28-AUC-6, a rule of the four-player game."""
    g = Game.new("28-6p-kerala", seed=1)
    first = g.to_act
    g.apply(f"{first} bid 16")
    g.apply(f"{(first + 1) % 6} pass")
    reasons = explain_turn(g.view((first + 2) % 6))
    assert reasons == [Reason("floor_own_team", "6PK-4", {"value": 20, "high": 16})]
    assert str(reasons[0]) == ("bids below 20 are gone: your own team holds the bid (16), "
                               "and over it only 20 or more may be bid (6PK-4)")
    with pytest.raises(IllegalAction) as refused:          # the refusal cites it too
        g.apply(f"{(first + 2) % 6} bid 18")
    assert str(refused.value).endswith("(6PK-4)"), str(refused.value)


def test_40_4_a_second_bid_over_the_own_team_is_told_the_second_bid_rule() -> None:
    """40-4, not 28-AUC-6: in 40 a side may bid over its own team freely; a player bidding a
    second time must bid 30. Over his partner's 25 he was told "your own team holds the bid,
    and over it only 30 or more may be bid (28-AUC-6)", a rule 40 does not play."""
    g = Game.new("40", seed=0)
    first = g.to_act
    for action in (f"{first} bid 20", f"{(first + 1) % 6} pass", f"{(first + 2) % 6} bid 25"):
        g.apply(action)
    while g.to_act != first:
        g.apply(f"{g.to_act} pass")
    assert min(int(a.arg) for a in g.legal_actions() if a.verb == "bid" and a.arg) == 30
    reasons = explain_turn(g.view(first))
    assert reasons == [Reason("floor_second_bid", "40-4", {"value": 30})]
    assert str(reasons[0]) == "a second bid must be 30 or more (40-4)"


def test_29_auc_3_the_others_are_told_the_dealer_had_to_bid() -> None:
    """29-AUC-3: after three passes the dealer must bid; the others saw "Left: bid 15" as a
    free choice (a walk of the terminal game).  They are told it was forced; the dealer was
    told at his turn; a bid made freely is not explained."""
    g = Game.new("29", seed=20, dealer=3)
    for _ in range(3):
        g.apply(f"{g.to_act} pass")
    assert g.to_act == 3
    told = step(g, "3 bid 15")
    forced = Reason("dealer_bid_forced", "29-AUC-3", {"value": 15})
    assert told == [[forced], [forced], [forced], []]
    assert str(forced) == "everyone else passed, so the dealer had to bid 15 (29-AUC-3)"
    free = Game.new("29", seed=20, dealer=3)
    assert step(free, f"{free.to_act} bid 15") == [[]] * 4


def test_28_auc_4_the_first_hand_must_open() -> None:
    """28-AUC-4: the first hand may not pass; told so at his first turn."""
    g = game("28", 3, HEARTS_HIDDEN)
    assert explain_turn(g.view(N)) == [Reason("must_open", "28-AUC-4", {"value": 14})]



def test_bhoos_29_the_defender_opens_by_the_competitions_rule() -> None:
    """BOT-PROTOCOL §7.2: bhoos-29's first bidder opens as the defender, at 16, and may not
    pass. A walk saw it told by 28's rule (28-AUC-4), which its rules page does not give."""
    g = Game.new("bhoos-29", seed=3, dealer=0)
    reasons = explain_turn(g.view(g.to_act))
    assert reasons == [Reason("must_open", "BOT-PROTOCOL §7.2", {"value": 16})]
    assert "BOT-PROTOCOL §7.2" in explained_rules(PRESETS["bhoos-29"])
    assert "28-AUC-4" not in explained_rules(PRESETS["bhoos-29"])

def test_28_raise_1_a_raise_starts_at_24() -> None:
    """28-RAISE-1: after a contract of 15 the raise window offers 24 and up."""
    g = game("28", 3, HEARTS_HIDDEN, TO_PLAY[:6])
    assert explain_turn(g.view(W)) == [Reason("floor_raise", "28-RAISE-1", {"value": 24})]


def test_29_auc_3_the_dealer_is_forced() -> None:
    """29-AUC-3: three passes, and the dealer must bid the minimum."""
    g = Game.new("29", seed=3, dealer=3)
    for _ in range(3):
        g.apply(f"{g.to_act} pass")
    assert g.to_act == 3
    assert explain_turn(g.view(3)) == [Reason("floor_dealer", "29-AUC-3", {"value": 15})]


def test_28_pair_4_the_defenders_pair_raises_the_target() -> None:
    """28-PAIR-4: the defenders' pair moves the bidding side's target up by 4, and everyone
    is told from what to what (the issue's "not at all after a defender's pair")."""
    g, told = replay_until(CASES["pair_opponents"], lambda g: g.hand.pair_by >= 0)
    view = g.view(N)
    assert view["pair"] is not None and view["target"] == view["contract"] + 4
    reason = told[N][0]
    assert (reason.key, reason.rule) == ("pair_raises", "28-PAIR-4")
    assert reason.params == {"old": view["contract"], "new": view["target"],
                             "pair_cards": view["pair"]["cards"]}
    assert all(t == told[N] for t in told)


def test_28_pair_4_the_bidding_sides_pair_lowers_the_target() -> None:
    """28-PAIR-4/5: the bidding side's pair lowers the target by 4 (not below the lowest
    bid, 28-PAIR-5, which is said when it bites)."""
    g, told = replay_until(CASES["pair_bidding"], lambda g: g.hand.pair_by >= 0)
    view = g.view(N)
    reason = told[N][0]
    assert (reason.key, reason.rule) == ("pair_lowers", "28-PAIR-4")
    assert reason.params["new"] == view["target"] == max(14, view["contract"] - 4)
    clamped = view["contract"] - 4 < 14
    assert (Reason("pair_floor", "28-PAIR-5", {"value": 14}) in told[N]) == clamped


def test_28_pair_5_a_pair_at_the_lowest_bid_is_told_it_moves_nothing() -> None:
    """28-PAIR-5: E bid 14 (the lowest bid) and shows K♣ Q♣ after winning the exposure
    trick; the target cannot fall, and everyone is told so — not "lowers from 14 to 14"."""
    hands = {N: "JH AH KH 8H 9S QS TS 7S", W: "9H TH QH 7H JS AS KS 8S",
             S: "JC 9C AC TC 8C 7C QD 8D", E: "QC KC JD 9D AD TD KD 7D"}
    g = game("28", S, hands, ["3 bid 14", "0 pass", "1 pass", "2 pass", "3 trump QC",
                              "3 pass", "1 pass", "3 play JD", "0 ask", "0 play 7S",
                              "1 play 8S", "2 play 8D"])
    told = step(g, "3 pair")
    assert g.view(N)["target"] == 14
    want = Reason("pair_floor_already", "28-PAIR-5", {"value": 14, "pair_cards": ["KC", "QC"]})
    assert all(t == [want] for t in told)
    assert str(want) == ("the bidding side's pair (K♣, Q♣) cannot lower its target: 14 is "
                         "already the lowest bid (28-PAIR-5)")


def test_28_ann_2_the_annulment_is_explained() -> None:
    """28-ANN-2: the hand is annulled when the trump is exposed and the bidding side held
    every trump; every seat is told by which rule."""
    g, told = replay_until(CASES["bidding_side_all_trumps"], lambda g: g.over)
    assert g.hand.annul_reason == "bidding_side_all_trumps"
    for reasons in told:
        assert Reason("annulled", "28-ANN-2", {"why": "bidding_side_all_trumps"}) in reasons
    assert str(Reason("annulled", "28-ANN-2", {"why": "bidding_side_all_trumps"})) == (
        "the hand is annulled: the bidding side holds every trump (28-ANN-2)")


def test_28_last_1_the_forced_reveal_is_explained() -> None:
    """28-LAST-1: the trump turned face up before the last trick without anyone asking."""
    g, told = replay_until(CASES["forced_reveal_last"], lambda g: g.hand.revealed)
    assert g.hand.revealed_by == -1 and len(g.hand.tricks) == 7
    for reasons in told:
        assert Reason("forced_reveal_last", "28-LAST-1") in reasons


def test_56_trump_1_a_trump_named_in_the_bid_is_no_forced_reveal() -> None:
    """56-TRUMP-1: with open trump the bid's suit is public once the auction ends; nobody is
    told it was "exposed without anyone asking" (28-LAST-1 is the last trick's reveal)."""
    g = Game.new("56", seed=4, dealer=5)
    for action in ["0 bid 28S", "1 pass", "2 pass", "3 pass", "4 pass"]:
        g.apply(action)
    before = [g.view(s) for s in range(6)]
    g.apply("5 pass")
    assert g.view(1)["trump_exposed"] and g.view(1)["trump"] == "S"
    assert [explain_step(before[s], g.view(s)) for s in range(6)] == [[]] * 6


@pytest.mark.parametrize("preset", ["28", "28-wiki", "28-pagat", "29", "bhoos-29", "28-3p",
                                    "28-6p", "28-6p-kerala", "56", "56-kerala", "40"])
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_explanations_are_catalogued_and_name_only_visible_cards(preset: str,
                                                                 seed: int) -> None:
    """RULES.md §2.20: whatever is explained names only cards the seat has seen, cites a rule
    the rules page of its game explains (``explained_rules``, within ``CITED``), and is a
    sentence of the catalog."""
    rng = random.Random(seed)
    g = Game.new(preset, seed=seed, dealer=0)
    explained = set(explained_rules(PRESETS[preset]))
    n = g.hand.n
    while not g.over:
        for s in range(n):
            for reason in explain_turn(g.view(s), g.hand):
                assert reason.key in ENGLISH and reason.rule in explained and str(reason)
        before = [g.view(s) for s in range(n)]
        g.apply(rng.choice(g.legal_actions()))
        for s in range(n):
            after = g.view(s)
            for reason in explain_step(before[s], after):
                assert reason.key in ENGLISH and reason.rule in explained and str(reason)
                assert named_cards(reason.params) <= seen_cards(after) | seen_cards(before[s])


def test_a_games_rules_page_explains_only_the_rules_it_plays() -> None:
    """The rules page of 29 explained 28's rules that 29 does not play — the first hand must
    open (28-AUC-4: in 29 it may pass, 29-AUC-3), a partner overcalls from 20 (28-AUC-6: not in
    29, 29-AUC-4), a raise after the full deal (28-RAISE-1), the bidder's restrictions
    (28-BR-1/2) and the early redeal of a pointless first four (28-PRE-1) — and 28's pair
    rules where 29 has its own (29-PAIR-3). Each game's list is within ``CITED``, and
    every annulment the engine can make has its condition."""
    from twentyeight.analysis.surprises import ANNULMENT_APPLIES, ANNULMENT_RULES

    assert set(ANNULMENT_APPLIES) == set(ANNULMENT_RULES)
    for rules in PRESETS.values():
        assert set(explained_rules(rules)) <= set(CITED)
    in_29 = explained_rules(PRESETS["29"])
    assert not {"28-AUC-4", "28-AUC-6", "28-RAISE-1", "28-BR-1", "28-BR-2", "28-PRE-1",
                "28-PAIR-4", "28-PAIR-5", "28-REV-5", "28-REV-6"} & set(in_29), in_29
    assert {"29-AUC-3", "29-PAIR-3", "29-PLAY-6", "29-PLAY-8"} <= set(in_29)
    in_28 = explained_rules(PRESETS["28"])
    assert {"28-AUC-4", "28-AUC-6", "28-RAISE-1", "28-PAIR-4", "28-PRE-1"} <= set(in_28)
    assert not {"29-AUC-3", "29-PAIR-3", "29-PLAY-8"} & set(in_28)
    assert "28-LAST-1" not in explained_rules(PRESETS["56"])        # its trump is named open


def test_every_rule_an_explanation_cites_is_said_on_the_rules_page() -> None:
    """The rules page (/rules/PRESET) says each cited rule in plain words: rule.<ID> is in
    the English catalog (and so, by tests/test_catalogs.py, in every catalog)."""
    import json
    from pathlib import Path

    from twentyeight.analysis.surprises import CITED

    english = json.loads((Path(__file__).parents[1] / "src" / "twentyeight" / "server" /
                          "static" / "i18n" / "en.json").read_text("utf-8"))
    assert [rule for rule in CITED if f"rule.{rule}" not in english] == []


def test_a_duels_defender_asked_to_match_is_not_told_of_a_partners_floor() -> None:
    """bhoos-29's duel (BOT-PROTOCOL §7.2): seat 1 opens 22, seat 2 passes, seat 3 (seat 1's
    partner) challenges at 26; seat 1 may only match 26 or pass. It was told "bids below 26
    are gone: your partner holds the bid … only 26 or more may be bid (28-AUC-6)" — 28's
    partner overcall, which bhoos-29 does not play; the match is the duel's own rule, said
    by its prompt."""
    g = Game.new("bhoos-29", seed=0, dealer=0)
    for action in ["1 bid 22", "2 pass", "3 bid 26"]:
        g.apply(action)
    view = g.view(1)
    assert view["legal"] == ["1 bid 26", "1 pass"]
    assert explain_turn(view, g.hand) == []
