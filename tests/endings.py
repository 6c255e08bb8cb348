"""Random endings for the solver's tests and tools: a seeded deal played at random (single
hand and Thani avoided) to the first lead, then on to a few tricks from the end; and random
rule sets of a preset with the flags that change the play.

One source for ``test_play_core``, ``test_solver`` and ``tools/find_solver_cases.py``, so the
pinned positions and the properties are reached the same way.
"""

from __future__ import annotations

import random
from typing import Any

from twentyeight import Game
from twentyeight.engine.actions import SINGLE, THANI
from twentyeight.engine.hand import Hand
from twentyeight.engine.state import PLAY
from twentyeight.rules import Rules, RulesError


def to_play(rules: Rules | str, seed: int, prefer: int | None = None
            ) -> tuple[Hand, random.Random] | None:
    """A seeded deal, its auction and windows played at random up to the first lead (the
    action code ``prefer`` taken whenever it is legal), with the random source to go on
    with; ``None`` if the hand ended first."""
    r = rules if isinstance(rules, Rules) else Rules.from_spec(rules)
    rng = random.Random(seed)
    h = Game.new(r, seed=seed, dealer=seed % r.num_players).hand
    while not h.over and h.phase != PLAY:
        codes = [c for c in h.legal_codes() if c not in (SINGLE, THANI)] or h.legal_codes()
        h.step(prefer if prefer in codes else rng.choice(codes))
    return None if h.over else (h, rng)


def ending(rules: Rules | str, seed: int, left: int, down: int = 0,
           prefer: int | None = None) -> Hand | None:
    """The random game of ``seed``, stopped ``left`` tricks from the end with ``down`` cards
    of the trick played (or the first chance after), or ``None``."""
    start = to_play(rules, seed, prefer)
    if start is None:
        return None
    h, rng = start
    while not h.over:
        if len(h.tricks) >= h.t.tricks_total - left and len(h.trick_cards) >= down:
            return h if h.phase == PLAY else None
        h.step(rng.choice(h.legal_codes()))
    return None


PLAY_FLAGS: list[tuple[str, Any]] = [
    ("jack_discard_restriction", True), ("no_undertrump", True),
    ("last_trick_reveal", "at_bidder_turn"), ("bidder_lead_trump_after_trump_led", True),
    ("trump_effect_in_reveal_trick", "whole_trick"),
    ("trump_effect_in_reveal_trick", "c56_hybrid"),
    ("bidder_void_discard_trump_unrevealed", True), ("bidder_reveal_plays", "any_trump"),
    ("bidder_may_reveal_on_trump_lead", True), ("asking_compulsory", True),
    ("asker_must_trump", False), ("revealer_overtrump", True), ("last_trick_bonus", True),
    ("zero_point_hand_redeal", "optional"), ("bidding_side_all_trumps_redeal", True),
    ("trump_lead_restriction", True), ("stop_when_decided", True),
    ("unrevealed_trump_annuls", True), ("half_bid_double_loss", True), ("bidder_restrictions",
                                                                         False),
    ("trump_mode", "hidden"), ("trump_mode", "open"), ("trump_indicator", "suit"),
    ("reverse_no_trump", True), ("seventh_card_trump", True),
]
"""Flags that change the play, with a value other than RECOMMENDED's (or, for the trump
mode, other than some preset's: hidden trump on the open 56 presets, which then brings the
hidden mode's flags; 29's reverse no-trump, whose ranking the position carries; 28's
seventh card)."""


def random_rules(preset: str, picks: list[bool]) -> Rules:
    """``preset`` with the play flags of ``PLAY_FLAGS`` whose pick is true (dropping any the
    preset cannot take)."""
    spec: dict[str, Any] = {"preset": preset}
    for (flag, value), pick in zip(PLAY_FLAGS, picks, strict=False):
        if pick:
            spec[flag] = value
            try:
                Rules.from_spec(spec)
            except RulesError:
                del spec[flag]
    return Rules.from_spec(spec)
