"""Computer players behind one interface: see :mod:`twentyeight.bots.base`."""

from twentyeight.bots.base import (
    Bot,
    BotError,
    bot_class,
    bot_descriptions,
    bot_names,
    history_actions,
    make_bot,
    make_table_bot,
    offered_bot_names,
    register,
    table_bot_class,
    table_bot_names,
)

__all__ = ["Bot", "BotError", "bot_class", "bot_descriptions", "bot_names",
           "history_actions", "make_bot", "make_table_bot", "offered_bot_names", "register",
           "table_bot_class", "table_bot_names"]
