"""Deals consistent with everything one seat knows: the sampler behind ``pimc``.

A :class:`Sampler` reads a seat's view (``twentyeight.views``, RULES.md §2.20) and nothing
else, and draws complete deals — the *worlds* the seat cannot tell apart from the real one.

**Exact by construction.**  A world is proposed cheaply (below) and then *checked*: the deal
is dealt into a fresh engine :class:`~twentyeight.engine.Hand`, the public history of the view
is replayed through the engine action by action (every action must be legal for the proposed
cards), and the world is accepted only if the view of the seat in the replayed hand is
**equal** to the observed view.  So every accepted world is consistent with everything the
seat knows — its cards, the cards played, voids, who asked, the bidder's restrictions (28-BR),
the face-down indicator, hand sizes, twins, pairs — whatever the preset, without the sampler
knowing those rules; the engine is the one source of truth.  The replayed hand is returned
with the world, ready to be searched from the current position.

**Proposals.**  The cards the seat has not seen are dealt into *slots*: each other seat's hand
(as many cards as its hand size in the view), the bidder's face-down indicator when the seat
does not know it, and the cards still to come at the second deal (for everyone, the seat
itself included, during the auction).  Constraints read from the view make most proposals
pass the check:

* cards played and the seat's own cards (twins: one copy per name seen);
* voids: a player who did not follow the suit led holds no card of it in hand (the face-down
  indicator is not in the hand, 28-TRUMP-3, so it is exempt); an asker who had to trump
  (28-REV-3) and did not holds no trump;
* cards whose place is public: an exposed indicator is in the bidder's hand until played, a
  shown pair in its holder's hand;
* the hidden trump choice: a card of the bidder's first four (28-TRUMP-1), the bidder's
  seventh card (28-TRUMP-5), or a secretly named suit (29).

Cards are placed suit by suit, the most constrained suit first, each into an allowed slot
chosen with probability proportional to its free room (which is exactly uniform when nothing
is constrained; with voids it is close to uniform, not exactly).  Which of a player's cards
came in the first batch is drawn at random (the indicator among them).

**Weights: how likely the observed decisions are** (a deliberately simple model).  Each
accepted world gets the product, over the other players' decisions in the public history,
of the probability of that decision given the cards they held, under this model:

* a bid of ``b`` by a player of strength ``S`` (the ``rules`` bot's estimate of the card
  points his side can take, from the cards he held then): ``σ((S − b) / 3)``; a pass when
  the lowest bid open to him was ``b``: ``1 − σ((S − b) / 3)`` (a pass over his partner's
  high bid says nothing: factor 1);
* the bidder's trump choice: suits are chosen with probability ``∝ exp(w / 5)`` where
  ``w = 10 × cards of the suit + their points`` in the cards he held, the indicator card
  uniformly within the suit;
* with ``play_likelihood``, a card played by a player who follows a trick an opponent is
  winning in the suit led (no other suit in the trick yet): giving that opponent a card with
  points when a card without points was legal has likelihood :data:`POINT_GIFT` (0.35),
  everything else 1 — good players do not hand points to the other side, so a point card
  thrown there says the cheap cards were missing. A trump that may win (trump revealed, or
  played by the bidder, who knows it) is not a gift.

A seat may know that its partners bid otherwise (``partner_bids``: the expert's partner is
modelled as playing like the expert, whose bids were fitted on its own arena games, so that
its pass says little and its bid says much), or read its opponents otherwise
(``opponent_bids``): their bids then have probability ``σ((S − b − offset) / T)``.

Factors are floored at 0.02 so that no world is ruled out by the model alone.  Pass
``likelihood=False`` for equal weights.  The play model is off unless ``play_likelihood=True``
(``pimc`` leaves it off: measured, it did not help — see ``PimcBot.play_likelihood``).

>>> import random
>>> from twentyeight import Game
>>> g = Game.new("28", seed=5, dealer=3)
>>> for _ in range(12):
...     _ = g.apply(g.legal_actions()[0])
>>> seat = g.to_act
>>> worlds = Sampler(g.view(seat)).sample(3, random.Random(1))
>>> len(worlds), all(w.view(seat) == g.view(seat) for w in worlds)
(3, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from twentyeight.bots import play_model
from twentyeight.bots.reading import rules_of
from twentyeight.cards import SUITS, Card, cards_of
from twentyeight.engine.actions import (
    BID,
    PASS,
    PLAY_LIMIT,
    RAISE,
    TRUMP_CARD,
    TRUMP_SEVENTH,
    TRUMP_SUIT,
    Action,
    code_of,
)
from twentyeight.engine.hand import Hand
from twentyeight.engine.play import winning_index
from twentyeight.engine.state import AUCTION, TRUMP
from twentyeight.rules import Rules
from twentyeight.views import View
from twentyeight.views import view as view_of

__all__ = ["Sampler", "SamplerError", "World", "bid_likelihood", "gift_likelihood", "resample",
           "strength"]

BID_TEMPERATURE = 3.0
TRUMP_TEMPERATURE = 5.0
MIN_FACTOR = 0.02
POINT_GIFT = 0.35
"""Likelihood of giving points to an opponent's trick when a card without points was legal."""


class SamplerError(ValueError):
    """A view the sampler cannot read (it does not add up to a deal of its rules)."""


@dataclass
class World:
    """One deal consistent with the view, and the engine state it replays to."""

    hand: Hand
    """The engine state at the moment of the view (a fresh object the caller may change)."""
    deal: tuple[tuple[Card, ...], ...]
    """Every seat's cards in deal order (deck indices), as given to :class:`Hand`."""
    weight: float
    """The likelihood of the observed decisions in this world (see the module docs)."""

    def view(self, seat: int) -> View:
        """The view of ``seat`` in this world."""
        return view_of(self.hand, seat)


# ---- the likelihood model ------------------------------------------------------------------
def strength(rules: Rules, cards: Sequence[Card]) -> float:
    """The card points a side may hope for with ``cards`` in one hand (the ``rules`` bot's
    estimate: these cards extrapolated to a full hand, jacks and a long suit counted a little
    higher, plus each partner's fair share of the rest)."""
    deck = rules.deck
    each = rules.cards_each
    seen = max(1, len(cards))
    mine = sum(deck.points[c] + (1 if deck.rank_of[c] == "J" else 0) for c in cards) * each / seen
    longest = max(sum(1 for c in cards if deck.suit_of[c] == s) for s in range(4))
    mine += max(0.0, longest - seen / 4) * each / seen
    partners = rules.num_players // rules.teams - 1
    return mine + partners * (deck.points_total - mine) / (rules.num_players - 1)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def bid_likelihood(strength_: float, bid: int | None, lowest: int, offset: float = 0.0,
                   temperature: float = BID_TEMPERATURE) -> float:
    """Probability of bidding ``bid`` (``None``: passing when ``lowest`` was the lowest bid
    open) for a player of the given strength, floored at 0.02: ``σ((S − b − offset) / T)``
    (``offset`` 0 and ``T`` 3 by default, the ``rules`` player's model)."""
    if bid is None:
        p = 1.0 - _sigmoid((strength_ - lowest - offset) / temperature)
    else:
        p = _sigmoid((strength_ - bid - offset) / temperature)
    return max(MIN_FACTOR, p)


def trump_likelihood(rules: Rules, cards: Sequence[Card], suit: int, by_card: bool) -> float:
    """Probability that a bidder holding ``cards`` names ``suit`` (and, ``by_card``, a given
    indicator card of it): softmax of ``(10 × length + points) / 5`` over the suits held."""
    deck = rules.deck
    weights = {}
    for s in range(4):
        held = [c for c in cards if deck.suit_of[c] == s]
        if held or not by_card:
            weights[s] = (10 * len(held) + sum(deck.points[c] for c in held)) / TRUMP_TEMPERATURE
    if suit not in weights:
        return MIN_FACTOR
    top = max(weights.values())
    total = sum(math.exp(w - top) for w in weights.values())
    p = math.exp(weights[suit] - top) / total
    if by_card:
        p /= max(1, sum(1 for c in cards if deck.suit_of[c] == suit))
    return max(MIN_FACTOR, p)


def gift_likelihood(h: Hand, seat: int, card: Card, legal: Sequence[int]) -> float:
    """Likelihood of ``seat`` playing ``card`` to the current trick of ``h`` (before it is
    played): :data:`POINT_GIFT` if that gives points to a trick an opponent is winning in the
    suit led although a card without points was legal, else 1 (see the module docs)."""
    trick = h.trick_cards
    points = h.t.deck.points
    if not trick or points[card] == 0:
        return 1.0
    suit_of = h.suit_of
    led = suit_of[trick[0]]
    if any(suit_of[c] != led for c in trick):
        return 1.0
    if suit_of[card] == h.trump and (h.revealed or seat == h.bidder):
        return 1.0
    power = h.power
    best = winning_index(trick, suit_of, power, h.trump, -1)   # every card follows suit here
    if h.t.team_of[h.trick_seats[best]] == h.t.team_of[seat]:
        return 1.0
    if suit_of[card] == led and power[card] > power[trick[best]]:
        return 1.0
    if not any(c < PLAY_LIMIT and points[c] == 0 for c in legal):
        return 1.0
    return POINT_GIFT


def _pick(slots: Sequence[int], free: Sequence[int], x: int) -> int:
    """The slot that the ``x``-th unit of free room (``0 <= x < sum(free)``) belongs to."""
    for slot, room in zip(slots, free, strict=True):
        if x < room:
            return slot
        x -= room
    raise AssertionError("x is beyond the free room")           # pragma: no cover


# ---- the sampler ----------------------------------------------------------------------------
class Sampler:
    """Draws worlds consistent with one view (see the module docs)."""

    def __init__(self, view: View, likelihood: bool = True, play_likelihood: bool = False,
                 partner_bids: tuple[float, float] | None = None,
                 opponent_bids: tuple[float, float] | None = None,
                 play_family: str | None = None) -> None:
        self.view = view
        self.likelihood = likelihood
        self.play_family = play_family if likelihood else None
        """The family of the learned play model (:mod:`~twentyeight.bots.play_model`) whose
        probabilities weigh the other players' cards; ``None``: cards weigh nothing (or, with
        ``play_likelihood``, the point-gift model)."""
        self.partner_bids = partner_bids
        """``(offset, temperature)`` of the bids of the seat's partners, where they are known
        to bid otherwise than the default model (:func:`bid_likelihood`)."""
        self.opponent_bids = opponent_bids
        """``(offset, temperature)`` of the opponents' bids, where the seat reads them
        otherwise than the default model."""
        self.play_likelihood = likelihood and play_likelihood
        rules = self.rules = rules_of(view)
        deck = self.deck = rules.deck
        self.n = n = rules.num_players
        self.seat = me = view["seat"]
        self.each = rules.cards_each
        self.first_batch = rules.first_batch
        self.bidder: int | None = view["bidder"]
        self.actions = [Action.parse_entry(entry) for entry in view["history"]]
        self.hidden_trump = any(a.verb == "trump" and a.arg is None for a in self.actions)
        self.seventh = any(a.verb == "trump" and a.arg == "seventh" for a in self.actions)
        self.by_card = rules.trump_indicator == "card"

        pool = set(range(deck.size))

        def take(name: str) -> Card:
            for c in deck.copies_of(name):
                if c in pool:
                    pool.discard(c)
                    return c
            raise SamplerError(f"the view shows more copies of {name} than the deck has")

        self.mine = tuple(take(name) for name in view["hand"])
        self.played: list[list[Card]] = [[] for _ in range(n)]
        for a in self.actions:
            if a.verb == "play":
                assert a.arg is not None
                self.played[a.seat].append(take(a.arg))
        face_down = bool(view["indicator_face_down"])
        indicator = view["indicator"]
        self.known_indicator: Card | None = None
        self.pinned: list[list[Card]] = [[] for _ in range(n)]
        b = self.bidder
        if indicator is not None and b is not None:
            if face_down:                                # my own face-down indicator
                self.known_indicator = take(indicator)
            elif b != me and not any(deck.names[c] == indicator for c in self.played[b]):
                self.pinned[b].append(take(indicator))   # exposed: in the bidder's hand
        pair = view.get("pair")
        if pair is not None and pair["seat"] != me:
            for name in pair["cards"]:
                p = pair["seat"]
                if not any(deck.names[c] == name for c in self.played[p] + self.pinned[p]) \
                        and any(c in pool for c in deck.copies_of(name)):
                    self.pinned[p].append(take(name))
        self.ind_slot = face_down and indicator is None and b is not None
        sizes = view["hand_sizes"]
        self.held_room = [0 if s == me else sizes[s] - len(self.pinned[s]) for s in range(n)]
        self.undealt = []
        for s in range(n):
            k = self.each - sizes[s] - len(self.played[s]) - (1 if s == b and face_down else 0)
            if k < 0 or self.held_room[s] < 0:
                raise SamplerError(f"seat {s}'s cards do not add up")
            self.undealt.append(k)
        self.pool = sorted(pool)
        self.stock = len(self.pool) - sum(self.held_room) - sum(self.undealt) - self.ind_slot
        if self.stock < 0:
            raise SamplerError("the view shows more unseen cards than the deck has")
        self.voids = self._voids()

    def pin(self, seat: int, cards: Sequence[Card]) -> None:
        """Deal ``cards`` (deck indices; those already pinned there are skipped) to ``seat``'s
        hand in every deal drawn from now on, as if the view had shown them there."""
        for c in cards:
            if c in self.pinned[seat]:
                continue
            if c not in self.pool or self.held_room[seat] <= 0:
                raise SamplerError(f"card {self.deck.names[c]} cannot be in seat {seat}'s hand")
            self.pool.remove(c)
            self.pinned[seat].append(c)
            self.held_room[seat] -= 1

    def _voids(self) -> list[set[int]]:
        """Suits each seat is known to hold none of in hand (see the module docs)."""
        suit_of = self.deck.suit_of
        names = self.deck.copies_of
        voids: list[set[int]] = [set() for _ in range(self.n)]
        tricks = [(t["seats"], t["cards"]) for t in self.view["tricks"]]
        if self.view["trick"]:
            tricks.append((self.view["trick"]["seats"], self.view["trick"]["cards"]))
        for seats, cards in tricks:
            if not cards:
                continue
            led = suit_of[names(cards[0])[0]]
            for s, c in zip(seats[1:], cards[1:], strict=True):
                if suit_of[names(c)[0]] != led:
                    voids[s].add(led)
        trump = self.view["trump"]
        if self.rules.asker_must_trump and trump is not None and trump in SUITS:
            t = SUITS.index(trump)
            asked: set[int] = set()
            for a in self.actions:
                if a.verb == "ask":
                    asked.add(a.seat)
                elif a.verb == "play" and a.seat in asked:
                    asked.discard(a.seat)
                    assert a.arg is not None
                    if suit_of[names(a.arg)[0]] != t:
                        voids[a.seat].add(t)
        return voids

    # ---- proposals -------------------------------------------------------------------------
    def propose(self, rng: random.Random) -> tuple[list[list[Card]], int | None] | None:
        """A deal (every seat's cards in deal order) and the hidden trump code, or ``None``
        when the random placement ran into a dead end."""
        n, me = self.n, self.seat
        suit_of = self.deck.suit_of
        pool = list(self.pool)
        rng.shuffle(pool)
        ind: Card | None = self.known_indicator
        if self.ind_slot:
            ind = pool.pop()
        held: list[list[Card]] = [[] for _ in range(n)]
        later: list[list[Card]] = [[] for _ in range(n)]
        room = list(self.held_room) + list(self.undealt) + [self.stock]
        # slot k < n: seat k's hand; n <= k < 2n: seat k - n's cards still to come; 2n: stock
        by_suit: dict[int, list[Card]] = {}
        for c in pool:
            by_suit.setdefault(suit_of[c], []).append(c)

        def allowed(suit: int) -> list[int]:
            return [k for k in range(2 * n + 1) if k >= n or suit not in self.voids[k]]

        order = sorted(by_suit, key=lambda s: (len(allowed(s)), s))
        for suit in order:
            slots = allowed(suit)
            for c in by_suit[suit]:
                free = [room[k] for k in slots]
                total = sum(free)
                if total == 0:
                    return None
                k = _pick(slots, free, rng.randrange(total))
                room[k] -= 1
                if k < n:
                    held[k].append(c)
                elif k < 2 * n:
                    later[k - n].append(c)
        b = self.bidder
        deal: list[list[Card]] = []
        for s in range(n):
            cards = list(self.mine) if s == me else held[s] + self.pinned[s]
            cards = self.played[s] + cards
            extra = ind if s == b and ind is not None else None
            deal.append(self._order(rng, cards, extra, later[s]))
        hidden: int | None = None
        if self.hidden_trump:
            if self.by_card and not self.seventh:
                if ind is None:             # a single hand gave the indicator back (28-SH-2)
                    assert b is not None
                    ind = rng.choice(deal[b][:self.first_batch])
                hidden = TRUMP_CARD + ind
            else:
                hidden = TRUMP_SUIT + rng.randrange(4)
        return deal, hidden

    def _order(self, rng: random.Random, cards: list[Card], indicator: Card | None,
               later: list[Card]) -> list[Card]:
        """A seat's cards in deal order: which came in the first batch is drawn at random,
        with the bidder's indicator among them (or seventh, under 28-TRUMP-5)."""
        rng.shuffle(later)
        if later:                                   # before the second deal: the hand is batch 1
            first = cards + ([indicator] if indicator is not None else [])
            rng.shuffle(first)
            return first + later
        if indicator is None:
            rng.shuffle(cards)
            return cards
        rng.shuffle(cards)
        if self.seventh:
            return [*cards[:6], indicator, *cards[6:]]
        return [indicator, *cards]                 # the indicator came in the first batch

    # ---- the check -------------------------------------------------------------------------
    def replay(self, deal: Sequence[Sequence[Card]], hidden: int | None) -> World | None:
        """Deal ``deal``, replay the public history, and return the world if the seat's view
        there equals the observed view (else ``None``)."""
        v = self.view
        rules = self.rules
        try:
            h = Hand(rules, v["dealer"], deal, v["scores"])
        except (ValueError, IndexError):                       # pragma: no cover - defensive
            return None
        weight = 1.0
        me = self.seat
        for action in self.actions:
            seat = action.seat
            if h.to_act != seat:
                return None
            code = self._code(h, action, hidden)
            if code is None:
                return None
            legal = h.legal_codes()
            if code not in legal:
                return None
            if self.likelihood and seat != me and len(legal) > 1:
                weight *= self._factor(h, seat, code, legal)
            h.step(code)
        if view_of(h, me) != v:
            return None
        return World(h, tuple(tuple(d) for d in deal), weight)

    def _code(self, h: Hand, action: Action, hidden: int | None) -> int | None:
        """The code of a history entry in the proposed world ``h`` (a twin: the copy the seat
        holds there); ``hidden``, the proposed code of a face-down trump choice."""
        if action.verb == "trump" and action.arg is None:
            return hidden
        held = h.hands[action.seat]
        return code_of(action, lambda name: next(
            (c for c in self.deck.copies_of(name) if held >> c & 1), None))

    def _factor(self, h: Hand, seat: int, code: int, legal: Sequence[int]) -> float:
        """The likelihood of ``seat`` choosing ``code`` now (see the module docs)."""
        if h.phase == AUCTION and (code == PASS or BID <= code < RAISE):
            bids = [(c - BID) >> 3 for c in legal if BID <= c < RAISE]
            if not bids:
                return 1.0
            cards = cards_of(h.hands[seat])
            s = strength(self.rules, cards)
            model: tuple[float, float] = (0.0, BID_TEMPERATURE)
            ours = h.t.team_of[seat] == h.t.team_of[self.seat]
            if ours and self.partner_bids is not None:
                model = self.partner_bids
            elif not ours and self.opponent_bids is not None:
                model = self.opponent_bids
            if code == PASS:
                hb = h.high_bidder
                if hb >= 0 and h.t.team_of[hb] == h.t.team_of[seat]:
                    return 1.0
                return bid_likelihood(s, None, min(bids), *model)
            return bid_likelihood(s, (code - BID) >> 3, min(bids), *model)
        if h.phase == TRUMP and TRUMP_CARD <= code < TRUMP_SEVENTH:
            cards = cards_of(h.hands[seat])
            suit = self.deck.suit_of[code - TRUMP_CARD] if code < TRUMP_SUIT \
                else code - TRUMP_SUIT
            return trump_likelihood(self.rules, cards, suit, code < TRUMP_SUIT)
        if code < PLAY_LIMIT and self.play_family is not None:
            return play_model.probability(h, seat, code, legal, self.play_family)
        if code < PLAY_LIMIT and self.play_likelihood:
            return gift_likelihood(h, seat, code, legal)
        return 1.0

    # ---- sampling --------------------------------------------------------------------------
    def sample(self, count: int, rng: random.Random, attempts: int | None = None
               ) -> list[World]:
        """Up to ``count`` worlds (fewer if ``attempts`` proposals, default ``200 × count``,
        run out first)."""
        out: list[World] = []
        tries = attempts if attempts is not None else 200 * count
        while len(out) < count and tries > 0:
            tries -= 1
            proposal = self.propose(rng)
            if proposal is None:
                continue
            world = self.replay(*proposal)
            if world is not None:
                out.append(world)
        return out


def resample(worlds: Sequence[World], count: int, rng: random.Random) -> list[World]:
    """At most ``count`` distinct worlds drawn from ``worlds`` in proportion to their weights
    (systematic resampling), each weighted by how often it was drawn: the same estimate as
    the weighted pool, spent on the worlds that carry the weight rather than on many that
    the decisions seen make unlikely.

    >>> pool = [World(None, ((k,),), w)  # type: ignore[arg-type]
    ...         for k, w in enumerate([1.0, 0.0, 2.0, 0.5, 0.5])]
    >>> [(x.deal[0][0], x.weight) for x in resample(pool, 4, random.Random(3))]
    [(0, 1.0), (2, 2.0), (3, 1.0)]
    """
    total = sum(w.weight for w in worlds)
    if total <= 0 or len(worlds) <= count:
        return list(worlds)
    step = total / count
    point = rng.random() * step
    drawn: dict[int, int] = {}
    taken = 0
    acc = 0.0
    for i, w in enumerate(worlds):
        acc += w.weight
        while point < acc and taken < count:
            drawn[i] = drawn.get(i, 0) + 1
            taken += 1
            point += step
    return [World(worlds[i].hand, worlds[i].deal, float(k)) for i, k in drawn.items()]
