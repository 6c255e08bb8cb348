"""What a stranger on the internet could do to the server and should not be able to (a
security probe of the online server; each test states the secure behaviour, and each fails
on the server as it was probed):

* a page of another site signs a visitor's browser in to the attacker's account (login
  CSRF), after which the attacker reads the seat tokens of every seat that browser takes;
* the sign-in page sends the browser on to another site (``?next=/%5Cevil.example``);
* the pages may be framed by another site (clickjacking of the table's buttons);
* a name at the table may hold the bidirectional controls that table talk refuses;
* every per-client limit counts one IPv6 address, so one network (a /64) is endless clients;
* every download of a closed room's record replays the whole match on the event loop;
* one client holds every place of the review queue, so nobody else gets a review;
* a player who stands up at a rated table voids its ratings for everyone;
* one person fills a rated table with accounts of their own and moves their ratings.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.harness import (
    ONE_SEAT_PER_CLIENT,
    Client,
    Message,
    Server,
    match_over,
    play_out,
    play_until,
    store_closed_match,
)
from twentyeight import Match
from twentyeight.server.store import SqlStore

PASSWORD = "a long=secret"
"""A password with ``=`` in it: what a form sent as ``text/plain`` can carry (the browser
writes ``NAME=VALUE``, so the ``=`` lands inside a JSON string)."""
NAMES = itertools.count()
EVIL = "https://evil.example"


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the tests' limits (people sign up and play as fast as the tests do),
    but the default seats of one address at a public or rated table."""
    srv = Server(Path(tmp_path_factory.mktemp("probe")) / "rooms.db", *ONE_SEAT_PER_CLIENT)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def browser(server: Server, address: str, **headers: str) -> httpx.Client:
    """One browser (its own cookie jar) at ``address`` (the server trusts its own proxy's
    ``X-Forwarded-For``)."""
    return httpx.Client(base_url=server.url, timeout=20.0,
                        headers={"X-Forwarded-For": address, **headers})


def signed_up(server: Server, address: str) -> tuple[httpx.Client, str]:
    """A browser at ``address`` whose new player is signed in; it and the player's name."""
    b = browser(server, address)
    name = f"probe {next(NAMES)} {time.monotonic_ns() % 10**6}"
    r = b.post("/api/players", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return b, name


# ---- the browser: sign-in, redirects, framing, names -------------------------------------
def test_a_page_of_another_site_cannot_sign_a_browser_in(probe: Server) -> None:
    """Login CSRF.  A page of another site posts a form (``enctype="text/plain"``, which needs
    no CORS preflight) to ``/api/session`` with the attacker's name and password: today the
    server signs the visitor's browser in to the attacker's account, and every seat that
    browser then takes is the attacker's to read (``GET /api/session`` lists the rooms,
    ``GET /api/rooms/ROOM/mine`` gives each seat's token: the visitor's cards, live).  A
    request that says it comes from another site (``Origin``, ``Sec-Fetch-Site``) must change
    nothing and set no cookie; the site's own pages still sign in."""
    attacker, name = signed_up(probe, "10.61.0.1")
    for path, who in (("/api/session", name), ("/api/players", f"{name} too")):
        form = f'{{"name": "{who}", "password": "{PASSWORD}"}}\r\n'.encode()
        forged = httpx.post(f"{probe.url}{path}", content=form, timeout=20, headers={
            "Content-Type": "text/plain", "Origin": EVIL, "Sec-Fetch-Site": "cross-site",
            "X-Forwarded-For": "10.61.0.2"})
        assert forged.status_code == 403, (path, forged.status_code, forged.text)
        assert "twentyeight_session" not in forged.headers.get("set-cookie", ""), path
    own = browser(probe, "10.61.0.3", Origin=probe.url).post(
        "/api/session", json={"name": name, "password": PASSWORD})
    assert own.status_code == 200 and own.cookies.get("twentyeight_session")
    attacker.close()


def test_an_empty_form_from_a_page_of_the_same_site_changes_nothing(probe: Server) -> None:
    """An empty ``<form method=post>`` (a form's type, no body) on a page of the same site
    (a sibling subdomain: the Lax cookie goes with it) posted to ``/api/quickplay`` seated the
    signed-in visitor at a public table under their account: the JSON-only check ran only on
    a body.  Any type but JSON is refused, with a body or without, and nothing changes; the
    site's own requests without a body name no type and pass."""
    visitor, _ = signed_up(probe, "10.63.0.1")
    for kind in ("application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                 "text/plain"):
        forged = visitor.post("/api/quickplay", content=b"", headers={
            "Content-Type": kind, "Sec-Fetch-Site": "same-site"})
        assert forged.status_code == 415 and forged.json()["error"] == "not_json", kind
    assert visitor.get("/api/session").json()["rooms"] == []
    made = probe.create_room(rules="28")
    plain = visitor.post(f"/api/rooms/{made['room']}/start", json={"token": "not the host's"})
    assert plain.status_code != 415
    visitor.close()


def test_a_profile_names_the_rooms_of_its_matches_to_its_player_alone(probe: Server) -> None:
    """A stranger read the ids of a player's private tables off the public profile (each
    match's ``room``), and through them the tables' talk and rematches.  The player, signed
    in, sees their matches' rooms; anyone else sees the matches without them."""
    player, name = signed_up(probe, "10.64.0.1")
    made = probe.create_room(rules={"preset": "28", "game_target": 1}, bots="rules",
                             bot_delay=0)
    room = made["room"]
    seat = player.post(f"/api/rooms/{room}/seats/0", json={"invite": made["invite"]})
    assert seat.status_code == 200, seat.text
    asyncio.run(play_out(probe, room, [seat.json()["token"]], made["host_token"]))
    deadline = time.monotonic() + 30
    while not (own := player.get(f"/api/players/{name}").json())["matches"]:
        assert time.monotonic() < deadline, "the match was never kept"
        time.sleep(0.2)
    assert [m["room"] for m in own["matches"]] == [room]
    stranger = browser(probe, "10.64.0.2").get(f"/api/players/{name}").json()
    assert [m["room"] for m in stranger["matches"]] == [None]
    assert stranger["matches"][0]["hands"] == own["matches"][0]["hands"]
    other, _ = signed_up(probe, "10.64.0.3")
    assert [m["room"] for m in other.get(f"/api/players/{name}").json()["matches"]] == [None]
    player.close()
    other.close()


def test_sign_in_never_sends_the_browser_to_another_site(probe: Server) -> None:
    """``/signin?next=…`` goes on to ``next`` after signing in; it checks that ``next``
    starts with ``/`` and not ``//``, but a browser reads ``/\\evil.example`` (and ``/`` TAB
    ``/evil.example``) as ``//evil.example``: a link to the real sign-in page sends the person,
    just signed in, to a look-alike site (``static/js/place/signin.js``)."""
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists() or shutil.which(str(chromium)) is None:
        pytest.skip(f"{chromium} is missing (Debian's chromium package)")
    sync_api = pytest.importorskip("playwright.sync_api")
    _, name = signed_up(probe, "10.62.0.1")
    went: list[str] = []
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(chromium), headless=True,
                               args=["--no-sandbox", "--disable-gpu"])
        try:
            for target in ("/%5Cevil.example/signin", "/%09/evil.example/signin"):
                page = b.new_context().new_page()
                page.route("http://evil.example/**", lambda route: route.fulfill(body="look-alike"))
                page.on("request", lambda req: went.append(req.url))
                page.goto(f"{probe.url}/signin?next={target}")
                page.wait_for_function("!document.querySelector('#in-btn').disabled")
                page.fill("#in-name", name)
                page.fill("#in-password", PASSWORD)
                page.click("#in-btn")
                page.wait_for_url(lambda url: "/signin?" not in url, timeout=15_000)
                page.wait_for_load_state()
                page.close()
        finally:
            b.close()
    assert not [u for u in went if "evil.example" in u.split("?")[0]], went


def test_the_pages_cannot_be_framed_by_another_site(probe: Server) -> None:
    """Clickjacking: no page says who may frame it, so another site can show the table (the
    person's seat token is in the framed page's storage) under a decoy and have the person
    click "Stand up", "Claim the rest", a card or "Rematch"; or frame the sign-in page."""
    made = probe.create_room(rules="28")
    for path in ("/", "/signin", f"/r/{made['room']}", "/leaderboard", "/replay"):
        r = probe.get(path)
        assert r.status_code == 200, path
        framing = r.headers.get("x-frame-options", "").upper()
        policy = r.headers.get("content-security-policy", "")
        assert framing in ("DENY", "SAMEORIGIN") or "frame-ancestors" in policy, \
            (path, dict(r.headers))


def test_no_answer_of_the_api_is_kept_by_a_cache(probe: Server) -> None:
    """An attack script: ``/api/rooms/{id}/mine`` answers a seat token and ``/api/session``
    a player's rooms with nothing said of caching, so a shared cache that ignores cookies
    could hand them to the next person.  Every answer of ``/api/`` says ``no-store``, the
    refused ones too, but for the presets (the same for everyone, five minutes); the pages
    and their files are not touched."""
    b, _ = signed_up(probe, "10.63.9.1")
    made = probe.create_room(rules="28")
    assert b.post(f"/api/rooms/{made['room']}/seats/0",
                  json={"invite": made["invite"]}).status_code == 200
    for path in (f"/api/rooms/{made['room']}/mine", "/api/session",
                 "/api/rooms/no-such-room", f"/api/rooms/{made['room']}"):
        r = b.get(path)
        assert r.headers.get("cache-control") == "no-store", (path, r.status_code)
    assert b.get("/api/presets").headers.get("cache-control") == "max-age=300"
    assert "no-store" not in probe.get("/").headers.get("cache-control", "")


@pytest.mark.parametrize("name", ["\u202eAsha", "Asha\u2066", "\u202dRavi\u202c"])
def test_a_name_at_the_table_holds_no_bidi_controls(probe: Server, name: str) -> None:
    """Table talk refuses the bidirectional controls ("they could make a line say something
    else than it seems", ``chat.BIDI_CONTROLS``), but a seat's name — shown in the lobby's
    listing of public tables, on the table and before every line of talk — may hold them
    (``lobby.clean_name`` refuses only Cc and Cs)."""
    made = probe.create_room(rules="28", public=True)
    r = browser(probe, "10.63.0.1").post(f"/api/rooms/{made['room']}/seats/0",
                                         json={"name": name})
    assert r.status_code == 400 and r.json()["error"] == "bad_name", r.text


def test_a_name_at_the_table_holds_nothing_invisible_and_no_pile_of_marks(
        probe: Server) -> None:
    """An attack script's finding: a seat's name took line and paragraph separators, the bidi
    marks (RLM, ALM), soft hyphens and zero-width spaces, tag characters and annotation
    anchors — each able to make a name look like another's or break the line it is shown
    in — and any number of combining marks on one letter, drawn over the rows above and
    below.  Each is refused; the joiners the Indian scripts need, and a letter's few marks,
    are not (a Devanagari half form, a Malayalam chillu, a Bengali non-joined conjunct, an
    emoji family, Vietnamese ễ)."""
    made = probe.create_room(rules="28", public=True)
    for name in ["Asha\u2028Ravi", "As\u00adha", "A\u200bsha", "\u200fAsha", "Asha\u061c",
                 "\ufff9Asha", "Asha\U000e0041\U000e0042", "A" + "\u0301" * 6, "As\u2029ha",
                 "a" + "\u0301" * 5, "\u1ea5" + "\u0301" * 4]:   # (counted decomposed: 5, 6)
        r = browser(probe, "10.63.0.2").post(f"/api/rooms/{made['room']}/seats/0",
                                             json={"name": name})
        assert r.status_code == 400 and r.json()["error"] == "bad_name", (name, r.text)
        assert name not in r.json()["message"]
    made = probe.create_room(rules="28-6p", public=True)
    for seat, name in enumerate(["क्\u200dष", "ക\u0d4d\u200d", "শ্\u200cর", "அமுதா",
                                 "Nguye\u0302\u0303n", "\U0001f468\u200d\U0001f469"]):
        r = browser(probe, f"10.63.1.{seat + 1}").post(
            f"/api/rooms/{made['room']}/seats/{seat}", json={"name": name})
        assert r.status_code == 200, (name, r.text)


@pytest.mark.parametrize("body", [
    {"rules": "<script>alert(1)</script>" + "A" * 15000},
    {"rules": "28", "flags": {"min_bid": "<b>" + "B" * 15000}},
    {"rules": "28", "flags": {"<i>" + "K" * 15000: 1}},
    {"rules": {"preset": {"a": "<u>" * 3000}}},
    {"rules": ["<s>" * 3000]},
])
def test_a_refused_rules_object_is_not_repeated(probe: Server, body: dict[str, Any]) -> None:
    """An attack script's finding: the refusal of a room's rules repeated what was sent —
    an unknown preset or flag name, a flag's value — at any length and with any markup (15
    kB back for 15 kB sent), though every refusal "never repeats what was sent"
    (docs/protocol.md).  The refusal now says what is wrong without it."""
    r = httpx.post(f"{probe.url}/api/rooms", json=body, timeout=10)
    assert r.status_code == 400 and r.json()["error"] in ("bad_rules", "bad_request"), \
        r.text[:200]                                # (a list: not a name nor an object)
    message = r.json()["message"]
    assert len(message) < 300 and "<" not in message and "AAA" not in message, message
    if "flags" in body and "min_bid" in body["flags"]:
        assert message == "flag 'min_bid' takes a whole number"


def test_no_refusal_is_longer_than_its_bound(probe: Server) -> None:
    """A record whose bid is a number of 20,000 digits failed the server (500: more digits
    than ``int`` reads); it is refused as notation now, the refusal saying where, cut at the
    bound of every refusal's message (refusal.MESSAGE_CHARS)."""
    from twentyeight.server.refusal import MESSAGE_CHARS

    record = {"format": "twentyeight-hand/1", "rules": "28", "dealer": 3, "seed": 1,
              "actions": ["0 bid " + "9" * 20000]}
    r = httpx.post(f"{probe.url}/api/replay", json={"record": record}, timeout=30)
    assert r.status_code == 400 and r.json()["error"] == "bad_record", r.text[:200]
    assert "at most 16 characters" in r.json()["message"]
    record["actions"] = ["0 bid 16", "1 pass", "2 pass", "3 " + "x" * 15 + " 1" * 4000]
    r = httpx.post(f"{probe.url}/api/replay", json={"record": record}, timeout=30)
    assert r.status_code == 400 and len(r.json()["message"]) <= MESSAGE_CHARS, r.text[:400]


# ---- limits ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def v6(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with small per-client limits."""
    srv = Server(Path(tmp_path_factory.mktemp("v6")) / "rooms.db",
                 "--limit", "signups_per_hour=3", "--limit", "rooms_per_client=2")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def test_one_ipv6_network_is_one_client(v6: Server) -> None:
    """A client is one address (``limits.client_key``), but anyone on IPv6 holds a whole /64
    (2**64 addresses): each new address is a new client, so the sign-ups, sign-in attempts
    (password guessing), rooms and requests per client are endless — and the rooms in all
    (``rooms``) can be filled, refusing everyone (503).  Addresses of one /64 are one client."""
    def address(k: int) -> dict[str, str]:
        return {"X-Forwarded-For": f"2001:db8:7:1::{k + 1:x}"}

    made = [httpx.post(f"{v6.url}/api/players", timeout=20, headers=address(k),
                       json={"name": f"six {k} {time.monotonic_ns() % 10**6}",
                             "password": PASSWORD}) for k in range(4)]
    assert [r.status_code for r in made] == [201, 201, 201, 429], [r.text for r in made]
    rooms = [httpx.post(f"{v6.url}/api/rooms", json={"rules": "28"}, timeout=20,
                        headers={"X-Forwarded-For": f"2001:db8:7:2::{k + 1:x}"})
             for k in range(3)]
    assert [r.status_code for r in rooms] == [201, 201, 429], [r.text for r in rooms]


BIG = "bigRecord1"
"""A closed room of 300 hands, put in the database before the server starts."""


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose database holds :data:`BIG`: 300 hands of 28, closed (as the ``hands``
    limit or ``idle_seconds`` close a room)."""
    db = Path(tmp_path_factory.mktemp("archive")) / "rooms.db"
    store = SqlStore(f"sqlite:///{db}")
    store_closed_match(store, BIG, 5, 300, "the match reached the server's limit of 300 hands")
    store.close()
    srv = Server(db)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def cpu_seconds(pid: int) -> float:
    """The processor time the process ``pid`` has used (user and system)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_closed_rooms_record_is_not_replayed_for_every_download(archive: Server) -> None:
    """``GET /api/rooms/ROOM/record`` of a closed room (and ``…/record/hands/N``, which
    builds the whole record to cut one hand from it) reads the room's whole action log and
    replays every action of the match, on the event loop, for every request; GETs are not
    rate-limited.  A 300-hand room costs ~0.1 s of the server's one event loop per request,
    so a single client with a few requests at a time stalls every table of the process.  A
    closed room never changes: its record is made once (or kept), not at each download."""
    assert archive.proc is not None
    first = archive.get(f"/api/rooms/{BIG}/record")          # made once: allowed
    assert first.status_code == 200 and len(first.json()["hands_played"]) == 301
    before = cpu_seconds(archive.proc.pid)
    for k in range(8):
        assert archive.get(f"/api/rooms/{BIG}/record").status_code == 200
        assert archive.get(f"/api/rooms/{BIG}/record/hands/{k}").status_code == 200
    used = cpu_seconds(archive.proc.pid) - before
    assert used < 0.6, f"16 downloads of one closed record took {used:.2f} s of processor"


def test_one_client_cannot_hold_every_place_of_the_review_queue(tmp_path: Path) -> None:
    """``POST /api/review`` (a record anyone uploads) and the players' own reviews
    (``POST /api/rooms/ROOM/review``) share one lane: one worker and four waiting, for
    everybody.  One client sending five reviews at once (each a second or more of search;
    120 requests a minute allowed) holds every place, and everyone else is told 503 ``busy``
    for as long as it keeps on.  One client's share of the queue leaves room for others."""
    match = Match.new({"preset": "28", "game_target": 10**6}, seed=11)
    rng = random.Random(11)
    while len(match.games) < 8:
        game = match.current
        seat = game.to_act
        assert seat is not None
        match.apply(rng.choice(game.view(seat)["legal"]))
    record = match.to_record()
    srv = Server(tmp_path / "rooms.db")

    async def scenario() -> httpx.Response:
        async with httpx.AsyncClient(base_url=srv.url, timeout=120) as http:
            flood = [asyncio.create_task(http.post(
                "/api/review", json={"record": record, "hand": hand, "seat": 0},
                headers={"X-Forwarded-For": "10.64.0.1"})) for hand in range(5)]
            await asyncio.sleep(1.0)
            try:
                return await http.post("/api/review", json={"record": record, "hand": 6,
                                                             "seat": 1},
                                       headers={"X-Forwarded-For": "10.64.0.2"})
            finally:
                for task in flood:
                    task.cancel()
                await asyncio.gather(*flood, return_exceptions=True)

    srv.start()
    try:
        answer = asyncio.run(scenario())
    finally:
        srv.kill9()                    # (a stop would wait for the searches under way)
    assert answer.status_code == 200, answer.text


# ---- ratings -----------------------------------------------------------------------------
def rated_table(server: Server, people: list[tuple[httpx.Client, str]]
                ) -> tuple[Message, list[str | None]]:
    """A rated room of a one-point match (computers act for absent people at once, and for
    a person there who does not act within half a second) where each of ``people`` asks for
    a seat; the room and each seat's token (``None``: refused)."""
    made = server.create_room(rules="28", rated=True, takeover_seconds=0, bot_delay=0,
                              turn_seconds=0.5, flags={"game_target": 1})
    tokens: list[str | None] = []
    for k, (b, _) in enumerate(people):
        r = b.post(f"/api/rooms/{made['room']}/seats/{k}", json={"invite": made["invite"]})
        assert r.status_code in (200, 403, 409), r.text
        tokens.append(r.json()["token"] if r.status_code == 200 else None)
    return made, tokens


def profiles(server: Server, people: list[tuple[httpx.Client, str]], room: str
             ) -> list[dict[str, Any]]:
    """The players' profiles once the match of ``room`` is kept (in one transaction for all
    its players, so: in any of them), or after 10 s."""
    deadline = time.monotonic() + 10
    while True:
        got = [server.get(f"/api/players/{name}").json() for _, name in people]
        if any(any(m["room"] == room for m in p["matches"]) for p in got) \
                or time.monotonic() > deadline:
            return got
        time.sleep(0.2)


def test_standing_up_does_not_void_a_rated_match(probe: Server) -> None:
    """At a rated table a player stands up (``stand``): a computer takes the seat, and when
    the match ends nobody's rating moved (``place.Place._keep``: rated only if every seat is
    still a player's).  So whoever is losing stands up and the loss never counts — for them,
    their partner or the winners (and a computer sits at a rated table, which the docs say
    never happens).  The match counts, for everyone who sat down to it and played (a match
    that one of them never played is void: the test of ``test_place``)."""
    people = [signed_up(probe, f"10.65.0.{k + 1}") for k in range(4)]
    made, tokens = rated_table(probe, people)
    room = made["room"]
    assert all(tokens), tokens
    rng = random.Random(65)

    async def scenario() -> None:
        quitter = await Client.open(probe, room, 0, tokens[0])
        others = [await Client.open(probe, room, k, tokens[k]) for k in (1, 2, 3)]
        probe.start_match(room, made["host_token"])

        async def quit_after_a_decision() -> None:
            await play_until(quitter, rng, lambda _: quitter.acted_seq >= 0, 60)
            await quitter.send({"type": "stand", "token": tokens[0]})
            await quitter.until(lambda m: m["type"] in ("error", "welcome"))
        await asyncio.gather(quit_after_a_decision(),
                             *(play_until(c, rng, match_over, 90) for c in others))
        await quitter.drain(0.2)           # (read what came meanwhile: then it closes at once)
        for c in (quitter, *others):
            await c.close()

    asyncio.run(scenario())
    moved = [p["ratings"].get("28", {}).get("matches") for p in profiles(probe, people, room)]
    assert moved == [1, 1, 1, 1], moved


def test_one_person_cannot_fill_a_rated_table_with_accounts_of_their_own(probe: Server) -> None:
    """One person signs up four players (ten an hour from one address) and seats them all
    at one rated table: they play it alone, seeing every hand, and move their ratings as
    they please.  A rated table now seats one player per address; a player from another
    sits as before, and the refusal says what to do instead."""
    people = [signed_up(probe, "10.66.0.1") for _ in range(3)]
    people.append(signed_up(probe, "10.66.0.2"))
    made, tokens = rated_table(probe, people)
    assert [t is not None for t in tokens] == [True, False, False, True], tokens
    refused = people[1][0].post(f"/api/rooms/{made['room']}/seats/1",
                                json={"invite": made["invite"]})
    assert refused.status_code == 409 and refused.json()["error"] == "address_seated"
    said = refused.json()["message"]
    assert "at this rated table" in said and "unrated private table" in said, said
