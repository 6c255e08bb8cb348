"""``pimc`` (sampled deals, each solved) and ``oracle`` (sees every hand): the search players.

**pimc** — Perfect-Information Monte Carlo.  At each decision it draws deals consistent with
its view (:mod:`twentyeight.bots.sampling`: exact consistency, weighted by how likely the
observed bidding is), evaluates every legal action in each deal, and plays the action with
the best weighted average:

* **Play of the cards** (and ask / reveal): each deal is searched from the current position
  with the perfect-information solver (:mod:`twentyeight.solver`) under a node limit.  An
  action scores ``1000 × made + 2 × card points`` for the bidding side (an annulled line
  sits between ``target − 1`` and ``target`` points, as in
  :mod:`twentyeight.solver.values`): the contract made or not first, then the margin.  The
  bidding side maximises the average, the defenders minimise it.  Among equal best actions
  the ``rules`` bot's choice is preferred, else the first legal one.
* **Auction**: in each deal the hand is played out with this seat as bidder at the lowest
  bid open to it (the others pass, the trump and the play chosen by the ``rules`` bot at
  every seat), which gives the card points its side would take.  It bids the lowest bid when
  that reaches the bid in at least :data:`BID_CONFIDENCE` of the weighted deals, and never
  overcalls its partner (unless forced to open).
* **Trump choice**: each candidate (per suit, the lowest card as indicator; a named suit;
  ``seventh`` / ``reverse`` when offered) is played out in every deal the same way; it takes
  the one with the best ``1000 × P(made) + mean points``.
* **Windows** (double, raise, Thani, claims…), **special contracts** the solver does not
  support (single hand, Thani, Cot) and decisions with one legal action: the ``rules`` bot.

**Budget, deterministically.**  ``budget`` (seconds, default :data:`DEFAULT_BUDGET`) is not
read from a clock: it is turned into counts (:meth:`Effort.of`) — deals drawn per decision,
solver nodes per decision (:data:`NODES_PER_SECOND` × budget, shared by the deals) and deals
played out for the auction and trump.  The per-decision random generator is derived from the
seed and the view.  So a decision depends only on the seed, the budget and the view, and
the budget is roughly the time a decision takes on this machine (2-core VM) with the
pure-Python search.  With numba installed the solves go through the compiled kernel
(:mod:`twentyeight.solver.fast`), which visits the same nodes: the same decisions, several
times sooner — so a larger budget buys a stronger player in the same time.
When the nodes do not suffice to solve at least :data:`MIN_SOLVED` deals (early tricks at a
small budget: a full 8-trick deal costs ~100 000 nodes, ~0.7 s), the decision falls back to
the ``rules`` bot — a smaller budget means fewer deals and an earlier start of the search.

**oracle** — the same decisions with the *real* deal as the only world: the solver on the
actual hands in the play (with the whole node budget), play-outs of the actual deal in the
auction.  It cheats, on purpose, as the upper bound for measurement.  A bot normally sees only
a view; the oracle must be given the state with :meth:`OracleBot.bind` (a
:class:`~twentyeight.game.Game` or an engine :class:`~twentyeight.engine.Hand`) before each
:meth:`~OracleBot.act`.  The arena does so for any bot that has a ``bind`` method.

>>> from twentyeight import Game
>>> from twentyeight.bots import make_bot
>>> g = Game.new("28", seed=4, dealer=3)
>>> bot = make_bot("pimc", seed=1, budget=0.05)
>>> bot.act(g.view(g.to_act)) in g.view(g.to_act)["legal"]
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from twentyeight.bots.base import Bot, BotError, View, register
from twentyeight.bots.reading import high_bidder
from twentyeight.bots.rules_bot import RulesBot
from twentyeight.bots.sampling import Sampler, SamplerError, World, resample
from twentyeight.engine.actions import BID, PAIR, PASS, PLAY_LIMIT, TRUMP_CARD, Action, code_of
from twentyeight.engine.hand import Hand
from twentyeight.engine.scoring import target
from twentyeight.engine.state import AUCTION, TRUMP
from twentyeight.result import side_points
from twentyeight.solver import fast
from twentyeight.solver.api import choose_engine
from twentyeight.solver.ordering import equivalent_groups
from twentyeight.solver.position import IGNORED, Position, SolverError
from twentyeight.solver.search import Searcher
from twentyeight.solver.values import SCALE
from twentyeight.views import view as view_of

__all__ = ["DEFAULT_BUDGET", "Effort", "NodeLimit", "OracleBot", "PimcBot", "decision_rng",
           "legal_code_of", "solve_limited"]

DEFAULT_BUDGET = 1.0
"""Seconds a decision may take when no budget is given (roughly: it sets counts, not a clock)."""
NODES_PER_SECOND = 100_000
"""Solver nodes granted per second of budget (the solver searches ~140 000 nodes/s here)."""
MIN_SOLVED = 3
"""Fewer solved deals than this (when more were drawn) and pimc plays like ``rules``."""
BID_CONFIDENCE = 0.6
"""pimc bids when its side makes the lowest open bid in this share of the deals."""
MADE = 1000
"""An action's score: ``MADE`` if the contract is made, plus the scaled card points."""


@dataclass(frozen=True)
class Effort:
    """What a budget buys: deals and solver nodes per decision (see the module docs)."""

    samples: int
    """Deals drawn for a decision in the play."""
    nodes: int
    """Solver nodes for a decision in the play, over all its deals."""
    rollouts: int
    """Deals played out for a decision in the auction or the trump choice."""

    @classmethod
    def of(cls, budget: float | None) -> Effort:
        """``Effort.of(1.0)``: 36 deals, 100 000 nodes, 40 play-outs; fewer for less.

        >>> Effort.of(0.2)
        Effort(samples=10, nodes=20000, rollouts=8)
        """
        b = DEFAULT_BUDGET if budget is None else max(0.0, float(budget))
        return cls(samples=max(4, min(48, int(4 + 32 * b))),
                   nodes=int(NODES_PER_SECOND * b),
                   rollouts=max(4, min(64, int(40 * b))))


# ---- the solver under a node limit ---------------------------------------------------------
class NodeLimit(Exception):
    """The search ran out of its node allowance."""


class _LimitedSearcher(Searcher):
    def __init__(self, pos: Position, limit: int) -> None:
        super().__init__(pos)
        self.limit = limit

    def search(self, alpha: int, beta: int) -> int:
        if self.nodes >= self.limit:
            raise NodeLimit
        return Searcher.search(self, alpha, beta)


def solve_limited(hand: Hand, limit: int, made_only: bool = False, engine: str = "auto",
                  goal_points: int | None = None) -> tuple[dict[int, int], int, int]:
    """The solver's value (doubled scale) of every legal action code of ``hand``, within
    ``limit`` nodes: ``(values, target, nodes)``.  Like :func:`twentyeight.solver.solve`,
    ``pair`` gets the value of the position.  With ``made_only`` the value is only whether
    the contract is made (:data:`MADE` or 0; one zero-window search per action, several
    times cheaper) — or, with ``goal_points``, whether the bidding side reaches that many
    card points instead of the target.  Equivalent cards are searched once
    (:func:`root_groups`).  ``engine`` as for :func:`twentyeight.solver.solve`: the compiled
    kernel when numba is installed (``auto``), else the Python search; both visit the same
    nodes, so the answer is the same.  Raises :class:`NodeLimit` or
    :class:`~twentyeight.solver.SolverError`."""
    pos = Position.from_hand(hand)
    seat = pos.to_act
    assert seat is not None
    guess = SCALE * (pos.banked + pos.points_left() // 2)
    goal = SCALE * (pos.target if goal_points is None else goal_points)
    codes = hand.legal_codes()
    for code in codes:
        if code in IGNORED and code != PAIR:
            raise SolverError(f"{hand.describe(code)!r} is not supported by the solver")
    groups = root_groups(pos, codes)
    moves = [g[0] for g in groups]
    if choose_engine(engine) == "compiled" and fast.unsupported(pos) is None:
        values, nodes = _kernel_limited(pos, moves, guess, goal, limit, made_only)
    else:
        values, nodes = _python_limited(pos, moves, guess, goal, limit, made_only)
    for g in groups:                    # an equivalent card has its group's value
        for c in g[1:]:
            values[c] = values[g[0]]
    if PAIR in codes and values:
        values[PAIR] = max(values.values()) if pos.bid_side[seat] else min(values.values())
    return values, pos.target, nodes


def root_groups(pos: Position, codes: Sequence[int]) -> list[list[int]]:
    """The moves of ``codes`` (legal action codes at ``pos``; ``pair`` and ``concede`` left
    out) that :func:`solve_limited` searches, each first in its group of moves of the same
    value: equivalent cards together (:func:`~twentyeight.solver.ordering.equivalent_groups`,
    about a tenth of the nodes in the first tricks of 28), every other move alone."""
    moves = [c for c in codes if c not in IGNORED]
    return (equivalent_groups(pos, sorted(c for c in moves if c < PLAY_LIMIT))
            + [[c] for c in moves if c >= PLAY_LIMIT])


def _kernel_limited(pos: Position, moves: list[int], guess: int, goal: int, limit: int,
                    made_only: bool) -> tuple[dict[int, int], int]:
    """:func:`solve_limited` by the compiled kernel: the same nodes in the same order as
    :func:`_python_limited` (the kernel's tests compare them), so the same values."""
    found, nodes, aborted = fast.kernel_values(pos, moves, guess, made_only=made_only,
                                               goal=goal, limit=limit)
    if aborted:
        raise NodeLimit
    if made_only:
        return {c: MADE if v else 0 for c, v in zip(moves, found, strict=True)}, nodes
    return {c: (MADE if v >= goal else 0) + v for c, v in zip(moves, found, strict=True)}, nodes


def _python_limited(pos: Position, moves: list[int], guess: int, goal: int, limit: int,
                    made_only: bool) -> tuple[dict[int, int], int]:
    """:func:`solve_limited` by the Python search."""
    searcher = _LimitedSearcher(pos, limit)
    values: dict[int, int] = {}
    for code in moves:
        saved = pos.apply(code)
        if made_only:
            values[code] = MADE if searcher.can_reach(goal - SCALE * pos.banked) else 0
        else:
            v = SCALE * pos.banked + searcher.mtdf(guess - SCALE * pos.banked)
            values[code] = (MADE if v >= goal else 0) + v
            guess = v
        pos.undo(saved)
    return values, searcher.nodes


# ---- play-outs -------------------------------------------------------------------------------
def legal_code_of(h: Hand, action: str) -> int:
    """The legal code of ``action`` for the seat to act in ``h`` (a twin: the copy it holds)."""
    a = Action.parse(action)
    held = h.hands[a.seat]
    code = code_of(a, lambda name: next(
        (c for c in h.t.deck.copies_of(name) if held >> c & 1), None))
    if code is None or code not in h.legal_codes():
        raise BotError(f"{action!r} is not legal here")         # pragma: no cover
    return code


def play_out(h: Hand, policy: Callable[[Hand], int | None], helper: Bot,
             until: Callable[[Hand], bool] | None = None) -> Hand:
    """Finish hand ``h`` (changed in place), or play it on until ``until(h)`` holds:
    ``policy(h)`` may fix a code, else ``helper`` decides from the view of the seat to act."""
    while not h.over and (until is None or not until(h)):
        code = policy(h)
        if code is None:
            seat = h.to_act
            assert seat is not None
            code = legal_code_of(h, helper.act(view_of(h, seat)))
        h.step(code)
    return h


def _bidding_result(h: Hand) -> tuple[bool, float] | None:
    """(made, card points of the bidding side) of a finished hand; None if annulled/no bid."""
    if h.bidder < 0 or h.status != 1:
        return None
    pts = side_points(h)["bidding"]
    return pts >= target(h), float(pts)


def decision_rng(seed: int | None, view: View) -> random.Random:
    """The random generator of one decision: it depends only on the bot's seed and the view
    (what makes a search bot deterministic for a seed and a budget)."""
    key = repr((seed, view["seat"], view["dealer"], view["history"], view["hand"]))
    return random.Random(int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8)
                                        .digest(), "big"))


# ---- the bots --------------------------------------------------------------------------------
@register("pimc")
class PimcBot(Bot):
    """Perfect-information Monte Carlo: see the module docs."""

    min_solved = MIN_SOLVED
    bid_confidence = BID_CONFIDENCE
    """The share of play-outs its side must make the lowest open bid in for a bid."""
    play_likelihood = False
    """Weigh the sampled deals also by how likely the observed play is (the sampler's point-gift
    model), not only the auction.  Off: in 300 duplicate deals at budget 1 it changed the result
    by −0.065 [−0.155, 0.025] game points per deal in 28 and +0.050 [−0.006, 0.106] in 29."""
    node_share = 0
    """Nodes per deal are ``nodes // max(1, min(samples, node_share or MIN_SOLVED))``."""
    think_cards: ClassVar[tuple[float, ...]] = (1.5, 0.8, 0.4, 0.2)
    think_calls = 0.4
    think_windows = 1.5
    """At a table (:meth:`Bot.thinking_time`): about twice what the expert takes at its default
    budget on a quiet core at the 90th percentile (a card of the first trick: median 0.46 s of
    processor time, 90th percentile 0.71 s; the second 0.17 and 0.49 s; the third 0.05 and
    0.11 s; a call or the trump under 0.05 s; 28's raise window, which solves deals from the
    first lead, 0.31 and 0.44 s, most 1.17 s; hands played by ``rules``, 2026-12-05), so that
    its deadline seldom cuts a search short: past it no more deals are solved, and the deals
    solved so far decide (or the ``rules`` player, when too few are)."""

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed, budget)
        self.effort = Effort.of(budget)
        self.helper = RulesBot(seed=seed)
        self.stats = {"decisions": 0, "searched": 0, "fallback": 0, "nodes": 0}

    # ---- the worlds ------------------------------------------------------------------------
    def decision_rng(self, view: View) -> random.Random:
        """A generator that depends only on the seed and the view."""
        return decision_rng(self.seed, view)

    def worlds(self, view: View, count: int) -> list[World]:
        """Deals consistent with ``view`` (the oracle returns the real one).  Where the cards
        played are read by the learned play model (:meth:`play_family`), ``pool`` times as
        many are drawn and ``count`` of them kept in proportion to their weights
        (:func:`~twentyeight.bots.sampling.resample`)."""
        pool = self.world_pool(view)
        rng = self.decision_rng(view)
        try:
            worlds = self.sampler(view).sample(pool * count, rng, attempts=100 * pool * count)
        except SamplerError:                                      # pragma: no cover
            return []
        return resample(worlds, count, rng) if pool > 1 else worlds

    def world_pool(self, view: View) -> int:
        """How many times the deals a decision uses are drawn before they are resampled by
        weight (:meth:`worlds`): :attr:`pool` where the cards played are read by the learned
        play model, else once."""
        return self.pool if self.play_family(view) is not None else 1

    def sampler(self, view: View) -> Sampler:
        """The sampler of the deals consistent with ``view``, with this bot's models of the
        other players (bids, play)."""
        return Sampler(view, **self.sampler_models(view))

    def sampler_models(self, view: View) -> dict[str, Any]:
        """This bot's models of the other players at ``view``, as the keyword arguments of
        :class:`~twentyeight.bots.sampling.Sampler` (for a sampler of another kind too)."""
        return {"play_likelihood": self.play_likelihood,
                "partner_bids": self.partner_bids(view),
                "opponent_bids": self.opponent_bids(view),
                "play_family": self.play_family(view)}

    pool = 1
    """How many times the worlds a decision uses are drawn before they are resampled by
    weight, where the play is read (:meth:`play_family`)."""

    def play_family(self, view: View) -> str | None:
        """The family of the learned play model that reads the cards played in ``view``
        (``Sampler(play_family=…)``); ``None``: the cards are not read."""
        return None

    def partner_bids(self, view: View) -> tuple[float, float] | None:
        """How the seat's partners bid, for the sampler (``Sampler(partner_bids=…)``);
        ``None``: as every other player, the sampler's default model."""
        return None

    def opponent_bids(self, view: View) -> tuple[float, float] | None:
        """How the seat's opponents bid, for the sampler (``Sampler(opponent_bids=…)``);
        ``None``: the sampler's default model."""
        return None

    # ---- decisions -------------------------------------------------------------------------
    def decide(self, view: View, legal: list[Action]) -> Action:
        self.stats["decisions"] += 1
        if len(legal) <= 1:
            return legal[0]
        verbs = {a.verb for a in legal}
        if "pair" in verbs:
            return next(a for a in legal if a.verb == "pair")
        choice: Action | None = None
        if view["phase"] == "play" and verbs & {"play", "ask", "reveal"}:
            choice = self._play(view, legal)
        elif view["phase"] == "auction" and "bid" in verbs and all(
                (a.arg or "").isdigit() for a in legal if a.verb == "bid"):
            choice = self._bid(view, legal)
        elif view["phase"] == "trump":
            choice = self._trump(view, legal)
        if choice is None or choice not in legal:
            self.stats["fallback"] += 1
            choice = self.helper.decide(view, legal)
        return choice

    def _play(self, view: View, legal: list[Action]) -> Action | None:
        effort = self.effort
        worlds = self.worlds(view, effort.samples)
        if not worlds:
            return None
        result = None
        for made_only in (False, True):
            try:
                result = self._search(worlds, made_only)
            except SolverError:
                return None
            if result is not None:
                break
        if result is None:
            return None
        totals, maximising = result
        self.stats["searched"] += 1
        options = [a for a in legal if a in totals]
        if not options:                                          # pragma: no cover
            return None
        sign = 1.0 if maximising else -1.0
        best = max(sign * totals[a] for a in options)
        top = [a for a in options if sign * totals[a] >= best - 1e-9 * max(1.0, abs(best))]
        preferred = self.helper.decide(view, legal)
        return preferred if preferred in top else top[0]

    def _search(self, worlds: list[World], made_only: bool
                ) -> tuple[dict[Action, float], bool] | None:
        """Weighted mean score of every action over the worlds the node budget can solve
        (``None`` if fewer than :data:`MIN_SOLVED`)."""
        effort = self.effort
        share = max(1, min(len(worlds), self.node_share or self.min_solved))
        cap = effort.nodes // share
        used = 0
        totals: dict[Action, float] = {}
        weight = 0.0
        solved = 0
        maximising = True
        for w in worlds:
            limit = min(cap, effort.nodes - used)
            if limit <= 0 or self.out_of_time():
                break
            try:
                values, _, nodes = solve_limited(w.hand, limit, made_only)
            except NodeLimit:
                used += limit
                break
            used += nodes
            solved += 1
            h = w.hand
            seat = h.to_act
            assert seat is not None
            maximising = h.bid_side[seat]
            for code, v in values.items():
                action = h.action(seat, code)
                totals[action] = totals.get(action, 0.0) + w.weight * v
            weight += w.weight
        self.stats["nodes"] += used
        if solved < min(self.min_solved, len(worlds)) or not totals or weight <= 0:
            return None
        return {a: v / weight for a, v in totals.items()}, maximising

    # ---- auction and trump -----------------------------------------------------------------
    def _bid(self, view: View, legal: list[Action]) -> Action | None:
        seat = view["seat"]
        bids = sorted(int(a.arg) for a in legal if a.verb == "bid" and a.arg)
        passing = Action(seat, "pass")
        redeal = Action(seat, "redeal")
        if redeal in legal:
            return redeal
        if passing not in legal:
            return Action(seat, "bid", str(bids[0]))
        high = high_bidder(view)
        teams = len(view["teams"])
        if high is not None and high % teams == seat % teams:
            return passing
        lowest = bids[0]
        worlds = self.worlds(view, self.effort.rollouts)
        if not worlds:
            return None
        code = BID + 8 * lowest

        def policy(h: Hand) -> int | None:
            if h.phase == AUCTION:
                if h.to_act == seat and code in h.legal_codes() and h.high < lowest:
                    return code
                return PASS if PASS in h.legal_codes() else None
            return None

        made = total = 0.0
        for w in worlds:
            h = play_out(w.hand, policy, self.helper)
            res = _bidding_result(h)
            if res is None or h.bidder != seat:
                continue
            total += w.weight
            made += w.weight * (res[1] >= lowest)
        if total <= 0:
            return None
        return Action(seat, "bid", str(lowest)) if made / total >= self.bid_confidence \
            else passing

    def _trump(self, view: View, legal: list[Action]) -> Action | None:
        seat = view["seat"]
        worlds = self.worlds(view, self.effort.rollouts)
        if not worlds:
            return None
        h0 = worlds[0].hand
        if h0.phase != TRUMP:                                     # pragma: no cover
            return None
        codes = h0.legal_codes()
        deck = h0.t.deck
        candidates: dict[Action, int] = {}
        lowest: dict[int, int] = {}
        for c in codes:
            if TRUMP_CARD <= c < TRUMP_CARD + 128:
                card = c - TRUMP_CARD
                s = deck.suit_of[card]
                if s not in lowest or deck.power[card] < deck.power[lowest[s]]:
                    lowest[s] = card
            else:
                candidates[h0.action(seat, c)] = c
        for card in lowest.values():
            candidates[h0.action(seat, TRUMP_CARD + card)] = TRUMP_CARD + card
        best: tuple[float, Action] | None = None
        for name, code in candidates.items():
            if name not in legal:
                continue
            made = points = total = 0.0
            for w in worlds:
                h = w.hand.copy()
                h.step(code)
                play_out(h, lambda _h: None, self.helper)
                res = _bidding_result(h)
                if res is None:
                    continue
                total += w.weight
                made += w.weight * res[0]
                points += w.weight * res[1]
            if total <= 0:
                continue
            score = MADE * made / total + points / total
            if best is None or score > best[0]:
                best = (score, name)
        return best[1] if best is not None else None


@register("oracle")
class OracleBot(PimcBot):
    """Sees every hand (cheating, the upper bound): call :meth:`bind` before :meth:`act`.

    >>> from twentyeight import Game
    >>> from twentyeight.bots import make_bot
    >>> g = Game.new("28", seed=4, dealer=3)
    >>> bot = make_bot("oracle", seed=1, budget=0.05)
    >>> bot.bind(g)
    >>> bot.act(g.view(g.to_act)) in g.view(g.to_act)["legal"]
    True
    """

    min_solved = 1
    node_share = 1
    sees_deal = True
    description = "sees every hand: the upper bound, for measurement"

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed, budget)
        self._hand: Hand | None = None

    def bind(self, game: Any) -> None:
        """Give the oracle the real state: a :class:`~twentyeight.game.Game` or a
        :class:`~twentyeight.engine.Hand` (it reads the state at each :meth:`act`)."""
        hand = getattr(game, "hand", game)
        if not isinstance(hand, Hand):
            raise BotError("oracle.bind needs a twentyeight Game or engine Hand")
        self._hand = hand

    def decide(self, view: View, legal: list[Action]) -> Action:
        self._bound(view)
        return super().decide(view, legal)

    def _bound(self, view: View) -> Hand:
        h = self._hand
        if h is None:
            raise BotError("the oracle sees every hand: call bind(game) before act(view)")
        if len(h.history) != len(view["history"]) or h.to_act != view["seat"]:
            raise BotError("the oracle is bound to another game than this view's")
        return h

    def worlds(self, view: View, count: int) -> list[World]:
        h = self._bound(view)
        return [World(h.copy(), h.deal, 1.0)]
