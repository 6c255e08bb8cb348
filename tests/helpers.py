"""Helpers for the rule tests: compass seats, deals written by hand, and looking at legality;
reading a line of the terminal game that it wrapped (:func:`said`); and Ctrl-C to a command
run as its own process group (:func:`ctrl_c`).

Seats are numbered in turn order (RECORDS.md).  In 28 the turn order is anticlockwise,
N → W → S → E, so N = 0, W = 1, S = 2, E = 3 (N–S and E–W are partners, as in RULES.md §7).
In 29 it is clockwise, N → E → S → W, so N = 0, E = 1, S = 2, W = 3.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from twentyeight import Game, IllegalAction
from twentyeight.cli.display import hanging_indent

N, W, S, E = 0, 1, 2, 3
"""28 seats (anticlockwise turn order N → W → S → E)."""
N29, E29, S29, W29 = 0, 1, 2, 3
"""29 seats (clockwise turn order N → E → S → W)."""


def record(rules: Any, dealer: int, hands: dict[int, str], actions: list[str] | None = None,
           **extra: Any) -> dict[str, Any]:
    """A hand record; ``hands`` maps each seat to its cards in deal order ("JS 9S ...")."""
    n = len(hands)
    return {"rules": rules, "dealer": dealer,
            "hands": [hands[s].split() for s in range(n)],
            "actions": list(actions or []), **extra}


def game(rules: Any, dealer: int, hands: dict[int, str], actions: list[str] | None = None,
         **extra: Any) -> Game:
    """Replay a hand written by hand (see :func:`record`)."""
    return Game.from_record(record(rules, dealer, hands, actions, **extra))


def legal(g: Game) -> set[str]:
    """The legal actions, as notation strings with the seat."""
    return {str(a) for a in g.legal_actions()}


def playable(g: Game) -> set[str]:
    """The cards the player to act may play now."""
    return {a.arg for a in g.legal_actions() if a.verb == "play" and a.arg is not None}


def illegal_reason(g: Game, action: str) -> str:
    """Apply an action that must be illegal; check nothing changed; return the reason."""
    before = (g.to_record(), g.result())
    try:
        g.apply(action)
    except IllegalAction as e:
        assert (g.to_record(), g.result()) == before, "an illegal action changed the game"
        return e.message
    raise AssertionError(f"{action!r} was accepted but should be illegal")


def play_out(g: Game, choose: Any = None) -> Game:
    """Finish a hand, taking the first legal action (or ``choose(game)``) each time."""
    while not g.over:
        g.apply(choose(g) if choose else g.legal_actions()[0])
    return g


def seen_cards(view: Any) -> set[str]:
    """Every card a view's seat has seen: its hand, the tricks, the trick on the table, its
    face-down indicator or the exposed one, a shown pair (RULES.md §2.20)."""
    seen = set(view["hand"])
    for t in view["tricks"]:
        seen |= set(t["cards"])
    if view["trick"]:
        seen |= set(view["trick"]["cards"])
    if view["indicator"]:
        seen.add(view["indicator"])
    if view["pair"]:
        seen |= set(view["pair"]["cards"])
    return seen


def named_cards(params: dict[str, Any]) -> set[str]:
    """The cards a reason's parameters name (``*_card``, ``*_cards``)."""
    out: set[str] = set()
    for name, value in params.items():
        if name.endswith("_card"):
            out.add(value)
        elif name.endswith("_cards"):
            out |= set(value)
    return out


# ---- card points and calls, counted by the tests' own table ---------------------------------

CARD_POINTS = {"J": 3, "3": 3, "9": 2, "A": 1, "T": 1}
"""28-DECK-4 / 56-DECK-5, and 40's threes (40-2), written out again so that the rule tests do
not lean on the engine's table; every other rank is worth 0."""


def card_points(cards: list[str]) -> int:
    """Card points of some cards, by :data:`CARD_POINTS`."""
    return sum(CARD_POINTS.get(c[0], 0) for c in cards)


def points_by_team(result: dict[str, Any], teams: int = 2) -> list[int]:
    """Card points each team won (``seat % teams``), recounted from the completed tricks."""
    out = [0] * teams
    for trick in result["tricks"]:
        out[trick["winner"] % teams] += card_points(trick["cards"])
    return out


def passes(first: int, count: int, n: int) -> list[str]:
    """``count`` passes in turn order from seat ``first`` at an ``n``-seat table."""
    return [f"{(first + k) % n} pass" for k in range(count)]


def bid_values(g: Game) -> list[int]:
    """The bid values (of bare-number bids) the player to act may call now."""
    return sorted(int(a.arg) for a in g.legal_actions() if a.verb == "bid" and a.arg)


def said(text: str, start: str) -> str:
    """The terminal's line that starts with ``start``, with the lines it was wrapped onto
    (those under its hanging indent) joined back with single spaces."""
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith(start))
    indent = " " * hanging_indent(lines[i])
    out = lines[i]
    for line in lines[i + 1:]:
        if not line.startswith(indent) or line[len(indent):].startswith(" "):
            break
        out += " " + line[len(indent):]
    return out


def ctrl_c(proc: subprocess.Popen[Any], timeout: float) -> str:
    """SIGINT to ``proc``'s process group (started with ``start_new_session=True``), as a
    terminal's Ctrl-C reaches a command and its workers; what it then wrote to stderr before
    it ended.  If it has not ended within ``timeout`` seconds it is killed, and the test
    fails on :class:`subprocess.TimeoutExpired`."""
    try:
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return err.decode() if isinstance(err, bytes) else str(err)


def module_from_file(path: Path) -> ModuleType:
    """The script ``path`` (a tool or a benchmark, outside the package) loaded as a module
    named after its file, kept in ``sys.modules`` while it runs (its dataclasses look their
    module up there)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[path.stem]
    return module
