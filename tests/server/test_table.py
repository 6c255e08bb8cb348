"""At the table (issue 15, item 4), over the real WebSocket: table talk, the turn clock in the
state, claiming the remaining tricks, standing up, the score sheet and the rematch.  Every bad
table message is refused in the protocol's error shape and changes nothing."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.harness import (
    Client,
    Message,
    Server,
    match_over,
    play_table_until,
    play_until,
    running,
)
from server.services import Postgres, Redis
from twentyeight.server.room import RESULT_READING_SECONDS

PLAY = "play"
MANY_ROOMS = ("--limit", "rooms_per_client=1000")


@pytest.fixture(scope="module", params=["sqlite", "postgresql+redis"])
def server(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The conftest's server (SQLite; PostgreSQL with Redis), letting one client make the
    many rooms of this module."""
    base = Path(tmp_path_factory.mktemp("table")) / "rooms.db"
    if request.param == "sqlite":
        srv = Server(base, *MANY_ROOMS)
    else:
        pg: Postgres = request.getfixturevalue("postgres")
        rd: Redis = request.getfixturevalue("redis")
        srv = Server(base, *MANY_ROOMS, "--redis", rd.url, db_url=pg.database())
    yield from running(srv)


def room_with(server: Server, seats: list[int], **extra: object) -> tuple[Message, list[str]]:
    made = server.create_room(**{"rules": "28", "bots": "rules", "bot_delay": 0, **extra})
    tokens = [server.take(made["room"], k, f"P{k}") for k in seats]
    return made, tokens


# ---- table talk ----------------------------------------------------------------------------
def test_chat_between_two_seats_reaches_everyone_and_is_kept(server: Server) -> None:
    """A line said by seat 0 reaches seat 2 and a spectator with the seat's name; a phrase
    travels as its key; a spectator cannot talk; a new connection gets the lines so far."""
    made, (t0, t2) = room_with(server, [0, 2])
    room = made["room"]

    async def scenario() -> None:
        a = await Client.open(server, room, 0, t0)
        b = await Client.open(server, room, 2, t2)
        watcher = await Client.open(server, room)
        await a.send({"type": "chat", "text": "  नमस्ते, ready?  "})
        line = await b.until(lambda m: m["type"] == "chat")
        assert line == {"type": "chat", "seat": 0, "name": "P0", "text": "नमस्ते, ready?",
                        "n": 1}
        assert (await watcher.until(lambda m: m["type"] == "chat"))["n"] == 1
        await b.send({"type": "chat", "phrase": "good_luck"})
        said = await a.until(lambda m: m["type"] == "chat" and m["n"] == 2)
        assert said["phrase"] == "good_luck" and said["seat"] == 2 and "text" not in said
        await watcher.send({"type": "chat", "text": "hi", "id": 5})
        err = await watcher.until(lambda m: m["type"] == "error")
        assert err["code"] == "unauthorised" and err["id"] == 5
        assert not [m for m in await a.drain(0.3) if m["type"] == "chat"]
        later = await Client.open(server, room)
        log = await later.until(lambda m: m["type"] == "chat_log")
        assert [(x["n"], x["seat"]) for x in log["lines"]] == [(1, 0), (2, 2)]
        assert all(t0 not in str(m) and t2 not in str(m) for c in (a, b, watcher, later)
                   for m in c.log)
        for c in (a, b, watcher, later):
            await c.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("bad", [
    {"text": ""}, {"text": "   "}, {"text": "x" * 201}, {"text": "a\x00b"},
    {"text": "evil\u202etxt"}, {"text": "one\u2028two"}, {"text": "Z" + "\u0336" * 5},
    {"text": "hid\U000e0041den"}, {"text": 5}, {"phrase": "curse"}, {"phrase": None},
    {"text": "a", "phrase": "thanks"}, {},
])
def test_bad_chat_is_refused_and_said_to_nobody(server: Server, bad: dict[str, object]) -> None:
    made, (t0, t1) = room_with(server, [0, 1])
    room = made["room"]

    async def scenario() -> None:
        a = await Client.open(server, room, 0, t0)
        b = await Client.open(server, room, 1, t1)
        await a.send({"type": "chat", **bad})
        err = await a.until(lambda m: m["type"] == "error")
        assert err["code"] == "malformed" and set(err) == {"type", "code", "message"}
        assert not [m for m in await b.drain(0.3) if m["type"] == "chat"]
        again = await Client.open(server, room)
        assert (await again.until(lambda m: m["type"] == "chat_log"))["lines"] == []
        for c in (a, b, again):
            await c.close()

    asyncio.run(scenario())


def test_chat_is_rate_limited_per_seat(server: Server) -> None:
    """A burst of ``chat_burst`` (5) lines is said; the next is refused and heard by nobody,
    whichever connection of the seat sends it."""
    made, (t0,) = room_with(server, [0])
    room = made["room"]

    async def scenario() -> None:
        a = await Client.open(server, room, 0, t0)
        a2 = await Client.open(server, room, 0, t0)
        watcher = await Client.open(server, room)
        for k in range(5):
            await (a if k % 2 else a2).send({"type": "chat", "text": f"line {k}"})
        await a.send({"type": "chat", "text": "one too many"})
        err = await a.until(lambda m: m["type"] == "error")
        assert err["code"] == "rate_limited"
        heard = [m["text"] for m in await watcher.drain(0.5) if m["type"] == "chat"]
        assert heard == [f"line {k}" for k in range(5)]
        for c in (a, a2, watcher):
            await c.close()

    asyncio.run(scenario())


def test_table_talk_survives_a_restart(tmp_path: Path) -> None:
    srv = Server(tmp_path / "rooms.db")
    srv.start()
    try:
        made, (t0,) = room_with(srv, [0])

        async def say() -> None:
            a = await Client.open(srv, made["room"], 0, t0)
            await a.send({"type": "chat", "text": "before the restart"})
            await a.until(lambda m: m["type"] == "chat")
            await a.close()

        asyncio.run(say())
        srv.stop()
        srv.start()

        async def read() -> Message:
            c = await Client.open(srv, made["room"])
            log = await c.until(lambda m: m["type"] == "chat_log")
            await c.close()
            return log

        assert [x["text"] for x in asyncio.run(read())["lines"]] == ["before the restart"]
    finally:
        srv.stop()


# ---- the turn clock --------------------------------------------------------------------------
def test_the_state_counts_down_the_turn_clock_and_the_computer_acts(server: Server) -> None:
    """The state says how many seconds the person to act has (not a time of day); when they
    run out the seat's computer player acts (another person, at seat 2, waits)."""
    clock = 3.0        # seconds: long enough for a loaded machine to tell the state first
    # (no computer's redeal at its first call: a hand that ends gives 15 s more to read it)
    made, (t0, t2) = room_with(server, [0, 2], turn_seconds=clock, takeover_seconds=600,
                               rules={"preset": "28", "first_hand_pointless_redeal": False})
    room = made["room"]

    async def scenario() -> None:
        me = await Client.open(server, room, 0, t0)
        other = await Client.open(server, room, 2, t2)
        server.start_match(room, made["host_token"])
        st = await me.until(lambda m: m["type"] == "state" and m["to_act"] == 0, 20)
        hand = st["hand"]
        assert st["clock"]["seat"] == 0 and st["clock"]["kind"] == "turn"
        assert 0 < st["clock"]["seconds"] <= clock
        ev = await me.until(lambda m: m["type"] == "event" and m["seat"] == 0, 10)
        assert ev["by"] == "bot"
        await me.send({"type": "hello", "token": t0})             # back: a fresh clock
        await me.until(lambda m: m["type"] == "welcome")            # (states sent before it
        st = await me.until(lambda m: m["type"] == "state")         # knew no hello)
        if st["to_act"] == 0:                  # (the computers may have ended the hand)
            read = RESULT_READING_SECONDS if st["hand"] > hand else 0.0
            assert st["clock"]["seconds"] <= clock + read
        await me.close()
        await other.close()

    asyncio.run(scenario())


def test_no_clock_while_a_computer_is_to_act(server: Server) -> None:
    """The turn clock runs for a person to act and for nobody else: while a computer thinks
    (two seconds here) the state shows no clock.  Seat 0 acts when the deal makes it first
    (another person, at seat 2, waits on it)."""
    made, (t0, t2) = room_with(server, [0, 2], bot_delay=2, turn_seconds=60)
    room = made["room"]

    async def scenario() -> None:
        me = await Client.open(server, room, 0, t0)
        other = await Client.open(server, room, 2, t2)
        server.start_match(room, made["host_token"])
        st = await me.until(lambda m: m["type"] == "state" and m["to_act"] is not None, 20)
        while st["to_act"] == 0:
            assert st["clock"]["seat"] == 0 and st["clock"]["kind"] == "turn"
            await me.act_randomly(random.Random(0))
            seq = st["seq"]
            st = await me.until(lambda m, seq=seq: m["type"] == "state" and m["seq"] > seq, 20)
        if st["to_act"] != 2:
            assert st["clock"] is None
        await me.close()
        await other.close()

    asyncio.run(scenario())


def test_a_person_alone_with_computers_is_not_hurried(server: Server) -> None:
    """A person alone with computer players keeps nobody waiting: no turn clock runs (a
    learner reading a hint had a minute, then the computer played the seat for the rest of
    the hand).  Once a newcomer claims a computer's seat, somebody waits: the clock starts,
    from that moment, and runs out."""
    clock = 1.5
    made, (t0,) = room_with(server, [0], turn_seconds=clock, takeover_seconds=600)
    room = made["room"]

    async def scenario() -> None:
        me = await Client.open(server, room, 0, t0)
        server.start_match(room, made["host_token"])
        st = await me.until(lambda m: m["type"] == "state" and m["to_act"] == 0, 30)
        assert st["clock"] is None
        await asyncio.sleep(clock + 1.5)                       # the old clock would have run out
        assert not [m for m in await me.drain(0.2) if m["type"] == "event" and m["seat"] == 0]
        server.take(room, 1, "Newcomer")                       # a claim: from the next hand
        info = await me.until(lambda m: m["type"] == "room" and m["seats"][1]["waiting"], 10)
        # the clock says how long: 15 s more after a hand a computer annulled at its first
        # call (its result is being read: room.RESULT_READING_SECONDS)
        left = info["clock"]["seconds"]
        assert info["clock"]["seat"] == 0 and left > clock - 0.5
        ev = await me.until(lambda m: m["type"] == "event" and m["seat"] == 0, left + 5)
        assert ev["by"] == "bot"
        await me.close()

    asyncio.run(scenario())


# ---- claims ----------------------------------------------------------------------------------
def _side(state: Message, seat: int) -> set[int]:
    return next(set(team) for team in state["view"]["teams"] if seat in team)


async def _four(server: Server, **extra: object) -> tuple[Message, list[Client]]:
    made, tokens = room_with(server, [0, 1, 2, 3], flags={"game_target": 1000},
                             turn_seconds=60, **extra)
    clients = [await Client.open(server, made["room"], k, tokens[k]) for k in range(4)]
    server.start_match(made["room"], made["host_token"])
    return made, clients


def _last_trick_fourth(st: Message) -> bool:
    """The seat to act plays the hand's last card.  (Its hand of one card is not enough: the
    bidder's hand lacks the trump card laid face down, 28-TRUMP-1, a trick before the last.)"""
    v = st["view"]
    return v["phase"] == PLAY and len(v["trick"]["cards"]) == 3 and len(v["hand"]) == 1 \
        and sum(v["hand_sizes"]) == 1


def test_a_certain_claim_is_accepted_at_once_and_played_out(server: Server) -> None:
    """The last player of the last trick claims: the claim is certain exactly when that trick
    goes to their side, whatever they hold (the server judges; the client cannot know).
    A certain claim is played out by the server (``by: "claim"``); an uncertain one against
    people is put to them, with the claimer's cards shown."""
    async def scenario() -> None:
        _, clients = await _four(server)
        rng = random.Random(3)
        seen = {"accepted": 0, "asked": 0}
        for _ in range(12):
            actor, st = await play_table_until(clients, rng, _last_trick_fourth)
            await actor.send({"type": "claim", "token": actor.token, "seq": st["seq"]})
            hand = st["hand"]
            told = await actor.until(lambda m, h=hand: m["type"] in ("claim", "error")
                                     and m.get("hand", h) == h)
            assert told["type"] == "claim", told
            if told["status"] == "accepted":
                assert told["certain"] and told["seat"] == actor.seat
                ev = await actor.until(lambda m: m["type"] == "event")
                assert ev["by"] == "claim" and ev["seat"] == actor.seat
                over = await actor.until(lambda m: m["type"] == "hand_over")
                assert over["view"]["tricks"][-1]["winner"] in _side(st, actor.seat)
                seen["accepted"] += 1
            else:
                assert told["status"] == "asked", (told, seen)
                assert told["cards"] == st["view"]["hand"]
                assert set(told["asked"]) == {0, 1, 2, 3} - _side(st, actor.seat)
                await actor.act(st["legal"][0])                  # the table waits
                err = await actor.until(lambda m: m["type"] == "error")
                assert err["code"] == "not_now"
                for k in told["asked"]:                          # refused: play on
                    await clients[k].send({"type": "claim_answer", "token": clients[k].token,
                                           "accept": False})
                    break
                ref = await actor.until(lambda m: m["type"] == "claim"
                                        and m["status"] == "refused")
                assert ref["by"] in told["asked"]
                st = await actor.until(lambda m: m["type"] == "state")
                await actor.act(st["legal"][0])
                over = await actor.until(lambda m: m["type"] in ("hand_over", "error"))
                assert over["type"] == "hand_over", (over, st["seq"], st["legal"])
                assert over["view"]["tricks"][-1]["winner"] not in _side(st, actor.seat)
                seen["asked"] += 1
            for c in clients:                                    # all at the next hand
                if c.state is None or c.state["hand"] == st["hand"]:
                    await c.until(lambda m, h=hand: m["type"] == "state" and m["hand"] > h)
            if seen["accepted"] and seen["asked"]:
                break
        assert seen["accepted"] and seen["asked"], seen
        record_scores = [c.state["match"]["scores"] for c in clients if c.state]
        assert all(s == record_scores[0] for s in record_scores)
        for c in clients:
            await c.close()

    asyncio.run(scenario())


def test_an_accepted_claim_gives_the_claimer_every_remaining_trick(server: Server) -> None:
    """Early in the play a claim is not certain: the opponents are asked, both accept, and
    the server plays the hand out with every remaining trick to the claimer's side (or, if no
    play of the cards can do that, says ``swept: false``).  One claim per side per hand."""
    async def scenario() -> None:
        _, clients = await _four(server)
        rng = random.Random(11)
        actor, st = await play_table_until(clients, rng, lambda s: s["view"]["phase"] == PLAY
                                   and len(s["view"]["tricks"]) == 5
                                   and not s["view"]["trick"]["cards"])
        await actor.send({"type": "claim", "token": actor.token, "seq": st["seq"]})
        told = await actor.until(lambda m: m["type"] == "claim")
        if told["status"] == "accepted":          # certain after all: played out at once
            pytest.skip("this deal's claim was certain")
        side = _side(st, actor.seat)
        opponents = told["asked"]
        await actor.send({"type": "claim", "token": actor.token, "seq": st["seq"]})
        assert (await actor.until(lambda m: m["type"] == "error"))["code"] == "not_now"
        await clients[opponents[0]].send({"type": "claim_answer",
                                          "token": clients[opponents[0]].token, "accept": True})
        half = await actor.until(lambda m: m["type"] == "claim")
        assert half["status"] == "asked" and half["accepted"] == [opponents[0]]
        await clients[opponents[1]].send({"type": "claim_answer",
                                          "token": clients[opponents[1]].token, "accept": True})
        done = await actor.until(lambda m: m["type"] == "claim" and m["status"] != "asked")
        assert done["status"] == "accepted" and not done["certain"]
        over = await actor.until(lambda m: m["type"] == "hand_over", 20)
        events = [m for m in actor.log if m["type"] == "event" and m["seq"] > st["seq"]]
        assert events and all(e["by"] == "claim" for e in events)
        if done["swept"]:
            assert all(t["winner"] in side for t in over["view"]["tricks"][5:])
        for c in clients:
            await c.close()

    asyncio.run(scenario())


def test_bad_claims_are_refused_and_change_nothing(server: Server) -> None:
    async def scenario() -> None:
        _, clients = await _four(server)
        rng = random.Random(5)
        actor, st = await play_table_until(clients, rng, lambda s: s["view"]["phase"] == PLAY)
        other = clients[(actor.seat + 1) % 4]
        cases = [
            (other, {"type": "claim", "token": other.token, "seq": st["seq"]}, "not_now"),
            (actor, {"type": "claim", "token": actor.token, "seq": st["seq"] - 1}, "stale"),
            (actor, {"type": "claim", "token": "x" * 20, "seq": st["seq"]}, "unauthorised"),
            (actor, {"type": "claim", "token": actor.token}, "malformed"),
            (actor, {"type": "claim", "token": actor.token, "seq": True}, "malformed"),
            (other, {"type": "claim_answer", "token": other.token, "accept": True}, "not_now"),
            (other, {"type": "claim_answer", "token": other.token, "accept": "yes"},
             "malformed"),
            (actor, {"type": "rematch", "token": actor.token}, "not_now"),
            (actor, {"type": "rematch"}, "unauthorised"),
            (actor, {"type": "stand"}, "unauthorised"),
        ]
        for who, msg, code in cases:
            await who.send(msg)
            err = await who.until(lambda m: m["type"] == "error")
            assert err["code"] == code, (msg, err)
        await actor.act(st["legal"][0])                         # nothing changed: still on
        ev = await actor.until(lambda m: m["type"] == "event")
        assert ev["seq"] == st["seq"] + 1 and ev["by"] == "player"
        for c in clients:
            await c.close()

    asyncio.run(scenario())


# ---- standing up -----------------------------------------------------------------------------
def test_standing_up_gives_the_seat_to_a_computer(server: Server) -> None:
    """Seat 0 stands up: a computer plays it, and its person watches (and may not talk or
    sit again with the old token).  Seat 2's person then leaves, so that the hand goes on
    (alone with computers, connected, they would have no turn clock)."""
    made, (t0, t2) = room_with(server, [0, 2], turn_seconds=0.5, takeover_seconds=0.5)
    room = made["room"]

    async def scenario() -> None:
        a = await Client.open(server, room, 0, t0)
        b = await Client.open(server, room, 2, t2)
        server.start_match(room, made["host_token"])
        await a.until(lambda m: m["type"] == "state")
        await a.send({"type": "stand", "token": t0})
        welcome = await a.until(lambda m: m["type"] == "welcome")
        assert welcome["seat"] is None
        st = await a.until(lambda m: m["type"] == "state")
        assert st["seat"] is None and st["view"]["hand"] == []
        info = await b.until(lambda m: m["type"] == "room" and m["seats"][0]["kind"] == "bot")
        assert info["seats"][0]["played_by"] == "bot"
        await a.send({"type": "chat", "text": "still here?"})
        assert (await a.until(lambda m: m["type"] == "error"))["code"] == "unauthorised"
        await a.send({"type": "hello", "token": t0})
        assert (await a.until(lambda m: m["type"] == "error"))["code"] == "unauthorised"
        await b.close()
        await a.until(lambda m: m["type"] == "event" and m["seat"] == 0, 20)  # a computer acts
        await a.close()

    asyncio.run(scenario())
    summary = server.get(f"/api/rooms/{room}").json()
    assert summary["seats"][0]["kind"] == "bot" and summary["seats"][2]["kind"] == "human"


def test_standing_up_before_the_start_opens_the_seat(server: Server) -> None:
    made, (t0,) = room_with(server, [0])
    room = made["room"]

    async def scenario() -> None:
        a = await Client.open(server, room, 0, t0)
        await a.send({"type": "stand", "token": t0})
        await a.until(lambda m: m["type"] == "room" and m["seats"][0]["kind"] == "open")
        await a.close()

    asyncio.run(scenario())
    assert server.take(room, 0, "Newcomer")


def test_standing_up_does_not_turn_hints_on_at_a_table_of_people(server: Server) -> None:
    """A table of four people, hints left to the default (where computer players sit): none
    sit at the start, so no hints — nor after one person stands up and a computer takes the
    seat (the setting is the start's, not the seats' of the moment).  A table started with
    computers keeps its hints the same way."""
    made, tokens = room_with(server, [0, 1, 2, 3])
    room = made["room"]

    async def scenario() -> None:
        a = await Client.open(server, room, 0, tokens[0])
        server.start_match(room, made["host_token"])
        await a.until(lambda m: m["type"] == "state")
        await a.send({"type": "stand", "token": tokens[0]})
        await a.until(lambda m: m["type"] == "room" and m["seats"][0]["kind"] == "bot")
        await a.close()

    asyncio.run(scenario())
    summary = server.get(f"/api/rooms/{room}").json()
    assert summary["seats"][0]["kind"] == "bot" and summary["hints"] is False
    r = server.post(f"/api/rooms/{room}/hint", {"token": tokens[1]})
    assert r.status_code == 409 and r.json()["error"] == "hints_off"
    with_bots, _ = room_with(server, [0])
    server.start_match(with_bots["room"], with_bots["host_token"])
    assert server.get(f"/api/rooms/{with_bots['room']}").json()["hints"] is True


# ---- the score sheet and the rematch -----------------------------------------------------------
async def _played_to_the_end(server: Server, made: Message, t0: str, t2: str,
                             seed: int) -> tuple[Client, Client, list[Message]]:
    """Seats 0 and 2 connected and playing random legal actions until the match is over."""
    a = await Client.open(server, made["room"], 0, t0)
    b = await Client.open(server, made["room"], 2, t2)
    server.start_match(made["room"], made["host_token"])
    rng = random.Random(seed)
    done = await asyncio.gather(play_until(a, rng, match_over, 60),
                                play_until(b, rng, match_over, 60))
    return a, b, list(done)


def test_score_sheet_and_rematch_with_the_same_seats(server: Server) -> None:
    """A short match: after each hand the sheet has one more row, its running total the
    match's scores; at the end both people ask for a rematch and are dealt in a new room in
    the same seats, with the same tokens."""
    made, (t0, t2) = room_with(server, [0, 2], flags={"game_target": 1})
    room = made["room"]

    async def scenario() -> None:
        a, b, done = await _played_to_the_end(server, made, t0, t2, 1)
        sheets = [m for m in a.log if m["type"] == "sheet"]
        overs = [m for m in a.log if m["type"] == "hand_over"]
        assert len(sheets[-1]["hands"]) == len(overs) == done[0]["match"]["hands_played"]
        assert [len(s["hands"]) for s in sheets] == list(range(1, len(overs) + 1))
        row = sheets[-1]["hands"][-1]
        assert row["scores"] == done[0]["match"]["scores"]
        assert {"contract", "bidder", "made", "points"} <= set(row)
        await a.send({"type": "chat", "text": "One more?"})
        await b.until(lambda m: m["type"] == "chat" and m.get("text") == "One more?")
        await a.send({"type": "rematch", "token": t0})
        vote = await b.until(lambda m: m["type"] == "rematch")
        assert vote["agreed"] == [0] and vote["needed"] == [0, 2] and vote["room"] is None
        await b.send({"type": "rematch", "token": t2})
        dealt = await a.until(lambda m: m["type"] == "rematch" and m["room"] is not None)
        new = dealt["room"]
        assert new != room and dealt["path"] == f"/r/{new}"
        late = await Client.open(server, room)                 # later visitors are told too
        assert (await late.until(lambda m: m["type"] == "rematch"))["room"] == new
        again = await Client.open(server, new, 0, t0)           # the same token, a new room
        st = await again.until(lambda m: m["type"] == "state")  # (a computer may have bid)
        talk = next(m for m in again.log if m["type"] == "chat_log")   # the talk goes on
        assert [line.get("text") for line in talk["lines"]][-1:] == ["One more?"]
        assert talk["lines"][-1]["seat"] == 0 and talk["lines"][-1]["name"] == "P0"
        assert st["seat"] == 0 and len(st["view"]["hand"]) > 0
        assert not any(st["match"]["scores"]) and not st["match"]["over"]   # a new match
        for c in (a, b, late, again):
            await c.close()
        return new

    new = asyncio.run(scenario())
    info = server.get(f"/api/rooms/{new}").json()
    assert info["status"] == "playing"
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "human", "bot"]
    assert [info["seats"][k]["name"] for k in (0, 2)] == ["P0", "P2"]


def test_a_public_tables_rematch_waits_only_for_those_still_there(server: Server) -> None:
    """Two strangers at a public table: one agrees to the rematch, the other goes away.  It
    said "1 of 2 agreed" for good.  The vote said again once the other has gone deals it, the
    absent stranger's seat a computer's; while both are there, it waits for both."""
    made, (t0, t2) = room_with(server, [0, 2], flags={"game_target": 1}, public=True)

    async def scenario() -> str:
        a, b, _ = await _played_to_the_end(server, made, t0, t2, 3)
        await a.send({"type": "rematch", "token": t0})
        vote = await b.until(lambda m: m["type"] == "rematch")
        assert vote["agreed"] == [0] and vote["needed"] == [0, 2] and vote["room"] is None
        await b.close()                                  # the other stranger goes away
        await a.until(lambda m: m["type"] == "room"
                      and m["seats"][2]["connected"] is False)
        await a.send({"type": "rematch", "token": t0})   # (the table says it again)
        dealt = await a.until(lambda m: m["type"] == "rematch" and m["room"] is not None)
        assert dealt["needed"] == [0]
        await a.close()
        return str(dealt["room"])

    new = asyncio.run(scenario())
    info = server.get(f"/api/rooms/{new}").json()
    assert info["status"] == "playing" and info["public"]
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "bot", "bot"]


def test_the_host_may_deal_the_rematch_alone(server: Server) -> None:
    made, (t0, t2) = room_with(server, [0, 2], flags={"game_target": 1})
    room = made["room"]

    async def scenario() -> None:
        a, b, _ = await _played_to_the_end(server, made, t0, t2, 2)
        watcher = await Client.open(server, room)
        await watcher.send({"type": "rematch", "host_token": "not the host"})
        assert (await watcher.until(lambda m: m["type"] == "error"))["code"] == "unauthorised"
        await watcher.send({"type": "rematch", "host_token": made["host_token"]})
        dealt = await b.until(lambda m: m["type"] == "rematch" and m["room"] is not None)
        await b.send({"type": "rematch", "token": t2})           # later votes: the same room
        assert (await b.until(lambda m: m["type"] == "rematch"))["room"] == dealt["room"]
        for c in (a, b, watcher):
            await c.close()

    asyncio.run(scenario())


def test_claim_and_chat_messages_never_carry_a_token(server: Server) -> None:
    made, tokens = room_with(server, [0, 1])
    secrets_ = [*tokens, made["host_token"], made["invite"]]

    async def scenario() -> None:
        a = await Client.open(server, made["room"], 0, tokens[0])
        w = await Client.open(server, made["room"])
        await a.send({"type": "chat", "text": "hello " + tokens[0][:4]})
        await w.until(lambda m: m["type"] == "chat")
        started = time.monotonic()
        while time.monotonic() - started < 0.2:
            await w.drain(0.05)
        assert not any(s in str(m) for m in w.log for s in secrets_)
        await a.close()
        await w.close()

    asyncio.run(scenario())
