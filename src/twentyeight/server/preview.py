"""What a link to the place shows where it is shared.

WhatsApp, Telegram, Facebook, Slack and the like fetch a shared link and draw a card under
the message from the page's Open Graph tags (``og:title``, ``og:description``, ``og:image``).
The lobby's link says what the place is, the tutorial's what it teaches, a rules page's
(``/rules/29``: people share them to settle a dispute) which game's rules; a table's link
(``/r/ROOM``) the game and how many play it, from the table's rules only: nothing that
``GET /api/rooms/ROOM`` does not tell anyone, no name, no seat (a crawler keeps the card for
days, so nothing that changes), and the invitation never reaches the server (it is the
link's ``#`` part).  In English: a crawler says no language.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse

from twentyeight.rules import PRESET_TITLES, PRESETS, Rules
from twentyeight.server import assets
from twentyeight.server.ratings import family

IMAGE = "/static/icons/icon-512.png"
IMAGE_SIZE = 512


@dataclass(frozen=True)
class Card:
    """What a shared link's card says: the page's own address (``path``), a title and a
    description."""

    path: str
    title: str
    description: str


SITE = Card("/", "twentyeight: play 28, 29, 56 and 40 online",
            "The card game 28 and its family, with friends, strangers or computer players, in "
            "English, हिन्दी, नेपाली, বাংলা, മലയാളം and தமிழ்.")
LEARN = Card("/learn", "Learn to play 28, step by step · twentyeight",
             "One deal of 28, played with you card by card: the auction, the hidden trump, "
             "following suit and counting the points.")
LEARN_29 = Card("/learn/29", "Learn to play 29, step by step · twentyeight",
                "One deal of 29, played with you card by card: the auction, the secret trump, "
                "showing it when a suit runs out, the pair and the count.")
LEARN_56 = Card("/learn/56", "Learn to play 56, step by step · twentyeight",
                "One deal of Kerala's 56, six players and two packs, played with you card by "
                "card: the auction, doubles, twin cards and the tables at stake.")
LESSON_CARDS = {"28": LEARN, "29": LEARN_29, "56": LEARN_56}
"""Each tutorial's card, by its game (twentyeight.analysis.tutorial.LESSONS)."""


def table_card(room_id: str, rules: Rules) -> Card:
    """A table's card: the game and its number of players, from its rules only."""
    return Card(f"/r/{room_id}", f"Come and play {family(rules)} · twentyeight",
                f"A table of {rules.num_players} players: "
                f"{PRESET_TITLES.get(rules.preset, rules.preset)}. Open the link to take a "
                "seat, or to watch.")


def rules_card(preset: str) -> Card:
    """A rules page's card (the page of a preset the server does not know says so; its card
    is of the rules in general, at ``/rules``)."""
    if preset not in PRESETS:
        return Card("/rules", "The rules · twentyeight", "The rules of 28 and its family: the "
                    "cards, their order and their points, and every rule in plain words.")
    return Card(f"/rules/{preset}", f"The rules of {family(PRESETS[preset])} · twentyeight",
                f"{PRESET_TITLES.get(preset, preset)}. The cards, their order and their "
                "points, and every rule of this game in plain words.")


def page_with_card(page: Path, request: Request, card: Card) -> HTMLResponse:
    """The page ``page`` with the Open Graph tags of ``card`` (and its ``description``) in
    its head, its links whole (a card's must be) from the address ``request`` came to."""
    base = base_of(request)
    tags = [("og:type", "website"), ("og:site_name", "twentyeight"), ("og:title", card.title),
            ("og:description", card.description), ("og:url", base + card.path),
            ("og:image", base + IMAGE), ("og:image:width", str(IMAGE_SIZE)),
            ("og:image:height", str(IMAGE_SIZE)),
            ("og:image:alt", "A card with a red heart, on the green of a card table")]
    head = "".join(f'<meta property="{name}" content="{escape(value)}">\n' for name, value in tags)
    head += f'<meta name="description" content="{escape(card.description)}">\n'
    return assets.page(page, head=head)


def base_of(request: Request) -> str:
    """The address a request came to, without a final slash (``https://host``): the start
    of every whole link the server gives (a table's links, a shared card's)."""
    return str(request.base_url).rstrip("/")
