"""A game of many hands to the game target (RULES.md §2.19): :class:`Match`.

The deal passes to the next seat after a scored hand and stays with the same dealer after an
annulled one (28-DEAL-6); only the bidding side's score moves (28-SCORE-3); a side at
``+game_target`` or more wins, a side at ``-game_target`` or less loses (28-END-1).

>>> m = Match.new("28", seed=5)
>>> m.scores, m.over
([0, 0], False)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
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


class Match:
    """A game of many hands; :attr:`current` is the hand being played."""

    def __init__(self, rules: Rules, first_dealer: int, seed: int | None) -> None:
        self.rules = rules
        self.seed = seed
        self.first_dealer = first_dealer
        self.games: list[Game] = []
        self.scores: list[int] = [0] * 2
        self.winner: int | None = None
        self.extra: dict[str, Any] = {}

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
        """Whether a side has reached the game target."""
        return self.winner is not None

    @property
    def to_act(self) -> int | None:
        """The seat to decide in the current hand, or ``None`` when the match is over."""
        return None if self.over else self.current.to_act

    def next_dealer(self) -> int:
        """Who deals the next hand: the same dealer after an annulment (28-DEAL-6)."""
        last = self.current
        if last.hand.status == 2:                       # annulled
            return last.dealer
        return (last.dealer + 1) % self.rules.num_players

    def _deal(self, dealer: int) -> None:
        number = len(self.games)
        assert self.seed is not None
        self.games.append(game_from_seed(self.rules, hand_seed(self.seed, number), dealer,
                                         self.scores))

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

    def _book(self) -> None:
        s = self.current.hand.score()
        assert s is not None
        for team, change in enumerate(s.by_team):
            self.scores[team] += change
        self.winner = game_winner(self.scores, self.rules.game_target)

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
        """Scores, winner and every hand's result object."""
        return {"status": "complete" if self.over else "in_progress",
                "scores": list(self.scores), "winner": self.winner,
                "hands": [g.result() for g in self.games]}


def game_winner(scores: list[int], target: int) -> int | None:
    """The winning team, or ``None`` while nobody has reached ±target (28-END-1, 3P-8)."""
    for team, value in enumerate(scores):
        if value >= target:
            return team
    for team, value in enumerate(scores):
        if value <= -target:
            others = [t for t in range(len(scores)) if t != team]
            return max(others, key=lambda t: scores[t])
    return None


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
