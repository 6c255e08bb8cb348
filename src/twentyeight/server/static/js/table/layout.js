// The one place where the felt is laid out: where each seat's plate sits, where each seat's
// card of the trick lands, how big those cards are and how much room the centre keeps — for
// any felt size (a phone upright or sideways, a laptop, a wall screen) and any table (three to
// eight seats).  The page's grid (css/layout.css) gives the felt its size; this module fits
// the table into it so that nothing covers a plate or a card:
//
// 1. plates, of each size (l, m, s, xs), set round a rounded rectangle (a superellipse through
//    the seats' angles) so that they do not touch each other;
// 2. trick cards: the largest card width, and for it the slot furthest out towards each seat,
//    such that no card touches a plate, another card or the felt's rim (on a felt too small
//    for that, cards may lie over each other's faces but not their indexes, and only as the
//    last resort over those too; never over a plate);  the plate size kept is the one
//    that gives the largest trick cards (larger plates break a tie), among those at which
//    every plate holds all it says;
// 3. the centre (the auction's card): the largest box round the middle that touches no plate.
//
// The result is written as inline positions (px) and CSS variables; `geometry` keeps it for
// the motion (where a card flies from, where a trick is swept to).

const SIZES = ["l", "m", "s", "xs"];
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

/** The size of the cards in your hand: as large as the shape allows (css/layout.css gives
 *  the largest, --card-max), small enough that the prompt, the calls and the hand leave the
 *  felt its room.  Sets --card-w on the page; on a sideways phone, also where the chips go
 *  (beside the felt, so that it has the whole height, unless the hand would be too small). */
export function fitPage(players) {
  const body = document.body;
  body.classList.remove("chips-over-felt", "column-whole-height", "why-dropped");
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
  // the last resort: the prompt's line of why (it is in the table talk too)
  if (card <= (beside ? HAND_BESIDE_MIN : HAND_LEAST) && document.querySelector("#prompt .prompt-why")) {
    body.classList.add("why-dropped");
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

export const geometry = { plates: {}, slots: {}, card: 0, centre: null, width: 0, height: 0 };

const box = (cx, cy, w, h) => ({ l: cx - w / 2, t: cy - h / 2, r: cx + w / 2, b: cy + h / 2 });
const overlaps = (a, b, gap = 0) => a.l < b.r + gap && b.l < a.r + gap && a.t < b.b + gap && b.t < a.b + gap;
const area = (a, b) => Math.max(0, Math.min(a.r, b.r) - Math.max(a.l, b.l))
  * Math.max(0, Math.min(a.b, b.b) - Math.max(a.t, b.t));
const inside = (a, w, h, margin) => a.l >= margin && a.t >= margin && a.r <= w - margin && a.b <= h - margin;
const squash = (v, e) => (Math.abs(v) < 1e-9 ? 0 : Math.sign(v) * Math.abs(v) ** (2 / e));

/** The plates round the felt, clear of each other (null: no shape of ring gives that); with
 *  `anyway`, the ring where they cover each other least. */
function platePositions(order, sizes, w, h, anyway = false) {
  let least = null;
  for (const e of EXPONENTS) {
    const boxes = {};
    for (const p of order) {
      const { pw, ph } = sizes[p.seat];
      const ax = Math.max(0, w / 2 - pw / 2 - RIM);
      const ay = Math.max(0, h / 2 - ph / 2 - RIM);
      const cx = w / 2 + ax * squash(p.x, e);
      const cy = h / 2 + ay * squash(p.y, e);
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
 *  of the trick still says what it is whichever was played last; `overlap` as they must. */
const MODES = { apart: 40, corners: 36, overlap: 0 };

/** The top-left corner of a card's box where its index is drawn (cards.js: the rank and the
 *  suit within the first 27% of the width and 32% of the height; a little more for the tilt). */
const indexBox = (b) => ({ l: b.l, t: b.t, r: b.l + 0.3 * (b.r - b.l), b: b.t + 0.34 * (b.b - b.t) });

/** The trick's slots at the largest card width, down to `smallest`, at which each
 *  seat's card lies on the line from the middle to its plate, as far out as it can without
 *  touching a plate or the rim, and as `mode` allows over the cards already placed (null:
 *  no width does). */
function trickSlots(order, plates, w, h, mode, fractions = FRACTIONS, smallest = SMALLEST) {
  const cx = w / 2;
  const cy = h / 2;
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
    if (ok) return { card, slots, mode, near: fractions === NEAR };
  }
  return null;
}

/** The trick's slots: every card's index in view first (apart, or over each other's faces
 *  where that gives cards at least 4 px larger), far out on the lines to the plates, then
 *  nearer the middle (NEAR); only where neither fits, overlapping (a pile at the middle hides
 *  every card's corner but the last).  With `readable` false, overlapping at once. */
function fitTrick(order, plates, w, h, readable = true) {
  if (readable) {
    for (const fractions of [FRACTIONS, NEAR]) {
      const apart = trickSlots(order, plates, w, h, "apart", fractions);
      const corners = trickSlots(order, plates, w, h, "corners", fractions, apart ? apart.card + 4 : SMALLEST);
      if (corners || apart) return corners || apart;
    }
  }
  return trickSlots(order, plates, w, h, "overlap") || trickSlots(order, plates, w, h, "overlap", NEAR);
}

function centreBox(plates, w, h) {
  const cx = w / 2;
  const cy = h / 2;
  const list = Object.values(plates);
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 18; i++) {
    const s = (lo + hi) / 2;
    const b = box(cx, cy, s * (w - 2 * RIM), s * (h - 2 * RIM));
    if (list.some((q) => overlaps(b, q, GAP))) hi = s; else lo = s;
  }
  const b = box(cx, cy, lo * (w - 2 * RIM), lo * (h - 2 * RIM));
  return { w: b.r - b.l, h: b.b - b.t };
}

/** Lay the felt out for these seats (`order` from state.seatOrder()). */
export function layoutFelt(felt, order) {
  const w = felt.clientWidth;
  const h = felt.clientHeight;
  const plates = [...felt.querySelectorAll(".plate")];
  if (!w || !h || !plates.length) return;
  // every plate size, scored: the trick's card size first, then the plates' own size
  let placed = null;
  SIZES.forEach((size, i) => {
    felt.dataset.size = size;
    const sizes = {};
    for (const el of plates) sizes[el.dataset.seat] = { pw: el.offsetWidth, ph: el.offsetHeight };
    const boxes = platePositions(order, sizes, w, h);
    if (!boxes) return;
    const trick = fitTrick(order, boxes, w, h);
    // a size at which some plate cannot hold what it says (a long "your turn" beside the
    // bidder's face-down card) is kept only if no other size fits at all
    const cut = plates.some((el) => el.scrollWidth > el.clientWidth + 1);
    // (every card's index in view first, far out before near the middle; then overlapping,
    // far out before a pile near the middle; and above no trick at all; apart before larger
    // cards, except by more than the mode's bonus)
    const readable = trick && trick.mode !== "overlap";
    const tricks = !trick ? -100 : (readable ? 200 : 0) + (trick.near ? -80 + trick.card / 10 : trick.card)
      + MODES[trick.mode] * (trick.near ? 0.75 : 1);
    const score = tricks + 4 * (SIZES.length - i) - (cut ? 1000 : 0);
    if (!placed || score > placed.score) placed = { boxes, trick, size, score };
  });
  if (!placed) {      // a felt too small for any size: the smallest, in the ring where they
    const sizes = {};  // cover each other least (never where a larger felt had them)
    for (const el of plates) sizes[el.dataset.seat] = { pw: el.offsetWidth, ph: el.offsetHeight };
    const boxes = platePositions(order, sizes, w, h, true);
    placed = { boxes, trick: fitTrick(order, boxes, w, h, false), size: SIZES.at(-1) };
  }
  felt.dataset.size = placed.size;
  for (const el of plates) {
    const b = placed.boxes[el.dataset.seat];
    if (!b) continue;
    el.style.left = `${Math.round(b.l)}px`;
    el.style.top = `${Math.round(b.t)}px`;
  }
  const card = placed.trick ? placed.trick.card : SMALLEST;
  felt.style.setProperty("--tcard-w", `${card}px`);
  const centre = centreBox(placed.boxes, w, h);
  felt.style.setProperty("--centre-w", `${Math.round(centre.w)}px`);
  felt.style.setProperty("--centre-h", `${Math.round(centre.h)}px`);
  Object.assign(geometry, {
    plates: placed.boxes, slots: placed.trick ? placed.trick.slots : {}, card, centre, width: w, height: h,
  });
  placeTrickCards(felt);
  fitAuctionCard(felt);
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

/** Put the trick's cards (elements with data-seat) on their seats' slots. */
export function placeTrickCards(felt) {
  const card = geometry.card;
  for (const el of felt.querySelectorAll(".tcard")) {
    const slot = geometry.slots[el.dataset.seat];
    const x = slot ? slot.x : geometry.width / 2;
    const y = slot ? slot.y : geometry.height / 2;
    el.style.left = `${Math.round(x - card / 2)}px`;
    el.style.top = `${Math.round(y - card * 0.7)}px`;
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
