"""The WebSocket protocol's messages (docs/protocol.md): reading the client's, building ours.

Every message is one JSON object with a ``type``.  Client to server: ``hello``, ``action``,
``ping``, and the table's own (``chat``, ``claim``, ``claim_answer``, ``stand``, ``rematch``:
read by :mod:`~twentyeight.server.table_messages`).  Server to client: ``room``, ``welcome``,
``state``, ``event``, ``hand_over``, ``error``, ``pong``, ``chat``, ``chat_log``, ``claim``,
``sheet``, ``rematch``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

from twentyeight.server import jsonin

PROTOCOL_VERSION = 2
"""2: an ``action`` carries the ``seq`` it was decided against (a stale one is refused)."""
MAX_ACTION_LENGTH = 64
MAX_TOKEN_LENGTH = 128
MAX_SEQ = 2**31 - 1

# error codes
MALFORMED = "malformed"
UNAUTHORISED = "unauthorised"
ILLEGAL = "illegal"
NOT_STARTED = "not_started"
STALE = "stale"
CLOSED_ROOM = "closed"
RATE_LIMITED = "rate_limited"
SERVER_ERROR = "server_error"
NOT_NOW = "not_now"
"""A table message that cannot be done at this moment (a claim when not to play, …)."""

# close codes (besides the standard ones: 1008 policy, 1009 too big, 1011 server error)
NO_ROOM = 4404
"""There is no such room."""
ROOM_CLOSED = 4410
"""The room was closed (nobody visited it for a while, or its match reached the limit)."""
TOO_MANY = 4429
"""Too many connections to the room, or from this client."""


class ProtocolError(ValueError):
    """A message the server refuses; ``code`` is one of the error codes above."""

    def __init__(self, code: str, message: str, ref: object = None, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref
        self.extra = extra
        """More fields of the error message (``seq`` of a ``stale`` one, …)."""


@dataclass(frozen=True)
class ClientMessage:
    """A well-formed client message."""

    type: str
    token: str | None = None
    action: str | None = None
    seq: int | None = None
    """For an action: the ``seq`` of the state it was decided against."""
    ref: str | int | None = None
    """The client's own ``id`` for the message, echoed in an error about it."""
    body: dict[str, Any] | None = None
    """The checked fields of a table message (:mod:`~twentyeight.server.table_messages`)."""


def parse(raw: str | bytes | None, int_digits: int = 15) -> ClientMessage:
    """Read one client frame; raise :class:`ProtocolError` (``malformed``) if it is not one."""
    if not isinstance(raw, str):
        raise ProtocolError(MALFORMED, "messages are JSON text frames")
    try:
        doc = jsonin.read(raw, int_digits)
    except jsonin.BadJSON as e:
        raise ProtocolError(MALFORMED, f"not acceptable JSON: {e}") from None
    if not isinstance(doc, dict):
        raise ProtocolError(MALFORMED, "a message is a JSON object with a \"type\"")
    ref = doc.get("id")
    if not (ref is None or (isinstance(ref, str) and len(ref) <= 64)
            or (isinstance(ref, int) and not isinstance(ref, bool))):
        raise ProtocolError(MALFORMED, "\"id\" must be a short string or an integer")
    kind = doc.get("type")
    token = doc.get("token")
    if token is not None and not (isinstance(token, str) and 0 < len(token) <= MAX_TOKEN_LENGTH
                                  and token.isascii()):
        raise ProtocolError(MALFORMED, "\"token\" must be a seat's token: ASCII text of at "
                            f"most {MAX_TOKEN_LENGTH} characters", ref)
    if kind == "ping":
        return ClientMessage("ping", ref=ref)
    if kind == "hello":
        return ClientMessage("hello", token=token, ref=ref)
    if kind == "action":
        action = doc.get("action")
        if not isinstance(action, str) or not action.strip():
            raise ProtocolError(MALFORMED, "an action message needs \"action\": text like "
                                "\"2 play 9S\"", ref)
        if len(action) > MAX_ACTION_LENGTH:
            raise ProtocolError(MALFORMED, "the action is too long", ref)
        if not (action.isascii() and action.isprintable()):
            raise ProtocolError(MALFORMED, "an action is written in the notation's ASCII "
                                "letters and digits (\"2 play 9S\", \"0 bid 16\")", ref)
        seq = doc.get("seq")
        if not (isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq <= MAX_SEQ):
            raise ProtocolError(MALFORMED, "an action message needs \"seq\": the seq of the "
                                "state it was decided on", ref)
        if token is None:
            raise ProtocolError(UNAUTHORISED, "an action needs the seat's \"token\"", ref)
        return ClientMessage("action", token=token, action=action, seq=seq, ref=ref)
    from twentyeight.server.table_messages import TABLE_MESSAGES, parse_table_message

    if kind in TABLE_MESSAGES:
        return parse_table_message(str(kind), doc, token, ref)
    raise ProtocolError(MALFORMED, f"unknown message type {str(kind)[:32]!r} (hello, action, "
                        f"ping, {', '.join(TABLE_MESSAGES)})", ref)


def error(code: str, message: str, ref: object = None, **extra: Any) -> dict[str, Any]:
    """An ``error`` message."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        out["id"] = ref
    out.update(extra)
    return out


def dumps(message: dict[str, Any]) -> str:
    """A message as compact JSON text (orjson: every state and event of every room passes
    through here; what orjson will not write — an integer beyond 64 bits, a lone surrogate a
    client sent — the standard library writes, escaped)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:                      # orjson.JSONEncodeError is a TypeError
        return json.dumps(message, separators=(",", ":"))
