"""Issue 16's slips of the browser table, each mended: "You lays 9♣", a "doubles" badge that
outlives the overcalled bid, calls at eight players that cannot be told apart, black ♥ and ♦
on the buttons, names cut short, an illegal card lifted by the keyboard's focus, and 29's
bidder told "You may reveal" when he must."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser.conftest import MY_TURN, catalog, dialog_open, seated_page, seq, then_wait, to_the_play
from browser.geometry import settle
from server.harness import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

RED = "rgb(198, 38, 49)"


def table(make: Callable[..., BrowserContext], server: Server, preset: str,
          name: str = "Asha", **storage: str) -> Page:
    return seated_page(make, server, preset, name, **storage)[0]


def test_the_bidder_laying_the_trump_is_told_in_the_second_person(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """"You lay 9♣ face down as trump", not "You lays…" (28-TRUMP-1)."""
    for _ in range(6):                       # until this seat is the bidder
        page = table(new_browser_context, server, "28")
        bids = page.locator("#actions button.verb-bid")
        if bids.count():
            at = seq(page)
            bids.last.click()                # 28: the highest bid wins the auction
            then_wait(page, at)
            page.wait_for_function(MY_TURN)
            if page.evaluate("document.body.dataset.phase") == "trump":
                card = page.locator("#hand .card.legal").first
                name = card.get_attribute("data-card") or ""
                at = seq(page)
                card.click()
                then_wait(page, at)
                shown = ("10" if name[0] == "T" else name[0]) + \
                    {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[name[1]]
                log = page.locator("#log").inner_text()
                assert f"You lay {shown} face down as trump" in log, log
                assert "You lays" not in log
                return
        page.context.close()
    raise AssertionError("this seat never became the bidder")


def test_a_double_overcalled_no_longer_shows_and_the_trump_colours_are_red(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """56-DBL-1: a double stands until a later bid overcalls it; the denominations' ♥ and ♦
    are red on the buttons, ♠ and ♣ black."""
    page = table(new_browser_context, server, "56")
    calls = page.evaluate("""async () => {
      const { lastCalls } = await module('js/table/state.js');
      return lastCalls({ history: ['0 bid 28H', '1 double', '2 bid 29S', '3 pass'],
                         history_phases: ['auction', 'auction', 'auction', 'auction'] });
    }""")
    assert {seat: call["action"] for seat, call in calls.items()} == \
        {"0": "0 bid 28H", "2": "2 bid 29S", "3": "3 pass"}
    assert {call["phase"] for call in calls.values()} == {"auction"}
    still = page.evaluate("""async () => {
      const { lastCalls } = await module('js/table/state.js');
      return lastCalls({ history: ['0 bid 28H', '1 double'],
                         history_phases: ['auction', 'auction'] });
    }""")
    assert still["1"] == {"action": "1 double", "phase": "auction"}
    page.locator("#actions button.bid-value").first.click()
    colours = {}
    for button in page.locator("#actions .dens button[data-action]").all():
        den = (button.get_attribute("data-action") or "")[-2:].lstrip("0123456789")
        suit = button.locator(".suit")
        if suit.count():
            colours[den] = suit.evaluate("s => getComputedStyle(s).color")
    assert colours["H"] == colours["D"] == RED, colours
    assert colours["S"] != RED and colours["C"] != RED, colours


def test_eight_calls_each_on_its_own_plate(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """At eight players every seat's last call sits inside its own plate, so neighbouring
    "Pass" calls cannot be mixed up (the plates themselves never overlap: test_screens)."""
    for _ in range(4):                       # a room where three calls come before mine
        page = table(new_browser_context, server, "56-8p")
        for _ in range(3):
            page.wait_for_function(MY_TURN)
            if page.evaluate("document.body.dataset.phase") != "auction":
                break
            placed = page.evaluate("""() => [...document.querySelectorAll('#seats .plate')]
              .map(p => {
                const call = p.querySelector('.plate-call');
                if (!call) return null;
                const a = p.getBoundingClientRect(), b = call.getBoundingClientRect();
                return [p.dataset.seat, b.left >= a.left && b.right <= a.right
                        && b.top >= a.top && b.bottom <= a.bottom];
              }).filter(Boolean)""")
            if len(placed) >= 3:
                assert all(inside for _, inside in placed), placed
                return
            at = seq(page)                   # call, and look again at the next turn
            if page.locator("#actions button.verb-pass").count():
                page.locator("#actions button.verb-pass").click()
            elif page.locator("#actions button.bid-value").count():
                page.locator("#actions button.bid-value").first.click()
                page.locator("#actions .dens button[data-action]").first.click()
            else:
                page.locator("#actions button[data-action]").first.click()
            then_wait(page, at)
        page.context.close()
    raise AssertionError("never three calls on the table")


def test_long_names_are_not_cut(server: Server,
                                new_browser_context: Callable[..., BrowserContext]) -> None:
    """A name is shown whole (on two lines if it must), never "rules b…"."""
    name = "Aishwarya Ramachandran"
    page = table(new_browser_context, server, "28", name=name)
    for width, height in ((390, 844), (844, 390), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(f"document.documentElement.clientWidth === {width}")
        settle(page)
        cut = page.evaluate("""() => [...document.querySelectorAll('.plate-name')]
          .filter(n => n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1)
          .map(n => n.textContent)""")
        assert not cut, (width, cut)
        names = page.locator(".plate-name").all_inner_texts()
        assert page.locator(".plate.mine .plate-name").get_attribute("title") == \
            f"You ({name})"
        assert all("…" not in n for n in names), names


def test_the_sides_names_in_the_score_bar_are_whole_where_there_is_room(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """On a wide screen the score bar names each side whole ("Rahul and Priya", not
    "Rahul and Pr…"); where the bar is short the full names stay in its label."""
    page = table(new_browser_context, server, "28")
    cut = """() => [...document.querySelectorAll('#scoreboard .score-names')]
      .filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)"""
    for width, height in ((1920, 1080), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(f"document.documentElement.clientWidth === {width}")
        assert not page.evaluate(cut), (width, page.evaluate(cut))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("document.documentElement.clientWidth === 390")
    labels = page.locator("#scoreboard .score").evaluate_all("ss => ss.map(s => s.title)")
    names = page.evaluate("""async () => {
      const { seatName } = await module('js/table/state.js');
      return [seatName(1), seatName(3)];
    }""")                            # the computers' names (human-like since they got them)
    assert all(name in labels[1] for name in names) and "…" not in labels[1], (names, labels)


def settled(card: Any) -> None:
    """Wait until the card's transitions (its lift) have run to their end."""
    card.evaluate("c => Promise.all(c.getAnimations().map(a => a.finished))")


def transform(page: Page, card: Any) -> str:
    return str(card.evaluate("c => getComputedStyle(c).transform"))


def test_the_keyboard_focus_does_not_lift_an_illegal_card(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    page = table(new_browser_context, server, "28")
    to_the_play(page)
    for _ in range(30):                       # a turn with cards that may not be played
        page.wait_for_function(MY_TURN)
        if page.evaluate("document.body.dataset.phase") != "play" or dialog_open(page):
            to_the_play(page)                 # (the hand ended without one: the next one)
            continue
        if page.locator("#hand .card.illegal").count():
            break
        at = seq(page)
        page.locator("#hand .card.legal").first.click()
        then_wait(page, at)
    else:
        raise AssertionError("no turn with an illegal card")
    cards = page.locator("#hand .card")
    illegal = page.locator("#hand .card.illegal").first
    legal = page.locator("#hand .card.legal").first
    index = cards.evaluate_all("cs => cs.findIndex(c => c.classList.contains('illegal'))")
    page.mouse.move(0, 0)
    before = transform(page, illegal)
    page.keyboard.press("1")                  # the keys move along the hand
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.classList.contains('illegal')")
    settled(illegal)                          # past the cards' short transition
    assert transform(page, illegal) == before
    assert illegal.evaluate("c => getComputedStyle(c).zIndex") == "auto"
    lifted = transform(page, legal)
    target = cards.evaluate_all("cs => cs.findIndex(c => c.classList.contains('legal'))")
    page.keyboard.press("1")
    for _ in range(target):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.classList.contains('legal')")
    settled(legal)
    assert transform(page, legal) != lifted   # a playable card is raised when focused
    ring = legal.evaluate("""c => { const s = getComputedStyle(c.querySelector('.card-svg'));
        return [s.outlineStyle, s.outlineColor]; }""")
    gold = legal.evaluate("""c => getComputedStyle(
        c.querySelector('.card-svg rect:first-child')).stroke""")
    assert ring[0] == "solid" and ring[1] != gold, (ring, gold)   # not the legal cards' gold


def test_29s_bidder_who_must_reveal_is_told_he_must(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """29-PLAY-3 / 28-BR-3: when revealing is the only legal action, the prompt says
    "must", not "may" (the prompt drawn from such a state) — and not "play a card" first,
    which no card could do yet: "Your turn: you cannot follow suit: you must reveal …" —
    and not twice, the turn's note saying it again under it."""
    page = table(new_browser_context, server, "29")
    prompt = page.evaluate("""async () => {
      const s = await module('js/table/state.js');
      const h = await module('js/table/render-hand.js');
      const state = JSON.parse(JSON.stringify(s.ui.st));
      state.view.phase = 'play';
      state.view.trick = { cards: ['9S'], seats: [1], leader: 1 };
      state.to_act = s.ui.me;
      state.legal = [`${s.ui.me} reveal`];
      state.notes = [{ key: 'must_reveal_first', rule: '29-PLAY-3', params: {}, kind: 'turn',
                       text: 'you cannot follow suit, so you must first reveal the trump' }];
      s.ui.st = s.ui.latest = state;
      h.renderPrompt();
      const must = document.getElementById('prompt').textContent;
      state.legal = [`${s.ui.me} reveal`, `${s.ui.me} play ${state.view.hand[0]}`];
      h.renderPrompt();
      return [must, document.getElementById('prompt').textContent];
    }""")
    assert "you must reveal the trump" in prompt[0] and "may" not in prompt[0], prompt
    # (the note that says it again, a walk saw under it, stays in the table talk)
    assert "so you must first reveal" not in prompt[0] and "29-PLAY-3" not in prompt[0], prompt
    assert prompt[0].startswith("Your turn: you cannot follow suit"), prompt
    assert catalog("en")["prompt.play"] not in prompt[0], prompt
    assert "You may reveal the trump" in prompt[1], prompt


def test_a_seat_name_is_the_person_s(server: Server,
                                     new_browser_context: Callable[..., BrowserContext]) -> None:
    """Computer players sit under people's names ("Suresh", not "rules bot 1"), each
    marked as a computer in the page's language; my own plate says "You" in it."""
    page = table(new_browser_context, server, "28", **{"twentyeight:lang": "hi"})
    mine = page.locator(".plate.mine .plate-name").inner_text()
    assert mine == catalog("hi")["seat.you"]
    others = page.locator(".plate:not(.mine) .plate-name").all_inner_texts()
    assert len(others) == 3 and len(set(others)) == 3, others
    assert not any("bot" in n.lower() or catalog("hi")["plate.computer"] in n for n in others)
    bits = page.locator(".plate:not(.mine) .plate-bits").all_inner_texts()
    assert len(bits) == 3 and all(catalog("hi")["plate.computer"] in b for b in bits), bits


def test_one_point_is_singular_in_the_hand_s_result(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """"went down with 1 point", never "(1 points)": the result's sentence takes the plural
    form of its number of points, in English and in Tamil (புள்ளி / புள்ளிகள்)."""
    page = table(new_browser_context, server, "28")
    told = """async ([points, lang]) => {
      const i18n = await module('js/i18n.js');
      const { handResultText } = await module('js/table/text.js');
      await i18n.useLanguage(lang);
      return handResultText({ result: { made: false }, bidder: 1, contract: 16, denomination: '',
                              points: { bidding: points, opponents: 28 - points } });
    }"""
    assert "went down with 1 point against 27." in page.evaluate(told, [1, "en"])
    assert "went down with 5 points against 23." in page.evaluate(told, [5, "en"])
    assert "1 புள்ளியில் தோற்றனர்" in page.evaluate(told, [1, "ta"])
    assert "5 புள்ளிகளில் தோற்றனர்" in page.evaluate(told, [5, "ta"])


BITS_CUT = """() => [...document.querySelectorAll('#seats .plate-bits')].map(line => {
  const box = line.getBoundingClientRect();
  return [...line.querySelectorAll('.bit')].map(bit => {
    const r = bit.getBoundingClientRect();
    const shown = r.bottom <= box.bottom + 1 && r.top >= box.top - 1;
    const hidden = r.top >= box.bottom - 1;
    return { text: bit.textContent, shown, hidden, wide: bit.scrollWidth > bit.clientWidth + 1 };
  });
})"""


@pytest.mark.viewport(360, 640)
def test_a_small_plate_leaves_a_bit_off_whole(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A phone: the plates are of the smallest size that keeps their words (one line for
    what a seat is).  A bit that does not fit is left off whole (the dealer's plate says
    "dealer", not "dealer · comp…"), each bit shown is whole, the first always shown."""
    page = table(new_browser_context, server, "28")
    settle(page)
    assert page.locator("#felt").get_attribute("data-size") == "xs"
    # every computer's plate says what the dealer's did ("dealer · computer"), and more: the
    # dealer is not always a computer (nor the same one)
    page.evaluate("""async () => {
      const { bitsLine } = await module('js/table/render-table.js');
      for (const line of document.querySelectorAll('#seats .plate:not(.mine) .plate-bits')) {
        line.replaceWith(bitsLine(['bidder · 19', 'dealer', 'computer']));
      }
    }""")
    lines = page.evaluate(BITS_CUT)
    assert lines and all(line for line in lines), lines
    for line in lines:
        assert line[0]["shown"] and not line[0]["wide"], line
        assert all(b["shown"] or b["hidden"] for b in line), line
    assert any(b["hidden"] for line in lines for b in line), lines   # one was left off


LINE_STARTS = """() => [...document.querySelectorAll('#seats .plate-bits')].map(line =>
  [...line.querySelectorAll('.bit')].map((bit, i, bits) => ({
    text: bit.textContent,
    starts: i > 0 && bit.getBoundingClientRect().top
      > bits[i - 1].getBoundingClientRect().top + bit.getBoundingClientRect().height / 2,
    sep: bit.querySelector('.sep') ? getComputedStyle(bit.querySelector('.sep')).visibility
      : null })))"""


@pytest.mark.viewport(1280, 800)
def test_a_wrapped_plate_line_starts_without_a_separator(
        server: Server, shots: Path, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A desktop plate whose bits take two lines began the second with the separator ("1
    kodi · dealer" over "· computer"). A bit that starts a line hides its "·"; every other
    bit after the first shows it, again after the page is laid out anew."""
    page = table(new_browser_context, server, "28")
    settle(page)
    page.evaluate("""async () => {
      const { bitsLine } = await module('js/table/render-table.js');
      for (const line of document.querySelectorAll('#seats .plate:not(.mine) .plate-bits')) {
        line.replaceWith(bitsLine(['bidder · 19', 'dealer', 'computer plays', 'away']));
      }
      window.dispatchEvent(new Event('resize'));
    }""")
    page.wait_for_function("document.querySelector('#seats .bit.line-start') !== null")
    lines = [line for line in page.evaluate(LINE_STARTS) if len(line) == 4]
    assert lines, lines
    for line in lines:
        assert any(b["starts"] for b in line), line                  # the bits do wrap
        for bit in line[1:]:
            assert bit["sep"] == ("hidden" if bit["starts"] else "visible"), line
    page.locator("#felt").screenshot(path=str(shots / "plates-wrapped-1280x800.png"))

def test_the_auctions_prompt_names_a_double_and_56_has_no_ask_key(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """56-DBL-1: a double in the auction was only a button; the prompt said "bid at least 29
    or pass".  The line under it says the double (and a redouble), where there is room (a
    low screen leaves it out, as the buttons say it).  And where the bid names the trump
    (56-TRUMP-1) the keys' line has no "A ask or reveal"; 28's keeps it."""
    page = table(new_browser_context, server, "56")
    en = catalog("en")
    said = page.evaluate("""async () => {
      const { alsoPrompt } = await module('js/table/render-hand.js');
      const at = (legal, phase = 'auction') => alsoPrompt({ view: { phase }, legal });
      return [at(['0 bid 29H', '0 bid 30H', '0 pass', '0 double']), at(['0 pass', '0 redouble']),
              at(['0 bid 29H', '0 pass']), at(['0 bid 40H', '0 thani', '0 pass']),
              at(['0 redouble', '0 c', '0 pass'], 'redouble'), at(['0 double', '0 pass'], 'double'),
              at(['0 play 7S', '0 concede'], 'play')];
    }""")
    # and the calls a window's own prompt does not name (a walk: "Your turn: redouble or
    # pass." above a "Call C" button; "play a card" above "Concede"; 56's Thani)
    assert said == [en["prompt.may_double"], en["prompt.may_redouble"], "",
                    en["prompt.may_thani"], en["prompt.may_c"], "", en["prompt.may_concede"]]
    assert page.locator("#keys").inner_text() == en["keys.help_open"]
    assert " A " not in en["keys.help_open"] and " A " in en["keys.help"]
    page.context.close()
    page = table(new_browser_context, server, "28")
    assert page.locator("#keys").inner_text() == en["keys.help"]


@pytest.mark.viewport(390, 844)
def test_a_friend_who_comes_mid_match_sits_under_their_name(
        server: Server, shots: Path, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A walk: a friend who opened the seat link mid-match was offered a computer's seat
    ("Sit here") but no name to sit under, and would have sat as "Player 4". A watcher who may
    sit is asked their name, as the waiting room asks it (and, tapping "Sit here" with none
    given, in a question), and the claim takes it."""
    import json
    import time
    import urllib.request

    from browser.conftest import api

    made = api(server, "/api/rooms", {"rules": "28", "bots": "rules", "bot_delay": 2})
    room = made["room"]
    api(server, f"/api/rooms/{room}/start", {"token": made["host_token"]})
    page = new_browser_context().new_page()
    page.goto(f"{server.url}/r/{room}#invite={made['invite']}")
    field = page.locator("#watch-name")
    field.wait_for()
    assert field.input_value() == ""
    field.fill("Priya")
    page.screenshot(path=str(shots / "friend-mid-match-390x844.png"))
    sit_at_a_computers_seat(page)
    deadline = time.monotonic() + 10
    while True:              # waiting for the next hand, or (that hand begun) seated by then
        with urllib.request.urlopen(f"{server.url}/api/rooms/{room}", timeout=10) as got:
            waiting = [(s["waiting"], s["name"]) for s in json.load(got)["seats"]]
        if any("Priya" in pair for pair in waiting) or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert any("Priya" in pair for pair in waiting), waiting
    page.wait_for_function("!document.querySelector('#watch-name')")   # asked once
    # sat down (waiting for the seat or in it), she talks at the table under her name: she
    # was told to take a seat to talk for the rest of the hand
    page.locator("#chat-form").wait_for()
    page.fill("#chat-input", "Namaste")
    page.press("#chat-input", "Enter")
    page.wait_for_function("document.querySelector('#chat-lines').textContent"
                           ".includes('Namaste')")
    assert "Priya" in page.locator("#chat-lines li").last.inner_text() or \
        page.locator("#chat-lines li").last.inner_text().startswith("You")
    # on a phone the field is far below the plates: "Sit here" with no name asks for one
    other = new_browser_context().new_page()
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept("Kiran")

    other.on("dialog", answer)
    other.goto(f"{server.url}/r/{room}#invite={made['invite']}")
    other.locator("#watch-name").wait_for()
    sit_at_a_computers_seat(other)
    deadline = time.monotonic() + 10
    while True:
        with urllib.request.urlopen(f"{server.url}/api/rooms/{room}", timeout=10) as got:
            names = [(s["waiting"], s["name"]) for s in json.load(got)["seats"]]
        if any("Kiran" in pair for pair in names) or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert asked == [catalog("en")["lobby.your_name"]], asked
    assert any("Kiran" in pair for pair in names), names


def sit_at_a_computers_seat(page: Page) -> None:
    """Press "Sit here" on the first computer's plate, past a hand's result that the deal's
    end may open over it meanwhile (a redeal, or the hand played out)."""
    for _ in range(5):
        if page.locator("#hand-over").evaluate("d => d.open"):
            page.locator("#ho-close").click()
        try:
            page.locator("#seats .plate button").first.click(timeout=5000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError("no computer's seat could be pressed")


def test_the_centre_shows_the_contract_after_a_raise(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """28-RAISE-1: after the bidder raised 15 to 24, the centre of the table (in the Thani
    window) still said "15 · highest bid · you" beside a chip and a plate saying 24.  After
    the auction it shows the contract as it stands."""
    page = table(new_browser_context, server, "28")
    centre = page.evaluate("""async () => {
      const s = await module('js/table/state.js');
      const r = await module('js/table/render-table.js');
      const state = JSON.parse(JSON.stringify(s.ui.st));
      Object.assign(state.view, { phase: 'thani', high_bid: 15, contract: 24, bidder: s.ui.me,
                                  trick: null });
      s.ui.st = s.ui.latest = state;
      s.ui.stage = null;
      r.renderCenter();
      const shown = [document.querySelector('#center .ac-high').textContent,
                     document.querySelector('#center .ac-who').textContent];
      state.view.phase = 'auction';
      state.view.contract = null;
      r.renderCenter();
      return [...shown, document.querySelector('#center .ac-high').textContent];
    }""")
    assert centre[0] == "24" and centre[1] == "contract · You", centre
    assert centre[2] == "15", centre


@pytest.mark.viewport(360, 640)
def test_an_undertaking_offered_says_what_it_wins_and_loses(
        server: Server, shots: Path, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A walk: the Thani and single-hand buttons said what they win and risk only in their
    titles, which a phone never shows, while the contract panel still told the contract's
    stake.  Under the calls a line says it: 28-TH-3's "every trick +4, otherwise −5",
    28-SH-4's ±3, and a 56 Thani "decides the match" (56-TH-4)."""
    en = catalog("en")
    page = table(new_browser_context, server, "28")
    said = page.evaluate("""async () => {
      const s = await module('js/table/state.js');
      const h = await module('js/table/render-hand.js');
      const state = JSON.parse(JSON.stringify(s.ui.st));
      Object.assign(state.view, { phase: 'thani', offered_stakes: { thani: { win: 4, loss: 5 } } });
      state.to_act = s.ui.me;
      state.legal = [`${s.ui.me} thani`, `${s.ui.me} pass`];
      s.ui.st = s.ui.latest = state;
      h.renderActions();
      const thani = document.querySelector('#actions .offer-stakes').textContent;
      state.view.offered_stakes = { single: { win: 3, loss: 3 } };
      state.view.phase = 'single_hand';
      state.legal = [`${s.ui.me} single`, `${s.ui.me} pass`];
      h.renderActions();
      const single = document.querySelector('#actions .offer-stakes').textContent;
      state.view.offered_stakes = null;
      h.renderActions();
      return [thani, single, document.querySelectorAll('#actions .offer-stakes').length];
    }""")
    undertaking = en["contract.stakes_undertaking"]
    assert said[0] == f"{en['btn.thani']}: " + undertaking.replace("{win}", "4").replace(
        "{loss}", "5"), said
    assert said[1] == f"{en['btn.single']}: " + undertaking.replace("{win}", "3").replace(
        "{loss}", "3"), said
    assert said[2] == 0
    page.evaluate("""async () => {
      const s = await module('js/table/state.js');
      const h = await module('js/table/render-hand.js');
      Object.assign(s.ui.st.view, { phase: 'thani',
                                    offered_stakes: { thani: { win: 4, loss: 5 } } });
      s.ui.st.legal = [`${s.ui.me} thani`, `${s.ui.me} pass`];
      h.renderActions();
    }""")
    page.screenshot(path=str(shots / "thani-offered-360x640.png"))


def test_a_long_label_of_the_contract_wraps_and_not_its_value(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A walk at 1280×800: "Stake (single hand)" took the panel's width and squeezed the
    values beside it into a column a word wide ("single / hand", "Bina · team / B")."""
    page = table(new_browser_context, server, "28")
    lines = page.evaluate("""async () => {
      const s = await module('js/table/state.js');
      const r = await module('js/table/render-panels.js');
      Object.assign(s.ui.st.view, { phase: 'play', bidder: 1, contract: 16, high_bid: 16,
        special: 'single_hand', special_seat: 1, stake: { win: 3, loss: 3 } });
      r.renderContract();
      const height = (el) => el.getBoundingClientRect().height;
      const size = parseFloat(getComputedStyle(document.querySelector('#contract dd')).fontSize);
      const values = [...document.querySelectorAll('#contract dd')].slice(0, 1);
      return values.map((dd) => height(dd) / size);
    }""")
    # "single hand" on one line (a line is 1.2–1.5 times the font size); the next value, the
    # bidder's name and team, may wrap where the name is long
    assert all(n < 1.9 for n in lines), lines


def test_the_keyboard_s_focus_is_kept_at_the_table(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A keyboard walk: after a bid made with Enter the focus fell to the page (the calls are
    drawn again at each update), and every next turn began five Tabs away from the calls; an
    accessibility walk found it so at a card's turn, and after "Continue" at the end of a
    hand, too (seven Tabs to the next bid).  At my turn the focus is on a call, or on a card
    that may be played.  And in the auction the cards are not read "…, not legal now": no
    card is a choice there."""
    page = table(new_browser_context, server, "28")
    assert page.evaluate("document.body.dataset.phase") == "auction"
    names = page.locator("#hand .card").evaluate_all("cards => cards.map(c => c.ariaLabel)")
    assert names and not any("," in name for name in names), names
    on_turn = "document.activeElement.closest('#actions button, #hand .card.legal') !== null"
    seen = set()
    for _ in range(14):                      # turns of calls and cards, by the keyboard alone
        page.wait_for_function(MY_TURN)
        if dialog_open(page):
            page.keyboard.press("Enter")     # "Continue": the next hand's turn has the focus
            seen.add("continue")
            continue
        page.wait_for_function(on_turn, timeout=5000)
        seen.add(page.evaluate("document.body.dataset.phase"))
        at = seq(page)
        page.keyboard.press("Enter")             # the focused call or card is taken
        then_wait(page, at)
    assert {"auction", "play"} <= seen, seen
    if not dialog_open(page):                # "Skip to your hand" lands on a card, not the box
        page.focus("a.skip")
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.dataset.card") is not None


def test_the_table_s_keys_work_under_a_hindi_keyboard(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A keyboard walk: under a Devanagari layout (InScript) the P key types "प", and the
    table, which read only "p", did nothing.  The key where the letter sits counts too."""
    for _ in range(6):                       # until this seat may pass
        page = table(new_browser_context, server, "28")
        if page.locator("#actions button.verb-pass").count():
            break
        page.context.close()
    else:
        raise AssertionError("no turn with a pass in six tables")
    at = seq(page)
    page.evaluate("""() => document.body.dispatchEvent(new KeyboardEvent('keydown',
        { key: 'प', code: 'KeyP', bubbles: true }))""")
    then_wait(page, at)             # (the table waited for this seat: the pass was sent)
    assert catalog("en")["act.pass.you"] in page.locator("#log").inner_text()


@pytest.mark.viewport(844, 390)
def test_the_details_drawer_holds_the_focus_and_gives_it_back(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A keyboard walk on a phone held sideways: with the "Details" drawer open, Shift+Tab
    reached the cards and calls it covers, and closing it (Escape, ×) left the focus on a
    hidden button or the page.  The table behind is out of reach while it is open, and the
    focus goes back to "Details"."""
    page = table(new_browser_context, server, "28")
    page.locator("#details-btn").click()
    assert page.evaluate("document.querySelector('main .play').inert")
    for _ in range(12):                      # round the page backwards: never the table
        page.keyboard.press("Shift+Tab")
        behind = page.evaluate("document.activeElement.closest('main .play') !== null")
        assert not behind, page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "details-btn"
    assert not page.evaluate("document.querySelector('main .play').inert")
