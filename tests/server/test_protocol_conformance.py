"""The server against its own documents, clause by clause, as an independent client author
reads them: docs/protocol.md (the HTTP API, the WebSocket of a room: every message, field,
error code, close code and ordering) and docs/views.md (what each seat's view, and a
spectator's, may and may not show).  Each test cites its section; what other test modules
already cover (the limits, the fuzzers, chat, stand, the turn clock, the hand-over of a
claimed seat, …) is not repeated here.

Most WebSocket clauses are checked on one match played by four people and watched by a
spectator (:func:`played`), with a few probes sent at known moments; the rest on small rooms
of their own.  A few tests need a server of their own (a restart, a hand limit, idle rooms,
two processes on PostgreSQL and Redis).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import random
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from server.harness import CARD, Client, Message, Server, play_until, running, scan_secrecy
from server.services import Postgres, Redis
from twentyeight.rules import PRESETS

FAST = ("--limit", "requests_per_minute=100000", "--limit", "rooms_per_client=1000")
"""One test client makes every request and room of this module."""

SUMMARY = {"room", "status", "rules", "num_players", "bots", "takeover_seconds", "bot_delay",
           "turn_seconds", "public", "rated", "hints", "seq", "seats", "hands_played",
           "scores", "over", "winners", "path", "clock"}
"""The room summary's fields (docs/protocol.md, the JSON example under the HTTP table)."""
SUMMARY_SEAT = {"seat", "kind", "name", "connected", "played_by", "waiting", "sat_from"}
EVENT = {"type", "seq", "hand", "seat", "action", "phase", "by"}
STATE = {"type", "room", "seq", "hand", "seat", "to_act", "legal", "view", "match", "clock"}
MATCH = {"scores", "over", "winners", "hands_played", "booked"}
"""The state's ``match`` (and, under ``coolie_kodi`` only, ``kodis`` and ``kodi_irakkam``)."""
NOTE = {"key", "rule", "params", "text", "kind"}
HAND_OVER = {"type", "seq", "hand", "view", "scores", "booked"}
SHEET_ROW = {"hand", "dealer", "bidder", "team", "contract", "denomination", "multiplier", "c",
             "special", "special_seat", "status", "made", "points", "scores", "booked"}
WELCOME = {"type", "room", "seat", "name", "protocol", "seq"}
CLAIM = {"type", "seat", "hand", "status", "asked", "accepted", "cards"}
REMATCH = {"type", "agreed", "needed", "room", "path"}
PHASES = {"auction", "trump", "double", "redouble", "raise", "single_hand", "thani", "play",
          "cot", "over"}
VIEW = {"seat": (int, type(None)), "rules": (str, dict), "dealer": int, "phase": str,
        "status": str, "to_act": (int, type(None)), "hand": list, "hand_sizes": list,
        "history": list, "history_phases": list, "bidder": (int, type(None)),
        "high_bid": (int, type(None)), "contract": (int, type(None)),
        "target": (int, type(None)), "denomination": (str, type(None)), "teams": list,
        "multiplier": int, "stake": (dict, type(None)), "trump": (str, type(None)),
        "trump_exposed": bool,
        "indicator": (str, type(None)), "indicator_face_down": bool, "seventh_card": bool,
        "pair": (dict, type(None)), "special": (str, type(None)),
        "special_seat": (int, type(None)), "sitting_out": list, "trick": (dict, type(None)),
        "tricks": list, "points": dict, "scores": list, "legal": list}
"""docs/views.md, "Fields": each field and its type (``result`` only once the hand is over)."""
SHOWN_CARD = re.compile(r"(10|[2-9TJQKA])[SHDC♠♥♦♣]")
"""A card in an error's words (``7S``, or as people read it, ``7♠``, ``10♠``)."""


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real server (SQLite) for this module's small rooms and its one played match."""
    yield from running(Server(Path(tmp_path_factory.mktemp("conform")) / "rooms.db", *FAST))


# ---- helpers ---------------------------------------------------------------------------------
async def _read_all(c: Client) -> None:
    """Keep reading ``c`` (its log and state) until it closes or the task is cancelled."""
    with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
        while True:
            await c.recv(3600)


async def _answer(c: Client, ref: str, timeout: float = 10.0) -> Message:
    """The ``error`` or ``pong`` that answers ``c``'s message ``ref`` (read in the
    background by :func:`_read_all`)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for m in c.log:
            if m.get("id") == ref and m["type"] in ("error", "pong"):
                return m
        await asyncio.sleep(0.005)
    raise TimeoutError(f"no answer to {ref!r}: {c.log[-5:]}")


async def _drive(seats: list[Client], rng: random.Random,
                 stop: Callable[[list[Client]], bool], timeout: float = 60.0) -> None:
    """Act (:func:`_act`) for every seat of ``seats`` (one client per seat, read in the
    background) until ``stop`` holds for the clients once every one of them has the same
    latest state."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        states = [c.state for c in seats]
        if all(s is not None for s in states):
            top = max(s["seq"] for s in states if s is not None)
            if all(s is not None and s["seq"] == top for s in states):
                if stop(seats):
                    return
                first = states[0]
                assert first is not None
                k = first["to_act"]
                if k is not None and seats[k].my_turn():
                    await _act(seats[k], rng)
        await asyncio.sleep(0.005)
    raise TimeoutError("the table did not get there in time")


async def _act(c: Client, rng: random.Random) -> None:
    """A pass where the seat may pass, else its lowest bid (no hand is then worth more than
    two game points), else a random legal action."""
    assert c.state is not None
    legal = c.state["legal"]
    passes = [a for a in legal if a.endswith(" pass")]
    bids = [a for a in legal if a.split()[1] == "bid"]
    c.acted_seq = c.state["seq"]
    await c.act(passes[0] if passes else bids[0] if bids else rng.choice(legal))


def _public_part(view: Message) -> Message:
    """A seat's view less what is private to it (docs/views.md: ``seat`` null, ``hand`` and
    ``legal`` empty, no face-down indicator)."""
    out = dict(view)
    out.update(seat=None, hand=[], legal=[])
    if out["indicator_face_down"]:
        out["indicator"] = None
    return out


def _offsets(record: Message) -> list[int]:
    """The ``seq`` before each hand's first action (``seq`` counts across hands)."""
    out = [0]
    for h in record["hands_played"]:
        out.append(out[-1] + len(h["actions"]))
    return out


def _refusal(r: httpx.Response, status: int, code: str) -> Message:
    assert r.status_code == status, r.text
    body = dict(r.json())
    assert set(body) == {"error", "message"} and body["error"] == code, body
    assert body["message"]
    return body


def _make_room(server: Server, client: str, **body: Any) -> httpx.Response:
    """``POST /api/rooms`` from ``client`` (the server trusts its own proxy's
    ``X-Forwarded-For``)."""
    r = httpx.post(f"{server.url}/api/rooms", json=body, timeout=10,
                   headers={"x-forwarded-for": client})
    if r.status_code == 201:
        server.invites[r.json()["room"]] = r.json()["invite"]
    return r


# ---- the HTTP API ----------------------------------------------------------------------------
def test_making_a_room_answers_its_links_its_secrets_and_its_summary(srv: Server) -> None:
    """protocol.md, "HTTP API": ``POST /api/rooms`` answers 201 ``{"room", "link", "watch",
    "invite", "host_token", "ws", "info"}``; "Two links, three secrets": the seat link
    carries the invitation, the watch link only the room; ``ws`` is the room's WebSocket;
    ``info`` is the room summary, as ``GET /api/rooms/{room}`` gives it, with exactly the
    fields of the documented example, and says ``public``, ``rated`` and ``hints``."""
    r = srv.post("/api/rooms", {"rules": "28", "bots": "rules", "public": False,
                                "rated": False, "hints": True, "takeover_seconds": 90,
                                "turn_seconds": 45, "bot_delay": 1})
    assert r.status_code == 201, r.text
    made = r.json()
    room = made["room"]
    assert set(made) == {"room", "link", "watch", "invite", "host_token", "ws", "info"}
    assert made["link"].endswith(f"/r/{room}#invite={made['invite']}")
    assert made["watch"].endswith(f"/r/{room}") and made["invite"] not in made["watch"]
    assert made["ws"] == f"/api/rooms/{room}/ws"
    assert made["invite"] != made["host_token"]
    info = made["info"]
    assert set(info) == SUMMARY
    assert info == {**srv.get(f"/api/rooms/{room}").json(), "clock": info["clock"]}
    assert info["room"] == room and info["path"] == f"/r/{room}"
    assert info["status"] == "waiting" and info["num_players"] == 4 and info["rules"] == "28"
    assert (info["public"], info["rated"], info["hints"]) == (False, False, True)
    assert (info["takeover_seconds"], info["turn_seconds"], info["bot_delay"]) == (90, 45, 1)
    assert info["seq"] == 0 and info["over"] is False and info["winners"] == []
    assert info["clock"] is None
    assert [set(s) for s in info["seats"]] == [SUMMARY_SEAT] * 4
    assert [(s["seat"], s["kind"]) for s in info["seats"]] == [(k, "open") for k in range(4)]
    text = str(info)
    assert made["invite"] not in text and made["host_token"] not in text


def test_the_room_summary_follows_seats_claims_and_the_start(srv: Server) -> None:
    """protocol.md, "HTTP API": taking an open seat answers ``{"room", "seat", "token",
    "pending"}`` (``from_hand`` only when pending); the start answers the room summary;
    ``kind`` is ``open``/``human``/``bot``, ``connected`` is for people (``null`` for a
    computer), ``played_by`` says who acts for the seat, ``waiting`` names the newcomer who
    takes a computer's seat at the next hand, ``sat_from`` the first hand a person's seat was
    theirs (``null`` but for people); ``status`` ``waiting`` then ``playing``."""
    made = srv.create_room(rules="28", bots="rules", bot_delay=0, takeover_seconds=600)
    room = made["room"]
    r = srv.post(f"/api/rooms/{room}/seats/0", {"invite": made["invite"], "name": "Asha"})
    assert r.status_code == 200, r.text
    assert set(r.json()) == {"room", "seat", "token", "pending"}
    assert r.json()["room"] == room and r.json()["seat"] == 0 and r.json()["pending"] is False
    started = srv.post(f"/api/rooms/{room}/start", {"token": made["host_token"]})
    assert started.status_code == 200 and set(started.json()) == SUMMARY
    info = started.json()
    assert info["status"] == "playing" and info["hands_played"] == 1
    assert isinstance(info["scores"], list) and len(info["scores"]) == 2
    human, *bots = info["seats"]
    assert human["kind"] == "human" and human["name"] == "Asha"
    assert human["connected"] is False and human["played_by"] == "human"
    assert human["sat_from"] == 0
    for s in bots:
        assert s["kind"] == "bot" and s["connected"] is None and s["played_by"] == "bot"
        assert s["name"] and s["waiting"] is None and s["sat_from"] is None
    late = srv.post(f"/api/rooms/{room}/seats/3", {"invite": made["invite"], "name": "Meena"})
    assert late.status_code == 200
    assert set(late.json()) == {"room", "seat", "token", "pending", "from_hand"}
    assert late.json()["pending"] is True and late.json()["from_hand"] == 1
    seats = srv.get(f"/api/rooms/{room}").json()["seats"]
    assert seats[3]["kind"] == "bot" and seats[3]["waiting"] == "Meena"
    approved = srv.post(f"/api/rooms/{room}/seats/3/approve", {"token": made["host_token"]})
    assert approved.status_code == 200 and set(approved.json()) == SUMMARY
    assert approved.json()["seats"][3]["kind"] == "human"
    assert approved.json()["seats"][3]["waiting"] is None
    assert approved.json()["seats"][3]["sat_from"] == 0       # the rest of hand 0 is theirs


def test_wrong_methods_and_addresses_get_the_documented_answers(srv: Server) -> None:
    """protocol.md, "HTTP API": 405 ``method_not_allowed`` (that address does not take that
    method); 404 ``not_found`` (nothing there); ``GET /r/{room}`` 404 for an unknown room;
    ``GET /api/health`` ``{"ok": true, ...}``; a hand's record only of a finished match
    (409 before); the pages of the site are there."""
    _refusal(httpx.delete(f"{srv.url}/api/rooms", timeout=10), 405, "method_not_allowed")
    _refusal(srv.get("/api/rooms/abc/start"), 405, "method_not_allowed")
    _refusal(srv.get("/api/nothing/here"), 404, "not_found")
    assert srv.get("/r/nosuchroom").status_code == 404
    # a browser going to an address that leads nowhere is shown a page that says so (404);
    # a program (no text/html in Accept) and any address of the API keep the JSON refusal
    page = httpx.get(f"{srv.url}/no/such/page", headers={"Accept": "text/html"}, timeout=10)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "no-room.js" in page.text
    _refusal(srv.get("/no/such/page"), 404, "not_found")
    _refusal(httpx.get(f"{srv.url}/api/nothing/here", headers={"Accept": "text/html"},
                       timeout=10), 404, "not_found")
    health = srv.get("/api/health")
    assert health.status_code == 200 and health.json()["ok"] is True
    made = srv.create_room(rules="28", bots="rules", bot_delay=0)
    srv.take(made["room"], 0)
    srv.start_match(made["room"], made["host_token"])
    _refusal(srv.get(f"/api/rooms/{made['room']}/record/hands/0"), 409, "not_finished")
    for page in ("/", "/learn", "/replay", "/rules/28", "/rules", "/signin", "/leaderboard",
                 f"/r/{made['room']}"):
        r = srv.get(page)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html"), page


MARK = "Zq7xMarker"


@pytest.mark.parametrize("case", ["bots", "unknown field", "room id"])
def test_a_refusal_never_repeats_what_was_sent(srv: Server, case: str) -> None:
    """protocol.md, "HTTP API": "Every refusal, of any request, has one shape: ``{"error":
    CODE, "message": "words for people"}`` — the message never repeats what was sent"."""
    if case == "bots":
        r = srv.post("/api/rooms", {"bots": MARK})
        body = _refusal(r, 400, "bad_bots")
    elif case == "unknown field":
        r = srv.post("/api/rooms", {MARK: 1})
        body = _refusal(r, 400, "bad_request")
    else:
        r = srv.get(f"/api/rooms/{MARK}")
        body = _refusal(r, 404, "no_room")
    assert MARK not in body["message"], body


def test_presets_describe_every_preset_flag_and_computer_player(srv: Server) -> None:
    """protocol.md, ``GET /api/presets``: the presets (each with ``title``, ``num_players``,
    every flag's value in ``flags``, its ``legend`` and ``by_flag``), the bot kinds
    (``bots``), every flag (``flag``, ``type``, ``default``, ``rule``, ``doc``) and the
    editor's words (``groups``; per flag ``group``, ``text``, ``choices``, ``applies``,
    ``table``).  "Every preset works (3, 4, 6 and 8 seats)" and every bot kind offered is
    one a room may have."""
    got = srv.get("/api/presets").json()
    assert {"presets", "bots", "flags", "editor"} <= set(got)
    assert set(got["presets"]) == set(PRESETS)
    for name, p in got["presets"].items():
        assert {"title", "num_players", "flags", "legend", "by_flag"} <= set(p), name
        assert p["num_players"] in (3, 4, 6, 8) and p["flags"]["num_players"] == p["num_players"]
        made = srv.create_room(rules=name)
        assert len(made["info"]["seats"]) == made["info"]["num_players"] == p["num_players"]
    names = {f["flag"] for f in got["flags"]}
    for f in got["flags"]:
        assert {"flag", "type", "default", "rule", "doc"} <= set(f), f
    for p in got["presets"].values():
        assert set(p["flags"]) <= names
    editor = got["editor"]
    assert editor["groups"] and {g for g, _ in editor["groups"]} >= {
        f["group"] for f in editor["flags"]}
    for f in editor["flags"]:
        assert {"flag", "group", "text", "choices", "applies", "table"} <= set(f), f
    assert got["bots"] and "oracle" not in got["bots"]
    for bot in got["bots"]:
        r = srv.post("/api/rooms", {"bots": bot})
        assert r.status_code == 201 and r.json()["info"]["bots"] == bot, (bot, r.text)


def test_room_settings_are_kept_within_their_ranges(srv: Server) -> None:
    """protocol.md, "HTTP API": ``takeover_seconds`` 0 to 86,400; ``bot_delay`` and
    ``turn_seconds`` within the server's limits (docs/online.md, "Limits"); out of range:
    400 ``bad_request``, and nothing is made."""
    for body in ({"takeover_seconds": 0}, {"takeover_seconds": 86400},
                 {"turn_seconds": 3600}, {"bot_delay": 30}):
        r = srv.post("/api/rooms", body)
        assert r.status_code == 201, (body, r.text)
        (key, value), = body.items()
        assert r.json()["info"][key] == value
    rooms = srv.get("/api/health").json()["rooms"]
    for body in ({"takeover_seconds": 86401}, {"takeover_seconds": -1},
                 {"turn_seconds": 0.1}, {"turn_seconds": 3601}, {"bot_delay": 30.5},
                 {"bot_delay": -1}):
        _refusal(srv.post("/api/rooms", body), 400, "bad_request")
    assert srv.get("/api/health").json()["rooms"] == rooms


def test_players_and_names_are_refused_with_their_documented_codes(srv: Server) -> None:
    """protocol.md, "HTTP API" status table: 400 ``bad_name`` and ``bad_password``, 403
    ``not_signed_in``, 404 ``no_seat``, ``no_player``, 400 ``bad_family``; ``POST
    /api/players`` 201 ``{"player": {"name"}}``; ``GET /api/session`` ``{"player": null,
    "rooms": [...]}`` without a session; ``…/mine`` 403 ``not_signed_in`` without one and
    404 ``no_seat`` for a player who holds no seat there."""
    made = srv.create_room(rules="28")
    room = made["room"]
    _refusal(srv.post(f"/api/rooms/{room}/seats/0", {"invite": made["invite"],
                                                     "name": "x" * 33}), 400, "bad_name")
    _refusal(srv.post("/api/players", {"name": "ab", "password": "a long secret"}), 400,
             "bad_name")
    _refusal(srv.post("/api/players", {"name": "fine name", "password": "short"}), 400,
             "bad_password")
    with httpx.Client(base_url=srv.url, timeout=10) as anonymous:
        assert anonymous.get("/api/session").json() == {"player": None, "rooms": []}
        _refusal(anonymous.get(f"/api/rooms/{room}/mine"), 403, "not_signed_in")
    name = f"conformance {time.monotonic_ns() % 10**6}"
    with httpx.Client(base_url=srv.url, timeout=10) as player:
        r = player.post("/api/players", json={"name": name, "password": "a long secret"})
        assert r.status_code == 201 and r.json() == {"player": {"name": name}}, r.text
        _refusal(player.get(f"/api/rooms/{room}/mine"), 404, "no_seat")
    _refusal(srv.get("/api/players/nobody%20of%20that%20name"), 404, "no_player")
    _refusal(srv.get("/api/leaderboard?family=27"), 400, "bad_family")
    board = srv.get("/api/leaderboard?family=56").json()
    assert set(board) == {"family", "players"} and board["family"] == "56"


def test_the_room_summary_is_sent_when_seats_connections_or_the_status_change(
        srv: Server) -> None:
    """protocol.md, "Server → client" ``room``: "on connect and whenever seats, connections
    or the status change": a seat taken over HTTP, its person connecting and leaving, the
    start — each reaches a spectator as a summary."""
    made = srv.create_room(rules="28", bots="rules", bot_delay=0, takeover_seconds=600)
    room = made["room"]

    async def scenario() -> None:
        watcher = await Client.open(srv, room)
        await watcher.until(lambda m: m["type"] == "room")
        token = srv.take(room, 1, "Ravi")
        await watcher.until(lambda m: m["type"] == "room" and m["seats"][1]["kind"] == "human"
                            and m["seats"][1]["name"] == "Ravi")
        ravi = await Client.open(srv, room, 1, token)
        await watcher.until(lambda m: m["type"] == "room" and m["seats"][1]["connected"])
        await ravi.close()
        await watcher.until(lambda m: m["type"] == "room"
                            and m["seats"][1]["connected"] is False)
        srv.start_match(room, made["host_token"])
        info = await watcher.until(lambda m: m["type"] == "room" and m["status"] == "playing")
        assert [s["kind"] for s in info["seats"]] == ["bot", "human", "bot", "bot"]
        await watcher.close()

    asyncio.run(scenario())


# ---- a new connection, hello and welcome --------------------------------------------------
def test_a_new_connection_is_a_spectator_told_the_room_first(srv: Server) -> None:
    """protocol.md, "The WebSocket": a new connection "gets the ``room`` summary and, once
    the match has started, the public ``state``"; ``chat_log`` on connecting; ``sheet`` on
    connecting once the match has started (not before).  The spectator's state has no cards
    in hand, no ``legal``, ``seat`` null and no ``notes``."""
    made = srv.create_room(rules="28", bots="rules", bot_delay=0, takeover_seconds=600)
    room = made["room"]
    srv.take(room, 0, "Asha")

    async def scenario() -> None:
        before = await Client.open(srv, room)
        got = await before.drain(0.5)
        assert [m["type"] for m in got] == ["room", "chat_log"]
        assert set(got[0]) - {"type"} == SUMMARY and got[0]["status"] == "waiting"
        srv.start_match(room, made["host_token"])
        after = await Client.open(srv, room)
        got = [await after.recv() for _ in range(4)]
        assert [m["type"] for m in got] == ["room", "state", "chat_log", "sheet"]
        st = got[1]
        assert set(st) == STATE and st["seat"] is None and st["view"]["seat"] is None
        assert st["view"]["hand"] == [] and st["legal"] == [] and st["view"]["legal"] == []
        # One row per finished hand: none yet, unless the first deal was annulled at once
        # (28-ANN-1, e.g. 28-PRE-1: a deal thrown in is a finished hand of the sheet).
        rows = got[3]["hands"]
        assert [r["hand"] for r in rows] == list(range(st["hand"]))
        assert all(set(r) == SHEET_ROW and r["status"] == "annulled" for r in rows)
        for c in (before, after):
            await c.close()

    asyncio.run(scenario())


def test_hello_is_answered_by_welcome_and_the_state(srv: Server) -> None:
    """protocol.md, "Client → server" ``hello`` ("answered by ``welcome`` and ``state``")
    and "Server → client" ``welcome``: ``room``, ``seat``, ``name``, ``protocol`` (2),
    ``seq``; a ``hello`` without a token makes the connection a spectator (``seat`` null)
    with the public state; the seat is then no longer connected."""
    made = srv.create_room(rules="28", bots="rules", bot_delay=0, takeover_seconds=600)
    room = made["room"]
    token = srv.take(room, 0, "Asha")
    srv.start_match(room, made["host_token"])

    async def scenario() -> None:
        c = await Client.open(srv, room)
        await c.drain(0.3)
        await c.send({"type": "hello", "token": token})
        welcome = await c.until(lambda m: m["type"] == "welcome")
        assert set(welcome) == WELCOME
        assert (welcome["room"], welcome["seat"], welcome["name"], welcome["protocol"]) == \
            (room, 0, "Asha", 2)
        st = await c.until(lambda m: m["type"] == "state")
        assert st["seat"] == 0 and st["view"]["seat"] == 0 and st["view"]["hand"]
        assert st["seq"] == welcome["seq"] and isinstance(st["notes"], list)
        await c.send({"type": "hello"})
        welcome = await c.until(lambda m: m["type"] == "welcome")
        assert set(welcome) == WELCOME and welcome["seat"] is None and welcome["name"] is None
        st = await c.until(lambda m: m["type"] == "state")
        assert st["seat"] is None and st["view"]["hand"] == [] and "notes" not in st
        info = await c.until(lambda m: m["type"] == "room" and not m["seats"][0]["connected"])
        assert info["seats"][0]["kind"] == "human"
        await c.close()

    asyncio.run(scenario())


def test_a_newcomer_waits_as_a_spectator_and_cannot_speak_for_the_seat(srv: Server) -> None:
    """protocol.md, "Taking a seat": a computer's seat claimed mid-match: the newcomer's
    ``hello`` makes it a spectator whose ``welcome`` carries ``claim`` and ``from_hand`` (as
    the seat's answer said); "At the table": it may chat, under its own name (a connection
    that said no ``hello`` may not: ``unauthorised``); the hint and the review are a seat's (a
    claim's token
    is no seat's: refused in the one refusal shape).  (Without 28-PRE-1: a computer first to
    speak with a pointless four claimed the redeal at once, one deal in about twenty-five, and
    the claimed seat was handed over at the new hand before the newcomer's ``hello``.)"""
    made = srv.create_room(rules={"preset": "28", "first_hand_pointless_redeal": False},
                           bots="rules", bot_delay=0, takeover_seconds=600)
    room = made["room"]
    srv.take(room, 0, "Asha")
    srv.start_match(room, made["host_token"])
    claim = srv.post(f"/api/rooms/{room}/seats/2", {"invite": made["invite"], "name": "Late"})
    assert claim.status_code == 200 and claim.json()["pending"] is True
    token, from_hand = claim.json()["token"], claim.json()["from_hand"]

    async def scenario() -> None:
        c = await Client.open(srv, room)
        await c.drain(0.3)
        await c.send({"type": "hello", "token": token})
        welcome = await c.until(lambda m: m["type"] == "welcome")
        assert set(welcome) == WELCOME | {"claim", "from_hand"}
        assert welcome["seat"] is None and welcome["claim"] == 2
        assert welcome["from_hand"] == from_hand
        st = await c.until(lambda m: m["type"] == "state")
        assert st["seat"] is None and st["view"]["hand"] == [] and st["legal"] == []
        await c.send({"type": "chat", "text": "hello", "id": "c1"})
        said = await c.until(lambda m: m["type"] in ("chat", "error"))
        assert said["type"] == "chat" and (said["seat"], said["name"]) == (2, "Late"), said
        watcher = await Client.open(srv, room)
        await watcher.send({"type": "chat", "text": "hello", "id": "c2"})
        err = await watcher.until(lambda m: m["type"] == "error")
        assert err["code"] == "unauthorised" and err["id"] == "c2"
        await c.close()
        await watcher.close()

    asyncio.run(scenario())
    for path, body in (("hint", {"token": token}), ("review", {"token": token, "hand": 0})):
        r = srv.post(f"/api/rooms/{room}/{path}", body)
        assert r.status_code == 403 and set(r.json()) == {"error", "message"}, (path, r.text)


# ---- one match of four people, watched ------------------------------------------------------
@dataclass
class Played:
    """A short match played by four people over the WebSocket, watched by a spectator."""

    made: Message
    tokens: list[str]
    seats: list[Client]
    watcher: Client
    record: Message
    first: Message
    """The state every seat had at the start (``seq`` 0)."""
    probes: dict[str, Message] = field(default_factory=dict)
    """The answers to the probes, by their ``id``."""
    hidden: dict[str, Any] = field(default_factory=dict)
    """The moment of the face-down trump probe: ``seat`` to act, ``bidder``, ``indicator``,
    ``other`` (a card of another non-bidder)."""

    @property
    def clients(self) -> list[Client]:
        return [*self.seats, self.watcher]


def _hidden_trump_turn(seats: list[Client]) -> bool:
    st = seats[0].state
    assert st is not None
    v = st["view"]
    return v["phase"] == "play" and v["indicator_face_down"] and not st["match"]["over"] \
        and st["to_act"] is not None and st["to_act"] != v["bidder"]


@pytest.fixture(scope="module")
def played(srv: Server) -> Played:
    """Four people (this test, one client per seat: passes, the lowest bid, random cards)
    and a spectator, a match to 3 game points (two hands at least).  Probes: at ``seq`` 0
    bad and good-looking actions of the seat to act and of the next seat, a ``ping``; at the
    first turn of a non-bidder in the play with the trump face down, that seat names the
    face-down card, and another card it does not hold."""
    made = srv.create_room(rules="28", flags={"game_target": 3}, bots="rules", bot_delay=0,
                           takeover_seconds=600, turn_seconds=600)
    room = made["room"]
    tokens = [srv.take(room, k, f"P{k}") for k in range(4)]

    async def scenario() -> Played:
        seats = [await Client.open(srv, room, k, tokens[k]) for k in range(4)]
        watcher = await Client.open(srv, room)
        readers = [asyncio.create_task(_read_all(c)) for c in [*seats, watcher]]
        srv.start_match(room, made["host_token"])
        await _drive(seats, random.Random(0), lambda cs: True)
        first = seats[0].state
        assert first is not None and first["seq"] == 0
        x = first["to_act"]
        y = (x + 1) % 4
        px, py = seats[x], seats[y]
        assert px.state is not None
        legal = px.state["legal"]
        out = Played(made, tokens, seats, watcher, {}, dict(px.state))
        for ref, who, msg in [
            ("illegal", px, {"action": f"{x} bid 99", "seq": 0}),
            ("not-turn", py, {"action": f"{y} pass", "seq": 0}),
            ("stale", px, {"action": legal[0], "seq": 3}),
            ("seq-negative", px, {"action": legal[0], "seq": -1}),
            ("seq-big", px, {"action": legal[0], "seq": 2**31}),
            ("notation", px, {"action": f"{x} bid \u0661\u0666", "seq": 0}),
        ]:
            await who.send({"type": "action", "token": who.token, "id": ref, **msg})
            out.probes[ref] = await _answer(who, ref)
        await px.send({"type": "ping", "id": "ping"})
        out.probes["ping"] = await _answer(px, "ping")

        rng = random.Random(28)
        await _drive(seats, rng, _hidden_trump_turn)
        st = seats[0].state
        assert st is not None
        k, b = st["to_act"], st["view"]["bidder"]
        bidder_state = seats[b].state
        assert bidder_state is not None and bidder_state["seq"] == st["seq"]
        indicator = bidder_state["view"]["indicator"]
        other = next(card for j in range(4) if j not in (k, b)
                     for card in (seats[j].state or {})["view"]["hand"])
        out.hidden = {"seat": k, "bidder": b, "indicator": indicator, "other": other,
                      "seq": st["seq"]}
        for ref, card in (("indicator", indicator), ("other", other)):
            await seats[k].send({"type": "action", "token": tokens[k], "id": ref,
                                 "action": f"{k} play {card}", "seq": st["seq"]})
            out.probes[ref] = await _answer(seats[k], ref)

        await _drive(seats, rng, lambda cs: all(c.state is not None
                                                and c.state["match"]["over"] for c in cs))
        deadline = time.monotonic() + 10
        while not any(m["type"] == "state" and m["match"]["over"] for m in watcher.log):
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.3)                       # what follows the end (the summary)
        for task in readers:
            task.cancel()
        for c in out.clients:
            await c.close()
        return out

    out = asyncio.run(scenario())
    r = srv.get(f"/api/rooms/{room}/record")
    assert r.status_code == 200, r.text
    out.record = r.json()
    return out


def test_events_have_the_documented_fields_in_seq_order(played: Played) -> None:
    """protocol.md, "Server → client" ``event`` (``seq``, ``hand``, ``seat``, ``action``,
    ``phase``, ``by``) and "``seq`` numbers the accepted actions ... 1, 2, 3, … across all
    its hands, with no gaps ... events arrive in ``seq`` order": every connection, seats
    and spectator, gets every event once, in order; ``hand`` counts from 0."""
    offsets = _offsets(played.record)
    total = offsets[-1]
    for c in played.clients:
        events = [m for m in c.log if m["type"] == "event"]
        assert [e["seq"] for e in events] == list(range(1, total + 1)), c.seat
        for e in events:
            assert set(e) == EVENT, e
            assert e["by"] == "player" and e["phase"] in PHASES
            assert e["action"].split()[0] == str(e["seat"])
            hand = next(h for h in range(len(offsets) - 1) if e["seq"] <= offsets[h + 1])
            assert e["hand"] == hand, e


def test_a_face_down_trump_choice_is_told_as_each_may_know(played: Played) -> None:
    """protocol.md, "``action`` in an ``event`` is told as the recipient may know it: the
    bidder's choice of a face-down trump card reaches everyone else as ``"3 trump"``, not
    ``"3 trump 7S"``"; the bidder is told its own card."""
    offsets = _offsets(played.record)
    told = 0
    for h, hand in enumerate(played.record["hands_played"]):
        for i, action in enumerate(hand["actions"]):
            words = action.split()
            if words[1] != "trump" or len(words) < 3:
                continue
            seq, bidder = offsets[h] + i + 1, int(words[0])
            for c in played.clients:
                [ev] = [m for m in c.log if m["type"] == "event" and m["seq"] == seq]
                assert ev["action"] == (action if c.seat == bidder else f"{bidder} trump"), \
                    (c.seat, ev)
                told += 1
    assert told >= 5


def test_states_have_the_documented_fields(played: Played) -> None:
    """protocol.md, "Server → client" ``state``: ``room``, ``seq``, ``hand``, ``seat``,
    ``to_act``, ``legal``, ``view``, ``match`` (``scores``, ``over``, ``winners``,
    ``hands_played``), ``clock`` ("At the table": every state carries it, ``{"seat",
    "seconds", "kind"}`` or null) and, once over, ``record`` (its URL, downloadable); a
    seat's also ``notes``, each ``{key, rule, params, text, kind}`` with ``kind`` ``step`` or
    ``turn``; a spectator's none."""
    room = played.made["room"]
    for c in played.clients:
        states = [m for m in c.log if m["type"] == "state"]
        assert states
        for st in states:
            over = st["match"]["over"]
            extra = ({"notes"} if c.seat is not None else set()) | ({"record"} if over else set())
            assert set(st) == STATE | extra, (c.seat, sorted(st))
            assert st["room"] == room and st["seat"] == c.seat == st["view"]["seat"]
            assert set(st["match"]) == MATCH and st["to_act"] == st["view"]["to_act"]
            assert st["match"]["hands_played"] == st["hand"] + 1   # as in "An exchange"
            assert st["clock"] is None or (set(st["clock"]) == {"seat", "seconds", "kind"}
                                           and st["clock"]["kind"] in ("turn", "away"))
            for note in st.get("notes", []):
                assert set(note) == NOTE and note["kind"] in ("step", "turn"), note
            if over:
                assert st["record"] == f"/api/rooms/{room}/record" and st["to_act"] is None
        assert states[-1]["match"]["over"] and states[-1]["match"]["winners"]


def test_legal_lists_only_the_seats_own_actions_on_its_turn(played: Played) -> None:
    """protocol.md, "``legal`` lists the seat's legal actions when it is to act, else
    ``[]``"; docs/views.md ``legal``: this seat's actions only — no seat is ever shown
    another seat's legal actions; a spectator never any."""
    for c in played.clients:
        for st in (m for m in c.log if m["type"] == "state"):
            assert st["legal"] == st["view"]["legal"]
            if c.seat is not None and st["to_act"] == c.seat:
                assert st["legal"]
                assert all(a.split()[0] == str(c.seat) for a in st["legal"]), st["legal"]
            else:
                assert st["legal"] == [], (c.seat, st["to_act"], st["legal"])


def test_the_end_of_a_hand_is_event_then_hand_over_then_state(played: Played) -> None:
    """protocol.md: "After the last action of a hand the order is ``event``, ``hand_over``
    (the finished hand), then ``state`` (the next hand, already dealt; or the final state when
    the match is over)"; ``hand_over``: ``seq``, ``hand``, ``view`` (the finished hand, with
    ``result``), ``scores``."""
    hands = len(played.record["hands_played"])
    assert hands >= 2                   # (to 3 game points: no hand gives more than 2)
    for c in played.clients:
        told = [m for m in c.log if m["type"] in ("event", "hand_over", "state")]
        overs = [i for i, m in enumerate(told) if m["type"] == "hand_over"]
        assert len(overs) == hands, c.seat
        for i in overs:
            over, before, after = told[i], told[i - 1], told[i + 1]
            assert set(over) == HAND_OVER
            assert before["type"] == "event" and before["seq"] == over["seq"]
            assert before["hand"] == over["hand"]
            assert after["type"] == "state" and after["seq"] == over["seq"]
            assert after["hand"] == over["hand"] + 1 or after["match"]["over"]
            assert over["view"]["phase"] == "over" and over["view"]["to_act"] is None
            assert set(over["view"]["result"]) == {"made", "won", "score_change",
                                                   "score_by_team", "annulled_reason",
                                                   "annulled_seat"}
            assert over["view"]["seat"] == c.seat
            assert over["scores"] == after["match"]["scores"]


def test_the_score_sheet_has_a_row_per_finished_hand(played: Played) -> None:
    """protocol.md, ``sheet``: "on connecting (once the match has started) and after every
    hand": one row per finished hand — ``hand``, ``dealer``, ``bidder``, ``team``,
    ``contract``, ``denomination``, ``multiplier``, ``c``, ``special``, ``special_seat``,
    ``status``, ``made`` (null if annulled),
    ``points``, ``scores``
    (the match's standing after it).  (These connections were there before the start: no
    sheet on connecting, one after each hand.)"""
    for c in played.clients:
        sheets = [m for m in c.log if m["type"] == "sheet"]
        overs = [m for m in c.log if m["type"] == "hand_over"]
        assert [len(s["hands"]) for s in sheets] == list(range(1, len(overs) + 1))
        for row, over in zip(sheets[-1]["hands"], overs, strict=True):
            assert set(row) == SHEET_ROW and row["hand"] == over["hand"]
            assert row["scores"] == over["scores"]
            assert row["made"] is None if row["status"] == "annulled" else \
                row["made"] == over["view"]["result"]["made"]


def test_errors_carry_the_documented_fields(played: Played) -> None:
    """protocol.md, ``error``: ``code``, ``message``, ``id`` (if the message had one); for
    ``illegal`` also ``action``, ``legal`` (the sender's legal actions if it is its turn,
    else ``[]``) and, when the engine gives one, ``reason`` (``{key, rule, params}``); for
    ``stale`` also ``seq`` (the table's)."""
    illegal = played.probes["illegal"]
    x = played.first["to_act"]
    assert set(illegal) == {"type", "code", "message", "id", "action", "legal", "reason"}
    assert illegal["code"] == "illegal" and illegal["action"] == f"{x} bid 99"
    assert illegal["legal"] == played.first["legal"]
    assert set(illegal["reason"]) == {"key", "rule", "params"}
    off_turn = played.probes["not-turn"]
    assert off_turn["code"] == "illegal" and off_turn["legal"] == []
    stale = played.probes["stale"]
    assert set(stale) == {"type", "code", "message", "id", "seq"}
    assert stale["code"] == "stale" and stale["seq"] == 0


def test_ping_is_answered_by_pong_with_the_seq(played: Played) -> None:
    """protocol.md: ``ping`` "answered by ``pong`` with the current ``seq``" (``id``,
    ``seq``)."""
    assert played.probes["ping"] == {"type": "pong", "id": "ping", "seq": 0}


def test_a_seq_that_is_not_a_non_negative_integer_is_malformed(played: Played) -> None:
    """protocol.md: "An action without ``seq`` (or with one that is not a non-negative
    integer) is ``malformed``"."""
    err = played.probes["seq-negative"]
    assert err["code"] == "malformed" and err["id"] == "seq-negative"


def test_an_action_not_in_ascii_notation_is_malformed(played: Played) -> None:
    """protocol.md, error codes: ``malformed`` for "an action not in notation — ASCII letters
    and digits only, so ``"0 bid ١٦"`` is malformed"."""
    err = played.probes["notation"]
    assert err["code"] == "malformed" and err["id"] == "notation"


def test_a_seq_past_what_a_table_counts_is_malformed(played: Played) -> None:
    """protocol.md: a ``seq`` that is not an integer from 0 to 2**31 − 1 is ``malformed``
    (2**31 is past it)."""
    err = played.probes["seq-big"]
    assert err["code"] == "malformed", err


def test_every_view_has_the_documented_fields(played: Played) -> None:
    """docs/views.md, "Fields": every field with its type; ``result`` only once the hand is
    over; ``history_phases`` entry by entry with ``history``; ``hand_sizes`` one per seat;
    the bidder's ``hand`` without the face-down indicator (which it alone is shown: for the
    others no ``trump``, no ``indicator``, and the choice reads ``"S trump"`` in ``history``);
    ``rules`` as the room's; ``teams``, ``points``, ``trick``, ``tricks`` in their shapes."""
    rules = played.record["rules"]
    for c in played.clients:
        views = [m["view"] for m in c.log if m["type"] in ("state", "hand_over")]
        for v in views:
            for name, kind in VIEW.items():
                assert name in v and isinstance(v[name], kind), (name, v.get(name))
            assert ("result" in v) == (v["phase"] == "over"), v["phase"]
            assert v["rules"] == rules and v["phase"] in PHASES
            assert v["status"] in ("in_progress", "complete", "annulled")
            assert len(v["history_phases"]) == len(v["history"]) and len(v["hand_sizes"]) == 4
            assert v["teams"] == [[0, 2], [1, 3]] and v["multiplier"] in (1, 2, 4)
            assert set(v["points"]) == {"bidding", "opponents"}
            assert all(CARD.match(card) for card in v["hand"])
            if v["trick"] is not None:
                assert set(v["trick"]) == {"leader", "cards", "seats", "exposed_before_card"}
            for t in v["tricks"]:
                assert set(t) == {"leader", "cards", "winner", "points", "seats"}
            if c.seat is not None:
                assert len(v["hand"]) == v["hand_sizes"][c.seat]
            if v["indicator_face_down"] and c.seat == v["bidder"]:
                assert v["indicator"] is not None and v["indicator"] not in v["hand"]
            elif v["indicator_face_down"]:
                assert v["indicator"] is None and v["trump"] is None
                assert all(len(a.split()) == 2 for a in v["history"] if " trump" in a), v



def test_a_spectators_view_is_a_seats_view_less_what_is_private(played: Played) -> None:
    """docs/views.md: "A spectator at the server gets a public view: the same fields less
    everything private (``seat`` is ``null``, ``hand`` and ``legal`` are empty, no face-down
    indicator)"; protocol.md: "for a spectator, the public view (... no trump while it is
    face down)".  At every ``seq``, the spectator's view is each non-bidder's view less its
    cards and legal actions, and the bidder's less also the face-down trump."""
    by_seq: list[dict[int, Message]] = [{} for _ in range(5)]
    for k, c in enumerate(played.clients):
        for m in c.log:
            if m["type"] == "state":
                by_seq[k][m["seq"]] = m["view"]
    compared = 0
    for seq, public in by_seq[4].items():
        assert public["seat"] is None and public["hand"] == [] and public["legal"] == []
        for k in range(4):
            view = by_seq[k].get(seq)
            if view is None:
                continue
            if view["bidder"] != k or not view["indicator_face_down"]:
                assert _public_part(view) == public, (seq, k)
            else:
                mine = _public_part(view)
                assert public["trump"] is None and public["indicator"] is None
                assert public["history"] == [
                    " ".join(a.split()[:2]) if a.split()[1] == "trump" else a
                    for a in view["history"]]
                same = {n for n in mine if n not in ("trump", "history")}
                assert {n: mine[n] for n in same} == {n: public[n] for n in same}, (seq, k)
            compared += 1
    assert compared > 40


def test_an_illegal_play_of_the_face_down_trump_card_tells_nothing_of_it(
        played: Played) -> None:
    """protocol.md: the ``message`` of an ``illegal`` error "speaks only of what the sender
    knows".  A non-bidder who names the face-down trump card is refused exactly as for any
    other card it does not hold: nothing says that card lies face down."""
    hidden = played.hidden
    assert hidden, "the match never came to a non-bidder's turn with the trump face down"
    ind, other = played.probes["indicator"], played.probes["other"]
    assert ind["code"] == other["code"] == "illegal"
    assert ind["reason"] == {"key": "card_not_held", "rule": None,
                             "params": {"card": hidden["indicator"]}}
    assert other["reason"] == {**ind["reason"], "params": {"card": hidden["other"]}}
    assert SHOWN_CARD.sub("X", ind["message"]) == SHOWN_CARD.sub("X", other["message"])
    assert ind["legal"] == other["legal"]
    assert not {"trump", "face", "indicator"} & set(ind["message"].lower().split())


def test_nothing_hidden_and_no_secret_reaches_anyone(played: Played) -> None:
    """protocol.md, "``view`` is exactly what the recipient may know" and "Whoever holds a
    seat's token *is* that seat": no message to a seat or to the spectator holds another
    seat's unplayed card or a face-down trump it may not know (the harness's scanner
    against the record), and none holds a token, the host token or the invitation."""
    assert scan_secrecy(played.record, played.clients) > 200
    secrets_ = [*played.tokens, played.made["host_token"], played.made["invite"]]
    for c in played.clients:
        text = str(c.log)
        assert not [s for s in secrets_ if s in text], c.seat


def test_a_finished_match_over_http(srv: Server, played: Played) -> None:
    """protocol.md: the record "once the match is over"; ``GET
    /api/rooms/{room}/record/hands/{n}`` hand ``n`` as a single-hand record (``rules``,
    ``dealer``, ``seed``, ``actions``), 404 ``no_hand`` beyond; taking a seat once the match
    is over: 409 ``finished``; the summary says ``finished``, ``over`` and ``winners``."""
    room = played.made["room"]
    record = srv.get(f"/api/rooms/{room}/record").json()
    last = len(record["hands_played"])
    for n in range(last):
        one = srv.get(f"/api/rooms/{room}/record/hands/{n}")
        assert one.status_code == 200
        assert {"rules", "dealer", "seed", "actions"} <= set(one.json())
        assert one.json()["actions"] == record["hands_played"][n]["actions"]
    _refusal(srv.get(f"/api/rooms/{room}/record/hands/{last}"), 404, "no_hand")
    _refusal(srv.post(f"/api/rooms/{room}/seats/1", {"invite": played.made["invite"]}), 409,
             "finished")
    info = srv.get(f"/api/rooms/{room}").json()
    assert info["status"] == "finished" and info["over"] is True and info["winners"]
    assert info["seq"] == sum(len(h["actions"]) for h in record["hands_played"])


def test_a_new_connection_to_a_finished_room_is_told_all_it_keeps(
        srv: Server, played: Played) -> None:
    """protocol.md, "Server → client": on connecting to a finished room: ``room``, the
    (final, public) ``state`` with its ``record``, ``chat_log``, ``sheet`` and ``rematch``
    (``agreed``, ``needed`` — the seats of people —, ``room`` and ``path`` null until
    dealt)."""
    async def scenario() -> list[Message]:
        c = await Client.open(srv, played.made["room"])
        got = [await c.recv() for _ in range(5)]
        await c.close()
        return got

    got = asyncio.run(scenario())
    assert [m["type"] for m in got] == ["room", "state", "chat_log", "sheet", "rematch"]
    assert got[0]["status"] == "finished"
    assert got[1]["seat"] is None and got[1]["match"]["over"] and got[1]["record"]
    rematch = got[4]
    assert set(rematch) == REMATCH and rematch["needed"] == [0, 1, 2, 3]
    assert rematch["agreed"] == [] and rematch["room"] is None and rematch["path"] is None


def test_the_rematch_keeps_the_host_token_and_the_seat_invitation(
        srv: Server, played: Played) -> None:
    """protocol.md, "Rematch": "the new room keeps the same token hashes, and the same host
    token and seat invitation": the old invitation is the new room's (a wrong one is
    refused 403, the old one gets as far as the seat a person holds: 409), the old host
    token makes its new invitations, and each old seat token is its seat there."""
    async def deal() -> str:
        c = await Client.open(srv, played.made["room"])
        await c.send({"type": "rematch", "host_token": played.made["host_token"]})
        dealt = await c.until(lambda m: m["type"] == "rematch" and m["room"] is not None)
        await c.close()
        return str(dealt["room"])

    new = asyncio.run(deal())
    assert new != played.made["room"]
    _refusal(srv.post(f"/api/rooms/{new}/seats/1", {"invite": "not the invitation"}), 403,
             "not_invited")
    _refusal(srv.post(f"/api/rooms/{new}/seats/1", {"invite": played.made["invite"]}), 409,
             "seat_taken")
    r = srv.post(f"/api/rooms/{new}/invitation", {"token": played.made["host_token"]})
    assert r.status_code == 200 and set(r.json()) == {"room", "invite", "link"}

    async def sit() -> list[Message]:
        out = []
        for k in range(4):
            c = await Client.open(srv, new, k, played.tokens[k])
            out.append(next(m for m in c.log if m["type"] == "welcome"))
            await c.close()
        return out

    assert [w["seat"] for w in asyncio.run(sit())] == [0, 1, 2, 3]


def test_only_the_hashes_of_the_secrets_are_stored(srv: Server, played: Played) -> None:
    """protocol.md, "Two links, three secrets": "The server stores only the SHA-256 of each"
    (the seat invitation, the host token, every seat token)."""
    stored = b"".join(p.read_bytes() for p in srv.db.parent.glob(f"{srv.db.name}*"))
    secrets_ = [played.made["invite"], played.made["host_token"], *played.tokens]
    assert [s for s in secrets_ if s.encode() in stored] == []
    for s in secrets_:
        assert hashlib.sha256(s.encode()).hexdigest().encode() in stored


# ---- servers of their own ----------------------------------------------------------------------
async def _refused_claim(server: Server, room: str, token: str) -> Message:
    """Seat 0 (against computers) plays until its turn early in the play and claims, until
    a claim is refused at once (a certain one is played out: then the next hand); checks the
    refusal and that a second claim in that hand is refused; the state it claimed on."""
    me = await Client.open(server, room, 0, token)
    rng = random.Random(2)
    try:
        for _ in range(10):
            st = await play_until(me, rng, lambda s: s["to_act"] == 0 and s["legal"]
                                  and s["view"]["phase"] == "play"
                                  and len(s["view"]["tricks"]) < 3, timeout=30)
            await me.send({"type": "claim", "token": token, "seq": st["seq"]})
            told = await me.until(lambda m: m["type"] in ("claim", "error"))
            assert told["type"] == "claim", told
            if told["status"] != "refused":
                await me.until(lambda m: m["type"] == "hand_over", 30)
                continue
            assert set(told) == CLAIM | {"by"} and told["by"] is None
            assert told["asked"] == told["accepted"] == []
            assert told["seat"] == 0 and told["hand"] == st["hand"]
            assert told["cards"] == []          # nobody judges it: no hand laid down
            again = await me.until(lambda m: m["type"] == "state")    # the turn afresh
            assert again["seq"] == st["seq"] and again["legal"] == st["legal"]
            await me.send({"type": "claim", "token": token, "seq": st["seq"]})
            assert (await me.until(lambda m: m["type"] == "error"))["code"] == "not_now"
            return st
        raise AssertionError("every claim was certain")
    finally:
        await me.close()


def _asha_against_computers(server: Server) -> tuple[str, str]:
    """A started room of 28 with Asha at seat 0 and computers at the others, its match long
    and its clocks slow (nothing happens unless she acts); the room and her token."""
    made = server.create_room(rules="28", bots="rules", bot_delay=0, takeover_seconds=600,
                              turn_seconds=600, flags={"game_target": 1000})
    token = server.take(made["room"], 0, "Asha")
    server.start_match(made["room"], made["host_token"])
    return made["room"], token


async def _claim_again(server: Server, room: str, token: str, claimed: Message) -> Message:
    """Seat 0 claims again through ``server``, at the state it claimed on (``claimed``: the
    same hand and seq); the answer."""
    me = await Client.open(server, room, 0, token)
    try:
        st = await me.until(lambda m: m["type"] == "state")
        assert (st["seq"], st["hand"]) == (claimed["seq"], claimed["hand"])
        await me.send({"type": "claim", "token": token, "seq": st["seq"], "id": "again"})
        return await me.until(lambda m: m["type"] in ("claim", "error"))
    finally:
        await me.close()


def test_one_claim_per_side_per_hand_even_across_a_restart(tmp_path: Path) -> None:
    """protocol.md, "Claims": a claim against computers alone that is not certain "is
    refused at once" (``claim`` with ``status`` ``refused``, ``by`` null; ``cards``,
    ``asked`` and ``accepted`` empty: nobody judged it, so no hand is laid down; no
    ``seconds``), "A refusal plays on, the
    claimer's turn beginning afresh"; "one claim per side per hand (the answer says whether
    the sweep was certain, which is information about the hidden hands: it is given once)".
    Once — also when the server restarts within the hand ("serves each exactly as it
    was")."""
    server = Server(tmp_path / "rooms.db", *FAST)
    server.start()
    try:
        room, token = _asha_against_computers(server)
        claimed = asyncio.run(_refused_claim(server, room, token))
        server.stop()
        server.start()

        told = asyncio.run(_claim_again(server, room, token, claimed))
        assert told["type"] == "error" and told["code"] == "not_now", told
    finally:
        server.stop()


@pytest.fixture(scope="module")
def one_hand(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that stops every match after its first hand (``hands`` = 1) and closes its
    room, so that the record of a hand can be read at once."""
    yield from running(Server(Path(tmp_path_factory.mktemp("onehand")) / "rooms.db", *FAST,
                              "--limit", "hands=1"))


def test_every_preset_keeps_hidden_cards_hidden_over_the_wire(one_hand: Server) -> None:
    """protocol.md, "Every preset works (3, 4, 6 and 8 seats)" and "``view`` is exactly what
    the recipient may know"; docs/views.md, "What a view never holds".  At every preset, a
    person at seat 0 and a spectator follow a hand (the server stops each match after it,
    ``hands`` = 1, so that its record can be read): no message shows either one a card or a
    face-down trump it may not know (a card, or 29's suit: ``"3 trump"`` in events and
    histories), nor another seat's legal actions."""
    server = one_hand
    async def one(preset: str, seed: int) -> tuple[str, Message, list[Client]]:
        made = server.create_room(rules=preset, bots="rules", bot_delay=0,
                                  takeover_seconds=600, turn_seconds=600)
        room = made["room"]
        assert len(made["info"]["seats"]) == PRESETS[preset].num_players
        token = server.take(room, 0, "Asha")
        me = await Client.open(server, room, 0, token)
        watcher = await Client.open(server, room)
        server.start_match(room, made["host_token"])

        async def watch() -> None:
            with contextlib.suppress(ConnectionClosed):
                await watcher.until(lambda m: m["type"] == "room"
                                    and m["status"] in ("closed", "finished"), 60)

        async def play() -> None:
            with contextlib.suppress(ConnectionClosed, TimeoutError):
                await play_until(me, random.Random(seed), lambda s: s["hand"] >= 1
                                 or s["match"]["over"], timeout=60)

        await asyncio.gather(watch(), play())
        for c in (me, watcher):
            await c.close()
        return room, made, [me, watcher]

    async def every() -> list[tuple[str, Message, list[Client]]]:
        return list(await asyncio.gather(*(one(p, k) for k, p in enumerate(sorted(PRESETS)))))

    for room, _made, clients in asyncio.run(every()):
        r = server.get(f"/api/rooms/{room}/record")
        assert r.status_code == 200, r.text
        record = r.json()
        # (a deal may be annulled before anyone acts — four jacks, eight of a suit —:
        # then the next hand is the one played, and the match stops after its first action)
        assert any(h["actions"] for h in record["hands_played"]), room
        assert scan_secrecy(record, clients) > 0, record["rules"]
        me, watcher = clients
        for m in me.log:
            if m["type"] == "state":
                assert all(a.split()[0] == "0" for a in m["legal"]), m["legal"]
        for m in watcher.log:
            if m["type"] == "state":
                assert m["view"]["hand"] == [] and m["legal"] == [] and "notes" not in m
        for c in clients:                   # a face-down trump *suit* (29) is no card:
            for m in c.log:                 # the scanner cannot see it, so look here
                if m["type"] == "event" and m["action"].split()[1] == "trump" \
                        and m["seat"] != c.seat:
                    assert m["action"] == f"{m['seat']} trump", (record["rules"], m)
                view = m.get("view")
                if view is not None and view["trump"] is None:
                    assert all(len(a.split()) == 2 for a in view["history"]
                               if a.split()[1] == "trump"), (record["rules"], view)


def test_a_room_closed_at_the_hand_limit_closes_its_connections_with_4410(
        one_hand: Server) -> None:
    """protocol.md, "Close codes": "a connection it stops serving, likewise" (closed with a
    code that says why): 4410 "the room is closed (nobody visited it for a while, or its
    match reached the hand limit)".  A spectator connected when the match reaches the
    server's limit of hands is told the room is ``closed`` and then closed with 4410, as a
    connection arriving later is."""
    made = one_hand.create_room(rules="28", bots="rules", bot_delay=0)
    room = made["room"]
    one_hand.start_match(room, made["host_token"])

    async def codes() -> tuple[int | None, int | None]:
        watcher = await Client.open(one_hand, room)
        await watcher.until(lambda m: m["type"] == "room" and m["status"] == "closed", 30)
        first: int | None = None
        with contextlib.suppress(TimeoutError):
            try:
                await watcher.until(lambda m: False, 3)
            except ConnectionClosed as e:
                first = e.rcvd.code if e.rcvd else None
        await watcher.close()
        later = await Client.open(one_hand, room)
        try:
            await later.until(lambda m: False, 5)
        except ConnectionClosed as e:
            return first, e.rcvd.code if e.rcvd else None
        return first, None

    first, later = asyncio.run(codes())
    assert later == 4410
    assert first == 4410, "the connection open when the room closed was never closed"


@pytest.fixture(scope="module")
def brief(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose rooms close after 1.5 s without a visit, that lets a client have two
    open rooms, and whose computer players wait at least 0.05 s."""
    yield from running(Server(Path(tmp_path_factory.mktemp("brief")) / "rooms.db",
                              "--limit", "requests_per_minute=100000",
                              "--limit", "idle_seconds=1.5", "--limit", "rooms_per_client=2",
                              "--limit", "min_bot_delay=0.05"))


def test_a_room_closed_before_its_start_has_no_record(brief: Server) -> None:
    """protocol.md, "HTTP API": 410 ``closed`` ("the room is closed (archived)") for a seat;
    the record "once the match is over or the room closed (409 before)" — a room closed
    before its match started has none: 409 ``not_started``; ``GET /r/{room}`` 410."""
    r = _make_room(brief, "10.20.0.1", rules="28")
    assert r.status_code == 201, r.text
    room, invite = r.json()["room"], r.json()["invite"]
    deadline = time.monotonic() + 20
    while True:                         # nobody visits (each look would count as a visit)
        time.sleep(2.0)
        got = brief.get(f"/api/rooms/{room}")
        if got.status_code == 410 or time.monotonic() > deadline:
            break
    _refusal(got, 410, "closed")
    told = got.json()["message"]       # says why, in words, and sends nobody to a record
    assert "nobody came for 1.5 seconds" in told and "never played" in told, told
    assert "/record" not in told, told
    _refusal(brief.post(f"/api/rooms/{room}/seats/0", {"invite": invite}), 410, "closed")
    _refusal(brief.get(f"/api/rooms/{room}/record"), 409, "not_started")
    assert brief.get(f"/r/{room}").status_code == 410


def test_too_many_rooms_says_when_to_try_again(brief: Server) -> None:
    """protocol.md, "HTTP API": 429 ``too_many_rooms`` "too many open rooms, from this
    client (``Retry-After``)"."""
    for _ in range(2):
        assert _make_room(brief, "10.21.0.1").status_code == 201
    r = _make_room(brief, "10.21.0.1")
    _refusal(r, 429, "too_many_rooms")
    assert r.headers.get("retry-after", "").isdigit()


def test_a_bot_delay_below_the_servers_minimum_is_raised_to_it(brief: Server) -> None:
    """protocol.md, "HTTP API": "A ``bot_delay`` below the server's minimum (``0``,
    "instant") is raised to it"; the room summary says the delay the room has."""
    for asked, address in ((0, "10.22.0.1"), (0.01, "10.22.0.2")):
        r = _make_room(brief, address, bot_delay=asked)
        assert r.status_code == 201, r.text
        assert r.json()["info"]["bot_delay"] == 0.05


def test_one_claim_per_side_per_hand_through_any_process(
        postgres: Postgres, redis: Redis, tmp_path: Path) -> None:
    """protocol.md, "Claims": "one claim per side per hand (the answer says whether the sweep
    was certain, which is information about the hidden hands: it is given once)"; online.md,
    "Several server processes": "Any process serves any room's clients ... as one process
    would have told it".  A claim refused at once through process A is not answered again
    through process B in the same hand."""
    url = postgres.database()
    a = Server(tmp_path / "rooms.db", *FAST, "--redis", redis.url, db_url=url, name="-a")
    b = Server(tmp_path / "rooms.db", *FAST, "--redis", redis.url, db_url=url, name="-b")
    a.start()
    b.start()
    try:
        room, token = _asha_against_computers(a)

        async def scenario() -> Message:
            return await _claim_again(b, room, token, await _refused_claim(a, room, token))

        told = asyncio.run(scenario())
        assert told["type"] == "error" and told["code"] == "not_now", told
    finally:
        a.stop()
        b.stop()
