"""How often a bot's defence gives away a contract that the real deal had beaten.

The arena's strength numbers need hundreds of duplicate deals to move; this measures the part
of the card play where the gap to perfect information is (docs/strength.md, "When the cards
matter") on fixed positions, with less noise.  From saved arena records (``--save``), it
takes every decision of a defender in the first ``--tricks`` tricks at which the cards lead to
different results on the **real** deal, every card seen (the contract beaten after some, made
after others: a *critical* position), and asks a bot for its card there.  An *error* is a card
after which the bidding side makes its contract on the real deal while another card beats it.
A bot that saw every card would make none; the count tells two readings of the same hidden
cards apart on the same positions::

    PYTHONPATH=src:benchmarks python benchmarks/defence_errors.py DIR \\
        --bot bid_variants:Variant --budget 0.25 --seeds 1 2 3 4 --json OUT [--against OTHER]

(``EXPERT_VARIANT`` as for ``bid_variants.py``).  ``--declarer`` asks about the bidding
side's decisions instead: an error is then a card after which the contract fails on the real
deal while another makes it.  Prints the errors by seed and by trick;
``--json`` writes each answer, ``--against`` compares with another run's answers on the same
positions and seeds (:func:`paired`).  A seed's sampled deals move many answers together
(the plain expert made 69 to 101 errors of 399 with four seeds), so compare over several
seeds.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from twentyeight.arena import mean_ci95, wilson_ci95
from twentyeight.bots import Bot, make_bot
from twentyeight.bots.pimc import NodeLimit, solve_limited
from twentyeight.engine.actions import PAIR
from twentyeight.engine.state import PLAY
from twentyeight.game import Game
from twentyeight.solver.position import SolverError

__all__ = ["Critical", "critical_positions", "main", "paired"]

NODES = 20_000_000
"""Solver nodes for the real deal's values at one position (a position beyond is skipped)."""


@dataclass(frozen=True)
class Critical:
    """A defender's decision at which the real deal's result depends on the card."""

    record: str
    """The record's file."""
    index: int
    """How many of the record's actions come before the decision."""
    trick: int
    """The trick (0: the first)."""
    right: frozenset[str]
    """The actions (notation) that are right for the side to act, every card seen: after
    which the contract is beaten (a defender's) or made (the bidding side's)."""


def _records(directories: Sequence[Path]) -> Iterator[Path]:
    for d in directories:
        yield from sorted(d.glob("deal-*.json"))


def _game_at(record: dict[str, object], index: int) -> Game:
    """The record's hand after its first ``index`` actions."""
    game = Game.from_record({k: record[k] for k in ("rules", "dealer", "seed")})
    actions = record["actions"]
    assert isinstance(actions, list)
    for a in actions[:index]:
        game.apply(a)
    return game


def critical_positions(directories: Sequence[Path], tricks: int, limit: int | None = None,
                       player: str | None = None, declarer: bool = False) -> list[Critical]:
    """The critical positions of the defenders' first ``tricks`` tricks in the records (the
    bidding side's, if ``declarer``; only those where the bot named ``player`` held the seat,
    if given)."""
    found: list[Critical] = []
    for path in _records(directories):
        record = json.loads(path.read_text())
        game = _game_at(record, 0)
        for index, action in enumerate(record["actions"]):
            h = game.hand
            seat = h.to_act
            if (h.phase == PLAY and seat is not None and h.bidder >= 0
                    and h.bid_side[seat] == declarer
                    and len(h.tricks) < tricks
                    and (player is None or record["players"][seat] == player)):
                right = _right_cards(game)
                if right is not None:
                    found.append(Critical(str(path), index, len(h.tricks), right))
                    if limit is not None and len(found) >= limit:
                        return found
            game.apply(action)
    return found


def _right_cards(game: Game) -> frozenset[str] | None:
    """The cards that are right for the side to act on the real deal (that beat the contract,
    or make it), if some are and some are not."""
    h = game.hand
    seat = h.to_act
    assert seat is not None
    try:
        values, _, _ = solve_limited(h.copy(), NODES, made_only=True)
    except (NodeLimit, SolverError):
        return None
    cards = {str(h.action(seat, c)): bool(v) for c, v in values.items() if c != PAIR}
    if len(set(cards.values())) < 2:
        return None
    return frozenset(a for a, made in cards.items() if made == bool(h.bid_side[seat]))


def main(argv: Sequence[str] | None = None) -> int:
    """Count a bot's errors on the critical positions of saved records (module docs)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", type=Path, help="arena --save directories")
    parser.add_argument("--bot", default="bid_variants:Variant")
    parser.add_argument("--budget", type=float, default=0.25)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1],
                        help="the bot's seeds: each is asked at every position")
    parser.add_argument("--tricks", type=int, default=4)
    parser.add_argument("--limit", type=int, default=None, help="at most this many positions")
    parser.add_argument("--player", default=None,
                        help="only the positions where this bot held the seat in the records")
    parser.add_argument("--declarer", action="store_true",
                        help="the bidding side's decisions instead of the defenders'")
    parser.add_argument("--json", type=Path, default=None, help="write each position's card")
    parser.add_argument("--against", type=Path, default=None,
                        help="another run's --json: compare on the same positions")
    args = parser.parse_args(argv)
    missing = [str(d) for d in args.records if not any(d.glob("deal-*.json"))]
    if missing:
        parser.error(f"no arena records (deal-*.json) in {', '.join(missing)}")
    positions = critical_positions(args.records, args.tricks, args.limit, args.player,
                                   args.declarer)
    if not positions:
        parser.error("no critical positions in these records")
    rows = []
    for seed in args.seeds:
        bot = make_bot(args.bot, seed, args.budget)
        rows += [{"seed": seed, **row} for row in _answers(bot, positions)]
    for seed in args.seeds:
        mine = [r for r in rows if r["seed"] == seed]
        print(f"seed {seed}: {sum(bool(r['error']) for r in mine)} errors of {len(mine)}")
    for trick in sorted({p.trick for p in positions}):
        mine = [r for r in rows if r["trick"] == trick]
        e = sum(bool(r["error"]) for r in mine)
        print(f"trick {trick + 1}: {e} errors of {len(mine)} answers ({e / len(mine):.1%})")
    errors = sum(bool(r["error"]) for r in rows)
    low, high = wilson_ci95(errors / len(rows), len(rows))
    print(f"all: {errors} of {len(rows)} ({errors / max(1, len(rows)):.1%}, "
          f"95% [{low:.1%}, {high:.1%}] as if independent)")
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=1))
    if args.against is not None:
        print(paired(rows, json.loads(args.against.read_text())))
    return 0


def _answers(bot: Bot, positions: Sequence[Critical]) -> Iterator[dict[str, object]]:
    """The bot's card at each position, and whether it is an error."""
    records: dict[str, dict[str, object]] = {}
    for p in positions:
        record = records.setdefault(p.record, json.loads(Path(p.record).read_text()))
        game = _game_at(record, p.index)
        seat = game.to_act
        assert seat is not None
        bind = getattr(bot, "bind", None)
        if bind is not None:                    # a bot that is given the real state (sees=)
            bind(game)
        choice = str(bot.act(game.view(seat)))
        yield {"record": p.record, "index": p.index, "trick": p.trick, "card": choice,
               "error": choice not in p.right}


def paired(a: Sequence[dict[str, object]], b: Sequence[dict[str, object]]) -> str:
    """The two runs' errors on their common positions and seeds: how many each alone made,
    and the difference of their error shares, with a 95% interval from the spread of the
    per-seed differences (a seed's deals move many answers together, so positions are not
    independent draws) when there are several seeds."""
    def key(r: dict[str, object]) -> tuple[object, ...]:
        return r.get("seed", 1), r["record"], r["index"]

    errors_b = {key(r): bool(r["error"]) for r in b}
    common = [(key(r)[0], bool(r["error"]), errors_b[key(r)]) for r in a if key(r) in errors_b]
    n = len(common)
    only_a = sum(1 for _, x, y in common if x and not y)
    only_b = sum(1 for _, x, y in common if y and not x)
    text = (f"paired over {n} answers: errors only here {only_a}, only there {only_b}; "
            f"difference {(only_a - only_b) / max(1, n):+.1%}")
    seeds = sorted({s for s, _, _ in common}, key=str)
    if len(seeds) < 2:
        return text
    diffs = []
    for seed in seeds:
        mine = [(x, y) for s, x, y in common if s == seed]
        diffs.append(sum(int(x) - int(y) for x, y in mine) / len(mine))
    spread = mean_ci95(diffs)
    mean, sd = spread["mean"], spread["sd"]
    half = T95[min(len(diffs) - 1, len(T95)) - 1] * sd / math.sqrt(len(diffs))
    return text + f" [{mean - half:+.1%}, {mean + half:+.1%}] over {len(seeds)} seeds"


T95 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 1.96)
"""Student's t at 97.5% for 1 … 9 degrees of freedom, then the normal's."""


if __name__ == "__main__":
    sys.exit(main())
