"""The solver's compiled kernel (``solver/kernel.py``) against the Python search and brute force.

The kernel is the same search as ``solver/search.py`` on arrays, so it must give the same value
for every legal action and, since it orders moves and uses its table the same way, search the
same number of nodes.  Each check runs it twice: compiled by numba (when installed) and as
plain Python (a second, uncompiled copy of the same source, ``fast.plain_kernel``).

* random 2–4 trick endings of 28 and 29: kernel = Python search = brute force, move for move;
* endings of every preset with random play flags: kernel = Python search (= brute force on
  the short ones);
* complete deals of 28 and 29 (compiled only: the uncompiled kernel is slow);
* the table emptied and grown mid-search, the node limit (as ``pimc`` uses it);
* ``solve(engine=...)``, ``TWENTYEIGHT_NO_NUMBA`` and ``twentyeight solve --engine``.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from functools import cache

import pytest

pytest.importorskip("numpy")

from endings import PLAY_FLAGS, ending, random_rules, to_play
from helpers import record
from test_solver import AUCTION, BIDDER_WINS_ALL
from twentyeight import Game
from twentyeight.bots.pimc import MADE, NodeLimit, root_groups, solve_limited
from twentyeight.cli.main import main
from twentyeight.engine.hand import Hand
from twentyeight.engine.state import PLAY
from twentyeight.rules import PRESETS
from twentyeight.solver import SolverError, fast, jit, solve
from twentyeight.solver.position import IGNORED, Position
from twentyeight.solver.reference import brute_force_values
from twentyeight.solver.search import Searcher
from twentyeight.solver.values import SCALE

HAVE_NUMBA = jit.have_numba()
needs_numba = pytest.mark.skipif(not HAVE_NUMBA, reason="numba is not installed")
MODES = [pytest.param(False, marks=needs_numba, id="compiled"), pytest.param(True, id="plain")]


def python_values(h: Hand, max_entries: int = 2_000_000) -> tuple[dict[int, int], int]:
    """Every move's value by the Python search, as ``solve`` computes them; and its nodes."""
    pos = Position.from_hand(h)
    searcher = Searcher(pos, max_entries)
    guess = SCALE * (pos.banked + pos.points_left() // 2)
    out: dict[int, int] = {}
    for code in moves_of(h):
        saved = pos.apply(code)
        v = SCALE * pos.banked + searcher.mtdf(guess - SCALE * pos.banked)
        pos.undo(saved)
        out[code] = guess = v
    return out, searcher.nodes


def kernel_values(h: Hand, plain: bool, max_entries: int = 2_000_000
                  ) -> tuple[dict[int, int], int]:
    """The same from the kernel (compiled, or the plain copy)."""
    pos = Position.from_hand(h)
    codes = moves_of(h)
    guess = SCALE * (pos.banked + pos.points_left() // 2)
    values, nodes, aborted = fast.kernel_values(pos, codes, guess, max_entries=max_entries,
                                                plain=plain)
    assert not aborted
    return dict(zip(codes, values, strict=True)), nodes


def moves_of(h: Hand) -> list[int]:
    return [c for c in h.legal_codes() if c not in IGNORED]


@cache
def brute(preset: str, left: int, seed: int) -> dict[int, int] | None:
    h = ending(preset, seed, left)
    return None if h is None else brute_force_values(h)


# ---- endings of 28 and 29: kernel = Python search = brute force ---------------------------

CASES = [(preset, left, seed) for preset in ("28", "29")
         for left, seeds in ((2, range(8)), (3, range(5)), (4, range(2)))
         for seed in seeds]


@pytest.mark.parametrize("plain", MODES)
@pytest.mark.parametrize(("preset", "left", "seed"), CASES)
def test_kernel_equals_search_and_brute_force(preset: str, left: int, seed: int,
                                              plain: bool) -> None:
    h = ending(preset, seed, left)
    if h is None:
        pytest.skip("the random game ended early")
    want, nodes = python_values(h)
    got, knodes = kernel_values(h, plain)
    assert got == want
    assert knodes == nodes                      # the same tree, node for node
    expected = brute(preset, left, seed)
    assert expected is not None
    assert {c: v for c, v in expected.items() if c not in IGNORED} == got


@pytest.mark.parametrize("plain", MODES)
@pytest.mark.parametrize("name", [p for p in PRESETS if p != "56-8p"])
def test_kernel_under_every_preset_and_play_flags(name: str, plain: bool) -> None:
    """Random play flags (``endings.PLAY_FLAGS``), 2–3 tricks from the end, on positions the
    kernel takes (``solve`` gives the others to the Python search).  Ten positions, or as
    many as 400 random games give: under 56-kerala's early stop (56-PLAY-6) a random game
    seldom lasts that long without a flag that leaves it to the Python search."""
    checked = 0
    for seed in range(400):
        if checked == 10:
            break
        picks = random.Random(7000 + seed)
        start = to_play(random_rules(name, [picks.random() < 0.3 for _ in PLAY_FLAGS]), seed)
        if start is None:
            continue
        h, rng = start
        left = 2 + seed % 2
        while not h.over and not (len(h.tricks) >= h.t.tricks_total - left
                                  and not h.trick_cards):
            h.step(rng.choice(h.legal_codes()))
        if h.over or h.phase != PLAY:
            continue
        try:
            want, nodes = python_values(h)
        except SolverError:
            continue                     # Cot, special contracts: no solver takes them
        if fast.unsupported(Position.from_hand(h)) is not None:
            continue                     # solve() gives these to the Python search
        got, knodes = kernel_values(h, plain)
        assert (got, knodes) == (want, nodes), seed
        if left == 2 and not plain:
            expected = brute_force_values(h)
            assert {c: v for c, v in expected.items() if c not in IGNORED} == got, seed
        checked += 1
    assert checked >= 1


@pytest.mark.parametrize("plain", MODES)
def test_table_emptied_and_grown_mid_search(plain: bool) -> None:
    """A tiny ``max_entries`` (the dict is cleared often) and a table that must grow."""
    h = ending("28", 2, 4)
    assert h is not None
    for max_entries in (7, 300, 5000):
        want, nodes = python_values(h, max_entries)
        got, knodes = kernel_values(h, plain, max_entries)
        assert (got, knodes) == (want, nodes), max_entries


@pytest.mark.parametrize("plain", MODES)
def test_table_outgrows_its_arena_and_calls_do_not_share_entries(
        plain: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table lives in memory kept from call to call (``fast.ARENA_WORDS``): one that
    outgrows it moves to memory of its own, and entries of an earlier call (an older
    generation) are never seen: each call searches exactly the nodes a fresh table would."""
    monkeypatch.setattr(fast, "ARENA_WORDS", 3 * 4096 * 4)       # room for one growth only
    monkeypatch.setattr(fast, "_memories", {})
    big = ending("28", 2, 5)
    small = ending("28", 2, 4)
    assert big is not None and small is not None
    want_big, want_small = python_values(big), python_values(small)
    for h, want in ((big, want_big), (small, want_small), (big, want_big),
                    (small, want_small)):
        assert kernel_values(h, plain) == want
    assert want_big[1] > 8 * 4096                  # enough positions to outgrow the arena


@pytest.mark.parametrize("plain", MODES)
@pytest.mark.parametrize(("preset", "seed", "left"), [("28", 2, 4), ("29", 3, 4), ("28", 5, 3),
                                                     ("28-6p", 1, 3), ("56", 2, 2)])
def test_root_value_as_the_python_search(preset: str, seed: int, left: int, plain: bool
                                         ) -> None:
    """``kernel_root_value``: one MTD(f) on the position itself, the same value and nodes as
    ``Searcher.mtdf``, and the best of the values of its moves (the solver's own answer)."""
    h = ending(preset, seed, left)
    assert h is not None
    pos = Position.from_hand(h)
    guess = SCALE * (pos.banked + pos.points_left() // 2)
    searcher = Searcher(pos)
    want = SCALE * pos.banked + searcher.mtdf(guess - SCALE * pos.banked)
    got, nodes, aborted = fast.kernel_root_value(pos, guess, plain=plain)
    assert (got, nodes, aborted) == (want, searcher.nodes, False)
    values = python_values(h)[0].values()
    assert want == (max(values) if pos.bid_side[pos.to_act] else min(values))


# ---- complete deals (compiled only) ----------------------------------------------------------


def first_lead(preset: str, seed: int) -> Hand:
    """A seeded deal with a random auction, at the first lead (as benchmarks/solver_speed)."""
    rng = random.Random(seed)
    h = Game.new(preset, seed=seed, dealer=seed % 4).hand
    while not h.over and h.phase != PLAY:
        h.step(rng.choice(h.legal_codes()))
    assert not h.over
    return h


@needs_numba
@pytest.mark.parametrize(("preset", "seed"), [("28", 30), ("28", 23), ("29", 16)])
def test_complete_deal(preset: str, seed: int) -> None:
    """Eight tricks from the first lead: the deals the Python search solves in about a second."""
    h = first_lead(preset, seed)
    a = solve(h, engine="python")
    b = solve(h, engine="compiled")
    assert b.engine == "compiled" and a.engine == "python"
    assert b.scaled == a.scaled and b.best == a.best and b.value == a.value
    assert b.nodes == a.nodes


# ---- the node limit, as pimc uses it --------------------------------------------------------


def kernel_limited(h: Hand, limit: int, made_only: bool, plain: bool
                   ) -> tuple[dict[int, int], int] | None:
    """``pimc.solve_limited`` done by the kernel (``None`` where it raises NodeLimit)."""
    pos = Position.from_hand(h)
    groups = root_groups(pos, h.legal_codes())
    codes = [g[0] for g in groups]
    guess = SCALE * (pos.banked + pos.points_left() // 2)
    goal = SCALE * pos.target
    values, nodes, aborted = fast.kernel_values(pos, codes, guess, made_only=made_only,
                                                goal=goal, limit=limit, plain=plain)
    if aborted:
        return None
    out = {c: (MADE if v else 0) if made_only else (MADE if v >= goal else 0) + v
           for g, v in zip(groups, values, strict=True) for c in g}
    return out, nodes


@pytest.mark.parametrize("plain", MODES)
@pytest.mark.parametrize("made_only", [False, True])
def test_node_limit_as_pimc(made_only: bool, plain: bool) -> None:
    """Under a node limit the kernel fails or succeeds exactly where pimc's search does."""
    outcomes = set()
    for seed in range(6):
        h = ending("28", seed, 4)
        if h is None:
            continue
        for limit in (2, 60, 600, 6000):
            try:
                values, _, nodes = solve_limited(h, limit, made_only, engine="python")
                want: tuple[dict[int, int], int] | None = (
                    {c: v for c, v in values.items() if c not in IGNORED}, nodes)
            except NodeLimit:
                want = None
            assert kernel_limited(h, limit, made_only, plain) == want, (seed, limit)
            outcomes.add(want is None)
    assert outcomes == {True, False}


# ---- the entry point, the switch and the command -------------------------------------------


def test_solve_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    h = ending("29", 3, 3)
    assert h is not None
    py = solve(h, engine="python")
    assert py.engine == "python"
    auto = solve(h)
    assert auto.engine == ("compiled" if HAVE_NUMBA else "python")
    assert (auto.values, auto.best, auto.nodes) == (py.values, py.best, py.nodes)
    with pytest.raises(SolverError, match="unknown solver engine"):
        solve(h, engine="fortran")
    monkeypatch.setenv(jit.NO_NUMBA_VARIABLE, "1")
    assert solve(h).engine == "python"
    with pytest.raises(SolverError, match=jit.NO_NUMBA_VARIABLE):
        solve(h, engine="compiled")


@needs_numba
def test_decks_of_64_cards_fall_back_to_python() -> None:
    """56 at eight players (64 cards) does not fit the kernel: the Python search answers."""
    for seed in range(6):
        h = ending("56-8p", seed, 2)
        if h is None:
            continue
        pos = Position.from_hand(h)
        assert fast.unsupported(pos) is not None
        sol = solve(h, engine="compiled")
        assert sol.engine == "python"
        assert sol.scaled == solve(h, engine="python").scaled
        return
    pytest.fail("no 56-8p ending")                   # pragma: no cover


def test_without_numba_the_kernel_is_plain_python() -> None:
    """``TWENTYEIGHT_NO_NUMBA=1``: nothing is compiled and ``solve`` uses the Python search."""
    code = ("from twentyeight.solver import kernel, solve\n"
            "from twentyeight import Game\n"
            "import types\n"
            "print(isinstance(kernel.solve_codes, types.FunctionType))\n")
    env = {**os.environ, jit.NO_NUMBA_VARIABLE: "1"}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True, timeout=120)
    assert proc.stdout.split() == ["True"]


def test_plain_copy_is_not_compiled() -> None:
    """Neither the entry points nor the helpers numba inlines into their callers
    (``jit.njit_inline``: ``legal``, ``play``) are compiled in the plain copy; in the
    compiled module all are numba functions."""
    import types

    for name in ("solve_codes", "legal", "play"):
        assert isinstance(getattr(fast.plain_kernel(), name), types.FunctionType), name
        if HAVE_NUMBA:
            assert not isinstance(getattr(fast.compiled_kernel(), name), types.FunctionType)


@pytest.mark.parametrize("engine", ["python", pytest.param("compiled", marks=needs_numba)])
def test_cli_engine(engine: str, monkeypatch: pytest.MonkeyPatch,
                    capsys: pytest.CaptureFixture[str]) -> None:
    doc = record("28", 3, BIDDER_WINS_ALL, [*AUCTION, "0 play JH"])
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(doc)))
    assert main(["solve", "-", "--json", "--engine", engine]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["engine"] == engine and set(obj["values"].values()) == {28}


def test_cli_compiled_unavailable(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(jit.NO_NUMBA_VARIABLE, "1")
    doc = record("28", 3, BIDDER_WINS_ALL, [*AUCTION, "0 play JH"])
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(doc)))
    assert main(["solve", "-", "--engine", "compiled"]) == 2
    assert "compiled solver is not available" in capsys.readouterr().err


@needs_numba
def test_pimc_decides_the_same_with_either_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """pimc's node-limited solves go through the kernel when numba is there; since the kernel
    visits the same nodes, every decision of a seeded bot is the same without it."""
    from twentyeight.bots import make_bot

    def decisions() -> list[str]:
        out = []
        for seed in (3, 8):
            game = Game.new("28", seed=seed, dealer=seed % 4)
            bots = [make_bot("pimc", seed=s, budget=0.1) for s in range(4)]
            while not game.over:
                seat = game.to_act
                assert seat is not None
                action = bots[seat].act(game.view(seat))
                out.append(action)
                game.apply(action)
        return out

    compiled = decisions()
    monkeypatch.setenv(jit.NO_NUMBA_VARIABLE, "1")
    assert fast.compiled_available() is False
    assert decisions() == compiled
    assert sum(" play " in a for a in compiled) == 64
