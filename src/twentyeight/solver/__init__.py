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
* :mod:`~twentyeight.solver.api` — :func:`solve` and :class:`Solution`, and the choice of
  search (``engine="auto"|"python"|"compiled"``);
* :mod:`~twentyeight.solver.kernel` — the same search (position, ordering, table, MTD(f)) on
  int64 arrays in numba's subset of Python, compiled when the extra ``twentyeight[fast]`` is
  installed (about ten times faster), plain Python otherwise;
* :mod:`~twentyeight.solver.jit` — whether numba is there (``TWENTYEIGHT_NO_NUMBA=1`` turns it
  off) and the decorator;
* :mod:`~twentyeight.solver.fast` — a :class:`Position` as the kernel's arrays, and its
  answers;
* :mod:`~twentyeight.solver.reference` — brute-force minimax over the engine, for testing.
"""

from twentyeight.solver.api import Solution, solve
from twentyeight.solver.position import Position, SolverError
from twentyeight.solver.search import Searcher

__all__ = ["Position", "Searcher", "Solution", "SolverError", "solve"]
