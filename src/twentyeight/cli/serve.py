"""``twentyeight serve``: host tables for friends (FastAPI on uvicorn).

One process with SQLite by default; several processes share rooms over one PostgreSQL
database (``--db postgresql://...``) with Redis for fan-out (``--redis redis://...``).
The server part is an optional extra: ``pip install 'twentyeight[server]'`` (and
``twentyeight[server,postgres,redis]`` for several processes).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from twentyeight.cli.args import number

_seconds = number(float, "seconds", lambda v: 0 <= v <= 86400, "0 to 86400 seconds")
_port = number(int, "a port number", lambda v: 0 <= v <= 65535, "a port from 0 to 65535")


def add_parser(sub: Any) -> None:
    """Add the ``serve`` subcommand to the command's subparsers."""
    p = sub.add_parser("serve", help="host online tables: game server and rooms (needs the "
                       "server extra)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for a network)")
    p.add_argument("--port", type=_port, default=8028, help="port (default 8028)")
    p.add_argument("--db", type=database_url, default="sqlite:///twentyeight.db",
                   help="the database: a SQLite file (rooms.db) or a SQLAlchemy URL "
                        "(default sqlite:///twentyeight.db; e.g. "
                        "postgresql://user:pass@host/db, which uses psycopg 3)")
    p.add_argument("--redis", metavar="URL", default=None,
                   help="Redis URL (redis://host:6379/0): share rooms with the other server "
                        "processes on the same --db (default: this process alone)")
    p.add_argument("--takeover-seconds", type=_seconds, default=60.0,
                   help="a computer player acts for a player away this long (default 60)")
    p.add_argument("--bot-delay", type=_seconds, default=0.5,
                   help="seconds a computer player waits before acting (default 0.5)")
    p.add_argument("--turn-seconds", type=_seconds, default=60.0,
                   help="the turn clock: a computer player acts for a person at the table who "
                        "has not acted this long (default 60)")
    p.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                   help="change one of the server's limits (repeatable; docs/online.md lists "
                        "them: body_bytes, message_bytes, rooms, rooms_per_client, "
                        "connections_per_room, connections_per_client, idle_seconds, "
                        "min_bot_delay, hands, bot_workers, …)")
    p.add_argument("--forwarded-allow-ips", default="127.0.0.1", metavar="IPS",
                   help="proxies whose X-Forwarded-For names the client (default 127.0.0.1; "
                        "the per-client limits count that address)")
    p.add_argument("--behind-https", action="store_true",
                   help="the server is reached over HTTPS (a proxy in front): session "
                        "cookies are always marked Secure")
    p.add_argument("--allow-external-bots", action="store_true",
                   help="let rooms seat external bots by URL (the competition protocol; the "
                        "server then calls the addresses rooms name)")
    p.add_argument("--bot-module", action="append", default=[], metavar="MODULE",
                   help="import MODULE at the start: the computer players it registers "
                        "(twentyeight.bots.register) can then be chosen for rooms (repeatable)")
    p.add_argument("--log-level", default="info",
                   choices=["critical", "error", "warning", "info", "debug"])


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    try:
        import uvicorn

        from twentyeight.server import runtime
        from twentyeight.server.app import create_app
        from twentyeight.server.limits import Limits
        from twentyeight.server.settings import Settings
        from twentyeight.server.slow_clients import head_deadline_protocol
    except ImportError as e:
        print(f"twentyeight serve: {e.name or e} is missing; install the server extra: "
              "pip install 'twentyeight[server]'", file=sys.stderr)
        return 2
    try:
        limits = Limits().with_values(args.limit)
    except ValueError as e:
        print(f"twentyeight serve: {e}", file=sys.stderr)
        return 2
    wrong = _outside_limits(args, limits)
    if wrong:
        print(f"twentyeight serve: {wrong}", file=sys.stderr)
        return 2
    settings = Settings(db_url=args.db, takeover_seconds=args.takeover_seconds,
                        bot_delay=args.bot_delay, turn_seconds=args.turn_seconds,
                        allow_external_bots=args.allow_external_bots,
                        redis_url=args.redis, bot_modules=tuple(args.bot_module),
                        behind_https=args.behind_https,
                        limits=limits)
    unreachable = _redis_problem(args.redis) if args.redis else ""
    if unreachable:
        print(f"twentyeight serve: cannot reach Redis at {_safe(args.redis)}: {unreachable}",
              file=sys.stderr)
        return 2
    try:
        app = create_app(settings)
    except Exception as e:          # a bad database URL, an unreachable database
        print(f"twentyeight serve: cannot use the database {_safe(args.db)}: "
              f"{_first_line(e, args.db)}", file=sys.stderr)
        return 2
    shared = f", sharing rooms over {_safe(args.redis)}" if args.redis else ""
    print(f"twentyeight: serving on http://{args.host}:{args.port} (database "
          f"{_safe(args.db)}{shared}); Ctrl-C stops", file=sys.stderr, flush=True)
    runtime.tune()
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                ws_max_size=limits.message_bytes, access_log=args.log_level == "debug",
                ws_per_message_deflate=False,        # small messages: not worth the processor
                http=head_deadline_protocol(limits.head_seconds),
                forwarded_allow_ips=args.forwarded_allow_ips)
    return 0


def database_url(value: str) -> str:
    """``--db``'s value as a SQLAlchemy URL: a URL as it is, a file's path (no ``://``) as
    the SQLite database in that file, as one would write ``--db rooms.db``."""
    if "://" in value or not value.strip():
        return value
    return f"sqlite:///{Path(value).expanduser().resolve()}"


def _outside_limits(args: argparse.Namespace, limits: Any) -> str:
    """Why a room default is outside the server's limits (every room made without its own
    value would be refused), or ``""``. A ``--bot-delay`` under ``min_bot_delay`` is
    raised to it, as a room's is ("instant")."""
    for option, value, low, high, names in (
            ("--takeover-seconds", args.takeover_seconds, 0.0, limits.max_takeover_seconds,
             "max_takeover_seconds"),
            ("--bot-delay", args.bot_delay, 0.0, limits.max_bot_delay, "max_bot_delay"),
            ("--turn-seconds", args.turn_seconds, limits.min_turn_seconds,
             limits.max_turn_seconds, "min_turn_seconds, max_turn_seconds")):
        if not low <= value <= high:
            return (f"{option} {value:g} is outside the limits of {low:g} to {high:g} "
                    f"seconds ({names}: --limit changes them)")
    return ""


def _first_line(error: BaseException, url: str) -> str:
    """What went wrong, in one line: the driver's own message where SQLAlchemy wraps one
    (without its "Background on this error" link), any password of ``url`` hidden."""
    cause = getattr(error, "orig", None) or error
    lines = [line.strip() for line in str(cause).splitlines() if line.strip()]
    text = lines[0] if lines else type(cause).__name__
    return text.replace(url, _safe(url))


def _redis_problem(url: str) -> str:
    """Why Redis at ``url`` cannot be used (``""`` if it answers): a server sharing rooms
    through a Redis it cannot reach would start and keep retrying, alone."""
    try:
        from redis import Redis
    except ImportError:
        return "the redis library is missing: pip install 'twentyeight[redis]'"
    try:
        client = Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
        try:
            client.ping()
        finally:
            client.close()
    except Exception as e:          # a bad URL, a refused or timed-out connection, a password
        return _first_line(e, url)
    return ""


def _safe(url: str) -> str:
    """``url`` without its password, for the console."""
    head, at, rest = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, user = head.partition("://")
    return f"{scheme}://{user.partition(':')[0]}:***@{rest}" if ":" in user else url
