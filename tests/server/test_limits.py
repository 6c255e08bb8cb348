"""Bounded everything (issue 12, items 3 and 5): request bodies, messages (size, number,
integers), rooms per client and in all, connections per room and per client, hellos, the
outbox of a client that does not read, rooms nobody visits, endless matches — each refused
with the documented error shape or a close code that says why, and nothing else changes."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from server.harness import Client, Server


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the default limits (only made small where the test must reach them)."""
    srv = Server(Path(tmp_path_factory.mktemp("strict")) / "rooms.db",
                 "--limit", "messages_per_second=10", "--limit", "message_burst=40",
                 "--limit", "connections_per_room=6", "--limit", "connections_per_client=12")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def few(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server for twelve rooms, four of them per client."""
    srv = Server(Path(tmp_path_factory.mktemp("few")) / "rooms.db",
                 "--limit", "rooms_per_client=4", "--limit", "rooms=12")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def brief(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose rooms close after 2 s without a visit and whose matches last 2 hands."""
    srv = Server(Path(tmp_path_factory.mktemp("brief")) / "rooms.db",
                 "--limit", "idle_seconds=2", "--limit", "hands=2")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def laggy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose clients may fall only 60 kB behind."""
    srv = Server(Path(tmp_path_factory.mktemp("laggy")) / "rooms.db",
                 "--limit", "outbox_bytes=60000")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def hasty(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that gives a request's line and headers two seconds to arrive."""
    srv = Server(Path(tmp_path_factory.mktemp("hasty")) / "rooms.db",
                 "--limit", "head_seconds=2")
    srv.start()
    yield srv
    srv.stop()


def as_client(address: str) -> dict[str, str]:
    """Headers that make a request come from ``address`` (the server trusts its own proxy)."""
    return {"x-forwarded-for": address}


def refused(r: httpx.Response, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error", "message"} and body["error"] == code, body


def closed_after(sock: socket.socket) -> float:
    """Seconds until the server closes ``sock`` without a word (its reads end)."""
    start = time.monotonic()
    assert sock.recv(4096) == b""
    return time.monotonic() - start


def test_a_connection_that_stalls_before_its_request_is_closed(hasty: Server) -> None:
    """head_seconds: a connection that sends nothing, stops inside its headers, or trickles
    them a byte at a time is closed when the deadline passes, and a body that stops half-way
    is refused with 408 (so strangers cannot hold connections open until the process has no
    file descriptors left); requests and WebSockets that send their heads at once are served
    as before, kept-alive ones too."""
    host, port = hasty.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as silent:
        assert closed_after(silent) < 10
    with socket.create_connection((host, int(port)), timeout=10) as stalled:
        stalled.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        assert closed_after(stalled) < 10
    with socket.create_connection((host, int(port)), timeout=10) as trickle:
        start = time.monotonic()
        with pytest.raises(OSError):
            for byte in b"GET /api/health HTTP/1.1\r\nHost: x\r\n" * 10:
                trickle.sendall(bytes([byte]))
                time.sleep(0.1)
        assert time.monotonic() - start < 10
    with socket.create_connection((host, int(port)), timeout=10) as slow_body:
        slow_body.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n"
                          b"Content-Type: application/json\r\n\r\n{\"rules\": ")
        answer = b""
        while b'"too_slow"' not in answer and (part := slow_body.recv(4096)):
            answer += part                   # (a loaded run had the body in a later packet)
        assert answer.startswith(b"HTTP/1.1 408") and b'"too_slow"' in answer, answer
    with httpx.Client(base_url=hasty.url, timeout=10) as kept_alive:
        assert kept_alive.get("/api/health").status_code == 200
        time.sleep(2.5)                       # idle past the deadline between requests
        assert kept_alive.get("/api/health").status_code == 200
    room = httpx.post(f"{hasty.url}/api/rooms", json={"rules": "28", "bots": "rules"},
                      timeout=10).json()

    async def told(ws: ClientConnection) -> list[str]:
        """The types of the messages that come within half a second."""
        types = []
        with contextlib.suppress(TimeoutError):
            while True:
                types.append(json.loads(await asyncio.wait_for(ws.recv(), 0.5))["type"])
        return types

    async def hello() -> tuple[list[str], list[str]]:
        async with connect(f"{hasty.ws_url}/api/rooms/{room['room']}/ws") as ws:
            opening = await told(ws)
            await asyncio.sleep(2.5)          # a WebSocket outlives the head's deadline
            await ws.send(json.dumps({"type": "hello"}))
            return opening, await told(ws)

    opening, answer = asyncio.run(hello())
    assert "room" in opening and answer == ["welcome"]  # still open, and answering


def test_a_huge_body_is_refused_unread(strict: Server) -> None:
    big = b'{"rules": "' + b"x" * 5_000_000 + b'"}'
    r = httpx.post(f"{strict.url}/api/rooms", content=big, timeout=30,
                   headers={"content-type": "application/json"})
    refused(r, 413, "too_large")
    assert len(r.content) < 300                                        # never echoed

    def chunks() -> Iterator[bytes]:                                   # no Content-Length
        yield b'{"rules": "'
        for _ in range(100):
            yield b"x" * 10_000
        yield b'"}'

    r = httpx.post(f"{strict.url}/api/rooms", content=chunks(), timeout=30)
    refused(r, 413, "too_large")


@pytest.mark.parametrize("text", ['{"takeover_seconds": NaN}', '{"bot_delay": Infinity}',
                                  '{"takeover_seconds": 1e400}', '{"bot_delay": -Infinity}',
                                  '{"rules": "28", "flags": {"game_target": ' + "9" * 5000 + '}}',
                                  '{"bots": "\\ud800"}', '[' * 5000, '{"colour": "red"}',
                                  '{"bots": 7}', '{"takeover_seconds": true}', "not json",
                                  '{"rules": {"preset": "28", "game_target": "six"}}'])
def test_bad_numbers_and_strings_in_a_body_get_a_clear_400(strict: Server, text: str) -> None:
    r = httpx.post(f"{strict.url}/api/rooms", content=text.encode(), timeout=10,
                   headers={"content-type": "application/json", **as_client("10.0.0.9")})
    assert r.status_code == 400, r.text
    body = r.json()
    assert set(body) == {"error", "message"} and body["error"] in ("bad_request", "bad_rules")
    assert "9999" not in body["message"] and len(body["message"]) < 300


def test_names_and_tokens_must_be_text(strict: Server) -> None:
    made = strict.create_room(rules="28")
    room = made["room"]
    for body in ('{"name": "\\ud800", "invite": "%s"}', '{"invite": "\\udfff"}',
                 '{"name": "a\\u0000b", "invite": "%s"}', '{"name": "%s", "invite": "%s"}'):
        text = body.replace("%s", made["invite"], 1) if body.count("%s") == 1 else \
            body.replace("%s", "x" * 40, 1).replace("%s", made["invite"])
        r = httpx.post(f"{strict.url}/api/rooms/{room}/seats/0", content=text.encode(),
                       headers={"content-type": "application/json"}, timeout=10)
        assert r.status_code == 400, (body, r.text)
        assert set(r.json()) == {"error", "message"}
    r = strict.post(f"{strict.url}/api/rooms/{room}/seats/0".replace(strict.url, ""),
                    {"name": "अमित 🂡", "invite": made["invite"]})
    assert r.status_code == 200                                  # any script, any emoji


def test_every_refusal_has_the_documented_shape(strict: Server) -> None:
    for r in (strict.get("/api/rooms/nope"), strict.get("/api/nothing/here"),
              httpx.delete(f"{strict.url}/api/rooms", timeout=10),
              strict.post("/api/rooms/nope/seats/abc", {}),
              strict.post("/api/rooms/nope/seats/" + "9" * 5000, {}),
              strict.get("/api/rooms/" + "%F0%9F" * 10)):
        assert r.status_code in (404, 405), r.text
        assert set(r.json()) == {"error", "message"}, r.text


def test_rooms_are_bounded_per_client_and_in_all(few: Server) -> None:
    for _ in range(4):
        r = httpx.post(f"{few.url}/api/rooms", json={}, headers=as_client("10.1.1.1"))
        assert r.status_code == 201, r.text
    refused(httpx.post(f"{few.url}/api/rooms", json={}, headers=as_client("10.1.1.1")),
            429, "too_many_rooms")
    others = [f"10.2.0.{k}" for k in range(20)]
    codes = [httpx.post(f"{few.url}/api/rooms", json={}, headers=as_client(a)).status_code
             for a in others]
    assert 503 in codes and codes.count(201) < len(others)
    r = httpx.post(f"{few.url}/api/rooms", json={}, headers=as_client("10.3.0.1"))
    refused(r, 503, "server_full")
    assert r.headers["retry-after"]


def test_connections_are_bounded_per_room(strict: Server) -> None:
    made = httpx.post(f"{strict.url}/api/rooms", json={}, headers=as_client("10.4.0.1")).json()

    async def scenario() -> None:
        open_ = [await connect(f"{strict.ws_url}/api/rooms/{made['room']}/ws") for _ in range(6)]
        for ws in open_:                        # each let in (its first message) before the 7th
            await asyncio.wait_for(ws.recv(), 10)
        extra = await connect(f"{strict.ws_url}/api/rooms/{made['room']}/ws")
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(extra.recv(), 10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        for ws in open_:
            await ws.close()

    asyncio.run(scenario())


def test_a_burst_of_connections_cannot_pass_the_room_bound_together(strict: Server) -> None:
    """Nine connections opened at once to a room that takes six: six are let in and three
    closed with 4429, however their lookups interleave (a connection is counted as it passes
    the check, not when it joins the room's audience, which waits for the room's lock)."""
    made = httpx.post(f"{strict.url}/api/rooms", json={}, headers=as_client("10.4.0.2")).json()
    url = f"{strict.ws_url}/api/rooms/{made['room']}/ws"

    async def outcome(ws: ClientConnection) -> str:
        try:
            await asyncio.wait_for(ws.recv(), 10)
        except ConnectionClosed as e:
            return f"closed {e.rcvd.code if e.rcvd else None}"
        return "in"

    async def scenario() -> list[str]:
        sockets = await asyncio.gather(*(connect(url) for _ in range(9)))
        try:
            return list(await asyncio.gather(*(outcome(ws) for ws in sockets)))
        finally:
            for ws in sockets:
                await ws.close()

    assert sorted(asyncio.run(scenario())) == ["closed 4429"] * 3 + ["in"] * 6


def test_message_size_rate_and_numbers_are_bounded(strict: Server) -> None:
    made = httpx.post(f"{strict.url}/api/rooms", json={}, headers=as_client("10.5.0.1")).json()
    room = made["room"]

    async def scenario() -> None:
        c = await Client.open(strict, room)
        await c.send('{"type": "ping", "id": ' + "9" * 4000 + "}")      # a 4,000-digit int
        assert (await c.until(lambda m: m["type"] == "error"))["code"] == "malformed"
        await c.send('{"type": "hello", "token": "\\ud800"}')          # a lone surrogate
        assert (await c.until(lambda m: m["type"] == "error"))["code"] == "malformed"
        await c.send('{"type": "ping", "id": NaN}')
        assert (await c.until(lambda m: m["type"] == "error"))["code"] == "malformed"
        await c.send({"type": "ping", "id": "still here"})
        assert (await c.until(lambda m: m["type"] == "pong"))["id"] == "still here"
        for text in (json.dumps({"type": "ping", "id": "x" * 5000}),
                     '{"type": "ping", "id": ' + "9" * 4400 + "}"):          # > 4,300 digits
            big = await Client.open(strict, room)
            await big.send(text)
            with pytest.raises(ConnectionClosed) as closed:
                await big.until(lambda m: False)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        flood = await Client.open(strict, room)
        began = time.monotonic()
        for k in range(400):
            try:
                await flood.send({"type": "ping", "id": k})
            except (ConnectionClosed, OSError):
                break
        got: list[dict[str, object]] = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                got.append(await flood.recv(10))
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        pongs = [m for m in got if m["type"] == "pong"]
        refill = 10 * (time.monotonic() - began)                        # 10 a second
        assert 40 <= len(pongs) <= 40 + refill + 1                      # the burst, then no
        assert any(m["type"] == "error" and m["code"] == "rate_limited" for m in got)
        await c.close()

    asyncio.run(scenario())


def test_a_hello_flood_does_not_flood_the_room(strict: Server) -> None:
    """One seated client saying ``hello`` over and over (and leaving its seat between) must
    not send every other connection a summary each time."""
    r = httpx.post(f"{strict.url}/api/rooms", json={}, headers=as_client("10.6.0.1")).json()
    room = r["room"]
    token = httpx.post(f"{strict.url}/api/rooms/{room}/seats/0",
                       json={"invite": r["invite"]}).json()["token"]

    async def scenario() -> None:
        watchers = [await Client.open(strict, room) for _ in range(4)]
        noisy = await Client.open(strict, room)
        for k in range(60):
            await noisy.send({"type": "hello", "token": token if k % 2 == 0 else None})
        await asyncio.sleep(3)
        for w in watchers:
            got = await w.drain(0.5)
            assert len([m for m in got if m["type"] == "room"]) <= 10, len(got)
        said = await noisy.drain(0.5)
        assert any(m["type"] == "error" and m["code"] == "rate_limited" for m in said)
        assert len([m for m in said if m["type"] == "welcome"]) <= 21
        for c in [*watchers, noisy]:
            await c.close()

    asyncio.run(scenario())


def raw_websocket(port: int, path: str) -> socket.socket:
    """A WebSocket opened by hand on a socket with a tiny receive buffer, so that not reading
    from it really stops the data (a client library would keep reading into its own queue)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)            # before connecting
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def close_code(sock: socket.socket, seconds: float) -> int | None:
    """Read the frames the server sent until its close frame; its code (``None``: the
    connection ended without one, which a client sees as 1006)."""
    sock.settimeout(seconds)
    data = b""

    def need(n: int) -> bytes:
        nonlocal data
        while len(data) < n:
            chunk = sock.recv(65536)
            if not chunk:
                raise EOFError
            data += chunk
        out, data = data[:n], data[n:]
        return out

    try:
        while True:
            b0, b1 = need(2)
            size = b1 & 0x7F
            if size == 126:
                size = int.from_bytes(need(2), "big")
            elif size == 127:
                size = int.from_bytes(need(8), "big")
            payload = need(size)
            if b0 & 0x0F == 0x8:
                return int.from_bytes(payload[:2], "big")
    except (EOFError, OSError):
        return None


def test_a_client_that_does_not_read_is_cut_off_with_1008(laggy: Server) -> None:
    """It stops reading while a busy room (computers without a pause) sends it state after
    state; once its outbox passes the limit it is cut off, and when it reads again it finds,
    after what it had been sent, the close code 1008 — and the room never waited for it."""
    r = httpx.post(f"{laggy.url}/api/rooms", json={"bot_delay": 0,
                                                   "flags": {"game_target": 10**6}}).json()
    room = r["room"]
    slow = raw_websocket(laggy.port, f"/api/rooms/{room}/ws")

    async def scenario() -> None:
        busy = await Client.open(laggy, room)
        httpx.post(f"{laggy.url}/api/rooms/{room}/start", json={"token": r["host_token"]})
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and len(busy.log) < 6_000:
            await busy.recv(10)                              # the slow one reads nothing
        assert len(busy.log) >= 6_000                        # ~8 MB it never read
        await busy.close()

    asyncio.run(scenario())
    assert close_code(slow, 20) == 1008
    slow.close()


def test_rooms_nobody_visits_are_closed_and_archived(brief: Server) -> None:
    made = httpx.post(f"{brief.url}/api/rooms", json={"bot_delay": 0.1}).json()
    room = made["room"]
    httpx.post(f"{brief.url}/api/rooms/{room}/start", json={"token": made["host_token"]})
    assert brief.get(f"/api/rooms/{room}").json()["status"] == "playing"
    time.sleep(4)                                            # nobody visits for 2 s and more
    refused(brief.get(f"/api/rooms/{room}"), 410, "closed")
    r = brief.get(f"/api/rooms/{room}/record")               # the archive is kept
    assert r.status_code == 200, r.text
    assert r.json()["hands_played"][0]["actions"] == []      # nobody watched: nobody played
    assert brief.get(f"/r/{room}").status_code == 410

    async def late() -> None:
        ws = await connect(f"{brief.ws_url}/api/rooms/{room}/ws")
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410

    asyncio.run(late())


def test_computers_play_only_while_someone_is_there_and_matches_end(brief: Server) -> None:
    """Four computers and nobody watching: nothing happens.  Someone watches: they play, and
    a match that would never end stops at the server's limit of hands, its room closed."""
    made = httpx.post(f"{brief.url}/api/rooms", json={
        "bot_delay": 0, "flags": {"game_target": 10**12}}).json()
    room = made["room"]
    httpx.post(f"{brief.url}/api/rooms/{room}/start", json={"token": made["host_token"]})
    time.sleep(1.0)
    assert brief.get(f"/api/rooms/{room}").json()["seq"] == 0

    async def watch() -> dict[str, object]:
        c = await Client.open(brief, room)
        info = await c.until(lambda m: m["type"] == "room" and m["status"] == "closed", 60)
        await c.close()
        return info

    info = asyncio.run(watch())
    assert info["hands_played"] == 3 and not info["over"]
    record = brief.get(f"/api/rooms/{room}/record").json()
    assert len(record["hands_played"]) == 3 and record["hands_played"][1]["actions"]


def test_every_limit_is_documented() -> None:
    """docs/online.md lists every limit (``--limit`` takes exactly these names)."""
    from twentyeight.server.limits import Limits

    doc = (Path(__file__).resolve().parents[2] / "docs" / "online.md").read_text()
    assert [n for n in Limits.names() if f"| `{n}` |" not in doc] == []
    with pytest.raises(ValueError, match="NAME=VALUE"):
        Limits().with_values(["no_such_limit=1"])
    with pytest.raises(ValueError, match="at least 0"):
        Limits().with_values(["rooms=-1"])
    assert Limits().with_values(["rooms=7", "idle-seconds=1.5"]).rooms == 7


def test_a_full_table_of_buckets_forgets_the_fullest_not_the_held_back() -> None:
    """The buckets of clients are bounded in number; when they are all in use, those
    forgotten are the fullest (forgetting gives a client a full bucket again), so a client
    being held back — a guesser's name, a flooding address — stays held back however many
    new clients a stranger sends from. (They were forgotten oldest first: a guesser's name
    came back with a full bucket after ``capacity`` new names.)"""
    from twentyeight.server.limits import PerClient

    buckets = PerClient(rate=1 / 360, burst=10, capacity=100)
    now = 0.0
    for _ in range(10):
        assert buckets.take("guessed name", now)
    assert not buckets.take("guessed name", now)              # held back
    for k in range(1_000):                                      # a stranger's many new names
        now += 0.01
        assert buckets.take(f"name {k}", now)
    assert len(buckets.buckets) <= 100
    assert not buckets.take("guessed name", now)              # still held back
    assert buckets.wait("guessed name", now) > 300
