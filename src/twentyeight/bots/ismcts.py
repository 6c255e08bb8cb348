"""``ismcts``: information-set Monte Carlo tree search, a sparring partner of another design.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012).  One tree is grown from the
seat's information set: every iteration draws one deal consistent with the view (from a pool
drawn by :class:`~twentyeight.bots.sampling.Sampler`, chosen in proportion to each deal's
likelihood), walks down the tree choosing among the actions legal *in that deal* by UCB1 with
availability counts, adds one node, plays the hand out with a quick default policy and backs
the result up.  Every node's statistics are for the side that chooses there, so each player
picks what is best for its own side.

* **Result.**  The game points of the hand for the side to choose, minus the best of the
  other sides' (a hand's score as the arena counts it), plus a hundredth of the card points
  it won to break ties (an annulled hand scores 0).
* **Default policy.**  In the auction a player passes where it may (else makes the lowest
  bid); a bidder names the suit it holds most of; every window is passed; cards are chosen
  uniformly among the legal ones.  It sees the sampled deal — it is a simulation inside one
  — and costs ~1 ms a hand, so a budget buys many iterations.
* **Keys.**  Children are keyed by the action (a card by its name, so that the two copies of
  a 56 card are one move).
* **What it searches.**  The card play only (a card, asking for or revealing the trump).
  The auction, the trump and the windows are ``rules``' decisions (:data:`SEARCHED_VERBS`):
  its random play-outs value a contract by how random players would play it, so searching
  the auction it bid far too often (61 contracts in 80 plays, 9 made, −1.6 game points a deal
  against the expert); with ``rules``' auction it is about as strong as ``rules``, by
  another design of card play.  docs/strength.md has both measurements.
* **Tuning.**  :data:`EXPLORATION` was tuned on the same deals (0.5 to 8.0, 4.0 best), and
  so was the play-out: a follower's card by rules of thumb (:func:`greedy_card`, a share
  :data:`GREEDY` of them) lost to uniform cards at every share tried, so the play-outs stay
  uniform (docs/strength.md, "Tuning ismcts").

The budget (seconds, default :data:`DEFAULT_BUDGET`) becomes a number of iterations
(:data:`ITERATIONS_PER_SECOND`), never a clock, so a decision depends only on the seed, the
budget and the view.  Decisions with one legal action are answered at once; a pair is always
shown.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from twentyeight.bots.base import Bot, View, register
from twentyeight.bots.pimc import decision_rng, legal_code_of
from twentyeight.bots.rules_bot import RulesBot
from twentyeight.bots.sampling import Sampler, SamplerError, World
from twentyeight.engine.actions import (
    ASK,
    BID,
    PAIR,
    PASS,
    PLAY_LIMIT,
    RAISE,
    REVEAL,
    SHOW,
    TRUMP_CARD,
    TRUMP_SUIT,
    Action,
)
from twentyeight.engine.hand import Hand
from twentyeight.engine.play import trick_winner, trump_start, winning_index
from twentyeight.engine.state import AUCTION, TRUMP
from twentyeight.result import side_points

__all__ = ["DEFAULT_BUDGET", "EXPLORATION", "IsmctsBot"]

DEFAULT_BUDGET = 0.5
ITERATIONS_PER_SECOND = 2000
"""Iterations granted per second of budget (about what this machine runs)."""
MIN_ITERATIONS = 16
"""Iterations a decision always gets, whatever its budget or :attr:`~Bot.deadline`."""
POOL = 40
"""Deals drawn per decision; iterations cycle through them by likelihood."""
EXPLORATION = 4.0
"""The UCB1 constant, in game points: tuned on the same 200 deals of 28 against ``rules``
(``benchmarks/ismcts_variants.py``): 0.5 +0.05, 1.0 +0.09, 2.0 +0.17, 4.0 +0.25, 8.0 +0.16
a deal; 4.0 - 1.0 +0.16 [+0.01, +0.30] paired (docs/strength.md)."""
GREEDY = 0.0
"""The share of a play-out's follower cards chosen by :func:`greedy_card` (the rest
uniformly).  On the same 200 deals as :data:`EXPLORATION`, against uniform play-outs: 0.2
-0.05, 0.5 -0.05, 0.9 -0.11 a deal (none clear of zero, all below), so 0."""
SEARCHED_VERBS = frozenset({"play", "ask", "reveal"})
"""Decisions searched; the others are ``rules``' (see the module docs)."""


@dataclass
class Node:
    """A tree node: the statistics of the move that leads here, and its children."""

    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[int, Node] = field(default_factory=dict)


def _key(h: Hand, code: int) -> int:
    """A move's key: a card by the first copy of its name (twins are one move)."""
    if code < PLAY_LIMIT:
        return h.t.deck.copies_of(h.t.deck.names[code])[0]
    return code


def default_code(h: Hand, rng: random.Random, greedy: float = 0.0) -> int:
    """The default policy's move (see the module docs); a card is chosen by
    :func:`greedy_card` with probability ``greedy``, else uniformly."""
    codes = h.legal_codes()
    if len(codes) == 1:
        return codes[0]
    if PAIR in codes:
        return PAIR
    if SHOW in codes:
        return SHOW
    if h.phase == AUCTION:
        if PASS in codes:
            return PASS
        bids = [c for c in codes if BID <= c < RAISE]
        return min(bids) if bids else codes[0]
    if h.phase == TRUMP:
        return _longest_suit_code(h, codes)
    cards = [c for c in codes if c < PLAY_LIMIT]
    if not cards:
        return PASS if PASS in codes else codes[0]
    verbs = [c for c in codes if c in (ASK, REVEAL)]
    if verbs and rng.random() < 0.1:
        return verbs[rng.randrange(len(verbs))]
    if greedy and h.trick_cards and rng.random() < greedy:
        return greedy_card(h, cards)
    return cards[rng.randrange(len(cards))]


def greedy_card(h: Hand, cards: Sequence[int]) -> int:
    """A follower's card by the two oldest rules of thumb of trick-taking play, on the
    sampled deal: if its own side holds the trick, its cheapest card (fewest points, then
    lowest); else the lowest card that takes the trick, or the cheapest card when none does.
    A trump counts only once revealed (as the engine scores the trick)."""
    points, power = h.t.deck.points, h.power

    def cheap(c: int) -> tuple[int, int]:
        return points[c], power[c]

    seat = h.to_act
    assert seat is not None
    if h.t.team_of[h.trick_seats[trick_winner(h)]] == h.t.team_of[seat]:
        return min(cards, key=cheap)
    trick = h.trick_cards
    start = trump_start(h) if h.revealed and h.trump >= 0 else -1     # as trick_winner
    winners = [c for c in cards if winning_index([*trick, c], h.suit_of, power, h.trump,
                                                 start) == len(trick)]
    if winners:
        return min(winners, key=lambda c: (power[c], points[c]))
    return min(cards, key=cheap)


def _longest_suit_code(h: Hand, codes: tuple[int, ...]) -> int:
    deck = h.t.deck
    held = h.hands[h.to_act] if h.to_act is not None else 0
    length = [0, 0, 0, 0]
    for c in range(deck.size):
        if held >> c & 1:
            length[deck.suit_of[c]] += 1

    def rank(code: int) -> tuple[int, int]:
        if TRUMP_CARD <= code < TRUMP_SUIT:
            card = code - TRUMP_CARD
            return length[deck.suit_of[card]], -deck.power[card]
        if TRUMP_SUIT <= code < TRUMP_SUIT + 4:
            return length[code - TRUMP_SUIT], 0
        return -1, 0

    return max(codes, key=rank)


def outcome(h: Hand, team: int) -> float:
    """The result of a finished hand for ``team`` (see the module docs)."""
    r = h.score()
    if r is None:
        return 0.0
    by = r.by_team
    others = max((v for t, v in enumerate(by) if t != team), default=0)
    result = float(by[team] - others)
    if h.bidder >= 0 and h.status == 1:
        pts = side_points(h)
        mine = pts["bidding"] if h.t.team_of[h.bidder] == team else pts["opponents"]
        result += 0.01 * mine
    return float(result)


@register("ismcts")
class IsmctsBot(Bot):
    """Information-set MCTS: see the module docs."""

    exploration = EXPLORATION
    think_cards = (0.7,)
    """(At a table, :meth:`Bot.thinking_time`: about its default budget's iterations; past
    :attr:`~Bot.deadline` the tree stops growing and decides as it stands.)"""
    greedy = GREEDY
    """The share of a play-out's follower cards chosen by :func:`greedy_card`."""

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed, budget)
        b = DEFAULT_BUDGET if budget is None else max(0.0, float(budget))
        self.iterations = max(MIN_ITERATIONS, int(ITERATIONS_PER_SECOND * b))
        self.unsearched = RulesBot(seed)
        """Who decides what is not searched (:data:`SEARCHED_VERBS`)."""

    def decide(self, view: View, legal: list[Action]) -> Action:
        if len(legal) <= 1:
            return legal[0]
        if not SEARCHED_VERBS & {a.verb for a in legal}:
            return self.unsearched.decide(view, legal)
        for a in legal:
            if a.verb in ("pair", "show"):
                return a
        rng = decision_rng(self.seed, view)
        try:
            worlds = Sampler(view).sample(POOL, rng, attempts=100 * POOL)
        except SamplerError:                                     # pragma: no cover
            worlds = []
        if not worlds:
            return legal[0]
        root = self.search(worlds, rng)
        h0 = worlds[0].hand
        seat = view["seat"]
        best: tuple[int, float, Action] | None = None
        for a in legal:
            node = root.children.get(_key(h0, _code_in(h0, a)))
            if node is None or node.visits == 0:
                continue
            cand = (node.visits, node.total / node.visits, a)
            if best is None or cand[:2] > best[:2]:
                best = cand
        assert seat == h0.to_act
        return best[2] if best is not None else legal[0]

    def search(self, worlds: list[World], rng: random.Random) -> Node:
        """Grow the tree for ``iterations`` iterations over the deals ``worlds``."""
        root = Node()
        weights = [w.weight for w in worlds]
        for i in range(self.iterations):
            if i >= MIN_ITERATIONS and i % 16 == 0 and self.out_of_time():
                break
            w = rng.choices(worlds, weights)[0]
            self._iterate(root, w.hand.copy(), rng)
        return root

    def playout_code(self, h: Hand, rng: random.Random) -> int:
        """The play-out's move in ``h`` (:func:`default_code`)."""
        return default_code(h, rng, self.greedy)

    def _iterate(self, root: Node, h: Hand, rng: random.Random) -> None:
        path: list[tuple[Node, int]] = []          # (node, team choosing into it)
        node = root
        c = self.exploration
        while not h.over:
            codes = h.legal_codes()
            seat = h.to_act
            assert seat is not None
            team = h.t.team_of[seat]
            keys = [_key(h, code) for code in codes]
            untried = [i for i, k in enumerate(keys) if k not in node.children]
            for k in keys:
                child = node.children.get(k)
                if child is not None:
                    child.available += 1
            if untried:
                i = untried[rng.randrange(len(untried))]
                child = node.children[keys[i]] = Node(available=1)
                h.step(codes[i])
                path.append((child, team))
                break
            log_n = 0.0
            best_i = 0
            best_v = -math.inf
            for i, k in enumerate(keys):
                ch = node.children[k]
                log_n = math.log(max(1, ch.available))
                v = ch.total / ch.visits + c * math.sqrt(log_n / ch.visits)
                if v > best_v:
                    best_v, best_i = v, i
            node = node.children[keys[best_i]]
            h.step(codes[best_i])
            path.append((node, team))
        while not h.over:
            h.step(self.playout_code(h, rng))
        results: dict[int, float] = {}
        for n, team in path:
            if team not in results:
                results[team] = outcome(h, team)
            n.visits += 1
            n.total += results[team]


def _code_in(h: Hand, a: Action) -> int:
    """The code of ``a`` in hand ``h`` (a card: a copy the seat holds)."""
    return legal_code_of(h, str(a))
