"""The tutorial: one scripted deal of 28 walked through, for a first-time player.

The learner sits at seat 0 (the first hand).  The deal is written so that one hand shows the
essentials: the card order and points, the auction, the hidden trump and the second deal,
the raise the bidding side may make (28-RAISE-1; here both pass), the bidder's restriction,
asking for the trump and the duty to trump after asking, the pair and what it does to the
target, and the count at the end — where the learner's pair decides the hand (the
bidding side takes exactly its bid, 17, but the pair has raised its target to 21).

:func:`lesson` gives the steps: each says something (a catalog key and its parameters), may
wait for one action of the learner (``expect``), and carries the learner's view at that
moment and, for every other card in hand, why it may not be played now (the engine's
reason) or that the lesson wants another card.  The other seats' actions are scripted
(``then``).

>>> steps = lesson()
>>> steps[0]["say"]["key"], steps[-1]["say"]["key"], len([s for s in steps if s["expect"]])
('tut.welcome', 'tut.done', 12)
"""

from __future__ import annotations

from typing import Any

from twentyeight.engine.actions import Action
from twentyeight.engine.state import PLAY
from twentyeight.errors import IllegalAction
from twentyeight.game import Game

__all__ = ["DEAL", "SCRIPT", "lesson"]

DEAL: dict[str, Any] = {
    "rules": "28",
    "dealer": 3,
    "hands": [
        ["JS", "9S", "AC", "TC", "9H", "KH", "QH", "7C"],     # you (seat 0, the first hand)
        ["JH", "AH", "8H", "JD", "9D", "KD", "QS", "8S"],     # on your right: the bidder
        ["AS", "TS", "7H", "KC", "TD", "AD", "KS", "QC"],     # your partner
        ["JC", "9C", "TH", "QD", "8D", "7D", "7S", "8C"],     # on your left
    ],
}
"""The deal, each seat's cards in deal order (the first four are the first batch)."""

SCRIPT: list[tuple[str, dict[str, Any], str | None, list[str]]] = [
    # (what is said, its parameters, the learner's action awaited, the actions that follow)
    ("tut.welcome", {}, None, []),
    ("tut.cards", {}, None, []),
    ("tut.deal", {}, None, []),
    ("tut.bid", {"value": 16}, "0 bid 16", ["1 bid 17", "2 pass", "3 pass"]),
    ("tut.overcalled", {"value": 17}, "0 pass", ["1 trump 8H"]),
    ("tut.hidden_trump", {}, None, ["1 pass", "3 pass"]),
    ("tut.raise", {"value": 24}, None, []),
    ("tut.lead_jack", {"lead_card": "JS"}, "0 play JS", ["1 play 8S", "2 play KS", "3 play 7S"]),
    ("tut.won_trick", {"points": 3}, None, []),
    ("tut.lead_nine", {"lead_card": "9S", "gone_card": "JS"}, "0 play 9S",
     ["1 play QS", "2 play TS", "3 play 7D"]),
    ("tut.partner_points", {"partner_card": "TS"}, None, []),
    ("tut.lead_low", {"lead_card": "7C"}, "0 play 7C", ["1 play KD", "2 play QC", "3 play JC"]),
    ("tut.bidder_restricted", {"winner_card": "JC"}, None, ["3 play QD"]),
    ("tut.ask", {}, "0 ask", []),
    ("tut.must_trump", {"trump_card": "9H", "pair_cards": ["KH", "QH"]}, "0 play 9H",
     ["1 play 9D", "2 play AD"]),
    ("tut.trump_wins", {"points": 5, "total": 11}, None, []),
    ("tut.pair", {"old": 17, "new": 21}, "0 pair", []),
    ("tut.lead_ace", {"lead_card": "AC"}, "0 play AC", ["1 play 8H", "2 play KC", "3 play 8C"]),
    ("tut.trumped", {"trump_card": "8H"}, None, ["1 play JH", "2 play 7H", "3 play TH"]),
    ("tut.follow", {"play_card": "QH"}, "0 play QH", ["1 play AH", "2 play AS", "3 play 9C"]),
    ("tut.follow_again", {"play_card": "KH"}, "0 play KH", ["1 play JD", "2 play TD",
                                                          "3 play 8D"]),
    ("tut.last", {"play_card": "TC"}, "0 play TC", []),
    ("tut.count", {"points": 17, "contract": 17, "target": 21, "change": -2}, None, []),
    ("tut.done", {}, None, []),
]
"""The lesson, step by step."""


def lesson() -> list[dict[str, Any]]:
    """The steps of the tutorial (see the module docstring); raises ``AssertionError`` if
    the script and the deal ever disagree (a test replays it)."""
    game = Game.from_record(DEAL)
    steps = []
    for key, params, expect, then in SCRIPT:
        view = game.view(0)
        step: dict[str, Any] = {"say": {"key": key, "params": params}, "expect": expect,
                                "view": view, "refusals": {}}
        if expect is not None:
            step["refusals"] = _refusals(game, expect)
            game.apply(expect)
        for text in then:
            game.apply(text)
        step["then"] = then
        steps.append(step)
    assert game.over, "the lesson ends with the hand"
    return steps


def _refusals(game: Game, expect: str) -> dict[str, dict[str, Any]]:
    """In the play, for each card in the learner's hand but the one the lesson wants: the
    engine's reason it may not be played now, or ``tut.not_this`` when it is legal but not
    the lesson's."""
    legal = {str(a) for a in game.legal_actions()}
    assert expect in legal, f"the lesson wants {expect!r}, which is not legal"
    out: dict[str, dict[str, Any]] = {}
    if game.hand.phase != PLAY:
        return out
    for card in game.view(0)["hand"]:
        text = str(Action(0, "play", card))
        if text == expect:
            continue
        if text in legal:
            out[text] = {"key": "tut.not_this", "rule": None, "params": {}}
            continue
        trial = game.copy()
        try:
            trial.apply(text)
        except IllegalAction as e:
            reason = getattr(e, "reason", None)            # the refusal as data, if given
            data = reason.to_json() if reason is not None else {"key": None, "rule": None,
                                                                "params": {}}
            out[text] = {**data, "text": e.message}
        else:                                           # pragma: no cover - legal after all
            raise AssertionError(f"{text} was refused by legal_actions but accepted")
    return out
