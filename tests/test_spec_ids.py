"""Every rule ID cited in the code, the tests and the docs resolves in the specification in the
repository (docs/spec/RULES.md, docs/spec/RULES-56.md), so a fresh clone explains them all
(issue 10 item 8).

The pattern knows every form of ID the specification defines (a test holds it to the spec's
own tables and boxes): ``28-AUC-6``, ``28-P1-3``, ``56-PLAY-4``, the short ones of §4
(``40-6``, ``3P-6``, ``6P-3``, ``6PK-1``, ``WB-2``), ``A-11``, ``C-56-04``, ``A-6P-02``,
``TC-15``, ``TC-40-01``.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "docs" / "spec"
_ID = (r"(?:(?:28|29|56|40|3P|6PK|6P|WB)-[A-Z]+\d?-\d+"     # 28-AUC-6, 28-P1-3, 56-HT-9
       r"|(?:40|3P|6PK|6P|WB)-\d+"                          # 40-6, 3P-6, 6PK-1, WB-2
       r"|(?:A|C)(?:-56|-6P|-40)?-\d+"                      # A-11, C-56-04, A-6P-02
       r"|TC-(?:40-|6PK-|56-)?\d+)")                        # TC-15, TC-40-01
RULE_ID = re.compile(rf"(?<![\w-]){_ID}(?![\w-])")
"""A rule ID of RULES.md / RULES-56.md, standing alone (not inside ``TC-56-01`` or a name)."""
DEFINED = re.compile(rf"^(?:\|\s*|\W*\*\*|#+\s*\W*)({_ID})(?![\w-])", re.M)
"""Where the specification defines an ID: a table row ``| 28-AUC-6 |``, a box or test case
``⚠ **C-56-01 …`` / ``**TC-18 …``, or a heading."""
ID_LIKE_ROW = re.compile(r"^\|\s*([0-9A-Z]+(?:-[0-9A-Z]+)+)\s*\|", re.M)
"""A table row of the specification that starts with something shaped like an ID."""
CITING = ("src/**/*.py", "src/**/*.js", "src/**/*.json", "src/**/*.html", "tests/**/*.py",
          "tests/**/*.json", "benchmarks/*.py", "docs/*.md", "README.md")
"""The files whose rule IDs must resolve."""


def _spec_text() -> str:
    return "\n".join((SPEC / name).read_text(encoding="utf-8")
                     for name in ("RULES.md", "RULES-56.md"))


def _defined() -> set[str]:
    return set(DEFINED.findall(_spec_text()))


def test_the_specification_is_in_the_repository() -> None:
    for name in ("RULES.md", "RULES-56.md", "RECORDS.md", "BOT-PROTOCOL.md", "yardstick.py"):
        assert (SPEC / name).is_file(), name


def test_the_pattern_knows_every_form_of_id_the_specification_defines() -> None:
    """Every table row of the spec that starts with an ID-shaped word is an ID the pattern
    reads (so ``40-6`` or ``28-P1-3`` cannot be cited wrongly unnoticed), and every ID the
    spec mentions is one it defines."""
    text = _spec_text()
    rows = set(ID_LIKE_ROW.findall(text))
    assert {"40-6", "40-4", "3P-6", "6P-3", "6PK-1", "WB-2", "28-P1-3", "28-AUC-6"} <= rows
    assert not {row for row in rows if not RULE_ID.fullmatch(row)}
    assert set(RULE_ID.findall(text)) == _defined()


def test_every_cited_rule_id_resolves() -> None:
    known = _defined()
    assert len(known) > 300
    files = sorted({path for pattern in CITING for path in ROOT.glob(pattern)
                    if path.is_file() and "artifacts" not in path.parts})
    unknown = {f"{path.relative_to(ROOT)}: {rule}" for path in files
               for rule in RULE_ID.findall(path.read_text(encoding="utf-8", errors="replace"))
               if rule not in known}
    assert not unknown, sorted(unknown)


NOT_TESTABLE = {
    "28-DBL-5": "the pack's unused 2s-5s stacked as a reminder of a double: cards the engine's "
                "pack does not have, and no effect on play",
    "29-DEAL-3": "the four 6s kept aside as score-keepers: a physical aid; scores are numbers",
}
"""The rules no test can cite, and why (RULES.md says both change nothing in the game)."""


def test_every_rule_of_the_specification_is_cited_by_a_test() -> None:
    """Each rule ID and box of the specification is cited by at least one test (a test that
    states its behaviour on a concrete deal), except the physical aids of NOT_TESTABLE; so a
    rule added to the spec, or a test dropped, shows here."""
    tests = sorted(path for pattern in ("tests/**/*.py", "tests/**/*.json")
                   for path in ROOT.glob(pattern)
                   if path.is_file() and path != Path(__file__).resolve())
    cited = {rule for path in tests
             for rule in RULE_ID.findall(path.read_text(encoding="utf-8", errors="replace"))}
    assert sorted(_defined() - cited - set(NOT_TESTABLE)) == []
    assert not set(NOT_TESTABLE) & cited, "a rule said to be untestable is cited: drop it"
