"""The FastAPI application: the HTTP API of rooms and the WebSocket of each room.

HTTP (JSON): ``POST /api/rooms``, ``GET /api/rooms/{id}``, ``POST /api/rooms/{id}/seats/{k}``,
``POST /api/rooms/{id}/start``, ``GET /api/rooms/{id}/record``, ``GET /api/presets``,
``GET /api/health``; the lobby ``GET /``, the browser table at the shareable link
``GET /r/{id}`` and its files under ``/static``.  WebSocket:
``/api/rooms/{id}/ws`` (docs/protocol.md).  Refusals are ``{"error": code, "message": ...}``.
"""

from __future__ import annotations

import html
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from twentyeight import __version__
from twentyeight.bots import table_bot_names
from twentyeight.rules import PRESET_TITLES, PRESETS, flag_info
from twentyeight.server import transport
from twentyeight.server.hub import Hub
from twentyeight.server.lobby import RoomError, rules_from
from twentyeight.server.settings import Settings

STATIC = Path(__file__).parent / "static"
"""The browser's files: the lobby, the table, their scripts, styles and card drawings."""


class CreateRoom(BaseModel):
    """``POST /api/rooms``."""

    model_config = ConfigDict(extra="forbid")
    rules: str | dict[str, Any] = "28"
    flags: dict[str, Any] = Field(default_factory=dict)
    bots: str = "rules"
    takeover_seconds: float | None = Field(default=None, ge=0, le=86400)
    bot_delay: float | None = Field(default=None, ge=0, le=30)


class TakeSeat(BaseModel):
    """``POST /api/rooms/{id}/seats/{seat}``."""

    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(default=None, max_length=32)


class Start(BaseModel):
    """``POST /api/rooms/{id}/start``."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=128)


def create_app(settings: Settings) -> FastAPI:
    """The server application; its rooms live in one :class:`Hub`."""
    hub = Hub(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.open()
        try:
            yield
        finally:
            await hub.close()

    app = FastAPI(title="twentyeight", version=__version__, lifespan=lifespan)
    app.state.hub = hub

    @app.exception_handler(RoomError)
    async def room_error(_request: Request, exc: RoomError) -> JSONResponse:
        return JSONResponse({"error": exc.code, "message": exc.message},
                            status_code=exc.status)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "version": __version__, "rooms": len(hub.rooms)}

    @app.get("/api/presets")
    async def presets() -> dict[str, Any]:
        return {"presets": {name: {"title": PRESET_TITLES.get(name, ""),
                                   "num_players": r.num_players, "flags": r.flags()}
                            for name, r in PRESETS.items()},
                "bots": table_bot_names(),
                "flags": [{**f, "default": _json_value(f["default"])} for f in flag_info()]}

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.post("/api/rooms", status_code=201)
    async def create_room(body: CreateRoom, request: Request) -> dict[str, Any]:
        rules = rules_from(body.rules, body.flags)
        room, host_token = await hub.lobby.create_room(rules, body.bots, body.takeover_seconds,
                                                 body.bot_delay)
        base = str(request.base_url).rstrip("/")
        return {"room": room.id, "link": f"{base}/r/{room.id}", "host_token": host_token,
                "ws": f"/api/rooms/{room.id}/ws", "info": room.info(hub.now())}

    @app.get("/api/rooms/{room_id}")
    async def room_info(room_id: str) -> dict[str, Any]:
        return (await hub.lobby.current(room_id)).info(hub.now())

    @app.post("/api/rooms/{room_id}/seats/{seat}")
    async def take_seat(room_id: str, seat: int, body: TakeSeat | None = None) \
            -> dict[str, Any]:
        token = await hub.lobby.take_seat(room_id, seat, body.name if body else None)
        return {"room": room_id, "seat": seat, "token": token}

    @app.post("/api/rooms/{room_id}/start")
    async def start(room_id: str, body: Start) -> dict[str, Any]:
        return (await hub.lobby.start(room_id, body.token)).info(hub.now())

    @app.get("/api/rooms/{room_id}/record")
    async def record(room_id: str) -> JSONResponse:
        return JSONResponse(await hub.lobby.record(room_id), headers={
            "Content-Disposition": f'attachment; filename="twentyeight-{room_id}.json"'})

    @app.get("/r/{room_id}", response_class=HTMLResponse, response_model=None)
    async def link(room_id: str) -> FileResponse | HTMLResponse:
        try:
            await hub.lobby.current(room_id)
        except RoomError:
            return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>twentyeight</title>"
                                f"<p>There is no room {html.escape(room_id)}. "
                                f"<a href=\"/\">Make a new table</a>.</p>", status_code=404)
        return FileResponse(STATIC / "table.html")

    @app.websocket("/api/rooms/{room_id}/ws")
    async def websocket(socket: WebSocket, room_id: str) -> None:
        await transport.serve(hub, socket, room_id)

    return app


def _json_value(value: Any) -> Any:
    """A flag's default as JSON (tuples become lists)."""
    return list(value) if isinstance(value, tuple) else value
