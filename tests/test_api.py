"""The Python API of the README: Game, Rules, views, and bad input that changes nothing."""

from __future__ import annotations

import json

import pytest

import twentyeight
from helpers import E, N, S, W, game, illegal_reason
from twentyeight import Action, Game, IllegalAction, Rules, RulesError
from twentyeight.rules import PRESETS

DEAL = {
    E: "KS TH 8D 7C JS 9S AH TD",
    N: "QS 8S KD 7D JH 9H AS TS",
    W: "QH KH 8H 7H AD JD QD 9D",
    S: "7S JC 9C AC TC KC QC 8C",
}
AUCTION = ["3 bid 14", "0 pass", "1 pass", "2 pass", "3 trump 7C", "3 pass", "1 pass"]


def test_presets_by_name() -> None:
    """Issues 2 and 3: every preset by its name."""
    assert set(PRESETS) == {"28", "28-pagat", "28-wiki", "28-bengal", "29", "29-16", "28-3p",
                            "28-6p", "28-6p-kerala", "40", "56", "56-4p", "56-8p",
                            "56-international", "56-online", "56-kerala", "bhoos-29"}
    assert PRESETS["29-16"].min_bid == 16 and PRESETS["29-16"].pair_bidder_min_contract == 19
    assert PRESETS["28-bengal"].scoring == "flat" and PRESETS["28-bengal"].min_bid == 16
    assert PRESETS["28-pagat"].pair_rule is False


def test_rules_overrides_and_errors() -> None:
    r = Rules.from_spec({"preset": "29", "last_trick_bonus": True})
    assert r.last_trick_bonus and r.min_bid == 15 and r.to_spec() == \
        {"preset": "29", "last_trick_bonus": True}
    assert PRESETS["28"].replace(cot=True).cot
    with pytest.raises(RulesError, match="unknown preset 'thirty'"):
        Rules.from_spec("thirty")
    with pytest.raises(RulesError, match="unknown flag 'cots'"):
        Rules.from_spec({"preset": "28", "cots": True})
    with pytest.raises(RulesError, match="'min_bid' takes a whole number"):
        Rules.from_spec({"preset": "28", "min_bid": "14"})
    with pytest.raises(RulesError, match="'scoring' takes one of"):
        Rules.from_spec({"preset": "28", "scoring": "tiered"})
    with pytest.raises(RulesError, match="needs scoring='flat'"):
        Rules.from_spec({"preset": "28", "auto_double_threshold": 21})
    assert isinstance(RulesError("x"), ValueError)


def test_game_surface() -> None:
    g = Game.from_record({"rules": "28", "dealer": S, "hands": [DEAL[s].split() for s in
                                                                   range(4)]})
    assert g.to_act == E
    actions = g.legal_actions()
    assert all(isinstance(a, Action) for a in actions)
    assert [str(a) for a in actions][:2] == ["3 bid 14", "3 bid 15"]
    done = g.apply("3 bid 14")
    assert done == Action(3, "bid", "14") and g.to_act == N
    g.apply(Action(0, "pass"))
    assert g.to_record()["actions"] == ["3 bid 14", "0 pass"]
    assert g.result()["status"] == "in_progress"


def test_illegal_actions_change_nothing() -> None:
    g = game("28", S, DEAL, AUCTION)
    assert issubclass(IllegalAction, ValueError)
    assert "seat 3's turn, not seat 0's" in illegal_reason(g, "0 play QS")
    assert "you do not hold Q♠" in illegal_reason(g, "3 play QS")
    assert "face-down indicator" in illegal_reason(g, "3 play 7C")
    assert "unknown verb" in illegal_reason(g, "3 fold")
    assert "unknown card" in illegal_reason(g, "3 play 1Z")
    assert "auction is over" in illegal_reason(g, "3 bid 20")
    assert "bidder does not ask" in illegal_reason(g, "3 ask")
    auction = game("28", S, DEAL, [])                    # a card typed in the auction
    seat = auction.to_act
    assert seat is not None
    held = auction.view(seat)["hand"][0]
    missing = next(c for c in ("QS", "KS", "AS", "JS") if c not in auction.view(seat)["hand"])
    said = {illegal_reason(auction, f"{seat} play {c}") for c in (held, missing)}
    assert len(said) == 1 and "you cannot play a card now" in said.pop()   # (not "not held")
    g.apply("3 play KS")
    assert "only when you cannot follow suit" in illegal_reason(g, "0 ask")
    assert "only the bidder reveals" in illegal_reason(g, "0 reveal")


def test_seat_may_be_left_out_for_the_player_to_act() -> None:
    g = game("28", S, DEAL, AUCTION)
    assert str(g.apply("ks")) == "3 play KS"
    assert str(g.apply("play QS")) == "0 play QS"


def test_finished_hand_refuses_actions() -> None:
    g = game("28", S, {**DEAL, E: "KS QH 8D 7C JS 9S AH TD", W: "TH KH 8H 7H AD JD QD 9D"})
    g.apply("3 redeal")
    assert g.over and g.legal_actions() == []
    assert illegal_reason(g, "3 pass") == "the hand is over"


def test_views_hide_the_indicator_and_other_hands() -> None:
    """RULES.md §2.20: only the bidder sees the face-down trump; nobody sees another hand."""
    g = game("28", S, DEAL, AUCTION)
    bidder = g.view(E)
    assert bidder["trump"] == "C" and bidder["indicator"] == "7C"
    assert bidder["hand"] == ["JS", "9S", "KS", "AH", "TH", "TD", "8D"]
    assert bidder["legal"] and all(a.startswith("3 ") for a in bidder["legal"])
    for seat in (N, W, S):
        v = g.view(seat)
        assert v["trump"] is None and v["indicator"] is None and v["legal"] == []
        assert "3 trump" in v["history"] and "3 trump 7C" not in v["history"]
        text = json.dumps(v)
        others = {c for s in range(4) if s != seat for c in DEAL[s].split()}
        assert not any(f'"{c}"' in text for c in others)
    assert g.view(W)["indicator_face_down"] is True
    with pytest.raises(ValueError, match="seat 7 does not exist"):
        g.view(7)


def test_copy_is_independent() -> None:
    g = game("28", S, DEAL, AUCTION)
    c = g.copy()
    c.apply("3 play KS")
    assert g.to_act == E and c.to_act == N
    assert g.to_record()["actions"] == AUCTION


def test_package_exports() -> None:
    assert {"Game", "Match", "Rules", "IllegalAction", "RecordError", "Action"} <= \
        set(twentyeight.__all__)


@pytest.mark.parametrize("action", [Action(3, "bid", None), Action(3, "bid", "abc"),
                                    Action(3, "fly", "x"), Action(3, "play", "ZZ")])
def test_malformed_action_objects_are_illegal(action: Action) -> None:
    g = game("28", S, DEAL, AUCTION)
    before = g.to_record()
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g.to_record() == before


def test_unfinished_trick_stays_in_the_result() -> None:
    """A hand annulled inside a trick (28-ANN-2 at an ask) still shows the cards of that trick."""
    hands = {S: "7H JH 9H 7C AH 8S KD QD", N: "TH KH QH 8H JC JS AD TD",
             E: "8C KC 9S AS TS 9D JD 8D", W: "9C AC TC QC KS QS 7S 7D"}
    g = game("28", W, hands, ["2 bid 14", "3 pass", "0 pass", "1 pass", "2 trump 7H", "2 pass",
                              "0 pass", "2 play 7C", "3 play 8C", "0 play JC", "1 play 9C",
                              "0 play JS", "1 play KS", "2 play 8S", "3 play 9S",
                              "0 play TH", "1 play 7D", "2 play 9H", "3 ask"])
    r = g.result()
    assert r["status"] == "annulled"
    assert r["trick"] is not None and r["trick"]["cards"] == ["TH", "7D", "9H"]
