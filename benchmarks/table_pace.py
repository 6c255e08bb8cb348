"""The pace of a table of computer players, as a spectator sees it: does the time between two
actions tell which decision was forced and which was a choice?

Start a server, then point this script at it::

    twentyeight serve --port 8030 --db memory:// --limit rooms_per_client=1000
    python benchmarks/table_pace.py --port 8030 --bots expert --hands 4

It makes ``--hands`` rooms of four computer players of the kind ``--bots`` (each room a match
of one hand: ``game_target`` 1), watches each as a spectator and times every event from the
one before it (what a person at the table sees), then downloads the match's record and
replays it to learn, for each action, how many legal actions its player had.  The report:
for each kind of decision (a call or the trump, a declaration, a card of trick 1, 2, 3, a
later card), the time between actions when the player had one legal action (forced) and when
it had a choice — median,
90th percentile and most, in milliseconds.  Where the two columns differ, the pace tells the
table something about the cards.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import httpx
from quantiles import percentile
from websockets.asyncio.client import connect

from twentyeight import Game


async def watch(base: str, ws_base: str, bots: str, rules: str, delay: float) -> list[float]:
    """Make a one-hand room of ``bots``, watch it to its end; the seconds before each event."""
    made = httpx.post(f"{base}/api/rooms", json={
        "rules": {"preset": rules, "game_target": 1}, "bots": bots, "bot_delay": delay},
        timeout=10).json()
    room = made["room"]
    gaps: list[float] = []
    async with connect(f"{ws_base}/api/rooms/{room}/ws", open_timeout=10) as ws:
        httpx.post(f"{base}/api/rooms/{room}/start", json={"token": made["host_token"]},
                   timeout=10).raise_for_status()
        last: float | None = None
        while True:
            m = json.loads(await asyncio.wait_for(ws.recv(), 120))
            if m["type"] == "event":
                now = time.monotonic()
                if last is not None:
                    gaps.append(now - last)
                last = now
            if m["type"] == "state" and m.get("match", {}).get("over"):
                break
    record = httpx.get(f"{base}/api/rooms/{room}/record", timeout=10).json()
    return label(record, gaps)


def label(record: dict[str, Any], gaps: Sequence[float]) -> list[Any]:
    """``(kind, forced, seconds)`` for each action after the first, in order."""
    out: list[Any] = []
    index = 0
    for hand in record["hands_played"]:
        game = Game.from_record({**hand, "actions": []})
        for action in hand["actions"]:
            view = game.view(game.to_act) if game.to_act is not None else None
            if view is not None and index > 0 and index - 1 < len(gaps):
                tricks = len(view["tricks"])
                kind = ("a call" if view["phase"] in ("auction", "trump") else
                        "a declaration" if view["phase"] != "play" else
                        f"a card of trick {tricks + 1}" if tricks < 3 else "a later card")
                out.append((kind, len(view["legal"]) == 1, gaps[index - 1]))
            game.apply(action)
            index += 1
    return out


def report(rows: Sequence[Any]) -> str:
    """The table of the module's docstring."""
    groups: dict[tuple[str, bool], list[float]] = defaultdict(list)
    for kind, forced, seconds in rows:
        groups[(kind, forced)].append(seconds * 1000)
    kinds = ["a call", "a declaration", *(f"a card of trick {t}" for t in (1, 2, 3)),
             "a later card"]
    lines = ["| Decision | forced: n, median / p90 / most (ms) | a choice: n, median / p90 / most "
             "(ms) |", "|---|---|---|"]
    for kind in kinds:
        cells = []
        for forced in (True, False):
            xs = sorted(groups.get((kind, forced), []))
            cells.append(f"{len(xs)}, {statistics.median(xs):.0f} / {percentile(xs, 0.9):.0f} / "
                         f"{xs[-1]:.0f}" if xs else "—")
        lines.append(f"| {kind} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines)


async def main_async(args: argparse.Namespace) -> None:
    base = f"http://{args.host}:{args.port}"
    ws_base = f"ws://{args.host}:{args.port}"
    rows: list[Any] = []
    for _ in range(args.hands):
        rows += await watch(base, ws_base, args.bots, args.rules, args.delay)
    print(report(rows))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--bots", default="expert")
    p.add_argument("--rules", default="28")
    p.add_argument("--hands", type=int, default=4)
    p.add_argument("--delay", type=float, default=0.5, help="the rooms' bot_delay")
    asyncio.run(main_async(p.parse_args()))


if __name__ == "__main__":
    main()
