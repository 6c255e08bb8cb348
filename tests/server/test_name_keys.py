"""A player's name key (``accounts.name_key``) and the table of look-alike letters it reads
(``lookalike_letters.py``, written by ``tools/lookalikes.py`` from Unicode's confusables).

An attack script signed up "ΝΙΚΟ" (Greek capitals) beside "NIKO", "ᎪᏚᎻᎪ" (Cherokee) and
"ᴀꜱʜᴀ" (Latin small capitals) beside "ASHA", and "ɑsha" beside "asha": the first table read
only lower-case Greek and Cyrillic letters, after case-folding, so a Greek capital Η was an n.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import module_from_file
from twentyeight.server.accounts import (
    FIRST_LOOKALIKES,
    former_name_keys,
    legacy_name_key,
    name_key,
)
from twentyeight.server.lookalike_letters import LOOKALIKE_LETTERS

ROOT = Path(__file__).resolve().parents[2]


def tool() -> ModuleType:
    return module_from_file(ROOT / "tools" / "lookalikes.py")


@pytest.mark.parametrize(("look_alike", "latin"), [
    ("ΝΙΚΟ", "Niko"), ("ΗΟΡΕ", "Hope"), ("ΤΥΡΕ", "Type"),       # Greek capitals
    ("ᎪᏚᎻᎪ", "Asha"),                                               # Cherokee
    ("ᴀꜱʜᴀ", "ASHA"),                                               # Latin small capitals
    ("ɑsha", "asha"),                                               # Latin alpha
    ("Аѕһаӏата", "Ashalata"), ("Καρρα", "Kappa"), ("Томас", "Tomac"),   # the first table's
    ("Ａｓｈａ", "asha"),                                           # fullwidth (NFKC)
])
def test_a_name_in_look_alike_letters_has_the_key_of_the_name_it_passes_for(
        look_alike: str, latin: str) -> None:
    assert name_key(look_alike) == name_key(latin) == latin.casefold()


@pytest.mark.parametrize("name", ["Наташа", "Σοφία", "Нина", "अमित", "অমিত", "Ravi", "ரவி"])
def test_names_that_pass_for_no_latin_one_keep_letters_of_their_own(name: str) -> None:
    assert not name_key(name).isascii() or name.isascii()


def test_each_former_key_is_the_key_a_player_signed_up_under_then() -> None:
    """Before 2026-12-06 a key was the folded name (``legacy_name_key``); until today the
    first table read lower-case look-alikes after folding.  A name's former keys are those,
    newest first, where they differ from today's."""
    assert former_name_keys("ΗΟΡΕ") == ["nope", "ηορε"]
    assert former_name_keys("Нина") == [legacy_name_key("Нина")]      # the first table: hиha
    assert name_key("Нина") == "hиha"
    assert former_name_keys("Asha") == []


@given(st.text(min_size=1, max_size=12))
def test_a_plain_latin_name_keeps_its_key_and_no_key_is_a_former_one(name: str) -> None:
    """Keys of ASCII names are what they always were (lower case): no player is lost."""
    ascii_name = name.encode("ascii", "replace").decode()
    assert name_key(ascii_name) == ascii_name.lower() == legacy_name_key(ascii_name)
    assert former_name_keys(ascii_name) == []
    assert name_key(name) not in former_name_keys(name)


def test_the_tool_reads_confusables_lines_as_unicode_writes_them() -> None:
    lines = [
        "# confusables.txt",
        "# Version: 15.1.0",
        "0430 ;\t0061 ;\tMA\t# ( а → a ) CYRILLIC SMALL LETTER A → LATIN SMALL LETTER A\t# ",
        "0399 ;\t006C ;\tMA\t# ( Ι → l ) GREEK CAPITAL LETTER IOTA → LATIN SMALL LETTER L\t# ",
        "04CF ;\t006C ;\tMA\t# ( ӏ → l ) CYRILLIC SMALL LETTER PALOCHKA → LATIN SMALL LETTER L",
        "0661 ;\t006C ;\tMA\t# ( ١ → l ) ARABIC-INDIC DIGIT ONE → LATIN SMALL LETTER L\t# ",
        "FF21 ;\t0041 ;\tMA\t# ( Ａ → A ) FULLWIDTH LATIN CAPITAL LETTER A → LATIN CAPITAL A",
        "01C6 ;\t0064 0291 ;\tMA\t# ( ǆ → dʑ ) LATIN SMALL LETTER DZ WITH CARON → …",
        "0049 ;\t006C ;\tMA\t# ( I → l ) LATIN CAPITAL LETTER I → LATIN SMALL LETTER L\t# ",
        "",
    ]
    assert tool().from_confusables(lines) == {"а": "a", "Ι": "i", "ӏ": "l"}


def test_the_shipped_table_holds_what_the_tool_adds_to_unicodes_list() -> None:
    """The small capitals by their names, and the first table's letters as it read them."""
    shipped = {chr(code): latin for code, latin in LOOKALIKE_LETTERS.items()}
    small = tool().small_capitals()
    assert {"ᴀ": "a", "ꜱ": "s", "ʜ": "h"}.items() <= small.items()
    assert small.items() <= shipped.items()
    assert FIRST_LOOKALIKES.items() <= shipped.items()
    assert all(latin.isascii() and latin.islower() and len(latin) == 1
               for latin in shipped.values())
    assert all(unicodedata.category(c).startswith("L") and not c.isascii() for c in shipped)
