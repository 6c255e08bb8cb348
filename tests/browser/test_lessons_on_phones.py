"""The lessons (/learn, /learn/29, /learn/56) on a phone, as a tester walking them found them:
the way to the rules and to the other lessons was hidden below 900 px, the six cards of 56's
twins ran into one unlabelled row (which J♥ was the learner's?), the title was cut to "Learn
to play …" and the learner's own plate to "നിങ്ങൾ · വിളി…", and a rule's ID broke across two
lines ("(28-REV-" above "3)").  Screenshots in ``learning/`` of the artifacts."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from browser.test_learning import (
    INDEX_UNDER_A_LATER_CARD,
    PLATE_ON_A_TRICK_CARD,
    _walk,
    open_page,
    step_of,
)
from server.harness import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

SHOTS = "learning"
"""The folder of the artifacts with this file's screenshots (conftest's ``shots``)."""


PHONES = [(390, 844), (360, 640)]


def lesson_at(make: Callable[..., BrowserContext], server: Server, game: str, key: str,
              size: tuple[int, int], lang: str, shots: Path
              ) -> tuple[Page, dict[str, Any], list[str]]:
    """``game``'s lesson walked at ``size`` in ``lang`` to its step that says ``key``: the
    page, that step and the page's errors."""
    with urllib.request.urlopen(f"{server.url}/api/tutorial?game={game}", timeout=10) as got:
        steps = json.load(got)["steps"]
    page, errors = open_page(make, server, "/learn" if game == "28" else f"/learn/{game}",
                             size, lang)
    page.wait_for_selector("#say:not(:empty)")
    at = step_of(steps, key)
    _walk(page, steps[:at], shots, size)
    page.wait_for_function("n => document.querySelector('#progress').textContent.includes(n)",
                           arg=str(at + 1))
    return page, steps[at], errors


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_phone_reaches_the_rules_and_the_other_lessons_from_a_lesson(
        size: tuple[int, int], server: Server, shots: Path,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    """Below 900 px the history of the hand and the links to the rules and the other lessons
    were hidden: a lesson led a phone nowhere but to a game, at its end.  They are under the
    board (the lesson, the hand and the table keep the first screen): the links first, then
    every call and card."""
    page, _, errors = lesson_at(new_browser_context, server, "56", "tut56.twins", size, "en",
                                shots)
    below = "e => e.getBoundingClientRect().top >= " \
            "document.querySelector('.lb-felt').getBoundingClientRect().bottom"
    for link, href in [("#rules-link", "/rules/56"), ("#other-lessons a[href='/learn']", "/learn"),
                       ("#other-lessons a[href='/learn/29']", "/learn/29")]:
        shown = page.locator(link)
        shown.scroll_into_view_if_needed()
        assert shown.is_visible(), link
        assert shown.get_attribute("href") == href
        assert shown.evaluate(below), link                      # (under the board)
    history = page.locator("#history li")
    assert history.last.is_visible() and history.count() == 19
    assert history.last.inner_text() == "Left plays 10♥"
    page.screenshot(path=str(shots / f"tutorial-links-{size[0]}x{size[1]}.png"), full_page=True)
    page.click("#rules-link")
    page.wait_for_url(server.url + "/rules/56")
    assert errors == []


SEAT_SIDES = """() => {
  // each card of the trick (in the order played) and the plate of the seat that played it:
  // on which side of the trick's middle the card lies, and on which side of the felt's middle
  // the plate (−1, 0, 1 across and down; 0 within a fifth of a card of the middle)
  const felt = document.querySelector('.lb-felt').getBoundingClientRect();
  const cards = [...document.querySelectorAll('.lb-played')].map((e) => e.getBoundingClientRect());
  const mid = (b) => [b.left + b.width / 2, b.top + b.height / 2];
  const [cx, cy] = [cards.reduce((s, b) => s + mid(b)[0], 0) / cards.length,
                    cards.reduce((s, b) => s + mid(b)[1], 0) / cards.length];
  const side = (d, unit) => (Math.abs(d) < unit / 5 ? 0 : Math.sign(d));
  return cards.map((b) => [side(mid(b)[0] - cx, b.width), side(mid(b)[1] - cy, b.height)]);
}"""

PLATE_SIDES = """(names) => {
  const felt = document.querySelector('.lb-felt').getBoundingClientRect();
  const plates = [...document.querySelectorAll('.lb-seat')];
  return names.map((name) => {
    const b = plates.find((p) => p.querySelector('.lb-name').textContent === name)
      .getBoundingClientRect();
    const [x, y] = [b.left + b.width / 2 - felt.left - felt.width / 2,
                    b.top + b.height / 2 - felt.top - felt.height / 2];
    return [Math.abs(x) < felt.width / 10 ? 0 : Math.sign(x), Math.sign(y)];
  });
}"""


@pytest.mark.parametrize(("size", "lang"), [((390, 844), "en"), ((360, 640), "ml")],
                         ids=["390x844-en", "360x640-ml"])
def test_the_twins_of_56_are_told_apart_on_a_phone(
        size: tuple[int, int], lang: str, server: Server, shots: Path,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    """56-PLAY-4, the step of the twins: of two identical cards the first played wins.  On a
    phone the six cards ran into one row in the order of the seats (at 360 wide they lay on
    each other), nothing saying which J♥ was the learner's.  Each card now lies towards the
    seat that played it (two rows of three: the upper seats' cards above, each in its seat's
    column), none under a plate or over another's index, and each is numbered in the order
    played: the learner's J♥ first, the right's second."""
    page, step, errors = lesson_at(new_browser_context, server, "56", "tut56.twins", size, lang,
                                   shots)
    page.screenshot(path=str(shots / f"tutorial-twins-{lang}-{size[0]}x{size[1]}.png"))
    trick = step["view"]["tricks"][-1]
    assert trick["cards"][:2] == ["JH", "JH"] and trick["seats"][:2] == [0, 1]
    assert page.locator(".lb-played").count() == 6
    assert not page.evaluate(PLATE_ON_A_TRICK_CARD)
    assert not page.evaluate(INDEX_UNDER_A_LATER_CARD)
    names = page.evaluate("() => [...document.querySelectorAll('.lb-seat .lb-name')]"
                          ".map((e) => e.textContent)")
    played = [names[s] for s in trick["seats"]]     # (the plates are drawn seat by seat)
    assert page.evaluate(SEAT_SIDES) == page.evaluate(PLATE_SIDES, played), played
    numbers = page.locator(".lb-played .lb-order")
    assert numbers.all_inner_texts() == ["1", "2", "3", "4", "5", "6"]
    assert all(numbers.nth(k).is_visible() for k in range(6))
    assert page.locator(".lb-played.won").evaluate(
        "e => e.querySelector('.lb-order').textContent") == "1"
    assert errors == []


@pytest.mark.parametrize(("size", "lang"), [((390, 844), "en"), ((360, 640), "ml"),
                                            ((360, 640), "ta")],
                         ids=["390x844-en", "360x640-ml", "360x640-ta"])
def test_a_phone_shows_the_lessons_title_and_the_learners_plate_whole(
        size: tuple[int, int], lang: str, server: Server, shots: Path,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    """The lesson's title was cut to "Learn to play …" (the brand and the language switch
    left it a third of the bar), and under 56's twins in Malayalam the learner's own plate
    to "നിങ്ങൾ · വിളി…".  The title takes two lines if it must (the brand a card, its word
    for screen readers); the learner's name is whole, its tags on a line of their own."""
    page, _, errors = lesson_at(new_browser_context, server, "56", "tut56.twins", size, lang,
                                shots)
    cut = """(e) => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight + 1"""
    assert not page.locator("h1").evaluate(cut), page.inner_text("h1")
    bar = page.locator(".learn-bar").bounding_box()
    assert bar is not None and bar["height"] <= 64, bar
    assert page.locator(".learn-bar .brand").is_visible()
    assert page.locator(".learn-bar .brand").get_attribute("href") == "/"
    mine = page.locator(".lb-seat.me")
    assert not mine.locator(".lb-name").evaluate(cut)
    if lang != "ta":                                  # (Tamil's tags are longer than a plate)
        assert not mine.evaluate(cut) and not mine.locator(".lb-tags").evaluate(cut)
    page.screenshot(path=str(shots / f"tutorial-title-{lang}-{size[0]}x{size[1]}.png"))
    assert errors == []


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_a_rule_of_a_lesson_is_a_link_kept_on_one_line(
        lang: str, server: Server, shots: Path,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    """28's step 15 broke its rule's ID across two lines on a phone ("(28-REV-" above "3)").
    A rule named in a lesson is a link to it on the game's rules page (a tab of its own: the
    lesson stays where it is), on one line; the refusal's rule too."""
    page, _, errors = lesson_at(new_browser_context, server, "28", "tut.must_trump",
                                (390, 844), lang, shots)
    rule = page.locator("#say a.rule-link")
    assert rule.inner_text() == "28-REV-3"
    assert rule.get_attribute("href") == "/rules/28#rule-28-REV-3"
    assert rule.get_attribute("target") == "_blank"
    assert rule.evaluate("e => e.getClientRects().length") == 1
    assert rule.evaluate("e => getComputedStyle(e).whiteSpace") == "nowrap"
    page.locator(".lb-hand button[data-card='AC']").click()
    refused = page.locator("#feedback a.rule-link")
    assert refused.inner_text() == "28-REV-3"
    assert refused.evaluate("e => getComputedStyle(e).whiteSpace") == "nowrap"
    page.screenshot(path=str(shots / f"tutorial-rule-{lang}-390x844.png"))
    assert errors == []
