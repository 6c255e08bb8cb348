"""The bridge to the compiled kernel: a :class:`Position` as arrays, and the kernel's answers.

:func:`kernel_values` runs :func:`twentyeight.solver.kernel.solve_codes` on a position built
by :meth:`Position.from_hand`, which has already refused what no solver supports (Cot, single
hand, Thani, ...).  The kernel mirrors the engine's play core; :func:`unsupported` names what
it does not cover: a deck of more than 63 cards (56 at eight players, 64 cards), which does
not fit its one-word card masks, and the early stop (56-PLAY-6) combined with rules it waits
on.  :func:`twentyeight.solver.solve` then uses the Python search.

``plain=True`` runs the same kernel source uncompiled (:func:`plain_kernel`): for the tests
and the benchmark, never faster than the Python search.
"""

from __future__ import annotations

import importlib.util
import time
from functools import cache
from types import ModuleType
from typing import Any

from twentyeight.solver import jit
from twentyeight.solver.position import Position
from twentyeight.solver.values import annulled

__all__ = ["KernelResult", "compiled_available", "compiled_kernel", "encode",
           "kernel_root_value", "kernel_values", "plain_kernel", "unsupported", "warm_up"]

KernelResult = tuple[list[int], int, bool]
"""``(values, nodes, aborted)``: one value per code, the nodes searched, the limit hit."""


def compiled_available() -> bool:
    """numba and numpy are installed and ``TWENTYEIGHT_NO_NUMBA`` is not set."""
    return jit.have_numba()


@cache
def compiled_kernel() -> ModuleType:
    """The kernel module, compiled by numba when :func:`compiled_available`."""
    from twentyeight.solver import kernel

    return kernel


@cache
def plain_kernel() -> ModuleType:
    """A second copy of the kernel module, never compiled (the same source as plain Python)."""
    spec = importlib.util.find_spec("twentyeight.solver.kernel")
    assert spec is not None and spec.loader is not None
    spec = importlib.util.spec_from_file_location("twentyeight.solver._kernel_plain",
                                                  spec.origin)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    with jit.plain():
        spec.loader.exec_module(module)
    return module


def unsupported(pos: Position) -> str | None:
    """Why the kernel cannot search ``pos`` (then the Python search does), or ``None``."""
    if pos.t.deck.size > 63:
        return "a deck of more than 63 cards does not fit the kernel's card masks"
    if pos.n > 8:                                              # pragma: no cover - no preset
        return "more than eight players"
    rules = pos.rules
    if rules.stop_when_decided and (
            rules.half_bid_double_loss or rules.last_trick_bonus
            or rules.unrevealed_trump_annuls or (rules.bidding_side_all_trumps_redeal
                                                 and rules.pack != "56")):
        # the kernel stops when the contract is made or out of reach; the engine's stop
        # (engine.play.decided) then also waits on these
        return ("the kernel's early stop (56-PLAY-6) does not wait on the half-bid penalty, "
                "the last-trick point or a trump annulment")
    return None


def encode(pos: Position, k: ModuleType) -> tuple[Any, Any]:
    """The rules row ``cfg`` and the state row of ``pos`` for kernel module ``k``."""
    import numpy as np

    cfg = np.zeros(k.CFG_SIZE, np.int64)
    n = pos.n
    rules = pos.rules
    t = pos.t
    deck = t.deck
    annul_on_expose = (rules.bidding_side_all_trumps_redeal and rules.pack != "56"
                       and pos.trump >= 0 and not pos.revealed
                       and not pos.opponents_hold_trump())                # 28-ANN-2
    flags = {
        k.N: n, k.BIDDER: pos.bidder, k.TRUMP: pos.trump, k.INDICATOR: pos.indicator,
        k.RESTRICTED: pos.restricted, k.TRICK_SIZE: pos.trick_size,
        k.TOTAL_TRICKS: t.tricks_total, k.DEDUPE: deck.second_copy if t.dedupe else 0,
        k.JACK_MASK: deck.jack_mask, k.JACKS: rules.jack_discard_restriction,
        k.LEAD_AFTER_LED: rules.bidder_lead_trump_after_trump_led,
        k.VOID_DISCARD: rules.bidder_void_discard_trump_unrevealed,
        k.REVEAL_INDICATOR: rules.bidder_reveal_plays == "indicator",
        k.MAY_REVEAL: rules.bidder_may_reveal_on_trump_lead,
        k.ASKING_COMPULSORY: rules.asking_compulsory,
        k.ASKER_MUST_TRUMP: rules.asker_must_trump,
        k.OVERTRUMP_OPPONENT: rules.revealer_overtrump,
        k.WHOLE_TRICK: t.whole_trick, k.NO_UNDERTRUMP: rules.no_undertrump,
        k.BEFORE_LEAD: rules.last_trick_reveal == "before_lead",
        k.UNREVEALED_ANNULS: rules.unrevealed_trump_annuls,
        k.LAST_BONUS: rules.last_trick_bonus, k.HYBRID: t.hybrid_trick,
        k.TRUMP_LEAD_RESTRICTION: rules.trump_lead_restriction,
        k.STOP_WHEN_DECIDED: rules.stop_when_decided, k.CONTRACT: pos.contract,
        k.DECK_POINTS: deck.points_total, k.ANNUL_ON_EXPOSE: annul_on_expose,
        k.ZERO_POINT: pos.zero_point, k.ANNUL_VALUE: annulled(pos.target),
        # as Searcher: what may annul, and which optional fields its key carries
        k.ANNUL_POSSIBLE: pos.may_annul(),
        k.KEY_POINTS: pos.may_annul() or rules.stop_when_decided,
        k.KEY_JACKS: rules.jack_discard_restriction,
        k.KEY_TLO: rules.bidder_lead_trump_after_trump_led and pos.restricted,
        k.KEY_TRUMP_PLAYED: rules.trump_lead_restriction,
        k.NCARDS: deck.size, k.NSUITS: len(pos.suit_masks),
        k.COMPACT: (n <= 4 and deck.size <= 32 and len(pos.suit_masks) <= 4
                    and pos.trick_size <= 4 and deck.points_total < 63),
    }
    for slot, value in flags.items():
        cfg[slot] = int(value)
    for c in range(deck.size):
        cfg[k.SUIT_OF + c] = pos.suit_of[c]
        cfg[k.POWER + c] = pos.power[c]
        cfg[k.POINTS + c] = deck.points[c]
        cfg[k.TIES + c] = deck.ties[c]
    for suit, mask in enumerate(pos.suit_masks):
        cfg[k.SUIT_MASKS + suit] = mask
    for seat in range(n):
        cfg[k.NEXT_SEAT + seat] = pos.next_seat[seat]
        cfg[k.SIDE + seat] = pos.bid_side[seat]
    s = np.zeros(k.WIDTH, np.int64)
    for seat in range(n):
        s[seat] = pos.hands[seat]
    for i, (card, seat) in enumerate(zip(pos.trick_cards, pos.trick_seats, strict=True)):
        s[k.TRICK + i] = card
        s[k.TSEAT + i] = seat
    assert pos.to_act is not None
    state: dict[int, int] = {
        k.TLEN: len(pos.trick_cards), k.TO_ACT: pos.to_act, k.LEADER: pos.leader,
        k.REVEALED: pos.revealed, k.REVEAL_INDEX: pos.reveal_index, k.ASKER: pos.asker,
        k.MUST_TRUMP: pos.must_trump, k.IND_ONLY: pos.indicator_only,
        k.PENDING: pos.last_reveal_pending, k.LED_MASK: pos.led_mask,
        k.TLO: pos.trump_led_by_other, k.PLAYED: pos.played_seats, k.DONE: len(pos.tricks),
        k.BANKED: pos.bid_points, k.STATUS: pos.status, k.REM: pos.points_left(),
        k.TRUMP_PLAYED: pos.trump_played, k.LOST: pos.opp_points,
    }
    for slot, value in state.items():
        s[slot] = int(value)
    return cfg, s


def kernel_values(pos: Position, codes: list[int], guess: int, *, made_only: bool = False,
                  goal: int = 0, max_entries: int = 2_000_000, limit: int = -1,
                  plain: bool = False) -> KernelResult:
    """Search each move of ``codes`` from ``pos`` with the kernel (``pos`` is not changed).

    Without ``made_only``: each move's doubled-scale value, by MTD(f) from ``guess`` and then
    from the previous move's value, as :func:`twentyeight.solver.solve`.  With it: 1 or 0, the
    bidding side can or cannot reach ``goal`` (doubled scale).  ``limit`` (if not negative)
    caps the nodes, as ``pimc``'s node-limited searcher does.  ``plain`` runs the uncompiled
    copy of the kernel.
    """
    import numpy as np

    k = plain_kernel() if plain else compiled_kernel()
    cfg, root = encode(pos, k)
    arr = np.array(codes, dtype=np.int64)
    out = np.zeros(len(codes), np.int64)
    work, arena = _memory(k)
    nodes = int(k.solve_codes(cfg, root, arr, guess, goal, int(made_only), max_entries,
                              limit, out, work, arena))
    if nodes < 0:
        return [int(v) for v in out], -1 - nodes, True
    return [int(v) for v in out], nodes, False


def kernel_root_value(pos: Position, guess: int, *, zero_window: bool = False,
                      max_entries: int = 2_000_000, limit: int = -1, plain: bool = False
                      ) -> tuple[int, int, bool]:
    """The value of ``pos`` itself (doubled scale, the points already won included) by one
    MTD(f) from ``guess`` (doubled scale, also with the points won): ``(value, nodes,
    aborted)``.  The same nodes as ``Searcher(pos).mtdf(guess - SCALE * pos.banked)``.  With
    ``zero_window``, one zero-window search at ``guess`` instead: the value is at least
    ``guess`` exactly when the bidding side reaches it (``Searcher.search(f - 1, f)``, ``f``
    the future part).  ``limit`` and ``plain`` as for :func:`kernel_values`."""
    import numpy as np

    k = plain_kernel() if plain else compiled_kernel()
    cfg, root = encode(pos, k)
    out = np.zeros(3, np.int64)
    work, arena = _memory(k)
    banked = k.SCALE * pos.banked
    k.solve_root(cfg, root, guess - banked, int(zero_window), max_entries, limit, work, arena,
                 out)
    return banked + int(out[0]), int(out[1]), bool(out[2])


ARENA_WORDS = 1 << 23
"""The int64 words (64 MiB) kept for the kernel's transposition table in each process: a
table grows inside it while it fits (a search of about a million positions in 28), beyond
it in memory of its own."""
_GENERATIONS = 1 << 28
"""A fresh arena before the generation (29 bits in a table row) could run out."""
_memories: dict[str, tuple[Any, Any]] = {}


def _memory(k: ModuleType) -> tuple[Any, Any]:
    """The work array and the table arena kept for kernel module ``k`` in this process.

    Kept from call to call: nothing is allocated per search, and the arena's pages stay
    mapped (numpy asks the system for huge pages for an array this size, which spares the
    table's random probes most misses of the address translation).  A new generation per
    call keeps earlier entries out of sight (:func:`twentyeight.solver.kernel.solve_codes`).
    """
    import numpy as np

    memory = _memories.get(k.__name__)
    if memory is None or memory[0][k.GEN] >= _GENERATIONS:
        memory = (np.zeros(k.WORK_SIZE, np.int64), np.zeros(ARENA_WORDS, np.int64))
        memory[0][k.GEN] = 1
        _memories[k.__name__] = memory
    return memory


def warm_up() -> float:
    """Compile (or load from numba's cache) the kernel; the seconds it took."""
    from twentyeight import Game
    from twentyeight.engine.state import PLAY

    start = time.perf_counter()
    h = Game.new("28", seed=1, dealer=3).hand
    while h.phase != PLAY:
        h.step(h.legal_codes()[0])
    while len(h.tricks) < 7:
        h.step(h.legal_codes()[0])
    pos = Position.from_hand(h)
    kernel_values(pos, [c for c in h.legal_codes() if c < 128], 0)
    return time.perf_counter() - start
