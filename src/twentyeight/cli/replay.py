"""``twentyeight replay FILE [--json]``: check a record and print its outcome (RECORDS.md).

Exit status 0 when every action is legal, 1 at the first illegal action (with the error
object on standard output under ``--json``), 2 when the document is not a valid record.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from itertools import accumulate
from typing import Any, TextIO

from twentyeight.analysis.surprises import ANNULMENT_RULES
from twentyeight.cli.display import (
    UNDERTAKINGS,
    Painter,
    action_words,
    matching_bids,
    points,
    possessive,
    side_words,
    use_colour,
)
from twentyeight.engine.reasons import annulment_words
from twentyeight.engine.state import PHASE_NAMES
from twentyeight.errors import IllegalAction, RecordError
from twentyeight.game import Game
from twentyeight.match import Match
from twentyeight.record import is_match, parse_document
from twentyeight.result import verdict

OK, ILLEGAL, INVALID = 0, 1, 2


class UnreadableSource(RecordError):
    """The file could not be read at all (missing, a directory, no permission): no record was
    looked at, so it is not "an invalid record"."""


class NotInRecord(RecordError):
    """An option asks for what a good record does not hold (a hand or trick it has not, a
    match's option on one hand): said as it is, not as "an invalid record"."""


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
    if isinstance(error, NotInRecord):
        return str(error)
    return f"cannot read {error}" if isinstance(error, UnreadableSource) else \
        f"invalid record: {error}"


def run(path: str, as_json: bool, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Replay the record at ``path``; print the result; return the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
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
        lines.append(_match_line(result, record, names))
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
    lines.append(f"status: {_status(result, record, seat)}")
    actions = record.get("actions") if isinstance(record, dict) else None
    if isinstance(actions, list):
        calls = _auction(actions)
        phases = _phases(record, len(calls))
        matched = matching_bids(calls)
        lines.append(f"dealer: {seat(result['dealer'])}; auction: "
                     + (" · ".join(_in_line(words(a, phase, matches=k in matched))
                                   for k, (a, phase) in enumerate(zip(calls, phases,
                                                                      strict=True)))
                        or "no call"))
    if result["bidder"] is not None:
        lines.append(f"contract: {_contract(result, seat, paint)}")
    calls_in = _calls_by_trick(actions, result) if isinstance(actions, list) else {}

    def cards_and_calls(i: int, cards: list[str]) -> str:
        """Trick ``i``'s cards, each call made in it in its place: ``9♦ 10♦ [Right: reveals
        the trump] 10♣``."""
        told = [paint.card(c) for c in cards]
        for before, entry in reversed(calls_in.get(i, [])):
            told.insert(before, f"[{words(entry)}]")
        return " ".join(told)

    for i, t in enumerate(result["tricks"], 1):
        lines.append(f"  trick {i}: led by {seat(t['leader'])}: "
                     f"{cards_and_calls(i, t['cards'])} → {seat(t['winner'])} "
                     f"({points(t['points'])})")
    part = result.get("trick") or {}
    i = len(result["tricks"]) + 1
    if part.get("cards") or calls_in.get(i):    # a trick left unfinished (a concession)
        led = f"led by {seat(part['leader'])}: " if part.get("cards") else ""
        lines.append(f"  trick {i}, not finished: {led}"
                     f"{cards_and_calls(i, part.get('cards') or [])}")
    stopped = _stopped(result, record)
    if stopped:
        lines.append(stopped)
    if result["status"] == "complete":
        p = result["points"]
        lines.append(f"points: bidding side {p['bidding']}, opponents {p['opponents']}")
        change = result["score_change"]
        lines.append(f"result: {verdict(result) or 'scored'}; game points: bidding side "
                     f"{change['bidding']:+d}, opponents {change['opponents']:+d}")
    elif result["status"] == "in_progress":
        lines.append(f"to act: {seat(result['to_act'])}; legal: {', '.join(result['legal'])}"
                     if result["to_act"] is not None else "to act: nobody")
    return "\n".join(lines) + "\n"


def _status(result: dict[str, Any], record: Any, seat: Any) -> str:
    """The hand's status as a player says it: ``complete``, ``in progress``, ``annulled:
    Ravi's cards hold no point card (28-POST-3)`` (the play command's words for it)."""
    status = str(result["status"]).replace("_", " ")
    reason = result.get("annulled_reason")
    if not reason:
        return status
    who = _annulled_seat(record)
    rule = ANNULMENT_RULES.get(reason)
    return (f"{status}: {annulment_words(reason, None if who is None else seat(who))}"
            + (f" ({rule})" if rule else "") + "; the same dealer deals again")


def _annulled_seat(record: Any) -> int | None:
    """The seat whose cards annulled the hand, or who claimed the redeal (the replayed
    hand's ``annulled_seat``); None when nobody's or the record does not replay."""
    try:
        return Game.from_record(record).view(0)["result"]["annulled_seat"]
    except (RecordError, IllegalAction, ValueError, IndexError, KeyError, TypeError):
        return None


def _stopped(result: dict[str, Any], record: Any) -> str | None:
    """Why play stopped before the last trick, where it did: a concession accepted
    (28-COT-3), an undertaking's first trick lost (28-SH-4, 28-TH-3, 56-TH-3), a result
    decided (56-PLAY-6); None where every trick was played or the hand is not over."""
    begun = result["tricks"] or (result.get("trick") or {}).get("cards")
    if result["status"] != "complete" or result["phase"] != "over" or not begun:
        return None
    if result.get("cot") == "accepted":
        return ("play stopped: the opponents conceded and the bidding side accepted; the "
                "contract counts as made, at its normal value (28-COT-3)")
    try:
        total = Game.from_record(record).hand.t.tricks_total
    except (RecordError, IllegalAction, ValueError, IndexError, KeyError, TypeError):
        return None
    done = len(result["tricks"])
    if done >= total:
        return None
    special = result.get("special")
    if special in ("single_hand", "thani", "thani_56"):
        rule = {"single_hand": "28-SH-4", "thani": "28-TH-3"}.get(special, "56-TH-3")
        return (f"play stopped after trick {done}: the declarer lost a trick, so the "
                f"undertaking has failed ({rule})")
    return (f"play stopped after trick {done}: the result could no longer change "
            "(56-PLAY-6)")


def _in_line(told: str) -> str:
    """A call as the auction's line tells it: "Right bid 15", "You declare a single hand";
    a window's pass keeps its colon ("Left: no single hand", not "Left no single hand")."""
    who, _, what = told.partition(": ")
    return told if what.startswith("no ") else f"{who} {what}"


def _contract(result: dict[str, Any], seat: Callable[[int], str], paint: Painter) -> str:
    """The hand's contract as it was played: ``East bid 20, redoubled, trump ♦, target 16``;
    a single hand or Thani by its declarer, with the bid it voids (28-SH-2); 'C' for the
    doubling it replaced (28-DBL-7)."""
    special, declarer = result.get("special"), result.get("special_seat")
    if special in UNDERTAKINGS and declarer is not None:
        said = f"{seat(declarer)}: {UNDERTAKINGS[special]}"
        if special == "single_hand":
            return f"{said}; {possessive(seat(result['bidder']))} bid of {result['contract']} " \
                "is void"
        if special == "thani" and result["contract"] is not None:
            return f"{said}, on a bid of {result['contract']}, trump {_trump(result, paint)}"
        return said
    doubling = ", with 'C'" if result.get("c") else \
        {2: ", doubled", 4: ", redoubled"}.get(result.get("multiplier") or 1, "")
    target = result["target"]
    moved = f", target {target}" if target is not None and target != result["contract"] else ""
    return (f"{seat(result['bidder'])} bid {result['contract']}{doubling}, trump "
            f"{_trump(result, paint)}{moved}")


def _trump(result: dict[str, Any], paint: Painter) -> str:
    """The hand's trump in the account: a suit, "none" (no-trump), or "not chosen"."""
    trump = result["trump"]
    if trump and len(trump) == 1:
        return paint.suit(trump)
    if trump:
        return str(trump)
    return "none (no-trump)" if result.get("denomination") == "NT" else "not chosen"


def _match_line(result: dict[str, Any], record: Any, names: list[str] | None) -> str:
    """The match's end or its state, each side by its players: ``match over: Priya, Kabir &
    Aditi win (Priya, Kabir & Aditi +6 · Ravi, Uma & Dev -2)``; seats where the record names
    nobody (``seats 0 & 2``)."""
    hands = result["hands"]
    teams = hands[0]["teams"] if hands else []
    named = player_names(record, sum(len(t) for t in teams)) or names
    sides = [side_words([named[k] for k in team]) if named else
             "seats " + side_words([str(k) for k in team]) for team in teams]
    scores = result["scores"]
    if len(sides) != len(scores):
        sides = [f"team {k}" for k in range(len(scores))]
    signed = result.get("match_scoring", "target") == "target"
    board = " · ".join(f"{side} {v:+d}" if signed else f"{side} {v}"
                       for side, v in zip(sides, scores, strict=True))
    winners = result.get("winners") or ([] if result["winner"] is None else [result["winner"]])
    if not winners:
        state = "over" if result["status"] == "complete" else \
            str(result["status"]).replace("_", " ")
        return f"match {state}: {board}"
    if len(winners) > 1:
        return (f"match over: {', '.join(sides[w] for w in winners[:-1])} and "
                f"{sides[winners[-1]]} share the win ({board})")
    side = sides[winners[0]]
    verb = "win" if "&" in side or side == "you" else "wins"
    return f"match over: {side} {verb} ({board})"


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


def _calls_by_trick(actions: list[Any], result: dict[str, Any]
                    ) -> dict[int, list[tuple[int, str]]]:
    """The calls made during the play (ask, reveal, pair, concede, …), by the trick they fell
    in, each with the number of that trick's cards played before it."""
    ends = [0, *accumulate(len(t["cards"]) for t in result["tricks"])]  # cards at each end
    out: dict[int, list[tuple[int, str]]] = {}
    played = 0
    for a in map(str, actions[len(_auction(actions)):]):
        if a.split()[1] == "play":
            played += 1
        else:
            done = sum(1 for end in ends[1:] if played >= end)
            out.setdefault(1 + done, []).append((played - ends[done], a))
    return out
