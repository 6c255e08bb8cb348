"""The FastAPI application: the HTTP API of rooms and the WebSocket of each room.

HTTP (JSON): ``POST /api/rooms``, ``GET /api/rooms/{id}``, ``POST /api/rooms/{id}/seats/{k}``,
``POST /api/rooms/{id}/seats/{k}/approve``, ``POST /api/rooms/{id}/invitation``,
``POST /api/rooms/{id}/start``, ``GET /api/rooms/{id}/record``, ``GET /api/presets``,
``GET /api/health``, and the place's (public tables, players, ratings: :mod:`.place`);
the lobby ``GET /``, the browser table at the shareable link ``GET /r/{id}`` and its files
under ``/static``; every ``GET`` answers ``HEAD`` too (:mod:`.head`).  WebSocket:
``/api/rooms/{id}/ws`` (docs/protocol.md).

Every refusal, whatever went wrong, is ``{"error": code, "message": ...}`` with a status
that says what kind (400 bad input, 403 no right, 404 nothing there, 408 too slow, 409 not
now, 410 closed, 413 too large, 415 not JSON, 429 too many, 503 full); the message never
repeats the input.
Bodies are read at most :attr:`~twentyeight.server.limits.Limits.body_bytes`, within
``head_seconds``, and parsed strictly
(:mod:`~twentyeight.server.jsonin`).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from fastapi import FastAPI, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr, ValidationError
from starlette.exceptions import HTTPException

from twentyeight import __version__
from twentyeight.bots import bot_descriptions, offered_bot_names
from twentyeight.rule_words import editor_info, preset_legends
from twentyeight.rules import PRESET_TITLES, PRESETS, flag_info
from twentyeight.server import assets, jsonin, learning, place, transport
from twentyeight.server.assets import STATIC
from twentyeight.server.bounded import BoundedPool
from twentyeight.server.browser_guard import BrowserGuard
from twentyeight.server.compression import CompressPages
from twentyeight.server.head import HeadAsGet
from twentyeight.server.hub import Hub
from twentyeight.server.limits import PerClient, client_of
from twentyeight.server.lobby import NewRoom, SeatAsk, rules_from
from twentyeight.server.preview import SITE, base_of, page_with_card, table_card
from twentyeight.server.ratings import RATED_FLAGS
from twentyeight.server.refusal import RoomError
from twentyeight.server.settings import Settings

"""The browser's files: the lobby, the table, their scripts, styles and card drawings."""

log = logging.getLogger("twentyeight.server")

Number = float | int


class CreateRoom(BaseModel):
    """``POST /api/rooms``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    rules: StrictStr | dict[str, Any] = Field(default="28")
    flags: dict[str, Any] = Field(default_factory=dict)
    bots: StrictStr = Field(default="casual", max_length=64)
    takeover_seconds: Number | None = None
    bot_delay: Number | None = None
    turn_seconds: Number | None = None
    public: StrictBool = False
    rated: StrictBool = False
    hints: bool | None = None


class TakeSeat(BaseModel):
    """``POST /api/rooms/{id}/seats/{seat}``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: StrictStr | None = Field(default=None, max_length=64)
    invite: StrictStr | None = Field(default=None, max_length=128)
    token: StrictStr | None = Field(default=None, max_length=128)
    host_token: StrictStr | None = Field(default=None, max_length=128)


class HostOnly(BaseModel):
    """``POST /api/rooms/{id}/start`` (and ``…/approve``, ``…/invitation``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: StrictStr = Field(max_length=128)


M = TypeVar("M", bound=BaseModel)

SWAGGER_UI = "https://cdn.jsdelivr.net/npm/swagger-ui-dist@5.36.0/"
"""The API page's script and style: one version, each file pinned by its hash (Subresource
Integrity).  FastAPI's own page loads ``swagger-ui-dist@5`` — whatever the CDN serves as the
latest 5.x — into this site's origin, where the table keeps every seat token
(``localStorage``): a changed file there could read them all."""
SWAGGER_UI_FILES = {
    "swagger-ui-bundle.js":
        "sha384-fUpRgC19yPykTqzdrUbdAg8NTiu16NEKf9U12J+IJWCg8/1mEI8f2+PEIz60Wyd+",
    "swagger-ui.css":
        "sha384-z/AtSaOHGn5MJ5auAHXUypohywlIWLBZo1jeGmhdpVIbCnFhxAH92cwdV41oyINc",
}
API_PAGE = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>twentyeight — the HTTP API</title>
<link rel="stylesheet" href="{SWAGGER_UI}swagger-ui.css"
      integrity="{SWAGGER_UI_FILES['swagger-ui.css']}" crossorigin="anonymous">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{SWAGGER_UI}swagger-ui-bundle.js"
        integrity="{SWAGGER_UI_FILES['swagger-ui-bundle.js']}" crossorigin="anonymous"></script>
<script>
SwaggerUIBundle({{url: "/openapi.json", dom_id: "#swagger-ui", layout: "BaseLayout",
                  deepLinking: true, presets: [SwaggerUIBundle.presets.apis,
                                               SwaggerUIBundle.SwaggerUIStandalonePreset]}});
</script>
</body>
</html>
"""
"""``GET /docs``: the HTTP API (the lobby links to it); no page of another site's latest
files, and no ``/redoc`` (which loaded ``redoc@next``)."""

LARGE_BODIES_WAITING = 8
"""Bodies larger than ``body_bytes`` (the records sent to the learning endpoints, up to
1 MiB) that may wait to be parsed; beyond, 503 ``busy``."""


def create_app(settings: Settings) -> FastAPI:
    """The server application; its rooms live in one :class:`Hub`."""
    hub = Hub(settings)
    limits = settings.limits
    writes = PerClient(limits.requests_per_minute / 60, limits.requests_per_minute)
    large = BoundedPool(1, LARGE_BODIES_WAITING, "twentyeight-bodies", "the server is "
                        "reading other records: try again in a minute")
    """Parses the bodies larger than ``body_bytes``: a record of a megabyte of numbers or of
    nested lists took up to 0.7 s to read, and on the event loop that stopped every table
    (one address at its 120 requests a minute held the loop most of the time)."""

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.open()
        try:
            yield
        finally:
            await hub.close()
            places.close()
            analyst.close()
            large.close()

    app = FastAPI(title="twentyeight", version=__version__, lifespan=lifespan,
                  redirect_slashes=False,     # an address with a slash too many: 404, no hop
                  docs_url=None, redoc_url=None)          # /docs: API_PAGE, pinned
    app.state.hub = hub
    app.state.limits = limits                  # (the HTTP protocol's head_bytes: slow_clients)
    app.add_middleware(BrowserGuard)          # no change from another site, no framing
    app.add_middleware(CompressPages)         # pages and their files gzipped, not the API
    app.add_middleware(HeadAsGet)             # HEAD wherever GET is (compressed as GET is)

    # ---- every refusal in one shape ----------------------------------------------------
    @app.exception_handler(RoomError)
    async def room_error(_request: Request, exc: RoomError) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if exc.status in (429, 503) else None
        return refusal(exc.status, exc.code, exc.message, headers)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        if exc.status_code == 404 and wants_page(request):     # a mistyped address, in a browser
            return assets.page(STATIC / "no-room.html", status_code=404)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "refused")
        return refusal(exc.status_code, code, {404: "there is nothing here",
                                                405: "this address does not take that method"}
                       .get(exc.status_code, "refused"))

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return refusal(400, "bad_request", describe(exc.errors()))

    @app.exception_handler(Exception)
    async def server_error(_request: Request, exc: Exception) -> JSONResponse:
        log.error("unexpected error answering a request", exc_info=exc)
        return refusal(500, "server_error", "the server failed; nothing changed")

    async def body(request: Request, model: type[M], most: int | None = None,
                   digits: int | None = None) -> M:
        """The request's JSON body as ``model`` (an empty body: the defaults), at most
        ``most`` bytes and its integers at most ``digits`` digits
        (:attr:`~twentyeight.server.limits.Limits.body_bytes` and ``int_digits`` unless
        said)."""
        most = limits.body_bytes if most is None else most
        client = client_of(request)
        if not writes.take(client, hub.now()):
            raise RoomError(429, "rate_limited", f"more than {limits.requests_per_minute} "
                            "requests a minute from your address; wait a little")
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > most):
            raise RoomError(413, "too_large", f"a request body is at most {most} bytes")
        raw = bytearray()
        try:
            async with asyncio.timeout(limits.head_seconds):      # no trickled body either
                async for chunk in request.stream():
                    raw += chunk
                    if len(raw) > most:
                        raise RoomError(413, "too_large",
                                        f"a request body is at most {most} bytes")
        except TimeoutError:
            raise RoomError(408, "too_slow", "the request body did not all come within "
                            f"{limits.head_seconds:g} s") from None
        # a Content-Type other than JSON is refused with a body or without: an empty form
        # (no body, a form's type) is what a page of another site can send without asking,
        # and it seated a signed-in player at a table of the sender's choosing
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if (raw.strip() or kind) and kind != "application/json":
            raise RoomError(415, "not_json", "a request body is JSON, sent as "
                            "Content-Type: application/json")
        digits = limits.int_digits if digits is None else digits
        if len(raw) <= limits.body_bytes:
            return parsed(bytes(raw), model, digits)
        return await large.run(parsed, bytes(raw), model, digits)   # a record: off the loop

    analyst = learning.add_routes(app, body, hub.lobby.current)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "version": __version__, "rooms": len(hub.rooms)}

    @app.get("/api/presets")
    async def presets() -> Response:
        return Response(presets_body(), media_type="application/json",
                        headers={"Cache-Control": "max-age=300"})

    app.mount("/static", assets.Files(directory=STATIC), name="static")
    places = place.install(app, hub, body, STATIC)    # public tables, players, ratings

    @app.get("/", include_in_schema=False)
    async def lobby(request: Request) -> HTMLResponse:
        return page_with_card(STATIC / "index.html", request, SITE)

    @app.get("/docs", include_in_schema=False)
    async def api_page() -> HTMLResponse:
        return HTMLResponse(API_PAGE)

    @app.post("/api/rooms", status_code=201)
    async def create_room(request: Request) -> dict[str, Any]:
        ask = await body(request, CreateRoom)
        made = await hub.lobby.create_room(NewRoom(
            rules=rules_from(ask.rules, ask.flags), bots=ask.bots,
            takeover_seconds=_float(ask.takeover_seconds), bot_delay=_float(ask.bot_delay),
            turn_seconds=_float(ask.turn_seconds), public=ask.public, rated=ask.rated,
            hints=ask.hints,
            client=client_of(request)))
        room = made.room
        base = base_of(request)
        return {"room": room.id, "link": f"{base}/r/{room.id}#invite={made.invite}",
                "watch": f"{base}/r/{room.id}", "invite": made.invite,
                "host_token": made.host_token, "ws": f"/api/rooms/{room.id}/ws",
                "info": room.info(hub.now())}

    @app.get("/api/rooms/{room_id}")
    async def room_info(room_id: str) -> dict[str, Any]:
        return (await hub.lobby.current(room_id)).info(hub.now())

    @app.post("/api/rooms/{room_id}/seats/{seat}")
    async def take_seat(room_id: str, seat: str, request: Request,
                        response: Response) -> dict[str, Any]:
        ask = await body(request, TakeSeat)
        k = _seat_number(seat)
        seated = await places.take_seat(request, room_id, k, SeatAsk(
            name=ask.name, invite=ask.invite, token=ask.token, host_token=ask.host_token),
            response)
        out: dict[str, Any] = {"room": room_id, "seat": k, "token": seated.token,
                               "pending": seated.pending}
        if seated.pending:
            out["from_hand"] = seated.from_hand
        return out

    @app.post("/api/rooms/{room_id}/seats/{seat}/approve")
    async def approve(room_id: str, seat: str, request: Request) -> dict[str, Any]:
        ask = await body(request, HostOnly)
        return (await hub.lobby.approve(room_id, _seat_number(seat), ask.token)).info(hub.now())

    @app.post("/api/rooms/{room_id}/invitation")
    async def invitation(room_id: str, request: Request) -> dict[str, Any]:
        ask = await body(request, HostOnly)
        invite = await hub.lobby.new_invitation(room_id, ask.token)
        base = base_of(request)
        return {"room": room_id, "invite": invite, "link": f"{base}/r/{room_id}#invite={invite}"}

    @app.post("/api/rooms/{room_id}/start")
    async def start(room_id: str, request: Request) -> dict[str, Any]:
        ask = await body(request, HostOnly)
        return (await hub.lobby.start(room_id, ask.token)).info(hub.now())

    @app.get("/api/rooms/{room_id}/record")
    async def record(room_id: str) -> JSONResponse:
        return JSONResponse(await hub.lobby.record(room_id), headers={
            "Content-Disposition": f'attachment; filename="twentyeight-{room_id}.json"'})

    @app.get("/r/{room_id}", response_class=HTMLResponse, response_model=None)
    async def link(room_id: str, request: Request) -> HTMLResponse:
        try:
            room = await hub.lobby.current(room_id)
        except RoomError as e:                       # 404 unknown, 410 closed
            return assets.page(STATIC / "no-room.html", status_code=e.status)
        return page_with_card(STATIC / "table.html", request, table_card(room.id, room.rules))

    @app.websocket("/api/rooms/{room_id}/ws")
    async def websocket(socket: WebSocket, room_id: str) -> None:
        await transport.serve(hub, socket, room_id)

    return app


def parsed(raw: bytes, model: type[M], digits: int) -> M:
    """A request's body as ``model`` (an empty body: the defaults), read strictly
    (:mod:`~twentyeight.server.jsonin`); :class:`RoomError` (400) if it is not acceptable."""
    doc: Any = {}
    if raw.strip():
        try:
            doc = jsonin.read(raw, digits)
        except jsonin.BadJSON as e:
            raise RoomError(400, "bad_request", f"the body is not acceptable JSON: {e}") \
                from None
    if doc is None:
        doc = {}
    try:
        return model.model_validate(doc)
    except ValidationError as e:
        raise RoomError(400, "bad_request", describe(e.errors())) from None


def wants_page(request: Request) -> bool:
    """Whether a request that found nothing came from a browser going to a page (a
    mistyped address, an old bookmark), which is shown a page saying so; a program's
    request (the API, a script, a missing file) keeps the JSON refusal."""
    path = request.url.path
    return (request.method in ("GET", "HEAD") and not path.startswith(("/api/", "/static/"))
            and "text/html" in request.headers.get("accept", ""))


def refusal(status: int, code: str, message: str,
            headers: dict[str, str] | None = None) -> JSONResponse:
    """The one shape of every refused request."""
    return JSONResponse({"error": code, "message": message}, status_code=status,
                        headers=headers)


def describe(errors: Any) -> str:
    """Validation errors in words: where and what, never the value that was sent."""
    parts = []
    for err in list(errors)[:5]:
        if err.get("type") == "extra_forbidden":     # its name is the sender's own words
            parts.append("a field this request does not take")
            continue
        where = ".".join(str(p)[:40] for p in err.get("loc", ()) if p != "body")
        what = str(err.get("msg", "invalid"))[:120]
        parts.append(f"{where}: {what}" if where else what)
    text = "; ".join(parts) or "the request is not valid"
    return text if jsonin.is_text(text) else "the request is not valid"


def _seat_number(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise RoomError(404, "no_seat", "seats are numbered 0, 1, 2, …")
    return int(text)


def _float(value: float | int | None) -> float | None:
    return None if value is None else float(value)


def _json_value(value: Any) -> Any:
    """A flag's default as JSON (tuples become lists)."""
    return list(value) if isinstance(value, tuple) else value


@functools.cache
def presets_body() -> bytes:
    """``/api/presets``' body: every preset with its title, flags, lesson and card legend, the
    bots offered, and the rules editor's words (groups, plain lines, choices, when each flag
    applies: :mod:`twentyeight.rule_words`; ``rated``: the flags a rated table may change).
    Made once: rebuilt for every request it cost 8 ms for 78 kB, on a GET that nothing
    limits."""
    return json.dumps({
        "presets": {name: {"title": PRESET_TITLES.get(name, ""),
                           "num_players": r.num_players, "flags": r.flags(),
                           "lesson": learning.lesson_of(r), **preset_legends(r)}
                    for name, r in PRESETS.items()},
        "bots": offered_bot_names(),
        "bot_descriptions": bot_descriptions(),
        "flags": [{**f, "default": _json_value(f["default"])} for f in flag_info()],
        "editor": {**editor_info(), "rated": list(RATED_FLAGS)}},
        ensure_ascii=False, separators=(",", ":")).encode()
