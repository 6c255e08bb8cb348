"""The match's score as the browser table tells it where it is not a sum of stakes: Kerala
56's coolies and kodis (56-MATCH-3, 56-TH-4) and 56's tables, which a team pays only as far as
it holds them (56-MATCH-1).

A tester saw "Coolies: You, Sanjay, and Lakshmi +1 and the opponents −1" with the coolies
still at 1 / 1 on every line (the losers had got a kodi and both sides restarted: nothing said
so, nor showed a kodi), a Thani "decides the match" where there is no match end, and a loss of
5 tables from 3 told as −5 / +5.  The hands here are the pinned records of
tests/records/tc_variants.json, their end told by the server's own code
(:class:`~twentyeight.server.audience.Audience`) and replayed into a table page.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import test_tc_variants as tc
from browser.conftest import catalog
from browser.test_words import replay, table_page
from server.harness import Server
from server.test_match_block import Recorder
from twentyeight import Match, Rules
from twentyeight.server.audience import Audience, state
from twentyeight.server.room import Room, Seat
from twentyeight.server.scoresheet import sheet_message

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

Message = dict[str, Any]
NAMES = ["Asha", "Ravi", "Meera", "Kabir", "Uma", "Dev"]
EN = catalog("en")
KERALA_ONE = {"preset": "56-kerala", "start_coolies": 1}
"""Kerala 56 with one coolie a team (the tester's table): a lost hand gives a kodi."""
SIZES = [(1280, 800), (360, 640)]


def room_message(room: str, rules: Any) -> Message:
    """The summary of a started six-seat room of ``rules``: Asha at seat 0, computers round."""
    seats = [{"seat": k, "kind": "human" if k == 0 else "bot", "name": NAMES[k],
              "connected": True if k == 0 else None, "played_by": "human" if k == 0 else "bot",
              "waiting": None} for k in range(6)]
    return {"type": "room", "room": room, "status": "playing", "rules": rules, "num_players": 6,
            "bots": "rules", "takeover_seconds": 60, "bot_delay": 0, "turn_seconds": 60,
            "public": False, "rated": False, "hints": False, "seq": 0, "seats": seats,
            "hands_played": 1, "scores": None, "over": False, "winners": [],
            "path": f"/r/{room}", "clock": None}


def hand_end(room_id: str, rules: Any, hands: list[Message]) -> list[Message]:
    """Seat 0's messages as the last action of the last of ``hands`` ends it: the room, the
    welcome, the state before the action, then what the server tells of the action (event,
    hand_over, sheet, state)."""
    last = hands[-1]
    cut = dict(last, actions=last["actions"][:-1])
    match = Match.from_record({"rules": rules, "hands_played": [*hands[:-1], cut]})
    rules_ = Rules.from_spec(rules)
    room = Room(id=room_id, rules=rules_, bot_kind="rules", host_token_hash="",
                takeover_seconds=60, bot_delay=0,
                seats=[Seat() for _ in range(rules_.num_players)], match=match)
    room.seq = 100
    before = state(room, 0)
    audience = Audience(lambda: 0.0)
    listener = Recorder(0)
    audience.add(room.id, listener)
    game, hand = match.current, len(match.games) - 1
    done = match.apply(last["actions"][-1])
    room.seq = 101
    audience.tell_action(room, game, hand, done, "bot")
    return [room_message(room_id, rules),
            {"type": "welcome", "room": room_id, "seat": 0, "name": "Asha", "protocol": 2,
             "seq": 100}, sheet_message(match) | {"hands": sheet_message(match)["hands"][:-1]},
            before, *listener.sent]


def page_at(make: Callable[..., BrowserContext], server: Server, size: tuple[int, int]
            ) -> tuple[Page, str, list[str]]:
    """An English table page of ``size`` to replay messages into."""
    width, height = size

    def sized(storage: dict[str, str] | None = None, **options: Any) -> BrowserContext:
        return make(storage, viewport={"width": width, "height": height}, **options)

    page, room, errors = table_page(sized, server, {"twentyeight:lang": "en"})
    page.wait_for_function("document.documentElement.lang === 'en'")
    return page, room, errors


def shot(page: Page, artifacts: Path, name: str) -> None:
    out = artifacts / "kodis"
    out.mkdir(exist_ok=True)
    page.screenshot(path=str(out / f"{name}.png"))


def result_text(page: Page) -> str:
    page.wait_for_function("document.querySelector('#hand-over').open")
    return page.locator("#ho-body .ho-result").inner_text()


def close_result(page: Page) -> None:
    page.locator("#ho-close").click()
    page.wait_for_function("!document.querySelector('#hand-over').open")


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "360x640"])
def test_a_kodi_is_shown_and_told(new_browser_context: Callable[..., BrowserContext],
                                  server: Server, artifacts: Path, size: tuple[int, int]) -> None:
    """56-MATCH-3 (one coolie a team): team B makes 28 and team A (Asha, Meera, Uma) pays its
    one coolie: each of them gets a kodi and both sides restart at 1.  The result says so and
    that the next hand is their kodi-irakkam; the result's table, the score at the top, the
    plates and the score sheet show the kodis (the top as soon as the result is shown)."""
    page, room, errors = page_at(new_browser_context, server, size)
    first = tc.rec("56-kerala-b-makes", KERALA_ONE)["hands_played"][0]
    replay(page, hand_end(room, KERALA_ONE, [first]))
    text = result_text(page)
    ours = "You, Meera, and Uma"
    kodi = EN["result.kodi"]["one"].replace("{side}", ours).replace("{count}", "1")
    assert kodi in text, text
    assert EN["result.irakkam_next"] in text, text
    assert EN["result.change"].replace("{side}", "Ravi, Kabir, and Dev").replace("{change}", "+1") \
        in text, text
    cells = page.locator("#ho-body .score-table td.kodis").all_inner_texts()
    assert cells == [EN["score.kodis_each"]["one"].replace("{count}", "1"),
                     EN["score.kodis_none"]], cells
    shot(page, artifacts, f"kodi-result-{size[0]}x{size[1]}")
    badge = page.locator("#scoreboard .score-kodis")
    assert badge.all_inner_texts() == [EN["score.kodis"]["one"].replace("{count}", "1")]
    close_result(page)
    assert badge.all_inner_texts() == [EN["score.kodis"]["one"].replace("{count}", "1")]
    assert badge.first.get_attribute("data-team") == "0"
    plate = EN["plate.kodis"]["one"].replace("{count}", "1")
    for seat in range(6):
        bits = page.locator(f"#seats .plate[data-seat='{seat}']").get_attribute("aria-label")
        assert (plate in (bits or "")) == (seat % 2 == 0), (seat, bits)
    sheet = page.locator("#sheet .kodi-mark.given")
    assert sheet.all_inner_texts() == [EN["sheet.kodi"]]
    assert page.locator("#sheet td.team-0 .kodi-mark").count() == 1
    irakkam = page.locator("#contract .irakkam").inner_text()
    assert EN["contract.irakkam"] in irakkam and ours in irakkam, irakkam
    shot(page, artifacts, f"kodi-table-{size[0]}x{size[1]}")
    assert not errors


def test_the_sheet_keeps_the_next_hands_row_until_the_table_reaches_it(
        new_browser_context: Callable[..., BrowserContext], server: Server) -> None:
    """The sheet comes as soon as a hand ends: the next hand, annulled as dealt (28-POST-3,
    say), can end while the last hand's result is still open. The sheet behind the open
    result shows the hand whose result it is, not the next one's row (it showed both)."""
    page, room, errors = page_at(new_browser_context, server, SIZES[0])
    first = tc.rec("56-kerala-b-makes", KERALA_ONE)["hands_played"][0]
    told = hand_end(room, KERALA_ONE, [first])
    [sheet] = [m for m in told if m["type"] == "sheet" and len(m["hands"]) == 1]
    row = sheet["hands"][0]
    redealt = {**row, "hand": 1, "bidder": None, "contract": None, "status": "annulled",
               "made": None, "points": [0] * len(row["points"]), "booked": None}
    replay(page, [*told, {"type": "sheet", "hands": [row, redealt]}])
    result_text(page)
    rows = page.locator("#sheet tbody tr")
    assert rows.count() == 1 and rows.first.locator("th").inner_text() == "1"
    close_result(page)
    assert rows.count() == 1                    # (hand 1's end is still to be shown)
    assert not errors


def test_the_kodi_irakkam_hand_is_told(new_browser_context: Callable[..., BrowserContext],
                                       server: Server, artifacts: Path) -> None:
    """56-MATCH-3: in team A's kodi-irakkam hand Asha makes 28: each of team A takes the kodi
    off, and team B, paying its one coolie, gets one; the sheet marks both."""
    page, room, errors = page_at(new_browser_context, server, SIZES[0])
    first = tc.rec("56-kerala-b-makes", KERALA_ONE)["hands_played"][0]
    replay(page, hand_end(room, KERALA_ONE, [first, tc._turned(first)]))
    text = result_text(page)
    made = EN["result.irakkam_made"].replace("{side}", "You, Meera, and Uma")
    theirs = EN["result.kodi"]["one"].replace("{side}", "Ravi, Kabir, and Dev")
    assert made in text and theirs.replace("{count}", "1") in text, text
    shot(page, artifacts, "irakkam-result-1280x800")
    close_result(page)
    assert page.locator("#sheet .kodi-mark.freed").all_inner_texts() == [EN["sheet.kodi_off"]]
    assert page.locator("#sheet .kodi-mark.given").count() == 2
    assert page.locator("#scoreboard .score-kodis").get_attribute("data-team") == "1"
    assert not errors


def test_a_thani_stakes_a_kodi(new_browser_context: Callable[..., BrowserContext],
                               server: Server, artifacts: Path) -> None:
    """56-TH-4 under coolie_kodi (TC-56-10): the contract panel said a Thani "decides the
    match" (there is no match end): it stakes a kodi.  Seat 2 (Meera, on Asha's side) fails:
    no coolie moves, and Asha, Meera and Uma each get a kodi."""
    page, room, errors = page_at(new_browser_context, server, SIZES[0])
    before = tc.rec("56-kerala-b-makes")["hands_played"]
    thani = {"rules": "56-kerala", "dealer": 5, "actions": tc.THANI_LOSES,
             "hands": [tc.DEAL_THANI_LOSES[s].split() for s in range(6)]}
    messages = hand_end(room, "56-kerala", [*before, thani])
    replay(page, messages[:4])                  # the Thani in play, before its last card
    page.wait_for_function("document.querySelector('#contract dl') !== null")
    facts = dict(zip(page.locator("#contract dt").all_inner_texts(),
                     page.locator("#contract dd").all_inner_texts(), strict=True))
    stake = f"{EN['contract.stake']} ({EN['special.thani_56']})"
    assert facts[stake] == EN["contract.stakes_kodi"], facts
    shot(page, artifacts, "thani-contract-1280x800")
    replay(page, messages[4:])
    text = result_text(page)
    kodi = EN["result.kodi"]["other"].replace("{side}", "You, Meera, and Uma")
    assert kodi.replace("{count}", "6") in text, text
    assert "Coolies:" not in text, text
    shot(page, artifacts, "thani-result-1280x800")
    assert not errors


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "360x640"])
def test_tables_are_told_as_paid(new_browser_context: Callable[..., BrowserContext],
                                 server: Server, artifacts: Path, size: tuple[int, int]) -> None:
    """56-MATCH-1 (TC-56-08): team B, with 2 tables, fails 40 (loss 3).  It pays its 2 and
    has lost: the result said −3 / +3 (the stake) with the tables going 2 → 0; now −2 / +2,
    that 3 were owed, and the end says the losers could not pay.  The sheet's row too."""
    page, room, errors = page_at(new_browser_context, server, size)
    doc = tc.rec("56-tables-b-to-2", "56")
    replay(page, hand_end(room, "56", doc["hands_played"]))
    text = result_text(page)
    theirs = "Ravi, Kabir, and Dev"
    paid = EN["result.tables"].replace("{changes}", " and ".join([
        EN["result.change"].replace("{side}", theirs).replace("{change}", "-2"),
        EN["result.change"].replace("{side}", EN["result.opponents"]).replace("{change}", "+2")]))
    assert paid in text, text
    short = EN["result.tables_short"].replace("{side}", theirs)
    assert short.replace("{owed}", "3").replace("{paid}", "2") in text, text
    page.wait_for_selector("#ho-body .ho-match")
    end = page.locator("#ho-body .ho-match").inner_text()
    could_not = EN["match.could_not_pay"].replace("{names}", theirs).replace("{owed}", "3") \
        .replace("{paid}", "2")
    # said once in the dialog: the hand's result says it (a walk found it said twice there);
    # the panel left when the dialog is closed says why the match ended
    assert could_not not in end and EN["match.you_win"].split("{")[0] in end, end
    shot(page, artifacts, f"tables-end-{size[0]}x{size[1]}")
    # the top says the tables after the hand while its result is shown, as the result does
    after = page.locator("#ho-body .score-table tr td").all_inner_texts()
    assert page.locator("#scoreboard .score-value").all_inner_texts() == after and after[1] == "0"
    close_result(page)
    assert could_not in page.locator("#prompt").inner_text()
    last = page.locator("#sheet tbody tr").last
    assert page.locator("#sheet .sheet-key").inner_text() == EN["sheet.key"]  # "-1 (-1)", said
    page.locator("#sheet").scroll_into_view_if_needed()
    shot(page, artifacts, f"tables-sheet-{size[0]}x{size[1]}")
    assert last.locator("td.team-0 small").first.inner_text().strip() == "(+2)"
    assert last.locator("td.team-1 small").first.inner_text().strip() == "(-2)"
    assert not errors


def test_a_refusal_while_the_result_is_open_is_told_in_it(
        new_browser_context: Callable[..., BrowserContext], server: Server,
        artifacts: Path) -> None:
    """A walk: "Play again, same seats" at the match's end did nothing — the server refused
    (20 open tables), and its words went to the notice line behind the open dialog. A
    refusal that comes while a dialog is open is told in it too, and goes with it."""
    page, room, errors = page_at(new_browser_context, server, SIZES[1])
    doc = tc.rec("56-tables-b-to-2", "56")
    replay(page, hand_end(room, "56", doc["hands_played"]))
    result_text(page)
    words = "you have 20 open tables already; finish or leave one first"
    replay(page, [{"type": "error", "code": "too_many_rooms", "message": words}])
    told = page.locator("#hand-over .dialog-notice")
    assert told.is_visible() and told.inner_text().endswith(words)
    told_text = told.inner_text()
    told.scroll_into_view_if_needed()
    shot(page, artifacts, "refusal-in-result-360x640")
    close_result(page)
    assert page.locator(".dialog-notice").count() == 0
    assert page.locator("#notice").inner_text() == told_text
    assert not errors
