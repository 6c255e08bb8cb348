"""The lobby: rooms made, seats taken, matches started, and who is at each table.

Every change happens under the room's lock and is committed before anyone is told of it,
as the :class:`~twentyeight.server.authority.Authority` does for actions.  Seat taking and the
start are conditional writes: of two processes that try at once, one wins and the other gets
:class:`~twentyeight.server.store.Conflict`, catches up and answers accordingly.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from twentyeight.bots import BotError, bot_names, table_bot_class, table_bot_names
from twentyeight.match import Match
from twentyeight.rules import Rules, RulesError
from twentyeight.server.audience import Audience, Listener, state
from twentyeight.server.database import Database
from twentyeight.server.protocol import PROTOCOL_VERSION, UNAUTHORISED, ClientMessage, ProtocolError
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
from twentyeight.server.settings import Settings
from twentyeight.server.store import Conflict, RoomRow, SeatRow, start_record
from twentyeight.server.sync import Sync, find_seat

RETRIES = 8
"""How often the start is tried again after another process changed the room first."""


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


class Lobby:
    """Rooms, seats and presence for one process's rooms (``rooms``, shared with the hub)."""

    def __init__(self, settings: Settings, rooms: dict[str, Room], db: Database,
                 audience: Audience, sync: Sync, clock: Callable[[], float],
                 started: Callable[[Room], None]) -> None:
        self.settings = settings
        self.rooms = rooms
        self.db = db
        self.audience = audience
        self.sync = sync
        self.clock = clock
        self.started = started
        """Called with a room once its match has started (its computer players begin)."""

    # ---- rooms -----------------------------------------------------------------------
    async def find(self, room_id: str) -> Room | None:
        """The room ``room_id``; with several processes, one another process made is loaded."""
        room = self.rooms.get(room_id)
        if room is None and self.sync.shared:
            room = await self.sync.load(room_id)
        return room

    async def current(self, room_id: str) -> Room:
        """The room ``room_id`` (or a 404); with several processes, up to date."""
        room = await self.find(room_id)
        if room is None:
            raise RoomError(404, "no_room", f"there is no room {room_id!r}")
        if self.sync.shared:
            async with room.lock:
                await self.sync.catch_up(room)
        return room

    async def create_room(self, rules: Rules, bots: str, takeover_seconds: float | None,
                          bot_delay: float | None) -> tuple[Room, str]:
        """A new room waiting for players; returns it and the host's secret token."""
        if bots.startswith(("http://", "https://")):
            if not self.settings.allow_external_bots:
                raise RoomError(400, "external_bots_off", "this server does not seat external "
                                "bots (start it with --allow-external-bots)")
            if len(bots) > 64:
                raise RoomError(400, "bad_bots", "an external bot's URL is at most 64 characters")
        elif bots not in bot_names():                  # code paths (module:Class) refused
            raise RoomError(400, "bad_bots", f"unknown computer player {bots!r} "
                            f"(known: {', '.join(table_bot_names())})")
        else:
            try:
                table_bot_class(bots)                 # one that must see the deal: refused
            except BotError as e:
                raise RoomError(400, "bad_bots", str(e)) from None
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
        await self.db.create_room(row)
        self.rooms[room.id] = room
        self.sync.changed(room)
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
                await self.db.take_seat(room.id, seat, row)
            except Conflict:                             # another process was first
                await self.sync.catch_up(room)
                if room.status == FINISHED:
                    raise RoomError(409, "finished", "the match is over") from None
                raise RoomError(409, "seat_taken", f"seat {seat} is taken") from None
            s.kind, s.name, s.token_hash = HUMAN, name, row.token_hash
            s.connections, s.away_since, s.taken_over = 0, self.clock(), False
            room.bots.pop(seat, None)
            self.audience.tell_room(room)
            room.changed.set()
            self.sync.changed(room)
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
                    await self.sync.catch_up(room)
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
        record = start_record(match)
        await self.db.start(room.id, record, filled)
        for k, row in filled.items():
            room.seats[k].kind, room.seats[k].name = BOT, row.name
        room.match, room.start, room.status, room.seq = match, record, PLAYING, 0
        room.log = []
        room.commit()
        self.audience.tell_room(room)
        self.audience.tell_states(room)
        self.started(room)
        room.changed.set()
        self.sync.changed(room)

    async def record(self, room_id: str) -> dict[str, Any]:
        """The record of a finished (or closed) match (RECORDS.md), assembled now."""
        room = await self.current(room_id)
        if room.status != FINISHED or room.match is None:
            raise RoomError(409, "not_finished", "the record can be downloaded when the match "
                            "is over (it holds every deal)")
        return room.match.to_record()

    # ---- who is at the table ---------------------------------------------------------
    async def connect(self, room: Room, conn: Listener) -> None:
        """A new connection: a spectator until it says ``hello`` with a seat's token."""
        async with room.lock:
            await self.sync.catch_up(room)
            self.audience.add(room.id, conn)
            conn.send({"type": "room", **room.info(self.clock())})
            if room.match is not None:
                conn.send(state(room, None))

    async def disconnect(self, room: Room, conn: Listener) -> None:
        """The connection is gone; its seat (if any) is away from now on."""
        async with room.lock:
            self.audience.remove(room.id, conn)
            if conn.seat is not None:
                self._leave(room, conn)
                self.audience.tell_room(room)

    async def hello(self, room: Room, conn: Listener, msg: ClientMessage) -> None:
        """``hello``: the connection becomes the seat of its token (or a spectator)."""
        async with room.lock:
            if msg.token is None:                        # become (or stay) a spectator
                if conn.seat is not None:
                    self._leave(room, conn)
                    self.audience.tell_room(room)
                conn.send({"type": "welcome", "room": room.id, "seat": None, "name": None,
                           "protocol": PROTOCOL_VERSION, "seq": room.seq})
                if room.match is not None:
                    conn.send(state(room, None))
                return
            seat = await find_seat(self.sync, room, msg.token)
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
                self.sync.connections(room, seat)
            conn.send({"type": "welcome", "room": room.id, "seat": seat,
                       "name": room.seats[seat].name, "protocol": PROTOCOL_VERSION,
                       "seq": room.seq})
            if room.match is not None:
                conn.send(state(room, seat))
            self.audience.tell_room(room)

    def _leave(self, room: Room, conn: Listener) -> None:
        assert conn.seat is not None
        seat = conn.seat
        s = room.seats[seat]
        conn.seat = None
        s.connections = max(0, s.connections - 1)
        if not s.connected:
            s.away_since = self.clock()
        room.changed.set()
        self.sync.connections(room, seat)

    async def presence_changed(self, room_id: str, seat: int) -> None:
        """The other processes' connections for ``seat`` of ``room_id`` changed."""
        room = self.rooms.get(room_id)
        if room is None or not 0 <= seat < len(room.seats):
            return
        async with room.lock:
            s = room.seats[seat]
            was = s.connected
            s.elsewhere = self.sync.elsewhere(room_id, seat)
            if s.connected == was:
                return
            if s.connected:
                s.taken_over = False
            else:
                s.away_since = self.clock()
            self.audience.tell_room(room)
            room.changed.set()
