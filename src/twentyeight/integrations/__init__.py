"""Adapters that connect twentyeight to other communities' interfaces (issue 6).

* :mod:`twentyeight.integrations.bhoos` — the HTTP bot protocol of a public 29 bot
  competition (docs/bot-protocol.md): hosting external bots and serving ours.
* the reinforcement-learning adapters (PettingZoo, OpenSpiel, Gymnasium) live beside it.
"""
