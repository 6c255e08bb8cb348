"""Issue 14 at the browser table: the Hint button at a table with computer players, the
hinted call or card, and the review of my play in the hand-over dialog; at 1280×800 and
390×844, with screenshots (``learning/`` of the artifacts)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser.conftest import (
    DIALOG_CLOSED_OR_REOPENED,
    MY_TURN,
    act_simply,
    catalog,
    dialog_open,
    seated_page,
    seq,
    then_wait,
)
from server.harness import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

SHOTS = "learning"
"""The folder of the artifacts with this file's screenshots (conftest's ``shots``)."""


def hint(page: Page) -> str:
    """Ask for a hint; the sentence shown."""
    page.click("#hint-btn")
    page.wait_for_function("document.querySelector('#hint-text')?.textContent.length > 0",
                           timeout=120_000)
    return page.inner_text("#hint-text")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_hint_at_a_table_with_computer_players(
        size: tuple[int, int], server: Server, shots: Path,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    """On my turn the Hint button gives the expert's choice with its reason, outlines the
    call to make, and is not offered again until the next turn."""
    width, height = size

    def make(storage: dict[str, str] | None = None, **options: object) -> BrowserContext:
        return new_browser_context(storage, viewport={"width": width, "height": height},
                                   **options)

    page, errors = seated_page(make, server, "28")
    assert page.locator("#hint-btn").is_visible()
    text = hint(page)
    assert text.startswith("Hint: ") and " — " in text
    hinted = page.locator(".hinted")
    assert hinted.count() == 1
    assert hinted.first.get_attribute("data-action") or hinted.first.get_attribute("data-card")
    assert page.locator("#hint-btn").count() == 0        # until my next turn
    page.screenshot(path=str(shots / f"table-hint-{width}x{height}.png"))
    at = seq(page)
    hinted.first.click()                                  # take the expert's advice
    then_wait(page, at)
    assert errors == []


def test_review_of_my_play_when_the_hand_is_over(
        server: Server, shots: Path, new_browser_context: Callable[..., BrowserContext]) -> None:
    """At the end of a hand the dialog offers the review of my decisions (biggest mistakes
    first), from the server's expert."""
    page, errors = seated_page(new_browser_context, server, "28")
    for _ in range(80):
        page.wait_for_function(MY_TURN, timeout=60_000)
        if dialog_open(page):
            if page.locator("#review-btn").count():
                break
            at = seq(page)                     # a hand annulled before its first card: no
            page.keyboard.press("Enter")       # review is offered (nothing was played)
            page.wait_for_function(DIALOG_CLOSED_OR_REOPENED, arg=at)
            continue
        act_simply(page)
    assert dialog_open(page)
    page.route("**/review", lambda route: route.abort("internetdisconnected"))
    page.click("#review-btn")                  # nothing answers: said, and asked again
    page.wait_for_selector("#ho-review .error")
    assert page.inner_text("#ho-review .error") == catalog("en")["net.no_answer"]
    page.unroute("**/review")
    page.click("#review-btn")
    page.wait_for_selector("#ho-review .rv-summary", timeout=240_000)
    assert page.locator("#ho-review .error").count() == 0
    summary = page.inner_text("#ho-review .rv-summary")
    assert "decision" in summary and "as good as the expert's" in summary
    page.screenshot(path=str(shots / "table-review-1280x800.png"))
    assert errors == []


MISTAKE = {"hand": 0, "seat": 0, "action": "0 play TD", "best": "0 play KD", "loss": 0.4,
           "loss_game_points": 0.4, "reason": "the trick is lost in every deal looked at (8)",
           "why": None, "index": 20, "phase": "play", "trick": 1, "method": "sampled",
           "deals": 8, "known": {"best": "0 play TD", "loss": 0.0, "loss_game_points": 0.0}}
"""A costly decision as the server's review says it (POST /api/rooms/ID/review)."""

REVIEW_IN_VIEW = """() => {
  const body = document.querySelector('#ho-body'), b = body.getBoundingClientRect();
  const r = document.querySelector('#ho-review').getBoundingClientRect();
  const s = document.querySelector('#ho-review .rv-summary').getBoundingClientRect();
  return { above: r.top - b.top, shown: Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top),
    height: body.clientHeight, summary: s.top >= b.top - 1 && s.bottom <= b.bottom + 1,
    margin: parseFloat(getComputedStyle(document.querySelector('#ho-review')).scrollMarginTop),
    cue: [body.classList.contains('more-above'), body.classList.contains('more-below')],
    scroll: [body.scrollTop > 1, body.scrollTop + body.clientHeight < body.scrollHeight - 1] };
}"""
"""Where the review is in the dialog's scrolling body, and whether the body shows (`cue`)
that it scrolls above and below as it does (`scroll`)."""


@pytest.mark.viewport(360, 640)
def test_the_review_of_my_play_is_read_on_a_phone(
        server: Server, shots: Path, new_browser_context: Callable[..., BrowserContext]) -> None:
    """On a 360×640 phone, the review of my play at the match's end (the rematch's button under
    it) was a strip of a line or two at the bottom of the dialog's body, cut above the buttons,
    and nothing showed that the body scrolled.  The review comes to the top of the body, and
    the body's edges fade where more is out of view; at 390×844 and 1280×800 too."""
    page, errors = seated_page(new_browser_context, server, "28",
                               settings={"rules": {"preset": "28", "game_target": 1}})
    for _ in range(120):
        page.wait_for_function(MY_TURN, timeout=60_000)
        if dialog_open(page):
            if page.locator("#review-btn").count():
                break
            at = seq(page)
            page.keyboard.press("Enter")
            page.wait_for_function(DIALOG_CLOSED_OR_REOPENED, arg=at)
            continue
        act_simply(page)
    assert dialog_open(page)
    page.route("**/review", lambda route: route.fulfill(json={
        "hand": 0, "seat": 0, "known": True,
        "decisions": [{**MISTAKE, "trick": k + 1, "loss": 2.0 - k / 4} for k in range(6)]}))
    page.focus("#review-btn")                  # asked from the keyboard: the focus stays in
    page.keyboard.press("Enter")               # the dialog, on the review (it fell to the page)
    page.wait_for_selector("#ho-review .rv-summary")
    assert page.evaluate("document.activeElement.id") == "ho-review"
    # a screen reader hears the review has come (it was the "working" line it replaced), and
    # its cards in words, not "black club suit" (an accessibility walk)
    summary = page.locator("#ho-review .rv-summary").inner_text()
    page.wait_for_function("s => document.querySelector('#live').textContent.includes(s)",
                           arg=summary)
    named = page.locator("#ho-review .rv-move [role=img]")
    assert named.count() and "♦" not in (named.first.get_attribute("aria-label") or "♦")
    at = page.evaluate(REVIEW_IN_VIEW)
    assert abs(at["above"] - at["margin"]) < 2, at            # at the top, below the fade
    assert at["shown"] > at["height"] - at["margin"] - 2, at  # the body's height is the review's
    assert at["summary"] and at["cue"] == [True, True] == at["scroll"], at
    page.screenshot(path=str(shots / "table-review-360x640.png"))
    for width, height in [(390, 844), (1280, 800)]:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                               arg=[width, height])
        page.wait_for_timeout(100)
        at = page.evaluate(REVIEW_IN_VIEW)
        assert at["summary"] and at["shown"] > 200 and at["cue"] == at["scroll"], at
        page.screenshot(path=str(shots / f"table-review-{width}x{height}.png"))
    assert errors == []


def test_a_hint_that_got_no_answer_is_said_in_the_readers_language(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """The hint asked with the network gone: "No hint: the server did not answer" in the
    page's language, and in the next language the reader picks (it was kept as the words
    first said)."""
    page, errors = seated_page(new_browser_context, server, "28", **{"twentyeight:lang": "hi"})
    page.wait_for_function("document.documentElement.lang === 'hi'")
    page.route("**/hint", lambda route: route.abort("internetdisconnected"))
    hindi, english = catalog("hi"), catalog("en")
    assert hint(page) == hindi["hint.failed"].replace("{why}", hindi["net.no_answer"])
    page.select_option("#lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.inner_text("#hint-text") == english["hint.failed"].replace(
        "{why}", english["net.no_answer"])
    assert errors == []


def test_no_hint_button_where_the_room_says_no(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A table with computer players made with ``"hints": false``: my turn comes, and no
    Hint button with it."""
    page, errors = seated_page(new_browser_context, server, "28", settings={"hints": False})
    assert page.locator("#prompt").inner_text()
    assert page.locator("#hint-btn").count() == 0
    assert errors == []


def test_the_lobby_sets_the_hint_button(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """The lobby's room form: "Hint button: off" makes a room whose hints are off."""
    import json
    import urllib.request

    page = new_browser_context({}).new_page()
    page.goto(f"{server.url}/")
    page.wait_for_function("document.querySelectorAll('#preset option').length > 0")
    assert page.locator("#hints").input_value() == ""           # by default: with computers
    page.select_option("#hints", "false")
    with page.expect_response(lambda r: r.url.endswith("/api/rooms")
                              and r.request.method == "POST") as answer:
        page.click("#create-btn")
    assert json.loads(answer.value.request.post_data or "{}")["hints"] is False
    page.wait_for_url("**/r/*")                              # the lobby goes to the table
    room = page.url.split("/r/")[1].split("#")[0]
    with urllib.request.urlopen(f"{server.url}/api/rooms/{room}", timeout=10) as r:
        assert json.load(r)["hints"] is False


def test_the_hinted_trump_card_is_marked_in_the_hand(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """28-TRUMP-1: the bidder chooses the trump by laying a card of the hand face down.  The
    hint said "trump 9♦" and marked nothing (it looked for the card among the calls); the
    card it names is now marked in the hand, as a hinted card to play is."""
    page, errors = seated_page(new_browser_context, server, "28")
    page.wait_for_selector("#actions button[data-action$=' bid 28']")
    at = seq(page)
    page.locator("#actions button[data-action$=' bid 28']").click()   # nobody bids over it
    then_wait(page, at)
    page.wait_for_function(MY_TURN, timeout=60_000)
    page.wait_for_selector("body[data-phase='trump']")
    text = hint(page)
    hinted = page.locator("#hand .card.hinted")
    assert hinted.count() == 1, text
    card = hinted.first.get_attribute("data-card") or ""
    assert text.startswith("Hint: trump "), text
    assert page.locator(".hinted").count() == 1
    assert card[-1] in "SHDC" and len(card) == 2, card
    assert errors == []


def test_a_trump_suit_and_a_named_bid_are_said_in_a_review(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """The review of a hand of 29 said "Trump — the expert: Trump": a suit named as the trump
    (29-DEAL-2) was told as the bare word.  It names the suit now, as a card laid is named;
    and a 56 bid with its trump, "bid 30 ♥"."""
    page = new_browser_context().new_page()
    page.goto(f"{server.url}/replay")
    page.wait_for_function("document.documentElement.lang === 'en'")
    labels = page.evaluate("""async () => {
      const { actionLabel } = await module('js/learn/review.js');
      const { t } = await module('js/i18n.js');
      // (the page's lang is set before its catalog has come: under load a label was its key)
      for (let i = 0; i < 400 && t('review.trump_card') === 'review.trump_card'; i++) {
        await new Promise((done) => setTimeout(done, 50));
      }
      return ['0 trump S', '2 trump 9D', '1 bid 30H', '1 bid 31NT', '0 bid 16', '0 trump seventh']
        .map(actionLabel);
    }""")
    assert labels == ["trump ♠ spades", "trump 9♦", "bid 30 ♥", "bid 31 no-trump", "bid 16",
                      "Seventh card"]


def test_a_56_bid_hinted_outlines_its_value(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A 56 bid is two presses, its value then its trump: "Hint: bid 29 ♦" outlined nothing
    (it looked for the bid's own button, not drawn until the value is chosen).  The value's
    button is outlined."""
    page, errors = seated_page(new_browser_context, server, "56")
    page.wait_for_selector("#actions button.bid-value")
    value = int(page.locator("#actions button.bid-value").first.get_attribute("data-value")
                or 0)
    page.route("**/hint", lambda route: route.fulfill(json={
        "action": f"0 bid {value}D", "text": "scores more (the expert's)",
        "reason": {"key": None, "rule": None, "params": {}}}))
    text = hint(page)
    assert text.startswith(f"Hint: bid {value} ♦"), text
    hinted = page.locator("#actions .hinted")
    assert hinted.count() == 1
    assert hinted.first.get_attribute("data-value") == str(value)
    # in Hindi the hint says it is a bid: "सुझाव: बोली 29 ♦", not "सुझाव: 29 ♦" (the review's
    # label is the number alone, its line beginning with the auction's word, the same)
    page.select_option("#lang", "hi")
    page.wait_for_function("document.documentElement.lang === 'hi'")
    hi = catalog("hi")
    said = hi["hint.says"].split("{action}")[0] + hi["hint.bid"].split("{bid}")[0]
    page.wait_for_function("s => document.querySelector('#hint-text').textContent.startsWith(s)",
                           arg=said)
    assert errors == []


def test_the_review_says_the_cost_with_every_hand_known_as_it_says_the_other(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """"With every hand known: Pass, 0 card points" read as the points a pass would score;
    the terminal and ``analyse`` say a cost in card points and game points.  The browser's
    line says the same cost, as the line above it does."""
    page = new_browser_context().new_page()
    page.goto(f"{server.url}/replay")
    page.wait_for_function("document.documentElement.lang === 'en'")
    en = catalog("en")
    known = page.evaluate("""async (d) => {
      const { t } = await module('js/i18n.js');
      for (let i = 0; i < 400 && t('review.known') === 'review.known'; i++) {
        await new Promise((done) => setTimeout(done, 50));
      }
      const { reviewNodes } = await module('js/learn/review.js');
      const box = document.createElement('div');
      box.append(...reviewNodes([d]));
      return box.querySelector('.rv-known').textContent;
    }""", {**MISTAKE, "known": {"best": "0 play KD", "loss": 2.0, "loss_game_points": 0.1}})
    cost = en["review.cost"].replace("{points}", "−2.0").replace("{game}", "−0.10")
    assert known == en["review.known"].replace("{expert}", "K♦").replace("{cost}", cost), known
