"""Throw-away PostgreSQL and Redis servers for the tests, in temporary directories.

Each listens on a free loopback port and is stopped at the end of the session.  PostgreSQL
refuses to run as root: as root, it runs as the ``postgres`` system user (in a directory that
user owns).  When the binaries are missing, :func:`postgres_bin` / :func:`redis_bin` say why,
and the tests that need them skip (CI installs them: ``.ci/system-packages``).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from server.harness import free_port


def postgres_bin() -> Path | None:
    """The directory of PostgreSQL's server binaries (``initdb``, ``pg_ctl``), if installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    pg_ctl = shutil.which("pg_ctl")
    return Path(pg_ctl).parent if pg_ctl else None


def redis_bin() -> str | None:
    """``redis-server``, if installed."""
    return shutil.which("redis-server")


def _as_postgres(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


class Postgres:
    """A PostgreSQL cluster of its own; :meth:`database` makes a fresh database in it."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="twentyeight-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.count = 0

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        subprocess.run(_as_postgres([str(self.bindir / "initdb"), "-D", str(self.data), "-U",
                                     "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]),
                       check=True, capture_output=True, timeout=120)
        options = (f"-k {self.dir} -p {self.port} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c max_connections=200")
        subprocess.run(_as_postgres([str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l",
                                     str(self.dir / "log"), "-o", options, "-w", "-t", "60",
                                     "start"]),
                       check=True, capture_output=True, timeout=120)

    def stop(self) -> None:
        subprocess.run(_as_postgres([str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m",
                                     "immediate", "stop"]),
                       check=False, capture_output=True, timeout=60)
        shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, name: str = "postgres") -> str:
        """The SQLAlchemy URL of database ``name``."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def database(self) -> str:
        """A new, empty database; its URL."""
        import psycopg

        self.count += 1
        name = f"rooms{self.count}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


class Redis:
    """A Redis server of its own (no persistence)."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.dir = Path(tempfile.mkdtemp(prefix="twentyeight-redis-"))
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 30.0) -> None:
        with open(self.dir / "log", "ab") as log:
            self.proc = subprocess.Popen(
                [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", str(self.dir)],
                stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"redis did not start: {(self.dir / 'log').read_text()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        shutil.rmtree(self.dir, ignore_errors=True)
