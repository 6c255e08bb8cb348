"""The table's habits in the browser (issue 15, item 4), with several people: chat between two
seats (a phrase in each reader's language, mute, kept over a reload), a turn clock that runs
out so that the computer plays, a certain claim, and a rematch with the same seats.
Screenshots at 1280×800 and 390×844 go to ``artifacts/habits/``."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from browser.conftest import (
    MY_TURN,
    api,
    catalog,
    dialog_open,
    seq,
    then_wait,
    to_my_first_turn,
    to_the_play,
)
from server.harness import Server

pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

EN = catalog("en")
HI = catalog("hi")
LANGUAGE_KEY = "twentyeight:lang"


def table(server: Server, seats: list[int], **room: Any) -> tuple[dict[str, Any], dict[int, str]]:
    made = api(server, "/api/rooms", {"rules": "28", "bots": "rules", "bot_delay": 0, **room})
    tokens = {k: api(server, f"/api/rooms/{made['room']}/seats/{k}",
                     {"name": f"P{k}", "invite": made["invite"]})["token"] for k in seats}
    return made, tokens


def person(make: Callable[..., BrowserContext], server: Server, made: dict[str, Any],
           seat: int, token: str, init: str | None = None, **storage: str
           ) -> tuple[Page, list[str]]:
    """The page of the person at ``seat`` (its token in the browser's storage), with the
    page script ``init`` run before the table's own, if given."""
    key = f"twentyeight:seat:{made['room']}"
    context = make({key: json.dumps({"seat": seat, "token": token}), **storage})
    if init is not None:
        context.add_init_script(init)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/r/{made['room']}")
    return page, errors


def newcomer_waits(server: Server, made: dict[str, Any]) -> None:
    """A newcomer claims the computer's seat 2 of the started room (theirs from the next
    hand): somebody waits on the table, so its person's turn clock runs (room.py)."""
    api(server, f"/api/rooms/{made['room']}/seats/2", {"name": "Newcomer",
                                                      "invite": made["invite"]})


def until(page: Page, expression: str, seconds: float = 30.0) -> None:
    """Wait for the page's ``expression`` to be true (polled from here: the page's own
    animation frames may be throttled while another person's page is in front)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"not in {seconds} s: {expression}"
        time.sleep(0.1)


def chat_shows(page: Page, text: str, seconds: float = 45.0) -> None:
    """Wait for ``text`` among the page's chat lines, looked at from here (a wait on the
    page's own animation frames may not run while another person's page is in front); a
    timeout says what the chat showed and whether the page was connected."""
    deadline = time.monotonic() + seconds
    look = "(s) => document.querySelector('#chat-lines').textContent.includes(s)"
    while not page.evaluate(look, text):
        if time.monotonic() > deadline:
            shown = page.evaluate("document.querySelector('#chat-lines').textContent")
            status = page.evaluate("document.querySelector('#conn')?.textContent ?? '?'")
            raise AssertionError(f"not in {seconds} s: {text!r}; the chat showed {shown!r}, "
                                 f"the connection {status!r}")
        time.sleep(0.1)


def logged(page: Page, text: str, seconds: float = 15.0) -> bool:
    """Whether ``text`` appears in the table's log within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.evaluate("(s) => document.getElementById('log').textContent.includes(s)", text):
            return True
        time.sleep(0.1)
    return False


def times(page: Page, text: str) -> int:
    """How many lines of the table's log hold ``text``."""
    return int(page.evaluate("(s) => [...document.querySelectorAll('#log li')]"
                             ".filter((li) => li.textContent.includes(s)).length", text))


def shot(page: Page, artifacts: Path, name: str) -> None:
    out = artifacts / "habits"
    out.mkdir(exist_ok=True)
    page.screenshot(path=str(out / f"{name}.png"))


def close_the_result(page: Page) -> None:
    """Close the result of a hand if it is open (modal: nothing under it can be used)."""
    if dialog_open(page):
        page.keyboard.press("Enter")                            # "Continue" has the focus
        page.wait_for_function("!document.querySelector('#hand-over').open")


def send_line(page: Page, text: str) -> None:
    """Write ``text`` in the chat and send it with Enter, as a person would: closing first the
    result of a hand a computer annulled at its first call (28-PRE-1, about one deal in
    twenty). The dialog is modal: Playwright's fill then writes nothing, and Enter closes the
    dialog — two loaded full runs failed so, the line never sent."""
    for _ in range(3):
        close_the_result(page)
        page.fill("#chat-input", text)
        if page.locator("#chat-input").input_value() != text:
            continue                                            # (a dialog came between)
        page.press("#chat-input", "Enter")
        if page.locator("#chat-input").input_value() == "":    # sent: the box is emptied
            return
    raise AssertionError(f"the line {text!r} was not sent")


def settle(page: Page) -> None:
    """Wait until the table has shown every message it received, closing the results of
    hands on the way (each holds the messages after it until it is closed)."""
    for _ in range(10):
        page.wait_for_function("document.body.dataset.caught === '1' || "
                               "document.querySelector('#hand-over').open")
        if not dialog_open(page):
            return
        close_the_result(page)
    raise AssertionError("ten results in a row")


CONNECTED = "document.querySelector('#conn').dataset.kind === 'ok'"
"""The top bar's connection chip says the page is connected."""

KEEP_SOCKETS = "window.sockets = []; window.offline = false; const Open = window.WebSocket; " \
    "window.WebSocket = class extends Open { constructor(url, ...a) { " \
    "super(window.offline ? 'ws://127.0.0.1:9/' : url, ...a); window.sockets.push(this); } };"
"""An init script that keeps the page's WebSockets where a test can close them, and sends
every new one nowhere while ``window.offline``."""


def test_a_chat_line_that_could_not_be_sent_stays_in_the_box(
        new_browser_context: Callable[..., BrowserContext], server: Server) -> None:
    """Enter with no connection (it dropped, or the page has not connected yet: the box shows
    as soon as the page knows its seat): the table says it is not connected, and the line
    stays in the box to send again — it was emptied, and the words were lost.  Enter again
    once the connection is back sends it."""
    made, tokens = table(server, [0, 2], bot_delay=1)
    api(server, f"/api/rooms/{made['room']}/start", {"token": made["host_token"]})
    asha, _ = person(new_browser_context, server, made, 0, tokens[0], init=KEEP_SOCKETS)
    ravi, _ = person(new_browser_context, server, made, 2, tokens[2])
    until(asha, CONNECTED)
    asha.evaluate("window.offline = true; window.sockets.at(-1).close()")   # it drops
    # (the chip says so once the closing handshake is over: until then it still said
    # "connected", and on a loaded machine the wait for the way back below passed at once)
    until(asha, "document.querySelector('#conn').dataset.kind === 'bad'")
    # (a hand annulled before the drop, 28-POST-2..4, shows its result after it: the dialog is
    # modal, and a fill under it wrote nothing — a CI run failed so)
    settle(asha)
    asha.fill("#chat-input", "Shall we bid high?")
    asha.press("#chat-input", "Enter")
    assert asha.locator("#chat-input").input_value() == "Shall we bid high?"
    assert EN["notice.not_connected"] in asha.locator("#notice").inner_text()
    asha.evaluate("window.offline = false")
    until(asha, CONNECTED)                                    # back by itself
    # (it said "Reconnecting…" under "connected": now that what was done was not sent)
    assert asha.locator("#notice").inner_text() == EN["notice.reconnected"]
    settle(asha)
    asha.press("#chat-input", "Enter")
    chat_shows(ravi, "Shall we bid high?")
    assert asha.locator("#chat-input").input_value() == ""


PLAYS_ALONG = """() => setInterval(() => {
    if (document.querySelector('#hand-over').open) {
        document.querySelector('#ho-close')?.click(); return; }
    if (!document.querySelector('#prompt').classList.contains('mine')) return;
    (document.querySelector('#hand .card.legal')
     ?? document.querySelector('#actions button.verb-pass')
     ?? document.querySelector('#actions button[data-action]'))?.click(); }, 300)"""
"""A page function that makes a person's page play its turns by itself (a legal card, else a
pass, else the first call) and close each hand's result."""

SILENCE = "window.twentyeightLinkTimes = {QUIET_MS: 1000, DEAD_MS: 2500, WATCH_MS: 250}; " \
    "window.silent = false; window.sent = []; const Real = window.WebSocket; " \
    "window.WebSocket = class extends Real { " \
    "send(d) { window.sent.push(d); if (!window.silent) super.send(d); } " \
    "addEventListener(type, fn, ...a) { return super.addEventListener(type, type === 'message'" \
    " ? (e) => { if (!window.silent) fn(e); } : fn, ...a); } };"
"""An init script that lets a test make the page's link go silent without closing (a phone's
network gone: nothing comes, nothing leaves, no close), with the watch's times shortened."""


def test_a_link_gone_silent_is_found_and_opened_again(
        new_browser_context: Callable[..., BrowserContext], server: Server) -> None:
    """A phone whose network dies leaves its socket open: the page said "connected" and ran
    the turn clock while the server, its own ping unanswered, had the computer play the seat
    (a walk on a poor network).  The page pings after a quiet spell, gives the link up when
    nothing answers, says it is reconnecting and shows no clock it cannot keep; it comes back
    by itself when the network does."""
    made, tokens = table(server, [0, 2], turn_seconds=600, bot_delay=0)
    api(server, f"/api/rooms/{made['room']}/start", {"token": made["host_token"]})
    page, _ = person(new_browser_context, server, made, 0, tokens[0], init=SILENCE)
    other, _ = person(new_browser_context, server, made, 2, tokens[2])  # (alone: no clock)
    other.evaluate(PLAYS_ALONG)               # (its turns must not hold this seat's first)
    until(page, CONNECTED)
    to_my_first_turn(page)
    page.wait_for_selector("#clock:not([hidden])")
    page.evaluate("window.silent = true")
    until(page, "document.querySelector('#conn').dataset.kind === 'bad'", seconds=15)
    assert any(json.loads(d).get("type") == "ping" for d in page.evaluate("window.sent"))
    until(page, "document.querySelector('#clock').hidden", seconds=3)   # no count it can't keep
    page.evaluate("window.silent = false")
    until(page, CONNECTED, seconds=20)                         # back by itself
    page.wait_for_selector("#clock:not([hidden])")             # the server's clock again


def test_the_seat_link_in_another_browser_says_where_the_seat_is(
        new_browser_context: Callable[..., BrowserContext], server: Server,
        artifacts: Path) -> None:
    """A walk on phones: the seat link opened mid-match in another browser (WhatsApp's own
    against Chrome) showed its holder as watching, offered a computer's seat from the next
    hand, and nothing said that their seat is played from the browser they sat down in.  The
    prompt says so to a watcher holding the seat link; a watcher with the watch link alone is
    not told."""
    made, _ = table(server, [0], bot_delay=0.3)
    api(server, f"/api/rooms/{made['room']}/start", {"token": made["host_token"]})
    room = made["room"]
    page = new_browser_context({f"twentyeight:invite:{room}": made["invite"]}).new_page()
    page.goto(f"{server.url}/r/{room}")
    page.wait_for_function("document.querySelector('#prompt').textContent.length > 0 && "
                           "document.body.dataset.phase !== ''")
    until(page, f"document.querySelector('#prompt').textContent.includes("
                f"{json.dumps(EN['prompt.seat_elsewhere'])})")
    shot(page, artifacts, "seat-elsewhere-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, artifacts, "seat-elsewhere-390x844")
    watcher = new_browser_context().new_page()
    watcher.goto(f"{server.url}/r/{room}")
    until(watcher, "document.body.dataset.phase !== ''")
    assert EN["prompt.seat_elsewhere"] not in watcher.inner_text("#prompt")


def test_chat_between_two_seats(new_browser_context: Callable[..., BrowserContext],
                                server: Server, artifacts: Path) -> None:
    made, tokens = table(server, [0, 2], bot_delay=1)
    api(server, f"/api/rooms/{made['room']}/start", {"token": made["host_token"]})
    asha, errors_a = person(new_browser_context, server, made, 0, tokens[0])
    ravi, errors_r = person(new_browser_context, server, made, 2, tokens[2],
                            **{LANGUAGE_KEY: "hi"})
    asha.wait_for_selector("#chat-form:not([hidden])")
    until(asha, CONNECTED)        # (a line sent sooner stays in the box: the test above)
    send_line(asha, "Shall we bid high?")
    chat_shows(ravi, "Shall we bid high?")
    assert asha.locator("#chat-input").input_value() == ""
    close_the_result(ravi)
    ravi.locator("#chat-phrases button[data-phrase='well_played']").click()
    chat_shows(asha, EN["phrase.well_played"])
    # each in their own language: Ravi's line comes back to him from the server too, and may
    # come after Asha's (CI: read at once, his page still showed only her message)
    chat_shows(ravi, HI["phrase.well_played"])
    assert EN["phrase.well_played"] not in ravi.locator("#chat-lines").inner_text()
    shot(asha, artifacts, "chat-1280x800")
    # Ravi's button, by his seat: until her page knows its own seat again (after the reload),
    # Asha's own lines put her among those she could mute (a loaded full run clicked that)
    ravis = asha.locator("#chat-mutes button[data-mute^='2:']")
    ravis.click()                                                          # Asha mutes Ravi
    assert EN["phrase.well_played"] not in asha.locator("#chat-lines").inner_text()
    asha.reload()                                                          # kept by the room
    chat_shows(asha, "Shall we bid high?")
    assert EN["phrase.well_played"] not in asha.locator("#chat-lines").inner_text()  # still muted
    ravis.click()
    assert EN["phrase.well_played"] in asha.locator("#chat-lines").inner_text()
    watcher = new_browser_context().new_page()
    watcher.goto(f"{server.url}/r/{made['room']}")
    chat_shows(watcher, "Shall we bid high?")
    assert watcher.locator("#chat-form").is_hidden()
    assert watcher.locator("#chat-spectator").is_visible()
    assert not errors_a and not errors_r


@pytest.mark.viewport(390, 844)
def test_chat_on_a_phone(new_browser_context: Callable[..., BrowserContext], server: Server,
                         artifacts: Path) -> None:
    made, tokens = table(server, [0, 1], bot_delay=1)
    api(server, f"/api/rooms/{made['room']}/start", {"token": made["host_token"]})
    a, errors = person(new_browser_context, server, made, 0, tokens[0])
    b, _ = person(new_browser_context, server, made, 1, tokens[1])
    b.wait_for_selector("#chat-form:not([hidden])")
    until(b, CONNECTED)           # (a line sent sooner stays in the box, a result's dialog
    settle(b)                     # is modal: the tests above)
    b.fill("#chat-input", "नमस्ते! ready when you are")
    b.click("#chat-send")
    a.wait_for_function("document.querySelector('#chat-lines').textContent.includes('नमस्ते')")
    a.locator("#chat").scroll_into_view_if_needed()
    shot(a, artifacts, "chat-390x844")
    box = a.locator("#chat-send").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    assert not errors


@pytest.mark.viewport(390, 844)
def test_a_line_said_while_the_chat_is_out_of_view_is_announced(
        new_browser_context: Callable[..., BrowserContext], server: Server,
        artifacts: Path) -> None:
    """A usability walk: on a phone held upright the chat is below the table, and a friend's
    line went unseen.  While the chat is out of view a line from another seat is announced at
    the top of the screen ("New message from P1"); a tap shows the chat and the note goes.
    With the chat in view, nothing is announced."""
    made, tokens = table(server, [0, 1], bot_delay=1)
    api(server, f"/api/rooms/{made['room']}/start", {"token": made["host_token"]})
    a, errors = person(new_browser_context, server, made, 0, tokens[0])
    b, _ = person(new_browser_context, server, made, 1, tokens[1])
    for page in (a, b):
        until(page, CONNECTED)
        settle(page)
    a.evaluate("window.scrollTo(0, 0)")
    below = "document.querySelector('#chat-lines').getBoundingClientRect().top > innerHeight"
    assert a.evaluate(below)
    chip = a.locator("#chat-new")
    assert chip.is_hidden()
    send_line(b, "Ready when you are")
    chip.wait_for(state="visible")
    assert chip.inner_text() == EN["chat.new"].replace("{who}", "P1")
    box = chip.bounding_box()
    assert box is not None and box["y"] < 100 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(a, artifacts, "chat-new-390x844")
    chip.click()
    chip.wait_for(state="hidden")
    until(a, f"!({below})")
    send_line(b, "Still there?")                     # the chat in view: nothing announced
    chat_shows(a, "Still there?")
    assert chip.is_hidden()
    assert not errors


def test_a_turn_clock_runs_out_and_the_computer_plays(
        new_browser_context: Callable[..., BrowserContext], server: Server,
        artifacts: Path) -> None:
    made, tokens = table(server, [0], turn_seconds=8, takeover_seconds=600, bot_delay=0.3)
    api(server, f"/api/rooms/{made['room']}/start", {"token": made["host_token"]})
    newcomer_waits(server, made)
    page, errors = person(new_browser_context, server, made, 0, tokens[0],
                          **{"twentyeight:pace": "instant"})
    to_my_first_turn(page)
    at = seq(page)          # before anything slow: the hand may play out once the clock runs out
    page.wait_for_selector("#clock:not([hidden])")
    first = int(page.locator("#clock").get_attribute("data-seconds") or 0)
    assert 0 < first <= 8
    assert page.locator("#clock").get_attribute("data-seat") == "0"
    shot(page, artifacts, "clock-1280x800")
    page.wait_for_function(f"Number(document.querySelector('#clock').dataset.seconds) < {first}"
                           " || document.querySelector('#clock').hidden")
    then_wait(page, at)                         # nobody here acted: the computer did
    assert logged(page, EN["log.for_absent"])
    # the computer goes on playing the seat until its person is back: the prompt says so
    # and offers the way back (there was none but a chat line or a reload)
    back = page.locator("#prompt #back-btn")
    deadline = time.monotonic() + 60
    while not back.is_visible():                # (past the results of hands it played out)
        assert time.monotonic() < deadline, page.inner_text("#prompt")
        if dialog_open(page):
            page.keyboard.press("Enter")
        page.wait_for_timeout(200)
    assert page.inner_text("#prompt").startswith(EN["prompt.computer_plays"])
    mine = page.locator("#seats .plate.mine").get_attribute("aria-label") or ""
    assert EN["plate.time_up_computer"] in mine and EN["plate.away_computer"] not in mine
    shot(page, artifacts, "clock-ran-out-1280x800")
    page.wait_for_timeout(1500)                  # (turns of mine the computer plays)
    assert page.locator("#hint-btn").count() == 0, page.inner_html("#prompt")  # none piled up
    back.click()
    back.wait_for(state="detached")
    page.wait_for_function(MY_TURN)              # the seat's next turn is the person's own
    assert page.locator("#prompt #back-btn").count() == 0
    assert not errors


def test_a_long_turn_clock_reads_as_minutes_and_seconds(
        new_browser_context: Callable[..., BrowserContext], server: Server,
        artifacts: Path) -> None:
    """A room's turn may last up to an hour (and its wait for an absent player a day): from a
    minute on the chip reads as a clock does, "Your time: 9:58" (it said "598 s"), in each
    language; under a minute it still counts seconds (the test above)."""
    made, tokens = table(server, [0], turn_seconds=600)
    api(server, f"/api/rooms/{made['room']}/start", {"token": made["host_token"]})
    newcomer_waits(server, made)
    page, errors = person(new_browser_context, server, made, 0, tokens[0],
                          **{"twentyeight:pace": "instant"})
    to_my_first_turn(page)
    page.wait_for_selector("#clock:not([hidden])")
    assert int(page.locator("#clock").get_attribute("data-seconds") or 0) > 540
    mine = EN["clock.you.long"].replace("{time}", "")
    assert re.fullmatch(re.escape(mine) + r"(9|10):\d\d", page.locator("#clock").inner_text())
    page.select_option("#lang", "hi")
    page.wait_for_function("document.documentElement.lang === 'hi'")
    hindi = HI["clock.you.long"].replace("{time}", "")
    assert re.fullmatch(re.escape(hindi) + r"(9|10):\d\d", page.locator("#clock").inner_text())
    shot(page, artifacts, "clock-long-1280x800")
    assert not errors


LAST_TRICK = """async () => {
  const { ui } = await module('js/table/state.js');
  const v = ui.st.view;
  return v.hand_sizes.reduce((a, b) => a + b, 0) + v.trick.cards.length <= v.hand_sizes.length;
}"""
"""Whether the hand's last trick is being played: every card left is in it or about to be.
(One card in hand is not enough: the bidder's hand lacks the trump card laid face down,
28-TRUMP-1, a trick before the last.)"""


def test_a_certain_claim(new_browser_context: Callable[..., BrowserContext], server: Server,
                         artifacts: Path) -> None:
    """At the last trick the claim button claims it: against computer players it is accepted
    exactly when it is certain (the server judges), and the hand is played out for us.  The
    table talk tells the claimer in the second person ("You claim the rest", "Your claim is
    not accepted"; it said "You claims", "You's claim"), and again in the language chosen; a
    refusal is said beside the hand too."""
    made, tokens = table(server, [0], flags={"game_target": 1000})
    api(server, f"/api/rooms/{made['room']}/start", {"token": made["host_token"]})
    page, errors = person(new_browser_context, server, made, 0, tokens[0],
                          **{"twentyeight:pace": "instant"})
    certain = EN["claim.certain.you"].split("{side}")[0].strip()
    for _ in range(30):                  # the deals are random: many chances for a sure one
        to_the_play(page)
        while not page.evaluate(LAST_TRICK):                       # to the last trick
            at = seq(page)
            move = page.locator("#hand .card.legal, #actions button[data-action$=' reveal']")
            move.first.click()      # a card, or a turn without one: the bidder's forced reveal
            then_wait(page, at)
            page.wait_for_function(MY_TURN)
            if dialog_open(page):
                break
        if dialog_open(page):
            page.keyboard.press("Enter")
            continue
        button = page.locator("#actions button[data-action='claim']")
        try:
            button.wait_for(state="visible", timeout=5000)
        except PlaywrightTimeout:                    # the hand ended meanwhile (a redeal)
            assert dialog_open(page), "my turn at the last trick, and no claim button"
            page.keyboard.press("Enter")
            continue
        shot(page, artifacts, "claim-1280x800")
        hand = page.evaluate("document.body.dataset.hand")
        refused = EN["claim.refused.nobody.you"].split(":")[0]
        before = (times(page, certain), times(page, refused))
        button.click()
        deadline = time.monotonic() + 45
        while (times(page, certain), times(page, refused)) == before:
            assert time.monotonic() < deadline, "the claim was not answered"
            time.sleep(0.1)
        if times(page, certain) > before[0]:
            page.wait_for_function("document.querySelector('#hand-over').open")
            assert page.locator("#hand-over").is_visible()
            third = EN["claim.certain"].split("{who}")[1].split("{side}")[0].strip()
            assert times(page, third) == 0                  # "You claims the rest" nowhere
            page.evaluate("async () => (await module('js/i18n.js')).setLanguage('hi')")
            page.wait_for_function("document.documentElement.lang === 'hi'")
            hindi = catalog("hi")["claim.certain.you"].split("{side}")[0].strip()
            assert times(page, hindi) == before[0] + 1, hindi
            assert times(page, certain) == 0
            assert not errors
            return
        assert page.evaluate("document.body.dataset.hand") == hand
        # refused: said where I play too, not only in the table talk (on a phone held upright
        # the claimer saw the button go and nothing else)
        assert refused in page.locator("#notice").inner_text()
        at = seq(page)                                   # refused: play the card ourselves
        page.locator("#hand .card.legal").first.click()
        page.wait_for_function(MY_TURN)
        page.keyboard.press("Enter")
    raise AssertionError("no claim was certain in thirty hands")


def close_results(page: Page) -> None:
    """Close the hand-over dialog until no hand's result waits behind it: a page that fell
    behind the table (a loaded machine) shows the match's end, with its rematch offer, in the
    dialog of an earlier hand, and the hands after it come next."""
    for _ in range(20):
        page.locator("#ho-close").click()
        try:
            until(page, "document.querySelector('#hand-over').open", 2)
        except AssertionError:
            return
    raise AssertionError("the hand-over dialog kept opening")


def test_a_rematch_with_the_same_seats(new_browser_context: Callable[..., BrowserContext],
                                       server: Server, artifacts: Path) -> None:
    """A one-point match whose people's turns their computers play (a short turn clock); at
    the end both press "play again" and find themselves in the same seats of a new table.
    Each is told who wants the rematch, the one who asked in the second person."""
    made, tokens = table(server, [0, 2], flags={"game_target": 1}, turn_seconds=0.3)
    api(server, f"/api/rooms/{made['room']}/start", {"token": made["host_token"]})
    pages = [person(new_browser_context, server, made, k, tokens[k],
                    **{"twentyeight:pace": "instant"}) for k in (0, 2)]
    for page, _ in pages:
        for _ in range(40):
            until(page, "document.querySelector('#hand-over').open", 60)
            if page.locator("#ho-rematch button[data-rematch='vote']").count():
                break
            page.locator("#ho-close").click()
        else:
            raise AssertionError("the match did not end")
    shot(pages[0][0], artifacts, "rematch-1280x800")
    pages[0][0].locator("#ho-rematch button[data-rematch='vote']").click()
    assert logged(pages[1][0], EN["rematch.agrees"].replace("{who}", "P0"))
    assert logged(pages[0][0], EN["rematch.agrees.you"])        # not "You wants a rematch."
    close_results(pages[1][0])
    pages[1][0].locator("#match-rematch button[data-rematch='vote']").click()
    for (page, errors), seat in zip(pages, (0, 2), strict=True):
        page.wait_for_url(lambda url: made["room"] not in url)       # the new table,
        assert logged(page, EN["log.welcome"].format(name=f"P{seat}", seat=seat + 1))  # same
        until(page, "document.body.dataset.seq !== ''")                # and dealt
        assert not errors
    room = pages[0][0].url.split("/r/")[1]
    info = json.loads(server.get(f"/api/rooms/{room}").text)
    assert [(s["kind"], s["name"]) for s in info["seats"]][0::2] == [("human", "P0"),
                                                                     ("human", "P2")]


def test_a_chat_line_refused_goes_back_in_the_box(
        new_browser_context: Callable[..., BrowserContext], server: Server) -> None:
    """A line the server refuses (said too fast: ``rate_limited``) comes back in the box to
    send again; it was lost, the box emptied as it was sent.  What was written since stays."""
    made, tokens = table(server, [0], turn_seconds=600)
    api(server, f"/api/rooms/{made['room']}/start", {"token": made["host_token"]})
    page, errors = person(new_browser_context, server, made, 0, tokens[0],
                          **{"twentyeight:pace": "instant"})
    to_my_first_turn(page)
    send_line(page, "Well played, partner")
    chat_shows(page, "Well played, partner")
    refuse = """async () => {
      const { ui } = await module('js/table/state.js');
      const { receive } = await module('js/table/messages.js');
      receive({ type: 'error', code: 'rate_limited', id: ui.lastChat.id,
                message: 'more than 5 chat lines in 10 seconds; wait a little' });
    }"""
    page.evaluate(refuse)
    assert page.locator("#chat-input").input_value() == "Well played, partner"
    send_line(page, "Again")
    chat_shows(page, "Again")
    page.fill("#chat-input", "something new")
    page.evaluate(refuse)
    assert page.locator("#chat-input").input_value() == "something new"
    assert not errors
