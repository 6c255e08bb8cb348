"""Which characters text shown to other people (a name, a line of table talk) may not hold, and
whether it shows anything at all."""

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

BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")
"""Characters that count as letters (or a symbol) but draw nothing: the Hangul fillers, the
blank Braille pattern, the Khmer inherent vowels."""


def visible(text: str) -> bool:
    """Whether ``text`` draws something: a letter, a digit, a punctuation mark or a symbol
    that is not blank.  A name of zero-width spaces, joiners, combining marks or Hangul
    fillers alone shows as nobody at all (on the table, the leaderboard, a profile)."""
    return any(unicodedata.category(c)[0] in "LNPS" and c not in BLANK_LETTERS for c in text)
