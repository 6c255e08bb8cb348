"""What the public may see, and how an accepted action is told to each recipient.

The engine's :meth:`twentyeight.Game.view` says what one seat may know (RULES.md §2.20).  A
spectator may know what every seat knows: the calls, the played cards, an exposed trump and
a shown pair, but no seat's unplayed cards and never a trump that is still face down.  That
is the view of a seat that is *not* the bidder, less its own hand and its legal actions: such
a seat knows nothing private but its cards (only the bidder knows the face-down trump).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from twentyeight.engine.actions import Action
from twentyeight.game import Game
from twentyeight.views import View

PublicView = dict[str, Any]
"""A spectator's view: a :class:`~twentyeight.views.View` less everything private, with
``seat`` ``None``."""


def public_view(game: Game) -> PublicView:
    """The view of ``game`` for a spectator: no private cards and no hidden trump."""
    n = game.rules.num_players
    bidder = game.hand.bidder
    watcher = (bidder + 1) % n if bidder >= 0 else 0
    return public_part(game.view(watcher))


def public_part(seat_view: View) -> PublicView:
    """A seat's view less what is private to it (own cards, legal actions, the indicator).

    Exact for the view of a seat that is not the bidder; for the bidder's view it would still
    hold the hidden trump suit in ``trump`` and ``history``, so use :func:`public_view`.
    """
    out: PublicView = dict(seat_view)
    out["seat"] = None
    out["hand"] = []
    out["legal"] = []
    out["offered_stakes"] = None            # (what the seat may declare: its legal actions)
    if out.get("indicator_face_down"):
        out["indicator"] = None
    return out


def told(game: Game, done: Action, recipient: Mapping[str, Any]) -> str:
    """The text of the action ``done`` (just applied to ``game``) as ``recipient`` may know it.

    ``recipient`` is the recipient's view of ``game`` after the action.  The engine's history
    in that view hides the face-down trump card from whoever may not know it
    (``"3 trump"`` instead of ``"3 trump 7S"``); the last entry is the action just taken.
    """
    history = recipient.get("history") or []
    last = str(history[-1]) if history else ""
    words = last.split()
    if len(words) >= 2 and words[0] == str(done.seat) and words[1] == done.verb:
        return last
    return f"{done.seat} {done.verb}"        # defensive: never the argument when unsure
