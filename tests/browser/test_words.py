"""The words the browser table says at moments a random deal seldom brings, told from the
server's own messages (a hand played by the engine, its views and notes as the server makes
them) replayed into a table page: whose cards annulled a hand, and the result of a hand a
computer played at the seat a newcomer took over."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from browser.conftest import api, catalog
from server.harness import Server
from twentyeight.match import Match
from twentyeight.server.notes import step_notes
from twentyeight.server.public import public_view

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

Message = dict[str, Any]
NAMES = ["Asha", "Ravi", "Meera", "Kabir"]
REDEAL_186 = ["3 bid 14", "0 pass", "1 pass", "2 bid 15", "3 bid 16", "0 pass", "1 pass",
              "2 pass", "3 trump 9H", "3 pass", "1 redeal"]
"""Hand 1 of 28's seed 186: seat 1 holds no J, 9, A or 10 and claims the redeal at its first
turn, the raise window (28-POST-3)."""


def room_message(room: str, sat_from: list[int] | None = None) -> Message:
    """The room summary of a started 28 table: a person at seat 0, computers elsewhere."""
    seats = [{"seat": k, "kind": "human" if k == 0 else "bot", "name": NAMES[k],
              "connected": True if k == 0 else None, "played_by": "human" if k == 0 else "bot",
              "waiting": None} for k in range(4)]
    if sat_from is not None:
        for seat, first in zip(seats, sat_from, strict=True):
            seat["sat_from"] = first
    return {"type": "room", "room": room, "status": "playing", "rules": "28", "num_players": 4,
            "bots": "rules", "takeover_seconds": 60, "bot_delay": 0, "turn_seconds": 60,
            "public": False, "rated": False, "hints": False, "seq": 0, "seats": seats,
            "hands_played": 1, "scores": [0, 0], "over": False, "winners": [],
            "path": f"/r/{room}", "clock": None}


def state(room: str, match: Match, seq: int, notes: list[Message] | None = None) -> Message:
    """Seat 0's ``state`` of the match's current hand, as the server sends it."""
    game = match.current
    view = game.view(0)
    return {"type": "state", "room": room, "seq": seq, "hand": len(match.games) - 1, "seat": 0,
            "to_act": match.to_act, "legal": view["legal"], "view": view,
            "match": {"scores": list(match.scores), "over": match.over,
                      "winners": list(match.winners), "hands_played": len(match.games)},
            "clock": None, "notes": notes or []}


def ended_by(room: str, match: Match, actions: list[str], last: str) -> list[Message]:
    """Seat 0's messages as ``actions`` are played and then ``last`` ends the hand: the state
    before ``last``, its event, the hand's end and the next hand's first state with the
    notes on ``last`` (audience.tell_action's order)."""
    for action in actions:
        match.apply(action)
    game = match.current
    seq = len(actions)
    before = state(room, match, seq)
    public = public_view(game)
    match.apply(last)
    view = game.view(0)
    return [before,
            {"type": "event", "seq": seq + 1, "hand": 0, "seat": int(last.split()[0]),
             "action": last, "phase": view["history_phases"][-1], "by": "bot"},
            {"type": "hand_over", "seq": seq + 1, "hand": 0, "view": view,
             "scores": list(match.scores)},
            state(room, match, seq + 1, step_notes(public, view))]


def table_page(make: Callable[..., BrowserContext], server: Server,
               storage: dict[str, str] | None = None) -> tuple[Page, str, list[str]]:
    """A table page of a room that never starts (so that the server sends nothing more than
    its first summary), connected, to replay messages into; the room and the page's errors."""
    room = api(server, "/api/rooms", {"rules": "28", "bots": "rules"})["room"]
    page = make({"twentyeight:pace": "instant", **{k.replace("ROOM", room): v for k, v in
                                                     (storage or {}).items()}}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/r/{room}")
    page.wait_for_function("document.querySelector('#conn')?.textContent.length > 0")
    page.wait_for_function("(async () => (await import('/static/js/table/state.js'))"
                           ".ui.room !== null)()")
    return page, room, errors


def replay(page: Page, messages: list[Message]) -> None:
    page.evaluate("""async (messages) => {
      const { receive } = await import('/static/js/table/messages.js');
      for (const m of messages) receive(m);
    }""", json.loads(json.dumps(messages)))


def log_lines(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("#log li").all_inner_texts()]


def test_an_annulment_says_whose_cards_and_is_told_before_the_next_deal(
        server: Server, new_browser_context: Callable[..., BrowserContext]) -> None:
    """28-POST-3: Ravi claims the redeal for eight cards without a J, 9, A or 10.  The result
    said "The hand is annulled: a hand without a jack, nine, ace or ten" (whose?), and the
    rule's note came after the next hand's deal ("Hand 2: … deals", then "the hand is
    annulled …").  Now the result names Ravi's cards, the note adds its rule to the
    result's line, and the next deal follows; in Hindi too."""
    for lang in ("en", "hi"):
        words = catalog(lang)
        page, room, errors = table_page(new_browser_context, server,
                                        {"twentyeight:lang": lang})
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        match = Match.new("28", seed=186)
        replay(page, [room_message(room), {"type": "welcome", "room": room, "seat": 0,
                                           "name": "Asha", "protocol": 2, "seq": 0},
                      *ended_by(room, match, REDEAL_186[:-1], REDEAL_186[-1])])
        page.wait_for_function("document.querySelector('#hand-over').open")
        why = words["annulled_by.zero_point_hand"].replace("{who}", "Ravi")
        result = words["result.annulled_why"].replace("{why}", why)
        assert page.locator("#ho-body .ho-result").inner_text() == result
        assert page.locator("#prompt").inner_text() == words["turn.over"]
        page.locator("#hand-over button.primary").first.click()
        page.wait_for_function("!document.querySelector('#hand-over').open")
        page.wait_for_function("document.querySelector('#log').textContent.includes('28-POST-3')")
        lines = log_lines(page)
        told = next(i for i, line in enumerate(lines) if result in line)
        assert lines[told].endswith("(28-POST-3)"), lines
        deal = words["log.new_hand"].split("{n}")[0]
        assert lines[told + 1].startswith(deal), lines
        assert sum("28-POST-3" in line for line in lines) == 1, lines
        assert not errors
