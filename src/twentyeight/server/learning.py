"""The server's learning pages and their API: the replay viewer and the review of a record.

Registered by :func:`add_routes` (one line in :func:`twentyeight.server.app.create_app`;
every body is read by the app's own reader: bounded, strict JSON, rate-limited):

* ``GET /replay`` — the replay viewer (``static/replay.html``): open a record file, or a
  finished room's match (``/replay?room=ID&hand=K``), and step through it;
* ``POST /api/replay`` ``{"record", "hand", "seat", "open"}`` — the steps of one hand of a
  record: the seat's view before and after every action, as that seat was told it, with the
  explanations of the rules (:func:`twentyeight.analysis.replay.replay_steps`); with
  ``open``, every seat's cards too;
* ``POST /api/review`` ``{"record", "hand", "seat"}`` — the review of that seat's decisions
  in that hand (:mod:`twentyeight.analysis.review`), biggest mistakes first;
* ``GET /learn`` and ``GET /api/tutorial`` — the tutorial's page and its scripted steps
  (:mod:`twentyeight.analysis.tutorial`);
* ``GET /rules/{preset}`` (``?room=ID`` for a table's own rules) and ``GET /api/explained``
  (``?preset=NAME`` or ``?room=ID``: that game's) — the rules page and the rule IDs the
  table's explanations cite (its anchors);
* at a room, for a seat (its token): ``POST /api/rooms/{id}/hint`` — the expert's choice
  for that seat's turn with its reason, from that seat's view only, where the room offers
  hints (its ``hints`` setting, ``POST /api/rooms`` ``"hints": true|false``; by default at a
  table with computer players; the room's summary says ``hints``), refused ``hints_off``
  where it does not;
  ``POST /api/rooms/{id}/review`` ``{"token", "hand"}`` — that seat's decisions in a
  finished hand, with the every-hand-known verdict only when every card of the hand was
  played (or the match is over).

Whoever sends a record has every card of it, so nothing here is hidden from the sender; a
seat at a room is answered from its own view, and told nothing of the other hands before
they are public.  The searches run in worker processes of their own at a lower priority
(:class:`Analyst`), hints and reviews in separate lanes, a few at a time in each; beyond
that the answer is 503 ``busy``.  Answers are kept (by their question's digest) so that
asking again is free.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import os
import signal
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from twentyeight.analysis.expert import Effort, default_expert
from twentyeight.errors import IllegalAction, RecordError
from twentyeight.match import Match
from twentyeight.rules import Rules
from twentyeight.server import assets
from twentyeight.server.assets import STATIC
from twentyeight.server.bounded import BoundedPool
from twentyeight.server.limits import client_of
from twentyeight.server.preview import LEARN, LESSON_CARDS, page_with_card, rules_card
from twentyeight.server.ratings import family
from twentyeight.server.refusal import RoomError
from twentyeight.server.room import Room
from twentyeight.server.thinkers import NICE

__all__ = ["MAX_HANDS", "Analyst", "ReplayRequest", "ReviewRequest", "add_routes"]

MAX_HANDS = 200
"""The most hands a record sent to these endpoints may have."""
RECORD_BYTES = 1 << 20
"""The largest record body these endpoints read (a match of 200 hands fits)."""

RECORD_DIGITS = 20
"""The longest integer a record may hold (a deal's seed is a 64-bit number)."""
RECORD_THREADS = 1
"""Threads that replay the records sent to ``/api/replay`` and ``/api/review`` (a record of
200 hands takes up to a second of the interpreter, which the tables' event loop shares)."""
RECORD_WAITING = 8
"""Records that may wait for those threads; beyond, 503 ``busy``."""

Body = Callable[[Request, type[Any], int | None, int | None], Awaitable[Any]]
"""The app's body reader: ``body(request, model, most_bytes, most_digits)``."""
Current = Callable[[str], Awaitable[Room]]
"""The lobby's room ``room_id`` (404, 410 as the lobby refuses)."""


class ReplayRequest(BaseModel):
    """``POST /api/replay``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    record: dict[str, Any]
    hand: int = Field(default=0, ge=0, lt=MAX_HANDS)
    seat: int = Field(default=0, ge=0, lt=8)
    open: bool = False


class ReviewRequest(BaseModel):
    """``POST /api/review``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    record: dict[str, Any]
    hand: int = Field(default=0, ge=0, lt=MAX_HANDS)
    seat: int = Field(ge=0, lt=8)


class SeatRequest(BaseModel):
    """``POST /api/rooms/{id}/hint``: the seat's token."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(max_length=128)


class SeatReview(SeatRequest):
    """``POST /api/rooms/{id}/review``: the seat's token and a finished hand of the match."""

    hand: int = Field(ge=0, lt=100_000)


class BadRequest(RoomError):
    """A refusal (the app's one shape, :class:`RoomError`) that also pickles: it may be
    raised in the worker process."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(status, code, message)
        self.args = (status, code, message)          # what unpickling calls it with


# ---- the work itself (plain functions: they run in the worker process) ---------------------


def one_hand(record: dict[str, Any], hand: int) -> dict[str, Any]:
    """Hand ``hand`` of a hand or match record, checked (raises :class:`BadRequest`)."""
    from twentyeight.analysis.review import hand_records

    hands = record.get("hands_played")
    if isinstance(hands, list) and len(hands) > MAX_HANDS:
        raise BadRequest(400, "bad_record", f"a record of at most {MAX_HANDS} hands")
    try:
        records = hand_records(record)
    except RecordError as e:
        raise BadRequest(400, "bad_record", str(e)) from None
    except IllegalAction as e:
        where = getattr(e, "hand", None)
        raise BadRequest(400, "bad_record", f"illegal action at "
                         f"{'' if where is None else f'hand {where}, '}index {e.index}: "
                         f"{e.action!r}: {e.message}") from None
    if hand >= len(records):
        raise BadRequest(400, "bad_hand", f"the record has {len(records)} hand"
                         f"{'s' * (len(records) != 1)}: hand {hand} does not exist")
    return records[hand]


def replay_work(record: dict[str, Any], hand: int, seat: int, open_hands: bool
                ) -> dict[str, Any]:
    """The answer of ``POST /api/replay``."""
    from twentyeight.analysis.replay import replay_steps

    rec = one_hand(record, hand)
    try:
        steps = replay_steps(rec, seat, open_hands)
    except RecordError as e:
        raise BadRequest(400, "bad_seat", str(e)) from None
    from twentyeight.record import read_hand_record

    hands = record.get("hands_played")
    rules = read_hand_record(rec).rules
    return {"hands": len(hands) if isinstance(hands, list) else 1, "hand": hand,
            "seat": seat, "open": open_hands, "rules": steps[0]["view"]["rules"],
            "players": rules.num_players, "direction": rules.direction, "steps": steps,
            **match_booking(record, hand)}


def match_booking(record: dict[str, Any], hand: int) -> dict[str, Any]:
    """What the match did with hand ``hand`` of a match record, as a table tells it at the
    hand's end: ``booked`` (under tables what was really paid, 56-MATCH-1; the kodis) and
    ``scores``, the match's standing after it; both ``None`` for a record of one hand (its
    stake is all there is to tell)."""
    from twentyeight.match import Match
    from twentyeight.record import is_match

    if not is_match(record):
        return {"booked": None, "scores": None}
    match = Match.from_record({**record, "hands_played": record["hands_played"][:hand + 1]})
    return {"booked": match.booking(hand), "scores": list(match.scores)}


def checked_hand(record: dict[str, Any], hand: int, seat: int) -> dict[str, Any]:
    """:func:`one_hand`, and the seat checked too."""
    from twentyeight.record import read_hand_record

    rec = one_hand(record, hand)
    players = read_hand_record(rec).rules.num_players
    if seat >= players:
        raise BadRequest(400, "bad_seat", f"seat {seat} does not exist (0 to {players - 1})")
    return rec


KNOWN_SECONDS = 30.0
"""A review a server answers gives its decisions the every-hand-known verdict while it has
taken less than this (a 56 of eight players took minutes a decision); the rest have only
the verdict over the deals the player could not tell apart."""


def review_work(record: dict[str, Any], hand: int, seat: int, effort: Effort | None = None
                ) -> dict[str, Any]:
    """The answer of ``POST /api/review`` (runs in the worker process)."""
    from twentyeight.analysis.review import biggest_first, review_hand

    rec = checked_hand(record, hand, seat)
    found = biggest_first(review_hand(rec, seats=[seat], hand=hand,
                                      expert=default_expert(effort),
                                      known_seconds=KNOWN_SECONDS))
    return {"hand": hand, "seat": seat, **review_unit(rec),
            "decisions": [d.to_json() for d in found]}


def review_unit(record: dict[str, Any]) -> dict[str, Any]:
    """``unit``: what a review's second cost counts in ``record``'s game, ``"tables"`` or
    ``"coolies"`` (a decision's ``loss_game_points`` are then twice what changes hands:
    ``analysis.outcome.game_measure``), else ``None`` (game points)."""
    from twentyeight.analysis.outcome import score_unit
    from twentyeight.record import read_hand_record

    return {"unit": score_unit(read_hand_record(record).rules)}


def hint_work(view: dict[str, Any], effort: Effort | None = None) -> dict[str, Any]:
    """The answer of ``POST /api/rooms/{id}/hint`` (runs in the worker process)."""
    from twentyeight.analysis.hints import hint
    from twentyeight.views import View

    typed: View = view  # type: ignore[assignment]
    return hint(typed, default_expert(effort)).to_json()


def seat_review_work(record: dict[str, Any], hand: int, seat: int, known: bool,
                     effort: Effort | None = None) -> dict[str, Any]:
    """The answer of ``POST /api/rooms/{id}/review`` (runs in the worker process)."""
    from twentyeight.analysis.review import biggest_first, review_hand

    found = biggest_first(review_hand(record, seats=[seat], hand=hand, known=known,
                                      expert=default_expert(effort),
                                      known_seconds=KNOWN_SECONDS))
    return {"hand": hand, "seat": seat, "known": known, **review_unit(record),
            "decisions": [d.to_json() for d in found]}


def every_card_public(game: Any) -> bool:
    """Whether every card of a finished hand was played (so seeing every hand of it in a
    review tells a player nothing new)."""
    h = game.hand
    return bool(game.over and len(h.tricks) == h.t.tricks_total)


def _start_worker(server: int) -> None:                 # pragma: no cover - in the worker
    """A worker's start: a lower priority, and a watch that ends it when the server process
    ``server`` is gone.  (Killed with ``kill -9``, the server cannot stop its pool, and each
    worker, holding the pool's queue open itself, would wait on it for ever.)  Ctrl-C is
    the server's to handle: it shuts the pool down."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(NICE)
    threading.Thread(target=exit_with, args=(server,), name="twentyeight-orphan-watch",
                     daemon=True).start()


def exit_with(server: int, every: float = 1.0) -> None:
    """Return when the process's parent is no longer ``server`` (it died: the process was
    handed to another parent), ending this process at once; checked every ``every`` s."""
    while os.getppid() == server:
        time.sleep(every)
    os._exit(0)


LANES = ("hint", "review")
"""The analyst's lanes, each with its own worker processes: a hint (about a second) never
waits behind a review (a minute for a long hand)."""
PER_CLIENT = 2
"""Questions one client may have in one lane at once (answered or waiting)."""


class Analyst:
    """Runs hints and reviews in worker processes at a lower priority — a lane of its own for
    each (:data:`LANES`), a bounded number at a time in each — and remembers the latest
    answers."""

    def __init__(self, workers: int = 1, waiting: int = 4, remember: int = 64,
                 effort: Effort | None = None) -> None:
        self.effort = effort
        """How hard the expert looks (``None``: :class:`Effort`'s defaults)."""
        self.workers = workers
        """Worker processes per lane."""
        self.waiting = waiting
        """Questions that may wait in each lane beyond those being answered."""
        self.remember = remember
        self.per_client = PER_CLIENT
        """Questions one client may have in a lane at once (answered or waiting), so that
        one client cannot hold every place of it."""
        self._pools: dict[str, ProcessPoolExecutor] = {}
        self._busy = dict.fromkeys(LANES, 0)
        self._by_client: Counter[tuple[str, str]] = Counter()
        self._answers: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.records = BoundedPool(RECORD_THREADS, RECORD_WAITING, "twentyeight-records",
                                   "the server is reading other records: try again in a "
                                   "minute")
        """The threads that read the records sent to ``/api/replay`` and ``/api/review``:
        on the default pool, sixteen addresses each sending 200-hand records ran sixteen
        replays at once against the event loop for the interpreter, and the tables stalled
        up to 1.6 s at a time."""

    async def run(self, key: str, fn: Any, *args: Any, lane: str = "review",
                  client: str = "") -> dict[str, Any]:
        """``fn(*args, self.effort)`` in a worker of ``lane``, or the answer kept for
        ``key``; 429 ``rate_limited`` when ``client`` already has :attr:`per_client`
        questions in the lane, 503 ``busy`` when the lane is full."""
        if key in self._answers:
            self._answers.move_to_end(key)
            return self._answers[key]
        mine = (lane, client)
        if self._by_client[mine] >= self.per_client:
            raise BadRequest(429, "rate_limited", f"you have {self.per_client} {lane}s under "
                             "way already: wait for their answers")
        if self._busy[lane] >= self.workers + self.waiting:
            raise BadRequest(503, "busy", f"the server is answering other {lane}s: try again "
                             "in a minute")
        pool = self._pools.get(lane)
        if pool is None:
            pool = self._pools[lane] = ProcessPoolExecutor(
                self.workers, mp_context=get_context("spawn"), initializer=_start_worker,
                initargs=(os.getpid(),))
        self._busy[lane] += 1
        self._by_client[mine] += 1
        try:
            answer: dict[str, Any] = await asyncio.get_running_loop().run_in_executor(
                pool, fn, *args, self.effort)
        except BrokenProcessPool:                       # a worker died: start afresh
            self._pools.pop(lane, None)
            raise BadRequest(503, "busy", f"the {lane} was interrupted: try again") from None
        finally:
            self._busy[lane] -= 1
            self._by_client[mine] -= 1
            if not self._by_client[mine]:
                del self._by_client[mine]
        self._answers[key] = answer
        while len(self._answers) > self.remember:
            self._answers.popitem(last=False)
        return answer

    def close(self) -> None:
        """Stop the workers (and the records' threads)."""
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools.clear()
        self.records.close()


@functools.cache
def _tutorial(game: str) -> dict[str, Any]:
    """The steps of ``game``'s tutorial (:func:`twentyeight.analysis.tutorial.lesson`), made
    once; ``game`` is a key of its ``LESSONS``."""
    from twentyeight.analysis.tutorial import LESSONS, lesson

    rules = LESSONS[game][0]["rules"]
    return {"game": game, "rules": rules, "seat": 0, "steps": lesson(game),
            "direction": Rules.from_spec(rules).direction, "lessons": list(LESSONS)}


def lesson_of(rules: Rules) -> str:
    """The lesson a player of these rules learns from: their family's (29's for 29, 29-16 and
    bhoos-29: :func:`~twentyeight.server.ratings.family`), else 28's."""
    from twentyeight.analysis.tutorial import LESSONS

    kind = family(rules)
    return kind if kind in LESSONS else "28"


def digest(*parts: Any) -> str:
    """A key for an answer: the SHA-256 of the canonical JSON of ``parts``."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, separators=(",", ":"))
                          .encode()).hexdigest()


def add_routes(app: FastAPI, body: Body, current: Current,
               analyst: Analyst | None = None) -> Analyst:
    """Register the learning pages and their API on ``app``; the analyst that reviews.
    ``body(request, model, most)`` reads a request's body as the app reads every body
    (bounded, strict JSON, rate-limited); ``current(room_id)`` is the lobby's room."""
    worker = analyst or Analyst()
    app.state.analyst = worker
    records = worker.records

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> HTMLResponse:
        return assets.page(STATIC / "replay.html")

    @app.get("/rules", include_in_schema=False)         # the recommended game's: 28
    @app.get("/rules/{preset}", include_in_schema=False)
    async def rules_page(request: Request, preset: str = "28") -> HTMLResponse:
        return page_with_card(STATIC / "rules.html", request, rules_card(preset))

    @app.get("/learn", include_in_schema=False)          # the recommended game's: 28
    @app.get("/learn/{game}", include_in_schema=False)
    async def tutorial_page(request: Request, game: str = "28") -> HTMLResponse:
        return page_with_card(STATIC / "learn.html", request, LESSON_CARDS.get(game, LEARN))

    @app.get("/api/explained")
    async def explained(preset: str | None = None, room: str | None = None) -> dict[str, Any]:
        """Every rule ID an explanation may cite; with ``preset`` or ``room``, those that
        game's table may cite (its rules page explains those, not 28's where 29 differs)."""
        from twentyeight.analysis.surprises import CITED, explained_rules
        from twentyeight.rules import PRESETS

        if room is not None:
            return {"rules": explained_rules((await current(room)).rules)}
        if preset is not None:
            if preset not in PRESETS:
                raise BadRequest(404, "not_found", "there is no game of that name")
            return {"rules": explained_rules(PRESETS[preset])}
        return {"rules": list(CITED)}

    @app.get("/api/tutorial")
    async def tutorial(game: str = "28") -> dict[str, Any]:
        """The steps of ``game``'s lesson (28's by default)."""
        from twentyeight.analysis.tutorial import LESSONS

        if game not in LESSONS:
            raise BadRequest(404, "not_found", "there is no lesson of that game: the lessons "
                             f"are of {', '.join(LESSONS)}")
        return _tutorial(game)

    @app.post("/api/replay")
    async def replay(request: Request) -> dict[str, Any]:
        ask = await body(request, ReplayRequest, RECORD_BYTES, RECORD_DIGITS)
        answer: dict[str, Any] = await records.run(replay_work, ask.record, ask.hand,
                                                   ask.seat, ask.open)
        return answer

    @app.post("/api/review")
    async def review(request: Request) -> dict[str, Any]:
        ask = await body(request, ReviewRequest, RECORD_BYTES, RECORD_DIGITS)
        await records.run(checked_hand, ask.record, ask.hand, ask.seat)
        return await worker.run(digest("review", ask.record, ask.hand, ask.seat),
                                review_work, ask.record, ask.hand, ask.seat,
                                client=client_of(request))

    _room_routes(app, body, current, worker)
    return worker


def _room_routes(app: FastAPI, body: Body, current: Current, worker: Analyst) -> None:
    """The hint and the review of a seat at a room (its token proves the seat)."""

    async def seat_of(room_id: str, token: str) -> tuple[Room, Match, int]:
        room = await current(room_id)
        seat = room.seat_of(token)
        if seat is None:
            raise BadRequest(403, "unauthorised", "this token is not a seat of this room")
        if room.match is None:
            raise BadRequest(409, "not_started", "the match has not started")
        return room, room.match, seat

    @app.post("/api/rooms/{room_id}/hint")
    async def room_hint(room_id: str, request: Request) -> dict[str, Any]:
        ask = await body(request, SeatRequest, None, None)
        room, match, seat = await seat_of(room_id, ask.token)
        if not room.offers_hints():
            raise BadRequest(409, "hints_off", "this table plays without hints")
        game = match.current
        if game.to_act != seat or match.over:
            raise BadRequest(409, "not_your_turn", "a hint is for your own turn")
        view = game.view(seat)                 # the seat's own view: all the expert is given
        seq = room.seq                         # the state it answers (the table may move on)
        answer = await worker.run(digest("hint", view), hint_work, view, lane="hint",
                                  client=client_of(request))
        return {**answer, "seq": seq}

    @app.post("/api/rooms/{room_id}/review")
    async def room_review(room_id: str, request: Request) -> dict[str, Any]:
        ask = await body(request, SeatReview, None, None)
        room, match, seat = await seat_of(room_id, ask.token)
        games = match.games
        if ask.hand >= len(games):
            so_far = "" if match.over else " so far"
            raise BadRequest(404, "no_hand", f"the match has hands 0 to {len(games) - 1}{so_far}")
        if not games[ask.hand].over:
            raise BadRequest(409, "hand_not_over", "a hand is reviewed once it is over")
        if room.rated and not match.over:
            raise BadRequest(409, "rated_in_play", "a rated match's hands are reviewed when "
                             "the match is over (no help from the computer while it counts)")
        first = room.seats[seat].sat_from
        if ask.hand < first and not match.over:      # someone else held the seat then
            raise BadRequest(403, "not_your_hand", "you took this seat after that hand: "
                             "it can be reviewed when the match is over")
        game = games[ask.hand]
        known = every_card_public(game) or match.over
        record = game.to_record()
        return await worker.run(digest("room-review", room_id, ask.hand, seat, known),
                                seat_review_work, record, ask.hand, seat, known,
                                client=client_of(request))

