"""The ``rules`` player: legal under every preset, deterministic, and sensible where the
heuristic choice is clear."""

from __future__ import annotations

import random

import pytest

from helpers import N29, W29, E, game
from twentyeight import PRESETS, Game
from twentyeight.bots import bot_names, make_bot


def play_hand(preset: str, seed: int, names: list[str]) -> tuple[Game, int]:
    """One hand of ``preset`` with the bots ``names`` (cycled over the seats); every answer
    must be legal.  Returns the game and the number of decisions the ``rules`` bots took."""
    g = Game.from_record({"rules": preset, "dealer": seed % 3, "seed": seed})
    n = g.rules.num_players
    bots = [make_bot(names[s % len(names)], seed=seed * 10 + s) for s in range(n)]
    decisions = 0
    while not g.over:
        seat = g.to_act
        assert seat is not None
        view = g.view(seat)
        action = bots[seat].act(view)
        assert action in view["legal"], (preset, action, view["legal"])
        decisions += bots[seat].name == "rules"
        g.apply(action)
    return g, decisions


@pytest.mark.parametrize("preset", list(PRESETS))
def test_only_legal_actions_under_every_preset(preset: str) -> None:
    rng = random.Random(preset)
    decisions = 0
    for k in range(8):
        names = ["rules"] if k % 2 == 0 else ["rules", "random"]
        decisions += play_hand(preset, rng.getrandbits(32), names)[1]
    assert decisions >= 100                      # thousands over the 17 presets


def test_deterministic() -> None:
    for preset in ("28", "29", "56"):
        one = play_hand(preset, 7, ["rules"])[0].to_record()
        two = play_hand(preset, 7, ["rules"])[0].to_record()
        assert one == two
    g = Game.new("28", seed=3)
    view = g.view(g.to_act)
    assert len({make_bot("rules", seed=s).act(view) for s in range(5)}) == 1


def to_play(g: Game, plays: list[str]) -> Game:
    """Pass every window up to the first lead, then play ``plays`` (asking for nothing)."""
    while g.view(0)["phase"] != "play":
        g.apply(next(a for a in g.legal_actions() if a.verb == "pass"))
    for p in plays:
        g.apply(p)
    return g


# 28 (anticlockwise: N=0, W=1, S=2, E=3), dealer E so N leads; N bids 14 and trumps the 7H.
THROW = {0: "7S 8H 7H 7D 8D 7C 8C QH", 1: "JS 9S AS TS KD QD 9D AD",
         2: "8S QS KS 9C AC TC KC QC", 3: "JH 9H AH TH KH JD TD JC"}
CHEAP = {0: "QC 7S 8S QS 8C 7H 8H QH", 1: "7C KS AS TS 9S KH AH TH",
         2: "KC 7D 8D QD KD AD TD JD", 3: "JC 9C AC TC JS JH 9H 9D"}


def test_throws_a_jack_to_the_partner_who_has_won_the_trick() -> None:
    g = game("28", E, THROW, ["0 bid 14", "1 pass", "2 pass", "3 pass", "0 trump 7H"])
    to_play(g, ["0 play 7S", "1 play JS", "2 play 8S"])
    action = make_bot("rules", seed=1).act(g.view(E))
    assert action.split()[1:] in (["play", "JH"], ["play", "JD"], ["play", "JC"])


def test_wins_cheaply_with_the_lowest_winning_card() -> None:
    g = game("28", E, CHEAP, ["0 bid 14", "1 pass", "2 pass", "3 pass", "0 trump 7S"])
    to_play(g, ["0 play QC", "1 play 7C", "2 play KC"])
    assert make_bot("rules", seed=1).act(g.view(E)) == "3 play TC"


def test_bidder_does_not_lead_the_hidden_trump() -> None:
    # 29 (clockwise: N=0, E=1, S=2, W=3) has no bidder restriction, so only judgement stops it
    hands = {0: "JH 9H AH TH KH 7S 8D 7C", 1: "JS 9S AS TS QH 8H 7H 8S",
             2: "JD 9D AD TD KD QD 7D KS", 3: "JC 9C AC TC KC QC 8C QS"}
    g = game("29", W29, hands, ["0 bid 15", "1 pass", "2 pass", "3 pass", "0 trump H"])
    to_play(g, [])
    action = make_bot("rules", seed=1).act(g.view(N29))
    assert action.split()[1] == "play" and action[-1] != "H", action


def test_beats_random_and_the_first_rules_player() -> None:
    from twentyeight.arena import run_arena

    rep = run_arena(["rules", "random"], deals=40, rules="28", seed=2, workers=1)
    assert rep["diff"]["ci95"][0] > 0
    assert {"rules", "rules-v1"} <= set(bot_names())



def test_bots_that_see_the_deal_are_refused_at_a_table() -> None:
    """Issue 10 item 4: ``oracle`` must be bound to the real deal, so no table offers it."""
    from twentyeight.bots import BotError, table_bot_class, table_bot_names

    assert "oracle" in bot_names() and "oracle" not in table_bot_names()
    assert {"random", "rules", "pimc"} <= set(table_bot_names())
    with pytest.raises(BotError, match="sees every hand"):
        table_bot_class("oracle")
    assert table_bot_class("rules").name == "rules"
