// The one place where the felt is laid out: where each seat's plate sits, where each seat's
// card of the trick lands, how big those cards are and how much room the centre keeps — for
// any felt size (a phone upright or sideways, a laptop, a wall screen) and any table (three to
// eight seats).  The page's grid (css/layout.css) gives the felt its size; this module fits
// the table into it so that nothing covers a plate or a card:
//
// 1. plates, of each size (l, m, s, xs; where none of those fits, xxs), each whole and, where
//    that leaves the trick short of room, without the bidder's face-down card (the trump
//    chip says it too), set round a rounded rectangle (a superellipse through the seats'
//    angles) so that they do not touch each other, a taller plate (the bidder's) leaving
//    those beside the middle level with the room between the highest and the lowest;
// 2. trick cards: the largest card width, and for it the slot furthest out towards each seat
//    from the middle of the room the plates leave, such that no card touches a plate, another
//    card or the felt's rim (on a felt too small for that, cards may lie over each other's
//    faces but not their indexes; where those cards would be small, a compact ring round the
//    middle, its cards stacked so that every index shows; only as the last resort over the
//    indexes too; never over a plate);  the plate size kept is the one that gives the largest
//    trick cards (larger plates, and whole ones, break a tie), among those at which every
//    plate holds all it says;
// 3. the centre (the auction's card): the largest box round the middle that touches no plate.
//
// The result is written as inline positions (px) and CSS variables; `geometry` keeps it for
// the motion (where a card flies from, where a trick is swept to).

const SIZES = ["l", "m", "s", "xs"];
/** The plates' last size, tried only where no size of SIZES keeps them apart: xs without
 *  the line of what a seat is (css/table.css).  Three rows of plates on the least felt (an
 *  upright 360 × 640 phone in 56's auction: 200 px) have 168 px, three xs plates 159, and a
 *  call on two lines ("28 no-trump" beside the count) adds 13. */
const LEAST_SIZE = "xxs";
/** The rounded rectangles tried, roundest first; the last, a square's corners, sets the
 *  corner seats in line with the sides' (three rows of plates down each side of eight seats:
 *  the only ring a low felt has room for). */
const EXPONENTS = [2, 2.6, 3.4, 5, 8, Infinity];
const FRACTIONS = [0.66, 0.6, 0.54, 0.48, 0.42, 0.36, 0.3, 0.24];
/** The last resort, where no card can lie that far out without touching a plate (a low felt:
 *  a small phone, a moment's banner above it): nearer the middle, down to the middle itself,
 *  rather than every card in one pile at the middle, under the plates above and below. */
const NEAR = [...FRACTIONS, 0.18, 0.12, 0.06, 0];
const RIM = 16;                      // the wooden rim, inside which everything sits
const GAP = 6;                       // between plates
const CARD_GAP = 5;                  // between a card and anything else
const TILT = 1.13;                   // a card's box grows this much when tilted (±5°)
/** The smallest card of the trick: 24 px wide, its index still read on a phone (a 360 × 640
 *  one, eight seats, a moment's banner over the felt; the pile of larger cards it replaces
 *  hid all but the last card's index). */
const SMALLEST = 24;

/** The seats' felt needs at least this height (wide and portrait screens), by table size.
 *  Four seats: the plates above and below (the bidder's, with the face-down trump, 73 px
 *  at the smallest size) and a trick between them, apart, of the smallest cards; at 230 a
 *  360 × 640 phone laid the trick's cards under the plates. */
const FELT_MIN = { 3: 220, 4: 260, 6: 270, 8: 300 };

/** Below this, a sideways phone's hand is too small with the chips beside the felt: they go
 *  above it instead (css/layout.css, .chips-over-felt); below it even then, the column takes
 *  the whole height and the chips and clock share the felt's width (.column-whole-height). */
const HAND_BESIDE_MIN = 44;

/** The hand's cards are never narrower than this (px): below it the page scrolls instead. */
const HAND_LEAST = 40;

/** Of each card of a hand laid beside the felt, at least this width is left uncovered by the
 *  next (a strip a finger can find): a hand of many cards (56-4p's twelve) widens its column
 *  for it, from 40% of the page's width up to half. */
const HAND_STEP_MIN = 21;
const COLUMN_MOST = 0.5;

/** Where the hand is at its least even so, what gives way, in turn (a class of the page, and
 *  what must be shown for it to help): the moment's banner keeps to two lines (a tap shows
 *  the whole; the table talk has it too), then the prompt's line of why (in the table talk
 *  too). */
const LAST_RESORTS = [["banner-short", "#banner:not([hidden])"], ["why-dropped", "#prompt .prompt-why"]];

/** The size of the cards in your hand: as large as the shape allows (css/layout.css gives
 *  the largest, --card-max), small enough that the prompt, the calls and the hand leave the
 *  felt its room.  Sets --card-w on the page; on a sideways phone, also where the chips go
 *  (beside the felt, so that it has the whole height, unless the hand would be too small). */
export function fitPage(players) {
  const body = document.body;
  body.classList.remove("chips-over-felt", "column-whole-height", ...LAST_RESORTS.map(([name]) => name));
  const landscape = getComputedStyle(body).getPropertyValue("--shape").trim() === "landscape";
  const beside = landscape && !body.classList.contains("spectating");
  body.style.removeProperty("--column");
  if (beside) {
    const column = columnForHand(handCard(players));
    if (column) body.style.setProperty("--column", `${column}px`);
  }
  let card = handCard(players);
  for (const fallback of ["chips-over-felt", "column-whole-height"]) {   // each one more room
    if (!beside || card >= HAND_BESIDE_MIN) break;
    body.classList.add(fallback);
    card = handCard(players);
  }
  for (const [name, shown] of LAST_RESORTS) {
    if (card > (beside ? HAND_BESIDE_MIN : HAND_LEAST) || !document.querySelector(shown)) continue;
    body.classList.add(name);
    card = handCard(players);
  }
  body.style.setProperty("--card-w", `${card}px`);
}

/** The width the column beside the felt needs for a hand of cards this wide to leave each
 *  card HAND_STEP_MIN uncovered, where that is more than it has (null: it has enough, or no
 *  hand); at most COLUMN_MOST of the page, so that the felt keeps its room. */
function columnForHand(card) {
  const me = document.getElementById("me");
  const hand = document.getElementById("hand");
  const play = document.querySelector(".play");
  const n = hand ? hand.childElementCount : 0;
  if (!me || !play || n < 2 || hand.hidden) return null;
  const need = me.clientWidth - handRoom(hand) + card + (n - 1) * HAND_STEP_MIN;
  if (need <= me.clientWidth) return null;
  return Math.ceil(Math.min(need, COLUMN_MOST * play.clientWidth));
}

/** The width the hand's cards may take side by side (render-hand.js's fitHand overlaps
 *  them to fit it). */
export function handRoom(hand) {
  const style = getComputedStyle(hand);
  return hand.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 12;
}

/** The hand's card width that leaves the rest of the page its room, as the page now stands:
 *  on a sideways phone, the width that fills the hand's column (measured); elsewhere, what
 *  the felt's least height and the rest above and below it leave. */
function handCard(players) {
  const style = getComputedStyle(document.body);
  const shape = style.getPropertyValue("--shape").trim();
  const max = parseFloat(style.getPropertyValue("--card-max")) || 96;
  const clamp = (card) => Math.max(HAND_LEAST, Math.min(max, Math.floor(card)));
  if (shape === "landscape") {
    const fill = cardFillingColumn();
    if (fill !== null) return clamp(fill);
  }
  const play = document.querySelector(".play");
  const part = (id) => { const el = document.getElementById(id); return el && !el.hidden ? el.offsetHeight : 0; };
  let used = part("prompt") + part("actions") + part("notice") + part("keys") + 16 + 22 + 14 + 24;
  if (shape !== "landscape") used += part("status") + (FELT_MIN[players] || 240);
  else used += part("banner");
  return clamp((play.clientHeight - used) / 1.4);
}

/** The card width at which the column of your prompt, calls and hand (#me) is exactly full:
 *  its room less what its content takes beside the hand's cards (null: no cards to measure). */
function cardFillingColumn() {
  const me = document.getElementById("me");
  const card = document.querySelector("#hand .card");
  if (!me || !card || !card.offsetWidth) return null;
  const shown = [...me.children].filter((el) => el.getClientRects().length);
  const content = shown.at(-1).getBoundingClientRect().bottom - shown[0].getBoundingClientRect().top;
  const s = getComputedStyle(me);
  const room = me.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom);
  const height = card.offsetHeight + room - content - 4;
  return height * card.offsetWidth / card.offsetHeight;
}

export const geometry = { plates: {}, slots: {}, card: 0, centre: null, middle: null, width: 0, height: 0 };

const box = (cx, cy, w, h) => ({ l: cx - w / 2, t: cy - h / 2, r: cx + w / 2, b: cy + h / 2 });
const overlaps = (a, b, gap = 0) => a.l < b.r + gap && b.l < a.r + gap && a.t < b.b + gap && b.t < a.b + gap;
const area = (a, b) => Math.max(0, Math.min(a.r, b.r) - Math.max(a.l, b.l))
  * Math.max(0, Math.min(a.b, b.b) - Math.max(a.t, b.t));
const inside = (a, w, h, margin) => a.l >= margin && a.t >= margin && a.r <= w - margin && a.b <= h - margin;
const squash = (v, e) => (Math.abs(v) < 1e-9 ? 0 : Math.sign(v) * Math.abs(v) ** (2 / e));

/** The height at which the ring's plates beside the middle sit: halfway down the room
 *  between the highest plate and the lowest, each against the rim — the felt's middle where
 *  those two are as tall, higher where the lowest is the taller (the bidder's own plate, with
 *  its face-down card and "your turn", under the plates of the sides, which then keep their
 *  gap to it on a low felt). */
function platesMiddle(order, sizes, h) {
  const ys = order.map((p) => p.y);
  const height = (y) => sizes[order[ys.indexOf(y)].seat].ph;
  return h / 2 + (height(Math.min(...ys)) - height(Math.max(...ys))) / 2;
}

/** The plates round the felt, clear of each other (null: no shape of ring gives that); with
 *  `anyway`, the ring where they cover each other least. */
function platePositions(order, sizes, w, h, anyway = false) {
  let least = null;
  const my = platesMiddle(order, sizes, h);
  for (const e of EXPONENTS) {
    const boxes = {};
    for (const p of order) {
      const { pw, ph } = sizes[p.seat];
      const ax = Math.max(0, w / 2 - pw / 2 - RIM);
      // from that middle up to the rim, or down to it
      const ay = Math.max(0, p.y < 0 ? my - ph / 2 - RIM : h - ph / 2 - RIM - my);
      const cx = w / 2 + ax * squash(p.x, e);
      const cy = my + ay * squash(p.y, e);
      boxes[p.seat] = { ...box(cx, cy, pw, ph), cx, cy };
    }
    const list = Object.values(boxes);
    const clash = list.some((a, i) => list.slice(i + 1).some((b) => overlaps(a, b, GAP)));
    if (!clash) return boxes;
    const covered = list.reduce((sum, a, i) => sum + list.slice(i + 1).reduce((s2, b) => s2 + area(a, b), 0), 0);
    if (anyway && (!least || covered < least.covered)) least = { boxes, covered };
  }
  return least ? least.boxes : null;
}

/** How the trick's cards may lie: `apart` touching nothing; `corners` over each other but
 *  never over another card's index (its top-left corner: rank and suit), so that every card
 *  of the trick still says what it is whichever was played last; `ring` the compact ring
 *  round the middle (ringSlots); `overlap` as they must.  The bonus a mode scores beside its
 *  card width (layoutFelt): cards out by their plates at least RAY_LEAST wide win over the
 *  ring's unless those are 40 px wider; narrower, unless those are RING_GAIN wider. */
const MODES = { apart: 40, corners: 36, ring: 0, overlap: 0 };

/** The trick's cards lie out by their players' plates while they can be this wide (px): an
 *  index of about 10 px read at arm's length; below it (eight seats on a small phone: 24 to
 *  29 px), the compact ring round the middle where its cards are at least RING_GAIN wider. */
const RAY_LEAST = 32;
const RING_GAIN = 4;

/** The compact ring's spreads tried (fractions of each plate's offset from the middle, one
 *  across and one down), widest first. */
const SPREADS = Array.from({ length: 40 }, (_, i) => 0.8 - i * 0.02);

/** In the compact ring, each card is offset from the middle by at least this part of its
 *  width across and of its height down (where its plate is off the middle that way): two
 *  thirds of each card's face are in view beside the next and the ring has its players'
 *  shape — rather than larger cards in a pile of which little but the indexes shows. */
const RING_SHOWN = 0.66;

/** The top-left corner of a card's box where its index is drawn (cards.js: the rank and the
 *  suit within the first 27% of the width and 32% of the height; a little more for the tilt). */
const indexBox = (b) => ({ l: b.l, t: b.t, r: b.l + 0.3 * (b.r - b.l), b: b.t + 0.34 * (b.b - b.t) });

/** The middle of the room the plates leave, round which the trick lies: halfway between the
 *  plates above and below the felt's middle, and between those left and right of it (a
 *  plate taller than the others, the bidder's with its face-down card and "your turn",
 *  leaves less room on its side: from the felt's middle, the trick's cards on that side
 *  would touch it while the other side has room to spare); the felt's middle where no
 *  plates lie both ways. */
function roomMiddle(plates, w, h) {
  const list = Object.values(plates);
  const between = (near, far, fallback) => (near.length && far.length
    ? (Math.max(...near) + Math.min(...far)) / 2 : fallback);
  const cx = w / 2;
  const column = list.filter((q) => q.l < cx && q.r > cx);
  const y = between(column.filter((q) => q.cy < h / 2).map((q) => q.b), column.filter((q) => q.cy > h / 2).map((q) => q.t), h / 2);
  const row = list.filter((q) => q.t < y && q.b > y);       // (level with that height)
  const x = between(row.filter((q) => q.cx < cx).map((q) => q.r), row.filter((q) => q.cx > cx).map((q) => q.l), cx);
  return { x, y };
}

/** The trick's slots at the largest card width, down to `smallest`, at which each
 *  seat's card lies on the line from the middle (roomMiddle's) to its plate, as far out as
 *  it can without touching a plate or the rim, and as `mode` allows over the cards already
 *  placed (null: no width does). */
function trickSlots(order, plates, w, h, middle, mode, fractions = FRACTIONS, smallest = SMALLEST) {
  const { x: cx, y: cy } = middle;
  const plateList = Object.values(plates);
  const maxCard = Math.min(96, w / 5.2, h / 3.4);
  for (let card = Math.floor(maxCard); card >= smallest; card -= 1) {
    const cw = card * TILT;
    const ch = card * 1.4 * 1.03;
    const slots = {};
    let ok = true;
    for (const p of order) {
      const plate = plates[p.seat];
      const placed = Object.values(slots);
      // the slot furthest out that touches no plate and, as the mode says, no other card
      // or no other card's index; overlapping, the one that covers the cards placed least
      let found = null;
      let least = Infinity;
      for (const f of fractions) {
        const sx = cx + f * (plate.cx - cx);
        const sy = cy + f * (plate.cy - cy);
        const b = box(sx, sy, cw, ch);
        if (!inside(b, w, h, RIM) || plateList.some((q) => overlaps(b, q, CARD_GAP))) continue;
        if (mode === "apart" && placed.some((q) => overlaps(b, q, CARD_GAP))) continue;
        if (mode === "corners" && placed.some((q) => overlaps(b, indexBox(q), 2)
            || overlaps(indexBox(b), q, 2))) continue;
        const covered = placed.reduce((sum, q) => sum + area(b, q), 0);
        if (mode !== "overlap" || covered < least) {
          found = { ...b, x: sx, y: sy };
          least = covered;
          if (mode !== "overlap" || covered === 0) break;
        }
      }
      if (!found) { ok = false; break; }
      slots[p.seat] = found;
    }
    if (ok) return { card, slots, mode, near: fractions === NEAR, middle };
  }
  return null;
}

/** The compact ring of the trick, ray-free: the plates' ring drawn small round the middle
 *  of the room they leave, each seat's card offset from that middle by a fraction of its
 *  plate's offset (one fraction across, one down, the same for every seat), so that the
 *  cards lie round it as their players' plates lie round the felt, each on its player's side
 *  (seen from it, nearer its player's plate than any other).  The cards
 *  lie over each other's faces but never over an index: they are stacked (z) from the top
 *  left to the bottom right, so that a card over another lies right of or below its index
 *  (the top-left corner) — whichever was played last (the play's order of the other modes
 *  cannot give that in so little room: a later card would have to lie down and to the left
 *  of every earlier one, round the whole ring).  The largest card for which a spread fits,
 *  touching no plate and not the rim; for it, the spread that shows the most of each card
 *  (its smaller side, as a part of the card's).  `middle`: roomMiddle's.  Null: no card from
 *  `smallest` fits. */
function ringSlots(order, plates, w, h, middle, smallest = SMALLEST) {
  const { x: rx, y: ry } = middle;
  const plateList = Object.values(plates);
  const offsets = order.map((p) => ({ seat: p.seat, dx: plates[p.seat].cx - rx, dy: plates[p.seat].cy - ry }));
  const mx = Math.max(1, ...offsets.map((o) => Math.abs(o.dx)));
  const my = Math.max(1, ...offsets.map((o) => Math.abs(o.dy)));
  // bottom of the stack: the top left; the top: the bottom right (a tie: the higher first)
  const key = (o) => o.dx / mx + o.dy / my;
  const stack = [...offsets].sort((a, b) => key(a) - key(b) || a.dy - b.dy);
  // the angle at the ring's middle between a point and a seat's plate
  const turn = (o, x, y) => {
    const a = Math.abs(Math.atan2(y - ry, x - rx) - Math.atan2(o.dy, o.dx));
    return Math.min(a, 2 * Math.PI - a);
  };
  const lay = (card, fx, fy) => {
    const cw = card * TILT;
    const ch = card * 1.4 * 1.03;
    const slots = {};
    const placed = [];
    for (const [i, o] of stack.entries()) {
      const x = rx + fx * o.dx;
      const y = ry + fy * o.dy;
      const b = box(x, y, cw, ch);
      if (!inside(b, w, h, RIM) || plateList.some((q) => overlaps(b, q, CARD_GAP))) return null;
      // on its player's side: seen from the ring's middle, nearer its player's plate than
      // any other (by a margin: the page rounds the places to pixels)
      const own = turn(o, x, y);
      if (offsets.some((p) => p.seat !== o.seat && turn(p, x, y) <= own + 0.05)) return null;
      // it lies over every card placed before it: over none of their indexes
      if (placed.some((q) => overlaps(b, indexBox(q), 2))) return null;
      placed.push(b);
      slots[o.seat] = { ...b, x, y, z: i + 1 };
    }
    return slots;
  };
  // the spread showing the most of each card, at this card width (null: none fits)
  const spread = (card) => {
    let best = null;
    for (const fy of SPREADS) {
      const down = fy * my / (card * 1.4 * 1.03);
      if (down < RING_SHOWN || (best && down <= best.shown)) break;
      for (const fx of SPREADS) {
        const shown = Math.min(fx * mx / (card * TILT), down);
        if (shown < RING_SHOWN || (best && shown <= best.shown)) break;   // (narrower from here on)
        const slots = lay(card, fx, fy);
        if (slots) { best = { slots, shown }; break; }
      }
    }
    return best;
  };
  // the largest card that fits (a smaller one fits wherever a larger one does)
  let lo = smallest;
  let hi = Math.floor(Math.min(96, w / 5.2, h / 3.4));
  let found = null;
  while (lo <= hi) {
    const card = Math.floor((lo + hi) / 2);
    const got = spread(card);
    if (got) { found = { card, slots: got.slots }; lo = card + 1; } else hi = card - 1;
  }
  return found && { ...found, mode: "ring", near: false, middle };
}

/** The trick's slots: every card's index in view first (apart, or over each other's faces
 *  where that gives cards at least 4 px larger), far out on the lines to the plates; where
 *  those cards would be narrower than RAY_LEAST, the compact ring if its cards are at least
 *  RING_GAIN wider; then nearer the middle on the lines (NEAR); only where none fits,
 *  overlapping (a pile at the middle hides every card's corner but the last).  With
 *  `readable` false, overlapping at once. */
function fitTrick(order, plates, w, h, readable = true) {
  const middle = roomMiddle(plates, w, h);
  const slots = (mode, fractions, smallest) => trickSlots(order, plates, w, h, middle, mode, fractions, smallest);
  if (readable) {
    const rays = (fractions) => {
      const apart = slots("apart", fractions);
      const corners = slots("corners", fractions, apart ? apart.card + 4 : SMALLEST);
      return corners || apart;
    };
    const far = rays(FRACTIONS);
    if (far && far.card >= RAY_LEAST) return far;
    const ring = ringSlots(order, plates, w, h, middle, far ? far.card + RING_GAIN : SMALLEST);
    if (ring || far) return ring || far;
    const near = rays(NEAR);
    if (near) return near;
  }
  return slots("overlap") || slots("overlap", NEAR);
}

/** The centre's room (the auction's card): the largest box of the felt's shape round the
 *  middle that touches no plate, then as much wider, then as much taller, as the plates
 *  allow — a low middle between two rows of plates (eight seats on a small phone, 56's calls
 *  below the felt) keeps the width beside them, where the bid fits on one line. */
function centreBox(plates, w, h) {
  const cx = w / 2;
  const cy = h / 2;
  const list = Object.values(plates);
  const clear = (bw, bh) => !list.some((q) => overlaps(box(cx, cy, bw, bh), q, GAP));
  const largest = (fits) => {       // the largest s in [0, 1] for which fits(s)
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 18; i++) {
      const s = (lo + hi) / 2;
      if (fits(s)) lo = s; else hi = s;
    }
    return lo;
  };
  const [rw, rh] = [w - 2 * RIM, h - 2 * RIM];
  const s = largest((f) => clear(f * rw, f * rh));
  const sw = largest((f) => clear(f * rw, s * rh));
  const sh = largest((f) => clear(sw * rw, f * rh));
  return { w: sw * rw, h: sh * rh };
}

/** What leaving the bidder's face-down card off its plate costs a size's score (layoutFelt).
 *  It is tried only where the plates whole leave the trick short of room (see layoutFelt),
 *  and kept where that makes a plate hold all it says, keeps the trick's indexes in view or
 *  its cards larger (the trump chip says it too: "face down", or "only you know" to the
 *  bidder). */
const SPARE_COST = 6;

/** The plates' sizes at the felt's present size, with the face-down card or, with `spare`,
 *  without it (the felt's data-spare, css/table.css: where it shares a row with the turn or
 *  a call); and whether some plate cannot hold what it says (`cut`: a long "your turn"
 *  beside the face-down card, on a low screen where a plate's row keeps to one line). */
function measurePlates(felt, plates, spare) {
  felt.toggleAttribute("data-spare", spare);
  const sizes = {};
  for (const el of plates) sizes[el.dataset.seat] = { pw: el.offsetWidth, ph: el.offsetHeight };
  return { sizes, spare, cut: plates.some((el) => el.scrollWidth > el.clientWidth + 1) };
}

/** Trick cards this wide (px) are ample: a card's width beyond it scores a quarter
 *  (placingScore), so that a large screen keeps its larger plates rather than trade them for
 *  larger cards still (the Tamil bidder's plate, two lines of what it is, at 1280 × 800:
 *  88 px plates for 90 px cards, where 150 px ones left 70). */
const CARD_AMPLE = 64;

/** A placing's score (layoutFelt): the trick's card size first, then the plates' own size
 *  (`rank`: 4 for the largest).  A plate that cannot hold what it says is kept only if no
 *  other size fits at all; every card's index in view first, far out before near the middle;
 *  then overlapping, far out before a pile near the middle; and above no trick at all; apart
 *  before larger cards, except by more than the mode's bonus. */
function placingScore(trick, cut, spare, rank) {
  const readable = trick && trick.mode !== "overlap";
  // (cards out by the plates narrower than RAY_LEAST: RING_GAIN over the ring's, not their
  // mode's bonus)
  const out = trick && !trick.near && (trick.mode === "apart" || trick.mode === "corners");
  const bonus = !trick ? 0 : trick.near ? 0.75 * MODES[trick.mode]
    : out && trick.card < RAY_LEAST ? RING_GAIN : MODES[trick.mode];
  const width = trick && Math.min(trick.card, CARD_AMPLE) + Math.max(0, trick.card - CARD_AMPLE) / 4;
  const tricks = !trick ? -100 : (readable ? 200 : 0) + (trick.near ? -80 + trick.card / 10 : width) + bonus;
  return tricks + 4 * rank - (cut ? 1000 : 0) - (spare ? SPARE_COST : 0);
}

/** Lay the felt out for these seats (`order` from state.seatOrder()). */
export function layoutFelt(felt, order) {
  const w = felt.clientWidth;
  const h = felt.clientHeight;
  const plates = [...felt.querySelectorAll(".plate")];
  if (!w || !h || !plates.length) return;
  // every plate size scored (placingScore), the best kept
  let placed = null;
  const place = (size, rank, { sizes, spare, cut }) => {
    const boxes = platePositions(order, sizes, w, h);
    const trick = boxes && fitTrick(order, boxes, w, h);
    const score = boxes && placingScore(trick, cut, spare, rank);
    if (boxes && (!placed || score > placed.score)) placed = { boxes, trick, size, spare, score };
    // (short of room: a plate cut, or no trick whose indexes show at RAY_LEAST)
    return !boxes || cut || !trick || trick.mode === "overlap" || trick.card < RAY_LEAST;
  };
  SIZES.forEach((size, i) => {
    felt.dataset.size = size;
    // whole; then, where that leaves the trick short of room, without the face-down card
    if (place(size, SIZES.length - i, measurePlates(felt, plates, false))) {
      place(size, SIZES.length - i, measurePlates(felt, plates, true));
    }
  });
  // a felt too small for any size: the last size in its smallest form, apart if it can be,
  // else in the ring where they cover each other least (never where a larger felt had them)
  if (!placed) {
    felt.dataset.size = LEAST_SIZE;
    const { sizes } = measurePlates(felt, plates, true);
    const apart = platePositions(order, sizes, w, h);
    const boxes = apart || platePositions(order, sizes, w, h, true);
    placed = { boxes, trick: fitTrick(order, boxes, w, h, Boolean(apart)), size: LEAST_SIZE, spare: true };
  }
  felt.dataset.size = placed.size;
  felt.toggleAttribute("data-spare", placed.spare);
  for (const el of plates) {
    const b = placed.boxes[el.dataset.seat];
    if (!b) continue;
    el.style.left = `${Math.round(b.l)}px`;
    el.style.top = `${Math.round(b.t)}px`;
  }
  const card = placed.trick ? placed.trick.card : SMALLEST;
  felt.style.setProperty("--tcard-w", `${card}px`);
  // how the trick lies and the point it lies round (roomMiddle's; with no trick, the felt's
  // middle), for people's tools and tests: seen from it, each card is on its player's side
  const middle = placed.trick?.middle || { x: w / 2, y: h / 2 };
  felt.dataset.trick = placed.trick ? placed.trick.mode : "";
  felt.dataset.middle = `${Math.round(middle.x)},${Math.round(middle.y)}`;
  const centre = centreBox(placed.boxes, w, h);
  felt.style.setProperty("--centre-w", `${Math.round(centre.w)}px`);
  felt.style.setProperty("--centre-h", `${Math.round(centre.h)}px`);
  Object.assign(geometry, {
    plates: placed.boxes, slots: placed.trick ? placed.trick.slots : {}, card, centre, middle, width: w, height: h,
  });
  placeTrickCards(felt);
  fitAuctionCard(felt);
  markLineStarts(plates);
}

/** A plate's bits that wrap start their second line without the "·" that joins them to the
 *  bit before ("1 kodi · dealer" over "computer", not over "· computer"): each bit that
 *  begins a line is marked `line-start`, and its separator kept but not shown (so that the
 *  line breaks where it did). */
export function markLineStarts(plates) {
  for (const line of plates.map((p) => p.querySelector(".plate-bits")).filter(Boolean)) {
    const bits = [...line.querySelectorAll(".bit")];
    bits.forEach((bit, i) => bit.classList.toggle("line-start",
      i > 0 && bit.offsetTop > bits[i - 1].offsetTop + bits[i - 1].offsetHeight / 2));
    // where the line is kept to one (a small plate: table.css), the bits past it are hidden
    // whole: the tall marks of a Bengali or Malayalam word on the line below showed over
    // its edge as stray strokes
    const one = getComputedStyle(line).maxHeight !== "none";
    const first = bits[0];
    bits.forEach((bit) => bit.classList.toggle("past-line",
      one && bit.offsetTop > first.offsetTop + first.offsetHeight / 2));
  }
}

/** The auction's card says all it holds in the centre's room: its bid ("28 no-trump", in
 *  any language) is drawn smaller, then the word "Auction" gives way, then the bid and its
 *  bidder shrink further, until the card's content fits; in the least room (56's calls on a
 *  small phone), the bid alone (its bidder's plate shows it too). */
function fitAuctionCard(felt) {
  const box = felt.querySelector(".auction-card");
  if (!box) return;
  const [title, high, who] = [".ac-title", ".ac-high", ".ac-who"].map((s) => box.querySelector(s));
  for (const el of [high, who]) el.style.fontSize = "";
  title.hidden = false;
  who.hidden = false;
  const cut = () => box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
  const shrink = (el, min) => {
    let size = parseFloat(getComputedStyle(el).fontSize);
    while (cut() && size > min) {
      size -= 1;
      el.style.fontSize = `${size}px`;
    }
  };
  shrink(high, 20);
  if (cut()) title.hidden = true;
  shrink(high, 12);
  shrink(who, 9);
  if (cut()) who.hidden = true;      // the bidder's plate says the bid too
}

/** Put the trick's cards (elements with data-seat, in the order played) on their seats'
 *  slots: each over the cards played before it, but in the compact ring, stacked as the ring
 *  says (ringSlots). */
export function placeTrickCards(felt) {
  const card = geometry.card;
  for (const [i, el] of [...felt.querySelectorAll(".tcard")].entries()) {
    const slot = geometry.slots[el.dataset.seat];
    const x = slot ? slot.x : geometry.width / 2;
    const y = slot ? slot.y : geometry.height / 2;
    el.style.left = `${Math.round(x - card / 2)}px`;
    el.style.top = `${Math.round(y - card * 0.7)}px`;
    el.style.zIndex = String(slot && slot.z ? slot.z : i + 1);
  }
}

/** The centre of a seat's plate, in page coordinates (where its cards fly from, where its
 *  tricks are swept to). */
export function plateCentre(felt, seat) {
  const el = felt.querySelector(`.plate[data-seat="${seat}"]`);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}
