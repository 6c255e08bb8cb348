"""The games by the names people know them by: the pages showed the rule sets' codes —
"28-pagat — 4 players", "bhoos-29", "The rules of 28-bengal", "Table X · 56-kerala" — that
say nothing to a player in Kolkata.  Every place a game is named now says its short name in
the page's language (``game.<preset>`` of the catalogs, js/games.js): the lobby's lists of
games, its public tables and a guest's tables, the rules page's heading and the window's
title, the table's header and the replay page's recent matches; the code stays in the
option values, links and requests."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

from browser.conftest import api, catalog, seated_table
from server.harness import Server
from twentyeight.rules import PRESETS

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

CODES = [p for p in PRESETS if re.search(r"[a-z]", p)]
"""The presets whose code is more than a number ("28-pagat", "bhoos-29", "28-6p"): none of
them may be read on a page."""
COUNT_IN_NAME = {"28-3p", "28-6p", "28-6p-kerala", "56-4p", "56-8p"}
"""The presets whose short name says how many play ("28 for six"): listed without the count."""


OWN_DIGITS = {"bn": str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯")}
"""The languages whose names write the game in their own digits (Bengali's "২৮"): the lists
write the number of players in them too."""


def listed(name: str, count: int, preset: str, lang: str) -> str:
    """A game as the lobby's lists show it in ``lang``: "২৮ — ৪ জন খেলোয়াড়", not "২৮ — 4 …"."""
    if preset in COUNT_IN_NAME:
        return name
    number = str(count) if re.search("[0-9]", name) else str(count).translate(OWN_DIGITS[lang])
    return catalog(lang)["lobby.preset_option"].replace("{name}", name).replace(
        "{count}", number)


@pytest.mark.parametrize("lang", ["en", "bn"])
def test_the_lobby_lists_the_games_by_their_names(
        lang: str, server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """Both lists of games (quick play's and the new table's), and a public table's heading,
    give each game its short name with its number of players once: "28 (classic rules) —
    4 players", "28 for six"; in Bengali, Bengali words.  The options' values are the codes."""
    words = catalog(lang)
    room = api(server, "/api/rooms", {"rules": "bhoos-29", "public": True})["room"]
    page = new_browser_context({"twentyeight:lang": lang}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/")
    page.wait_for_selector("#preset option", state="attached")
    page.wait_for_selector("#quick-preset option", state="attached")
    for select in ("#preset", "#quick-preset"):
        options = page.locator(f"{select} option").evaluate_all(
            "os => os.map(o => [o.value, o.textContent])")
        assert sorted(value for value, _ in options) == sorted(PRESETS)
        for preset, text in options:
            assert text == listed(words[f"game.{preset}"], PRESETS[preset].num_players,
                                  preset, lang), (select, preset, text)
            assert not [code for code in CODES if code in text], (select, text)
            assert "pagat" not in text and "bhoos" not in text, text
    pagat = page.locator("#quick-preset option[value='28-pagat']").text_content() or ""
    assert pagat.startswith(words["game.28-pagat"])
    heading = page.locator(f".public-table[data-room='{room}'] .public-head strong")
    assert heading.inner_text() == listed(words["game.bhoos-29"], 4, "bhoos-29", lang)
    assert errors == []


def test_the_rules_page_is_headed_by_the_games_name(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """/rules/28-bengal is "The rules of 28 (West Bengal)" (and so is the window's title), in
    Bengali and Tamil in their words; the page of a room with changed rules names its game."""
    page = new_browser_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/rules/28-bengal")
    page.wait_for_selector("#explained dt")
    assert page.inner_text("#title") == "The rules of 28 (West Bengal)"
    assert page.title() == "twentyeight — the rules of 28 (West Bengal)"
    for lang in ("bn", "ta"):
        words = catalog(lang)
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        name = words["game.28-bengal"]
        assert page.inner_text("#title") == words["rules.title_of"].replace("{name}", name)
        assert page.title() == words["rules.page_title"].replace("{name}", name)
        page.set_viewport_size({"width": 360, "height": 640})     # a phone: the whole name
        assert page.eval_on_selector("#title", "h => h.scrollWidth <= h.clientWidth + 1"), lang
        page.set_viewport_size({"width": 1280, "height": 800})
    room = api(server, "/api/rooms", {"rules": "56-kerala", "flags": {"game_target": 10}})["room"]
    page.goto(f"{server.url}/rules/56-kerala?room={room}")
    page.wait_for_selector("#explained dt")
    assert "(" in page.inner_text("#title") and "kerala" not in page.inner_text("#title")
    assert errors == []


def test_the_table_and_the_lobby_name_a_guests_game(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """The table's header ("Table X · 28 (West Bengal)") and the lobby's list of a guest's
    own tables name the game; the module's name of a preset no catalog knows is its code."""
    seat = seated_table(server, "28-bengal")
    room = seat.pop("room")
    context = new_browser_context(seat)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/r/{room}")
    page.wait_for_function("document.querySelector('#room-title').textContent.includes('·')")
    assert page.inner_text("#room-title") == f"Table {room} · 28 (West Bengal)"
    page.evaluate("async () => (await module('js/i18n.js')).setLanguage('bn')")
    page.wait_for_function("document.documentElement.lang === 'bn'")
    page.wait_for_function("name => document.querySelector('#room-title').textContent"
                           ".endsWith(name)", arg=catalog("bn")["game.28-bengal"])
    assert page.inner_text("#room-title").endswith(" · " + catalog("bn")["game.28-bengal"])
    assert page.evaluate("async () => (await module('js/games.js')).gameName('28-nosuch')") \
        == "28-nosuch"
    page.evaluate("async () => (await module('js/i18n.js')).setLanguage('en')")
    page.goto(f"{server.url}/")
    mine = page.locator("#yours-list li", has_text=room)
    mine.wait_for()
    assert "28 (West Bengal)" in mine.inner_text() and "28-bengal" not in mine.inner_text()
    assert errors == []


def test_the_recent_matches_name_their_games(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """The replay page's list of the matches this browser played names each game: "56
    (Kerala, closed) · …", in Tamil in Tamil."""
    at = int(time.time()) - 3600
    played = [{"room": "kept0001", "preset": "56-kerala", "at": at, "won": True},
              {"room": "kept0002", "preset": "bhoos-29", "at": at - 60, "won": False}]
    page = new_browser_context({"twentyeight:played": json.dumps(played)}).new_page()
    page.goto(f"{server.url}/replay")
    entries = page.locator("#recent-list a")
    entries.first.wait_for()
    texts = entries.all_inner_texts()
    assert texts[0].startswith("56 (Kerala, closed) · ") and texts[0].endswith(" · won"), texts
    assert texts[1].startswith("29 (bot competition) · "), texts
    page.select_option("#lang", "ta")
    page.wait_for_function("document.documentElement.lang === 'ta'")
    texts = entries.all_inner_texts()
    assert texts[0].startswith(catalog("ta")["game.56-kerala"] + " · "), texts
    assert not [t for t in texts if "kerala" in t or "bhoos" in t], texts


def test_the_profiles_matches_name_their_games(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A profile's finished matches say which game each was ("28 (West Bengal)"), not only
    the family it rates ("28"); the server's answer is the one GET /api/players/NAME gives
    (place_store.history), made up here rather than played for."""
    at = int(time.time()) - 3600
    match = {"family": "28", "rated": False, "finished_at": at, "seat": 0, "team": 0,
             "won": True, "deals": 3, "bids": 1, "made": 1, "points": 5, "hands": []}
    profile = {"name": "Asha Rao", "since": at - 86400, "ratings": {},
               "families": {"28": {"matches": 2, "won": 2, "deals": 6, "bids": 2, "made": 2,
                                   "points": 10, "points_per_deal": 1.667}},
               "matches": [{**match, "room": "kept0003", "rules": "28-bengal"},
                           {**match, "room": "kept0004",
                            "rules": {"preset": "bhoos-29", "game_target": 10}}]}
    page = new_browser_context().new_page()
    page.route("**/api/players/Asha%20Rao", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(profile)))
    page.goto(f"{server.url}/players/Asha%20Rao")
    rows = page.locator("#matches li.match summary")
    rows.first.wait_for()
    texts = rows.all_inner_texts()
    assert "28 (West Bengal) · " in texts[0], texts
    assert "29 (bot competition) · " in texts[1], texts
    page.evaluate("async () => (await module('js/i18n.js')).setLanguage('ml')")
    page.wait_for_function("document.documentElement.lang === 'ml'")
    texts = rows.all_inner_texts()
    assert catalog("ml")["game.28-bengal"] in texts[0], texts
    assert not [t for t in texts if "bengal" in t or "bhoos" in t], texts
