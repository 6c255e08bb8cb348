"""A game of many hands (RULES.md §2.19; RULES-56.md §1.11): :class:`Match`.

The deal passes to the next seat after a scored hand and stays with the same dealer after an
annulled one (28-DEAL-6; ``redeal_dealer``).  What the scores are depends on the match layer
(``match_scoring``):

* ``target``: game points; a side at ``+game_target`` wins, a side at ``-game_target`` loses
  (28-END-1; with three sides the better of the other two wins, a tie shared, 3P-8);
* ``tables``: each team starts with ``start_tables``; stakes move tables; a team that cannot
  pay, or is left with none, has lost (56-MATCH-1, A-56-04);
* ``score_sheet``: stakes add up over ``match_deals`` deals; the higher total wins, a tie
  plays six more deals and then one at a time (56-MATCH-2, [KC97]);
* ``coolie_kodi``: coolies move like tables; a team at 0 or less gives each of its players a
  kodi and both restart; no end (56-MATCH-3).

>>> m = Match.new("28", seed=5)
>>> m.scores, m.over
([0, 0], False)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from twentyeight.engine.actions import Action
from twentyeight.errors import IllegalAction, RecordError
from twentyeight.game import Game, game_from_seed
from twentyeight.record import read_hand_record, read_rules
from twentyeight.rules import Rules

_MIX = 0x9E3779B97F4A7C15


def hand_seed(match_seed: int, number: int) -> int:
    """The seed of hand ``number`` (0, 1, …) of a match dealt from ``match_seed``."""
    x = (match_seed * 0x100000001B3 + (number + 1) * _MIX) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 31
    x = (x * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    return (x ^ (x >> 29)) & 0x7FFFFFFFFFFFFFFF


@dataclass
class Booking:
    """What the match layer did with one finished hand: the score really moved, and under
    ``coolie_kodi`` the kodis given and taken off (56-MATCH-1, 56-MATCH-3, 56-TH-4).

    A hand's own result (``score_change``) is its stake; under ``tables`` a team pays no more
    than it holds, and under ``coolie_kodi`` a kodi puts both teams back to the base coolies,
    so what the match's scores did can differ from it: this says what they did.
    """

    change: list[int]
    """Each team's score change as booked: under ``tables`` what was really paid (the
    payer's tables at most), under ``coolie_kodi`` the coolies moved before any restart."""
    owed: int | None = None
    """``tables``: what the paying team owed, when it could pay only ``change`` (56-MATCH-1)."""
    out: int | None = None
    """``tables``: the team that lost the match by paying (it could not pay in full, or
    was left with no tables: 56-MATCH-1, A-56-04)."""
    kodi: int | None = None
    """``coolie_kodi``: the team each of whose players received a kodi in this hand (its
    coolies ran out, or its Thani failed or the other team's won); both restarted."""
    freed: list[int] = field(default_factory=list)
    """``coolie_kodi``: the seats that took a kodi off in this hand (56-MATCH-3)."""
    irakkam: int | None = None
    """``coolie_kodi``: the team whose kodi-irakkam hand this was (an annulled hand is
    nobody's: it does not use the kodi-irakkam hand up)."""
    kodis: list[int] | None = None
    """``coolie_kodi``: the kodis each seat holds after the hand (otherwise ``None``)."""

    def to_dict(self) -> dict[str, Any]:
        """The booking as JSON (``owed``, ``out``, ``kodi``, ``irakkam``, ``kodis`` may be
        ``null``)."""
        return {"change": list(self.change), "owed": self.owed, "out": self.out,
                "kodi": self.kodi, "freed": list(self.freed), "irakkam": self.irakkam,
                "kodis": None if self.kodis is None else list(self.kodis)}


MAX_DEALS_AT_ONCE = 1000
"""Deals in a row that may be over as they are dealt (each has a chance well under one in
two: more means a broken rule set, not bad luck)."""


class Match:
    """A game of many hands; :attr:`current` is the hand being played."""

    def __init__(self, rules: Rules, first_dealer: int, seed: int | None) -> None:
        self.rules = rules
        self.seed = seed
        self.first_dealer = first_dealer
        self.games: list[Game] = []
        teams = rules.teams
        mode = rules.match_scoring
        start = {"tables": rules.start_tables, "coolie_kodi": self.base_coolies}.get(mode, 0)
        self.scores: list[int] = [start] * teams
        """Game points, tables, sheet points or coolies of each team, by the match layer."""
        self.winners: list[int] = []
        """The winning team (two when a three-sided game ends in a shared win)."""
        self.kodis: list[int] = [0] * rules.num_players
        """Kodis held by each player (coolie_kodi)."""
        self.irakkam: int | None = None
        """The team whose next hand is its kodi-irakkam hand (56-MATCH-3)."""
        self.booked: list[Booking] = []
        """What the match layer did with each finished hand, by hand (:class:`Booking`;
        :meth:`booking` as JSON)."""
        self.deals = 0
        self.deals_target = rules.match_deals
        self.extra: dict[str, Any] = {}

    @property
    def base_coolies(self) -> int:
        """Coolies each team starts with: 6, or 7 for eight players (56-MATCH-3)."""
        if self.rules.start_coolies is not None:
            return self.rules.start_coolies
        return 7 if self.rules.num_players == 8 else 6

    @property
    def winner(self) -> int | None:
        """The winning team, or ``None`` (no winner yet, or a shared win: see ``winners``)."""
        return self.winners[0] if len(self.winners) == 1 else None

    @classmethod
    def new(cls, rules: str | Mapping[str, Any] | Rules = "28", seed: int | None = None,
            dealer: int | None = None) -> Match:
        """A new match; the first dealer is drawn from the seed unless given (28-DEAL-1)."""
        rules = Rules.from_spec(rules)
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        if dealer is None:
            dealer = random.Random(seed).randrange(rules.num_players)
        match = cls(rules, dealer, seed)
        match._deal(dealer)
        return match

    # ---- state -------------------------------------------------------------------------
    @property
    def current(self) -> Game:
        """The hand in play (or the last one, when the match is over)."""
        return self.games[-1]

    @property
    def over(self) -> bool:
        """Whether the match has been decided."""
        return bool(self.winners)

    @property
    def to_act(self) -> int | None:
        """The seat to decide in the current hand, or ``None`` when the match is over."""
        return None if self.over else self.current.to_act

    def next_dealer(self) -> int:
        """Who deals the next hand: the same dealer after an annulment (28-DEAL-6)."""
        last = self.current
        if last.hand.status == 2 and self.rules.redeal_dealer == "same":   # annulled
            return last.dealer
        return (last.dealer + 1) % self.rules.num_players

    def _deal(self, dealer: int) -> None:
        """Deal the next hand; one that is over as it is dealt (annulled for four jacks or
        eight cards of a suit, or shown as a single hand: 28-POST-2, 28-POST-4) is booked
        and the next one dealt at once — nobody has anything to decide in it."""
        assert self.seed is not None
        for _ in range(MAX_DEALS_AT_ONCE):
            number = len(self.games)
            self.games.append(game_from_seed(self.rules, hand_seed(self.seed, number), dealer,
                                             self.scores))
            if not self.current.over:
                return
            self._book()
            if self.over:
                return
            dealer = self.next_dealer()
        raise RuntimeError(f"{MAX_DEALS_AT_ONCE} deals in a row were over as dealt")

    # ---- acting ------------------------------------------------------------------------
    def apply(self, action: str | Action) -> Action:
        """Apply an action to the current hand; finished hands are scored and the next dealt."""
        if self.over:
            raise IllegalAction("the match is over", action=str(action))
        done = self.current.apply(action)
        if self.current.over:
            self._book()
            if not self.over and self.seed is not None:
                self._deal(self.next_dealer())
        return done

    def take_back(self) -> bool:
        """Undo the last action, if the match has not booked it: the current hand is replayed
        without it (its own actions only, whatever the match's length).  ``False``, and
        nothing changed, when the current hand has no action yet or is over (the last action
        ended a hand, which was scored: only replaying the match from its start undoes that)."""
        game = self.current
        if game.over or self.over:
            return False
        record = game.to_record()
        if not record["actions"]:
            return False
        record["actions"].pop()
        self.games[-1] = Game.from_record(record)
        return True

    def booking(self, hand: int) -> dict[str, Any] | None:
        """What the match layer did with finished hand ``hand`` (:class:`Booking` as JSON),
        or ``None`` for a hand not finished (or not dealt)."""
        return self.booked[hand].to_dict() if 0 <= hand < len(self.booked) else None

    def _book(self) -> None:
        """Score the finished current hand in the match (and say how in :attr:`booked`)."""
        booking = Booking([0] * self.rules.teams)
        self.booked.append(booking)
        self._settle(booking)
        if self.rules.match_scoring == "coolie_kodi":
            booking.kodis = list(self.kodis)

    def _settle(self, booking: Booking) -> None:
        hand = self.current.hand
        s = hand.score()
        assert s is not None
        rules = self.rules
        mode = rules.match_scoring
        if s.match_winner is not None:                  # 56-TH-4: a Thani decides the match
            if mode == "coolie_kodi":
                # a won Thani is its team's win: on a kodi-irakkam hand it frees the team
                self._kodi_release(booking, hand.bid_team, hand.bidder,
                                   s.match_winner == hand.bid_team)
                self._kodi(booking, 1 - s.match_winner)
            else:
                self.winners = [s.match_winner]
            return
        if mode in ("tables", "coolie_kodi"):
            # this hand's kodi-irakkam is settled before its stake moves: a kodi the stake
            # gives makes the next hand the other team's (56-MATCH-3)
            if mode == "coolie_kodi" and hand.status != 2:
                self._kodi_release(booking, hand.bid_team, hand.bidder, bool(s.made))
            self._transfer(booking, s.by_team, mode == "tables")
        else:
            for team, change in enumerate(s.by_team):
                self.scores[team] += change
                booking.change[team] = change
        if mode == "target":
            self.winners = game_winners(self.scores, rules.game_target)
        elif mode == "score_sheet" and hand.status != 2:
            self.deals += 1
            if self.deals >= self.deals_target:
                top = max(self.scores)
                leaders = [t for t, v in enumerate(self.scores) if v == top]
                if len(leaders) == 1:
                    self.winners = leaders
                else:                                   # [KC97]: six more, then one by one
                    first_tie = self.deals_target == rules.match_deals
                    self.deals_target += 6 if first_tie else 1

    def _transfer(self, booking: Booking, by_team: tuple[int, ...], tables: bool) -> None:
        """56-SC-3: the stake moves from the paying team to the other (56-MATCH-1)."""
        payer = next((t for t, v in enumerate(by_team) if v < 0), None)
        if payer is None:
            return
        payee = next(t for t, v in enumerate(by_team) if v > 0)
        owed = -by_team[payer]
        paid = min(owed, self.scores[payer]) if tables else owed
        self.scores[payer] -= paid
        self.scores[payee] += paid
        booking.change[payer], booking.change[payee] = -paid, paid
        if tables:
            short = paid < owed
            if short:
                booking.owed = owed
            if short or (self.rules.tables_end == "zero" and self.scores[payer] <= 0):
                self.winners = [payee]
                booking.out = payer
        elif self.scores[payer] <= 0:
            self._kodi(booking, payer)

    def _kodi(self, booking: Booking, team: int) -> None:
        """Every player of ``team`` receives a kodi; both teams restart (56-MATCH-3)."""
        for seat in range(self.rules.num_players):
            if seat % self.rules.teams == team:
                self.kodis[seat] += 1
        self.scores = [self.base_coolies] * self.rules.teams
        self.irakkam = team
        booking.kodi = team

    def _kodi_release(self, booking: Booking, team: int, declarer: int, made: bool) -> None:
        """The kodi-irakkam hand: a made contract frees the team, else only the declarer."""
        if self.irakkam is not None:
            kodi_team, self.irakkam = self.irakkam, None
            booking.irakkam = kodi_team
            if made and team == kodi_team:
                for seat in range(self.rules.num_players):
                    if seat % self.rules.teams == team and self.kodis[seat]:
                        self.kodis[seat] -= 1
                        booking.freed.append(seat)
                return
        if made and declarer >= 0 and self.kodis[declarer]:
            self.kodis[declarer] -= 1
            booking.freed.append(declarer)

    # ---- records -----------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """``{"rules": ..., "hands_played": [record, ...]}`` (RECORDS.md)."""
        out: dict[str, Any] = {"rules": self.rules.to_spec()}
        if self.seed is not None:
            out["seed"] = self.seed
        out["hands_played"] = [g.to_record() for g in self.games]
        out.update(self.extra)
        return out

    @classmethod
    def from_record(cls, doc: Mapping[str, Any]) -> Match:
        """Replay a match record, checking the dealer rotation and that play stops at the end.

        Raises :class:`RecordError` or :class:`IllegalAction` (with ``hand`` set to the
        hand's position in ``hands_played``).
        """
        if not isinstance(doc, Mapping) or not isinstance(doc.get("hands_played"), list):
            raise RecordError("match: expected {\"rules\": ..., \"hands_played\": [...]}")
        rules = read_rules(doc.get("rules", "28"), "match.rules")
        hands = doc["hands_played"]
        if not hands:
            raise RecordError("match.hands_played: no hands")
        seed = doc.get("seed")
        first = read_hand_record(hands[0], "hands_played[0]", rules.to_spec())
        match = cls(rules, first.dealer, seed if isinstance(seed, int) else None)
        match.extra = {k: v for k, v in doc.items() if k not in ("rules", "seed", "hands_played")}
        for k, raw in enumerate(hands):
            where = f"hands_played[{k}]"
            rec = read_hand_record(raw, where, rules.to_spec())
            if rec.rules != rules:
                raise RecordError(f"{where}.rules: differ from the match's rules")
            if k > 0:
                if match.over:
                    raise RecordError(f"{where}: the match was already over")
                if not match.current.over:
                    raise RecordError(f"hands_played[{k - 1}]: the hand is not finished but "
                                      "another follows")
                expected = match.next_dealer()
                if rec.dealer != expected:
                    raise RecordError(f"{where}.dealer: should be {expected} (28-DEAL-6)")
            if rec.scores is not None and list(rec.scores) != match.scores:
                raise RecordError(f"{where}.scores: {list(rec.scores)} but the match score is "
                                  f"{match.scores}")
            rec.scores = tuple(match.scores)
            try:
                game = Game.from_record(rec)
            except IllegalAction as e:
                e.hand = k  # type: ignore[attr-defined]
                raise
            match.games.append(game)
            if game.over:
                match._book()
        if not match.over and match.current.over and match.seed is not None:
            match._deal(match.next_dealer())
        return match

    def result(self) -> dict[str, Any]:
        """Scores, winner and every hand's result object (plus the match layer's state)."""
        out: dict[str, Any] = {
            "status": "complete" if self.over else "in_progress",
            "scores": list(self.scores), "winner": self.winner, "winners": list(self.winners),
            "match_scoring": self.rules.match_scoring,
            "hands": [g.result() for g in self.games]}
        if self.rules.match_scoring == "score_sheet":
            out["deals"] = self.deals
            out["deals_target"] = self.deals_target
        if self.rules.match_scoring == "coolie_kodi":
            out["kodis"] = list(self.kodis)
            out["kodi_irakkam"] = self.irakkam
        return out


def game_winners(scores: list[int], target: int) -> list[int]:
    """The winning team(s), or ``[]`` while nobody has reached ±target (28-END-1, 3P-8).

    A side at -target loses; with three sides the better of the other two wins, and a tie
    between them is a shared win.
    """
    for team, value in enumerate(scores):
        if value >= target:
            return [team]
    for team, value in enumerate(scores):
        if value <= -target:
            others = [t for t in range(len(scores)) if t != team]
            best = max(scores[t] for t in others)
            return [t for t in others if scores[t] == best]
    return []


class SetTally:
    """Red and black sets over a session of games (28-END-4, ``track_sets``)."""

    def __init__(self, teams: int = 2) -> None:
        self.red = [0] * teams
        self.black = [0] * teams

    def record(self, winner: int, scores: list[int], target: int) -> None:
        """Open a red set for the winner, a black one for a side that lost at -target."""
        self.red[winner] += 1
        for team, value in enumerate(scores):
            if value <= -target:
                self.black[team] += 1
        for sets in (self.red, self.black):
            while all(v > 0 for v in sets):
                for t in range(len(sets)):
                    sets[t] -= 1
