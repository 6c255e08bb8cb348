"""Variants of the expert's auction, for measuring a change of the bid decision on the same deals.

``Variant`` is the expert with its auction settings read from the environment variable
``EXPERT_VARIANT`` (``weight=W,defend=D,declare=S,partner=O:T,opponents=O:T,raise=R,
margin=M,play=1,declarer=rules,ties=follow,sees=S,infer=1,pool=N,model=PATH,worlds=N,
nodes=X``: the expert's ``opponent_weight``, the card points added to the model's estimate
of an opponent's contract and of its own, the offset and temperature of a partner's bids and
of the opponents' bids in the sampler (0: the sampler's default), ``raise_safety``,
``bid_margin``, the sampled deals weighed by the play seen too (``play_likelihood``: the
sampler's point-gift model), the bidding side's cards played by the ``rules`` player instead
of searched, cards tied at the goal told apart the way the contract is going
(``tie_break_follows``), some of the real deal seen in the card play (:attr:`Variant.
sees_play`), the cards played read by the learned play model (``play_inference``, its
``pool`` and another model file), and a card's deals and nodes (its ``ExpertEffort``'s
``worlds``, its ``nodes`` times ``X``); unset, the sampler's default and a raise judged at
its goal, as before issue 13's changes). Run the same seeds once per
setting: the bot's name, hence its seeds, is the same in every run, so the card play is the
same wherever the auction is, and the per-deal difference between two runs (``python
benchmarks/bid_variants.py DIR_A DIR_B``) comes only from the deals whose auction changed:

    EXPERT_VARIANT=weight=0.7,defend=0,declare=0 PYTHONPATH=src:benchmarks twentyeight arena \\
        --bots bid_variants:Variant,rules --rules 28 --deals 150 --seed 201 --workers 1 \\
        --budget 0.25 --save /tmp/before
    EXPERT_VARIANT=... (the same command with --save /tmp/after)
    PYTHONPATH=src python benchmarks/bid_variants.py /tmp/after /tmp/before

``ExpertBefore`` is the expert before this work (the model's points for every contract, an
opponent's expected score weighted 0.7, a partner's bids read as the ``rules`` player's, a
raise judged at its own goal), for ``--bots expert,bid_variants:ExpertBefore`` head to head.
"""

from __future__ import annotations

import argparse
import json
import math
import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from twentyeight.bots import play_model
from twentyeight.bots.base import View
from twentyeight.bots.expert import ExpertBot, without_cot
from twentyeight.bots.reading import rules_of
from twentyeight.bots.sampling import World
from twentyeight.engine.actions import Action
from twentyeight.engine.hand import Hand
from twentyeight.game import Game

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

    def bind(self, game: Game | Hand) -> None:
        """The real state, kept for :attr:`sees_play` (the arena calls this at every action)."""
        self._real = game.hand if isinstance(game, Game) else game

    def _solvable_worlds(self, view: View, count: int) -> list[World]:
        real = self._real
        teams = len(view["teams"])
        bidder = view["bidder"]
        declaring = bidder is not None and bidder % teams == view["seat"] % teams
        if real is not None and self.sees_play == "trump" and not declaring:
            worlds = [w for w in super()._solvable_worlds(view, 6 * count)
                      if w.hand.trump == real.trump]
            return worlds[:count]
        if real is None or self.sees_play not in ("play", "declarer" if declaring else
                                                  "defence"):
            return super()._solvable_worlds(view, count)
        assert len(real.history) == len(view["history"]) and real.to_act == view["seat"]
        world = World(real.copy(), real.deal, 1.0)
        return [without_cot(world)] if rules_of(view).cot else [world]

    def worlds(self, view: View, count: int) -> list[World]:
        """``sees=partner`` / ``sees=bidder``: a defender's sampled deals of the play with
        its partner's real cards (or the bidder's) pinned, the other seats' sampled."""
        real = self._real
        teams = len(view["teams"])
        bidder = view["bidder"]
        me = view["seat"]
        if (real is None or view["phase"] != "play" or bidder is None
                or bidder % teams == me % teams or self.sees_play not in ("partner", "bidder")):
            return super().worlds(view, count)
        seat = bidder if self.sees_play == "bidder" else (me + teams) % len(view["hand_sizes"])
        sampler = self.sampler(view)
        sampler.pin(seat, [c for c in range(sampler.deck.size) if real.hands[seat] >> c & 1])
        return sampler.sample(count, self.decision_rng(view), attempts=100 * count)

    def _play(self, view: View, legal: list[Action]) -> Action | None:
        teams = len(view["teams"])
        bidder = view["bidder"]
        if (self.declarer_rules and bidder is not None
                and bidder % teams == view["seat"] % teams):
            return None
        return super()._play(view, legal)

    def partner_bids(self, view: View) -> tuple[float, float] | None:
        return self.partner_fit

    def opponent_bids(self, view: View) -> tuple[float, float] | None:
        return self.opponent_fit

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed, budget)
        spec = os.environ.get("EXPERT_VARIANT", "")
        for part in filter(None, spec.split(",")):
            key, value = part.split("=")
            if key == "weight":
                self.opponent_weight = float(value)
            elif key == "defend":
                self.defend_shift = float(value)
            elif key == "declare":
                self.declare_shift = float(value)
            elif key == "raise":
                self.raise_safety = int(value)
            elif key == "margin":
                self.bid_margin = float(value)
            elif key == "play":                         # 1: weigh deals by the play seen
                self.play_likelihood = value == "1"
            elif key == "rollout":                      # 1: auction_rollout
                self.auction_rollout = value == "1"
            elif key == "ties":                         # "follow": tie_break_follows
                self.tie_break_follows = value == "follow"
            elif key == "declarer":                     # "rules": the bidding side's cards
                self.declarer_rules = value == "rules"
            elif key == "infer":                        # 1: play_inference
                self.play_inference = value == "1"
            elif key == "model":                        # a play model file of its own
                use_play_model(Path(value))
            elif key == "worlds":                       # deals of a card (same nodes)
                self.effort_x = replace(self.effort_x, worlds=int(value))
            elif key == "nodes":                        # a card's nodes, times this
                self.effort_x = replace(self.effort_x,
                                        nodes=int(self.effort_x.nodes * float(value)))
            elif key == "pool":
                self.pool = int(value)
            elif key == "sees":                         # play, defence, declarer: the real
                self.sees_play = value                  # deal in (those) cards
            elif key == "partner":
                self.partner_fit = bid_model_of(value)
            elif key == "opponents":
                self.opponent_fit = bid_model_of(value)
            else:
                raise ValueError(f"EXPERT_VARIANT: unknown setting {key!r}")


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


def paired(a: Path, b: Path, bot: str = "Variant") -> dict[str, float]:
    """The mean per-deal difference of ``bot``'s margins in two runs on the same deals, its
    normal 95% interval, and how many deals differ at all."""
    ma, mb = margins(a, bot), margins(b, bot)
    keys = sorted(set(ma) & set(mb))
    d = [ma[k] - mb[k] for k in keys]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return {"deals": n, "a": sum(ma[k] for k in keys) / n, "b": sum(mb[k] for k in keys) / n,
            "diff": mean, "low": mean - half, "high": mean + half,
            "differing": sum(1 for x in d if abs(x) > 1e-9)}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="the per-deal difference of two Variant runs")
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    ap.add_argument("--bot", default="Variant",
                    help="the bot whose margins are compared (a part of its name)")
    args = ap.parse_args(argv)
    r = paired(args.a, args.b, args.bot)
    print(f"{r['deals']} deals ({r['differing']} differ): A {r['a']:+.3f}, B {r['b']:+.3f}, "
          f"A - B {r['diff']:+.3f} [{r['low']:+.3f}, {r['high']:+.3f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
