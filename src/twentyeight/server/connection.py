"""One WebSocket client: an outbox drained by its own writer task, so a slow client never
holds up a room.  Messages are queued in the order the room produced them."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Protocol

from twentyeight.server.protocol import dumps

MAX_BACKLOG = 2000
"""A client this many messages behind is disconnected (it can reconnect and get the state)."""


class Socket(Protocol):
    """What a connection needs of a WebSocket (Starlette's fits)."""

    async def send_text(self, data: str) -> None:
        """Send one text frame."""

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        """Close the connection."""


class Connection:
    """A client of one room; ``seat`` is ``None`` for a spectator."""

    def __init__(self, socket: Socket) -> None:
        self.socket = socket
        self.seat: int | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.writer = asyncio.create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (never blocks)."""
        if self.closed:
            return
        if self.outbox.qsize() >= MAX_BACKLOG:
            self.closed = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(dumps(message))

    async def _write(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self.socket.close(1008, "too far behind")
                return
            try:
                await self.socket.send_text(text)
            except Exception:
                self.closed = True
                return

    async def stop(self) -> None:
        """Stop the writer (after the socket has closed)."""
        self.closed = True
        self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.writer
