"""The ``twentyeight`` command: ``play``, ``replay``, ``solve``, ``simulate``, ``arena``,
``rules``, ``serve``, ``bot``.

Bad arguments get one clear message and exit status 2; no command prints a traceback for a
user's mistake.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from twentyeight import __version__
from twentyeight.bots import BotError, bot_class, bot_descriptions, table_bot_class
from twentyeight.cli.args import number
from twentyeight.cli.display import terminal_width
from twentyeight.rules import PRESET_TITLES, PRESETS, Rules, RulesError, flag_info


def rules_arg(text: str) -> Rules:
    """``--rules``: a preset name or a JSON object ``{"preset": ..., flag: value}``."""
    try:
        spec: Any = json.loads(text) if text.lstrip().startswith("{") else text
        return Rules.from_spec(spec)
    except json.JSONDecodeError as e:
        raise argparse.ArgumentTypeError(f"not a JSON object: {e.msg}") from None
    except RulesError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


_positive = number(int, "a whole number", lambda v: v >= 1, "at least 1")


_seed = number(int, "a whole number")


def _bot_list(text: str, check: Callable[[str], object]) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError("expected bot names, e.g. rules or rules,random")
    for name in names:
        try:
            check(name)
        except BotError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    return names


def _bots(text: str) -> list[str]:
    """Bot names for the arena: any bot, those that must see the deal included."""
    return _bot_list(text, bot_class)


def _table_bots(text: str) -> list[str]:
    """Bot names for a seat at a table (``play``, ``bot serve``): no bot that sees the deal."""
    return _bot_list(text, table_bot_class)


def levels_help() -> str:
    """The offered levels with their one-line descriptions, for ``--help``."""
    return "; ".join(f"{name} ({text})" for name, text in bot_descriptions().items())


def parser() -> argparse.ArgumentParser:
    """The argument parser of the command."""
    p = argparse.ArgumentParser(
        prog="twentyeight",
        description="The card game 28 and its family (29, 56, 40, three and six players): "
                    "play in the terminal, replay and solve records, simulate, pit bots "
                    "against each other, list the rules, host online tables, serve a bot.",
        epilog="`twentyeight COMMAND --help` tells more about one command.")
    p.add_argument("--version", action="version", version=f"twentyeight {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    pl = sub.add_parser("play", help="play a match in the terminal against computer players")
    pl.add_argument("--rules", type=rules_arg, default=PRESETS["28"],
                    help="a preset (default 28; `twentyeight rules` lists them), or a preset "
                         "with rules changed, as JSON: '{\"preset\": \"28\", "
                         "\"double_redouble\": true, \"cot\": true}' (`twentyeight rules "
                         "28` lists every rule's name and value)")
    pl.add_argument("--seed", type=_seed, default=None, help="seed for the deals and the bots")
    pl.add_argument("--seat", type=int, default=0, help="your seat, 0 to n-1 (default 0)")
    pl.add_argument("--bots", type=_table_bots, default=["casual"],
                    help="the computer players' level, or one per computer seat, comma-"
                         "separated, in the order of play from the seat after yours (at four "
                         "players the second is your partner; a shorter list repeats), from "
                         f"the levels: {levels_help()}; default casual")
    pl.add_argument("--record", type=Path, default=None, metavar="FILE",
                    help="write the match's record to FILE after every hand (RECORDS.md), to "
                         "replay it (twentyeight replay FILE) or review your play "
                         "(twentyeight analyse FILE); 'save' at any prompt writes it too")
    pl.add_argument("--no-colour", "--no-color", dest="colour", action="store_false",
                    default=None, help="no colours (also when NO_COLOR is set)")
    pl.set_defaults(command_parser=pl)         # its errors print the usage of `play`

    rp = sub.add_parser("replay", help="check a game record and tell it: players, auction, "
                        "tricks and result")
    rp.add_argument("file", help="record file (JSON or JSON lines), or - for standard input")
    rp.add_argument("--json", action="store_true", help="print the result object as JSON")

    so = sub.add_parser("solve", help="value of every legal action of a record in play, "
                        "all hands known")
    so.add_argument("file", help="record file (JSON), or - for standard input")
    so.add_argument("--json", action="store_true", help="print one JSON object")
    so.add_argument("--engine", choices=("auto", "python", "compiled"), default="auto",
                    help="the search: numba's compiled kernel when installed (auto), or force "
                    "one")
    so.add_argument("--hand", type=_positive, default=None,
                    help="of a match's record (what 'play --record' writes), hand K as "
                    "'replay' numbers them (default: the last)")
    so.add_argument("--trick", type=_positive, default=None,
                    help="solve before trick T's lead (default: where the record stops; "
                    "the first lead for a finished hand)")

    sm = sub.add_parser("simulate", help="play random hands and report speed and statistics")
    sm.add_argument("--hands", type=_positive, default=10000,
                    help="number of hands (default 10,000)")
    sm.add_argument("--rules", type=rules_arg, default=PRESETS["28"],
                    help="preset or JSON (default 28)")
    sm.add_argument("--seed", type=_seed, default=0, help="seed (default 0)")
    sm.add_argument("--json", action="store_true", help="print one JSON object")
    sm.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                    help="show a progress bar (default: when standard error is a terminal)")

    from twentyeight.cli import arena

    arena.add_parser(sub)

    ru = sub.add_parser("rules", help="list the presets, or the flags of one preset")
    ru.add_argument("preset", nargs="?", help="a preset name")
    ru.add_argument("--json", action="store_true", help="print JSON")

    from twentyeight.cli import serve

    serve.add_parser(sub)

    from twentyeight.cli import bot as bot_cli

    bot_cli.add_parser(sub)

    from twentyeight.cli import analyse

    analyse.add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit status (``twentyeight`` alone prints the help)."""
    if not (sys.argv[1:] if argv is None else argv):
        parser().print_help()
        return 0
    args = parser().parse_args(argv)
    try:
        if args.command == "play":
            return _play(args)
        if args.command == "replay":
            from twentyeight.cli.replay import run

            return run(args.file, args.json)
        if args.command == "solve":
            from twentyeight.cli import solve

            return solve.run(args.file, args.json, engine=args.engine, hand=args.hand,
                             trick=args.trick)
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "serve":
            from twentyeight.cli import serve

            return serve.run(args)
        if args.command == "bot":
            from twentyeight.cli import bot as bot_cli

            return bot_cli.run(args)
        if args.command in ("analyse", "analyze"):
            from twentyeight.cli import analyse

            return analyse.run(args)
        if args.command == "arena":
            from twentyeight.cli import arena

            return arena.run(args)
        return _rules(args)
    except BotError as e:                     # a computer player that failed mid-game
        sys.stderr.write(f"twentyeight {args.command}: {e}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        return 130
    except BrokenPipeError:
        return 0


def _play(args: argparse.Namespace) -> int:
    from twentyeight.cli.play import play

    n = args.rules.num_players
    if not 0 <= args.seat < n:
        args.command_parser.error(
            f"argument --seat: seat {args.seat} does not exist (0 to {n - 1})")
    if len(args.bots) > n - 1:
        args.command_parser.error(
            f"argument --bots: {len(args.bots)} levels for {n - 1} computer seats")
    record = args.record.expanduser() if args.record is not None else None
    if record is not None and (record.is_dir() or not record.parent.is_dir()):
        where = "is a folder" if record.is_dir() else f"has no folder {record.parent}"
        args.command_parser.error(f"argument --record: {args.record} {where}")
    return play(args.rules, args.seed, args.seat, args.bots, colour=args.colour,
                record=args.record)


def _simulate(args: argparse.Namespace) -> int:
    from twentyeight.cli.progress import Progress
    from twentyeight.simulate import simulate

    with Progress(args.hands, "hands", enabled=args.progress) as bar:
        stats = simulate(args.rules, args.hands, args.seed, bar.update)
    if args.json:
        print(json.dumps(stats))
        return 0
    print(f"{stats['hands']:,} random hands of {json.dumps(stats['rules'])} in "
          f"{stats['seconds']:.2f} s: {stats['hands_per_second']:,.0f} hands per second "
          f"({stats['decisions']:,} decisions)")
    reasons = ", ".join(f"{why.replace('_', ' ')} {count:,}"
                        for why, count in stats["annulled_by_reason"].items())
    print(f"complete {stats['complete']:,}, annulled {stats['annulled']:,}"
          + (f" ({reasons})" if reasons else ""))
    if stats["mean_contract"] is not None:
        print(f"mean contract {stats['mean_contract']}, made {stats['made_rate']:.1%}, "
              f"bidding side's mean card points {stats['mean_bidding_points']}")
        top = sorted(stats["contracts"].items(), key=lambda kv: -kv[1])[:5]
        print("most common contracts: " + ", ".join(f"{k} ({v:,})" for k, v in top))
    if stats["special_contracts"]:
        print(f"special contracts: {stats['special_contracts']}")
    return 0


def _width() -> int:
    """The columns the listings are wrapped to: the terminal's, at most 100."""
    return min(terminal_width(), 100)


def _rules(args: argparse.Namespace) -> int:
    if args.preset is None:
        presets = {name: {"title": PRESET_TITLES.get(name, ""), "flags": r.flags()}
                   for name, r in PRESETS.items()}
        if args.json:
            print(json.dumps(presets))
            return 0
        base = PRESETS["28"]
        width = _width()
        for name, r in PRESETS.items():
            print(textwrap.fill(f"{name:10} {PRESET_TITLES.get(name, '')}", width,
                                subsequent_indent=" " * 11))
            diff = {k: v for k, v in r.flags().items() if getattr(base, k) != v}
            if diff:
                print(textwrap.fill(", ".join(f"{k}={json.dumps(v)}" for k, v in diff.items()),
                                    width, initial_indent=" " * 11, subsequent_indent=" " * 11,
                                    break_on_hyphens=False))
        print("\n`twentyeight rules NAME` lists every rule (flag) of a preset. To play one "
              "with\nrules changed: twentyeight play --rules '{\"preset\": NAME, FLAG: "
              "VALUE}'")
        return 0
    try:
        rules = Rules.from_spec(args.preset)
    except RulesError as e:
        print(f"twentyeight rules: {e}", file=sys.stderr)
        return 2
    info = flag_info()
    if args.json:
        print(json.dumps({"preset": args.preset, "title": PRESET_TITLES.get(args.preset, ""),
                          "flags": [{**f, "value": getattr(rules, f["flag"])} for f in info]}))
        return 0
    width = _width()
    print(textwrap.fill(f"{args.preset}: {PRESET_TITLES.get(args.preset, '')}", width,
                        subsequent_indent="  "))
    for f in info:                  # a flag and its value; under it, what it is (wrapped)
        print(f"  {f['flag']} = {json.dumps(getattr(rules, f['flag']))}")
        print(textwrap.fill(f"{f['doc']} [{f['rule']}]", width, initial_indent=" " * 6,
                            subsequent_indent=" " * 6, break_on_hyphens=False))
    print(f"\nPlay it with rules changed:\n  twentyeight play --rules "
          f"'{{\"preset\": \"{args.preset}\", FLAG: VALUE}}'")
    return 0


if __name__ == "__main__":
    sys.exit(main())
