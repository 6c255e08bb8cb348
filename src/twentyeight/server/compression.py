"""The pages and their files sent compressed (gzip) to browsers that accept it.

A table's page loads some 40 scripts and a catalog of its language (145 kB in Hindi) that
were sent as they are, a slow start on a phone's network.  Compressed: the files under
``/static/``, the pages, and the presets (``/api/presets``: public, the same for everyone).
Every other answer of ``/api/`` is sent as it is: some carry a secret (a seat token, a
player's rooms) beside something a request chose, and compressing the two together would let
whoever makes the request guess the secret from the answers' lengths (BREACH)."""

from __future__ import annotations

from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

PUBLIC_API = frozenset({"/api/presets"})
"""Answers of the API that hold nothing of anyone's: compressed too."""


class CompressPages:
    """gzip for the pages, the static files and :data:`PUBLIC_API`; not for the rest."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=1024, compresslevel=6)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if path and (not path.startswith("/api/") or path in PUBLIC_API):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)
