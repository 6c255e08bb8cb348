"""``HEAD`` answered everywhere ``GET`` is (:class:`HeadAsGet`): monitoring probes and link
checkers ask with ``HEAD``, and FastAPI's routes take only the methods they name, so
``HEAD /`` was 405 while ``GET /`` was 200 (only the static files and ``/openapi.json``,
plain Starlette routes, took it)."""

from __future__ import annotations

from twentyeight.server.browser_guard import ASGIApp, Message, Receive, Scope, Send


class HeadAsGet:
    """ASGI middleware: a ``HEAD`` request is answered as the same ``GET`` is — its status
    and headers (``Content-Length`` too) — without the body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)
