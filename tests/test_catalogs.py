"""The browser's message catalogs (server/static/i18n): English, हिन्दी, नेपाली, বাংলা, മലയാളം,
தமிழ்.

Every catalog has every key, with the same placeholders, and the plural forms its language
needs; the other languages also translate what the server says in English — every engine
reason (engine/reasons.py), every rule flag's words and choices (rule_words.py), the groups,
the presets' titles and the one-line description of each computer level offered; and every
key the pages use exists in English.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import Any

import pytest

from twentyeight.bots import bot_descriptions, offered_bot_names
from twentyeight.engine.reasons import ENGLISH
from twentyeight.engine.state import PHASE_NAMES, SPECIAL_NAMES
from twentyeight.rule_words import GROUPS, TABLE_FLAGS, WORDS
from twentyeight.rules import PRESET_TITLES

STATIC = Path(__file__).parents[1] / "src" / "twentyeight" / "server" / "static"
LANGUAGES = tuple(re.findall(r'\["(\w+)", "[^"]+"\]', re.search(
    r"LANGUAGES = \[(.*?)\];", (STATIC / "js" / "i18n.js").read_text("utf-8"), re.S)[1]))
"""The languages of the switch (i18n.js ``LANGUAGES``), English first: the one list the tests
of every language read."""
PLURAL_FORMS = {lang: {"one", "other"} for lang in LANGUAGES}
"""CLDR's cardinal plural categories of each language (all six have "one" and "other")."""


def load(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((STATIC / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


def server_english() -> dict[str, str]:
    """What the server says in English and the other catalogs translate."""
    out = {f"reason.{k}": v for k, v in ENGLISH.items()}
    out.update({f"group.{k}": v for k, v in GROUPS.items()})
    out.update({f"preset.{k}": v for k, v in PRESET_TITLES.items()})
    out.update({f"bot.{k}": v for k, v in bot_descriptions().items()})
    for flag, words in WORDS.items():
        if flag in TABLE_FLAGS:                       # not edited: chosen with the preset
            continue
        out[f"flag.{flag}"] = words.text
        out.update({f"flag.{flag}.{value}": text for value, text in words.choices.items()})
    return out


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def forms(value: Any) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


ENGLISH_UI = load("en")
REFERENCE = {**ENGLISH_UI, **server_english()}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalog_says_a_key_twice(lang: str) -> None:
    """JSON takes the last of two equal keys without a word: a key added a second time (the
    auction's "You may double." over "You may also double.") went unseen, and which of the
    two a page said depended on their order."""
    twice: set[str] = set()

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [key for key, _ in items]             # (within one object: a plural's too)
        twice.update(key for key in keys if keys.count(key) > 1)
        return dict(items)

    json.loads((STATIC / "i18n" / f"{lang}.json").read_text("utf-8"), object_pairs_hook=pairs)
    assert not twice, f"{lang} says these keys twice: {sorted(twice)}"


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_catalog_has_every_key(lang: str) -> None:
    catalog = load(lang)
    missing = sorted(set(REFERENCE) - set(catalog))
    extra = sorted(set(catalog) - set(REFERENCE))
    assert not missing, f"{lang} lacks {missing}"
    assert not extra, f"{lang} has keys English does not: {extra}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_placeholder_and_plural_form(lang: str) -> None:
    catalog = load(lang)
    for key, value in catalog.items():
        english = REFERENCE[key]
        want = set().union(*(placeholders(f) for f in forms(english)))
        if isinstance(english, dict):
            assert isinstance(value, dict), f"{lang} {key}: needs plural forms"
            assert PLURAL_FORMS[lang] <= set(value), f"{lang} {key}: forms {sorted(value)}"
        else:
            assert isinstance(value, str), f"{lang} {key}: a string, not plural forms"
        for form in forms(value):
            assert form.strip(), f"{lang} {key}: empty"
            # a plural form may leave the number out ("one trick"); "other" says it all
            exact = not isinstance(value, dict) or form == value["other"]
            got = placeholders(form)
            assert got == want if exact else got <= want, \
                f"{lang} {key}: {form!r} needs {sorted(want)}"
            # braces only as {name}: nothing the page would show raw
            assert not re.search(r"\{(?!\w+\})|(?<!\{\w)\}", re.sub(r"\{\w+\}", "", form)), key


def test_other_languages_are_translated_not_copied() -> None:
    """A catalog that only repeats English would pass the key test: most strings differ."""
    for lang in LANGUAGES[1:]:
        catalog = load(lang)
        words = [k for k, v in REFERENCE.items()
                 if isinstance(v, str) and re.search(r"[a-z]{3}", v.replace("{", " {"))]
        same = [k for k in words if catalog.get(k) == REFERENCE[k]]
        assert len(same) < 0.05 * len(words), f"{lang}: {same[:20]}"


def test_every_key_the_pages_use_is_in_english() -> None:
    """Keys written in the JS and HTML (t("…"), tn("…"), data-i18n), and the families built
    from a name (act.<verb>, wait.<phase>, …) expanded for every name the game has."""
    used: set[str] = set()
    for path in (STATIC / "js").rglob("*.js"):
        used |= set(re.findall(r"\btn?\(\s*\"([\w.-]+)\"", path.read_text("utf-8")))
    for path in STATIC.glob("*.html"):
        text = path.read_text("utf-8")
        used |= set(re.findall(r"data-i18n(?:-title)?=\"([\w.-]+)\"", text))
        used |= {k for attr in re.findall(r"data-i18n-attr=\"([^\"]+)\"", text)
                 for k in re.findall(r":([\w.-]+)", attr)}
    verbs = ["bid", "raise", "pass", "redeal", "double", "redouble", "c", "single", "thani",
             "ask", "reveal", "pair", "concede", "accept", "refuse", "show", "play"]
    sentences = [v for v in verbs if v not in ("bid", "raise", "play")] + \
        ["bid", "raise", "play", "trump_hidden", "trump_seventh", "trump_reverse", "trump_card",
         "trump_suit"]
    phases = list(PHASE_NAMES)
    used |= {f"act.{v}" for v in sentences} | {f"act.{v}.you" for v in sentences}
    used |= {f"btn.{v}" for v in verbs} | {f"verb.{v}" for v in [*verbs, "trump"]}
    used |= {f"wait.{p}" for p in phases} | {f"turn.{p}" for p in phases}
    used |= {f"phase.{p}" for p in phases}
    windows = ("double", "redouble", "raise", "single_hand", "thani")   # a pass says which
    used |= {f"pass.{p}" for p in windows} | {f"act.pass.{p}" for p in windows}
    used |= {f"act.pass.{p}.you" for p in windows}
    used |= {f"special.{s}" for s in SPECIAL_NAMES if s}
    used |= {f"suit.{s}" for s in "SHDC"} | {f"card.{s}" for s in "SHDC"}
    used |= {f"rank.{r}" for r in "J39ATKQ8765 42".replace(" ", "")}
    used |= {f"settings.pace.{p}" for p in ("slow", "normal", "fast", "instant")}
    missing = sorted(used - set(ENGLISH_UI))
    assert not missing, missing


def test_every_level_offered_has_a_name_in_english() -> None:
    """The lobby names each level (``level.<bot>``), its description told from ``bot.<bot>``."""
    assert {f"level.{b}" for b in offered_bot_names()} <= set(ENGLISH_UI)


def test_every_annulment_reason_of_the_engine_has_words() -> None:
    """The engine's annulment reasons (annul("…") in engine/) are told in the result."""
    engine = Path(__file__).parents[1] / "src" / "twentyeight" / "engine"
    reasons = {m for path in engine.glob("*.py")
               for m in re.findall(r"annul\(\"(\w+)\"\)|return \"(\w+)\"\s+# \d",
                                   path.read_text("utf-8")) for m in m if m}
    assert reasons
    missing = sorted(r for r in reasons if f"annulled.{r}" not in ENGLISH_UI)
    assert not missing, missing


def test_english_catalog_sentences_are_formattable() -> None:
    """Every English string is a valid format string with named fields only."""
    for key, value in ENGLISH_UI.items():
        for form in forms(value):
            fields = [f for _, f, _, _ in string.Formatter().parse(form) if f is not None]
            assert all(f.isidentifier() for f in fields), key


GAME_WORDS = {
    "hi": {"trump": ("तुरुप",), "suits": ("हुकुम", "पान", "ईंट", "चिड़ी"), "jack": "गुलाम"},
    "ne": {"trump": ("तुरुप",), "suits": ("हुकुम", "पान", "इँटा", "चिडी"), "jack": "गुलाम"},
    "bn": {"trump": ("রং", "রঙ"), "suits": ("ইস্কাপন", "হরতন", "রুইতন", "চিড়িতন"), "jack": "গোলাম"},
    "ml": {"trump": ("തുറുപ്പ",), "suits": ("ഇസ്പേഡ്", "ആഡ്യൻ", "ഡൈമൺ", "ക്ലാവർ"), "jack": "ഗുലാൻ"},
    "ta": {"trump": ("துருப்ப",), "suits": ("இஸ்பேடு", "ஆட்டின்", "டைமன்", "கிளாவர்"),
           "jack": "ஜாக்கி"},
}
"""The words the players of each language use at the table: the trump (its stem, as it is
inflected: Bengali রং/রঙের, Malayalam തുറുപ്പ്/തുറുപ്പിന്റെ), the suits (spades, hearts,
diamonds, clubs) and the jack."""


@pytest.mark.parametrize("lang", sorted(GAME_WORDS))
def test_the_games_own_words(lang: str) -> None:
    """Every string that speaks of the trump in English speaks of it with the players' word
    (Malayalam's "thuruppu", never a borrowed "trump"), and the suits and the jack have the
    names the players give them."""
    catalog, words = load(lang), GAME_WORDS[lang]
    said = [(k, [re.sub(r"'[^']*'", "", f) for f in forms(v)]) for k, v in REFERENCE.items()]
    trump = [k for k, fs in said if any("trump" in f.lower() for f in fs)]   # not 'trump C'
    assert len(trump) > 40
    astray = [k for k in trump
              if not all(any(w in f for w in words["trump"]) for f in forms(catalog[k]))]
    assert not astray, [(k, catalog[k]) for k in astray]
    borrowed = {"ट्रम्प", "ट्रंप", "ট্রাম্প", "ട്രംപ്", "ട്രമ്പ്", "டிரம்ப்", "ட்ரம்ப்"}
    assert not [k for k, v in catalog.items() if any(b in f for f in forms(v) for b in borrowed)]
    assert tuple(catalog[f"suit.{s}"] for s in "SHDC") == words["suits"]
    assert catalog["rank.J"] == words["jack"]


def test_the_annulments_are_said_in_english_as_the_server_says_them() -> None:
    """The browser's English words for an annulment (annulled.*, and annulled_by.* naming
    whose cards) are the server's and the terminal's (engine/reasons.py), so that the
    table, its notes and the terminal tell one annulment alike."""
    from twentyeight.engine.reasons import ANNULLED_BY, ANNULMENT_WORDS

    assert {k: ENGLISH_UI[f"annulled.{k}"] for k in ANNULMENT_WORDS} == ANNULMENT_WORDS
    by = {k: (ENGLISH_UI[f"annulled_by.{k}"], ENGLISH_UI[f"annulled_by.{k}.you"])
          for k in ANNULLED_BY}
    assert by == ANNULLED_BY


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_preset_has_a_title_in_every_catalog(lang: str) -> None:
    """Each game the lobby offers (rules.PRESETS) has its title in every catalog, English
    too, so a preset added without them would not show its code name or its bare name; and
    English says what the server says (``twentyeight rules`` and ``/api/presets`` began with
    code names, "TWENTY_NINE: …", and "pagat's" rules, where the browser spoke of 29)."""
    from twentyeight.rules import PRESETS

    catalog = load(lang)
    untitled = sorted(name for name in PRESETS if f"preset.{name}" not in catalog)
    assert not untitled, f"{lang} has no title for {untitled}"
    assert set(PRESETS) <= set(PRESET_TITLES)
    if lang == "en":
        assert {name: catalog[f"preset.{name}"] for name in PRESET_TITLES} == PRESET_TITLES


DEVELOPERS = ("lobby.dev_text", "lobby.dev_api", "board.formula")
"""What is said for developers only, under the pages' small "For developers"."""
JARGON = re.compile(r"pagat|wikipedia|websocket|protocol\.md|\bmu\b|sigma|server's default",
                    re.IGNORECASE)
"""Words a player would not follow: the sources' names, the protocol, the rating's formula, the
server's settings (the lobby's "Make a table" offered "the server's default" pace)."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_players_read_has_no_developers_words(lang: str) -> None:
    """The lobby's foot spoke of "the documented WebSocket protocol (docs/protocol.md)", the
    leaderboard of "mu − 3·sigma", the games' titles of "pagat's" and "Wikipedia's" rules.
    Players read what the game is (a cautious estimate of strength, 28 with the pair…); the
    developers' words are kept, under "For developers" on the lobby and the leaderboard."""
    catalog = load(lang)
    said = [(k, f) for k, v in catalog.items() if k not in DEVELOPERS
            for f in forms(v) if JARGON.search(f)]
    assert not said, said
    assert all(key in catalog for key in DEVELOPERS)
    lobby = (STATIC / "index.html").read_text("utf-8")
    board = (STATIC / "leaderboard.html").read_text("utf-8")
    assert 'data-i18n="lobby.dev_text"' in lobby and 'href="/docs"' in lobby
    assert 'data-i18n="board.formula"' in board
    assert lobby.count('data-i18n="dev.summary"') == board.count('data-i18n="dev.summary"') == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_password_says_how_long_one_must_be(lang: str) -> None:
    """A usability walk: a password too short was told "choose one neither too short nor too
    long" — not how long.  The refusal names the bounds (accounts.MIN_PASSWORD, MAX_PASSWORD),
    in the digits its language writes (Bengali's own)."""
    from twentyeight.server.accounts import MAX_PASSWORD, MIN_PASSWORD

    text = load(lang)["refusal.bad_password"]
    latin = text.translate(str.maketrans("০১২৩৪৫৬৭৮৯", "0123456789"))
    assert re.findall(r"\d+", latin) == [str(MIN_PASSWORD), str(MAX_PASSWORD)], text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lessons_name_the_buttons_as_they_read(lang: str) -> None:
    """A walk of the lessons: 28's said "press Ask" beside a button that reads "Ask for the
    trump".  In every language the step that waits for the ask names the button as it reads
    (``btn.ask``); and in English every "press …" of a lesson names a button of the page or
    of the table as it reads (the other languages quote it their own ways)."""
    catalog = load(lang)
    assert catalog["btn.ask"] in catalog["tut.ask"], (catalog["btn.ask"], catalog["tut.ask"])
    if lang != "en":
        return
    buttons = {v for k, v in catalog.items() if isinstance(v, str) and
               (k.startswith("btn.") or k in ("tut.next", "tut.play", "tut.again"))}
    pressed = [(k, said) for k, v in catalog.items() if k.startswith(("tut.", "tut29.", "tut56."))
               for said in re.findall(r"[Pp]ress ([^.:;,]+)", v) if said not in buttons]
    assert not pressed, pressed
