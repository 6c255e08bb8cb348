"""Online play: ``twentyeight serve`` (needs the ``twentyeight[server]`` extra).

* :mod:`~twentyeight.server.app`: the FastAPI application (HTTP API and WebSocket);
* :mod:`~twentyeight.server.hub`: the authority: rooms, seats, accepting actions, fan-out;
* :mod:`~twentyeight.server.room`: a room in memory, its seats and tokens;
* :mod:`~twentyeight.server.driver`: computer players for bot seats and away players;
* :mod:`~twentyeight.server.public`: what spectators may see, what each seat is told;
* :mod:`~twentyeight.server.protocol`: the WebSocket messages (docs/protocol.md);
* :mod:`~twentyeight.server.connection`: one client's outgoing queue;
* :mod:`~twentyeight.server.store`: the database (SQLAlchemy; SQLite or PostgreSQL);
* :mod:`~twentyeight.server.cluster`: several processes sharing the rooms of one database;
* :mod:`~twentyeight.server.fanout`: their notices over Redis pub/sub (the ``redis`` extra).

This package imports FastAPI and SQLAlchemy; nothing else in ``twentyeight`` imports it.
"""
