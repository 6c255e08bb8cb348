// The table's state: this room's constants, the one `ui` object the other modules read and
// write, and what follows from it (seat and team names, the rules' flags, where each seat sits
// around the table, the auction's high bidder, the last trick).  `refresh()` asks for every
// panel to be drawn again from the state; main.js says how (`onRefresh`).
import { parseAction } from "../words.js";

export const ROOM = decodeURIComponent(location.pathname.split("/r/")[1].split("/")[0]);

export const SEAT_KEY = `twentyeight:seat:${ROOM}`;
const HOST_KEY = `twentyeight:host:${ROOM}`;
export const NAME_KEY = "twentyeight:name";
export const TEAM_LETTERS = ["A", "B", "C", "D"];
export const PHASE_DOING = {
  auction: "bid", trump: "choose the trump", double: "double or pass",
  redouble: "redouble or pass", raise: "raise or pass", single_hand: "answer the single-hand call",
  thani: "declare Thani or pass", play: "play", cot: "accept or refuse the concession",
};

export const ui = {
  room: null,            // the room summary
  st: null,              // the last state message
  me: null,              // my seat (from welcome), null for a spectator
  seatInfo: JSON.parse(localStorage.getItem(SEAT_KEY) || "null"),
  hostToken: localStorage.getItem(HOST_KEY),
  presets: null,
  nextId: 1,
  pending: new Map(),    // message id → what it was (a click on a card, a button)
  sent: null,            // seq at which we last sent a legal action (no double sends)
  bidValue: null,        // 56: the value chosen before the denomination
  showLast: false,
  banner: null,          // {text, card, trick}
  pendingMoment: null,   // the ask / reveal / pair call whose effect the next state shows
  lastHandOver: null,
  focusIndex: 0,
  shown: new Set(),      // trick cards already drawn (only new ones fly in)
};

let redraw = () => {};

/** Say how the table is drawn (main.js: every panel). */
export function onRefresh(fn) { redraw = fn; }

/** Draw the table again from the state. */
export function refresh() { redraw(); }

export const view = () => ui.st?.view;
export const nSeats = () => ui.room?.num_players || view()?.hand_sizes?.length || 4;
export const token = () => ui.seatInfo?.token;

export function seatName(k, { you = true } = {}) {
  if (k === null || k === undefined) return "nobody";
  if (you && k === ui.me) return "You";
  const s = ui.room?.seats?.[k];
  return s?.name || `Seat ${k}`;
}

export function teamOf(k) {
  const teams = view()?.teams;
  if (teams) return teams.findIndex((t) => t.includes(k));
  const n = nSeats();
  return n === 3 ? k : k % 2;
}

export function teamName(t) {
  const teams = view()?.teams;
  const seats = teams ? teams[t] : [...Array(nSeats()).keys()].filter((k) => teamOf(k) === t);
  const names = seats.map((k) => seatName(k));
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} & ${names.at(-1)}` : names[0] || "";
}

export function flags() {
  const spec = ui.room?.rules ?? view()?.rules;
  if (!ui.presets || spec === undefined) return {};
  const name = typeof spec === "string" ? spec : spec.preset || "28";
  const base = ui.presets.presets[name]?.flags || {};
  return typeof spec === "string" ? base : { ...base, ...spec };
}

export function rulesLabel() {
  const spec = ui.room?.rules;
  if (!spec) return "";
  if (typeof spec === "string") return spec;
  const extra = Object.keys(spec).filter((k) => k !== "preset");
  return `${spec.preset}${extra.length ? ` + ${extra.length} flag${extra.length > 1 ? "s" : ""}` : ""}`;
}

export function seatOrder() {
  // my seat at the bottom; the next player on my right when play goes anticlockwise
  const n = nSeats();
  const bottom = ui.me ?? 0;
  const dir = flags().direction === "clockwise" ? 1 : -1;
  return [...Array(n).keys()].map((k) => {
    const r = (k - bottom + n) % n;
    const angle = Math.PI / 2 + dir * (2 * Math.PI * r) / n;
    return { seat: k, r, x: Math.cos(angle), y: Math.sin(angle) };
  });
}

export function lastCalls(v) {
  // each seat's last call of the auction (for the bubbles on the plates)
  const out = {};
  for (const h of v.history) {
    const a = parseAction(h);
    if (a.verb === "play") break;
    out[a.seat] = h;
  }
  return out;
}

export function findHighBidder(v) {
  let who = null;
  for (const h of v.history) {
    const a = parseAction(h);
    if (a.verb === "bid") who = a.seat;
  }
  return who;
}

export function lastTrick() {
  const v = view();
  if (v?.tricks?.length) return { t: v.tricks.at(-1), n: v.tricks.length };
  const ho = ui.lastHandOver?.view;
  if (ho?.tricks?.length) return { t: ho.tricks.at(-1), n: ho.tricks.length, previous: true };
  return null;
}
