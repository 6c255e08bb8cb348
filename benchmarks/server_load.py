"""Load on running ``twentyeight serve`` processes: many rooms of computer players over
WebSockets, from a load generator in processes of its own.

Start the server(s) first (the limits raised: every room and connection comes from this one
address), then point this script at them::

    twentyeight serve --port 8028 --db sqlite:///load.db --limit rooms=100000 \\
        --limit rooms_per_client=100000 --limit connections_per_client=100000 \\
        --limit requests_per_minute=1000000 --limit connections_per_room=100
    python benchmarks/server_load.py --port 8028 --rooms 1000

``--rooms`` rooms of preset ``--rules`` are made, every seat taken by a client of this script
that plays like a computer player at the table's default pace: when its ``state`` says it is
to act, it waits ``--pace`` seconds (0.5, the server's default ``bot_delay``; ±10 %) and sends
a random legal action — so every action goes through the real protocol (``hello``,
``action`` with its ``seq``, the server's ``event`` and ``state`` broadcasts, each action
committed to the database before it is broadcast).  With several ``--port`` values (several
server processes sharing PostgreSQL and Redis) each room is made on one process and its seats
connect to all of them in turn, so every action crosses processes.  After ``--warmup`` seconds
the level is measured for ``--seconds``:

* **rooms held** — rooms whose play never stalled (no seat waited ``--stall`` seconds for a
  message, no action was refused);
* **actions/s** — actions accepted (events) per second, over all rooms;
* **action → broadcast** — from the moment a client sends an action to the moment each client
  of the room (the actor and the others) receives its ``event``: p50, p99, max.

With ``--players computers`` the rooms are the server's own: four computer players (``random``,
thinking in the server's bot workers) acting every ``--pace`` seconds (the room's
``bot_delay``), and one spectator of this script per room so that they play.  There is no
client's send to time, so the figure is each event's **lateness**: how much longer than the
pace it came after the room's previous event (the computer's decision, its commit, its
broadcast, and the timer's own slack).

The generator reads only what it needs of each message (a state is parsed only when it is the
seat's turn), so that it takes as little of the machine as it can from the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing
import os
import random
import re
import statistics
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx
from quantiles import percentile
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

Message = dict[str, Any]
EVENT = re.compile(r'^\{"type":"event","seq":(\d+)')
STATE_TO_ACT = re.compile(r'^\{"type":"state","room":"[^"]*","seq":(\d+),"hand":\d+,'
                          r'"seat":(\d+|null),"to_act":(\d+|null)')


def wait_for(base: str, seconds: float = 60.0) -> None:
    """Return once the server at ``base`` answers ``/api/health`` (or give up)."""
    deadline = time.monotonic() + seconds
    while True:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/api/health", timeout=2).status_code == 200:
                return
        if time.monotonic() > deadline:
            raise SystemExit(f"no server answers at {base}")
        time.sleep(0.2)


def make_rooms(base: str, count: int, rules: str, seated: bool,
               pace: float) -> list[tuple[str, list[str]]]:
    """``count`` started rooms: ``(room id, seat tokens)`` each — every seat taken by this
    script if ``seated``, else none (the server's computer players fill them and act every
    ``pace`` seconds)."""
    rooms = []
    with httpx.Client(base_url=base, timeout=60) as http:
        for _ in range(count):
            made = http.post("/api/rooms", json={
                "rules": rules, "bots": "random", "flags": {"game_target": 10**6},
                **({} if seated else {"bot_delay": pace})})
            made.raise_for_status()
            room = made.json()
            tokens = []
            for seat in range(int(room["info"]["num_players"]) if seated else 0):
                taken = http.post(f"/api/rooms/{room['room']}/seats/{seat}",
                                  json={"name": f"load {seat}", "invite": room["invite"]})
                taken.raise_for_status()
                tokens.append(taken.json()["token"])
            rooms.append((room["room"], tokens))
            http.post(f"/api/rooms/{room['room']}/start",
                      json={"token": room["host_token"]}).raise_for_status()
    return rooms


@dataclass
class Tally:
    """What one generator process saw during the measured window."""

    latencies: list[float] = field(default_factory=list)
    events: int = 0
    errors: int = 0
    stalled_rooms: set[str] = field(default_factory=set)


@dataclass
class Window:
    """The measured interval, on this process's monotonic clock."""

    start: float
    end: float

    def __contains__(self, t: float) -> bool:
        return self.start <= t < self.end


async def frames(ws: ClientConnection, room: str, window: Window, tally: Tally,
                 stall: float) -> AsyncIterator[tuple[str, float]]:
    """The room's frames as they come, each with the moment it came, until the window ends;
    a room silent for ``stall`` seconds, or cut off by the server, is counted as not held."""
    while True:
        now = time.monotonic()
        if now >= window.end:
            return
        try:
            raw = await asyncio.wait_for(ws.recv(), min(stall, window.end - now + 0.01))
        except TimeoutError:
            if time.monotonic() < window.end:
                tally.stalled_rooms.add(room)
            return
        except ConnectionClosed:                 # the server cut it off: not held
            tally.errors += 1
            tally.stalled_rooms.add(room)
            return
        assert isinstance(raw, str)
        yield raw, time.monotonic()


async def play_seat(ws: ClientConnection, room: str, seat: int, token: str,
                    sent: dict[int, float], window: Window, tally: Tally, pace: float,
                    stall: float, rng: random.Random) -> None:
    """Play one seat until the window ends: act when told to, time every event received."""
    await ws.send(json.dumps({"type": "hello", "token": token}))
    acted = -1
    pending: asyncio.Task[None] | None = None

    async def act_later(state: Message) -> None:
        await asyncio.sleep(pace * rng.uniform(0.9, 1.1))
        sent[state["seq"] + 1] = time.monotonic()
        await ws.send(json.dumps({"type": "action", "token": token, "seq": state["seq"],
                                  "action": rng.choice(state["legal"])}))

    async for raw, got in frames(ws, room, window, tally, stall):
        event = EVENT.match(raw)
        if event:
            seq = int(event.group(1))
            if seq in sent and got in window:
                tally.latencies.append(got - sent[seq])
                if raw.find(f'"seat":{seat},', 0, 80) > 0:
                    tally.events += 1
            continue
        state = STATE_TO_ACT.match(raw)
        if state:
            seq = int(state.group(1))
            if state.group(3) == str(seat) and seq > acted:
                message = json.loads(raw)
                if message["legal"]:
                    acted = seq
                    pending = asyncio.create_task(act_later(message))
            continue
        if raw.startswith('{"type":"error"'):
            tally.errors += 1
            tally.stalled_rooms.add(room)
    if pending is not None:
        pending.cancel()


async def watch_room(ws: ClientConnection, room: str, window: Window, tally: Tally,
                     pace: float, stall: float) -> None:
    """Watch a room of computer players until the window ends: each event's lateness — how
    much longer than the computers' ``pace`` it came after the one before (their decision,
    its commit and its broadcast)."""
    await ws.send(json.dumps({"type": "hello"}))
    last: float | None = None
    async for raw, got in frames(ws, room, window, tally, stall):
        if EVENT.match(raw):
            if last is not None and got in window:
                tally.latencies.append(got - last - pace)
                tally.events += 1
            last = got
        elif raw.startswith('{"type":"error"'):
            tally.errors += 1
            tally.stalled_rooms.add(room)


async def drive(ws_bases: list[str], rooms: list[tuple[str, list[str]]], warmup: float,
                seconds: float, pace: float, stall: float, seed: int) -> Tally:
    """Connect every seat of ``rooms`` and play them through the warm-up and the window."""
    tally = Tally()
    rng = random.Random(seed)
    sockets: list[ClientConnection] = []
    window = Window(math.inf, math.inf)         # set once every seat is connected
    tasks: list[asyncio.Task[None]] = []
    k = 0
    for room, tokens in rooms:                  # each room plays (and reads) once connected:
        mine = []                               # a socket nobody reads stops answering pings
        for _ in tokens or [""]:                # a room of computers: one spectator
            base = ws_bases[k % len(ws_bases)]
            k += 1
            mine.append(await connect(f"{base}/api/rooms/{room}/ws", open_timeout=60,
                                      max_size=None, ping_interval=None))
        sockets += mine
        if not tokens:
            tasks.append(asyncio.create_task(watch_room(mine[0], room, window, tally, pace,
                                                        stall)))
            continue
        sent: dict[int, float] = {}              # seq -> when its action was sent (per room)
        for seat, (ws, token) in enumerate(zip(mine, tokens, strict=True)):
            tasks.append(asyncio.create_task(play_seat(
                ws, room, seat, token, sent, window, tally, pace, stall,
                random.Random(rng.getrandbits(64)))))
    window.start = time.monotonic() + warmup
    window.end = window.start + seconds
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    return tally                                # (all at once: one by one, each close waits
                                                # for the server's answer, minutes in all)


def generator(args: tuple[list[str], list[tuple[str, list[str]]], float, float, float, float,
                          int]) -> Tally:
    """One generator process's share of the rooms (for ``multiprocessing``)."""
    return asyncio.run(drive(*args))


def cpu_seconds(pids: list[int]) -> float:
    """Processor time (user + system) the processes ``pids`` have used so far."""
    total = 0.0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def loadavg() -> list[float]:
    """The machine's load averages (1, 5, 15 minutes)."""
    return [round(x, 2) for x in os.getloadavg()]


def run_level(rooms: int, opts: argparse.Namespace) -> dict[str, Any]:
    """Make ``rooms`` rooms and measure them; the report as a dict."""
    hosts = [f"{opts.host}:{port}" for port in opts.port]
    made: list[tuple[str, list[str]]] = []
    for host in hosts:
        wait_for(f"http://{host}")
    for k in range(len(hosts)):                 # rooms made on every process in turn
        share = rooms // len(hosts) + (k < rooms % len(hosts))
        made += make_rooms(f"http://{hosts[k]}", share, opts.rules,
                           opts.players == "clients", opts.pace)
    ws_bases = [f"ws://{h}" for h in hosts]
    shares = [made[i::opts.processes] for i in range(opts.processes)]
    jobs = [(ws_bases, share, opts.warmup, opts.seconds, opts.pace, opts.stall, opts.seed + i)
            for i, share in enumerate(shares) if share]
    before = loadavg()
    marks: list[float] = []                 # the servers' processor time over the window
    timers = [threading.Timer(t, lambda: marks.append(cpu_seconds(opts.pid)))
              for t in (opts.warmup + 1.0, opts.warmup + opts.seconds)]
    for timer in timers:
        timer.start()
    if len(jobs) == 1:
        tallies = [generator(jobs[0])]
    else:
        with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
            tallies = pool.map(generator, jobs)
    for timer in timers:
        timer.join()
    used = marks[1] - marks[0] if len(marks) == 2 else 0.0
    latencies = [x for t in tallies for x in t.latencies]
    stalled = set().union(*(t.stalled_rooms for t in tallies))
    events = sum(t.events for t in tallies)
    ms = [1000 * x for x in latencies] or [float("nan")]
    span = opts.seconds - 1.0
    cpu = {"server_cpu_ms_per_action": round(1000 * used / max(1, events * span
                                                                / opts.seconds), 3),
           "server_cpu_share": round(used / span, 2)} if opts.pid else {}
    return {"rooms": rooms, "players": opts.players,
            "seats": sum(len(tokens) for _, tokens in made),
            "rooms_held": rooms - len(stalled), "errors": sum(t.errors for t in tallies),
            "actions": events, "actions_per_s": round(events / opts.seconds, 1),
            "latency_ms": {"p50": round(statistics.median(ms), 1),
                           "p99": round(percentile(ms, 0.99), 1), "max": round(max(ms), 1),
                           "samples": len(latencies)},
            "loadavg_before": before, "loadavg_after": loadavg(), **cpu}


def main() -> None:
    """Parse the options, run every level and print the table (or JSON)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, action="append", required=True,
                    help="a server process's port (repeat for several processes)")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--rooms", default="100",
                    help="comma-separated numbers of simultaneous rooms (default 100)")
    ap.add_argument("--rules", default="28", help="preset (default 28)")
    ap.add_argument("--players", choices=["clients", "computers"], default="clients",
                    help="who plays: this script's clients in every seat (default), or the "
                         "server's own computer players (bot_delay --pace) with one spectator "
                         "of this script per room")
    ap.add_argument("--pace", type=float, default=0.5,
                    help="seconds a player waits before acting (default 0.5, the bot_delay "
                         "of a room by default)")
    ap.add_argument("--seconds", type=float, default=30.0, help="measured seconds per level")
    ap.add_argument("--warmup", type=float, default=10.0,
                    help="seconds played before measuring (connections settle)")
    ap.add_argument("--stall", type=float, default=10.0,
                    help="a seat waiting this long for a message counts its room as not held")
    ap.add_argument("--processes", type=int, default=1,
                    help="processes the load generator is spread over (default 1)")
    ap.add_argument("--pid", type=int, action="append", default=[],
                    help="a server process's id (repeatable): report the processor time it "
                         "spends per action (Linux)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    opts = ap.parse_args()
    reports = []
    for rooms in (int(x) for x in opts.rooms.split(",")):
        report = run_level(rooms, opts)
        reports.append(report)
        if not opts.json:
            lat = report["latency_ms"]
            who = f"{report['seats']} seats" if report["seats"] else "computers"
            print(f"{rooms:5d} rooms ({who}): held {report['rooms_held']:4d}, "
                  f"{report['actions_per_s']:8.1f} actions/s, "
                  f"{'action→broadcast' if report['seats'] else 'lateness beyond the pace'} p50 "
                  f"{lat['p50']:.1f} ms, p99 {lat['p99']:.1f} ms, max {lat['max']:.1f} ms, "
                  f"errors {report['errors']}, load {report['loadavg_before']} → "
                  f"{report['loadavg_after']}" + (
                      f", server {report['server_cpu_ms_per_action']} ms of processor per "
                      f"action ({report['server_cpu_share']:.0%} of a core)"
                      if "server_cpu_share" in report else ""), flush=True)
    if opts.json:
        print(json.dumps({"rules": opts.rules, "pace": opts.pace, "seconds": opts.seconds,
                          "ports": opts.port, "cpus": os.cpu_count(), "levels": reports}))


if __name__ == "__main__":
    main()
