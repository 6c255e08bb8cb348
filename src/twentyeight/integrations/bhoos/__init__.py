"""The HTTP bot protocol of a public 29 bot competition, both ways (docs/bot-protocol.md).

* :mod:`~twentyeight.integrations.bhoos.payloads` — views to requests, answers to actions;
* :mod:`~twentyeight.integrations.bhoos.rebuild` — a request back to a game for its seat;
* :mod:`~twentyeight.integrations.bhoos.host` — :class:`HttpBot`, an external bot in a seat;
* :mod:`~twentyeight.integrations.bhoos.serve` — our bots behind the protocol.

The rules are the preset ``bhoos-29``.  Only the standard library is used.
"""

from twentyeight.integrations.bhoos.host import HttpBot, http_bot_class
from twentyeight.integrations.bhoos.serve import BotService, make_server

__all__ = ["BotService", "HttpBot", "http_bot_class", "make_server"]
