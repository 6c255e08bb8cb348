"""``twentyeight replay FILE [--json]``: check a record and print its outcome (RECORDS.md).

Exit status 0 when every action is legal, 1 at the first illegal action (with the error
object on standard output under ``--json``), 2 when the document is not a valid record.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from twentyeight.cli.display import Painter, use_colour
from twentyeight.errors import IllegalAction, RecordError
from twentyeight.game import Game
from twentyeight.match import Match
from twentyeight.record import is_match, parse_document

OK, ILLEGAL, INVALID = 0, 1, 2


def read_source(path: str) -> str:
    """The text of ``path``, or of standard input for ``-``; RecordError when unreadable."""
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise RecordError(f"{path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file (UTF-8)") from None


def run(path: str, as_json: bool, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Replay the record at ``path``; print the result; return the exit status."""
    try:
        doc = parse_document(read_source(path), path if path != "-" else "stdin")
        if is_match(doc):
            result = Match.from_record(doc).result()
        else:
            result = Game.from_record(doc).result()
    except RecordError as e:
        err.write(f"twentyeight replay: invalid record: {e}\n")
        return INVALID
    except IllegalAction as e:
        obj = e.to_json()
        hand = getattr(e, "hand", None)
        if hand is not None:
            obj["hand"] = hand
        if as_json:
            out.write(json.dumps(obj) + "\n")
        else:
            where = f"hand {hand}, " if hand is not None else ""
            err.write(f"twentyeight replay: illegal action at {where}index {e.index}: "
                      f"{e.action!r}: {e.message}\n")
            if e.legal:
                err.write(f"  legal: {', '.join(e.legal)}\n")
        return ILLEGAL
    if as_json:
        out.write(json.dumps(result) + "\n")
    else:
        out.write(describe(result, Painter(use_colour(out))))
    return OK


def describe(result: dict[str, Any], paint: Painter) -> str:
    """A readable account of a hand's or a match's result object."""
    if "hands" in result:
        lines = []
        for k, hand in enumerate(result["hands"]):
            lines.append(f"— hand {k + 1} —")
            lines.append(describe(hand, paint).rstrip())
        lines.append(f"match {result['status']}: scores {result['scores']}"
                     + (f", team {result['winner']} wins" if result["winner"] is not None
                        else ""))
        return "\n".join(lines) + "\n"
    lines = [f"status: {result['status']}"
             + (f" ({result['annulled_reason']})" if result.get("annulled_reason") else "")]
    if result["bidder"] is not None:
        trump = result["trump"]
        shown = paint.suit(trump) if trump and len(trump) == 1 else (trump or "not chosen")
        lines.append(f"contract: seat {result['bidder']} bid {result['contract']}, trump "
                     f"{shown}, target {result['target']}")
    for i, t in enumerate(result["tricks"], 1):
        cards = " ".join(paint.card(c) for c in t["cards"])
        lines.append(f"  trick {i}: led by {t['leader']}: {cards} → seat {t['winner']} "
                     f"({t['points']} points)")
    if result["status"] == "complete":
        p = result["points"]
        lines.append(f"points: bidding side {p['bidding']}, opponents {p['opponents']}")
        change = result["score_change"]
        verdict = "made" if result["made"] else "failed" if result["made"] is False else "scored"
        lines.append(f"result: {verdict}; game points: bidding side {change['bidding']:+d}, "
                     f"opponents {change['opponents']:+d}")
    elif result["status"] == "in_progress":
        lines.append(f"to act: seat {result['to_act']}; legal: {', '.join(result['legal'])}")
    return "\n".join(lines) + "\n"
