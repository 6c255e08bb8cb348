"""Issue 16, "plain words": the lobby's rules editor groups the rules (the deal, the auction,
the trump, the play, scoring, the match), shows only those that apply to the chosen table and
to the other choices, each with a visible line in plain words and its rule ID; the cards'
legend; a table made with a changed rule has it.  And a table's link that leads nowhere is
a page of the site, in the person's language, saying which: no such table (404), or a table
that is closed (410), with its record.  Screenshots in ``lobby/`` of the artifacts."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser.conftest import api, catalog, seated_page
from server.harness import Server, running
from test_catalogs import LANGUAGES
from twentyeight.rule_words import GROUPS
from twentyeight.rules import Rules

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page



@pytest.fixture(scope="module")
def brief(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that closes a room nobody has visited for 2 s."""
    srv = Server(Path(tmp_path_factory.mktemp("brief")) / "rooms.db",
                 "--limit", "idle_seconds=2")
    yield from running(srv)


def lobby(make: Callable[..., BrowserContext], server: Server, lang: str = "en") -> Page:
    page = make({"twentyeight:lang": lang}).new_page()
    page.goto(f"{server.url}/")
    page.wait_for_selector("#preset option", state="attached")
    page.locator("#flags-box summary").click()
    return page


def chosen(page: Page) -> tuple[str, str, str]:
    """The lobby's choices once it has loaded: the new table's game, quick play's, the level."""
    page.wait_for_selector("#quick-preset option", state="attached")
    return (page.locator("#preset").input_value(), page.locator("#quick-preset").input_value(),
            page.locator("#bots").input_value())


def test_the_lobby_remembers_the_game_and_the_level(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A player of 29 chose 29, and their level, at every visit: the lobby opened on 28 and
    `casual` each time.  The game last chosen (for a new table or for quick play) and the
    level are kept for the next visit; a game the server no longer offers is not."""
    page = lobby(new_browser_context, server)
    assert chosen(page) == ("28", "28", "casual")
    page.select_option("#preset", "29")
    page.select_option("#bots", "expert")
    page.reload()
    assert chosen(page) == ("29", "29", "expert")
    assert page.locator("#preset-title").inner_text().startswith(
        catalog("en")["preset.29"].split(" (")[0])
    # quick play's list named the games only ("28-pagat", "bhoos-29"): each is said under it
    assert page.locator("#quick-preset-title").inner_text().startswith(
        catalog("en")["preset.29"].split(" (")[0])
    page.select_option("#quick-preset", "56")
    assert page.locator("#quick-preset-title").inner_text().startswith(catalog("en")["preset.56"])
    page.reload()
    assert chosen(page) == ("56", "56", "expert")
    page.evaluate("localStorage.setItem('twentyeight:game', 'no-such-game')")
    page.reload()
    assert chosen(page) == ("28", "28", "expert")


def shown_flags(page: Page) -> list[str]:
    return page.locator("#flags .flag:visible").evaluate_all("rs => rs.map(r => r.dataset.flag)")


def test_the_rules_editor_in_plain_words(server: Server, shots: Path,
                                         new_browser_context: Callable[..., BrowserContext]
                                         ) -> None:
    page = lobby(new_browser_context, server)
    groups = page.locator("#flags .flag-group:visible h3").all_inner_texts()
    assert [g.lower() for g in groups] == [t.lower() for t in GROUPS.values()]
    flags = shown_flags(page)
    assert 30 < len(flags) < 79
    assert "deck_8p" not in flags and "pack" not in flags and "num_players" not in flags
    for row in page.locator("#flags .flag:visible").all()[:80]:
        text = row.locator(".flag-text").inner_text()
        rule = row.locator(".flag-rule").inner_text()
        assert text and "_" not in text and len(text) > 8, text
        assert re.search(r"[0-9A-Z]", rule), rule            # a rule ID: 28-AUC-6, C-02, …
        assert not any(re.fullmatch(r"[\d.]+", r) for r in rule.split(" / ")), rule  # or §1.1
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(shots / "lobby-rules-28-390x844.png"), full_page=True)
    # only what applies: 56 at eight players has its deck's choice; 28's pair is gone
    page.select_option("#preset", "56-8p")
    flags = shown_flags(page)
    assert "deck_8p" in flags and "pair_rule" not in flags
    # the conditions follow the person's choices: C needs doubles (flat scoring)
    page.select_option("#preset", "28-wiki")
    assert "c_bid" not in shown_flags(page)
    page.locator("#flag-double_redouble").check()
    assert "c_bid" in shown_flags(page) and "c_bid_with_autodouble" not in shown_flags(page)
    page.locator("#flag-c_bid").check()
    assert "c_bid_with_autodouble" in shown_flags(page)
    assert page.locator("#flag-count").inner_text() == "2 changed"
    assert page.locator(".flag.changed").count() == 2


def test_a_changed_rule_makes_its_table(server: Server,
                                        new_browser_context: Callable[..., BrowserContext]
                                        ) -> None:
    page = lobby(new_browser_context, server)
    page.select_option("#preset", "28")
    page.fill("#flag-min_bid", "16")
    page.select_option("#flag-eight_same_suit", json.dumps("ignore"))
    page.locator("#create-btn").click()
    page.wait_for_url(re.compile(r"/r/\w+$"))
    room = page.url.rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{server.url}/api/rooms/{room}") as answer:
        rules = json.load(answer)["rules"]
    assert rules == {"preset": "28", "min_bid": 16, "eight_same_suit": "ignore"}


def test_a_rated_table_changes_only_the_matchs_length(
        server: Server, shots: Path, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A rated table plays its preset's rules (the server refuses others, 400 ``rated_rules``):
    with Rated ticked the editor shows and sends only the match's length (``RATED_FLAGS``)
    and says why; the other changes come back when it is unticked."""
    page = lobby(new_browser_context, server)
    page.select_option("#preset", "28")
    page.fill("#flag-min_bid", "16")
    page.fill("#flag-game_target", "3")
    assert page.locator("#flag-count").inner_text() == "2 changed"
    assert page.locator("#flags-rated").is_hidden()
    page.locator("#rated").check()
    assert set(shown_flags(page)) == {"game_target"}
    assert page.locator("#flag-count").inner_text() == "1 changed"
    assert page.locator("#flags-rated").inner_text() == catalog("en")["lobby.flags_rated"]
    for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
        page.set_viewport_size(size)
        page.screenshot(path=str(shots / f"lobby-rated-{size['width']}.png"), full_page=True)
    page.select_option("#preset", "56")
    assert "start_tables" in shown_flags(page) and "pair_rule" not in shown_flags(page)
    page.select_option("#preset", "28")                  # a new game: no changes kept
    page.fill("#flag-game_target", "3")
    page.locator("#rated").uncheck()
    page.fill("#flag-min_bid", "16")
    assert page.locator("#flag-count").inner_text() == "2 changed"
    page.locator("#rated").check()
    assert page.locator("#flag-count").inner_text() == "1 changed"
    page.locator("#create-btn").click()
    page.wait_for_url(re.compile(r"/r/\w+$"))
    room = page.url.rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{server.url}/api/rooms/{room}") as answer:
        info = json.load(answer)
    assert info["rated"] is True and info["rules"] == {"preset": "28", "game_target": 3}


SHOWN_VALUES = """rows => Object.fromEntries(rows.map(r => {
  const node = r.querySelector('.flag-input');
  if (node.type === 'checkbox') return [r.dataset.flag, node.checked];
  if (node.tagName === 'SELECT') return [r.dataset.flag, JSON.parse(node.value)];
  if (node.type === 'number') {
    return [r.dataset.flag, node.value === '' ? null : Number(node.value)];
  }
  let v = node.value; try { v = JSON.parse(v); } catch (e) { /* a plain word */ }
  return [r.dataset.flag, v];
}))"""


def shown_values(page: Page) -> dict[str, object]:
    """Every flag the editor shows, with the value its input shows."""
    values: dict[str, object] = page.locator("#flags .flag:visible").evaluate_all(SHOWN_VALUES)
    return values


def room_flags(page: Page, server: Server) -> dict[str, object]:
    """Create the table as the lobby stands; the flags of the rules the room got."""
    page.locator("#create-btn").click()
    page.wait_for_url(re.compile(r"/r/\w+$"))
    room = page.url.rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{server.url}/api/rooms/{room}") as answer:
        return Rules.from_spec(json.load(answer)["rules"]).flags()


def editor_after(page: Page, server: Server, preset: str, *choices: tuple[str, object]) -> Page:
    page.goto(f"{server.url}/")
    page.wait_for_selector("#preset option", state="attached")
    page.locator("#flags-box summary").click()
    page.select_option("#preset", preset)
    for flag, value in choices:
        if isinstance(value, bool):
            page.locator(f"#flag-{flag}").set_checked(value)
        else:
            page.select_option(f"#flag-{flag}", json.dumps(value))
    return page


@pytest.mark.parametrize("preset", ["56", "56-4p", "56-online"])
def test_the_editor_shows_the_flags_of_the_trump_mode(
        preset: str, server: Server, shots: Path,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    """56-HT-1, 56-HT-5, 56-HT-9, 56-ANN-5: switching a 56 table to hidden trump shows the
    hidden mode's flags (no doubling, the bidder's hidden-trump plays, the all-trumps
    redeal), exactly the flags the room is made with; back to open shows the open ones."""
    page = lobby(new_browser_context, server)
    editor_after(page, server, preset, ("trump_mode", "hidden"))
    shown = shown_values(page)
    assert shown["trump_mode"] == "hidden"
    assert shown["double_redouble"] is False                          # 56-HT-1
    assert shown["bidder_void_discard_trump_unrevealed"] is True      # 56-HT-5
    assert shown["bidder_may_reveal_on_trump_lead"] is True           # 56-HT-9
    assert shown["bidding_side_all_trumps_redeal"] is True            # 56-ANN-5
    assert page.locator("#flag-count").inner_text() == "1 changed"    # the mode, nothing else
    if preset == "56":
        for width, height in ((390, 844), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            size = f"{width}x{height}"
            page.screenshot(path=str(shots / f"lobby-rules-56-hidden-{size}.png"), full_page=True)
            for part, flag in (("auction", "double_redouble"),
                               ("play", "bidder_may_reveal_on_trump_lead")):
                page.locator(f"#flag-{flag}").scroll_into_view_if_needed()
                page.screenshot(path=str(shots / f"lobby-rules-56-hidden-{part}-{size}.png"))
    made = room_flags(page, server)
    assert {f: made[f] for f in shown} == shown
    # and back to open: the open mode's flags again
    editor_after(page, server, preset, ("trump_mode", "hidden"), ("trump_mode", "open"))
    shown = shown_values(page)
    assert shown["double_redouble"] is True
    assert "bidder_may_reveal_on_trump_lead" not in shown             # hidden trump's only
    assert page.locator("#flag-count").inner_text() == ""
    made = room_flags(page, server)
    assert {f: made[f] for f in shown} == shown
    assert made["bidder_may_reveal_on_trump_lead"] is False


def test_a_flag_set_against_the_trump_mode_reaches_the_room(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """56-HT-1 as a default, not a law: doubling ticked again after the switch to hidden
    trump is what the room gets (the editor sends what differs from the mode's default),
    and the hidden Kerala table switched to open shows the open mode's doubling."""
    page = lobby(new_browser_context, server)
    editor_after(page, server, "56", ("trump_mode", "hidden"), ("double_redouble", True))
    shown = shown_values(page)
    assert shown["double_redouble"] is True
    assert page.locator("#flag-count").inner_text() == "2 changed"
    made = room_flags(page, server)
    assert {f: made[f] for f in shown} == shown
    editor_after(page, server, "56-kerala", ("trump_mode", "open"))
    shown = shown_values(page)
    assert shown["double_redouble"] is True
    made = room_flags(page, server)
    assert {f: made[f] for f in shown} == shown
    assert made["bidder_void_discard_trump_unrevealed"] is False


def test_the_legend_of_the_cards(server: Server,
                                 new_browser_context: Callable[..., BrowserContext]) -> None:
    """28-DECK-4 / 40-2: the chosen game's cards, strongest first, with their points."""
    page = lobby(new_browser_context, server)
    ranks = page.locator("#legend .legend-rank")
    assert ranks.all_inner_texts()[0].split() == ["J", "3"]
    order = [t.split()[0] for t in ranks.all_inner_texts()]
    assert order == ["J", "9", "A", "10", "K", "Q", "8", "7"]
    page.select_option("#preset", "40")
    assert [t.split()[0] for t in ranks.all_inner_texts()][:2] == ["J", "3"]
    assert page.locator("#legend .legend-rank.ties").count() == 1
    assert "40" in page.locator("#legend .legend-note").inner_text()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobby_in_every_language(lang: str, server: Server, shots: Path,
                                     new_browser_context: Callable[..., BrowserContext]) -> None:
    page = lobby(new_browser_context, server, lang)
    words = catalog(lang)
    assert page.locator("#create-btn").inner_text() == words["lobby.create"]
    if lang != "en":                                  # the rules' words, translated
        text = page.locator("#flags .flag[data-flag='min_bid'] .flag-text").inner_text()
        assert text == words["flag.min_bid"]
        group = page.locator("#flags .flag-group[data-group='auction'] h3").text_content()
        assert group == words["group.auction"]
    page.screenshot(path=str(shots / f"lobby-{lang}-1280x800.png"), full_page=True)


def test_an_unknown_table_is_a_page_of_the_site(server: Server, shots: Path,
                                                new_browser_context: Callable[..., BrowserContext]
                                                ) -> None:
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(f"{server.url}/r/nosuch")
    assert answer.value.code == 404
    assert b'/css/base.css"' in answer.value.read()            # the site's own style
    for lang in ("en", "ml"):
        page = new_browser_context({"twentyeight:lang": lang}).new_page()
        page.goto(f"{server.url}/r/nosuch")
        title = page.locator("#no-room-title")
        title.wait_for()
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        page.wait_for_function("document.body.dataset.status === '404'")
        assert title.inner_text() == catalog(lang)["no_room.title"].replace("{room}", "nosuch")
        assert page.locator("#no-room-text").inner_text() == catalog(lang)["no_room.text"]
        assert page.locator("#no-room-record").is_hidden()
        assert page.locator("a[href='/']").count() == 1
        assert page.locator(".panel").evaluate("p => getComputedStyle(p).borderRadius") != "0px"
        page.screenshot(path=str(shots / f"no-room-{lang}.png"))
        # any other address that leads nowhere is the same page of the site, saying so
        page.goto(f"{server.url}/no/such/page")
        page.wait_for_function("document.body.dataset.status === '404'")
        assert title.inner_text() == catalog(lang)["no_page.title"]
        assert page.locator("#no-room-text").inner_text() == catalog(lang)["no_page.text"]
        assert page.title() == catalog(lang)["title.no_page"]
        page.screenshot(path=str(shots / f"no-page-{lang}.png"))


def closed_room(server: Server, started: bool) -> str:
    """A room nobody visits (its match started or not), once the server has closed it and
    forgotten it (asking about the room would be a visit: its count of rooms is watched)."""
    made = api(server, "/api/rooms", {"rules": "28", "bot_delay": 0})
    room = made["room"]
    if started:
        api(server, f"/api/rooms/{room}/start", {"token": made["host_token"]})
    deadline = time.monotonic() + 60                     # the sweep runs every 0.5 s
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{server.url}/api/health") as answer:
            if json.load(answer)["rooms"] == 0:
                return str(room)
        time.sleep(0.2)
    raise AssertionError(f"room {room} was never closed")


@pytest.mark.parametrize(("lang", "told", "started"),
                         [("en", "by the browser", True), ("ta", "by the API", False)])
def test_a_closed_table_says_it_is_closed(lang: str, told: str, started: bool, brief: Server,
                                          shots: Path,
                                          new_browser_context: Callable[..., BrowserContext]
                                          ) -> None:
    """A closed table's link (410) says that the table is closed, not that there is none,
    and offers its record when its match had started (a table closed before has none); the
    status is the browser's note of the page's answer or, in a browser that keeps none, the
    room's API asked again."""
    room = closed_room(brief, started)
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(f"{brief.url}/r/{room}")
    assert answer.value.code == 410
    context = new_browser_context({"twentyeight:lang": lang})
    if told == "by the API":                             # as in a browser without the note
        context.add_init_script("Object.defineProperty(PerformanceResourceTiming.prototype,"
                                " 'responseStatus', { get: () => undefined });")
    page = context.new_page()
    page.goto(f"{brief.url}/r/{room}")
    page.wait_for_function("document.body.dataset.status === '410'")
    words = catalog(lang)
    assert page.locator("#no-room-title").inner_text() == \
        words["no_room.closed_title"].replace("{room}", room)
    assert page.locator("#no-room-text").inner_text() == words["no_room.closed_text"]
    assert page.title() == words["title.closed_room"]
    record = page.locator("#no-room-record a")
    if not started:
        assert record.is_hidden()
        page.screenshot(path=str(shots / f"closed-room-{lang}.png"))
        return
    assert record.is_visible() and record.inner_text() == words["no_room.record"]
    href = record.get_attribute("href")
    assert href == f"/api/rooms/{room}/record"
    with urllib.request.urlopen(f"{brief.url}{href}") as kept:
        assert json.load(kept)["rules"]
    page.screenshot(path=str(shots / f"closed-room-{lang}.png"))


@pytest.mark.parametrize(("preset", "ranks", "total"), [
    ("28", ["J 3", "9 2", "A 1", "10 1", "K 0", "Q 0", "8 0", "7 0"], 28),
    ("56", ["J×2 3", "9×2 2", "A×2 1", "10×2 1", "K×2 0", "Q×2 0"], 56),
])
@pytest.mark.viewport(844, 390)
def test_the_legend_at_the_table(preset: str, ranks: list[str], total: int, server: Server,
                                 new_browser_context: Callable[..., BrowserContext]) -> None:
    """28-DECK-4 / 56-DECK-2: the table's legend of its cards (strongest first, their
    points, 56's two of each); on a phone held sideways it is in the "Details" drawer."""
    page = seated_page(new_browser_context, server, preset)[0]
    legend = page.locator("#legend")
    assert legend.is_hidden()                              # in the closed drawer
    page.locator("#details-btn").click()
    legend.locator(".legend-rank").first.wait_for()
    page.locator("#side").evaluate("s => Promise.all(s.getAnimations().map(a => a.finished))")
    shown = [" ".join(r.split()) for r in legend.locator(".legend-rank").all_inner_texts()]
    assert shown == ranks
    assert legend.locator(".legend-rank").first.is_visible()
    note = legend.locator(".legend-note").inner_text()
    assert f"{total} points in all." in note
    assert ("first played wins" in note) is (preset == "56")
