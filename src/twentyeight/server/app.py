"""The FastAPI application: the HTTP API of rooms and the WebSocket of each room.

HTTP (JSON): ``POST /api/rooms``, ``GET /api/rooms/{id}``, ``POST /api/rooms/{id}/seats/{k}``,
``POST /api/rooms/{id}/start``, ``GET /api/rooms/{id}/record``, ``GET /api/presets``,
``GET /api/health``; the lobby ``GET /``, the browser table at the shareable link
``GET /r/{id}`` and its files under ``/static``.  WebSocket:
``/api/rooms/{id}/ws`` (docs/protocol.md).  Refusals are ``{"error": code, "message": ...}``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from twentyeight import __version__
from twentyeight.bots import table_bot_names
from twentyeight.rule_words import editor_info, preset_legends
from twentyeight.rules import PRESET_TITLES, PRESETS, flag_info
from twentyeight.server.connection import Connection
from twentyeight.server.hub import Hub, RoomError, Settings, rules_from

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
        # the rules editor's words (groups, plain lines, choices, when each flag applies)
        # and each preset's card legend come from twentyeight.rule_words
        return {"presets": {name: {"title": PRESET_TITLES.get(name, ""),
                                   "num_players": r.num_players, "flags": r.flags(),
                                   **preset_legends(r)}
                            for name, r in PRESETS.items()},
                "bots": table_bot_names(),
                "flags": [{**f, "default": _json_value(f["default"])} for f in flag_info()],
                "editor": editor_info()}

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.post("/api/rooms", status_code=201)
    async def create_room(body: CreateRoom, request: Request) -> dict[str, Any]:
        rules = rules_from(body.rules, body.flags)
        room, host_token = await hub.create_room(rules, body.bots, body.takeover_seconds,
                                                 body.bot_delay)
        base = str(request.base_url).rstrip("/")
        return {"room": room.id, "link": f"{base}/r/{room.id}", "host_token": host_token,
                "ws": f"/api/rooms/{room.id}/ws", "info": room.info(hub.now())}

    @app.get("/api/rooms/{room_id}")
    async def room_info(room_id: str) -> dict[str, Any]:
        return (await hub.current(room_id)).info(hub.now())

    @app.post("/api/rooms/{room_id}/seats/{seat}")
    async def take_seat(room_id: str, seat: int, body: TakeSeat | None = None) \
            -> dict[str, Any]:
        token = await hub.take_seat(room_id, seat, body.name if body else None)
        return {"room": room_id, "seat": seat, "token": token}

    @app.post("/api/rooms/{room_id}/start")
    async def start(room_id: str, body: Start) -> dict[str, Any]:
        return (await hub.start(room_id, body.token)).info(hub.now())

    @app.get("/api/rooms/{room_id}/record")
    async def record(room_id: str) -> JSONResponse:
        await hub.current(room_id)                      # with several processes: up to date
        return JSONResponse(hub.record(room_id), headers={
            "Content-Disposition": f'attachment; filename="twentyeight-{room_id}.json"'})

    @app.get("/r/{room_id}", response_class=HTMLResponse, response_model=None)
    async def link(room_id: str) -> FileResponse | HTMLResponse:
        try:
            await hub.current(room_id)
        except RoomError:
            return FileResponse(STATIC / "no-room.html", status_code=404)
        return FileResponse(STATIC / "table.html")

    @app.websocket("/api/rooms/{room_id}/ws")
    async def websocket(socket: WebSocket, room_id: str) -> None:
        room = await hub.find(room_id)
        if room is None:
            await socket.close(code=4404)
            return
        await socket.accept()
        conn = Connection(socket)
        await hub.connect(room, conn)
        try:
            while not conn.closed:
                frame = await socket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                await hub.handle(room, conn, text if text is not None else frame.get("bytes"))
        except WebSocketDisconnect:
            pass
        finally:
            await hub.disconnect(room, conn)
            await conn.stop()

    return app


def _json_value(value: Any) -> Any:
    """A flag's default as JSON (tuples become lists)."""
    return list(value) if isinstance(value, tuple) else value
