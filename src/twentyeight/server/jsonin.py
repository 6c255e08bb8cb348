"""Reading JSON that strangers send (HTTP bodies, WebSocket messages) without surprises.

:func:`read` refuses what Python's ``json`` would otherwise accept and trip over later:
``NaN``/``Infinity`` and numbers that overflow to infinity (``1e400``), integers longer than
the limit (Python refuses more than 4,300 digits with an unexpected ``ValueError``; we refuse
far fewer, with a clear one), nesting deep enough to exhaust the stack, and strings that are
not text — a lone surrogate (``"\\ud800"``) cannot be encoded, stored or sent back.  Every
refusal is a :class:`BadJSON` whose message never repeats the input.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 32
"""Objects and arrays nested deeper than this are refused."""


class BadJSON(ValueError):
    """Input that is not acceptable JSON; the message says why, without echoing it."""


def read(text: str | bytes, int_digits: int) -> Any:
    """The JSON value of ``text`` (see the module's docstring); :class:`BadJSON` if refused."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadJSON("not UTF-8 text") from None

    def integer(digits: str) -> int:
        if len(digits.lstrip("-")) > int_digits:
            raise BadJSON(f"an integer has more than {int_digits} digits")
        return int(digits)

    def real(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value):
            raise BadJSON("a number is too large")
        return value

    def constant(name: str) -> Any:
        raise BadJSON(f"{name} is not a JSON number")

    try:
        value = json.loads(text, parse_int=integer, parse_float=real, parse_constant=constant)
    except BadJSON:
        raise
    except (ValueError, RecursionError):
        raise BadJSON("not JSON") from None
    check(value)
    return value


def check(value: Any, depth: int = 0) -> None:
    """Refuse nesting past :data:`MAX_DEPTH` and strings (keys too) that are not text."""
    if depth > MAX_DEPTH:
        raise BadJSON(f"nested more than {MAX_DEPTH} deep")
    if isinstance(value, str):
        if not is_text(value):
            raise BadJSON("a string holds a lone surrogate (it is not text)")
    elif isinstance(value, dict):
        for k, v in value.items():
            check(k, depth + 1)
            check(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            check(v, depth + 1)


def is_text(value: str) -> bool:
    """Whether ``value`` can be written as UTF-8 (no lone surrogates)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
