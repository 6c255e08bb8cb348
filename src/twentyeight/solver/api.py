"""The solver's entry point: the value of every legal action of a position.

>>> from twentyeight import Game
>>> from twentyeight.solver import solve
>>> g = Game.new("28", seed=3, dealer=3)
>>> while len(g.hand.tricks) < 6 or g.hand.trick_cards:    # play on to two tricks from the end
...     _ = g.apply(g.legal_actions()[0])
>>> sol = solve(g.hand)
>>> sorted(sol.values) == sorted(str(a) for a in g.legal_actions())
True
>>> sol.values[sol.best[0]] == sol.value
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from twentyeight.engine.actions import PAIR
from twentyeight.engine.hand import Hand
from twentyeight.solver.position import IGNORED, Position, SolverError
from twentyeight.solver.search import Searcher
from twentyeight.solver.values import SCALE, to_points

__all__ = ["Solution", "solve"]


@dataclass
class Solution:
    """The values of a position's legal actions.

    ``values`` maps each legal action, in notation with the seat (``"2 play 9S"``), to the
    card points the bidding side secures after it with best play by both sides, or ``None``
    when best play from there ends with the hand annulled (ranked between ``target − 1`` and
    ``target`` points; see :mod:`twentyeight.solver.values`).  ``best`` lists the actions
    that reach ``value``: the highest value when the bidding side is to act, the lowest
    otherwise.
    """

    to_act: int
    bidding_side: list[int]
    maximising: bool
    target: int
    values: dict[str, int | None]
    best: list[str]
    value: int | None
    nodes: int
    seconds: float
    scaled: dict[str, int] = field(repr=False, default_factory=dict)
    """The same values on the doubled scale of :mod:`twentyeight.solver.values`."""

    def to_json(self) -> dict[str, object]:
        """The object ``twentyeight solve --json`` prints."""
        return {"to_act": self.to_act, "bidding_side": self.bidding_side,
                "maximising": self.maximising, "target": self.target,
                "values": self.values, "best": self.best, "value": self.value,
                "nodes": self.nodes, "seconds": round(self.seconds, 6)}


def solve(hand: Hand, max_entries: int = 2_000_000) -> Solution:
    """Solve a hand in the play phase with every card known (the engine state is not changed).

    Raises :class:`~twentyeight.solver.SolverError` outside the play phase or under a rule
    the solver does not support (Cot, single hand, Thani).  ``pair`` gets the value of the
    position itself: it changes the target, never the card points, and the same player then
    chooses among the same plays.
    """
    start = time.perf_counter()
    pos = Position.from_hand(hand)
    seat = pos.to_act
    searcher = Searcher(pos, max_entries)
    banked = pos.banked
    codes = hand.legal_codes()
    scaled: dict[int, int] = {}
    guess = SCALE * (banked + pos.rem // 2)
    for code in codes:
        if code in IGNORED:
            continue
        saved = pos.apply(code)
        v = SCALE * pos.banked + searcher.mtdf(guess - SCALE * pos.banked)
        pos.undo(saved)
        scaled[code] = v
        guess = v
    maximising = pos.side[seat]
    if not scaled:
        raise SolverError("no action to solve")          # pragma: no cover - engine offers plays
    best_value = max(scaled.values()) if maximising else min(scaled.values())
    for code in codes:
        if code == PAIR:
            scaled[code] = best_value
        elif code in IGNORED:
            raise SolverError(f"action {hand.describe(code)!r} is not supported by the solver")
    names = {code: str(hand.action(seat, code)) for code in codes}
    values = {names[c]: to_points(scaled[c]) for c in codes}
    best = [names[c] for c in codes if scaled[c] == best_value]
    n = len(pos.side)
    return Solution(
        to_act=seat,
        bidding_side=[s for s in range(n) if pos.side[s]],
        maximising=maximising,
        target=pos.target,
        values=values,
        best=best,
        value=to_points(best_value),
        nodes=searcher.nodes,
        seconds=time.perf_counter() - start,
        scaled={names[c]: scaled[c] for c in codes},
    )
