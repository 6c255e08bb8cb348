"""Fixtures of the browser tests: the real server, and Debian's chromium driven by Playwright.

The browser is the system's ``/usr/bin/chromium`` (CI installs it from .ci/system-packages);
Playwright's own browser download is never used.  Without it, or without the ``playwright``
package, the tests are skipped with the reason.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from server.harness import Server, running

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``twentyeight serve`` on a free loopback port with its own SQLite file."""
    srv = Server(Path(tmp_path_factory.mktemp("srv")) / "rooms.db")
    yield from running(srv)


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver, or a skip when the browser or the package is missing."""
    if not CHROMIUM.exists() or shutil.which(str(CHROMIUM)) is None:
        pytest.skip(f"{CHROMIUM} is missing (Debian's chromium package; see .ci/system-packages)")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="the playwright package is not installed")
    with sync_api.sync_playwright() as pw:
        yield pw


@pytest.fixture
def new_browser_context(playwright: Playwright, tmp_path: Path,
                        request: pytest.FixtureRequest) -> Iterator[Callable[[], BrowserContext]]:
    """Open another person's browser: a fresh headless chromium with its own user-data
    directory (so no seat token is shared), closed after the test.  The viewport comes from
    the test's ``viewport`` marker, ``(1280, 800)`` without one."""
    marker = request.node.get_closest_marker("viewport")
    width, height = marker.args if marker else (1280, 800)
    opened: list[BrowserContext] = []

    def launch() -> BrowserContext:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / f"profile-{len(opened)}"), executable_path=str(CHROMIUM),
            headless=True, args=CHROMIUM_ARGS, viewport={"width": width, "height": height})
        context.set_default_timeout(15_000)
        opened.append(context)
        return context

    try:
        yield launch
    finally:
        for context in opened:
            context.close()


@pytest.fixture
def browser_context(new_browser_context: Callable[[], BrowserContext]) -> BrowserContext:
    """The first person's browser (see ``new_browser_context``)."""
    return new_browser_context()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where the screenshots go: ``$TWENTYEIGHT_ARTIFACTS`` or tests/browser/artifacts."""
    path = Path(os.environ.get("TWENTYEIGHT_ARTIFACTS") or Path(__file__).parent / "artifacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "viewport(width, height): the browser's window size")
