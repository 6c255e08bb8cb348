"""How players choose their cards: a learned model, for reading the cards played.

The sampler (:mod:`twentyeight.bots.sampling`) weighs each deal it draws by how likely the
decisions seen so far are in it.  For the auction it has a bid model; for the play, this
module gives the probability that a player holding the cards of a sampled deal plays the card
they did: a **conditional logit** (a softmax over the legal cards of a decision) of a few
counted features of each card in its position, seen as that player sees it — the points, how
high the card is in its suit, whether it wins the trick, whether the partner or an opponent
holds the trick, whether it leads the highest card still out, whether it is the trump as the
player knows it (the bidder before the trump is shown, everyone after), and their products
(:data:`FEATURES`).

The weights are learned offline from the expert's own games (``tools/play_model.py``: every
card decision with a choice in ``twentyeight arena --bots expert,expert --save DIR`` records,
fitted by maximum likelihood with a small ridge penalty) and shipped per family in
``data/play_model.json``; a family without weights of its own reads the cards with the 28
family's.

>>> from twentyeight.engine.hand import Hand
>>> from twentyeight.rules import preset
>>> h = Hand.from_seed(preset("28"), seed=3, dealer=0)
>>> weights = [0.0] * len(FEATURES)
>>> weights[FEATURES.index("points")] = 1.0
>>> rows = card_features(h, h.to_act, [0, 7])      # JS (3 points) and 7S (none), led
>>> [round(p, 3) for p in softmax(weights, rows)]
[0.953, 0.047]
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import cast

from twentyeight.bots.bid_model import solve_linear
from twentyeight.cards import Card, Deck
from twentyeight.engine.hand import Hand
from twentyeight.engine.play import trick_winner, trump_start, winning_index

__all__ = ["FEATURES", "Decision", "PlayModel", "card_features", "decisions", "fit",
           "load", "log_likelihood", "model", "probability", "softmax"]

FEATURES = (
    "points",            # the card's points
    "height",            # its power in the suit, 0 (lowest) to 1 (highest)
    "trump",             # of the trump suit, as the player knows it
    "wins",              # it would hold the trick (a card played to a trick)
    "lead_master",       # led, and the highest card of its suit still out
    "lead_points",       # led: its points
    "lead_length",       # led: the share of the hand in its suit
    "lead_trump",        # led, of the trump suit the player knows
    "partner_points",    # the partner holds the trick: its points
    "enemy_points",      # an opponent holds the trick and this card does not take it
    "wins_trick_points",  # it takes the trick: the points already in it
    "lowest",            # the lowest the player holds of its suit
    "highest",           # the highest the player holds of its suit
    "ruff",              # not following, of the trump suit the player knows
    "last_wins",         # the last card of the trick, and it takes it
    "over_partner",      # it takes the trick from the partner
    "hidden_trump",      # the bidder, trump not yet shown: of the trump suit
    "master",            # the highest card of its suit still out (not led)
)
"""The features of a card in its position (see the module docs)."""

SMOOTHING = 0.1
"""Share of the probability spread evenly over the legal cards (a player may do anything):
so that one card the model did not expect does not all but rule a deal out."""


@dataclass(frozen=True)
class PlayModel:
    """The weights of each family (``FEATURES`` order)."""

    families: dict[str, tuple[float, ...]]

    def weights_for(self, family: str) -> tuple[float, ...]:
        """The weights of ``family``, else the 28 family's."""
        return self.families.get(family) or self.families["28"]


@cache
def model() -> PlayModel:
    """The shipped model (``data/play_model.json``)."""
    return load(resources.files("twentyeight.bots").joinpath("data/play_model.json").read_text(
        encoding="utf-8"))


def load(text: str) -> PlayModel:
    """The model of a model file's text (``tools/play_model.py`` writes them)."""
    data = json.loads(text)
    if list(data["features"]) != list(FEATURES):
        raise ValueError("the play model file was fitted on other features than FEATURES")
    return PlayModel({name: tuple(float(x) for x in fam["weights"])
                      for name, fam in data["families"].items()})


def card_features(h: Hand, seat: int, cards: Sequence[Card]) -> list[list[float]]:
    """The features (:data:`FEATURES`) of each of ``cards`` played now by ``seat`` in ``h``
    (the state before the card; ``seat`` is to play)."""
    t = h.t
    deck = t.deck
    points, power, suit_of = deck.points, h.power, h.suit_of
    higher, lower = _masks(deck)
    top = max(power) or 1
    held = h.hands[seat]
    trick = h.trick_cards
    trump = h.trump if h.trump >= 0 and (h.revealed or seat == h.bidder) else -1
    hidden = h.trump if (seat == h.bidder and not h.revealed) else -1
    # the cards this seat has not seen: dealt, in no hand and not played; the face-down
    # indicator (in no hand) is unseen by everyone but the bidder
    in_hands = 0
    for m in h.hands:
        in_hands |= m
    gone = 0
    for m in h.dealt:
        gone |= m
    gone &= ~in_hands
    if h.indicator >= 0 and seat != h.bidder and not h.revealed:
        gone &= ~(1 << h.indicator)
    outstanding = ~(gone | held)                # a higher card here keeps ``c`` from master
    lead = not trick
    partner_holds = enemy_holds = False
    trick_points = 0
    start = trump_start(h) if h.revealed and h.trump >= 0 else -1
    led = -1
    if trick:
        holder = h.trick_seats[trick_winner(h)]
        partner_holds = t.team_of[holder] == t.team_of[seat]
        enemy_holds = not partner_holds
        trick_points = sum(points[c] for c in trick)
        led = suit_of[trick[0]]
    hand_size = max(1, held.bit_count())
    suit_masks = deck.suit_masks
    last = len(trick) == h.trick_size - 1
    rows = []
    for c in cards:
        s = suit_of[c]
        p = float(points[c])
        mine = held & suit_masks[s]
        master = not higher[c] & outstanding
        wins = 0.0
        if trick:
            wins = float(winning_index([*trick, c], suit_of, power, h.trump, start)
                         == len(trick))
        is_trump = float(s == trump)
        rows.append([
            p, power[c] / top, is_trump, wins,
            float(lead and master), p if lead else 0.0,
            mine.bit_count() / hand_size if lead else 0.0, is_trump if lead else 0.0,
            p if partner_holds else 0.0, p if enemy_holds and not wins else 0.0,
            trick_points * wins, float(not lower[c] & mine),
            float(not higher[c] & mine),
            float(bool(trick) and s != led and s == trump), wins if last else 0.0,
            wins if partner_holds else 0.0, float(s == hidden),
            float(master and not lead),
        ])
    return rows


_MASKS: dict[int, tuple[Deck, tuple[int, ...], tuple[int, ...]]] = {}


def _masks(deck: Deck) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card, the masks of the cards of its suit that beat it and that it beats (a twin
    does neither); kept per deck (by identity: hashing a deck costs more than this)."""
    got = _MASKS.get(id(deck))
    if got is None or got[0] is not deck:
        def by(better: bool) -> tuple[int, ...]:
            return tuple(sum(1 << o for o in range(deck.size)
                             if deck.suit_of[o] == deck.suit_of[c]
                             and (deck.power[o] > deck.power[c]) == better
                             and deck.power[o] != deck.power[c])
                         for c in range(deck.size))
        got = _MASKS[id(deck)] = (deck, by(True), by(False))
    return got[1], got[2]


def softmax(weights: Sequence[float], rows: Sequence[Sequence[float]]) -> list[float]:
    """The probability of each row: ``exp(w·f)`` normalised."""
    scores = [sum(w * f for w, f in zip(weights, row, strict=True)) for row in rows]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def probability(h: Hand, seat: int, card: Card, legal: Sequence[int], family: str) -> float:
    """The model's probability that ``seat`` plays ``card`` now among the legal cards of
    ``legal`` (codes; the verbs among them are left out), smoothed (:data:`SMOOTHING`)."""
    cards = [c for c in legal if c < h.t.deck.size]
    if len(cards) < 2 or card not in cards:
        return 1.0
    probs = softmax(model().weights_for(family), card_features(h, seat, cards))
    p = probs[cards.index(card)]
    return (1.0 - SMOOTHING) * p + SMOOTHING / len(cards)


# ---- learning --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    """One card decision with a choice: the features of each legal card, the one played."""

    rows: tuple[tuple[float, ...], ...]
    chosen: int
    player: str
    """The name of the player who chose (a record's ``players`` entry), for selecting."""


def decisions(record: dict[str, object]) -> list[Decision]:
    """Every card decision with more than one legal card in a hand record (RECORDS.md; a
    ``seed`` deal), replayed through the engine."""
    from twentyeight.bots.pimc import legal_code_of
    from twentyeight.rules import Rules

    rules = Rules.from_spec(cast(str, record["rules"]))
    h = Hand.from_seed(rules, int(cast(int, record["seed"])), int(cast(int, record["dealer"])))
    players = cast(list[str], record.get("players") or [""] * rules.num_players)
    out = []
    for text in cast(list[str], record["actions"]):
        code = legal_code_of(h, text)
        seat = h.to_act
        assert seat is not None
        if code < h.t.deck.size:
            cards = [c for c in h.legal_codes() if c < h.t.deck.size]
            if len(cards) > 1:
                rows = card_features(h, seat, cards)
                out.append(Decision(tuple(map(tuple, rows)), cards.index(code), players[seat]))
        h.step(code)
    return out


def log_likelihood(weights: Sequence[float], data: Sequence[Decision]) -> float:
    """The mean log-probability of the cards chosen in ``data`` (unsmoothed)."""
    total = 0.0
    for d in data:
        total += math.log(max(1e-300, softmax(weights, d.rows)[d.chosen]))
    return total / max(1, len(data))


def fit(data: Sequence[Decision], ridge: float = 1e-3, iterations: int = 30
        ) -> tuple[float, ...]:
    """The weights of largest likelihood of the cards chosen in ``data``, with a ridge
    penalty ``ridge × |w|²`` per decision: Newton's method on the conditional logit (its
    log-likelihood is concave), stopped when a step moves no weight by 1e-6."""
    k = len(FEATURES)
    w = [0.0] * k
    n = max(1, len(data))
    for _ in range(iterations):
        grad = [-2.0 * ridge * n * x for x in w]
        hess = [[(2.0 * ridge * n if i == j else 0.0) for j in range(k)] for i in range(k)]
        for d in data:
            probs = softmax(w, d.rows)
            mean = [sum(p * row[i] for p, row in zip(probs, d.rows, strict=True))
                    for i in range(k)]
            chosen = d.rows[d.chosen]
            for i in range(k):
                grad[i] += chosen[i] - mean[i]
            for p, row in zip(probs, d.rows, strict=True):
                if p < 1e-12:
                    continue
                dev = [row[i] - mean[i] for i in range(k)]
                for i in range(k):
                    if dev[i]:
                        pi = p * dev[i]
                        hi = hess[i]
                        for j in range(k):
                            hi[j] += pi * dev[j]
        step = solve_linear(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(x) for x in step) < 1e-6:
            break
    return tuple(w)
