"""Fixtures of the browser tests: the real server, and Debian's chromium driven by Playwright.

The browser is the system's ``/usr/bin/chromium`` (CI installs it from .ci/system-packages);
Playwright's own browser download is never used.  Without it, or without the ``playwright``
package, the tests are skipped with the reason.  One chromium serves a test module; each
person at a table is a fresh browser context of it (its own storage: no seat token shared).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from server.harness import Server, running

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:                                   # pragma: no cover - skipped without it
    PlaywrightTimeout = TimeoutError

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--autoplay-policy=no-user-gesture-required"]
STATIC = Path(__file__).parents[2] / "src" / "twentyeight" / "server" / "static"
MY_TURN = ("document.querySelector('#hand-over').open || "
           "document.querySelector('#prompt').classList.contains('mine')")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``twentyeight serve`` on a free loopback port with its own SQLite file.  Every browser
    of a module comes from one address, so the tables one client may keep open
    (``rooms_per_client``, 20) are many more here: a module makes more than 20 rooms."""
    srv = Server(Path(tmp_path_factory.mktemp("srv")) / "rooms.db",
                 "--limit", "rooms_per_client=1000")
    yield from running(srv)


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver, or a skip when the browser or the package is missing.  Per
    module: the sync driver keeps an event loop running, which must be gone before the
    other tests (they call asyncio.run)."""
    if not CHROMIUM.exists() or shutil.which(str(CHROMIUM)) is None:
        pytest.skip(f"{CHROMIUM} is missing (Debian's chromium package; see .ci/system-packages)")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="the playwright package is not installed")
    with sync_api.sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """One headless chromium for a test module."""
    b = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                   args=CHROMIUM_ARGS)
    yield b
    b.close()


SHARE_SHEET = """Object.defineProperty(navigator, 'share', { configurable: true, value: (data) => {
  window.shared = [...(window.shared || []), data]; return Promise.resolve(); } });"""
"""A phone's share sheet, as the page sees it: ``navigator.share``, here keeping what it got."""


def init_script(storage: dict[str, str]) -> str:
    """A script that fills the page's localStorage before the page's own scripts run."""
    return "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});"
                   for k, v in storage.items())


MODULE_SCRIPT = ("window.module = (path) => "
                 "import(document.documentElement.dataset.assets + path);")
"""``module('js/table/state.js')`` in a test's script: the page's own instance of one of its
scripts, under the version the page loaded (server/assets.py), not a second copy."""


@pytest.fixture
def new_browser_context(browser: Browser, request: pytest.FixtureRequest
                        ) -> Iterator[Callable[..., BrowserContext]]:
    """Open another person's browser: a fresh context (so no seat token is shared), closed
    after the test.  The viewport comes from the test's ``viewport`` marker, ``(1280, 800)``
    without one; ``storage`` presets localStorage (the card speed is "fast" unless given)."""
    marker = request.node.get_closest_marker("viewport")
    width, height = marker.args if marker else (1280, 800)
    opened: list[BrowserContext] = []

    def launch(storage: dict[str, str] | None = None, **options: Any) -> BrowserContext:
        options.setdefault("viewport", {"width": width, "height": height})
        context = browser.new_context(**options)
        # a wait lasts this long only when it fails; in CI two test workers, the server and
        # the browser share two cores, and 15 s was once too short for a server's answer
        context.set_default_timeout(45_000)
        context.add_init_script(init_script({"twentyeight:pace": "fast", **(storage or {})}))
        context.add_init_script(MODULE_SCRIPT)
        opened.append(context)
        return context

    try:
        yield launch
    finally:
        for context in opened:
            context.close()


@pytest.fixture
def browser_context(new_browser_context: Callable[..., BrowserContext]) -> BrowserContext:
    """The first person's browser (see ``new_browser_context``)."""
    return new_browser_context()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where the screenshots go: ``$TWENTYEIGHT_ARTIFACTS`` or tests/browser/artifacts."""
    path = Path(os.environ.get("TWENTYEIGHT_ARTIFACTS") or Path(__file__).parent / "artifacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def shots(artifacts: Path, request: pytest.FixtureRequest) -> Path:
    """Where a test file keeps its screenshots: the folder of the artifacts its module names
    in ``SHOTS``, else its module's name without ``test_`` (test_lobby's: ``lobby/``)."""
    module = request.module
    path = artifacts / getattr(module, "SHOTS", module.__name__.rsplit(".", 1)[-1]
                               .removeprefix("test_"))
    path.mkdir(exist_ok=True)
    return path


def api(server: Server, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST a JSON body to the server's HTTP API; the JSON answer."""
    req = urllib.request.Request(server.url + path, data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as answer:
        result: dict[str, Any] = json.load(answer)
    return result


def seated_table(server: Server, preset: str, name: str = "Asha",
                 settings: dict[str, Any] | None = None) -> dict[str, str]:
    """A started room of ``preset`` (and the room ``settings``) with a person at seat 0 and
    computer players elsewhere: its code and the localStorage that makes a browser that
    person."""
    room = api(server, "/api/rooms", {"rules": preset, "bots": "rules", "bot_delay": 0,
                                      **(settings or {})})
    seat = api(server, f"/api/rooms/{room['room']}/seats/0",
               {"name": name, "invite": room["invite"]})
    api(server, f"/api/rooms/{room['room']}/start", {"token": room["host_token"]})
    return {"room": room["room"], f"twentyeight:seat:{room['room']}":
            json.dumps({"seat": 0, "token": seat["token"]})}


def seated_page(make: Callable[..., BrowserContext], server: Server, preset: str,
                name: str = "Asha", settings: dict[str, Any] | None = None,
                **storage: str) -> tuple[Page, list[str]]:
    """A browser at seat 0 of a new started room of ``preset`` (with the room ``settings``;
    card speed "instant" unless ``storage`` says otherwise), waiting for that seat's turn;
    and the page's errors."""
    seat = seated_table(server, preset, name, settings)
    room = seat.pop("room")
    page = make({**seat, "twentyeight:pace": "instant", **storage}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/r/{room}")
    to_my_first_turn(page)
    page.wait_for_function("document.body.dataset.caught === '1'")
    return page, errors


def to_my_first_turn(page: Page) -> None:
    """Wait for this seat's turn, continuing past the hands annulled before it (a computer's
    redeal, 28-POST-3: about one deal in 20)."""
    for _ in range(10):
        page.wait_for_function(MY_TURN)
        if not dialog_open(page):
            return
        page.keyboard.press("Enter")      # "Continue" has the focus
    raise AssertionError("ten hands annulled in a row")


def catalog(lang: str) -> dict[str, Any]:
    """A message catalog of the browser (static/i18n)."""
    data: dict[str, Any] = json.loads((STATIC / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


OWN_DIGITS = {"bn": str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯")}
"""The languages whose catalogs write numbers in their own digits: the page writes every number
it shows in them (``i18n.js`` ``digits``)."""


def number(lang: str, n: object) -> str:
    """``n`` as the page shows it in ``lang``: "১৭" in Bengali, "17" elsewhere."""
    return str(n).translate(OWN_DIGITS.get(lang, {}))


def seq(page: Page) -> int:
    """The ``seq`` of the last state the table shows."""
    return int(page.locator("body").get_attribute("data-seq") or 0)


def then_wait(page: Page, before: int) -> None:
    """Wait for the server's answer to the action just sent: a state with a later ``seq``."""
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")


def act_simply(page: Page) -> None:
    """One action of this seat at its turn: its first legal card, else a pass, else its first
    call; then the server's answer."""
    at = seq(page)
    if page.locator("#hand .card.legal").count():
        page.locator("#hand .card.legal").first.click()
    elif page.locator("#actions button.verb-pass").count():
        page.locator("#actions button.verb-pass").first.click()
    else:
        page.locator("#actions button[data-action]").first.click()
    then_wait(page, at)


def dialog_open(page: Page) -> bool:
    return bool(page.locator("#hand-over").evaluate("d => d.open"))


DIALOG_CLOSED_OR_REOPENED = ("before => !document.querySelector('#hand-over').open || "
                             "Number(document.body.dataset.seq) > before")
"""After "Continue": the hand-over dialog has closed (or a later state has come, which may
open it again): so that a busy machine does not spend the loop's tries on one dialog."""


def to_the_play(page: Page, bid: bool = False) -> None:
    """Through the auction (and the trump) until this seat is to play a card: passing with
    the keys where it can, laying a trump card or taking the first call where it must; with
    ``bid``, bidding the highest value at its first call (no one can bid over it, so this
    seat is the bidder)."""
    for _ in range(60):
        page.wait_for_function(MY_TURN)
        if dialog_open(page):
            at = seq(page)
            page.keyboard.press("Enter")              # "Continue" has the focus
            with contextlib.suppress(PlaywrightTimeout):  # the key came before the focus: again
                page.wait_for_function(DIALOG_CLOSED_OR_REOPENED, arg=at, timeout=5000)
            continue
        if page.evaluate("document.body.dataset.phase") == "play" and \
                page.locator("#hand .card.legal").count():
            return
        at = seq(page)
        if page.locator("#hand .card.legal").count():              # lay a trump card
            page.locator("#hand .card.legal").first.click()
        elif bid and page.locator("#actions button.bid-value").count():
            page.locator("#actions button.bid-value").last.click()
            page.locator("#actions .dens button[data-action]").first.click()
        elif bid and page.locator("#actions button.verb-bid").count():
            page.locator("#actions button.verb-bid").last.click()
        elif page.locator("#actions button.verb-pass").count():
            page.keyboard.press("p")
        elif page.locator("#actions button.bid-value").count():    # 56: value, then trump
            page.locator("#actions button.bid-value").first.click()
            page.locator("#actions .dens button[data-action]").first.click()
        else:
            page.locator("#actions button[data-action]").first.focus()
            page.keyboard.press("Enter")
        then_wait(page, at)
    raise AssertionError("the play never came to this seat")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "viewport(width, height): the browser's window size")
