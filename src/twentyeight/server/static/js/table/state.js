// The table's state: this room's constants, the one `ui` object the other modules read and
// write, and what follows from it (seat and team names, the rules' flags, where each seat sits
// around the table, the auction's high bidder, the last trick).  `refresh()` asks for every
// panel to be drawn again from the state; main.js says how (`onRefresh`).
//
// `ui.st` is the state *shown*: the presentation (motion.js) moves it forward through the
// server's messages one at a time, so that every card is seen travelling and every trick is
// seen won.  `ui.latest` is the newest state received.
import { gameName } from "../games.js";
import { joinList, seatNumber, t } from "../i18n.js";
import { hostKey, seatKey } from "../seats.js";
import { parseAction } from "../words.js";

/** This table's room ("" off a table's page: the replay tells a hand's result in the table's
 *  words, text.js, and so reads this module too). */
export const ROOM = decodeURIComponent((location.pathname.split("/r/")[1] ?? "").split("/")[0]);

/** Where this browser keeps its seat token and the host token of a room (seats.js). */
export { hostKey, seatKey };
export const SEAT_KEY = seatKey(ROOM);
const HOST_KEY = hostKey(ROOM);
export const NAME_KEY = "twentyeight:name";
export const TEAM_LETTERS = ["A", "B", "C", "D"];

export const ui = {
  room: null,            // the room summary
  st: null,              // the state shown (see above)
  latest: null,          // the newest state received
  me: null,              // my seat (from welcome), null for a spectator
  seatInfo: JSON.parse(localStorage.getItem(SEAT_KEY) || "null"),
  hostToken: localStorage.getItem(HOST_KEY),
  presets: null,
  nextId: 1,
  pending: new Map(),    // message id → what it was (a click on a card, a button)
  lastChat: null,        // my last chat line sent, {id, text}: back in the box if refused
  sent: null,            // seq at which we last sent a legal action (no double sends)
  bidValue: null,        // 56: the value chosen before the denomination
  lastBid: null,         // {hand, value}: the last bid told (a bid at the same value is a match)
  showLast: false,
  banner: null,          // {tell, cards, trick, kind, whole}: a trump, pair or claim moment (tell(): its words now; whole: tapped open)
  pendingMoment: null,   // the ask / reveal / pair call whose effect the next state shows
  lastHandOver: null,    // the last hand over with a trick played (its last trick stays shown)
  lastHandOverHand: null, // the hand of the last hand_over received (shown or still to show)
  lastResult: null,      // the last hand_over shown (its view says why a hand was annulled)
  focusIndex: 0,
  turnFocused: null,     // the state (seq) whose turn the focus was moved to (once a turn)
  stage: null,           // the presentation's own picture: {trick, done} while a trick is held
  seen: new Set(),       // trick cards already drawn (only new ones fly in)
  launch: null,          // where my last card left from: {card, rect}
  drawer: false,         // the details drawer (compact screens)
  presenting: false,     // the presentation is still showing messages (motion.js)
  announced: null,       // seq of the state whose "your turn" was said
  clock: null,           // the newest turn clock (a state's or the room's) and when it came
  claim: null,           // a claim of the remaining tricks waiting for its answer
  claimedHand: null,     // the hand in which this seat claimed (one claim per hand)
  claimPending: null,    // {seat, fromHand}: a computer's seat claimed, ours from that hand
  claimedFrom: null,     // {seat, hand}: that claim, handed over (until the summary says sat_from)
  sheet: [],             // the score sheet's rows
  rematch: null,         // the rematch's standing: votes, or the new room
};

let redraw = () => {};

/** Say how the table is drawn (main.js: every panel). */
export function onRefresh(fn) { redraw = fn; }

/** Draw the table again from the state. */
export function refresh() { redraw(); }

export const view = () => ui.st?.view;
export const nSeats = () => ui.room?.num_players || view()?.hand_sizes?.length || 4;
export const token = () => ui.seatInfo?.token;

/** Whether the table shows the newest state and nothing is still being shown (a card in
 *  flight, a finished trick held in view). */
export const caughtUp = () => ui.st !== null && ui.st === ui.latest && !ui.presenting;

/** My turn, shown and not yet answered. */
export function myTurn() {
  const st = ui.st;
  return Boolean(st && ui.me !== null && st.to_act === ui.me && st.legal.length
    && ui.sent !== st.seq && caughtUp() && !st.match.over);
}

/** The first hand seat `k` (mine by default) was its person's: a newcomer who took over a
 *  computer's seat mid-match sat from a later hand (the room summary's `sat_from`; for my
 *  seat, until the summary comes, my claim's `from_hand`); 0 for a seat held from the start. */
export function satFrom(k = ui.me) {
  if (k === null || k === undefined) return 0;
  const mine = k === ui.me && ui.claimedFrom?.seat === k ? ui.claimedFrom.hand : 0;
  return ui.room?.seats?.[k]?.sat_from ?? mine;
}

/** Whether I played my seat in hand `hand` (any hand when `hand` is not given): not a hand
 *  the computer played there before I took the seat over. */
export const playedByMe = (hand) => ui.me !== null && (hand === undefined || hand === null || hand >= satFrom());

/** A seat's name for people: "You", the person's name, "Computer 2", "Seat 3"; in hand
 *  `hand`, my seat before I took it over is "the computer at your seat". */
export function seatName(k, { you = true, hand = null } = {}) {
  if (k === null || k === undefined) return t("seat.nobody");
  if (you && k === ui.me) return playedByMe(hand) ? t("seat.you") : t("seat.computer_yours");
  const s = ui.room?.seats?.[k];
  // a hand before its person took the seat over was a computer's: not told as theirs
  if (hand !== null && k !== ui.me && s?.kind === "human" && hand < (s.sat_from ?? 0)) {
    return t("seat.computer_at", { n: seatNumber(k) });
  }
  if (s?.kind === "bot" && (!s.name || /^\S+ bot \d+$/.test(s.name))) return t("seat.computer", { n: k });
  return s?.name || t("seat.n", { n: seatNumber(k) });
}

/** A sentence about seat `k`, its name as `who` ("Ravi shows: …"); to the one whose seat it
 *  is, where `seatName` would say "You", the catalog's second person `KEY.you` ("You show:
 *  …", not "You shows"). */
export function aboutSeat(key, k, params = {}, { hand = null } = {}) {
  return k === ui.me && playedByMe(hand) ? t(`${key}.you`, params)
    : t(key, { ...params, who: seatName(k, { hand }) });
}

export function teamOf(k) {
  const teams = view()?.teams;
  if (teams) return teams.findIndex((team) => team.includes(k));
  const n = nSeats();
  return n === 3 ? k : k % 2;
}

export function teamSeats(team) {
  const teams = view()?.teams;
  return teams ? teams[team] : [...Array(nSeats()).keys()].filter((k) => teamOf(k) === team);
}

export function teamName(team, { hand = null } = {}) {
  return joinList(teamSeats(team).map((k) => seatName(k, { hand })));
}

/** The room's rules as flag values (the preset's, with the room's changes). */
export function flags() {
  const spec = ui.room?.rules ?? view()?.rules;
  if (!ui.presets || spec === undefined) return {};
  const name = typeof spec === "string" ? spec : spec.preset || "28";
  const base = ui.presets.presets[name]?.flags || {};
  return typeof spec === "string" ? base : { ...base, ...spec };
}

export function presetName() {
  const spec = ui.room?.rules;
  return typeof spec === "string" ? spec : spec?.preset || "28";
}

/** The room's game as people read it ("28 (West Bengal)", "28 + 2 rules changed"). */
export function rulesLabel() {
  const spec = ui.room?.rules;
  if (!spec) return "";
  if (typeof spec === "string") return gameName(spec);
  const extra = Object.keys(spec).filter((k) => k !== "preset").length;
  const name = gameName(spec.preset || "28");
  return extra ? t("room.rules_changed", { preset: name, count: extra }) : name;
}

/** Where each seat sits: my seat at the bottom, the next player on my right when play goes
 *  anticlockwise.  x, y on the unit circle (y down). */
export function seatOrder() {
  const n = nSeats();
  const bottom = ui.me ?? 0;
  const dir = flags().direction === "clockwise" ? 1 : -1;
  return [...Array(n).keys()].map((k) => {
    const r = (k - bottom + n) % n;
    const angle = Math.PI / 2 + dir * (2 * Math.PI * r) / n;
    return { seat: k, r, x: Math.cos(angle), y: Math.sin(angle) };
  });
}

/** Each seat's last call of the auction still standing (for the plates), as
 *  `{action, phase}` (the phase it was made in: a pass in the raise window is "no raise"): a
 *  double or a redouble no longer stands once a later bid has overcalled it. */
export function lastCalls(v) {
  const out = {};
  if (v.phase === "cot") {               // the bidder answers a concession: only it is told
    const conceded = v.history.findLast((h) => parseAction(h).verb === "concede");
    if (conceded) out[parseAction(conceded).seat] = { action: conceded, phase: "cot" };
    return out;
  }
  for (const [i, h] of v.history.entries()) {
    const a = parseAction(h);
    if (a.verb === "play" || a.verb === "ask" || a.verb === "reveal") break;
    if (a.verb === "bid") {
      for (const [seat, call] of Object.entries(out)) {
        const verb = parseAction(call.action).verb;
        if (verb === "double" || verb === "redouble") delete out[seat];
      }
    }
    out[a.seat] = { action: h, phase: v.history_phases?.[i] ?? null };
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
