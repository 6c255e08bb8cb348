"""Serving: any of our bots behind the competition's HTTP protocol (:func:`make_server`).

``twentyeight bot serve --protocol bhoos --bot rules --port 8001`` answers ``GET /hi``,
``POST /bid``, ``/chooseTrump`` and ``/play`` exactly as BOT-PROTOCOL.md §4 describes, with
the CORS headers of §1 on every answer (and ``OPTIONS`` pre-flights answered 200).

Each request stands alone: it is replayed into a game for its seat
(:func:`~twentyeight.integrations.bhoos.rebuild.rebuild`), the bot sees that seat's view,
and its action goes back in protocol form.  When the bot asks for the trump and it is the
bidder (it knows the trump), we answer reveal-and-play in one response; another seat answers
reveal-only and gets a second ``/play`` call.  The bot's time budget per decision comes from
``timeRemaining`` (:func:`budget_for`).  A request that cannot be read gets 400 with
``{"error": ...}``; one whose history breaks our rules, or does not leave that player to
act (the starter's own ``/bid`` example), still gets a plausible answer from simple rules
(logged), since a missing answer loses the game.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import threading
import time
from collections.abc import Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from twentyeight.bots.base import Bot, View, legal_actions, make_bot, table_bot_class
from twentyeight.engine.actions import Action
from twentyeight.errors import IllegalAction, RecordError
from twentyeight.integrations.bhoos.payloads import (
    PayloadError,
    answer_of,
    beats,
    from_proto,
    to_proto,
)
from twentyeight.integrations.bhoos.rebuild import HistoryError, rebuild

log = logging.getLogger("twentyeight.bhoos")

CORS = {"Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "*",
        "Access-Control-Allow-Methods": "GET, POST, OPTIONS"}
"""The CORS headers of BOT-PROTOCOL §1, sent with every answer."""
MARGIN_MS = 30.0
"""Time kept per remaining decision for the network and JSON (BOT-PROTOCOL §5)."""
KINDS = {"/bid": "bid", "/chooseTrump": "chooseTrump", "/play": "play"}
MAX_BODY = 64 * 1024
"""Bytes of a request body read at most: a request of the protocol is well under 2 KB."""
IDLE_SECONDS = 60.0
"""A connection that sends nothing for this long is closed: an idle keep-alive connection
between requests, or a request whose headers or body stop half-way (which would otherwise
hold its thread for ever)."""


EARLY_WEIGHTS = (3.0, 2.0, 1.0)
"""Shares of the deal's time a card of the first, second and third trick gets where a later
card (or a bid) gets :data:`LATE_WEIGHT`: the search of the first tricks is the dearest and
the one that decides most (at an even share, 126 ms for the first card of a deal with
1,500 ms, the expert left a fifth of its first-trick cards to the ``rules`` player and used
about a sixth of the deal's time; docs/bot-protocol.md)."""
LATE_WEIGHT = 0.25
DEAL_MS = 1500.0
"""A seat's time for a deal in the competition (BOT-PROTOCOL §5), where a request has none."""
MAX_DEAL_MS = 10 * DEAL_MS
"""The most ``timeRemaining`` is read as: a request saying more gets this (an infinite one,
``1e400``, too), so that no caller can make the server think without end."""
ROUTES = {"/hi": "GET", "/hi/": "GET", "/bid": "POST", "/chooseTrump": "POST",
          "/play": "POST"}
"""Each endpoint and its method (BOT-PROTOCOL §4); ``OPTIONS`` is answered on any path, and
``HEAD`` where ``GET`` is.  Another method on an endpoint gets 405 with ``Allow``."""
HARD_SHARE = 0.5
"""Of the time left for the rest of the deal, the most one request may take: past it the
search stops and decides on what it has found (``Bot.deadline``: the deals solved so far,
``ismcts``' tree as it stands)."""


def _weight(played: int) -> float:
    return EARLY_WEIGHTS[played] if played < len(EARLY_WEIGHTS) else LATE_WEIGHT


def _time_left_ms(kind: str, payload: Mapping[str, Any], hand_size: int) -> tuple[float, int]:
    """The deal's milliseconds left after the margins of the decisions to come, and the
    cards the seat holds."""
    remaining = payload.get("timeRemaining", DEAL_MS)   # a request has it (check_request)
    if isinstance(remaining, bool) or not isinstance(remaining, int | float) \
            or math.isnan(remaining):
        remaining = DEAL_MS
    remaining = min(float(remaining), MAX_DEAL_MS)      # a caller cannot buy unbounded work
    # (an infinite time too); -inf stays -inf, no time left: the 1 ms floor, as for -5
    cards = payload.get("cards") if isinstance(payload.get("cards"), list) else []
    held = min(len(cards or []), hand_size)
    left = held if kind == "play" else hand_size + 10          # decisions to come
    return float(remaining) - MARGIN_MS * max(left, 1), held


def budget_for(kind: str, payload: Mapping[str, Any], hand_size: int = 8) -> float:
    """Seconds the bot may think: 80% of this decision's weighted share of ``timeRemaining``
    over the decisions left (the cards of the first three tricks weigh more:
    :data:`EARLY_WEIGHTS`; bids, the trump and later cards :data:`LATE_WEIGHT`).

    >>> round(budget_for("play", {"timeRemaining": 1000, "cards": ["JS"] * 4}), 3)
    0.176
    >>> round(budget_for("play", {"timeRemaining": 1500, "cards": ["JS"] * 8}), 3)
    0.417
    """
    spare, held = _time_left_ms(kind, payload, hand_size)
    if kind == "play":
        played = hand_size - held
        now = _weight(played)
        total = sum(_weight(t) for t in range(played, hand_size))
    else:                                         # bids to come (at most 10), then the cards
        now = LATE_WEIGHT
        total = 10 * LATE_WEIGHT + sum(_weight(t) for t in range(hand_size))
    return max(0.001, 0.8 * spare * now / max(total, now) / 1000.0)


def hard_limit(kind: str, payload: Mapping[str, Any], hand_size: int = 8) -> float:
    """Seconds after which a searching bot stops solving deals for this request
    (:data:`HARD_SHARE` of the deal's time left after the margins; at least 1 ms).

    >>> round(hard_limit("play", {"timeRemaining": 1500, "cards": ["JS"] * 8}), 3)
    0.63
    """
    spare, _ = _time_left_ms(kind, payload, hand_size)
    return max(0.001, HARD_SHARE * spare / 1000.0)


class BotService:
    """The decisions of one of our bots for protocol requests (no HTTP here)."""

    def __init__(self, bot: str, rules: Any = "bhoos-29", seed: int = 0) -> None:
        table_bot_class(bot)                 # an unknown name, or one that sees the deal, fails
        if bot.startswith(("http://", "https://")):
            raise PayloadError("serve one of our bots, not a URL")
        self.bot = bot
        self.rules = rules
        self.seed = seed

    def searches(self) -> bool:
        """Whether the bot solves sampled deals (``expert``, ``club``, ``pimc``)."""
        from twentyeight.bots.pimc import PimcBot

        return issubclass(table_bot_class(self.bot), PimcBot)

    def warm_up(self) -> float | None:
        """Load the solver's compiled kernel now, before the first request, when the bot
        searches with it; the seconds it took (``None``: nothing to load).  Loaded on the
        first card instead, it would take that deal's whole time (BOT-PROTOCOL §5: 1,500 ms
        a seat), or half a minute where numba's cache is cold."""
        from twentyeight.solver import fast

        if not self.searches() or not fast.compiled_available():
            return None
        return fast.warm_up()

    def answer(self, kind: str, payload: Any) -> dict[str, Any]:
        """The answer to a ``kind`` request (``bid``, ``chooseTrump``, ``play``)."""
        start = time.monotonic()
        try:
            rebuilt = rebuild(kind, payload, self.rules)
        except (IllegalAction, RecordError, HistoryError) as e:
            log.warning("%s request breaks our rules (%s); answering by simple rules", kind, e)
            return simple_answer(kind, payload)
        game, seat = rebuilt.game, rebuilt.seat
        view = game.view(seat)
        expected = {"bid": "auction", "chooseTrump": "trump", "play": "play"}[kind]
        if game.to_act != seat or view["phase"] != expected:
            log.warning("a %s request for %s, who is not to %s in the history it sends; "
                        "answering by simple rules", kind, payload["playerId"], kind)
            return simple_answer(kind, payload)
        digest = hashlib.blake2b(json.dumps(payload, sort_keys=True).encode(), digest_size=4)
        seed = self.seed ^ int.from_bytes(digest.digest(), "big")
        hand_size = game.rules.cards_each
        bot = make_bot(self.bot, seed, budget_for(kind, payload, hand_size))  # checked
        bot.deadline = start + hard_limit(kind, payload, hand_size)   # a hard stop in time
        legal = legal_actions(view)
        if kind == "chooseTrump":                  # a suit held: see docs/bot-protocol.md
            held = [a for a in legal if any(c[1] == a.arg for c in view["hand"])]
            legal = held or legal
        action = _chosen(bot, view, legal)
        if action.verb in ("ask", "reveal") and view["trump"] is not None:
            game.apply(action)                          # the bidder: reveal and play at once
            card = _chosen(bot, game.view(seat))
            return answer_of(action, card.arg)
        return answer_of(action)


def _chosen(bot: Bot, view: View, legal: list[Action] | None = None) -> Action:
    """The bot's action for ``view`` among ``legal`` (all its legal actions by default); the
    first of them (logged) if it chose another."""
    legal = legal_actions(view) if legal is None else legal
    action = bot.decide(view, legal)
    if action not in legal:
        log.warning("bot %s chose %r, not legal; playing %r", bot.name, str(action),
                    str(legal[0]))
        action = legal[0]
    return action


def simple_answer(kind: str, payload: Any) -> dict[str, Any]:
    """A plausible answer straight from the request, for a history our rules reject."""
    cards = [from_proto(c) for c in payload.get("cards", [])]
    if kind == "bid":
        return {"bid": 0 if payload.get("bidHistory") else 16}
    if kind == "chooseTrump":
        suits = [c[1] for c in cards] or ["S"]
        return {"suit": max("SHDC", key=suits.count)}
    played = [from_proto(c) for c in payload.get("played", [])]
    follow = [c for c in cards if played and c[1] == played[0][1]]
    pool = follow or cards
    if not pool:
        raise PayloadError("a play request needs the cards held: none were sent")
    lowest = pool[0]
    for c in pool[1:]:
        if beats(lowest, c):
            lowest = c
    return {"card": to_proto(lowest)}


class BodyTooLarge(PayloadError):
    """A request body over :data:`MAX_BODY` bytes (answered 413, never read)."""


class BadFraming(PayloadError):
    """A body whose end cannot be told (answered 400; the connection is closed, since where
    the next request starts is unknown)."""


class BadChunks(BadFraming):
    """A chunked body that is not chunks."""


class BadLength(BadFraming):
    """A ``Content-Length`` that is not a length."""


class BodyTimedOut(PayloadError):
    """A request body that stopped coming for :data:`IDLE_SECONDS` (answered 408)."""


def _json_body(handler: BaseHTTPRequestHandler) -> Any:
    """The request's body as JSON: ``Content-Length`` bytes, or chunks (HTTP/1.1's
    ``Transfer-Encoding: chunked``, what a client sends that does not know the length first);
    at most :data:`MAX_BODY` bytes either way."""
    chunked = "chunked" in handler.headers.get("Transfer-Encoding", "").lower()
    length = 0 if chunked else _length(handler.headers.get("Content-Length"))
    if length > MAX_BODY:
        raise BodyTooLarge(f"the body has {length} bytes; at most {MAX_BODY} are read")
    try:
        raw = _chunks(handler.rfile) if chunked else \
            handler.rfile.read(length) if length > 0 else b""
    except TimeoutError:
        raise BodyTimedOut(f"the body stopped coming for {handler.timeout} s") from None
    try:
        return json.loads(raw)
    except ValueError as e:
        raise PayloadError(f"the body is not JSON: {e}") from None
    except RecursionError:
        raise PayloadError("the body's JSON is nested too deeply") from None


def _length(header: str | None) -> int:
    """A ``Content-Length`` header's bytes (none: 0); :class:`BadLength` for what is not a
    length (its bytes would be read as the next request)."""
    text = (header or "0").strip() or "0"
    if not text.isdigit() or not text.isascii():
        raise BadLength(f"a bad Content-Length header: {header!r}")
    return int(text)


def _chunks(rfile: Any) -> bytes:
    """A chunked body (RFC 9112 §7.1): each chunk's size in hex on a line, its bytes and a
    line end, until a chunk of size 0 and the trailer lines; :class:`BodyTooLarge` past
    :data:`MAX_BODY`, :class:`BadChunks` for what is not chunks."""
    body = bytearray()
    while True:
        line = rfile.readline(100)
        try:
            size = int(line.split(b";")[0].strip(), 16)
        except ValueError:
            raise BadChunks("a chunked body with a bad chunk size line") from None
        if size < 0 or len(body) + size > MAX_BODY:
            raise BodyTooLarge(f"the chunked body passes {MAX_BODY} bytes")
        if size == 0:
            break
        body += rfile.read(size)
        rfile.readline(100)                                # the chunk's line end
    while rfile.readline(1000) not in (b"\r\n", b"\n", b""):  # trailers, then the end
        pass
    return bytes(body)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = IDLE_SECONDS
    server: ProtocolServer

    def _send(self, status: int, body: Any = None,
              headers: Mapping[str, str] | None = None) -> None:
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        for key, value in {**CORS, **(headers or {})}.items():
            self.send_header(key, value)
        if body is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        try:
            self.end_headers()
            if self.command != "HEAD":                   # its length, never its body
                self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            # The caller gave up (its time ran out) before the answer: nothing to answer to.
            log.info("%s: the caller hung up before the answer", self.path)
            self.close_connection = True

    def do_OPTIONS(self) -> None:
        self._send(200)

    def _routed(self) -> bool:
        """Whether the request's method is its endpoint's (``HEAD`` counting as ``GET``);
        otherwise it is answered here: 404 for no endpoint, 405 and ``Allow`` for another
        method, and the connection ends if a body was sent (it is left unread)."""
        path = self.path.split("?")[0]
        method = ROUTES.get(path)
        if self.command == method or (self.command == "HEAD" and method == "GET"):
            return True
        if self.headers.get("Content-Length", "0").strip() not in ("", "0") \
                or "Transfer-Encoding" in self.headers:
            self.close_connection = True                 # its body is left unread
        if method is None:
            self._send(404, {"error": f"no such endpoint {self.path}"})
        else:
            allow = f"{method}, HEAD, OPTIONS" if method == "GET" else f"{method}, OPTIONS"
            self._send(405, {"error": f"{path} is called with {method}, not {self.command}"},
                       {"Allow": allow})
        return False

    def do_GET(self) -> None:
        if self._routed():
            self._send(200, {"value": "hello"})

    do_HEAD = do_GET

    def _wrong_method(self) -> None:
        self._routed()                                   # no endpoint takes these

    do_PUT = do_DELETE = do_PATCH = do_TRACE = do_CONNECT = _wrong_method

    def do_POST(self) -> None:
        if not self._routed():
            return
        kind = KINDS[self.path.split("?")[0]]
        try:
            payload = _json_body(self)
            answer = self.server.service.answer(kind, payload)
        except (PayloadError, KeyError, TypeError, ValueError, IllegalAction, RecordError) as e:
            log.warning("%s: bad request: %s", self.path, e)
            status = 413 if isinstance(e, BodyTooLarge) else \
                408 if isinstance(e, BodyTimedOut) else 400
            if status != 400 or isinstance(e, BadFraming):
                self.close_connection = True           # the unread body ends the connection
            self._send(status, {"error": str(e)})
            return
        self._send(200, answer)

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("%s " + format, self.address_string(), *args)


class ProtocolServer(ThreadingHTTPServer):
    """A threaded HTTP server answering the protocol with a :class:`BotService`."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], service: BotService) -> None:
        self.service = service
        super().__init__(address, _Handler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> threading.Thread:
        """Serve in a daemon thread (for tests and embedding); ``shutdown()`` stops it."""
        thread = threading.Thread(target=self.serve_forever, daemon=True)
        thread.start()
        return thread


def make_server(bot: str, host: str = "127.0.0.1", port: int = 8001,
                rules: Any = "bhoos-29", seed: int = 0) -> ProtocolServer:
    """A server for ``bot`` on ``host:port`` (port 0: any free port); call ``serve_forever``."""
    return ProtocolServer((host, port), BotService(bot, rules, seed))


__all__ = ["CORS", "BotService", "ProtocolServer", "budget_for", "make_server", "simple_answer"]
