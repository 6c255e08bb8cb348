// A table drawn from one view, for the replay viewer and the tutorial: the seats round the
// felt (the viewing seat at the bottom), the trick in the middle (or the trick just won, its
// winner marked), the contract, the trump and the points, and the viewing seat's hand.  With
// every hand open, each seat shows its cards.  Nothing here reads more than it is given.
// (`el`, the table's own element builder, is re-exported for the learning pages.)
import { SUIT_SYMBOL, backSVG, cardName, cardSVG, sortHand, suitWord } from "../cards.js";
import { digits, seatNumber, t } from "../i18n.js";
import { el } from "../table/dom.js";
import { bidText, doubling, matchesBefore, parseAction, told } from "../words.js";

/** A card as a drawing with its name for screen readers. */
export function cardFace(name, { small = false, cls = "" } = {}) {
  return el("span", { class: `lb-card${small ? " small" : ""}${cls ? ` ${cls}` : ""}`,
    role: "img", "aria-label": cardName(name), title: cardName(name), html: cardSVG(name) });
}

const cardBack = () => el("span", { class: "lb-card small back", "aria-hidden": "true", html: backSVG() });

/** Where seat `k` sits, seen from `me` at the bottom: an angle in turns (0 = bottom). */
function place(k, me, n) {
  return ((k - me + n) % n) / n;
}

/** Where a seat `turn` turns round from the bottom sits on the felt, in per cent: play goes
 *  round the way the players sit (anticlockwise in 28: the next player on the right). */
function spot(turn, clockwise, rx, ry) {
  const a = 2 * Math.PI * turn;
  return [50 + (clockwise ? -rx : rx) * Math.sin(a), 50 + ry * Math.cos(a)];
}

/** Where a seat's plate lies on the felt: a seat at a side keeps to its side's edge, the seats
 *  across (the top and the bottom) to theirs, so that every plate stays on the felt however
 *  tall it is (on a low felt a centred top plate of three lines rose off it and lay on the
 *  trick); `across`: the plate is a top or bottom one (wider on a phone: one line of tags). */
function platePlace(turn, clockwise) {
  const [x, y] = spot(turn, clockwise, 42, 40);
  if (x > 75) return { across: false, style: `right:1%;top:${y.toFixed(1)}%;transform:translateY(-50%)` };
  if (x < 25) return { across: false, style: `left:1%;top:${y.toFixed(1)}%;transform:translateY(-50%)` };
  const edge = y < 50 ? "top" : "bottom";
  return { across: true, style: `left:${x.toFixed(1)}%;${edge}:1%;transform:translateX(-50%)` };
}

export function seatLabel(k, me, names) {
  return names?.[k] ?? t(k === me ? "learn.seat_you" : "seat.n", { n: seatNumber(k) });
}

/** The trick to show: the one being played, or the one the last action completed. */
function shownTrick(view, lastAction) {
  const current = view.trick;
  if (current && current.cards.length) return { ...current, winner: null };
  if (lastAction && parseAction(lastAction).verb === "play" && view.tricks.length) {
    return view.tricks[view.tricks.length - 1];
  }
  return null;
}

function statusLine(view, names, me, trump) {
  const parts = [];
  if (view.bidder !== null && view.contract !== null) {
    const bid = bidText(view.contract, view.denomination === "NT" ? "NT" : (view.denomination || ""));
    parts.push(t("learn.contract", { who: seatLabel(view.bidder, me, names),
      bid: view.multiplier > 1 ? `${bid} ${doubling(view.multiplier)}` : bid }));
    if (view.target !== null && view.target !== view.contract) {
      parts.push(t("learn.target", { target: view.target }));
    }
  } else if (view.high_bid !== null) {
    parts.push(t("learn.high_bid", { bid: view.high_bid }));
  }
  const known = trump ?? view.trump;
  if (known === "reverse") parts.push(t("trump.reverse"));
  else if (known) {
    parts.push(t(view.trump_exposed ? "learn.trump_exposed" : "learn.trump_hidden_known",
      { suit: `${SUIT_SYMBOL[known]} ${suitWord(known)}` }));
  } else if (view.indicator_face_down) parts.push(t("trump.face_down"));
  else if (view.bidder !== null && !view.trump_exposed && (view.history || []).includes(`${view.bidder} trump`)) {
    parts.push(t("learn.trump_exposed", { suit: t("trump.hidden") }));     // 29's suit named in secret
  }
  if (view.bidder !== null && view.phase !== "auction") {
    parts.push(t("learn.points", { bidding: view.points.bidding, opponents: view.points.opponents }));
  }
  return parts.join(" · ");
}

/** The hand of buttons as one Tab stop (a toolbar's roving focus): Tab reaches its first
 *  legal card, the arrows, Home and End move along it.  It was a Tab stop per card: eight
 *  Tabs to pass the hand on the way to the lesson's words. */
function rove(hand) {
  const buttons = [...hand.querySelectorAll("button")];
  if (!buttons.length) return;
  const first = buttons.find((b) => b.classList.contains("legal")) ?? buttons[0];
  first.tabIndex = 0;
  hand.addEventListener("keydown", (e) => {
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1,
      Home: 0, End: buttons.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, to))];
    for (const b of buttons) b.tabIndex = b === next ? 0 : -1;
    next.focus();
  });
}

/** The hand's button that Tab reaches (its first legal card), or null: drawn without
 *  `onCard`, the hand has none. */
export const handStop = (root) => root.querySelector(".lb-hand button[tabindex='0']");

/**
 * Draw `view` into `root`.  `me`: the viewing seat; `hands`: every seat's cards (open
 * replay); `trump`: the real trump (open replay); `lastAction`: the action just made;
 * `onCard(name)`: makes the viewer's cards buttons (the tutorial); `clockwise`: the rules'
 * direction of play (29) — anticlockwise by default (28); `viewer`: say which seat the
 * table is seen from (the replay); `order`: number the trick's cards in the order they were
 * played (the tutorial: "of two identical cards the first played wins").
 */
export function drawBoard(root, { view, me, hands = null, trump = null, lastAction = null,
  names = null, onCard = null, playable = null, clockwise = false, viewer = false,
  order = false } = {}) {
  const n = view.hand_sizes.length;
  const felt = el("div", { class: "lb-felt", role: "group", "aria-label": t("learn.felt"),
    "data-seats": String(n) });
  const trick = shownTrick(view, lastAction);
  for (let k = 0; k < n; k += 1) {
    const { across, style } = platePlace(place(k, me, n), clockwise);
    const plate = el("div", { class: `lb-seat${across ? " across" : ""}${k === me ? " me" : ""}`
      + `${view.to_act === k ? " to-act" : ""}${trick?.winner === k ? " winner" : ""}`, style });
    const tags = [];
    if (k === me && viewer) tags.push(t("learn.seen_from_here"));
    if (k === view.dealer) tags.push(t("plate.dealer"));
    if (k === view.bidder) tags.push(t("plate.bidder"));
    if (view.to_act === k) tags.push(t("plate.to_act"));
    plate.append(el("div", { class: "lb-name", text: seatLabel(k, me, names) }));
    if (tags.length) plate.append(el("div", { class: "lb-tags", text: tags.join(" · ") }));
    if (hands && k !== me) {
      const row = el("div", { class: "lb-open" });
      for (const c of sortHand(hands[k], trump)) row.append(cardFace(c, { small: true }));
      plate.append(row);
    } else if (k !== me) {
      const count = view.hand_sizes[k];
      plate.append(el("div", { class: "lb-count" }, count ? cardBack() : null,
        el("span", { text: t("plate.cards", { count }) })));
    }
    felt.append(plate);
  }
  const centre = el("div", { class: "lb-centre" });
  if (trick) {
    trick.cards.forEach((c, i) => {
      const who = trick.seats[i];
      const [x, y] = spot(place(who, me, n), clockwise, 22, 24);
      const style = `left:${x.toFixed(1)}%;top:${y.toFixed(1)}%`;
      centre.append(el("div", { class: `lb-played${trick.winner === who ? " won" : ""}`, style,
        "data-x": x, "data-y": y, "data-seat": who, "data-order": order ? i + 1 : null }, cardFace(c),
        order && trick.cards.length > 1 ? el("span", { class: "lb-order", "aria-hidden": "true",
          text: digits(i + 1) }) : null));
    });
  } else if (view.phase === "auction" || view.phase === "trump") {
    centre.append(el("p", { class: "lb-phase", text: t(`phase.${view.phase}`) }));
  }
  felt.append(centre);
  const status = el("p", { class: "lb-status", text: statusLine(view, names, me, trump) });
  const mine = el("div", { class: "lb-hand", role: onCard ? "toolbar" : "list",
    "aria-label": t("learn.hand_of", { who: seatLabel(me, me, names) }) });
  const cards = hands ? hands[me] : view.hand;
  for (const c of sortHand(cards, trump ?? view.trump)) {
    if (onCard) {
      const ok = !playable || playable.includes(c);
      mine.append(el("button", { type: "button", class: `lb-card-btn${ok ? " legal" : ""}`,
        "aria-label": cardName(c), "data-card": c, tabindex: "-1", onclick: () => onCard(c) },
      cardFace(c)));
    } else {
      mine.append(el("span", { role: "listitem" }, cardFace(c)));
    }
  }
  if (onCard) rove(mine);
  if (view.indicator && view.indicator_face_down && !hands) {
    mine.append(el("span", { class: "lb-indicator", title: t("plate.your_trump_card") },
      cardFace(view.indicator, { small: true, cls: "face-down" })));
  }
  root.replaceChildren(status, felt, mine);
  drawn = felt;
  fitFelt(felt);
  keepTrickClear(felt);
  resized.disconnect();
  resized.observe(felt);
}

/** The felt drawn last, kept clear again when its size changes (a phone turned). */
const resized = new ResizeObserver((entries) => entries.forEach((e) => keepTrickClear(e.target)));
let drawn = null;
window.addEventListener("resize", refitBoard);

/** Fit the felt drawn last again: after what comes before it on the page has changed (the
 *  lesson's words, a feedback line), or the window. */
export function refitBoard() {
  if (drawn?.isConnected) fitFelt(drawn);
}

/** The least height of a felt made lower to fit the screen: four plates and a trick. */
const FELT_LEAST = 176;

/** Room kept between a plate and a card of the trick, in pixels (keepTrickClear's). */
const GAP = 4;

/** The least height of `felt`: FELT_LEAST, or more where its top and bottom plates and what
 *  lies between them (a card of the trick, or the phase's words) need it (a plate's name,
 *  tags and count on three lines, in a long language). */
function leastHeight(felt) {
  const height = (e) => e?.getBoundingClientRect().height ?? 0;
  const across = [...felt.querySelectorAll(".lb-seat.across")].reduce((sum, p) => sum + height(p), 0);
  const middle = height(felt.querySelector(".lb-played") ?? felt.querySelector(".lb-phase"));
  return Math.max(FELT_LEAST, Math.ceil(across + middle + 2 * GAP + 0.02 * height(felt)));
}

/** The felt no taller than the screen leaves it with what follows it in its section (the
 *  hand, the replay's step buttons) in view too, when its own shape would make it so (a
 *  phone: the tutorial's square felt was 800 px tall on a phone held sideways, and under
 *  the lesson on an upright one its trick was below the fold); made lower, it is `low`: its
 *  top and bottom plates put their names and tags on one line.  Never lower than its plates
 *  and trick need (leastHeight): a top plate that rose off a low felt lay on the trick. */
function fitFelt(felt) {
  felt.style.height = "";
  felt.style.minHeight = "";
  felt.style.aspectRatio = "";
  felt.classList.remove("low");
  felt.querySelectorAll(".lb-seat.cut").forEach((p) => p.classList.remove("cut"));
  const box = felt.getBoundingClientRect();
  if (!box.width) return;
  const section = felt.closest("section") || felt.parentElement;
  const below = Math.max(0, section.getBoundingClientRect().bottom - box.bottom);
  const room = window.innerHeight - (box.top + window.scrollY) - below - 8;
  if (box.height <= room && box.height >= leastHeight(felt)) return;
  if (box.height > room) {
    felt.classList.add("low");
    // a plate whose one line is cut says so (the lesson's own plate then takes two: css)
    felt.querySelectorAll(".lb-seat.across").forEach((p) => p.classList.toggle("cut", p.scrollWidth > p.clientWidth));
  }
  const least = leastHeight(felt);
  felt.style.aspectRatio = "auto";
  felt.style.minHeight = `${least}px`;
  felt.style.height = `${Math.max(least, Math.floor(Math.min(room, box.height)))}px`;
}

const touch = (a, b, gap) => a.left < b.right + gap && b.left < a.right + gap
  && a.top < b.bottom + gap && b.top < a.bottom + gap;

/** Draw each card of the trick in towards the middle, a step at a time, until no seat's
 *  plate lies on it (on a phone's square felt the side plates reached over the cards played
 *  from their seats). */
function keepTrickClear(felt) {
  const plates = [...felt.querySelectorAll(".lb-seat")].map((p) => p.getBoundingClientRect());
  for (const card of felt.querySelectorAll(".lb-played")) {
    const x0 = Number(card.dataset.x);
    const y0 = Number(card.dataset.y);
    card.style.left = `${x0.toFixed(1)}%`;
    card.style.top = `${y0.toFixed(1)}%`;
    card.style.width = "";
    for (let f = 0.9; f >= 0.3; f -= 0.1) {
      const box = card.getBoundingClientRect();
      if (!box.width || !plates.some((p) => touch(box, p, 4))) break;
      card.style.left = `${(50 + f * (x0 - 50)).toFixed(1)}%`;
      card.style.top = `${(50 + f * (y0 - 50)).toFixed(1)}%`;
    }
  }
  for (const card of felt.querySelectorAll(".lb-played")) card.style.zIndex = "";
  if (trickReadable(felt, plates)) return;
  if (felt.dataset.seats === "6" && gridTrick(felt, plates) && trickReadable(felt, plates)) return;
  for (const card of felt.querySelectorAll(".lb-played")) card.style.width = "";
  fanTrick(felt, plates);
}

/** Six seats' trick in two rows of three between the plates: the three seats above the
 *  middle of the table (the left partner, across, the right partner) in the upper row, the
 *  three below (left, you, right) in the lower, each card in its seat's column — every card
 *  still towards the seat that played it, smaller if it must be.  On a phone the side
 *  plates left no room to place six cards round the middle, and the row they were fanned
 *  into told nobody which J♥ was whose (56-PLAY-4: the first played of two twins wins).
 *  False when the room between the plates is too small for cards one can read. */
function gridTrick(felt, plates) {
  const cards = [...felt.querySelectorAll(".lb-played")];
  const area = felt.getBoundingClientRect();
  if (!cards.length || !area.width) return false;
  const size = cards[0].getBoundingClientRect();
  const centre = area.left + area.width / 2;
  const middle = area.top + area.height / 2;
  const across = plates.filter((p) => p.left < centre && p.right > centre);
  // (a pixel more than GAP: the places are set in per cent, rounded)
  const top = Math.max(area.top, ...across.filter((p) => p.top < middle).map((p) => p.bottom)) + GAP + 1;
  const bottom = Math.min(area.bottom, ...across.filter((p) => p.top >= middle).map((p) => p.top)) - GAP - 1;
  let left = area.left + GAP;
  let right = area.right - GAP;
  for (const p of plates) {
    if (p.bottom <= top || p.top >= bottom || across.includes(p)) continue;
    if (p.right <= centre) left = Math.max(left, p.right + 2 * GAP);    // (room for the
    else if (p.left >= centre) right = Math.min(right, p.left - GAP - 1);  // order's number)
  }
  const ratio = size.height / size.width;
  const width = Math.floor(Math.min(size.width, (right - left - 2 * GAP) / 3,
    (bottom - top - GAP) / 2 / ratio));
  if (width < LEAST_CARD) return false;
  const height = width * ratio;
  const x = (left + right) / 2 - area.left;
  const y = (top + bottom) / 2 - area.top;
  for (const card of cards) {
    const column = Math.sign(Math.round((Number(card.dataset.x) - 50) / 10));   // −1, 0, 1
    const row = Number(card.dataset.y) < 50 ? -1 : 1;
    card.style.width = `${width}px`;
    card.style.left = `${((100 * (x + column * (width + GAP))) / area.width).toFixed(1)}%`;
    card.style.top = `${((100 * (y + (row * (height + GAP)) / 2)) / area.height).toFixed(1)}%`;
  }
  return true;
}

/** The narrowest card of a trick laid out by gridTrick, in pixels: its index still read. */
const LEAST_CARD = 30;

/** A card's index: its rank and suit in the top left corner. */
const indexOf = (c) => ({ left: c.left, top: c.top, right: c.left + 0.4 * c.width,
  bottom: c.top + 0.35 * c.height });

/** Whether every card of the trick is clear of the plates and shows its index (no card drawn
 *  over it there: the later in the page, or the higher z-index, lies on top). */
function trickReadable(felt, plates) {
  const cards = [...felt.querySelectorAll(".lb-played")];
  const boxes = cards.map((c) => c.getBoundingClientRect());
  const z = (k) => Number(cards[k].style.zIndex) || 0;
  const above = (i, j) => z(j) > z(i) || (z(j) === z(i) && j > i);
  return boxes.every((box, i) => !plates.some((p) => touch(box, p, 4))
    && !boxes.some((other, j) => j !== i && above(i, j) && touch(indexOf(box), other, 0)));
}

/** The trick as a row across the middle of the felt, left to right in the order of the seats
 *  round the table (the left seat's card first, then the top's before the bottom's), or, its
 *  cards numbered (drawBoard's `order`), in the order they were played, each
 *  card lying on the right part of the one before so that every index shows: where the felt
 *  is too low for its cards between the top and bottom plates (a phone held sideways, or
 *  upright under a long lesson, drew the top and bottom cards over each other). */
function fanTrick(felt, plates) {
  const area = felt.getBoundingClientRect();
  const cards = [...felt.querySelectorAll(".lb-played")]
    .sort((a, b) => Number(a.dataset.order ?? 0) - Number(b.dataset.order ?? 0)
      || Number(a.dataset.x) - Number(b.dataset.x) || Number(a.dataset.y) - Number(b.dataset.y));
  if (!cards.length || !area.width) return;
  const size = cards[0].getBoundingClientRect();
  // the row halfway between the top and bottom plates (not the felt's middle: one of them may
  // be taller than the other), and its room between the plates beside it
  const centre = area.left + area.width / 2;
  const across = plates.filter((p) => p.left < centre && p.right > centre);
  const above = Math.max(area.top, ...across.filter((p) => p.top < area.top + area.height / 2).map((p) => p.bottom));
  const below = Math.min(area.bottom, ...across.filter((p) => p.top >= area.top + area.height / 2).map((p) => p.top));
  const middle = (above + below) / 2;
  let left = area.left + 4;
  let right = area.right - 4;
  for (const p of plates) {
    if (p.bottom <= middle - size.height / 2 || p.top >= middle + size.height / 2) continue;
    if (p.right <= area.left + area.width / 2) left = Math.max(left, p.right + 4);
    else if (p.left >= area.left + area.width / 2) right = Math.min(right, p.left - 4);
  }
  const n = cards.length;
  const step = n > 1 ? Math.min(size.width + 6, (right - left - size.width) / (n - 1)) : 0;
  const start = (left + right) / 2 - (size.width + step * (n - 1)) / 2;
  cards.forEach((card, k) => {
    const x = start + k * step + size.width / 2 - area.left;
    card.style.left = `${((100 * x) / area.width).toFixed(1)}%`;
    card.style.top = `${((100 * (middle - area.top)) / area.height).toFixed(1)}%`;
    card.style.zIndex = String(k + 1);
  });
}

/** Every action so far told in words, the last one marked; `you`: the viewing seat's own
 *  actions are told as the reader's ("You bid 16"). */
export function historyList(view, me, names, { you = false } = {}) {
  const list = el("ol", { class: "lb-history" });
  view.history.forEach((entry, i) => {
    const { seat } = parseAction(entry);
    const item = el("li", { text: told(entry, seatLabel(seat, me, names),
      { you: you && seat === me, phase: view.history_phases?.[i], matches: matchesBefore(view.history, i) }) });
    if (i === view.history.length - 1) item.classList.add("last");
    list.append(item);
  });
  return list;
}

export { el };
