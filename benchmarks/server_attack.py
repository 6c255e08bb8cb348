"""Try a running ``twentyeight serve`` as an attacker would, and say what held.

Each probe does one thing a stranger (or a player) might do to a server and prints what came
of it; ``held`` says whether the server refused, bounded or survived it as it should.  It
speaks the protocol of either the current server or an older one (no seat invitations, no
``seq`` in actions), so the same probes show what an earlier version let through::

    twentyeight serve --port 8028 --db sqlite:///attack.db
    python benchmarks/server_attack.py --port 8028

Start the server with its default limits (the probes are the point); they make a few dozen
rooms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import time
from collections.abc import Callable, Coroutine
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

Message = dict[str, Any]


class Target:
    """The server under test."""

    def __init__(self, host: str, port: int) -> None:
        self.http = f"http://{host}:{port}"
        self.ws = f"ws://{host}:{port}"
        self.host, self.port = host, port

    def room(self, **body: Any) -> Message:
        r = httpx.post(f"{self.http}/api/rooms", json=body, timeout=30)
        if r.status_code == 422 and "turn_seconds" in body:          # an older server
            body.pop("turn_seconds")
            r = httpx.post(f"{self.http}/api/rooms", json=body, timeout=30)
        r.raise_for_status()
        return dict(r.json())

    def sit(self, made: Message, seat: int, **extra: Any) -> httpx.Response:
        """Take ``seat`` with the room's invitation (an older server knows none: then with
        the name alone)."""
        url = f"{self.http}/api/rooms/{made['room']}/seats/{seat}"
        r = httpx.post(url, json={"invite": made.get("invite"), **extra}, timeout=30)
        if r.status_code == 422:
            r = httpx.post(url, json={"name": extra.get("name")}, timeout=30)
        return r

    def start(self, made: Message) -> None:
        httpx.post(f"{self.http}/api/rooms/{made['room']}/start",
                   json={"token": made["host_token"]}, timeout=30).raise_for_status()

    async def socket(self, made: Message, token: str | None = None) -> ClientConnection:
        ws = await connect(f"{self.ws}/api/rooms/{made['room']}/ws", max_size=None,
                           ping_interval=None)
        if token:
            await ws.send(json.dumps({"type": "hello", "token": token}))
        return ws


async def until(ws: ClientConnection, pred: Callable[[Message], bool],
                seconds: float = 10) -> Message:
    end = time.monotonic() + seconds
    while True:
        m = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic())))
        if pred(m):
            return dict(m)


async def drain(ws: ClientConnection, seconds: float) -> list[Message]:
    out = []
    end = time.monotonic() + seconds
    try:
        while (left := end - time.monotonic()) > 0:
            out.append(json.loads(await asyncio.wait_for(ws.recv(), left)))
    except (TimeoutError, ConnectionClosed):
        pass
    return out


def action(token: str, text: str, seq: int) -> str:
    return json.dumps({"type": "action", "token": token, "action": text, "seq": seq})


# ---- the probes: each returns (what happened, whether the server held) -----------------
async def seat_without_invitation(t: Target) -> tuple[str, bool]:
    made = t.room()
    r = httpx.post(f"{t.http}/api/rooms/{made['room']}/seats/0", json={}, timeout=30)
    return f"POST seats/0 with no invitation: {r.status_code}", r.status_code == 403


async def newcomer_sees_the_hand(t: Target) -> tuple[str, bool]:
    made = t.room(bot_delay=0.3)
    mine = t.sit(made, 0).json()["token"]
    t.start(made)
    me = await t.socket(made, mine)
    await until(me, lambda m: m["type"] == "state", 30)
    await drain(me, 1.0)                                  # the hand is under way
    r = t.sit(made, 2, name="outsider")
    if r.status_code != 200:
        return f"mid-hand take of a computer's seat: {r.status_code}", True
    ws = await t.socket(made, r.json()["token"])
    await until(ws, lambda m: m["type"] == "welcome", 10)
    state = await until(ws, lambda m: m["type"] == "state", 10)
    hand_now = state["hand"]
    cards = state["view"]["hand"] if state["seat"] == 2 else []
    await ws.close()
    await me.close()
    return (f"mid-hand take of a computer's seat: {r.status_code}, pending="
            f"{r.json().get('pending')}, newcomer shown {len(cards)} cards of hand {hand_now}",
            not cards)


async def second_seat(t: Target) -> tuple[str, bool]:
    made = t.room(bot_delay=0.3)
    mine = t.sit(made, 0).json()["token"]
    t.start(made)
    r = t.sit(made, 1, token=mine)
    return f"a seated player takes an opponent's seat: {r.status_code}", r.status_code == 409


async def idle_player_freezes(t: Target) -> tuple[str, bool]:
    made = t.room(bot_delay=0.1, takeover_seconds=3600, turn_seconds=5)
    mine = t.sit(made, 0).json()["token"]
    t.start(made)
    me = await t.socket(made, mine)
    state = await until(me, lambda m: m["type"] == "state" and m["to_act"] == 0, 30)
    moved = [m for m in await drain(me, 8) if m["type"] == "event"]
    await me.close()
    return (f"a connected player never acts at seq {state['seq']}: {len(moved)} actions "
            "in the next 8 s", bool(moved))


async def many_rooms(t: Target) -> tuple[str, bool]:
    codes = [httpx.post(f"{t.http}/api/rooms", json={}, timeout=30).status_code
             for _ in range(60)]
    made = codes.count(201)
    return f"60 room creations from one address: {made} accepted", made < 60


async def huge_body(t: Target) -> tuple[str, bool]:
    start = time.monotonic()
    r = httpx.post(f"{t.http}/api/rooms", content=b'{"rules": "' + b"x" * 20_000_000 + b'"}',
                   headers={"content-type": "application/json"}, timeout=120)
    took = time.monotonic() - start
    return (f"a 20 MB body: {r.status_code} in {took:.1f} s, answer of {len(r.content)} bytes",
            r.status_code == 413 and len(r.content) < 1000)


async def huge_head(t: Target) -> tuple[str, bool]:
    """A request whose headers go on for 80 MB: the HTTP parser keeps a head whole and joins
    its pieces at a cost that grows with the square of its length, so unbounded it held the
    event loop (every table) for seconds.  The server refuses it past ``head_bytes`` (431);
    meanwhile /api/health answers at once."""
    reader, writer = await asyncio.open_connection(t.host, t.port)
    writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: ")
    piece, sent, start = b"b" * 65536, 0, time.monotonic()
    worst = 0.0

    async def health() -> None:
        nonlocal worst
        async with httpx.AsyncClient(timeout=60) as http:
            while sent < 80 << 20 and not writer.is_closing():
                began = time.monotonic()
                await http.get(f"{t.http}/api/health")
                worst = max(worst, time.monotonic() - began)
                await asyncio.sleep(0.05)

    watcher = asyncio.create_task(health())
    try:
        while sent < 80 << 20:
            writer.write(piece)
            await writer.drain()
            sent += len(piece)
        writer.write(b"\r\n\r\n")
        answer = await asyncio.wait_for(reader.read(200), 60)
    except (ConnectionError, TimeoutError) as e:
        try:                                              # what it said before it closed
            answer = await asyncio.wait_for(reader.read(200), 1) or type(e).__name__.encode()
        except (ConnectionError, TimeoutError):
            answer = type(e).__name__.encode()
    took, sent_then = time.monotonic() - start, sent
    sent = 80 << 20                                       # (ends the watcher)
    await watcher
    writer.close()
    return (f"an 80 MB header: {answer[:12].decode('latin-1')!r} after "
            f"{sent_then / (1 << 20):.1f} MB sent, {took:.1f} s; /api/health meanwhile at "
            f"worst {worst:.2f} s", worst < 1.0 and not answer.startswith(b"HTTP/1.1 200"))


async def heavy_record(t: Target) -> tuple[str, bool]:
    """A megabyte "record" of nested lists sent to /api/replay (which takes records of up to
    1 MiB): reading it took half a second of the event loop, every table stopped meanwhile.
    /api/health, asked while it is read, must answer at once."""
    body = ('{"record": {"rules": "28", "a": [' + ",".join(["[[1]]"] * 174_000) + ']}}').encode()
    waits, reads = [], []
    async with httpx.AsyncClient(timeout=60) as http:
        for _ in range(3):
            start = time.monotonic()
            replay = asyncio.create_task(http.post(f"{t.http}/api/replay", content=body,
                                                   headers={"content-type": "application/json"}))
            await asyncio.sleep(0.1)
            asked = time.monotonic()
            await http.get(f"{t.http}/api/health")
            waits.append(time.monotonic() - asked)
            await replay
            reads.append(time.monotonic() - start)
    wait, read = sorted(waits)[1], sorted(reads)[1]
    return (f"a 1 MB record of nested lists: answered in {read:.2f} s; /api/health meanwhile "
            f"{wait:.2f} s", wait < read / 2)


async def slow_heads(t: Target) -> tuple[str, bool]:
    """200 connections that send half a request line and then nothing ("slowloris"): the
    server closes them (head_seconds, 20 s by default) and answers others meanwhile."""
    opened = []
    for _ in range(200):
        reader, writer = await asyncio.open_connection(t.host, t.port)
        writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        opened.append((reader, writer))
    start = time.monotonic()
    served = httpx.get(f"{t.http}/api/health", timeout=10).status_code

    async def closed(reader: asyncio.StreamReader) -> bool:
        try:
            return await asyncio.wait_for(reader.read(), 40) == b""
        except (TimeoutError, ConnectionError):
            return False

    results = await asyncio.gather(*(closed(reader) for reader, _ in opened))
    took = time.monotonic() - start
    for _, writer in opened:
        writer.close()
    return (f"200 half-sent requests: {sum(results)} closed by the server within {took:.0f} s;"
            f" meanwhile /api/health {served}", all(results) and served == 200)


async def bad_numbers(t: Target) -> tuple[str, bool]:
    out = []
    for text in ('{"takeover_seconds": NaN}', '{"bot_delay": Infinity}',
                 '{"takeover_seconds": 1e400}', '{"bots": "\\ud800"}', '{"colour": 1}'):
        r = httpx.post(f"{t.http}/api/rooms", content=text.encode(), timeout=30,
                       headers={"content-type": "application/json"})
        shape = sorted(r.json()) if r.headers.get("content-type", "").startswith(
            "application/json") else r.text[:20]
        out.append((r.status_code, shape))
    good = all(code == 400 and shape == ["error", "message"] for code, shape in out)
    return f"NaN, Infinity, 1e400, a lone surrogate, an unknown field: {out}", good


async def websocket_input(t: Target) -> tuple[str, bool]:
    made = t.room()
    results = []
    for text in ('{"type": "ping", "id": ' + "9" * 4400 + "}",
                 '{"type": "hello", "token": "\\ud800"}'):
        ws = await t.socket(made)
        await drain(ws, 0.3)
        await ws.send(text)
        got = await drain(ws, 1.0)
        try:
            await ws.send('{"type": "ping", "id": 1}')
            alive = any(m["type"] == "pong" for m in await drain(ws, 1.0))
        except ConnectionClosed:
            alive = False
        code = ws.close_code
        results.append((["error" if m["type"] == "error" else m["type"] for m in got],
                        "alive" if alive else f"closed {code}"))
        await ws.close()
    good = all(r[1] == "alive" or r[1] in ("closed 1009",) for r in results)
    return f"a 4,400-digit integer; a lone surrogate token: {results}", good


async def unicode_bid(t: Target) -> tuple[str, bool]:
    made = t.room(bot_delay=0.2)
    tokens = [t.sit(made, k).json()["token"] for k in range(4)]
    t.start(made)
    watch = await t.socket(made)
    state = await until(watch, lambda m: m["type"] == "state", 10)
    seat = state["to_act"]
    ws = await t.socket(made, tokens[seat])
    await drain(ws, 0.5)
    await ws.send(action(tokens[seat], f"{seat} bid ١٦", state["seq"]))
    got = await drain(ws, 1.0)
    errors = [m["code"] for m in got if m["type"] == "error"]
    accepted = any(m["type"] == "event" and m["seat"] == seat for m in got)
    await ws.close()
    await watch.close()
    return f"a bid in Arabic-Indic digits: {'accepted' if accepted else errors}", not accepted


async def fill_the_room(t: Target) -> tuple[str, bool]:
    """A stranger opens as many connections to a public table as it takes (64 by default,
    from two addresses: the server trusts its own proxy's X-Forwarded-For); then the
    table's player comes back from elsewhere.  The player must get their seat."""
    made = t.room(bot_delay=0.3, public=True)
    mine = t.sit(made, 0).json()["token"]
    t.start(made)
    url = f"{t.ws}/api/rooms/{made['room']}/ws"
    crowd: list[ClientConnection] = []
    refused = None
    for k in range(200):
        ws = await connect(url, max_size=None, ping_interval=None,
                           additional_headers={"x-forwarded-for": f"10.66.{k % 4}.1"})
        try:
            await asyncio.wait_for(ws.recv(), 8)
        except (ConnectionClosed, TimeoutError):
            refused = k
            await ws.close()
            break
        crowd.append(ws)
    me = await connect(url, max_size=None, ping_interval=None,
                       additional_headers={"x-forwarded-for": "10.67.0.1"})
    await me.send(json.dumps({"type": "hello", "token": mine}))
    try:
        welcome = await until(me, lambda m: m["type"] == "welcome", 10)
        got = f"welcome as seat {welcome['seat']}"
    except ConnectionClosed as e:
        got = f"closed {e.rcvd.code if e.rcvd else None}"
    for ws in [*crowd, me]:
        await ws.close()
    return (f"a stranger holds {len(crowd)} connections (the next refused: {refused is not None}"
            f"); the seated player coming back: {got}", got == "welcome as seat 0")


async def quick_play_trap(t: Target) -> tuple[str, bool]:
    """A stranger makes a public table of a preset with an hour's turn clock and a day's
    takeover, sits at it, and waits for quick players: whoever lands there can be held an
    hour a turn."""
    trap = httpx.post(f"{t.http}/api/rooms", timeout=30, headers={"x-forwarded-for": "10.68.0.1"},
                      json={"rules": "40", "public": True, "turn_seconds": 3600,
                            "takeover_seconds": 86400})
    if trap.status_code != 201:
        return f"a public table with an hour's clock: {trap.status_code}", True
    made = trap.json()
    httpx.post(f"{t.http}/api/rooms/{made['room']}/seats/0", json={"name": "Griefer"},
               headers={"x-forwarded-for": "10.68.0.1"}, timeout=30)
    quick = httpx.post(f"{t.http}/api/quickplay", json={"rules": "40"}, timeout=30,
                       headers={"x-forwarded-for": "10.69.0.1"}).json()
    caught = quick.get("room") == made["room"]
    return (f"quick play of 40 with that table listed: {'sat there' if caught else 'elsewhere'}",
            not caught)


async def rematch_echo(t: Target) -> tuple[str, bool]:
    """At a finished table a seat says ``rematch`` twenty times: each repeat of the vote was
    stored again and told to every connection of the room."""
    made = t.room(bot_delay=0.1, takeover_seconds=0, bots="random",
                  flags={"game_target": 1})
    tokens = [t.sit(made, k).json()["token"] for k in (0, 1)]
    t.start(made)
    watch = await t.socket(made)
    await until(watch, lambda m: m["type"] == "state" and m["match"]["over"], 120)
    me = await t.socket(made, tokens[0])
    await drain(me, 0.5)
    await drain(watch, 0.5)
    for _ in range(20):
        await me.send(json.dumps({"type": "rematch", "token": tokens[0]}))
    mine = [m for m in await drain(me, 2.0) if m["type"] == "rematch"]
    heard = [m for m in await drain(watch, 0.5) if m["type"] == "rematch"]
    await me.close()
    await watch.close()
    return (f"20 rematch votes from one seat: the seat answered {len(mine)} times, a watcher "
            f"told {len(heard)} times", len(heard) <= 1)


async def blank_names(t: Target) -> tuple[str, bool]:
    """A player named with Hangul fillers (letters that draw nothing) and a seat named with
    zero-width spaces: both showed as nobody at all."""
    player = httpx.post(f"{t.http}/api/players", timeout=30, headers={"x-forwarded-for":
                        "10.70.0.1"}, json={"name": "\u3164\u3164\u3164",
                                            "password": "a long enough secret"})
    made = httpx.post(f"{t.http}/api/rooms", json={}, timeout=30,
                      headers={"x-forwarded-for": "10.70.0.2"}).json()
    seat = t.sit(made, 0, name="\u200b\u200b")
    return (f"sign-up as three Hangul fillers: {player.status_code}; a seat named two "
            f"zero-width spaces: {seat.status_code}",
            player.status_code == 400 and seat.status_code == 400)


async def empty_match(t: Target) -> tuple[str, bool]:
    """Rules for a match of no deals, no tables or no coolies: the first two ended after one
    hand, the last never ended."""
    codes = [httpx.post(f"{t.http}/api/rooms", timeout=30, json={"rules": "56", "flags": f})
             .status_code for f in ({"match_scoring": "score_sheet", "match_deals": 0},
                                    {"match_scoring": "tables", "start_tables": 0},
                                    {"match_scoring": "coolie_kodi", "start_coolies": 0})]
    return f"match_deals, start_tables, start_coolies of 0: {codes}", codes == [400] * 3


async def api_page(t: Target) -> tuple[str, bool]:
    """/docs loaded another site's latest swagger-ui into this origin, where the table keeps
    the seat tokens: every outside file must be pinned by its hash."""
    page = httpx.get(f"{t.http}/docs", timeout=30).text
    tags = re.findall(r'<(?:script|link)\b[^>]*\b(?:src|href)="https?://[^>]*>', page)
    loose = [tag for tag in tags if "integrity=" not in tag]
    return (f"/docs: {len(tags)} files of another site, {len(loose)} without integrity",
            not loose)


async def one_network_two_seats(t: Target) -> tuple[str, bool]:
    """A guest at a public table opens a second browser (no cookie: a new guest) on the same
    network and takes a second seat, then claims a computer's seat mid-match: one person
    would see two hands of a table of strangers."""
    home = {"x-forwarded-for": "10.72.0.1"}
    made = httpx.post(f"{t.http}/api/rooms", json={"public": True, "bot_delay": 0.3},
                      headers={"x-forwarded-for": "10.71.0.1"}, timeout=30).json()
    url = f"{t.http}/api/rooms/{made['room']}/seats"
    first = httpx.post(f"{url}/0", json={"name": "Me"}, headers=home, timeout=30)
    second = httpx.post(f"{url}/1", json={"name": "Me again"}, headers=home, timeout=30)
    t.start(made)
    claim = httpx.post(f"{url}/2", json={"name": "Me once more"}, headers=home, timeout=30)
    return (f"one address at a public table: a seat {first.status_code}, a second browser's "
            f"seat {second.status_code}, its claim mid-match {claim.status_code}",
            first.status_code == 200 and second.status_code == claim.status_code == 409)


async def signin_crowd(t: Target) -> tuple[str, bool]:
    """Sixty sign-ins at once, each from an address of its own (within its own sign-ins a
    minute): every one waited for a password-hashing thread, in a queue without end."""
    async def one(http: httpx.AsyncClient, k: int) -> tuple[int, float]:
        start = time.monotonic()
        r = await http.post(f"{t.http}/api/session", json={"name": f"nobody {k}", "password":
                            "not a password"}, headers={"x-forwarded-for": f"10.73.0.{k + 1}"})
        return r.status_code, time.monotonic() - start

    async with httpx.AsyncClient(timeout=120) as http:
        answers = await asyncio.gather(*(one(http, k) for k in range(60)))
    codes = [code for code, _ in answers]
    busy = [took for code, took in answers if code == 503]
    return (f"60 sign-ins at once: {codes.count(403)} checked (the last after "
            f"{max(took for _, took in answers):.1f} s), {len(busy)} refused busy"
            f"{f' within {max(busy):.2f} s' if busy else ''}", bool(busy))


async def password_guessing(t: Target) -> tuple[str, bool]:
    """Guessing one player's password from many addresses, each within its own sign-ins a
    minute (the server trusts its own proxy's X-Forwarded-For): sign-ins were limited per
    address only, so a crowd of addresses could guess without end."""
    name = f"guessed {time.time_ns() % 10**9}"
    password = "the right one, at last"
    async with httpx.AsyncClient(timeout=60) as http:
        made = await http.post(f"{t.http}/api/players", json={"name": name, "password":
                               password}, headers={"x-forwarded-for": "10.74.0.1"})

        async def guess(k: int, word: str) -> tuple[int, float]:
            start = time.monotonic()
            r = await http.post(f"{t.http}/api/session", json={"name": name, "password": word},
                                headers={"x-forwarded-for": f"10.75.{k // 250}.{k % 250 + 1}"})
            return r.status_code, time.monotonic() - start

        answers = [await guess(k, f"guess {k}") for k in range(30)]
        right, took = await guess(30, password)
    codes = [code for code, _ in answers]
    first = codes.index(429) if 429 in codes else len(codes)
    refused = [s for code, s in answers if code == 429]
    return (f"sign-up {made.status_code}; 30 wrong guesses from 30 addresses: "
            f"{codes.count(403)} checked, refused from guess {first + 1} on"
            f"{f' (within {max(refused) * 1000:.0f} ms)' if refused else ''}; then the right "
            f"password: {right} in {took * 1000:.0f} ms",
            made.status_code == 201 and codes.count(403) <= 10 and right == 429)


async def head_request(t: Target) -> tuple[str, bool]:
    """``HEAD /`` (a monitoring probe, a link checker) was 405 where ``GET /`` is 200."""
    got = [httpx.head(f"{t.http}{path}", timeout=30) for path in ("/", "/api/health")]
    return (f"HEAD / and /api/health: {[r.status_code for r in got]}",
            all(r.status_code == 200 and not r.content for r in got))


async def hello_flood(t: Target) -> tuple[str, bool]:
    made = t.room()
    mine = t.sit(made, 0).json()["token"]
    watchers = [await t.socket(made) for _ in range(20)]
    for w in watchers:
        await drain(w, 0.2)
    noisy = await t.socket(made)
    for k in range(300):
        await noisy.send(json.dumps({"type": "hello", "token": mine if k % 2 else None}))
    counts = [len(await drain(w, 0.1)) for w in watchers]
    await asyncio.sleep(3)
    counts = [c + len(await drain(w, 0.1)) for c, w in zip(counts, watchers, strict=True)]
    for w in [*watchers, noisy]:
        await w.close()
    return (f"300 hellos: 20 spectators got {sum(counts)} messages in all (at most "
            f"{max(counts)} each)", max(counts) <= 20)


async def stale_pass(t: Target) -> tuple[str, bool]:
    made = t.room(bot_delay=0.2)
    tokens = [t.sit(made, k).json()["token"] for k in range(4)]
    t.start(made)
    watch = await t.socket(made)
    state = await until(watch, lambda m: m["type"] == "state", 10)
    seat = state["to_act"]
    ws = await t.socket(made, tokens[seat])
    mine = await until(ws, lambda m: m["type"] == "state" and m["seat"] == seat, 10)
    text = mine["legal"][0]
    for _ in range(2):                                   # a double click
        await ws.send(action(tokens[seat], text, mine["seq"]))
    got = await drain(ws, 1.0)
    mine_done = [m for m in got if m["type"] == "event" and m["seat"] == seat]
    codes = [m["code"] for m in got if m["type"] == "error"]
    await ws.close()
    await watch.close()
    return (f"the same action sent twice on one state: applied {len(mine_done)} time(s), "
            f"refusals {codes}", len(mine_done) == 1 and codes in (["stale"], ["illegal"]))


PROBES: list[Callable[[Target], Coroutine[Any, Any, tuple[str, bool]]]] = [
    seat_without_invitation, newcomer_sees_the_hand, second_seat, idle_player_freezes,
    huge_body, huge_head, heavy_record, slow_heads, bad_numbers, websocket_input, unicode_bid,
    hello_flood, fill_the_room, quick_play_trap, rematch_echo, blank_names, empty_match, api_page,
    one_network_two_seats, signin_crowd, password_guessing, head_request, stale_pass,
    many_rooms]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--skip", default="", help="comma-separated probe names to leave out")
    opts = ap.parse_args()
    target = Target(opts.host, opts.port)
    skip = set(opts.skip.split(","))
    deadline = time.monotonic() + 60
    while True:                                          # the server may still be starting
        try:
            httpx.get(f"{target.http}/api/health", timeout=2).raise_for_status()
            break
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                raise SystemExit(f"no server answers at {target.http}") from None
            time.sleep(0.2)
    for probe in PROBES:
        if probe.__name__ in skip:
            continue
        try:
            what, held = asyncio.run(probe(target))
        except Exception as e:
            what, held = f"the probe failed: {type(e).__name__}: {str(e)[:200]}", False
        print(f"{'held  ' if held else 'BROKEN'}  {probe.__name__}: {what}", flush=True)


if __name__ == "__main__":
    main()
