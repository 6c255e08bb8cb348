"""The WebSocket transport: one connection's frames in, the hub's answers out.

:func:`serve` runs one client's connection to a room: it refuses the connection with a close
code that says why (no such room, a closed room, too many connections), then reads each
frame, parses it (:func:`~twentyeight.server.protocol.parse`) and hands the message to the
lobby (``hello``) or the authority (``action``); a refused message gets one ``error`` and
changes nothing.  What the server sends goes through the connection's outbox
(:class:`~twentyeight.server.connection.Connection`), so a slow client never holds up a room.

Bounds (:class:`~twentyeight.server.limits.Limits`): the size of a message (1009 beyond),
how many messages a connection may send (``rate_limited`` errors, then 1008), how many
``hello`` messages, and how far behind in reading it may fall (1008).

**A full room still lets its players in.**  ``connections_per_room`` bounds the watchers: a
stranger who opened that many connections to a table (a public one is listed) would
otherwise keep its own players out, and their seats would go to the computer after
``takeover_seconds``.  One address's connections to one room count as a room of their own
(``room_connections_per_client``), so that a stranger cannot fill a room and keep the other
watchers out either.  A connection to a full room is given :data:`ADMIT_SECONDS` to say
``hello`` with the token of one of its seats (or of a claim of one); it is then let in, up to
:data:`SEAT_CONNECTIONS` connections of that seat on this process; any other is closed with
4429.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from starlette.websockets import WebSocket, WebSocketDisconnect

from twentyeight.server.connection import Connection
from twentyeight.server.limits import Bucket, client_of
from twentyeight.server.protocol import (
    NO_ROOM,
    RATE_LIMITED,
    ROOM_CLOSED,
    TOO_MANY,
    ClientMessage,
    ProtocolError,
    error,
    parse,
)
from twentyeight.server.room import CLOSED, Room
from twentyeight.server.sync import find_seat
from twentyeight.server.table_messages import TABLE_MESSAGES

if TYPE_CHECKING:
    from twentyeight.server.hub import Hub

log = logging.getLogger("twentyeight.server")

FLOODING = 1008
"""Close code of a connection that kept sending while refused (a policy violation)."""
TOO_BIG = 1009
"""Close code of a message larger than the limit."""
SERVER_FAILED = 1011
"""Close code of a connection whose message the server failed on (a bug: it is logged)."""
ADMIT_SECONDS = 5.0
"""How long a connection to a full room has to say ``hello`` as one of its seats."""
SEAT_CONNECTIONS = 4
"""The most connections of one seat let into a full room on this process (a phone and a
laptop, a reload, …; watchers beyond the room's bound are refused)."""


async def serve(hub: Hub, socket: WebSocket, room_id: str) -> None:
    """Serve one WebSocket of ``room_id`` until either side closes it."""
    limits = hub.settings.limits
    client = client_of(socket)
    await socket.accept()
    room = await hub.lobby.find(room_id) if _room_id(room_id) else None
    refusal = None
    if room is None:
        closed = await hub.lobby.archived(room_id)
        refusal = (NO_ROOM, "there is no such room") if closed is None else \
            (ROOM_CLOSED, f"this room is closed ({closed})"[:120])
    elif room.status == CLOSED:
        refusal = (ROOM_CLOSED, "this room is closed")
    elif hub.connections.get(client, 0) >= limits.connections_per_client:
        refusal = (TOO_MANY, "too many connections from your address")
    if refusal is not None or room is None:
        with contextlib.suppress(Exception):
            await socket.close(*(refusal or (NO_ROOM, "")))
        return
    hub.connections[client] = hub.connections.get(client, 0) + 1
    first: str | None = None
    here = f"{client} {room.id}"
    full = hub.room_connections.get(room.id, 0) >= limits.connections_per_room
    if full or hub.room_client_connections.get(here, 0) >= limits.room_connections_per_client:
        first = await _seat_hello(hub, room, socket)      # a seat's own connection?
        if first is None:
            _release(hub.connections, client)
            with contextlib.suppress(Exception):
                await socket.close(TOO_MANY, "the room has as many connections as it may"
                                   if full else "too many connections to this room from "
                                   "your address")
            return
    conn = Connection(socket, client, limits.outbox_bytes)
    hub.room_connections[room.id] = hub.room_connections.get(room.id, 0) + 1
    hub.room_client_connections[here] = hub.room_client_connections.get(here, 0) + 1
    reader = asyncio.create_task(_read(hub, room, conn, socket, first))
    try:
        await hub.lobby.connect(room, conn)
        await asyncio.wait({reader, conn.writer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await reader
        _release(hub.connections, client)
        _release(hub.room_connections, room.id)
        _release(hub.room_client_connections, here)
        await hub.lobby.disconnect(room, conn)
        await conn.stop()


def _release(counts: dict[str, int], key: str) -> None:
    """One connection fewer under ``key`` (the key dropped at zero, so that the table holds
    only what is open)."""
    left = counts.get(key, 1) - 1
    if left:
        counts[key] = left
    else:
        counts.pop(key, None)


async def _seat_hello(hub: Hub, room: Room, socket: WebSocket) -> str | None:
    """The first message of a connection to a full room if, within :data:`ADMIT_SECONDS`, it
    is a ``hello`` with the token of a seat of the room (or of a claim of one) that has fewer
    than :data:`SEAT_CONNECTIONS` connections here; else ``None``."""
    try:
        async with asyncio.timeout(ADMIT_SECONDS):
            frame = await socket.receive()
    except (TimeoutError, WebSocketDisconnect, RuntimeError):
        return None
    raw = frame.get("text") if frame["type"] == "websocket.receive" else None
    if not isinstance(raw, str) or len(raw) > hub.settings.limits.message_bytes:
        return None
    try:
        msg = parse(raw, hub.settings.limits.int_digits)
    except ProtocolError:
        return None
    if msg.type != "hello" or msg.token is None:
        return None
    async with room.lock:
        seat = await find_seat(hub.sync, room, msg.token)
        if seat is None:
            seat = room.claim_of(msg.token)
        if seat is None:
            return None
        here = sum(1 for listener in hub.audience.of(room.id)
                   if seat in (listener.seat, listener.claim))
    return raw if here < SEAT_CONNECTIONS else None


def _room_id(room_id: str) -> bool:
    return 0 < len(room_id) <= 32 and room_id.isascii() and room_id.isalnum()


async def _read(hub: Hub, room: Room, conn: Connection, socket: WebSocket,
                first: str | None = None) -> None:
    """Read and answer the client's frames until it goes (or is cut off); ``first``: a
    message already read (the ``hello`` that let it into a full room)."""
    limits = hub.settings.limits
    now = hub.now()
    messages = Bucket(limits.messages_per_second, limits.message_burst, now)
    hellos = Bucket(limits.hellos_per_minute / 60, limits.hellos_per_minute, now)
    refused_at = -1.0
    with contextlib.suppress(WebSocketDisconnect):
        while not conn.closed:
            raw: str | bytes | None = first
            if first is not None:
                first = None
            else:
                frame = await socket.receive()
                if frame["type"] == "websocket.disconnect":
                    return
                raw = frame.get("text")
                raw = raw if raw is not None else frame.get("bytes")
            if raw is not None and len(raw) > limits.message_bytes:
                conn.close(TOO_BIG, f"a message is at most {limits.message_bytes} bytes")
                return
            now = hub.now()
            if not messages.take(now):
                if messages.exhausted:
                    conn.close(FLOODING, "too many messages")
                    return
                if now - refused_at >= 1.0:           # one refusal a second, not one each
                    refused_at = now
                    conn.send(error(RATE_LIMITED, f"more than {limits.messages_per_second:g} "
                                    "messages a second: this one was dropped"))
                continue
            try:
                await handle(hub, room, conn, raw, hellos)
            except Exception:                     # a bug: seen in the log, the client told
                log.exception("room %s: a message could not be handled", room.id)
                conn.close(SERVER_FAILED, "the server failed on that message")
                return


async def handle(hub: Hub, room: Room, conn: Connection, raw: str | bytes | None,
                 hellos: Bucket | None = None) -> None:
    """One client frame: answer it, or send an error and change nothing."""
    msg: ClientMessage | None = None
    try:
        msg = parse(raw, hub.settings.limits.int_digits)
        if msg.type == "ping":
            conn.send({"type": "pong", "id": msg.ref, "seq": room.seq})
        elif msg.type == "hello":
            if hellos is not None and not hellos.take(hub.now()):
                raise ProtocolError(RATE_LIMITED, "too many hello messages: this one was "
                                    "dropped", msg.ref)
            await hub.lobby.hello(room, conn, msg)
        elif msg.type in TABLE_MESSAGES:
            await hub.lobby.seen(room, conn, msg)
            await hub.table.handle(room, conn, msg)
        else:
            await hub.lobby.seen(room, conn, msg)
            await hub.authority.act(room, conn, msg)
    except ProtocolError as e:
        conn.send(error(e.code, e.message, e.ref if e.ref is not None
                        else (msg.ref if msg else None), **e.extra))
