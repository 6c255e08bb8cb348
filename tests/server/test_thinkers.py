"""The computer players' workers, seen from the server's event loop: asking never waits."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time

import pytest

from twentyeight import Match, Rules
from twentyeight.server.thinkers import ThinkerError, Thinkers


def test_a_worker_that_stops_reading_never_blocks_the_event_loop() -> None:
    """A worker frozen (no processor for it: SIGSTOP) while the server keeps asking: every
    request is queued at once — the loop goes on — and once the worker runs again every
    decision comes back, each a legal action of its view."""

    async def main() -> None:
        thinkers = Thinkers(workers=1, queue=10_000, seconds=60.0, modules=("server.stub_bots",))
        await thinkers.open()
        try:
            [worker] = thinkers.workers
            assert worker.process is not None
            pid = worker.process.pid
            assert pid is not None
            match = Match.new(Rules.from_spec("28"), seed=3)
            seat = match.to_act
            assert seat is not None
            view = match.current.view(seat)
            view["padding"] = "x" * 4_000            # ~500 views: far more than a pipe holds
            os.kill(pid, signal.SIGSTOP)
            thaw = threading.Timer(5.0, os.kill, (pid, signal.SIGCONT))   # were the loop stuck
            thaw.start()
            try:
                began = time.monotonic()
                jobs = [asyncio.ensure_future(thinkers.decide((f"r{k}", seat), "prompt", k, view))
                        for k in range(500)]
                await asyncio.sleep(0.2)                  # every ask has run
                asked = time.monotonic() - began
                assert worker.unsent, "the pipe took everything: the test proves nothing"
                assert asked < 2.0
                assert not any(job.done() for job in jobs)
            finally:
                thaw.cancel()
                os.kill(pid, signal.SIGCONT)
            answers = await asyncio.wait_for(asyncio.gather(*jobs), timeout=60)
            assert all(a == view["legal"][0] for a in answers)
            assert not worker.unsent
        finally:
            await thinkers.close()

    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(main())
        except BaseException as e:                   # handed to the test
            failure.append(e)

    loop = threading.Thread(target=run, daemon=True)     # a stuck loop fails, not hangs
    loop.start()
    loop.join(timeout=120)
    assert not loop.is_alive(), "the event loop is stuck writing to the worker"
    if failure:
        raise failure[0]


def test_the_quick_bots_decide_on_the_loop_and_the_others_in_a_worker() -> None:
    """``random`` and ``rules`` answer on the loop itself: with their worker stopped, they still
    answer (a legal action), while another bot's decision fails over (to the room's rules bot,
    by the caller)."""

    async def main() -> None:
        thinkers = Thinkers(workers=1, seconds=30.0, modules=("server.stub_bots",))
        await thinkers.open()
        try:
            match = Match.new(Rules.from_spec("28"), seed=5)
            seat = match.to_act
            assert seat is not None
            view = match.current.view(seat)
            [worker] = thinkers.workers
            worker.stop()                             # no worker: the quick ones still answer
            for kind in ("random", "rules"):
                assert await thinkers.decide(("r", seat), kind, 1, view) in view["legal"]
            with pytest.raises(ThinkerError):
                await thinkers.decide(("r", seat), "prompt", 1, view)
        finally:
            await thinkers.close()

    asyncio.run(main())


def test_a_new_worker_loads_the_solver_before_its_first_decision() -> None:
    """A worker loads the compiled kernel as it starts (:func:`_load_solver`), so the first
    searching decision at a table does not spend its ``bot_seconds`` on it.  In a fresh
    interpreter: not compiled before, compiled after."""
    import subprocess
    import sys

    from twentyeight.solver import fast

    if not fast.compiled_available():
        pytest.skip("numba is not installed: there is no compiled kernel to load")
    code = ("from twentyeight.solver import fast\n"
            "from twentyeight.server.thinkers import _load_solver\n"
            "kernel = fast.compiled_kernel()\n"
            "before = len(kernel.solve_codes.signatures)\n"
            "_load_solver()\n"
            "print(before, len(kernel.solve_codes.signatures))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300, check=True).stdout.split()
    assert out[0] == "0" and int(out[1]) >= 1
