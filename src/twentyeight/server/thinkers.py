"""Where the computer players think: the searching bots in worker processes of their own, at
a lower priority than the tables, so that no bot — however long it searches — can slow the
people's tables; the quick built-in bots (:data:`QUICK`) on the event loop, in microseconds.

:class:`Thinkers` keeps ``bot_workers`` processes (``--limit bot_workers=N``) for bots that
search; the quick built-in ones (:data:`QUICK`) never wait behind another room's search.  Each
worker keeps the bots of the seats it serves (a seat always goes to the same worker, so a bot
keeps its own state from one decision to the next) and answers one decision at a time; the
server process only sends the seat's view and reads back the action.  Bounds:

* at most ``bot_queue`` decisions are under way at once; more wait in their rooms, costing
  nothing (``--limit bot_queue``);
* a decision that has not come back within ``bot_seconds`` (waiting included) is given up:
  the room's ``rules`` bot decides instead, and a worker that comes to it afterwards skips it
  (searching bots are asked to answer by the table's pace, well within that time);
* a worker that dies is started again; the decisions it had are made by ``rules``;
* the server never waits to hand a worker its requests: they go down a pipe the event loop
  writes without blocking, what the pipe cannot take yet waiting in memory (bounded by
  ``bot_queue``), so a worker that falls behind — starved of processor at its low priority —
  holds up its own decisions and nothing else.

With ``bot_workers=0`` the bots think in this process, on a thread of their own (for tests
and trials; the GIL then shares this process's time with them).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import pickle
import signal
import struct
import time
import zlib
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import Any

from twentyeight.bots import Bot, bot_names, make_table_bot
from twentyeight.bots.base import View

log = logging.getLogger("twentyeight.server")

QUICK = frozenset({"random", "rules", "rules-v1", "beginner", "casual"})
"""Bots that decide in microseconds (benchmarks/bot_speed.py): they decide on the event loop,
at once — handing their view to another process would cost the tables more than their
thinking does, and on a busy machine every hand-over between processes waits for a processor
(measured: docs/performance.md, "The server")."""
NICE = 10
"""How much lower the workers' scheduling priority is than the server's."""
READY = 60.0
"""Seconds a new worker may take to load its bots."""
MAX_BOTS = 20_000
"""Bots one worker keeps (the least recently used beyond are forgotten)."""

Key = tuple[str, int]
"""A seat: ``(room id, seat number)``."""


class ThinkerError(RuntimeError):
    """The bot failed, or its worker did, or it took too long: someone else must decide."""


class Thinkers:
    """The computer players' worker processes (see the module's docstring)."""

    def __init__(self, workers: int = 1, queue: int = 1000, seconds: float = 10.0,
                 modules: tuple[str, ...] = ()) -> None:
        self.count = workers
        self.seconds = seconds
        self.modules = modules
        self.slots = asyncio.Semaphore(max(1, queue))
        self.workers: list[_Worker] = []
        """The searching bots' workers."""
        self.quick: _Bots | None = None
        """The quick bots, deciding on the event loop itself (:data:`QUICK`)."""
        self.inline: _Bots | None = None
        self.thread: ThreadPoolExecutor | None = None

    async def open(self) -> None:
        """Start the workers (or the thread of ``bot_workers=0``)."""
        self.quick = _Bots(self.modules)
        if self.count == 0:
            self.inline = _Bots(self.modules)
            self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="twentyeight-bot")
            return
        self.workers = [_Worker(self.modules) for _ in range(self.count)]
        await asyncio.gather(*(worker.start() for worker in self.workers))

    async def close(self) -> None:
        """Stop the workers."""
        for worker in self.workers:
            worker.stop()
        self.workers, self.quick = [], None
        if self.thread is not None:
            self.thread.shutdown(wait=False, cancel_futures=True)

    async def decide(self, key: Key, kind: str, seed: int, view: View,
                     think: float | None = None) -> str:
        """The action the bot of seat ``key`` chooses for ``view``, thinking for at most
        ``think`` seconds from now (its :attr:`~twentyeight.bots.Bot.deadline`; ``None``: as
        long as its budget takes); :class:`ThinkerError` if it (or its worker) fails or takes
        longer than ``bot_seconds``.  Every bot plays at its own default budget (the levels'
        documented ones, docs/strength.md)."""
        answer_by = None if think is None else time.time() + think
        if kind in QUICK and self.quick is not None:
            return self.quick.act(key, kind, seed, view, answer_by)
        async with self.slots:
            try:
                if self.inline is not None:
                    loop = asyncio.get_running_loop()
                    job = loop.run_in_executor(self.thread, self.inline.act, key, kind, seed,
                                               view, answer_by)
                else:
                    worker = self.workers[zlib.crc32(f"{key[0]}/{key[1]}".encode())
                                          % len(self.workers)]
                    job = worker.ask(key, kind, seed, view, answer_by,
                                     time.time() + self.seconds)
                return await asyncio.wait_for(job, timeout=self.seconds)
            except TimeoutError:
                raise ThinkerError(f"no decision within {self.seconds:g} s") from None

    def forget(self, room_id: str) -> None:
        """The room is gone: its bots may be dropped."""
        for worker in self.workers:
            worker.tell(("forget", room_id))
        if self.quick is not None:
            self.quick.forget(room_id)
        if self.inline is not None:
            self.inline.forget(room_id)


class _Bots:
    """The bots one worker (or the inline thread) keeps."""

    def __init__(self, modules: tuple[str, ...]) -> None:
        import importlib

        for module in modules:                  # they register more bots
            importlib.import_module(module)
        self.bots: OrderedDict[tuple[str, int, str], Bot] = OrderedDict()

    def act(self, key: Key, kind: str, seed: int, view: View,
            answer_by: float | None = None) -> str:
        """The bot's choice, wanted by ``answer_by`` (a ``time.time()``; ``None``: whenever its
        budget lets it); its exception, if it fails, goes to the caller."""
        name = (key[0], key[1], kind)
        bot = self.bots.get(name)
        if bot is None:
            bot = self.bots[name] = make_table_bot(kind, seed=seed)
            while len(self.bots) > MAX_BOTS:
                self.bots.popitem(last=False)
        else:
            self.bots.move_to_end(name)
        bot.deadline = None if answer_by is None else \
            time.monotonic() + (answer_by - time.time())
        text = bot.act(view)
        if not isinstance(text, str):
            raise TypeError(f"the bot answered {type(text).__name__}, not an action")
        return text

    def forget(self, room_id: str) -> None:
        for name in [n for n in self.bots if n[0] == room_id]:
            del self.bots[name]


HEADER = struct.Struct("!I")
"""A request's frame: its pickled length, then the pickle."""


def frame(request: tuple[Any, ...]) -> bytes:
    """``request`` as it goes down a worker's request pipe."""
    data = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


def read_frame(stream: Any) -> tuple[Any, ...]:
    """The next request from ``stream`` (a buffered binary file); :class:`EOFError` at the
    end."""
    head = stream.read(HEADER.size)
    if len(head) < HEADER.size:
        raise EOFError
    (size,) = HEADER.unpack(head)
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    request: tuple[Any, ...] = pickle.loads(data)
    return request


def _serve(requests: Connection, answers: Connection, modules: tuple[str, ...]) -> None:
    """A worker's life: answer ``(id, key, kind, seed, view, answer_by, give_up)`` requests in
    turn (and ``("forget", room)``), read from ``requests`` (frames, :func:`frame`); answers
    go to ``answers``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C stops the server, which stops us
    with contextlib.suppress(OSError):
        os.nice(NICE)
    bots = _Bots(modules)
    bot_names()                                 # every bot loaded: ready to think at once
    stream = os.fdopen(os.dup(requests.fileno()), "rb")
    requests.close()
    conn = answers
    conn.send(("ready",))
    _load_solver()
    while True:
        try:
            request = read_frame(stream)
        except (EOFError, OSError):
            return
        if request[0] == "forget":
            bots.forget(request[1])
            continue
        number, key, kind, seed, view, answer_by, give_up = request
        if time.time() > give_up:            # given up while it waited: no use thinking now
            answer: tuple[Any, ...] = (number, False, "given up before it was thought about")
        else:
            answer = _answer(bots, number, key, kind, seed, view, answer_by)
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return


def _load_solver() -> None:
    """Load the solver's compiled kernel while no decision waits for it (a second from
    numba's cache, half a minute where the cache is cold), rather than in the first searching
    decision, which would then be given up (``bot_seconds``).  Requests sent meanwhile wait
    in the pipe; a kernel that fails to load fails again, and is reported, in a decision."""
    from twentyeight.solver import fast

    if fast.compiled_available():
        with contextlib.suppress(Exception):
            fast.warm_up()


def _answer(bots: _Bots, number: int, key: Key, kind: str, seed: int, view: View,
            answer_by: float | None) -> tuple[Any, ...]:
    """One decision's answer: ``(id, True, action)`` or ``(id, False, what went wrong)``."""
    try:
        return (number, True, bots.act(key, kind, seed, view, answer_by))
    except Exception as e:
        return (number, False, f"{type(e).__name__}: {e}"[:500])


class _Worker:
    """One worker process, seen from the server: requests out, answers in (on the loop)."""

    numbers = itertools.count()

    def __init__(self, modules: tuple[str, ...]) -> None:
        self.modules = modules
        self.process: multiprocessing.process.BaseProcess | None = None
        self.conn: Connection | None = None
        """The answers' pipe (read on the event loop)."""
        self.requests: Connection | None = None
        """The requests' pipe (written without blocking: :meth:`tell`)."""
        self.unsent = bytearray()
        """Requests the pipe could not take yet."""
        self.waiting: dict[int, asyncio.Future[str]] = {}
        self.restarting: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start the process and wait (up to :data:`READY`) until its bots are loaded."""
        context = multiprocessing.get_context("spawn")
        their_requests, requests = context.Pipe(duplex=False)
        answers, their_answers = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_serve, args=(their_requests, their_answers, self.modules),
            name="twentyeight-bots", daemon=True)
        self.process.start()
        their_requests.close()
        their_answers.close()
        loop = asyncio.get_running_loop()
        if not await loop.run_in_executor(None, answers.poll, READY) \
                or answers.recv() != ("ready",):
            answers.close()
            requests.close()
            raise RuntimeError("the computer players' worker did not start")
        os.set_blocking(requests.fileno(), False)
        self.conn, self.requests = answers, requests
        self.unsent.clear()
        loop.add_reader(answers.fileno(), self._answers)

    def stop(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self.conn.fileno())
            self.conn.close()
            self.conn = None
        if self.requests is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_writer(self.requests.fileno())
            self.requests.close()
            self.requests = None
        self.unsent.clear()
        if self.process is not None:
            self.process.kill()
            self.process.join(timeout=5)
            self.process = None
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(ThinkerError("the bots' worker stopped"))
        self.waiting.clear()

    def tell(self, message: tuple[Any, ...]) -> bool:
        """Queue ``message`` for the worker, never waiting; whether the pipe is still open."""
        if self.requests is None:
            return False
        was_empty = not self.unsent
        self.unsent += frame(message)
        if was_empty:
            return self._flush()
        return True

    def _flush(self) -> bool:
        """Write what the pipe takes now; the rest when it is writable again."""
        requests = self.requests
        if requests is None:
            return False
        fd = requests.fileno()
        try:
            while self.unsent:
                written = os.write(fd, self.unsent)
                del self.unsent[:written]
        except BlockingIOError:
            pass
        except OSError:
            self.unsent.clear()
            return False
        loop = asyncio.get_running_loop()
        if self.unsent:
            loop.add_writer(fd, self._flush)
        else:
            loop.remove_writer(fd)
        return True

    def ask(self, key: Key, kind: str, seed: int, view: View, answer_by: float | None,
            give_up: float) -> asyncio.Future[str]:
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        if self.conn is None or self.process is None or not self.process.is_alive():
            self._restart()
            future.set_exception(ThinkerError("the bots' worker is starting again"))
            return future
        number = next(self.numbers)
        self.waiting[number] = future
        if not self.tell((number, key, kind, seed, view, answer_by, give_up)):
            self._restart()
        future.add_done_callback(lambda _f: self.waiting.pop(number, None))
        return future

    def _answers(self) -> None:
        conn = self.conn
        assert conn is not None
        try:
            while conn.poll():
                number, ok, payload = conn.recv()
                future = self.waiting.pop(number, None)
                if future is None or future.done():
                    continue
                if ok:
                    future.set_result(payload)
                else:
                    future.set_exception(ThinkerError(payload))
        except (EOFError, OSError):            # the worker died
            log.error("the computer players' worker stopped; starting another")
            self._restart()

    def _restart(self) -> None:
        """Stop this worker (its decisions fail over to ``rules``) and start another."""
        if self.restarting is not None and not self.restarting.done():
            return
        self.stop()
        self.restarting = asyncio.get_running_loop().create_task(self._start_again())

    async def _start_again(self) -> None:
        try:
            await self.start()
        except Exception as e:
            log.error("the computer players' worker could not be started again: %s", e)
