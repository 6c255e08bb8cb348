"""Test harness: the real server in a subprocess, WebSocket clients, and the secrecy scanner."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol, TypeVar

import httpx
from websockets.asyncio.client import ClientConnection, connect

from twentyeight import Game, Match
from twentyeight.server.room import BOT, CLOSED, OPEN, PLAYING, WAITING
from twentyeight.server.store import Append, RoomRow, SeatRow, SqlStore, start_record

Message = dict[str, Any]
TESTS = Path(__file__).resolve().parent.parent
"""The tests directory: on the server's path, so ``--bot-module server.test_bots`` loads."""
LIMITS = ["--limit", "min_bot_delay=0", "--limit", "messages_per_second=1000",
          "--limit", "message_burst=1000", "--limit", "min_turn_seconds=0.2",
          "--limit", "signups_per_hour=100000", "--limit", "signins_per_minute=100000",
          "--limit", "public_seats_per_client=8"]
"""The tests' clients play at machine speed: computer players without a pause, and more
messages a second than a person sends, turn clocks short enough to wait for, and as many
players signing up from one address as the tests make, and as many of them at one public
or rated table (a browser test's pages all come from 127.0.0.1; the limits' own tests use
the defaults, and the servers of :data:`ONE_SEAT_PER_CLIENT` that one)."""
ONE_SEAT_PER_CLIENT = ("--limit", "public_seats_per_client=1")
"""The default seats of one client at a public or rated table, for a server whose tests seat
each person from an address of their own (``X-Forwarded-For``: the server trusts its own
proxy), as people meet the limit."""
INVITES: dict[str, str] = {}
"""The seat invitation of each room the tests made (through any server process)."""
def comparable(message: Message) -> Message:
    """A message less what two tellings of one state may differ in: its turn clock
    (``clock``: the seconds left, which differ from one moment and one process to the next)
    and the notes on the action just taken (``kind`` ``"step"``: told with that action, not
    again to a seat that reconnects later)."""
    out = {k: v for k, v in message.items() if k != "clock"}
    if "notes" in out:
        out["notes"] = [n for n in out["notes"] if n["kind"] != "step"]
    return out


CARD = re.compile(r"^(10|[2-9TJQKA])[SHDC]$")


def free_port() -> int:
    """A loopback port that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Service(Protocol):
    """Something the tests start and stop: a server process, PostgreSQL, Redis."""

    def start(self) -> None: ...

    def stop(self) -> None: ...


S = TypeVar("S", bound=Service)


def running(service: S) -> Iterator[S]:
    """Start ``service``, hand it to a fixture's test, and stop it whatever happens."""
    service.start()
    try:
        yield service
    finally:
        service.stop()


class Server:
    """``twentyeight serve`` on 127.0.0.1 in a subprocess, with its own SQLite file (or the
    database ``db_url``; its log is then beside ``db``)."""

    def __init__(self, db: Path, *extra: str, db_url: str | None = None,
                 name: str = "") -> None:
        self.db = db
        self.db_url = db_url or f"sqlite:///{db}"
        self.extra = extra
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = db.with_name(f"{db.stem}{name}.log")
        self.invites = INVITES

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 40.0) -> None:
        cmd = [sys.executable, "-m", "twentyeight.cli.main", "serve", "--port", str(self.port),
               "--db", self.db_url, "--bot-delay", "0", "--log-level", "warning",
               *LIMITS, *self.extra]
        with open(self.log, "ab") as log:
            path = os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), str(TESTS)) if p)
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1",
                                              "PYTHONPATH": path})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"server did not start: {self.log.read_text()}")

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.kill()                     # SIGKILL: no shutdown code runs
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)

    # ---- HTTP ------------------------------------------------------------------------
    def post(self, path: str, body: Any = None) -> httpx.Response:
        return httpx.post(f"{self.url}{path}", json=body, timeout=10.0)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(f"{self.url}{path}", timeout=10.0)

    def create_room(self, **body: Any) -> Message:
        r = self.post("/api/rooms", body)
        assert r.status_code == 201, r.text
        made = dict(r.json())
        self.invites[made["room"]] = made.get("invite", "")
        return made

    def take(self, room: str, seat: int, name: str | None = None, **extra: Any) -> str:
        """Take ``seat`` with the room's invitation (the test made the room); its token."""
        r = self.post(f"/api/rooms/{room}/seats/{seat}", {
            "name": name or f"p{seat}", "invite": self.invites.get(room), **extra})
        assert r.status_code == 200, r.text
        return str(r.json()["token"])

    def start_match(self, room: str, host_token: str) -> None:
        r = self.post(f"/api/rooms/{room}/start", {"token": host_token})
        assert r.status_code == 200, r.text


class Client:
    """One WebSocket connection; everything it receives is kept in :attr:`log`."""

    def __init__(self, ws: ClientConnection, seat: int | None, token: str | None) -> None:
        self.ws = ws
        self.seat = seat
        self.token = token
        self.log: list[Message] = []
        self.state: Message | None = None
        self.acted_seq = -1

    @classmethod
    async def open(cls, server: Server, room: str, seat: int | None = None,
                   token: str | None = None) -> Client:
        ws = await connect(f"{server.ws_url}/api/rooms/{room}/ws", open_timeout=10)
        client = cls(ws, seat, token)
        if token is not None:
            await client.send({"type": "hello", "token": token})
            await client.until(lambda m: m["type"] == "welcome")
        return client

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    async def recv(self, timeout: float = 10.0) -> Message:
        m: Message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.log.append(m)
        if m["type"] == "state":
            self.state = m
        return m

    async def until(self, pred: Callable[[Message], bool], timeout: float = 10.0) -> Message:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                if left <= 0:
                    raise TimeoutError
                m = await self.recv(left)
            except TimeoutError:                 # say what came instead (for the failure)
                last = [json.dumps(brief(m))[:300] for m in self.log[-10:]]
                raise TimeoutError(f"seat {self.seat}: no such message in {timeout} s; the "
                                   f"last it got: {last}") from None
            if pred(m):
                return m

    async def drain(self, seconds: float) -> list[Message]:
        """Everything that arrives within ``seconds``."""
        out = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                out.append(await self.recv(left))
            except TimeoutError:
                break
        return out

    async def act(self, action: str, **extra: Any) -> None:
        """Send ``action``, decided against the last state this client got (``seq``)."""
        seq = self.state["seq"] if self.state is not None else 0
        await self.send({"type": "action", "token": self.token, "action": action, "seq": seq,
                         **extra})

    def my_turn(self) -> bool:
        s = self.state
        return bool(s and s["legal"] and s["to_act"] == self.seat and s["seq"] > self.acted_seq)

    async def act_randomly(self, rng: random.Random) -> str:
        assert self.state is not None
        legal = self.state["legal"]
        passes = [a for a in legal if a.endswith(" pass")]   # leave bidding to the bots,
        action = passes[0] if passes else rng.choice(legal)  # so hands last a while
        self.acted_seq = self.state["seq"]
        await self.act(action)
        return str(action)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()


async def play_until(client: Client, rng: random.Random, done: Callable[[Message], bool],
                     timeout: float = 30.0) -> Message:
    """Play random legal actions whenever it is this seat's turn, until a state is ``done``."""
    deadline = time.monotonic() + timeout
    while True:
        if client.state is not None and done(client.state):
            return client.state
        if client.my_turn():
            await client.act_randomly(rng)
        await client.recv(max(0.1, deadline - time.monotonic()))
        if time.monotonic() > deadline:
            raise TimeoutError(f"seat {client.seat}: not done in {timeout} s")


def brief(m: Message) -> Message:
    """``m`` as a failure message tells it: a state by its turn, hand and trick only."""
    if m.get("type") != "state":
        return m
    view = m.get("view") or {}
    return {"type": "state", "seq": m.get("seq"), "hand": m.get("hand"),
            "to_act": m.get("to_act"), "legal": m.get("legal"), "cards": view.get("hand"),
            "hand_sizes": view.get("hand_sizes"), "trick": (view.get("trick") or {}).get("cards")}


async def play_table_until(clients: list[Client], rng: random.Random,
                           done: Callable[[Message], bool]) -> tuple[Client, Message]:
    """Play random legal cards (passing in the auction) for every seat of ``clients`` (one
    per seat) until the state of the seat to act is ``done``; that seat's client and state."""
    while True:
        for c in clients:
            while c.state is None:
                await c.recv()
        st = max((c.state for c in clients if c.state), key=lambda s: s["seq"])
        actor = clients[st["to_act"]] if st["to_act"] is not None else None
        if actor is not None and actor.state and actor.state["seq"] == st["seq"] \
                and actor.state["legal"]:
            if done(actor.state):
                return actor, actor.state
            await actor.act_randomly(rng)
        await asyncio.sleep(0)
        for c in clients:
            await c.drain(0.02)


def match_over(state: Message) -> bool:
    return bool(state["match"]["over"])


async def play_out(server: Server, room: str, tokens: list[str], host_token: str | None = None,
                   seed: int = 0, timeout: float = 90.0) -> list[Message]:
    """Each seat of ``tokens`` (seat k's token at k) connected and playing random legal
    actions until the match is over, the host starting it first if ``host_token`` is given
    (a rated match moves ratings only if every person played: ``place.Place._keep``); the
    last state each seat saw."""
    clients = [await Client.open(server, room, k, t) for k, t in enumerate(tokens)]
    try:
        if host_token is not None:
            server.start_match(room, host_token)
        rng = random.Random(seed)
        return list(await asyncio.gather(*(play_until(c, rng, match_over, timeout)
                                           for c in clients)))
    finally:
        for c in clients:
            await c.close()


# ---- a listener in process ---------------------------------------------------------------
class Recorder:
    """Stands for a connection of ``seat`` (a listener of the server's audience) and keeps
    every message it is sent, as the client would read it (a copy, through JSON).  Closing it
    fails the test, unless ``may_close``: then the code and reason are kept in
    :attr:`closed`."""

    def __init__(self, seat: int | None, may_close: bool = False) -> None:
        self.seat = seat
        self.claim: int | None = None
        self.claim_hash: str | None = None
        self.sent: list[Message] = []
        self.may_close = may_close
        self.closed: tuple[int, str] | None = None

    def send(self, message: Message | str) -> None:
        self.sent.append(json.loads(message if isinstance(message, str) else json.dumps(message)))

    def close(self, code: int, reason: str) -> None:
        if not self.may_close:
            raise AssertionError("never closed")
        self.closed = (code, reason)


# ---- secrecy -------------------------------------------------------------------------
def words(obj: Any) -> Iterator[str]:
    """Every whitespace-separated word of every string (keys too) in a JSON value."""
    if isinstance(obj, str):
        yield from obj.split()
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from words(k)
            yield from words(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from words(v)


def deals_of(record: Message) -> list[list[list[str]]]:
    """Every seat's dealt cards, hand by hand, rebuilt from the record's seeds."""
    return [Game.from_record({"rules": record["rules"], "dealer": h["dealer"],
                              "seed": h["seed"]}).deal_json()
            for h in record["hands_played"]]


def with_step_notes_in_their_hand(clients: list[Client]) -> list[Client]:
    """``clients``' logs with the ``step`` notes of a hand's last action moved to that hand's
    ``hand_over``: they travel in the first state of the next hand (protocol.md: "the action
    just taken") and may name that hand's cards, which the next hand's deal does not know."""
    out = []
    for c in clients:
        copy = Client(None, c.seat, c.token)  # type: ignore[arg-type]  # a log, no socket
        over: Message | None = None
        for m in c.log:
            m = dict(m)
            if m["type"] == "hand_over":
                over = m
            elif m["type"] == "state" and over is not None and m["seq"] == over["seq"] \
                    and m["hand"] != over["hand"] and m.get("notes"):
                over["notes"] = [n for n in m["notes"] if n["kind"] == "step"]
                m["notes"] = [n for n in m["notes"] if n["kind"] != "step"]
            copy.log.append(m)
        out.append(copy)
    return out


def scan_secrecy(record: Message, clients: list[Client]) -> int:
    """Check every message every client got against what its seat may know; count them.

    A message about hand ``h`` after ``k`` of its actions may name: the seat's own cards,
    the cards played so far, and the indicator once exposed (by ``ask``/``reveal`` or before
    the last trick).  A non-bidder (and a spectator) must see no trump nor indicator before
    that.  Any other card dealt to another seat is a leak.
    """
    hands = record["hands_played"]
    deals = deals_of(record)
    offsets = [0]
    for h in hands:
        offsets.append(offsets[-1] + len(h["actions"]))
    checked = 0
    for c in with_step_notes_in_their_hand(clients):
        for m in c.log:
            if m["type"] not in ("state", "event", "hand_over"):
                if m["type"] != "error":            # errors only echo the seat's own input
                    assert not any(CARD.match(w) for w in words(m)), m
                continue
            h = m["hand"]
            deal = deals[h]
            n = len(deal)
            acts = [a.split() for a in hands[h]["actions"][:m["seq"] - offsets[h]]]
            played = {a[2] for a in acts if a[1] == "play"}
            trump = next((a for a in acts if a[1] == "trump"), None)
            bidder = int(trump[0]) if trump else None
            exposed = any(a[1] in ("ask", "reveal") for a in acts) or \
                sum(a[1] == "play" for a in acts) >= (len(deal[0]) - 1) * n
            who = c.seat                   # before its ``hello`` a client is a spectator
            if "view" in m:
                assert m["view"]["seat"] in (c.seat, None), (c.seat, m)
                who = m["view"]["seat"]
            own = set(deal[who]) if who is not None else set()
            hidden = set().union(*(deal[s] for s in range(n) if s != who)) - own - played
            if exposed and trump is not None and len(trump) > 2:
                hidden.discard(trump[2])
                if any(a[1] == "pair" for a in acts):
                    hidden -= {"K" + trump[2][-1], "Q" + trump[2][-1]}
            leaked = hidden & set(words(m))
            assert not leaked, (c.seat, leaked, m)
            if bidder is not None and who != bidder and not exposed and "view" in m:
                view = m["view"]
                assert view["trump"] is None and view["indicator"] is None, (who, m)
            if m["type"] == "state" and who is None:
                assert m["view"]["hand"] == [] and m["legal"] == []
            checked += 1
    return checked


def store_closed_match(store: SqlStore, room: str, seed: int, hands: int, note: str) -> None:
    """Put in ``store`` a room ``room`` of four computers that played ``hands`` hands of 28
    (a match to a million) at random from ``seed`` and was then closed for ``note``: what a
    closed room's record is assembled from."""
    match = Match.new({"preset": "28", "game_target": 10**6}, seed=seed)
    store.create_room(RoomRow(id=room, rules=match.rules.to_spec(), bots="casual",
                              host_token_hash="0" * 64, status=WAITING, takeover_seconds=60,
                              bot_delay=0, seats=[SeatRow(kind=OPEN) for _ in range(4)]))
    store.start(room, start_record(match), {k: SeatRow(kind=BOT, name=f"bot {k}")
                                            for k in range(4)})
    rng = random.Random(seed)
    entries: list[Append] = []
    while len(match.games) <= hands:
        seat = match.current.to_act
        assert seat is not None
        done = match.apply(rng.choice(match.current.legal_actions()))
        entries.append(Append(room, len(entries) + 1, seat, str(done), "bot", PLAYING))
    last = entries[-1]
    entries[-1] = Append(room, last.seq, last.seat, last.action, "bot", CLOSED, note=note)
    store.append(entries)
