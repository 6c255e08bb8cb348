"""Where the terminal game keeps a match's record (RECORDS.md), to replay, solve or review it
later: ``twentyeight play --record FILE`` writes it after every hand, and the ``save``
command at any prompt."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any


def default_path(now: float | None = None) -> Path:
    """A new file in the working directory named by the time: ``twentyeight-20261207-0614.json``
    (seconds added if that name is taken)."""
    stamp = time.localtime(now)
    path = Path(time.strftime("twentyeight-%Y%m%d-%H%M.json", stamp))
    return path if not path.exists() else Path(time.strftime("twentyeight-%Y%m%d-%H%M%S.json",
                                                             stamp))


def nth_match(path: Path, number: int) -> Path:
    """The file of the ``number``-th match of one sitting: ``path`` itself for the first,
    ``game-2.json`` beside ``game.json`` for the second, and so on."""
    return path if number == 1 else path.with_name(f"{path.stem}-{number}{path.suffix}")


def write(path: Path, record: dict[str, Any]) -> None:
    """Write ``record`` to ``path`` whole or not at all (a file beside it moved over it), so
    that a game stopped while it writes leaves the previous record.  Raises ``OSError``."""
    path = path.expanduser()
    temporary = path.with_name(f".{path.name}.writing")
    try:
        with open(temporary, "w", encoding="utf-8") as f:
            json.dump(record, f, ensure_ascii=False, indent=1)
            f.write("\n")
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
