"""Hosting: an external competition bot, given by URL, takes a seat (:class:`HttpBot`).

``twentyeight arena --rules bhoos-29 --bots rules,http://127.0.0.1:8001`` seats the bot
listening there.  For every decision the protocol has (bids, the trump, plays) the seat's
view becomes the protocol's request (:mod:`twentyeight.integrations.bhoos.payloads`); a
reveal-only answer (``{"revealTrump": true}``) reveals the trump and calls ``/play`` again
for the same seat in the same hand, as the competition's host did.

**Time budget.**  Each seat has ``budget_ms`` (default 1500) per deal; every request's
measured round trip is subtracted, and ``timeRemaining`` says what is left.  A request may
take at most what is left, its answer read whole included: at that moment the connection is
cut, however slowly the answer was still coming.  An answer of more than
:data:`MAX_ANSWER_BYTES` is not read further (a ``bad_json`` fault).

**Faults.**  A timeout (or a decision with no time left), a connection failure, an answer
other than 200, a body that is not the expected JSON, or an illegal bid, suit or card is a
*fault*: logged (logger ``twentyeight.bhoos``), counted in :attr:`HttpBot.faults` by kind
(``timeout``, ``connection``, ``status``, ``bad_json``, ``illegal``) — the arena reports
them per bot — and the **fallback** bot (default ``rules``) makes that whole decision
(including the card after a reveal), so the deal goes on.  Decisions the protocol has no
request for (none under ``bhoos-29``) go to the fallback too, without a fault.

**Options** ride in the URL's fragment, which is never sent:
``http://127.0.0.1:8001#budget=1500&fallback=random`` (budget in milliseconds).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import logging
import socket
import threading
import time
import urllib.parse
from collections.abc import Sequence
from functools import cache
from typing import Any

from twentyeight.bots.base import (
    Bot,
    BotError,
    View,
    bot_class,
    history_actions,
    make_bot,
    table_bot_names,
)
from twentyeight.engine.actions import Action, NotationError, parse_action
from twentyeight.integrations.bhoos.payloads import (
    DEFAULT_IDS,
    PayloadError,
    bid_action,
    payload_for,
    play_answer,
    trump_action,
)
from twentyeight.rules import Rules

log = logging.getLogger("twentyeight.bhoos")

DEFAULT_BUDGET_MS = 1500.0
"""The competition's time budget per seat per deal, in milliseconds (BOT-PROTOCOL §5)."""
DEFAULT_FALLBACK = "rules"
FAULT_KINDS = ("timeout", "connection", "status", "bad_json", "illegal")
MAX_ANSWER_BYTES = 64 * 1024
"""The most of an answer the host reads (the protocol's answers are a few dozen bytes; the
served bot refuses requests above the same size)."""


PROTOCOL_PRESET = "bhoos-29"
"""The rules the competition's protocol describes (its duel auction, its trump named by suit,
its four seats); a table of other rules sends it histories it cannot read."""


def unreachable(url: str, seconds: float = 5.0) -> str:
    """Why the competition bot at ``url`` cannot be reached, or ``""``: its health check
    (``GET /hi``, BOT-PROTOCOL.md §4.1) gets no answer at all.  An answer of any status is
    a bot there; a refused connection or a silence of ``seconds`` is none (a mistyped address
    played every request as a fault and reported a normal-looking result)."""
    parts = urllib.parse.urlsplit(url)
    cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    try:
        conn = cls(parts.hostname or "", parts.port, timeout=seconds)
        try:
            conn.request("GET", parts.path.rstrip("/") + "/hi")
            conn.getresponse().read(4096)
        finally:
            conn.close()
    except (OSError, http.client.HTTPException, ValueError) as e:
        return f"the bot at {url} does not answer (GET /hi: {type(e).__name__}: {e})"
    return ""


def protocol_problem(rules: Rules) -> str:
    """Why an external bot cannot play at a table of ``rules``, or ``""``: the protocol
    speaks the competition's game (:data:`PROTOCOL_PRESET`, whose match settings may differ)
    and names four seats in two teams (``playerIds``, ``teams``).

    >>> protocol_problem(Rules.from_spec("28-6p"))
    "an external bot speaks the competition's protocol, of 4 players, not 6"
    >>> protocol_problem(Rules.from_spec("29"))[-47:]
    "whose rules are the preset 'bhoos-29', not '29'"
    >>> protocol_problem(Rules.from_spec({"preset": "bhoos-29", "game_target": 12}))
    ''
    """
    if rules.num_players != len(DEFAULT_IDS):
        return (f"an external bot speaks the competition's protocol, of {len(DEFAULT_IDS)} "
                f"players, not {rules.num_players}")
    if rules.preset != PROTOCOL_PRESET:
        return (f"an external bot speaks the competition's protocol, whose rules are the "
                f"preset {PROTOCOL_PRESET!r}, not {rules.preset!r}")
    return ""


class Fault(Exception):
    """A failed request: ``kind`` is one of :data:`FAULT_KINDS`."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


def parse_url(text: str) -> tuple[str, dict[str, str]]:
    """The bot's base URL and the options of its fragment.

    >>> parse_url("http://127.0.0.1:8001#budget=900&fallback=random")
    ('http://127.0.0.1:8001', {'budget': '900', 'fallback': 'random'})
    """
    base, _, fragment = text.partition("#")
    options = dict(urllib.parse.parse_qsl(fragment))
    unknown = set(options) - {"budget", "fallback"}
    if unknown:
        raise BotError(f"unknown option(s) {', '.join(sorted(unknown))} in {text!r} "
                       "(known: budget, fallback)")
    try:
        parts = urllib.parse.urlsplit(base)
        _ = parts.port                                  # (a port out of range, or not one)
    except ValueError as e:
        raise BotError(f"not a bot URL: {text!r} ({e})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BotError(f"not a bot URL: {text!r} (expected http://HOST:PORT)")
    fallback = options.get("fallback")
    if fallback is not None:
        _fallback_checked(fallback)
    return base.rstrip("/"), options


def _fallback_checked(name: str) -> None:
    """A fallback is one of our bots that plays from its seat's view: not a URL, and not one
    that sees every hand (it would play the external bot's seat with the deal in sight, and
    it cannot be given the deal there)."""
    if name.startswith(("http://", "https://")):
        raise BotError("the fallback must be one of our bots, not a URL")
    if bot_class(name).sees_deal:
        raise BotError(f"the fallback {name!r} sees every hand: it cannot play an external "
                       f"bot's seat (choose one of {', '.join(table_bot_names())})")


class HttpBot(Bot):
    """A seat played by an external bot over the competition's HTTP protocol."""

    name = "http"
    url = ""
    """The bot's URL (set on the classes :func:`http_bot_class` makes)."""

    def __init__(self, seed: int | None = None, budget: float | None = None, *,
                 url: str | None = None, budget_ms: float | None = None,
                 fallback: str | None = None, ids: Sequence[str] = DEFAULT_IDS) -> None:
        super().__init__(seed, budget)
        base, options = parse_url(url or self.url)
        self.base = base
        parts = urllib.parse.urlsplit(base)
        self._https = parts.scheme == "https"
        self._host = parts.hostname or ""
        self._port = parts.port
        self._path = parts.path.rstrip("/")
        try:
            self.budget_ms = float(budget_ms if budget_ms is not None
                                   else options.get("budget", DEFAULT_BUDGET_MS))
        except ValueError:
            raise BotError(f"budget must be milliseconds, not {options['budget']!r}") from None
        if not self.budget_ms > 0:
            raise BotError(f"budget must be positive, not {self.budget_ms}")
        self.fallback_name = fallback or options.get("fallback", DEFAULT_FALLBACK)
        _fallback_checked(self.fallback_name)
        self.fallback = make_bot(self.fallback_name, seed, budget)
        self.ids = list(ids)
        self.faults: dict[str, int] = {}
        """Faults so far, by kind."""
        self.fault_log: list[dict[str, Any]] = []
        """Every fault: kind, detail, endpoint, seat."""
        self.requests = 0
        self.remaining_ms = self.budget_ms
        """What is left of this seat's budget in the current deal."""
        self._history: list[str] | None = None
        self._dealer: int | None = None
        self._pending: Action | None = None         # the card of a reveal-and-play answer
        self._fallback_turn = False                 # the fallback finishes this decision
        self._rules_fit = False                     # the table's rules are the protocol's

    # ---- the decision ------------------------------------------------------------------
    def decide(self, view: View, legal: list[Action]) -> Action:
        if not self._rules_fit:         # (the arena and the server refuse such a table first;
            problem = protocol_problem(Rules.from_spec(view["rules"]))   # Python callers not)
            if problem:
                raise BotError(problem)
            self._rules_fit = True
        self._track_deal(view)
        seat = view["seat"]
        if self._fallback_turn:
            return self._by_fallback(view, legal)
        if self._pending is not None:
            card, self._pending = self._pending, None
            if card in legal:
                return card
            return self._fault(view, legal, "/play", Fault(
                "illegal", f"{card.arg} cannot be played after the reveal"))
        request = payload_for(view, self.ids, self.remaining_ms)
        if request is None:
            return self._by_fallback(view, legal)
        endpoint, body = request
        try:
            answer = self._post(endpoint, body)
            if endpoint == "/bid":
                action = self._checked(bid_action(answer, seat), legal)
            elif endpoint == "/chooseTrump":
                action = self._checked(trump_action(answer, seat), legal)
            else:
                action = self._play(seat, legal, view, answer)
        except Fault as f:
            return self._fault(view, legal, endpoint, f)
        except PayloadError as e:
            return self._fault(view, legal, endpoint, Fault("bad_json", str(e)))
        return action

    def _play(self, seat: int, legal: list[Action], view: View, answer: Any) -> Action:
        try:
            reveal, card = play_answer(answer)
        except PayloadError as e:
            raise Fault("bad_json", str(e)) from None
        play = None if card is None else Action(seat, "play", card)
        if reveal:
            verbs = [a for a in legal if a.verb in ("ask", "reveal")]
            if verbs:
                self._pending = play                # checked under the reveal's obligation
                return verbs[0]
            if play is None or not view["trump_exposed"]:
                raise Fault("illegal", "the trump cannot be revealed now")
        assert play is not None
        return self._checked(str(play), legal)

    @staticmethod
    def _checked(text: str, legal: list[Action]) -> Action:
        try:
            action = parse_action(text)
        except NotationError:
            action = None
        if action is None or action not in legal:
            raise Fault("illegal", f"{text!r} is not legal "
                                   f"(legal: {', '.join(map(str, legal))})")
        return action

    # ---- faults and the fallback -------------------------------------------------------
    def _fault(self, view: View, legal: list[Action], endpoint: str, fault: Fault) -> Action:
        self.faults[fault.kind] = self.faults.get(fault.kind, 0) + 1
        self.fault_log.append({"kind": fault.kind, "detail": fault.detail,
                               "endpoint": endpoint, "seat": view["seat"]})
        log.warning("bot %s, seat %s, %s: %s fault (%s); the %s bot decides", self.base,
                    view["seat"], endpoint, fault.kind, fault.detail, self.fallback_name)
        self._pending = None
        return self._by_fallback(view, legal)

    def _by_fallback(self, view: View, legal: list[Action]) -> Action:
        action = self.fallback.decide(view, legal)
        # a reveal chosen by the fallback: it also plays the card that follows
        self._fallback_turn = action.verb in ("ask", "reveal")
        return action

    # ---- the deal's budget -------------------------------------------------------------
    def _track_deal(self, view: View) -> None:
        # the trump's suit appears in the history once revealed: compare without it
        history = [f"{a.seat} trump" if a.verb == "trump" else str(a)
                   for a in history_actions(view)]
        old = self._history
        if old is None or history[:len(old)] != old or view.get("dealer") != self._dealer:
            self.remaining_ms = self.budget_ms           # a new deal
            self._pending = None
            self._fallback_turn = False
        self._history = history
        self._dealer = view.get("dealer")

    # ---- HTTP --------------------------------------------------------------------------
    def _post(self, endpoint: str, body: dict[str, Any]) -> Any:
        allowed = self.remaining_ms
        if allowed <= 0:
            raise Fault("timeout", "no time left in this deal's budget")
        data = json.dumps(body).encode()
        cls = http.client.HTTPSConnection if self._https else http.client.HTTPConnection
        start = time.perf_counter()
        conn = cls(self._host, self._port, timeout=max(allowed / 1000.0, 0.001))
        self.requests += 1
        cut = _Deadline()
        try:
            conn.connect()
            cut.arm(conn.sock, allowed / 1000.0 - (time.perf_counter() - start))
            conn.request("POST", self._path + endpoint, body=data,
                         headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            raw = response.read(MAX_ANSWER_BYTES + 1)
        except TimeoutError:
            raise Fault("timeout", f"no answer within {allowed:.0f} ms") from None
        except (OSError, http.client.HTTPException) as e:
            if cut.fired:
                raise Fault("timeout", f"no whole answer within {allowed:.0f} ms") from None
            raise Fault("connection", f"{type(e).__name__}: {e}") from None
        finally:
            cut.disarm()
            conn.close()
            self.remaining_ms -= (time.perf_counter() - start) * 1000.0
        took = allowed - self.remaining_ms
        if took > allowed or cut.fired:
            raise Fault("timeout", f"answered after {took:.0f} ms, {allowed:.0f} ms allowed")
        if response.status != 200:
            raise Fault("status", f"HTTP {response.status}")
        if len(raw) > MAX_ANSWER_BYTES:
            raise Fault("bad_json", f"an answer of more than {MAX_ANSWER_BYTES} bytes")
        try:
            return json.loads(raw)
        except (ValueError, RecursionError) as e:
            raise Fault("bad_json", f"not JSON: {e}") from None


class _Deadline:
    """Cuts a request's connection when its time is up: a socket's timeout bounds each read,
    not the request, and an answer that came a byte at a time held the host for as long as
    it kept coming."""

    def __init__(self) -> None:
        self.fired = False
        self._timer: threading.Timer | None = None

    def arm(self, sock: socket.socket | None, seconds: float) -> None:
        """Shut ``sock`` down in ``seconds`` (at once if none are left)."""
        if sock is None:
            return

        def cut() -> None:
            self.fired = True
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

        self._timer = threading.Timer(max(seconds, 0.0), cut)
        self._timer.daemon = True
        self._timer.start()

    def disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()


@cache
def http_bot_class(url: str) -> type[HttpBot]:
    """A :class:`HttpBot` subclass bound to ``url`` (what ``make_bot(url)`` builds)."""
    parse_url(url)                                      # a bad URL fails here
    return type("HttpBot", (HttpBot,), {"url": url, "name": url,
                                        "__module__": __name__})
