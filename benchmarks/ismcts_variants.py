"""Variants of ``ismcts``, for tuning it on the same deals (docs/strength.md, "ismcts").

``IsmVariant`` is ``ismcts`` with its exploration constant, the share of greedy play-out
cards and learned play-outs read from the environment variable ``ISMCTS_VARIANT``
(``exploration=C,greedy=G,learned=1``; unset, :data:`~twentyeight.bots.ismcts.EXPLORATION`,
:data:`~twentyeight.bots.ismcts.GREEDY` and uniform play-outs).  ``learned=1`` draws a
play-out's cards from :mod:`~twentyeight.bots.play_model`'s probabilities (the family of the
table's preset, else 28's).  Its name, hence its seeds, is the same in every run, so two runs
on the same deals differ only where the setting changed a decision, and ``python
benchmarks/bid_variants.py DIR_A DIR_B --bot IsmVariant`` gives the per-deal difference:

    ISMCTS_VARIANT=exploration=0.5 PYTHONPATH=src:benchmarks twentyeight arena \\
        --bots ismcts_variants:IsmVariant,rules --rules 28 --deals 200 --seed 3101 \\
        --workers 1 --budget 0.25 --save /tmp/ism-0.5
"""

from __future__ import annotations

import os
import random

from twentyeight.bots import ismcts, play_model
from twentyeight.bots.ismcts import IsmctsBot
from twentyeight.engine.actions import PLAY_LIMIT
from twentyeight.engine.hand import Hand

__all__ = ["IsmVariant", "learned_code"]


def learned_code(h: Hand, rng: random.Random, greedy: float = 0.0) -> int:
    """The play-out's move: a card drawn from the play model where the choice is between
    cards only, else the shipped default policy's move."""
    codes = h.legal_codes()
    cards = [c for c in codes if c < PLAY_LIMIT]
    if len(cards) < 2 or len(cards) != len(codes) or h.to_act is None:
        return ismcts.default_code(h, rng, greedy)
    family = h.rules.preset or "28"
    probs = play_model.softmax(play_model.model().weights_for(family),
                               play_model.card_features(h, h.to_act, cards))
    return rng.choices(cards, probs)[0]


class IsmVariant(IsmctsBot):
    """``ismcts`` with the settings of ``ISMCTS_VARIANT`` (module docs)."""

    learned = False
    """Draw the play-outs' cards from the play model (``learned=1``)."""

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed, budget)
        for part in filter(None, os.environ.get("ISMCTS_VARIANT", "").split(",")):
            key, value = part.split("=")
            if key == "learned":
                self.learned = value == "1"
            elif key in ("exploration", "greedy"):
                setattr(self, key, float(value))
            else:
                raise ValueError(f"ISMCTS_VARIANT: unknown setting {key!r}")

    def playout_code(self, h: Hand, rng: random.Random) -> int:
        if self.learned:
            return learned_code(h, rng, self.greedy)
        return super().playout_code(h, rng)
