"""``benchmarks/auction_screen.py``: the actions before the first card are exactly the start
of the deal the arena plays (same bots, same seeds), and pooling counts unchanged deals as 0."""

from __future__ import annotations

import pytest

from test_lookahead import benchmark
from twentyeight.arena import play_deal, seatings
from twentyeight.engine.state import PLAY
from twentyeight.game import Game
from twentyeight.rules import Rules


@pytest.mark.parametrize("preset", ["28", "29", "bhoos-29", "56"])
def test_the_screen_stops_at_the_first_card_of_the_arenas_own_deal(preset: str) -> None:
    screen = benchmark("auction_screen")
    rules = Rules.from_spec(preset)
    config = {"bots": ["rules", "random"], "rules": rules.to_spec(), "seed": 11,
              "budget": None, "save": True}
    for index in range(3):
        starts = screen.before_play(config, index)
        full = play_deal(config, index)
        assert len(starts) == len(full["plays"]) == len(seatings(rules.teams))
        for start, play in zip(starts, full["plays"], strict=True):
            record = play["record"]
            actions = [str(a) for a in record["actions"]]
            assert actions[:len(start)] == start
            game = Game.from_record({**record, "actions": start})
            assert game.over or game.hand.phase == PLAY
            assert all(Game.from_record({**record, "actions": start[:k]}).hand.phase != PLAY
                       for k in range(len(start)))


def test_pooling_counts_every_unchanged_deal_as_nothing() -> None:
    screen = benchmark("auction_screen")
    runs = [{"deals": 4, "changed": [1, 3], "per_deal": {"1": 2.0, "3": 0.0}},
            {"deals": 2, "changed": [0], "per_deal": {"0": -1.0}}]
    p = screen.pooled(runs)
    assert (p["deals"], p["changed"], p["differ"]) == (6, 3, 2)
    assert p["a_minus_b"]["mean"] == pytest.approx(1.0 / 6)
