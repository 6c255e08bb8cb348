"""What a link to the place shows where it is shared.

WhatsApp, Telegram, Facebook, Slack and the like fetch a shared link and draw a card under
the message from the page's Open Graph tags (``og:title``, ``og:description``, ``og:image``).
The lobby's link says what the place is; a table's link (``/r/ROOM``) the game and how many
play it, from the table's rules only: nothing that ``GET /api/rooms/ROOM`` does not tell
anyone, no name, no seat (a crawler keeps the card for days, so nothing that changes), and
the invitation never reaches the server (it is the link's ``#`` part).  In English: a
crawler says no language.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from twentyeight.rules import PRESET_TITLES, Rules

SITE_TITLE = "twentyeight: play 28, 29, 56 and 40 online"
SITE_DESCRIPTION = ("The card game 28 and its family, with friends, strangers or computer "
                    "players, in English, हिन्दी, বাংলা, മലയാളം and தமிழ்.")
IMAGE = "/static/icons/icon-512.png"
IMAGE_SIZE = 512


def with_preview(page: Path, *, base: str, path: str, title: str, description: str) -> str:
    """The HTML of ``page`` with its Open Graph tags (and its ``description``) in its head;
    ``base`` is the address the request came to (``https://host``), since a card's links
    must be whole."""
    tags = [("og:type", "website"), ("og:site_name", "twentyeight"), ("og:title", title),
            ("og:description", description), ("og:url", base + path),
            ("og:image", base + IMAGE), ("og:image:width", str(IMAGE_SIZE)),
            ("og:image:height", str(IMAGE_SIZE)),
            ("og:image:alt", "A card with a red heart, on the green of a card table")]
    head = "".join(f'<meta property="{name}" content="{escape(value)}">\n' for name, value in tags)
    head += f'<meta name="description" content="{escape(description)}">\n'
    return page.read_text(encoding="utf-8").replace("</head>", head + "</head>", 1)


def table_words(rules: Rules) -> tuple[str, str]:
    """The title and description of a table's card: the game and its number of players."""
    game = rules.preset.split("-")[0]
    title = f"Come and play {game} · twentyeight"
    about = PRESET_TITLES.get(rules.preset, rules.preset)
    description = (f"A table of {rules.num_players} players: {about}. Open the link to take "
                   "a seat, or to watch.")
    return title, description
