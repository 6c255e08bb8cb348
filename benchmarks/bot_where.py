"""Where one bot gains on another: the records of ``twentyeight arena --save DIR`` sorted out.

    twentyeight arena --bots expert,rules --rules 28 --deals 100 --seed 202 --save /tmp/a
    python benchmarks/bot_where.py /tmp/a expert

Each duplicate deal is played twice on the same cards with the partnerships swapped.  The
deals are sorted by who won the auction in the two plays — bot ``A`` (the one named) or the
other (``B``), at the same seat (the same cards bid) or not — and for each kind the script
prints how many deals there were and what ``A`` gained per deal (game points of its side
minus the other's, averaged over the two plays, as the arena counts them).  Then, for each
bot and each contract, how many it bid and made.  So one sees whether a margin comes from
the auction (who bids what), from the declarer's play (the same seat bid in both plays) or
from the defence (the other bot bid in both).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from twentyeight.game import Game


def _play(record: dict[str, Any], name: str) -> dict[str, Any]:
    """Who bid, the contract, whether made and ``name``'s side's margin in one play."""
    r = Game.from_record(record).result()
    players = record["players"]
    ours = [s for s, p in enumerate(players) if p == name]
    if not ours:
        raise ValueError(f"{name!r} did not play in {record.get('comment')!r}")
    teams = len(r["score_by_team"])
    team = ours[0] % teams
    scores = r["score_by_team"]
    margin = scores[team] - sum(s for t, s in enumerate(scores) if t != team)
    bidder = r["bidder"] if r["contract"] is not None else None
    who = None if bidder is None else "A" if players[bidder] == name else "B"
    return {"bidder": bidder, "who": who, "contract": r["contract"], "made": r["made"],
            "margin": margin}


def where(directory: Path, name: str) -> dict[str, Any]:
    """The kinds of deals and the contracts (see the module docs)."""
    plays: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for path in sorted(directory.glob("deal-*-*.json")):
        _, deal, k = path.stem.split("-")
        plays[deal][k] = _play(json.loads(path.read_text(encoding="utf-8")), name)
    count: Counter[str] = Counter()
    gain: Counter[str] = Counter()
    contracts: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])
    for both in plays.values():
        ps = [both[k] for k in sorted(both)]
        who = "+".join(sorted(p["who"] or "none" for p in ps))
        seat = "same seat" if len({p["bidder"] for p in ps}) == 1 else "other seats"
        kind = f"{who}, {seat}"
        count[kind] += 1
        gain[kind] += sum(p["margin"] for p in ps) / len(ps)
        for p in ps:
            if p["who"] is not None:
                c = contracts[(p["who"], p["contract"])]
                c[0] += 1
                c[1] += bool(p["made"])
    return {"deals": len(plays), "kinds": {k: {"deals": count[k], "gain": gain[k]}
                                            for k in sorted(count)},
            "contracts": {f"{w} {c}": v for (w, c), v in sorted(contracts.items())}}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("directory", type=Path, help="a directory written by arena --save")
    ap.add_argument("bot", help="the bot called A (as the arena named it)")
    args = ap.parse_args(argv)
    try:
        out = where(args.directory, args.bot)
    except (OSError, ValueError, KeyError) as e:
        print(f"bot_where: {e}")
        return 2
    total = sum(k["gain"] for k in out["kinds"].values())
    print(f"{out['deals']} deals; A = {args.bot}: {total / max(1, out['deals']):+.3f} a deal")
    print("who bid in the two plays      deals   A's gain   per deal")
    for kind, k in out["kinds"].items():
        print(f"  {kind:27s} {k['deals']:5d} {k['gain']:+10.2f} {k['gain'] / k['deals']:+10.3f}")
    print("contracts (A or B, bid): bid / made")
    for key, (bid, made) in out["contracts"].items():
        print(f"  {key:8s} {bid:4d} / {made:<4d} ({made / bid:.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
