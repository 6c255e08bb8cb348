"""A shared link's card (server/preview.py): WhatsApp, Telegram and the like draw it from the
page's Open Graph tags.  The lobby says what the place is; a table's link the game and its
number of players, and nothing a stranger may not know (no name, no invitation)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from server.harness import Server, running


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from running(Server(Path(tmp_path_factory.mktemp("preview")) / "rooms.db"))


def card(html: str) -> dict[str, str]:
    """The page's Open Graph tags, by property."""
    return dict(re.findall(r'<meta property="(og:[\w:]+)" content="([^"]*)">', html))


def test_the_lobby_s_link_says_what_the_place_is(site: Server) -> None:
    page = httpx.get(f"{site.url}/", timeout=10)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    tags = card(page.text)
    assert tags["og:title"] == "twentyeight: play 28, 29, 56 and 40 online"
    assert "हिन्दी" in tags["og:description"]
    assert tags["og:url"] == f"{site.url}/"
    assert tags["og:image"] == f"{site.url}/static/icons/icon-512.png"   # whole, as cards need
    image = httpx.get(tags["og:image"], timeout=10)
    assert image.status_code == 200 and image.headers["content-type"] == "image/png"
    assert page.text.index("og:title") < page.text.index("</head>")


def test_a_table_s_link_names_the_game_and_no_one_at_it(site: Server) -> None:
    """A table of 29 with Asha seated, by the link its host shares: the card says 29 and four
    players; not Asha, not the invitation, not the host's token."""
    made = site.create_room(rules="29")
    room = made["room"]
    site.take(room, 0, "Asha")
    page = httpx.get(made["link"].split("#")[0], timeout=10)      # a crawler gets no '#'
    assert page.status_code == 200
    tags = card(page.text)
    assert tags["og:title"] == "Come and play 29 · twentyeight"
    assert tags["og:description"].startswith("A table of 4 players: 29 (clockwise")
    assert tags["og:url"] == f"{site.url}/r/{room}"
    for secret in ("Asha", made["invite"], made["host_token"]):
        assert secret not in page.text
    six = site.create_room(rules="56-8p")
    assert card(httpx.get(f"{site.url}/r/{six['room']}", timeout=10).text)["og:title"] \
        == "Come and play 56 · twentyeight"
    bhoos = site.create_room(rules="bhoos-29")           # its game is 29, not "bhoos"
    assert card(httpx.get(f"{site.url}/r/{bhoos['room']}", timeout=10).text)["og:title"] \
        == "Come and play 29 · twentyeight"


def test_a_link_to_no_table_has_no_card_of_one(site: Server) -> None:
    page = httpx.get(f"{site.url}/r/nosuchroom", timeout=10)
    assert page.status_code == 404
    assert "og:title" not in page.text


def test_a_rules_page_s_link_names_its_game(site: Server) -> None:
    """People share a rules page to settle what the rule is: its card names the game and its
    address is the page's own, whatever was typed after ``/rules/``."""
    tags = card(httpx.get(f"{site.url}/rules/56-kerala", timeout=10).text)
    assert tags["og:title"] == "The rules of 56 · twentyeight"
    assert tags["og:description"].startswith("Kerala 56 (closed)")
    assert tags["og:url"] == f"{site.url}/rules/56-kerala"
    odd = httpx.get(f'{site.url}/rules/"><b>x', timeout=10)
    assert odd.status_code == 200 and "<b>x" not in odd.text
    assert card(odd.text)["og:url"] == f"{site.url}/rules"
    learn = card(httpx.get(f"{site.url}/learn", timeout=10).text)
    assert learn["og:title"].startswith("Learn to play 28")
    assert learn["og:url"] == f"{site.url}/learn"
    learn_29 = card(httpx.get(f"{site.url}/learn/29", timeout=10).text)
    assert learn_29["og:title"].startswith("Learn to play 29")
    assert learn_29["og:url"] == f"{site.url}/learn/29"
    learn_56 = card(httpx.get(f"{site.url}/learn/56", timeout=10).text)
    assert learn_56["og:title"].startswith("Learn to play 56")
    assert learn_56["og:url"] == f"{site.url}/learn/56"
    odd = httpx.get(f'{site.url}/learn/"><b>x', timeout=10)      # no lesson: 28's card
    assert odd.status_code == 200 and "<b>x" not in odd.text
    assert card(odd.text)["og:url"] == f"{site.url}/learn"
