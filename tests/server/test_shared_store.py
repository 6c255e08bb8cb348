"""Two hubs on one database, as two server processes are, in one event loop (no Redis: each
finds out about the other's commits only through the database).  A stale hub's write
conflicts, changes nothing, and the hub catches up from the action log; on SQLite and on
PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from twentyeight import Match, Rules
from twentyeight.server import transport
from twentyeight.server.catchup import DatabaseSync
from twentyeight.server.connection import Connection
from twentyeight.server.hub import Hub
from twentyeight.server.limits import Limits
from twentyeight.server.lobby import NewRoom, SeatAsk
from twentyeight.server.memory_store import MemoryStore
from twentyeight.server.refusal import RoomError
from twentyeight.server.room import Room, restore
from twentyeight.server.settings import Settings
from twentyeight.server.store import Append, Conflict, RoomRow, SeatRow, SqlStore, Storage


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
        settings = Settings(db_url=db_url, bot_delay=0, takeover_seconds=600,
                            limits=Limits(min_bot_delay=0))
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
        made = await a.lobby.create_room(NewRoom(Rules.from_spec("28")))
        room, host = made.room, made.host_token
        tokens = [(await a.lobby.take_seat(room.id, k, SeatAsk(f"p{k}", made.invite))).token
                  for k in range(4)]
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
        # b's clients were told exactly what a's were (the turn clock's seconds left aside:
        # each process counts them at its own moment)
        def told(sock: object) -> list[object]:
            return [{k: v for k, v in m.items() if k != "clock"} for m in sock.sent  # type: ignore[attr-defined]
                    if m["type"] in ("event", "state") and m["seq"] == 1]

        told_a, told_b = told(sock_a), told(sock_b)
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
        made = await a.lobby.create_room(NewRoom(Rules.from_spec("28")))
        room, host = made.room, made.host_token
        await b.open()
        await b.lobby.take_seat(room.id, 1, SeatAsk("Bela", made.invite))   # a has not heard
        with pytest.raises(RoomError) as refused:
            await a.lobby.take_seat(room.id, 1, SeatAsk("Thief", made.invite))
        assert refused.value.code == "seat_taken"
        assert room.seats[1].name == "Bela"              # a caught up on the refusal
        await b.lobby.take_seat(room.id, 2, SeatAsk("Chitra", made.invite))
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


def test_one_client_is_seated_once_at_a_public_table_between_hubs(db_url: str) -> None:
    """Two processes seat one client at one public table at once, each not yet told of the
    other's seat: the database's seat (under the room's row lock) refuses the second, and
    its process, caught up, says why (``address_seated``)."""
    async def scenario(a: Hub, b: Hub) -> None:
        made = await a.lobby.create_room(NewRoom(Rules.from_spec("28"), public=True))
        room = made.room
        await b.open()
        await b.lobby.take_seat(room.id, 1, SeatAsk("Bela", client="home"))   # a has not heard
        with pytest.raises(RoomError) as refused:
            await a.lobby.take_seat(room.id, 2, SeatAsk("Bela again", client="home"))
        assert refused.value.code == "address_seated"
        assert room.seats[1].name == "Bela" and room.seats[2].kind == "open"   # caught up
        await a.lobby.take_seat(room.id, 2, SeatAsk("Chitra", client="next door"))

    hubs(db_url, scenario)


@pytest.fixture(params=["sqlite", "postgresql", "memory"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    """Each store: the database ones and the one in memory obey the same rules."""
    store: Storage = MemoryStore() if request.param == "memory" else SqlStore(
        f"sqlite:///{tmp_path / 'rooms.db'}" if request.param == "sqlite"
        else str(request.getfixturevalue("postgres").database()))
    yield store
    store.close()


def new_room(store: Storage, room_id: str, **fields: Any) -> None:
    store.create_room(RoomRow(id=room_id, rules="28", bots="rules", host_token_hash="h",
                              status="waiting", takeover_seconds=1, bot_delay=0,
                              seats=[SeatRow(kind="open") for _ in range(4)], **fields))


START = {"rules": "28", "seed": 5, "hands_played": [{"dealer": 1, "actions": []}]}


def test_store_refuses_a_second_writer(storage: Storage) -> None:
    store = storage
    new_room(store, "r1")
    new_room(store, "r2")
    store.take_seat("r1", 0, SeatRow(kind="human", name="a", token_hash="t"))
    with pytest.raises(Conflict):
        store.take_seat("r1", 0, SeatRow(kind="human", name="b", token_hash="u"))
    store.start("r1", START, {1: SeatRow(kind="bot")})
    with pytest.raises(Conflict):
        store.start("r1", START, {})
    store.start("r2", START, {})
    assert store.append([Append("r1", 1, 0, "0 pass", "player", "playing")]) == [True]
    # a batch: one room's entry conflicts, the other rooms' go in; nothing of the refused
    assert store.append([Append("r1", 1, 0, "0 bid 16", "player", "playing"),
                         Append("r2", 1, 1, "1 pass", "bot", "playing"),
                         Append("r1", 2, 1, "1 pass", "bot", "playing"),
                         Append("r1", 4, 1, "1 pass", "bot", "playing"),
                         Append("nope", 1, 1, "1 pass", "bot", "playing")]) == \
        [False, True, True, False, False]
    got = store.changes("r1", 0)
    assert got is not None
    row, log = got
    assert row.seq == 2 and row.record == START
    assert [(x.seq, x.action, x.source) for x in log] == [(1, "0 pass", "player"),
                                                          (2, "1 pass", "bot")]
    assert [s.kind for s in row.seats] == ["human", "bot", "open", "open"]
    assert store.active() == {"r1": 2, "r2": 1}
    assert store.changes("nope", 0) is None
    assert [r.actions for r in store.load_rooms("r2")] == [["1 pass"]]


def test_claims_are_handed_over_with_the_action_that_ends_the_hand(storage: Storage) -> None:
    store = storage
    new_room(store, "r1")
    store.start("r1", START, {k: SeatRow(kind="bot", name=f"bot {k}") for k in range(4)})
    claim = SeatRow(kind="bot", claim_name="late", claim_token_hash="c", claim_hand=0)
    store.claim_seat("r1", 2, claim)
    with pytest.raises(Conflict):                       # one claim at a time
        store.claim_seat("r1", 2, SeatRow(kind="bot", claim_name="x", claim_token_hash="d",
                                         claim_hand=0))
    with pytest.raises(Conflict):                       # nor taken while claimed
        store.take_seat("r1", 2, SeatRow(kind="human", name="x", token_hash="e"))
    assert store.append([Append("r1", 1, 0, "0 pass", "bot", "playing")]) == [True]
    seat = store.load_rooms("r1")[0].seats[2]
    assert (seat.kind, seat.claim_name, seat.claim_hand) == ("bot", "late", 0)
    assert store.append([Append("r1", 2, 1, "1 pass", "bot", "playing", handovers=(2,))]) \
        == [True]
    seat = store.load_rooms("r1")[0].seats[2]
    assert (seat.kind, seat.name, seat.token_hash, seat.claim_token_hash) == \
        ("human", "late", "c", None)
    assert seat.sat_from == 1                           # claimed in hand 0: sits from hand 1
    with pytest.raises(Conflict):
        store.hand_over("r1", 2)                        # no claim any more
    store.claim_seat("r1", 3, claim)
    store.hand_over("r1", 3)                            # the host approved
    seat = store.load_rooms("r1")[0].seats[3]
    assert (seat.kind, seat.sat_from) == ("human", 0)   # mid-hand 0: sits from hand 0


def test_store_seats_a_client_as_often_as_it_may(storage: Storage) -> None:
    """Asked to (``per_client``), a store refuses a seat or a claim to a client that holds or
    claims as many seats of the room already, in the transaction that takes it; the client
    goes with the seat: from a claim to the seat handed over, and away when its person
    stands up."""
    store = storage
    new_room(store, "r1")

    def person(k: int, client: str) -> SeatRow:
        return SeatRow(kind="human", name=f"p{k}", token_hash=f"t{k}", client=client)

    store.take_seat("r1", 0, person(0, "c"), 1)
    with pytest.raises(Conflict):
        store.take_seat("r1", 1, person(1, "c"), 1)
    store.take_seat("r1", 1, person(1, "c"), 2)
    store.take_seat("r1", 2, person(2, "c"))               # not asked to (a private table)
    store.start("r1", START, {3: SeatRow(kind="bot", name="bot 3")})
    claim = SeatRow(kind="bot", claim_name="e", claim_token_hash="w", claim_hand=0,
                    claim_client="d")
    with pytest.raises(Conflict):
        store.claim_seat("r1", 3, replace(claim, claim_client="c"), 3)
    store.claim_seat("r1", 3, claim, 1)
    [row] = store.load_rooms("r1")
    assert [(s.client, s.claim_client) for s in row.seats] == \
        [("c", None), ("c", None), ("c", None), (None, "d")]
    store.leave_seat("r1", 2, "t2", SeatRow(kind="bot", name="bot 2"))
    with pytest.raises(Conflict):                          # d claims seat 3
        store.claim_seat("r1", 2, replace(claim, claim_token_hash="y"), 1)
    store.hand_over("r1", 3)
    [row] = store.load_rooms("r1")
    assert [(s.client, s.claim_client) for s in row.seats] == \
        [("c", None), ("c", None), (None, None), ("d", None)]
    with pytest.raises(Conflict):                          # d holds seat 3
        store.claim_seat("r1", 2, replace(claim, claim_token_hash="y"), 1)
    store.leave_seat("r1", 3, "w", SeatRow(kind="bot", name="bot 3"))
    store.claim_seat("r1", 2, replace(claim, claim_token_hash="y"), 1)   # d holds nothing


def test_idle_rooms_are_closed_and_counted(storage: Storage) -> None:
    store = storage
    new_room(store, "old", created_by="x", visited_at=100.0)
    new_room(store, "new", created_by="x", visited_at=300.0)
    new_room(store, "other", created_by="y", visited_at=100.0)
    assert store.count_rooms() == 3 and store.count_rooms("x") == 2
    store.visit(["other"], 250.0)
    assert sorted(store.close_idle(200.0, "idle")) == ["old"]
    assert store.close_idle(200.0, "idle") == []
    assert store.count_rooms() == 2 and store.count_rooms("x") == 1
    assert sorted(r.id for r in store.load_rooms()) == ["new", "other"]
    [closed] = store.load_rooms("old")
    assert closed.status == "closed" and closed.note == "idle"
    store.close_room("new", "limit")
    assert store.active() == {"other": 0}


def test_a_database_of_the_earlier_version_is_read(tmp_path: Path) -> None:
    """A database whose rooms rewrote the whole record at each action (and lacks the new
    columns) opens: the columns are added, and each room is rebuilt from its start and log."""
    db = tmp_path / "old.db"
    match = Match.new("28", seed=3)
    for _ in range(9):
        assert match.to_act is not None
        match.apply(match.current.view(match.to_act)["legal"][0])
    record = match.to_record()
    log = [a for h in record["hands_played"] for a in h["actions"]]
    with sqlite3.connect(db) as conn:
        conn.executescript("""
            CREATE TABLE rooms (id VARCHAR(32) PRIMARY KEY, created_at FLOAT NOT NULL,
                rules TEXT NOT NULL, bots VARCHAR(64) NOT NULL,
                host_token_hash VARCHAR(64) NOT NULL, status VARCHAR(16) NOT NULL,
                takeover_seconds FLOAT NOT NULL, bot_delay FLOAT NOT NULL,
                seq INTEGER NOT NULL, record TEXT);
            CREATE TABLE seats (room_id VARCHAR(32) NOT NULL, seat INTEGER NOT NULL,
                kind VARCHAR(8) NOT NULL, name VARCHAR(64), token_hash VARCHAR(64),
                PRIMARY KEY (room_id, seat));
            CREATE TABLE actions (room_id VARCHAR(32) NOT NULL, seq INTEGER NOT NULL,
                seat INTEGER NOT NULL, action VARCHAR(64) NOT NULL, source VARCHAR(8) NOT NULL,
                at FLOAT NOT NULL, PRIMARY KEY (room_id, seq));""")
        conn.execute("INSERT INTO rooms VALUES ('old', 1.0, '\"28\"', 'rules', 'h', 'playing', "
                     "60, 0.5, ?, ?)", (len(log), json.dumps(record)))
        conn.executemany("INSERT INTO seats VALUES ('old', ?, 'bot', ?, NULL)",
                         [(k, f"bot {k}") for k in range(4)])
        conn.executemany("INSERT INTO actions VALUES ('old', ?, 0, ?, 'bot', 1.0)",
                         [(k + 1, a) for k, a in enumerate(log)])
    store = SqlStore(f"sqlite:///{db}")
    try:
        [row] = store.load_rooms()
        room = restore(row, 0.0, lambda _r, _s: 0)
        assert room.match is not None and room.match.to_record() == record
        assert row.visited_at == 1.0 and row.seats[0].claim_token_hash is None
        assert row.seats[0].sat_from == 0
        assert store.append([Append("old", len(log) + 1, 0, "x", "bot", "playing")]) == [True]
    finally:
        store.close()
