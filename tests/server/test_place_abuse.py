"""Abuse at the place (issue 15, item 5): sign-ups and sign-in attempts per client are
limited, and so are rooms (quick play too); passwords, session cookies and seat tokens
never reach the server's log (at its most talkative) nor any message to someone else."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from server.harness import Client, Server

PASSWORD = "a secret nobody guesses 0451"


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("abuse")) / "rooms.db",
                 "--limit", "signups_per_hour=3", "--limit", "signins_per_minute=4",
                 "--limit", "rooms_per_client=2", "--log-level", "debug")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def test_sign_ups_and_sign_ins_are_limited_per_client(strict: Server) -> None:
    http = httpx.Client(base_url=strict.url, timeout=20)
    made = [http.post("/api/players", json={"name": f"limited {k}", "password": PASSWORD})
            for k in range(4)]
    assert [r.status_code for r in made] == [201, 201, 201, 429]
    assert made[3].json()["error"] == "too_many_signups"
    assert set(made[3].json()) == {"error", "message"}
    assert http.get("/api/players/limited 3").status_code == 404       # nothing was made
    tries = [http.post("/api/session", json={"name": "limited 0", "password": "wrong one!"})
             for _ in range(4)]
    assert [r.status_code for r in tries] == [403] * 4
    blocked = http.post("/api/session", json={"name": "limited 0", "password": PASSWORD})
    assert blocked.status_code == 429 and blocked.json()["error"] == "too_many_signins"


def test_rooms_per_client_hold_for_quick_play(strict: Server) -> None:
    answers = [strict.post("/api/quickplay", {"rules": rules}) for rules in ("28", "29", "56")]
    assert [r.status_code for r in answers] == [200, 200, 429]
    assert answers[2].json()["error"] == "too_many_rooms"


def test_no_secret_in_the_log_or_in_anyone_elses_messages(strict: Server) -> None:
    # another address (a trusted proxy names it): the limits above are this client's own
    me = httpx.Client(base_url=strict.url, timeout=20, headers={"X-Forwarded-For": "10.9.8.7"})
    assert me.post("/api/players", json={"name": "careful one", "password": PASSWORD}) \
        .status_code == 201
    assert me.post("/api/session", json={"name": "careful one", "password": PASSWORD}) \
        .status_code == 200
    cookie = me.cookies.get("twentyeight_session")
    assert cookie
    made = me.post("/api/rooms", json={"rules": "28", "public": True})
    assert made.status_code == 201, made.text
    room = made.json()["room"]
    seat = me.post(f"/api/rooms/{room}/seats/1", json={})
    assert seat.status_code == 200, seat.text
    token = seat.json()["token"]
    assert me.get(f"/api/rooms/{room}/mine").json()["token"] == token

    async def talk() -> Client:
        mine = await Client.open(strict, room, 1, token)
        other = await Client.open(strict, room)
        async with connect(f"{strict.ws_url}/api/rooms/{room}/ws", additional_headers={
                "Cookie": f"twentyeight_session={cookie}"}) as browser:   # a browser's socket
            await browser.recv()
        await mine.send({"type": "ping"})
        await mine.drain(0.5)
        await other.drain(0.5)
        for c in (mine, other):
            await c.close()
        return other

    other = asyncio.run(talk())
    assert any(m["type"] == "room" for m in other.log)
    seen = "".join(str(m) for m in other.log) + strict.get(f"/api/rooms/{room}").text
    seen += strict.get("/api/rooms").text + strict.get("/api/players/careful one").text
    log = strict.log.read_text()
    assert "POST /api/session" in log and "/mine" in log        # the log is talkative
    for secret in (PASSWORD, cookie, token):
        assert secret not in log
        assert secret not in seen


def test_behind_https_every_session_cookie_is_secure(tmp_path: Path) -> None:
    srv = Server(tmp_path / "rooms.db", "--behind-https")
    srv.start()
    try:
        r = httpx.post(f"{srv.url}/api/players", json={"name": "secure one",
                                                      "password": PASSWORD}, timeout=20)
        assert r.status_code == 201
        cookie = r.headers["set-cookie"].lower()
        assert "; secure" in cookie and "httponly" in cookie and "samesite=lax" in cookie
    finally:
        srv.stop()
