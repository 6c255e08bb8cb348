"""``benchmarks/lookahead.py``: a card scored with the player's next card chosen once for the
deals it cannot tell apart, and ``benchmarks/defence_errors.py``'s paired comparison.

The look-ahead can only lose against the expert's reading (the next card chosen per deal):
for a defender its share of deals made is never below the solver's share after the same card,
and the two are equal where every deal is seen apart (one deal).  Positions are hands of 28
played by ``rules`` (28-PLAY-1…, the engine's rules; the solver's values are checked against
the reference engines in the solver's own tests).
"""

from __future__ import annotations

import importlib
import json
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from twentyeight import Game
from twentyeight.bots import make_bot
from twentyeight.bots.pimc import solve_limited
from twentyeight.bots.sampling import Sampler
from twentyeight.engine.state import PLAY

ROOT = Path(__file__).resolve().parent.parent


def benchmark(name: str) -> ModuleType:
    """A module of ``benchmarks/`` (which import each other by their plain names)."""
    path = str(ROOT / "benchmarks")
    if path not in sys.path:
        sys.path.insert(0, path)
    return importlib.import_module(name)


def defender_to_act(seed: int, tricks: int) -> Game:
    """A hand of 28 played by ``rules`` at every seat until ``tricks`` tricks are done and a
    defender is to play."""
    g = Game.new("28", seed=seed, dealer=seed % 4)
    bots = [make_bot("rules", seed=s) for s in range(4)]
    while not g.over:
        h = g.hand
        seat = g.to_act
        assert seat is not None
        if h.phase == PLAY and len(h.tricks) >= tricks and not h.bid_side[seat]:
            return g
        g.apply(bots[seat].act(g.view(seat)))
    pytest.skip("the hand ended before a defender's card")        # pragma: no cover


def test_a_group_must_share_its_next_card() -> None:
    """Two deals seen alike whose best next cards differ: the look-ahead keeps one card for
    both (a defender: the contract made in one of them), where choosing per deal beats it in
    both."""
    la = benchmark("lookahead")
    card = la._Card()
    card.groups[("seen",)] = [(0.5, {"A": False, "B": True}), (0.5, {"A": True, "B": False})]
    assert card.score(minimising=True) == pytest.approx(0.5)
    card.groups[("seen",)] = [(0.5, {"A": False, "B": True})]
    card.groups[("other",)] = [(0.5, {"A": True, "B": False})]
    assert card.score(minimising=True) == pytest.approx(0.0)
    assert card.score(minimising=False) == pytest.approx(1.0)


@pytest.mark.parametrize("seed", [3, 8])
def test_the_look_ahead_never_scores_a_card_better_than_the_solver(seed: int) -> None:
    """On sampled deals of a defender's position after four tricks: each card's look-ahead
    share of deals made is at least the deals' share made after it with every card seen, and
    equal to it on a single deal."""
    la = benchmark("lookahead")
    g = defender_to_act(seed, 4)
    seat = g.to_act
    assert seat is not None
    view = g.view(seat)
    worlds = Sampler(view).sample(8, random.Random(seed))
    goal = view["target"]
    cards = g.legal_actions()
    helper = make_bot("rules", seed=0)
    budget = la.Budget(total=10**9, each=10**8)
    found = la.look_scores(worlds, cards, goal, budget, helper, minimising=True)
    assert found is not None and found[1] == len(worlds)
    scores = found[0]
    weight = sum(w.weight for w in worlds)
    for card in cards:
        solver = 0.0
        for w in worlds:
            values, _, _ = solve_limited(w.hand.copy(), 10**8, made_only=True, goal_points=goal)
            code = next(c for c in values if w.hand.action(seat, c) == card)
            solver += w.weight * bool(values[code])
        assert scores[card] >= solver / weight - 1e-9
    one = la.look_scores(worlds[:1], cards, goal, la.Budget(10**9, 10**8), helper, True)
    assert one is not None
    for card in cards:
        values, _, _ = solve_limited(worlds[0].hand.copy(), 10**8, made_only=True,
                                     goal_points=goal)
        code = next(c for c in values if worlds[0].hand.action(seat, c) == card)
        assert one[0][card] == float(bool(values[code]))


def test_paired_errors_count_each_side_alone() -> None:
    """The comparison of two runs counts the positions where only one errs, over the
    positions they share."""
    de = benchmark("defence_errors")
    a = [{"record": "r", "index": i, "error": e} for i, e in enumerate([1, 1, 0, 0, 1])]
    b = [{"record": "r", "index": i, "error": e} for i, e in enumerate([1, 0, 1, 0])]
    text = de.paired(a, b)
    assert "over 4 answers" in text
    assert "errors only here 1, only there 1" in text
    assert "difference +0.0%" in text


def test_paired_errors_over_seeds_give_an_interval_from_their_spread() -> None:
    """With several seeds the difference's interval comes from the per-seed differences: here
    one more error in each of three seeds' four positions (+25% each) gives a zero-width
    interval at +25%."""
    de = benchmark("defence_errors")
    a = [{"seed": s, "record": "r", "index": i, "error": i == 0} for s in (1, 2, 3)
         for i in range(4)]
    b = [{"seed": s, "record": "r", "index": i, "error": False} for s in (1, 2, 3)
         for i in range(4)]
    assert de.paired(a, b).endswith("[+25.0%, +25.0%] over 3 seeds")


@pytest.mark.parametrize("declarer", [False, True])
def test_critical_positions_are_those_where_the_side_to_act_has_a_right_and_a_wrong_card(
        tmp_path: Path, declarer: bool) -> None:
    """``defence_errors.critical_positions`` (``--declarer`` for the bidding side): at each
    position the side to act holds ``declarer``'s side, and on the real deal every card
    named right keeps that side's result (the contract beaten for a defender, made for the
    bidding side, 28-SCORE-2) while every other legal card loses it."""
    de = benchmark("defence_errors")
    for seed in range(11, 21):
        g = Game.new("28", seed=seed, dealer=seed % 4)
        bots = [make_bot("rules", seed=s) for s in range(4)]
        while not g.over:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].act(g.view(seat)))
        (tmp_path / f"deal-{seed:05d}-0.json").write_text(json.dumps(g.to_record()))
    found = de.critical_positions([tmp_path], tricks=2, declarer=declarer)
    assert found
    for p in found:
        game = de._game_at(json.loads(Path(p.record).read_text()), p.index)
        h = game.hand
        seat = h.to_act
        assert seat is not None and h.phase == PLAY and h.bid_side[seat] == declarer
        values, _, _ = solve_limited(h.copy(), de.NODES, made_only=True)
        for code, made in values.items():
            right = str(h.action(seat, code)) in p.right
            assert right == (bool(made) == declarer)
