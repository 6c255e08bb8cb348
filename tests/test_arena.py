"""The arena: statistics on known answers, duplicate seating, determinism, records, CLI."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from helpers import ctrl_c
from twentyeight import Game
from twentyeight.arena import (
    Z95,
    ArenaError,
    elo,
    elo_from_scores,
    mean_ci95,
    paired_diff,
    ray_available,
    run_arena,
    seat_bots,
    seatings,
    summarize,
)
from twentyeight.cli.replay import run as replay
from twentyeight.tournament import MAX_BOTS, run_tournament, standing


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "twentyeight.cli.main", *args],
                          capture_output=True, text=True, check=False, timeout=120)


def strip(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "run"}


# ---- statistics: known answers ------------------------------------------------------
def test_mean_ci95_known_answer() -> None:
    s = mean_ci95([1.0, 2.0, 3.0, 4.0])
    sd = math.sqrt(5 / 3)                      # sum of squares 5, n - 1 = 3
    assert s["mean"] == 2.5 and s["n"] == 4
    assert s["sd"] == pytest.approx(sd, rel=1e-15)
    assert s["ci95"] == pytest.approx([2.5 - Z95 * sd / 2, 2.5 + Z95 * sd / 2], rel=1e-15)
    assert abs(Z95 - 1.959963984540054) < 1e-12
    assert mean_ci95([7.0]) == {"mean": 7.0, "ci95": None, "sd": None, "n": 1}
    assert mean_ci95([])["mean"] is None


def test_paired_diff_known_answer() -> None:
    d = paired_diff([3.0, 5.0, 7.0, 1.0], [1.0, 1.0, 1.0, 1.0])   # differences 2, 4, 6, 0
    assert d["mean"] == 3.0
    sd = math.sqrt((1 + 1 + 9 + 9) / 3)
    half = Z95 * sd / 2
    assert d["ci95"] == pytest.approx([3.0 - half, 3.0 + half], rel=1e-15)
    same = paired_diff([2.0, 2.0], [2.0, 2.0])
    assert same["mean"] == 0.0 and same["ci95"] == [0.0, 0.0]
    with pytest.raises(ValueError):
        paired_diff([1.0], [1.0, 2.0])


def test_elo() -> None:
    assert elo(0.5) == 0.0
    assert elo(0.75) == pytest.approx(400 * math.log10(3))
    assert elo(0.25) == pytest.approx(-400 * math.log10(3))
    even = elo_from_scores([1.0, 0.0] * 50)
    assert even["diff"] == 0.0 and even["score"] == 0.5
    lo, hi = even["ci95"]
    assert lo == pytest.approx(-hi) and lo < 0 < hi
    sweep = elo_from_scores([1.0] * 20)     # all wins: a finite stand-in, no upper bound
    assert sweep["diff"] == pytest.approx(elo(1 - 1 / 40))
    assert sweep["ci95"][0] < sweep["diff"] and sweep["ci95"][1] is None
    swept = elo_from_scores([0.0] * 20)     # all losses: no lower bound
    assert swept["ci95"][0] is None and swept["ci95"][1] > swept["diff"]
    assert elo_from_scores([])["diff"] is None


def test_seatings() -> None:
    assert seatings(2) == [1, 2]
    assert seatings(3) == [1, 6, 2, 5, 3, 4]
    from twentyeight import PRESETS
    assert seat_bots(PRESETS["28"], 1) == [0, 1, 0, 1]
    assert seat_bots(PRESETS["28"], 2) == [1, 0, 1, 0]
    assert seat_bots(PRESETS["28-3p"], 6) == [1, 0, 0]


def _play(mask: int, by_team: list[int], bidder_bot: int | None, made: bool | None
          ) -> dict[str, Any]:
    a = sum(v for t, v in enumerate(by_team) if mask >> t & 1)
    return {"mask": mask, "points": [a, sum(by_team) - a], "score_by_team": by_team,
            "annulled": bidder_bot is None, "bidder_bot": bidder_bot,
            "contract": None if bidder_bot is None else 16, "made": made}


def test_summarize_synthetic() -> None:
    # four duplicate deals of 28: score_by_team in the two seatings (A holds team 0, then 1)
    deals = [
        [_play(1, [2, 0], 0, True), _play(2, [-2, 0], 1, False)],    # A +2, 0; B 0, -2
        [_play(1, [0, -1], 1, False), _play(2, [0, 1], 0, True)],    # A 0, +1; B -1, 0
        [_play(1, [0, 0], None, None), _play(2, [0, 0], None, None)],  # annulled twice
        [_play(1, [-2, 0], 0, False), _play(2, [0, 0], None, None)],  # A -2, 0; B 0, 0
    ]
    results = [{"deal": i, "plays": p} for i, p in enumerate(deals)]
    config = {"bots": ["a", "b"], "rules": "28", "seed": 0, "budget": None}
    rep = summarize(config, results, [])
    assert rep["deals"] == 4 and rep["plays_per_deal"] == 2
    assert rep["sides"][0]["points_per_deal"]["mean"] == (1 + 0.5 + 0 - 1) / 4
    assert rep["sides"][1]["points_per_deal"]["mean"] == (-1 - 0.5 + 0 + 0) / 4
    diffs = [2.0, 1.0, 0.0, -1.0]
    m = 0.5
    sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / 3)
    assert rep["diff"]["mean"] == m
    assert rep["diff"]["ci95"] == pytest.approx([m - Z95 * sd / 2, m + Z95 * sd / 2])
    assert rep["sides"][0]["contracts"] == {"bid": 3, "made": 2, "failed": 1, "annulled": 0}
    assert rep["sides"][1]["contracts"] == {"bid": 2, "made": 0, "failed": 2, "annulled": 0}
    assert rep["annulled"] == {"plays": 3, "deals": 1}
    # no side reaches ±6 in either seating: no derived match, Elo from the deals (2 W, 1 D, 1 L)
    assert rep["matches"]["played"] == 0
    assert rep["elo"]["from"] == "deals" and rep["elo"]["score"] == 0.625
    # 32 deals: seating 0, team 1 falls to -6 at deal 21 (A wins); seating 1, team 0 falls to
    # -6 at deals 8 and 20 (A, on team 1, wins twice); the rest is unfinished
    rep32 = summarize(config, [{"deal": i, "plays": deals[i % 4]} for i in range(32)], [])
    assert rep32["matches"] == {"source": "derived_from_deals", "played": 3, "decided": 3,
                                "wins": [3, 0], "draws": 0}
    assert rep32["elo"]["from"] == "derived_from_deals" and rep32["elo"]["score"] == 1.0
    # a contract whose hand is annulled after the auction (four jacks, 28-POST-2) is neither
    # made nor failed: it was counted failed ("bid 8, made 0, failed 8" beside 2 annulled)
    voided = {**_play(1, [0, 0], 0, None), "annulled": True}
    rep5 = summarize(config, [*results, {"deal": 4, "plays": [voided, voided]}], [])
    assert rep5["sides"][0]["contracts"] == {"bid": 3, "made": 2, "failed": 1, "annulled": 2}


# ---- real runs ---------------------------------------------------------------------
def test_rules_beats_random_and_swapping_negates() -> None:
    a = run_arena(["rules", "random"], deals=30, rules="28", seed=4, workers=1)
    b = run_arena(["random", "rules"], deals=30, rules="28", seed=4, workers=1)
    assert a["deals"] == 30
    assert a["diff"]["ci95"][0] > 1.0                     # clear of zero by a wide margin
    assert b["diff"]["mean"] == -a["diff"]["mean"]
    assert b["diff"]["ci95"] == [-a["diff"]["ci95"][1], -a["diff"]["ci95"][0]]
    assert b["sides"] == a["sides"][::-1]
    assert a["elo"]["diff"] > 200


def test_equal_bots() -> None:
    same = run_arena(["random", "random"], deals=20, seed=5, workers=1)
    assert same["diff"] == {"mean": 0.0, "ci95": [0.0, 0.0], "sd": 0.0}   # identical games
    twin = ["random", "arena_bots:RandomCopy"]                # same play, other seeds
    x = run_arena(twin, deals=60, seed=5, workers=1)
    lo, hi = x["diff"]["ci95"]
    assert lo < 0 < hi and x["diff"]["sd"] > 0
    y = run_arena(twin[::-1], deals=60, seed=5, workers=1)
    assert y["diff"]["mean"] == -x["diff"]["mean"]
    assert y["diff"]["ci95"] == [-hi, -lo]


def test_passer_loses_to_rules() -> None:
    r = run_arena(["rules", "arena_bots:Passer"], deals=30, seed=6, workers=1)
    assert r["diff"]["ci95"][0] > 0
    assert r["sides"][1]["contracts"]["bid"] < r["sides"][0]["contracts"]["bid"]


def test_determinism_and_workers() -> None:
    one = run_arena(["rules", "random"], deals=12, rules="29", seed=9, workers=1, matches=1)
    two = run_arena(["rules", "random"], deals=12, rules="29", seed=9, workers=2, matches=1,
                    chunk=5)
    again = run_arena(["rules", "random"], deals=12, rules="29", seed=9, workers=2, matches=1,
                      chunk=3)
    assert json.dumps(strip(one)) == json.dumps(strip(two)) == json.dumps(strip(again))
    other = run_arena(["rules", "random"], deals=12, rules="29", seed=10, workers=1)
    assert strip(other) != strip(one)
    assert one["matches"]["source"] == "matches" and one["matches"]["played"] == 2


@pytest.mark.parametrize("preset", ["28-3p", "56"])
def test_other_presets(preset: str) -> None:
    r = run_arena(["rules", "random"], deals=3, rules=preset, seed=1, workers=1)
    assert r["plays_per_deal"] == (6 if preset == "28-3p" else 2)
    assert r["deals"] == 3 and r["diff"]["mean"] is not None


def test_duplicate_swaps_seats_on_same_cards(tmp_path: Path) -> None:
    rep = run_arena(["rules", "random"], deals=3, seed=11, workers=1, matches=1,
                    save=tmp_path)
    for i in range(3):
        first = json.loads((tmp_path / f"deal-{i:05d}-0.json").read_text())
        second = json.loads((tmp_path / f"deal-{i:05d}-1.json").read_text())
        g1, g2 = Game.from_record(first), Game.from_record(second)
        assert g1.deal_json() == g2.deal_json() and g1.dealer == g2.dealer
        assert first["players"] == ["rules", "random", "rules", "random"]
        assert second["players"] == ["random", "rules", "random", "rules"]
        assert first["actions"] != second["actions"]
        for path in (tmp_path / f"deal-{i:05d}-0.json", tmp_path / f"deal-{i:05d}-1.json"):
            assert replay(str(path), True, out=_Sink(), err=_Sink()) == 0
    for k in (0, 1):
        assert replay(str(tmp_path / f"match-00000-{k}.json"), True, out=_Sink(),
                      err=_Sink()) == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert strip(summary) == json.loads(json.dumps(strip(rep)))


class _Sink:
    def write(self, text: str) -> int:
        return len(text)


def test_saved_points_match_the_report(tmp_path: Path) -> None:
    rep = run_arena(["rules", "random"], deals=5, seed=12, workers=1, save=tmp_path)
    total = [0, 0]
    for i in range(5):
        for k in (0, 1):
            rec = json.loads((tmp_path / f"deal-{i:05d}-{k}.json").read_text())
            by_team = Game.from_record(rec).result()["score_by_team"] or [0, 0]
            rules_team = rec["players"].index("rules") % 2
            total[0] += by_team[rules_team]
            total[1] += by_team[1 - rules_team]
    assert rep["sides"][0]["points_per_deal"]["mean"] == pytest.approx(total[0] / 10)
    assert rep["sides"][1]["points_per_deal"]["mean"] == pytest.approx(total[1] / 10)


def test_api_errors(tmp_path: Path) -> None:
    with pytest.raises(ArenaError, match="exactly two"):
        run_arena(["rules"], deals=1)
    with pytest.raises(ArenaError, match="backend"):
        run_arena(["rules", "random"], deals=1, backend="cloud")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ArenaError, match="cannot use"):
        run_arena(["rules", "random"], deals=1, save=blocker)


# ---- the command -------------------------------------------------------------------
def test_cli_json_and_text() -> None:
    proc = cli("arena", "--bots", "rules,random", "--deals", "20", "--seed", "3",
               "--workers", "2", "--json")
    assert proc.returncode == 0, proc.stderr
    rep = json.loads(proc.stdout)
    assert rep["deals"] == 20 and set(rep["diff"]) >= {"mean", "ci95"}
    lo, hi = rep["diff"]["ci95"]
    assert lo <= rep["diff"]["mean"] <= hi
    same = run_arena(["rules", "random"], deals=20, seed=3, workers=1)
    assert strip(rep) == json.loads(json.dumps(strip(same)))
    text = cli("arena", "--bots", "rules,random", "--deals", "20", "--progress")
    assert text.returncode == 0
    assert "difference" in text.stdout and "Elo difference" in text.stdout
    assert "20/20 deals" in text.stderr


def test_ctrl_c_stops_the_arena_at_once() -> None:
    """Ctrl-C (SIGINT to the terminal's process group) ends a long arena within seconds,
    with status 130; it waited for every deal already handed to the workers (minutes here,
    the better part of an hour for the arenas of docs/performance.md)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "twentyeight.cli.main", "arena", "--bots",
         "arena_bots:Slow,random", "--deals", "200", "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parent)},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(3)                            # the workers are at their first chunks
    err = ctrl_c(proc, timeout=20)
    assert proc.returncode == 130 and err.strip() == "interrupted", err


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "rules"], "expected two bots"),
    (["--bots", "rules,random,rules"], "a bot is named twice: rules"),
    (["--bots", "rules,grandmaster"], "unknown bot 'grandmaster'"),
    (["--bots", "rules,mybot:MyBot"], "PYTHONPATH=. for a mybot.py in this folder"),
    (["--bots", "rules,random", "--deals", "0"], "expected 1 to 1,000,000, not 0"),
    (["--bots", "rules,random", "--workers", "two"], "expected a whole number"),
    (["--bots", "rules,random", "--budget", "-1"], "positive number of seconds"),
    (["--bots", "rules,random", "--rules", "30"], "unknown preset '30'"),
    (["--bots", "rules,random", "--backend", "cloud"], "invalid choice"),
    (["--deals", "5"], "required"),
])
def test_cli_bad_arguments(args: list[str], message: str) -> None:
    proc = cli("arena", *args)
    assert proc.returncode == 2
    assert message in proc.stderr and "Traceback" not in proc.stderr


def test_cli_save_dir_is_a_file(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    proc = cli("arena", "--bots", "rules,random", "--deals", "2", "--save", str(blocker))
    assert proc.returncode == 2 and "cannot use" in proc.stderr
    assert "Traceback" not in proc.stderr


# ---- the round robin ---------------------------------------------------------------
def test_standing_known_answer() -> None:
    """Strengths are the mean margins over the field (the bot itself as 0): A beat B by 0.6
    and C by 0.3 (clear), B and C drew 0.0 (undecided); A 0.3, B −0.2, C −0.1."""
    margins = {(0, 1): {"mean": 0.6, "ci95": [0.2, 1.0]},
               (0, 2): {"mean": 0.3, "ci95": [0.1, 0.5]},
               (1, 2): {"mean": 0.0, "ci95": [-0.2, 0.2]}}
    rows = standing(["A", "B", "C"], margins)
    assert [r["bot"] for r in rows] == ["A", "C", "B"]
    assert [r["strength"] for r in rows] == pytest.approx([0.3, -0.1, -0.2])
    assert [(r["won"], r["lost"], r["undecided"]) for r in rows] == [(2, 0, 0), (0, 1, 1),
                                                                      (0, 1, 1)]
    # the strengths' differences are the least-squares fit of the margins
    s = {r["bot"]: r["strength"] for r in rows}
    assert s["A"] - s["B"] == pytest.approx(0.5) and s["A"] - s["C"] == pytest.approx(0.4)


def test_round_robin_plays_each_pair_on_the_arenas_deals(tmp_path: Path) -> None:
    """Each pairing of a round robin is the two-bot arena on the same seed (the same deals);
    the standing is ranked by strength, whose sum is 0; every pairing's records are kept in a
    directory of its own."""
    bots = ["rules", "random", "rules-v1"]
    out = run_tournament(bots, deals=3, rules="29", seed=5, workers=1, save=tmp_path)
    assert [p["bots"] for p in out["pairings"]] == [["rules", "random"], ["rules", "rules-v1"],
                                                    ["random", "rules-v1"]]
    for p in out["pairings"]:
        alone = run_arena(p["bots"], deals=3, rules="29", seed=5, workers=1)
        assert p["diff"] == alone["diff"] and p["sides"] == alone["sides"]
        kept = tmp_path / "-vs-".join(p["bots"])
        assert json.loads((kept / "summary.json").read_text())["diff"] == p["diff"]
        assert len(list(kept.glob("deal-*.json"))) == 3 * 2
    strengths = [r["strength"] for r in out["standing"]]
    assert strengths == sorted(strengths, reverse=True)
    assert sum(strengths) == pytest.approx(0.0, abs=1e-12)
    assert out["standing"][-1]["bot"] == "random"
    m = {tuple(p["bots"]): p["diff"]["mean"] for p in out["pairings"]}
    rules_row = next(r for r in out["standing"] if r["bot"] == "rules")
    assert rules_row["strength"] == pytest.approx((m["rules", "random"]
                                                   + m["rules", "rules-v1"]) / 3)


def test_round_robin_refusals() -> None:
    with pytest.raises(ArenaError, match="named twice: rules"):
        run_tournament(["rules", "random", "rules"], deals=1)
    with pytest.raises(ArenaError, match=f"at most {MAX_BOTS} bots"):
        run_tournament([f"bot{k}" for k in range(MAX_BOTS + 1)], deals=1)


def test_cli_round_robin_text_and_json() -> None:
    proc = cli("arena", "--bots", "rules,random,rules-v1", "--deals", "4", "--seed", "2",
               "--workers", "1")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("round robin of 3 bots: 4 duplicate deals of \"28\" for each "
                               "of 3 pairings, seed 2")
    table = {line.split()[0]: line.split()[1:] for line in lines[3:6]}
    assert table["rules"][0] == "." and table["random"][1] == "."
    assert float(table["rules"][1].rstrip("*")) == -float(table["random"][0].rstrip("*"))
    assert any(line.strip().startswith("1. rules") for line in lines)
    rep = json.loads(cli("arena", "--bots", "rules,random,rules-v1", "--deals", "4",
                         "--seed", "2", "--workers", "1", "--json").stdout)
    assert rep["standing"][0]["bot"] == "rules" and len(rep["pairings"]) == 3


@pytest.mark.skipif(ray_available(), reason="Ray is installed")
def test_cli_ray_missing() -> None:
    proc = cli("arena", "--bots", "rules,random", "--deals", "2", "--backend", "ray")
    assert proc.returncode == 2
    assert "twentyeight[ray]" in proc.stderr and "Traceback" not in proc.stderr



class _Ref:
    """A hashable object reference, like Ray's ObjectRef."""

    def __init__(self, value: Any) -> None:
        self.value = value


class _FakeRay:
    """Enough of Ray's API to run the arena's Ray path in-process (Ray is optional)."""

    def __init__(self) -> None:
        self.started = False

    def is_initialized(self) -> bool:
        return self.started

    def init(self, **kwargs: Any) -> None:
        self.started = True

    def remote(self, fn: Any) -> Any:
        class Remote:
            @staticmethod
            def remote(*args: Any) -> Any:
                return _Ref(fn(*args))
        return Remote

    def wait(self, refs: list[Any], num_returns: int = 1) -> tuple[list[Any], list[Any]]:
        return refs[-num_returns:], refs[:-num_returns]      # finish in reverse order

    def get(self, ref: Any) -> Any:
        return ref.value


def test_ray_backend_path_gives_the_local_result(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.machinery
    import types

    fake = types.ModuleType("ray")
    fake.__spec__ = importlib.machinery.ModuleSpec("ray", None)
    api = _FakeRay()
    for name in ("is_initialized", "init", "remote", "wait", "get"):
        setattr(fake, name, getattr(api, name))
    monkeypatch.setitem(sys.modules, "ray", fake)
    assert ray_available()
    via_ray = run_arena(["rules", "random"], deals=9, seed=13, backend="ray", chunk=2,
                        matches=1)
    local = run_arena(["rules", "random"], deals=9, seed=13, workers=1, matches=1)
    assert api.started and via_ray["run"]["backend"] == "ray"
    assert strip(via_ray) == strip(local)
