"""Who may sit (issue 12, item 1): a seat needs the room's seat invitation, a person holds one
seat per room, and a computer's seat taken over mid-match is handed over at the next hand (or
when the host approves) — never showing the newcomer the cards of the hand being played.
And nobody can freeze a table (item 2): a person who is there but never acts is played for
once the room's turn clock runs out."""

from __future__ import annotations

import asyncio
import random
import time

import httpx
from websockets.exceptions import ConnectionClosed

from server.harness import Client, Message, Server, deals_of, play_until, scan_secrecy, words

NO_EARLY_END = {"first_hand_pointless_redeal": False, "zero_point_hand_redeal": "off",
                "four_jacks_redeal": False, "eight_same_suit": "ignore"}
"""No annulment before the away person's first turn (28-PRE-1, 28-POST-2/3/4): the hand in
which a seat is claimed is still being played when the host approves."""


def test_a_seat_needs_the_invitation(server: Server) -> None:
    made = server.create_room(rules="28")
    room, invite = made["room"], made["invite"]
    assert made["watch"].endswith(f"/r/{room}") and invite not in made["watch"]
    for body in ({}, {"name": "x"}, {"invite": "guess"}, {"invite": made["host_token"]}):
        r = server.post(f"/api/rooms/{room}/seats/0", body)
        assert r.status_code == 403 and r.json()["error"] == "not_invited", r.text
    assert server.get(f"/api/rooms/{room}").json()["seats"][0]["kind"] == "open"
    assert server.post(f"/api/rooms/{room}/seats/0", {"invite": invite}).status_code == 200
    # the host may sit without it; a new invitation retires the old one
    assert server.post(f"/api/rooms/{room}/seats/1",
                       {"host_token": made["host_token"]}).status_code == 200
    r = server.post(f"/api/rooms/{room}/invitation", {"token": made["host_token"]})
    assert r.status_code == 200
    fresh = r.json()["invite"]
    assert fresh != invite and r.json()["link"].endswith(f"#invite={fresh}")
    assert server.post(f"/api/rooms/{room}/seats/2", {"invite": invite}).status_code == 403
    assert server.post(f"/api/rooms/{room}/seats/2", {"invite": fresh}).status_code == 200
    assert server.post(f"/api/rooms/{room}/invitation", {"token": invite}).status_code == 403


def test_a_person_holds_one_seat(server: Server) -> None:
    made = server.create_room(rules="28")
    room, invite = made["room"], made["invite"]
    mine = server.take(room, 0)
    r = server.post(f"/api/rooms/{room}/seats/1", {"invite": invite, "token": mine})
    assert r.status_code == 409 and r.json()["error"] == "already_seated"
    server.start_match(room, made["host_token"])                 # seats 1-3: computers
    r = server.post(f"/api/rooms/{room}/seats/2", {"invite": invite, "token": mine})
    assert r.status_code == 409 and r.json()["error"] == "already_seated"   # an opponent's
    claim = server.post(f"/api/rooms/{room}/seats/3", {"invite": invite}).json()["token"]
    r = server.post(f"/api/rooms/{room}/seats/1", {"invite": invite, "token": claim})
    assert r.status_code == 409 and r.json()["error"] == "already_seated"   # a claim counts
    r = server.post(f"/api/rooms/{room}/seats/3", {"invite": invite})
    assert r.status_code == 409 and r.json()["error"] == "seat_claimed"
    assert [s["kind"] for s in server.get(f"/api/rooms/{room}").json()["seats"]] == \
        ["human", "bot", "bot", "bot"]


def private_cards(record: Message, hand: int, seat: int) -> set[str]:
    """The cards dealt to ``seat`` in ``hand`` (what a newcomer must not see of it)."""
    return set(deals_of(record)[hand][seat])


def test_a_computers_seat_is_handed_over_at_the_next_hand(server: Server) -> None:
    """A newcomer claims a computer's seat mid-hand: they watch (the public view only) until
    the hand is over, then sit with the next hand's cards.  No message to them ever holds
    a card of that seat in the hand during which they claimed it — nor its face-down trump."""
    made = server.create_room(rules="28", flags={"game_target": 12}, bots="rules", bot_delay=0,
                              takeover_seconds=1)
    room = made["room"]
    token = server.take(room, 0, "Asha")
    rng = random.Random(4)

    async def scenario() -> tuple[list[Client], Client, int, Message]:
        me = await Client.open(server, room, 0, token)
        server.start_match(room, made["host_token"])
        await play_until(me, rng, lambda m: m["view"]["phase"] == "play"
                         and len(m["view"]["tricks"]) >= 1, timeout=30)
        hand = me.state["hand"] if me.state else -1
        r = server.post(f"/api/rooms/{room}/seats/2", {"name": "Late", "invite": made["invite"]})
        assert r.status_code == 200, r.text
        seated = r.json()
        assert seated["pending"] is True and seated["from_hand"] == hand + 1
        late = Client(await _connect(server, room), None, seated["token"])  # type: ignore[arg-type]
        await late.send({"type": "hello", "token": seated["token"]})
        welcome = await late.until(lambda m: m["type"] == "welcome")
        assert welcome["seat"] is None and welcome["claim"] == 2
        info = server.get(f"/api/rooms/{room}").json()
        assert info["seats"][2]["kind"] == "bot" and info["seats"][2]["waiting"] == "Late"
        # it is still the computer's: the newcomer's token cannot act for seat 2
        await late.act("2 pass")
        assert (await late.until(lambda m: m["type"] == "error"))["code"] == "unauthorised"
        # but the newcomer, sat down, talks at the table, under their own name (they were
        # told to take a seat to talk, for the rest of the hand)
        await late.send({"type": "chat", "token": seated["token"], "text": "hello all"})
        said = await me.until(lambda m: m["type"] == "chat" and m.get("text") == "hello all")
        assert (said["seat"], said["name"]) == (2, "Late")
        play = asyncio.create_task(play_until(me, rng, lambda m: m["hand"] > hand
                                              or m["match"]["over"], timeout=60))
        sat = await late.until(lambda m: m["type"] == "welcome" and m["seat"] == 2, 60)
        late.seat = 2
        await play
        first = await late.until(lambda m: m["type"] == "state")
        assert first["seat"] == 2 and first["hand"] == hand + 1 and first["view"]["hand"]
        info = server.get(f"/api/rooms/{room}").json()
        assert info["seats"][2]["kind"] == "human" and info["seats"][2]["name"] == "Late"
        # the summary says from which hand the seat is theirs: the table tells the hand
        # before as the computer's (docs/protocol.md, the room summary's sat_from)
        assert info["seats"][2]["sat_from"] == hand + 1

        def sits_from(m: Message) -> bool:
            return m["type"] == "room" and m["seats"][2]["sat_from"] == hand + 1

        if not any(sits_from(m) for m in late.log):          # (the summary follows the state)
            await late.until(sits_from)
        # and now it is theirs to play (until they have: a hand may end before their turn,
        # when a computer ahead of them has no point card and asks for a new deal)
        def theirs() -> list[Message]:
            return [m for m in late.log if m["type"] == "event" and m["seat"] == 2
                    and m["hand"] > hand]

        def done(m: Message) -> bool:
            return (bool(theirs()) and m["hand"] > theirs()[0]["hand"]) or bool(m["match"]["over"])

        await asyncio.gather(play_until(me, rng, done, timeout=60),
                             play_until(late, rng, done, timeout=60))
        assert theirs() and {m["by"] for m in theirs()} == {"player"}
        for c in (me, late):
            await c.close()
        return [me], late, hand, sat

    players, late, hand, sat = asyncio.run(scenario())
    record = _finished_or_closed(server, room, made)
    before = late.log[:late.log.index(sat)]
    assert all(m["view"]["seat"] is None for m in before if "view" in m)
    for m in before:
        if m["type"] == "state":
            assert m["seat"] is None and m["view"]["hand"] == [] and m["legal"] == []
    watching = Client(None, None, None)  # type: ignore[arg-type]  # a spectator, as it was
    watching.log = before
    assert scan_secrecy(record, [watching]) > 0
    # the claimed hand's face-down cards of seat 2 in any message about that hand (a card of
    # it may be played in a later hand before the newcomer sits: scan_secrecy checks those)
    unplayed = private_cards(record, hand, 2) - {
        a.split()[2] for a in record["hands_played"][hand]["actions"] if " play " in a}
    shown = [(m["type"], m.get("seq"), sorted(unplayed & set(words(m)))) for m in before
             if m.get("hand", hand) == hand and unplayed & set(words(m))]
    assert not shown, (hand, shown)
    assert scan_secrecy(record, [*players, late]) > 0


def test_the_host_may_hand_a_seat_over_at_once(server: Server) -> None:
    made = server.create_room(rules="28", bots="rules", bot_delay=0, takeover_seconds=600,
                              flags=NO_EARLY_END)
    room = made["room"]
    token = server.take(room, 0)
    server.start_match(room, made["host_token"])
    claim = server.post(f"/api/rooms/{room}/seats/1", {"invite": made["invite"]}).json()

    async def scenario() -> None:
        late = Client(await _connect(server, room), None, claim["token"])  # type: ignore[arg-type]
        await late.send({"type": "hello", "token": claim["token"]})
        await late.until(lambda m: m["type"] == "welcome" and m["seat"] is None)
        assert server.post(f"/api/rooms/{room}/seats/1/approve",
                           {"token": claim["token"]}).status_code == 403
        r = server.post(f"/api/rooms/{room}/seats/1/approve", {"token": made["host_token"]})
        assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "human"
        await late.until(lambda m: m["type"] == "welcome" and m["seat"] == 1)
        state = await late.until(lambda m: m["type"] == "state")
        assert state["seat"] == 1 and state["view"]["hand"]       # the host said so
        r = server.post(f"/api/rooms/{room}/seats/1/approve", {"token": made["host_token"]})
        assert r.status_code == 409 and r.json()["error"] == "no_claim"
        # the host's own request mid-match: at once
        r = server.post(f"/api/rooms/{room}/seats/2", {"host_token": made["host_token"]})
        assert r.status_code == 200 and r.json()["pending"] is False
        await late.close()

    asyncio.run(scenario())
    assert token


def test_a_player_who_never_acts_cannot_freeze_the_table(server: Server) -> None:
    """Connected but silent: after ``turn_seconds`` the computer plays the seat's turn, and
    goes on playing it (at its own pace) until the person says ``hello`` or acts again —
    while somebody else waits on the table (a person at seat 2, who acts at once)."""
    clock = 0.6
    made = server.create_room(rules="28", bots="rules", bot_delay=0, turn_seconds=clock,
                              takeover_seconds=600)
    room = made["room"]
    token = server.take(room, 0)
    other_token = server.take(room, 2)

    async def keep_playing(other: Client) -> None:
        while True:
            m = await other.recv(timeout=120)
            if m["type"] == "state" and m["to_act"] == 2 and m["legal"]:
                await other.act(m["legal"][0])

    async def scenario() -> None:
        me = await Client.open(server, room, 0, token)
        other = await Client.open(server, room, 2, other_token)
        player = asyncio.create_task(keep_playing(other))
        server.start_match(room, made["host_token"])
        await me.until(lambda m: m["type"] == "state" and m["to_act"] == 0, 20)
        turn = time.monotonic()
        ev = await me.until(lambda m: m["type"] == "event" and m["seat"] == 0, 10)
        assert ev["by"] == "bot" and time.monotonic() - turn >= clock - 0.1
        info = await me.until(lambda m: m["type"] == "room"
                              and m["seats"][0]["played_by"] == "bot")
        assert info["seats"][0]["connected"] is True
        await me.until(lambda m: m["type"] == "event" and m["seat"] == 0, 20)   # and on
        await me.send({"type": "hello", "token": token})                       # back
        await me.until(lambda m: m["type"] == "welcome")
        state = await me.until(lambda m: m["type"] == "state" and m["to_act"] == 0
                               and not m["match"]["over"], 30)
        turn = time.monotonic()
        await me.act(state["legal"][0])
        ev = await me.until(lambda m: m["type"] == "event" and m["seat"] == 0)
        assert ev["by"] == "player" and time.monotonic() - turn < clock
        rooms = [m for m in me.log[me.log.index(state):] if m["type"] == "room"]
        assert not rooms or rooms[-1]["seats"][0]["played_by"] == "human"
        player.cancel()
        await me.close()
        await other.close()

    asyncio.run(scenario())


async def _connect(server: Server, room: str) -> object:
    from websockets.asyncio.client import connect
    return await connect(f"{server.ws_url}/api/rooms/{room}/ws", open_timeout=10)


def _finished_or_closed(server: Server, room: str, made: Message) -> Message:
    """The record of ``room`` (playing on until it can be downloaded, with nobody there)."""
    r = server.get(f"/api/rooms/{room}/record")
    if r.status_code == 200:
        return dict(r.json())
    seats = server.get(f"/api/rooms/{room}").json()["seats"]
    assert seats, made
    # play the rest with computers: every person's seat taken over at once
    deadline = time.monotonic() + 120

    async def watch() -> None:
        c = await Client.open(server, room)
        while time.monotonic() < deadline:
            try:
                m = await c.recv(30)
            except TimeoutError:            # a loaded machine: the deadline, not one message,
                continue                    # bounds the wait (the record is checked below)
            except ConnectionClosed:        # closed: a match of computers may reach the
                break                       # server's limit of hands first (a CI run's did)
            if m["type"] == "state" and m["match"]["over"]:
                break
        await c.close()

    asyncio.run(watch())
    r = server.get(f"/api/rooms/{room}/record")
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_the_host_of_a_public_table_hands_no_seat_over_at_once(server: Server) -> None:
    """At a public table the host (whoever made it: Quick play gives the maker the host
    token) is a stranger like the others: a computer's seat they ask for mid-match is theirs
    from the next hand, as anyone's, and they cannot approve a claim at once; otherwise a host
    who holds one seat could take a second at once and see two hands of one deal.  (The
    second seat is asked for from another address: from the same one, it is refused,
    ``address_seated``.)"""
    made = server.create_room(rules="28", bots="rules", bot_delay=0, takeover_seconds=600,
                              public=True, flags=NO_EARLY_END)
    room = made["room"]
    server.take(room, 0)
    server.start_match(room, made["host_token"])
    second = httpx.post(f"{server.url}/api/rooms/{room}/seats/2", timeout=10,
                        json={"host_token": made["host_token"]},
                        headers={"X-Forwarded-For": "10.81.0.1"})
    assert second.status_code == 200 and second.json()["pending"] is True
    r = server.post(f"/api/rooms/{room}/seats/2/approve", {"token": made["host_token"]})
    assert r.status_code == 403 and r.json()["error"] == "public_table"
