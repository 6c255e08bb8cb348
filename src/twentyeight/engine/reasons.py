"""Why an action is refused, as data: a key, the rule it cites and a few parameters.

The engine's legality code writes :class:`Reason` values instead of sentences, so that every
front end can say them in its own words and language: ``str(reason)`` is the English
sentence (:data:`ENGLISH`), and a browser looks ``reason.key`` up in its own catalog and fills
in ``reason.params``.  Parameters are language-neutral: a suit is its letter (``"S"``), a
card its notation (``"JS"``), a number an int.

>>> r = Reason("follow_suit", "28-PLAY-2", {"suit": "H"})
>>> str(r)
'you must follow suit: you hold hearts (28-PLAY-2)'
>>> r.to_json()
{'key': 'follow_suit', 'rule': '28-PLAY-2', 'params': {'suit': 'H'}}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["ENGLISH", "SUIT_WORDS", "Reason"]

SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
"""English names of the suits, for the ``{suit}`` parameter."""

ENGLISH: dict[str, str] = {
    # the play of the cards (engine/play.py)
    "bidder_no_trump_lead": "the bidder may not lead a trump while holding other suits",
    "no_trump_lead_yet": "no trump may be led before a trump has been played",
    "follow_suit": "you must follow suit: you hold {suit}",
    "must_ask_first": "you cannot follow suit, so you must first ask for the trump",
    "bidder_no_hidden_trump_discard": "the bidder, void in the suit led, may not play a "
                                      "trump-suit card without exposing the trump",
    "revealer_plays_indicator": "having exposed the trump, the bidder must play the "
                                "indicator itself",
    "asker_must_trump": "having asked for the trump you must play a trump",
    "revealer_overtrump": "having revealed, you must over-trump the opponent's trump",
    "must_overtrump": "you must over-trump when you can",
    "no_undertrump": "you may not under-trump",
    "jack_discard": "you may not discard the jack of a suit that has not been led",
}
"""The English sentence of every reason key (``{name}`` marks a parameter)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason an action is not allowed: ``key`` names the sentence, ``rule`` the rule ID."""

    key: str
    rule: str | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """The English sentence, without the rule."""
        words = {name: SUIT_WORDS.get(value, value) if name == "suit" else value
                 for name, value in self.params.items()}
        return ENGLISH[self.key].format(**words)

    def __str__(self) -> str:
        return f"{self.text()} ({self.rule})" if self.rule else self.text()

    def to_json(self) -> dict[str, Any]:
        """``{"key", "rule", "params"}``, what a client translates."""
        return {"key": self.key, "rule": self.rule, "params": dict(self.params)}
