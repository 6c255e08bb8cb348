"""Variants of ``ismcts``, for tuning it on the same deals (docs/strength.md, "ismcts").

``IsmVariant`` is ``ismcts`` with its exploration constant and the share of greedy play-out
cards read from the environment variable ``ISMCTS_VARIANT`` (``exploration=C,greedy=G``;
unset, :data:`~twentyeight.bots.ismcts.EXPLORATION` and :data:`~twentyeight.bots.ismcts.
GREEDY`).  Its name, hence its seeds, is the same in every run, so two runs on the same
deals differ only where the setting changed a decision, and ``python
benchmarks/bid_variants.py DIR_A DIR_B --bot IsmVariant`` gives the per-deal difference:

    ISMCTS_VARIANT=exploration=0.5 PYTHONPATH=src:benchmarks twentyeight arena \\
        --bots ismcts_variants:IsmVariant,rules --rules 28 --deals 200 --seed 3101 \\
        --workers 1 --budget 0.25 --save /tmp/ism-0.5
"""

from __future__ import annotations

import os

from twentyeight.bots.ismcts import IsmctsBot

__all__ = ["IsmVariant"]


class IsmVariant(IsmctsBot):
    """``ismcts`` with the settings of ``ISMCTS_VARIANT`` (module docs)."""

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed, budget)
        for part in filter(None, os.environ.get("ISMCTS_VARIANT", "").split(",")):
            key, value = part.split("=")
            if key not in ("exploration", "greedy"):
                raise ValueError(f"ISMCTS_VARIANT: unknown setting {key!r}")
            setattr(self, key, float(value))
