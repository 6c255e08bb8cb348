"""The sampler, ``pimc`` and ``oracle`` (issue 4, items 4 and 5).

* sampled worlds are always consistent with the view: the deal replays the public history
  legally through the engine (checked here independently, through ``Game.from_record``)
  and gives the seat exactly the observed view — over random positions of several presets;
* ``pimc`` and ``oracle`` only ever return legal actions, under several presets;
* decisions are deterministic for a seed and a budget;
* the node-limited solver agrees with ``twentyeight.solver.solve``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from endings import ending
from test_solver import AUCTION, BIDDER_WINS_ALL, record
from twentyeight import Game
from twentyeight.bots import BotError, make_bot
from twentyeight.bots.pimc import (
    Effort,
    NodeLimit,
    OracleBot,
    PimcBot,
    root_groups,
    solve_limited,
)
from twentyeight.bots.sampling import (
    POINT_GIFT,
    Sampler,
    SamplerError,
    bid_likelihood,
    gift_likelihood,
    strength,
)
from twentyeight.engine.actions import PLAY_LIMIT
from twentyeight.engine.state import PLAY
from twentyeight.record import hands_json
from twentyeight.solver import Position, solve
from twentyeight.solver.reference import brute_force_values
from twentyeight.solver.values import SCALE

PRESETS = ["28", "29", "28-wiki", "28-3p", "28-6p", "56"]


def random_position(preset: str, seed: int) -> Game | None:
    """A hand of ``preset`` played on a random number of decisions (mostly the ``rules``
    bot, sometimes a random action); None if it ended before."""
    rng = random.Random(seed)
    g = Game.new(preset, seed=seed, dealer=seed % 3)
    n = g.hand.n
    bots = [make_bot("rules", seed=seed * 10 + s) for s in range(n)]
    stop = rng.randrange(8 * n + 12)
    for _ in range(stop):
        if g.over:
            return None
        seat = g.to_act
        assert seat is not None
        if rng.random() < 0.75:
            g.apply(bots[seat].act(g.view(seat)))
        else:
            g.apply(rng.choice(g.legal_actions()))
    return None if g.over else g


@pytest.mark.parametrize("preset", PRESETS)
def test_sampled_worlds_are_consistent_with_the_view(preset: str) -> None:
    checked = 0
    hidden = 0
    for k in range(40):
        g = random_position(preset, 1000 + k)
        if g is None:
            continue
        rng = random.Random(k)
        seat = rng.randrange(g.hand.n)
        observed = g.view(seat)
        worlds = Sampler(observed).sample(3, rng)
        assert worlds, f"no world found for seed {1000 + k}, seat {seat}"
        for w in worlds:
            # independently: the deal with the replayed actions is a legal record ...
            record: dict[str, Any] = {
                "rules": g.rules.to_spec(), "dealer": observed["dealer"],
                "hands": hands_json(g.rules, [list(d) for d in w.deal]),
                "scores": observed["scores"],
                "actions": [str(a) for a in w.hand.history_actions()]}
            replayed = Game.from_record(record)
            # ... that shows this seat exactly what it saw
            assert replayed.view(seat) == observed
            assert w.view(seat) == observed
            assert w.weight > 0
            checked += 1
            hidden += w.deal != g.hand.deal
    assert checked >= 30
    assert hidden > 0                                  # the worlds are not just the real deal


def rules_to_third_trick() -> Game:
    """A hand of 28 (seed 11, dealer 3) played by ``rules`` at every seat until three tricks
    are done (or the hand is over)."""
    g = Game.new("28", seed=11, dealer=3)
    bots = [make_bot("rules", seed=s) for s in range(4)]
    while not g.over and (g.hand.phase != PLAY or len(g.hand.tricks) < 3):
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].act(g.view(seat)))
    return g


def test_sampler_respects_voids_and_hidden_trump() -> None:
    """A non-bidder's worlds put no card of a suit with a player who showed out of it, and
    vary the hidden trump (28)."""
    g = rules_to_third_trick()
    assert not g.over
    seat = (g.hand.bidder + 1) % 4
    v = g.view(seat)
    sampler = Sampler(v)
    worlds = sampler.sample(40, random.Random(3))
    assert len(worlds) == 40
    deck = g.rules.deck
    for w in worlds:
        for s, suits in enumerate(sampler.voids):
            for c in range(deck.size):
                if w.hand.hands[s] >> c & 1:
                    assert deck.suit_of[c] not in suits
    if not g.hand.revealed:
        assert len({w.hand.trump for w in worlds}) > 1


def test_pinned_cards_are_in_every_world_and_a_card_seen_elsewhere_cannot_be_pinned() -> None:
    """``Sampler.pin`` (28, third trick): the partner's real cards pinned are its hand in every
    world drawn, the worlds still give the seat its view, and a card the seat holds itself
    (or one more card than the partner holds) is refused with a clear error."""
    g = rules_to_third_trick()
    seat = (g.hand.bidder + 1) % 4
    partner = (seat + 2) % 4
    deck = g.rules.deck
    real = [c for c in range(deck.size) if g.hand.hands[partner] >> c & 1]
    sampler = Sampler(g.view(seat))
    sampler.pin(partner, real)
    worlds = sampler.sample(20, random.Random(5))
    assert len(worlds) == 20
    assert all(w.hand.hands[partner] == g.hand.hands[partner] for w in worlds)
    assert all(w.view(seat) == g.view(seat) for w in worlds)
    mine = next(c for c in range(deck.size) if g.hand.hands[seat] >> c & 1)
    with pytest.raises(SamplerError, match="cannot be in seat"):
        Sampler(g.view(seat)).pin(partner, [mine])
    other = next(c for c in range(deck.size) if g.hand.hands[g.hand.bidder] >> c & 1)
    with pytest.raises(SamplerError, match="cannot be in seat"):
        sampler.pin(partner, [other])                   # the partner's hand is full


def test_likelihood_model() -> None:
    assert bid_likelihood(22.0, 16, 16) > bid_likelihood(14.0, 16, 16)
    assert bid_likelihood(14.0, None, 16) > bid_likelihood(22.0, None, 16)
    rules = Game.new("28", seed=1).rules
    deck = rules.deck
    jacks = [deck.copies_of(n)[0] for n in ("JS", "JH", "9S", "9H")]
    sevens = [deck.copies_of(n)[0] for n in ("7S", "7H", "8S", "8H")]
    assert strength(rules, jacks) > strength(rules, sevens)


def test_play_likelihood_a_point_card_given_to_the_opponents() -> None:
    """The sampler's play model: following a trick the other side is winning, a card with
    points is unlikely while a pointless card of the suit led was legal (28-PLAY-2 makes
    seat 1 follow hearts; seat 0's J♥ leads)."""
    g = Game.from_record(record("28", 3, BIDDER_WINS_ALL, [*AUCTION, "0 play JH"]))
    h = g.hand
    legal = h.legal_codes()
    code = {h.describe(c).split()[1]: c for c in legal if c < PLAY_LIMIT}
    assert gift_likelihood(h, 1, code["AH"], legal) == POINT_GIFT     # an ace to the enemy
    assert gift_likelihood(h, 1, code["9H"], legal) == POINT_GIFT     # 9♥ does not beat J♥
    assert gift_likelihood(h, 1, code["7H"], legal) == 1.0            # no points given
    g.apply("1 play 7H")
    h = g.hand                                                        # seat 2: partner wins
    legal = h.legal_codes()
    assert {gift_likelihood(h, 2, c, legal) for c in legal if c < PLAY_LIMIT} == {1.0}
    g.apply("2 play 7C")
    h = g.hand                                  # seat 3: a club was thrown in, no inference
    legal = h.legal_codes()
    assert {gift_likelihood(h, 3, c, legal) for c in legal if c < PLAY_LIMIT} == {1.0}


def play_game(preset: str, seed: int, names: list[str], budget: float) -> int:
    """Play a hand with the named bots at the seats; return the number of decisions."""
    g = Game.new(preset, seed=seed, dealer=seed % 3)
    bots = [make_bot(names[s % len(names)], seed=seed + s, budget=budget)
            for s in range(g.hand.n)]
    decisions = 0
    while not g.over:
        seat = g.to_act
        assert seat is not None
        bot = bots[seat]
        if isinstance(bot, OracleBot):
            bot.bind(g)
        view = g.view(seat)
        action = bot.act(view)
        assert action in view["legal"], (preset, seed, seat, action)
        g.apply(action)
        decisions += 1
    return decisions


@pytest.mark.parametrize("preset", [*PRESETS, "28-pagat", "40"])
def test_pimc_and_oracle_play_only_legal_actions(preset: str) -> None:
    decisions = 0
    for seed in range(3):
        decisions += play_game(preset, seed, ["pimc", "oracle", "rules"], budget=0.03)
    assert decisions > 20


def test_pimc_searches_and_is_deterministic() -> None:
    g = Game.new("28", seed=21, dealer=1)
    views = []
    bots = [make_bot("rules", seed=s) for s in range(4)]
    while not g.over:
        seat = g.to_act
        assert seat is not None
        views.append(g.view(seat))
        g.apply(bots[seat].act(views[-1]))
    views = views[::2]
    first = make_bot("pimc", seed=5, budget=0.05)
    assert isinstance(first, PimcBot)
    answers = [first.act(v) for v in views]
    assert first.stats["searched"] > 0
    again = make_bot("pimc", seed=5, budget=0.05)
    assert [again.act(v) for v in reversed(views)] == answers[::-1]   # order does not matter
    for budget in (0.01, 0.2):                                         # other budgets: legal
        bot = make_bot("pimc", seed=5, budget=budget)
        assert all(bot.act(v) in v["legal"] for v in views[-8:])


def test_effort_grows_with_the_budget() -> None:
    small, default, large = Effort.of(0.01), Effort.of(None), Effort.of(3.0)
    assert small.samples <= default.samples <= large.samples
    assert small.nodes < default.nodes < large.nodes
    assert small.rollouts <= default.rollouts <= large.rollouts
    assert default == Effort.of(1.0)


def test_oracle_needs_the_game() -> None:
    g = Game.new("28", seed=2, dealer=3)
    bot = make_bot("oracle", seed=1, budget=0.05)
    with pytest.raises(BotError):
        bot.act(g.view(g.to_act or 0))
    other = Game.new("28", seed=3, dealer=3)
    other.apply(other.legal_actions()[0])
    assert isinstance(bot, OracleBot)
    bot.bind(other)
    with pytest.raises(BotError):
        bot.act(g.view(g.to_act or 0))
    with pytest.raises(BotError):
        bot.bind(object())


def test_limited_solver_agrees_with_the_solver() -> None:
    rng = random.Random(4)
    for seed in range(6):
        g = Game.new("28" if seed % 2 else "29", seed=seed, dealer=seed % 4)
        h = g.hand
        while not h.over and (h.phase != PLAY or len(h.tricks) < 5):
            h.step(rng.choice(h.legal_codes()))
        if h.over:
            continue
        sol = solve(h)
        values, tgt, _ = solve_limited(h, 10**7)
        made, _, _ = solve_limited(h, 10**7, made_only=True)
        assert tgt == sol.target
        for name, scaled in sol.scaled.items():
            code = next(c for c in h.legal_codes() if f"{h.to_act} {h.describe(c)}" == name)
            is_made = scaled >= SCALE * tgt
            assert values[code] == scaled + (1000 if is_made else 0)
            assert made[code] == (1000 if is_made else 0)


def test_cards_with_a_card_still_out_between_them_are_searched_apart() -> None:
    """K♣ and 7♣ are worth no card points, but with Q♣ and 8♣ still out the king beats what
    the seven does not: ``solve_limited`` keeps them in separate groups (it searches one card
    of a group of equivalent cards) and they get their own, different values."""
    h = ending("28", 201, 3)
    assert h is not None
    names = h.t.deck.names
    groups = [[names[c] for c in g] for g in root_groups(Position.from_hand(h), h.legal_codes())]
    assert ["KC"] in groups and ["7C"] in groups
    values, _, _ = solve_limited(h.copy(), 10**7)
    want = brute_force_values(h)
    code = {names[c]: c for c in h.legal_codes() if c < PLAY_LIMIT}
    assert want[code["KC"]] != want[code["7C"]]
    for card in ("KC", "7C"):
        assert values[code[card]] % 1000 == want[code[card]]


def test_node_limit() -> None:
    rng = random.Random(1)
    for seed in range(20):
        h = Game.new("28", seed=seed, dealer=3).hand
        while not h.over and h.phase != PLAY:
            h.step(rng.choice(h.legal_codes()))
        if not h.over:
            break
    with pytest.raises(NodeLimit):
        solve_limited(h, 50)


@pytest.mark.parametrize("name", ["expert", "club", "pimc", "ismcts"])
def test_a_searching_bot_told_to_answer_now_stops_searching(name: str) -> None:
    """A table tells a computer player when to answer (``Bot.deadline``, its thinking time):
    one whose time is up searches no deal (``pimc``, ``expert``, ``club``: the ``rules``
    card) or grows its tree no further than its minimum (``ismcts``), and still answers a
    legal card — so a table can show every computer card at the same public moment."""
    import time

    from twentyeight.bots import ismcts

    g = Game.new("28", seed=5, dealer=0)
    rules = make_bot("rules", seed=1)
    while g.view(g.to_act)["phase"] != "play":          # (the first lead: a real search)
        g.apply(rules.act(g.view(g.to_act)))
    view = g.view(g.to_act)
    assert len(view["legal"]) > 1
    bot = make_bot(name, seed=3)
    bot.deadline = time.monotonic()
    grown: list[int] = []
    if isinstance(bot, ismcts.IsmctsBot):
        iterate = bot._iterate
        bot._iterate = lambda *a: (grown.append(1), iterate(*a))[1]  # type: ignore[method-assign]
    assert bot.act(view) in view["legal"]
    if isinstance(bot, PimcBot):
        assert bot.stats["fallback"] == 1 and bot.stats["nodes"] == 0, bot.stats
    else:
        assert len(grown) == ismcts.MIN_ITERATIONS
