"""The typed view contract (issue 10 item 6): every view the engine gives has exactly the fields
of ``twentyeight.views.View`` (and of its nested ``TypedDict`` parts), and docs/views.md
documents each of them, so the type, the data and the documentation cannot drift apart."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from twentyeight import Game, Rules
from twentyeight.views import (
    BelowHalf,
    CompletedTrick,
    CurrentTrick,
    HandOutcome,
    ScoreChange,
    ShownPair,
    SidePoints,
    Stake,
    View,
)

DOC = Path(__file__).resolve().parent.parent / "docs" / "views.md"


def _keys(typed: Any) -> set[str]:
    """Every field of a ``TypedDict`` (``views.py`` postpones its annotations, so at run time
    ``NotRequired`` is not told apart: ``result`` is the one such field)."""
    return set(typed.__annotations__)


def _check(view: dict[str, Any]) -> None:
    over = view["phase"] == "over"
    assert set(view) == _keys(View) - ({"result"} if not over else set())
    if view["trick"] is not None:
        assert set(view["trick"]) == _keys(CurrentTrick)
    for trick in view["tricks"]:
        assert set(trick) == _keys(CompletedTrick)
    assert set(view["points"]) == _keys(SidePoints)
    if view["pair"] is not None:
        assert set(view["pair"]) == _keys(ShownPair)
    if view["stake"] is not None:                      # (the two last where tables play them)
        assert {"win", "loss"} <= set(view["stake"]) <= _keys(Stake)
        if "below_half" in view["stake"]:
            assert set(view["stake"]["below_half"]) == _keys(BelowHalf)
    if "result" in view:
        assert set(view["result"]) == _keys(HandOutcome)
        assert set(view["result"]["score_change"]) == _keys(ScoreChange)


@pytest.mark.parametrize("preset", ["28", "29", "28-3p", "40", "56", "56-kerala", "bhoos-29"])
def test_every_view_has_exactly_the_fields_of_view(preset: str) -> None:
    """RULES.md §2.20: random games, every seat's view at every step, to the end."""
    n = Rules.from_spec(preset).num_players
    for seed in range(6):
        rng = random.Random(seed)
        g = Game.new(preset, seed=seed, dealer=seed % n)
        while True:
            for seat in range(n):
                _check(dict(g.view(seat)))
            if g.over:
                break
            g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("preset", ["28", "29", "28-6p-kerala", "40", "56",
                                    "56-international", "56-kerala", "28-wiki", "28-bengal",
                                    {"preset": "28", "cot": True},
                                    {"preset": "28", "single_hand": True, "thani": True},
                                    {"preset": "40", "single_hand": True, "thani": True}])
def test_the_stake_a_view_tells_is_what_the_hand_scores(preset: Any) -> None:
    """``stake``: what the contract as it stands wins made and loses failed (RULES.md §2.17
    tiers, 28-DBL-3 and 28-DBL-7; RULES-56.md 56-SC-2 and 56-SC-4) — in random hands, with
    their random doubles, redoubles and 'C', the view's stake at the last card is what the hand
    then scores: the win to the bidding side (every trick's, 28-COT-1, where Cot is played),
    or the loss from it, or to the opponents where the stake says so (``opponents_gain``: a
    failed contract is their gain, 40-6 and 6PK-6, or the score sheet's, 56-MATCH-2); the loss
    under half the bid's points, A-14, where the table plays it).  A single hand's or a
    Thani's stake is its own (28-SH-4, 28-TH-3, 40-6): every trick wins it."""
    n = Rules.from_spec(preset).num_players
    outcomes = set()
    for seed in range(40):
        rng = random.Random(seed)
        g = Game.new(preset, seed=seed, dealer=seed % n)
        stake = None
        while not g.over:
            stake = g.view(0)["stake"]
            g.apply(_low_bidding(g, rng))
        view = g.view(0)
        undertaking = view["special"] in ("single_hand", "thani")
        if view["status"] != "complete" or (view["special"] is not None and not undertaking):
            assert view["stake"] is None
            continue
        assert stake is not None and view["stake"] == stake
        if undertaking:
            outcomes.add(view["special"])
        change, made = view["result"]["score_change"], view["result"]["made"]
        if any(action.endswith(" concede") for action in view["history"]):
            continue                            # (a Cot's answer is scored by 28-COT-3/4)
        taken = view["points"]["bidding"]
        side = next(team for team in view["teams"] if view["bidder"] in team)
        every = "all_tricks" in stake and all(t["winner"] in side for t in view["tricks"])
        short = stake.get("below_half")
        if made:
            won = stake["all_tricks"] if every else stake["win"]
            assert change["bidding"] == won, (seed, stake, change)
        else:
            lost = short["loss"] if short and taken < short["points"] else stake["loss"]
            if stake.get("opponents_gain"):             # 40-6, 6PK-6, 56-MATCH-2
                assert (change["bidding"], change["opponents"]) == (0, lost), (seed, change)
            else:
                assert change["bidding"] == -lost, (seed, stake, change)
        outcomes.add((made, view["multiplier"]))
    assert {made for made, _ in (o for o in outcomes if isinstance(o, tuple))} == \
        {True, False}, outcomes
    if isinstance(preset, dict) and preset.get("thani"):
        assert {"single_hand", "thani"} <= outcomes, outcomes


def _low_bidding(g: Game, rng: random.Random) -> Any:
    """A random action, but mostly a pass or the least bid (uniformly random bids are so high
    that random play never makes them), so that contracts are made and failed."""
    legal = g.legal_actions()
    passes = [a for a in legal if a.verb == "pass"]
    bids = [a for a in legal if a.verb == "bid"]
    if rng.random() < 0.2 or not (passes or bids):
        return rng.choice(legal)
    if passes and (rng.random() < 0.6 or not bids):
        return passes[0]
    return bids[0]


def test_56_sc_4_a_redoubled_contract_of_30_stakes_three_and_four_tables() -> None:
    """56-SC-2 and 56-SC-4 (additive): 28–39 wins 1 table and loses 2; doubled 2 and 3,
    redoubled 3 and 4; before the auction's end there is no stake."""
    g = Game.from_record({"rules": "56", "dealer": 5, "hands": [
        ["JH", "9H", "AH", "KH", "JS", "TS", "AD", "QD"],
        ["JH", "QH", "JS", "9S", "AS", "KS", "JD", "TD"],
        ["TH", "KH", "QS", "JC", "9C", "AC", "9D", "KD"],
        ["9H", "9S", "TS", "JC", "TC", "KC", "AD", "QD"],
        ["AH", "QH", "AS", "KS", "9C", "QC", "JD", "9D"],
        ["TH", "QS", "AC", "TC", "KC", "QC", "TD", "KD"]]})
    for action in ["0 bid 30H", "1 double", "2 pass", "3 pass", "4 pass", "5 pass"]:
        g.apply(action)
        assert g.view(0)["stake"] is None
    g.apply("0 redouble")
    assert g.view(3)["stake"] == {"win": 3, "loss": 4}


def test_docs_views_md_documents_every_field() -> None:
    """The field table of docs/views.md names exactly the fields of ``View``, in order."""
    text = DOC.read_text(encoding="utf-8")
    table = text.split("## Fields", 1)[1].split("\n## ", 1)[0]
    documented = re.findall(r"^\| `(\w+)` \|", table, re.M)
    assert documented == list(View.__annotations__)


def test_a_pass_in_the_raise_window_is_marked_as_the_raise_windows() -> None:
    """28-AUC-4 and 28-RAISE-1: the auction's passes are ``auction`` in ``history_phases``;
    after the trump is chosen the bidding side's passes in the raise window are ``raise``
    (what the table tells as "no raise"), and the cards ``play``."""
    g = Game.new("28", seed=5, dealer=0)
    while g.view(0)["phase"] != "play":
        verbs = {a.verb: a for a in g.legal_actions()}
        g.apply(verbs.get("pass") or g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    view = g.view(1)
    steps = list(zip(view["history"], view["history_phases"], strict=True))
    trump_at = next(i for i, (entry, _) in enumerate(steps) if entry.split()[1] == "trump")
    assert steps[:trump_at] and all(phase == "auction" for _, phase in steps[:trump_at])
    assert steps[trump_at][1] == "trump"
    window = steps[trump_at + 1:-1]
    assert [phase for _, phase in window] == ["raise", "raise"], steps
    assert all(entry.endswith(" pass") for entry, _ in window)
    assert steps[-1][0].split()[1] == "play" and steps[-1][1] == "play"


def test_a_bot_reads_the_history_as_actions_as_views_md_says() -> None:
    """docs/views.md: ``twentyeight.bots.history_actions(view)``, another seat's face-down
    trump choice with ``arg`` ``None`` (the bots package did not export it)."""
    from twentyeight.bots import history_actions

    g = Game.new("28", seed=5, dealer=0)
    while g.view(0)["phase"] != "play":
        verbs = {a.verb: a for a in g.legal_actions()}
        g.apply(verbs.get("pass") or g.legal_actions()[0])
    other = (g.view(0)["bidder"] + 1) % 4
    view = g.view(other)
    actions = history_actions(view)
    assert [str(a) for a in actions] == view["history"]
    trump = next(a for a in actions if a.verb == "trump")
    assert trump.seat == view["bidder"] != other and trump.arg is None


def test_an_undertaking_offered_comes_with_its_stake() -> None:
    """The view says what a single hand or a Thani this seat may declare now would win and
    lose (28-SH-4, 28-TH-3; a 56 Thani decides the match: 56-TH-4), so that a player sees it
    before choosing; nothing at another seat's turn, nor to a spectator."""
    from twentyeight.server.public import public_view

    g = Game.new({"preset": "28", "thani": True}, seed=5)
    while g.view(g.to_act)["phase"] != "thani":
        g.apply(g.legal_actions()[-1])
    seat = g.to_act
    assert g.view(seat)["offered_stakes"] == {"thani": {"win": 4, "loss": 5}}
    assert g.view((seat + 1) % 4)["offered_stakes"] is None
    assert public_view(g)["offered_stakes"] is None
    g = Game.new({"preset": "56", "thani_56": True}, seed=5)
    assert g.view(g.to_act)["offered_stakes"] == {"thani": None}
    g = Game.new({"preset": "28", "single_hand": True}, seed=5)
    while g.view(g.to_act)["phase"] != "single_hand":
        g.apply(g.legal_actions()[-1])
    assert g.view(g.to_act)["offered_stakes"] == {"single": {"win": 3, "loss": 3}}
