"""Abuse at the place (issue 15, item 5): sign-ups and sign-in attempts per client are
limited, wrong passwords per account (from any address), and so are rooms (quick play too);
passwords, session cookies and seat tokens never reach the server's log (at its most
talkative) nor any message to someone else."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import argon2
import httpx
import pytest
from fastapi.testclient import TestClient
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware
from websockets.asyncio.client import connect

from server.harness import Client, Server
from twentyeight.server.app import create_app
from twentyeight.server.settings import Settings

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


def test_sign_ins_waiting_for_a_password_check_are_bounded(tmp_path: Path) -> None:
    """Passwords are checked a few at a time (argon2, 64 MiB each), and every other sign-in
    waited its turn in a queue without end: a crowd of addresses, each within its own
    sign-ins a minute, held every later sign-in (and each of its requests) for as long as
    the crowd lasted.  Beyond ``passwords_waiting`` waiting, a sign-in is refused at once
    (503 ``busy``, ``Retry-After``); those let in are answered, and a sign-in after the
    crowd goes through."""
    srv = Server(tmp_path / "rooms.db", "--limit", "passwords_hashing=1",
                 "--limit", "passwords_waiting=2",     # (and the wrong passwords per name:
                 "--limit", "wrong_passwords_per_hour=100")    # the test below, not this one)
    srv.start()
    try:
        assert httpx.post(f"{srv.url}/api/players", json={"name": "crowded", "password":
                          PASSWORD}, timeout=20).status_code == 201

        async def crowd() -> list[httpx.Response]:
            async with httpx.AsyncClient(timeout=60) as http:
                return list(await asyncio.gather(*(
                    http.post(f"{srv.url}/api/session", headers={
                        "X-Forwarded-For": f"10.90.0.{k + 1}"},
                        json={"name": "crowded", "password": "not the password"})
                    for k in range(16))))

        answers = asyncio.run(crowd())
        codes = sorted(r.status_code for r in answers)
        assert codes.count(403) >= 3 and codes.count(503) >= 1, codes
        assert set(codes) == {403, 503}, codes
        busy = next(r for r in answers if r.status_code == 503)
        assert busy.json()["error"] == "busy" and busy.headers["retry-after"], busy.text
        assert "passwords" in busy.json()["message"]
        ok = httpx.post(f"{srv.url}/api/session", json={"name": "crowded",
                        "password": PASSWORD}, timeout=20)
        assert ok.status_code == 200, ok.text
    finally:
        srv.stop()


def test_wrong_passwords_are_limited_per_account_from_any_address(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Sign-ins are limited per address, so a crowd of addresses could guess one player's
    password without end.  Wrong passwords are also counted per name, from any address
    (``wrong_passwords_per_hour``, 10): past them the name is refused before any password
    is checked — the right one too, or the refusal would tell a guesser they had it — until
    one has refilled (six minutes); a right password spends nothing, another name is not
    touched, and a name nobody has is answered exactly as a player's."""
    checked: list[str] = []
    verify = argon2.PasswordHasher.verify

    def counted(self: argon2.PasswordHasher, stored: str | bytes, password: str | bytes) -> bool:
        checked.append(str(password))
        return verify(self, stored, password)

    monkeypatch.setattr(argon2.PasswordHasher, "verify", counted)
    app = create_app(Settings(db_url="memory://"))
    hub = app.state.hub
    clock, wall, later = hub.now, hub.wall, [0.0]
    monkeypatch.setattr(hub, "now", lambda: clock() + later[0])
    monkeypatch.setattr(hub, "wall", lambda: wall() + later[0])
    homes = iter(range(1, 250))
    # the address as a trusted proxy names it (as `twentyeight serve` trusts its own)
    with TestClient(ProxyHeadersMiddleware(app, trusted_hosts="*")) as http:

        def sign_in(name: str, password: str) -> httpx.Response:
            return http.post("/api/session", json={"name": name, "password": password},
                             headers={"X-Forwarded-For": f"10.61.0.{next(homes)}"})

        for name in ("guessed at", "left alone"):
            made = http.post("/api/players", json={"name": name, "password": PASSWORD})
            assert made.status_code == 201, made.text
        wrong = [sign_in("guessed at", f"guess number {k}") for k in range(10)]
        assert [r.status_code for r in wrong] == [403] * 10
        assert len(checked) == 10
        refused = [sign_in("guessed at", "guess number 10"), sign_in("guessed at", PASSWORD),
                   sign_in(" GUESSED AT ", PASSWORD)]               # one name, as signing in
        assert [r.status_code for r in refused] == [429] * 3
        assert len(checked) == 10                                 # no password was checked
        body = refused[1].json()
        assert body["error"] == "too_many_wrong_passwords" and "6 minutes" in body["message"]
        assert 350 <= int(refused[1].headers["retry-after"]) <= 360
        # another player signs in, and is told a wrong password, as before
        assert sign_in("left alone", PASSWORD).status_code == 200
        assert sign_in("left alone", "not it at all").status_code == 403
        # a name nobody has: the same answers
        unknown = [sign_in("nobody has this", f"guess number {k}") for k in range(11)]
        assert [r.json() for r in unknown] == [r.json() for r in [*wrong, refused[0]]]
        assert unknown[10].status_code == 429 and unknown[10].headers["retry-after"]
        assert len(checked) == 10 + 2 + 10
        # six minutes on, one wrong password's worth has refilled: the right one is let in,
        # again and again (spending nothing); a wrong one spends it, and the name is refused
        later[0] = 361.0
        assert [sign_in("guessed at", PASSWORD).status_code for _ in range(3)] == [200] * 3
        assert sign_in("guessed at", "guess number 11").status_code == 403
        again = sign_in("guessed at", PASSWORD)
        assert again.status_code == 429 and again.json()["error"] == "too_many_wrong_passwords"
        assert len(checked) == 22 + 4
        later[0] += 3600.0                               # an hour on: all of them again
        assert [sign_in("guessed at", f"guess {k}").status_code for k in range(11)] \
            == [403] * 10 + [429]


def test_a_players_wrong_passwords_are_one_bucket_however_the_name_is_spelt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An attack script: the tries were counted per name as typed, but a player is also found
    under a key their name had before (``former_name_keys``), so ``nnnnnΗ`` (a Greek capital
    Eta, read as an h today) reached ``nnnnnn`` with ten tries of its own, and a name with k
    such letters had 2^k buckets.  They are counted per player now.  And a stranger's wrong
    guesses at the name no longer lock its signed-in owner out of changing the password:
    those are counted per session."""
    app = create_app(Settings(db_url="memory://"))
    homes = iter(range(1, 250))
    with TestClient(ProxyHeadersMiddleware(app, trusted_hosts="*")) as http:

        def sign_in(name: str, password: str) -> httpx.Response:
            return http.post("/api/session", json={"name": name, "password": password},
                             headers={"X-Forwarded-For": f"10.62.0.{next(homes)}"})

        made = http.post("/api/players", json={"name": "nnnnnn", "password": PASSWORD})
        assert made.status_code == 201
        spellings = ["nnnnnn", "nnnnn\u0397", "nnnn\u0397\u0397", "nnn\u0397\u0397\u0397"]
        wrong = [sign_in(spellings[k % 4], f"guess {k}") for k in range(10)]
        assert [r.status_code for r in wrong] == [403] * 10
        assert all(sign_in(name, PASSWORD).status_code == 429 for name in spellings)
        # the owner, signed in before (this client's cookie), still changes the password
        r = http.post("/api/session/password",
                      json={"password": PASSWORD, "new_password": "cards at dawn"})
        assert r.status_code == 200, r.text


def test_signing_out_is_counted_among_an_addresss_requests() -> None:
    """An attack script: ``DELETE /api/session`` and ``/api/session/others`` read no body,
    so the limit of requests a minute per address (counted where bodies are read) never
    applied: one address wrote 4,770 deletions in ten seconds, slowing everyone's tables."""
    app = create_app(Settings(db_url="memory://"))
    with TestClient(app) as http:
        codes = [http.delete(path).status_code
                 for _ in range(70) for path in ("/api/session", "/api/session/others")]
    assert set(codes[:100]) <= {200, 401} and codes[-1] == 429
