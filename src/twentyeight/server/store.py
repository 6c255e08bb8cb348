"""Persistence of rooms, seats and matches: the :class:`Storage` interface, and
:class:`SqlStore` on SQLAlchemy Core for any SQLAlchemy database URL
(:class:`~twentyeight.server.memory_store.MemoryStore` keeps the same in memory, for tests).

Three tables, in portable SQL (SQLite by default, PostgreSQL works the same):

* ``rooms``: one row per room: its rules, bot kind, timings, status, the number of accepted
  actions (``seq``), the hash of its seat invitation, when it was last visited, and — from the
  start on — the *start record*: the match record (RECORDS.md) as dealt, before any action;
* ``seats``: one row per seat: ``open``, ``human`` (with a name and the SHA-256 of its secret
  token) or ``bot``, and a pending *claim* of a computer's seat (the newcomer's name and token
  hash, and the hand during which it was claimed); at a public or rated table, the client
  (:func:`~twentyeight.server.limits.client_key`, a hash) each person sat or claimed from;
* ``actions``: the append-only log of every accepted action, numbered by ``seq``.

**An action writes only itself.**  Accepting action ``seq`` inserts its ``actions`` row and
moves the room's ``seq`` (and ``status``) on — the same small writes in the first hand and the
two-thousandth; the full record is assembled from the start record and the log when it is
asked for (:func:`assemble`).  Several actions, of any rooms, are committed in one transaction
(:meth:`Storage.append`, the group commit of :class:`~twentyeight.server.database.Database`).

The room's row is moved on only if its ``seq`` is still the one the caller saw, so two
writers — two tasks or two server processes — can never both append action ``seq``
(:class:`Conflict`; the primary key ``(room_id, seq)`` of ``actions`` backs it up).  Seat
taking and the start change the room's row first too, so on PostgreSQL they hold its row lock,
and they too are conditional (a seat is taken only if no person holds or claims it, filled by
a bot only if still open): of two processes, one wins and the other gets :class:`Conflict`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    inspect,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import ConnectionPoolEntry

from twentyeight.match import Match

WAITING, PLAYING, FINISHED, CLOSED = "waiting", "playing", "finished", "closed"
"""A room's status: waiting for its start, playing, its match over, closed (archived: no
more play; its record can be downloaded)."""

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
    Column("invite_hash", String(64), nullable=True),
    Column("turn_seconds", Float, nullable=True),
    Column("created_by", String(64), nullable=True),
    Column("visited_at", Float, nullable=True),
    Column("note", Text, nullable=True),
    Column("public", Integer, nullable=True),
    Column("rated", Integer, nullable=True),
    Column("hints", Integer, nullable=True),
    Index("rooms_by_status", "status", "visited_at"),
    Index("rooms_by_creator", "created_by", "status"),
)

seats = Table(
    "seats", metadata,
    Column("room_id", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("claim_name", String(64), nullable=True),
    Column("claim_token_hash", String(64), nullable=True),
    Column("claim_hand", Integer, nullable=True),
    Column("sat_from", Integer, nullable=True),
    Column("client", String(64), nullable=True),
    Column("claim_client", String(64), nullable=True),
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

ADDED_COLUMNS = {"rooms": ["invite_hash", "turn_seconds", "created_by", "visited_at", "note",
                           "public", "rated", "hints"],
                 "seats": ["claim_name", "claim_token_hash", "claim_hand", "sat_from",
                           "client", "claim_client"]}
"""Columns a database made by an earlier version lacks (added, empty, at the start)."""


def handover_offset(mid_hand: bool) -> int:
    """How many hands after the one it claimed the seat in a claimant sits from: the next
    one, or (``mid_hand``, the host approved) that one — it sees the rest of it."""
    return 0 if mid_hand else 1


class HeldSeat(Protocol):
    """What :func:`seats_held_by` reads of a seat (a stored :class:`SeatRow` or a live
    :class:`~twentyeight.server.room.Seat`)."""

    kind: str
    client: str | None
    claim_token_hash: str | None
    claim_client: str | None


def seats_held_by(seats: Iterable[HeldSeat], client: str) -> int:
    """The seats a person holds, or claims, from ``client`` (each under its own token): what
    ``public_seats_per_client`` bounds (the SQL store counts the same in its query)."""
    return sum(1 for s in seats if (s.kind == "human" and s.client == client)
               or (s.claim_token_hash is not None and s.claim_client == client))


class Conflict(RuntimeError):
    """The stored room is not as the writer saw it (another writer was first); nothing changed."""


@dataclass
class SeatRow:
    """A seat as stored; ``claim_*``: a newcomer waiting to take over a computer's seat at the
    hand after ``claim_hand``."""

    kind: str
    name: str | None = None
    token_hash: str | None = None
    claim_name: str | None = None
    claim_token_hash: str | None = None
    claim_hand: int | None = None
    sat_from: int = 0
    """The first hand its person played at the seat (:attr:`Seat.sat_from`)."""
    client: str | None = None
    """Where its person sat from (:attr:`Seat.client`)."""
    claim_client: str | None = None
    """Where the claimant claimed it from."""


@dataclass
class RoomRow:
    """A room as stored (``record`` is the start record, or ``None`` before the start)."""

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
    invite_hash: str | None = None
    turn_seconds: float = 60.0
    created_by: str = ""
    created_at: float = 0.0
    visited_at: float = 0.0
    note: str | None = None
    """Why the room was closed (``closed`` rooms)."""
    public: bool = False
    """Listed in ``GET /api/rooms``: anyone may take a free seat (docs/online.md)."""
    rated: bool = False
    """A rated table: people only, signed in; its match updates their ratings."""
    hints: bool | None = None
    """Whether the table offers hints (``None``: where computer players sit)."""


@dataclass(frozen=True)
class ActionRow:
    """One entry of the action log."""

    seq: int
    seat: int
    action: str
    source: str
    """``player`` or ``bot``."""


MOVE_ON = update(rooms).where(rooms.c.id == bindparam("rid"), rooms.c.seq == bindparam("old")) \
    .values(seq=bindparam("new"), status=bindparam("st"), note=bindparam("why"))
"""A room moves on from seq ``old`` to ``new`` (its status and note with it): the group
commit's one statement per room, built once."""


@dataclass(frozen=True)
class Append:
    """One accepted action to commit: action number ``seq`` of ``room_id``, the room's
    ``status`` after it, and the seats whose pending claims it settles (the hand it ended was
    the last one their computer players played)."""

    room_id: str
    seq: int
    seat: int
    action: str
    source: str
    status: str
    handovers: tuple[int, ...] = ()
    note: str | None = None
    """Why the room is closed, when ``status`` closes it."""


def assemble(start: dict[str, Any], log: Sequence[str]) -> Match:
    """The match of a start record (or any record: only its rules, seed, first dealer and
    extra fields are read) and the action log after it."""
    match = Match.new(start["rules"], seed=start["seed"],
                      dealer=start["hands_played"][0]["dealer"])
    match.extra = {k: v for k, v in start.items() if k not in ("rules", "seed", "hands_played")}
    for action in log:
        match.apply(action)
    return match


def start_record(match: Match) -> dict[str, Any]:
    """What the start stores of a freshly dealt ``match``: its record before any action."""
    record = match.to_record()
    assert all(not hand["actions"] for hand in record["hands_played"])
    return record


class Storage(Protocol):
    """What the server keeps: synchronous calls, each one transaction, run off the event loop
    (:class:`~twentyeight.server.database.Database`).  A write that finds the stored room not
    as its caller saw it raises :class:`Conflict` and changes nothing."""

    def close(self) -> None:
        """Release what the store holds."""

    def create_room(self, room: RoomRow) -> None:
        """Insert a new room and its seats."""

    def take_seat(self, room_id: str, seat: int, row: SeatRow,
                  per_client: int | None = None) -> None:
        """Give a seat nobody holds or claims to a person; :class:`Conflict` if someone does
        by now, or if the room is finished or closed, or (``per_client`` given) if
        ``row.client`` holds or claims that many other seats of the room already."""

    def claim_seat(self, room_id: str, seat: int, row: SeatRow,
                   per_client: int | None = None) -> None:
        """Note a newcomer's claim (``row.claim_*``) of a computer's seat; :class:`Conflict`
        if it is no longer a computer's unclaimed seat of a playing room, or (``per_client``
        given) if ``row.claim_client`` holds or claims that many other seats of the room."""

    def hand_over(self, room_id: str, seat: int) -> None:
        """The seat's claimant takes it now (the host approved); :class:`Conflict` if there is
        no claim any more."""

    def set_invite(self, room_id: str, invite_hash: str) -> None:
        """A new seat invitation (the old one stops working)."""

    def start(self, room_id: str, record: dict[str, Any], filled: dict[int, SeatRow],
              hints: bool | None = None) -> None:
        """Store the start record, the seats filled by bots and the table's hints as they
        stand from the start (``None``: unchanged); :class:`Conflict` if the room has
        started or one of those seats was taken meanwhile."""

    def append(self, entries: Sequence[Append]) -> list[bool]:
        """Commit ``entries`` in one transaction; for each, whether it was committed (``False``:
        its room was not at ``seq - 1``, and nothing of it was written)."""

    def load_rooms(self, room_id: str | None = None) -> list[RoomRow]:
        """Every room not closed (or only ``room_id``, whatever its status), with its seats and
        its action log."""

    def changes(self, room_id: str, after: int) -> tuple[RoomRow, list[ActionRow]] | None:
        """The room as stored now (with its seats, without its log) and its actions after
        ``after``; ``None`` if there is no such room."""

    def active(self) -> dict[str, int]:
        """``{room: seq}`` of every room waiting or playing."""

    def visit(self, room_ids: Sequence[str], at: float) -> None:
        """The rooms ``room_ids`` were visited at ``at`` (wall-clock seconds)."""

    def close_idle(self, before: float, note: str) -> list[str]:
        """Close every room not closed and not visited since ``before``; their ids."""

    def close_room(self, room_id: str, note: str) -> None:
        """Close ``room_id`` (whatever its status)."""

    def count_rooms(self, created_by: str | None = None) -> int:
        """Rooms not closed (made by ``created_by``, if given)."""

    def leave_seat(self, room_id: str, seat: int, token_hash: str, row: SeatRow) -> None:
        """The person holding ``seat`` (its token's hash ``token_hash``) stands up: the seat
        becomes ``row`` (a computer's, or open before the start); :class:`Conflict` if that
        person no longer holds it or the room is over."""


def open_store(url: str) -> Storage:
    """The store of a database URL: ``memory://`` keeps everything in this process's memory
    (gone when it stops: for tests and trials), anything else is a SQLAlchemy URL."""
    if url == "memory://":
        from twentyeight.server.memory_store import MemoryStore

        return MemoryStore()
    return SqlStore(url)


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

_OPEN_ROOM = rooms.c.status.in_((WAITING, PLAYING, FINISHED))


class SqlStore:
    """The database of a server on SQLAlchemy: synchronous calls, each its own transaction."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        with self.engine.begin() as conn:
            if self.engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": SCHEMA_LOCK})
            metadata.create_all(conn)
            _add_columns(conn)

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    def create_room(self, room: RoomRow) -> None:
        """Insert a new room and its seats."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(insert(rooms).values(
                id=room.id, created_at=room.created_at or now, rules=json.dumps(room.rules),
                bots=room.bots, host_token_hash=room.host_token_hash, status=room.status,
                takeover_seconds=room.takeover_seconds, bot_delay=room.bot_delay,
                seq=room.seq, record=None, invite_hash=room.invite_hash,
                turn_seconds=room.turn_seconds, created_by=room.created_by,
                visited_at=room.visited_at or now, public=int(room.public),
                rated=int(room.rated),
                hints=None if room.hints is None else int(room.hints)))
            conn.execute(insert(seats), [
                {"room_id": room.id, "seat": k, "kind": s.kind, "name": s.name,
                 "token_hash": s.token_hash, "client": s.client}
                for k, s in enumerate(room.seats)])

    def _lock_room(self, conn: Connection, room_id: str, *statuses: str) -> None:
        """Take the room's row lock (PostgreSQL), if its status is one of ``statuses``."""
        res = conn.execute(update(rooms)
                           .where(rooms.c.id == room_id, rooms.c.status.in_(statuses))
                           .values(status=rooms.c.status))
        if res.rowcount != 1:
            raise Conflict(f"room {room_id} is not {' or '.join(statuses)}")

    def _check_client(self, conn: Connection, room_id: str, client: str | None,
                      per_client: int | None) -> None:
        """:class:`Conflict` if ``client`` holds or claims ``per_client`` seats of the room
        (under the room's row lock: two processes seating one client at once see each
        other)."""
        if per_client is None or client is None:
            return
        held = conn.execute(select(func.count()).select_from(seats).where(
            seats.c.room_id == room_id,
            or_(and_(seats.c.kind == "human", seats.c.client == client),
                and_(seats.c.claim_token_hash.is_not(None), seats.c.claim_client == client))
        )).scalar_one()
        if held >= per_client:
            raise Conflict(f"room {room_id}: that client holds {held} seats")

    def take_seat(self, room_id: str, seat: int, row: SeatRow,
                  per_client: int | None = None) -> None:
        """Give a seat nobody holds or claims to a person."""
        with self.engine.begin() as conn:
            self._lock_room(conn, room_id, WAITING, PLAYING)
            self._check_client(conn, room_id, row.client, per_client)
            res = conn.execute(update(seats)
                               .where(seats.c.room_id == room_id, seats.c.seat == seat,
                                      seats.c.kind != "human",
                                      seats.c.claim_token_hash.is_(None))
                               .values(kind=row.kind, name=row.name, token_hash=row.token_hash,
                                       sat_from=row.sat_from, client=row.client))
            if res.rowcount != 1:
                raise Conflict(f"room {room_id}: seat {seat} is taken")

    def claim_seat(self, room_id: str, seat: int, row: SeatRow,
                   per_client: int | None = None) -> None:
        """Note a newcomer's claim of a computer's seat."""
        with self.engine.begin() as conn:
            self._lock_room(conn, room_id, PLAYING)
            self._check_client(conn, room_id, row.claim_client, per_client)
            res = conn.execute(update(seats)
                               .where(seats.c.room_id == room_id, seats.c.seat == seat,
                                      seats.c.kind == "bot",
                                      seats.c.claim_token_hash.is_(None))
                               .values(claim_name=row.claim_name,
                                       claim_token_hash=row.claim_token_hash,
                                       claim_hand=row.claim_hand,
                                       claim_client=row.claim_client))
            if res.rowcount != 1:
                raise Conflict(f"room {room_id}: seat {seat} is taken or claimed")

    def hand_over(self, room_id: str, seat: int) -> None:
        """The seat's claimant takes it now."""
        with self.engine.begin() as conn:
            self._lock_room(conn, room_id, PLAYING)
            if _hand_over(conn, room_id, [seat], mid_hand=True) != 1:
                raise Conflict(f"room {room_id}: seat {seat} has no claim")

    def set_invite(self, room_id: str, invite_hash: str) -> None:
        """A new seat invitation."""
        with self.engine.begin() as conn:
            conn.execute(update(rooms).where(rooms.c.id == room_id)
                         .values(invite_hash=invite_hash))

    def start(self, room_id: str, record: dict[str, Any], filled: dict[int, SeatRow],
              hints: bool | None = None) -> None:
        """Store the start record, the seats filled by bots and the hints, in one
        transaction."""
        values: dict[str, Any] = {"status": PLAYING, "record": json.dumps(record), "seq": 0}
        if hints is not None:
            values["hints"] = int(hints)
        with self.engine.begin() as conn:
            res = conn.execute(update(rooms)
                               .where(rooms.c.id == room_id, rooms.c.status == WAITING)
                               .values(**values))
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

    def append(self, entries: Sequence[Append]) -> list[bool]:
        """Commit ``entries`` in one transaction (see :class:`Storage`)."""
        if not entries:
            return []
        try:
            return self._append_batch(entries)
        except (Conflict, IntegrityError):     # another writer slipped in: one at a time
            return [self._append_one(e) for e in entries]

    def _append_batch(self, entries: Sequence[Append]) -> list[bool]:
        """Every entry whose room's chain holds in the batch (each room's first entry follows
        the room's stored seq, the others follow each other), in one transaction; a room found
        elsewhere than its first entry expects raises :class:`Conflict` (then one at a time).

        The cost is flat in the batch: one ``UPDATE`` per room moved on (taking its row lock,
        in room order) and one multi-row ``INSERT`` of the actions; no read."""
        first: dict[str, int] = {}                   # room -> the seq its first entry follows
        seen: dict[str, int] = {}
        ok = []
        for e in entries:
            at = seen.get(e.room_id)
            if at is None:
                at = first[e.room_id] = e.seq - 1
            ok.append(at == e.seq - 1)
            if ok[-1]:
                seen[e.room_id] = e.seq
        done = [e for e, good in zip(entries, ok, strict=True) if good]
        last = {e.room_id: e for e in done}               # the room's newest entry
        with self.engine.begin() as conn:
            res = conn.execute(MOVE_ON, [
                {"rid": rid, "old": first[rid], "new": e.seq, "st": e.status, "why": e.note}
                for rid, e in sorted(last.items())])
            if res.rowcount != len(last):
                raise Conflict("a room is not where the batch expects it")
            now = time.time()
            conn.execute(insert(actions), [
                {"room_id": e.room_id, "seq": e.seq, "seat": e.seat, "action": e.action,
                 "source": e.source, "at": now} for e in done])
            for e in done:
                if e.handovers:
                    _hand_over(conn, e.room_id, list(e.handovers))
        return ok

    def _append_one(self, e: Append) -> bool:
        try:
            with self.engine.begin() as conn:
                res = conn.execute(update(rooms)
                                   .where(rooms.c.id == e.room_id, rooms.c.seq == e.seq - 1)
                                   .values(seq=e.seq, status=e.status, note=e.note))
                if res.rowcount != 1:
                    return False
                conn.execute(insert(actions).values(room_id=e.room_id, seq=e.seq, seat=e.seat,
                                                    action=e.action, source=e.source,
                                                    at=time.time()))
                if e.handovers:
                    _hand_over(conn, e.room_id, list(e.handovers))
            return True
        except IntegrityError:                   # (room_id, seq) exists: another writer's
            return False

    def load_rooms(self, room_id: str | None = None) -> list[RoomRow]:
        """Every room not closed (or only ``room_id``), with its seats and action log."""
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
            else:
                query = query.where(rooms.c.status != CLOSED)
                live = select(rooms.c.id).where(rooms.c.status != CLOSED)
                seat_query = seat_query.where(seats.c.room_id.in_(live))
                log_query = log_query.where(actions.c.room_id.in_(live))
            for r in conn.execute(query).mappings():
                out[r["id"]] = _room_row(r)
            for s in conn.execute(seat_query).mappings():
                if s["room_id"] in out:
                    out[s["room_id"]].seats.append(_seat_row(s))
            for a in conn.execute(log_query).mappings():
                if a["room_id"] in out:
                    out[a["room_id"]].actions.append(a["action"])
        for row in out.values():              # a write between the reads: never half a room
            if len(row.actions) > row.seq:
                del row.actions[row.seq:]
        return list(out.values())

    def changes(self, room_id: str, after: int) -> tuple[RoomRow, list[ActionRow]] | None:
        """The room as stored now and its actions after ``after`` up to its stored ``seq``."""
        with self.engine.connect() as conn:
            r = conn.execute(select(rooms).where(rooms.c.id == room_id)).mappings().first()
            if r is None:
                return None
            row = _room_row(r)
            row.seats = [_seat_row(s)
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
        """``{room: seq}`` of every room waiting or playing."""
        with self.engine.connect() as conn:
            return {r.id: r.seq for r in conn.execute(
                select(rooms.c.id, rooms.c.seq).where(rooms.c.status.in_((WAITING, PLAYING))))}

    def visit(self, room_ids: Sequence[str], at: float) -> None:
        """The rooms ``room_ids`` were visited at ``at``."""
        if not room_ids:
            return
        with self.engine.begin() as conn:
            conn.execute(update(rooms).where(rooms.c.id.in_(list(room_ids)),
                                             rooms.c.visited_at < at)
                         .values(visited_at=at))

    def close_idle(self, before: float, note: str) -> list[str]:
        """Close every room not closed and not visited since ``before``."""
        with self.engine.begin() as conn:
            ids = [r.id for r in conn.execute(
                select(rooms.c.id).where(_OPEN_ROOM, rooms.c.visited_at < before))]
            if ids:
                conn.execute(update(rooms).where(rooms.c.id.in_(ids), _OPEN_ROOM,
                                                 rooms.c.visited_at < before)
                             .values(status=CLOSED, note=note))
        return ids

    def close_room(self, room_id: str, note: str) -> None:
        """Close ``room_id``."""
        with self.engine.begin() as conn:
            conn.execute(update(rooms).where(rooms.c.id == room_id, _OPEN_ROOM)
                         .values(status=CLOSED, note=note))

    def count_rooms(self, created_by: str | None = None) -> int:
        """Rooms not closed (made by ``created_by``, if given)."""
        query = select(func.count()).select_from(rooms).where(_OPEN_ROOM)
        if created_by is not None:
            query = query.where(rooms.c.created_by == created_by)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def leave_seat(self, room_id: str, seat: int, token_hash: str, row: SeatRow) -> None:
        """The seat's person stands up (the seat becomes ``row``)."""
        with self.engine.begin() as conn:
            self._lock_room(conn, room_id, WAITING, PLAYING, FINISHED)
            res = conn.execute(update(seats)
                               .where(seats.c.room_id == room_id, seats.c.seat == seat,
                                      seats.c.kind == "human",
                                      seats.c.token_hash == token_hash)
                               .values(kind=row.kind, name=row.name, token_hash=None,
                                       client=None))
            if res.rowcount != 1:
                raise Conflict(f"room {room_id}: seat {seat} is not that person's")


def _hand_over(conn: Connection, room_id: str, seat_numbers: list[int],
               mid_hand: bool = False) -> int:
    """Claimants of ``seat_numbers`` take their seats (from the next hand or, ``mid_hand``,
    the claim's own: :meth:`Seat.hand_over`); how many did."""
    res = conn.execute(update(seats)
                       .where(seats.c.room_id == room_id, seats.c.seat.in_(seat_numbers),
                              seats.c.claim_token_hash.is_not(None))
                       .values(kind="human", name=seats.c.claim_name,
                               token_hash=seats.c.claim_token_hash, claim_name=None,
                               claim_token_hash=None, claim_hand=None,
                               sat_from=seats.c.claim_hand + handover_offset(mid_hand),
                               client=seats.c.claim_client, claim_client=None))
    return int(res.rowcount)


def _add_columns(conn: Connection) -> None:
    """Add the columns of :data:`ADDED_COLUMNS` a database made by an earlier version lacks."""
    have = inspect(conn)
    for table_name, names in ADDED_COLUMNS.items():
        existing = {c["name"] for c in have.get_columns(table_name)}
        table = metadata.tables[table_name]
        for name in names:
            if name not in existing:
                column = table.c[name]
                kind = column.type.compile(dialect=conn.dialect)
                conn.execute(text(f"ALTER TABLE {table_name} ADD COLUMN {name} {kind}"))
    conn.execute(update(rooms).where(rooms.c.visited_at.is_(None))
                 .values(visited_at=rooms.c.created_at))


def _room_row(r: Any) -> RoomRow:
    return RoomRow(id=r["id"], rules=json.loads(r["rules"]), bots=r["bots"],
                   host_token_hash=r["host_token_hash"], status=r["status"],
                   takeover_seconds=r["takeover_seconds"], bot_delay=r["bot_delay"],
                   seq=r["seq"], record=json.loads(r["record"]) if r["record"] else None,
                   invite_hash=r["invite_hash"],
                   turn_seconds=r["turn_seconds"] if r["turn_seconds"] is not None else 60.0,
                   created_by=r["created_by"] or "", created_at=r["created_at"],
                   visited_at=r["visited_at"] or r["created_at"], note=r["note"],
                   public=bool(r["public"]), rated=bool(r["rated"]),
                   hints=None if r["hints"] is None else bool(r["hints"]))


def _seat_row(s: Any) -> SeatRow:
    return SeatRow(kind=s["kind"], name=s["name"], token_hash=s["token_hash"],
                   claim_name=s["claim_name"], claim_token_hash=s["claim_token_hash"],
                   claim_hand=s["claim_hand"], sat_from=s["sat_from"] or 0,
                   client=s["client"], claim_client=s["claim_client"])
