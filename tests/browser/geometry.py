"""What "nothing covers it" means, measured in the page: bounding boxes and
``document.elementFromPoint`` at every card of the hand, every seat plate, every action
button, the prompt, the trick's cards, the status chips, the banner of a trump or pair moment
and the top bar's switches."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHECK = (Path(__file__).parent / "geometry.js").read_text("utf-8")
"""The page function that lists the problems (geometry.js)."""


def problems(page: Page) -> list[str]:
    """Everything on the table that is covered, cut or off the screen (empty: all is well),
    with the table at rest: no card raised by the mouse over it or by the keyboard's focus
    (a raised card lies over its neighbours by design, until the pointer moves on)."""
    page.mouse.move(0, 0)
    page.evaluate("document.activeElement?.blur()")
    settle(page)
    result: list[str] = page.evaluate(CHECK)
    return result


SETTLE = """async () => {
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const finite = document.getAnimations()
    .filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  await Promise.all(finite.map(a => a.finished.catch(() => null)));
}"""


def settle(page: Page) -> None:
    """Let the page lay itself out again (after a resize): two animation frames, then every
    transition and animation that ends (a drawer sliding away, a card's lift) has ended."""
    page.evaluate(SETTLE)
