"""twentyeight: the card game 28 and its family — rules engine, records and players.

>>> import twentyeight
>>> game = twentyeight.Game.new("29", seed=3, dealer=0)
>>> game.to_act, game.rules.min_bid
(1, 15)
"""

from twentyeight.engine.actions import Action
from twentyeight.errors import IllegalAction, RecordError
from twentyeight.game import Game
from twentyeight.match import Match
from twentyeight.rules import PRESETS, Rules, RulesError

__all__ = ["PRESETS", "Action", "Game", "IllegalAction", "Match", "RecordError", "Rules",
           "RulesError"]
__version__ = "0.1.0"
