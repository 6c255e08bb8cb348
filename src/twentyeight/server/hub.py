"""The authority of the server: rooms, seats, the one place actions are accepted, and fan-out.

The engine decides what is legal; the hub decides *who* may act (the seat's token), commits
every accepted action to the database, and only then tells the clients, each what it may
know.  Every change of a room happens under that room's lock, so all clients of a room see
the same events in the same order.

With ``--redis`` several processes serve the same database (:mod:`~twentyeight.server.cluster`):
a commit that finds the database ahead of this process (:class:`Conflict`) changes nothing;
the room then catches up from the action log (:meth:`Hub.refresh`), telling this process's
clients every event it missed, and a player's action is tried again on the new state.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from twentyeight.bots import Bot, make_table_bot, table_bot_names
from twentyeight.engine.actions import Action
from twentyeight.errors import IllegalAction
from twentyeight.game import Game
from twentyeight.match import Match
from twentyeight.rules import Rules, RulesError
from twentyeight.server.connection import Connection
from twentyeight.server.driver import drive
from twentyeight.server.protocol import (
    ILLEGAL,
    MALFORMED,
    NOT_STARTED,
    PROTOCOL_VERSION,
    SERVER_ERROR,
    UNAUTHORISED,
    ClientMessage,
    ProtocolError,
    error,
    parse,
)
from twentyeight.server.public import PublicView, public_view, told
from twentyeight.server.room import (
    BOT,
    FINISHED,
    HUMAN,
    OPEN,
    PLAYING,
    WAITING,
    Room,
    Seat,
    new_token,
    token_hash,
)
from twentyeight.server.store import ActionRow, Conflict, RoomRow, SeatRow, Store
from twentyeight.views import View

if TYPE_CHECKING:
    from twentyeight.server.cluster import Cluster

log = logging.getLogger("twentyeight.server")


@dataclass(frozen=True)
class Settings:
    """How a server runs (``twentyeight serve`` options)."""

    db_url: str = "sqlite:///twentyeight.db"
    takeover_seconds: float = 60.0
    """Default: how long a player may be away before a computer player acts for them."""
    bot_delay: float = 0.5
    """Default: seconds a computer player waits before it acts, so people can follow."""
    allow_external_bots: bool = False
    """Whether a room may seat an external bot by URL (BOT-PROTOCOL.md).  Off by default: the
    server would otherwise fetch any address a room's creator names."""
    redis_url: str | None = None
    """Redis for fan-out between several processes sharing ``db_url``; ``None``: one process."""
    heartbeat_seconds: float = 2.0
    """With Redis: how often each process announces its connections."""
    poll_seconds: float = 2.0
    """With Redis: how often each process checks the database for changes it missed."""


RETRIES = 8
"""How often a player's action is tried again after another process committed first."""


class _Stale(Exception):
    """Another writer committed first; the room has caught up and nothing of ours changed."""


class RoomError(Exception):
    """A refused HTTP request: ``status`` (HTTP), ``code`` and a message for people."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def rules_from(rules: str | dict[str, Any], flags: dict[str, Any]) -> Rules:
    """The rules of a new room: a preset or rules object, with flag overrides."""
    spec: Any = rules
    if flags:
        spec = {"preset": rules, **flags} if isinstance(rules, str) else {**rules, **flags}
    try:
        return Rules.from_spec(spec)
    except RulesError as e:
        raise RoomError(400, "bad_rules", str(e)) from None
    except (TypeError, ValueError, KeyError) as e:
        raise RoomError(400, "bad_rules", f"not a rules object: {e}") from None


class Hub:
    """Every room of this server process."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.db_url)
        self.rooms: dict[str, Room] = {}
        self.clients: dict[str, list[Connection]] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.cluster: Cluster | None = None
        if settings.redis_url:
            try:
                from twentyeight.server.cluster import Cluster
            except ImportError as e:
                raise RuntimeError(f"--redis needs {e.name or 'redis'}: pip install "
                                   "'twentyeight[redis]'") from None
            self.cluster = Cluster(self, settings.redis_url, settings.heartbeat_seconds,
                                   settings.poll_seconds)
        self.loading = asyncio.Lock()

    # ---- life ----------------------------------------------------------------------------
    async def open(self) -> None:
        """Restore every stored room (replaying its record) and restart its computer players."""
        rows = await asyncio.to_thread(self.store.load_rooms)
        now = asyncio.get_running_loop().time()
        for row in rows:
            try:
                room = self._restore(row, now)
            except Exception:
                log.exception("room %s could not be restored; left out", row.id)
                continue
            self.rooms[room.id] = room
            self.clients[room.id] = []
            self._start_driver(room)
        log.info("restored %d rooms", len(self.rooms))
        if self.cluster is not None:
            await self.cluster.open()

    def _restore(self, row: RoomRow, now: float) -> Room:
        seats = [Seat(kind=s.kind, name=s.name, token_hash=s.token_hash, away_since=now,
                      elsewhere=self.cluster.elsewhere(row.id, k) if self.cluster else 0)
                 for k, s in enumerate(row.seats)]
        room = Room(id=row.id, rules=Rules.from_spec(row.rules), bot_kind=row.bots,
                    host_token_hash=row.host_token_hash, takeover_seconds=row.takeover_seconds,
                    bot_delay=row.bot_delay, seats=seats, status=row.status, seq=row.seq,
                    record=row.record)
        if row.record is not None:
            room.match = Match.from_record(row.record)
            room.commit()
            replayed = [a for hand in row.record["hands_played"] for a in hand["actions"]]
            if replayed != row.actions or len(replayed) != row.seq:
                raise RuntimeError(f"room {row.id}: the record and the action log differ")
        return room

    async def close(self) -> None:
        """Stop the computer players and release the database."""
        if self.cluster is not None:
            await self.cluster.close()
        for task in self.drivers.values():
            task.cancel()
        for task in self.drivers.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.drivers.clear()
        self.store.close()

    def _start_driver(self, room: Room) -> None:
        if room.status == PLAYING and room.id not in self.drivers:
            self.drivers[room.id] = asyncio.create_task(drive(room, self.bot_move))

    def room(self, room_id: str) -> Room:
        """The room ``room_id`` or a 404."""
        room = self.rooms.get(room_id)
        if room is None:
            raise RoomError(404, "no_room", f"there is no room {room_id!r}")
        return room

    def now(self) -> float:
        """The clock of away times (the event loop's)."""
        return asyncio.get_running_loop().time()

    # ---- several processes: the database is the truth -------------------------------------
    async def find(self, room_id: str) -> Room | None:
        """The room ``room_id``; with Redis, a room another process made is loaded first."""
        room = self.rooms.get(room_id)
        if room is not None or self.cluster is None or len(room_id) > 32:
            return room
        async with self.loading:
            room = self.rooms.get(room_id)
            if room is None:
                rows = await asyncio.to_thread(self.store.load_rooms, room_id)
                if not rows:
                    return None
                room = self._restore(rows[0], self.now())
                self.rooms[room.id] = room
                self.clients[room.id] = []
                self._start_driver(room)
            return room

    async def current(self, room_id: str) -> Room:
        """The room ``room_id`` (or a 404); with Redis, up to date with the database."""
        room = await self.find(room_id)
        if room is None:
            raise RoomError(404, "no_room", f"there is no room {room_id!r}")
        if self.cluster is not None:
            async with room.lock:
                await self._catch_up(room)
        return room

    async def refresh(self, room_id: str) -> None:
        """Bring ``room_id`` up to the database, telling this process's clients what changed."""
        room = self.rooms.get(room_id)
        if room is None:
            await self.find(room_id)
            return
        async with room.lock:
            await self._catch_up(room)

    async def presence_changed(self, room_id: str, seat: int) -> None:
        """The other processes' connections for ``seat`` of ``room_id`` changed."""
        room = self.rooms.get(room_id)
        if room is None or self.cluster is None or not 0 <= seat < len(room.seats):
            return
        async with room.lock:
            s = room.seats[seat]
            was = s.connected
            s.elsewhere = self.cluster.elsewhere(room_id, seat)
            if s.connected == was:
                return
            if s.connected:
                s.taken_over = False
            else:
                s.away_since = self.now()
            self._broadcast_room(room)
            room.changed.set()

    def _changed(self, room: Room) -> None:
        if self.cluster is not None:
            self.cluster.changed(room.id, room.seq)

    def _connections(self, room: Room, seat: int) -> None:
        if self.cluster is not None:
            self.cluster.connections(room.id, seat, room.seats[seat].connections)

    async def _catch_up(self, room: Room) -> None:
        """Apply what the database has and this process has not (under the room's lock):
        seats, the start and every later action, each told to the clients as it happened."""
        got = await asyncio.to_thread(self.store.changes, room.id, room.seq)
        if got is None:
            return
        row, log_rows = got
        changed = self._merge_seats(room, row)
        if room.match is None and row.record is not None:          # started elsewhere
            match = Match.new(room.rules, seed=row.record["seed"],
                              dealer=row.record["hands_played"][0]["dealer"])
            match.extra = {k: v for k, v in row.record.items()
                           if k not in ("rules", "seed", "hands_played")}
            room.match, room.status, room.seq = match, PLAYING, 0
            room.record = match.to_record()
            room.commit()
            self._broadcast_room(room)                              # as :meth:`start` does
            for conn in self.clients[room.id]:
                conn.send(self._state(room, conn.seat))
            self._start_driver(room)
            changed = False
        if log_rows and log_rows[0].seq == room.seq + 1:
            changed = self._replay(room, log_rows) or changed
        if row.seq != room.seq or (row.record is not None and row.status != room.status):
            log.error("room %s: the action log does not follow on from seq %d; reloading",
                      room.id, room.seq)
            assert row.record is not None
            room.match, room.seq, room.status = Match.from_record(row.record), row.seq, \
                row.status
            room.commit()
            for conn in self.clients[room.id]:
                conn.send(self._state(room, conn.seat))
            changed = True
        if row.record is not None:
            room.record = row.record
        if changed:
            self._broadcast_room(room)
            room.changed.set()

    def _replay(self, room: Room, log_rows: list[ActionRow]) -> bool:
        """Apply and broadcast stored actions in order; whether a seat's standing changed."""
        match = room.match
        assert match is not None
        changed = False
        for a in log_rows:
            game, hand = match.current, len(match.games) - 1
            try:
                done = match.apply(Action.parse(a.action))
            except (IllegalAction, ValueError):
                log.exception("room %s: stored action %d does not apply", room.id, a.seq)
                return changed
            room.seq = a.seq
            room.status = FINISHED if match.over else PLAYING
            room.commit()
            s = room.seats[a.seat]
            if a.source == "bot" and s.kind == HUMAN and not s.taken_over:
                s.taken_over = changed = True
            self._broadcast_action(room, game, hand, done, a.source)
            changed = changed or room.status == FINISHED
        return changed

    def _merge_seats(self, room: Room, row: RoomRow) -> bool:
        """Take the stored seats (taken or filled by another process); whether any changed."""
        changed = False
        for k, (s, r) in enumerate(zip(room.seats, row.seats, strict=True)):
            if (s.kind, s.name, s.token_hash) == (r.kind, r.name, r.token_hash):
                continue
            if r.kind == HUMAN and r.token_hash != s.token_hash:
                s.away_since, s.taken_over = self.now(), False
                room.bots.pop(k, None)
            s.kind, s.name, s.token_hash = r.kind, r.name, r.token_hash
            changed = True
        return changed

    # ---- HTTP: rooms and seats -----------------------------------------------------------
    async def create_room(self, rules: Rules, bots: str, takeover_seconds: float | None,
                          bot_delay: float | None) -> tuple[Room, str]:
        """A new room waiting for players; returns it and the host's secret token."""
        if bots.startswith(("http://", "https://")):
            if not self.settings.allow_external_bots:
                raise RoomError(400, "external_bots_off", "this server does not seat external "
                                "bots (start it with --allow-external-bots)")
            if len(bots) > 64:
                raise RoomError(400, "bad_bots", "an external bot's URL is at most 64 characters")
        elif bots not in table_bot_names():
            raise RoomError(400, "bad_bots", f"unknown computer player {bots!r} "
                            f"(known: {', '.join(table_bot_names())})")
        host_token = new_token()
        room = Room(id=secrets.token_urlsafe(6).replace("-", "x").replace("_", "y"),
                    rules=rules, bot_kind=bots, host_token_hash=token_hash(host_token),
                    takeover_seconds=self.settings.takeover_seconds
                    if takeover_seconds is None else takeover_seconds,
                    bot_delay=self.settings.bot_delay if bot_delay is None else bot_delay,
                    seats=[Seat() for _ in range(rules.num_players)])
        row = RoomRow(id=room.id, rules=rules.to_spec(), bots=bots,
                      host_token_hash=room.host_token_hash, status=WAITING,
                      takeover_seconds=room.takeover_seconds, bot_delay=room.bot_delay,
                      seats=[SeatRow(kind=OPEN) for _ in room.seats])
        await asyncio.to_thread(self.store.create_room, row)
        self.rooms[room.id] = room
        self.clients[room.id] = []
        self._changed(room)
        return room, host_token

    async def take_seat(self, room_id: str, seat: int, name: str | None) -> str:
        """Take an open seat (or one a computer player fills); returns the seat's token."""
        room = await self.current(room_id)
        async with room.lock:
            if not 0 <= seat < len(room.seats):
                raise RoomError(404, "no_seat", f"seat {seat} does not exist "
                                f"(0 to {len(room.seats) - 1})")
            if room.status == FINISHED:
                raise RoomError(409, "finished", "the match is over")
            s = room.seats[seat]
            if s.kind == HUMAN:
                raise RoomError(409, "seat_taken", f"seat {seat} is taken")
            token = new_token()
            name = (name or "").strip() or f"Player {seat}"
            row = SeatRow(kind=HUMAN, name=name, token_hash=token_hash(token))
            try:
                await asyncio.to_thread(self.store.set_seat, room.id, seat, row)
            except Conflict:                             # another process was first
                await self._catch_up(room)
                if room.status == FINISHED:
                    raise RoomError(409, "finished", "the match is over") from None
                raise RoomError(409, "seat_taken", f"seat {seat} is taken") from None
            s.kind, s.name, s.token_hash = HUMAN, name, row.token_hash
            s.connections, s.away_since, s.taken_over = 0, self.now(), False
            room.bots.pop(seat, None)
            self._broadcast_room(room)
            room.changed.set()
            self._changed(room)
            return token

    async def start(self, room_id: str, host_token: str) -> Room:
        """The host starts the match: open seats get computer players, the first hand is dealt."""
        room = await self.current(room_id)
        async with room.lock:
            if not room.is_host(host_token):
                raise RoomError(403, "not_host", "only the host's token can start the match")
            for _ in range(RETRIES):
                try:
                    await self._start(room)
                    return room
                except Conflict:                   # another process started, or took a seat
                    await self._catch_up(room)
            raise RoomError(409, "busy", "the room kept changing; try again")

    async def _start(self, room: Room) -> None:
        """Deal and store the match (under the room's lock); :class:`Conflict` changes nothing."""
        if room.status != WAITING:
            raise RoomError(409, "started", "the match has already started")
        filled: dict[int, SeatRow] = {}
        for k, s in enumerate(room.seats):
            if s.kind == OPEN:
                filled[k] = SeatRow(kind=BOT, name=f"{room.bot_kind} bot {k}")
        match = Match.new(room.rules, seed=secrets.randbits(63))
        names = [filled[k].name if k in filled else s.name for k, s in enumerate(room.seats)]
        match.extra = {"event": f"twentyeight online, room {room.id}", "players": names}
        record = match.to_record()
        await asyncio.to_thread(self.store.start, room.id, record, filled)
        for k, row in filled.items():
            room.seats[k].kind, room.seats[k].name = BOT, row.name
        room.match, room.record, room.status, room.seq = match, record, PLAYING, 0
        room.commit()
        self._broadcast_room(room)
        for conn in self.clients[room.id]:
            conn.send(self._state(room, conn.seat))
        self._start_driver(room)
        room.changed.set()
        self._changed(room)

    def record(self, room_id: str) -> dict[str, Any]:
        """The record of a finished match (RECORDS.md)."""
        room = self.room(room_id)
        if room.status != FINISHED or room.record is None:
            raise RoomError(409, "not_finished", "the record can be downloaded when the match "
                            "is over (it holds every deal)")
        return room.record

    # ---- WebSocket -----------------------------------------------------------------------
    async def connect(self, room: Room, conn: Connection) -> None:
        """A new connection: a spectator until it says ``hello`` with a seat's token."""
        async with room.lock:
            if self.cluster is not None:
                await self._catch_up(room)
            self.clients[room.id].append(conn)
            conn.send({"type": "room", **room.info(self.now())})
            if room.match is not None:
                conn.send(self._state(room, None))

    async def disconnect(self, room: Room, conn: Connection) -> None:
        """The connection is gone; its seat (if any) is away from now on."""
        async with room.lock:
            if conn in self.clients[room.id]:
                self.clients[room.id].remove(conn)
            if conn.seat is not None:
                self._leave(room, conn)
                self._broadcast_room(room)

    def _leave(self, room: Room, conn: Connection) -> None:
        assert conn.seat is not None
        seat = conn.seat
        s = room.seats[seat]
        conn.seat = None
        s.connections = max(0, s.connections - 1)
        if not s.connected:
            s.away_since = self.now()
        room.changed.set()
        self._connections(room, seat)

    async def handle(self, room: Room, conn: Connection, raw: str | bytes | None) -> None:
        """One client frame: answer it, or send an error and change nothing."""
        msg: ClientMessage | None = None
        try:
            msg = parse(raw)
            if msg.type == "ping":
                conn.send({"type": "pong", "id": msg.ref, "seq": room.seq})
            elif msg.type == "hello":
                await self._hello(room, conn, msg)
            else:
                await self._act(room, conn, msg)
        except ProtocolError as e:
            conn.send(error(e.code, e.message, e.ref if e.ref is not None
                            else (msg.ref if msg else None)))

    async def _hello(self, room: Room, conn: Connection, msg: ClientMessage) -> None:
        async with room.lock:
            if msg.token is None:                        # become (or stay) a spectator
                if conn.seat is not None:
                    self._leave(room, conn)
                    self._broadcast_room(room)
                conn.send({"type": "welcome", "room": room.id, "seat": None, "name": None,
                           "protocol": PROTOCOL_VERSION, "seq": room.seq})
                if room.match is not None:
                    conn.send(self._state(room, None))
                return
            seat = await self._seat_of(room, msg.token)
            if seat is None:
                raise ProtocolError(UNAUTHORISED, "that token is not a seat of this room",
                                    msg.ref)
            if conn.seat != seat:
                if conn.seat is not None:
                    self._leave(room, conn)
                s = room.seats[seat]
                conn.seat = seat
                s.connections += 1
                s.taken_over = False
                room.changed.set()
                self._connections(room, seat)
            conn.send({"type": "welcome", "room": room.id, "seat": seat,
                       "name": room.seats[seat].name, "protocol": PROTOCOL_VERSION,
                       "seq": room.seq})
            if room.match is not None:
                conn.send(self._state(room, seat))
            self._broadcast_room(room)

    async def _act(self, room: Room, conn: Connection, msg: ClientMessage) -> None:
        assert msg.action is not None
        async with room.lock:
            seat = await self._seat_of(room, msg.token)
            if seat is None:
                raise ProtocolError(UNAUTHORISED, "that token is not a seat of this room",
                                    msg.ref)
            if room.match is None and self.cluster is not None:
                await self._catch_up(room)           # perhaps started on another process
            if room.match is None:
                raise ProtocolError(NOT_STARTED, "the host has not started the match yet",
                                    msg.ref)
            try:
                action = Action.parse(msg.action)
            except ValueError as e:
                raise ProtocolError(MALFORMED, str(e), msg.ref) from None
            if action.seat != seat:
                raise ProtocolError(UNAUTHORISED, f"your token is seat {seat}'s, not seat "
                                    f"{action.seat}'s", msg.ref)
            fresh = self.cluster is None
            for _ in range(RETRIES):
                try:
                    await self._apply(room, seat, action, "player")
                    return
                except _Stale:                 # another process was first: on the new state
                    fresh = True
                    continue
                except IllegalAction as e:
                    if not fresh:              # judged on the database's state, not a stale one
                        fresh, seq = True, room.seq
                        await self._catch_up(room)
                        if room.seq != seq:
                            continue
                    legal = e.legal if room.match.to_act == seat else []
                    conn.send(error(ILLEGAL, e.message, msg.ref, action=msg.action,
                                    legal=legal))
                    return
            raise ProtocolError(SERVER_ERROR, "the table kept changing under this action; "
                                "nothing changed, try again", msg.ref)

    async def bot_move(self, room: Room, seq: int) -> None:
        """A computer player acts for the seat to act, if the room is still at ``seq``."""
        async with room.lock:
            seat = self._bot_seat(room, seq)
            if seat is None or room.match is None:
                return
            view = room.match.current.view(seat)
            bot = self._bot(room, seat)
        text = await asyncio.to_thread(bot.act, view)
        async with room.lock:
            if self._bot_seat(room, seq) != seat:
                return
            try:
                action = Action.parse(text)
                if action.seat != seat:
                    raise IllegalAction(f"the bot answered for seat {action.seat}")
                await self._apply(room, seat, action, "bot")
            except _Stale:                      # another process acted first: it decided
                return
            except (IllegalAction, ValueError) as e:
                log.error("room %s: bot %s chose %r: %s; playing %s", room.id, room.bot_kind,
                          text, e, view["legal"][0])
                with contextlib.suppress(_Stale):
                    await self._apply(room, seat, Action.parse(view["legal"][0]), "bot")

    async def _seat_of(self, room: Room, token: str | None) -> int | None:
        """The seat of ``token`` (under the room's lock); with several processes, a seat
        just taken on another one is found too."""
        seat = room.seat_of(token)
        if seat is None and token is not None and self.cluster is not None:
            await self._catch_up(room)
            seat = room.seat_of(token)
        return seat

    def _bot_seat(self, room: Room, seq: int) -> int | None:
        match = room.match
        if room.seq != seq or match is None or match.over or match.to_act is None:
            return None
        seat = match.to_act
        return seat if room.controlled_by_bot(seat, self.now() + 0.01) else None

    def _bot(self, room: Room, seat: int) -> Bot:
        if seat not in room.bots:
            room.bots[seat] = make_table_bot(room.bot_kind, seed=secrets.randbits(32))
        return room.bots[seat]

    # ---- the one place actions are accepted --------------------------------------------
    async def _apply(self, room: Room, seat: int, action: Action, by: str) -> None:
        """Apply, commit, then broadcast (called under the room's lock).

        Raises :class:`IllegalAction` (nothing changed), :class:`_Stale` (another process
        committed first; nothing of ours changed and the room has caught up) or
        :class:`ProtocolError` (``server_error``: the database refused; the room is back at its
        last commit).
        """
        match = room.match
        assert match is not None
        if match.over:
            raise IllegalAction("the match is over", action=str(action))
        game = match.current
        hand = len(match.games) - 1
        done = match.apply(action)
        seq = room.seq + 1
        record = match.to_record()
        status = FINISHED if match.over else PLAYING
        try:
            await asyncio.to_thread(self.store.append_action, room.id, seq, seat, str(done),
                                    by, record, status)
        except Conflict:
            assert room.record is not None
            room.match = Match.from_record(room.record)
            await self._catch_up(room)
            raise _Stale from None
        except Exception:
            log.exception("room %s: could not store action %d", room.id, seq)
            assert room.record is not None
            room.match = Match.from_record(room.record)
            raise ProtocolError(SERVER_ERROR, "the server could not save the action; "
                                "nothing changed") from None
        room.seq, room.record, room.status = seq, record, status
        room.commit()
        s = room.seats[seat]
        seats_changed = status == FINISHED
        if by == "bot" and s.kind == HUMAN and not s.taken_over:
            s.taken_over = seats_changed = True
        self._broadcast_action(room, game, hand, done, by)
        if seats_changed:
            self._broadcast_room(room)
        room.changed.set()
        self._changed(room)

    # ---- fan-out -----------------------------------------------------------------------
    def _broadcast_room(self, room: Room) -> None:
        info = {"type": "room", **room.info(self.now())}
        for conn in self.clients[room.id]:
            conn.send(info)

    def _broadcast_action(self, room: Room, game: Game, hand: int, done: Action,
                          by: str) -> None:
        match = room.match
        assert match is not None
        hand_over = game.over
        views: dict[int | None, View | PublicView] = {}
        states: dict[int | None, dict[str, Any]] = {}
        for conn in self.clients[room.id]:
            seat = conn.seat
            if seat not in views:
                views[seat] = game.view(seat) if seat is not None else public_view(game)
                states[seat] = self._state(room, seat)
            conn.send({"type": "event", "seq": room.seq, "hand": hand, "seat": done.seat,
                       "action": told(game, done, views[seat]), "by": by})
            if hand_over:
                conn.send({"type": "hand_over", "seq": room.seq, "hand": hand,
                           "view": views[seat], "scores": list(match.scores)})
            conn.send(states[seat])

    def _state(self, room: Room, seat: int | None) -> dict[str, Any]:
        """The ``state`` message for ``seat`` (``None``: a spectator)."""
        match = room.match
        assert match is not None
        game = match.current
        view = game.view(seat) if seat is not None else public_view(game)
        out: dict[str, Any] = {
            "type": "state", "room": room.id, "seq": room.seq, "hand": len(match.games) - 1,
            "seat": seat, "to_act": match.to_act, "legal": view["legal"], "view": view,
            "match": {"scores": list(match.scores), "over": match.over,
                      "winners": list(match.winners), "hands_played": len(match.games)}}
        if match.over:
            out["record"] = f"/api/rooms/{room.id}/record"
        return out
