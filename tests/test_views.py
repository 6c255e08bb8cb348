"""The typed view contract (issue 10 item 6): every view the engine gives has exactly the fields
of ``twentyeight.views.View`` (and of its nested ``TypedDict`` parts), and docs/views.md
documents each of them, so the type, the data and the documentation cannot drift apart."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from twentyeight import Game, Rules
from twentyeight.views import (
    CompletedTrick,
    CurrentTrick,
    HandOutcome,
    ScoreChange,
    ShownPair,
    SidePoints,
    View,
)

DOC = Path(__file__).resolve().parent.parent / "docs" / "views.md"


def _keys(typed: Any) -> set[str]:
    """Every field of a ``TypedDict`` (``views.py`` postpones its annotations, so at run time
    ``NotRequired`` is not told apart: ``result`` is the one such field)."""
    return set(typed.__annotations__)


def _check(view: dict[str, Any]) -> None:
    over = view["phase"] == "over"
    assert set(view) == _keys(View) - ({"result"} if not over else set())
    if view["trick"] is not None:
        assert set(view["trick"]) == _keys(CurrentTrick)
    for trick in view["tricks"]:
        assert set(trick) == _keys(CompletedTrick)
    assert set(view["points"]) == _keys(SidePoints)
    if view["pair"] is not None:
        assert set(view["pair"]) == _keys(ShownPair)
    if "result" in view:
        assert set(view["result"]) == _keys(HandOutcome)
        assert set(view["result"]["score_change"]) == _keys(ScoreChange)


@pytest.mark.parametrize("preset", ["28", "29", "28-3p", "40", "56", "56-kerala", "bhoos-29"])
def test_every_view_has_exactly_the_fields_of_view(preset: str) -> None:
    """RULES.md §2.20: random games, every seat's view at every step, to the end."""
    n = Rules.from_spec(preset).num_players
    for seed in range(6):
        rng = random.Random(seed)
        g = Game.new(preset, seed=seed, dealer=seed % n)
        while True:
            for seat in range(n):
                _check(dict(g.view(seat)))
            if g.over:
                break
            g.apply(rng.choice(g.legal_actions()))


def test_docs_views_md_documents_every_field() -> None:
    """The field table of docs/views.md names exactly the fields of ``View``, in order."""
    text = DOC.read_text(encoding="utf-8")
    table = text.split("## Fields", 1)[1].split("\n## ", 1)[0]
    documented = re.findall(r"^\| `(\w+)` \|", table, re.M)
    assert documented == list(View.__annotations__)


def test_a_pass_in_the_raise_window_is_marked_as_the_raise_windows() -> None:
    """28-AUC-4 and 28-RAISE-1: the auction's passes are ``auction`` in ``history_phases``;
    after the trump is chosen the bidding side's passes in the raise window are ``raise``
    (what the table tells as "no raise"), and the cards ``play``."""
    g = Game.new("28", seed=5, dealer=0)
    while g.view(0)["phase"] != "play":
        verbs = {a.verb: a for a in g.legal_actions()}
        g.apply(verbs.get("pass") or g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    view = g.view(1)
    steps = list(zip(view["history"], view["history_phases"], strict=True))
    trump_at = next(i for i, (entry, _) in enumerate(steps) if entry.split()[1] == "trump")
    assert steps[:trump_at] and all(phase == "auction" for _, phase in steps[:trump_at])
    assert steps[trump_at][1] == "trump"
    window = steps[trump_at + 1:-1]
    assert [phase for _, phase in window] == ["raise", "raise"], steps
    assert all(entry.endswith(" pass") for entry, _ in window)
    assert steps[-1][0].split()[1] == "play" and steps[-1][1] == "play"


def test_a_bot_reads_the_history_as_actions_as_views_md_says() -> None:
    """docs/views.md: ``twentyeight.bots.history_actions(view)``, another seat's face-down
    trump choice with ``arg`` ``None`` (the bots package did not export it)."""
    from twentyeight.bots import history_actions

    g = Game.new("28", seed=5, dealer=0)
    while g.view(0)["phase"] != "play":
        verbs = {a.verb: a for a in g.legal_actions()}
        g.apply(verbs.get("pass") or g.legal_actions()[0])
    other = (g.view(0)["bidder"] + 1) % 4
    view = g.view(other)
    actions = history_actions(view)
    assert [str(a) for a in actions] == view["history"]
    trump = next(a for a in actions if a.verb == "trump")
    assert trump.seat == view["bidder"] != other and trump.arg is None
