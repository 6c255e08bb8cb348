"""Bot against bot over many deals, with duplicate scoring: :func:`run_arena`.

**Duplicate deals.**  Deal ``i`` is dealt from a seed derived from the arena's seed, with a
dealer derived the same way, and is played once for every way of sharing the teams between
the two bots (both present): with two teams, twice — first bot on team 0, then the
partnerships swapped so that the first bot's players sit where the second bot's sat, on the
same cards and with the same dealer.  (With three teams, as in 3-player 28, the first bot
holds every non-empty proper subset of the teams in turn: six plays, in complementary pairs.)

**Points.**  A play gives each bot the game points of the teams it holds (the hand's
``score_by_team``).  A bot's *game points per deal* is its total over the deal's plays
divided by the number of plays — one hand's scale.  ``diff`` is the first bot's points per
deal minus the second's; its 95% confidence interval uses the paired per-deal differences
(so the luck of the cards cancels): ``mean ± z·s/√n`` with ``s`` the sample standard
deviation (``n - 1``), ``z = 1.95996`` (normal approximation).  With one deal there is no
interval (``None``).

**Seeds.**  The deal of index ``i`` and each bot's seed depend only on the arena's seed,
``i``, the seat and the bot's name — not on the number of workers, the backend or which bot
is named first.  So a run is reproducible, a parallel run equals a serial one, and swapping
the two bots negates ``diff`` exactly.  Two identical bots (same name) play identical games
in both seatings, so their ``diff`` is exactly 0: that is duplicate scoring doing its job.

**Matches and Elo.**  With ``matches=N`` the arena also plays ``N`` full matches (to the
game target, or the preset's other match layer), each duplicated like a deal, with at most
:data:`MAX_MATCH_HANDS` hands (an unfinished match is a draw).  Otherwise, under
``match_scoring == "target"``, match wins are *derived* from the deals: for each seating,
the deals' game points are added up in deal order as in a real match; when a side reaches
±``game_target`` (RULES 28-END-1) the match is decided and a new one starts (an unfinished
last match is dropped).  The Elo difference comes from the first bot's match score
fraction ``p`` (a win 1, a draw ½): ``-400·log10(1/p - 1)``, its interval from the Wilson
score interval of ``p`` mapped the same way, fractions clipped to ``[1/(2n), 1 - 1/(2n)]``.  With no
decided match it falls back to the deals (a deal with positive ``diff`` is a win).

>>> out = run_arena(["rules", "random"], deals=4, rules="28", seed=1, workers=1)
>>> out["deals"], len(out["diff"]["ci95"])
(4, 2)
>>> flipped = run_arena(["random", "rules"], deals=4, rules="28", seed=1, workers=1)
>>> flipped["diff"]["mean"] == -out["diff"]["mean"]
True
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import math
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from statistics import NormalDist
from typing import Any

from twentyeight.bots import Bot, make_bot
from twentyeight.errors import IllegalAction
from twentyeight.game import Game
from twentyeight.match import Match, game_winners
from twentyeight.rules import Rules

Z95 = NormalDist().inv_cdf(0.975)
"""The two-sided 95% normal quantile, 1.959963984540054."""

MAX_MATCH_HANDS = 200
"""A match still undecided after this many hands counts as a draw."""

BACKENDS = ("local", "ray")


class ArenaError(ValueError):
    """A bad arena setting (wrong number of bots, a missing backend, an unusable directory)."""


# ---- statistics ------------------------------------------------------------------------
def mean_ci95(values: Sequence[float]) -> dict[str, Any]:
    """Mean and 95% interval (normal approximation, sample standard deviation).

    >>> [round(x, 4) for x in mean_ci95([1.0, 2.0, 3.0, 4.0])["ci95"]]  # 2.5 ± z·1.2910/2
    [1.2348, 3.7652]
    """
    n = len(values)
    if n == 0:
        return {"mean": None, "ci95": None, "sd": None, "n": 0}
    mean = math.fsum(values) / n
    if n < 2:
        return {"mean": mean, "ci95": None, "sd": None, "n": n}
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return {"mean": mean, "ci95": [mean - half, mean + half], "sd": sd, "n": n}


def paired_diff(first: Sequence[float], second: Sequence[float]) -> dict[str, Any]:
    """:func:`mean_ci95` of the paired differences ``first[i] - second[i]``."""
    if len(first) != len(second):
        raise ValueError("paired_diff: sequences of different lengths")
    return mean_ci95([a - b for a, b in zip(first, second, strict=True)])


def elo(p: float) -> float:
    """The Elo difference of a score fraction ``0 < p < 1``: ``-400·log10(1/p - 1)``."""
    return -400.0 * math.log10(1.0 / p - 1.0) + 0.0        # + 0.0: no "-0.0"


def wilson_ci95(p: float, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a fraction ``p`` of ``n`` trials (sensible at 0 and 1).

    >>> [round(x, 3) for x in wilson_ci95(0.0, 10)]
    [0.0, 0.278]
    """
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return centre - half, centre + half


def elo_from_scores(scores: Sequence[float]) -> dict[str, Any]:
    """Elo difference and 95% interval from per-game scores (1 win, ½ draw, 0 loss).

    The interval is the Wilson score interval of the score fraction, which stays sensible at
    0% and 100%; fractions are clipped to ``[1/(2n), 1 - 1/(2n)]`` before :func:`elo`.  A
    sweep (every game won, or every game lost) has no finite estimate: ``diff`` is then the
    clipped value, a stand-in, and the interval's open end is ``None`` (unbounded).  So is an
    end that the clip would make up: 9½ of 10 games put the upper end beyond what ten games
    can measure, not at the estimate itself ("+512 [+112, +512]").

    >>> r = elo_from_scores([1.0, 0.0, 0.5, 1.0])
    >>> round(r["diff"], 1), r["score"]
    (88.7, 0.625)
    >>> lo, hi = elo_from_scores([1.0] * 18)["ci95"]
    >>> round(lo), hi
    (268, None)
    >>> r = elo_from_scores([1.0] * 9 + [0.5])
    >>> round(r["diff"]), round(r["ci95"][0]), r["ci95"][1]
    (512, 112, None)
    """
    n = len(scores)
    if n == 0:
        return {"diff": None, "ci95": None, "score": None, "n": 0}
    p = math.fsum(scores) / n
    low, high = wilson_ci95(p, n)
    eps = 1.0 / (2 * n)

    def clip(x: float) -> float:
        return min(max(x, eps), 1.0 - eps)

    lo = elo(low) if p > 0 and low >= eps else None
    hi = elo(high) if p < 1 and high <= 1.0 - eps else None
    return {"diff": elo(clip(p)), "ci95": [lo, hi], "score": p, "n": n}


# ---- seeds and seatings ----------------------------------------------------------------
def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from a tuple of ints and strings (the same on every machine)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def seatings(teams: int) -> list[int]:
    """The team masks the first bot holds, in play order: complementary pairs.

    >>> seatings(2), seatings(3)
    ([1, 2], [1, 6, 2, 5, 3, 4])
    """
    full = (1 << teams) - 1
    out: list[int] = []
    for mask in range(1, full):
        if mask not in out and full ^ mask not in out:
            out += [mask, full ^ mask]
    return out


def seat_bots(rules: Rules, mask: int) -> list[int]:
    """Which bot (0 first, 1 second) sits at each seat when the first bot holds ``mask``."""
    return [0 if mask >> (s % rules.teams) & 1 else 1 for s in range(rules.num_players)]


def _bots_for(rules: Rules, names: Sequence[str], mask: int, budget: float | None,
              *key: int | str) -> tuple[list[Bot], list[str]]:
    owner = seat_bots(rules, mask)
    seat_names = [names[b] for b in owner]
    bots = [make_bot(name, derive_seed(*key, seat, name), budget)
            for seat, name in enumerate(seat_names)]
    return bots, seat_names


def _side_points(by_team: Sequence[int] | None, mask: int) -> tuple[int, int]:
    if not by_team:
        return 0, 0
    a = sum(v for t, v in enumerate(by_team) if mask >> t & 1)
    return a, sum(by_team) - a


def bot_faults(bots: Sequence[Bot], owner: Sequence[int]) -> list[dict[str, int]]:
    """The faults of each side's bots by kind (bots with a ``faults`` counter, such as
    external bots over HTTP: docs/bot-protocol.md)."""
    out: list[dict[str, int]] = [{}, {}]
    for bot, side in zip(bots, owner, strict=True):
        for kind, count in getattr(bot, "faults", {}).items():
            out[side][kind] = out[side].get(kind, 0) + count
    return out


# ---- one unit of work (runs in a worker) -----------------------------------------------
def _decide(bot: Bot, game: Game, seat: int) -> str:
    """The bot's action from the seat's view; a bot with a ``bind`` method (the cheating
    ``oracle``) is first given the game itself."""
    bind = getattr(bot, "bind", None)
    if bind is not None:
        bind(game)
    return bot.act(game.view(seat))


def seated_deal(config: Mapping[str, Any], index: int, mask: int
                ) -> tuple[Game, list[Bot], list[str]]:
    """Deal ``index`` of the arena ``config`` before its first action, with the bots (and
    their names) of the seating in which the first bot holds the teams of ``mask``: what
    :func:`play_deal` plays."""
    rules = Rules.from_spec(config["rules"])
    dealer, deal_seed = _deal_of(config, rules, index)
    game = Game.from_record({"rules": rules.to_spec(), "dealer": dealer, "seed": deal_seed})
    bots, seat_names = _bots_for(rules, config["bots"], mask, config["budget"],
                                 config["seed"], "deal", index)
    return game, bots, seat_names


def _deal_of(config: Mapping[str, Any], rules: Rules, index: int) -> tuple[int, int]:
    """The dealer and the deal's seed of deal ``index``."""
    seed = config["seed"]
    return derive_seed(seed, "dealer", index) % rules.num_players, derive_seed(seed, "deal", index)


def play_out(game: Game, bots: Sequence[Bot],
             stop: Callable[[Game], bool] | None = None,
             names: Sequence[str] | None = None) -> None:
    """Let the bots play ``game`` to its end, or until ``stop(game)`` holds.  A bot that
    fails, or answers no legal action, stops the arena with :class:`ArenaError` saying which
    bot (by ``names``, the names it was given, else its own), where and what (a person's own
    ``module:Class`` bot gave a Python traceback)."""
    while not game.over and (stop is None or not stop(game)):
        seat = game.to_act
        assert seat is not None
        bot = bots[seat]
        name = names[seat] if names is not None else bot.name
        where = f"bot {name!r} at seat {seat}, action {len(game.to_record()['actions'])}"
        try:
            action = _decide(bot, game, seat)
        except Exception as e:              # (a person's own bot: its own errors)
            raise ArenaError(f"{where} failed: {type(e).__name__}: {e}") from e
        try:
            game.apply(action)
        except IllegalAction as e:
            raise ArenaError(f"{where} answered {action!r}, not a legal action: "
                             f"{e.message}") from None


def play_deal(config: Mapping[str, Any], index: int) -> dict[str, Any]:
    """Play deal ``index`` in every seating; the outcome depends only on ``config``, ``index``."""
    rules = Rules.from_spec(config["rules"])
    plays = []
    for k, mask in enumerate(seatings(rules.teams)):
        game, bots, seat_names = seated_deal(config, index, mask)
        play_out(game, bots, names=seat_names)
        r = game.result()
        a, b = _side_points(r["score_by_team"], mask)
        bidder = r["bidder"]
        play: dict[str, Any] = {
            "mask": mask, "points": [a, b], "score_by_team": r["score_by_team"],
            "annulled": r["status"] == "annulled",
            "bidder_bot": None if bidder is None or r["contract"] is None
            else seat_bots(rules, mask)[bidder],
            "contract": r["contract"], "made": r["made"],
            "faults": bot_faults(bots, seat_bots(rules, mask))}
        if config.get("save"):
            play["record"] = _saved(game.to_record(), seat_names, f"deal {index}, play {k}")
        plays.append(play)
    dealer, deal_seed = _deal_of(config, rules, index)
    return {"deal": index, "dealer": dealer, "seed": deal_seed, "plays": plays}


def _saved(record: dict[str, Any], seat_names: Any, comment: str) -> dict[str, Any]:
    """A played game's record, labelled with who sat where (for ``--save``)."""
    return {**record, "event": "twentyeight arena", "players": seat_names, "comment": comment}


def play_match(config: Mapping[str, Any], index: int) -> dict[str, Any]:
    """Play match ``index`` in every seating (at most :data:`MAX_MATCH_HANDS` hands)."""
    rules = Rules.from_spec(config["rules"])
    names = config["bots"]
    seed = config["seed"]
    match_seed = derive_seed(seed, "match", index)
    plays = []
    for k, mask in enumerate(seatings(rules.teams)):
        match = Match.new(rules, match_seed)
        bots, seat_names = _bots_for(rules, names, mask, config["budget"], seed, "match", index)
        while not match.over and len(match.games) <= MAX_MATCH_HANDS:
            seat = match.to_act
            assert seat is not None
            match.apply(_decide(bots[seat], match.current, seat))
        if match.over:
            held = [bool(mask >> t & 1) for t in match.winners]
            score = 1.0 if all(held) else 0.0 if not any(held) else 0.5
        else:
            score = 0.5
        play: dict[str, Any] = {"mask": mask, "score": score, "winners": list(match.winners),
                                "hands": len(match.games), "decided": match.over,
                                "faults": bot_faults(bots, seat_bots(rules, mask))}
        if config.get("save"):
            play["record"] = _saved(match.to_record(), seat_names, f"match {index}, play {k}")
        plays.append(play)
    return {"match": index, "seed": match_seed, "plays": plays}


def run_chunk(config: Mapping[str, Any], kind: str, indices: Sequence[int]
              ) -> list[dict[str, Any]]:
    """Play the deals (``kind == "deal"``) or matches (``"match"``) of ``indices``."""
    fn = play_deal if kind == "deal" else play_match
    return [fn(config, i) for i in indices]


# ---- running the work ------------------------------------------------------------------
Task = tuple[str, list[int]]


def _tasks(deals: int, matches: int, chunk: int) -> list[Task]:
    out: list[Task] = []
    for kind, n in (("deal", deals), ("match", matches)):
        step = 1 if kind == "match" else chunk
        out += [(kind, list(range(i, min(i + step, n)))) for i in range(0, n, step)]
    return out


def _run_local(config: Mapping[str, Any], tasks: list[Task], workers: int,
               done: Callable[[int, list[dict[str, Any]]], None]) -> None:
    if workers <= 1 or len(tasks) <= 1:
        for k, (kind, idx) in enumerate(tasks):
            done(k, run_chunk(config, kind, idx))
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        futures: dict[Future[list[dict[str, Any]]], int] = {
            pool.submit(run_chunk, config, kind, idx): k for k, (kind, idx) in enumerate(tasks)}
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                done(futures[f], f.result())
    except BaseException:                   # Ctrl-C, or a chunk that failed: stop now
        _abandon(pool)
        raise
    pool.shutdown()


def _abandon(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` at once: the chunks not started are cancelled and the workers ended
    mid-chunk (leaving the pool's ``with`` waited for every chunk: after Ctrl-C a long arena
    ran to its end before it stopped)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)


def ray_available() -> bool:
    """Whether Ray can be imported (the optional extra ``twentyeight[ray]``)."""
    return importlib.util.find_spec("ray") is not None


def _run_ray(config: Mapping[str, Any], tasks: list[Task],
             done: Callable[[int, list[dict[str, Any]]], None]) -> None:
    """The same chunks as :func:`_run_local`, as Ray tasks (``RAY_ADDRESS`` picks a cluster;
    without it Ray starts on this machine).  Every node needs ``twentyeight`` installed."""
    if not ray_available():
        raise ArenaError("--backend ray needs Ray: pip install 'twentyeight[ray]'")
    ray: Any = importlib.import_module("ray")
    if not ray.is_initialized():
        ray.init(log_to_driver=False)
    remote = ray.remote(run_chunk)
    refs = {remote.remote(dict(config), kind, idx): k for k, (kind, idx) in enumerate(tasks)}
    pending = list(refs)
    while pending:
        finished, pending = ray.wait(pending, num_returns=1)
        for ref in finished:
            done(refs[ref], ray.get(ref))


# ---- aggregation -----------------------------------------------------------------------
def _virtual_matches(deal_results: list[dict[str, Any]], rules: Rules) -> list[float]:
    """Match scores derived from the deals in order, per seating (see the module docs)."""
    scores: list[float] = []
    for k, mask in enumerate(seatings(rules.teams)):
        running = [0] * rules.teams
        for d in deal_results:
            by_team = d["plays"][k]["score_by_team"] or [0] * rules.teams
            running = [r + v for r, v in zip(running, by_team, strict=True)]
            winners = game_winners(running, rules.game_target)
            if winners:
                held = [bool(mask >> t & 1) for t in winners]
                scores.append(1.0 if all(held) else 0.0 if not any(held) else 0.5)
                running = [0] * rules.teams
    return scores


def summarize(config: Mapping[str, Any], deal_results: list[dict[str, Any]],
              match_results: list[dict[str, Any]]) -> dict[str, Any]:
    """The report of an arena run, from the per-deal and per-match outcomes (in order)."""
    rules = Rules.from_spec(config["rules"])
    names = list(config["bots"])
    per_deal: list[list[float]] = [[], []]
    diffs: list[float] = []
    bid = [0, 0]
    made = [0, 0]
    voided = [0, 0]                 # contracts whose hand was annulled after the auction
    annulled_plays = 0
    annulled_deals = 0
    deal_scores: list[float] = []
    for d in deal_results:
        plays = d["plays"]
        n = len(plays)
        tot = [sum(p["points"][0] for p in plays), sum(p["points"][1] for p in plays)]
        per_deal[0].append(tot[0] / n)
        per_deal[1].append(tot[1] / n)
        diffs.append((tot[0] - tot[1]) / n)
        deal_scores.append(1.0 if tot[0] > tot[1] else 0.0 if tot[0] < tot[1] else 0.5)
        annulled = sum(p["annulled"] for p in plays)
        annulled_plays += annulled
        annulled_deals += annulled == n
        for p in plays:
            if p["bidder_bot"] is not None and p["annulled"]:   # neither made nor failed
                voided[p["bidder_bot"]] += 1                    # (four jacks: 28-POST-2)
            elif p["bidder_bot"] is not None:
                bid[p["bidder_bot"]] += 1
                made[p["bidder_bot"]] += p["made"] is True
    faults: list[dict[str, int]] = [{}, {}]
    for x in [*deal_results, *match_results]:
        for p in x["plays"]:
            for side, kinds in enumerate(p.get("faults") or ({}, {})):
                for kind, count in kinds.items():
                    faults[side][kind] = faults[side].get(kind, 0) + count
    if match_results:
        match_scores = [p["score"] for m in match_results for p in m["plays"]]
        source = "matches"
        decided = sum(p["decided"] for m in match_results for p in m["plays"])
    elif rules.match_scoring == "target":
        match_scores = _virtual_matches(deal_results, rules)
        source = "derived_from_deals"
        decided = len(match_scores)
    else:
        match_scores, source, decided = [], "none", 0
    wins = [sum(s == 1.0 for s in match_scores), sum(s == 0.0 for s in match_scores)]
    elo_scores, elo_source = (match_scores, source) if match_scores else (deal_scores, "deals")
    sides = []
    for b in (0, 1):
        sides.append({
            "bot": names[b],
            "points_per_deal": {k: v for k, v in mean_ci95(per_deal[b]).items() if k != "n"},
            "contracts": {"bid": bid[b], "made": made[b], "failed": bid[b] - made[b],
                          "annulled": voided[b]},
            "match_wins": wins[b],
            "faults": {"total": sum(faults[b].values()), **dict(sorted(faults[b].items()))}})
    diff = paired_diff(per_deal[0], per_deal[1])
    return {
        "bots": names,
        "rules": rules.to_spec(),
        "seed": config["seed"],
        "budget": config["budget"],
        "deals": len(deal_results),
        "plays_per_deal": len(seatings(rules.teams)),
        "sides": sides,
        "diff": {"mean": diff["mean"], "ci95": diff["ci95"], "sd": diff["sd"]},
        "annulled": {"plays": annulled_plays, "deals": annulled_deals},
        "matches": {"source": source, "played": len(match_scores), "decided": decided,
                    "wins": wins, "draws": len(match_scores) - wins[0] - wins[1]},
        "elo": {**elo_from_scores(elo_scores), "from": elo_source},
    }


def run_arena(bots: Sequence[str], deals: int = 100, rules: str | Mapping[str, Any] | Rules
              = "28", seed: int = 0, workers: int | None = None, backend: str = "local",
              budget: float | None = None, matches: int = 0, save: str | Path | None = None,
              progress: Callable[[int], None] | None = None, chunk: int | None = None
              ) -> dict[str, Any]:
    """Play ``bots[0]`` against ``bots[1]`` over ``deals`` duplicate deals (and ``matches``
    duplicate matches); return the report (see the module docs).

    ``workers`` defaults to every core; ``progress(k)`` is called with the number of deals
    and matches finished.  ``save`` is a directory for every game played as a record.
    """
    if len(bots) != 2:
        raise ArenaError(f"the arena plays exactly two bots, not {len(bots)}")
    if backend not in BACKENDS:
        raise ArenaError(f"unknown backend {backend!r} (local or ray)")
    if backend == "ray" and not ray_available():
        raise ArenaError("--backend ray needs Ray, which is not installed: "
                         "pip install 'twentyeight[ray]'")
    if deals < 1:
        raise ArenaError("the arena needs at least one deal")
    if matches < 0:
        raise ArenaError("the number of matches cannot be negative")
    r = Rules.from_spec(rules)
    for name in bots:                                   # fail early, in this process
        make_bot(name, 0, budget)
        if name.startswith(("http://", "https://")):
            from twentyeight.integrations.bhoos.host import protocol_problem, unreachable

            problem = protocol_problem(r) or unreachable(name)
            if problem:
                raise ArenaError(problem)
    out_dir = _prepare_dir(save) if save is not None else None
    workers = workers or os.cpu_count() or 1
    config = {"bots": list(bots), "rules": r.to_spec(), "seed": seed, "budget": budget,
              "save": out_dir is not None}
    size = chunk or max(1, min(25, -(-deals // (workers * 4))))
    tasks = _tasks(deals, matches, size)
    results: list[list[dict[str, Any]] | None] = [None] * len(tasks)
    finished = 0
    start = time.perf_counter()

    def done(k: int, res: list[dict[str, Any]]) -> None:
        nonlocal finished
        results[k] = res
        finished += len(res)
        if progress is not None:
            progress(finished)

    if backend == "ray":
        _run_ray(config, tasks, done)
    else:
        _run_local(config, tasks, workers, done)
    seconds = time.perf_counter() - start
    flat = [x for res in results if res is not None for x in res]
    deal_results = [x for x in flat if "deal" in x]
    match_results = [x for x in flat if "match" in x]
    report = summarize(config, deal_results, match_results)
    report["run"] = {"seconds": round(seconds, 3), "workers": workers, "backend": backend}
    if out_dir is not None:
        _save(out_dir, deal_results, match_results, report)
    return report


def _prepare_dir(path: str | Path) -> Path:
    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ArenaError(f"cannot use {str(path)!r} to save records: {e.strerror or e}"
                         ) from None
    return out


def _save(out: Path, deal_results: Iterable[dict[str, Any]],
          match_results: Iterable[dict[str, Any]], report: Mapping[str, Any]) -> None:
    """One record file per game played (``deal-00000-0.json``, ``match-00000-0.json``)."""
    for kind, results in (("deal", deal_results), ("match", match_results)):
        for x in results:
            for k, play in enumerate(x["plays"]):
                path = out / f"{kind}-{x[kind]:05d}-{k}.json"
                path.write_text(json.dumps(play["record"]) + "\n", encoding="utf-8")
    (out / "summary.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
