"""One WebSocket client: an outbox drained by its own writer task, so a slow client never
holds up a room.  Messages are queued in the order the room produced them.

The outbox is bounded (in bytes and in messages): a client that falls that far behind in
reading is cut off — its outbox is dropped and the connection closed with 1008 ("too far
behind"); it may reconnect and get the whole state at once.  The close frame follows what
the client has already been sent; a client that does not read even that is dropped after a
few seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from typing import Any, Protocol

from twentyeight.server.protocol import dumps

MAX_BACKLOG = 2000
"""A client this many messages behind is cut off, whatever their size."""
CLOSE_GRACE = 30.0
"""Seconds the close frame may wait behind what the client has not read yet (a client that
reads nothing at all is dropped after that, without one: none can reach it)."""
LAGGING = 1008
"""The close code of a client cut off for lagging (a policy violation)."""

log = logging.getLogger("twentyeight.server")


class Socket(Protocol):
    """What a connection needs of a WebSocket (Starlette's fits)."""

    async def send_text(self, data: str) -> None:
        """Send one text frame."""

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        """Close the connection."""


class Connection:
    """A client of one room; ``seat`` is ``None`` for a spectator (or a newcomer whose claim
    of seat ``claim`` is pending)."""

    def __init__(self, socket: Socket, client: str = "", max_bytes: int = 1_000_000) -> None:
        self.socket = socket
        self.client = client
        """Who connected (:func:`~twentyeight.server.limits.client_key`)."""
        self.seat: int | None = None
        self.claim: int | None = None
        self.claim_hash: str | None = None
        self.max_bytes = max_bytes
        self.outbox: deque[str] = deque()
        self.queued = 0
        """Bytes in the outbox."""
        self.wake = asyncio.Event()
        self.closing: tuple[int, str] | None = None
        self.closed = False
        """No more messages are queued (the connection is being closed or is gone)."""
        self.writer = asyncio.create_task(self._write())

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message, or its JSON text (never blocks)."""
        if self.closed:
            return
        text = message if isinstance(message, str) else dumps(message)
        if self.queued + len(text) > self.max_bytes or len(self.outbox) >= MAX_BACKLOG:
            log.info("a client %d bytes behind is cut off", self.queued)
            self.close(LAGGING, "too far behind: reconnect for the current state", drop=True)
            return
        self.outbox.append(text)
        self.queued += len(text)
        self.wake.set()

    def close(self, code: int, reason: str, *, drop: bool = False) -> None:
        """Close with ``code`` once what is queued has been sent — or, with ``drop`` (a
        client too far behind), after only what is already on its way."""
        if self.closed:
            return
        self.closed = True
        if drop:
            self.outbox.clear()
            self.queued = 0
        self.closing = (code, reason)
        self.wake.set()
        asyncio.get_running_loop().call_later(CLOSE_GRACE, self.writer.cancel)

    async def _write(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.outbox:
                text = self.outbox.popleft()
                self.queued -= len(text)
                try:
                    await self.socket.send_text(text)
                except Exception:                  # the client is gone
                    self.closed = True
                    return
            if self.closing is not None:
                with contextlib.suppress(Exception):
                    await self.socket.close(*self.closing)
                return

    async def stop(self) -> None:
        """Stop the writer (once the socket is closed, or being dropped)."""
        self.closed = True
        self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.writer
