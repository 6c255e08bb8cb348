"""Two hubs on one database, as two server processes are, in one event loop (no Redis: each
finds out about the other's commits only through the database).  A stale hub's write
conflicts, changes nothing, and the hub catches up from the action log; on SQLite and on
PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from twentyeight import Rules
from twentyeight.server import transport
from twentyeight.server.catchup import DatabaseSync
from twentyeight.server.connection import Connection
from twentyeight.server.hub import Hub
from twentyeight.server.lobby import RoomError
from twentyeight.server.room import Room
from twentyeight.server.settings import Settings
from twentyeight.server.store import Conflict, RoomRow, SeatRow, SqlStore


class Socket:
    """A WebSocket that keeps what it is sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, data: str) -> None:
        self.sent.append(json.loads(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rooms.db'}"
    return str(request.getfixturevalue("postgres").database())


def hubs(db_url: str, scenario: Callable[[Hub, Hub], Awaitable[None]]) -> None:
    async def run() -> None:
        settings = Settings(db_url=db_url, bot_delay=0, takeover_seconds=600)
        a, b = Hub(settings, sync=DatabaseSync), Hub(settings, sync=DatabaseSync)
        await a.open()
        try:
            await scenario(a, b)
        finally:
            await a.close()
            await b.close()

    asyncio.run(run())


async def client(hub: Hub, room: Room, token: str | None) -> tuple[Connection, Socket]:
    sock = Socket()
    conn = Connection(sock)
    await hub.lobby.connect(room, conn)
    if token is not None:
        await transport.handle(hub, room, conn, json.dumps({"type": "hello", "token": token}))
    return conn, sock


def a_sync(hub: Hub) -> DatabaseSync:
    assert isinstance(hub.sync, DatabaseSync)
    return hub.sync


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_stale_action_is_refused_after_catching_up(db_url: str) -> None:
    async def scenario(a: Hub, b: Hub) -> None:
        room, host = await a.lobby.create_room(Rules.from_spec("28"), "rules", None, None)
        tokens = [await a.lobby.take_seat(room.id, k, f"p{k}") for k in range(4)]
        await a.lobby.start(room.id, host)
        await b.open()                              # b: the room as it was at seq 0
        rb = b.rooms[room.id]
        assert rb.seq == 0 and room.match is not None
        seat = room.match.to_act
        assert seat is not None
        legal = room.match.current.view(seat)["legal"]
        conn_a, sock_a = await client(a, room, tokens[seat])
        conn_b, sock_b = await client(b, rb, tokens[seat])
        watch, sock_w = await client(b, rb, None)
        act = {"type": "action", "token": tokens[seat], "action": legal[0], "id": 1, "seq": 0}
        await transport.handle(a, room, conn_a, json.dumps(act))
        assert room.seq == 1 and rb.seq == 0
        # the same seat, through the stale hub: another action, legal at seq 0
        await transport.handle(b, rb, conn_b, json.dumps({**act, "action": legal[-1]}))
        await settle()
        assert rb.seq == 1                               # caught up ...
        events = [m for m in sock_b.sent if m["type"] == "event"]
        assert [(e["seq"], e["action"], e["by"]) for e in events] == [(1, legal[0], "player")]
        err = sock_b.sent[-1]                     # ... then refused: decided on an old state
        assert err["type"] == "error" and err["code"] == "stale" and err["id"] == 1
        assert err["seq"] == 1
        assert b.db.storage.changes(room.id, 0) == a.db.storage.changes(room.id, 0)
        got = a.db.storage.changes(room.id, 0)
        assert got is not None and [x.action for x in got[1]] == [legal[0]]
        # b's clients were told exactly what a's were
        told_a = [m for m in sock_a.sent if m["type"] in ("event", "state") and m["seq"] == 1]
        told_b = [m for m in sock_b.sent if m["type"] in ("event", "state") and m["seq"] == 1]
        assert told_a == told_b
        assert [m["type"] for m in sock_w.sent if m.get("seq") == 1] == ["event", "state"]
        # the next seat acts through b, now current; a catches up on its next write
        nxt = rb.match.to_act if rb.match else None
        assert nxt is not None and rb.match is not None
        conn_n, _ = await client(b, rb, tokens[nxt])
        legal_n = rb.match.current.view(nxt)["legal"]
        await transport.handle(b, rb, conn_n, json.dumps({"type": "action", "token": tokens[nxt],
                                                          "action": legal_n[0], "seq": 1}))
        assert rb.seq == 2 and room.seq == 1
        await a_sync(a).refresh(room.id)                        # what a notice makes a do
        assert room.seq == 2
        await settle()
        seqs = [m["seq"] for m in sock_a.sent if m["type"] == "event"]
        assert seqs == [1, 2]
        assert room.match is not None and room.match.to_record() == rb.match.to_record()
        for conn in (conn_a, conn_b, watch, conn_n):
            await conn.stop()

    hubs(db_url, scenario)


def test_seat_and_start_are_safe_between_hubs(db_url: str) -> None:
    async def scenario(a: Hub, b: Hub) -> None:
        room, host = await a.lobby.create_room(Rules.from_spec("28"), "rules", None, None)
        await b.open()
        await b.lobby.take_seat(room.id, 1, "Bela")             # a has not heard of it
        with pytest.raises(RoomError) as refused:
            await a.lobby.take_seat(room.id, 1, "Thief")
        assert refused.value.code == "seat_taken"
        assert room.seats[1].name == "Bela"              # a caught up on the refusal
        await b.lobby.take_seat(room.id, 2, "Chitra")
        await a.lobby.start(room.id, host)                     # a thought seat 2 open: it retries
        assert [s.kind for s in room.seats] == ["bot", "human", "human", "bot"]
        with pytest.raises(RoomError) as refused:
            await b.lobby.start(room.id, host)
        assert refused.value.code == "started"
        rb = b.rooms[room.id]
        assert rb.status == "playing" and rb.match is not None and room.match is not None
        ra, rb_ = room.match.to_record(), rb.match.to_record()   # the bots play on: the deal
        assert ra["seed"] == rb_["seed"] and ra["players"] == rb_["players"]
        assert ra["hands_played"][0]["seed"] == rb_["hands_played"][0]["seed"]

    hubs(db_url, scenario)


def test_store_refuses_a_second_writer(db_url: str) -> None:
    store = SqlStore(db_url)
    try:
        store.create_room(RoomRow(id="r1", rules="28", bots="rules", host_token_hash="h",
                                  status="waiting", takeover_seconds=1, bot_delay=0,
                                  seats=[SeatRow(kind="open") for _ in range(4)]))
        store.set_seat("r1", 0, SeatRow(kind="human", name="a", token_hash="t"))
        with pytest.raises(Conflict):
            store.set_seat("r1", 0, SeatRow(kind="human", name="b", token_hash="u"))
        store.start("r1", {"rules": "28", "hands_played": []}, {1: SeatRow(kind="bot")})
        with pytest.raises(Conflict):
            store.start("r1", {"rules": "28", "hands_played": []}, {})
        store.append_action("r1", 1, 0, "0 pass", "player", {"x": 1}, "playing")
        with pytest.raises(Conflict):
            store.append_action("r1", 1, 0, "0 bid 16", "player", {"x": 2}, "playing")
        with pytest.raises(Conflict):
            store.append_action("r1", 3, 0, "0 bid 16", "player", {"x": 2}, "playing")
        got = store.changes("r1", 0)
        assert got is not None
        row, log = got
        assert row.seq == 1 and row.record == {"x": 1} and [x.action for x in log] == ["0 pass"]
        assert [s.kind for s in row.seats] == ["human", "bot", "open", "open"]
        assert store.active() == {"r1": 1}
        assert store.changes("nope", 0) is None
    finally:
        store.close()
