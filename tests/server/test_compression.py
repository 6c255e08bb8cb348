"""The pages and their files go compressed to a browser that accepts gzip; the API's answers
(but the presets, which are everyone's) go as they are, so that no secret in them can be
guessed from the lengths of answers a request shaped (BREACH): server/compression.py."""

from __future__ import annotations

import gzip
from pathlib import Path

from fastapi.testclient import TestClient
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from twentyeight.server.app import create_app
from twentyeight.server.compression import CompressPages
from twentyeight.server.settings import Settings

STATIC = Path(__file__).resolve().parents[2] / "src" / "twentyeight" / "server" / "static"
GZIP = {"Accept-Encoding": "gzip"}


def test_only_the_pages_their_files_and_the_presets_are_compressed() -> None:
    """Whatever its size, an answer of ``/api/`` (a seat token beside a name the request
    chose, say) is not compressed; a page, a static file and the presets are."""
    async def answer(request: Request) -> PlainTextResponse:
        return PlainTextResponse("token=s3cret; name=" + "x" * 5000)

    paths = ["/api/rooms/r/mine", "/api/session", "/api/presets", "/static/js/x.js", "/r/r"]
    app = CompressPages(Starlette(routes=[Route(p, answer) for p in paths]))
    with TestClient(app) as http:
        told = {p: http.get(p, headers=GZIP).headers.get("content-encoding") for p in paths}
        plain = http.get("/static/js/x.js", headers={"Accept-Encoding": "identity"})
    assert told == {"/api/rooms/r/mine": None, "/api/session": None, "/api/presets": "gzip",
                    "/static/js/x.js": "gzip", "/r/r": "gzip"}
    assert "content-encoding" not in plain.headers and plain.text.startswith("token=")


def test_a_catalog_travels_at_a_fifth_of_its_size() -> None:
    """The Hindi catalog (145 kB) and a table's script reach the browser gzipped, and
    unpack to the very files; a page too."""
    with TestClient(create_app(Settings(db_url="memory://"))) as http:
        for path in ("static/i18n/hi.json", "static/js/table/main.js"):
            r = http.get(f"/{path}", headers=GZIP)
            assert r.headers["content-encoding"] == "gzip"
            assert r.content == (STATIC / path.removeprefix("static/")).read_bytes()
        catalog = http.stream("GET", "/static/i18n/hi.json", headers=GZIP)
        with catalog as r:
            sent = b"".join(r.iter_raw())
        assert len(sent) < (STATIC / "i18n" / "hi.json").stat().st_size / 4
        assert gzip.decompress(sent) == (STATIC / "i18n" / "hi.json").read_bytes()
        assert http.get("/", headers=GZIP).headers["content-encoding"] == "gzip"
