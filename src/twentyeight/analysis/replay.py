"""A hand record as the steps of a replay: what a seat saw after every action, and why.

:func:`replay_steps` replays one hand of a record and gives, before the first action and
after each one, the view of the chosen seat (RULES.md §2.20: what that seat knew then), the
action as that seat was told it (another seat's face-down trump choice stays ``"S trump"``),
and the explanations of :mod:`twentyeight.analysis.surprises` for that seat.  With ``open``
every seat's cards are added to each step (``hands``), and the trump — the viewer of an open
replay sees everything, as after the hand.

>>> from twentyeight import Game
>>> g = Game.new("28", seed=4, dealer=3)
>>> _ = g.apply("0 bid 14")
>>> steps = replay_steps(g.to_record(), seat=2)
>>> [s["action"] for s in steps], steps[1]["view"]["high_bid"]
([None, '0 bid 14'], 14)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from twentyeight.analysis.surprises import explain_step, explain_turn
from twentyeight.cards import cards_of
from twentyeight.game import Game
from twentyeight.record import read_hand_record
from twentyeight.result import trump_name

__all__ = ["replay_steps"]


def replay_steps(record: Mapping[str, Any], seat: int, open_hands: bool = False
                 ) -> list[dict[str, Any]]:
    """Every step of the hand ``record`` for ``seat`` (see the module docstring).

    Raises :class:`~twentyeight.errors.RecordError` for a malformed record or a seat that
    does not exist, and :class:`~twentyeight.errors.IllegalAction` at an illegal action.
    """
    rec = read_hand_record(record)
    if not 0 <= seat < rec.rules.num_players:
        from twentyeight.errors import RecordError

        raise RecordError(f"seat {seat} does not exist (0 to {rec.rules.num_players - 1})")
    actions = list(rec.actions)
    rec.actions = []
    game = Game.from_record(rec)
    view = game.view(seat)
    steps = [_step(game, seat, None, view, explain_turn(view, game.hand), open_hands)]
    for action in actions:
        before = view
        game.apply(action)
        view = game.view(seat)
        told = view["history"][-1] if view["history"] else str(action)
        notes = explain_step(before, view) + explain_turn(view, game.hand)
        steps.append(_step(game, seat, told, view, notes, open_hands))
    return steps


def _step(game: Game, seat: int, action: str | None, view: Any, notes: list[Any],
          open_hands: bool) -> dict[str, Any]:
    step: dict[str, Any] = {"action": action, "view": view,
                            "notes": [{**n.to_json(), "text": str(n)} for n in notes]}
    if open_hands:
        h = game.hand
        names = h.t.deck.names
        step["hands"] = [[names[c] for c in cards_of(h.full_hand(s))] for s in range(h.n)]
        step["trump"] = trump_name(h)
    return step
