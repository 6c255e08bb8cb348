"""Fixtures: a real ``twentyeight serve`` process shared by a module's tests, once on SQLite
and once on PostgreSQL with Redis (several-process mode); the session's PostgreSQL and Redis
servers (skipped, with the reason, when their binaries are not installed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from server.harness import ONE_SEAT_PER_CLIENT, Server, running
from server.services import Postgres, Redis, postgres_bin, redis_bin


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    bindir = postgres_bin()
    if bindir is None:
        pytest.skip("PostgreSQL's server binaries are not installed (.ci/system-packages "
                    "installs them)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (pip install -e '.[test]')")
    pg = Postgres(bindir)
    yield from running(pg)


@pytest.fixture(scope="session")
def redis() -> Iterator[Redis]:
    binary = redis_bin()
    if binary is None:
        pytest.skip("redis-server is not installed (.ci/system-packages installs it)")
    server = Redis(binary)
    yield from running(server)


@pytest.fixture(scope="module", params=["sqlite", "postgresql+redis"])
def server(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The server of most tests, on SQLite and on PostgreSQL with Redis; each person its
    tests seat at a public or rated table comes from an address of their own."""
    base = Path(tmp_path_factory.mktemp("srv")) / "rooms.db"
    if request.param == "sqlite":
        srv = Server(base, *ONE_SEAT_PER_CLIENT)
    else:
        pg: Postgres = request.getfixturevalue("postgres")
        rd: Redis = request.getfixturevalue("redis")
        srv = Server(base, *ONE_SEAT_PER_CLIENT, "--redis", rd.url,
                     db_url=pg.database())
    yield from running(srv)


@pytest.fixture(scope="module")
def stub_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose rooms may seat the test's misbehaving computer players
    (``server/stub_bots.py``)."""
    yield from running(Server(Path(tmp_path_factory.mktemp("stub")) / "rooms.db",
                              "--bot-module", "server.stub_bots"))
