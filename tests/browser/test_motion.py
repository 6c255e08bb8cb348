"""Issue 16, "motion and sound": a card travels from the hand (or its player) to the trick;
a finished trick stays in view, its winner marked, and is swept to the winner; the hand's last
trick is seen before the result; sounds for a card, your turn and a trick won, with a mute
switch that is remembered; ``prefers-reduced-motion`` keeps the pauses and moves nothing.

The page's presentation is followed through a timeline recorded in the page: every change of
``body[data-stage]`` with the trick's cards on the felt at that moment, whether the result
dialog is open, and every sound asked for (the "twentyeight:sound" events).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from browser.conftest import (
    MY_TURN,
    dialog_open,
    seated_table,
    seq,
    then_wait,
    to_my_first_turn,
    to_the_play,
)
from server.harness import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

TIMELINE = """
window.__timeline = []; window.__sounds = [];
document.addEventListener('twentyeight:sound', (e) => window.__sounds.push(e.detail));
new MutationObserver(() => {
  const b = document.body;
  const last = window.__timeline.at(-1);
  if (last && last.stage === (b.dataset.stage || '')) return;
  window.__timeline.push({
    stage: b.dataset.stage || '', t: performance.now(),
    cards: document.querySelectorAll('#center .tcard').length,
    winner: document.querySelectorAll('#center .tcard.winner').length,
    dialog: document.querySelector('#hand-over').open,
  });
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-stage'] });
"""


def open_page(make: Callable[..., BrowserContext], server: Server, pace: str,
              **options: Any) -> Page:
    storage = seated_table(server, "28")
    room = storage.pop("room")
    context = make({**storage, "twentyeight:pace": pace}, **options)
    context.set_default_timeout(45_000)       # every move is shown at its own pace
    context.add_init_script(TIMELINE)
    page = context.new_page()
    page.goto(f"{server.url}/r/{room}")
    page.mouse.click(5, 5)                    # a gesture: the browser lets the sound start
    return page


def play_out_the_hand(page: Page) -> None:
    """Play the first legal card at each turn until the hand's result dialog opens."""
    to_the_play(page)
    for _ in range(40):
        page.wait_for_function(MY_TURN)
        if dialog_open(page):
            return
        legal = page.locator("#hand .card.legal")
        if not legal.count():                 # a call (ask, reveal) the play needs
            page.locator("#actions button[data-action]").first.click()
            continue
        at = seq(page)
        legal.first.click()
        then_wait(page, at)
    raise AssertionError("the hand did not end")


def test_cards_travel_tricks_are_held_and_swept_and_the_last_trick_comes_first(
        new_browser_context: Callable[..., BrowserContext], server: Server) -> None:
    page = open_page(new_browser_context, server, "normal")
    play_out_the_hand(page)
    timeline: list[dict[str, Any]] = page.evaluate("window.__timeline")
    stages = [e["stage"] for e in timeline]
    assert "fly" in stages and int(page.evaluate("document.body.dataset.moved || 0")) > 8
    # every finished trick is held in view, whole, its winner marked, then swept
    held = [i for i, e in enumerate(timeline) if e["stage"] == "trick"]
    assert len(held) >= 7, stages
    for i in held:
        trick, after = timeline[i], timeline[i + 1]
        assert trick["cards"] == 4 and trick["winner"] == 1, trick
        assert after["stage"] == "sweep", (trick, after)
        assert after["t"] - trick["t"] >= 900, "a finished trick must stay in view"
    # the hand's last trick: held and swept before the result dialog, which comes after (the
    # last result: a hand annulled by a computer's redeal may have come before, 28-POST-3)
    result = len(stages) - 1 - stages[::-1].index("result")
    assert stages[result - 3:result] == ["trick", "sweep", ""], stages[result - 4:result + 1]
    assert not timeline[result - 3]["dialog"] and timeline[result - 3]["cards"] == 4
    assert dialog_open(page)
    # and the next hand waits behind the result: nothing new is shown until "Continue"
    hand = page.locator("body").get_attribute("data-hand")
    page.wait_for_timeout(600)
    assert page.locator("body").get_attribute("data-hand") == hand
    page.get_by_role("button", name="Continue").click()
    page.wait_for_function(f"document.body.dataset.hand !== '{hand}'")
    # the sounds of the hand: cards, your turn, tricks won — none muted
    sounds = [s["name"] for s in page.evaluate("window.__sounds")]
    assert {"card", "turn", "trick"} <= set(sounds), sounds
    assert sounds.count("trick") >= 7


def test_the_mute_switch_silences_the_table_and_is_remembered(
        new_browser_context: Callable[..., BrowserContext], server: Server) -> None:
    page = open_page(new_browser_context, server, "instant")
    to_my_first_turn(page)             # past a computer's redeal, whose result takes the click
    mute = page.locator("#mute")
    assert mute.get_attribute("aria-pressed") == "false"
    mute.click()
    assert mute.get_attribute("aria-pressed") == "true"
    page.evaluate("window.__sounds.length = 0")
    to_the_play(page)
    at = seq(page)
    page.locator("#hand .card.legal").first.click()
    then_wait(page, at)
    page.wait_for_function(MY_TURN)
    sounds = page.evaluate("window.__sounds")
    assert sounds and all(s["muted"] for s in sounds), sounds
    assert page.evaluate("localStorage.getItem('twentyeight:mute')") == "1"
    page.reload()
    assert page.locator("#mute").get_attribute("aria-pressed") == "true"


def test_reduced_motion_moves_nothing_but_keeps_the_trick_in_view(
        new_browser_context: Callable[..., BrowserContext], server: Server) -> None:
    page = open_page(new_browser_context, server, "normal", reduced_motion="reduce")
    to_the_play(page)
    for _ in range(8):                        # until a trick is finished
        page.wait_for_function(MY_TURN)
        if any(e["stage"] == "trick" for e in page.evaluate("window.__timeline")):
            break
        at = seq(page)
        page.locator("#hand .card.legal").first.click()
        then_wait(page, at)
    # the held trick is over once the presentation moves on
    page.wait_for_function("(() => { const t = window.__timeline;"
                           " const i = t.findIndex(e => e.stage === 'trick');"
                           " return i >= 0 && i + 1 < t.length; })()")
    timeline = page.evaluate("window.__timeline")
    held = [i for i, e in enumerate(timeline) if e["stage"] == "trick"]
    assert held, timeline
    assert "sweep" not in [e["stage"] for e in timeline]
    assert timeline[held[0] + 1]["t"] - timeline[held[0]]["t"] >= 900
    assert int(page.evaluate("document.body.dataset.moved || 0")) == 0
