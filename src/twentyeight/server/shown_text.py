"""Which characters text shown to other people (a name, a line of table talk) may not hold."""

from __future__ import annotations

import unicodedata

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that reorder the text around them (they could make a line or a name say
something else than it seems).  Joiners (U+200C, U+200D), which the Indian scripts need, are
allowed."""
HIDDEN_CATEGORIES = ("Cc", "Cs", "Co", "Cn")
"""Control characters, lone surrogates, private-use and unassigned code points."""


def unshowable(text: str) -> bool:
    """``text`` holds a character another person's screen should not be given: a control,
    a private or unassigned one, or one of :data:`BIDI_CONTROLS`."""
    return any(unicodedata.category(c) in HIDDEN_CATEGORIES or c in BIDI_CONTROLS
               for c in text)
