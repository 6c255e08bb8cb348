"""Write the words of every rule the rules pages cite (``server/static/spec/citations.json``)
from the specification in the repository (``docs/spec``).  Run again after changing the
specification or a flag's rule IDs (``tests/test_spec_citations.py`` says when it is due):

    python tools/spec_citations.py

A rules page (``/rules/28``) shows each rule in plain words with the IDs of the rules of the
specification it follows (``28-AUC-6``, ``C-08``, ``3.6``, ``BOT-PROTOCOL §7.2``): each ID
opens that entry's own text, so that a player can read what it says.  The specification is
not part of the installed package (it lives in ``docs/``); what the pages cite of it is, in
this file, as static data the server sends like its other files.

Per flag (the ``rule`` of :func:`twentyeight.rules.flag_info`, ``"28-DEAL-3 / 6P-3 /
56-DEAL-4"``, and the game's own rows that restate it,
:data:`twentyeight.rule_words.GAME_CITES`), its citations in order, each with

* ``code``: as cited (``"28-BR-1..3"``, ``"§1.4.2"``);
* ``family``: the game whose rules it is (``"28"``, ``"29"``, ``"3P"``, ``"6P"``, ``"6PK"``,
  ``"WB"``, ``"40"``, ``"56"``, ``"bot"`` for the bot competition's) or ``""`` for a rule of
  the whole family (``A-10``, ``C-08``, §1.1): a page shows a flag's citations of its own
  game only (28's page cites 28-DEAL-3, not 6P-3 nor 56-DEAL-4);
* ``source``: the document and its section (``"RULES.md §2.4 Auction"``);
* ``text``: the entry's words (a table row's rule; a box's paragraph with its default; a
  section's paragraphs that name the flag, or all of them), in the specification's English.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "docs" / "spec"
OUT = ROOT / "src" / "twentyeight" / "server" / "static" / "spec" / "citations.json"
DOCS = ("RULES.md", "RULES-56.md", "BOT-PROTOCOL.md")

HEADING = re.compile(r"^(#{2,4})\s+(\d+(?:\.\d+)*)\.?\s+(.*)$")
NUMBERED = re.compile(r"^(\d+\.\d+)\s+\*\*(.+?)\*\*")          # BOT-PROTOCOL's "7.2 **Bidding**"
ROW = re.compile(r"^\|\s*([0-9A-Z]+(?:-[0-9A-Z]+)+)\s*\|(.*)$")
BOX = re.compile(r"^\W*\*\*((?:A|C)(?:-56|-6P|-40)?-\d+)\b")
RANGE = re.compile(r"^(.*-)(\d+)\.\.(\d+)$")
FAMILY = re.compile(r"^(28|29|56|40|3P|6PK|6P|WB)-")
MOST = 1600
"""The most characters of a section's text (a longer one ends with "…")."""


@dataclass
class Block:
    """A paragraph, a list item or a table row of the specification, under its section."""

    doc: str
    section: str            # "2.4"
    title: str              # "Auction"
    text: str
    row: str | None = None  # a table row's ID
    box: str | None = None  # a box's ID (⚠ **C-04 …)


def plain(text: str) -> str:
    """Markdown as a page shows text: no ``**``, no backticks, a list's stars as bullets, a
    sentence wrapped over lines on one."""
    joined: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if joined and not line.startswith(("* ", "**Default", "**Reason", "⚠", "❓")) \
                and not joined[-1].endswith((".", ":", "!", "?", ")")):
            joined[-1] += " " + line
        else:
            joined.append(line)
    text = "\n".join(joined)
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    text = re.sub(r"^[⚠❓]\ufe0f?\s*", "", text.replace("`", ""), flags=re.M)   # (no glyph)
    return re.sub(r"^\* ", "• ", text, flags=re.M).strip()


def blocks(doc: str) -> list[Block]:
    """The blocks of one document, in order (code blocks left out)."""
    out: list[Block] = []
    section, title = "", ""
    fence = False
    para: list[str] = []

    def flush() -> None:
        if para:
            text = "\n".join(para)
            box = BOX.match(para[0])
            out.append(Block(doc, section, title, text, box=box.group(1) if box else None))
            para.clear()

    for line in (SPEC / doc).read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            flush()
            fence = not fence
            continue
        if fence:
            continue
        head = HEADING.match(line)
        numbered = NUMBERED.match(line)
        if head:
            flush()
            section, title = head.group(2), head.group(3)
            continue
        if numbered and doc == "BOT-PROTOCOL.md":
            flush()
            section, title = numbered.group(1), numbered.group(2).rstrip(".")
        row = ROW.match(line)
        if row:
            flush()
            cells = [c.strip() for c in row.group(2).split("|")]
            out.append(Block(doc, section, title, cells[0], row=row.group(1)))
        elif not line.strip() or line.startswith(("|", "---")):
            flush()
        else:
            para.append(line)
    flush()
    return out


def names(text: str, flag: str) -> bool:
    return f"`{flag}`" in text or f"`{flag} " in text


def naming(block: Block, flag: str) -> Block | None:
    """The part of ``block`` that names ``flag``: a list's items that do (with the lines
    before the list), the whole block where its first line does; ``None`` where none does."""
    lines = block.text.splitlines()
    if not names(block.text, flag):
        return None
    if names(lines[0], flag) or not any(x.startswith("* ") for x in lines):
        return block
    items: list[list[str]] = []
    for x in lines:
        if x.startswith("* ") or not items:
            items.append([x])
        else:
            items[-1].append(x)
    kept = [x for item in items if not item[0].startswith("* ") or names(" ".join(item), flag)
            for x in item]
    return Block(block.doc, block.section, block.title, "\n".join(kept), block.row, block.box)


def family_of(code: str, found: list[Block]) -> str:
    """The game a cited entry belongs to (see the module's docstring)."""
    if code.startswith("BOT-PROTOCOL"):
        return "bot"
    m = FAMILY.match(code)
    if m:
        return m.group(1)
    m = re.match(r"^[AC]-(56|6P|40)-", code)
    if m:
        return m.group(1)
    if found and not found[0].row and not found[0].box:       # a section
        doc, number = found[0].doc, found[0].section
        if doc == "RULES-56.md":
            return "56"
        if doc == "RULES.md":
            return {"3": "29", "4.1": "3P", "4.2": "6P", "4.3": "40", "4.5": "WB"}.get(
                number, "29" if number.startswith("3.") else "")
    return ""


class Spec:
    """The specification's blocks, and the entries cited by code."""

    def __init__(self) -> None:
        self.blocks = {doc: blocks(doc) for doc in DOCS}

    def _rows(self, ids: list[str]) -> list[Block]:
        found = []
        for want in ids:
            boxes = [b for d in DOCS for b in self.blocks[d] if b.box == want]
            rows = [b for d in DOCS for b in self.blocks[d] if b.row == want]
            # a box's own paragraph (with its default), not its line in a register
            found.extend(boxes[:1] or rows[:1])
        return found

    def _section(self, docs: tuple[str, ...], number: str, flag: str) -> list[Block]:
        for doc in docs:
            inside = [b for b in self.blocks[doc] if b.section == number
                      or b.section.startswith(number + ".")]
            if inside:
                named = [b for b in (naming(b, flag) for b in inside) if b is not None]
                return [b for b in named if not b.row] or named or inside
        return []

    def entry(self, code: str, flag: str) -> list[Block]:
        """The blocks a flag's citation ``code`` names ([] when none)."""
        if code.startswith("BOT-PROTOCOL §"):
            return self._section(("BOT-PROTOCOL.md",), code.split("§")[1], flag)
        if re.fullmatch(r"§?\d+(?:\.\d+)*", code):
            return self._section(("RULES.md", "RULES-56.md"), code.lstrip("§"), flag)
        m = RANGE.match(code)
        if m:
            return self._rows([f"{m.group(1)}{k}" for k in range(int(m.group(2)),
                                                                  int(m.group(3)) + 1)])
        found = self._rows([code])
        if not found:                                      # "28-SCORE": its rows
            found = [b for d in DOCS for b in self.blocks[d]
                     if b.row and b.row.startswith(code + "-")]
        return found


def text_of(found: list[Block]) -> str:
    lines = []
    for b in found:
        words = plain(b.text)
        lines.append(f"{b.row}: {words}" if b.row and len(found) > 1 else words)
    text = "\n".join(lines)
    return text if len(text) <= MOST else text[:MOST].rsplit(" ", 1)[0] + " …"


def source_of(found: list[Block]) -> str:
    first = found[0]
    title = re.sub(r"\s*\(`[\[\]\w/]+`\)$", "", first.title)     # (no "([002]/[PG28])")
    return f"{first.doc} §{first.section} {plain(title)}".strip()


def citations() -> dict[str, Any]:
    """Everything the file holds (see the module's docstring)."""
    from twentyeight.rule_words import GAME_CITES
    from twentyeight.rules import flag_info

    spec = Spec()
    flags: dict[str, list[dict[str, str]]] = {}
    missing = []
    for info in flag_info():
        flag = info["flag"]
        codes = [c for c in re.split(r"\s*/\s*", info["rule"] or "") if c]
        codes += [c for game in GAME_CITES.values() for c in game.get(flag, ()) if c not in codes]
        cited = []
        for code in codes:
            found = spec.entry(code, flag)
            if not found:
                missing.append(f"{flag}: {code}")
                continue
            cited.append({"code": code, "family": family_of(code, found),
                          "source": source_of(found), "text": text_of(found)})
        flags[flag] = cited
    if missing:
        raise SystemExit("cited but not in docs/spec: " + ", ".join(missing))
    return {"about": "Written by tools/spec_citations.py from docs/spec: do not edit.",
            "flags": flags}


def written() -> str:
    return json.dumps(citations(), ensure_ascii=False, indent=1) + "\n"


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(written(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
