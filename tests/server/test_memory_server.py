"""``twentyeight serve --db memory://``: the server without a database (rooms in the
process's memory, players in an SQLite database of its own) answers the place's requests
as the server on a database does, in process with FastAPI's test client."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from twentyeight.server.app import create_app
from twentyeight.server.settings import Settings


@pytest.fixture()
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(db_url="memory://"))) as c:
        yield c


def test_a_signed_in_player_is_told_their_tables(client: TestClient) -> None:
    """GET /api/session of a signed-in player lists the rooms where they sit (it was a 500:
    the query read a rooms table that only a database server has)."""
    r = client.post("/api/players", json={"name": "Asha", "password": "a long secret"})
    assert r.status_code == 201, r.text
    assert client.get("/api/session").json() == {"player": {"name": "Asha"}, "rooms": []}
    made = client.post("/api/rooms", json={"rules": "28"}).json()
    seat = client.post(f"/api/rooms/{made['room']}/seats/1", json={"invite": made["invite"]})
    assert seat.status_code == 200, seat.text
    r = client.get("/api/session")
    assert r.status_code == 200, r.text
    assert r.json() == {"player": {"name": "Asha"}, "rooms": [made["room"]]}
    assert client.get(f"/api/rooms/{made['room']}/mine").json()["seat"] == 1
