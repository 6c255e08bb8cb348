"""Computer players behind one interface: see :mod:`twentyeight.bots.base`."""

from twentyeight.bots.base import Bot, BotError, bot_class, bot_names, make_bot, register

__all__ = ["Bot", "BotError", "bot_class", "bot_names", "make_bot", "register"]
