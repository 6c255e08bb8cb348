"""The solver's hot loop over integer arrays, in the subset of Python that numba compiles.

This is :mod:`~twentyeight.solver.position`, :mod:`~twentyeight.solver.ordering` and
:mod:`~twentyeight.solver.search` again, decision for decision, on fixed-size int64 arrays
instead of objects, so that numba can compile it (:func:`twentyeight.solver.jit.njit`).
Without numba the same functions run as plain Python on the same numpy arrays (slowly: it is
for checking, and :func:`twentyeight.solver.solve` then uses the Python search).

* A **position** is :data:`WIDTH` int64 (the slots below): the hands, the trick, and every
  field of :class:`~twentyeight.solver.position.Position` that a move changes.  Apply works
  on a copy one depth further down, so undo is free.
* The **rules** are :data:`CFG_SIZE` int64 (``cfg``): the flags, and the card tables (suit,
  power, points of each card; the suit masks; the next seat; the sides).
* The search keeps the rules, its counters and, for every depth, a position, the ordered
  moves, the key and a frame in **one work array** ``w`` (functions take the array and an
  offset), because numba counts references to every array passed in a call.
* The **transposition table** is open addressing over an int64 table whose rows hold the
  key words (three for four players and 32 cards) and one word packing ``(low, high, best
  move, generation)``.  It grows by doubling and is emptied (a new generation) when it holds
  ``max_entries`` keys, as the Python search's dict is; its keys carry the same information
  as :meth:`~twentyeight.solver.search.Searcher.key`, so the two searches visit the same
  nodes in the same order (the tests check the node counts).
* Move ordering, equivalent-card merging, the zero-window search and MTD(f) are those of the
  Python modules, tie-breaks included.  The recursion of the alpha-beta search is unrolled
  onto an explicit stack of frames: numba's cache does not take recursive functions safely.
* A node limit (``pimc``'s) stops the search where the Python one raises ``NodeLimit``.
* The small functions of move generation and of playing a card are compiled into their
  callers (:func:`~twentyeight.solver.jit.njit_inline`: no call and no reference counting of
  ``w`` per use); the others stay calls.  Inlining everything into the search gains about
  15% more but makes numba compile four to six times as long.  Most of a node's time is the
  table's probe, a random memory access (``benchmarks/solver_c_speed.py`` runs the same
  search in C; docs/performance.md).

Cards are numbered below 63 (one int64 mask); a deck of 64 cards (56 at eight players) is
left to the Python search.
"""

from __future__ import annotations

from typing import Any, Protocol, overload

import numpy as np

from twentyeight.solver.jit import njit, njit_inline

__all__ = ["CFG_SIZE", "WIDTH", "apply", "legal", "ordered_moves", "solve_codes", "solve_root"]


class Vector(Protocol):
    """A one-dimensional int64 numpy array, as the kernel uses it."""

    @property
    def shape(self) -> tuple[int]: ...
    @overload
    def __getitem__(self, i: int, /) -> int: ...
    @overload
    def __getitem__(self, i: slice, /) -> Vector: ...
    def __getitem__(self, i: int | slice, /) -> int | Vector: ...
    def __setitem__(self, i: int | slice, v: int | Vector, /) -> None: ...
    def copy(self) -> Vector: ...


_zeros: Any = np.zeros          # numba compiles np.zeros; typed loosely for mypy

# ---- a position: slots of a state row ----------------------------------------------------
TRICK = 8            # hands of seats 0..7 are slots 0..7; the trick's cards 8..15
TSEAT = 16           # the seats that played them
TLEN = 24
TO_ACT = 25
LEADER = 26
REVEALED = 27
REVEAL_INDEX = 28
ASKER = 29
MUST_TRUMP = 30
IND_ONLY = 31
PENDING = 32
LED_MASK = 33
TLO = 34
PLAYED = 35
DONE = 36
BANKED = 37
STATUS = 38
REM = 39
TRUMP_PLAYED = 40
LOST = 41
WIDTH = 42

LIVE, DONE_STATUS, ANNULLED = 0, 1, 2

# ---- the rules: slots of cfg ---------------------------------------------------------------
N = 0
BIDDER = 1
TRUMP = 2
INDICATOR = 3
RESTRICTED = 4
TRICK_SIZE = 5
TOTAL_TRICKS = 6
DEDUPE = 7
JACK_MASK = 8
JACKS = 9
LEAD_AFTER_LED = 10
VOID_DISCARD = 11
REVEAL_INDICATOR = 12
MAY_REVEAL = 13
ASKING_COMPULSORY = 14
ASKER_MUST_TRUMP = 15
WHOLE_TRICK = 16
NO_UNDERTRUMP = 17
BEFORE_LEAD = 18
UNREVEALED_ANNULS = 19
LAST_BONUS = 20
HYBRID = 21
TRUMP_LEAD_RESTRICTION = 22
STOP_WHEN_DECIDED = 23
CONTRACT = 24
DECK_POINTS = 25
ANNUL_ON_EXPOSE = 26
ZERO_POINT = 27
ANNUL_VALUE = 28
ANNUL_POSSIBLE = 29
KEY_JACKS = 30
KEY_TLO = 31
NCARDS = 32
NSUITS = 33
COMPACT = 34         # the key in 3 words: at most 4 seats, 32 cards, 4 suits
OVERTRUMP_OPPONENT = 35   # revealer_overtrump (BOT-PROTOCOL §7.5)
KEY_POINTS = 36      # the key carries the bidding side's points (annulment, early stop)
KEY_TRUMP_PLAYED = 37     # the key carries trump_played (56-PLAY-5)
TWINS = 38           # two cards of a suit share a power (56's copies, 40's J and 3)
SUIT_OF = 64
POWER = 128
POINTS = 192
SUIT_MASKS = 256
NEXT_SEAT = 272
SIDE = 280
TIES = 288           # the cards level with each card (twins, 40's J and 3)
CFG_SIZE = 352

MAX_CARDS = 63
MAX_SEATS = 8
MAX_MOVES = 72       # 63 cards, a verb and the zero-point claim
MAX_DEPTH = 160      # plies: every card, an ask or reveal per trick, the claim, the root

# move codes (twentyeight.engine.actions)
REDEAL = 129
ASK = 135
REVEAL = 136

# ---- the search's counters: slots of the work array after cfg ----------------------------
CTR_BASE = CFG_SIZE
NODES = CTR_BASE
COUNT = CTR_BASE + 1
GEN = CTR_BASE + 2
MAX_ENTRIES = CTR_BASE + 3
LIMIT = CTR_BASE + 4
ABORTED = CTR_BASE + 5
KEY_WORDS = CTR_BASE + 6
GROWN = CTR_BASE + 7
COUNTERS = 8

SCALE = 2
INF = 1 << 20
PACK = 4096
HASH_MULT = 0x1E3779B97F4A7C15     # the golden-ratio multiplier, less its top bit
LOW63 = 0x7FFFFFFFFFFFFFFF
LOW31 = 0x7FFFFFFF
GEN_SHIFT = 34       # the last word of a table row: bounds, best move, generation
FIRST_CAPACITY = 1 << 12


# ---- the rules of play (Position) -----------------------------------------------------------
@njit_inline
def suit_mask(w: Vector, suit: int) -> int:
    """The cards of ``suit`` (a negative suit counts from the end, as a Python index does)."""
    if suit < 0:
        suit += w[NSUITS]
    return w[SUIT_MASKS + suit]


@njit_inline
def trump_start(w: Vector, o: int) -> int:
    """The first card of this trick that can count as a trump (28-REV-5, C-07, A-56-02)."""
    if w[WHOLE_TRICK] or (w[HYBRID] and w[o + TLEN] > 0
                            and w[SUIT_OF + w[o + TRICK]] == w[TRUMP]):
        return 0
    return w[o + REVEAL_INDEX]


@njit_inline
def winner_index(w: Vector, o: int) -> int:
    """The index in the current trick of the card winning it so far (28-PLAY-4, 28-REV-5)."""
    trump = w[TRUMP]
    n = w[o + TLEN]
    best = -1
    top = -1
    if w[o + REVEALED] and trump >= 0:
        for i in range(trump_start(w, o), n):
            c = w[o + TRICK + i]
            if w[SUIT_OF + c] == trump and w[POWER + c] > top:
                top = w[POWER + c]
                best = i
        if best >= 0:
            return best
    led = w[SUIT_OF + w[o + TRICK]]
    for i in range(n):
        c = w[o + TRICK + i]
        if w[SUIT_OF + c] == led and w[POWER + c] > top:
            top = w[POWER + c]
            best = i
    return best


@njit_inline
def expose(w: Vector, o: int, index: int) -> None:
    """28-REV-2: the trump is face up from the ``index``-th card of this trick."""
    w[o + REVEALED] = 1
    w[o + REVEAL_INDEX] = index
    w[o + PENDING] = 0
    if w[INDICATOR] >= 0:
        w[o + w[BIDDER]] |= 1 << w[INDICATOR]
    if w[ANNUL_ON_EXPOSE]:
        w[o + STATUS] = ANNULLED                                       # 28-ANN-2


@njit_inline
def complete_trick(w: Vector, o: int) -> None:
    """Score the full trick and set up the next one (or end the hand)."""
    n = w[o + TLEN]
    wi = winner_index(w, o)
    winner = w[o + TSEAT + wi]
    won = 0
    for i in range(n):
        won += w[POINTS + w[o + TRICK + i]]
    mine = w[SIDE + winner]
    w[o + REM] -= won
    if mine:
        w[o + BANKED] += won
    else:
        w[o + LOST] += won
    trump = w[TRUMP]
    led = w[SUIT_OF + w[o + TRICK]]
    w[o + LED_MASK] |= w[SUIT_MASKS + led]
    if led == trump and w[o + TSEAT] != w[BIDDER]:
        w[o + TLO] = 1
    if w[TRUMP_LEAD_RESTRICTION] and w[o + REVEALED] and not w[o + TRUMP_PLAYED] and trump >= 0:
        for i in range(n):
            if w[SUIT_OF + w[o + TRICK + i]] == trump:
                w[o + TRUMP_PLAYED] = 1                                # 56-PLAY-5
                break
    w[o + TLEN] = 0
    w[o + DONE] += 1
    total = w[TOTAL_TRICKS]
    if w[STOP_WHEN_DECIDED] and w[o + DONE] < total and (
            w[o + BANKED] >= w[CONTRACT] or w[o + LOST] > w[DECK_POINTS] - w[CONTRACT]):
        w[o + STATUS] = DONE_STATUS                                    # 56-PLAY-6
        return
    if w[o + DONE] == total:
        if w[LAST_BONUS]:
            w[o + REM] -= 1
            if mine:
                w[o + BANKED] += 1                                     # 29-SCORE-1
        if w[UNREVEALED_ANNULS] and not w[o + REVEALED] and trump >= 0:
            w[o + STATUS] = ANNULLED                                   # 29-PLAY-8
        else:
            w[o + STATUS] = DONE_STATUS
        return
    w[o + LEADER] = winner
    w[o + TO_ACT] = winner
    w[o + ASKER] = -1
    w[o + IND_ONLY] = 0
    w[o + REVEAL_INDEX] = 0 if w[o + REVEALED] else -1
    if w[o + DONE] == total - 1 and not w[o + REVEALED] and w[INDICATOR] >= 0:
        if w[BEFORE_LEAD] or winner == w[BIDDER]:
            expose(w, o, 0)                                      # 28-LAST-1
        else:
            w[o + PENDING] = 1


@njit_inline
def play(w: Vector, o: int, card: int) -> None:
    """The player to act plays ``card``."""
    seat = w[o + TO_ACT]
    w[o + seat] ^= 1 << card
    k = w[o + TLEN]
    w[o + TRICK + k] = card
    w[o + TSEAT + k] = seat
    w[o + TLEN] = k + 1
    w[o + PLAYED] |= 1 << seat
    if k + 1 == w[TRICK_SIZE]:
        complete_trick(w, o)
        return
    nxt = w[NEXT_SEAT + seat]
    w[o + TO_ACT] = nxt
    if w[o + PENDING] and nxt == w[BIDDER]:
        expose(w, o, k + 1)                                      # A-10 at_bidder_turn


@njit
def apply(w: Vector, o: int, code: int) -> None:
    """Make a move (a legal one: nothing is checked) on the state row ``s``."""
    if code < 128:
        play(w, o, code)
    elif code == ASK:
        w[o + ASKER] = w[o + TO_ACT]
        w[o + MUST_TRUMP] = w[ASKER_MUST_TRUMP]
        expose(w, o, w[o + TLEN])
    elif code == REVEAL:
        w[o + ASKER] = w[o + TO_ACT]
        if w[RESTRICTED]:                                        # 28-BR-3(b)
            w[o + IND_ONLY] = 1 if w[REVEAL_INDICATOR] and w[INDICATOR] >= 0 else 0
            w[o + MUST_TRUMP] = 1
        else:                                                      # 29-PLAY-3
            w[o + MUST_TRUMP] = w[ASKER_MUST_TRUMP]
        expose(w, o, w[o + TLEN])
    else:                                                          # REDEAL: 28-POST-3
        w[o + STATUS] = ANNULLED


@njit
def best_trump(w: Vector, o: int) -> int:
    """The power of the highest card of this trick that counts as a trump, or -1."""
    trump = w[TRUMP]
    best = -1
    for i in range(trump_start(w, o), w[o + TLEN]):
        c = w[o + TRICK + i]
        if w[SUIT_OF + c] == trump and w[POWER + c] > best:
            best = w[POWER + c]
    return best


@njit
def higher_than(w: Vector, cards: int, best: int) -> int:
    """The cards of mask ``cards`` whose power is above ``best``."""
    out = 0
    for c in range(w[NCARDS]):
        if cards >> c & 1 and w[POWER + c] > best:
            out |= 1 << c
    return out


@njit
def jack_filter(w: Vector, o: int, allowed: int) -> int:
    """Jack-discard restriction (§5.1): no jack of a suit not yet led, unless a trump."""
    forbidden = w[JACK_MASK] & ~w[o + LED_MASK]
    if w[o + REVEALED] and w[TRUMP] >= 0:
        forbidden &= ~suit_mask(w, w[TRUMP])
    out = allowed & ~forbidden
    return out if out else allowed


@njit
def no_undertrump(w: Vector, o: int, hand: int) -> int:
    """28-P2-3: over-trump or play a non-trump; lower trumps only when nothing else is left."""
    best = best_trump(w, o)
    if best < 0:
        return hand
    trumps = hand & suit_mask(w, w[TRUMP])
    if not trumps:
        return hand
    allowed = (hand & ~trumps) | higher_than(w, trumps, best)
    return allowed if allowed else hand


@njit
def asker_options(w: Vector, o: int, hand: int) -> int:
    """28-REV-3, 28-BR-3(b): what the player who asked or exposed must play."""
    if w[o + IND_ONLY]:
        return 1 << w[INDICATOR]
    if not w[o + MUST_TRUMP] or w[TRUMP] < 0:
        return jack_filter(w, o, hand) if w[JACKS] else hand
    trumps = hand & suit_mask(w, w[TRUMP])
    if not trumps:
        return jack_filter(w, o, hand) if w[JACKS] else hand
    if w[OVERTRUMP_OPPONENT]:                                      # BOT-PROTOCOL §7.5
        wi = winner_index(w, o)
        best = best_trump(w, o)
        if best >= 0 and w[SIDE + w[o + TSEAT + wi]] != w[SIDE + w[o + ASKER]]:
            higher = higher_than(w, trumps, best)
            if higher:
                return higher
    if w[NO_UNDERTRUMP]:
        higher = higher_than(w, trumps, best_trump(w, o))
        if higher:
            return higher
    return trumps


@njit
def options(w: Vector, o: int) -> tuple[int, int]:
    """The cards the player to act may play, and ``ASK``/``REVEAL`` if offered (else 0)."""
    seat = w[o + TO_ACT]
    hand = w[o + seat]
    trump = w[TRUMP]
    jacks = w[JACKS]
    if w[o + TLEN] == 0:                                               # leading
        if w[RESTRICTED] and seat == w[BIDDER] and not w[o + REVEALED]:
            trumps = hand & suit_mask(w, trump)
            others = hand & ~trumps
            if trumps and others and not (w[LEAD_AFTER_LED] and w[o + TLO]):
                return others, 0                                   # 28-BR-1
        if w[TRUMP_LEAD_RESTRICTION] and w[o + REVEALED] and trump >= 0 \
                and not w[o + TRUMP_PLAYED]:                           # 56-PLAY-5
            others = hand & ~suit_mask(w, trump)
            if others and others != hand:
                return others, 0
        return hand, 0
    led = w[SUIT_OF + w[o + TRICK]]
    follow = hand & w[SUIT_MASKS + led]
    if w[o + REVEALED]:                                                # phase 2
        if seat == w[o + ASKER]:
            return asker_options(w, o, hand), 0
        if follow:
            return follow, 0
        allowed = hand
        if w[NO_UNDERTRUMP] and trump >= 0:
            allowed = no_undertrump(w, o, allowed)
        if jacks:
            allowed = jack_filter(w, o, allowed)
        return allowed, 0
    if follow:                                                     # phase 1
        return follow, 0
    if trump < 0:
        return (jack_filter(w, o, hand) if jacks else hand), 0
    if seat != w[BIDDER] or not w[RESTRICTED]:                 # 28-P1-2, 29-PLAY-3
        verb = REVEAL if seat == w[BIDDER] else ASK
        if w[ASKING_COMPULSORY]:
            return 0, verb
        return (jack_filter(w, o, hand) if jacks else hand), verb
    trumps = suit_mask(w, trump)                                 # 28-BR-2, 28-BR-3
    if led == trump:
        allowed = jack_filter(w, o, hand) if jacks else hand
        return allowed, (REVEAL if w[MAY_REVEAL] else 0)
    allowed = hand if w[VOID_DISCARD] else hand & ~trumps
    if jacks and allowed:
        allowed = jack_filter(w, o, allowed)
    return allowed, REVEAL


@njit_inline
def legal(w: Vector, o: int, mo: int) -> int:
    """Write every move of the player to act at ``w[mo:]`` (cards increasing, then verbs)."""
    if w[o + STATUS] != LIVE:
        return 0
    mask, verb = options(w, o)
    if w[DEDUPE]:
        mask &= ~((mask << 1) & w[DEDUPE])
    k = 0
    for c in range(w[NCARDS]):
        if mask >> c & 1:
            w[mo + k] = c
            k += 1
    if verb:
        w[mo + k] = verb
        k += 1
    seat = w[o + TO_ACT]
    if w[ZERO_POINT] >> seat & 1 and not w[o + PLAYED] >> seat & 1 \
            and w[o + ASKER] != seat:                           # 28-POST-3 (not once asked)
        w[mo + k] = REDEAL
        k += 1
    return k


@njit_inline
def live_cards(w: Vector, o: int) -> int:
    """Cards not yet in a completed trick: in hands, on the table, or face down."""
    m = 0
    for seat in range(w[N]):
        m |= w[o + seat]
    for i in range(w[o + TLEN]):
        m |= 1 << w[o + TRICK + i]
    if w[INDICATOR] >= 0 and not w[o + REVEALED]:
        m |= 1 << w[INDICATOR]
    return m


# ---- equivalent cards and move ordering (ordering.py) --------------------------------------
@njit_inline
def merge_equivalent(w: Vector, o: int, mo: int, count: int) -> int:
    """Keep one card of each equivalent group of the ``count`` cards at ``w[mo:]``."""
    if count < 2:
        return count
    live = live_cards(w, o)
    jacks = w[JACK_MASK] if w[JACKS] else 0
    prev = w[mo]
    k = 1
    for i in range(1, count):
        c = w[mo + i]
        between = ((((1 << c) - 1) & ~((2 << prev) - 1)) | w[TIES + prev] | w[TIES + c]) \
            & ~(1 << prev | 1 << c)
        if (w[SUIT_OF + c] == w[SUIT_OF + prev] and w[POINTS + c] == w[POINTS + prev]
                and not live & between and (jacks >> c & 1) == (jacks >> prev & 1)):
            prev = c
            continue
        w[mo + k] = c
        k += 1
        prev = c
    return k


@njit
def ordered_moves(w: Vector, o: int, best: int, mo: int, so: int) -> int:
    """Write the moves to search at ``w[mo:]``, best guesses first (their scores at
    ``w[so:]``); return their number."""
    total = legal(w, o, mo)
    ncards = 0
    while ncards < total and w[mo + ncards] < 128:
        ncards += 1
    verb1 = w[mo + ncards] if total > ncards else 0
    verb2 = w[mo + ncards + 1] if total > ncards + 1 else 0
    ncards = merge_equivalent(w, o, mo, ncards)
    own_winning = False
    n = w[o + TLEN]
    if n == 0:
        for i in range(ncards):
            w[so + i] = w[POWER + w[mo + i]]
    else:
        seat = w[o + TO_ACT]
        wi = winner_index(w, o)
        wc = w[o + TRICK + wi]
        own_winning = w[SIDE + w[o + TSEAT + wi]] == w[SIDE + seat]
        last = n == w[TRICK_SIZE] - 1
        trump = w[TRUMP]
        led = w[SUIT_OF + w[o + TRICK]]
        revealed = w[o + REVEALED] != 0
        w_trump = False
        if revealed and trump >= 0:
            w_trump = w[SUIT_OF + wc] == trump and wi >= trump_start(w, o)
        wp = w[POWER + wc]
        for i in range(ncards):
            c = w[mo + i]
            suit = w[SUIT_OF + c]
            pw = w[POWER + c]
            pt = w[POINTS + c]
            if revealed and suit == trump and trump >= 0:
                beats = not w_trump or pw > wp
            else:
                beats = not w_trump and suit == led and pw > wp
            if own_winning:
                score = pt * 16 - pw if last else -(pt * 16 + pw)
            elif beats:
                score = 1000 - pw if last else 1000 + pw
            else:
                score = -(pt * 16 + pw)
            w[so + i] = score
    for i in range(1, ncards):                 # sort by (score, card), highest first
        sc = w[so + i]
        c = w[mo + i]
        j = i - 1
        while j >= 0 and (w[so + j] < sc or (w[so + j] == sc and w[mo + j] < c)):
            w[so + j + 1] = w[so + j]
            w[mo + j + 1] = w[mo + j]
            j -= 1
        w[so + j + 1] = sc
        w[mo + j + 1] = c
    count = ncards
    for v in (verb1, verb2):
        if v == 0:
            continue
        if v in (ASK, REVEAL) and not own_winning:
            for j in range(count, 0, -1):
                w[mo + j] = w[mo + j - 1]
            w[mo] = v
        else:
            w[mo + count] = v
        count += 1
    if best >= 0 and w[mo] != best:
        at = -1
        for j in range(count):
            if w[mo + j] == best:
                at = j
                break
        if at > 0:
            for j in range(at, 0, -1):
                w[mo + j] = w[mo + j - 1]
            w[mo] = best
    return count


# ---- the transposition table --------------------------------------------------------------
@njit
def make_key(w: Vector, o: int, ko: int) -> None:
    """The key words of the position (the same information as ``Searcher.key``).

    Compact form (``w[COMPACT]``: 4 seats or fewer, 32 cards or fewer): two hands a word
    and everything else in a third; otherwise a word per hand, then the trick, the small
    fields and the suits led.
    """
    led = 0
    if w[KEY_JACKS]:
        for suit in range(w[NSUITS]):
            if w[o + LED_MASK] & w[SUIT_MASKS + suit]:
                led |= 1 << suit
    tlo = w[o + TLO] if w[KEY_TLO] else 0
    played = w[o + PLAYED] if w[ZERO_POINT] else 0
    banked = w[o + BANKED] if w[KEY_POINTS] else 0
    tp = w[o + TRUMP_PLAYED] if w[KEY_TRUMP_PLAYED] else 0
    trick = 0
    for i in range(w[o + TLEN]):
        trick |= (w[o + TRICK + i] + 1) << (7 * i)
    if w[COMPACT]:
        h1 = w[o + 1]
        h3 = w[o + 3] if w[N] > 3 else 0
        w[ko] = w[o] | (h1 & LOW31) << 32
        w[ko + 1] = w[o + 2] | (h3 & LOW31) << 32
        w[ko + 2] = (trick | w[o + TO_ACT] << 28 | w[o + REVEALED] << 30
                       | (w[o + REVEAL_INDEX] + 1) << 31 | (w[o + ASKER] + 1) << 34
                       | w[o + MUST_TRUMP] << 37 | w[o + IND_ONLY] << 38
                       | w[o + PENDING] << 39 | tlo << 40 | played << 41 | banked << 45
                       | (h1 >> 31) << 51 | (h3 >> 31) << 52 | led << 53 | tp << 57)
        return
    n = w[N]
    for seat in range(n):
        w[ko + seat] = w[o + seat]
    w[ko + n] = trick
    w[ko + n + 1] = (w[o + TO_ACT] | w[o + REVEALED] << 4 | (w[o + REVEAL_INDEX] + 1) << 5
                  | (w[o + ASKER] + 1) << 9 | w[o + MUST_TRUMP] << 13 | w[o + IND_ONLY] << 14
                  | w[o + PENDING] << 15 | tlo << 16 | played << 17 | banked << 25
                  | tp << 32)
    w[ko + n + 2] = led


@njit
def key_hash(key: Vector, ko: int, words: int) -> int:
    """A hash of the key words, below 2**63: the same compiled or not (no overflow)."""
    h = 0
    for i in range(words):
        h = ((h ^ int(key[ko + i])) * HASH_MULT) & LOW63
    return h ^ (h >> 29)


@njit
def find(table: Vector, gen: int, key: Vector, ko: int, words: int) -> int:
    """The row of ``table`` holding the key at ``key[ko:]``, or the empty row where it goes.

    A row is ``words`` key words and a last word packing the bounds, the best move and the
    generation; rows of an older generation are empty.
    """
    stride = words + 1
    mask = table.shape[0] // stride - 1
    i = key_hash(key, ko, words) & mask
    while True:
        at = i * stride
        if table[at + words] >> GEN_SHIFT != gen:
            return i
        same = True
        for j in range(words):
            if table[at + j] != key[ko + j]:
                same = False
                break
        if same:
            return i
        i = (i + 1) & mask


@njit
def grow(table: Vector, arena: Vector, gen: int, words: int) -> Vector:
    """A table of twice the size holding the current generation's entries.

    The table is the start of ``arena`` while twice its size fits there (its current rows are
    taken out, marked empty and put back where the bigger table hashes them), else a new
    array.
    """
    stride = words + 1
    size = table.shape[0]
    old = table
    if 2 * size <= arena.shape[0]:
        old = table.copy()
        for at in range(words, size, stride):
            table[at] = 0                      # generation 0: never a live one
        bigger: Vector = arena[:2 * size]
    else:
        bigger = _zeros(2 * size, np.int64)[:]
    for i in range(size // stride):
        at = i * stride
        if old[at + words] >> GEN_SHIFT == gen:
            r = find(bigger, gen, old, at, words) * stride
            for j in range(stride):
                bigger[r + j] = old[at + j]
    return bigger


@njit
def store(tables: list[Vector], w: Vector, ko: int, lo: int, hi: int, best: int, hint: int,
          hint_size: int, hint_gen: int) -> None:
    """Record the bounds and best move of the key at ``w[ko:]`` (emptying a full table).

    ``hint`` is the row the probe found in a table of ``hint_size`` words and generation
    ``hint_gen``: still the right row if the table has neither grown nor been emptied since
    and the row is still empty or the key's (rows are never freed within a generation).
    A table that grows is put in ``tables[0]`` and ``w[GROWN]`` is set (``tables[1]`` is
    the arena it grows in, :func:`grow`).
    """
    words = w[KEY_WORDS]
    stride = words + 1
    if w[COUNT] >= w[MAX_ENTRIES]:
        w[GEN] += 1                            # as dict.clear() in the Python search
        w[COUNT] = 0
    gen = w[GEN]
    table = tables[0]
    r = hint
    valid = table.shape[0] == hint_size and gen == hint_gen
    at = r * stride
    if valid and table[at + words] >> GEN_SHIFT == gen:
        for j in range(words):
            if table[at + j] != w[ko + j]:
                valid = False
                break
    if not valid:
        r = find(table, gen, w, ko, words)
        at = r * stride
    if table[at + words] >> GEN_SHIFT != gen:
        for j in range(words):
            table[at + j] = w[ko + j]
        w[COUNT] += 1
    table[at + words] = ((lo + PACK) | (hi + PACK) << 13 | (best + 1) << 26
                         | gen << GEN_SHIFT)
    if 2 * w[COUNT] * stride > table.shape[0]:
        tables[0] = grow(table, tables[1], gen, words)
        w[GROWN] = 1


# ---- the search (search.py), without recursion --------------------------------------------
# One work array ``w`` holds everything but the table (numba counts references to each array
# passed in a call, so fewer arrays is faster): the rules (cfg) and the counters, then for
# each depth d a position, the ordered moves and their scores, the key and a frame.  A frame
# holds the window, the running bound, the best value and move so far, the table bounds and
# the child being searched: the recursion of Searcher.search, unrolled (numba cannot cache
# recursive functions safely).
F_ALPHA = 0
F_BETA = 1
F_RUN = 2
F_G = 3
F_LO = 4
F_HI = 5
F_BEST = 6
F_I = 7
F_COUNT = 8
F_BANKED = 9
F_DD = 10
F_MAX = 11
F_SLOT = 12
F_SIZE = 13
F_GEN = 14
FRAME = 15
KEY_STRIDE = MAX_SEATS + 3
ROWS = MAX_DEPTH + 2
ST_BASE = CTR_BASE + COUNTERS
MV_BASE = ST_BASE + ROWS * WIDTH
SC_BASE = MV_BASE + ROWS * MAX_MOVES
KEY_BASE = SC_BASE + ROWS * MAX_MOVES
FR_BASE = KEY_BASE + ROWS * KEY_STRIDE
WORK_SIZE = FR_BASE + ROWS * FRAME

ENTERED, RESOLVED, ABORT = 0, 1, 2


@njit
def enter(w: Vector, table: Vector, d: int) -> int:
    """Start the node at depth ``d`` (its window is in its frame).

    RESOLVED: its value is known at once (in ``F_G``); ENTERED: its moves are ordered and the
    frame is ready for the first child; ABORT: the node limit ran out.
    """
    if w[LIMIT] >= 0 and w[NODES] >= w[LIMIT]:
        w[ABORTED] = 1
        return ABORT
    w[NODES] += 1
    f = FR_BASE + d * FRAME
    o = ST_BASE + d * WIDTH
    alpha = w[f + F_ALPHA]
    beta = w[f + F_BETA]
    status = w[o + STATUS]
    if status:
        w[f + F_G] = w[ANNUL_VALUE] - SCALE * w[o + BANKED] if status == ANNULLED else 0
        return RESOLVED
    low = 0
    high = SCALE * w[o + REM]
    if w[ANNUL_POSSIBLE]:
        a = w[ANNUL_VALUE] - SCALE * w[o + BANKED]
        low = min(low, a)
        high = max(high, a)
    if high <= alpha:
        w[f + F_G] = high
        return RESOLVED
    if low >= beta:
        w[f + F_G] = low
        return RESOLVED
    ko = KEY_BASE + d * KEY_STRIDE
    make_key(w, o, ko)
    words = w[KEY_WORDS]
    gen = w[GEN]
    r = find(table, gen, w, ko, words)
    best = -1
    packed = table[r * (words + 1) + words]
    if packed >> GEN_SHIFT == gen:
        lo = (packed & 8191) - PACK
        hi = (packed >> 13 & 8191) - PACK
        best = (packed >> 26 & 255) - 1
        if lo >= beta:
            w[f + F_G] = lo
            return RESOLVED
        if hi <= alpha:
            w[f + F_G] = hi
            return RESOLVED
        alpha = max(alpha, lo)
        beta = min(beta, hi)
    else:
        lo = low
        hi = high
    mo = MV_BASE + d * MAX_MOVES
    count = ordered_moves(w, o, best, mo, SC_BASE + d * MAX_MOVES)
    maximising = w[SIDE + w[o + TO_ACT]]
    w[f + F_SLOT] = r
    w[f + F_SIZE] = table.shape[0]
    w[f + F_GEN] = gen
    w[f + F_ALPHA] = alpha
    w[f + F_BETA] = beta
    w[f + F_LO] = lo
    w[f + F_HI] = hi
    w[f + F_COUNT] = count
    w[f + F_I] = 0
    w[f + F_BANKED] = w[o + BANKED]
    w[f + F_BEST] = w[mo]
    w[f + F_MAX] = maximising
    w[f + F_G] = -INF if maximising else INF
    w[f + F_RUN] = alpha if maximising else beta
    return ENTERED


@njit
def launch(w: Vector, d: int) -> None:
    """Make the frame's current move into depth ``d + 1`` and set the child's window."""
    f = FR_BASE + d * FRAME
    o = ST_BASE + d * WIDTH
    c = o + WIDTH
    for j in range(WIDTH):                     # a slice copy would allocate
        w[c + j] = w[o + j]
    apply(w, c, w[MV_BASE + d * MAX_MOVES + w[f + F_I]])
    dd = SCALE * (w[c + BANKED] - w[f + F_BANKED])
    w[f + F_DD] = dd
    cf = f + FRAME
    if w[f + F_MAX]:
        w[cf + F_ALPHA] = w[f + F_RUN] - dd
        w[cf + F_BETA] = w[f + F_BETA] - dd
    else:
        w[cf + F_ALPHA] = w[f + F_ALPHA] - dd
        w[cf + F_BETA] = w[f + F_RUN] - dd


@njit
def take(w: Vector, d: int, value: int) -> bool:
    """The current child of depth ``d`` is worth ``value``; true when the node is finished."""
    f = FR_BASE + d * FRAME
    v = w[f + F_DD] + value
    m = w[MV_BASE + d * MAX_MOVES + w[f + F_I]]
    if w[f + F_MAX]:
        if v > w[f + F_G]:
            w[f + F_G] = v
            w[f + F_BEST] = m
            if v >= w[f + F_BETA]:
                return True
            if v > w[f + F_RUN]:
                w[f + F_RUN] = v
    elif v < w[f + F_G]:
        w[f + F_G] = v
        w[f + F_BEST] = m
        if v <= w[f + F_ALPHA]:
            return True
        if v < w[f + F_RUN]:
            w[f + F_RUN] = v
    w[f + F_I] += 1
    return w[f + F_I] == w[f + F_COUNT]


@njit
def finish(w: Vector, tables: list[Vector], d: int) -> int:
    """Store the finished node of depth ``d`` in the table; its value."""
    f = FR_BASE + d * FRAME
    g = w[f + F_G]
    lo = w[f + F_LO]
    hi = w[f + F_HI]
    if g <= w[f + F_ALPHA]:
        hi = min(hi, g)
    elif g >= w[f + F_BETA]:
        lo = max(lo, g)
    else:
        lo = g
        hi = g
    store(tables, w, KEY_BASE + d * KEY_STRIDE, lo, hi, w[f + F_BEST], w[f + F_SLOT],
          w[f + F_SIZE], w[f + F_GEN])
    return g


@njit
def search(w: Vector, tables: list[Vector], d0: int, alpha: int, beta: int) -> int:
    """Fail-soft alpha-beta on future values of the position at depth ``d0`` in (alpha, beta).

    ``Searcher.search`` with its recursion on the frames: the same nodes in the same order.
    """
    w[FR_BASE + d0 * FRAME + F_ALPHA] = alpha
    w[FR_BASE + d0 * FRAME + F_BETA] = beta
    table = tables[0]
    d = d0
    while True:
        state = enter(w, table, d)
        if state == ABORT:
            return 0
        if state == RESOLVED:
            value = w[FR_BASE + d * FRAME + F_G]     # return it upwards
            while True:
                if d == d0:
                    return value
                d -= 1
                if not take(w, d, value):
                    break                            # the node's next child
                value = finish(w, tables, d)
                if w[GROWN]:
                    table = tables[0]
                    w[GROWN] = 0
        launch(w, d)                                 # the first or the next child
        d += 1


@njit
def mtdf(w: Vector, tables: list[Vector], d: int, guess: int) -> int:
    """The exact future value of the position at depth ``d`` by zero-window searches."""
    g = guess
    lower = -INF
    upper = INF
    while lower < upper:
        beta = g + 1 if g == lower else g
        g = search(w, tables, d, beta - 1, beta)
        if w[ABORTED]:
            return 0
        if g < beta:
            upper = g
        else:
            lower = g
    return g


@njit
def prepare(cfg: Vector, w: Vector, arena: Vector, max_entries: int, limit: int
            ) -> list[Vector]:
    """Set up the work array for a search (the rules, the counters) and return the tables
    list (the table at the start of ``arena``, and the arena): see :func:`solve_codes`."""
    gen = w[GEN]
    for j in range(CFG_SIZE):
        w[j] = cfg[j]
    w[CTR_BASE:CTR_BASE + COUNTERS] = 0
    words = 3 if cfg[COMPACT] else cfg[N] + 3
    first = FIRST_CAPACITY * (words + 1)
    table: Vector = arena[:first] if first <= arena.shape[0] else _zeros(first, np.int64)[:]
    w[GEN] = gen
    w[MAX_ENTRIES] = max_entries
    w[LIMIT] = limit
    w[KEY_WORDS] = words
    return [table, arena[:]]


@njit
def solve_root(cfg: Vector, root: Vector, guess: int, zero_window: int, max_entries: int,
               limit: int, w: Vector, arena: Vector, out: Vector) -> None:
    """The future value of the position ``root`` itself (doubled scale, the points already
    won not included), by MTD(f) from ``guess``: ``Searcher.mtdf`` on the position, node for
    node — or, with ``zero_window``, one zero-window search ``Searcher.search(guess - 1,
    guess)`` (the value is at least ``guess`` if and only if the bidding side reaches it).
    ``out[0]`` gets the value, ``out[1]`` the nodes and ``out[2]`` 1 if ``limit`` ran out (the
    value is then meaningless).  ``w`` and ``arena`` as for :func:`solve_codes`."""
    tables = prepare(cfg, w, arena, max_entries, limit)
    w[ST_BASE:ST_BASE + WIDTH] = root[:WIDTH]
    if zero_window:
        out[0] = search(w, tables, 0, guess - 1, guess)
    else:
        out[0] = mtdf(w, tables, 0, guess)
    out[1] = w[NODES]
    out[2] = w[ABORTED]
    w[GEN] += 1


@njit
def solve_codes(cfg: Vector, root: Vector, codes: Vector, guess: int, goal: int,
                made_only: int, max_entries: int, limit: int, out: Vector, w: Vector,
                arena: Vector) -> int:
    """The doubled-scale value of each move in ``codes`` from ``root``, into ``out``.

    As :func:`twentyeight.solver.solve` (MTD(f) per move, each guess the previous value) or,
    with ``made_only``, 1 or 0 for "the bidding side reaches ``goal``" (one zero-window search
    per move, as ``pimc.solve_limited``).  One table serves every move.  Returns the nodes
    searched, or ``-1 - nodes`` when ``limit`` (if not negative) ran out first.

    ``w`` is the work array (:data:`WORK_SIZE` int64; ``w[GEN]`` holds the table's
    generation, at least 1, and is left one past the last generation used) and ``arena`` the
    memory the table lives in while it fits (any size, contents from earlier calls of older
    generations): the caller keeps both from call to call, so that nothing is allocated and
    the table's memory stays mapped (:mod:`twentyeight.solver.fast`).  Rows of older
    generations are empty, so a call sees none of an earlier call's entries.
    """
    tables = prepare(cfg, w, arena, max_entries, limit)
    o = ST_BASE
    for j in range(WIDTH):
        w[o + j] = root[j]
    for i in range(codes.shape[0]):
        for j in range(WIDTH):
            w[o + WIDTH + j] = root[j]
        apply(w, o + WIDTH, codes[i])
        b = SCALE * w[o + WIDTH + BANKED]
        if made_only:
            future = goal - b
            g = search(w, tables, 1, future - 1, future)
            out[i] = 1 if g >= future else 0
        else:
            v = b + mtdf(w, tables, 1, guess - b)
            out[i] = v
            guess = v
        if w[ABORTED]:
            break
    nodes = w[NODES]
    w[GEN] += 1
    return -1 - nodes if w[ABORTED] else nodes
