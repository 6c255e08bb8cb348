"""``twentyeight solve FILE [--json] [--engine E]``: the value of every legal action of a record.

The record (RECORDS.md; ``-`` reads standard input) must stop in the play of the cards.  Every
hand is known from the record, so this is a perfect-information (double-dummy) analysis: the
card points the bidding side secures after each action with best play by both sides.

``--engine`` picks the search (:func:`twentyeight.solver.solve`): by default the compiled
kernel when numba is installed (``twentyeight[fast]``), else the Python search; both give the
same values.  ``--engine compiled`` without numba is an error (status 2).

Exit status 0 on success, 1 at an illegal action in the record, 2 when the document is not a
valid single-hand record or its position cannot be solved (not in the play phase, or a rule
the solver does not support); errors are one line on standard error.
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from twentyeight.cli.display import Painter, use_colour
from twentyeight.cli.replay import ILLEGAL, INVALID, OK, read_source, record_problem
from twentyeight.errors import IllegalAction, RecordError
from twentyeight.game import Game
from twentyeight.record import is_match, parse_document
from twentyeight.solver import Solution, SolverError, solve
from twentyeight.solver.values import describe as describe_value


def run(path: str, as_json: bool, out: TextIO | None = None, err: TextIO | None = None,
        engine: str = "auto") -> int:
    """Solve the record at ``path``; print the values; return the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        doc = parse_document(read_source(path), path if path != "-" else "stdin")
        if is_match(doc):
            raise RecordError("a match document: `solve` takes the record of one hand")
        game = Game.from_record(doc)
    except RecordError as e:
        err.write(f"twentyeight solve: {record_problem(e)}\n")
        return INVALID
    except IllegalAction as e:
        err.write(f"twentyeight solve: illegal action at index {e.index}: {e.action!r}: "
                  f"{e.message}\n")
        return ILLEGAL
    try:
        solution = solve(game.hand, engine=engine)
    except SolverError as e:
        err.write(f"twentyeight solve: cannot solve this position: {e}\n")
        return INVALID
    if as_json:
        out.write(json.dumps(solution.to_json()) + "\n")
    else:
        out.write(describe(solution, game, Painter(use_colour(out))))
    return OK


def describe(s: Solution, game: Game, paint: Painter) -> str:
    """The readable form: one line per action, best first."""
    h = game.hand
    side = ", ".join(str(x) for x in s.bidding_side)
    trump = ("hidden" if not h.revealed else
             paint.suit("SHDC"[h.trump]) if h.trump >= 0 else "none")
    who = "bidding side" if s.maximising else "opponents"
    lines = [f"seat {s.to_act} to act ({who}); bidding side: seats {side}, bidder {h.bidder}, "
             f"contract {h.contract}, target {s.target}, trump {trump}",
             "card points the bidding side secures with best play after each action:"]
    width = max(len(a) for a in s.values)
    order = sorted(s.values, key=lambda a: (s.scaled[a] * (-1 if s.maximising else 1), a))
    for action in order:
        mark = "  best" if action in s.best else ""
        lines.append(f"  {action:{width}}  {describe_value(s.values[action]):>8}{mark}")
    if any(v is None for v in s.values.values()):
        lines.append(f"(annulled: the hand is annulled; ranked between {s.target - 1} and "
                     f"{s.target} points)")
    lines.append(f"{s.nodes:,} nodes in {s.seconds:.2f} s ({s.engine} search)")
    return "\n".join(lines) + "\n"
