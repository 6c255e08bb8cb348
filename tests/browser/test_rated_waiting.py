"""The waiting room of a rated table (docs/online.md, "Rated tables"), in the browser: it
says the table is rated (signed-in players only, it counts for ratings, no hints) and that
the match starts once every seat is taken — never that computer players fill the empty
seats; the host is offered Start only then; a guest holding the seat link is sent to sign in
and brought back to the table, where the seat link still works; a signed-in player without
the seat link is told where it is.  Screenshots at 360×640 and 1280×800 in ``rated/`` of the
artifacts."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest

from browser.conftest import api, catalog
from server.harness import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

SHOTS = "rated"
"""The folder of the artifacts with this file's screenshots (conftest's ``shots``)."""


SIZES = [(360, 640), (1280, 800)]
PASSWORD = "a rated secret"



def snap(page: Page, shots: Path, name: str) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=str(shots / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": SIZES[1][0], "height": SIZES[1][1]})


def player(server: Server, tag: str) -> tuple[httpx.Client, str]:
    """A new signed-in player (their own cookies) and their name."""
    http = httpx.Client(base_url=server.url, timeout=20)
    name = f"{tag} {time.monotonic_ns() % 10**7}"
    assert http.post("/api/players", json={"name": name, "password": PASSWORD}
                     ).status_code == 201
    return http, name


def signed_in(context: BrowserContext, server: Server, name: str) -> None:
    """Sign ``context``'s browser in as ``name`` (its session cookie, as the sign-in page
    would get it)."""
    answer = context.request.post(f"{server.url}/api/session",
                                  data={"name": name, "password": PASSWORD})
    assert answer.ok, answer.text()


def room_info(server: Server, room: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}/api/rooms/{room}", timeout=10) as answer:
        info: dict[str, Any] = json.load(answer)
    return info


def plural(words: dict[str, Any], key: str, count: int) -> str:
    """English's (and Hindi's) form of ``key`` for ``count``, filled."""
    form = words[key]["one" if count == 1 else "other"]
    return str(form).replace("{count}", str(count))


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_a_rated_table_says_so_and_offers_start_once_every_seat_is_taken(
        lang: str, server: Server, shots: Path,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    """The signed-in host of a rated table: told it is rated, not that empty seats get
    computer players nor that starting without a seat watches them; no Start (which the
    server refuses, 409 ``rated_needs_people``) while a seat is open, but how many are; no
    name to type (the seat takes the account's).  Once the others have sat, Start."""
    words = catalog(lang)
    made = api(server, "/api/rooms", {"rules": "28", "rated": True, "bot_delay": 0})
    room = made["room"]
    context = new_browser_context({"twentyeight:lang": lang,
                                   f"twentyeight:host:{room}": made["host_token"],
                                   f"twentyeight:invite:{room}": made["invite"]})
    _, host = player(server, "Host")
    signed_in(context, server, host)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/r/{room}")
    page.locator(".seat-list button").first.wait_for()
    assert page.locator("#rated-table").inner_text() == words["waiting.rated"]
    assert page.locator("#start-btn").count() == 0
    assert page.locator("#start-waits").inner_text() == \
        plural(words, "waiting.rated_start_waits", 4)
    waiting = page.locator("#waiting").inner_text()
    bots_fill = re.sub(r"\{bots\}.*", "", words["waiting.bots_fill"])
    assert bots_fill not in waiting
    assert page.locator("#no-seat-yet").count() == 0
    assert page.locator("#name-input").count() == 0
    assert page.locator(".seat-list button").count() == 4
    snap(page, shots, f"host-{lang}")
    page.locator(".seat-list button").first.click()
    page.wait_for_function("document.querySelectorAll('.seat-list button').length === 0")
    page.wait_for_function("(t) => document.querySelector('#start-waits')?.innerText === t",
                           arg=plural(words, "waiting.rated_start_waits", 3))
    assert room_info(server, room)["seats"][0]["name"] == host
    for k in (1, 2, 3):
        http, _ = player(server, f"Guest{k}")
        assert http.post(f"/api/rooms/{room}/seats/{k}",
                         json={"invite": made["invite"]}).status_code == 200
        if k < 3:
            page.wait_for_function("(t) => document.querySelector('#start-waits')?.innerText === t",
                                   arg=plural(words, "waiting.rated_start_waits", 3 - k))
    page.locator("#start-btn").wait_for()
    assert page.locator("#start-waits").count() == 0
    assert "primary" in (page.locator("#start-btn").get_attribute("class") or "")
    snap(page, shots, f"host-full-{lang}")
    page.locator("#start-btn").click()
    page.locator("#waiting").wait_for(state="hidden")
    assert room_info(server, room)["status"] == "playing"
    assert not errors, errors


def test_a_guest_with_the_seat_link_signs_in_and_comes_back_to_sit(
        server: Server, shots: Path, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A guest opens a rated table's seat link: no name to type and no "Sit here" the server
    would refuse (403 ``sign_in_to_play_rated``), but why, and a link to the sign-in page
    that comes back here; signed in there, the table offers its seats (the invitation was
    kept) and the guest, now a player, sits under their own name."""
    words = catalog("en")
    made = api(server, "/api/rooms", {"rules": "28", "rated": True})
    room = made["room"]
    _, name = player(server, "Comer")
    page = new_browser_context(viewport={"width": 360, "height": 640}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/r/{room}#invite={made['invite']}")
    told = page.locator("#sign-in-to-sit")
    told.wait_for()
    assert words["waiting.sign_in_to_sit"] in told.inner_text()
    assert page.locator("#rated-table").inner_text() == words["waiting.rated"]
    assert page.locator(".seat-list button").count() == 0
    assert page.locator("#name-input").count() == 0
    assert page.locator("#prompt").inner_text() == words["prompt.watch_waiting"]
    link = page.locator("#sign-in-to-sit-link")
    assert link.inner_text() == words["account.sign_in"]
    assert link.get_attribute("href") == f"/signin?next=%2Fr%2F{room}"
    snap(page, shots, "guest-en")
    link.click()
    page.wait_for_url("**/signin?next=*")
    page.locator("#in-name").fill(name)
    page.locator("#in-password").fill(PASSWORD)
    page.locator("#in-btn").click()
    page.wait_for_url(f"{server.url}/r/{room}")
    page.locator(".seat-list button").first.wait_for()
    assert page.locator("#sign-in-to-sit").count() == 0
    assert page.locator(".seat-list button").count() == 4
    page.locator(".seat-list button").nth(1).click()
    page.wait_for_function("document.querySelectorAll('.seat-list button').length === 0")
    assert room_info(server, room)["seats"][1]["name"] == name
    assert not errors, errors


def test_a_signed_in_player_without_the_seat_link_is_told_where_it_is(
        server: Server, shots: Path, new_browser_context: Callable[..., BrowserContext]) -> None:
    """The maker of a rated table, signed in on another browser (the seat link is kept in
    the one the table was made in), opens the watching link: told that it only watches and
    where the seat link is — signing in does not make a seat theirs — and offered none."""
    words = catalog("hi")
    made = api(server, "/api/rooms", {"rules": "28", "rated": True})
    room = made["room"]
    context = new_browser_context({"twentyeight:lang": "hi"})
    _, name = player(server, "Maker")
    signed_in(context, server, name)
    page = context.new_page()
    page.goto(f"{server.url}/r/{room}")
    page.locator("#watch-only").wait_for()
    page.wait_for_function("document.documentElement.lang === 'hi'")
    assert page.locator("#watch-only").inner_text() == words["waiting.ask_for_seat_rated"]
    assert page.locator(".seat-list button").count() == 0
    assert page.locator("#sign-in-to-sit").count() == 0
    snap(page, shots, "no-link-hi")
