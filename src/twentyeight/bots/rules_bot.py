"""``rules``: a solid heuristic player (the well-known heuristics and card counting, no search).

It bids from the points its side can expect (jacks and guarded nines, the length and honours
of its best trump suit, a partner's bid), trumps the longest suit with jacks and keeps its
lowest card of it as the indicator, and plays by the rules of thumb of :mod:`rules_play`.
Every decision is a few dozen microseconds.
"""

from __future__ import annotations

from twentyeight.bots.base import Bot, View, history_actions, register
from twentyeight.bots.reading import Reading, high_bidder
from twentyeight.bots.rules_play import Play, ask_pays, reveal_pays
from twentyeight.cards import SUITS
from twentyeight.engine.actions import Action, bid_parts

MARGIN = {"flat": -1.5, "pagat_tiered": 0.5, "fifty_six": 10.0}
"""Card points of safety between the expected points and the highest bid made, by scoring
scale: a failure costs as much as a success gains under ``flat``, twice as much in pagat's
lowest tier, and far more in 56 (whose points are counted on a 56-point deck).  Tuned in the
arena against ``rules-v1``."""
DOUBLE_MARGIN = 4.0
"""How far the expected points must clear a contract before doubling or redoubling it."""
GOOD_VERBS = ("pair", "show")
"""Windows always worth taking: showing a pair, laying down a certain hand."""


@register("rules")
class RulesBot(Bot):
    """A quick heuristic player: well under a millisecond a decision."""

    margin = MARGIN

    def decide(self, view: View, legal: list[Action]) -> Action:
        verbs = {a.verb: a for a in legal}
        r = Reading.of(view)
        for verb in GOOD_VERBS:
            if verb in verbs:
                return verbs[verb]
        if "redeal" in verbs:                            # a hand without points
            return verbs["redeal"]
        if "play" in verbs or "ask" in verbs or "reveal" in verbs:
            choice = self._play(r, legal, verbs)
        elif view["phase"] == "auction":
            choice = self._bid(r, legal, verbs)
        elif view["phase"] == "trump":
            choice = self._trump(r, legal)
        else:
            choice = self._window(r, legal, verbs)
        return choice if choice in legal else legal[0]

    # ---- hand strength -----------------------------------------------------------------
    def expected(self, r: Reading, trump: int | None = None) -> float:
        """The card points this side can expect with ``trump`` (default: our best suit)."""
        if trump is None:
            return max(self.expected(r, s) for s in range(4)) if r.hand else 0.0
        rules = r.rules
        deck = rules.deck
        total = deck.points_total
        scale = total / 28
        indicator = r.view["indicator"]
        hand = r.hand + ([indicator] if indicator else [])
        seen = max(1, len(hand))
        per_card = total / deck.size                     # card points of an average card
        value = 0.0
        for suit in range(4):
            cards = sorted((c for c in hand if r.suit(c) == suit), key=r.power, reverse=True)
            tops = _tops(r, suit, cards)
            for i, c in enumerate(cards):
                pts = r.points(c)
                if suit == trump:
                    value += pts + 2.0 * scale           # a trump takes a trick
                elif i < tops:
                    value += pts + 1.0 * scale           # a master takes a trick
                else:
                    value += pts * (0.5 if len(cards) > 1 else 0.3)
        length = sum(1 for c in hand if r.suit(c) == trump)
        value += max(0, length - seen / 4) * 1.5 * scale
        # my unseen cards, then the partners' fair share of what is left
        each = rules.cards_each
        unseen_mine = max(0, each - seen) * per_card
        mine = value + unseen_mine
        partners = max(1, len(r.view["teams"][r.team_of(r.seat)])) - 1
        others = rules.num_players - 1 - len(r.view.get("sitting_out", []))
        share = partners * (total - mine) / max(1, others)
        return mine * 0.85 + share + self._partner_bonus(r) * scale

    def _partner_bonus(self, r: Reading) -> float:
        """A partner who bid freely above the minimum is worth a few more points."""
        me = r.team_of(r.seat)
        best = 0
        for i, action in enumerate(history_actions(r.view)):
            if action.verb == "bid" and action.arg and action.seat != r.seat \
                    and r.team_of(action.seat) == me and i > 0:
                best = max(best, bid_parts(action.arg)[0] - r.rules.min_bid)
        return min(3.0, 0.5 * best)

    # ---- auction -----------------------------------------------------------------------
    def _bid(self, r: Reading, legal: list[Action], verbs: dict[str, Action]) -> Action:
        offered = [a.arg for a in legal if a.verb == "bid" and a.arg]
        bids = sorted({bid_parts(arg)[0] for arg in offered})
        named = any(not arg[-1].isdigit() for arg in offered)
        suffix = self._denomination(r) if named else ""
        if not bids:
            return verbs.get("pass", legal[0])
        lowest = Action(r.seat, "bid", f"{bids[0]}{suffix}")
        if "pass" not in verbs:                          # a forced bid
            return lowest
        high = r.view["high_bid"]
        holder = high_bidder(r.view)
        partner_high = holder is not None and holder != r.seat and \
            r.team_of(holder) == r.team_of(r.seat)
        margin = self.margin.get(r.rules.scoring, 1.0)
        limit = self.expected(r) - margin - (2.0 if partner_high else 0.0)
        if high is not None and bids[0] == high:         # matching a challenge (bhoos duel)
            limit += margin
        if bids[0] <= limit:
            return lowest
        return verbs["pass"]

    def _best_suit(self, r: Reading) -> int:
        """The trump suit: most cards, then jacks and points, then power."""
        def weight(suit: int) -> tuple[int, int, int]:
            cards = [c for c in r.hand if r.suit(c) == suit]
            return (2 * len(cards) + sum(1 for c in cards if c[0] == "J"),
                    sum(r.points(c) for c in cards), max((r.power(c) for c in cards), default=-1))

        return max(range(4), key=weight)

    def _denomination(self, r: Reading) -> str:
        """The suit to name with a bid, or NT with no three-card suit."""
        suit = self._best_suit(r)
        return SUITS[suit] if sum(1 for c in r.hand if r.suit(c) == suit) >= 3 else "NT"

    def _trump(self, r: Reading, legal: list[Action]) -> Action:
        suit = self._best_suit(r)
        named = r.view["denomination"]
        if named and named in SUITS:
            suit = SUITS.index(named)
        cards = sorted((c for c in r.hand if r.suit(c) == suit), key=r.power)
        for arg in [*cards[:1], SUITS[suit]]:
            option = Action(r.seat, "trump", arg)
            if option in legal:
                return option
        options = [a for a in legal if a.arg not in ("seventh", "reverse")]
        if options:                                      # the lowest card of another suit
            return min(options, key=lambda a: _trump_cost(r, a.arg or ""))
        return legal[0]

    # ---- windows: double, redouble, raise, declarations, concessions -------------------
    def _window(self, r: Reading, legal: list[Action], verbs: dict[str, Action]) -> Action:
        contract = r.view["contract"] or r.view["high_bid"] or 0
        bidder = r.view["bidder"]
        ours = bidder is not None and r.team_of(bidder) == r.team_of(r.seat)
        expect = self.expected(r, r.trump) if ours and r.trump is not None else self.expected(r)
        total = r.rules.deck.points_total
        if "double" in verbs and not ours and expect - DOUBLE_MARGIN >= total - contract + 1:
            return verbs["double"]
        if "redouble" in verbs and ours and expect - DOUBLE_MARGIN >= contract:
            return verbs["redouble"]
        if "accept" in verbs:
            return verbs["accept"]
        return verbs.get("pass") or verbs.get("refuse") or legal[0]

    # ---- play --------------------------------------------------------------------------
    def _play(self, r: Reading, legal: list[Action], verbs: dict[str, Action]) -> Action:
        cards = [a.arg for a in legal if a.verb == "play" and a.arg]
        if "ask" in verbs and (not cards or ask_pays(r)):
            return verbs["ask"]
        if "reveal" in verbs and (not cards or reveal_pays(r)):
            return verbs["reveal"]
        if not cards:
            return legal[0]
        play = Play(r, cards)
        return Action(r.seat, "play", play.follow() if r.trick else play.lead())


def _tops(r: Reading, suit: int, cards: list[str]) -> int:
    """How many of ``cards`` (strongest first) are masters: no card outside beats them."""
    count = 0
    for c in cards:
        if r.outstanding(suit, r.power(c)) > 0:
            break
        count += 1
    return count


def _trump_cost(r: Reading, arg: str) -> tuple[int, int]:
    """Cheapest indicator first (a card of few points and low rank); a bare suit last."""
    return (r.points(arg), r.power(arg)) if len(arg) > 1 else (99, 99)
