"""How long a hint takes, and how long ``twentyeight analyse`` takes on a 10-hand match.

Hints: every decision with a choice of one seat in ``--hands`` hands that the ``rules`` bot
plays at all four seats (preset 28, seeded), each hint timed on its own (the compiled
solver loaded first, as a server would have it).  Analyse: a match of ``--match-hands``
hands played the same way, reviewed for every seat and for one seat, timed from the record
to the list of decisions (what ``analyse --json`` prints), in wall-clock seconds and in the
processor seconds this process used (what a quiet machine would take: on a shared one the
wall clock also counts the time others had the processor).

    python benchmarks/analysis_speed.py [--hands 6] [--match-hands 10] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from quantiles import percentile

from twentyeight import Game, Match
from twentyeight.analysis import default_expert, hint
from twentyeight.analysis.review import review_records
from twentyeight.bots import make_bot
from twentyeight.solver import fast


def rules_hands(hands: int, seed: int) -> list[Game]:
    """``hands`` finished hands of preset 28 played by the ``rules`` bot."""
    bots = [make_bot("rules", seed=s) for s in range(4)]
    games = []
    for k in range(hands):
        g = Game.new("28", seed=seed * 1000 + k, dealer=k % 4)
        while not g.over:
            s = g.to_act
            assert s is not None
            g.apply(bots[s].act(g.view(s)))
        games.append(g)
    return games


def hint_times(games: list[Game], seat: int) -> list[tuple[str, int, float]]:
    """(phase, trick, seconds) of a hint at every decision of ``seat`` with a choice."""
    expert = default_expert()
    out = []
    for g in games:
        record = g.to_record()
        replay = Game.from_record({**record, "actions": []})
        for text in record["actions"]:
            view = replay.view(replay.to_act) if replay.to_act is not None else None
            if view is not None and view["seat"] == seat and len(view["legal"]) > 1:
                t0 = time.perf_counter()
                hint(view, expert)
                out.append((view["phase"], len(view["tricks"]) + 1,
                            time.perf_counter() - t0))
            replay.apply(text)
    return out


def match_record(hands: int, seed: int) -> list[dict[str, Any]]:
    """The hand records of a match of ``hands`` hands played by the ``rules`` bot."""
    bots = [make_bot("rules", seed=s) for s in range(4)]
    m = Match.new("28", seed=seed)
    records: list[dict[str, Any]] = []
    while len(records) < hands:
        if m.over:
            m = Match.new("28", seed=seed + len(records))
        s = m.to_act
        assert s is not None
        game = m.current
        m.apply(bots[s].act(game.view(s)))
        if game.over:
            records.append(game.to_record())
    return records


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"count": len(ordered), "median_s": round(statistics.median(ordered), 3),
            "p90_s": round(percentile(ordered, 0.9), 3),
            "max_s": round(ordered[-1], 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=6, help="hands for the hint timings")
    ap.add_argument("--match-hands", type=int, default=10, help="hands of the match")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args()
    warm = fast.warm_up() if fast.compiled_available() else 0.0
    found = hint_times(rules_hands(args.hands, args.seed), seat=0)
    by_phase: dict[str, list[float]] = {}
    for phase, trick, seconds in found:
        key = f"trick {trick}" if phase == "play" and trick <= 2 else \
            "play, later tricks" if phase == "play" else phase
        by_phase.setdefault(key, []).append(seconds)
    records = match_record(args.match_hands, args.seed)
    t0, c0 = time.perf_counter(), time.process_time()
    every = review_records(records)
    all_seats, all_cpu = time.perf_counter() - t0, time.process_time() - c0
    t0, c0 = time.perf_counter(), time.process_time()
    one = review_records(records, seats=[0])
    one_seat, one_cpu = time.perf_counter() - t0, time.process_time() - c0
    result: dict[str, Any] = {
        "warm_up_s": round(warm, 2),
        "hints": summary([t for _, _, t in found]),
        "hints_by_phase": {k: summary(v) for k, v in by_phase.items()},
        "analyse": {"hands": len(records), "all_seats_s": round(all_seats, 1),
                    "all_seats_cpu_s": round(all_cpu, 1),
                    "all_seats_decisions": len(every), "one_seat_s": round(one_seat, 1),
                    "one_seat_cpu_s": round(one_cpu, 1), "one_seat_decisions": len(one)},
    }
    if args.json:
        print(json.dumps(result))
        return
    h = result["hints"]
    print(f"hints: {h['count']} decisions, median {h['median_s']} s, 90th percentile "
          f"{h['p90_s']} s, max {h['max_s']} s")
    for phase, s in result["hints_by_phase"].items():
        print(f"  {phase:20} {s['count']:4} median {s['median_s']} s, max {s['max_s']} s")
    a = result["analyse"]
    print(f"analyse of a {a['hands']}-hand match: every seat {a['all_seats_s']} s "
          f"(processor {a['all_seats_cpu_s']} s, {a['all_seats_decisions']} decisions), one "
          f"seat {a['one_seat_s']} s (processor {a['one_seat_cpu_s']} s, "
          f"{a['one_seat_decisions']} decisions)")


if __name__ == "__main__":
    main()
