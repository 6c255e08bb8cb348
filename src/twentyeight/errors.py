"""The exceptions people see: each is a :class:`ValueError` whose message says what and where."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from twentyeight.engine.reasons import Reason


class IllegalAction(ValueError):
    """An action that is not legal now; the message says why.  Nothing was changed.

    ``index`` (the action's position in a record, when replaying one), ``action`` (its text)
    and ``legal`` (the legal actions at that point, in notation) are set when known.
    ``reason`` is the refusal as data (:class:`~twentyeight.engine.reasons.Reason`: a key, the
    rule, language-neutral parameters) when the engine gave one; ``message`` is then
    ``str(reason)``, the English sentence.
    """

    def __init__(self, message: str | Reason, *, index: int | None = None,
                 action: str | None = None, legal: list[str] | None = None) -> None:
        text = str(message)
        super().__init__(text)
        self.message = text
        self.reason: Reason | None = None if isinstance(message, str) else message
        self.index = index
        self.action = action
        self.legal = legal or []

    def to_json(self) -> dict[str, Any]:
        """The error object of ``twentyeight replay --json`` (RECORDS.md)."""
        return {"error": "illegal", "index": self.index, "action": self.action,
                "message": self.message, "legal": self.legal}


class RecordError(ValueError):
    """A document that is not a valid record; the message names the problem and where it is."""
