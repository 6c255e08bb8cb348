"""Connections that stall before their request is read are closed.

uvicorn closes a keep-alive connection that stays idle after a response, but nothing closes a
connection that never sends a request, or stops half-way through its request line and
headers: a stranger could hold any number open ("slowloris") until the process runs out of
file descriptors, and then nobody can reach a table.  A reverse proxy in front (Caddy, nginx,
as docs/online.md advises) has such a limit of its own; this one holds when the server faces
the network itself.

:class:`HeadDeadlineProtocol` is uvicorn's httptools protocol with one more rule: each
request's head (request line and headers) must arrive whole within ``head_seconds`` (the
server's limit of that name) of the connection opening or of the request's first byte;
otherwise the connection is closed.  A WebSocket's head is an HTTP request too, so its
handshake falls under the same deadline; once upgraded, the WebSocket's own pings keep it
alive.
"""

from __future__ import annotations

import asyncio
import logging

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol  # uvicorn[standard]

from twentyeight.server.limits import Limits

log = logging.getLogger("twentyeight.server")


def head_deadline_protocol(seconds: float) -> type[HeadDeadlineProtocol]:
    """The protocol class for ``uvicorn.run(http=...)``: :class:`HeadDeadlineProtocol` with a
    deadline of ``seconds``."""
    return type("HeadDeadlineProtocol", (HeadDeadlineProtocol,), {"head_seconds": seconds})


class HeadDeadlineProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing a connection whose request head stalls."""

    head_seconds = Limits.head_seconds
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._head_timer is None:              # a later request on a kept-alive connection
            self._arm_head_timer()

    def on_headers_complete(self) -> None:
        self._cancel_head_timer()
        super().on_headers_complete()

    def _arm_head_timer(self) -> None:
        self._head_timer = self.loop.call_later(self.head_seconds, self._head_too_slow)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            log.debug("%s: closed a connection whose request did not arrive in %s s",
                      self.client[0] if self.client else "?", self.head_seconds)
            self.transport.close()
