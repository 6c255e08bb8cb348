"""The tree stays ruff-clean and mypy-clean (the project's standards), checked in CI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False, timeout=300)


def test_ruff_clean() -> None:
    proc = run("ruff", "check", "src", "tests", "benchmarks", "tools")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_clean() -> None:
    proc = run("mypy")
    assert proc.returncode == 0, proc.stdout + proc.stderr
