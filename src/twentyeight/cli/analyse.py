"""``twentyeight analyse FILE [--json] [--html OUT] [--seat N]``: review a record's decisions.

Every decision of a hand or a match record (RECORDS.md; ``-`` reads standard input) that had
a choice is compared with the expert's (:mod:`twentyeight.analysis.review`): what was done,
what the expert would have done, and what it cost in card points and game points over deals
consistent with what the player knew then, and with every hand known.  Biggest mistakes
first.  ``--json`` prints ``{"decisions": [{"hand", "seat", "action", "best", "loss",
"reason", ...}, ...]}``; ``--html OUT`` writes one self-contained page; ``--seat N`` reviews
one seat only.  A progress bar goes to standard error while it works (when that is a
terminal, or with ``--progress``).

Exit status 0 on success, 1 at an illegal action in the record, 2 when the document is not a
valid record, the seat does not exist or the page cannot be written.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from twentyeight.analysis.expert import Effort, default_expert
from twentyeight.analysis.page import review_page
from twentyeight.analysis.review import (
    Decision,
    biggest_first,
    cost_words,
    hand_records,
    review_records,
)
from twentyeight.cli.args import number
from twentyeight.cli.display import PHASE_WORDS, Painter, use_colour
from twentyeight.cli.progress import Progress
from twentyeight.cli.replay import ILLEGAL, INVALID, OK, read_source, record_problem
from twentyeight.engine.reasons import card_text
from twentyeight.errors import IllegalAction, RecordError
from twentyeight.record import parse_document, read_hand_record
from twentyeight.rules import Rules

_seat = number(int, "a seat number", lambda v: v >= 0, "a seat number from 0")
_deals = number(int, "a whole number", lambda v: 1 <= v <= 64, "1 to 64 deals")


def add_parser(sub: Any) -> None:
    """Add ``analyse`` (also ``analyze``) to the command's subparsers."""
    p = sub.add_parser("analyse", aliases=["analyze"],
                       help="review every decision of a record against the expert")
    p.add_argument("file", help="record file (a hand or a match, JSON or JSON lines), or - "
                   "for standard input")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--html", metavar="OUT", help="write a self-contained HTML page to OUT")
    p.add_argument("--seat", type=_seat, default=None, help="review this seat only")
    p.add_argument("--deals", type=_deals, default=Effort().deals,
                   help=f"deals sampled per decision, 1 to 64 (default {Effort().deals})")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar (default: when standard error is a terminal)")


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Review the record named by ``args``; print or write the review; the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    path = args.file
    try:
        doc = parse_document(read_source(path), path if path != "-" else "stdin")
        records = hand_records(doc)
    except RecordError as e:
        err.write(f"twentyeight analyse: {record_problem(e)}\n")
        return INVALID
    except IllegalAction as e:
        hand = getattr(e, "hand", None)
        where = f"hand {hand}, " if hand is not None else ""
        err.write(f"twentyeight analyse: illegal action at {where}index {e.index}: "
                  f"{e.action!r}: {e.message}\n")
        return ILLEGAL
    players = read_hand_record(records[0]).rules.num_players
    if args.seat is not None and args.seat >= players:
        err.write(f"twentyeight analyse: seat {args.seat} does not exist (0 to "
                  f"{players - 1})\n")
        return INVALID
    if args.html and not _writable(args.html):
        err.write(f"twentyeight analyse: cannot write {args.html}: no such directory, or not "
                  "writable\n")
        return INVALID
    seats = None if args.seat is None else [args.seat]
    expert = default_expert(Effort(deals=args.deals, playouts=min(args.deals, Effort().playouts)))
    bar: list[Progress] = []

    def progress(done: int, total: int) -> None:
        if not bar:
            bar.append(Progress(total, "decisions", enabled=args.progress, stream=err))
        bar[0].update(done)

    try:
        found = biggest_first(review_records(records, seats, expert, progress))
    finally:
        if bar:
            bar[0].__exit__(None, None, None)
    if args.html:
        try:
            with open(args.html, "w", encoding="utf-8") as f:
                f.write(review_page(records, found, seats))
        except OSError as e:
            err.write(f"twentyeight analyse: cannot write {args.html}: {e.strerror or e}\n")
            return INVALID
    if args.json:
        out.write(json.dumps({"decisions": [d.to_json() for d in found]}) + "\n")
    elif not args.html:
        out.write(describe(found, len(records), Painter(use_colour(out)),
                           read_hand_record(records[0]).rules))
    else:                                   # (it said nothing: was the page written?)
        out.write(f"wrote the review of {len(found)} decision"
                  f"{'' if len(found) == 1 else 's'} to {args.html}\n")
    return OK


def _writable(path: str) -> bool:
    """Whether a file can be written at ``path`` (checked before the long review)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    return folder.is_dir() and os.access(folder, os.W_OK) and not target.is_dir()


def describe(found: list[Decision], hands: int, paint: Painter, rules: Rules) -> str:
    """The readable review: every decision that cost something, biggest first (its cost in
    the match's own unit, ``cost_words``)."""
    costly = [d for d in found if d.sampled.costly]
    lines = [f"{len(found)} decisions reviewed in {hands} hand{'s' * (hands != 1)}; "
             f"{len(found) - len(costly)} as good as the expert's."]
    if costly:
        lines.append("Biggest mistakes first (the cost over the deals the player could not "
                     "tell apart; in brackets, the best choice and the cost had every hand been "
                     "known):")
    for d in costly:
        where = f"hand {d.hand + 1}, " + (f"trick {d.trick}" if d.trick
                                           else PHASE_WORDS.get(d.phase, d.phase))
        k = d.known
        known = (f" [every hand known: {_act(k.best.verb, k.best.arg, paint)}, cost "
                 f"{cost_words(k.loss, k.loss_game_points, rules)}]") if k is not None else ""
        lines.append(
            f"  {where}, seat {d.seat}: {_act(d.action.verb, d.action.arg, paint)} — the expert: "
            f"{_act(d.sampled.best.verb, d.sampled.best.arg, paint)}; cost "
            f"{cost_words(d.sampled.loss, d.sampled.loss_game_points, rules)}"
            f"{known} — {paint.dim(str(d.reason))}")
    return "\n".join(lines) + "\n"


def _act(verb: str, arg: str | None, paint: Painter) -> str:
    if verb == "play" and arg:
        return paint.card(arg)
    if verb == "trump" and arg and len(arg) == 2:
        return f"trump {card_text(arg)}"
    return f"{verb} {arg}" if arg else verb
