"""Ratings (issue 15, item 3): a synthetic match with a known answer, kept on SQLite and on
PostgreSQL — team-aware (openskill's Plackett-Luce), per family, once per match, never from
an unrated match; and the family of each preset."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from server.services import Postgres
from twentyeight.rules import PRESETS
from twentyeight.server.place_store import (
    DELETED,
    SESSIONS_KEPT,
    MatchResult,
    PlaceStore,
    PlayerPart,
)
from twentyeight.server.ratings import family, rate, shown
from twentyeight.server.room import Room, Seat

MU, SIGMA = 25.0, 25.0 / 3
BETA = SIGMA / 2
TAU = MU / 300
"""openskill's defaults: a new player's mu and sigma, the performance spread beta, and the
dynamics tau (every sigma grows by it before a match, so ratings never freeze)."""


def known_two_team_answer() -> tuple[float, float, float, float]:
    """Weng and Lin's Plackett-Luce update by hand, for two teams of two new players:
    ``(winner mu, winner sigma, loser mu, loser sigma)``."""
    var = SIGMA**2 + TAU**2
    team_var = 2 * var
    c = math.sqrt(2 * (team_var + BETA**2))
    p = 0.5                                         # equal teams: either wins half the time
    gamma = math.sqrt(team_var) / c
    delta = gamma * team_var / c**2 * p * (1 - p)
    share = var / team_var                          # each player's part of the team's variance
    mu_step = share * team_var / c * (1 - p)
    sigma = math.sqrt(var * (1 - share * delta))
    return MU + mu_step, sigma, MU - mu_step, sigma


def test_the_update_is_the_known_answer() -> None:
    win_mu, win_sigma, lose_mu, lose_sigma = known_two_team_answer()
    assert round(win_mu, 4) == 26.9643 and round(win_sigma, 4) == 8.1780
    new = rate([[(MU, SIGMA), (MU, SIGMA)], [(MU, SIGMA), (MU, SIGMA)]], [0, 1])
    for mu, sigma in new[0]:
        assert mu == pytest.approx(win_mu) and sigma == pytest.approx(win_sigma)
    for mu, sigma in new[1]:
        assert mu == pytest.approx(lose_mu) and sigma == pytest.approx(lose_sigma)
    # a shared place moves nobody's mu
    tied = rate([[(MU, SIGMA)], [(MU, SIGMA)]], [0, 0])
    assert tied[0][0][0] == pytest.approx(MU) and tied[1][0][0] == pytest.approx(MU)


def test_every_preset_has_its_family() -> None:
    families = {name: family(rules) for name, rules in PRESETS.items()}
    assert {families[n] for n in ("28", "28-pagat", "28-3p", "28-6p")} == {"28"}
    assert {families[n] for n in ("29", "29-16", "bhoos-29")} == {"29"}
    assert {families[n] for n in ("56", "56-4p", "56-8p", "56-kerala")} == {"56"}
    assert families["40"] == "40"


def test_a_rated_table_gives_no_hints() -> None:
    seats = [Seat() for _ in range(4)]
    rated = Room(id="r", rules=PRESETS["28"], bot_kind="rules", host_token_hash="",
                 takeover_seconds=60, bot_delay=0.5, seats=seats, rated=True)
    friendly = Room(id="f", rules=PRESETS["28"], bot_kind="rules", host_token_hash="",
                    takeover_seconds=60, bot_delay=0.5, seats=seats)
    assert not rated.hints_allowed and friendly.hints_allowed


def synthetic(room: str, ids: list[int], rated: bool = True,
              fam: str = "28") -> MatchResult:
    """Seats 0 and 2 (team 0) beat seats 1 and 3 (team 1)."""
    parts = [PlayerPart(player_id=pid, seat=k, team=k % 2, won=k % 2 == 0, deals=3,
                        bids=1, made=int(k % 2 == 0), points=2 if k % 2 == 0 else -2,
                        hands=[{"hand": 0, "bidder": True, "contract": 16, "made": k % 2 == 0,
                                "status": "complete", "points": 2 if k % 2 == 0 else -2}])
             for k, pid in enumerate(ids)]
    return MatchResult(room_id=room, family=fam, rules="28", rated=rated, deals=3,
                       parts=parts, ranks=[0, 1])


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[PlaceStore]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'place.db'}"
    else:
        pg: Postgres = request.getfixturevalue("postgres")
        url = pg.database()
    engine = create_engine(url)
    try:
        yield PlaceStore(engine)
    finally:
        engine.dispose()


def test_a_rated_match_moves_the_ratings_once(store: PlaceStore) -> None:
    ids = [store.add_player(n, n, "hash", "c") for n in ("a", "b", "c", "d")]
    assert all(isinstance(i, int) for i in ids)
    players = [int(i) for i in ids if i is not None]
    assert store.add_player("A", "a", "hash", "c") is None      # the name is taken
    assert store.record_match(synthetic("room1", players), rate)
    assert not store.record_match(synthetic("room1", players), rate)   # once per match
    win_mu, win_sigma, lose_mu, lose_sigma = known_two_team_answer()
    for k, pid in enumerate(players):
        r = store.ratings_of(pid)["28"]
        mu, sigma = (win_mu, win_sigma) if k % 2 == 0 else (lose_mu, lose_sigma)
        assert r["mu"] == pytest.approx(mu) and r["sigma"] == pytest.approx(sigma)
        assert r["matches"] == 1
    board = store.leaderboard("28", 10)
    assert [e["rating"] for e in board] == sorted((shown(e["mu"], e["sigma"]) for e in board),
                                                  reverse=True)
    assert store.leaderboard("28", 2) == board[:2]
    assert [e["name"] for e in board[:2]] == ["a", "c"] and len(board) == 4
    # an unrated match is history only; another family has ratings of its own
    assert store.record_match(synthetic("room2", players, rated=False), rate)
    assert store.ratings_of(players[0])["28"]["matches"] == 1
    assert store.record_match(synthetic("room3", players, fam="56"), rate)
    assert store.ratings_of(players[1])["56"]["mu"] == pytest.approx(lose_mu)
    assert store.ratings_of(players[1])["28"]["mu"] == pytest.approx(lose_mu)
    # the second rated 28 match starts from the stored ratings
    assert store.record_match(synthetic("room4", players), rate)
    again = rate([[(win_mu, win_sigma)] * 2, [(lose_mu, lose_sigma)] * 2], [0, 1])
    assert store.ratings_of(players[0])["28"]["mu"] == pytest.approx(again[0][0][0])
    assert store.ratings_of(players[0])["28"]["matches"] == 2
    totals = store.totals(players[0])
    assert totals["28"] == {"matches": 3, "won": 3, "deals": 9, "bids": 3, "made": 3,
                            "points": 6}
    history = store.history(players[0], 10)
    assert history[0]["room"] == "room4" and len(history) == 4
    assert history[0]["hands"][0]["contract"] == 16


def test_a_deleted_player_leaves_the_leaderboard_for_good(store: PlaceStore) -> None:
    """A deleted player's ratings, matches, sessions and sign-up address go; their seat at a
    rated match under way stays theirs, so that the match still rates its other players as it
    ends (removing it made the match unrated for all four: an attack script), and that does
    not bring them back to the leaderboard.  A deletion by a stale password does nothing."""
    ids = [store.add_player(n, n, "hash", "c") for n in ("a", "b", "c", "d")]
    players = [int(i) for i in ids if i is not None]
    assert store.add_session("a-session", players[0], time.time() + 3600, "hash")
    store.link_seat("room2", "a-seat", players[0])
    assert store.record_match(synthetic("room1", players), rate)
    assert not store.delete_player(players[0], "an older hash")
    assert store.session("a-session") is not None
    assert store.delete_player(players[0], "hash")
    assert store.ratings_of(players[0]) == {} and store.history(players[0], 10) == []
    assert store.session("a-session") is None
    assert store.seat_owners("room2") == {"a-seat": players[0]}
    deleted = store.player_by_id(players[0])
    assert deleted is not None and deleted.password_hash == DELETED
    assert [e["name"] for e in store.leaderboard("28", 10)] == ["c", "b", "d"]
    assert store.record_match(synthetic("room2", players), rate)      # the match under way
    assert store.ratings_of(players[1])["28"]["matches"] == 2
    assert "a" not in {e["name"] for e in store.leaderboard("28", 10)}
    assert store.add_player("A", "a", "hash", "c") is None              # the name stays taken
    assert not store.add_session("late", players[0], time.time() + 3600, DELETED)


def test_a_sign_in_racing_a_new_password_gets_no_session(store: PlaceStore) -> None:
    """An attack script: a sign-in checked the old password, then a change of password ended
    every other session, then the sign-in added its own: the thief stayed in.  A session is
    added only while the password is still the one checked; the change of password and the
    end of the other sessions are one transaction, and a change from a stale hash does
    nothing."""
    asha = store.add_player("Asha", "asha", "old", "c")
    assert isinstance(asha, int)
    far = time.time() + 3600
    assert store.add_session("mine", asha, far, "old")
    assert store.add_session("thief", asha, far, "old")
    assert store.set_password_hash(asha, "new", "old", keep_session="mine") == 1
    assert store.session("thief") is None and store.session("mine") == (asha, "Asha")
    assert not store.add_session("thief-again", asha, far, "old")     # checked before
    assert store.session("thief-again") is None
    assert store.set_password_hash(asha, "newer", "old", keep_session="mine") is None
    assert store.set_password_hash(asha, "stronger", "new") == 0      # a rehash ends nothing
    assert store.session("mine") == (asha, "Asha")


def test_a_player_keeps_sixteen_sessions_and_the_oldest_is_signed_out(store: PlaceStore) -> None:
    """An attack script: each sign-in kept one more session row, without end.  A player
    keeps the newest :data:`SESSIONS_KEPT` (browsers signed in); the next sign-in signs the
    oldest out, and nobody else's."""
    asha, ravi = (store.add_player(n, n.casefold(), "hash", "c") for n in ("Asha", "Ravi"))
    assert isinstance(asha, int) and isinstance(ravi, int)
    far = time.time() + 3600
    store.add_session("ravi-0", ravi, far, "hash")
    for k in range(SESSIONS_KEPT + 1):
        store.add_session(f"asha-{k}", asha, far, "hash")
        time.sleep(0.002)                               # (each a little later than the last)
    assert store.session("asha-0") is None
    assert all(store.session(f"asha-{k}") == (asha, "Asha")
               for k in range(1, SESSIONS_KEPT + 1))
    assert store.session("ravi-0") == (ravi, "Ravi")


def test_wrong_passwords_are_counted_once_for_every_process(store: PlaceStore) -> None:
    """A name's wrong-password bucket (``wrong_passwords_per_hour``) was each process's own,
    so N processes let a guesser try N times as many.  It is the database's now: two
    processes (two stores on one database) spend one bucket; twenty guesses at once spend
    exactly its ten tries; a try given back or refilled is the next one's; refused asks
    spend nothing; another name is not touched."""
    url = store.engine.url.render_as_string(hide_password=False)
    other = PlaceStore(create_engine(url))
    rate, burst, now = 10 / 3600, 10, 1_000_000.0
    with ThreadPoolExecutor(8) as pool:
        waits = list(pool.map(lambda k: (store, other)[k % 2].take_password_try(
            "guessed", now, rate, burst), range(20)))
    assert waits.count(0.0) == 10
    assert all(w == pytest.approx(360) for w in waits if w), waits
    assert other.take_password_try("guessed", now, rate, burst) == pytest.approx(360)
    store.give_back_password_try("guessed", burst)                   # a right password
    assert other.take_password_try("guessed", now, rate, burst) == 0.0
    assert store.take_password_try("guessed", now + 180, rate, burst) == pytest.approx(180)
    assert store.take_password_try("guessed", now + 360, rate, burst) == 0.0  # refilled one
    assert other.take_password_try("left alone", now, rate, burst) == 0.0
    other.engine.dispose()
