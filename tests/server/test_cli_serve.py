"""``twentyeight serve`` is a subcommand of the one command, with clear errors."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from helpers import ctrl_c
from server.harness import free_port
from twentyeight.cli.main import main


def test_serve_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "--takeover-seconds" in out and "--db" in out


def test_serve_bad_database_is_one_clear_line(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    """A database that cannot be used is said in one line that names it (its password
    hidden), with the driver's words and not SQLAlchemy's second line and web link."""
    assert main(["serve", "--db", "nonsense://nowhere"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("twentyeight serve:") and "Traceback" not in err
    missing = f"sqlite:///{tmp_path / 'no' / 'such' / 'rooms.db'}"
    assert main(["serve", "--db", missing]) == 2
    err = capsys.readouterr().err
    assert err == f"twentyeight serve: cannot use the database {missing}: unable to open " \
        "database file\n"
    assert main(["serve", "--db", "postgresql://ann:secret@127.0.0.1:1/rooms"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("twentyeight serve: cannot use the database "
                          "postgresql://ann:***@127.0.0.1:1/rooms: ")
    assert "secret" not in err and "sqlalche.me" not in err and err.count("\n") == 1, err


def test_a_file_path_is_a_sqlite_database(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """``--db rooms.db`` is the SQLite database in that file, as a host would write it; it
    was "Could not parse SQLAlchemy URL", a URL being the only form taken."""
    monkeypatch.setattr("uvicorn.run", lambda *_a, **_k: None)       # never serve here
    monkeypatch.chdir(tmp_path)
    assert main(["serve", "--db", "rooms.db"]) == 0
    assert f"(database sqlite:///{tmp_path / 'rooms.db'})" in capsys.readouterr().err
    assert (tmp_path / "rooms.db").is_file()


def test_an_unreachable_redis_stops_the_start(capsys: pytest.CaptureFixture[str]) -> None:
    """--redis that nothing answers at: the server said it was serving and kept retrying
    alone ("could not publish to Redis … the poll will catch up"); now it does not start."""
    assert main(["serve", "--db", "memory://", "--redis", "redis://127.0.0.1:1/0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("twentyeight serve: cannot reach Redis at redis://127.0.0.1:1/0: ")
    assert "serving on" not in err and err.count("\n") == 1, err


def test_serve_bad_timeout(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--takeover-seconds", "-3"])
    assert exit_.value.code == 2
    assert "--takeover-seconds" in capsys.readouterr().err


def test_serve_redis_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    assert "--redis" in capsys.readouterr().out
    db = f"sqlite:///{tmp_path / 'rooms.db'}"
    assert main(["serve", "--db", db, "--redis", "nonsense://nowhere"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("twentyeight serve:") and "Traceback" not in err


@pytest.mark.parametrize("args", [["--turn-seconds", "1"], ["--bot-delay", "31"],
                                  ["--takeover-seconds", "100",
                                   "--limit", "max_takeover_seconds=50"]])
def test_a_room_default_outside_the_limits_is_refused_at_the_start(
        args: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A default every room would be refused for (400 at each POST /api/rooms and each
    quick play) stops the command with one line naming the option and the limit; it served
    before, refusing every room."""
    monkeypatch.setattr("uvicorn.run", lambda *_a, **_k: None)       # never serve here
    assert main(["serve", "--db", "memory://", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"twentyeight serve: {args[0]} ") and "--limit" in err


def test_a_port_out_of_range_is_refused(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--port 99999`` is an error; it said it served on 99999 and listened on 34463."""
    monkeypatch.setattr("uvicorn.run", lambda *_a, **_k: None)       # never serve here
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--db", "memory://", "--port", "99999"])
    assert exit_.value.code == 2
    assert "a port from 0 to 65535" in capsys.readouterr().err


def test_ctrl_c_stops_the_server_without_a_traceback() -> None:
    """Ctrl-C reaches the terminal's whole process group: the computer players' worker and
    the hints' workers too. They leave the stop to the server (each printed the traceback of
    its KeyboardInterrupt, and the server said it started another worker)."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "twentyeight.cli.main", "serve", "--port", str(port),
         "--db", "memory://", "--log-level", "warning"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        base, deadline = f"http://127.0.0.1:{port}", time.monotonic() + 40
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        made = httpx.post(f"{base}/api/rooms", json={"bots": "rules"}).json()
        token = httpx.post(f"{base}/api/rooms/{made['room']}/seats/0",
                           json={"invite": made["invite"]}).json()["token"]
        httpx.post(f"{base}/api/rooms/{made['room']}/start", json={"token": made["host_token"]})
        hint = httpx.post(f"{base}/api/rooms/{made['room']}/hint", json={"token": token},
                          timeout=60)                 # the hints' workers are started
        assert hint.status_code in (200, 409), hint.text
    finally:
        text = ctrl_c(proc, timeout=30)
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    assert "starting another" not in text, text
