"""``ismcts`` with its play-outs' cards drawn from the learned play model, for measuring it.

``IsmctsVariant`` is the shipped ``ismcts`` whose play-out cards are, with ``ISMCTS_VARIANT=
learned=1``, drawn from :mod:`~twentyeight.bots.play_model`'s probabilities (the family of the
table's preset, else 28's) instead of uniformly; unset, it is ``ismcts`` itself.  Its name,
hence its seeds, is the same either way, so two runs on the same seed pair by deal
(``bid_variants.py DIR_A DIR_B --bot IsmctsVariant``):

    ISMCTS_VARIANT=learned=1 PYTHONPATH=src:benchmarks twentyeight arena \\
        --bots ismcts_variants:IsmctsVariant,rules --rules 28 --deals 200 --seed 3801 \\
        --workers 1 --budget 0.25 --save /tmp/learned
    (the same without ISMCTS_VARIANT, --save /tmp/uniform)
    PYTHONPATH=src python benchmarks/bid_variants.py /tmp/learned /tmp/uniform --bot IsmctsVariant
"""

from __future__ import annotations

import os
import random

from twentyeight.bots import ismcts, play_model
from twentyeight.bots.ismcts import IsmctsBot
from twentyeight.engine.actions import PLAY_LIMIT
from twentyeight.engine.hand import Hand

__all__ = ["IsmctsVariant", "learned_code"]


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


class IsmctsVariant(IsmctsBot):
    """``ismcts``, with learned play-outs under ``ISMCTS_VARIANT=learned=1`` (module docs)."""

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed, budget)
        self.learned = os.environ.get("ISMCTS_VARIANT", "") == "learned=1"

    def playout_code(self, h: Hand, rng: random.Random) -> int:
        if self.learned:
            return learned_code(h, rng, self.greedy)
        return super().playout_code(h, rng)
