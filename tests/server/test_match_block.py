"""What the server tells of the match layer after a hand (docs/protocol.md, "Booked"): the
``state``'s ``match`` block, ``hand_over`` and the ``sheet`` say what the match's scores really
did — the tables a team could pay (56-MATCH-1), the kodis given and taken off and the
kodi-irakkam hand (56-MATCH-3, 56-TH-4) — not only the hand's stake.

The hands are the pinned match records of tests/records/tc_variants.json (TC-56-08, TC-56-10),
their last action told through :class:`~twentyeight.server.audience.Audience` as the server
tells it.
"""

from __future__ import annotations

from typing import Any

import test_tc_variants as tc
from server.harness import Recorder
from twentyeight import Match, Rules
from twentyeight.server.audience import Audience
from twentyeight.server.room import Room, Seat

Message = dict[str, Any]
KERALA_ONE = {"preset": "56-kerala", "start_coolies": 1}
"""Kerala 56 with one coolie a team: a lost hand gives a kodi (as the tester's table did)."""




def told_end(rules: Any, hands: list[Message], seat: int | None = 0) -> dict[str, Message]:
    """Seat ``seat``'s ``hand_over``, ``sheet`` and ``state`` when the last action of the last
    of ``hands`` (a match record's hands) ends it, told as the server tells it."""
    last = hands[-1]
    cut = dict(last, actions=last["actions"][:-1])
    match = Match.from_record({"rules": rules, "hands_played": [*hands[:-1], cut]})
    rules_ = Rules.from_spec(rules)
    room = Room(id="r", rules=rules_, bot_kind="rules", host_token_hash="",
                takeover_seconds=60, bot_delay=0,
                seats=[Seat() for _ in range(rules_.num_players)], match=match)
    audience = Audience(lambda: 0.0)
    listener = Recorder(seat)
    audience.add(room.id, listener)
    game, hand = match.current, len(match.games) - 1
    done = match.apply(last["actions"][-1])
    room.seq = 1
    audience.tell_action(room, game, hand, done, "bot")
    return {m["type"]: m for m in listener.sent}


def test_a_kodi_is_told_with_the_coolies_that_restart() -> None:
    """56-MATCH-3 (one coolie a team): team B makes 28, team A pays its one coolie — the
    coolies moved −1 / +1, then each of seats 0, 2, 4 got a kodi and both teams restarted at
    1.  The state said only ``scores`` [1, 1]: now its match block has the kodis by seat and
    the kodi-irakkam team (A's hand comes next), and ``booked`` what the hand did; the
    ``hand_over`` and the sheet's row say the same."""
    first = tc.rec("56-kerala-b-makes", KERALA_ONE)["hands_played"][0]
    told = told_end(KERALA_ONE, [first])
    booked = {"change": [-1, 1], "owed": None, "out": None, "kodi": 0, "freed": [],
              "irakkam": None, "kodis": [1, 0, 1, 0, 1, 0]}
    block = told["state"]["match"]
    assert block["scores"] == [1, 1]
    assert block["kodis"] == [1, 0, 1, 0, 1, 0] and block["kodi_irakkam"] == 0
    assert block["booked"] == {"hand": 0, **booked}
    assert told["hand_over"]["booked"] == booked and told["hand_over"]["scores"] == [1, 1]
    [row] = told["sheet"]["hands"]
    assert row["booked"] == booked and row["points"] == [-1, 1] and row["scores"] == [1, 1]


def test_the_kodi_irakkam_hand_is_told() -> None:
    """56-MATCH-3: in team A's kodi-irakkam hand seat 0 makes 28, so seats 0, 2, 4 each take
    their kodi off — and team B, paying its one coolie, gets a kodi of its own: the next
    hand is B's kodi-irakkam."""
    first = tc.rec("56-kerala-b-makes", KERALA_ONE)["hands_played"][0]
    told = told_end(KERALA_ONE, [first, tc._turned(first)])
    block = told["state"]["match"]
    assert block["booked"] == {"hand": 1, "change": [1, -1], "owed": None, "out": None,
                               "kodi": 1, "freed": [0, 2, 4], "irakkam": 0,
                               "kodis": [0, 1, 0, 1, 0, 1]}
    assert block["kodis"] == [0, 1, 0, 1, 0, 1] and block["kodi_irakkam"] == 1
    assert [r["booked"]["kodi"] for r in told["sheet"]["hands"]] == [0, 1]


def test_a_lost_thani_gives_a_kodi_and_moves_no_coolie() -> None:
    """56-TH-4 under coolie_kodi (TC-56-10): seat 2's Thani fails — no coolie moves, each of
    seats 0, 2, 4 gets a kodi and the coolies restart at 6 (they stood at 5 / 7)."""
    before = tc.rec("56-kerala-b-makes")["hands_played"]
    thani = {"rules": "56-kerala", "dealer": 5, "actions": tc.THANI_LOSES,
             "hands": [tc.DEAL_THANI_LOSES[s].split() for s in range(6)]}
    told = told_end("56-kerala", [*before, thani], seat=1)
    block = told["state"]["match"]
    assert block["scores"] == [6, 6] and block["kodis"] == [1, 0, 1, 0, 1, 0]
    assert block["booked"]["change"] == [0, 0] and block["booked"]["kodi"] == 0
    assert block["kodi_irakkam"] == 0 and not block["over"]


def test_tables_paid_are_what_the_team_held() -> None:
    """56-MATCH-1 (TC-56-08): team B, with 2 tables, fails 40 (loss 3): it pays its 2 and has
    lost the match.  The hand's stake says −3 / +3 (``points``); ``booked`` says what was paid,
    −2 / +2, that 3 were owed, and that team B ran out (``out``); no kodi fields."""
    doc = tc.rec("56-tables-b-to-2", "56")
    told = told_end("56", doc["hands_played"])
    block = told["state"]["match"]
    assert block["over"] and block["winners"] == [0] and block["scores"] == [24, 0]
    assert block["booked"] == {"hand": 2, "change": [2, -2], "owed": 3, "out": 1, "kodi": None,
                               "freed": [], "irakkam": None, "kodis": None}
    assert "kodis" not in block and "kodi_irakkam" not in block
    rows = told["sheet"]["hands"]
    assert rows[-1]["points"] == [3, -3] and rows[-1]["booked"]["change"] == [2, -2]
    assert [r["booked"]["change"] for r in rows[:2]] == [[5, -5], [5, -5]]


def test_a_28_match_books_its_game_points() -> None:
    """28 (a ``target`` match): ``booked.change`` is the game points the hand moved; there are
    no kodis."""
    match = Match.new("28", seed=5)
    while len(match.games) == 1:
        game = match.current
        match.apply(game.legal_actions()[0])
    change = match.booked[0].change
    assert change == list(match.games[0].hand.score().by_team)      # type: ignore[union-attr]
    assert match.booked[0].to_dict()["kodis"] is None
