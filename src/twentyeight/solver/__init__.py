"""Perfect-information search for the play of the cards (RULES.md, all hands known).

:func:`solve` gives the value of every legal action of a hand in the play phase: the card
points the bidding side secures with best play by both sides, under the real rules of the
preset (hidden trump, asking, the bidder's restrictions, the forced last-trick exposure,
annulments).  The modules, one job each:

* :mod:`~twentyeight.solver.position` — the solver's compact copy of the play phase, with
  apply and undo, checked move for move against the engine by the tests;
* :mod:`~twentyeight.solver.values` — what the numbers mean (doubled scale, annulments);
* :mod:`~twentyeight.solver.ordering` — equivalent-card merging and move ordering;
* :mod:`~twentyeight.solver.search` — alpha-beta with a transposition table, zero-window
  tests and MTD(f);
* :mod:`~twentyeight.solver.api` — :func:`solve` and :class:`Solution`;
* :mod:`~twentyeight.solver.reference` — brute-force minimax over the engine, for testing.
"""

from twentyeight.solver.api import Solution, solve
from twentyeight.solver.position import Position, SolverError
from twentyeight.solver.search import Searcher

__all__ = ["Position", "Searcher", "Solution", "SolverError", "solve"]
