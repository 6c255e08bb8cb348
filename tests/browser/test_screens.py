"""Issue 16, "every screen": at 390×844, 844×390, 780×437, 1024×640, 1280×800 and 1920×1080,
at four, six and eight players, in the auction and in the play, every card of the hand, every
seat plate, every action button, the prompt and the trick's cards are on the screen and
nothing covers them (bounding boxes and ``document.elementFromPoint``, tests/browser/
geometry.py).  Every screen is saved as a screenshot (``screens/`` of the artifacts).

One room per table, one browser page per room, resized through the six screens: the state
does not move while it is the person's turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser.conftest import MY_TURN, seated_page, seq, then_wait, to_the_play
from browser.geometry import problems, settle
from server.harness import Server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

SCREENS = [(390, 844), (844, 390), (780, 437), (1024, 640), (1280, 800), (1920, 1080)]
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


@pytest.fixture
def shots(artifacts: Path) -> Iterator[Path]:
    path = artifacts / "screens"
    path.mkdir(exist_ok=True)
    yield path


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
    # on to the play, with cards on the table
    to_the_play(page)
    for _ in range(12):
        wait_turn(page)
        if page.locator("#center .tcard").count() and page.locator("#hand .card.legal").count():
            break
        at = seq(page)
        page.locator("#hand .card.legal").first.click()
        then_wait(page, at)
    assert page.locator("#center .tcard").count(), "no trick on the table at this seat's turn"
    found += every_screen(page, shots, f"{preset}-play")
    assert not errors, errors
    assert not found, "\n".join(found)
