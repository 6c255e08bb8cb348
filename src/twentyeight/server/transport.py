"""The WebSocket transport: one connection's frames in, the hub's answers out.

:func:`serve` runs one client's connection to a room: it reads each frame, parses it
(:func:`~twentyeight.server.protocol.parse`) and hands the message to the lobby (``hello``) or
the authority (``action``); a refused message gets one ``error`` and changes nothing.  What
the server sends goes through the connection's outbox
(:class:`~twentyeight.server.connection.Connection`), so a slow client never holds up a room.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.websockets import WebSocket, WebSocketDisconnect

from twentyeight.server.connection import Connection
from twentyeight.server.protocol import ClientMessage, ProtocolError, error, parse
from twentyeight.server.room import Room

if TYPE_CHECKING:
    from twentyeight.server.hub import Hub


async def serve(hub: Hub, socket: WebSocket, room_id: str) -> None:
    """Serve one WebSocket of ``room_id`` until either side closes it."""
    room = await hub.lobby.find(room_id)
    if room is None:
        await socket.close(code=4404)
        return
    await socket.accept()
    conn = Connection(socket)
    await hub.lobby.connect(room, conn)
    try:
        while not conn.closed:
            frame = await socket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            await handle(hub, room, conn, text if text is not None else frame.get("bytes"))
    except WebSocketDisconnect:
        pass
    finally:
        await hub.lobby.disconnect(room, conn)
        await conn.stop()


async def handle(hub: Hub, room: Room, conn: Connection, raw: str | bytes | None) -> None:
    """One client frame: answer it, or send an error and change nothing."""
    msg: ClientMessage | None = None
    try:
        msg = parse(raw)
        if msg.type == "ping":
            conn.send({"type": "pong", "id": msg.ref, "seq": room.seq})
        elif msg.type == "hello":
            await hub.lobby.hello(room, conn, msg)
        else:
            await hub.authority.act(room, conn, msg)
    except ProtocolError as e:
        conn.send(error(e.code, e.message, e.ref if e.ref is not None
                        else (msg.ref if msg else None), **e.extra))
