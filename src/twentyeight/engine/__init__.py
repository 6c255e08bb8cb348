"""The rules engine: the state machine of one hand (standard library only)."""

from twentyeight.engine.actions import Action, NotationError
from twentyeight.engine.hand import Hand, deal_pack, shuffled_pack
from twentyeight.engine.scoring import Score

__all__ = ["Action", "Hand", "NotationError", "Score", "deal_pack", "shuffled_pack"]
