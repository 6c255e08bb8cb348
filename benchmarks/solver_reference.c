/* The solver's search in plain C: the yardstick for the numba kernel's speed.
 *
 * A line-by-line translation of src/twentyeight/solver/kernel.py (and so of search.py,
 * ordering.py and position.py): the same rules row (cfg), the same position slots, the same
 * move ordering, table key and exact transposition table (emptied when it holds max_entries
 * keys), fail-soft alpha-beta with MTD(f) on top; recursive, as a C programmer would write it.
 * It must give the same values and search the same nodes as the kernel, which
 * benchmarks/solver_c_speed.py checks on every deal before it compares the times.
 *
 * Not part of the package: the benchmark compiles it with the system's cc at run time, with
 * the slot numbers taken from the kernel module (-include of a generated header), so both
 * read the same rows.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int64_t i64;
typedef uint64_t u64;

static const i64 *R;                 /* the rules row (cfg) */
#define C(x) R[x]

/* ---- the rules of play ---------------------------------------------------------------- */
static i64 suit_mask(i64 suit) {
    if (suit < 0) suit += C(NSUITS);
    return C(SUIT_MASKS + suit);
}

static i64 trump_start(const i64 *s) {
    if (C(WHOLE_TRICK) || (C(HYBRID) && s[TLEN] > 0 && C(SUIT_OF + s[TRICK]) == C(TRUMP)))
        return 0;
    return s[REVEAL_INDEX];
}

static i64 winner_index(const i64 *s) {
    i64 trump = C(TRUMP), n = s[TLEN], best = -1, top = -1;
    if (s[REVEALED] && trump >= 0) {
        for (i64 i = trump_start(s); i < n; i++) {
            i64 c = s[TRICK + i];
            if (C(SUIT_OF + c) == trump && C(POWER + c) > top) { top = C(POWER + c); best = i; }
        }
        if (best >= 0) return best;
    }
    i64 led = C(SUIT_OF + s[TRICK]);
    for (i64 i = 0; i < n; i++) {
        i64 c = s[TRICK + i];
        if (C(SUIT_OF + c) == led && C(POWER + c) > top) { top = C(POWER + c); best = i; }
    }
    return best;
}

static void expose(i64 *s, i64 index) {
    s[REVEALED] = 1;
    s[REVEAL_INDEX] = index;
    s[PENDING] = 0;
    if (C(INDICATOR) >= 0) s[C(BIDDER)] |= (i64)1 << C(INDICATOR);
    if (C(ANNUL_ON_EXPOSE)) s[STATUS] = 2;
}

static void complete_trick(i64 *s) {
    i64 n = s[TLEN], wi = winner_index(s), winner = s[TSEAT + wi], won = 0;
    for (i64 i = 0; i < n; i++) won += C(POINTS + s[TRICK + i]);
    i64 mine = C(SIDE + winner);
    s[REM] -= won;
    if (mine) s[BANKED] += won; else s[LOST] += won;
    i64 trump = C(TRUMP), led = C(SUIT_OF + s[TRICK]);
    s[LED_MASK] |= C(SUIT_MASKS + led);
    if (led == trump && s[TSEAT] != C(BIDDER)) s[TLO] = 1;
    if (C(TRUMP_LEAD_RESTRICTION) && s[REVEALED] && !s[TRUMP_PLAYED] && trump >= 0)
        for (i64 i = 0; i < n; i++)
            if (C(SUIT_OF + s[TRICK + i]) == trump) { s[TRUMP_PLAYED] = 1; break; }
    s[TLEN] = 0;
    s[DONE] += 1;
    i64 total = C(TOTAL_TRICKS);
    if (C(STOP_WHEN_DECIDED) && s[DONE] < total &&
        (s[BANKED] >= C(CONTRACT) || s[LOST] > C(DECK_POINTS) - C(CONTRACT))) {
        s[STATUS] = 1;
        return;
    }
    if (s[DONE] == total) {
        if (C(LAST_BONUS)) { s[REM] -= 1; if (mine) s[BANKED] += 1; }
        s[STATUS] = (C(UNREVEALED_ANNULS) && !s[REVEALED] && trump >= 0) ? 2 : 1;
        return;
    }
    s[LEADER] = winner;
    s[TO_ACT] = winner;
    s[ASKER] = -1;
    s[IND_ONLY] = 0;
    s[REVEAL_INDEX] = s[REVEALED] ? 0 : -1;
    if (s[DONE] == total - 1 && !s[REVEALED] && C(INDICATOR) >= 0) {
        if (C(BEFORE_LEAD) || winner == C(BIDDER)) expose(s, 0); else s[PENDING] = 1;
    }
}

static void play(i64 *s, i64 card) {
    i64 seat = s[TO_ACT];
    s[seat] ^= (i64)1 << card;
    i64 k = s[TLEN];
    s[TRICK + k] = card;
    s[TSEAT + k] = seat;
    s[TLEN] = k + 1;
    s[PLAYED] |= (i64)1 << seat;
    if (k + 1 == C(TRICK_SIZE)) { complete_trick(s); return; }
    i64 nxt = C(NEXT_SEAT + seat);
    s[TO_ACT] = nxt;
    if (s[PENDING] && nxt == C(BIDDER)) expose(s, k + 1);
}

static void apply(i64 *s, i64 code) {
    if (code < 128) play(s, code);
    else if (code == ASK) {
        s[ASKER] = s[TO_ACT];
        s[MUST_TRUMP] = C(ASKER_MUST_TRUMP);
        expose(s, s[TLEN]);
    } else if (code == REVEAL) {
        s[ASKER] = s[TO_ACT];
        if (C(RESTRICTED)) {
            s[IND_ONLY] = (C(REVEAL_INDICATOR) && C(INDICATOR) >= 0) ? 1 : 0;
            s[MUST_TRUMP] = 1;
        } else s[MUST_TRUMP] = C(ASKER_MUST_TRUMP);
        expose(s, s[TLEN]);
    } else s[STATUS] = 2;
}

static i64 best_trump(const i64 *s) {
    i64 trump = C(TRUMP), best = -1;
    for (i64 i = trump_start(s); i < s[TLEN]; i++) {
        i64 c = s[TRICK + i];
        if (C(SUIT_OF + c) == trump && C(POWER + c) > best) best = C(POWER + c);
    }
    return best;
}

static i64 higher_than(i64 cards, i64 best) {
    i64 out = 0;
    for (i64 c = 0; c < C(NCARDS); c++)
        if ((cards >> c & 1) && C(POWER + c) > best) out |= (i64)1 << c;
    return out;
}

static i64 jack_filter(const i64 *s, i64 allowed) {
    i64 forbidden = C(JACK_MASK) & ~s[LED_MASK];
    if (s[REVEALED] && C(TRUMP) >= 0) forbidden &= ~suit_mask(C(TRUMP));
    i64 out = allowed & ~forbidden;
    return out ? out : allowed;
}

static i64 no_undertrump(const i64 *s, i64 hand) {
    i64 best = best_trump(s);
    if (best < 0) return hand;
    i64 trumps = hand & suit_mask(C(TRUMP));
    if (!trumps) return hand;
    i64 allowed = (hand & ~trumps) | higher_than(trumps, best);
    return allowed ? allowed : hand;
}

static i64 asker_options(const i64 *s, i64 hand) {
    if (s[IND_ONLY]) return (i64)1 << C(INDICATOR);
    if (!s[MUST_TRUMP] || C(TRUMP) < 0) return C(JACKS) ? jack_filter(s, hand) : hand;
    i64 trumps = hand & suit_mask(C(TRUMP));
    if (!trumps) return C(JACKS) ? jack_filter(s, hand) : hand;
    if (C(OVERTRUMP_OPPONENT)) {
        i64 wi = winner_index(s), best = best_trump(s);
        if (best >= 0 && C(SIDE + s[TSEAT + wi]) != C(SIDE + s[ASKER])) {
            i64 higher = higher_than(trumps, best);
            if (higher) return higher;
        }
    }
    if (C(NO_UNDERTRUMP)) {
        i64 higher = higher_than(trumps, best_trump(s));
        if (higher) return higher;
    }
    return trumps;
}

/* The cards the player to act may play; *verb gets ASK/REVEAL if offered (else 0). */
static i64 options(const i64 *s, i64 *verb) {
    i64 seat = s[TO_ACT], hand = s[seat], trump = C(TRUMP), jacks = C(JACKS);
    *verb = 0;
    if (s[TLEN] == 0) {
        if (C(RESTRICTED) && seat == C(BIDDER) && !s[REVEALED]) {
            i64 trumps = hand & suit_mask(trump), others = hand & ~trumps;
            if (trumps && others && !(C(LEAD_AFTER_LED) && s[TLO])) return others;
        }
        if (C(TRUMP_LEAD_RESTRICTION) && s[REVEALED] && trump >= 0 && !s[TRUMP_PLAYED]) {
            i64 others = hand & ~suit_mask(trump);
            if (others && others != hand) return others;
        }
        return hand;
    }
    i64 led = C(SUIT_OF + s[TRICK]);
    i64 follow = hand & C(SUIT_MASKS + led);
    if (s[REVEALED]) {
        if (seat == s[ASKER]) return asker_options(s, hand);
        if (follow) return follow;
        i64 allowed = hand;
        if (C(NO_UNDERTRUMP) && trump >= 0) allowed = no_undertrump(s, allowed);
        if (jacks) allowed = jack_filter(s, allowed);
        return allowed;
    }
    if (follow) return follow;
    if (trump < 0) return jacks ? jack_filter(s, hand) : hand;
    if (seat != C(BIDDER) || !C(RESTRICTED)) {
        *verb = seat == C(BIDDER) ? REVEAL : ASK;
        if (C(ASKING_COMPULSORY)) return 0;
        return jacks ? jack_filter(s, hand) : hand;
    }
    i64 trumps = suit_mask(trump);
    if (led == trump) {
        *verb = C(MAY_REVEAL) ? REVEAL : 0;
        return jacks ? jack_filter(s, hand) : hand;
    }
    i64 allowed = C(VOID_DISCARD) ? hand : hand & ~trumps;
    if (jacks && allowed) allowed = jack_filter(s, allowed);
    *verb = REVEAL;
    return allowed;
}

static int legal(const i64 *s, i64 *mv) {
    if (s[STATUS] != 0) return 0;
    i64 verb;
    i64 mask = options(s, &verb);
    if (C(DEDUPE)) mask &= ~((mask << 1) & C(DEDUPE));
    int k = 0;
    for (i64 c = 0; c < C(NCARDS); c++)
        if (mask >> c & 1) mv[k++] = c;
    if (verb) mv[k++] = verb;
    i64 seat = s[TO_ACT];
    if ((C(ZERO_POINT) >> seat & 1) && !(s[PLAYED] >> seat & 1)) mv[k++] = REDEAL;
    return k;
}

static i64 live_cards(const i64 *s) {
    i64 m = 0;
    for (i64 seat = 0; seat < C(N); seat++) m |= s[seat];
    for (i64 i = 0; i < s[TLEN]; i++) m |= (i64)1 << s[TRICK + i];
    if (C(INDICATOR) >= 0 && !s[REVEALED]) m |= (i64)1 << C(INDICATOR);
    return m;
}

/* ---- equivalent cards and move ordering ------------------------------------------------ */
static int merge_equivalent(const i64 *s, i64 *mv, int count) {
    if (count < 2) return count;
    i64 live = live_cards(s), jacks = C(JACKS) ? C(JACK_MASK) : 0, prev = mv[0];
    int k = 1;
    for (int i = 1; i < count; i++) {
        i64 c = mv[i];
        i64 between = ((((i64)1 << c) - 1) & ~(((i64)2 << prev) - 1)) | C(TIES + prev)
                      | C(TIES + c);
        between &= ~(((i64)1 << prev) | ((i64)1 << c));
        if (C(SUIT_OF + c) == C(SUIT_OF + prev) && C(POINTS + c) == C(POINTS + prev)
            && !(live & between) && ((jacks >> c & 1) == (jacks >> prev & 1))) {
            prev = c;
            continue;
        }
        mv[k++] = c;
        prev = c;
    }
    return k;
}

static int ordered_moves(const i64 *s, i64 best, i64 *mv) {
    i64 sc[MAX_MOVES];
    int total = legal(s, mv), ncards = 0;
    while (ncards < total && mv[ncards] < 128) ncards++;
    i64 verb1 = total > ncards ? mv[ncards] : 0;
    i64 verb2 = total > ncards + 1 ? mv[ncards + 1] : 0;
    ncards = merge_equivalent(s, mv, ncards);
    int own_winning = 0;
    i64 n = s[TLEN];
    if (n == 0) {
        for (int i = 0; i < ncards; i++) sc[i] = C(POWER + mv[i]);
    } else {
        i64 seat = s[TO_ACT], wi = winner_index(s), wc = s[TRICK + wi];
        own_winning = C(SIDE + s[TSEAT + wi]) == C(SIDE + seat);
        int last = n == C(TRICK_SIZE) - 1;
        i64 trump = C(TRUMP), led = C(SUIT_OF + s[TRICK]);
        int revealed = s[REVEALED] != 0, w_trump = 0;
        if (revealed && trump >= 0)
            w_trump = C(SUIT_OF + wc) == trump && wi >= trump_start(s);
        i64 wp = C(POWER + wc);
        for (int i = 0; i < ncards; i++) {
            i64 c = mv[i], suit = C(SUIT_OF + c), pw = C(POWER + c), pt = C(POINTS + c);
            int beats;
            if (revealed && suit == trump && trump >= 0) beats = !w_trump || pw > wp;
            else beats = !w_trump && suit == led && pw > wp;
            i64 score;
            if (own_winning) score = last ? pt * 16 - pw : -(pt * 16 + pw);
            else if (beats) score = last ? 1000 - pw : 1000 + pw;
            else score = -(pt * 16 + pw);
            sc[i] = score;
        }
    }
    for (int i = 1; i < ncards; i++) {
        i64 v = sc[i], c = mv[i];
        int j = i - 1;
        while (j >= 0 && (sc[j] < v || (sc[j] == v && mv[j] < c))) {
            sc[j + 1] = sc[j];
            mv[j + 1] = mv[j];
            j--;
        }
        sc[j + 1] = v;
        mv[j + 1] = c;
    }
    int count = ncards;
    i64 verbs[2] = {verb1, verb2};
    for (int t = 0; t < 2; t++) {
        i64 v = verbs[t];
        if (v == 0) continue;
        if ((v == ASK || v == REVEAL) && !own_winning) {
            for (int j = count; j > 0; j--) mv[j] = mv[j - 1];
            mv[0] = v;
        } else mv[count] = v;
        count++;
    }
    if (best >= 0 && mv[0] != best) {
        int at = -1;
        for (int j = 0; j < count; j++) if (mv[j] == best) { at = j; break; }
        if (at > 0) {
            for (int j = at; j > 0; j--) mv[j] = mv[j - 1];
            mv[0] = best;
        }
    }
    return count;
}

/* ---- the transposition table ----------------------------------------------------------- */
static int key_words;
static void make_key(const i64 *s, i64 *key) {
    i64 led = 0;
    if (C(KEY_JACKS))
        for (i64 suit = 0; suit < C(NSUITS); suit++)
            if (s[LED_MASK] & C(SUIT_MASKS + suit)) led |= (i64)1 << suit;
    i64 tlo = C(KEY_TLO) ? s[TLO] : 0, played = C(ZERO_POINT) ? s[PLAYED] : 0;
    i64 banked = C(KEY_POINTS) ? s[BANKED] : 0, tp = C(KEY_TRUMP_PLAYED) ? s[TRUMP_PLAYED] : 0;
    i64 trick = 0;
    for (i64 i = 0; i < s[TLEN]; i++) trick |= (s[TRICK + i] + 1) << (7 * i);
    if (C(COMPACT)) {
        i64 h1 = s[1], h3 = C(N) > 3 ? s[3] : 0;
        key[0] = s[0] | (h1 & LOW31) << 32;
        key[1] = s[2] | (h3 & LOW31) << 32;
        key[2] = trick | s[TO_ACT] << 28 | s[REVEALED] << 30 | (s[REVEAL_INDEX] + 1) << 31
                 | (s[ASKER] + 1) << 34 | s[MUST_TRUMP] << 37 | s[IND_ONLY] << 38
                 | s[PENDING] << 39 | tlo << 40 | played << 41 | banked << 45
                 | (h1 >> 31) << 51 | (h3 >> 31) << 52 | led << 53 | tp << 57;
        return;
    }
    i64 n = C(N);
    for (i64 seat = 0; seat < n; seat++) key[seat] = s[seat];
    key[n] = trick;
    key[n + 1] = s[TO_ACT] | s[REVEALED] << 4 | (s[REVEAL_INDEX] + 1) << 5
                 | (s[ASKER] + 1) << 9 | s[MUST_TRUMP] << 13 | s[IND_ONLY] << 14
                 | s[PENDING] << 15 | tlo << 16 | played << 17 | banked << 25 | tp << 32;
    key[n + 2] = led;
}

/* Open addressing over rows of key_words words and one packed word (bounds, best move);
 * a row is empty when its packed word is 0.  Emptied (all of it) at max_entries keys, grown
 * by doubling at half full, as the kernel's. */
static i64 *table;
static u64 rows, count, max_entries;

static u64 key_hash(const i64 *key) {
    u64 h = 0;
    for (int i = 0; i < key_words; i++) h = ((h ^ (u64)key[i]) * (u64)HASH_MULT) & (u64)LOW63;
    return h ^ (h >> 29);
}

static u64 find(const i64 *tab, u64 nrows, const i64 *key) {
    int stride = key_words + 1;
    u64 mask = nrows - 1, i = key_hash(key) & mask;
    for (;;) {
        const i64 *row = tab + i * stride;
        if (row[key_words] == 0) return i;
        if (memcmp(row, key, key_words * sizeof(i64)) == 0) return i;
        i = (i + 1) & mask;
    }
}

static void grow(void) {
    int stride = key_words + 1;
    i64 *bigger = calloc(2 * rows * stride, sizeof(i64));
    for (u64 i = 0; i < rows; i++) {
        i64 *row = table + i * stride;
        if (row[key_words]) memcpy(bigger + find(bigger, 2 * rows, row) * stride, row,
                                   stride * sizeof(i64));
    }
    free(table);
    table = bigger;
    rows *= 2;
}

static void store(const i64 *key, i64 lo, i64 hi, i64 best) {
    int stride = key_words + 1;
    if (count >= max_entries) {
        memset(table, 0, rows * stride * sizeof(i64));
        count = 0;
    }
    i64 *row = table + find(table, rows, key) * stride;
    if (row[key_words] == 0) {
        memcpy(row, key, key_words * sizeof(i64));
        count++;
    }
    row[key_words] = (lo + PACK) | (hi + PACK) << 13 | (best + 1) << 26 | (i64)1 << GEN_SHIFT;
    if (2 * count * stride > rows * stride) grow();
}

/* ---- the search -------------------------------------------------------------------------- */
static i64 nodes, limit;
static int aborted;

static i64 search(const i64 *s, i64 alpha, i64 beta) {
    if (limit >= 0 && nodes >= limit) { aborted = 1; return 0; }
    nodes++;
    i64 status = s[STATUS];
    if (status) return status == 2 ? C(ANNUL_VALUE) - SCALE * s[BANKED] : 0;
    i64 low = 0, high = SCALE * s[REM];
    if (C(ANNUL_POSSIBLE)) {
        i64 a = C(ANNUL_VALUE) - SCALE * s[BANKED];
        if (a < low) low = a;
        if (a > high) high = a;
    }
    if (high <= alpha) return high;
    if (low >= beta) return low;
    i64 key[MAX_SEATS + 3];
    make_key(s, key);
    i64 packed = table[find(table, rows, key) * (key_words + 1) + key_words];
    i64 best = -1, lo, hi;
    if (packed) {
        lo = (packed & 8191) - PACK;
        hi = (packed >> 13 & 8191) - PACK;
        best = (packed >> 26 & 255) - 1;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    } else { lo = low; hi = high; }
    i64 mv[MAX_MOVES];
    int n = ordered_moves(s, best, mv);
    i64 banked = s[BANKED], best_move = mv[0], g;
    i64 child[WIDTH];
    if (C(SIDE + s[TO_ACT])) {
        g = -INF;
        i64 a = alpha;
        for (int i = 0; i < n; i++) {
            memcpy(child, s, sizeof child);
            apply(child, mv[i]);
            i64 d = SCALE * (child[BANKED] - banked);
            i64 v = d + search(child, a - d, beta - d);
            if (aborted) return 0;
            if (v > g) {
                g = v;
                best_move = mv[i];
                if (g >= beta) break;
                if (g > a) a = g;
            }
        }
    } else {
        g = INF;
        i64 b = beta;
        for (int i = 0; i < n; i++) {
            memcpy(child, s, sizeof child);
            apply(child, mv[i]);
            i64 d = SCALE * (child[BANKED] - banked);
            i64 v = d + search(child, alpha - d, b - d);
            if (aborted) return 0;
            if (v < g) {
                g = v;
                best_move = mv[i];
                if (g <= alpha) break;
                if (g < b) b = g;
            }
        }
    }
    if (g <= alpha) { if (g < hi) hi = g; }
    else if (g >= beta) { if (g > lo) lo = g; }
    else lo = hi = g;
    store(key, lo, hi, best_move);
    return g;
}

static i64 mtdf(const i64 *s, i64 guess) {
    i64 g = guess, lower = -INF, upper = INF;
    while (lower < upper) {
        i64 beta = g == lower ? g + 1 : g;
        g = search(s, beta - 1, beta);
        if (aborted) return 0;
        if (g < beta) upper = g; else lower = g;
    }
    return g;
}

/* As kernel.solve_codes: each move's doubled-scale value into out (or 1/0 with made_only);
 * the nodes searched, or -1 - nodes when limit ran out. */
i64 solve_codes(const i64 *cfg, const i64 *root, const i64 *codes, i64 ncodes, i64 guess,
                i64 goal, i64 made_only, i64 entries, i64 node_limit, i64 *out) {
    R = cfg;
    key_words = C(COMPACT) ? 3 : (int)C(N) + 3;
    rows = FIRST_CAPACITY;
    table = calloc(rows * (key_words + 1), sizeof(i64));
    count = 0;
    max_entries = (u64)entries;
    nodes = 0;
    limit = node_limit;
    aborted = 0;
    i64 child[WIDTH];
    for (i64 i = 0; i < ncodes; i++) {
        memcpy(child, root, sizeof child);
        apply(child, codes[i]);
        i64 b = SCALE * child[BANKED];
        if (made_only) {
            i64 future = goal - b;
            out[i] = search(child, future - 1, future) >= future;
        } else {
            i64 v = b + mtdf(child, guess - b);
            out[i] = v;
            guess = v;
        }
        if (aborted) break;
    }
    free(table);
    return aborted ? -1 - nodes : nodes;
}
