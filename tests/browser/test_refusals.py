"""The server's refusals in the reader's language (static/js/refusal.js): the sign-in page,
the lobby and the table say why the server refused in हिन्दी, தமிழ், বাংলা and മലയാളം from
the catalogs' ``refusal.<code>``, and in English exactly the server's words; a wait is told
in minutes from the refusal's ``Retry-After``.  Screenshots of the sign-in page's refusal at
360×640 and 1280×800 in ``refusals/`` of the artifacts."""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest

from browser.conftest import api, catalog
from server.harness import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

SIZES = [(360, 640), (1280, 800)]


def opened(make: Callable[..., BrowserContext], lang: str, url: str,
           **storage: str) -> tuple[Page, list[str]]:
    """A page of ``url`` in ``lang`` (and the localStorage ``storage``), once its catalog is
    loaded; and its errors."""
    page = make({"twentyeight:lang": lang, **storage}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    return page, errors


def sign_in(page: Page, name: str, password: str) -> tuple[dict[str, str], dict[str, str]]:
    """Send the sign-in form: the server's refusal (its JSON) and its headers, once the page
    shows it."""
    page.locator("#in-name").fill(name)
    page.locator("#in-password").fill(password)
    page.locator("#who").wait_for()            # the account bar: GET /api/session answered
    with page.expect_response(lambda r: r.url.endswith("/api/session")
                              and r.request.method == "POST") as answer:
        page.locator("#in-btn").click()
    page.wait_for_function("document.querySelector('#in-error').textContent.length > 0")
    return answer.value.json(), answer.value.headers


def fill(text: str, **params: object) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m[1]]), text)


def refused(page: Page, button: str, path: str, code: str) -> None:
    """Press ``button``, whose request to ``path`` the server refuses with ``code``."""
    with page.expect_response(f"**{path}") as answer:
        page.locator(button).click()
    assert answer.value.json()["error"] == code


def says(page: Page, where: str, lang: str, frame: str, code: str) -> None:
    """``where`` says, framed by the catalog's ``frame``, the catalog's words for ``code``."""
    page.wait_for_function("s => document.querySelector(s).innerText.trim().length > 0",
                           arg=where)
    words = catalog(lang)
    assert page.locator(where).inner_text() == fill(words[frame], why=words[f"refusal.{code}"])


@pytest.mark.parametrize("lang", ["hi", "ta", "en"])
def test_a_wrong_password_is_told_in_the_readers_language(
        lang: str, server: Server, artifacts: Path,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    shots = artifacts / "refusals"
    shots.mkdir(exist_ok=True)
    page, errors = opened(new_browser_context, lang, f"{server.url}/signin")
    refusal, _ = sign_in(page, f"Nobody {lang} {time.time_ns() % 10**9}", "not the password")
    assert refusal["error"] == "wrong_password"
    words = catalog(lang)
    why = refusal["message"] if lang == "en" else words["refusal.wrong_password"]
    shown = page.locator("#in-error").inner_text()
    assert shown == fill(words["signin.failed"], why=why)
    if lang != "en":
        assert refusal["message"] not in shown
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)
            box = page.locator("#in-error").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            page.screenshot(path=str(shots / f"signin-{lang}-{width}x{height}.png"),
                            full_page=True)
    # the refusal shown is told again in the language the reader picks next (it stayed)
    other = "bn" if lang != "bn" else "en"
    page.select_option("#lang", other)
    page.wait_for_function(f"document.documentElement.lang === '{other}'")
    again = catalog(other)
    assert page.locator("#in-error").inner_text() == fill(
        again["signin.failed"], why=again["refusal.wrong_password"])
    assert not errors, errors


def test_a_wait_is_told_in_minutes_from_retry_after(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """Too many wrong passwords for a name: refused before any check, with ``Retry-After``
    saying when one more try is allowed; the page says as many minutes as the server's own
    words do."""
    name = f"Guessed {time.time_ns() % 10**9}"
    with httpx.Client(base_url=server.url, timeout=20) as http:
        for _ in range(100):
            if http.post("/api/session", json={"name": name, "password": "guess"}
                         ).status_code == 429:
                break
        else:
            pytest.fail("the wrong passwords were never refused")
    page, errors = opened(new_browser_context, "hi", f"{server.url}/signin")
    refusal, headers = sign_in(page, name, "one more guess")
    assert refusal["error"] == "too_many_wrong_passwords"
    minutes = math.ceil(int(headers["retry-after"]) / 60)
    said = re.search(r"try again in (\d+) minute", refusal["message"])
    assert said and int(said[1]) == minutes                 # the server's words agree
    words = catalog("hi")
    form = "one" if minutes == 1 else "other"
    why = fill(words["refusal.too_many_wrong_passwords"][form], count=minutes)
    assert page.locator("#in-error").inner_text() == fill(words["signin.failed"], why=why)
    assert not errors, errors


def test_a_guest_at_a_rated_table_in_the_lobby(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A guest reading Bengali at a rated public table: the lobby leads them to sign in, in
    Bengali, and back to the table after (it offered "Sit", which the server refuses with
    ``sign_in_to_play_rated``, as it still does a guest who asks)."""
    room = api(server, "/api/rooms", {"rules": "28", "rated": True, "public": True})["room"]
    page, errors = opened(new_browser_context, "bn", f"{server.url}/")
    table = page.locator(f".public-table[data-room='{room}']")
    table.wait_for()
    assert table.locator("button[data-seat]").count() == 0
    link = table.locator("a.sign-in").first
    assert link.inner_text() == catalog("bn")["account.sign_in"]
    assert link.get_attribute("href") == f"/signin?next=%2Fr%2F{room}"
    asked = page.evaluate("""async (path) => (await fetch(path, {method: 'POST',
        headers: {'content-type': 'application/json'}, body: '{"name": "Guest"}'})).json()""",
        f"/api/rooms/{room}/seats/1")
    assert asked["error"] == "sign_in_to_play_rated"
    assert not errors, errors


def test_the_host_starts_a_rated_table_too_soon(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """The host of a rated table, reading Malayalam, starts it with seats still open: the
    table says why the server refused, and says it again in Hindi when the host picks
    Hindi (the notice kept the language it was first said in).  The waiting room offers no
    Start while a seat is open (test_rated_waiting.py); the refusal still comes when a seat
    empties between the drawing of Start and its press, so the page's own start is called."""
    made = api(server, "/api/rooms", {"rules": "28", "rated": True})
    room = made["room"]
    page, errors = opened(new_browser_context, "ml", f"{server.url}/r/{room}",
                          **{f"twentyeight:host:{room}": made["host_token"]})
    page.locator("#start-waits").wait_for()
    assert page.locator("#start-btn").count() == 0
    with page.expect_response(f"**/api/rooms/{room}/start") as answer:
        page.evaluate("module('js/table/commands.js').then((m) => m.startMatch())")
    assert answer.value.json()["error"] == "rated_needs_people"
    says(page, "#notice", "ml", "notice.start_refused", "rated_needs_people")
    page.select_option("#lang", "hi")                 # and told again in the one picked
    page.wait_for_function("document.documentElement.lang === 'hi'")
    says(page, "#notice", "hi", "notice.start_refused", "rated_needs_people")
    assert not errors, errors


@pytest.mark.parametrize("lang", ["hi", "en"])
def test_a_request_nothing_answers_is_told_in_the_page_s_words(
        lang: str, server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """The network gone when a person makes a table, signs in, sits at a table or opens the
    rules, and a proxy's HTML page of a 502 where the server's JSON was awaited: each is
    said in the reader's language, never the browser's "Failed to fetch" (the lobby said
    "The server did not answer (Failed to fetch)", the sign-in page and the rules page
    "Failed to fetch", and "Sit here" did nothing at all)."""
    words = catalog(lang)
    no_answer = words["net.no_answer"]
    bad_answer = fill(words["net.bad_answer"], status=502)

    page, errors = opened(new_browser_context, lang, f"{server.url}/")
    page.route("**/api/rooms", lambda route: route.abort("internetdisconnected"))
    page.locator("#create-btn:not([disabled])").click()
    page.wait_for_function("document.querySelector('#create-error').textContent.length > 0")
    assert page.locator("#create-error").inner_text() == fill(words["lobby.create_failed"],
                                                               why=no_answer)
    page.unroute("**/api/rooms")
    page.route("**/api/rooms", lambda route: route.fulfill(
        status=502, content_type="text/html", body="<html><h1>502 Bad Gateway</h1></html>"))
    page.locator("#create-btn:not([disabled])").click()
    page.wait_for_function("s => document.querySelector('#create-error').textContent.includes(s)",
                           arg="502")
    assert page.locator("#create-error").inner_text() == fill(words["lobby.create_failed"],
                                                               why=bad_answer)

    page, more = opened(new_browser_context, lang, f"{server.url}/signin")
    page.route("**/api/session", lambda route: route.abort("internetdisconnected")
               if route.request.method == "POST" else route.continue_())
    page.locator("#in-name").fill("Asha")
    page.locator("#in-password").fill("a long enough password")
    page.locator("#in-btn").click()
    page.wait_for_function("document.querySelector('#in-error').textContent.length > 0")
    assert page.locator("#in-error").inner_text() == fill(words["signin.failed"], why=no_answer)

    made = api(server, "/api/rooms", {"rules": "28"})
    room = made["room"]
    page, most = opened(new_browser_context, lang, f"{server.url}/r/{room}",
                        **{f"twentyeight:invite:{room}": made["invite"]})
    page.route(f"**/api/rooms/{room}/seats/*", lambda route: route.abort("internetdisconnected"))
    page.locator(".seat-list button").first.click()
    page.wait_for_function("document.querySelector('#notice').textContent.length > 0")
    assert page.locator("#notice").inner_text() == fill(words["notice.seat_refused"],
                                                         why=no_answer)

    page, rest = opened(new_browser_context, lang, f"{server.url}/rules/29")
    page.route("**/api/presets", lambda route: route.abort("internetdisconnected"))
    page.reload()
    page.wait_for_function("document.querySelector('#error').textContent.length > 0")
    assert page.locator("#error").inner_text() == no_answer
    everything = errors + more + most + rest
    assert not everything, everything


PAGES_THAT_LOAD = [            # (page, its first request, what shows once it answered)
    ("/", r"/api/presets$", "#create-btn:not([disabled])"),
    ("/leaderboard", r"/api/leaderboard\?", "#board .hint"),
    ("/players/Nobody", r"/api/players/Nobody$", "#player-since:not(:empty)"),
    ("/learn", r"/api/tutorial\?game=28$", "#progress:not(:empty)"),
]


@pytest.mark.parametrize(("path", "asks", "shown"), PAGES_THAT_LOAD)
def test_a_page_whose_first_request_got_no_answer_says_so_and_tries_again(
        path: str, asks: str, shown: str, server: Server,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    """The lobby's games, the leaderboard, a player's profile and the tutorial each ask the
    API as the page opens; with no answer the page stayed empty without a word (the lobby's
    "Make the table" greyed for good, the profile "There is no player of that name").  Now
    the page says why in the reader's language, told again in another language, with a "Try
    again" button that loads the page once the server answers."""
    words = catalog("hi")
    context = new_browser_context({"twentyeight:lang": "hi"})
    down = {"now": True}
    context.route(re.compile(asks), lambda route: route.abort("internetdisconnected")
                  if down["now"] else route.continue_())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}{path}")
    line = page.locator(".load-failed")
    line.wait_for()
    assert line.locator("span").inner_text() == fill(words["net.load_failed"],
                                                     why=words["net.no_answer"])
    assert line.locator("button").inner_text() == words["net.try_again"]
    assert page.locator(shown).count() == 0
    if path == "/learn":                     # no lesson, no buttons to step through it
        assert page.locator("#next").is_hidden() and page.locator("#again").is_hidden()

    page.select_option("#lang", "en")
    english = catalog("en")
    page.wait_for_function("s => document.querySelector('.load-failed span').textContent === s",
                           arg=fill(english["net.load_failed"], why=english["net.no_answer"]))
    assert line.locator("button").inner_text() == english["net.try_again"]

    down["now"] = False
    line.locator("button").click()
    page.locator(shown).wait_for()
    assert line.count() == 0
    if path == "/learn":
        assert page.locator("#next").is_visible() and page.locator("#again").is_visible()
    if path.startswith("/players/"):          # the answer, now it came: no such player
        assert page.locator("#player-since").inner_text() == english["profile.not_found"]
    assert not errors, errors


def test_the_lobby_says_no_table_is_free_only_once_the_server_said_so(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """The public tables' "No public table has a free seat just now" stood in the lobby
    before the list was asked for, and stayed while the list got no answer: it is shown
    once the server has answered with an empty list, not before."""
    context = new_browser_context()
    listing: dict[str, str | None] = {"answer": None}          # None: no answer comes
    context.route(re.compile(r"/api/rooms$"), lambda route: route.abort("internetdisconnected")
                  if listing["answer"] is None or route.request.method != "GET"
                  else route.fulfill(status=200, content_type="application/json",
                                     body=listing["answer"]))
    page = context.new_page()
    page.goto(f"{server.url}/")
    page.locator("#quick-btn:not([disabled])").wait_for()       # the listing is asked for
    page.wait_for_timeout(500)                                   # and its asking fails
    assert page.locator("#tables-none").is_hidden()
    assert page.locator("#tables li").count() == 0
    listing["answer"] = '{"rooms": []}'
    page.locator("#tables-none").wait_for(timeout=15_000)    # the next poll, 4 s on
    assert page.locator("#tables-none").inner_text() == catalog("en")["lobby.public_none"]
