"""What the end of a hand is worth to one seat: card points and game points for its side.

The solver values a line by the card points the bidding side secures (or ``None``: the hand
is annulled, see :mod:`twentyeight.solver.values`); a play-out ends with a finished hand.
Both are turned here into the two numbers the analysis reports for the seat's side:

* **card points**: the bidding side's points for a seat of the bidding side; for a defender,
  the points the bidding side does *not* take (``points in play − theirs``).  An annulled
  line counts as ``target − ½`` for the bidding side, the place the solver ranks it;
* **game points**: the change to the seat's team's score minus the average change of the
  other teams (in a game of two sides, the swing between them), scored by the engine's own
  :func:`~twentyeight.engine.scoring.score`, so doubling, tiers, the half-bid penalty and a
  pair's target count exactly as in the game.
"""

from __future__ import annotations

from twentyeight.engine.actions import PAIR
from twentyeight.engine.hand import Hand
from twentyeight.engine.scoring import Score, score, target
from twentyeight.engine.state import ANNULLED, COMPLETE, OVER
from twentyeight.rules import Rules

__all__ = ["Perspective", "game_measure", "net_game_points", "score_unit"]

SCORE_UNITS = {"tables": "tables", "coolie_kodi": "coolies"}
"""The match scorings whose score is not game points: what one side pays the other."""


def net_game_points(by_team: tuple[int, ...] | list[int], team: int) -> float:
    """``team``'s change minus the average change of the other teams."""
    others = [v for t, v in enumerate(by_team) if t != team]
    return by_team[team] - (sum(others) / len(others) if others else 0.0)


def score_unit(rules: Rules) -> str | None:
    """What the match's score counts where it is not game points: ``"tables"`` (56-MATCH-1)
    or ``"coolies"`` (56-MATCH-3); ``None`` for game points."""
    return SCORE_UNITS.get(rules.match_scoring)


def game_measure(rules: Rules) -> tuple[float, str]:
    """How a review tells a loss of net game points: ``(factor, unit)``.  Under tables or
    coolies, what changes hands: one side pays the other, so a hand's net game points (one
    side's change less the other's, :func:`~twentyeight.analysis.outcome.net_game_points`)
    are twice the tables paid ("0.50 tables", not "1.00 game points" of a hand whose stake
    was one table)."""
    unit = score_unit(rules)
    return (0.5, unit) if unit else (1.0, "game points")


class Perspective:
    """One seat's side in a hand in the play: turns the solver's values into its numbers."""

    def __init__(self, hand: Hand, seat: int) -> None:
        self.hand = hand
        self.seat = seat
        self.team = hand.t.team_of[seat]
        self.bidding = bool(hand.bid_side[seat])
        self.in_play = hand.t.points_in_play
        self._scores: dict[tuple[bool, int | None], float] = {}
        self._paired: Hand | None = None

    def target(self, paired: bool = False) -> int:
        """The bidding side's target now (or once the seat shows its pair)."""
        return target(self._with_pair() if paired else self.hand)

    def card_points(self, bid_points: int | None) -> float:
        """The seat's side's card points of a line worth ``bid_points`` to the bidding side."""
        ours = self.target() - 0.5 if bid_points is None else float(bid_points)
        return ours if self.bidding else self.in_play - ours

    def game_points(self, bid_points: int | None, paired: bool = False) -> float:
        """The seat's side's net game points of a line worth ``bid_points`` to the bidding
        side; ``paired``: with the seat's pair shown (the target moved, 28-PAIR-4)."""
        key = (paired, bid_points)
        if key not in self._scores:
            self._scores[key] = net_game_points(self._final(bid_points, paired).by_team,
                                                self.team)
        return self._scores[key]

    def made(self, bid_points: int | None, paired: bool = False) -> bool:
        """Whether the bidding side reaches its target on this line."""
        return bid_points is not None and bid_points >= self.target(paired)

    def _with_pair(self) -> Hand:
        if self._paired is None:
            h = self.hand.copy()
            if PAIR in h.legal_codes():
                h.step(PAIR)
            self._paired = h
        return self._paired

    def _final(self, bid_points: int | None, paired: bool) -> Score:
        """The engine's score of the hand ended with ``bid_points`` for the bidding side."""
        h = (self._with_pair() if paired else self.hand).copy()
        if bid_points is None:
            h.status = ANNULLED
        else:
            h.status = COMPLETE
            h.bid_points = bid_points
            h.opp_points = self.in_play - bid_points
        h.phase = OVER
        h.to_act = None
        s = score(h)
        assert s is not None
        return s
