"""The words of the rules the rules pages cite (static/spec/citations.json) are the
specification's own (docs/spec), written by tools/spec_citations.py: the file is up to date
with the specification and the flags, every flag's citation has its text, and the file is
inside the package (the server sends it from the installed package, where docs/ is not)."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import module_from_file
from twentyeight.rules import flag_info
from twentyeight.server.assets import STATIC

TOOL = Path(__file__).resolve().parents[1] / "tools" / "spec_citations.py"


def test_the_cited_words_are_the_specifications_own_and_up_to_date() -> None:
    tool = module_from_file(TOOL)
    assert tool.OUT == STATIC / "spec" / "citations.json"       # inside the package
    assert tool.OUT.read_text("utf-8") == tool.written(), "run: python tools/spec_citations.py"


def test_every_flag_cites_entries_a_player_can_read() -> None:
    flags = json.loads((STATIC / "spec" / "citations.json").read_text("utf-8"))["flags"]
    assert set(flags) == {info["flag"] for info in flag_info()}
    for flag, cited in flags.items():
        assert cited, flag
        for c in cited:
            assert c["text"].strip() and c["source"].startswith(("RULES", "BOT-PROTOCOL")), c
    by_code = {c["code"]: c for cited in flags.values() for c in cited}
    # the codes a walk of the pages found no way to read
    for code in ("1.1", "3.6", "C-08", "C-04", "A-10", "A-56-05", "C-56-04", "WB-2", "5.1",
                 "C-17", "§1.4.2", "BOT-PROTOCOL §7.2", "3P-4"):
        assert code in by_code, code
    assert "anticlockwise" in by_code["1.1"]["text"]
    assert by_code["3P-4"]["text"].startswith("The first hand MUST bid at least 12")
    assert by_code["3P-4"]["family"] == "3P" and by_code["C-08"]["family"] == ""
    assert by_code["C-56-04"]["family"] == "56"
    assert by_code["BOT-PROTOCOL §7.2"]["family"] == "bot"
    jack = next(c for c in flags["jack_discard_restriction"] if c["code"] == "5.1")
    assert "MUST NOT discard the jack" in jack["text"]     # the flag's words, not §5.1's table
