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
>>> solve(g.hand, engine="python").values == sol.values    # the same values on either path
True

``engine`` chooses the search: ``"python"`` (:mod:`twentyeight.solver.search`),
``"compiled"`` (the numba kernel, :mod:`twentyeight.solver.kernel`; install the extra
``twentyeight[fast]``), or ``"auto"`` (the default): the kernel when numba is installed and
``TWENTYEIGHT_NO_NUMBA`` is not set, else Python.  Both give the same value for every action
(and search the same nodes).  The kernel does not take decks of more than 63 cards (56 at
eight players): those positions are solved by the Python search whatever ``engine`` says,
and :attr:`Solution.engine` tells which search answered.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from twentyeight.engine.actions import PAIR
from twentyeight.engine.hand import Hand
from twentyeight.solver import jit
from twentyeight.solver.position import IGNORED, Position, SolverError
from twentyeight.solver.search import Searcher
from twentyeight.solver.values import SCALE, to_points

__all__ = ["ENGINES", "Solution", "choose_engine", "solve"]

ENGINES = ("auto", "python", "compiled")
"""The values of ``solve(..., engine=...)`` and ``twentyeight solve --engine``."""


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
    engine: str = "python"
    """The search that answered: ``"python"`` or ``"compiled"``."""

    def to_json(self) -> dict[str, object]:
        """The object ``twentyeight solve --json`` prints."""
        return {"to_act": self.to_act, "bidding_side": self.bidding_side,
                "maximising": self.maximising, "target": self.target,
                "values": self.values, "best": self.best, "value": self.value,
                "nodes": self.nodes, "seconds": round(self.seconds, 6),
                "engine": self.engine}


def choose_engine(engine: str = "auto") -> str:
    """``"python"`` or ``"compiled"``: what ``engine`` means on this installation.

    Raises :class:`~twentyeight.solver.SolverError` for an unknown name, or for
    ``"compiled"`` without numba (or with ``TWENTYEIGHT_NO_NUMBA`` set).
    """
    if engine not in ENGINES:
        raise SolverError(f"unknown solver engine {engine!r} (choose from {', '.join(ENGINES)})")
    if engine == "python":
        return "python"
    if jit.have_numba():
        return "compiled"
    if engine == "compiled":
        why = (f"{jit.NO_NUMBA_VARIABLE} is set" if jit.disabled()
               else "numba is not installed (pip install 'twentyeight[fast]')")
        raise SolverError(f"the compiled solver is not available: {why}")
    return "python"


def solve(hand: Hand, max_entries: int = 2_000_000, engine: str = "auto") -> Solution:
    """Solve a hand in the play phase with every card known (the engine state is not changed).

    Raises :class:`~twentyeight.solver.SolverError` outside the play phase or under a rule
    the solver does not support (Cot, single hand, Thani), and for an unknown or unavailable
    ``engine`` (see the module docstring).  ``pair`` gets the value of the position itself:
    it changes the target, never the card points, and the same player then chooses among the
    same plays.
    """
    start = time.perf_counter()
    use = choose_engine(engine)
    pos = Position.from_hand(hand)
    seat = pos.to_act
    assert seat is not None
    banked = pos.banked
    codes = hand.legal_codes()
    moves = [code for code in codes if code not in IGNORED]
    guess = SCALE * (banked + pos.points_left() // 2)
    if use == "compiled":
        from twentyeight.solver import fast

        if fast.unsupported(pos) is not None:
            use = "python"
    if use == "compiled":
        found, nodes, _ = fast.kernel_values(pos, moves, guess, max_entries=max_entries)
        scaled = dict(zip(moves, found, strict=True))
    else:
        scaled, nodes = _python_values(pos, moves, guess, max_entries)
    maximising = pos.bid_side[seat]
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
    n = pos.n
    return Solution(
        to_act=seat,
        bidding_side=[s for s in range(n) if pos.bid_side[s]],
        maximising=maximising,
        target=pos.target,
        values=values,
        best=best,
        value=to_points(best_value),
        nodes=nodes,
        seconds=time.perf_counter() - start,
        scaled={names[c]: scaled[c] for c in codes},
        engine=use,
    )


def _python_values(pos: Position, moves: list[int], guess: int, max_entries: int
                   ) -> tuple[dict[int, int], int]:
    """The Python search: each move's value by MTD(f), guessing the previous value."""
    searcher = Searcher(pos, max_entries)
    scaled: dict[int, int] = {}
    for code in moves:
        saved = pos.apply(code)
        v = SCALE * pos.banked + searcher.mtdf(guess - SCALE * pos.banked)
        pos.undo(saved)
        scaled[code] = v
        guess = v
    return scaled, searcher.nodes
