"""Persistence of rooms, seats and matches: SQLAlchemy Core, any SQLAlchemy database URL.

Three tables, in portable SQL (SQLite by default, PostgreSQL works the same):

* ``rooms``: one row per room: its rules, bot kind, timings, status, the number of accepted
  actions (``seq``) and the match record (RECORDS.md) as JSON text;
* ``seats``: one row per seat: ``open``, ``human`` (with a name and the SHA-256 of its secret
  token) or ``bot``;
* ``actions``: the append-only log of every accepted action, numbered by ``seq``.

Every accepted action is written in ONE transaction: the new ``actions`` row and the room's
new ``seq`` and record.  The room row is updated only if its ``seq`` is still the one the
caller saw, so two writers can never both append action ``seq`` (:class:`Conflict`).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.pool import ConnectionPoolEntry

metadata = MetaData()

rooms = Table(
    "rooms", metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("rules", Text, nullable=False),
    Column("bots", String(64), nullable=False),
    Column("host_token_hash", String(64), nullable=False),
    Column("status", String(16), nullable=False),
    Column("takeover_seconds", Float, nullable=False),
    Column("bot_delay", Float, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("record", Text, nullable=True),
)

seats = Table(
    "seats", metadata,
    Column("room_id", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),
)

actions = Table(
    "actions", metadata,
    Column("room_id", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(64), nullable=False),
    Column("source", String(8), nullable=False),
    Column("at", Float, nullable=False),
)


class Conflict(RuntimeError):
    """The room's stored ``seq`` is not the one the writer expected."""


@dataclass
class SeatRow:
    """A seat as stored."""

    kind: str
    name: str | None = None
    token_hash: str | None = None


@dataclass
class RoomRow:
    """A room as stored (``record`` is the match record, or ``None`` before the start)."""

    id: str
    rules: Any
    bots: str
    host_token_hash: str
    status: str
    takeover_seconds: float
    bot_delay: float
    seq: int = 0
    record: dict[str, Any] | None = None
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)


def _sqlite_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")       # readers never block the writer
    cursor.execute("PRAGMA synchronous=FULL")       # a commit survives a crash of the process
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get WAL mode and may be used from any thread."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """The database of a server: synchronous calls, each its own transaction."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        metadata.create_all(self.engine)

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    def create_room(self, room: RoomRow) -> None:
        """Insert a new room and its seats."""
        with self.engine.begin() as conn:
            conn.execute(insert(rooms).values(
                id=room.id, created_at=time.time(), rules=json.dumps(room.rules),
                bots=room.bots, host_token_hash=room.host_token_hash, status=room.status,
                takeover_seconds=room.takeover_seconds, bot_delay=room.bot_delay,
                seq=room.seq, record=None))
            conn.execute(insert(seats), [
                {"room_id": room.id, "seat": k, "kind": s.kind, "name": s.name,
                 "token_hash": s.token_hash} for k, s in enumerate(room.seats)])

    def set_seat(self, room_id: str, seat: int, row: SeatRow) -> None:
        """Store who holds a seat."""
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.room_id == room_id, seats.c.seat == seat)
                         .values(kind=row.kind, name=row.name, token_hash=row.token_hash))

    def start(self, room_id: str, record: dict[str, Any], filled: dict[int, SeatRow]) -> None:
        """Store the dealt match and the seats filled by bots, in one transaction."""
        with self.engine.begin() as conn:
            for seat, row in filled.items():
                conn.execute(update(seats)
                             .where(seats.c.room_id == room_id, seats.c.seat == seat)
                             .values(kind=row.kind, name=row.name, token_hash=row.token_hash))
            res = conn.execute(update(rooms)
                               .where(rooms.c.id == room_id, rooms.c.status == "waiting")
                               .values(status="playing", record=json.dumps(record), seq=0))
            if res.rowcount != 1:
                raise Conflict(f"room {room_id} has already started")

    def append_action(self, room_id: str, seq: int, seat: int, action: str, by: str,
                      record: dict[str, Any], status: str) -> None:
        """Commit accepted action number ``seq`` (1, 2, …) and the record that includes it."""
        with self.engine.begin() as conn:
            res = conn.execute(update(rooms)
                               .where(rooms.c.id == room_id, rooms.c.seq == seq - 1)
                               .values(seq=seq, record=json.dumps(record), status=status))
            if res.rowcount != 1:
                raise Conflict(f"room {room_id}: action {seq} was already stored")
            conn.execute(insert(actions).values(room_id=room_id, seq=seq, seat=seat,
                                                action=action, source=by, at=time.time()))

    def load_rooms(self) -> list[RoomRow]:
        """Every room, with its seats and its action log, oldest room first."""
        out: dict[str, RoomRow] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(select(rooms).order_by(rooms.c.created_at)).mappings():
                out[r["id"]] = RoomRow(
                    id=r["id"], rules=json.loads(r["rules"]), bots=r["bots"],
                    host_token_hash=r["host_token_hash"], status=r["status"],
                    takeover_seconds=r["takeover_seconds"], bot_delay=r["bot_delay"],
                    seq=r["seq"], record=json.loads(r["record"]) if r["record"] else None)
            for s in conn.execute(select(seats).order_by(seats.c.room_id, seats.c.seat)) \
                    .mappings():
                if s["room_id"] in out:
                    out[s["room_id"]].seats.append(
                        SeatRow(kind=s["kind"], name=s["name"], token_hash=s["token_hash"]))
            for a in conn.execute(select(actions.c.room_id, actions.c.action)
                                  .order_by(actions.c.room_id, actions.c.seq)).mappings():
                if a["room_id"] in out:
                    out[a["room_id"]].actions.append(a["action"])
        return list(out.values())
