"""Judging a claim of the remaining tricks (issue 15): the server's search against a brute
force over the engine itself.  A claim is certain exactly when the claimer's side has a way of
play that wins every remaining trick whatever the other seats play (28-PLAY-4 decides each
trick; the engine plays every card); an agreed line wins every trick with every seat playing
into it."""

from __future__ import annotations

import random

from twentyeight import Game
from twentyeight.engine.state import PLAY
from twentyeight.server.claims import agreed_line, judge, side_of


def sweeps(game: Game, side: frozenset[int], forced: bool) -> bool:
    """Brute force on engine copies: can ``side`` take every remaining trick?"""
    hand = game.hand
    if hand.over:
        return hand.status != 2                           # annulled: no sweep
    seat = hand.to_act
    assert seat is not None
    outcomes = []
    for action in game.legal_actions():
        if action.verb in ("pair", "concede"):
            continue
        g = game.copy()
        tricks = len(g.hand.tricks)
        g.apply(action)
        lost = len(g.hand.tricks) > tricks and g.hand.tricks[-1][3] not in side
        outcomes.append(not lost and sweeps(g, side, forced))
    if forced and seat not in side:
        return all(outcomes)
    return any(outcomes)


def positions(seeds: range, tricks_left: int) -> list[Game]:
    """Play positions of seeded random deals with at most ``tricks_left`` tricks to play."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        g = Game.new("28", seed=seed, dealer=seed % 4)
        while not g.over:
            h = g.hand
            if h.phase == PLAY and len(g.view(h.to_act)["hand"]) <= tricks_left:
                out.append(g.copy())
            g.apply(rng.choice(g.legal_actions()))
    return out


def test_a_certain_claim_is_exactly_a_forced_sweep() -> None:
    games = positions(range(40), 2)
    certain = 0
    for g in games:
        seat = g.hand.to_act
        side = side_of(g.hand, seat)
        found = judge(g.hand.copy(), seat, 100_000) is not None
        assert found == sweeps(g, side, forced=True), g.to_record()
        certain += found
    assert 0 < certain < len(games)                  # both answers occur


def test_an_agreed_line_sweeps_when_any_play_can() -> None:
    for g in positions(range(40, 70), 2):
        seat = g.hand.to_act
        side = side_of(g.hand, seat)
        line = agreed_line(g.hand.copy(), seat, 100_000)
        assert (line is not None) == sweeps(g, side, forced=False)
        if line is not None:                          # and playing it does sweep
            play = g.copy()
            start = len(play.hand.tricks)
            for code in line:
                h = play.hand
                play.apply(h.action(h.to_act, code))
            assert play.over and all(t[3] in side for t in play.hand.tricks[start:])
