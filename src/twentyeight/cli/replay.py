"""``twentyeight replay FILE [--json]``: check a record and print its outcome (RECORDS.md).

Exit status 0 when every action is legal, 1 at the first illegal action (with the error
object on standard output under ``--json``), 2 when the document is not a valid record.
"""

from __future__ import annotations

import json
import sys
from itertools import accumulate
from typing import Any, TextIO

from twentyeight.cli.display import Painter, action_words, matching_bids, points, use_colour
from twentyeight.engine.state import PHASE_NAMES
from twentyeight.errors import IllegalAction, RecordError
from twentyeight.game import Game
from twentyeight.match import Match
from twentyeight.record import is_match, parse_document

OK, ILLEGAL, INVALID = 0, 1, 2


class UnreadableSource(RecordError):
    """The file could not be read at all (missing, a directory, no permission): no record was
    looked at, so it is not "an invalid record"."""


def read_source(path: str) -> str:
    """The text of ``path``, or of standard input for ``-``; :class:`UnreadableSource` when
    the file cannot be read, RecordError when it is not text."""
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise UnreadableSource(f"{path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file (UTF-8)") from None


def record_problem(error: RecordError) -> str:
    """What a command says of a record it could not take: ``cannot read FILE: …`` or
    ``invalid record: …``."""
    return f"cannot read {error}" if isinstance(error, UnreadableSource) else \
        f"invalid record: {error}"


def run(path: str, as_json: bool, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Replay the record at ``path``; print the result; return the exit status."""
    try:
        doc = parse_document(read_source(path), path if path != "-" else "stdin")
        if is_match(doc):
            result = Match.from_record(doc).result()
        else:
            result = Game.from_record(doc).result()
    except RecordError as e:
        err.write(f"twentyeight replay: {record_problem(e)}\n")
        return INVALID
    except IllegalAction as e:
        obj = e.to_json()
        hand = getattr(e, "hand", None)
        if hand is not None:
            obj["hand"] = hand
        if as_json:
            out.write(json.dumps(obj) + "\n")
        else:
            where = f"hand {hand + 1}, " if hand is not None else ""    # (as told below)
            err.write(f"twentyeight replay: illegal action at {where}index {e.index}: "
                      f"{e.action!r}: {e.message}\n")
            if e.legal:
                err.write(f"  legal: {', '.join(e.legal)}\n")
        return ILLEGAL
    if as_json:
        out.write(json.dumps(result) + "\n")
    else:
        out.write(describe(result, Painter(use_colour(out)), doc))
    return OK


def player_names(doc: Any, n: int) -> list[str] | None:
    """The record's ``players`` (a name per seat, RECORDS.md), when it has them."""
    names = doc.get("players") if isinstance(doc, dict) else None
    if isinstance(names, list) and len(names) == n and all(isinstance(x, str) for x in names):
        return [x.strip() or f"seat {k}" for k, x in enumerate(names)]
    return None


YOU = "You"
"""The name the terminal game gives the person's seat in its records: such a player is told
in the second person ("You lay 10♣ as trump", not "You lays")."""


def told_apart(names: list[str]) -> list[str]:
    """``names`` as the account tells them: a name two seats share (an arena's "casual" and
    "casual") with its seat, "casual (2)"."""
    return [f"{x} ({k})" if names.count(x) > 1 else x for k, x in enumerate(names)]


def describe(result: dict[str, Any], paint: Painter, record: Any = None,
             names: list[str] | None = None) -> str:
    """A readable account of a hand's or a match's result object; with the ``record`` it
    came from, also the players' names and every call of the auction."""
    if "hands" in result:
        hands = record.get("hands_played") if isinstance(record, dict) else None
        lines = []
        for k, hand in enumerate(result["hands"]):
            lines.append(f"— hand {k + 1} —")
            rec = hands[k] if isinstance(hands, list) and k < len(hands) else None
            n = sum(len(t) for t in hand["teams"])
            lines.append(describe(hand, paint, rec, player_names(rec, n) or
                                  player_names(record, n) or names).rstrip())
        winner = result["winner"]
        named = player_names(record, sum(len(t) for t in result["hands"][0]["teams"])) \
            if result["hands"] else None
        side = f" ({' and '.join(named[k] for k in result['hands'][0]['teams'][winner])})" \
            if named and winner is not None else ""
        lines.append(f"match {result['status']}: scores {result['scores']}"
                     + (f", team {winner}{side} wins" if winner is not None else ""))
        return "\n".join(lines) + "\n"
    n = sum(len(t) for t in result["teams"])
    names = player_names(record, n) or names
    told = told_apart(names) if names else []
    seat = (lambda k: told[k]) if told else (lambda k: f"seat {k}")

    people = names or []

    def words(entry: str, phase: str | None = None, matches: bool = False) -> str:
        k = int(entry.split()[0])
        return action_words(entry, seat(k), paint, phase, you=k < len(people) and
                            people[k] == YOU, matches=matches)

    lines = []
    if names:
        lines.append("players: " + " · ".join(
            t if t != name else f"{k} {name}"
            for k, (name, t) in enumerate(zip(names, told, strict=True))))
    lines.append(f"status: {result['status']}"
                 + (f" ({result['annulled_reason']})" if result.get("annulled_reason") else ""))
    actions = record.get("actions") if isinstance(record, dict) else None
    if isinstance(actions, list):
        calls = _auction(actions)
        phases = _phases(record, len(calls))
        matched = matching_bids(calls)
        lines.append(f"dealer: {seat(result['dealer'])}; auction: "
                     + (" · ".join(words(a, phase, matches=k in matched)
                                   .replace(": ", " ", 1)
                                   for k, (a, phase) in enumerate(zip(calls, phases,
                                                                      strict=True)))
                        or "no call"))
    if result["bidder"] is not None:
        trump = result["trump"]
        shown = paint.suit(trump) if trump and len(trump) == 1 else (trump or "not chosen")
        lines.append(f"contract: {seat(result['bidder'])} bid {result['contract']}, trump "
                     f"{shown}, target {result['target']}")
    calls_in = _calls_by_trick(actions, result) if isinstance(actions, list) else {}
    for i, t in enumerate(result["tricks"], 1):
        cards = " ".join(paint.card(c) for c in t["cards"])
        extra = "".join(f"; {words(a)}" for a in calls_in.get(i, []))
        lines.append(f"  trick {i}: led by {seat(t['leader'])}: {cards} → "
                     f"{seat(t['winner'])} ({points(t['points'])}){extra}")
    if result["status"] == "complete":
        p = result["points"]
        lines.append(f"points: bidding side {p['bidding']}, opponents {p['opponents']}")
        change = result["score_change"]
        verdict = "made" if result["made"] else "failed" if result["made"] is False else "scored"
        lines.append(f"result: {verdict}; game points: bidding side {change['bidding']:+d}, "
                     f"opponents {change['opponents']:+d}")
    elif result["status"] == "in_progress":
        lines.append(f"to act: {seat(result['to_act'])}; legal: {', '.join(result['legal'])}"
                     if result["to_act"] is not None else "to act: nobody")
    return "\n".join(lines) + "\n"


_PLAY_CALLS = ("ask", "reveal", "pair", "concede", "accept", "refuse")


def _auction(actions: list[Any]) -> list[str]:
    """The calls before the first card: bids, passes, the trump choice, doubles, raises."""
    out = []
    for a in actions:
        verb = str(a).split()[1]
        if verb == "play" or verb in _PLAY_CALLS:
            break
        out.append(str(a))
    return out


def _phases(record: dict[str, Any], count: int) -> list[str | None]:
    """The phase each of the record's first ``count`` actions was made in ("auction",
    "raise", …: the replayed hand's ``history_phases``); ``None`` for each when the record
    does not replay."""
    try:
        game = Game.from_record({**record, "actions": record["actions"][:count]})
    except (RecordError, IllegalAction, ValueError, IndexError):
        return [None] * count
    return [PHASE_NAMES[p] for p in game.hand.history_phases()]


def _calls_by_trick(actions: list[Any], result: dict[str, Any]) -> dict[int, list[str]]:
    """The calls made during the play (ask, reveal, pair, …), by the trick they fell in."""
    ends = list(accumulate(len(t["cards"]) for t in result["tricks"]))   # cards at each end
    out: dict[int, list[str]] = {}
    played = 0
    for a in map(str, actions[len(_auction(actions)):]):
        if a.split()[1] == "play":
            played += 1
        else:
            out.setdefault(1 + sum(1 for end in ends if played >= end), []).append(a)
    return out
