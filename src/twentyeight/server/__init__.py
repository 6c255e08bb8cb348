"""Online play: ``twentyeight serve`` (needs the ``twentyeight[server]`` extra).

* :mod:`~twentyeight.server.app`: the FastAPI application (HTTP API and WebSocket);
* :mod:`~twentyeight.server.hub`: one process's rooms, and the parts below put together;
* :mod:`~twentyeight.server.authority`: the one place actions are judged, committed and told;
* :mod:`~twentyeight.server.lobby`: rooms made, seats taken, matches started, who is there;
* :mod:`~twentyeight.server.driver`: computer players for bot seats and away players;
* :mod:`~twentyeight.server.transport`: one WebSocket's frames in, answers out;
* :mod:`~twentyeight.server.audience`: each room's connections, and what each is told;
* :mod:`~twentyeight.server.connection`: one client's outgoing queue;
* :mod:`~twentyeight.server.room`: a room in memory, its seats and tokens;
* :mod:`~twentyeight.server.public`: what spectators may see, what each seat is told;
* :mod:`~twentyeight.server.protocol`: the WebSocket messages (docs/protocol.md);
* :mod:`~twentyeight.server.store`: the storage interface and the database (SQLAlchemy;
  SQLite or PostgreSQL); :mod:`~twentyeight.server.memory_store` the same in memory;
  :mod:`~twentyeight.server.database`: the store's calls on their own threads;
* :mod:`~twentyeight.server.sync`: keeping rooms in step with other processes (the interface,
  and the do-nothing one of a process alone); :mod:`~twentyeight.server.catchup`: catching up
  from the database; :mod:`~twentyeight.server.cluster`: with Redis notices and presence
  (:mod:`~twentyeight.server.fanout`, the ``redis`` extra);
* :mod:`~twentyeight.server.settings`: the options of ``twentyeight serve``.

This package imports FastAPI and SQLAlchemy; nothing else in ``twentyeight`` imports it.
"""
