"""Connections that stall before their request is read are closed, and so are those whose
request head is too long.

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

The parser keeps a head whole until its last header has come, joining its pieces as they
arrive (a cost that grows with the square of the head's length), and no limit of its own
bounds it: one stranger's 80 MB header held the event loop, and so every table, for seconds
at a time.  So a head may be at most ``head_bytes`` (the server's limit of that name) long:
past that the request is answered 431 (``too_large``) and its connection closed, unread.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol  # uvicorn[standard]

from twentyeight.server.limits import Limits

log = logging.getLogger("twentyeight.server")


def head_deadline_protocol(seconds: float) -> type[HeadDeadlineProtocol]:
    """The protocol class for ``uvicorn.run(http=...)``: :class:`HeadDeadlineProtocol` with a
    deadline of ``seconds``."""
    return type("HeadDeadlineProtocol", (HeadDeadlineProtocol,), {"head_seconds": seconds})


class HeadDeadlineProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing a connection whose request head stalls or is
    longer than ``head_bytes``."""

    head_seconds = Limits.head_seconds
    head_bytes = Limits.head_bytes
    """The longest head (request line and headers); the served app's own limit when it has
    one (:func:`app_limits`)."""
    _head_timer: asyncio.TimerHandle | None = None
    _head_seen = 0
    """Bytes received while the current request's head was still incomplete."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        limits = app_limits(self.config.app)
        if limits is not None:
            self.head_bytes = limits.head_bytes
        super().connection_made(transport)
        self._arm_head_timer()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._head_timer is None or self.transport.is_closing():
            return                                # no head under way (or answered already)
        self._head_seen += len(data)              # (a chunk that ended a head is not counted)
        if self._head_seen > self.head_bytes:
            self._cancel_head_timer()
            body = json.dumps({"error": "too_large", "message": "a request's line and headers "
                               f"are at most {self.head_bytes} bytes"}).encode()
            self.transport.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                                 b"content-type: application/json\r\n"
                                 b"content-length: %d\r\nconnection: close\r\n\r\n%s"
                                 % (len(body), body))
            self.transport.close()

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
        self._head_seen = 0
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


def app_limits(app: Any) -> Limits | None:
    """The limits of the served application (:func:`~twentyeight.server.app.create_app`'s
    ``app.state.limits``), if it says them."""
    limits = getattr(getattr(app, "state", None), "limits", None)
    return limits if isinstance(limits, Limits) else None
