"""Fixtures: a real ``twentyeight serve`` process shared by a module's tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from server.harness import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("srv")) / "rooms.db")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()
