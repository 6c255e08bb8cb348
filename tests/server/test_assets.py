"""The browser's files are kept by browsers as long as they stay the same, and never kept
past a change: pages link to ``/static/v/VERSION/…``, a digest of the files
(server/assets.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from twentyeight.server import assets
from twentyeight.server.app import create_app
from twentyeight.server.settings import Settings

STATIC = assets.STATIC
LINK = re.compile(r'(?:href|src)="(/static/[^"]+)"')


@pytest.fixture
def http() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(db_url="memory://"))) as client:
        yield client


def test_every_page_links_to_the_current_version_which_is_kept_a_year(http: TestClient) -> None:
    """Each page is checked before each use and names its files under the current version;
    each of those is the very file, to be kept without asking (immutable)."""
    room = http.post("/api/rooms", json={"rules": "28", "bots": "rules"}).json()["room"]
    here = assets.prefix()
    pages = ["/", f"/r/{room}", "/r/nosuchroom", "/rules", "/rules/29", "/learn", "/learn/56",
             "/replay", "/signin", "/leaderboard", "/players/nobody", "/no/such/page"]
    files: set[str] = set()
    for path in pages:
        r = http.get(path, headers={"Accept": "text/html"})
        assert r.headers["content-type"].startswith("text/html"), path
        assert r.headers["cache-control"] == "no-cache", path
        assert f'<html data-assets="{here}"' in r.text, path
        links = LINK.findall(r.text)
        assert links and all(link.startswith(here) for link in links), (path, links)
        files.update(links)
    assert any(f.endswith("js/table/main.js") for f in files)
    for link in sorted(files):
        r = http.get(link)
        assert r.status_code == 200, link
        assert r.headers["cache-control"] == "public, max-age=31536000, immutable", link
        assert r.content == (STATIC / link.removeprefix(here)).read_bytes(), link


def test_a_file_under_its_own_name_or_an_old_version_is_checked_each_time(
        http: TestClient) -> None:
    """The icons a shared link's card names and the manifest keep their names: they are the
    current files, to be checked before use (and unchanged, answered 304 by their ETag). A
    page kept from before an update that asks for its old version gets the current file, not
    kept."""
    for path in ("/static/icons/icon-512.png", "/static/manifest.webmanifest",
                 "/static/v/000000000000/css/base.css"):
        r = http.get(path)
        assert r.status_code == 200, path
        assert r.headers["cache-control"] == "no-cache", path
        again = http.get(path, headers={"If-None-Match": r.headers["etag"]})
        assert again.status_code == 304, path
    old = http.get("/static/v/000000000000/css/base.css")
    assert old.content == (STATIC / "css" / "base.css").read_bytes()


def test_nothing_outside_the_files_is_served_under_a_version(http: TestClient) -> None:
    """A version's prefix does not open a way out of the directory, nor name a directory."""
    here = assets.prefix()
    for path in (f"{here}../../../app.py", f"{here}..%2F..%2F..%2Fapp.py", f"{here}",
                 f"{here}js", "/static/v/app.py", "/static/v/"):
        r = http.get(path)
        assert r.status_code == 404, (path, r.status_code)


def test_the_version_changes_with_any_file_and_only_then(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two copies of the same files have the same version (the servers of one site agree,
    whatever their files' times); a changed byte, a new file or a renamed one changes it."""
    monkeypatch.setattr(assets, "RECHECK_SECONDS", 0.0)
    one, two = tmp_path / "one", tmp_path / "two"
    for d in (one, two):
        (d / "js").mkdir(parents=True)
        (d / "js" / "a.js").write_text("export const a = 1;\n")
        (d / "b.css").write_text("body {}\n")
    first = assets.version(one)
    assert assets.version(two) == first
    (one / "js" / "a.js").write_text("export const a = 2;\n")
    changed = assets.version(one)
    assert changed != first
    (one / "c.svg").write_text("<svg/>")
    added = assets.version(one)
    assert added not in (first, changed)
    (one / "c.svg").rename(one / "d.svg")
    assert assets.version(one) not in (first, changed, added)


def test_the_scripts_reach_every_file_relative_to_their_own_version() -> None:
    """No script names a file by ``/static/…``: their imports and fetches are relative, so a
    page of one version loads that version's files only. And no directory of the files is
    named like the versions' (it would be hidden)."""
    absolute = [p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*.js")
                if "/static/" in p.read_text("utf-8")]
    assert absolute == []
    assert not (STATIC / assets.VERSIONED).exists()
