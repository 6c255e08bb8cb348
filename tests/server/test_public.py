"""The spectators' view: what every non-bidder seat knows, less its own cards (in process)."""

from __future__ import annotations

import random

import pytest

from twentyeight import PRESETS, Game
from twentyeight.engine.actions import Action
from twentyeight.server.public import public_part, public_view, told


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_public_view_is_what_every_non_bidder_knows(preset: str) -> None:
    for seed in range(3):
        game = Game.new(preset, seed=seed, dealer=seed % PRESETS[preset].num_players)
        rng = random.Random(seed)
        n = game.rules.num_players
        while True:
            public = public_view(game)
            bidder = game.hand.bidder
            for seat in range(n):
                if seat != bidder:
                    assert public_part(game.view(seat)) == public
            unplayed = {c for s in range(n) for c in game.view(s)["hand"]}
            unplayed -= {public["indicator"]}                  # exposed: public
            unplayed -= {h.split()[2] for h in public["history"] if " play " in h}  # 2 packs
            if public["pair"]:
                unplayed -= set(public["pair"]["cards"])         # shown: public
            words = set(str(public).replace("'", " ").replace(",", " ").split())
            assert not words & unplayed
            if game.over:
                break
            legal = [str(a) for a in game.legal_actions()]
            done = game.apply(rng.choice(legal))
            if done.verb == "trump" and done.arg is not None and len(done.arg) >= 2:
                masked = told(game, done, public_view(game))
                if not game.view((done.seat + 1) % n)["trump_exposed"]:
                    assert masked == f"{done.seat} trump"
                assert told(game, done, game.view(done.seat)) == str(done)


def test_told_never_guesses() -> None:
    game = Game.new("28", seed=1, dealer=0)
    assert told(game, Action(1, "trump", "7S"), {"history": []}) == "1 trump"
