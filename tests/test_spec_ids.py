"""Every rule ID cited in the code and the tests resolves in the specification in the
repository (docs/spec/RULES.md, docs/spec/RULES-56.md), so a fresh clone explains them all."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "docs" / "spec"
RULE_ID = re.compile(r"\b(?:(?:28|29|56|40|3P|6P|6PK|WB)-[A-Z]+-\d+"
                     r"|(?:A|C)(?:-56|-6P|-40)?-\d+|TC-\d+|TC-(?:40|6PK|56)-\d+)\b")
"""A rule ID of RULES.md / RULES-56.md: ``28-AUC-6``, ``56-PLAY-4``, ``A-11``, ``C-56-04``,
``TC-15``."""


def _ids(text: str) -> set[str]:
    return set(RULE_ID.findall(text))


def test_the_specification_is_in_the_repository() -> None:
    for name in ("RULES.md", "RULES-56.md", "RECORDS.md", "BOT-PROTOCOL.md", "yardstick.py"):
        assert (SPEC / name).is_file(), name


def test_every_cited_rule_id_resolves() -> None:
    known = _ids((SPEC / "RULES.md").read_text(encoding="utf-8")) | \
        _ids((SPEC / "RULES-56.md").read_text(encoding="utf-8"))
    assert len(known) > 250
    files = [*ROOT.joinpath("src").rglob("*.py"), *ROOT.joinpath("src").rglob("*.js"),
             *ROOT.joinpath("tests").rglob("*.py"), *ROOT.joinpath("tests").rglob("*.json"),
             *ROOT.joinpath("docs").glob("*.md"), ROOT / "README.md"]
    unknown = {f"{path.relative_to(ROOT)}: {rule}" for path in files
               for rule in _ids(path.read_text(encoding="utf-8", errors="replace"))
               if rule not in known}
    assert not unknown, sorted(unknown)
