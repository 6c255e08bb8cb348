"""The games' short names (``game.<preset>`` of the browser's catalogs, js/games.js): the
pages name a game by them instead of its code ("28 (West Bengal)", not "28-bengal").  Every
preset has one in every language, each language's names tell the presets apart, none is a
code, and they are short enough for a phone's list of games.  The lists add the number of
players to a name that does not say it; js/games.js knows which names say it."""

from __future__ import annotations

import re

import pytest

from test_catalogs import LANGUAGES, STATIC, load
from twentyeight.rules import PRESETS

LONGEST = 32
"""Characters of the longest name: a phone's list of games is about 300 px wide, and the list
adds " — 6 players" to most names."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_has_a_short_name(lang: str) -> None:
    catalog = load(lang)
    names = {p: catalog.get(f"game.{p}") for p in PRESETS}
    assert all(isinstance(n, str) and n.strip() for n in names.values()), names
    assert len(set(names.values())) == len(names), f"{lang}: two games share a name: {names}"
    for preset, name in names.items():
        assert len(name) <= LONGEST, (lang, preset, name)
        assert not re.search(r"pagat|bhoos|wiki|bengal|kerala|\dp\b|-\d|\d-", name), (lang, name)
        assert "{" not in name, (lang, name)
    # the game's number stays a number (Bengali's own digits in Bengali, as its catalog does)
    digits = str.maketrans("০১২৩৪৫৬৭৮৯", "0123456789")
    for preset, name in names.items():
        number = re.search(r"\d+", preset)
        assert number and number[0] in name.translate(digits), (lang, preset, name)


def test_the_names_that_say_how_many_play() -> None:
    """The presets whose number of players is not their pack's own (28 at three or six, 56 at
    four or eight) are named by it ("28 for six"), and js/games.js lists them without a
    count; the others' lists say "— 4 players"."""
    source = (STATIC / "js" / "games.js").read_text("utf-8")
    said = set(re.findall(r'"([\w-]+)"', re.search(r"COUNT_IN_NAME = new Set\(\[(.*?)\]\)",
                                                      source, re.S)[1]))
    usual = {str(PRESETS[p].pack): PRESETS[p].num_players for p in ("28", "40", "56")}
    other = {p for p, r in PRESETS.items() if r.num_players != usual[str(r.pack)]}
    assert said == other
    english = load("en")
    words = {3: "three", 4: "four", 6: "six", 8: "eight"}
    for preset in other:
        assert words[PRESETS[preset].num_players] in english[f"game.{preset}"], preset
