"""The one play core (issue 10): the engine, the Python solver and the compiled kernel agree.

The rules of play are written once, in ``engine/play.py`` over a ``PlayState``; the solver's
``Position`` *is* a play state, so the Python search plays by the engine's own functions.  The
numba kernel is the one mirror, and these properties hold it (and the searches built on both)
to the engine on every preset with random play flags:

* the solver's values, by both searches, equal brute force over the engine's ``legal_codes`` /
  ``step`` on random endings, mid-trick included;
* the kernel's legal moves and every field a move changes equal the engine's, move for move;
* ``Position.undo`` restores every field of the play state;
* every ``Rules`` flag is classified for the solver (fail closed), and a refused one is refused;
* the positions where the copies disagreed before are pinned as records.
"""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from endings import PLAY_FLAGS, ending, random_rules, to_play
from twentyeight import Game
from twentyeight.bots.pimc import MADE, root_groups, solve_limited
from twentyeight.engine.actions import TRUMP_REVERSE, TRUMP_SEVENTH
from twentyeight.engine.hand import Hand
from twentyeight.engine.play import play_legal
from twentyeight.engine.state import ANNULLED, PlayState
from twentyeight.rules import PRESETS, Rules, flag_names
from twentyeight.solver import Position, SolverError, jit, solve
from twentyeight.solver.position import IGNORED, LIVE
from twentyeight.solver.reference import brute_force_values
from twentyeight.solver.support import FLAG_ROLES, IRRELEVANT, MODELLED, REFUSED, refusal
from twentyeight.solver.values import SCALE

RECORDS = Path(__file__).resolve().parent / "records"
HAVE_NUMBA = jit.have_numba()
HAVE_NUMPY = jit.have_numpy()

def brute(h: Hand) -> dict[str, int]:
    return {str(h.action(h.to_act, c)): v    # type: ignore[arg-type]
            for c, v in brute_force_values(h).items()}


rule_choices = st.tuples(st.sampled_from(sorted(PRESETS)),
                         st.lists(st.integers(0, 3).map(lambda x: x == 0),
                                  min_size=len(PLAY_FLAGS), max_size=len(PLAY_FLAGS)))
"""A preset and, for each play flag, whether to set it (about one in four)."""


# ---- the solver against brute force over the engine -----------------------------------------


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choice=rule_choices, seed=st.integers(0, 10**6), down=st.integers(0, 7))
def test_solver_equals_brute_force_on_every_preset(choice: tuple[str, list[bool]], seed: int,
                                                   down: int) -> None:
    """Both searches give every legal action the value of plain minimax over the engine
    (one or two tricks from the end, mid-trick included)."""
    preset, picks = choice
    rules = random_rules(preset, picks)
    left = 2 if rules.num_players <= 6 else 1
    h = ending(rules, seed, left, down % rules.num_players)
    if h is None:
        event("the game ended before the ending")
        return
    try:
        python = solve(h, engine="python")
    except SolverError:
        assert refusal(h.rules) is not None or h.special != 0
        event("refused")
        return
    event("checked")
    for what, seen in (("mid-trick", bool(h.trick_cards)), ("trump face down", not h.revealed),
                       ("hidden-trump 56", rules.pack == "56" and rules.trump_mode == "hidden"),
                       ("reverse no-trump", h.reverse), ("seventh card", h.seventh)):
        if seen:
            event(f"checked: {what}")
    want = brute(h)
    assert python.scaled == want
    if HAVE_NUMBA:
        compiled = solve(h, engine="compiled")
        assert compiled.scaled == want
        assert compiled.nodes == python.nodes or compiled.engine == "python"


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choice=rule_choices, seed=st.integers(0, 10**6), down=st.integers(0, 7))
def test_the_limited_search_of_one_card_a_group_equals_brute_force(
        choice: tuple[str, list[bool]], seed: int, down: int) -> None:
    """``pimc.solve_limited`` searches one card of each group of equivalent cards at the
    root and gives the others its value (``root_groups``): every legal card's value, and
    whether it makes the contract, still equals plain minimax over the engine."""
    preset, picks = choice
    rules = random_rules(preset, picks)
    left = 3 if rules.num_players <= 4 else 2 if rules.num_players <= 6 else 1
    h = ending(rules, seed, left, down % rules.num_players)
    if h is None:
        event("the game ended before the ending")
        return
    try:
        values, target, _ = solve_limited(h.copy(), 10**8)
        made, _, _ = solve_limited(h.copy(), 10**8, made_only=True)
    except SolverError:
        event("refused")
        return
    groups = root_groups(Position.from_hand(h), h.legal_codes())
    if any(len(g) > 1 for g in groups):
        event("checked: equivalent cards at the root")
    want = brute_force_values(h)
    for code in (c for g in groups for c in g):
        is_made = want[code] >= SCALE * target
        assert values[code] == want[code] + (MADE if is_made else 0), h.describe(code)
        assert made[code] == (MADE if is_made else 0), h.describe(code)


@pytest.mark.parametrize(("spec", "trump"), [
    ({"preset": "29", "reverse_no_trump": True}, TRUMP_REVERSE),
    ({"preset": "bhoos-29", "reverse_no_trump": True}, TRUMP_REVERSE),
    ({"preset": "28", "seventh_card_trump": True}, TRUMP_SEVENTH),
    ({"preset": "28-3p", "seventh_card_trump": True}, TRUMP_SEVENTH),
], ids=["29-reverse", "bhoos-29-reverse", "28-seventh", "28-3p-seventh"])
def test_solver_equals_brute_force_under_the_rare_trump_choices(spec: dict[str, Any],
                                                                 trump: int) -> None:
    """29's reversed no-trump (the ranking the position carries) and 28's seventh card
    (28-TRUMP-5), which random auctions rarely choose: the bidder always chooses them here;
    both searches equal brute force over the engine, mid-trick included."""
    rules = Rules.from_spec(spec)
    checked = 0
    for seed in range(40):
        h = ending(rules, seed, 2, seed % rules.num_players, prefer=trump)
        if h is None or not (h.reverse or h.seventh):
            continue
        want = brute(h)
        assert solve(h, engine="python").scaled == want, seed
        if HAVE_NUMBA:
            assert solve(h, engine="compiled").scaled == want, seed
        checked += 1
    assert checked >= 10


@cache
def _pinned() -> dict[str, Any]:
    return json.loads((RECORDS / "solver_cases.json").read_text(encoding="utf-8"))["records"]


@pytest.mark.parametrize("engine", ["python", pytest.param(
    "compiled", marks=pytest.mark.skipif(not HAVE_NUMBA, reason="numba is not installed"))])
@pytest.mark.parametrize("name", ["56-twins-kings", "56-4p-twins-queens", "bhoos-29-overtrump"])
def test_pinned_positions_where_the_copies_disagreed(name: str, engine: str) -> None:
    """56-PLAY-4 (the first of two equal cards wins, so a king and a queen are not
    interchangeable while the other queen is out) and BOT-PROTOCOL §7.5 (the revealer must
    over-trump the opponent's trump): the solver once gave these positions wrong values."""
    h = Game.from_record(_pinned()[name]).hand
    assert solve(h, engine=engine).scaled == brute(h)


# ---- the kernel, move for move ---------------------------------------------------------------


def _kernel_state(k: Any, w: Any, o: int) -> tuple[Any, ...]:
    """The fields of a kernel state row that the rules define (the trick up to its length)."""
    n = int(w[k.N])
    tlen = int(w[o + k.TLEN])
    played = int(w[o + k.PLAYED]) if w[k.ZERO_POINT] else 0
    return (tuple(int(w[o + s]) for s in range(n)),
            tuple(int(w[o + k.TRICK + i]) for i in range(tlen)),
            tuple(int(w[o + k.TSEAT + i]) for i in range(tlen)),
            *(int(w[o + slot]) for slot in (
                k.TO_ACT, k.LEADER, k.REVEALED, k.REVEAL_INDEX, k.ASKER, k.MUST_TRUMP,
                k.IND_ONLY, k.PENDING, k.LED_MASK, k.TLO, k.DONE, k.BANKED, k.STATUS, k.REM,
                k.TRUMP_PLAYED, k.LOST)), played)


@pytest.mark.skipif(not HAVE_NUMPY, reason="the kernel needs numpy")
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choice=rule_choices, seed=st.integers(0, 10**6))
def test_kernel_moves_as_the_engine(choice: tuple[str, list[bool]], seed: int) -> None:
    """Every legal move of the kernel is the engine's, and after each move every field of the
    kernel's state row equals the engine position's, from the first lead to the end."""
    import numpy as np

    from twentyeight.solver import fast

    preset, picks = choice
    rules = random_rules(preset, picks)
    start = to_play(rules, seed)
    if start is None or rules.deck.size > 63:
        event("no play, or a deck of 64 cards")
        return
    h, rng = start
    try:
        pos = Position.from_hand(h)
    except SolverError:
        event("refused")
        return
    if fast.unsupported(pos) is not None:         # the Python search takes these
        event("not the kernel's")
        return
    event("checked")
    k = fast.compiled_kernel() if HAVE_NUMBA else fast.plain_kernel()
    cfg, row = fast.encode(pos, k)
    w = np.zeros(k.WORK_SIZE, np.int64)
    w[:k.CFG_SIZE] = cfg
    o = k.ST_BASE
    w[o:o + k.WIDTH] = row
    while True:
        count = k.legal(w, o, k.MV_BASE)
        moves = [int(w[k.MV_BASE + i]) for i in range(count)]
        if h.over:
            assert moves == []
            return
        assert moves == list(play_legal(h, with_claims=False))
        code = rng.choice(moves)
        h.step(code)
        k.apply(w, o, code)
        if h.over:
            assert int(w[o + k.STATUS]) == h.status
            if h.status != ANNULLED:
                assert int(w[o + k.BANKED]) == h.bid_points
            return
        _, expected = fast.encode(Position.from_hand(h), k)
        w2 = w.copy()
        w2[o:o + k.WIDTH] = expected
        assert _kernel_state(k, w, o) == _kernel_state(k, w2, o)


# ---- apply and undo ----------------------------------------------------------------------------


def _snapshot(p: PlayState) -> dict[str, Any]:
    return {name: list(v) if type(v := getattr(p, name)) is list else v
            for name in PlayState.__slots__}


@settings(max_examples=150, deadline=None)
@given(choice=rule_choices, seed=st.integers(0, 10**6))
def test_undo_restores_every_field(choice: tuple[str, list[bool]], seed: int) -> None:
    """A whole random line applied to a ``Position`` and undone move by move gives back every
    field of the play state at each step."""
    preset, picks = choice
    start = to_play(random_rules(preset, picks), seed)
    if start is None:
        return
    h, rng = start
    try:
        pos = Position.from_hand(h)
    except SolverError:
        return
    trail = []
    while pos.status == LIVE:
        before = _snapshot(pos)
        trail.append((before, pos.apply(rng.choice(pos.legal()))))
    for before, saved in reversed(trail):
        pos.undo(saved)
        assert _snapshot(pos) == before


def test_the_solver_moves_are_the_engine_moves_less_the_claims() -> None:
    """``Position.legal`` is the engine's list less the pair and the Cot concession."""
    start = to_play(Rules.from_spec("28"), 3)
    assert start is not None
    h, rng = start
    while not h.over:
        assert Position.from_hand(h).legal() == [c for c in h.legal_codes()
                                                 if c not in IGNORED]
        h.step(rng.choice(h.legal_codes()))


# ---- fail closed ---------------------------------------------------------------------------------


def test_every_flag_is_classified_for_the_solver() -> None:
    """A new flag cannot be left out: the table names exactly the flags of ``Rules``."""
    assert set(FLAG_ROLES) == set(flag_names())
    assert {role for role, _ in FLAG_ROLES.values()} <= {MODELLED, IRRELEVANT, REFUSED}
    for name, (role, allowed) in FLAG_ROLES.items():
        if role == REFUSED:                    # the allowed value is a value the flag takes
            Rules.from_spec({"preset": "28", name: allowed})


def test_a_refused_flag_gets_a_clear_solver_error() -> None:
    """28-COT-1: Cot's concession and doubled sweep are not card points; refused, by name."""
    h = to_play(Rules.from_spec({"preset": "28", "cot": True}), 5)
    assert h is not None
    with pytest.raises(SolverError, match="cot=true"):
        solve(h[0])


def test_an_unclassified_flag_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail closed: a flag missing from the table refuses every position."""
    import twentyeight.solver.support as support

    monkeypatch.delitem(support.FLAG_ROLES, "no_undertrump")
    assert "no_undertrump" in (refusal(Rules.from_spec("28")) or "")


def test_irrelevant_flags_leave_the_play_alone() -> None:
    """A flag marked irrelevant is not read by the play: changing one (among those that keep
    this game's deal and auction legal) gives the same legal actions and points to the end."""
    record: dict[str, Any] = {"rules": "28", "dealer": 3, "seed": 7}
    first = Game.from_record(record)
    while first.result()["phase"] != "play":
        first.apply(first.legal_actions()[0])
    record["actions"] = first.to_record()["actions"]
    for name in ("game_target", "track_sets", "scoring", "failure_mode", "pair_affects_tier",
                 "direction"):
        assert FLAG_ROLES[name][0] == IRRELEVANT
        field = next(f for f in dataclasses.fields(Rules) if f.name == name)
        kind, now = field.metadata["kind"], getattr(first.rules, name)
        value = (not now) if kind == "bool" else 9 if kind == "int" else \
            next(v for v in kind if v != now)
        a = Game.from_record({**record, "rules": {"preset": "28", name: value}}).hand
        b = Game.from_record(record).hand
        while not b.over:
            assert play_legal(a) == play_legal(b), name
            code = play_legal(b)[0]
            a.step(code)
            b.step(code)
        assert a.over and (a.bid_points, a.opp_points) == (b.bid_points, b.opp_points)


def test_the_early_stop_with_the_pair_is_refused() -> None:
    """56-PLAY-6 with 28-PAIR-4: a pair moves the target and so where the play stops; card
    points cannot rank that, so the solver refuses the two together (both searches)."""
    rules = Rules.from_spec({"preset": "28", "stop_when_decided": True})
    assert "pair_rule" in (refusal(rules) or "")
    assert refusal(rules.replace(pair_rule=False)) is None
