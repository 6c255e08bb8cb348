"""The learned play model and the sampler's reading of the cards played (issue 13, item 3).

* the features of a card in concrete positions of a record (28-PLAY-1/4, 28-TRUMP-1): what a
  player holding the trick, following or leading sees;
* the shipped model file loads, and its stored records give the same features again when
  replayed (the features the weights were fitted on are the ones the bots compute);
* the fit finds the weights of the choices it is shown (a player who always plays its
  highest point card), and its probabilities add up to one over the legal cards;
* resampling by weight keeps the weighted estimate.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from twentyeight import Game
from twentyeight.bots import play_model
from twentyeight.bots.play_model import FEATURES, Decision, card_features
from twentyeight.bots.sampling import Sampler, World, resample
from twentyeight.engine.hand import Hand
from twentyeight.engine.state import PLAY
from twentyeight.rules import preset

F = {name: i for i, name in enumerate(FEATURES)}


def first_trick_position() -> tuple[Hand, list[str]]:
    """28, seed 11, dealer 3: an auction to N's 16 with hearts laid, then the first lead."""
    g = Game.new("28", seed=11, dealer=3)
    while g.hand.phase != PLAY and g.to_act is not None:
        legal = g.legal_actions()
        bid = [a for a in legal if a.verb == "bid"]
        g.apply(bid[0] if bid and not g.hand.history else
                next((a for a in legal if a.verb == "pass"), legal[0]))
    return g.hand, [str(a) for a in g.hand.history_actions()]


def test_a_led_card_counts_its_points_length_and_whether_it_is_the_master() -> None:
    """28-PLAY-1 (any card may be led): the lead's own features; the jack of a suit is its
    master (28-PLAY-4: J is the highest card of a suit), a lower card is not."""
    h, _ = first_trick_position()
    seat = h.to_act
    assert seat is not None and not h.trick_cards
    cards = [c for c in h.legal_codes() if c < h.t.deck.size]
    rows = card_features(h, seat, cards)
    deck = h.t.deck
    for c, row in zip(cards, rows, strict=True):
        assert row[F["points"]] == deck.points[c] == row[F["lead_points"]]
        assert row[F["wins"]] == 0.0 and row[F["partner_points"]] == 0.0
        held = [o for o in range(deck.size) if h.hands[seat] >> o & 1]
        same = sum(1 for o in held if deck.suit_of[o] == deck.suit_of[c])
        assert abs(row[F["lead_length"]] - same / len(held)) < 1e-12
        if deck.names[c][0] == "J":
            assert row[F["lead_master"]] == 1.0 and row[F["highest"]] == 1.0


def test_following_a_trick_the_partner_holds_and_one_an_opponent_holds() -> None:
    """28-PLAY-4: the highest card of the suit led holds the trick.  A card played under the
    partner's winning card counts its points as given to the partner; under an opponent's
    card that it does not beat, as given away; a card that beats it 'wins' and takes the
    points already in the trick."""
    h, _ = first_trick_position()
    lead = min((c for c in h.legal_codes() if c < h.t.deck.size),
               key=lambda c: (h.power[c], c))                 # a low card is led
    leader = h.to_act
    assert leader is not None
    h.step(lead)
    second = h.to_act
    assert second is not None and h.t.team_of[second] != h.t.team_of[leader]
    cards = [c for c in h.legal_codes() if c < h.t.deck.size]
    rows = card_features(h, second, cards)
    for c, row in zip(cards, rows, strict=True):
        beats = h.suit_of[c] == h.suit_of[lead] and h.power[c] > h.power[lead]
        assert row[F["wins"]] == float(beats)
        assert row[F["enemy_points"]] == (0.0 if beats else float(h.t.deck.points[c]))
        assert row[F["wins_trick_points"]] == (h.t.deck.points[lead] if beats else 0.0)
        assert row[F["partner_points"]] == 0.0
    h.step(cards[0])
    third = h.to_act
    assert third is not None and h.t.team_of[third] == h.t.team_of[leader]
    holder = h.trick_seats[play_model.trick_winner(h)]
    rows = card_features(h, third, [c for c in h.legal_codes() if c < h.t.deck.size])
    partner = h.t.team_of[holder] == h.t.team_of[third]
    for c, row in zip([c for c in h.legal_codes() if c < h.t.deck.size], rows, strict=True):
        if partner and not row[F["wins"]]:
            assert row[F["partner_points"]] == h.t.deck.points[c]


def test_only_the_bidder_sees_its_hidden_trump() -> None:
    """28-TRUMP-1: the trump is laid face down; only the bidder knows it until it is shown,
    so only the bidder's cards of that suit count as trumps."""
    h, _ = first_trick_position()
    bidder = h.bidder
    trump = h.trump
    assert bidder >= 0 and trump >= 0 and not h.revealed
    for seat in range(4):
        held = [c for c in range(h.t.deck.size) if h.hands[seat] >> c & 1]
        rows = card_features(h, seat, held)
        for c, row in zip(held, rows, strict=True):
            of_trump = h.suit_of[c] == trump
            assert row[F["trump"]] == float(of_trump and seat == bidder)
            assert row[F["hidden_trump"]] == float(of_trump and seat == bidder)


def test_the_model_file_loads_and_its_records_give_the_same_features_again() -> None:
    """The shipped weights (``tools/play_model.py fit``) are of :data:`FEATURES`; each
    family's stored records, replayed, give the very features stored with them."""
    import json
    from importlib import resources

    m = play_model.model()
    assert "28" in m.families and all(len(w) == len(FEATURES) for w in m.families.values())
    data = json.loads(resources.files("twentyeight.bots").joinpath(
        "data/play_model.json").read_text(encoding="utf-8"))
    for fam in data["families"].values():
        held_out = fam["fit"]["held_out"]
        assert held_out["log_likelihood"] > held_out["uniform"]   # it reads cards better
        assert fam["examples"] and all(example["rows"] for example in fam["examples"])
        for example in fam["examples"]:
            rows = [[list(r) for r in d.rows] for d in play_model.decisions(example["record"])]
            assert rows == example["rows"]


def test_the_fit_learns_a_player_who_always_cashes_its_highest_point_card() -> None:
    """Decisions where the card with the most points is always chosen: the fitted weight of
    the points is large and positive, and the fitted model puts most of the probability on
    those cards; the probabilities of a decision add up to one."""
    rng = random.Random(5)
    data = []
    for _ in range(200):
        rows = []
        for _ in range(rng.randint(2, 5)):
            row = [0.0] * len(FEATURES)
            row[F["points"]] = float(rng.choice([0, 0, 1, 1, 2, 3]))
            row[F["height"]] = rng.random()
            rows.append(row)
        best = max(range(len(rows)), key=lambda i: (rows[i][F["points"]], -i))
        data.append(Decision(tuple(map(tuple, rows)), best, "cashier"))
    w = play_model.fit(data, ridge=1e-3)
    assert w[F["points"]] > 2.0
    chosen = sum(play_model.softmax(w, d.rows)[d.chosen] for d in data) / len(data)
    assert chosen > 0.7
    assert play_model.log_likelihood(w, data) > play_model.log_likelihood([0.0] * len(w), data)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_the_probabilities_of_the_legal_cards_add_up_to_one(seed: int, steps: int) -> None:
    """Whatever the position, the smoothed probability of each legal card is positive and
    they add up to one (the sampler's weights are probabilities)."""
    rng = random.Random(seed)
    h = Hand.from_seed(preset("28"), seed, seed % 4)
    for _ in range(steps):
        if h.over:
            return
        h.step(rng.choice(h.legal_codes()))
    if h.over or h.phase != PLAY:
        return
    seat = h.to_act
    assert seat is not None
    legal = h.legal_codes()
    cards = [c for c in legal if c < h.t.deck.size]
    if len(cards) < 2:
        return
    probs = [play_model.probability(h, seat, c, legal, "28") for c in cards]
    assert all(p > 0 for p in probs) and abs(sum(probs) - 1.0) < 1e-9


def test_resampling_keeps_the_weighted_mean() -> None:
    """Systematic resampling by weight (:func:`resample`): the weighted mean of a quantity
    over the kept worlds is within one draw's share of the pool's weighted mean, and worlds
    of weight zero are never kept."""
    rng = random.Random(9)
    pool = [World(None, ((k,),), rng.choice([0.0, 0.1, 1.0, 3.0]))  # type: ignore[arg-type]
            for k in range(400)]
    value = {k: rng.random() for k in range(400)}
    kept = resample(pool, 40, random.Random(1))
    assert sum(w.weight for w in kept) == 40 and all(w.weight > 0 for w in kept)
    assert all(pool[w.deal[0][0]].weight > 0 for w in kept)
    mean_pool = sum(w.weight * value[w.deal[0][0]] for w in pool) / sum(w.weight for w in pool)
    mean_kept = sum(w.weight * value[w.deal[0][0]] for w in kept) / 40
    assert abs(mean_kept - mean_pool) < 0.1


def test_a_sampler_reading_the_cards_keeps_every_world_consistent() -> None:
    """With the play model the sampler still returns only worlds consistent with the view
    (its check is unchanged), each with a positive weight."""
    g = Game.new("28", seed=5, dealer=3)
    rng = random.Random(2)
    while g.to_act is not None and len(g.hand.tricks) < 3:
        g.apply(rng.choice(g.legal_actions()))
    seat = g.to_act
    assert seat is not None
    view = g.view(seat)
    worlds = Sampler(view, play_family="28").sample(20, random.Random(1))
    assert worlds and all(w.view(seat) == view and w.weight > 0 for w in worlds)
