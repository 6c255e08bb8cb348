"""Which moves to try, and in what order: equivalent-card merging and move ordering.

**Equivalent cards.**  Two playable cards of the same suit in one hand are interchangeable
when they are worth the same card points and every other card ranking between them or level
with either of them has already gone in a completed trick: whichever is played, every later
trick goes the same way.  (Level cards matter where two cards share a power — 56's twins,
40's jack and 3 — because the one played first wins: holding K♠ and Q♠ with the other Q♠
still out, the king beats that queen and the queen only if it comes first.)  Only
one card of each such group is searched.  The merge is refused where a rule still tells the
two cards apart: under ``jack_discard_restriction`` a jack is never merged with a card that is
not a jack.  Cards on the table and the face-down indicator count as cards still in play, so
they keep the cards around them apart.  (Cards are numbered suit by suit in power order, so
"between" is simply "between in the numbering", also for reversed or equal ranks.)

**Ordering.**  The move the transposition table remembers comes first.  Then, when following:
a card that takes the trick from the other side (the cheapest such card if the player is the
last to play), points thrown on a trick the partner is winning when the player is last, and
otherwise cheap discards; when leading, high cards first.  Asking (or exposing) is tried early
when the other side is winning the trick and late when one's own side is.
"""

from __future__ import annotations

from twentyeight.cards import Mask
from twentyeight.solver.position import ASK, REVEAL, Position

__all__ = ["equivalent_groups", "merge_equivalent", "ordered_moves"]


def merge_equivalent(p: Position, cards: list[int]) -> list[int]:
    """``cards`` (increasing) with all but one card (the first) of each equivalent group
    removed."""
    if len(cards) < 2:
        return cards
    live = p.live_cards()
    deck = p.t.deck
    points = deck.points
    ties = deck.ties
    suit_of = p.suit_of
    jacks = deck.jack_mask if p.rules.jack_discard_restriction else 0
    out = [cards[0]]
    prev = cards[0]
    for c in cards[1:]:
        between: Mask = ((((1 << c) - 1) & ~((2 << prev) - 1)) | ties[prev] | ties[c]) \
            & ~(1 << prev | 1 << c)
        if (suit_of[c] == suit_of[prev] and points[c] == points[prev]
                and not live & between and (jacks >> c & 1) == (jacks >> prev & 1)):
            prev = c                     # same group: keep the first card, extend the run
            continue
        out.append(c)
        prev = c
    return out


def equivalent_groups(p: Position, cards: list[int]) -> list[list[int]]:
    """``cards`` (increasing) in their groups of equivalent cards, in order (module docs):
    whichever card of a group is played, the position's value is the same.  A group is a run
    of ``cards`` that starts at a card :func:`merge_equivalent` keeps (the search's hot
    path, so the rule is written there only)."""
    starts = set(merge_equivalent(p, cards))
    groups: list[list[int]] = []
    for c in cards:
        if c in starts:
            groups.append([c])
        else:
            groups[-1].append(c)
    return groups


def ordered_moves(p: Position, best: int) -> list[int]:
    """The moves to search at ``p``, best guesses first (``best``: the table's move, or -1)."""
    moves = p.legal()
    cards = [m for m in moves if m < 128]
    verbs = [m for m in moves if m >= 128]
    cards = merge_equivalent(p, cards)
    trick = p.trick_cards
    power = p.power
    points = p.t.deck.points
    scored: list[tuple[int, int]] = []
    if not trick:
        for c in cards:
            scored.append((power[c], c))
        own_winning = False
    else:
        seat = p.to_act
        side = p.bid_side
        wi = p.winner_index()
        w = trick[wi]
        own_winning = side[p.trick_seats[wi]] == side[seat]  # type: ignore[index]
        last = len(trick) == p.trick_size - 1
        suit_of = p.suit_of
        trump = p.trump
        led = suit_of[trick[0]]
        w_trump = False
        if p.revealed and trump >= 0:
            w_trump = suit_of[w] == trump and wi >= p.trump_start()
        wp = power[w]
        for c in cards:
            s = suit_of[c]
            if p.revealed and s == trump and trump >= 0:
                beats = not w_trump or power[c] > wp
            else:
                beats = not w_trump and s == led and power[c] > wp
            if own_winning:
                score = points[c] * 16 - power[c] if last else -(points[c] * 16 + power[c])
            elif beats:
                score = 1000 - power[c] if last else 1000 + power[c]
            else:
                score = -(points[c] * 16 + power[c])
            scored.append((score, c))
    scored.sort(reverse=True)
    out = [c for _, c in scored]
    for v in verbs:
        if v in (ASK, REVEAL) and not own_winning:
            out.insert(0, v)
        else:
            out.append(v)
    if best >= 0 and best in out and out[0] != best:
        out.remove(best)
        out.insert(0, best)
    return out
