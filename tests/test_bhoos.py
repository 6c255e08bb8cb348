"""The rules of the public 29 bot competition (BOT-PROTOCOL.md §7), preset ``bhoos-29``.

Seats are in turn order; the first hand (``playerIds[1]`` in the real traces) opens.
"""

from __future__ import annotations

import random

from helpers import illegal_reason, legal
from twentyeight import Game, Rules


def test_preset_has_the_competition_rules() -> None:
    """§7.3, §7.8: trump named as a suit, no pair, no last-trick point, bids 16–28."""
    r = Rules.from_spec("bhoos-29")
    assert (r.trump_indicator, r.pair_rule, r.last_trick_bonus) == ("suit", False, False)
    assert (r.min_bid, r.max_bid, r.auction_procedure) == (16, 28, "duel")
    assert r.trump_effect_in_reveal_trick == "whole_trick"       # §7.6


def test_duel_defender_matches_then_wins() -> None:
    """§7.2 real trace: [[Bot 0,16],[p,0],[Bot 1,17],[Bot 0,17],[Bot 1,0],[g,0]] → Bot 0 at 17."""
    g = Game.new("bhoos-29", seed=1, dealer=3)
    assert g.to_act == 0 and not any(a.verb == "pass" for a in g.legal_actions())
    for action in ("0 bid 16", "1 pass", "2 bid 17"):
        g.apply(action)
    assert legal(g) == {"0 bid 17", "0 pass"}                      # match or give way
    assert illegal_reason(g, "0 bid 18")
    g.apply("0 bid 17")
    assert g.to_act == 2 and "2 bid 17" not in legal(g) and "2 bid 18" in legal(g)
    g.apply("2 pass")
    g.apply("3 pass")
    r = g.result()
    assert (r["bidder"], r["contract"], r["phase"]) == (0, 17, "trump")


def test_duel_challenger_takes_over() -> None:
    """§7.2 real trace: [[d,16],[Bot 1,17],[d,0],[K,0],[Bot 0,0]] → Bot 1 wins at 17."""
    g = Game.new("bhoos-29", seed=2, dealer=3)
    for action in ("0 bid 16", "1 bid 17", "0 pass", "2 pass", "3 pass"):
        g.apply(action)
    r = g.result()
    assert (r["bidder"], r["contract"]) == (1, 17)


def _positions(seeds: range) -> list[tuple[Game, bool]]:
    """Asker turns right after a reveal with a trump on the table: (game, opponent winning)."""
    found = []
    for seed in seeds:
        g = Game.new("bhoos-29", seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        while not g.over:
            h = g.hand
            seat = g.to_act
            if (h.revealed and h.asker == seat and h.trick_cards and seat is not None
                    and g.view(seat)["history"][-1] in (f"{seat} ask", f"{seat} reveal")):
                trump = g.result()["trump"]
                on_table = [c for c in g.result()["trick"]["cards"] if c[1] == trump]
                mine = [c for c in g.view(seat)["hand"] if c[1] == trump]
                if on_table and mine:
                    from twentyeight.engine.play import trick_winner
                    winner = h.trick_seats[trick_winner(h)]
                    found.append((g.copy(), winner % 2 != seat % 2))
            choices = g.legal_actions()
            asks = [a for a in choices if a.verb in ("ask", "reveal")]
            g.apply(asks[0] if asks and rng.random() < 0.7 else rng.choice(choices))
    return found


def test_revealer_must_overtrump_an_opponent() -> None:
    """§7.5: a revealer holding trumps plays one; over an opponent's trump, a higher one if he
    can; over his partner's, any trump."""
    seen = {True: 0, False: 0}
    for g, opponent_winning in _positions(range(700)):
        seat = g.to_act
        assert seat is not None
        trump = g.result()["trump"]
        mine = [c for c in g.view(seat)["hand"] if c[1] == trump]
        table = [c for c in g.result()["trick"]["cards"] if c[1] == trump]
        top = max("J9ATKQ87"[::-1].index(c[0]) for c in table)
        higher = {c for c in mine if "J9ATKQ87"[::-1].index(c[0]) > top}
        plays = {a.arg for a in g.legal_actions() if a.verb == "play"}
        expected = higher if opponent_winning and higher else set(mine)
        assert plays == expected, (g.to_record(), plays, expected)
        seen[opponent_winning and bool(higher)] += 1
    assert seen[True] >= 3 and seen[False] >= 3
