"""The table's own client messages (docs/protocol.md, "At the table"), read strictly: table
talk (``chat``), claiming the remaining tricks (``claim``, ``claim_answer``), standing up
(``stand``) and the rematch (``rematch``).  A message that is not exactly one of them is
``malformed`` (or ``unauthorised`` without the token it needs) and changes nothing.
"""

from __future__ import annotations

from typing import Any

from twentyeight.server.chat import parse_chat
from twentyeight.server.protocol import (
    MALFORMED,
    MAX_SEQ,
    MAX_TOKEN_LENGTH,
    UNAUTHORISED,
    ClientMessage,
    ProtocolError,
)

TABLE_MESSAGES = ("chat", "claim", "claim_answer", "stand", "rematch")


def parse_table_message(kind: str, doc: dict[str, Any], token: str | None,
                        ref: str | int | None) -> ClientMessage:
    """The :class:`ClientMessage` of a table message (``kind`` is one of
    :data:`TABLE_MESSAGES`; ``token`` has been checked to be short ASCII or ``None``)."""
    if kind == "chat":
        return ClientMessage(kind, token=token, ref=ref, body=parse_chat(doc, ref))
    if kind == "rematch":
        host = doc.get("host_token")
        if host is not None and not (isinstance(host, str)
                                     and 0 < len(host) <= MAX_TOKEN_LENGTH and host.isascii()):
            raise ProtocolError(MALFORMED, "\"host_token\" must be the host's token: ASCII "
                                f"text of at most {MAX_TOKEN_LENGTH} characters", ref)
        if token is None and host is None:
            raise ProtocolError(UNAUTHORISED, "a rematch needs a seat's \"token\" (or the "
                                "host's \"host_token\")", ref)
        return ClientMessage(kind, token=token, ref=ref, body={"host_token": host})
    if token is None:
        raise ProtocolError(UNAUTHORISED, f"a {kind} message needs the seat's \"token\"", ref)
    if kind == "claim":
        seq = doc.get("seq")
        if not (isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq <= MAX_SEQ):
            raise ProtocolError(MALFORMED, "a claim needs \"seq\": the seq of the state it was "
                                "decided on", ref)
        return ClientMessage(kind, token=token, seq=seq, ref=ref)
    if kind == "claim_answer":
        accept = doc.get("accept")
        if not isinstance(accept, bool):
            raise ProtocolError(MALFORMED, "a claim_answer needs \"accept\": true or false",
                                ref)
        return ClientMessage(kind, token=token, ref=ref, body={"accept": accept})
    return ClientMessage(kind, token=token, ref=ref)        # stand
