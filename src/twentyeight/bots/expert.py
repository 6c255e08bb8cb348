"""``expert``: bids by the learned value of its hand, plays by sampled deals solved to the goal.

Every decision is taken by expected game points, from deals drawn consistent with the seat's
view (:class:`~twentyeight.bots.sampling.Sampler`, weighted by how likely the observed
decisions are):

* **Auction** — for each bid open to it (each denomination where bids name one) the chance of
  making it as the bidder, from the bid model (:mod:`twentyeight.bots.bid_model`: the points
  a bidding side takes with best play, learned from solved deals) evaluated on every sampled
  deal with the trump it would choose; its value is ``chance × win − (1 − chance) × loss`` on
  the preset's stakes.  Passing is worth what the current holder of the bid is expected to
  score (the partner's contract counts for us, an opponent's against us); over a partner, a
  bid must also be worth more than zero itself, or two partners who each read the other's
  contract as lost would outbid each other to the top.  It bids the best bid when that is
  worth more than passing (a forced bid: the best bid).
* **Trump** — the suit (with its lowest card as the indicator, or named) with the best chance
  of making the contract, by the same model on the sampled deals.
* **Windows** — double, redouble and 'C' by the value of the contract from the model (a
  double pays when the bidder is expected to lose points, 28-DBL-1…3, 28-DBL-7); a raise
  after all cards are seen by solving the sampled deals to each contract's goal, a raise's
  goal with :data:`RAISE_SAFETY` points to spare (:func:`goal_chances`, 28-RAISE-1); the
  zero-point redeal (28-POST-3) when this side
  expects to lose by playing on (:func:`play_on_chance`); a pair is always shown.
* **Undertakings to sweep** — single hand (28-SH-1), Thani (28-TH-1) and Cot (28-COT-2…4)
  are scored by winning every trick, which the card-point solver does not model: the
  sampled deals are searched for a sweep on the engine itself (:mod:`sweep
  <twentyeight.bots.sweep>`: swept, annulled or failed).  A single hand or Thani is declared
  when its expected score, the share swept pulled towards ½ as for the raise, beats the
  contract's value to this side by :data:`DECLARE_MARGIN`; an opponent concedes Cot when the
  bidding side is expected to score more by playing on than once conceded
  (:func:`concede_gain`), and the bidder refuses when the sweep's ``2 × win`` against
  ``−2 × loss`` beats the plain win.  The cards of a single hand or Thani, and of a Cot
  refused (from then on only a sweep scores for the bidding side), are played by the same
  search (the card that keeps the sweep in the most deals, or breaks it); before a refusal a
  Cot hand's cards are searched as the contract's, the sweep's double left out (the solver
  values card points, which Cot's doubled sweep does not reduce to).  Where the
  bid model has no family for the preset's table, or the expert does not bid by it
  (:data:`AUCTION_FAMILIES`: 28, 29, bhoos-29, 28-3p and 28-6p), the auction, trump
  and windows go to the ``rules`` player, but for 56's doubles and redoubles in the auction
  (:data:`DOUBLE_FAMILIES`), called when they move the holder's expected score by more than
  :data:`DOUBLE_MARGIN` (:meth:`ExpertBot._double_gain`).
* **Play** — each sampled deal is searched from the current position with a zero-window
  search at the goal: does the bidding side still make its target after each card?  The card
  made in the most deals (weighted) wins (a deal too big for its share of the nodes is
  skipped, and the first two tricks, the dearest, get :data:`EARLY_FACTOR` times the
  nodes); ties are broken by a second search at the goal moved by :data:`SAFETY` points (a
  margin against the deals it did not see), then by the ``rules`` player's choice.
  Searching "made or not" instead of the exact card points is what game points ask for and
  costs a small fraction of the nodes.

**Budget, deterministically** (as ``pimc``): ``budget`` seconds become counts (deals drawn,
solver nodes per decision: :meth:`ExpertEffort.of`), never a clock, and the random generator
of a decision is derived from the seed and the view, so a decision depends only on the seed,
the budget and the view.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from types import SimpleNamespace
from typing import cast

from twentyeight.bots import bid_model
from twentyeight.bots.base import View, register
from twentyeight.bots.bid_data import NO_TRUMP
from twentyeight.bots.pimc import (
    NodeLimit,
    PimcBot,
    _LimitedSearcher,
    legal_code_of,
    solve_limited,
)
from twentyeight.bots.reading import cot_refused, high_bidder, rules_of
from twentyeight.bots.sampling import World
from twentyeight.bots.sweep import Shares, seats_of_team, sweep_counts, sweep_share
from twentyeight.cards import SUITS
from twentyeight.engine.actions import (
    PASS,
    PLAY_LIMIT,
    REFUSE,
    SINGLE,
    THANI,
    Action,
    bid_parts,
)
from twentyeight.engine.hand import Hand
from twentyeight.engine.scoring import base_values
from twentyeight.engine.state import AUCTION, PLAY, HandState
from twentyeight.engine.tables import tables_for
from twentyeight.rules import Rules
from twentyeight.solver import fast
from twentyeight.solver.api import choose_engine
from twentyeight.solver.position import Position, SolverError
from twentyeight.solver.values import SCALE
from twentyeight.views import view as view_of

__all__ = ["AUCTION_FAMILIES", "DOUBLE_FAMILIES", "ExpertBot", "ExpertEffort", "concede_gain",
           "declare_choice", "goal_chances", "play_on_chance", "raise_choice", "reaches",
           "reaches_counted", "shrunk", "stakes", "trump_options", "without_cot"]

DEFAULT_BUDGET = 0.5
"""Seconds a decision may take when no budget is given (it sets counts, not a clock)."""
SAFETY = 4
"""Card points of margin for the tie-break search of the play (see the module docs)."""
OPPONENT_WEIGHT = 0.7
"""How much of an opponent's expected score counts against passing to it (the model knows
the opponent's hand only through the sampled deals)."""
BID_MARGIN = 0.05
"""Game points a bid must be worth above passing."""
DOUBLE_MARGIN = 0.25
"""Game points the bidder must be expected to lose before a double (to win, for a redouble):
a margin for the redouble it invites."""
EARLY_TRICKS = 2
"""The first tricks, whose deals cost the most to solve (10 000 to 1 500 000 nodes a deal at
the first lead of 28, a median near 130 000) ..."""
EARLY_FACTOR = 2
"""... get this many times the nodes of a later card (at budget 0.5, 1 600 000), so that most
of their deals are solved rather than left to the ``rules`` player (at 200 000 nodes, the
first lead fell back to it in seven of eight deals tried; ``benchmarks/bot_fallback.py``)."""
RAISE_MARGIN = 0.25
"""Game points a raise must be worth above keeping the contract: the best of several goals
judged on a few solved deals looks better than it is (in 100 duplicate deals of 28 the
expert raised 14 to 25 four times on unshrunk shares and made two)."""
RAISE_SAFETY = 2
"""Card points a raise must be made with to spare in the solved deals (capped at every
point): the deals are solved with every card seen, so their shares are too hopeful (in 370
duplicate deals of 28 the expert raised 9 times on the goal's own share, 7 of them to 25,
and made one, a 24; docs/strength.md)."""
DECLARE_MARGIN = RAISE_MARGIN
"""Game points a single hand, a Thani or a refused Cot must be worth above not declaring
(the same reason as the raise: a share of a few solved deals)."""
AUCTION_FAMILIES = frozenset({"28", "29", "bhoos-29", "28-3p", "28-6p"})
"""The bid model's families the expert bids by.  Each was kept where the expert bidding by
it scored more than the expert with the ``rules`` player's auction (or, for bhoos-29, with
29's family, whose labels carry a pair bhoos-29 does not play) on the same deals
(docs/strength.md, "The six- and three-player tables", "bhoos-29 by its own family"); in 40
and 56 it did not (-0.09 a deal over 200 deals of 40, -0.07 over 100 of 56; screened again,
-0.03 over 400 more deals of 40 and nothing either way over 150 of 56, with no shift of the
model's estimates doing better: "40 and 56 by the model's auction, screened"), so there the
auction, trump and windows stay the ``rules`` player's."""
DOUBLE_FAMILIES = frozenset({"56"})
"""Families where the expert keeps the ``rules`` player's bids but decides the auction's
double and redouble (56-DBL-1/2) by the bid model's chance of the contract
(:meth:`ExpertBot._model_double`): a double is a declaration the issue asks to be taken by
expected value, and it changes few auctions, unlike the bids."""
TEAM_SWEEP_FACTOR = 4
"""A side's sweep (a Cot refused: either partner may win each trick) is searched with this
many times the actions of one player's (a single hand, a Thani): its lines branch more (a
refused Cot after the second trick of 28 took about 30 000 actions over 12 deals, where a
single hand's 16 000 suffice)."""
PLAY_POOL = 4
"""Where the cards played are read (:attr:`ExpertBot.play_inference`), the deals of a card
are drawn this many times over and resampled by weight."""
CONCEDE_MARGIN = 0.05
"""Game points a Cot concession must save (conceding a sure sweep never costs: the bidder
who refuses it scores what it would have)."""


@dataclass(frozen=True)
class ExpertEffort:
    """What a budget buys (see the module docs)."""

    worlds: int
    """Deals drawn for a decision in the play."""
    nodes: int
    """Solver nodes for a decision in the play, over all its deals."""
    auction_worlds: int
    """Deals drawn for a decision of the auction, the trump or a window."""
    window_worlds: int
    """Deals drawn for a window decided by solving deals (raise, redeal)."""
    window_nodes: int
    """Solver nodes for a window decided by solving deals (raise, redeal), over its deals."""
    sweep_worlds: int
    """Deals drawn for a decision on a sweep (single hand, Thani, Cot: :mod:`sweep
    <twentyeight.bots.sweep>`)."""
    sweep_nodes: int
    """Actions searched for a decision on a sweep, over its deals."""

    @classmethod
    def of(cls, budget: float | None) -> ExpertEffort:
        """``ExpertEffort.of(0.5)``: 28 deals and 800 000 nodes per card, 48 deals per bid.

        The compiled kernel searches 1.5 to 3.5 million nodes a second here, so a card of
        the first two tricks (the dearest, with :data:`EARLY_FACTOR` times the nodes:
        1 600 000) takes 0.5 to 1 s of one core, the later ones far less (docs/strength.md);
        the raise (2 000 000 nodes over 24 deals) about as much, once a hand; a sweep (single
        hand, Thani, Cot) is searched on the engine itself, 16 000 actions over 12 deals
        (about 25 µs an action: 0.4 s at most, a few milliseconds for most hands).

        >>> ExpertEffort.of(0.5)
        ExpertEffort(worlds=28, nodes=800000, auction_worlds=48, window_worlds=24, \
window_nodes=2000000, sweep_worlds=12, sweep_nodes=16000)
        """
        b = DEFAULT_BUDGET if budget is None else max(0.0, float(budget))
        auction = max(12, min(160, int(16 + 64 * b)))
        return cls(worlds=max(6, min(96, int(8 + 40 * b))), nodes=int(1_600_000 * b),
                   auction_worlds=auction, window_worlds=max(12, auction // 2),
                   window_nodes=int(4_000_000 * b), sweep_worlds=max(8, auction // 4),
                   sweep_nodes=max(4000, int(32_000 * b)))


def trump_options(rules: Rules, legal: Sequence[Action]) -> dict[int, Action]:
    """Suit → the trump action the expert weighs for it: the suit named, or (28's face-down
    card) the lowest card of the suit; ``seventh`` and ``reverse`` are not among them."""
    options: dict[int, Action] = {}
    deck = rules.deck
    for a in legal:
        if a.verb != "trump" or a.arg in (None, "seventh", "reverse"):
            continue
        assert a.arg is not None
        if len(a.arg) == 1:
            options.setdefault(SUITS.index(a.arg), a)
            continue
        suit = deck.suit_of[deck.copies_of(a.arg)[0]]
        low = options.get(suit)
        if low is None or low.arg is None or len(low.arg) == 1 or \
                deck.power[deck.copies_of(a.arg)[0]] < deck.power[deck.copies_of(low.arg)[0]]:
            options[suit] = a
    return options


def stakes(rules: Rules, contract: int) -> tuple[int, int]:
    """(win, loss) of a contract before doubling, on the preset's scale (the engine's own
    :func:`~twentyeight.engine.scoring.base_values`)."""
    shim = SimpleNamespace(t=tables_for(rules), rules=rules)
    return base_values(cast(HandState, shim), contract)


def goal_chances(worlds: Sequence[World], goals: Sequence[int], nodes: int,
                 out_of_time: Callable[[], bool] = lambda: False
                 ) -> dict[int, float] | None:
    """For each goal (card points), the weighted share of ``worlds`` in which the bidding
    side reaches it with best play from the first lead (each world's hand is played on with
    passes to the first lead; one zero-window search per goal, in increasing order and
    stopping at the first missed, ``nodes`` shared by the worlds).  ``None`` if the nodes (or
    the time: ``out_of_time``) ran out before half the worlds were solved."""
    made = dict.fromkeys(goals, 0.0)
    weight = 0.0
    solved = 0
    cap = max(1, nodes // max(1, len(worlds)))
    for w in worlds:
        if out_of_time():
            break
        h = _to_play(w.hand)
        if h is None:
            continue
        reached = dict.fromkeys(goals, False)
        try:
            for g in sorted(goals):             # reaching a goal is monotone: stop at a miss
                if not reaches(h, g, cap):
                    break
                reached[g] = True
        except (NodeLimit, SolverError):
            continue
        solved += 1
        weight += w.weight
        for g in goals:
            made[g] += w.weight * reached[g]
    if solved < max(1, len(worlds) // 2) or weight <= 0:
        return None
    return {g: v / weight for g, v in made.items()}


def raise_choice(rules: Rules, contract: int, chances: dict[int, float], deals: int,
                 multiplier: int = 1) -> int:
    """The contract to play after the raise window (28-RAISE-1): ``contract`` itself or the
    raise in ``chances`` (goal → the share of ``deals`` solved deals that reach it) with the
    best expected score.  A share of a few deals is pulled towards one half (``(share × deals
    + 1) / (deals + 2)``, the mean chance after that many made or missed with no opinion
    before) and a raise must beat keeping the contract by :data:`RAISE_MARGIN`.

    >>> from twentyeight.rules import preset
    >>> raise_choice(preset("28"), 14, {14: 1.0, 25: 1.0}, 24)     # sure: +3 instead of +1
    25
    >>> raise_choice(preset("28"), 14, {14: 1.0, 25: 0.75}, 10)    # 7.5 of 10: not enough
    14
    """
    def worth(goal: int) -> float:
        margin = RAISE_MARGIN if goal != contract else 0.0
        return _value_of(rules, shrunk(chances[goal], deals), goal, multiplier) - margin

    return max([contract, *(g for g in chances if g != contract)], key=lambda g: (worth(g), -g))


def shrunk(share: float, deals: int) -> float:
    """A share of ``deals`` solved deals pulled towards one half: ``(share × deals + 1) /
    (deals + 2)``, the mean chance after that many made or missed with no opinion before.

    >>> shrunk(1.0, 24), shrunk(0.0, 2)
    (0.9615384615384616, 0.25)
    """
    return (share * deals + 1.0) / (deals + 2.0)


Gain = Callable[[float, float], float]
"""What a declaration is worth above not declaring, given the chance that the sweep is made
and the chance that the hand is annulled instead (scored 0)."""


def declare_choice(gain: Gain, shares: Shares) -> bool:
    """Whether to declare an undertaking to sweep (single hand 28-SH-1, Thani 28-TH-1, a
    refused Cot 28-COT-4): the share of solved deals swept, shrunk (:func:`shrunk`), and the
    share annulled give ``gain``, which must clear :data:`DECLARE_MARGIN`.

    >>> single = lambda p, a: 3 * p - 3 * (1 - p - a) - 1.0  # ±3 against a contract worth +1
    >>> [declare_choice(single, Shares(swept, 0.0, 24)) for swept in (1.0, 0.75, 0.6)]
    [True, True, False]
    """
    p = shrunk(shares.swept, shares.solved)
    return gain(p, min(shares.annulled, 1.0 - p)) > DECLARE_MARGIN


def concede_gain(sweep: float, annul: float, win: float, loss: float, otherwise: float
                 ) -> float:
    """What a Cot concession (28-COT-2) saves the opponents: the bidding side's expected
    score playing on (a sweep with chance ``sweep`` scores ``2 × win``, 28-COT-1; an
    annulled hand 0; else ``otherwise``) minus its score once conceded, where it accepts
    (``win``, 28-COT-3) or refuses (a sweep ``2 × win``, a trick lost ``−2 × loss``,
    28-COT-4), whichever it is worth more.

    >>> concede_gain(1.0, 0.0, 1, 2, -2.0)          # a sure sweep: refused, nothing saved
    0.0
    >>> concede_gain(0.5, 0.0, 1, 2, 0.5)           # accepted: +1 instead of 1.25
    0.25
    """
    rest = 1.0 - sweep - annul
    played = sweep * 2 * win + rest * otherwise
    conceded = max(win, sweep * 2 * win - rest * 2 * loss)
    return played - conceded


def _value_of(rules: Rules, chance: float, contract: int, multiplier: int = 1) -> float:
    """The expected game points of a contract made with ``chance`` (before doubling, times
    ``multiplier``)."""
    win, loss = stakes(rules, contract)
    return multiplier * (chance * win - (1.0 - chance) * loss)


def play_on_chance(worlds: Sequence[World], goal: int, nodes: int,
                   out_of_time: Callable[[], bool] = lambda: False) -> float | None:
    """The weighted share of ``worlds`` in which the bidding side reaches ``goal`` card
    points when the hand is played on to the end: each world played on to the first lead
    by passing, then the best card of the player to move by the solver (cards only: a
    claim such as the redeal is what is being weighed).  ``None`` if the nodes (or the time:
    ``out_of_time``) ran out before half the worlds were solved."""
    made = weight = 0.0
    solved = 0
    cap = max(1, nodes // max(1, len(worlds)))
    for w in worlds:
        if out_of_time():
            break
        h = _to_play(w.hand)
        if h is None or h.to_act is None:
            continue
        try:
            values, _, _ = solve_limited(h, cap, made_only=True, goal_points=goal)
        except (NodeLimit, SolverError):
            continue
        cards = [bool(v) for code, v in values.items() if code < PLAY_LIMIT]
        if not cards:
            continue
        solved += 1
        weight += w.weight
        made += w.weight * (max(cards) if h.bid_side[h.to_act] else min(cards))
    if solved < max(1, len(worlds) // 2) or weight <= 0:
        return None
    return made / weight


def reaches(h: Hand, goal: int, limit: int) -> bool:
    """Whether the bidding side takes at least ``goal`` card points from ``h`` with best
    play, all cards known (one zero-window search of at most ``limit`` nodes: the compiled
    kernel when it can, else the Python search; raises :class:`NodeLimit`)."""
    return reaches_counted(h, goal, limit)[0]


def reaches_counted(h: Hand, goal: int, limit: int) -> tuple[bool, int]:
    """:func:`reaches` and the nodes its search visited (raises :class:`NodeLimit`)."""
    pos = Position.from_hand(h)
    if choose_engine("auto") == "compiled" and fast.unsupported(pos) is None:
        value, nodes, aborted = fast.kernel_root_value(pos, SCALE * goal, zero_window=True,
                                                       limit=limit)
        if aborted:
            raise NodeLimit
        return value >= SCALE * goal, nodes
    future = SCALE * (goal - pos.banked)
    searcher = _LimitedSearcher(pos, limit)
    return searcher.search(future - 1, future) >= future, searcher.nodes


def _to_play(h: Hand) -> Hand | None:
    """A copy of ``h`` played on to the first lead by passing every window (``None`` if the
    hand ends or cannot pass)."""
    h = h.copy()
    while not h.over and h.phase != PLAY:
        if PASS not in h.legal_codes():
            return None
        h.step(PASS)
    return None if h.over else h


@cache
def _cot_free(rules: Rules) -> Rules:
    """``rules`` with Cot off: one object for every deal of a decision (and of the game)."""
    return replace(rules, cot=False)


def without_cot(w: World) -> World:
    """``w`` with Cot's rule taken off its hand (the contract's goal unchanged), for the
    card-point solver, which refuses Cot (its doubled sweep is not a count of points)."""
    h = w.hand.copy()
    h.rules = _cot_free(h.rules)
    return World(h, w.deal, w.weight)


@register("expert")
class ExpertBot(PimcBot):
    """The strongest player: see the module docs."""

    level = 4
    offered = True
    description = "bids by the learned value of its hand, plays by solving sampled deals"

    opponent_weight = OPPONENT_WEIGHT
    """How much of an opponent's expected score counts against passing to it."""
    bid_margin = BID_MARGIN
    """Game points a bid must be worth above passing."""
    raise_safety = RAISE_SAFETY
    """Card points a raise must be made with to spare in the solved deals (at most all)."""
    tie_break_follows = False
    """How cards tied at the goal are told apart (:meth:`_tie_goal`).  ``False``: by a
    second search at the goal moved :data:`SAFETY` points the player's own way (up for the
    bidding side, down for the defence).  ``True``: moved the way the contract is going —
    up where the tied cards make it in most deals (the bidding side plays for a cushion, the
    defence to keep it tight), down where they break it (the defence plays for a cushion, the
    bidding side to stay close)."""
    defend_shift: float | None = 0.0
    """Card points added to the model's estimate of an opponent's contract in the auction
    (below zero: this player's defence takes more than best play by everyone gives the
    opponents); ``None``: the bid model family's calibration (``Family.defend_shift``,
    ``tools/bid_model.py calibrate``).  0: the calibrated shifts were measured and did not
    win (docs/strength.md)."""
    declare_shift: float | None = 0.0
    """Card points added to the model's estimate of this side's own contract in the auction;
    ``None``: the family's (``Family.declare_shift``).  0, as :attr:`defend_shift`."""

    auction_families = AUCTION_FAMILIES
    """The bid model's families this player bids by (:data:`AUCTION_FAMILIES`)."""
    double_families = DOUBLE_FAMILIES
    """The families whose auction doubles alone it decides by the model
    (:data:`DOUBLE_FAMILIES`)."""
    auction_rollout = False
    """Value each bid open and the pass by playing the rest of the auction out on every
    sampled deal (:meth:`_rollout_value`) rather than as if the auction ended there.  Off:
    measured, it did not win (docs/strength.md)."""

    play_inference = False
    """Weigh the sampled deals of the play also by how likely the cards played so far are
    under the learned play model (:mod:`~twentyeight.bots.play_model`), drawing
    :attr:`pool` times the deals and keeping as many as before in proportion to their
    weights."""
    pool = PLAY_POOL

    partner_model = False
    """Read a partner's bids as the expert's own (the family's ``partner_bids``, fitted on its
    arena games by ``tools/bid_model.py calibrate``) rather than as the ``rules`` player's.
    Off: measured, it did not win (docs/strength.md)."""

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed, budget)
        self.effort_x = ExpertEffort.of(budget)

    def play_family(self, view: View) -> str | None:
        """The play model's family for the cards seen in the play (:attr:`play_inference`)."""
        if not self.play_inference or view["phase"] != "play":
            return None
        return rules_of(view).preset or "28"

    def partner_bids(self, view: View) -> tuple[float, float] | None:
        """A partner's bids read as the expert's own where the bid model has them
        (:attr:`partner_model`); else ``None``, the sampler's default."""
        if not self.partner_model:
            return None
        try:
            return self._family(view).partner_bids
        except KeyError:
            return None

    # ---- decisions ---------------------------------------------------------------------
    def decide(self, view: View, legal: list[Action]) -> Action:
        self.stats["decisions"] += 1
        if len(legal) <= 1:
            return legal[0]
        verbs = {a.verb: a for a in legal}
        for verb in ("pair", "show"):
            if verb in verbs:
                return verbs[verb]
        choice: Action | None = None
        phase = view["phase"]
        try:
            if "redeal" in verbs and phase != "auction":
                if self._claims_redeal(view):
                    return verbs["redeal"]
                legal = [a for a in legal if a.verb != "redeal"]
                del verbs["redeal"]
            if "concede" in verbs:
                if self._concedes(view):
                    return verbs["concede"]
                legal = [a for a in legal if a.verb != "concede"]
                del verbs["concede"]
            if "single" in verbs or "thani" in verbs:
                choice = self._alone(view, verbs)
            elif "accept" in verbs:
                choice = self._cot_answer(view, verbs)
            elif view["special"] in ("single_hand", "thani") and "play" in verbs:
                choice = self._play_alone(view, legal)
            elif "play" in verbs or "ask" in verbs or "reveal" in verbs:
                choice = self._play(view, legal)
            elif phase == "auction" and self._doubles_only(view, verbs):
                choice = self._model_double(view, verbs)
                if choice is None:              # the rest of the call is the rules player's
                    legal = [a for a in legal if a.verb not in ("double", "redouble")]
            elif phase == "auction" and ("bid" in verbs or "double" in verbs
                                         or "redouble" in verbs):
                choice = self._auction(view, legal, verbs)
            elif phase == "trump":
                choice = self._trump(view, legal)
            elif phase in ("double", "redouble"):
                choice = self._double_window(view, legal, verbs)
            elif phase == "raise":
                choice = self._raise(view, legal, verbs)
        except (SolverError, KeyError):
            choice = None
        if choice is None or choice not in legal:
            self.stats["fallback"] += 1
            choice = self.helper.decide(view, legal)
        return choice

    # ---- the model on sampled deals ----------------------------------------------------
    def _family(self, view: View, doubles: bool = False) -> bid_model.Family:
        """The bid model's family of the view's table, where the expert bids by it (or,
        with ``doubles``, decides its auction doubles by it); else ``KeyError``."""
        fam = bid_model.model().family_for(rules_of(view))
        allowed = self.auction_families | (self.double_families if doubles else frozenset())
        if fam.name not in allowed:
            raise KeyError(f"the expert does not bid by the {fam.name} family")
        return fam

    def _doubles_only(self, view: View, verbs: dict[str, Action]) -> bool:
        """Whether this auction call may double or redouble at a table whose bids are the
        ``rules`` player's but whose doubles are the model's (:attr:`double_families`)."""
        if "double" not in verbs and "redouble" not in verbs:
            return False
        try:
            name = bid_model.model().family_for(rules_of(view)).name
        except KeyError:
            return False
        return name in self.double_families and name not in self.auction_families

    def _seen(self, view: View, w: World) -> list[Sequence[int]]:
        """Each seat's cards known at the auction in world ``w``."""
        fb = rules_of(view).first_batch
        return [d[:fb] for d in w.deal]

    def _means(self, view: View, worlds: Sequence[World], bidder: int, trumps: Sequence[int],
               doubles: bool = False) -> list[list[float]]:
        """``out[i][k]``: the model's points for ``bidder``'s side in world ``i`` with trump
        ``trumps[k]`` (``doubles``: for a double, :meth:`_family`)."""
        rules = rules_of(view)
        fam = self._family(view, doubles)
        first = (view["dealer"] + 1) % rules.num_players
        out = []
        for w in worlds:
            seen = self._seen(view, w)
            out.append([fam.predict(bid_model.row_of(rules, seen, bidder, t, first))
                        for t in trumps])
        return out

    def _chance(self, fam: bid_model.Family, worlds: Sequence[World], means: Sequence[float],
                goal: float) -> float:
        total = sum(w.weight for w in worlds)
        return sum(w.weight * fam.chance(m, goal) for w, m in zip(worlds, means, strict=True)
                   ) / total if total > 0 else 0.0

    def _value(self, rules: Rules, chance: float, contract: int, multiplier: int = 1) -> float:
        return _value_of(rules, chance, contract, multiplier)

    def _holder_value(self, view: View, worlds: Sequence[World], holder: int, contract: int,
                      shift: float = 0.0) -> float:
        """The expected score of ``holder``'s side playing ``contract`` with its best trump
        (the model's points moved by ``shift``)."""
        rules = rules_of(view)
        fam = self._family(view)
        trumps = self._trumps_for(view, holder)
        means = self._means(view, worlds, holder, trumps)
        total = sum(w.weight for w in worlds)
        value = 0.0
        for w, row in zip(worlds, means, strict=True):
            value += w.weight * self._best_value(rules, fam, row, contract, shift)
        return value / total if total > 0 else 0.0

    def _best_value(self, rules: Rules, fam: bid_model.Family, row: Sequence[float],
                    contract: int, shift: float) -> float:
        """The score of ``contract`` at the best of the trumps whose model points are
        ``row`` (moved by ``shift``)."""
        return max(self._value(rules, fam.chance(m + shift, contract), contract) for m in row)

    def _trumps_for(self, view: View, seat: int) -> list[int]:
        """The trumps a bidder may name (the denomination already named, where bids name one)."""
        rules = rules_of(view)
        if rules.trump_mode == "open":
            den = view["denomination"]
            if seat != view["seat"] and den is not None and high_bidder(view) == seat:
                return [NO_TRUMP if den == "NT" else SUITS.index(den)]
            return [0, 1, 2, 3, NO_TRUMP]
        return [0, 1, 2, 3]

    # ---- auction -----------------------------------------------------------------------
    def _shifts(self, fam: bid_model.Family) -> tuple[float, float]:
        """The card points added to the model's estimate of this side's contracts and of the
        opponents' in the auction (:attr:`declare_shift`, :attr:`defend_shift`)."""
        declare = fam.declare_shift if self.declare_shift is None else self.declare_shift
        defend = fam.defend_shift if self.defend_shift is None else self.defend_shift
        return declare, defend

    def _auction(self, view: View, legal: list[Action], verbs: dict[str, Action]
                 ) -> Action | None:
        if "redeal" in verbs:
            return verbs["redeal"]
        rules = rules_of(view)
        me = view["seat"]
        worlds = self.worlds(view, self.effort_x.auction_worlds)
        if not worlds:
            return None
        fam = self._family(view)
        teams = len(view["teams"])
        holder = high_bidder(view)
        high = view["high_bid"]
        if "double" in verbs or "redouble" in verbs:
            choice = self._auction_double(view, worlds, verbs, holder, high)
            if choice is not None:
                return choice
        bids = [a for a in legal if a.verb == "bid" and a.arg]
        if not bids:
            return verbs.get("pass")
        trumps = [0, 1, 2, 3, NO_TRUMP] if rules.trump_mode == "open" else [0, 1, 2, 3]
        held = {rules.deck.suit_of[rules.deck.copies_of(c)[0]] for c in view["hand"]}
        if rules.trump_indicator == "card" and rules.trump_mode != "open":
            trumps = [t for t in trumps if t in held] or trumps
        declare, defend = self._shifts(fam)
        means = self._means(view, worlds, me, trumps)
        columns = {t: [row[k] + declare for row in means] for k, t in enumerate(trumps)}
        best: tuple[float, Action] | None = None
        for a in bids:
            assert a.arg is not None
            value, den = bid_parts(a.arg)
            options = [NO_TRUMP if den == 5 else den - 1] if den else list(columns)
            chance = max(self._chance(fam, worlds, columns[t], value) for t in options
                         if t in columns) if any(t in columns for t in options) else 0.0
            ev = self._value(rules, chance, value)
            if best is None or ev > best[0] + 1e-12:
                best = (ev, a)
        assert best is not None
        if self.auction_rollout:
            return self._rollout_choice(view, worlds, bids, verbs.get("pass"), columns)
        if "pass" not in verbs:
            return best[1]
        if holder is None or high is None:
            pass_value = 0.0
        elif holder % teams == me % teams:
            # Over a partner, a bid must be worth something itself: each partner reads the
            # other's bids through the sampler only, so two partners who each think the
            # other's contract lost would take it from each other to the top (in 56, from
            # 28 to 55 a point at a time).
            pass_value = max(0.0, self._holder_value(view, worlds, holder, high, declare))
        else:
            pass_value = -self.opponent_weight * self._holder_value(
                view, worlds, holder, high, defend)
        return best[1] if best[0] > pass_value + self.bid_margin else verbs["pass"]

    def _rollout_choice(self, view: View, worlds: Sequence[World], bids: Sequence[Action],
                        pass_action: Action | None, columns: dict[int, list[float]]
                        ) -> Action:
        """The bid or pass with the best :meth:`_rollout_value` (a bid must beat the pass by
        :attr:`bid_margin`); at most the four lowest bids are weighed."""
        fam = self._family(view)
        rules = rules_of(view)
        candidates = list(bids[:4])
        values = {a: self._rollout_value(view, worlds, a, fam, rules, columns)
                  for a in candidates}
        choice = max(candidates, key=lambda a: values[a])
        if pass_action is None:
            return choice
        passing = self._rollout_value(view, worlds, pass_action, fam, rules, columns)
        return choice if values[choice] > passing + self.bid_margin else pass_action

    def _rollout_value(self, view: View, worlds: Sequence[World], action: Action,
                       fam: bid_model.Family, rules: Rules, columns: dict[int, list[float]]
                       ) -> float:
        """This side's expected score after ``action``: on each sampled deal the rest of the
        auction is played by the ``rules`` player at the other seats (this seat passes from
        then on), and the contract it ends in is valued by the bid model — this side's
        own at the trump it would name (the best on average over the deals), another
        side's at its best trump on that deal, weighed by :attr:`opponent_weight`."""
        me = view["seat"]
        teams = len(view["teams"])
        declare, defend = self._shifts(fam)
        my_trump: dict[int, int] = {}                # contract → the trump this seat names
        total = weight = 0.0
        for i, w in enumerate(worlds):
            h = w.hand.copy()
            h.step(legal_code_of(h, str(action)))
            while not h.over and h.phase == AUCTION:
                seat = h.to_act
                assert seat is not None
                if seat == me and PASS in h.legal_codes():
                    h.step(PASS)
                else:
                    h.step(legal_code_of(h, self.helper.act(view_of(h, seat))))
            weight += w.weight
            if h.over or h.high_bidder is None or h.high is None:
                continue                            # redealt, or nobody bid
            holder, contract = h.high_bidder, h.high
            if holder == me:
                if contract not in my_trump:
                    my_trump[contract] = max(columns, key=lambda t: self._chance(
                        fam, worlds, columns[t], contract))
                chance = fam.chance(columns[my_trump[contract]][i], contract)
                total += w.weight * self._value(rules, chance, contract)
                continue
            row = self._means(view, [w], holder, self._trumps_for(view, holder))[0]
            ours = holder % teams == me % teams
            best = self._best_value(rules, fam, row, contract, declare if ours else defend)
            total += w.weight * (best if ours else -self.opponent_weight * best)
        return total / weight if weight > 0 else 0.0

    def _auction_double(self, view: View, worlds: Sequence[World], verbs: dict[str, Action],
                        holder: int | None, high: int | None) -> Action | None:
        """A double or redouble called in the auction (56-DBL-1/2): taken when it moves the
        holder's expected score (:meth:`_double_gain`) by more than :data:`DOUBLE_MARGIN`,
        down for a double by the other side, up for a redouble by the holder's."""
        if holder is None or high is None:
            return None
        fam = self._family(view, doubles=True)
        declare, defend = self._shifts(fam)
        ours = holder % len(view["teams"]) == view["seat"] % len(view["teams"])
        gain = self._double_gain(view, worlds, holder, high, declare if ours else defend)
        if "double" in verbs and not ours and gain < -DOUBLE_MARGIN:
            return verbs["double"]
        if "redouble" in verbs and ours and gain > DOUBLE_MARGIN:
            return verbs["redouble"]
        return None

    def _model_double(self, view: View, verbs: dict[str, Action]) -> Action | None:
        """The auction's double or redouble at a table whose bids are the ``rules``
        player's (:meth:`_doubles_only`); ``None`` where neither is worth calling."""
        worlds = self.worlds(view, self.effort_x.auction_worlds)
        if not worlds:
            return None
        return self._auction_double(view, worlds, verbs, high_bidder(view), view["high_bid"])

    def _double_gain(self, view: View, worlds: Sequence[World], holder: int, contract: int,
                     shift: float) -> float:
        """What the next double (or redouble) adds to ``holder``'s expected score of
        ``contract`` (its best trump in each sampled deal, the model's points moved by
        ``shift``): the doubled stakes less the present ones, by the table's scoring
        (56-SC-4 ``additive``: one more game point either way; ``multiply``: twice them)."""
        rules = rules_of(view)
        fam = self._family(view, doubles=True)
        multiplier = view["multiplier"]
        means = self._means(view, worlds, holder, self._trumps_for(view, holder), doubles=True)
        total = gain = 0.0
        for w, row in zip(worlds, means, strict=True):
            chance = max((fam.chance(m + shift, contract) for m in row),
                         key=lambda p: self._value(rules, p, contract))
            if rules.double_scoring == "additive":       # win + 1 or lose 1 more
                gain += w.weight * (2.0 * chance - 1.0)
            else:                                        # the stakes doubled again
                gain += w.weight * self._value(rules, chance, contract, multiplier)
            total += w.weight
        return gain / total if total > 0 else 0.0

    # ---- trump -------------------------------------------------------------------------
    def _trump(self, view: View, legal: list[Action]) -> Action | None:
        contract = view["contract"] or view["high_bid"]
        if contract is None:
            return None
        options = trump_options(rules_of(view), legal)
        if not options:
            return None
        worlds = self.worlds(view, self.effort_x.auction_worlds)
        if not worlds:
            return None
        fam = self._family(view)
        suits = sorted(options)
        means = self._means(view, worlds, view["seat"], suits)
        best: tuple[float, float, Action] | None = None
        for k, suit in enumerate(suits):
            column = [row[k] for row in means]
            chance = self._chance(fam, worlds, column, contract)
            mean = sum(column) / len(column)
            if best is None or (chance, mean) > (best[0], best[1]):
                best = (chance, mean, options[suit])
        assert best is not None
        return best[2]

    # ---- windows -----------------------------------------------------------------------
    def _bidding_means(self, view: View, worlds: Sequence[World]) -> list[float]:
        """The model's points for the bidding side in each world, with that world's trump
        (the real one where this seat knows it)."""
        rules = rules_of(view)
        fam = self._family(view)
        bidder = view["bidder"]
        assert bidder is not None
        first = (view["dealer"] + 1) % rules.num_players
        return [fam.predict(bid_model.row_of(rules, self._seen(view, w), bidder,
                                             w.hand.trump if w.hand.trump >= 0 else NO_TRUMP,
                                             first))
                for w in worlds]

    def _bidding_value(self, view: View, worlds: Sequence[World]) -> float:
        """The bidding side's expected score at the current contract (before doubling)."""
        rules = rules_of(view)
        fam = self._family(view)
        contract = view["contract"] or view["high_bid"]
        assert contract is not None
        total = sum(w.weight for w in worlds)
        value = sum(w.weight * self._value(rules, fam.chance(m, contract), contract)
                    for w, m in zip(worlds, self._bidding_means(view, worlds), strict=True))
        return value / total if total > 0 else 0.0

    def _double_window(self, view: View, legal: list[Action], verbs: dict[str, Action]
                       ) -> Action | None:
        worlds = self.worlds(view, self.effort_x.auction_worlds)
        if not worlds:
            return None
        value = self._bidding_value(view, worlds)
        if "double" in verbs:
            return verbs["double"] if value < -DOUBLE_MARGIN else verbs.get("pass")
        options: list[tuple[float, Action]] = []
        if "pass" in verbs:
            options.append((2.0 * value, verbs["pass"]))
        if "redouble" in verbs:
            options.append((4.0 * value - DOUBLE_MARGIN, verbs["redouble"]))
        if "c" in verbs:
            chance = self._bidding_chance(view, worlds)
            options.append((6.0 * (2.0 * chance - 1.0) - DOUBLE_MARGIN, verbs["c"]))
        if not options:
            return None
        return max(options, key=lambda o: o[0])[1]

    def _bidding_chance(self, view: View, worlds: Sequence[World]) -> float:
        """The chance that the bidding side makes the current contract."""
        contract = view["contract"] or view["high_bid"]
        assert contract is not None
        return self._chance(self._family(view), worlds, self._bidding_means(view, worlds),
                            contract)

    def _raise(self, view: View, legal: list[Action], verbs: dict[str, Action]
               ) -> Action | None:
        rules = rules_of(view)
        contract = view["contract"]
        if contract is None:
            return None
        raises = sorted(int(a.arg) for a in legal if a.verb == "raise" and a.arg)
        if not raises:
            return verbs.get("pass")
        worlds = self._solvable_worlds(view, self.effort_x.window_worlds)
        if not worlds:
            return None
        total = rules.deck.points_total
        padded = {g: min(total, g + self.raise_safety) for g in raises}
        goals = sorted({contract, *padded.values()})
        solved = goal_chances(worlds, goals, self.effort_x.window_nodes, self.out_of_time)
        if solved is None:
            return verbs.get("pass")
        chances = {contract: solved[contract], **{g: solved[padded[g]] for g in raises}}
        best = raise_choice(rules, contract, chances, len(worlds), view["multiplier"])
        if best == contract:
            return verbs.get("pass")
        return Action(view["seat"], "raise", str(best))

    def _claims_redeal(self, view: View) -> bool:
        """A zero-point hand's redeal (28-POST-3), claimed when this side expects to lose by
        playing on: the chance that the bidding side reaches its target if nobody claims,
        from solving sampled deals (:func:`play_on_chance`), scored for this side (the
        bidding side's value, or minus it for the opponents; an annulled hand scores 0)."""
        bidder, contract = view["bidder"], view["contract"]
        if bidder is None or contract is None:
            return True
        rules = rules_of(view)
        worlds = self._solvable_worlds(view, self.effort_x.window_worlds)
        chance = play_on_chance(worlds, view["target"] or contract,
                                self.effort_x.window_nodes, self.out_of_time) if worlds else None
        ours = bidder % rules.teams == view["seat"] % rules.teams
        if chance is None:
            return not ours
        value = self._value(rules, chance, contract, view["multiplier"])
        return (value if ours else -value) < 0.0

    # ---- undertakings to sweep: single hand, Thani, Cot ------------------------------
    def _contract_value(self, view: View, worlds: Sequence[World]) -> float:
        """The bidding side's expected score at the current contract, doubled as it stands."""
        return self._bidding_value(view, worlds) * view["multiplier"]

    def _contract_stakes(self, view: View) -> tuple[int, int]:
        """(win, loss) of the current contract, doubled as it stands (``KeyError`` without
        one: the ``rules`` player decides)."""
        contract = view["contract"]
        if contract is None or view["bidder"] is None:
            raise KeyError("contract")
        win, loss = stakes(rules_of(view), contract)
        return win * view["multiplier"], loss * view["multiplier"]

    def _alone(self, view: View, verbs: dict[str, Action]) -> Action | None:
        """Single hand (28-SH-1…4: ±3 by default, no trump, the partner out) or Thani
        (28-TH-1…3: +4 / −5, the partner plays), declared when the share of sampled deals in
        which this seat wins every trick, shrunk, makes it worth more than the contract by
        :data:`DECLARE_MARGIN`.  Not declaring is worth the contract to this side (the bid
        model's value; for Thani a deal the bidder sweeps makes it, twice with Cot)."""
        rules = rules_of(view)
        me = view["seat"]
        single = "single" in verbs
        tables = tables_for(rules)
        win, loss = tables.single_values if single else tables.thani_values
        worlds = self.worlds(view, self.effort_x.sweep_worlds)
        if not worlds:
            return None
        made = self._contract_stakes(view)[0] * (2 if rules.cot else 1)
        contract = self._contract_value(view, worlds)
        bidder = view["bidder"]
        assert bidder is not None                      # there is a contract
        ours = bidder % rules.teams == me % rules.teams
        kept = contract if ours else -contract

        def gain(p: float, annul: float) -> float:
            passing = kept if single else p * made + (1.0 - p) * kept
            return p * win - (1.0 - p - annul) * loss - passing

        if gain(1.0, 0.0) <= DECLARE_MARGIN:            # not worth it even if sure
            return verbs.get("pass")
        code = SINGLE if single else THANI

        def start(h: Hand) -> Hand | None:
            h = h.copy()
            if code not in h.legal_codes():
                return None
            h.step(code)
            return h if h.phase == PLAY else None

        shares = sweep_share(worlds, start, lambda h: 1 << me, self.effort_x.sweep_nodes)
        if shares is None or not declare_choice(gain, shares):
            return verbs.get("pass")
        return verbs["single" if single else "thani"]

    def _cot_shares(self, view: View, worlds: Sequence[World], refused: bool
                    ) -> Shares | None:
        def start(h: Hand) -> Hand | None:
            h = h.copy()
            if refused:
                h.step(REFUSE)
            return None if h.over else h

        return sweep_share(worlds, start, lambda h: seats_of_team(h, h.bidder),
                           self.effort_x.sweep_nodes)

    def _concedes(self, view: View) -> bool:
        """Cot (28-COT-2): an opponent concedes when the bidding side, playing on, is
        expected to score more than once conceded (:func:`concede_gain`): the sweep's share
        of the sampled deals, shrunk, and the bid model's value of the contract where it
        does not sweep."""
        win, loss = self._contract_stakes(view)
        worlds = self.worlds(view, self.effort_x.sweep_worlds)
        shares = self._cot_shares(view, worlds, refused=False) if worlds else None
        if shares is None:
            return False
        p = shrunk(shares.swept, shares.solved)
        gain = concede_gain(p, min(shares.annulled, 1.0 - p), win, loss,
                            self._contract_value(view, worlds))
        return gain > CONCEDE_MARGIN

    def _cot_answer(self, view: View, verbs: dict[str, Action]) -> Action | None:
        """Cot conceded (28-COT-3/4): the bidder refuses when a sweep from here, shrunk, is
        worth more than the plain win (``2 × win`` made, ``−2 × loss`` if a trick is lost)."""
        win, loss = self._contract_stakes(view)
        worlds = self.worlds(view, self.effort_x.sweep_worlds)
        shares = self._cot_shares(view, worlds, refused=True) if worlds else None
        if shares is None:
            return verbs["accept"]
        refused = declare_choice(lambda p, a: p * 2 * win - (1.0 - p - a) * 2 * loss - win,
                                 shares)
        return verbs["refuse" if refused else "accept"]

    def _play_alone(self, view: View, legal: list[Action]) -> Action | None:
        """A card of a single hand or a Thani (which the card-point solver refuses)."""
        player = view["special_seat"] if view["special"] == "single_hand" else view["bidder"]
        return self._play_sweep(view, legal, player, team=False)

    def _play_sweep(self, view: View, legal: list[Action], player: int | None, team: bool
                    ) -> Action | None:
        """The card that keeps the sweep of ``player`` (with ``team``: of its team) in the
        most sampled deals, for that side; the fewest for the others; ties to the ``rules``
        player."""
        if player is None:
            return None
        worlds = self.worlds(view, self.effort_x.sweep_worlds)
        if not worlds:
            return None
        winners = seats_of_team(worlds[0].hand, player) if team else 1 << player
        nodes = self.effort_x.sweep_nodes * (TEAM_SWEEP_FACTOR if team else 1)
        shares = sweep_counts(worlds, winners, nodes)
        if shares is None:
            return None
        h = worlds[0].hand
        seat = view["seat"]
        totals = {h.action(seat, code): v for code, v in shares.items()}
        options = [a for a in legal if a in totals]
        if not options:
            return None
        sign = 1.0 if h.t.team_of[seat] == h.t.team_of[player] else -1.0
        best = max(sign * totals[a] for a in options)
        top = [a for a in options if sign * totals[a] >= best - 1e-9]
        self.stats["searched"] += 1
        preferred = self.helper.decide(view, legal)
        return preferred if preferred in top else top[0]

    # ---- play --------------------------------------------------------------------------
    def _solvable_worlds(self, view: View, count: int) -> list[World]:
        """``count`` sampled deals for the card-point solver: under Cot with its rule taken
        off (:func:`without_cot`; the goal is the contract's, the sweep's double left out)."""
        worlds = self.worlds(view, count)
        return [without_cot(w) for w in worlds] if rules_of(view).cot else worlds

    def _play(self, view: View, legal: list[Action]) -> Action | None:
        effort = self.effort_x
        if rules_of(view).cot and cot_refused(view):
            return self._play_sweep(view, legal, view["bidder"], team=True)
        worlds = self._solvable_worlds(view, effort.worlds)
        if not worlds:
            return None
        target = view["target"]
        if target is None:
            return None
        nodes = effort.nodes * (EARLY_FACTOR if len(view["hand"]) > rules_of(view).cards_each
                                - EARLY_TRICKS else 1)
        result = self._made_counts(worlds, target, nodes)
        if result is None:
            return None
        totals, maximising, solved = result
        options = [a for a in legal if a in totals]
        if not options:
            return None
        sign = 1.0 if maximising else -1.0
        best = max(sign * totals[a] for a in options)
        top = [a for a in options if sign * totals[a] >= best - 1e-9]
        if len(top) > 1:
            margin = self._tie_goal(target, maximising, totals[top[0]])
            second = self._made_counts(solved, margin, nodes // 2, only=top)
            if second is not None:
                t2 = second[0]
                best2 = max(sign * t2.get(a, -sign * math.inf) for a in top)
                top = [a for a in top if sign * t2.get(a, -sign * math.inf) >= best2 - 1e-9]
        self.stats["searched"] += 1
        return self.among_tied(view, legal, top)

    def among_tied(self, view: View, legal: list[Action], top: list[Action]) -> Action:
        """The card played of ``top``, the cards the search cannot tell apart: the ``rules``
        player's choice when it is one of them, else the first."""
        preferred = self.helper.decide(view, legal)
        return preferred if preferred in top else top[0]

    def _tie_goal(self, target: int, maximising: bool, made: float) -> int:
        """The goal of the second search between cards tied at ``target``, whose share of
        deals made is ``made`` (:attr:`tie_break_follows`)."""
        up = made >= 0.5 if self.tie_break_follows else maximising
        return target + SAFETY if up else target - SAFETY

    def _made_counts(self, worlds: Sequence[World], goal: int, nodes: int,
                     only: Sequence[Action] | None = None
                     ) -> tuple[dict[Action, float], bool, list[World]] | None:
        """The weighted share of worlds in which the bidding side reaches ``goal`` after each
        action; whether the player to act is on the bidding side; the worlds solved."""
        share = max(1, min(len(worlds), 4))
        cap = max(1, nodes // share)
        used = 0
        totals: dict[Action, float] = {}
        weight = 0.0
        solved: list[World] = []
        maximising = True
        for w in worlds:
            limit = min(cap, nodes - used)
            if limit <= 0 or self.out_of_time():
                break
            try:
                values, _, spent = solve_limited(w.hand, limit, made_only=True,
                                                 goal_points=goal)
            except NodeLimit:               # too big for its share: the next world may fit
                used += limit
                continue
            used += spent
            solved.append(w)
            h = w.hand
            seat = h.to_act
            assert seat is not None
            maximising = h.bid_side[seat]
            for code, v in values.items():
                action = h.action(seat, code)
                if only is not None and action not in only:
                    continue
                totals[action] = totals.get(action, 0.0) + w.weight * (1.0 if v else 0.0)
            weight += w.weight
        self.stats["nodes"] += used
        if len(solved) < min(self.min_solved, len(worlds)) or not totals or weight <= 0:
            return None
        return {a: v / weight for a, v in totals.items()}, maximising, solved
