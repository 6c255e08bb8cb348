"""Keep secrets out of the server's log, at every log level.

At ``--log-level debug`` the WebSocket library logs every frame (``< TEXT '{"type":
"hello", "token": …}'``) and every header of the opening handshake (a browser's ``Cookie``
among them) on uvicorn's logger.  :class:`NoFramesOrHeaders` drops exactly those records:
the seat tokens in frames and the session cookie in headers never reach the log; every
other record (connections opened and closed, errors) stays.
"""

from __future__ import annotations

import logging

FRAME_AND_HEADER_FORMATS = frozenset({"< %s", "> %s", "< %s: %s", "> %s: %s"})
"""The formats the ``websockets`` library logs a frame or a header with."""
LOGGERS = ("uvicorn.error", "websockets", "websockets.server", "websockets.protocol")
"""Where the WebSocket library logs (uvicorn hands it its own ``uvicorn.error``)."""


class NoFramesOrHeaders(logging.Filter):
    """Drops the WebSocket library's records of frames and of handshake headers."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (isinstance(record.msg, str) and record.msg in FRAME_AND_HEADER_FORMATS)


def keep_secrets_out_of_logs() -> None:
    """Install :class:`NoFramesOrHeaders` on the loggers of :data:`LOGGERS` (once)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, NoFramesOrHeaders) for f in logger.filters):
            logger.addFilter(NoFramesOrHeaders())
