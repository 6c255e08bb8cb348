"""The exceptions people see: each is a :class:`ValueError` whose message says what and where."""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action that is not legal now; the message says why.  Nothing was changed.

    ``index`` (the action's position in a record, when replaying one), ``action`` (its text)
    and ``legal`` (the legal actions at that point, in notation) are set when known.
    """

    def __init__(self, message: str, *, index: int | None = None, action: str | None = None,
                 legal: list[str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.index = index
        self.action = action
        self.legal = legal or []

    def to_json(self) -> dict[str, Any]:
        """The error object of ``twentyeight replay --json`` (RECORDS.md)."""
        return {"error": "illegal", "index": self.index, "action": self.action,
                "message": self.message, "legal": self.legal}


class RecordError(ValueError):
    """A document that is not a valid record; the message names the problem and where it is."""
