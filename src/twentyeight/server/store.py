"""Persistence of rooms, seats and matches: the :class:`Storage` interface, and
:class:`SqlStore` on SQLAlchemy Core for any SQLAlchemy database URL
(:class:`~twentyeight.server.memory_store.MemoryStore` keeps the same in memory, for tests).

Three tables, in portable SQL (SQLite by default, PostgreSQL works the same):

* ``rooms``: one row per room: its rules, bot kind, timings, status, the number of accepted
  actions (``seq``) and the match record (RECORDS.md) as JSON text;
* ``seats``: one row per seat: ``open``, ``human`` (with a name and the SHA-256 of its secret
  token) or ``bot``;
* ``actions``: the append-only log of every accepted action, numbered by ``seq``.

Every accepted action is written in ONE transaction: the new ``actions`` row and the room's
new ``seq`` and record.  The room row is updated only if its ``seq`` is still the one the
caller saw, so two writers — two tasks or two server processes — can never both append action
``seq`` (:class:`Conflict`; the primary key ``(room_id, seq)`` of ``actions`` backs it up).
Seat taking and the start change the room's row first too, so on PostgreSQL they hold its row
lock, and they too are conditional (a seat is taken only if no person holds it, filled by a
bot only if still open): of two processes, one wins and the other gets :class:`Conflict`.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

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
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
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
    """The stored room is not as the writer saw it (another writer was first); nothing changed."""


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


@dataclass(frozen=True)
class ActionRow:
    """One entry of the action log."""

    seq: int
    seat: int
    action: str
    source: str
    """``player`` or ``bot``."""


def _sqlite_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")       # readers never block the writer
    cursor.execute("PRAGMA synchronous=FULL")       # a commit survives a crash of the process
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def database_url(url: str) -> str:
    """``url`` with PostgreSQL's bare schemes (``postgresql://``, ``postgres://``) given the
    psycopg 3 driver that the ``postgres`` extra installs."""
    for bare in ("postgresql://", "postgres://"):
        if url.startswith(bare):
            return "postgresql+psycopg://" + url[len(bare):]
    return url


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get WAL mode and may be used from any thread."""
    url = database_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    try:
        return create_engine(url, pool_pre_ping=True)
    except ModuleNotFoundError as e:
        hint = " (pip install 'twentyeight[postgres]')" if url.startswith("postgres") else ""
        raise RuntimeError(f"the database driver {e.name!r} is not installed{hint}") from None


SCHEMA_LOCK = 0x7732_3873
"""PostgreSQL advisory lock taken while creating the tables (processes start together)."""


class Storage(Protocol):
    """What the server keeps: synchronous calls, each one transaction, run off the event loop
    (:class:`~twentyeight.server.database.Database`).  A write that finds the stored room not
    as its caller saw it raises :class:`Conflict` and changes nothing."""

    def close(self) -> None:
        """Release what the store holds."""

    def create_room(self, room: RoomRow) -> None:
        """Insert a new room and its seats."""

    def set_seat(self, room_id: str, seat: int, row: SeatRow) -> None:
        """Give a seat no person holds to a person; :class:`Conflict` if one does by now, or
        if the match is over."""

    def start(self, room_id: str, record: dict[str, Any], filled: dict[int, SeatRow]) -> None:
        """Store the dealt match and the seats filled by bots; :class:`Conflict` if the room
        has started or one of those seats was taken meanwhile."""

    def append_action(self, room_id: str, seq: int, seat: int, action: str, by: str,
                      record: dict[str, Any], status: str) -> None:
        """Commit accepted action number ``seq`` (1, 2, …) and the record that includes it;
        :class:`Conflict` if the room is not at ``seq - 1``."""

    def load_rooms(self, room_id: str | None = None) -> list[RoomRow]:
        """Every room (or only ``room_id``), with its seats and its action log."""

    def changes(self, room_id: str, after: int) -> tuple[RoomRow, list[ActionRow]] | None:
        """The room as stored now (with its seats, without its log) and its actions after
        ``after``; ``None`` if there is no such room."""

    def active(self) -> dict[str, int]:
        """``{room: seq}`` of every room whose match is not over."""


def open_store(url: str) -> Storage:
    """The store of a database URL: ``memory://`` keeps everything in this process's memory
    (gone when it stops: for tests and trials), anything else is a SQLAlchemy URL."""
    if url == "memory://":
        from twentyeight.server.memory_store import MemoryStore

        return MemoryStore()
    return SqlStore(url)


class SqlStore:
    """The database of a server on SQLAlchemy: synchronous calls, each its own transaction."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        with self.engine.begin() as conn:
            if self.engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": SCHEMA_LOCK})
            metadata.create_all(conn)

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
        """Give a seat no person holds to a person; :class:`Conflict` if one does by now, or
        if the match is over."""
        with self.engine.begin() as conn:
            res = conn.execute(update(rooms)                  # the room's row lock first
                               .where(rooms.c.id == room_id, rooms.c.status != "finished")
                               .values(status=rooms.c.status))
            if res.rowcount != 1:
                raise Conflict(f"room {room_id}: the match is over")
            res = conn.execute(update(seats)
                               .where(seats.c.room_id == room_id, seats.c.seat == seat,
                                      seats.c.kind != "human")
                               .values(kind=row.kind, name=row.name, token_hash=row.token_hash))
            if res.rowcount != 1:
                raise Conflict(f"room {room_id}: seat {seat} is taken")

    def start(self, room_id: str, record: dict[str, Any], filled: dict[int, SeatRow]) -> None:
        """Store the dealt match and the seats filled by bots, in one transaction;
        :class:`Conflict` if the room has started or one of those seats was taken meanwhile."""
        with self.engine.begin() as conn:
            res = conn.execute(update(rooms)
                               .where(rooms.c.id == room_id, rooms.c.status == "waiting")
                               .values(status="playing", record=json.dumps(record), seq=0))
            if res.rowcount != 1:
                raise Conflict(f"room {room_id} has already started")
            for seat, row in filled.items():
                res = conn.execute(update(seats)
                                   .where(seats.c.room_id == room_id, seats.c.seat == seat,
                                          seats.c.kind == "open")
                                   .values(kind=row.kind, name=row.name,
                                           token_hash=row.token_hash))
                if res.rowcount != 1:
                    raise Conflict(f"room {room_id}: seat {seat} was taken meanwhile")

    def append_action(self, room_id: str, seq: int, seat: int, action: str, by: str,
                      record: dict[str, Any], status: str) -> None:
        """Commit accepted action number ``seq`` (1, 2, …) and the record that includes it."""
        try:
            with self.engine.begin() as conn:
                res = conn.execute(update(rooms)
                                   .where(rooms.c.id == room_id, rooms.c.seq == seq - 1)
                                   .values(seq=seq, record=json.dumps(record), status=status))
                if res.rowcount != 1:
                    raise Conflict(f"room {room_id}: action {seq} was already stored")
                conn.execute(insert(actions).values(room_id=room_id, seq=seq, seat=seat,
                                                    action=action, source=by, at=time.time()))
        except IntegrityError:                  # (room_id, seq) exists: another writer's
            raise Conflict(f"room {room_id}: action {seq} was already stored") from None

    def load_rooms(self, room_id: str | None = None) -> list[RoomRow]:
        """Every room (or only ``room_id``), with its seats and its action log, oldest first."""
        out: dict[str, RoomRow] = {}
        with self.engine.connect() as conn:
            query = select(rooms).order_by(rooms.c.created_at)
            seat_query = select(seats).order_by(seats.c.room_id, seats.c.seat)
            log_query = select(actions.c.room_id, actions.c.action) \
                .order_by(actions.c.room_id, actions.c.seq)
            if room_id is not None:
                query = query.where(rooms.c.id == room_id)
                seat_query = seat_query.where(seats.c.room_id == room_id)
                log_query = log_query.where(actions.c.room_id == room_id)
            for r in conn.execute(query).mappings():
                out[r["id"]] = _room_row(r)
            for s in conn.execute(seat_query).mappings():
                if s["room_id"] in out:
                    out[s["room_id"]].seats.append(
                        SeatRow(kind=s["kind"], name=s["name"], token_hash=s["token_hash"]))
            for a in conn.execute(log_query).mappings():
                if a["room_id"] in out:
                    out[a["room_id"]].actions.append(a["action"])
        for row in out.values():              # a write between the reads: never half a room
            if len(row.actions) > row.seq:
                del row.actions[row.seq:]
        return list(out.values())

    def changes(self, room_id: str, after: int) -> tuple[RoomRow, list[ActionRow]] | None:
        """The room as stored now (with its seats, without its log) and its actions after
        ``after`` up to its stored ``seq``; ``None`` if there is no such room."""
        with self.engine.connect() as conn:
            r = conn.execute(select(rooms).where(rooms.c.id == room_id)).mappings().first()
            if r is None:
                return None
            row = _room_row(r)
            row.seats = [SeatRow(kind=s["kind"], name=s["name"], token_hash=s["token_hash"])
                         for s in conn.execute(select(seats).where(seats.c.room_id == room_id)
                                               .order_by(seats.c.seat)).mappings()]
            log = [ActionRow(seq=a["seq"], seat=a["seat"], action=a["action"],
                             source=a["source"])
                   for a in conn.execute(select(actions)
                                         .where(actions.c.room_id == room_id,
                                                actions.c.seq > after,
                                                actions.c.seq <= row.seq)
                                         .order_by(actions.c.seq)).mappings()]
        return row, log

    def active(self) -> dict[str, int]:
        """``{room: seq}`` of every room whose match is not over."""
        with self.engine.connect() as conn:
            return {r.id: r.seq for r in conn.execute(
                select(rooms.c.id, rooms.c.seq).where(rooms.c.status != "finished"))}


def _room_row(r: Any) -> RoomRow:
    return RoomRow(id=r["id"], rules=json.loads(r["rules"]), bots=r["bots"],
                   host_token_hash=r["host_token_hash"], status=r["status"],
                   takeover_seconds=r["takeover_seconds"], bot_delay=r["bot_delay"],
                   seq=r["seq"], record=json.loads(r["record"]) if r["record"] else None)
