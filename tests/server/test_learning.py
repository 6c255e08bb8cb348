"""The server's learning API: the replay of a record and the review of a hand
(server/learning.py), in process with FastAPI's test client."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from twentyeight.analysis.expert import Effort
from twentyeight.server.app import create_app
from twentyeight.server.hub import Settings

CASES: dict[str, Any] = json.loads(
    (Path(__file__).parents[1] / "records" / "learn_cases.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("learn") / "rooms.db"
    app = create_app(Settings(db_url=f"sqlite:///{db}"))
    app.state.analyst.effort = Effort(deals=2, nodes=100_000, playouts=2, candidates=2)
    with TestClient(app) as c:
        yield c


def test_replay_steps_through_a_hand_from_a_seat(client: TestClient) -> None:
    """RULES.md §2.20: the steps of seat 0 show its own cards only, the bidder's face-down
    choice as "S trump", and one step per action plus the deal."""
    record = CASES["forced_reveal_last"]
    r = client.post("/api/replay", json={"record": record, "seat": 0})
    assert r.status_code == 200
    data = r.json()
    steps = data["steps"]
    assert len(steps) == len(record["actions"]) + 1 and steps[0]["action"] is None
    bidder = steps[-1]["view"]["bidder"]
    trump_step = next(s for s in steps if s["action"] and s["action"].split()[1] == "trump")
    if bidder != 0:
        assert trump_step["action"] == f"{bidder} trump"
    for s in steps:
        assert "hands" not in s
        assert all(len(cards) == n for cards, n in [(s["view"]["hand"],
                                                     s["view"]["hand_sizes"][0])])
    keys = [n["key"] for s in steps for n in s["notes"]]
    assert "forced_reveal_last" in keys                     # 28-LAST-1, explained


def test_replay_with_every_hand_open(client: TestClient) -> None:
    record = CASES["ending"]
    r = client.post("/api/replay", json={"record": record, "seat": 2, "open": True})
    steps = r.json()["steps"]
    first = steps[0]
    assert [len(h) for h in first["hands"]] == [4, 4, 4, 4]    # the first deal
    last = steps[-1]
    assert sorted(c for h in last["hands"] for c in h) == sorted(
        c for s in range(4) for c in record["hands"][s]
        if c not in {x for t in last["view"]["tricks"] for x in t["cards"]})
    assert last["trump"] == "S"


def test_replay_of_a_match_hand(client: TestClient) -> None:
    r = client.post("/api/replay", json={"record": CASES["match"], "hand": 1, "seat": 3})
    assert r.status_code == 200 and r.json()["hands"] == 2 and r.json()["hand"] == 1


def short_payment() -> dict[str, Any]:
    """A match of 56 at one table each whose first hand costs its losers 7 tables: they pay
    the one they hold and the match is over (56-MATCH-1)."""
    from twentyeight.match import Match

    match = Match.new({"preset": "56", "start_tables": 1}, seed=1)
    while not match.over:
        legal = match.current.legal_actions()
        match.apply(legal[len(legal) // 2])
    return match.to_record()


def test_the_replay_of_a_match_hand_says_what_the_match_did_with_it(client: TestClient) -> None:
    """56-MATCH-1: a side pays no more tables than it holds.  The replay told the hand's
    stake ("+7 and -7") where the table had said what was paid ("+1 and -1: they owed 7 and
    could pay only 1"); it now has the match's booking of the hand, as the table has."""
    record = short_payment()
    r = client.post("/api/replay", json={"record": record, "hand": 0, "seat": 0}).json()
    assert r["booked"]["owed"] == 7 and r["booked"]["change"] == [1, -1], r["booked"]
    assert r["scores"] == [2, 0]
    alone = client.post("/api/replay", json={"record": record["hands_played"][0], "seat": 0})
    assert alone.json()["booked"] is None and alone.json()["scores"] is None


def test_a_review_says_what_its_game_counts(client: TestClient) -> None:
    """A review's answer names the unit of its second cost: ``tables`` in 56 (56-MATCH-1),
    where the page tells half the net game points, what changes hands; none in 28."""
    from twentyeight import Game

    g = Game.new("56-4p", seed=4)
    while not g.over:
        g.apply(g.legal_actions()[0])
    r = client.post("/api/review", json={"record": g.to_record(), "seat": 0})
    assert r.status_code == 200 and r.json()["unit"] == "tables", r.text
    r = client.post("/api/review", json={"record": CASES["pair_opponents"], "seat": 0})
    assert r.status_code == 200 and r.json()["unit"] is None, r.text


def test_review_of_an_uploaded_hand(client: TestClient) -> None:
    """The review of E's decisions in the counted ending (tests/test_analysis.py): leading
    9♠ costs 1 card point and 3 game points with every hand known."""
    g_record = dict(CASES["ending"])
    actions = [*g_record["actions"], "3 play 9S", "0 play 8S", "1 play KD", "2 play JS",
               "2 play 9D", "3 play AS", "0 play TD", "1 play AD"]
    r = client.post("/api/review", json={"record": {**g_record, "actions": actions},
                                         "seat": 3})
    assert r.status_code == 200
    decisions = r.json()["decisions"]
    lead = next(d for d in decisions if d["action"] == "3 play 9S")
    assert lead["best"] == "3 play AS" and lead["known"]["loss"] == 1.0
    assert lead["known"]["loss_game_points"] == 3.0
    assert all(d["seat"] == 3 for d in decisions)


@pytest.mark.parametrize("body, status, code", [
    ({"record": {"rules": "28", "dealer": 9, "seed": 1}, "seat": 0}, 400, "bad_record"),
    ({"record": {"rules": "28", "dealer": 0, "seed": 1, "actions": ["1 pass"]}, "seat": 0},
     400, "bad_record"),
    ({"record": {"rules": "28", "dealer": 0, "seed": 1}, "seat": 0, "hand": 3}, 400,
     "bad_hand"),
    ({"record": {"rules": "28", "dealer": 0, "seed": 1}, "seat": 5}, 400, "bad_seat"),
])
def test_bad_requests_are_refused_clearly(client: TestClient, body: dict[str, Any],
                                          status: int, code: str) -> None:
    for path in ("/api/replay", "/api/review"):
        r = client.post(path, json=body)
        assert r.status_code == status and r.json()["error"] == code, (path, r.text)
        assert r.json()["message"]


def test_the_replay_page_is_served(client: TestClient) -> None:
    r = client.get("/replay")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]


# ---- a seat at a room: the hint, the review -------------------------------------------------


def make_room(client: TestClient, people: int, bots: str = "rules", **settings: Any
              ) -> tuple[str, list[str]]:
    """A started room of preset 28 with ``people`` seats taken (and the room's
    ``settings``); the room and their tokens."""
    room = client.post("/api/rooms", json={"rules": "28", "bots": bots, "bot_delay": 0,
                                           **settings}).json()
    tokens = [client.post(f"/api/rooms/{room['room']}/seats/{k}",
                          json={"name": f"P{k}", "invite": room["invite"]}).json()["token"]
              for k in range(people)]
    assert client.post(f"/api/rooms/{room['room']}/start",
                       json={"token": room["host_token"]}).status_code == 200
    return room["room"], tokens


def play_to(client: TestClient, room: str, token: str, until: Any) -> dict[str, Any]:
    """Seat 0's first legal action at each of its turns (the bots play the others) until
    ``until(state)``; the state then."""
    with client.websocket_connect(f"/api/rooms/{room}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        while True:
            msg = ws.receive_json()
            if msg["type"] != "state" or msg["seat"] is None:      # the public one first
                continue
            if until(msg):
                return msg
            if msg["to_act"] == 0 and msg["legal"]:
                ws.send_json({"type": "action", "token": token, "action": msg["legal"][0],
                              "seq": msg["seq"]})


def test_a_hint_for_the_seat_to_act_at_a_table_with_bots(client: TestClient) -> None:
    """At a table with computer players a seat asks for a hint on its turn: the expert's
    choice, one of its legal actions, with the reason as data and in English."""
    room, tokens = make_room(client, 1)
    assert client.get(f"/api/rooms/{room}").json()["hints"] is True
    state = play_to(client, room, tokens[0], lambda m: m["to_act"] == 0)
    r = client.post(f"/api/rooms/{room}/hint", json={"token": tokens[0]})
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["action"] in state["legal"] and answer["seq"] == state["seq"]
    assert answer["reason"]["key"] and answer["text"]
    again = client.post(f"/api/rooms/{room}/hint", json={"token": tokens[0]}).json()
    assert again == answer                                    # kept, not searched again


def test_hint_refusals(client: TestClient) -> None:
    """No hint for a token that is no seat, nor for a seat whose turn it is not (two people
    at the table: the computers play until one of them is to act, then nothing moves)."""
    room, tokens = make_room(client, 2)
    r = client.post(f"/api/rooms/{room}/hint", json={"token": "not-a-token"})
    assert r.status_code == 403 and r.json()["error"] == "unauthorised"
    state = play_to(client, room, tokens[0], lambda m: m["to_act"] in (0, 1))
    waiting = tokens[1 - state["to_act"]]
    r = client.post(f"/api/rooms/{room}/hint", json={"token": waiting})
    assert r.status_code == 409 and r.json()["error"] == "not_your_turn"
    people, their = make_room(client, 4)
    assert client.get(f"/api/rooms/{people}").json()["hints"] is False
    r = client.post(f"/api/rooms/{people}/hint", json={"token": their[0]})
    assert r.status_code == 409 and r.json()["error"] == "hints_off"


def test_the_review_of_a_finished_hand_for_its_seat(client: TestClient) -> None:
    """Seat 0's decisions of a hand, once it is over (not before); the every-hand-known
    verdict only when every card of it was played."""
    room, tokens = make_room(client, 1)
    hand = play_to(client, room, tokens[0], lambda m: m["to_act"] == 0)["hand"]
    r = client.post(f"/api/rooms/{room}/review", json={"token": tokens[0], "hand": hand})
    assert r.status_code == 409 and r.json()["error"] == "hand_not_over"
    r = client.post(f"/api/rooms/{room}/review", json={"token": tokens[0], "hand": hand + 5})
    assert r.status_code == 404 and r.json()["error"] == "no_hand"      # not dealt yet
    assert r.json()["message"].endswith("so far")
    end = play_to(client, room, tokens[0], lambda m: m["hand"] > hand)
    r = client.post(f"/api/rooms/{room}/review", json={"token": tokens[0], "hand": hand})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["seat"] == 0 and all(d["seat"] == 0 for d in data["decisions"])
    assert data["known"] == all(d["known"] is not None for d in data["decisions"])
    assert end["hand"] > hand


def test_a_newcomer_reviews_no_hand_played_before_it_took_the_seat(client: TestClient
                                                                    ) -> None:
    """Hidden information (RULES.md §2.20): a newcomer who claims a computer's seat during
    hand 0 holds it from hand 1; while the match runs, reviewing hand 0 from that seat would
    show the computer's cards of a hand the newcomer never saw (a hand that ends early leaves
    some unplayed), so it is refused — for seat 0, who played it, it is not."""
    room = client.post("/api/rooms", json={"rules": "28", "bots": "rules",
                                           "bot_delay": 0}).json()
    rid, invite = room["room"], room["invite"]
    mine = client.post(f"/api/rooms/{rid}/seats/0", json={"name": "P0", "invite": invite})
    assert client.post(f"/api/rooms/{rid}/start",
                       json={"token": room["host_token"]}).status_code == 200
    claim = client.post(f"/api/rooms/{rid}/seats/2", json={"name": "Late", "invite": invite})
    assert claim.json()["pending"] is True and claim.json()["from_hand"] == 1
    late, token = claim.json()["token"], mine.json()["token"]
    play_to(client, rid, token, lambda m: m["hand"] >= 1)
    assert client.get(f"/api/rooms/{rid}").json()["seats"][2]["kind"] == "human"
    r = client.post(f"/api/rooms/{rid}/review", json={"token": late, "hand": 0})
    assert r.status_code == 403 and r.json()["error"] == "not_your_hand"
    r = client.post(f"/api/rooms/{rid}/review", json={"token": token, "hand": 0})
    assert r.status_code == 200 and r.json()["seat"] == 0


def test_28_rev_6_and_28_auc_6_come_with_the_seats_state() -> None:
    """The notes of a seat's state (server/notes.py): what just happened (28-REV-6, for
    every seat, from the public view before the action) and the seat's own turn (28-AUC-6,
    for the seat to act only)."""
    from twentyeight.game import Game
    from twentyeight.server.notes import step_notes, turn_notes
    from twentyeight.server.public import public_view

    hands = [["JS", "9S", "AS", "TS", "JH", "9H", "AH", "TH"],
             ["8H", "KS", "QS", "8S", "7S", "JD", "9D", "AD"],
             ["TD", "KD", "QD", "8D", "7D", "JC", "9C", "AC"],
             ["KH", "QH", "7H", "TC", "KC", "QC", "8C", "7C"]]
    play = ["0 bid 14", "1 bid 15", "2 pass", "3 pass", "0 pass", "1 trump 8H", "1 pass",
            "3 pass", "0 play JH", "1 play 7S", "2 ask", "2 play 7D", "3 play 7H"]
    record = {"rules": "28", "dealer": 3, "hands": hands, "actions": play[:-1]}
    game = Game.from_record(record)
    before = public_view(game)
    game.apply(play[-1])
    for seat in range(4):
        notes = step_notes(before, game.view(seat))
        assert [(n["key"], n["rule"], n["kind"]) for n in notes] == \
            [("rev_lower_trump_wins", "28-REV-6", "step")]
        assert notes[0]["text"].startswith("7♥ beat J♥")
    floor = Game.from_record({**record, "actions": ["0 bid 14", "1 pass"]})
    assert [(n["key"], n["kind"]) for n in turn_notes(floor.view(2), floor.hand)] == \
        [("floor_partner", "turn")]
    assert turn_notes(floor.view(0), floor.hand) == []


def test_hints_are_a_room_setting(client: TestClient) -> None:
    """POST /api/rooms ``"hints"``: off at a table with computer players refuses every hint
    (``hints_off``) and says so in the room's summary; on at a table of people offers them;
    a value that is no boolean is refused and makes no room."""
    room, tokens = make_room(client, 1, hints=False)
    assert client.get(f"/api/rooms/{room}").json()["hints"] is False
    play_to(client, room, tokens[0], lambda m: m["to_act"] == 0)
    r = client.post(f"/api/rooms/{room}/hint", json={"token": tokens[0]})
    assert r.status_code == 409 and r.json()["error"] == "hints_off"
    people, their = make_room(client, 4, hints=True)
    assert client.get(f"/api/rooms/{people}").json()["hints"] is True
    state = play_to(client, people, their[0], lambda m: True)
    seat = state["to_act"]
    r = client.post(f"/api/rooms/{people}/hint", json={"token": their[seat]})
    assert r.status_code == 200 and r.json()["action"] in \
        client.post(f"/api/rooms/{people}/hint", json={"token": their[seat]}).json()["action"]
    r = client.post("/api/rooms", json={"rules": "28", "hints": "yes"})
    assert r.status_code == 400 and r.json()["error"] == "bad_request"
    r = client.post("/api/rooms", json={"rules": "28", "rated": True, "hints": True})
    assert r.status_code == 400 and r.json()["error"] == "rated_hints"
    assert "no hints" in r.json()["message"]


def test_a_seats_state_carries_its_notes(client: TestClient) -> None:
    """Over the WebSocket a seat's ``state`` has ``notes`` (a list, each with its rule ID
    and kind); a spectator's has none."""
    room, tokens = make_room(client, 1)
    seen: list[dict[str, Any]] = []

    def collect(msg: dict[str, Any]) -> bool:
        assert isinstance(msg["notes"], list)
        seen.extend(msg["notes"])
        return msg["hand"] > 0 or len(msg["view"]["tricks"]) >= 3

    play_to(client, room, tokens[0], collect)
    assert all({"key", "rule", "params", "text", "kind"} <= set(n) for n in seen)
    assert all(n["kind"] in ("step", "turn") for n in seen)
    with client.websocket_connect(f"/api/rooms/{room}/ws") as ws:
        msg = ws.receive_json()
        while msg["type"] != "state":
            msg = ws.receive_json()
        assert msg["seat"] is None and "notes" not in msg


def test_hints_and_reviews_use_only_what_the_seat_knows() -> None:
    """The hint and the review without the every-hand-known verdict are made from the seat's
    own views: two deals that seat 0 cannot tell apart (its own cards and every public action
    the same, the other hands different) get the same answers, to the last number."""
    from twentyeight.game import Game
    from twentyeight.server.learning import hint_work, seat_review_work

    effort = Effort(deals=3, nodes=50_000, playouts=2, candidates=2)
    mine = ["JS", "9S", "AS", "TS", "JH", "9H", "AH", "TH"]
    one = [mine, ["8H", "KS", "QS", "8S", "7S", "JD", "9D", "AD"],
           ["TD", "KD", "QD", "8D", "7D", "JC", "9C", "AC"],
           ["KH", "QH", "7H", "TC", "KC", "QC", "8C", "7C"]]
    two = [mine, ["8H", "KS", "QS", "8S", "7S", "JD", "9D", "AD"],   # two queens and a
           ["TD", "KD", "QC", "8D", "7D", "JC", "9C", "KC"],          # king change hands
           ["KH", "QH", "7H", "TC", "AC", "QD", "8C", "7C"]]
    actions = ["0 bid 14", "1 pass", "2 pass", "3 pass", "0 trump JS", "0 pass", "2 pass"]
    games = [Game.from_record({"rules": "28", "dealer": 3, "hands": h, "actions": actions})
             for h in (one, two)]
    assert games[0].view(0) == games[1].view(0)
    hints = [hint_work(g.view(0), effort) for g in games]
    assert hints[0] == hints[1]
    trick = ["0 play JH", "1 play 8H", "2 play 7D", "3 play KH"]
    records = [{**g.to_record(), "actions": [*actions, *trick]} for g in games]
    assert Game.from_record(records[0]).view(0) == Game.from_record(records[1]).view(0)
    reviews = [seat_review_work(r, 0, 0, False, effort) for r in records]
    assert len(reviews[0]["decisions"]) == 4 and reviews[0] == reviews[1]   # bid, trump,
    assert all(d["known"] is None for d in reviews[0]["decisions"])         # raise, lead


def test_a_record_with_its_64_bit_seed_is_replayed(client: TestClient) -> None:
    """A room's own record holds a deal seed of up to 20 digits: the record endpoints read it
    (other bodies keep the server's 15-digit bound)."""
    from twentyeight.game import Game

    record = Game.new("28", seed=18_446_744_073_709_551_615, dealer=0).to_record()
    assert len(str(record["seed"])) == 20
    r = client.post("/api/replay", json={"record": record, "seat": 0})
    assert r.status_code == 200, r.text
    r = client.post("/api/rooms", json={"rules": "28", "bot_delay": 10**16})
    assert r.status_code == 400 and "digits" in r.json()["message"]


def test_a_hint_does_not_wait_behind_reviews() -> None:
    """The analyst's lanes: with the review lane full (503 ``busy``), a hint is still
    answered, in a worker of its own."""
    import asyncio
    import threading

    from twentyeight.server.learning import Analyst, BadRequest

    release = threading.Event()

    async def scenario() -> tuple[str, str]:
        analyst = Analyst(workers=1, waiting=0)
        analyst._pools["review"] = _Stuck(release)              # a review that takes long
        waiting = asyncio.ensure_future(analyst.run("r1", _answer, "review"))
        await asyncio.sleep(0.05)
        try:
            await analyst.run("r2", _answer, "review")
            refused = ""
        except BadRequest as e:
            refused = e.code
        answer = await asyncio.wait_for(analyst.run("h1", _answer, "hint", lane="hint"), 60)
        release.set()
        await waiting
        analyst.close()
        return refused, answer["said"]

    assert asyncio.run(scenario()) == ("busy", "hint")


def _answer(what: str, _effort: Any) -> dict[str, Any]:
    return {"said": what}


class _Stuck:
    """An executor whose job returns only once ``release`` is set."""

    def __init__(self, release: Any) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.release = release
        self.pool = ThreadPoolExecutor(1)

    def submit(self, fn: Any, *args: Any) -> Any:
        def slow() -> Any:
            self.release.wait(30)
            return fn(*args)
        return self.pool.submit(slow)

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=False)


def test_the_review_of_a_hand_the_finished_match_never_played(client: TestClient) -> None:
    """Once the match is over, a hand beyond its last is not a hand still to come (409
    ``hand_not_over``) but none at all: 404 ``no_hand``."""
    room, tokens = make_room(client, 1, flags={"game_target": 1})
    end = play_to(client, room, tokens[0], lambda m: m["match"]["over"])
    played = end["match"]["hands_played"]
    r = client.post(f"/api/rooms/{room}/review", json={"token": tokens[0], "hand": played + 2})
    assert r.status_code == 404 and r.json()["error"] == "no_hand", r.text
    r = client.post(f"/api/rooms/{room}/review", json={"token": tokens[0], "hand": played - 1})
    assert r.status_code == 200, r.text


def test_the_rules_a_games_table_may_cite(client: TestClient) -> None:
    """``GET /api/explained``: every rule an explanation may cite; with ``preset`` or
    ``room``, those of that game (29: its own, without 28's first-hand opening 28-AUC-4 or
    pair 28-PAIR-4); an unknown game or room is refused with the usual shape."""
    every = client.get("/api/explained").json()["rules"]
    of_29 = client.get("/api/explained", params={"preset": "29"}).json()["rules"]
    assert set(of_29) < set(every)
    assert "29-AUC-3" in of_29 and "28-AUC-4" not in of_29 and "28-PAIR-4" not in of_29
    made = client.post("/api/rooms", json={"rules": {"preset": "28", "pair_rule": False},
                                           "bots": "rules"}).json()
    of_room = client.get("/api/explained", params={"room": made["room"]}).json()["rules"]
    assert "28-AUC-4" in of_room and "28-PAIR-4" not in of_room      # the room's own rules
    bad = client.get("/api/explained", params={"preset": "nonsense"})
    assert bad.status_code == 404 and bad.json()["error"] == "not_found"
    gone = client.get("/api/explained", params={"room": "nosuchroom"})
    assert gone.status_code == 404 and gone.json()["error"] == "no_room"


def test_each_preset_learns_from_its_familys_lesson(client: TestClient) -> None:
    """``/api/presets`` says each preset's lesson, which the lobby's "Learn to play" follows:
    the 29 family's is 29's, the 56 family's 56's (Kerala's closed 56 too), every other
    game's 28's (40 and the three- and six-player 28 have none of their own)."""
    presets = client.get("/api/presets").json()["presets"]
    lessons = {name: preset["lesson"] for name, preset in presets.items()}
    assert {lessons[n] for n in ("29", "29-16", "bhoos-29")} == {"29"}
    assert {lessons[n] for n in ("56", "56-4p", "56-8p", "56-kerala", "56-online")} == {"56"}
    assert {lessons[n] for n in ("28", "28-3p", "28-6p", "40")} == {"28"}


def test_the_tutorials_of_28_and_29(client: TestClient) -> None:
    """``/api/tutorial`` is 28's lesson, ``?game=29`` 29's (played clockwise, 29-DIR-1), and
    each says which lessons there are; a game without a lesson is refused without its name
    repeated."""
    first = client.get("/api/tutorial").json()
    assert (first["game"], first["rules"], first["direction"]) == ("28", "28", "anticlockwise")
    assert first["lessons"] == ["28", "29", "56"]
    assert first["steps"][0]["say"]["key"] == "tut.welcome"
    lesson = client.get("/api/tutorial", params={"game": "29"}).json()
    assert (lesson["game"], lesson["rules"], lesson["direction"]) == ("29", "29", "clockwise")
    assert lesson["steps"][0]["say"]["key"] == "tut29.welcome"
    lesson = client.get("/api/tutorial", params={"game": "56"}).json()
    assert (lesson["game"], lesson["rules"], lesson["direction"]) == ("56", "56", "anticlockwise")
    assert len(lesson["steps"][0]["view"]["hand_sizes"]) == 6
    for game in ("40", "x" * 2000):
        r = client.get("/api/tutorial", params={"game": game})
        assert r.status_code == 404 and r.json()["error"] == "not_found"
        assert game not in r.json()["message"] and "28, 29, 56" in r.json()["message"]
    assert client.get("/learn/29").status_code == 200
