"""Every bad input gets the documented answer (issue 12, item 5): hypothesis throws generated
requests at the HTTP API and generated frames at the WebSocket of a room in play.  Every HTTP
answer is a documented status with, for a refusal, exactly ``{"error", "message"}``; every
WebSocket answer is a documented message (an ``error`` with a documented code), and a
connection the server closes is closed with a documented code.  The server's log holds no
traceback at the end."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from server.harness import Server

STATUSES = {200, 201, 400, 403, 404, 405, 409, 410, 413, 429, 503}
MESSAGES = {"room", "welcome", "state", "event", "hand_over", "error", "pong", "chat",
            "chat_log", "sheet", "claim", "rematch"}
ERRORS = {"malformed", "unauthorised", "illegal", "not_started", "stale", "closed",
          "rate_limited", "server_error", "not_now"}
CLOSES = {1000, 1008, 1009, 4404, 4410, 4429}
SETTINGS = settings(max_examples=200, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


class Table:
    """A room in play: its id, invitation, host token and four seat tokens."""

    def __init__(self, server: Server) -> None:
        made = server.create_room(rules="28", bots="rules", bot_delay=0.2,
                                  flags={"game_target": 10**6})
        self.room, self.invite, self.host = made["room"], made["invite"], made["host_token"]
        self.tokens = [server.take(self.room, k) for k in range(3)]
        server.start_match(self.room, self.host)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Table]]:
    srv = Server(Path(tmp_path_factory.mktemp("fuzz")) / "rooms.db",
                 "--limit", "rooms_per_client=100000", "--limit", "rooms=100000",
                 "--limit", "requests_per_minute=100000")
    srv.start()
    try:
        yield srv, Table(srv)
        log = srv.log.read_text()
        assert "Traceback" not in log and "Exception in ASGI" not in log, log[-4000:]
    finally:
        srv.stop()


# ---- values strangers send ---------------------------------------------------------------
NASTY = ["\ud800", "\udfff", "a\ud83d", "\x00", "０", "١٦", "x" * 200, "é" * 70, "\u202e"]
"""Strings that trip up code which assumes text is printable ASCII, or encodable at all."""
texts = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=40),
    st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1,
            max_size=3),                                                # lone surrogates
    st.sampled_from(["", " ", "28", "0 pass", "0 bid 16", "1 play 9S", "0 bid ١٦",
                     "0 bid １６", "2 trump", "x" * 200, "\x00", "../../etc", "%00"]),
)
numbers = st.one_of(st.integers(), st.integers(min_value=-(10**30), max_value=10**30),
                    st.floats(allow_nan=True, allow_infinity=True), st.booleans(),
                    st.just(10**400))
scalars = st.one_of(st.none(), texts, numbers)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=4)), max_leaves=12)


def body_of(value: Any) -> bytes:
    """JSON text of ``value`` as Python writes it (NaN, Infinity and surrogate escapes)."""
    return json.dumps(value).encode()


room_fields = st.fixed_dictionaries({}, optional={
    "rules": st.one_of(texts, st.sampled_from(["28", "56-8p", "29"]), values),
    "flags": st.one_of(values, st.dictionaries(st.sampled_from(
        ["game_target", "deck", "no_such_flag", "thani"]), scalars, max_size=3)),
    "bots": st.one_of(texts, st.sampled_from(["rules", "random", "oracle", "pimc",
                                              "os:system", "http://127.0.0.1:9"])),
    "takeover_seconds": numbers, "bot_delay": numbers, "turn_seconds": numbers,
    "public": st.one_of(st.booleans(), scalars), "rated": st.one_of(st.booleans(), scalars),
    "colour": scalars})
place_fields = st.fixed_dictionaries({}, optional={
    "name": st.one_of(texts, st.sampled_from(["asha", "A", "player one"])),
    "password": st.one_of(texts, numbers, st.just("long enough password")),
    "new_password": st.one_of(texts, numbers, st.just("another long password")),
    "rules": st.one_of(texts, st.sampled_from(["28", "29", "56-8p"])), "colour": scalars})


@st.composite
def requests(draw: st.DrawFn, table: Table) -> tuple[str, str, bytes]:
    """``(method, path, body)`` of a request, now and then well aimed at the table."""
    room = draw(st.one_of(st.just(table.room), texts.map(lambda t: t.replace("/", "")[:40])))
    seat = draw(st.one_of(st.integers(-3, 12).map(str), texts.map(lambda t: t[:20])))
    path = draw(st.sampled_from([
        "/api/rooms", f"/api/rooms/{room}", f"/api/rooms/{room}/seats/{seat}",
        f"/api/rooms/{room}/seats/{seat}/approve", f"/api/rooms/{room}/invitation",
        f"/api/rooms/{room}/start", f"/api/rooms/{room}/record", f"/r/{room}", "/api/presets",
        "/api/health", "/api/nothing",
        # the place (issue 15): public tables, quick play, players, ratings
        "/api/quickplay", "/api/players", "/api/session", f"/api/players/{room}",
        "/api/session/others", "/api/session/password", "/api/session/player",
        f"/api/rooms/{room}/mine", f"/api/rooms/{room}/record/hands/{seat}",
        f"/api/leaderboard?family={room}", "/signin", "/leaderboard", f"/players/{room}"]))
    method = draw(st.sampled_from(["GET", "POST", "POST", "POST", "PUT", "DELETE"]))
    secret = st.sampled_from([table.invite, table.host, *table.tokens, "guess"])
    fields = draw(st.one_of(
        room_fields, values, place_fields,
        st.fixed_dictionaries({}, optional={"name": texts, "invite": st.one_of(secret, texts),
                                            "token": st.one_of(secret, texts, numbers),
                                            "host_token": st.one_of(secret, texts)})))
    raw = draw(st.one_of(st.just(body_of(fields)), st.binary(max_size=64),
                         st.just(b""), st.just(b"{" * 3000)))
    return method, path, raw


@st.composite
def frames(draw: st.DrawFn, table: Table) -> list[str | bytes]:
    """A few WebSocket frames: messages of every type with fields of every kind."""
    token = st.one_of(st.sampled_from([*table.tokens, table.host, table.invite]), texts,
                      numbers, st.none())
    message = st.fixed_dictionaries(
        {"type": st.one_of(st.sampled_from(["hello", "action", "ping", "chat", "claim",
                                            "claim_answer", "stand", "rematch"]), texts)},
        optional={"token": token, "action": st.one_of(texts, st.sampled_from(
            [f"{k} pass" for k in range(4)] + [f"{k} bid {b}" for k in range(4)
                                               for b in (14, 16, 28, 29)])),
                  "seq": st.one_of(st.integers(-2, 400), numbers, texts),
                  "text": st.one_of(texts, values), "phrase": st.one_of(texts, st.sampled_from(
                      ["hello", "thanks", "bye"])), "accept": st.one_of(st.booleans(), values),
                  "host_token": token,
                  "id": st.one_of(texts, numbers, values)})
    as_json = message.map(lambda m: json.dumps(m))
    frame = st.one_of(as_json, as_json, as_json, values.map(json.dumps),
                      st.text(max_size=60), st.binary(max_size=40),
                      st.just("{" * 2000), st.just("[" * 40 + "]" * 40))
    return draw(st.lists(frame, min_size=1, max_size=6))


# ---- the tests ---------------------------------------------------------------------------
def check_answer(r: httpx.Response) -> None:
    assert r.status_code in STATUSES, (r.status_code, r.text[:300])
    if r.status_code >= 400 and r.headers.get("content-type", "").startswith(
            "application/json"):
        body = r.json()
        assert set(body) == {"error", "message"} and isinstance(body["message"], str), body
    elif r.status_code >= 400:
        assert r.request.url.path.startswith("/r/"), r.text[:200]      # the HTML page of /r/


def test_http_fuzz(fuzzed: tuple[Server, Table]) -> None:
    server, table = fuzzed
    with httpx.Client(base_url=server.url, timeout=20) as http:

        @SETTINGS
        @given(data=st.data())
        def run(data: st.DataObject) -> None:
            method, path, raw = data.draw(requests(table))
            try:
                r = http.request(method, path, content=raw,
                                 headers={"content-type": "application/json"})
            except (httpx.InvalidURL, UnicodeEncodeError):   # not a URL at all: never sent
                return
            check_answer(r)

        run()
    assert server.get(f"/api/rooms/{table.room}").status_code == 200     # still serving


PLACE_POSTS = ["/api/players", "/api/session", "/api/quickplay", "/api/rooms"]


def test_bad_place_requests_change_nothing(fuzzed: tuple[Server, Table]) -> None:
    """A body the new endpoints cannot accept (here: always an unknown field besides
    anything else) is refused with ``{"error", "message"}`` and changes nothing: the public
    tables, a signed-in browser's session, the player's profile, the leaderboard."""
    server, _ = fuzzed
    with httpx.Client(base_url=server.url, timeout=20) as http:
        assert http.post("/api/players", json={"name": "fuzz keeper",
                                               "password": "long enough password"}
                         ).status_code in (201, 409)
        assert http.post("/api/session", json={"name": "fuzz keeper",
                                               "password": "long enough password"}
                         ).status_code == 200

        def picture() -> list[Any]:
            return [http.get("/api/rooms").json(), http.get("/api/session").json(),
                    http.get("/api/players/fuzz keeper").json(),
                    http.get("/api/leaderboard").json(), len(http.get("/api/health").text)]

        time.sleep(1.1)                                 # past the listing's one second
        before = picture()

        @SETTINGS
        @given(path=st.sampled_from(PLACE_POSTS), fields=st.one_of(place_fields, room_fields),
               extra=scalars)
        def run(path: str, fields: dict[str, Any], extra: Any) -> None:
            r = http.post(path, content=body_of({**fields, "unknown field": extra}),
                          headers={"content-type": "application/json"})
            assert r.status_code == 400, (path, r.status_code, r.text[:200])
            assert set(r.json()) == {"error", "message"}

        run()
        time.sleep(1.1)
        assert picture() == before


def test_websocket_fuzz(fuzzed: tuple[Server, Table]) -> None:
    server, table = fuzzed

    async def exchange(batch: list[str | bytes]) -> None:
        async with connect(f"{server.ws_url}/api/rooms/{table.room}/ws",
                           max_size=None) as ws:
            try:
                for frame in batch:
                    await ws.send(frame)
                end = asyncio.get_running_loop().time() + 0.35
                while asyncio.get_running_loop().time() < end:   # the answers, and the play
                    raw = await asyncio.wait_for(ws.recv(), 0.2)
                    m = json.loads(raw)
                    assert m["type"] in MESSAGES, m
                    if m["type"] == "error":
                        assert m["code"] in ERRORS and isinstance(m["message"], str), m
            except TimeoutError:
                return
            except ConnectionClosed as e:
                assert e.rcvd is not None and e.rcvd.code in CLOSES, e

    @SETTINGS
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        asyncio.run(exchange(data.draw(frames(table))))

    run()
    # and the table still plays: a legal action of the seat to act is accepted
    async def still() -> None:
        async with connect(f"{server.ws_url}/api/rooms/{table.room}/ws") as ws:
            while True:
                m = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if m["type"] == "state":
                    break
            assert m["match"]["hands_played"] >= 1 and m["seq"] >= 0

    asyncio.run(still())
