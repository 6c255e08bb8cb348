"""Issue 16, "every screen": at 390×844, 844×390, 800×360, 780×437, 1024×640, 1280×800 and
1920×1080, and the small phones 360×640, 640×360 and 667×375, at four, six and eight
players, in the auction and in the play, every card of the hand, every seat plate, every
action button, the prompt, the status chips and the trick's cards are on the screen and
nothing covers them (bounding boxes and ``document.elementFromPoint``,
tests/browser/geometry.py) — also with the banner of the moment the trump is revealed over
the felt, and for a spectator.  Every screen is saved as a screenshot (``screens/`` of the
artifacts).

One room per table, one browser page per room, resized through the screens: the state
does not move while it is the person's turn.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser.conftest import MY_TURN, catalog, number, seated_page, seq, then_wait, to_the_play
from browser.geometry import problems, settle
from server.harness import Server
from test_catalogs import LANGUAGES

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

SMALL_PHONES = [(360, 640), (640, 360), (667, 375)]
"""The small phones, upright and sideways.  Eight seats there were left out until the trick
got its compact ring round the felt's middle (layout.js's ringSlots: the rays to the plates
left 24 to 29 px cards, and none with their indexes clear under a moment's banner at
640×360), the plates a last size without the line of what a seat is (three rows of plates
with a call on two lines on a 200 px felt: 360×640 in 56's auction) and the auction's card
the width beside a low middle (its bid had wrapped into 26 px: "51×37 in 51×26")."""
SCREENS = [(390, 844), (844, 390), (800, 360), (780, 437), (1024, 640), (1280, 800),
           (1920, 1080), *SMALL_PHONES]
TABLES = {                   # players → preset (56-4p: the largest hand, twelve cards)
    "4": "28", "4-twelve": "56-4p", "6": "56", "8": "56-8p",
}


def every_screen(page: Page, shots: Path, label: str) -> list[str]:
    """Check (and photograph) the page at every screen size; the problems found."""
    found = []
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.screenshot(path=str(shots / f"{label}-{width}x{height}.png"), animations="disabled")
        found += [f"{label} at {width}×{height}: {p}" for p in problems(page)]
    page.set_viewport_size({"width": 1280, "height": 800})
    return found


def wait_turn(page: Page) -> None:
    page.wait_for_function(MY_TURN)
    page.wait_for_function("document.body.dataset.caught === '1'")


def to_a_trick_on_the_table(page: Page, bid: bool = False) -> None:
    """On to the play (with ``bid``, as the bidder), until it is this seat's turn with cards
    of the trick on the table."""
    to_the_play(page, bid=bid)
    for _ in range(12):
        wait_turn(page)
        if page.locator("#center .tcard").count() and page.locator("#hand .card.legal").count():
            return
        at = seq(page)
        page.locator("#hand .card.legal").first.click()
        then_wait(page, at)
    raise AssertionError("no trick on the table at this seat's turn")



@pytest.mark.parametrize("table", list(TABLES))
def test_every_screen_every_table(table: str, server: Server, shots: Path,
                                  new_browser_context: Callable[..., BrowserContext]) -> None:
    """The auction (and, in 56, its second step: the trump of the bid) and the play."""
    preset = TABLES[table]
    page, errors = seated_page(new_browser_context, server, preset)
    found: list[str] = []
    phase = page.evaluate("document.body.dataset.phase")
    if phase == "auction":
        found += every_screen(page, shots, f"{preset}-auction")
        if page.locator("#actions button.bid-value").count():          # 56: bid, then trump
            page.locator("#actions button.bid-value").first.click()
            found += every_screen(page, shots, f"{preset}-auction-trump")
    to_a_trick_on_the_table(page)
    found += every_screen(page, shots, f"{preset}-play")
    show_the_reveal_banner(page)
    found += every_screen(page, shots, f"{preset}-play-banner")
    assert not errors, errors
    assert not found, "\n".join(found)


@pytest.mark.parametrize("table", ["6", "8"])
def test_every_screen_as_the_bidder(table: str, server: Server, shots: Path,
                                    new_browser_context: Callable[..., BrowserContext]) -> None:
    """The play with this seat the bidder: its plate says the most (its role, its face-down
    trump card, "your turn") and the chips too (the trump only it knows)."""
    preset = TABLES[table]
    page, errors = seated_page(new_browser_context, server, preset)
    to_a_trick_on_the_table(page, bid=True)
    contract = page.locator("#chips .chip").first.inner_text()
    assert contract.endswith("· You"), contract
    found = every_screen(page, shots, f"{preset}-play-bidder")
    assert not errors, errors
    assert not found, "\n".join(found)


SHOW_BANNER = """async () => {
  const { ui, seatName, refresh } = await module('js/table/state.js');
  const { t } = await module('js/i18n.js');
  const card = ui.st.view.hand[0], other = (ui.me + 1) % ui.st.view.hand_sizes.length;
  ui.banner = { kind: 'reveal', cards: [card], trick: ui.st.view.tricks.length + 1,
    tell: () => `${t('moment.revealed', { who: seatName(other), trump: t('trump.none') })} `
      + t('moment.their_card', { who: seatName(other), card: '10♦' }) };
  refresh();
}"""
"""The banner of the moment another seat reveals the trump, as messages.js puts it up (its
longest form: who revealed, the trump, whose card), drawn over the table as it is."""


def show_the_reveal_banner(page: Page) -> None:
    page.evaluate(SHOW_BANNER)
    page.locator("#banner").wait_for()


TURN_AT = """async (k) => {
  const { ui, refresh } = await module('js/table/state.js');
  ui.st.to_act = k;
  Object.assign(ui.st.view, { bidder: k, indicator_face_down: true, indicator: null,
    trump: null, trump_exposed: false });
  refresh();
}"""
"""The table drawn as if seat ``k`` were to act and held the face-down trump card: the fullest
row a plate can have, what a spectator sees when the bidder is to act before the reveal."""


@pytest.mark.parametrize("table", ["4", "8"])
def test_every_screen_for_a_spectator(table: str, server: Server, shots: Path,
                                      new_browser_context: Callable[..., BrowserContext]
                                      ) -> None:
    """Someone watching (no hand, no calls; the "Watching" tag in the top bar and every
    chip of the play) sees every plate, chip and card of the trick uncovered, and on a
    phone held sideways a felt that takes the room a hand would have had.  (The person's
    turn clock is the longest a room may have: the watcher's screens at every seat's turn,
    about a hundred, outlasted the minute of the default on a loaded machine, the computer
    played for the person, and the hand ended under the screens.)"""
    page, _ = seated_page(new_browser_context, server, TABLES[table],
                          settings={"turn_seconds": 3600})
    to_a_trick_on_the_table(page)
    watcher = new_browser_context({"twentyeight:pace": "instant"}).new_page()
    errors: list[str] = []
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    watcher.goto(page.url)
    watcher.wait_for_function(f"document.body.dataset.seq === '{seq(page)}'")
    watcher.wait_for_function("document.body.dataset.caught === '1'")
    assert watcher.locator("#watching").is_visible()
    assert watcher.locator("#center .tcard").count() and watcher.locator("#chips .chip").count()
    found = every_screen(watcher, shots, f"{TABLES[table]}-spectator")
    # the turn at every seat in turn: the row of a plate (the backs held, their count, the
    # bidder's face-down trump card) has room for "to play" wherever the seat to act sits
    # (the seat to act when the watcher arrives, and the bidder, change from deal to deal)
    for k in range(watcher.evaluate("(async () => (await module('js/table/state.js'))"
                                    ".ui.st.view.hand_sizes.length)()")):
        watcher.evaluate(TURN_AT, k)
        found += every_screen(watcher, shots, f"{TABLES[table]}-spectator-turn-{k}")
    # with no hand to hold, the felt of a phone held sideways takes the room of one
    watcher.set_viewport_size({"width": 844, "height": 390})
    settle(watcher)
    felt = watcher.locator("#felt").evaluate("f => f.getBoundingClientRect().width")
    assert felt > 0.7 * 844, felt
    assert not errors, errors
    assert not found, "\n".join(found)


LONGEST_BID = """async () => {
  const { ui, refresh } = await module('js/table/state.js');
  const v = ui.st.view, by = (ui.me + 7) % v.hand_sizes.length;
  v.high_bid = 28; v.denomination = 'NT'; v.history = [...v.history, `${by} bid 28NT`];
  refresh();
}"""
"""The longest bid the auction's card shows ("28 no-trump"), by the seat of the longest name
("Computer 7"), drawn into the table as it is."""


PHONES_BUT_THE_LOWEST = [(390, 844), (844, 390), (780, 437), (1024, 640)]
"""The smaller screens but 800×360: there, at eight players, Tamil's prompt on three lines,
a value's five trumps on two and the calls can leave the hand 32 px below the screen, and the
column scrolls (layout.css's last resort: "if ever too tall, it scrolls with its top (the
prompt) in reach") — seen, and left."""


def test_the_auction_card_says_all_it_holds(server: Server, shots: Path,
                                            new_browser_context: Callable[..., BrowserContext]
                                            ) -> None:
    """The middle of the felt at eight players, the smallest room the auction's card has:
    the highest bid, no-trump, and its bidder are whole in every language at every screen;
    and, in the longest-worded languages, the bid's second step (a value's trumps) fits
    beside the felt with the prompt and the calls."""
    page, errors = seated_page(new_browser_context, server, "56-8p")
    assert page.evaluate("document.body.dataset.phase") == "auction"
    page.evaluate(LONGEST_BID)
    found = []
    for lang in LANGUAGES:
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        for width, height in PHONES_BUT_THE_LOWEST:
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            high = page.locator("#center .ac-high").inner_text()
            assert high.startswith(number(lang, 28)) and len(high) > 6, high   # no-trump bid
            page.screenshot(path=str(shots / f"56-8p-auction-nt-{lang}-{width}x{height}.png"),
                            animations="disabled")
            found += [f"{lang} {width}×{height}: {p}" for p in problems(page)]
    # the bid's second step in the longest words: its value, its five trumps and the calls
    page.locator("#actions button.bid-value").first.click()
    assert page.locator("#actions .dens button[data-action]").count() == 5
    for lang in ("ml", "ta"):
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        for width, height in PHONES_BUT_THE_LOWEST:
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            page.screenshot(path=str(shots / f"56-8p-auction-trump-{lang}-{width}x{height}.png"),
                            animations="disabled")
            found += [f"{lang} {width}×{height}, trump: {p}" for p in problems(page)]
    assert not errors, errors
    assert not found, "\n".join(found)


IN_VIEW = """(el) => {
  const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
    && r.right <= innerWidth && !!hit && el.contains(hit);
}"""
"""Whether the element is whole on the screen and its middle is the element's to click."""


def test_the_result_keeps_continue_in_view(server: Server, shots: Path,
                                           new_browser_context: Callable[..., BrowserContext]
                                           ) -> None:
    """The hand's result at eight players in Tamil (the longest sentences), its eight
    tricks of eight cards opened: at every screen the dialog's title and its "Continue"
    are in view without scrolling it (the result and the tricks scroll between them)."""
    page, errors = seated_page(new_browser_context, server, "56-8p", **{"twentyeight:lang": "ta"})
    page.set_default_timeout(30_000)     # a hand's last card at eight: its result and review
    to_the_play(page)
    for _ in range(12):
        page.wait_for_function(MY_TURN)
        if page.locator("#hand-over").evaluate("d => d.open"):
            break
        at = seq(page)
        page.locator("#hand .card.legal").first.click()
        then_wait(page, at)
    page.locator("#hand-over summary").first.click()
    found = []
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.screenshot(path=str(shots / f"56-8p-result-ta-{width}x{height}.png"),
                        animations="disabled")
        found += [f"{what} out of view at {width}×{height}" for what in ("#ho-title", "#ho-close")
                  if not page.locator(what).evaluate(IN_VIEW)]
    assert not errors, errors
    assert not found, "\n".join(found)


SCORE_NAMES = """() => [...document.querySelectorAll('#scoreboard .score')].map((s) => {
  const n = s.querySelector('.score-names');
  return { label: s.getAttribute('aria-label'), shown: n.getClientRects().length > 0,
           text: n.textContent, width: n.clientWidth, needs: n.scrollWidth,
           em: parseFloat(getComputedStyle(n).fontSize) };
})"""


def test_a_sides_names_are_never_cut_to_a_sliver(server: Server,
                                                  new_browser_context: Callable[...,
                                                                                BrowserContext]
                                                  ) -> None:
    """The top bar of the smallest phones held sideways (568×320, 640×360) has no room for the
    sides' names beside the language, the sound and Details: they were cut to three and seven
    pixels ("'" and "I": geometry.js says so now), and are left out there instead — the
    colour and the score say whose side it is, and each side's label keeps its names.  Where
    there is room they come back."""
    page, errors = seated_page(new_browser_context, server, "28")
    for width, height in [(568, 320), (640, 360), (844, 390), (1280, 800)]:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        sides = page.evaluate(SCORE_NAMES)
        assert len(sides) == 2, sides
        for side in sides:
            assert " and " in side["label"], side                # (the names, for readers)
            if side["shown"]:
                assert side["needs"] <= side["width"] + 1 or side["width"] >= 3 * side["em"], \
                    (width, side)
        if width >= 844:
            assert all(side["shown"] for side in sides), (width, sides)
    assert not errors, errors


def test_three_sides_on_a_small_phone_are_named_short_not_cut(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """Six players in three sides (28-6p) on an upright phone: the sides' names did not fit
    and were cut to "Yo…", "Su…", "Ch…"; each side is named short instead, this seat's side
    "You" and the others by their first player, whole or cut to no less than 2.4 ems ("Ind…"
    of "Indira"); with room, the names in full."""
    page, errors = seated_page(new_browser_context, server, "28-6p")
    you = catalog("en")["seat.you"]
    for width, height, short in [(360, 640, True), (1280, 800, False)]:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        sides = page.evaluate(SCORE_NAMES)
        assert len(sides) == 3 and all(side["shown"] for side in sides), sides
        for side in sides:
            least = 2.4 if short else 3                     # (ems: "Ind…" of "Indira")
            assert side["needs"] <= side["width"] + 1 or side["width"] >= least * side["em"], side
            assert (" and " not in side["text"]) is short, side
        assert any(side["text"] == you for side in sides) is short, sides
    assert not errors, errors
