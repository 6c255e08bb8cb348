"""The expert as it stands: ``pimc``'s deals consistent with a view, each searched.

* **In the play of the cards** every deal is solved exactly by the perfect-information solver
  (:func:`twentyeight.bots.pimc.solve_limited`, the compiled kernel when numba is there),
  within the decision's node allowance (:class:`~twentyeight.analysis.expert.Effort`): each
  action's value is the card points the bidding side secures after it with best play by
  both sides, turned into the seat's card points and game points
  (:mod:`twentyeight.analysis.outcome`).
* **The pair** changes no card, only the target: showing it is worth the best card's line
  with the target moved; a card that keeps both the king and the queen keeps the pair for a
  later turn (28-PAIR-3), so its line is scored with the pair too, while playing the king or
  the queen gives it up.
* **Everywhere else** (the auction, the trump choice, the windows, special contracts and
  rules the solver refuses) each candidate action is played out in every deal, the
  ``rules`` bot deciding for every seat afterwards.

Deals come from ``pimc``'s sampler (:meth:`twentyeight.bots.pimc.PimcBot.worlds`): exactly
consistent with the view and weighted by how likely the auction was, drawn from a generator
seeded by the view, so an evaluation depends only on the view, the seed and the effort.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from twentyeight.analysis.expert import ActionValue, Effort, Evaluation
from twentyeight.analysis.outcome import Perspective, net_game_points
from twentyeight.bots.base import legal_actions
from twentyeight.bots.pimc import MADE, NodeLimit, PimcBot, play_out, solve_limited
from twentyeight.bots.rules_bot import RulesBot
from twentyeight.engine.actions import PLAY_LIMIT, TRUMP_CARD, Action, bid_parts
from twentyeight.engine.hand import Hand
from twentyeight.engine.scoring import target
from twentyeight.engine.state import ANNULLED, PLAY, TRUMP
from twentyeight.solver.position import SolverError
from twentyeight.solver.values import to_points
from twentyeight.views import View

__all__ = ["AnalysisError", "SearchExpert"]

class AnalysisError(ValueError):
    """A position the expert cannot value: nobody to act, or no deal fits the view."""


def _difference(first: list[tuple[float, float]], second: list[tuple[float, float]],
                weights: list[float]) -> tuple[float, float]:
    """The weighted average of ``first``'s game points less ``second``'s, deal by deal
    (``(card points, game points)`` each), and its standard error."""
    total = sum(weights)
    square = sum(w * w for w in weights)
    if total <= 0 or square <= 0:
        return 0.0, 0.0
    diffs = [a[1] - b[1] for a, b in zip(first, second, strict=True)]
    average = sum(w * d for d, w in zip(diffs, weights, strict=True)) / total
    spread = sum(w * (d - average) ** 2 for d, w in zip(diffs, weights, strict=True)) / total
    return average, math.sqrt(spread * square) / total     # (spread / effective deals) ** 0.5


def _cheapest_first(ev: Evaluation, h: Hand) -> Evaluation:
    """``ev`` with, among cards as good as the best (:meth:`Evaluation.best_actions`), the
    one a teacher throws first: fewest card points, then the lowest.  A tie went to the
    first card of the legal order: "A♠ — every choice is worth the same here" beside K♠,
    which over more deals was the better."""
    top = ev.best_actions()
    if len(top) < 2 or any(a.verb != "play" or a.arg is None for a in top):
        return ev
    deck = h.t.deck

    def cost(action: Action) -> tuple[int, int]:
        card = deck.by_name[str(action.arg)][0]
        return deck.points[card], deck.power[card]

    first = ev.value_of(min(top, key=cost))
    assert first is not None
    ev.values.remove(first)
    ev.values.insert(0, first)
    return ev


class SearchExpert:
    """The expert of :mod:`twentyeight.analysis.search` (see the module docstring)."""

    name = "pimc"

    def __init__(self, effort: Effort | None = None, seed: int = 0) -> None:
        self.effort = effort or Effort()
        self.seed = seed
        self.sampler = PimcBot(seed=seed)
        self.helper = RulesBot(seed=seed)

    # ---- the two questions -------------------------------------------------------------
    def evaluate(self, view: View, include: Sequence[Action] = ()) -> Evaluation:
        """Every legal action of the view's seat, over deals consistent with the view."""
        legal = legal_actions(view)
        if not legal or view["to_act"] != view["seat"]:
            raise AnalysisError(f"seat {view['seat']} is not to act")
        effort = self.effort
        count = effort.deals if view["phase"] == "play" else \
            max(effort.deals, effort.playouts * max(1, effort.closer))
        worlds = self.sampler.worlds(view, count)
        if not worlds:
            raise AnalysisError("no deal consistent with this view was found")
        return self._evaluate(view["seat"], [w.hand for w in worlds],
                              [w.weight for w in worlds], legal, include, "sampled")

    def evaluate_known(self, hand: Hand, include: Sequence[Action] = ()) -> Evaluation:
        """Every legal action of the seat to act in ``hand``, with every hand known."""
        seat = hand.to_act
        if seat is None:
            raise AnalysisError("the hand is over: nobody is to act")
        legal = [hand.action(seat, c) for c in hand.legal_codes()]
        return self._evaluate(seat, [hand], [1.0], legal, include, "known")

    def _evaluate(self, seat: int, hands: list[Hand], weights: list[float],
                  legal: list[Action], include: Sequence[Action], basis: str) -> Evaluation:
        found = self._solved(seat, hands, weights, legal, basis) \
            if hands[0].phase == PLAY else None
        ev = found or self._played_out(seat, hands, weights, legal, include, basis)
        return _cheapest_first(ev, hands[0])

    # ---- the play: every deal solved -----------------------------------------------------
    def _solved(self, seat: int, hands: list[Hand], weights: list[float],
                legal: list[Action], basis: str) -> Evaluation | None:
        """Each action's values over the deals the node allowance solves (``None`` when it
        solves none, or the solver refuses the rules)."""
        budget = self.effort.known_nodes if basis == "known" else self.effort.nodes
        cap = budget if basis == "known" else max(1, budget // 2)   # (one deal: all of it)
        used = 0
        lines: dict[Action, list[tuple[int, int | None]]] = {a: [] for a in legal}
        solved: list[int] = []
        for i, h in enumerate(hands):
            limit = min(cap, budget - used)
            if limit <= 0:
                break
            try:
                values, _, nodes = solve_limited(h, limit)
            except NodeLimit:
                used += limit
                continue
            except SolverError:
                return None
            used += nodes
            solved.append(i)
            for code, v in values.items():
                action = h.action(seat, code)
                if action in lines:
                    lines[action].append((i, to_points(v - MADE if v >= MADE else v)))
        if not solved:
            return None
        view_of = Perspective(hands[solved[0]], seat)
        kept = [hands[i] for i in solved]
        kept_weights = [weights[i] for i in solved]
        total = sum(kept_weights)
        pair = Action(seat, "pair")
        pair_kept = self._cards_keeping_pair(hands[0], seat) if pair in lines else set()

        def value(action: Action, line: list[tuple[int, int | None]], paired: bool
                  ) -> ActionValue:
            cp = gp = wins = 0.0
            for i, v in line:
                w = weights[i]
                g = view_of.game_points(v, paired)
                cp += w * view_of.card_points(v)
                gp += w * g
                wins += w * (g > 0)
            return ActionValue(action, cp / total, gp / total, wins / total)

        out = [value(a, line, a in pair_kept) for a, line in lines.items() if a != pair]
        if pair in lines:
            cards = sorted(out, key=lambda v: (-v.game_points, -v.card_points))
            follow = cards[0].action
            shown = value(follow, lines[follow], True)
            out.append(ActionValue(pair, shown.card_points, shown.game_points, shown.wins))
        return Evaluation(seat, basis, "solver", len(kept), out, kept, kept_weights)

    @staticmethod
    def _cards_keeping_pair(h: Hand, seat: int) -> set[Action]:
        """The cards whose play leaves the seat holding the trump king and queen."""
        kq = h.t.kq_masks[h.trump]
        return {h.action(seat, c) for c in h.legal_codes()
                if c < PLAY_LIMIT and not kq >> c & 1}

    # ---- everything else: every deal played out --------------------------------------------
    def _played_out(self, seat: int, hands: list[Hand], weights: list[float],
                    legal: list[Action], include: Sequence[Action], basis: str) -> Evaluation:
        """Each candidate played out in the first :attr:`Effort.playouts` deals, and in up
        to :attr:`Effort.closer` times as many while the call is close (:meth:`_close`,
        decided among the candidates alone, so that ``include`` changes no other value)."""
        candidates = self._candidates(hands[0], seat, legal, include)
        chosen = self._candidates(hands[0], seat, legal, ())
        effort = self.effort
        most = min(len(hands), effort.playouts * max(1, effort.closer))
        used = min(len(hands), effort.playouts)
        ends: dict[Action, list[tuple[float, float]]] = {a: [] for a in candidates}
        done = 0
        while True:
            for h in hands[done:used]:
                codes = {h.action(seat, c): c for c in h.legal_codes()}
                for action in candidates:
                    end = h.copy()
                    end.step(codes[action])
                    play_out(end, lambda _h: None, self.helper)
                    ends[action].append(self._outcome(end, seat))
            done = used
            if used >= most or not self._close([ends[a] for a in chosen], weights[:used]):
                break
            used = min(most, 2 * used)
        kept = weights[:used]
        total = sum(kept)
        out = []
        for action in candidates:
            cp = gp = wins = 0.0
            for (points, net), w in zip(ends[action], kept, strict=True):
                cp += w * points
                gp += w * net
                wins += w * (net > 0)
            out.append(ActionValue(action, cp / total, gp / total, wins / total))
        ev = Evaluation(seat, basis, "play-outs", used, out, list(hands[:used]), list(kept))
        top = ends[ev.best.action]
        ev.noise = {a: _difference(top, ends[a], kept)[1] for a in candidates}
        return ev

    @staticmethod
    def _close(ends: list[list[tuple[float, float]]], weights: list[float]) -> bool:
        """Whether the best of these candidates (by their average game points, then card
        points, over the deals played out: ``ends[i][k]`` is candidate ``i``'s outcome in
        deal ``k``) and the best that differs from it in some deal's game points are too
        close to tell apart: the average of their difference, deal by deal, is under twice
        its standard error (the deals weighted).  Candidates equal to the best in every deal
        are the same choice: bids of 20, 21 and 22 that won and lost the same eight deals
        stopped the count at eight (their difference had no error), and a hint said "bid 22"
        where 64 deals said pass by 2.5 game points."""
        if len(ends) < 2 or sum(weights) <= 0:
            return False

        def mean(line: list[tuple[float, float]]) -> tuple[float, float]:
            return (sum(w * net for (_, net), w in zip(line, weights, strict=True)),
                    sum(w * points for (points, _), w in zip(line, weights, strict=True)))

        first, *rest = sorted(ends, key=mean, reverse=True)
        second = next((line for line in rest
                       if any(a[1] != b[1] for a, b in zip(first, line, strict=True))), None)
        if second is None:                 # every candidate the same in every deal
            return False
        average, error = _difference(first, second, weights)
        return average < 2 * error

    def _candidates(self, h: Hand, seat: int, legal: list[Action],
                    include: Sequence[Action]) -> list[Action]:
        """The actions worth playing out: every call but the higher bids and raises (the
        :attr:`Effort.candidates` lowest are kept), in the trump choice one card per suit
        (the lowest), and ``include``."""
        chosen: list[Action]
        if h.phase == TRUMP:
            lowest: dict[int, int] = {}
            chosen = []
            deck = h.t.deck
            for c in h.legal_codes():
                card = c - TRUMP_CARD
                if 0 <= card < PLAY_LIMIT:
                    s = deck.suit_of[card]
                    if s not in lowest or deck.power[card] < deck.power[lowest[s]]:
                        lowest[s] = card
                else:
                    chosen.append(h.action(seat, c))
            chosen += [h.action(seat, TRUMP_CARD + card) for card in lowest.values()]
        else:
            levels = sorted((a for a in legal if a.verb in ("bid", "raise") and a.arg),
                            key=lambda a: bid_parts(a.arg or ""))
            chosen = [a for a in legal if a.verb not in ("bid", "raise")] + \
                levels[:self.effort.candidates]
        chosen += [a for a in include if a in legal and a not in chosen]
        return chosen

    @staticmethod
    def _outcome(h: Hand, seat: int) -> tuple[float, float]:
        """(card points, net game points) of the seat's side in the finished hand ``h``."""
        s = h.score()
        assert s is not None
        team = h.t.team_of[seat]
        net = net_game_points(s.by_team, team)
        in_play = h.t.points_in_play
        if h.bidder < 0 or h.contract < 0:
            return in_play / 2, net
        ours = target(h) - 0.5 if h.status == ANNULLED else float(h.bid_points)
        return (ours if team == h.bid_team else in_play - ours), net

