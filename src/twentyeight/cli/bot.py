"""``twentyeight bot serve``: one of our bots behind a bot protocol, for others to call.

``twentyeight bot serve --protocol bhoos --bot NAME [--port 8001] [--host 127.0.0.1]
[--seed S]`` answers the competition's HTTP protocol (docs/bot-protocol.md) until
interrupted.  Exit status 2 for bad arguments or a port that cannot be used.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from twentyeight.cli.args import number

USAGE_ERROR = 2
PROTOCOLS = ("bhoos",)


_port = number(int, "a port number", lambda v: 0 <= v <= 65535, "a port from 0 to 65535")


def _our_bot(text: str) -> str:
    from twentyeight.cli.main import _table_bots

    names = _table_bots(text)
    if len(names) != 1 or names[0].startswith(("http://", "https://")):
        raise argparse.ArgumentTypeError("expected one of our bots, e.g. expert")
    return names[0]


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``bot`` subcommand (``bot serve``) to the command's subparsers."""
    from twentyeight.cli.main import _seed, levels_help

    bp: argparse.ArgumentParser = sub.add_parser(
        "bot", help="expose one of our bots over a bot protocol (bot serve)")
    bsub = bp.add_subparsers(dest="bot_command", metavar="SUBCOMMAND")
    bsub.required = True
    sv = bsub.add_parser(
        "serve", help="answer a bot protocol over HTTP",
        description="Serve one of our bots on the HTTP protocol of the public 29 bot "
                    "competition (GET /hi, POST /bid, /chooseTrump, /play; rules bhoos-29).")
    sv.add_argument("--protocol", choices=PROTOCOLS, default="bhoos",
                    help="the protocol (bhoos: docs/bot-protocol.md)")
    sv.add_argument("--bot", type=_our_bot, required=True,
                    help=f"the bot to serve: a level ({levels_help()}), or one measured "
                         "in docs/strength.md (rules, pimc, ismcts, …)")
    sv.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1)")
    sv.add_argument("--port", type=_port, default=8001, help="port (default 8001)")
    sv.add_argument("--seed", type=_seed, default=0, help="seed of the bot (default 0)")
    return bp


def run(args: argparse.Namespace, err: TextIO | None = None) -> int:
    """Serve until interrupted; return the exit status."""
    err = err or sys.stderr
    from twentyeight.integrations.bhoos.serve import make_server

    try:
        server = make_server(args.bot, args.host, args.port, seed=args.seed)
    except OSError as e:
        err.write(f"twentyeight bot serve: error: cannot listen on {args.host}:{args.port}: "
                  f"{e.strerror or e}\n")
        return USAGE_ERROR
    warmed = server.service.warm_up()
    if warmed is not None:
        err.write(f"the solver is loaded ({warmed:.1f} s)\n")
    err.write(f"serving bot {args.bot} on {server.url} (protocol {args.protocol}, "
              "rules bhoos-29); Ctrl-C stops\n")
    err.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        err.write("stopped\n")
    finally:
        server.server_close()
    return 0
