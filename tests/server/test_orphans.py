"""The analyst's worker processes end with the server: killed with ``kill -9``, a server
cannot stop its pool, and the workers (each holding the pool's queue open) would otherwise
wait on it for ever — found as processes left over from the test suite's servers."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

SERVER = """
import multiprocessing, os, sys, time
from twentyeight.server.learning import exit_with

def worker(server):
    import threading
    threading.Thread(target=exit_with, args=(server, 0.05), daemon=True).start()
    time.sleep(600)

if __name__ == "__main__":
    child = multiprocessing.get_context("spawn").Process(target=worker, args=(os.getpid(),))
    child.start()
    print(child.pid, flush=True)
    time.sleep(600)
"""


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie waiting to be reaped is not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def test_a_worker_ends_when_its_server_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    server = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        worker = int(server.stdout.readline())
        time.sleep(0.5)
        assert alive(worker)                          # the watch lets it live with its server
        server.kill()                                 # kill -9: no shutdown code runs
        server.wait(10)
        deadline = time.monotonic() + 10
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(worker)
    finally:
        server.kill()
