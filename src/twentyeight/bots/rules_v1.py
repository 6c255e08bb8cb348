"""``rules-v1``: the first ``rules`` player, frozen so arena comparisons stay reproducible.

A simple rule-based player (the well-known heuristics, no search).

Bids from the strength of its first cards, trumps its longest suit with a low indicator,
wins tricks cheaply, throws points to a partner who is winning, asks for the trump when a
trick is worth taking, and otherwise discards its least valuable card.
"""

from __future__ import annotations

from twentyeight.bots.base import Bot, View, register
from twentyeight.bots.reading import Reading, high_bidder
from twentyeight.cards import SUITS
from twentyeight.engine.actions import Action, bid_parts


@register("rules-v1")
class RulesV1Bot(Bot):
    """The first heuristic player, kept unchanged so that arena comparisons are reproducible."""

    def decide(self, view: View, legal: list[Action]) -> Action:
        verbs = {a.verb: a for a in legal}
        r = Reading.of(view)
        if "play" in verbs or "ask" in verbs or "reveal" in verbs:
            choice = self._play(r, legal, verbs)
        elif view["phase"] == "auction":
            choice = self._bid(r, legal, verbs)
        elif view["phase"] == "trump":
            choice = self._trump(r, legal)
        elif "accept" in verbs:
            choice = verbs["accept"]
        else:
            choice = verbs.get("pass", legal[0])
        if "redeal" in verbs and view["phase"] != "auction":
            choice = verbs["redeal"]                     # a hand without points: take the redeal
        if "pair" in verbs:
            choice = verbs["pair"]
        return choice if choice in legal else legal[0]

    # ---- auction -----------------------------------------------------------------------
    def _strength(self, r: Reading) -> int:
        """The card points this side can hope for: this hand (extrapolated to the full deal,
        jacks and a long suit counted a little higher) plus each partner's fair share."""
        rules = r.rules
        each = rules.cards_each
        seen = max(1, len(r.hand))
        mine = sum(r.points(c) + (1 if c[0] == "J" else 0) for c in r.hand) * each / seen
        longest = max(sum(1 for c in r.hand if r.suit(c) == s) for s in range(4))
        mine += max(0, longest - seen / 4) * each / seen
        total = rules.deck.points_total
        partners = rules.num_players // rules.teams - 1
        return int(mine + partners * (total - mine) / (rules.num_players - 1))

    def _bid(self, r: Reading, legal: list[Action], verbs: dict[str, Action]) -> Action:
        offered = [a.arg for a in legal if a.verb == "bid" and a.arg]
        bids = sorted({bid_parts(arg)[0] for arg in offered})
        suffix = self._denomination(r) if any(not arg[-1].isdigit() for arg in offered) else ""
        if "redeal" in verbs:
            return verbs["redeal"]
        if "pass" not in verbs and bids:                 # forced opening
            return Action(r.seat, "bid", f"{bids[0]}{suffix}")
        high = high_bidder(r.view)
        partner_high = high is not None and r.team(high) == r.team(r.seat)
        estimate = self._strength(r)
        if bids and bids[0] <= estimate and not partner_high:
            return Action(r.seat, "bid", f"{bids[0]}{suffix}")
        return verbs.get("pass", legal[0])

    def _denomination(self, r: Reading) -> str:
        """The suit with most cards (points break ties), or NT with no four-card suit."""
        counts = [(sum(1 for c in r.hand if r.suit(c) == s),
                   sum(r.points(c) for c in r.hand if r.suit(c) == s), s) for s in range(4)]
        best = max(counts)
        return "NT" if best[0] < 3 else SUITS[best[2]]

    def _trump(self, r: Reading, legal: list[Action]) -> Action:
        def weight(suit: int) -> int:
            cards = [c for c in r.hand if r.suit(c) == suit]
            return 10 * len(cards) + sum(r.points(c) for c in cards)

        suit = max(range(4), key=weight)
        cards = sorted((c for c in r.hand if r.suit(c) == suit), key=r.power)
        for arg in [*cards[:1], SUITS[suit]]:
            option = Action(r.seat, "trump", arg)
            if option in legal:
                return option
        return legal[0]

    # ---- play --------------------------------------------------------------------------
    def _play(self, r: Reading, legal: list[Action], verbs: dict[str, Action]) -> Action:
        cards = [a.arg for a in legal if a.verb == "play" and a.arg]
        if not cards:
            return verbs.get("ask") or verbs.get("reveal") or legal[0]

        def play(card: str) -> Action:
            return Action(r.seat, "play", card)

        if not r.trick:
            return play(self._lead(r, cards))
        win = r.winning()
        assert win is not None
        partner_winning = r.team(win[0]) == r.team(r.seat)
        led = r.suit(r.trick[0][1])
        winners = [c for c in cards if self._beats(r, c, win[1], len(r.trick))]
        if partner_winning and (r.last_to_play() or r.is_master(win[1])):
            return play(max(cards, key=lambda c: (r.points(c), -r.power(c))))
        ask = verbs.get("ask") or verbs.get("reveal")
        if ask and not partner_winning and r.trick_points() >= 2 and \
                not any(r.suit(c) == led for c in cards):
            return ask
        if winners and not partner_winning:
            return play(min(winners, key=lambda c: (r.points(c), r.power(c))))
        return play(min(cards, key=lambda c: (r.points(c), r.power(c))))

    def _lead(self, r: Reading, cards: list[str]) -> str:
        masters = [c for c in cards if r.is_master(c) and r.points(c) > 0
                   and (r.trump is None or r.suit(c) != r.trump or r.exposed)]
        if masters:
            return max(masters, key=r.points)
        by_suit: dict[int, list[str]] = {}
        for c in cards:
            by_suit.setdefault(r.suit(c), []).append(c)
        longest = max(by_suit.values(), key=len)
        return min(longest, key=lambda c: (r.points(c), r.power(c)))

    def _beats(self, r: Reading, card: str, best: str, index: int) -> bool:
        mine_trump = r.exposed and r.trump is not None and r.suit(card) == r.trump
        best_i = next(i for i, (_, c) in enumerate(r.trick) if c == best)
        best_trump = r.counts_as_trump(best_i, best)
        if mine_trump and not best_trump:
            return True
        if r.suit(card) != r.suit(best):
            return False
        return r.power(card) > r.power(best)
