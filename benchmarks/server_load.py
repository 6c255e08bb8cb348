"""Load on one ``twentyeight serve`` process: many rooms of computer players over WebSockets.

For each level of ``--rooms``, a fresh server (its own SQLite file, or ``--db``) gets that
many rooms of preset ``--rules``; every seat of every room is taken by a client of this
script that plays a random legal action whenever its ``state`` says it is to act — so every
action goes through the real protocol: HTTP to make rooms and take seats, then ``hello``,
``action``, and the server's ``event`` and ``state`` broadcasts, each action committed to the
database before it is broadcast.  After ``--warmup`` seconds the level is measured for
``--seconds``:

* **rooms held** — rooms whose every seat is still connected and whose play never stalled
  (an action answered by an error, or a seat waiting on a broadcast for ``--stall`` seconds,
  drops the room from this count);
* **actions/s** — actions accepted by the server (events) per second, over all rooms;
* **action-to-broadcast latency** — from the moment a client sends an action to the moment
  each client of the room (the actor and the others) receives its ``event``: p50, p99, max.

The clients run in this process (one asyncio loop per ``--client-processes``), on the same
machine as the server, so they take CPU from it: the numbers are a lower bound for a server
with the machine to itself.

    python benchmarks/server_load.py                       # levels 10, 50, 100, 200 rooms
    python benchmarks/server_load.py --rooms 50 --seconds 30 --json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

Message = dict[str, Any]


def free_port() -> int:
    """A loopback port that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    """``twentyeight serve`` in a subprocess; returns once ``/api/health`` answers."""
    cmd = [sys.executable, "-m", "twentyeight.cli.main", "serve", "--port", str(port),
           "--db", db, "--bot-delay", "0", "--log-level", "warning"]
    with open(log, "ab") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited: {log.read_text()}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start within 60 s")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Terminate the server, killing it if it does not stop."""
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def make_rooms(base: str, count: int, rules: str) -> list[tuple[str, list[str]]]:
    """``count`` started rooms with every seat taken: ``(room id, seat tokens)`` each."""
    rooms = []
    with httpx.Client(base_url=base, timeout=30) as http:
        for _ in range(count):
            made = http.post("/api/rooms", json={"rules": rules, "bots": "random",
                                                "flags": {"game_target": 1000}})
            made.raise_for_status()
            room = made.json()
            seats = int(room["info"]["num_players"])
            tokens = []
            for seat in range(seats):
                taken = http.post(f"/api/rooms/{room['room']}/seats/{seat}",
                                  json={"name": f"load {seat}"})
                taken.raise_for_status()
                tokens.append(taken.json()["token"])
            rooms.append((room["room"], tokens))
            http.post(f"/api/rooms/{room['room']}/start",
                      json={"token": room["host_token"]}).raise_for_status()
    return rooms


@dataclass
class Tally:
    """What one client process saw during the measured window."""

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


async def play_seat(ws: ClientConnection, room: str, seat: int, token: str,
                    sent: dict[int, float], window: Window, tally: Tally,
                    stall: float, rng: random.Random) -> None:
    """Play one seat until the window ends: act when told to, time every event received."""
    await ws.send(json.dumps({"type": "hello", "token": token}))
    acted = -1
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
        got = time.monotonic()
        message: Message = json.loads(raw)
        kind = message["type"]
        if kind == "event":
            seq = message["seq"]
            if seq in sent and got in window:
                tally.latencies.append(got - sent[seq])
                if message["seat"] == seat:
                    tally.events += 1
        elif kind == "error":
            tally.errors += 1
            tally.stalled_rooms.add(room)
        elif kind == "state":
            legal = message["legal"]
            if legal and message["to_act"] == seat and message["seq"] > acted:
                acted = message["seq"]
                sent[acted + 1] = time.monotonic()
                await ws.send(json.dumps({"type": "action", "token": token, "seq": acted,
                                          "action": rng.choice(legal)}))
            if message["match"]["over"]:
                return


async def drive(ws_base: str, rooms: list[tuple[str, list[str]]], warmup: float,
                seconds: float, stall: float, seed: int) -> Tally:
    """Connect every seat of ``rooms`` and play them through the warm-up and the window."""
    tally = Tally()
    rng = random.Random(seed)
    sockets: list[ClientConnection] = []
    for room, tokens in rooms:
        for _ in tokens:
            sockets.append(await connect(f"{ws_base}/api/rooms/{room}/ws",
                                         open_timeout=30, max_size=None))
    start = time.monotonic() + warmup
    window = Window(start, start + seconds)
    tasks = []
    it = iter(sockets)
    for room, tokens in rooms:
        sent: dict[int, float] = {}              # seq -> when its action was sent (per room)
        for seat, token in enumerate(tokens):
            tasks.append(play_seat(next(it), room, seat, token, sent, window, tally,
                                   stall, random.Random(rng.getrandbits(64))))
    await asyncio.gather(*tasks)
    for ws in sockets:
        with contextlib.suppress(Exception):
            await ws.close()
    return tally


def client_process(args: tuple[str, list[tuple[str, list[str]]], float, float, float, int]
                   ) -> Tally:
    """One client process's share of the rooms (for ``multiprocessing``)."""
    return asyncio.run(drive(*args))


def percentile(values: list[float], q: float) -> float:
    """The ``q``-quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def run_level(rooms: int, opts: argparse.Namespace) -> dict[str, Any]:
    """Measure one level on a fresh server; the report as a dict."""
    with tempfile.TemporaryDirectory() as tmp:
        db = opts.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        port = free_port()
        proc = start_server(db, port, Path(tmp) / "server.log")
        try:
            made = make_rooms(f"http://127.0.0.1:{port}", rooms, opts.rules)
            shares = [made[i::opts.client_processes] for i in range(opts.client_processes)]
            jobs = [(f"ws://127.0.0.1:{port}", share, opts.warmup, opts.seconds, opts.stall,
                     opts.seed + i) for i, share in enumerate(shares) if share]
            if len(jobs) == 1:
                tallies = [client_process(jobs[0])]
            else:
                with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
                    tallies = pool.map(client_process, jobs)
        finally:
            stop_server(proc)
    latencies = [x for t in tallies for x in t.latencies]
    stalled = set().union(*(t.stalled_rooms for t in tallies))
    events = sum(t.events for t in tallies)
    ms = [1000 * x for x in latencies] or [float("nan")]
    return {"rooms": rooms, "seats": sum(len(tokens) for _, tokens in made),
            "rooms_held": rooms - len(stalled), "errors": sum(t.errors for t in tallies),
            "actions": events, "actions_per_s": round(events / opts.seconds, 1),
            "latency_ms": {"p50": round(statistics.median(ms), 1),
                           "p99": round(percentile(ms, 0.99), 1), "max": round(max(ms), 1),
                           "samples": len(latencies)}}


def main() -> None:
    """Parse the options, run every level and print the table (or JSON)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rooms", default="10,50,100,200",
                    help="comma-separated numbers of simultaneous rooms (default 10,50,100,200)")
    ap.add_argument("--rules", default="28", help="preset (default 28)")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured seconds per level")
    ap.add_argument("--warmup", type=float, default=3.0, help="seconds played before measuring")
    ap.add_argument("--stall", type=float, default=10.0,
                    help="a seat waiting this long for a message counts its room as not held")
    ap.add_argument("--client-processes", type=int, default=1,
                    help="processes the clients are spread over (default 1)")
    ap.add_argument("--db", help="SQLAlchemy URL of the server's database (default: a temp SQLite)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    opts = ap.parse_args()
    levels = [int(x) for x in opts.rooms.split(",")]
    reports = []
    for rooms in levels:
        report = run_level(rooms, opts)
        reports.append(report)
        if not opts.json:
            lat = report["latency_ms"]
            print(f"{rooms:5d} rooms ({report['seats']} seats): held {report['rooms_held']:4d}, "
                  f"{report['actions_per_s']:8.1f} actions/s, latency p50 {lat['p50']:.1f} ms, "
                  f"p99 {lat['p99']:.1f} ms, max {lat['max']:.1f} ms, errors {report['errors']}",
                  flush=True)
    if opts.json:
        print(json.dumps({"rules": opts.rules, "seconds": opts.seconds, "cpus": os.cpu_count(),
                          "levels": reports}))


if __name__ == "__main__":
    main()
