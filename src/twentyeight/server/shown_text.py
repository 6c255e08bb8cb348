"""Which characters text shown to other people (a name, a line of table talk) may not hold, and
whether it shows anything at all."""

from __future__ import annotations

import unicodedata

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that reorder the text around them (they could make a line or a name say
something else than it seems); formatting characters (``Cf``), refused as such."""
JOINERS = frozenset("\u200c\u200d")
"""The zero-width non-joiner and joiner: formatting characters that the Indian scripts (a
Malayalam chillu, a Devanagari half form) and emoji sequences need, so allowed."""
HIDDEN_CATEGORIES = ("Cc", "Cs", "Co", "Cn", "Zl", "Zp")
"""Control characters, lone surrogates, private-use and unassigned code points, line and
paragraph separators."""
MOST_MARKS = 4
"""The most combining marks (``Mn``, ``Me``) on one letter: enough for every script's
vowel signs, nukta and virama (a Devanagari क़्ष has two), not a pile of them drawn over
the lines above and below ("Zalgo" text)."""


def unshowable(text: str) -> bool:
    """``text`` holds a character another person's screen should not be given: a control, a
    private or unassigned one, a line or paragraph separator, a formatting character other
    than the :data:`JOINERS` (the bidi controls and marks, zero-width spaces, soft hyphens,
    tags: each can make a name look like another or a line say something else than it seems),
    or more than :data:`MOST_MARKS` combining marks on one letter — counted decomposed
    (NFD): "ấ" and four more accents is six marks, though composed it holds one letter
    and four."""
    marks = 0
    for c in unicodedata.normalize("NFD", text):
        category = unicodedata.category(c)
        if category in HIDDEN_CATEGORIES or c in BIDI_CONTROLS or \
                (category == "Cf" and c not in JOINERS):
            return True
        marks = marks + 1 if category in ("Mn", "Me") else 0
        if marks > MOST_MARKS:
            return True
    return False

BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")
"""Characters that count as letters (or a symbol) but draw nothing: the Hangul fillers, the
blank Braille pattern, the Khmer inherent vowels."""


def visible(text: str) -> bool:
    """Whether ``text`` draws something: a letter, a digit, a punctuation mark or a symbol
    that is not blank.  A name of zero-width spaces, joiners, combining marks or Hangul
    fillers alone shows as nobody at all (on the table, the leaderboard, a profile)."""
    return any(unicodedata.category(c)[0] in "LNPS" and c not in BLANK_LETTERS for c in text)
