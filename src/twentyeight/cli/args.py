"""Argument types for the command: numbers checked for range, with one clear message."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

N = TypeVar("N", int, float)


def number(convert: Callable[[str], N], what: str, ok: Callable[[N], bool] = lambda _: True,
           wanted: str = "") -> Callable[[str], N]:
    """An argparse type: ``convert`` the text, refuse what is not ``what`` or not ``ok``.

    >>> port = number(int, "a port number", lambda v: 0 <= v <= 65535, "a port from 0 to 65535")
    >>> port("8001")
    8001
    """

    def parse(text: str) -> N:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {what}, not {text!r}") from None
        if not ok(value):
            raise argparse.ArgumentTypeError(f"expected {wanted}, not {text}")
        return value

    return parse
