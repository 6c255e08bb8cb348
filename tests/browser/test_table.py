"""The browser table, driven like a person would: Debian's headless chromium through Playwright.

A person makes a room in the lobby, takes a seat, starts with computer players in the other
seats, bids and plays a whole hand of 28 by clicking, is refused an illegal card with the
engine's reason, reviews the last trick and comes back to the seat after a reload.  Another
person plays a card with the keyboard alone on a phone-sized screen.  A third opens the
room's link without a seat and watches: the table, the trick and the auction, but no hand.
Screenshots of each are saved as test artefacts.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser.conftest import (
    MY_TURN,
    act_simply,
    catalog,
    dialog_open,
    number,
    seated_page,
    seated_table,
    seq,
    then_wait,
    to_my_first_turn,
    to_the_play,
)
from browser.geometry import problems, settle
from server.harness import Server

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import BrowserContext, Page

def open_table(context: BrowserContext, server: Server, name: str) -> Page:
    """Make a room of 28 in the lobby with instant computer players, sit at seat 0, start."""
    from playwright.sync_api import expect

    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/")
    expect(page.locator("#preset option[value='56-8p']")).to_have_count(1)   # every preset
    page.select_option("#preset", "28")
    page.select_option("#bots", "casual")      # the level of the `rules` player
    page.select_option("#bot-delay", "0")
    page.get_by_role("button", name="Make the table").click()
    page.wait_for_url(re.compile(r"/r/\w+$"))
    expect(page.get_by_role("heading", name="Waiting for players")).to_be_visible()
    page.fill("#name-input", name)
    page.get_by_role("button", name="Sit at seat 1").click()    # (the first seat, as people count)
    expect(page.locator("#waiting")).to_contain_text(f"{name} (you)")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#hand .card").first).to_be_visible()
    assert not errors, errors
    return page


def hand_size(page: Page) -> int:
    return page.locator("#hand .card").count()


def shot(page: Page, path: Path, full_page: bool = False) -> None:
    """A screenshot of the table as it stands (animations finished)."""
    page.screenshot(path=str(path), full_page=full_page, animations="disabled")


def short(card: str) -> str:
    """``"TD"`` → ``"10♦"``, as the table writes it."""
    rank = "10" if card[0] == "T" else card[:-1]
    return rank + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]]


def test_a_person_plays_a_full_hand_by_clicking(browser_context: BrowserContext,
                                                server: Server, artifacts: Path) -> None:
    from playwright.sync_api import expect

    page = open_table(browser_context, server, "Asha")
    expect(page.locator("#scoreboard .score-value")).to_have_text(["0", "0"])
    # one heading names the page for a screen reader, on a phone too (where the top bar
    # has no room to show it); the scores are one labelled group
    expect(page.locator("h1")).to_have_count(1)
    expect(page.locator("h1")).to_have_text(page.locator("#room-title").inner_text())
    assert page.locator("#scoreboard").get_attribute("role") == "group"

    # a card clicked during the auction is refused with the engine's reason
    to_my_first_turn(page)
    assert page.locator("#prompt").inner_text().startswith("Your turn: bid")
    page.locator("#hand .card").first.click()
    expect(page.locator("#notice")).to_contain_text("Not allowed")
    expect(page.locator("#notice")).to_contain_text("the auction is on: bid or pass")

    bid_made = refused_in_play = False
    plays = 0
    screenshot_taken = False
    rows: list[str] = []
    dialog = page.locator("#hand-over")
    for _ in range(400):
        page.wait_for_function(MY_TURN)
        if dialog_open(page):
            result = page.locator("#ho-body .ho-result").last.inner_text()
            if "annulled" not in result and plays >= 7:
                # a whole hand: its result, and the game score, one side's changed
                assert re.search(r"bid \d+.* and (made it|went down) with \d+ points? "
                                 r"against \d+", result), result
                rows = dialog.locator(".score-table td").all_inner_texts()
                assert len(rows) == 2 and sorted(rows) != ["0", "0"], rows
                if refused_in_play:
                    break
            # a redeal, or no card was refused yet (the deal allowed none): another hand
            page.get_by_role("button", name="Continue").click()
            plays = 0
            continue
        legal = page.locator("#hand .card.legal")
        if legal.count():                              # play (or lay the trump card)
            playing = page.locator("#prompt").inner_text().startswith("Your turn: p") or \
                "lead" in page.locator("#prompt").inner_text()
            illegal = page.locator("#hand .card.illegal")
            if playing and illegal.count() and not refused_in_play:
                before = hand_size(page)
                label = illegal.first.get_attribute("aria-label") or ""
                assert label.endswith(", not legal now")
                illegal.first.click()
                expect(page.locator("#notice")).to_contain_text(
                    re.compile(r"Not allowed — \w+ of \w+: \w.{8,}"))
                assert hand_size(page) == before        # nothing was played
                refused_in_play = True
            before = hand_size(page)
            label = legal.first.get_attribute("aria-label") or ""
            assert re.search(r"^\w+ of \w+, (legal|can be laid as trump)$", label), label
            if playing and not screenshot_taken and before <= 6:
                shot(page, artifacts / "table-desktop-1280x800.png")
                screenshot_taken = True
            card = legal.first.get_attribute("data-card") or ""
            at, hand = seq(page), page.locator("body").get_attribute("data-hand")
            legal.first.click()
            then_wait(page, at)
            if playing:                                # it left the hand, and the table says so
                # (unless that was the hand's last card and the next deal holds the same card)
                page.wait_for_function(
                    f"document.body.dataset.hand !== '{hand}' || "
                    f"!document.querySelector(\"#hand .card[data-card='{card}']\")")
                expect(page.locator("#log")).to_contain_text(f"You play {short(card)}")
            plays += playing
            continue
        bids = page.locator("#actions button.verb-bid")
        passes = page.locator("#actions button.verb-pass")
        at = seq(page)
        if bids.count() and not bid_made:              # bid through the UI once
            bids.first.click()
            bid_made = True
        elif passes.count():
            passes.first.click()
        else:
            page.locator("#actions button[data-action]").first.click()
        then_wait(page, at)
    else:
        raise AssertionError(f"no whole hand with a refused card ({rows=}, {refused_in_play=})")

    # the dialog's game score is the score bar's
    page.get_by_role("button", name="Continue").click()
    expect(page.locator("#scoreboard .score-value")).to_have_text(rows)
    assert bid_made

    # review the last trick (of the finished hand, until the new hand has one; a hand that a
    # computer annulled as dealt in between has none, 28-POST-3: its result is closed first)
    to_my_first_turn(page)
    page.get_by_role("button", name="Show the last trick").click()
    expect(page.locator("#last-trick")).to_be_visible()
    expect(page.locator("#last-trick")).to_contain_text(re.compile(r"won by .+ \(\d+ points?\)"))
    expect(page.locator("#last-trick .tr-card")).to_have_count(4)

    # a reload brings the person back to the same seat (the token is kept by the browser)
    page.reload()
    expect(page.locator("#log")).to_contain_text("You are Asha at seat 1.")   # (from 1)
    expect(page.locator("#hand .card").first).to_be_visible()
    expect(page.locator("#scoreboard .score-value")).to_have_text(rows)
    if not screenshot_taken:
        shot(page, artifacts / "table-desktop-1280x800.png")
    print(f"\nscreenshots in {artifacts}")


@pytest.mark.viewport(390, 844)
def test_keyboard_play_on_a_phone(browser_context: BrowserContext, server: Server,
                                  artifacts: Path) -> None:
    """On a phone-sized screen, a card is chosen and played with the keyboard alone."""
    from playwright.sync_api import expect

    page = open_table(browser_context, server, "Ravi")
    shot(page, artifacts / "table-phone-390x844-auction.png")
    to_the_play(page)
    labels = page.locator("#hand .card").evaluate_all("cs => cs.map(c => c.ariaLabel)")
    target = next(i for i, label in enumerate(labels) if label.endswith(", legal"))
    card = page.locator("#hand .card").nth(target).get_attribute("data-card") or ""
    page.keyboard.press("1")                          # focus the first card
    for _ in range(target):
        page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == labels[target]
    at = seq(page)
    page.keyboard.press("Enter")
    then_wait(page, at)
    expect(page.locator(f"#hand .card[data-card='{card}']")).to_have_count(0)
    expect(page.locator("#log")).to_contain_text(f"You play {short(card)}")
    expect(page.locator("#live")).to_contain_text(re.compile(r"\w"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390   # no sideways scroll
    shot(page, artifacts / "table-phone-390x844.png")
    shot(page, artifacts / "table-phone-390x844-full.png", full_page=True)


FACE = "svg.card-svg rect[fill='url(#card-sheen)']"   # a card's face (a back has none)


def test_a_spectator_watches_without_seeing_a_hand(
        new_browser_context: Callable[[], BrowserContext], server: Server,
        artifacts: Path) -> None:
    """Someone who opens the room's link without taking a seat watches the match: the seats,
    the trick and the auction as everyone sees them, every hand face down, no legal cards and
    nothing to play or call."""
    from playwright.sync_api import expect

    player = open_table(new_browser_context(), server, "Meera")
    to_the_play(player)
    for _ in range(7):                        # to a turn of Meera's with cards on the table (not
        at = seq(player)                      # a lead of hers after a trick she won)
        player.locator("#hand .card.legal").first.click()
        then_wait(player, at)
        player.wait_for_function(MY_TURN)     # the computers have played: Meera is to act again
        assert not dialog_open(player)
        if player.locator("#center .tcard").count() and \
                player.locator("#hand .card.legal").count():
            break
    else:
        raise AssertionError("Meera led every trick")
    at = seq(player)
    trick = [label.replace("You: ", "Meera: ", 1) for label in
             player.locator("#center .tcard").evaluate_all("cs => cs.map(c => c.ariaLabel)")]
    calls = player.locator("#auction li .what").all_inner_texts()
    assert trick and calls

    errors: list[str] = []
    watcher = new_browser_context().new_page()               # another browser: no seat token
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    watcher.goto(player.url)
    expect(watcher.locator("body")).to_have_attribute("data-seq", str(at))

    # told that they are watching, and whose turn it is
    expect(watcher.locator("#watching")).to_be_visible()
    expect(watcher.locator("#watching")).to_have_text("Watching")
    expect(watcher.locator("#prompt")).to_have_text(re.compile(r"^Watching\. Meera is to play"))
    # the table: four seats (none of them theirs), the trick and the auction as Meera sees them
    expect(watcher.locator("#seats .plate")).to_have_count(4)
    expect(watcher.locator("#seats .plate.mine")).to_have_count(0)
    expect(watcher.locator("#seats .plate.turn")).to_contain_text("Meera")
    expect(watcher.locator("#center .tcard")).to_have_count(len(trick))
    assert watcher.locator("#center .tcard").evaluate_all(
        "cs => cs.map(c => c.ariaLabel)") == trick
    expect(watcher.locator("#auction li .what")).to_have_text(calls)
    # every hand face down: backs on all four plates, no face outside the trick, no hand
    expect(watcher.locator("#seats .plate .mini-fan")).to_have_count(4)
    expect(watcher.locator(f"#seats {FACE}")).to_have_count(0)
    expect(watcher.locator(f"#center {FACE}")).to_have_count(len(trick))
    expect(watcher.locator("#hand")).to_be_hidden()
    expect(watcher.locator("#hand > *")).to_have_count(0)
    expect(watcher.locator(f"#me {FACE}")).to_have_count(0)
    expect(watcher.locator(".card, .legal, .illegal")).to_have_count(0)
    # and nothing to act with: no calls, no turn, no line of keys to play with; the keys do
    # nothing
    expect(player.locator("#keys")).to_be_visible()
    expect(watcher.locator("#keys")).to_be_hidden()
    expect(watcher.locator("#actions > *")).to_have_count(0)
    expect(watcher.locator("button[data-action]")).to_have_count(0)
    expect(watcher.locator("#prompt.mine")).to_have_count(0)
    for key in ("p", "a", "1", "Enter"):
        watcher.keyboard.press(key)
    expect(watcher.locator("#notice")).to_be_hidden()
    assert seq(player) == at and seq(watcher) == at
    assert player.evaluate(MY_TURN)                            # still Meera's turn
    assert not errors, errors
    shot(watcher, artifacts / "table-spectator-1280x800.png")


def passes_after_the_trump(page: Page) -> list[str]:
    """The auction panel's entries after "trump chosen", through the play of 28."""
    to_the_play(page)
    calls = page.locator("#auction li .what").all_inner_texts()
    assert "trump chosen" in calls, calls
    before = calls[:calls.index("trump chosen")]
    assert before and all(c == "Pass" or c.isdigit() for c in before), before
    return calls[calls.index("trump chosen") + 1:]


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_pass_in_the_raise_window_reads_as_no_raise(
        new_browser_context: Callable[..., BrowserContext], server: Server, artifacts: Path,
        width: int, height: int) -> None:
    """28-RAISE-1: after the trump is chosen, the bidding side passes in the raise window.
    The auction panel says "No raise" for those and the table's log "Uma does not raise", as
    the terminal game does, not a bare "Pass" that reads like another call of the auction
    (28-AUC-4)."""

    seat = seated_table(server, "28")
    room = seat.pop("room")
    page = new_browser_context({**seat, "twentyeight:pace": "instant"},
                               viewport={"width": width, "height": height}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/r/{room}")
    windows = passes_after_the_trump(page)
    words = set(catalog("en")[f"pass.{p}"] for p in
                ("double", "redouble", "raise", "single_hand", "thani"))
    assert "No raise" in windows and set(windows) <= words, windows
    told = page.locator("#log").inner_text()
    assert told.count("does not raise") + told.count("You do not raise") \
        == windows.count("No raise"), told
    page.locator("#auction").scroll_into_view_if_needed()
    shot(page, artifacts / f"table-{width}x{height}-no-raise.png")
    assert not errors, errors


def to_my_raise_window(page: Page) -> bool:
    """Through the auction (bidding the lowest value once, then passing) to this seat's turn
    in the raise window (28-RAISE-1); False if the hand reached the play (or its end)
    without one."""
    bid_once = False
    for _ in range(40):
        page.wait_for_function(MY_TURN)
        phase = page.evaluate("document.body.dataset.phase")
        if phase == "raise":
            return True
        if phase == "play" or dialog_open(page):
            return False
        at = seq(page)
        if page.locator("#hand .card.legal").count():              # lay a trump card
            page.locator("#hand .card.legal").first.click()
        elif page.locator("#actions button.verb-bid").count() and not bid_once:
            bid_once = True
            page.locator("#actions button.verb-bid").first.click()
        elif page.locator("#actions button.verb-pass").count():
            page.keyboard.press("p")
        else:
            page.locator("#actions button[data-action]").first.click()
        then_wait(page, at)
    return False


@pytest.mark.viewport(390, 844)
@pytest.mark.parametrize("lang", ["ta", "bn"])
def test_the_raise_window_on_a_phone(
        lang: str, new_browser_context: Callable[..., BrowserContext], server: Server,
        artifacts: Path) -> None:
    """28-RAISE-1 at this seat's turn, on a phone, in the language of the longest words: the
    prompt says "your turn" once, the raises are one row of values after one "raise to", and
    nothing on the table is covered or cut (the five whole "raise to …" buttons once pushed
    the bidder's plate over the auction's card).  In Bengali the values are in its digits, as
    the bids were (they were "24 25 26" beside bids of "১৫ ১৬")."""
    words = catalog(lang)
    errors: list[str] = []
    for _ in range(12):
        seat = seated_table(server, "28")
        room = seat.pop("room")
        page = new_browser_context({**seat, "twentyeight:pace": "instant",
                                    "twentyeight:lang": lang}).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/r/{room}")
        if to_my_raise_window(page):
            break
        page.context.close()
    else:
        raise AssertionError("no raise window came to this seat in twelve hands")
    prompt = page.locator("#prompt").inner_text()
    assert prompt.startswith(words["turn.raise"]), prompt
    assert prompt.count(words["prompt.your_turn"].split("{what}")[0].strip()) == 1, prompt
    raises = page.locator("#actions .raises button.verb-raise")
    values = raises.all_inner_texts()
    assert values and all(v.isdigit() for v in values), values
    assert values == [number(lang, int(v)) for v in values], values
    assert page.locator("#actions .raises .raises-label").inner_text() == \
        words["actions.raise_to"]
    assert raises.first.get_attribute("aria-label") == \
        words["btn.raise"].replace("{value}", values[0])
    settle(page)
    shot(page, artifacts / f"table-390x844-raise-window-{lang}.png")
    assert not problems(page), problems(page)
    assert not errors, errors


SIX_PIPS = """async () => {
  const { sixSVG } = await module('js/cards.js');
  return [3, -2, 0, 6, -9].map(score => {
    const svg = sixSVG(score);
    return [/stroke="#c62631"/.test(svg) ? 'red' : 'black',
            (svg.match(/<g opacity="1">/g) || []).length,
            (svg.match(/<g opacity=/g) || []).length];
  });
}"""


def test_the_game_score_is_kept_with_a_red_and_a_black_six(
        new_browser_context: Callable[..., BrowserContext], server: Server) -> None:
    """28-END-3: a side's game score is shown with a six, red (hearts) for a plus score and
    black (spades) for a minus one, as many of its six pips showing as the score; a game kept
    in tables (56) shows no six."""
    seat = seated_table(server, "28")
    room = seat.pop("room")
    page = new_browser_context({**seat, "twentyeight:pace": "instant"}).new_page()
    page.goto(f"{server.url}/r/{room}")
    to_my_first_turn(page)
    assert page.locator("#scoreboard .score .six svg").count() == 2
    label = page.locator("#scoreboard .score").first.get_attribute("aria-label") or ""
    assert label.endswith(": 0 (a red six showing 0)"), label
    assert page.evaluate(SIX_PIPS) == [["red", 3, 6], ["black", 2, 6], ["red", 0, 6],
                                       ["red", 6, 6], ["black", 6, 6]]
    seat = seated_table(server, "56")
    room = seat.pop("room")
    tables = new_browser_context({**seat, "twentyeight:pace": "instant"}).new_page()
    tables.goto(f"{server.url}/r/{room}")
    to_my_first_turn(tables)
    assert tables.locator("#scoreboard .score").count() == 2
    assert tables.locator("#scoreboard .six").count() == 0


def test_56s_tables_are_counted_not_signed(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """56 keeps score in tables, twelve a side, moved between the sides (56-MATCH-1): the
    bar shows how many each side holds ("12", read "12 tables"), not points ("+12"), and a
    hand's result says the tables moved ("Tables: … +1 and the opponents -1"), with the sides'
    tables under the caption "Tables", where it said "Game score" beside a +13 and a +11."""
    page, errors = seated_page(new_browser_context, server, "56")
    en = catalog("en")
    assert page.locator("#scoreboard .score-value").all_inner_texts() == ["12", "12"]
    labels = page.locator("#scoreboard .score").evaluate_all(
        "ss => ss.map(s => s.getAttribute('aria-label'))")
    assert all(label.endswith(": 12 tables") for label in labels), labels
    to_the_play(page)
    for _ in range(40):                                  # on to the hand's result
        page.wait_for_function(MY_TURN)
        if dialog_open(page):
            break
        act_simply(page)
    assert dialog_open(page)
    body = page.locator("#ho-body")
    result = body.locator(".ho-result").inner_text()
    caption = body.locator(".score-table caption").inner_text()
    counts = body.locator(".score-table td").all_inner_texts()
    annulled = "annul" in result.lower()
    assert caption == en["score.caption_tables"]
    assert all(c.isdigit() for c in counts) and sum(map(int, counts)) == 24, counts
    assert annulled or en["result.tables"].split(":")[0] + ":" in result, result
    assert en["result.game_score"].split(":")[0] not in result
    assert not errors


def test_no_rematch_count_where_nobody_is_seated_to_agree(
        new_browser_context: Callable[..., BrowserContext], server: Server,
        artifacts: Path) -> None:
    """A table of computers, watched to the end of its match: nobody is seated to agree to a
    rematch, and the watcher's last result said "Ready for a rematch: 0 of 0." (so did the
    line under the prompt).  Nothing is counted now: the watcher is offered nothing, and the
    host of the table (a table of friends), watching, only "Deal the rematch now"."""
    from browser.conftest import DIALOG_CLOSED_OR_REOPENED, api

    made = api(server, "/api/rooms", {"rules": {"preset": "28", "game_target": 1},
                                      "bots": "rules", "bot_delay": 0})
    room = made["room"]
    watcher = new_browser_context({"twentyeight:pace": "instant"},
                                  viewport={"width": 360, "height": 640}).new_page()
    errors: list[str] = []
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    watcher.goto(f"{server.url}/r/{room}")
    api(server, f"/api/rooms/{room}/start", {"token": made["host_token"]})
    for _ in range(40):                       # each hand's result, on to the match's last
        watcher.wait_for_function("document.querySelector('#hand-over').open", timeout=120_000)
        if watcher.locator("#ho-body .ho-match").count():
            break
        at = seq(watcher)
        watcher.keyboard.press("Enter")
        watcher.wait_for_function(DIALOG_CLOSED_OR_REOPENED, arg=at)
    watcher.locator("#ho-body .ho-match").wait_for()
    watcher.evaluate("async () => (await module('js/table/state.js')).refresh()")   # drawn now
    watcher.screenshot(path=str(artifacts / "table-watcher-match-over-360x640.png"))
    for box in ("#ho-rematch", "#match-rematch"):
        assert watcher.locator(f"{box} .rematch").count() == 0, watcher.inner_text(box)
        assert watcher.inner_text(box).strip() == ""

    host = new_browser_context({"twentyeight:pace": "instant",
                                f"twentyeight:host:{room}": made["host_token"]}).new_page()
    host.on("pageerror", lambda e: errors.append(str(e)))
    host.goto(f"{server.url}/r/{room}")
    host.locator("#match-rematch [data-rematch='host']").wait_for()
    assert host.locator("#match-rematch .votes").count() == 0
    assert host.inner_text("#match-rematch") == catalog("en")["rematch.host"]
    assert not errors, errors


def test_a_rematch_vote_is_said_again_when_someone_leaves_a_public_table(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """Waiting at a public table for a rematch I agreed to, a room summary that says a
    person went away sends my vote again (the server then deals it for those still there);
    one that changes nothing sends nothing, nor does a private table's."""
    page, errors = seated_page(new_browser_context, server, "28")
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: frames.append(str(f))))
    page.reload()
    page.wait_for_function("document.body.dataset.caught === '1'")
    sent = page.evaluate("""async () => {
      const { ui } = await module('js/table/state.js');
      const { receive } = await module('js/table/messages.js');
      ui.rematch = { type: 'rematch', agreed: [ui.me], needed: [ui.me, 2], room: null, path: null };
      const base = { ...ui.room, public: true };
      const gone = { ...base, seats: base.seats.map((s, k) => k === 2
        ? { ...s, kind: 'human', connected: false } : s) };
      const here = { ...base, seats: base.seats.map((s, k) => k === 2
        ? { ...s, kind: 'human', connected: true } : s) };
      ui.room = here;
      receive(here);                                    // nothing changed: nothing said
      receive(gone);                                    // somebody went: the vote again
      receive({ ...here, public: false }); receive({ ...gone, public: false });
      return true;
    }""")
    assert sent
    page.wait_for_timeout(300)
    votes = [f for f in frames if '"type":"rematch"' in f.replace(" ", "")]
    assert len(votes) == 1, frames
    assert errors == []


def test_a_hand_before_a_newcomer_sat_is_told_as_the_computers(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A newcomer took seat 3 over from its computer at the third hand: the earlier hands'
    lines and results named the newcomer for the computer's cards ("Bina played 8♦" of a
    hand Bina never saw).  A hand before a seat's ``sat_from`` is the computer's."""
    page, errors = seated_page(new_browser_context, server, "28")
    named = page.evaluate("""async () => {
      const s = await module('js/table/state.js');
      const seats = s.ui.room.seats.map((x) => ({ ...x }));
      seats[2] = { ...seats[2], kind: 'human', name: 'Bina', sat_from: 2 };
      s.ui.room = { ...s.ui.room, seats };
      return [s.seatName(2, { hand: 1 }), s.seatName(2, { hand: 2 }), s.seatName(2),
              s.teamName(s.teamOf(2), { hand: 0 })];
    }""")
    computer = catalog("en")["seat.computer_at"].replace("{n}", "3")
    assert named[:3] == [computer, "Bina", "Bina"], named
    assert computer in named[3], named
    assert errors == []


@pytest.mark.viewport(360, 640)
def test_a_one_line_plate_hides_the_bits_that_wrap_below_it(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A small plate keeps what a seat is to one line; in Bengali its second line ("কম্পিউটার"
    under "ডাকদাতা · ১৫") showed the tops of its letters over the line's edge.  A bit past
    the one line is hidden whole; on a plate of any lines nothing is."""
    page, errors = seated_page(new_browser_context, server, "28", **{"twentyeight:lang": "bn"})
    hidden = page.evaluate("""async () => {
      const { markLineStarts, } = await module('js/table/layout.js');
      const { bitsLine } = await module('js/table/render-table.js');
      const make = (clamp) => {
        const plate = document.createElement('div');
        plate.style.cssText = 'position:absolute;left:0;top:0;width:90px;font-size:14px';
        const line = bitsLine(['ডাকদাতা · ১৫', 'কম্পিউটার', 'ডিলার']);
        if (clamp) line.style.cssText = 'line-height:1.25;max-height:1.25em;overflow:hidden';
        plate.append(line);
        document.body.append(plate);
        markLineStarts([plate]);
        const out = [...line.querySelectorAll('.bit')].map((b) => getComputedStyle(b).visibility);
        plate.remove();
        return out;
      };
      return [make(true), make(false)];
    }""")
    assert hidden[0][0] == "visible" and "hidden" in hidden[0][1:], hidden
    assert hidden[1] == ["visible"] * 3, hidden
    assert errors == []
