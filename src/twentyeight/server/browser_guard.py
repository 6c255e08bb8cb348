"""What a browser is told and refused so that another site cannot act through it.

* **Requests from another site that change something are refused** (403 ``cross_site``):
  a ``POST`` or ``DELETE`` to ``/api/`` whose ``Sec-Fetch-Site`` header says ``cross-site``.
  A page elsewhere could otherwise submit a form to ``/api/session`` and sign its visitor's
  browser in to the attacker's account, whose seats the attacker then watches ("login
  CSRF").  Every browser of the last years sends the header; for older ones the request
  bodies are JSON only (``app.body`` refuses any other ``Content-Type``), which a form of
  another site cannot send without the browser asking this server first (it is never told
  yes).
* **No page may be framed by another site** (``Content-Security-Policy: frame-ancestors
  'none'`` and ``X-Frame-Options: DENY``): a decoy over a framed table could make a player
  click a card, "Stand up" or "Claim the rest".  Browsers are also told not to guess content
  types (``X-Content-Type-Options: nosniff``) and to send the address of a page only to this
  site (``Referrer-Policy: same-origin``).
* **No answer of the API is kept by a cache** (``Cache-Control: no-store``, unless the answer
  says otherwise): ``/api/rooms/{id}/mine`` carries a seat token and ``/api/session`` a
  player's rooms, which a shared cache that ignores cookies would hand to the next person.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
PAGE_HEADERS = [
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
"""Added to every HTTP answer."""
NO_STORE = (b"cache-control", b"no-store")
"""Added to an answer of ``/api/`` that says nothing of caching."""
CROSS_SITE = json.dumps({"error": "cross_site",
                         "message": "a request from another site cannot change anything here"}
                        ).encode()


class BrowserGuard:
    """ASGI middleware: refuses cross-site changes and adds :data:`PAGE_HEADERS`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] not in SAFE_METHODS and scope["path"].startswith("/api/") \
                and _header(scope, b"sec-fetch-site") == b"cross-site":
            await send({"type": "http.response.start", "status": 403,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(CROSS_SITE)).encode()),
                                    *PAGE_HEADERS]})
            await send({"type": "http.response.body", "body": CROSS_SITE})
            return

        api = scope["path"].startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *PAGE_HEADERS]
                if api and not any(bytes(k).lower() == NO_STORE[0] for k, _ in headers):
                    headers.append(NO_STORE)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).lower()
    return None
