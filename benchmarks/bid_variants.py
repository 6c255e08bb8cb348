"""Variants of the expert's auction, for measuring a change of the bid decision on the same deals.

``Variant`` is the expert with its auction settings read from the environment variable
``EXPERT_VARIANT`` (``weight=W,defend=D,declare=S,partner=O:T,opponents=O:T,raise=R,
margin=M,play=1,declarer=rules,ties=follow,sees=S,sees_tricks=K,infer=1,pool=N,model=PATH,
worlds=N,nodes=X,signal=F,dd=F,ask=rules,trump=dd,look=K,look_side=S,look_nodes=X,
look_partner=rules,defence_goal=K,tie_worlds=N,tie_pick=P,trump_t=F,infer_only=partner,
partner_rules=F,rules_seats=S,rules_pool=N,lead_boost=X,auction_worlds=N,families=F+G,
without=F+G``: the expert's
``opponent_weight``, the
card points added to the model's estimate of an opponent's contract and of its own, the
offset and temperature of a partner's bids and of the opponents' bids in the sampler (0: the
sampler's default), ``raise_safety``, ``bid_margin``, the sampled deals weighed by the play
seen too (``play_likelihood``: the sampler's point-gift model), the bidding side's cards
played by the ``rules`` player instead of searched, cards tied at the goal told apart the
way the contract is going (``tie_break_follows``), some of the real deal seen in the card
play (:attr:`Variant.sees_play`, in the first ``K`` tricks only), the cards played read by
the learned play model (``play_inference``, its ``pool`` and another model file), a card's
deals and nodes (its ``ExpertEffort``'s ``worlds``, its ``nodes`` times ``X``), the deals
of a bid, the trump and a window (``auction_worlds``), the bid model's families it bids by
besides the shipped ones or without some of them (``families=40+56``, ``without=28-6p``:
``auction_families``), the
defenders' discards from weakness read by their partners (:attr:`Variant.signal`), the other
players' recent cards read by the solver (:attr:`Variant.dd_reading`), asking for the trump
left to the ``rules`` player (:attr:`Variant.ask_rules`), the trump chosen on solved
deals (:attr:`Variant.trump_dd`), the first ``K`` tricks' cards chosen again with the
player's next card fixed across the deals it cannot tell apart (:attr:`Variant.look_tricks`,
``benchmarks/lookahead.py``), a defender's cards chosen at the target plus ``K``
(:attr:`Variant.defence_shift`), tied cards searched again on ``N`` more deals
(:attr:`Variant.tie_worlds`) or told apart by points (:attr:`Variant.tie_pick`), the
sampler's trump-choice temperature, the play model read for the partner only
(:attr:`Variant.infer_partner_only`), the partner's cards (or the opponents', or all)
read as the ``rules`` player's choices (:attr:`Variant.partner_rules`, ``rules_seats``,
``rules_pool``), and the bidding side's first lead searched harder
(:attr:`Variant.lead_boost`); unset, the sampler's
default and a raise judged at its goal, as before issue 13's changes). Run the same seeds
once per setting: the bot's name, hence its seeds, is the same in every run, so the card
play is the same wherever the auction is, and the per-deal difference between two runs
(``python benchmarks/bid_variants.py DIR_A DIR_B``) comes only from the deals whose auction changed:

    EXPERT_VARIANT=weight=0.7,defend=0,declare=0 PYTHONPATH=src:benchmarks twentyeight arena \\
        --bots bid_variants:Variant,rules --rules 28 --deals 150 --seed 201 --workers 1 \\
        --budget 0.25 --save /tmp/before
    EXPERT_VARIANT=... (the same command with --save /tmp/after)
    PYTHONPATH=src python benchmarks/bid_variants.py /tmp/after /tmp/before

Several pairs of runs (other seeds) are pooled: ``bid_variants.py A1 B1 A2 B2 ...``.
For a setting that acts only before the play, ``benchmarks/auction_screen.py`` gives the same
number without playing out the deals whose auction did not change.

``ExpertBefore`` is the expert before this work (the model's points for every contract, an
opponent's expected score weighted 0.7, a partner's bids read as the ``rules`` player's, a
raise judged at its own goal), for ``--bots expert,bid_variants:ExpertBefore`` head to head.
"""

from __future__ import annotations

import argparse
import json
import math
import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import lookahead

from twentyeight.bots import play_model, sampling
from twentyeight.bots.base import View
from twentyeight.bots.expert import ExpertBot, goal_chances, trump_options, without_cot
from twentyeight.bots.pimc import NodeLimit, legal_code_of, solve_limited
from twentyeight.bots.reading import rules_of
from twentyeight.bots.rules_bot import RulesBot
from twentyeight.bots.sampling import Sampler, World
from twentyeight.engine.actions import PLAY_LIMIT, Action
from twentyeight.engine.hand import Hand
from twentyeight.engine.state import PLAY
from twentyeight.game import Game
from twentyeight.solver.position import SolverError
from twentyeight.views import view as view_of

__all__ = ["ExpertBefore", "Variant", "margins", "paired"]


def bid_model_of(value: str) -> tuple[float, float] | None:
    """A setting's ``offset:temperature`` of the sampler's bid model; ``0``: its default."""
    if value == "0":
        return None
    offset, temperature = value.split(":")
    return float(offset), float(temperature)


class ExpertBefore(ExpertBot):
    """The expert before this work (module docs)."""

    opponent_weight = 0.7
    defend_shift = 0.0
    declare_shift = 0.0
    partner_model = False
    raise_safety = 0


class Variant(ExpertBot):
    """The expert with the auction settings of ``EXPERT_VARIANT`` (module docs)."""

    partner_fit: tuple[float, float] | None = None
    opponent_fit: tuple[float, float] | None = None
    raise_safety = 0

    declarer_rules = False
    """Play the bidding side's cards as the ``rules`` player does (``declarer=rules``)."""

    sees_play = ""
    """Search the card play on the real deal alone, as ``oracle`` does: ``sees=play`` in every
    card, ``sees=defence`` in the defenders' cards only, ``sees=declarer`` in the bidding
    side's only; ``sees=partner`` (``sees=bidder``): a defender's deals with its partner's
    (the bidder's) real cards, the rest sampled; ``sees=trump``: the defenders' sampled
    deals only those with the real trump; the auction and the windows as the expert's, so
    that the difference to the expert on the same deals is what seeing those cards is worth
    there.  The arena gives the real state to any bot with a ``bind`` method."""
    _real: Hand | None = None
    sees_tricks = 99
    """``sees_tricks=K``: :attr:`sees_play` (``play``, ``defence``, ``declarer``) in the
    first ``K`` tricks only, the later cards searched on sampled deals."""

    def bind(self, game: Game | Hand) -> None:
        """The real state, kept for :attr:`sees_play` (the arena calls this at every action)."""
        self._real = game.hand if isinstance(game, Game) else game

    def _solvable_worlds(self, view: View, count: int) -> list[World]:
        real = self._real
        declaring = _declaring(view)
        if real is not None and self.sees_play == "trump" and not declaring:
            worlds = [w for w in super()._solvable_worlds(view, 6 * count)
                      if w.hand.trump == real.trump]
            return worlds[:count]
        if real is None or self.sees_play not in ("play", "declarer" if declaring else
                                                  "defence") \
                or len(view["tricks"]) >= self.sees_tricks:
            return super()._solvable_worlds(view, count)
        assert len(real.history) == len(view["history"]) and real.to_act == view["seat"]
        world = World(real.copy(), real.deal, 1.0)
        return [without_cot(world)] if rules_of(view).cot else [world]

    def worlds(self, view: View, count: int) -> list[World]:
        """``sees=partner`` / ``sees=bidder``: a defender's sampled deals of the play with
        its partner's real cards (or the bidder's) pinned, the other seats' sampled."""
        real = self._real
        bidder, me, teams = view["bidder"], view["seat"], len(view["teams"])
        if (real is None or bidder is None or view["phase"] != "play" or not _defending(view)
                or self.sees_play not in ("partner", "bidder")):
            return super().worlds(view, count)
        seat = bidder if self.sees_play == "bidder" else (me + teams) % len(view["hand_sizes"])
        sampler = self.sampler(view)
        sampler.pin(seat, [c for c in range(sampler.deck.size) if real.hands[seat] >> c & 1])
        return sampler.sample(count, self.decision_rng(view), attempts=100 * count)

    signal = 0.0
    """``signal=F`` (F > 0): the defenders discard from weakness among the cards the search
    ties (:func:`weak_discard`), and read their partner's discards so, a deal where the partner
    kept a jack or nine of the suit it discarded from while a discard from a suit without one
    was legal weighing ``F``."""

    lead_boost = 0.0
    """``lead_boost=X`` (X > 1): the bidding side's first lead searched on three times the
    deals with ``X`` times the nodes."""

    def _searched(self, view: View, legal: list[Action]) -> Action | None:
        """The expert's searched card, with :attr:`lead_boost` at the bidding side's first
        lead."""
        trick = view["trick"]
        first_lead = not view["tricks"] and not (trick and trick["cards"]) and _declaring(view)
        if self.lead_boost <= 1 or not first_lead:
            return super()._play(view, legal)
        saved = self.effort_x
        self.effort_x = replace(saved, worlds=3 * saved.worlds,
                                nodes=int(saved.nodes * self.lead_boost))
        try:
            return super()._play(view, legal)
        finally:
            self.effort_x = saved

    def among_tied(self, view: View, legal: list[Action], top: list[Action]) -> Action:
        if self.signal > 0:
            choice = weak_discard(view, top)
            if choice is not None:
                return choice
        if (self.tie_pick in ("high", "low") and len(top) > 1
                and all(a.verb == "play" and a.arg is not None for a in top)):
            deck = rules_of(view).deck

            def rank(a: Action) -> tuple[int, int]:
                card = deck.by_name[a.arg or ""][0]
                return deck.points[card], deck.power[card]

            return (max if self.tie_pick == "high" else min)(top, key=rank)
        return super().among_tied(view, legal, top)

    tie_pick = "rules"
    """``tie_pick=high`` (``low``): among the cards the search ties, the one with the most
    (fewest) points, then the highest (lowest), instead of the ``rules`` player's choice."""

    dd_reading = 0.0
    """``dd=F`` (F > 0): the other players' cards of the last six played read as a player
    who sees every card would play them: a deal weighs ``F`` where a card played there was
    not one of the best by the solver (made or not at the target; :class:`DDReader`)."""

    partner_rules = 0.0
    """``partner_rules=F`` (F > 0): the partner's cards read as the ``rules`` player's choices
    (:class:`PartnerRulesReader`)."""

    rules_seats = "partner"
    """``rules_seats=S``: whose cards ``partner_rules`` reads: ``partner``, ``opponents`` or
    ``all`` (every other player)."""

    rules_pool = 1
    """``rules_pool=N``: with ``partner_rules``, ``N`` times the deals drawn and as many as
    before kept in proportion to their weights (:func:`~twentyeight.bots.sampling.resample`)."""

    def world_pool(self, view: View) -> int:
        if self.partner_rules > 0 and self.rules_pool > 1 and view["phase"] == "play":
            return self.rules_pool
        return super().world_pool(view)

    infer_partner_only = False
    """``infer_only=partner``: with ``infer=1``, only the partner's cards are read by the play
    model (the partner is the expert, on whose games the model was fitted), the opponents'
    not at all."""

    def sampler(self, view: View) -> Sampler:
        if self.partner_rules > 0 and view["phase"] == "play":
            return PartnerRulesReader(view, self.partner_rules, self.rules_seats,
                                      **self.sampler_models(view))
        if self.infer_partner_only:
            return PartnerReader(view, **self.sampler_models(view))
        if self.dd_reading > 0 and view["phase"] == "play" and view["target"] is not None:
            return DDReader(view, self.dd_reading, **self.sampler_models(view))
        if self.signal <= 0:
            return super().sampler(view)
        return SignalReader(view, self.signal, **self.sampler_models(view))

    trump_dd = False
    """``trump=dd``: the trump chosen by the share of sampled deals (all eight cards of
    every hand) in which the contract is made with it, each solved from the first lead
    (ties: the shipped choice, by the bid model)."""

    def _trump(self, view: View, legal: list[Action]) -> Action | None:
        shipped = super()._trump(view, legal)
        if not self.trump_dd:
            return shipped
        contract = view["contract"] or view["high_bid"]
        options = trump_options(rules_of(view), legal)
        if contract is None or len(options) < 2:
            return shipped
        worlds = self._solvable_worlds(view, self.effort_x.window_worlds)
        shares: dict[Action, float] = {}
        for action in options.values():
            chosen = []
            for w in worlds:
                h = w.hand.copy()
                h.step(legal_code_of(h, str(action)))
                chosen.append(World(h, w.deal, w.weight))
            made = goal_chances(chosen, [contract], self.effort_x.window_nodes)
            if made is None:
                return shipped
            shares[action] = made[contract]
        best = max(shares.values())
        top = [a for a, v in shares.items() if v >= best - 1e-9]
        return shipped if shipped in top else top[0]

    ask_rules = False
    """``ask=rules``: whether to ask for the trump (or reveal it) is the ``rules`` player's
    decision; the search chooses the card."""

    def _play(self, view: View, legal: list[Action]) -> Action | None:
        if self.declarer_rules and _declaring(view):
            return None
        if self.ask_rules and any(a.verb in ("ask", "reveal") for a in legal):
            preferred = self.helper.decide(view, legal)
            if preferred.verb in ("ask", "reveal"):
                return preferred
            legal = [a for a in legal if a.verb not in ("ask", "reveal")]
        self._first_counts = None
        self._shift_now = self.defence_shift if _defending(view) else 0
        self._view_now = view
        shipped = self._searched(view, legal)
        if (shipped is None or len(view["tricks"]) >= self.look_tricks
                or not (_defending(view) if self.look_side == "defence" else
                        self.look_side == "both" or _declaring(view))):
            return shipped
        return self._looked(view, shipped)

    look_tricks = 0
    """``look=K``: the cards of the first ``K`` tricks (of the defenders, or of
    :attr:`look_side`) chosen again by :func:`lookahead.look_scores` between the cards the
    expert's search ranks close, the player's next card chosen once for the deals it cannot
    tell apart then (strategy fusion taken out of that card)."""
    look_side = "defence"
    """``look_side=``: ``defence``, ``declarer`` or ``both``."""
    look_factor = 4.0
    look_partner = "solver"
    """``look_partner=rules``: in the look-ahead, the partner plays the ``rules`` player's
    card from its own view (it does not see the deal) instead of the solver's."""
    """``look_nodes=X``: the look-ahead's nodes, ``X`` times the decision's own."""
    defence_shift = 0
    """``defence_goal=K``: a defender's cards chosen by the share of deals in which the
    bidding side reaches the target plus ``K`` (negative: the contract beaten by a margin)."""
    _shift_now = 0
    look_counts: Counter[str]
    """Decisions looked at again (``looked``) and changed by it (``changed``)."""
    """``look_nodes=X``: the look-ahead's nodes, ``X`` times the decision's own."""
    _first_counts: tuple[tuple[dict[Action, float], bool, list[World]] | None, int, int] | None \
        = None

    def _made_counts(self, worlds: Sequence[World], goal: int, nodes: int,
                     only: Sequence[Action] | None = None
                     ) -> tuple[dict[Action, float], bool, list[World]] | None:
        if only is None and self._first_counts is None:
            goal += self._shift_now
        elif only is not None and self.tie_worlds and self._first_counts is not None:
            wider = self._wider(only)
            if wider is not None:
                return wider
        result = super()._made_counts(worlds, goal, nodes, only)
        if only is None and self._first_counts is None:
            self._first_counts = (result, goal, nodes)
        return result

    tie_worlds = 0
    """``tie_worlds=N``: cards tied at the target searched again at the target on ``N`` more
    deals (their shares pooled with the first deals'), before the shipped second search."""
    _view_now: View | None = None

    def _wider(self, tied: Sequence[Action]
               ) -> tuple[dict[Action, float], bool, list[World]] | None:
        """:attr:`tie_worlds`: the tied cards' shares over the first deals and ``N`` more,
        if that tells them apart (else ``None``: the shipped second search decides)."""
        assert self._first_counts is not None and self._view_now is not None
        counts, goal, nodes = self._first_counts
        if counts is None:
            return None
        first, maximising, solved = counts
        count = self.effort_x.worlds
        more = self._solvable_worlds(self._view_now, count + self.tie_worlds)[count:]
        extra = super()._made_counts(more, goal, nodes, tied)
        if extra is None:
            return None
        w1 = sum(w.weight for w in solved)
        w2 = sum(w.weight for w in extra[2])
        pooled = {a: (first[a] * w1 + extra[0].get(a, 0.0) * w2) / (w1 + w2) for a in tied}
        sign = 1.0 if maximising else -1.0
        best = max(sign * v for v in pooled.values())
        if sum(1 for v in pooled.values() if sign * v >= best - 1e-9) > 1:
            return None
        return pooled, maximising, solved

    def _looked(self, view: View, shipped: Action) -> Action:
        """:attr:`look_tricks`: the card of the look-ahead, ``shipped`` where it ties."""
        if self._first_counts is None:
            return shipped
        counts, goal, nodes = self._first_counts
        if counts is None:
            return shipped
        totals, maximising, solved = counts
        sign = 1.0 if maximising else -1.0
        ranked = sorted(totals, key=lambda a: (a != shipped, -sign * totals[a]))
        best = sign * totals[shipped]
        cards = [a for a in ranked if sign * totals[a] >= best - lookahead.SPREAD]
        cards = cards[:lookahead.WIDTH]
        if len(cards) < 2:
            return shipped
        budget = lookahead.Budget(total=int(self.look_factor * nodes), each=max(1, nodes // 4))
        found = lookahead.look_scores(solved, cards, goal, budget, self.helper,
                                      minimising=not maximising, stop=self.out_of_time,
                                      honest_partner=self.look_partner == "rules")
        self.look_counts["looked"] += 1
        if found is None or found[1] < self.min_solved:
            return shipped
        scores = found[0]
        top = max(sign * v for v in scores.values())
        if sign * scores[shipped] >= top - 1e-9:
            return shipped
        self.look_counts["changed"] += 1
        return next(a for a in cards if sign * scores[a] >= top - 1e-9)

    def partner_bids(self, view: View) -> tuple[float, float] | None:
        return self.partner_fit

    def opponent_bids(self, view: View) -> tuple[float, float] | None:
        return self.opponent_fit

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed, budget)
        self.look_counts = Counter()
        spec = os.environ.get("EXPERT_VARIANT", "")
        for part in filter(None, spec.split(",")):
            key, value = part.split("=")
            if key in SETTINGS:
                attribute, read = SETTINGS[key]
                setattr(self, attribute, read(value))
            elif key == "model":                        # a play model file of its own
                use_play_model(Path(value))
            elif key == "worlds":                       # deals of a card (same nodes)
                self.effort_x = replace(self.effort_x, worlds=int(value))
            elif key == "nodes":                        # a card's nodes, times this
                self.effort_x = replace(self.effort_x,
                                        nodes=int(self.effort_x.nodes * float(value)))
            elif key == "auction_worlds":               # deals of a bid, the trump, a window
                self.effort_x = replace(self.effort_x, auction_worlds=int(value))
            elif key == "trump_t":                      # the sampler's trump temperature
                sampling.TRUMP_TEMPERATURE = float(value)
            elif key == "families":                     # bid by these families too
                self.auction_families = frozenset(
                    {*self.auction_families, *value.split("+")})
            elif key == "without":                      # and not by these
                self.auction_families = self.auction_families - set(value.split("+"))
            elif key == "doubles":                      # the auction doubles of these
                self.double_families = frozenset(         # ("none": the rules player's)
                    f for f in value.split("+") if f != "none")
            else:
                raise ValueError(f"EXPERT_VARIANT: unknown setting {key!r}")


def _one_of(*choices: str) -> Callable[[str], str]:
    """A setting whose value is one of ``choices``."""
    def read(value: str) -> str:
        if value not in choices:
            raise ValueError(f"EXPERT_VARIANT: {value!r} is not one of {', '.join(choices)}")
        return value
    return read


def _flag(on: str) -> Callable[[str], bool]:
    """A setting that is on when its value is ``on``."""
    return lambda value: value == on


SETTINGS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "weight": ("opponent_weight", float),
    "defend": ("defend_shift", float),
    "declare": ("declare_shift", float),
    "raise": ("raise_safety", int),
    "margin": ("bid_margin", float),
    "play": ("play_likelihood", _flag("1")),        # weigh deals by the play seen
    "rollout": ("auction_rollout", _flag("1")),
    "ties": ("tie_break_follows", _flag("follow")),
    "declarer": ("declarer_rules", _flag("rules")),  # the bidding side's cards: rules'
    "infer": ("play_inference", _flag("1")),
    "pool": ("pool", int),
    "sees": ("sees_play", str),                     # play, defence, declarer, partner, ...
    "sees_tricks": ("sees_tricks", int),
    "trump": ("trump_dd", _flag("dd")),
    "ask": ("ask_rules", _flag("rules")),
    "dd": ("dd_reading", float),
    "signal": ("signal", float),
    "look": ("look_tricks", int),
    "look_side": ("look_side", str),
    "look_partner": ("look_partner", str),
    "look_nodes": ("look_factor", float),
    "partner_rules": ("partner_rules", float),
    "rules_seats": ("rules_seats", _one_of("partner", "opponents", "all")),
    "rules_pool": ("rules_pool", int),
    "lead_boost": ("lead_boost", float),
    "infer_only": ("infer_partner_only", _flag("partner")),
    "tie_pick": ("tie_pick", str),
    "tie_worlds": ("tie_worlds", int),
    "defence_goal": ("defence_shift", int),
    "partner": ("partner_fit", bid_model_of),
    "opponents": ("opponent_fit", bid_model_of),
}
"""The ``EXPERT_VARIANT`` settings that set one attribute of :class:`Variant`: the key,
the attribute and how its value is read (the other five are in ``Variant.__init__``)."""


def _declaring(view: View) -> bool:
    """Whether the seat of ``view`` is on the bidding side (a bidder known)."""
    bidder = view["bidder"]
    return bidder is not None and bidder % len(view["teams"]) == view["seat"] % len(view["teams"])


def _defending(view: View) -> bool:
    """Whether the seat of ``view`` defends a bidder's contract."""
    return view["bidder"] is not None and not _declaring(view)


def weak_discard(view: View, top: Sequence[Action]) -> Action | None:
    """A defender's discard among the tied ``top`` by the convention of ``signal=``: a card
    of a suit in which it keeps no jack or nine (the lowest, the fewest points), when it
    cannot follow suit and the card is not a trump it knows; ``None`` when that does not
    apply."""
    current = view["trick"]
    trick = current["cards"] if current else []
    if not trick or not _defending(view):
        return None
    led = trick[0][-1]
    hand = view["hand"]
    if any(c[-1] == led for c in hand):
        return None
    trump = view.get("trump")
    strong = {c[-1] for c in hand if c[0] in "J9"}
    deck = rules_of(view).deck
    weak = [a for a in top if a.verb == "play" and a.arg is not None and a.arg[-1] != trump
            and a.arg[-1] not in strong]
    if not weak:
        return None
    return min(weak, key=lambda a: (deck.points[deck.by_name[a.arg or ""][0]],
                                   deck.power[deck.by_name[a.arg or ""][0]]))


class SignalReader(Sampler):
    """The sampler with the partner's discards read by the convention of ``signal=``."""

    def __init__(self, view: View, violation: float, **models: Any) -> None:
        super().__init__(view, **models)
        self.violation = violation

    def _factor(self, h: Hand, seat: int, code: int, legal: Sequence[int]) -> float:
        factor = super()._factor(h, seat, code, legal)
        me = self.seat
        team_of = h.t.team_of
        if (code >= PLAY_LIMIT or seat == me or team_of[seat] != team_of[me]
                or h.bid_side[seat] or not h.trick_cards):
            return factor
        deck = self.deck
        suit_of = deck.suit_of
        led = suit_of[h.trick_cards[0]]
        suit = suit_of[code]
        known_trump = h.trump if h.revealed else -1
        if suit in (led, known_trump):
            return factor
        held = h.hands[seat]

        def strong(s: int) -> bool:
            return any(held >> c & 1 and suit_of[c] == s and deck.points[c] >= 2
                       for c in range(deck.size))

        if not strong(suit):
            return factor
        could = any(c < PLAY_LIMIT and suit_of[c] not in (led, known_trump)
                    and not strong(suit_of[c]) for c in legal)
        return factor * self.violation if could else factor


class PartnerReader(Sampler):
    """The sampler reading the partner's cards only by the play model (``infer_only=partner``)."""

    def _factor(self, h: Hand, seat: int, code: int, legal: Sequence[int]) -> float:
        if code < PLAY_LIMIT and h.t.team_of[seat] != h.t.team_of[self.seat]:
            return 1.0
        return super()._factor(h, seat, code, legal)


class PartnerRulesReader(Sampler):
    """The sampler reading the partner's cards as ``rules``' choices (``partner_rules=F``): a
    deal weighs ``F`` for each card of the partner's that the ``rules`` player would not have
    played there from the partner's view (the expert breaks its ties by that choice, so its
    cards are often ``rules``').  ``seats``: ``opponents`` or ``all`` reads those seats'
    cards instead (a ``rules`` opponent's cards are read with its true model)."""

    def __init__(self, view: View, violation: float, seats: str = "partner",
                 **models: Any) -> None:
        super().__init__(view, **models)
        self.violation = violation
        self.seats = seats
        self.reader = RulesBot()

    def _reads(self, h: Hand, seat: int) -> bool:
        """Whether ``seat``'s cards are read (:attr:`Variant.rules_seats`)."""
        if seat == self.seat:
            return False
        partner = h.t.team_of[seat] == h.t.team_of[self.seat]
        return self.seats == "all" or partner == (self.seats == "partner")

    def _factor(self, h: Hand, seat: int, code: int, legal: Sequence[int]) -> float:
        factor = super()._factor(h, seat, code, legal)
        if code >= PLAY_LIMIT or not self._reads(h, seat) or h.phase != PLAY or len(legal) < 2:
            return factor
        natural = legal_code_of(h, str(self.reader.act(view_of(h, seat))))
        return factor if natural == code else factor * self.violation


class DDReader(Sampler):
    """The sampler with the other players' recent cards read by the solver (``dd=F``)."""

    RECENT = 6
    """Cards played, counted back from the last, that are read."""
    NODES = 30_000
    """Solver nodes for reading one card in one deal (a deal too big is not read)."""

    def __init__(self, view: View, violation: float, **models: Any) -> None:
        super().__init__(view, **models)
        self.violation = violation
        target = view["target"]
        assert target is not None, "a card read in the play has a target"
        self.goal = target
        self.plays = sum(1 for a in view["history"] if " play " in a)

    def _factor(self, h: Hand, seat: int, code: int, legal: Sequence[int]) -> float:
        factor = super()._factor(h, seat, code, legal)
        if (code >= PLAY_LIMIT or seat == self.seat or h.phase != PLAY
                or len(h.history) < self.plays - self.RECENT):
            return factor
        try:
            values, _, _ = solve_limited(h.copy(), self.NODES, made_only=True,
                                         goal_points=self.goal)
        except (NodeLimit, SolverError):
            return factor
        cards = {c: bool(v) for c, v in values.items() if c < PLAY_LIMIT}
        if code not in cards or len(set(cards.values())) < 2:
            return factor
        best = max(cards.values()) if h.bid_side[seat] else min(cards.values())
        return factor if cards[code] == best else factor * self.violation


def use_play_model(path: Path) -> None:
    """Read the cards played with the model file ``path`` instead of the shipped one (this
    process only: the sampler asks :func:`play_model.model` for it)."""
    loaded = play_model.load(path.read_text(encoding="utf-8"))
    play_model.model = lambda: loaded  # type: ignore[assignment]


def margins(directory: Path, bot: str = "Variant") -> dict[int, float]:
    """Deal index → the margin of the bot named ``bot`` (game points of the teams it holds
    minus the other teams', averaged over the deal's plays, as the arena counts them) in a
    directory written by ``arena --save``; any number of teams."""
    out: dict[int, list[int]] = {}
    for path in sorted(directory.glob("deal-*-*.json")):
        _, deal, _ = path.stem.split("-")
        rec = json.loads(path.read_text(encoding="utf-8"))
        game = Game.from_record(rec)
        scores = game.result()["score_by_team"] or [0] * game.rules.teams
        teams = len(scores)
        ours = {s % teams for s, p in enumerate(rec["players"]) if bot in p}
        mine = sum(v for t, v in enumerate(scores) if t in ours)
        out.setdefault(int(deal), []).append(mine - (sum(scores) - mine))
    return {k: sum(v) / len(v) for k, v in out.items()}


def paired(a: Path | Sequence[Path], b: Path | Sequence[Path], bot: str = "Variant"
           ) -> dict[str, float]:
    """The mean per-deal difference of ``bot``'s margins in two runs on the same deals (or
    several pairs of runs, ``a[i]`` against ``b[i]``, pooled), its normal 95% interval, and
    how many deals differ at all."""
    pairs = list(zip([a] if isinstance(a, Path) else a, [b] if isinstance(b, Path) else b,
                     strict=True))
    d: list[float] = []
    sum_a = sum_b = 0.0
    for run_a, run_b in pairs:
        ma, mb = margins(run_a, bot), margins(run_b, bot)
        keys = sorted(set(ma) & set(mb))
        d += [ma[k] - mb[k] for k in keys]
        sum_a += sum(ma[k] for k in keys)
        sum_b += sum(mb[k] for k in keys)
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return {"deals": n, "a": sum_a / n, "b": sum_b / n,
            "diff": mean, "low": mean - half, "high": mean + half,
            "differing": sum(1 for x in d if abs(x) > 1e-9)}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="the per-deal difference of two Variant runs")
    ap.add_argument("runs", type=Path, nargs="+",
                    help="A B, or A1 B1 A2 B2 ... (pairs of runs on the same deals, pooled)")
    ap.add_argument("--bot", default="Variant",
                    help="the bot whose margins are compared (a part of its name)")
    args = ap.parse_args(argv)
    if len(args.runs) % 2:
        ap.error("give the runs in pairs: A B [A B ...]")
    r = paired(args.runs[0::2], args.runs[1::2], args.bot)
    print(f"{r['deals']} deals ({r['differing']} differ): A {r['a']:+.3f}, B {r['b']:+.3f}, "
          f"A - B {r['diff']:+.3f} [{r['low']:+.3f}, {r['high']:+.3f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
