"""The card play of the ``rules`` player: the well-known heuristics, with card counting.

* Lead a master card with points; otherwise lead low from a suit where nobody can ruff us
  and where no honour of ours is left unguarded.  The bidder keeps the hidden trump back.
* Throw points to a partner whose card nobody still to play can beat.
* Win cheaply: the lowest card that wins and cannot be beaten by anyone still to play;
  ruff an opponent's trick when it holds points; otherwise throw the least valuable card.
* Ask for the trump (or reveal the indicator) only when the trick is worth taking.
"""

from __future__ import annotations

from twentyeight.bots.reading import Reading

ASK_POINTS = 1
"""Card points a trick must hold before a void non-bidder asks for the trump."""
REVEAL_POINTS = 3
"""Card points a trick must hold before the bidder gives up the concealed trump for it."""


class Play:
    """One decision of the play, read from a view."""

    def __init__(self, r: Reading, cards: list[str]) -> None:
        self.r = r
        self.cards = cards
        self.me = r.team_of(r.seat)
        self.voids = r.voids()
        self.after = r.seats_after()
        self.opponents_after = [s for s in self.after if r.team_of(s) != self.me]
        bidder = r.view["bidder"]
        self.hidden_bidder = (bidder == r.seat and r.trump is not None and not r.exposed)

    # ---- helpers -----------------------------------------------------------------------
    def is_trump(self, card: str) -> bool:
        r = self.r
        return r.exposed and r.trump is not None and r.suit(card) == r.trump

    def value(self, card: str) -> tuple[int, int, int]:
        """How much a card is worth keeping: points, then trumps, then power."""
        return (self.r.points(card), int(self.is_trump(card)), self.r.power(card))

    def can_be_ruffed(self, suit: int, seats: list[int]) -> bool:
        """Whether one of ``seats`` (opponents) has shown a void in ``suit`` and may trump."""
        r = self.r
        if r.trump is not None and suit == r.trump:
            return False
        if r.exposed and r.trump is not None and r.outstanding(r.trump) == 0:
            return False
        return any(suit in self.voids.get(s, set()) for s in seats)

    def safe(self, card: str, trump: bool) -> bool:
        """Whether no opponent still to play can beat ``card`` (winning the trick now)."""
        r = self.r
        if not self.opponents_after:
            return True
        if r.outstanding(r.suit(card), r.power(card)) > 0:
            return False
        return trump or not self.can_be_ruffed(r.suit(self.r.trick[0][1]), self.opponents_after)

    # ---- decisions ---------------------------------------------------------------------
    def lead(self) -> str:
        r = self.r
        opponents = [s for s in range(r.n) if r.team_of(s) != self.me]
        candidates = [c for c in self.cards
                      if not (self.hidden_bidder and r.suit(c) == r.trump)] or self.cards
        masters = [c for c in candidates if r.outstanding(r.suit(c), r.power(c)) == 0
                   and r.points(c) > 0 and not self.can_be_ruffed(r.suit(c), opponents)]
        if masters:
            trumps = [c for c in masters if self.is_trump(c)]
            if trumps and r.trump is not None and r.outstanding(r.trump) > 0:
                return max(trumps, key=r.power)          # draw the opponents' trumps
            side = [c for c in masters if not self.is_trump(c)] or masters
            return max(side, key=lambda c: (r.points(c), r.power(c)))

        def cost(card: str) -> tuple[int, int, int, int]:
            suit = r.suit(card)
            mine = [c for c in self.cards if r.suit(c) == suit]
            unguarded = int(any(r.points(c) > 0 and r.outstanding(suit, r.power(c)) > 0
                                for c in mine) and len(mine) <= 2)
            ruffed = int(self.can_be_ruffed(suit, opponents))
            return (r.points(card), ruffed + int(self.is_trump(card)), unguarded,
                    r.power(card) - 2 * len(mine))

        return min(candidates, key=cost)

    def follow(self) -> str:
        r = self.r
        win = r.winning()
        assert win is not None
        win_i = next(i for i, (s, c) in enumerate(r.trick) if (s, c) == win)
        win_trump = r.counts_as_trump(win_i, win[1])
        partner = r.team_of(win[0]) == self.me
        if partner and self.safe(win[1], win_trump):
            return self.throw_points()
        winners = [c for c in self.cards if self.beats(c, win[1], win_trump)]
        safe = [c for c in winners if self.safe(c, self.is_trump(c))]
        points = r.trick_points()
        if safe and (not partner or points > 0):
            if all(self.is_trump(c) for c in safe) and points == 0 and not partner \
                    and len(self.cards) > 2 and any(not self.is_trump(c) for c in self.cards) \
                    and r.points(min(safe, key=r.power)) > 0:
                return self.discard()                    # not worth a point trump
            return min(safe, key=lambda c: (self.is_trump(c), r.power(c), r.points(c)))
        if winners and not partner and points >= 2:
            return min(winners, key=lambda c: (r.points(c), r.power(c)))
        return self.discard()

    def beats(self, card: str, best: str, best_trump: bool) -> bool:
        r = self.r
        if self.is_trump(card):
            return not best_trump or r.power(card) > r.power(best)
        if best_trump or r.suit(card) != r.suit(best):
            return False
        return r.power(card) > r.power(best)

    def throw_points(self) -> str:
        """The partner wins the trick: add the most points we can spare."""
        r = self.r
        spare = [c for c in self.cards if not self.is_trump(c)] or self.cards
        return max(spare, key=lambda c: (r.points(c), -r.power(c)))

    def discard(self) -> str:
        """The card we miss least: no points, no trump, from a short suit, low."""
        r = self.r

        def keep(card: str) -> tuple[int, int, int, int]:
            length = sum(1 for c in self.cards if r.suit(c) == r.suit(card))
            return (r.points(card), int(self.is_trump(card)), -int(length == 1) - length,
                    r.power(card))

        return min(self.cards, key=keep)


def ask_pays(r: Reading) -> bool:
    """A void non-bidder asks for the trump when an opponent wins a trick worth taking."""
    win = r.winning()
    if win is None:
        return False
    me = r.team_of(r.seat)
    return r.team_of(win[0]) != me and r.trick_points() >= ASK_POINTS


def reveal_pays(r: Reading) -> bool:
    """The bidder exposes his indicator to take a trick rich enough to give up the secret,
    or when his hand is nearly played out."""
    win = r.winning()
    if win is None:
        return False
    if r.team_of(win[0]) == r.team_of(r.seat):
        return False
    indicator = r.view.get("indicator")
    gain = r.trick_points() + (r.points(indicator) if indicator else 0)
    return gain >= REVEAL_POINTS or len(r.hand) <= 2
