"""``twentyeight serve`` is a subcommand of the one command, with clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from twentyeight.cli.main import main


def test_serve_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "--takeover-seconds" in out and "--db" in out


def test_serve_bad_database_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", "nonsense://nowhere"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("twentyeight serve:") and "Traceback" not in err


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
