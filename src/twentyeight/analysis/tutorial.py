"""The tutorials: one scripted deal of 28, one of 29 and one of 56, walked through for a
first-time player.

The lesson of 28 (:data:`DEAL`, :data:`SCRIPT`):

The learner sits at seat 0 (the first hand).  The deal is written so that one hand shows the
essentials: the card order and points, the auction, the hidden trump and the second deal,
the raise the bidding side may make (28-RAISE-1; here both pass), the bidder's restriction,
asking for the trump and the duty to trump after asking, the pair and what it does to the
target, and the count at the end — where the learner's pair decides the hand (the
bidding side takes exactly its bid, 17, but the pair has raised its target to 21).

The lesson of 29 (:data:`DEAL_29`, :data:`SCRIPT_29`) teaches where 29 differs: play goes
to the left; the learner bids against an opponent and, a pass not being final, bids again
(29-AUC-5) and wins the auction; chooses the trump suit, marked apart from the hand
(29-DEAL-2); is the first player unable to follow suit, so must reveal the trump himself
(29-PLAY-3) and may, not must, trump (29-PLAY-4); shows the pair, which lowers the bidding
side's target by 4 (29-PAIR-3) — and the count, where that pair makes the contract (the side
takes 18 of its bid of 19, its target 15), is one game point (29-SCORE-2).

The lesson of 56 (:data:`DEAL_56`, :data:`SCRIPT_56`), the open game of six players with two
packs: the first hand must open (56-AUC-5); a bid names its trump suit, and suits have no
rank (56-AUC-4); the other side doubles and the learner's side redoubles, which ends the
auction (56-DBL-3); the trump is open from the first card (56-TRUMP-1); of two identical
cards the first played wins (56-PLAY-4); nobody must trump (56-PLAY-2); and the count, where
the redoubled contract moves three of the sides' twelve tables (56-SC-2, 56-SC-4, 56-MATCH-1).

:func:`lesson` gives the steps of a game's lesson (:data:`LESSONS`): each says something (a
catalog key and its parameters), may wait for one action of the learner (``expect``), and
carries the learner's view at that moment and, for every other card in hand, why it may not
be played now (the engine's reason) or that the lesson wants another card.  The other seats'
actions are scripted (``then``).

>>> steps = lesson()
>>> steps[0]["say"]["key"], steps[-1]["say"]["key"], len([s for s in steps if s["expect"]])
('tut.welcome', 'tut.done', 12)
>>> steps = lesson("29")
>>> steps[0]["say"]["key"], steps[-1]["say"]["key"], len([s for s in steps if s["expect"]])
('tut29.welcome', 'tut29.done', 13)
>>> steps = lesson("56")
>>> steps[0]["say"]["key"], steps[-1]["say"]["key"], len([s for s in steps if s["expect"]])
('tut56.welcome', 'tut56.done', 11)
"""

from __future__ import annotations

from typing import Any

from twentyeight.engine.actions import Action
from twentyeight.engine.state import PLAY
from twentyeight.errors import IllegalAction
from twentyeight.game import Game

__all__ = ["DEAL", "DEAL_29", "DEAL_56", "LESSONS", "SCRIPT", "SCRIPT_29", "SCRIPT_56", "Script",
           "lesson"]

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

Script = list[tuple[str, dict[str, Any], str | None, list[str]]]
"""A lesson's steps: (what is said, its parameters, the learner's action awaited, the actions
that follow)."""

SCRIPT: Script = [
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
"""The lesson of 28, step by step."""

DEAL_29: dict[str, Any] = {
    "rules": "29",
    "dealer": 2,                                              # your partner: play goes left
    "hands": [
        ["JH", "9H", "JS", "AS", "KH", "QH", "7H", "AD"],     # you (seat 0): no club
        ["9S", "TS", "JD", "8H", "9D", "TD", "7C", "8C"],     # on your left
        ["AH", "TH", "KS", "QS", "7S", "TC", "KC", "QC"],     # your partner, the dealer
        ["JC", "9C", "8S", "KD", "AC", "QD", "8D", "7D"],     # on your right: the first hand
    ],
}
"""The deal of 29's lesson, each seat's cards in deal order."""

SCRIPT_29: Script = [
    ("tut29.welcome", {}, None, []),
    ("tut29.cards", {}, None, []),
    ("tut29.deal", {}, None, ["3 bid 16"]),
    ("tut29.bid", {"opened": 16, "value": 17}, "0 bid 17", ["1 bid 18", "2 pass", "3 pass"]),
    ("tut29.bid_again", {"over": 18, "value": 19}, "0 bid 19", ["1 pass", "2 pass", "3 pass"]),
    ("tut29.trump", {"value": 19}, "0 trump H", []),
    ("tut29.second_deal", {}, None, ["3 play JC"]),
    ("tut29.reveal", {"led_card": "JC"}, "0 reveal", []),
    ("tut29.may_trump", {"trump_card": "7H"}, "0 play 7H", ["1 play 8C", "2 play TC"]),
    ("tut29.won_trick", {"partner_card": "TC", "points": 4}, None, []),
    ("tut29.pair", {"old": 19, "new": 15}, "0 pair", []),
    ("tut29.lead_trump", {"lead_card": "JH"}, "0 play JH", ["1 play 8H", "2 play TH", "3 play 7D"]),
    ("tut29.lead_nine", {"partner_card": "TH", "lead_card": "9H"}, "0 play 9H",
     ["1 play 7C", "2 play AH", "3 play 8D"]),
    ("tut29.lead_jack", {"points": 11, "lead_card": "JS"}, "0 play JS",
     ["1 play TS", "2 play 7S", "3 play 8S"]),
    ("tut29.made", {"points": 15, "lead_card": "KH"}, "0 play KH",
     ["1 play TD", "2 play QC", "3 play QD"]),
    ("tut29.lead_queen", {"lead_card": "QH"}, "0 play QH", ["1 play 9D", "2 play KC", "3 play KD"]),
    ("tut29.lead_ace", {"lead_card": "AS", "over_card": "9S"}, "0 play AS",
     ["1 play 9S", "2 play KS", "3 play 9C", "1 play JD", "2 play QS", "3 play AC"]),
    ("tut29.last", {"led_card": "JD", "play_card": "AD"}, "0 play AD", []),
    ("tut29.count", {"points": 18, "contract": 19, "target": 15, "change": 1}, None, []),
    ("tut29.done", {}, None, []),
]
"""The lesson of 29, step by step."""

DEAL_56: dict[str, Any] = {
    "rules": "56",
    "dealer": 5,                                              # on your left: you bid first
    "hands": [
        ["JH", "9H", "AH", "KH", "JS", "TS", "AD", "QD"],     # you (seat 0): no club
        ["JH", "QH", "JS", "9S", "AS", "KS", "JD", "TD"],     # on your right
        ["TH", "KH", "QS", "JC", "9C", "AC", "9D", "KD"],     # your partner on the right
        ["9H", "9S", "TS", "JC", "TC", "KC", "AD", "QD"],     # across
        ["AH", "QH", "AS", "KS", "9C", "QC", "JD", "9D"],     # your partner on the left
        ["TH", "QS", "AC", "TC", "KC", "QC", "TD", "KD"],     # on your left, the dealer
    ],
}
"""The deal of 56's lesson (six players, two packs: every card twice), in deal order."""

SCRIPT_56: Script = [
    ("tut56.welcome", {}, None, []),
    ("tut56.cards", {}, None, []),
    ("tut56.bid", {"bid": "28♥"}, "0 bid 28H", ["1 bid 29S", "2 pass", "3 pass", "4 pass",
                                                 "5 pass"]),
    ("tut56.overcalled", {"over": "29♠", "bid": "30♥"}, "0 bid 30H",
     ["1 double", "2 pass", "3 pass", "4 pass", "5 pass"]),
    ("tut56.redouble", {}, "0 redouble", []),
    ("tut56.stakes", {"win": 3, "lose": 4}, None, []),
    ("tut56.lead_jack", {"lead_card": "JH"}, "0 play JH",
     ["1 play JH", "2 play TH", "3 play 9H", "4 play AH", "5 play TH"]),
    ("tut56.twins", {"twin_card": "JH", "points": 11}, None, []),
    ("tut56.lead_spade", {"lead_card": "JS"}, "0 play JS",
     ["1 play KS", "2 play QS", "3 play TS", "4 play AS", "5 play QS"]),
    ("tut56.lead_low", {"points": 16, "lead_card": "QD"}, "0 play QD",
     ["1 play JD", "2 play KD", "3 play AD", "4 play 9D", "5 play TD"]),
    ("tut56.lost_trick", {"winner_card": "JD", "points": 7}, None,
     ["1 play AS", "2 play KH", "3 play 9S", "4 play KS", "5 play KC"]),
    ("tut56.follow", {"trump_card": "KH", "play_card": "TS"}, "0 play TS",
     ["2 play JC", "3 play JC", "4 play 9C", "5 play TC"]),
    ("tut56.no_duty", {"partner_card": "JC", "play_card": "AD"}, "0 play AD", ["1 play 9S"]),
    ("tut56.made", {"points": 32, "contract": 30}, None,
     ["2 play 9C", "3 play TC", "4 play QC", "5 play AC"]),
    ("tut56.only_trumps", {"play_card": "KH"}, "0 play KH", ["1 play TD"]),
    ("tut56.lead_ace", {"lead_card": "AH"}, "0 play AH",
     ["1 play QH", "2 play AC", "3 play KC", "4 play QH", "5 play QC"]),
    ("tut56.last", {"lead_card": "9H"}, "0 play 9H",
     ["1 play JS", "2 play 9D", "3 play QD", "4 play JD", "5 play KD"]),
    ("tut56.count", {"points": 49, "contract": 30, "change": 3, "ours": 15, "theirs": 9}, None,
     []),
    ("tut56.done", {}, None, []),
]
"""The lesson of 56, step by step."""

LESSONS: dict[str, tuple[dict[str, Any], Script]] = {"28": (DEAL, SCRIPT),
                                                     "29": (DEAL_29, SCRIPT_29),
                                                     "56": (DEAL_56, SCRIPT_56)}
"""Each game's lesson: its deal and its script, by the name of the game's preset."""


def lesson(game_name: str = "28") -> list[dict[str, Any]]:
    """The steps of the tutorial of ``game_name`` (a key of :data:`LESSONS`; see the module
    docstring); raises ``AssertionError`` if the script and the deal ever disagree (a test
    replays it)."""
    deal, script = LESSONS[game_name]
    game = Game.from_record(deal)
    steps = []
    for key, params, expect, then in script:
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
