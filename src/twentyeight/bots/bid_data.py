"""Labelled deals for the bid model: what a bidder's side takes with best play.

One :class:`Example` is one seeded deal of a preset in which a chosen seat wins the auction at
the lowest bid it can make and names a chosen trump (everyone else passes where they may),
solved from the first lead by the perfect-information solver: ``points`` is the card points
the bidding side takes with best play by everyone.  :mod:`twentyeight.bots.bid_model` learns
from these what a hand is worth; ``tools/bid_model.py`` draws them and fits the model.

Everything follows from ``(preset, seed)``: the deal, the dealer, the bidder and the trump
are drawn from ``random.Random(seed)``, and the solver is exact, so an example can be drawn
again and must come out the same (the tests check the model file's stored sample so).

The solve uses the preset's rules with four changes that do not touch the play of the cards
but would make a label something other than card points: no early stop (56-PLAY-6), no
annulment by an unrevealed trump (29-PLAY-8) or a bidding side holding every trump (28-ANN-2),
and no zero-point claim in the play (28-POST-3).  A pair (28-PAIR-4) moves the target, not the
points, so it is recorded (``pair``) for the model to apply.

**Families opened by the rules player** (:data:`OPENED_BY_RULES`): solving a deal of the
double pack from the first lead takes 40 to 130 s here (six hands of eight cards), too long
for the thousands of deals a fit needs.  There the first tricks are played by the ``rules``
player at every seat (deterministic: it draws no random numbers) until the hands hold the
given number of cards, and the solver plays the rest: ``points`` is the bidding side's card
points from an opening by rules of thumb and best play after it (five tricks of six cards
solve in about 0.05 s).  Of three deals of 56 solved whole (21, 39 and 41 points), this
gave 21, 35 and 37, and the ``rules`` player alone 32, 31 and 36.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from twentyeight.cards import Card
from twentyeight.engine.actions import BID, PASS, TRUMP_CARD, TRUMP_SUIT
from twentyeight.engine.hand import Hand
from twentyeight.engine.state import AUCTION, PLAY, TRUMP
from twentyeight.rules import Rules, preset
from twentyeight.solver import fast
from twentyeight.solver.api import choose_engine
from twentyeight.solver.position import Position, SolverError
from twentyeight.solver.search import Searcher
from twentyeight.solver.values import SCALE

__all__ = ["NO_TRUMP", "OPENED_BY_RULES", "Example", "example", "label_rules"]

NO_TRUMP = -1
"""``Example.trump`` of a no-trump contract (56's NT bid)."""
LABEL_CHANGES: dict[str, Any] = {
    "stop_when_decided": False, "unrevealed_trump_annuls": False,
    "bidding_side_all_trumps_redeal": False, "zero_point_hand_redeal": "off"}
"""The flags changed for the solve (see the module docs)."""
OPENED_BY_RULES = {"56": 30}
"""The presets whose first tricks the ``rules`` player plays before the solve, and the cards
left in the hands when the solver takes over (see the module docs)."""


@dataclass(frozen=True)
class Example:
    """One labelled deal (see the module docs)."""

    preset: str
    seed: int
    dealer: int
    bidder: int
    trump: int
    """The trump suit (0–3), or :data:`NO_TRUMP`."""
    deal: tuple[tuple[Card, ...], ...]
    """Every seat's cards in deal order (the first ``first_batch`` are seen before the bid)."""
    points: int
    """Card points of the bidding side with best play (twice that when the solver's value is
    a half point, which only an annulment gives: never with :data:`LABEL_CHANGES`)."""
    pair: int
    """+1 if one player of the bidding side holds the trump king and queen, -1 if one
    opponent does, 0 otherwise (always 0 without the pair rule or trump)."""
    nodes: int
    """Solver nodes searched (for the regeneration script's report)."""

    def to_json(self) -> dict[str, Any]:
        """The example as JSON data (the model file stores a few)."""
        return {"preset": self.preset, "seed": self.seed, "dealer": self.dealer,
                "bidder": self.bidder, "trump": self.trump,
                "deal": [list(d) for d in self.deal], "points": self.points, "pair": self.pair}


def label_rules(name: str) -> Rules:
    """The rules an example of preset ``name`` is solved under (:data:`LABEL_CHANGES`)."""
    spec = {"preset": name, **LABEL_CHANGES}
    if not preset(name).bidding_side_all_trumps_redeal:
        del spec["bidding_side_all_trumps_redeal"]
    return Rules.from_spec(spec)


def _choose_trump(h: Hand, rng: random.Random, bidder: int) -> int:
    """The trump to label: the suit the seat holds most of (most points on a tie) half the
    time, else any suit it holds (or, where bids name it, no trump one time in five)."""
    deck = h.t.deck
    seen = h.deal[bidder][:h.t.first_batch]
    if h.rules.trump_mode == "open" and rng.random() < 0.2:
        return NO_TRUMP
    held = sorted({deck.suit_of[c] for c in seen})
    if rng.random() < 0.5:
        return max(held, key=lambda s: (sum(1 for c in seen if deck.suit_of[c] == s),
                                        sum(deck.points[c] for c in seen if deck.suit_of[c] == s),
                                        -s))
    return rng.choice(held)


def _auction_code(h: Hand, bidder: int, trump: int) -> int:
    """The bidder bids the lowest it may (naming ``trump`` where bids name one); the others
    pass where they may, else make the lowest bid."""
    codes = h.legal_codes()
    bids = sorted(c for c in codes if c >= BID and c < BID + 8 * 64)
    if h.to_act == bidder:
        den = 5 if trump == NO_TRUMP else trump + 1
        named = [c for c in bids if (c - BID) & 7 == den]
        mine = named or [c for c in bids if (c - BID) & 7 == 0]
        if mine:
            return mine[0]
    if PASS in codes:
        return PASS
    return bids[0] if bids else codes[0]


def _trump_code(h: Hand, trump: int) -> int | None:
    """The code naming ``trump``: its lowest card as the indicator, or the suit."""
    codes = h.legal_codes()
    if TRUMP_SUIT + trump in codes:
        return TRUMP_SUIT + trump
    deck = h.t.deck
    cards = [c - TRUMP_CARD for c in codes if TRUMP_CARD <= c < TRUMP_CARD + 128
             and deck.suit_of[c - TRUMP_CARD] == trump]
    return TRUMP_CARD + min(cards, key=lambda c: deck.power[c]) if cards else None


def _pair_of(h: Hand) -> int:
    if not h.rules.pair_rule or h.trump < 0:
        return 0
    deck = h.t.deck
    for seat, cards in enumerate(h.deal):
        ranks = {deck.rank_of[c] for c in cards if deck.suit_of[c] == h.trump}
        if {"K", "Q"} <= ranks:
            return 1 if h.bid_side[seat] else -1
    return 0


def example(name: str, seed: int, engine: str = "auto") -> Example | None:
    """The labelled deal of ``(name, seed)`` (``None`` when it annuls before the play, or
    the chosen seat cannot win the auction)."""
    rules = label_rules(name)
    rng = random.Random(seed)
    n = rules.num_players
    dealer = rng.randrange(n)
    bidder = rng.randrange(n)
    h = Hand.from_rng(rules, rng, dealer)
    trump = _choose_trump(h, rng, bidder)
    while not h.over and h.phase != PLAY:
        if h.phase == AUCTION:
            code: int | None = _auction_code(h, bidder, trump)
        elif h.phase == TRUMP:
            if h.bidder != bidder:
                return None
            code = _trump_code(h, trump)
            if code is None:
                return None
        else:
            codes = h.legal_codes()
            code = PASS if PASS in codes else codes[0]
        assert code is not None
        h.step(code)
    if h.over or h.bidder != bidder or (trump != NO_TRUMP and h.trump != trump):
        return None
    if name in OPENED_BY_RULES and not _open_by_rules(h, seed, OPENED_BY_RULES[name]):
        return None
    try:
        pos = Position.from_hand(h)
    except SolverError:                                     # pragma: no cover
        return None
    guess = SCALE * (pos.banked + pos.points_left() // 2)
    if choose_engine(engine) == "compiled" and fast.unsupported(pos) is None:
        value, nodes, _ = fast.kernel_root_value(pos, guess)
    else:
        searcher = Searcher(pos)
        value = SCALE * pos.banked + searcher.mtdf(guess - SCALE * pos.banked)
        nodes = searcher.nodes
    points = value // SCALE if value % SCALE == 0 else value
    return Example(name, seed, dealer, bidder, trump, h.deal, points, _pair_of(h), nodes)


def _open_by_rules(h: Hand, seed: int, cards_left: int) -> bool:
    """Let ``rules`` players play ``h`` on until its hands hold at most ``cards_left`` cards
    (:data:`OPENED_BY_RULES`); ``False`` if the hand ended on the way."""
    from twentyeight.bots.pimc import play_out  # the bots import this module
    from twentyeight.bots.rules_bot import RulesBot

    play_out(h, lambda _: None, RulesBot(seed),
             until=lambda h: sum(c.bit_count() for c in h.hands) <= cards_left)
    return not h.over
