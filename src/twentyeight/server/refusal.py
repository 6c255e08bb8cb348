"""A refused request (:class:`RoomError`): what the HTTP layer turns into its status and a
JSON body of ``code`` and ``message``.  A module of its own so that the pieces beneath the
lobby (the bounded work queues, the accounts) can refuse without importing the lobby."""

from __future__ import annotations

MESSAGE_CHARS = 300
"""The longest refusal message: one that quotes a part of an uploaded record to say where it
is wrong is cut there, so no refusal sends back a stranger's text at any length."""


class RoomError(Exception):
    """A refused HTTP request: ``status`` (HTTP), ``code`` and a message for people (at most
    :data:`MESSAGE_CHARS` characters); a 429 or 503 says ``Retry-After`` (``retry_after``
    seconds: a minute unless said)."""

    def __init__(self, status: int, code: str, message: str, retry_after: int = 60) -> None:
        if len(message) > MESSAGE_CHARS:
            message = message[:MESSAGE_CHARS - 1] + "…"
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after
