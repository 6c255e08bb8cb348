"""How a server runs: the options of ``twentyeight serve`` as one value."""

from __future__ import annotations

from dataclasses import dataclass, field

from twentyeight.server.limits import Limits


@dataclass(frozen=True)
class Settings:
    """How a server runs (``twentyeight serve`` options)."""

    db_url: str = "sqlite:///twentyeight.db"
    takeover_seconds: float = 60.0
    """Default: how long a player may be away before a computer player acts for them."""
    bot_delay: float = 0.5
    """Default: seconds a computer player waits before it acts, so people can follow."""
    turn_seconds: float = 60.0
    """Default: the turn clock — how long a person at the table may think before the room's
    computer player acts for them."""
    limits: Limits = field(default_factory=Limits)
    """Every bound the server keeps (docs/online.md, "Limits")."""
    allow_external_bots: bool = False
    """Whether a room may seat an external bot by URL (BOT-PROTOCOL.md).  Off by default: the
    server would otherwise fetch any address a room's creator names."""
    redis_url: str | None = None
    """Redis for fan-out between several processes sharing ``db_url``; ``None``: one process."""
    heartbeat_seconds: float = 2.0
    """With Redis: how often each process announces its connections."""
    poll_seconds: float = 2.0
    """With Redis: how often each process checks the database for changes it missed."""
    behind_https: bool = False
    """Session cookies are marked ``Secure`` always (also set, request by request, when the
    request came over HTTPS: directly, or by ``X-Forwarded-Proto`` from a trusted proxy)."""
    bot_modules: tuple[str, ...] = field(default_factory=tuple)
    """Modules imported at the start that register more computer players
    (:func:`twentyeight.bots.register`); rooms may then choose them by name."""
