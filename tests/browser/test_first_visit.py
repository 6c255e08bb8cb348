"""A first visit, as a player of 28 or 29 on a phone or a desktop finds the place: what such
a person tripped over, each mended and held here.  The links on the lobby's felt in the
browser's blue (unreadable on green) and a line high; the replay page wider than a phone;
the last result of a match that said neither that the match was over nor who had won it;
29's trump, chosen in secret, told to the others as "none"; Quick play's newcomer at a table
under way, told only "You are watching" (the seat is theirs from the next hand); the English
titles of the rules, which began with their names in code ("TWENTY_NINE: 29 …"); the maker of
a table who started it without sitting down and found themself watching four computers; an
error in the console of every guest who opened a table to watch; the replay's "Choosing the
trump" running under the side plates of a phone's table; the tutorial's cards off a phone's
screen when the lesson spoke of them; the table's small buttons under a finger; a small
phone's felt too low for the trick beside the bidder's plate; "Claim the rest", beside the
hand from the first trick, that showed the hand to the table at a tap."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DIALOG_CLOSED_OR_REOPENED,
    MY_TURN,
    SHARE_SHEET,
    STATIC,
    PlaywrightTimeout,
    act_simply,
    api,
    catalog,
    dialog_open,
    seated_page,
    seated_table,
    seq,
    to_my_first_turn,
    to_the_play,
)
from browser.geometry import problems, settle
from browser.test_screens import show_the_reveal_banner, to_a_trick_on_the_table
from server.harness import Server, running

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Dialog, Locator, Page, Playwright

FINGER = 40
"""The least height (CSS px) of something to tap: about a fingertip."""

AVERAGE = """async (png) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + png;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.width; c.height = img.height;
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data;
  const sum = [0, 0, 0];
  for (let i = 0; i < d.length; i += 4) { sum[0] += d[i]; sum[1] += d[i + 1]; sum[2] += d[i + 2]; }
  const n = d.length / 4;
  return sum.map((v) => v / n);
}"""


def luminance(rgb: list[float]) -> float:
    """WCAG's relative luminance of an sRGB colour (0-255 channels)."""
    def channel(v: float) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float], b: list[float]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_contrast(page: Page, link: Locator) -> float:
    """The contrast of a link's text with what lies behind it, measured in the page: its
    colour, and the pixels of its box with the text made transparent."""
    color = [float(x) for x in link.evaluate(
        "a => getComputedStyle(a).color.match(/[\\d.]+/g).slice(0, 3)")]
    link.evaluate("a => { a.dataset.was = a.style.color; a.style.color = 'transparent'; }")
    png = base64.b64encode(page.screenshot(clip=link.bounding_box())).decode()
    link.evaluate("a => { a.style.color = a.dataset.was; }")
    behind: list[float] = page.evaluate(AVERAGE, png)
    return contrast(color, behind)


@pytest.mark.viewport(390, 844)
def test_the_lobby_links_on_the_felt_are_readable_and_tappable(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """"New to 28? Learn to play", "The rules", "Replay a game", "Sign in" and
    "Leaderboard" lie on the green felt: each readable there (WCAG's 4.5:1 for text; the
    browser's own blue made about 2:1) and a finger's height."""
    page = new_browser_context().new_page()
    page.goto(f"{server.url}/")
    page.wait_for_selector("#account a")
    links = page.locator(".learn-links a, #account a")
    assert links.count() >= 5
    for i in range(links.count()):
        link = links.nth(i)
        name = link.inner_text()
        box = link.bounding_box()
        assert box and box["height"] >= FINGER, f"{name!r} is {box and box['height']} px high"
        ratio = text_contrast(page, link)
        assert ratio >= 4.5, f"{name!r}: contrast {ratio:.2f} with the felt"


@pytest.mark.parametrize("width", [360, 390])
def test_the_replay_page_fits_a_phone(width: int, server: Server,
                                      new_browser_context: Callable[..., BrowserContext]) -> None:
    """The replay page's file picker stays inside a phone's screen (its own box was 380 px
    wide, so the page scrolled sideways), and is a finger's height."""
    page = new_browser_context(viewport={"width": width, "height": 740}).new_page()
    page.goto(f"{server.url}/replay")
    page.wait_for_selector("#file")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator("#file").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert box["height"] >= FINGER


def to_the_match_result(page: Page) -> None:
    """Play this seat until the result of the match's last hand is open (the rematch is
    offered under it: the final state has come)."""
    for _ in range(200):
        page.wait_for_function(MY_TURN)
        if not dialog_open(page):
            act_simply(page)
            continue
        try:
            page.wait_for_function("document.querySelector('#ho-rematch').textContent.trim()",
                                   timeout=3000)
            return
        except PlaywrightTimeout:                  # an earlier hand's result: on
            at = seq(page)
            page.locator("#ho-close").click()
            page.wait_for_function(DIALOG_CLOSED_OR_REOPENED, arg=at)
    raise AssertionError("the match did not end")


@pytest.mark.viewport(390, 844)
def test_the_last_result_says_the_match_is_over_and_who_won(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A match of one game point (game_target 1): the result of its last hand is headed "The
    match is over" and names the winners, though the final state comes after the result
    (it was headed "Result", and only the prompt behind the dialog said who had won)."""
    page, errors = seated_page(new_browser_context, server, "28",
                               settings={"flags": {"game_target": 1}})
    to_the_match_result(page)
    en = catalog("en")
    assert page.locator("#ho-title").inner_text() == en["result.match_over"]
    said = page.locator("#ho-body .ho-match")
    assert said.count() == 1
    winners = said.inner_text()
    assert winners.startswith(en["match.over"].rstrip("."))
    assert "and" in winners                           # a side's two names
    assert said.is_visible()
    # the only person at the table: "Play again", without a count of "0 of 1" votes
    assert page.locator("#ho-rematch button[data-rematch='vote']").is_visible()
    assert page.locator("#ho-rematch .votes").count() == 0
    # the replay page will list the match already, the result still open ("Play again"
    # comes before closing it: the match was kept only once the result was closed)
    room = page.url.split("/r/")[1].split("?")[0]
    kept = page.evaluate("JSON.parse(localStorage.getItem('twentyeight:played') || '[]')")
    assert [m["room"] for m in kept] == [room] and kept[0]["won"] == ("you win" in winners)
    assert not errors


@pytest.mark.parametrize("size", [pytest.param(size, marks=pytest.mark.viewport(*size))
                                  for size in ((390, 844), (360, 640), (1280, 800))])
def test_play_again_is_on_the_first_screen_once_the_result_is_closed(
        size: tuple[int, int], server: Server,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    """Once the match's last result is closed, "Play again" lies under the words that say
    the match is over, on the screen as it is (on a phone it was only at the foot of the side
    panel, about 2,000 px down, under the contract and the points of the last hand), and has
    the keyboard's focus."""
    height = size[1]
    page, errors = seated_page(new_browser_context, server, "28",
                               settings={"flags": {"game_target": 1}})
    room = page.url
    to_the_match_result(page)
    at = seq(page)
    page.locator("#ho-close").click()
    page.wait_for_function(DIALOG_CLOSED_OR_REOPENED, arg=at)
    again = page.locator("button[data-rematch='vote']:visible")
    assert again.count() == 1                       # one, not one per panel
    assert again.inner_text() == catalog("en")["rematch.button"]
    box = again.bounding_box()
    assert box and box["y"] >= -1 and box["y"] + box["height"] <= height, box
    prompt = page.locator("#prompt").bounding_box()     # "The match is over: … win."
    assert prompt and -1 <= prompt["y"] < box["y"], prompt
    assert again.evaluate("b => b === document.activeElement")   # Enter plays again
    again.click()                                   # the only person: dealt at once
    page.wait_for_url(lambda url: url != room)
    assert not errors


def test_the_contract_panel_says_what_the_contract_stakes(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """RULES.md §2.17 and 56-SC-2: the contract panel says what the contract wins made and
    loses failed, from the view's ``stake`` (it said nothing of the stakes, and after a
    double "×4", which in 56 is two tables more, not four times the stake); in West Bengal's
    28 also the loss of a contract failed under half its points (A-14); in 40 a failure is
    the defenders' gain (40-6: it said "failed −2" of a side that loses nothing)."""
    en = catalog("en")
    for preset in ("28", "56", "28-bengal", "40"):
        page, errors = seated_page(new_browser_context, server, preset)
        to_the_play(page)
        stake = page.evaluate("async () => (await module('js/table/state.js'))"
                              ".ui.latest.view.stake")
        assert stake["win"] >= 1 and stake["loss"] >= stake["win"], stake   # 28 1/2, 56 1/2 …
        facts = dict(zip(page.locator("#contract dt").all_inner_texts(),
                         page.locator("#contract dd").all_inner_texts(), strict=True))
        said = "contract.stakes_opponents_gain" if preset == "40" else "contract.stakes"
        assert stake.get("opponents_gain", False) == (preset == "40"), stake
        told = en[said].format(win=stake["win"], loss=stake["loss"])
        if preset == "28-bengal":
            told += " · " + en["contract.stakes_below_half"].format(**stake["below_half"])
        assert facts[en["contract.stake"]] in (told, f"{en['contract.doubled']}: {told}",
                                               f"{en['contract.redoubled']}: {told}"), facts
        assert not errors
        page.context.close()


@pytest.mark.viewport(390, 844)
def test_29s_secret_trump_is_not_told_as_none(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """In 29 the bidder names the trump suit in secret (no card lies face down): to the others
    the trump is chosen and hidden, not "none", which says there is no trump at all."""
    en = catalog("en")
    for _ in range(8):                           # until a computer player is the bidder
        page, errors = seated_page(new_browser_context, server, "29")
        to_the_play(page)
        by = page.locator("#contract dd").nth(1).inner_text()        # "Bid", "By", "Trump"
        if not by.startswith(en["seat.you"]):
            break
        page.context.close()
    else:
        raise AssertionError("no computer player won the auction in eight deals")
    chip = page.locator("#chips .trump-chip").inner_text()
    panel = page.locator("#contract dd").nth(-1).inner_text()
    if "exposed" in (page.locator("#chips .trump-chip").get_attribute("class") or ""):
        pytest.skip("the trump was exposed before this seat's first card")
    for said in (chip, panel):
        assert en["trump.hidden"] in said, said
        assert en["trump.none"] not in said.split(), said
    assert not errors


@pytest.fixture
def slow_server(tmp_path: Path) -> Iterator[Server]:
    """A server whose own computers take 3 s an action: quick play seats a stranger only at
    a table no slower than the server's own (a stranger's table of 30-s computers took every
    quick player)."""
    yield from running(Server(tmp_path / "rooms.db", "--bot-delay", "3"))


@pytest.mark.viewport(390, 844)
def test_quick_play_at_a_table_under_way_says_the_seat_is_yours_from_the_next_hand(
        slow_server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """Quick play sits a newcomer at a public table under way in a computer's seat, theirs
    from the next hand: the table says so (the notice under the prompt, the seat box), where
    it said only "You are watching" and left them wondering why they could not play."""
    # (computers slow enough that the hand is still on when a loaded machine's page arrives:
    # a seat handed over before the welcome comes with no notice to show)
    room = api(slow_server, "/api/rooms", {"rules": "28-wiki", "bots": "rules", "public": True,
                                           "bot_delay": 3})
    api(slow_server, f"/api/rooms/{room['room']}/seats/0",
        {"name": "Asha", "invite": room["invite"]})
    api(slow_server, f"/api/rooms/{room['room']}/start", {"token": room["host_token"]})
    page = new_browser_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{slow_server.url}/")
    page.wait_for_selector("#quick-preset option[value='28-wiki']", state="attached")
    page.select_option("#quick-preset", "28-wiki")
    page.fill("#quick-name", "Bina")
    page.locator("#quick-btn").click()
    page.wait_for_url(f"**/r/{room['room']}")
    en = catalog("en")
    told = en["notice.seat_pending"].split("{seat}")[1]          # " is yours from the next hand…"
    notice = page.locator("#notice")
    notice.wait_for(state="visible")
    assert told in notice.inner_text()
    seat = notice.inner_text().split(told)[0].removeprefix("Seat ")
    assert seat.split(" ")[0] in {"2", "3", "4"}    # its number (from 1: a computer's), and whose
    box = page.locator("#seat-box").inner_text()
    assert told in box and en["seat.watching"] not in box
    assert not errors


CODE_NAME = re.compile(r"\b[A-Z][A-Z0-9]*(_[A-Z0-9]+)+\b|\bRECOMMENDED\b|\bFORTY\b")
"""A name of the rules in the code ("TWENTY_NINE", "PAGAT_STRICT", "RECOMMENDED")."""


def test_the_rules_are_titled_in_english_words_not_code(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """The lobby's title of each game under its choice, and the rules page's first line, in
    English words: they read "TWENTY_NINE: 29 (clockwise, …)" and "RECOMMENDED: pagat's 28"."""
    page = new_browser_context().new_page()
    page.goto(f"{server.url}/")
    page.wait_for_selector("#preset option", state="attached")
    names = page.locator("#preset option").evaluate_all("os => os.map(o => o.value)")
    assert len(names) > 10
    en = catalog("en")
    for name in names:
        page.select_option("#preset", name)
        title = page.locator("#preset-title").inner_text()
        assert not CODE_NAME.search(title), title
        assert title.startswith(en[f"preset.{name}"]), title
    page.goto(f"{server.url}/rules/29")
    intro = page.locator("#intro")
    intro.wait_for()
    page.wait_for_function("document.querySelector('#intro').textContent.trim()")
    assert intro.inner_text().startswith(en["preset.29"]), intro.inner_text()
    assert not CODE_NAME.search(intro.inner_text())


@pytest.mark.viewport(390, 844)
@pytest.mark.parametrize("lang", ["en", "bn"])
def test_the_host_is_told_to_sit_before_starting(
        lang: str, server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """The maker of a table is not seated by making it: the waiting room says so above "Start
    the game" (which then is not the first thing offered), since starting without a seat
    fills every seat with a computer player and leaves the maker watching; seated, the start
    is the way on again."""
    page = new_browser_context({"twentyeight:lang": lang}).new_page()
    page.goto(f"{server.url}/")
    page.locator("#create-btn:not([disabled])").click()
    page.wait_for_url("**/r/**")
    words = catalog(lang)
    told = page.locator("#no-seat-yet")
    told.wait_for()
    assert told.inner_text() == words["waiting.no_seat_yet"]
    start = page.locator("#start-btn")
    assert "primary" not in (start.get_attribute("class") or "")
    box, button = told.bounding_box(), start.bounding_box()
    assert box and button and box["y"] + box["height"] <= button["y"]       # read before it
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.locator(".seat-list button").first.click()
    told.wait_for(state="detached")
    assert "primary" in (start.get_attribute("class") or "")


def test_a_guest_watching_a_table_has_a_quiet_console(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A guest opening a table's watch link: no request refused and nothing in the console
    (the page asked for a signed-in player's seat, and a guest's 403 was logged as an error)."""
    room = api(server, "/api/rooms", {"rules": "28", "bots": "rules"})
    api(server, f"/api/rooms/{room['room']}/start", {"token": room["host_token"]})
    page = new_browser_context().new_page()
    said: list[str] = []
    page.on("console", lambda m: said.append(f"{m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: said.append(f"pageerror: {e}"))
    page.on("response", lambda r: said.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(f"{server.url}/r/{room['room']}")
    page.wait_for_function("Number(document.body.dataset.seq) > 0")
    page.wait_for_load_state("networkidle")
    assert not said


OVERLAPS = """() => {
  const phase = document.querySelector('.lb-phase');
  if (!phase) return null;
  const a = phase.getBoundingClientRect();
  return [...document.querySelectorAll('.lb-seat')].filter((s) => {
    const b = s.getBoundingClientRect();
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }).map((s) => s.textContent.trim());
}"""


@pytest.mark.parametrize("width", [360, 390])
def test_the_replays_phase_keeps_between_the_plates(
        width: int, server: Server, tmp_path: Path,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    """The replay's board on a phone: the phase in the middle ("Auction", "Choosing the
    trump") lies clear of every seat's plate at every step of the auction and the trump
    (it spanned the board's width, and the words ran under the plates beside it)."""
    record = json.loads((Path(__file__).parents[1] / "records" / "learn_cases.json")
                        .read_text("utf-8"))["pair_opponents"]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), "utf-8")
    page = new_browser_context(viewport={"width": width, "height": 800}).new_page()
    page.goto(f"{server.url}/replay")
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#viewer:not([hidden]) .lb-felt")
    seen = 0
    for step in range(len(record["actions"])):
        page.evaluate("""(n) => { const s = document.querySelector('#slider');
            s.value = String(n); s.dispatchEvent(new Event('input')); }""", step)
        under = page.evaluate(OVERLAPS)
        if under is None:
            continue
        seen += 1
        assert not under, f"step {step}: the phase lies over {under}"
    assert seen >= 10                                  # the auction's steps and the trump's


@pytest.mark.parametrize("size", [(390, 844), (360, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_tutorial_shows_the_learners_cards_with_the_lesson(
        size: tuple[int, int], server: Server,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    """On a phone, at every step of the lesson that waits for the learner's call or card
    ("with these cards, pass", "Lead J♠"), the lesson's words and the learner's cards are
    both on the first screen (the cards were below the table, off the screen)."""
    import urllib.request

    with urllib.request.urlopen(server.url + "/api/tutorial", timeout=10) as answer:
        steps = json.load(answer)["steps"]
    width, height = size
    page = new_browser_context(viewport={"width": width, "height": height}).new_page()
    page.goto(f"{server.url}/learn")
    page.wait_for_selector("#say:not(:empty)")
    waited = 0
    for i, step in enumerate(steps[:-1]):
        assert page.inner_text("#progress").startswith(f"Step {i + 1} ")
        expect = step.get("expect")
        if not expect:
            page.locator("#next").click()
            continue
        waited += 1
        page.evaluate("window.scrollTo(0, 0)")
        for what in ("#say", ".lb-hand"):
            box = page.locator(what).bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, \
                f"step {i + 1}: {what} at {box} of a {height} px screen"
        _, verb, *arg = expect.split()
        if verb == "play":
            page.locator(f".lb-hand button[data-card='{arg[0]}']").click()
        else:
            page.locator(f"#calls button[data-action='{expect}']").click()
    assert waited >= 8


TOUCH = {"has_touch": True, "is_mobile": True}
"""A phone's browser: a finger for a pointer (CSS ``pointer: coarse``)."""


@pytest.mark.viewport(390, 844)
def test_the_tables_small_buttons_are_a_finger_high_on_a_phone(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """On a touch screen the chat's phrases and send, "Stand up", the prompt's "Hint" and the
    moment's × are each a finger's height (they were 19-28 px), and so the calls (42 × 35), the
    top bar's sound switch and language (35), "Show the last trick" and the card speed (37-38);
    and the table is still whole (nothing covered or cut: geometry.js)."""
    seat = seated_table(server, "28")
    room = seat.pop("room")
    page = new_browser_context({**seat, "twentyeight:pace": "instant"}, **TOUCH).new_page()
    page.goto(f"{server.url}/r/{room}")
    to_my_first_turn(page)          # (past a hand annulled first: its result holds the table)
    page.wait_for_function("document.body.dataset.caught === '1'")
    small = page.locator("#chat-phrases button, #chat-send, #chat-input, #stand-btn, #hint-btn, "
                         "#mute, #lang, #last-btn, #pace, #actions button")
    assert small.count() >= 16
    for i in range(small.count()):
        box = small.nth(i).bounding_box()
        assert box and box["height"] >= FINGER, f"{small.nth(i).inner_text()!r}: {box}"
    # the Hint, a word of the prompt's line, is tapped on its line's height and more, and
    # the call under it keeps the taps on its own top edge
    line = page.locator("#prompt").evaluate(   # (without the line of why, when there is one)
        "p => p.getBoundingClientRect().height"
        " - (p.querySelector('.prompt-why')?.getBoundingClientRect().height ?? 0)")
    assert line < 30                                              # one line, as before
    first = page.locator("#actions button").first
    assert first.evaluate("""b => { const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + 2);
        return hit === b || b.contains(hit); }""")
    show_the_reveal_banner(page)
    settle(page)                                     # the banner's pop has ended
    close = page.locator("#banner .close").bounding_box()
    assert close and close["height"] >= FINGER and close["width"] >= FINGER
    found = problems(page)
    assert not found, "\n".join(found)


def test_the_waiting_rooms_buttons_are_a_finger_high_on_a_phone(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """The waiting room on a touch screen: "Sit here" and "Copy link" a finger's height (28
    and 24 px), and so "Change the rules" in the lobby that made the table."""
    page = new_browser_context(viewport={"width": 390, "height": 844}, **TOUCH).new_page()
    page.goto(f"{server.url}/")
    summary = page.locator("#flags-box summary").bounding_box()
    assert summary and summary["height"] >= FINGER
    page.locator("#create-btn:not([disabled])").click()
    page.wait_for_url("**/r/**")
    page.locator(".seat-list button").first.wait_for()
    # measured at one moment: a summary that comes meanwhile may draw the room anew
    heights = page.evaluate("""() => [...document.querySelectorAll(
        '.seat-list button, .waiting .share button')].map(
        (b) => [b.innerText, b.getBoundingClientRect().height])""")
    assert len(heights) >= 5
    for text, height in heights:
        assert height >= FINGER, f"{text!r}: {height}"


def test_the_waiting_room_keeps_the_focus_when_a_player_goes(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A keyboard player in the waiting room, on "Sit here" of seat 3, when a friend seated at
    seat 2 closes their page: the room's summary comes again, the waiting room the same, and
    the focus stays on the button (the room was drawn anew on every summary, the focus lost
    to the page, and a tap half made on the old button went nowhere)."""
    sit_at = catalog("en")["waiting.sit_at"]
    page = new_browser_context(viewport={"width": 1280, "height": 800}).new_page()
    summaries: list[str] = []                       # the room's summaries this page got

    def count_summaries(frame: object) -> None:
        if '"type":"room"' in str(frame):
            summaries.append(str(frame))

    page.on("websocket", lambda ws: ws.on("framereceived", count_summaries))
    page.goto(f"{server.url}/")
    page.locator("#create-btn:not([disabled])").click()
    page.wait_for_url("**/r/**")
    seat_link = page.locator(".waiting .share code").first.inner_text()
    friend = new_browser_context(viewport={"width": 800, "height": 600})
    their_page = friend.new_page()
    their_page.goto(seat_link)
    their_page.locator("#name-input").fill("Ravi")
    their_page.get_by_role("button", name=sit_at.replace("{n}", "2")).click()
    page.locator(".seat-list strong", has_text="Ravi").wait_for()
    sit = page.get_by_role("button", name=sit_at.replace("{n}", "3"))
    sit.focus()
    before = len(summaries)
    friend.close()
    for _ in range(100):                            # the summary, within a few seconds
        if len(summaries) > before:
            break
        page.wait_for_timeout(50)
    assert len(summaries) > before, "no summary came when the friend went"
    page.wait_for_timeout(200)                      # and drawn
    assert page.evaluate("document.activeElement?.getAttribute('aria-label')") == \
        sit_at.replace("{n}", "3")


def test_a_watchers_link_offers_no_seat_it_would_refuse(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """Someone given the watching link of a private table (the address bar's, without the
    seat invitation): the waiting room offered them "Sit here" at every seat and, at a tap,
    refused ("this link only lets you watch"). Now it says so before: no seat to take, the
    link they have is the watching link, and ask the host for the seat link; once the match
    is on, no computer's plate offers its seat either. Anyone at a public table may sit, with
    or without it, and take over a computer's seat."""
    made = api(server, "/api/rooms", {"rules": "28"})
    watch_link = f"{server.url}/r/{made['room']}"
    page = new_browser_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(watch_link)
    page.locator("#watch-only").wait_for()
    english = catalog("en")
    assert page.locator("#watch-only").inner_text() == english["waiting.ask_for_seat"]
    assert page.locator(".seat-list button").count() == 0
    assert page.locator("#name-input").count() == 0
    assert page.locator(".waiting .share").inner_text().startswith("Only to watch:")
    assert page.locator("#prompt").inner_text() == english["prompt.watch_waiting"]
    api(server, f"/api/rooms/{made['room']}/start", {"token": made["host_token"]})
    page.locator("#seats .plate").first.wait_for()      # four computers play: none offered
    assert page.locator("#seats .plate button").count() == 0
    public = api(server, "/api/rooms", {"rules": "28", "public": True, "bot_delay": 3})
    page.goto(f"{server.url}/r/{public['room']}")
    page.locator(".seat-list button").first.wait_for()
    assert page.locator(".seat-list button").count() == 4
    assert page.locator("#watch-only").count() == 0
    assert page.locator("#prompt").inner_text() == english["prompt.take_seat"]
    api(server, f"/api/rooms/{public['room']}/start", {"token": public["host_token"]})
    page.locator("#seats .plate button").first.wait_for()  # each computer's seat, to take over
    assert page.locator("#seats .plate button").count() == 4


@pytest.mark.viewport(360, 640)
def test_a_small_phone_keeps_the_trick_clear_of_the_plates(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A 360 × 640 phone, this seat the bidder (its plate the tallest: the face-down trump)
    with the trick on the table: the top bar keeps to two rows (it took three), the felt
    keeps the height a trick needs between the plates (it was left 227-243 px, and in about
    one deal in five the trick's cards lay under the plates), and nothing is covered or cut
    (geometry.js), also with a moment's banner over the table (its words smaller)."""
    page, errors = seated_page(new_browser_context, server, "28")
    to_a_trick_on_the_table(page, bid=True)
    page.evaluate("window.scrollTo(0, 0)")              # (a click may have scrolled the page)
    settle(page)
    top = page.locator(".topbar").bounding_box()
    assert top and top["height"] < 90                  # two rows, not three
    assert page.locator("#felt").evaluate("f => f.clientHeight") >= 260
    found = problems(page)
    assert not found, "\n".join(found)
    show_the_reveal_banner(page)
    page.evaluate("window.scrollTo(0, 0)")
    settle(page)
    found = problems(page)
    assert not found, "\n".join(found)
    assert not errors

@pytest.mark.viewport(390, 844)
def test_claiming_the_rest_early_is_asked_first(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """"Claim the rest" is offered beside the hand from the first trick; a claim that is not
    certain lays the claimer's cards open to the table.  Tapped with more than one card in
    hand, it asks first, and "Cancel" claims nothing (it claimed at once)."""
    page, errors = seated_page(new_browser_context, server, "28")
    to_the_play(page)
    asked: list[str] = []

    def cancel(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", cancel)
    claim = page.locator("#actions button[data-action='claim']")
    claim.click()
    en = catalog("en")
    assert asked == [en["claim.confirm"]]
    page.wait_for_timeout(500)                          # a claim would be told by now
    told = en["claim.asked.you"].split(":")[0].replace("{side}", "")
    assert told.strip() not in page.locator("#log").inner_text()
    assert page.locator("#hand .card.legal").count()   # still this seat's turn to play
    assert claim.is_visible()
    assert not errors


@pytest.mark.viewport(390, 844)
def test_the_prompt_says_why_choices_are_missing(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """"Bid at least 20 or pass" with 15–19 gone, or "bid" with no pass: the prompt says
    why, with its rule, under the choices' line (it was told only in the table talk, below
    the fold on a phone).  Hand after hand until such a turn: at the latest when this seat
    speaks first and may not pass (28-AUC-4)."""
    page, errors = seated_page(new_browser_context, server, "28")
    why = page.locator("#prompt .prompt-why")
    for _ in range(150):
        page.wait_for_function(MY_TURN)
        if dialog_open(page):
            at = seq(page)
            page.locator("#ho-close").click()
            page.wait_for_function(DIALOG_CLOSED_OR_REOPENED, arg=at)
            continue
        page.wait_for_function("document.body.dataset.caught === '1'")
        if why.count():
            break
        act_simply(page)
    told = why.inner_text()
    assert re.search(r"\((28-AUC-4|28-AUC-6|28-RAISE-1|28-[A-Z]+-\d+)\)$", told), told
    assert told in page.locator("#log li.note").all_inner_texts()    # the table talk's note
    page.evaluate("window.scrollTo(0, 0)")              # (a click may have scrolled the page)
    settle(page)
    found = problems(page)
    assert not found, "\n".join(found)
    assert not errors


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height of a PNG, from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_a_phone_can_put_the_place_on_its_home_screen(
        playwright: Playwright, server: Server, tmp_path: Path) -> None:
    """A phone's browser offers to add the place to the home screen, from where it opens in
    a window of its own under its icon (it named no web app manifest, and had no icon but
    the favicon): every page names the manifest, its icons are the sizes it says, and
    chromium's own check of installability finds nothing missing on the lobby, a table's
    waiting room and the tutorial.  (A persistent profile: chromium installs nothing from
    a private window.)"""
    pages = sorted(STATIC.glob("*.html"))
    assert len(pages) >= 9
    for html in pages:
        text = html.read_text()
        assert '<link rel="manifest" href="/static/manifest.webmanifest">' in text, html.name
        assert '<meta name="theme-color"' in text, html.name
    room = api(server, "/api/rooms", {"rules": "28"})["room"]
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=str(CHROMIUM), headless=True,
        args=CHROMIUM_ARGS, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        for path in ("/", f"/r/{room}", "/learn"):
            page.goto(f"{server.url}{path}")
            page.wait_for_load_state("networkidle")
            cdp = context.new_cdp_session(page)
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == [], path
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["errors"] == [], manifest["errors"]
        said = json.loads(manifest["data"])
        assert said["start_url"] == "/" and said["display"] == "standalone"
        assert {i["purpose"] for i in said["icons"]} == {"any", "maskable"}
        for icon in said["icons"]:
            answer = page.request.get(f"{server.url}{icon['src']}")
            assert answer.ok, icon
            if icon["type"] == "image/png":
                width, height = png_size(answer.body())
                assert icon["sizes"] == f"{width}x{height}", icon
        touch = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
        assert png_size(page.request.get(f"{server.url}{touch}").body()) == (180, 180)
    finally:
        context.close()


def test_the_waiting_room_shares_the_seat_link_through_the_phone(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """Friends are invited where they talk (WhatsApp, messages): on a phone whose browser has
    a share sheet the waiting room offers "Share" beside "Copy link", a finger high, which
    hands the sheet the seat link and a line in the host's language naming the game; a
    browser without one is not offered it."""
    made = api(server, "/api/rooms", {"rules": "29"})
    room, invite = made["room"], made["invite"]
    storage = {"twentyeight:lang": "hi", f"twentyeight:invite:{room}": invite}
    context = new_browser_context(storage, viewport={"width": 390, "height": 844}, **TOUCH)
    context.add_init_script(SHARE_SHEET)
    page = context.new_page()
    page.goto(f"{server.url}/r/{room}")
    share = page.locator(".waiting .share-link")
    share.wait_for()
    words = catalog("hi")
    assert share.inner_text() == words["waiting.share"]
    box = share.bounding_box()
    assert box and box["height"] >= FINGER
    share.click()
    page.wait_for_function("window.shared?.length === 1")
    shared = page.evaluate("window.shared[0]")
    assert shared["text"] == words["waiting.share_text"].replace("{game}", "29")
    assert shared["url"] == page.locator(".waiting .share code").first.inner_text()
    assert shared["url"].endswith(f"/r/{room}#invite={invite}")

    plain = new_browser_context(storage).new_page()     # chromium on a desktop: no sheet
    plain.goto(f"{server.url}/r/{room}")
    plain.locator(".seat-list button").first.wait_for()
    assert plain.evaluate("'share' in navigator") is False
    assert plain.locator(".share-link").count() == 0


def test_the_seat_link_is_at_hand_while_the_match_is_on(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A friend who comes late takes a computer player's seat with the seat link, but once
    the match began nobody at the table could give it: the address bar no longer holds it
    (the table takes it out) and a home-screen window has none.  The side panel now offers it,
    with "Copy link" and "Share", to whoever holds the invitation; not to a watcher of a
    private table (who could not sit either)."""
    made = api(server, "/api/rooms", {"rules": "28"})
    room = made["room"]
    host = new_browser_context({f"twentyeight:host:{room}": made["host_token"],
                                f"twentyeight:invite:{room}": made["invite"]})
    host.add_init_script(SHARE_SHEET)
    page = host.new_page()
    page.goto(f"{server.url}/r/{room}")
    page.locator("#waiting .seat-list button").first.click()
    assert page.locator("#invite-section").is_hidden()      # the waiting room says it
    page.locator("#start-btn").click()
    section = page.locator("#invite-section")
    section.wait_for()
    to_my_first_turn(page)                       # (a hand annulled as dealt: its result first)
    assert section.locator("code").inner_text() == made["link"]
    words = catalog("en")
    assert section.locator("h2").text_content() == words["invite.title"]
    section.locator(".share-link").click()
    page.wait_for_function("window.shared?.length === 1")
    assert page.evaluate("window.shared[0].url") == made["link"]

    watcher = new_browser_context().new_page()
    watcher.goto(f"{server.url}/r/{room}")
    watcher.locator("#prompt").wait_for()
    watcher.wait_for_function("document.body.dataset.caught === '1'")
    assert watcher.locator("#invite-section").is_hidden()
    assert watcher.locator("#invite-box code").count() == 0
