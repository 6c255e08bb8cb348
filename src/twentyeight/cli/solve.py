"""``twentyeight solve FILE [--json] [--engine E] [--hand K] [--trick T]``: the value of every
legal action of a record.

The record (RECORDS.md; ``-`` reads standard input) is one hand's, or a match's (what
``play --record`` writes: ``--hand K`` picks its hand, numbered from 1 as ``replay`` numbers
them; the last by default).  It is solved where it stops, which must be in the play of the
cards, or before the lead of trick ``T`` (``--trick``); a finished hand, before its first
lead.  Every hand is known from the record, so this is a perfect-information (double-dummy)
analysis: the card points the bidding side secures after each action with best play by both
sides.

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
from typing import Any, TextIO

from twentyeight.cli.display import Painter, use_colour
from twentyeight.cli.replay import ILLEGAL, INVALID, OK, NotInRecord, read_source, record_problem
from twentyeight.errors import IllegalAction, RecordError
from twentyeight.game import Game
from twentyeight.match import Match
from twentyeight.record import is_match, parse_document
from twentyeight.solver import Solution, SolverError, solve
from twentyeight.solver.values import describe as describe_value


def run(path: str, as_json: bool, out: TextIO | None = None, err: TextIO | None = None,
        engine: str = "auto", hand: int | None = None, trick: int | None = None) -> int:
    """Solve the record at ``path`` (hand ``hand`` of a match, before trick ``trick``: see the
    module's docstring); print the values; return the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        doc = parse_document(read_source(path), path if path != "-" else "stdin")
        if is_match(doc):
            doc = match_hand(Match.from_record(doc), hand)
        elif hand is not None:
            raise NotInRecord("--hand picks a hand of a match's record; this is one hand's")
        game = Game.from_record(doc)
        if trick is not None or game.over:
            game = Game.from_record(before_trick(doc, game, trick or 1))
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


def match_hand(match: Match, hand: int | None) -> dict[str, Any]:
    """The record of hand ``hand`` (from 1) of ``match``, by default its last one played.
    Raises :class:`RecordError` for a hand the match does not have."""
    games = [g for g in match.games if g.over or g.to_record()["actions"]]   # (not a hand
    if not games:                                                         # dealt after them)
        raise RecordError("the match has no hand played")
    if hand is None:
        return games[-1].to_record()
    if hand > len(games):
        raise NotInRecord(f"--hand {hand}: the match has hands 1 to {len(games)}")
    return games[hand - 1].to_record()


def before_trick(record: dict[str, Any], game: Game, trick: int) -> dict[str, Any]:
    """``record`` cut before the lead of trick ``trick`` (from 1) of ``game``, its hand.
    Raises :class:`RecordError` where the hand has no such trick."""
    players = game.rules.num_players
    plays = [k for k, a in enumerate(record["actions"]) if a.split()[1:2] == ["play"]]
    first = (trick - 1) * players
    if first >= len(plays):
        tricks = len(plays) // players + (len(plays) % players > 0)
        raise NotInRecord(f"--trick {trick}: the hand has {tricks} trick"
                          f"{'' if tricks == 1 else 's'} played" if tricks else
                          "the hand ended before its first lead: there is no play to solve")
    return {**record, "actions": record["actions"][:plays[first]]}


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
