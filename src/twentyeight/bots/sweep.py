"""Whether a player or a side wins every trick still to come, all cards known.

The declarations that undertake to win every trick — single hand (28-SH-1…4), Thani
(28-TH-1…3) and Cot (28-COT-1…4) — are scored by a sweep, not by card points, and the
card-point solver (:mod:`twentyeight.solver`) refuses them.  This module answers the one
question they ask, "does the sweep still hold with best play?", by an AND/OR search on the
engine's own :class:`~twentyeight.engine.hand.Hand` (so every rule of the play is followed
exactly: the hidden trump, asking for it, the partner sitting out of a single hand):

* the outcome is one of three, worst first for the sweeping side: a trick lost (the first
  trick won by a seat outside ``winners`` ends the line), the hand annulled (scored 0), every
  trick won; the sweeping side plays for the best, the others for the worst;
* cards that cannot make a difference are tried once: a run of a player's cards that no
  card elsewhere separates, and an opponent's cards of suits the sweeping side no longer
  holds (they can never win a trick it leads);
* positions at the start of a trick are remembered (the same cards left, the same seat to
  lead), so that the orders in which the same tricks can be played are searched once;
* a node is one action applied; a search stops with
  :class:`~twentyeight.bots.pimc.NodeLimit` after ``limit`` of them.

A sweep is a narrow goal: a line fails at the first trick lost, so a hand that cannot sweep
is refuted in a few dozen nodes and one that can in a few hundred to a few thousand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from twentyeight.bots.pimc import NodeLimit
from twentyeight.bots.sampling import World
from twentyeight.cards import cards_of
from twentyeight.engine.actions import ASK, CONCEDE, PAIR, PLAY_LIMIT, REDEAL, REVEAL
from twentyeight.engine.hand import Hand
from twentyeight.engine.state import ANNULLED

__all__ = ["ANNULLED_HAND", "FAILED", "SWEPT", "Shares", "seats_of_team", "sweep_counts",
           "sweep_share", "sweeps"]

SKIPPED = frozenset({REDEAL, PAIR, CONCEDE})
"""Actions the search does not try: a redeal claim or a concession ends the sweep question
rather than playing it, and a pair moves only the target, which a sweep does not read."""


def seats_of_team(h: Hand, seat: int) -> int:
    """The seats of ``seat``'s team, as a bit mask."""
    team = h.t.team_of[seat]
    return sum(1 << s for s in range(h.n) if h.t.team_of[s] == team)


FAILED, ANNULLED_HAND, SWEPT = 0, 1, 2
"""The outcomes of a search, worst first for the sweeping side: a trick lost, the hand
annulled (28-ANN: the other side may force it, e.g. by calling for a trump that only the
sweeping side holds), every trick won."""


def sweeps(h: Hand, winners: int, limit: int) -> int:
    """The outcome (:data:`SWEPT`, :data:`ANNULLED_HAND` or :data:`FAILED`) when the seats in
    the bit mask ``winners`` must win every trick from ``h`` on (the one being played
    included), their side playing for it and the others against it (raises
    :class:`~twentyeight.bots.pimc.NodeLimit` after ``limit`` actions)."""
    return _Search(winners, limit).run(h)


class _Search:
    def __init__(self, winners: int, limit: int) -> None:
        self.winners = winners
        self.left = limit
        self.seen: dict[tuple[object, ...], int] = {}

    def run(self, h: Hand) -> int:
        return self._node(h, 0 if h.over else len(h.tricks))

    def _node(self, h: Hand, start: int) -> int:
        if not all(self.winners >> trick[3] & 1 for trick in h.tricks[start:]):
            return FAILED
        if h.over:
            return ANNULLED_HAND if h.status == ANNULLED else SWEPT
        key: tuple[object, ...] | None = None
        if not h.trick_cards:
            key = (tuple(h.hands), h.indicator, h.to_act, h.revealed, h.restricted,
                   h.must_trump, h.led_mask, h.trump_played)
            known = self.seen.get(key)
            if known is not None:
                return known
        seat = h.to_act
        assert seat is not None
        ours = _on_sweeping_side(h, seat, self.winners)
        best = SWEPT if ours else FAILED          # the outcome that ends the search here
        result = FAILED if ours else SWEPT
        for code in self._ordered(h, ours):
            self.left -= 1
            if self.left < 0:
                raise NodeLimit
            child = h.copy()
            child.step(code)
            value = self._node(child, len(h.tricks))
            result = max(result, value) if ours else min(result, value)
            if result == best:
                break
        if key is not None:
            self.seen[key] = result
        return result

    def run_from(self, h: Hand, start: int) -> int:
        """The outcome from ``h``, checking the tricks from index ``start`` on."""
        return self._node(h, start)

    def _ordered(self, h: Hand, ours: bool) -> list[int]:
        """The actions to try, likeliest first.  The sweeping side: its highest cards (the
        Thani bidder's partner its lowest, so as not to win the trick itself).  The others:
        the cards that may win the trick now (of the suit led, the highest first; a call for
        the trump; trumps), then the rest lowest first, keeping their winners for later."""
        power = h.t.deck.power
        suit_of = h.t.deck.suit_of
        codes = [c for c in h.legal_codes() if c not in SKIPPED]
        cards = sorted(_distinct(h, [c for c in codes if c < PLAY_LIMIT]), key=lambda c: -power[c])
        verbs = [c for c in codes if c >= PLAY_LIMIT]
        led = suit_of[h.trick_cards[0]] if h.trick_cards else -1
        if ours:
            if not self.winners >> (h.to_act or 0) & 1:
                cards.reverse()
            return _live(h, cards, self.winners, led) + verbs
        now = [c for c in cards if suit_of[c] == led or (led >= 0 and suit_of[c] == h.trump)]
        later = _live(h, [c for c in reversed(cards) if c not in now], self.winners, led)
        calls = [c for c in verbs if c in (ASK, REVEAL)]
        return [c for c in now if suit_of[c] == led] + calls + \
            [c for c in now if suit_of[c] != led] + later + [c for c in verbs if c not in calls]


def _live(h: Hand, cards: list[int], winners: int, led: int) -> list[int]:
    """``cards`` with the dead ones kept once: while the seats in ``winners`` lead every
    trick (they must win them all), a card of a suit they no longer hold (nor the trick's
    led suit, nor the trump) can never win a trick, so which of them is thrown does not
    matter."""
    held = 0
    for s in range(h.n):
        if winners >> s & 1:
            held |= h.full_hand(s)
    deck = h.t.deck
    out: list[int] = []
    dead = False
    for c in cards:
        suit = deck.suit_of[c]
        if suit not in (led, h.trump) and not held & deck.suit_masks[suit]:
            if dead:
                continue
            dead = True
        out.append(c)
    return out


def _distinct(h: Hand, cards: list[int]) -> list[int]:
    """One card of each run of ``cards`` that no card still in play elsewhere separates:
    which of them is played cannot change who wins a trick now or later, and a sweep does
    not count card points."""
    deck = h.t.deck
    cards = sorted(cards, key=deck.sort_key)
    seat = h.to_act
    assert seat is not None
    elsewhere = 0
    for s in range(h.n):
        if s != seat and not h.out_mask >> s & 1:      # a single hand's partner is out
            elsewhere |= h.full_hand(s)
    for c in h.trick_cards:
        elsewhere |= 1 << c
    out: list[int] = []
    for c in cards:
        if out:
            prev = out[-1]
            suit = deck.suit_of[c]
            if deck.suit_of[prev] == suit and not any(     # a twin or an equal ties: counts
                    deck.power[c] <= deck.power[o] <= deck.power[prev]
                    for o in cards_of(elsewhere & deck.suit_masks[suit])):
                continue
        out.append(c)
    return out


def _on_sweeping_side(h: Hand, seat: int, winners: int) -> bool:
    """Whether ``seat`` plays for the sweep: one of ``winners`` or their partner (the Thani
    bidder's partner plays for him, 28-TH-4, but a trick it wins breaks the sweep)."""
    return any(winners >> s & 1 and h.t.team_of[s] == h.t.team_of[seat] for s in range(h.n))


@dataclass(frozen=True)
class Shares:
    """The weighted shares of the solved deals by outcome, and how many were solved."""

    swept: float
    annulled: float
    solved: int


def sweep_share(worlds: Sequence[World], start: Callable[[Hand], Hand | None],
                winners: Callable[[Hand], int], nodes: int) -> Shares | None:
    """How often the sweep holds in ``worlds`` (and how often the hand is annulled instead).

    ``start`` turns a world's hand into the position to search (a copy with the declaration
    applied; ``None`` to skip the world), ``winners`` gives the seats that must win each
    trick; ``nodes`` are shared evenly by the worlds, and a world that needs more than its
    share is skipped.  ``None`` if fewer than half the worlds were solved."""
    cap = max(1, nodes // max(1, len(worlds)))
    swept = annulled = weight = 0.0
    solved = 0
    for w in worlds:
        h = start(w.hand)
        if h is None:
            continue
        try:
            outcome = sweeps(h, winners(h), cap)
        except NodeLimit:
            continue
        solved += 1
        weight += w.weight
        swept += w.weight * (outcome == SWEPT)
        annulled += w.weight * (outcome == ANNULLED_HAND)
    if solved < max(1, len(worlds) // 2) or weight <= 0:
        return None
    return Shares(swept / weight, annulled / weight, solved)


def sweep_counts(worlds: Sequence[World], winners: int, nodes: int
                 ) -> dict[int, float] | None:
    """For each action of the player to act (codes), its
    weighted mean outcome over ``worlds`` (1 swept, ½ annulled, 0 failed: the play of a
    single hand or a Thani, which the card-point solver refuses).  ``None`` if fewer than
    half the worlds were solved within ``nodes``."""
    cap = max(1, nodes // max(1, len(worlds)))
    totals: dict[int, float] = {}
    weight = 0.0
    solved = 0
    for w in worlds:
        h = w.hand
        if h.over or h.to_act is None:
            continue
        search = _Search(winners, cap)
        row: dict[int, float] = {}
        try:
            for code in h.legal_codes():
                if code in SKIPPED:
                    continue
                child = h.copy()
                child.step(code)
                row[code] = search.run_from(child, len(h.tricks)) / SWEPT
        except NodeLimit:
            continue
        solved += 1
        weight += w.weight
        for code, v in row.items():
            totals[code] = totals.get(code, 0.0) + w.weight * v
    if solved < max(1, len(worlds) // 2) or weight <= 0 or not totals:
        return None
    return {code: v / weight for code, v in totals.items()}
