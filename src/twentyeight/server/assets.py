"""The browser's files, kept by browsers for as long as they stay the same.

A table's page loads some 40 scripts, its style sheets and a catalog of its language.  Sent
with no word on caching, a browser either asked again for each of them on every visit (a round
trip each, slow on a phone's network) or, by its own guess, kept an old one after the server
was brought up to date, and ran new scripts beside old ones.

So the files under ``static/`` are also served under a name that changes with them:
``/static/v/VERSION/…``, where ``VERSION`` is a digest of every file of the directory.  The
pages are sent with their links rewritten to that prefix (and the scripts' own imports are
relative, so they follow), and a file asked for under the current version may be kept a year
without asking again (``immutable``).  When anything changes the version does, and the pages,
which browsers must ask for each time (``no-cache``), point to the new files.  Under an old
version, or without one (``/static/…``: the icons a shared link's card names, the manifest),
a file is the current one and must be checked before each use (``no-cache``, with its
``ETag``).
"""

from __future__ import annotations

import hashlib
import os
import time
from functools import lru_cache
from pathlib import Path

from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

STATIC = Path(__file__).parent / "static"
"""The browser's files."""
PLAIN = "/static/"
"""Where the files are under their own names."""
VERSIONED = "v"
"""The directory under :data:`PLAIN` whose next part names a version."""
KEEP = "public, max-age=31536000, immutable"
"""A file of the current version: the same for as long as its name is."""
CHECK = "no-cache"
"""A page, or a file under another name: to be checked with the server before each use."""


def version(directory: Path = STATIC) -> str:
    """A digest of every file under ``directory``, their names and their contents (12 hex
    digits): it changes when any of them does.  The files are looked at again at most once a
    second, and read again only when a name, size or time of change did (a file edited while
    the server runs makes a new version, as a restart does; servers of one site agree
    whatever their files' times)."""
    now = time.monotonic()
    seen = _seen.get(directory)
    if seen is None or now - seen[0] >= RECHECK_SECONDS:
        files = sorted(p for p in directory.rglob("*") if p.is_file())
        seen = (now, _digest(directory, tuple((p, p.stat().st_size, p.stat().st_mtime_ns)
                                               for p in files)))
        _seen[directory] = seen
    return seen[1]


RECHECK_SECONDS = 1.0
"""How long a version is taken as it was, without looking at the files."""
_seen: dict[Path, tuple[float, str]] = {}


@lru_cache(maxsize=4)
def _digest(directory: Path, files: tuple[tuple[Path, int, int], ...]) -> str:
    digest = hashlib.sha256()
    for path, _size, _changed in files:
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:12]


def prefix(directory: Path = STATIC) -> str:
    """Where the current version's files are: ``/static/v/VERSION/``."""
    return f"{PLAIN}{VERSIONED}/{version(directory)}/"


def page_text(page: Path, directory: Path = STATIC) -> str:
    """The page ``page`` with its links to the files rewritten to the current version, and
    that prefix on its ``<html>`` element (``data-assets``: where the page's scripts are)."""
    here = prefix(directory)
    text = page.read_text(encoding="utf-8")
    text = text.replace(f'="{PLAIN}', f'="{here}')
    return text.replace("<html ", f'<html data-assets="{here}" ', 1)


def page(path: Path, status_code: int = 200, head: str = "") -> HTMLResponse:
    """The page at ``path`` (one of :data:`STATIC`'s), its links to the current version and
    ``head`` added to its head, to be checked before each use."""
    text = page_text(path)
    if head:
        text = text.replace("</head>", head + "</head>", 1)
    return HTMLResponse(text, status_code=status_code, headers={"Cache-Control": CHECK})


class Files(StaticFiles):
    """The files of :data:`STATIC` under their own names and under the versioned prefix,
    each with its caching said (see the module's text)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file at ``path`` (relative to the mount), its version taken off."""
        parts = path.split(os.sep, 2)
        named = len(parts) == 3 and parts[0] == VERSIONED
        response = await super().get_response(parts[2] if named else path, scope)
        current = named and parts[1] == version(Path(str(self.directory)))
        response.headers["Cache-Control"] = KEEP if current else CHECK
        return response
