"""Issue 16, "five languages" (six since Nepali): the lobby, the table, the engine's reasons
and the rule explanations in English, हिन्दी, नेपाली, বাংলা, മലയാളം and தமிழ் — chosen from
the browser's languages, switched with the visible switch, remembered; plural forms chosen by the
language's own rules (Intl.PluralRules).  Every language's table is photographed
(``languages/`` of the artifacts) and checked like every screen: nothing covered, nothing
off the screen, however long its words.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser.conftest import (
    DIALOG_CLOSED_OR_REOPENED,
    MY_TURN,
    act_simply,
    catalog,
    dialog_open,
    number,
    seated_page,
    seq,
    then_wait,
    to_the_play,
)
from browser.geometry import problems, settle
from browser.test_screens import show_the_reveal_banner
from server.harness import Server
from test_catalogs import LANGUAGES
from twentyeight.bots import bot_descriptions

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

SIZES = [(390, 844), (844, 390), (1280, 800)]
SMALL_PHONES = [(360, 640), (640, 360)]
"""Where the longest words (Malayalam's, Tamil's) meet the least room: a small phone held
either way, under the banner of a moment over the felt."""



def wait_turn(page: Page) -> None:
    page.wait_for_function(MY_TURN)
    page.wait_for_function("document.body.dataset.caught === '1'")


def in_every_language(page: Page, shots: Path, label: str,
                      sizes: list[tuple[int, int]] = SIZES, banner: bool = False) -> list[str]:
    """Switch through the languages with the page's own switch; at each, check that
    the page speaks it and that nothing is covered at ``sizes`` (with ``banner``, under the
    reveal's banner told in that language)."""
    found = []
    for lang in LANGUAGES:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        words = catalog(lang)
        prompt = page.locator("#prompt").inner_text()
        assert prompt.startswith(words["prompt.your_turn"].split("{what}")[0]), (lang, prompt)
        label_of_card = page.locator("#hand .card").first.get_attribute("aria-label") or ""
        suits = [words[f"suit.{s}"] for s in "SHDC"]
        assert any(s in label_of_card for s in suits), (lang, label_of_card)
        assert page.locator("#contract-h").text_content() == words["side.contract"]
        if banner:
            show_the_reveal_banner(page)
            assert revealed_words(lang) in page.locator("#banner").inner_text(), lang
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            page.screenshot(path=str(shots / f"{label}-{lang}-{width}x{height}.png"),
                            animations="disabled")
            found += [f"{label} {lang} {width}×{height}: {p}" for p in problems(page)]
    return found


def revealed_words(lang: str) -> str:
    """The words of the reveal's banner between its names ("revealed the trump") in ``lang``."""
    return catalog(lang)["moment.revealed"].split("}")[1].split("{")[0].strip()


@pytest.mark.parametrize("bidder", [False, True], ids=["as-the-auction-goes", "as-the-bidder"])
def test_the_table_in_every_language(bidder: bool, server: Server, shots: Path,
                                     new_browser_context: Callable[..., BrowserContext]
                                     ) -> None:
    """The auction, then a trick with this seat to play: as the auction goes (usually
    another seat's contract), and as the bidder — whose plate says the most (its role, its
    face-down trump card and "your turn"), on a felt whose chips say the most ("only you
    know" the trump).  About a hundred screenshots are taken in this seat's turns: the room
    gives it an hour a turn (the default minute ran out on a loaded machine, the computer
    played for the person, and the trick awaited was gone)."""
    page, errors = seated_page(new_browser_context, server, "28", settings={"turn_seconds": 3600})
    assert page.evaluate("document.documentElement.lang") == "en"
    found = in_every_language(page, shots, "auction")
    # the choice is remembered: after a reload the table is still in Tamil
    page.reload()
    wait_turn(page)
    assert page.evaluate("document.documentElement.lang") == "ta"
    assert page.locator("#lang").input_value() == "ta"
    page.select_option("#lang", "en")
    to_the_play(page, bid=bidder)
    for _ in range(12):                                 # a trick on the table, my turn
        wait_turn(page)
        if page.locator("#center .tcard").count():
            break
        at = seq(page)
        page.locator("#hand .card.legal").first.click()
        then_wait(page, at)
    if bidder:
        contract = page.locator("#chips .chip").first.inner_text()
        assert contract.endswith(f"· {catalog('en')['seat.you']}"), contract
    found += in_every_language(page, shots, "play-bidder" if bidder else "play")
    found += in_every_language(page, shots, "play-bidder" if bidder else "play", SMALL_PHONES)
    found += in_every_language(page, shots, "banner-bidder" if bidder else "banner",
                               SMALL_PHONES, banner=True)
    # a banner up when another language is chosen is told again in it, as the table talk is
    page.select_option("#lang", "en")
    show_the_reveal_banner(page)
    page.select_option("#lang", "bn")
    page.wait_for_function("document.documentElement.lang === 'bn'")
    assert revealed_words("bn") in page.locator("#banner").inner_text()
    assert not errors, errors
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("locale", "lang"), [
    ("hi-IN", "hi"), ("ne-NP", "ne"), ("bn-BD", "bn"), ("ml-IN", "ml"), ("ta-IN", "ta"),
    ("en-GB", "en"), ("fr-FR", "en"),
])
def test_the_language_comes_from_the_browser(locale: str, lang: str, server: Server,
                                             new_browser_context: Callable[..., BrowserContext]
                                             ) -> None:
    """navigator.languages picks the first language with a catalog; English otherwise."""
    page = new_browser_context(locale=locale).new_page()
    page.goto(f"{server.url}/")
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    assert page.locator("#lang").input_value() == lang
    assert page.locator("#create-btn").inner_text() == catalog(lang)["lobby.create"]


def test_plural_forms_cover_every_category_of_each_language(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """Every plural entry of a catalog has a form for each category Intl.PluralRules can
    give in that language, and the page picks the right one (1 point, 2 points)."""
    page = new_browser_context().new_page()
    page.goto(f"{server.url}/")
    page.wait_for_selector("#preset option", state="attached")
    for lang in LANGUAGES:
        categories = set(page.evaluate(
            f"new Intl.PluralRules('{lang}').resolvedOptions().pluralCategories"))
        for key, value in catalog(lang).items():
            if isinstance(value, dict):
                assert categories <= set(value), (lang, key, categories)
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        for n in (1, 2, 5):
            text = page.evaluate(f"(async () => (await module('js/i18n.js'))"
                                 f".t('legend.points', {{count: {n}}}))()")
            form = page.evaluate(f"new Intl.PluralRules('{lang}').select({n})")
            assert text == catalog(lang)["legend.points"][form].replace("{count}", number(lang, n))


def test_the_engines_reasons_are_told_in_the_language(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """A refusal that carries the engine's reason as data ({key, rule, params}) is told from
    the catalog, parameters translated (a suit, a verb), the rule kept; without a reason,
    or in English, the server's own sentence."""
    page, _ = seated_page(new_browser_context, server, "28", **{"twentyeight:lang": "hi"})
    page.wait_for_function("document.documentElement.lang === 'hi'")
    tell = """async (msg) => (await module('js/table/text.js')).reasonText(msg)"""
    follow = {"message": "you must follow suit: you hold hearts (28-PLAY-2)",
              "reason": {"key": "follow_suit", "rule": "28-PLAY-2", "params": {"suit": "H"}}}
    hi = catalog("hi")
    assert page.evaluate(tell, follow) == \
        hi["reason.follow_suit"].replace("{suit}", hi["suit.H"]) + " (28-PLAY-2)"
    phase = {"message": "you cannot play now: the auction is on: bid or pass",
             "reason": {"key": "wrong_phase_auction", "rule": None, "params": {"verb": "play"}}}
    assert page.evaluate(tell, phase) == \
        hi["reason.wrong_phase_auction"].replace("{verb}", hi["verb.play"])
    claims = {"message": "a redeal may be claimed now only by …",
              "reason": {"key": "redeal_only_by", "rule": None,
                         "params": {"claimants": "first_turn,own_turn"}}}
    told = page.evaluate(tell, claims)
    assert told.startswith(hi["reason.redeal_only_by"].split("{claimants}")[0])
    assert hi["reason.claimant_first_turn"] in told and hi["reason.claimant_own_turn"] in told
    assert page.evaluate(tell, {"message": "the match is over"}) == "the match is over"
    page.select_option("#lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.evaluate(tell, follow) == follow["message"]
    # and a refusal from the server itself, through the table: a card clicked in the
    # auction, told in Malayalam around the engine's reason (translated when the server
    # sends it as data, its English sentence otherwise)
    page.select_option("#lang", "ml")
    page.wait_for_function("document.documentElement.lang === 'ml'")
    page.wait_for_function(MY_TURN)
    page.locator("#hand .card").first.click()
    notice = page.locator("#notice")
    notice.wait_for()
    ml = catalog("ml")
    text = notice.inner_text()
    assert text.startswith(ml["notice.refused_card"].split("{card}")[0]), text
    assert "the auction is on: bid or pass" in text or \
        ml["reason.wrong_phase_auction"].split("{verb}")[1] in text, text


def test_nepali_after_hindi_is_nepali_throughout(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """Nepali shares Hindi's script and some of its words, and the browser does not know all
    of it: the sides' names are joined with Nepali's "र" (chromium's ICU has no Nepali list
    words and would say "तपाईं and Mohan"), and the chat's quick phrases, drawn in Hindi, are
    drawn again in Nepali although both greet with "नमस्ते!"."""
    page, errors = seated_page(new_browser_context, server, "28", **{"twentyeight:lang": "hi"})
    page.wait_for_function("document.documentElement.lang === 'hi'")
    hi, ne = catalog("hi"), catalog("ne")
    phrases = page.locator("#chat-phrases button")
    assert phrases.all_inner_texts()[2] == hi["phrase.well_played"]
    page.select_option("#lang", "ne")
    page.wait_for_function("document.documentElement.lang === 'ne'")
    assert hi["phrase.hello"] == ne["phrase.hello"]
    assert phrases.all_inner_texts() == [ne[f"phrase.{p}"] for p in (
        "hello", "good_luck", "well_played", "thanks", "sorry", "oops", "hurry", "bye")]
    names = page.locator("#scoreboard .score-names").evaluate_all(
        "ns => ns.map((n) => n.dataset.full)")
    assert all(f" {ne['list.and']} " in n and " and " not in n for n in names), names
    assert names[0].startswith(ne["seat.you"]), names
    joined = """async () => (await module('js/i18n.js'))
                 .joinList(['A', 'B', 'C'], 'disjunction')"""
    assert page.evaluate(joined) == f"A, B {ne['list.or']} C"
    assert not errors, errors


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_lobby_names_and_describes_the_levels_in_the_language(
        size: tuple[int, int], server: Server, shots: Path,
        new_browser_context: Callable[..., BrowserContext]) -> None:
    """The lobby's computer players are the four levels, named in the page's language, the
    chosen one described under the choice: the server's own words in English, the catalog's
    in the other languages (issue 13)."""
    english = bot_descriptions()
    page = new_browser_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.goto(f"{server.url}/")
    page.wait_for_selector("#bots option", state="attached")
    for lang in LANGUAGES:
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        words = catalog(lang)
        options = page.locator("#bots option")
        assert options.evaluate_all("os => os.map(o => o.value)") == list(english)
        assert options.all_inner_texts() == [words[f"level.{b}"] for b in english]
        for bot in english:
            page.select_option("#bots", bot)
            about = english[bot] if lang == "en" else words[f"bot.{bot}"]
            assert page.locator("#bots-about").inner_text() == about, (lang, bot)
        page.locator("#bots-about").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"lobby-levels-{lang}-{size[0]}x{size[1]}.png"))
        for box in (page.locator("#bots").bounding_box(),
                    page.locator("#bots-about").bounding_box()):
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0]


def test_the_table_talk_so_far_is_told_again_in_the_language_chosen(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """Switched at the table, the language reaches the lines already told: the welcome
    (its seat counted from 1, as people count), the calls, the tricks and the rule notes
    (they stayed in English), not only the lines that follow."""
    page, errors = seated_page(new_browser_context, server, "28")
    welcome = catalog("en")["log.welcome"].replace("{name}", "Asha").replace("{seat}", "1")
    log = page.locator("#log")
    assert welcome in log.inner_text()
    for _ in range(150):       # on, hand after hand, until a rule note: at the latest when
        page.wait_for_function(MY_TURN)      # this seat speaks first, may not pass (28-AUC-4)
        if dialog_open(page):
            at = seq(page)
            page.locator("#ho-close").click()
            page.wait_for_function(DIALOG_CLOSED_OR_REOPENED, arg=at)
            continue
        wait_turn(page)
        if page.locator("#log li.note").count():
            break
        act_simply(page)
    assert page.locator("#log li.note").count()
    english = log.locator("li").all_inner_texts()
    page.select_option("#lang", "hi")
    page.wait_for_function("document.documentElement.lang === 'hi'")
    hindi = log.locator("li").all_inner_texts()
    hi = catalog("hi")
    if welcome in english:              # (the talk keeps its last 80 lines: after some hands
        assert hi["log.welcome"].replace("{name}", "Asha").replace("{seat}", "1") in hindi
    assert welcome not in hindi         # the welcome has gone)
    notes = log.locator("li.note").all_inner_texts()
    assert notes and all(n not in english for n in notes), notes
    assert len(hindi) == len(english)                  # (nothing happens at this seat's turn)
    assert all(h != e for h, e in zip(hindi, english, strict=True)), (english, hindi)
    assert not errors


def test_the_screen_reader_hears_cards_in_words_in_the_language(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """What the live regions say names cards in words, in the page's language: "Q♥" was read
    "Q black heart suit", in English on a Hindi page.  A bid's suit alone ("29 ♠", 56) is its
    name; a number before a symbol is not taken for a card's rank."""
    page, _ = seated_page(new_browser_context, server, "28", **{"twentyeight:lang": "hi"})
    page.wait_for_function("document.documentElement.lang === 'hi'")
    spoken = """async (text) => (await module('js/cards.js')).spoken(text)"""
    hi = catalog("hi")
    queen = hi["card.H.Q"]                                   # (a name of its own)
    ten = hi["card.S"].replace("{rank}", hi["rank.T"])
    assert page.evaluate(spoken, "Q♥ · 10♠") == f"{queen} · {ten}"
    assert page.evaluate(spoken, "29 ♠, 29♦") == f"29 {hi['suit.S']}, 29{hi['suit.D']}"
    assert page.evaluate(spoken, "Q♠") == "हुकुम की बेगम"        # (the queen: "की", not "का")
    # a symbol beside its suit's name is said once: "trump is ♣ clubs" was "clubs clubs"
    club = f"♣ {hi['suit.C']}"
    assert page.evaluate(spoken, f"x {club}, K♣ {hi['suit.C']}") == \
        f"x {hi['suit.C']}, {hi['card.C'].replace('{rank}', hi['rank.K'])} {hi['suit.C']}"
    said = page.evaluate("""async () => {
        (await module('js/table/dom.js')).say('Ravi: J♣', true);
        return document.querySelector('#live-urgent').lastElementChild.textContent; }""")
    assert said == "Ravi: " + hi["card.C"].replace("{rank}", hi["rank.J"])
    # a rule's ID is left to the table talk: heard, "(28-BR-1)" was "28 dash B R dash 1"
    said = page.evaluate("""async () => {
        (await module('js/table/dom.js')).say('no trump lead (28-BR-1), 40-4 (40-4)');
        return document.querySelector('#live').lastElementChild.textContent; }""")
    assert said == "no trump lead, 40-4"
