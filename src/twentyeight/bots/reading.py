"""Reading a view the way a player does: cards seen, the trick so far, who is winning it.

Bots use these helpers so that none of them needs the engine state.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from twentyeight.cards import SUITS, Deck
from twentyeight.engine.actions import parse_action
from twentyeight.engine.play import winning_index
from twentyeight.rules import Rules
from twentyeight.views import View


@cache
def _rules_of(spec_json: str) -> Rules:
    import json

    return Rules.from_spec(json.loads(spec_json))


def rules_of(view: View) -> Rules:
    """The rules a view was played under."""
    import json

    return _rules_of(json.dumps(view["rules"], sort_keys=True))


def cot_refused(view: View) -> bool:
    """Whether the bidding side refused a Cot concession this hand (28-COT-4: from then on
    it scores only by winning every trick)."""
    return any(parse_action(entry).verb == "refuse" for entry in view["history"])


def high_bidder(view: View) -> int | None:
    """The seat of the last bid in the view's public history (``None`` before any bid)."""
    for entry in reversed(view["history"]):
        action = parse_action(entry)
        if action.verb == "bid":
            return action.seat
    return None


@dataclass
class Reading:
    """What a seat can work out from its view."""

    view: View
    rules: Rules
    deck: Deck
    seat: int
    n: int
    hand: list[str]
    trump: int | None          # the trump suit if this seat knows it
    exposed: bool
    played: set[str]           # every card played so far, this trick included
    trick: list[tuple[int, str]]
    exposed_from: int | None
    """Index in the trick from which trump-suit cards count as trumps (28-REV-5, C-07,
    A-56-02), or ``None`` while the trump is hidden from this seat or not exposed."""

    @classmethod
    def of(cls, view: View) -> Reading:
        rules = rules_of(view)
        deck = rules.deck
        trump = view["trump"]
        current = view["trick"]
        trick = list(zip(current["seats"], current["cards"], strict=True)) if current else []
        played = {c for t in view["tricks"] for c in t["cards"]} | {c for _, c in trick}
        suit = SUITS.index(trump) if trump is not None and trump in SUITS else None
        exposed_from = None
        if view["trump_exposed"] and current and current["exposed_before_card"] is not None:
            effect = rules.trump_effect_in_reveal_trick
            led = SUITS.index(current["cards"][0][1]) if current["cards"] else None
            exposed_from = 0 if effect == "whole_trick" or (
                effect == "c56_hybrid" and led is not None and led == suit) \
                else current["exposed_before_card"]
        return cls(view, rules, deck, view["seat"], rules.num_players, list(view["hand"]),
                   suit, view["trump_exposed"], played, trick, exposed_from)

    # ---- cards -------------------------------------------------------------------------
    def suit(self, card: str) -> int:
        return SUITS.index(card[1])

    def power(self, card: str) -> int:
        return self.deck.power[self.deck.copies_of(card)[0]]

    def points(self, card: str) -> int:
        return self.deck.points[self.deck.copies_of(card)[0]]

    def team(self, seat: int) -> int:
        return seat % self.rules.teams

    def is_master(self, card: str) -> bool:
        """No unplayed card of the suit outside this hand beats ``card``."""
        suit = self.suit(card)
        mine = set(self.hand)
        for c in range(self.deck.size):
            name = self.deck.names[c]
            if self.deck.suit_of[c] == suit and self.deck.power[c] > self.power(card) \
                    and name not in self.played and name not in mine:
                return False
        return True

    # ---- the trick ---------------------------------------------------------------------
    def counts_as_trump(self, index: int, card: str) -> bool:
        return (self.exposed and self.trump is not None and self.suit(card) == self.trump
                and self.exposed_from is not None and index >= self.exposed_from)

    def winning(self) -> tuple[int, str] | None:
        """(seat, card) currently winning the trick, as far as this seat can tell (the
        engine's own rule, :func:`twentyeight.engine.play.winning_index`)."""
        if not self.trick:
            return None
        deck = self.deck
        cards = [deck.copies_of(c)[0] for _, c in self.trick]
        trump, start = self.trump, self.exposed_from
        if not self.exposed or trump is None or start is None:
            trump, start = -1, -1                      # no card counts as a trump
        i = winning_index(cards, deck.suit_of, deck.power, trump, start)
        return self.trick[i]

    def trick_points(self) -> int:
        return sum(self.points(c) for _, c in self.trick)

    def last_to_play(self) -> bool:
        return len(self.trick) == self.n - 1 - len(self.view.get("sitting_out", []))

    # ---- card counting (added for the second ``rules`` player) -------------------------
    def own(self) -> set[str]:
        """This seat's cards, with its face-down indicator (only the bidder sees it)."""
        indicator = self.view.get("indicator")
        return set(self.hand) | ({indicator} if indicator else set())

    def played_copies(self) -> Counter[str]:
        """How many copies of each card have been played, this trick included (56's double
        pack has two of each; :attr:`played` keeps only the names)."""
        return Counter(c for t in self.view["tricks"] for c in t["cards"]) + \
            Counter(c for _, c in self.trick)

    def own_copies(self) -> Counter[str]:
        """:meth:`own` counted by copies."""
        indicator = self.view.get("indicator")
        return Counter(self.hand) + Counter([indicator] if indicator else [])

    def outstanding(self, suit: int, above: int = -1) -> int:
        """How many unplayed cards of ``suit`` stronger than power ``above`` other seats may
        still hold (a played or owned name counts for every copy of it)."""
        known = self.played | self.own()
        deck = self.deck
        return sum(1 for c in range(deck.size) if deck.suit_of[c] == suit
                   and deck.power[c] > above and deck.names[c] not in known)

    def voids(self) -> dict[int, set[int]]:
        """The suits each seat has shown it lacks, by failing to follow them."""
        out: dict[int, set[int]] = {}
        tricks = [list(zip(t["seats"], t["cards"], strict=True)) for t in self.view["tricks"]]
        for plays in [*tricks, self.trick]:
            if not plays:
                continue
            led = self.suit(plays[0][1])
            for seat, card in plays[1:]:
                if self.suit(card) != led:
                    out.setdefault(seat, set()).add(led)
        return out

    def team_of(self, seat: int) -> int:
        """The index of ``seat``'s side in the view's ``teams``."""
        for i, seats in enumerate(self.view["teams"]):
            if seat in seats:
                return i
        return self.team(seat)

    def seats_after(self) -> list[int]:
        """The seats still to play to the current trick after this one, in order."""
        out_seats = set(self.view.get("sitting_out", []))
        active = self.n - len(out_seats)
        left = active - len(self.trick) - 1
        seats: list[int] = []
        s = self.seat
        while len(seats) < left:
            s = (s + 1) % self.n
            if s not in out_seats:
                seats.append(s)
        return seats
