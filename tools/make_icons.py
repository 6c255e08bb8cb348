"""Draw the app's icons (``server/static/icons/*.png``) from ``icons/icon.svg``, the one
drawing: what a phone shows for the table added to its home screen, and the web app
manifest's icons (``static/manifest.webmanifest``).  Run again after changing the drawing:

    python tools/make_icons.py            # needs Playwright and Debian's chromium

The drawing is full-bleed (the felt to every edge) with the cards inside the middle 80%
circle, so the same picture serves as a maskable icon (a phone crops it to its own shape).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "src" / "twentyeight" / "server" / "static" / "icons"
SIZES = {"icon-192.png": 192, "icon-512.png": 512, "touch-180.png": 180}
"""File → pixels: the manifest's two (192 and 512, what Chrome asks for) and the
``apple-touch-icon`` (180, Safari's home screen)."""


def main() -> None:
    """Draw every size of the icon with a headless chromium."""
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for name, size in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<style>*{{margin:0}} svg{{display:block;width:{size}px;"
                             f"height:{size}px}}</style>{svg}")
            page.screenshot(path=str(ICONS / name))
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
