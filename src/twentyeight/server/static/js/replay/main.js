// The replay viewer (/replay): open a record — a file, or a finished room's match
// (/replay?room=ID&hand=K) — and step through every action of a hand, from any seat's view
// or with every hand open, the explanations of the rules beside it and, on request, the
// review of the seat's decisions (each one a step to jump to).
import { onLanguage, pickLanguage, seatNumber, t, translateStatic, useLanguage } from "../i18n.js";
import { refusalText } from "../refusal.js";
import { post, request } from "../request.js";
import { gameOf, passOn } from "../share.js";
import { languageSwitch } from "../settings.js";
import { spriteSVG } from "../cards.js";
import { drawBoard, el, historyList, seatLabel } from "../learn/board.js";
import { noteNode, presetOf } from "../learn/notes.js";
import { reviewNodes } from "../learn/review.js";
import { matchesBefore, told } from "../words.js";
import { ui } from "../table/state.js";
import { handResultText } from "../table/text.js";
import { MOST_LINK, packRecord, unpackRecord } from "./link.js";
import { renderRecent, showRecent } from "./recent.js";

const $ = (id) => document.getElementById(id);
const state = { record: null, text: "", hands: 1, players: 4, hand: 0, seat: 0, open: false, steps: [], at: 0,
  booked: null, scores: null,
  reviews: new Map(), packed: null };

/** What `readDocument` throws for a file that is no record at all (not JSON, or not an object):
 *  said to the reader in their language, never in the browser's parser's English. */
export class NotARecord extends Error {}

/** A JSON object (a record is one: a hand, or a match), else a `NotARecord`. */
function anObject(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new NotARecord();
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new NotARecord();
  return value;
}

/** A document as one object — a hand, a match, or one hand per line (JSON lines) — and its
 *  JSON text as written: a record's seeds are 64-bit integers, which a JavaScript number
 *  cannot hold, so the server is sent the text itself, never the parsed object again. */
export function readDocument(text) {
  try {
    return { record: anObject(text), text };
  } catch (first) {
    const lines = text.split("\n").filter((line) => line.trim());
    if (lines.length > 1) {
      const hands = lines.map(anObject);
      const rules = hands.find((h) => h.rules)?.rules ?? "28";
      return { record: { rules, hands_played: hands },
        text: `{"rules":${JSON.stringify(rules)},"hands_played":[${lines.join(",")}]}` };
    }
    throw first;
  }
}

/** The body of a request about the open record: `fields` with the record's text spliced in
 *  as it was read. */
function recordBody(fields) {
  const rest = JSON.stringify(fields).slice(1);
  return `{"record":${state.text}${rest === "}" ? "" : ","}${rest}`;
}

/** The seats of a record as far as the page can tell before the server reads it: its hands,
 *  else its players' names (a record dealt by its `seed` lists no hands, as a table's does);
 *  the server's answer has the last word (`load`). */
function players(record) {
  const first = Array.isArray(record.hands_played) ? record.hands_played[0] : record;
  const counted = [first?.hands, first?.players, record.players].find((list) => Array.isArray(list) && list.length);
  return counted ? Math.min(counted.length, 8) : 4;
}

async function open({ record, text }) {
  $("open-error").textContent = "";
  state.record = record;
  state.text = text;
  state.hands = Array.isArray(record.hands_played) ? Math.max(1, record.hands_played.length) : 1;
  state.players = players(record);
  state.reviews.clear();
  state.hand = Math.min(state.hand, state.hands - 1);
  state.seat = Math.min(state.seat, state.players - 1);
  fillChoices();
  await load();
  $("open").hidden = true;
  $("recent").hidden = true;
  $("viewer").hidden = false;
}

function fillChoices() {
  const hands = $("hand-select");
  hands.replaceChildren(...Array.from({ length: state.hands }, (_, k) =>
    el("option", { value: String(k), text: t("replay.hand_n", { n: k + 1 }) })));
  hands.value = String(state.hand);
  hands.disabled = state.hands === 1;
  const seats = $("seat-select");
  seats.replaceChildren(...Array.from({ length: state.players }, (_, k) =>
    el("option", { value: String(k), text: names()[k] })));
  seats.value = String(state.seat);
  $("open-hands").checked = state.open;
}

async function load() {
  const data = await post("/api/replay", recordBody({ hand: state.hand, seat: state.seat, open: state.open }));
  state.steps = data.steps;
  state.rules = data.rules;
  state.clockwise = data.direction === "clockwise";
  Object.assign(state, { booked: data.booked ?? null, scores: data.scores ?? null });   // the match's doing
  if (data.players !== state.players) {
    state.players = data.players;
    fillChoices();
  }
  state.at = Math.min(state.at, state.steps.length - 1);
  const slider = $("slider");
  slider.max = String(state.steps.length - 1);
  $("rules-link").href = `/rules/${encodeURIComponent(presetOf(state.rules))}`;
  show();
  showReview();
}

/** Each seat's name: the record's own (`players`, of the hand or of the match: a table's
 *  record names its people and computers), else "Seat N" (counted from 1); a name two seats
 *  share (an arena's record names seats by their bots: "casual", "casual") with its seat. */
function names() {
  const hand = state.record?.hands_played ? state.record.hands_played[state.hand] : state.record;
  const given = hand?.players || state.record?.players || [];
  const named = Array.from({ length: state.players }, (_, k) =>
    (typeof given[k] === "string" && given[k].trim()) || t("seat.n", { n: seatNumber(k) }));
  return named.map((name, k) =>
    (named.indexOf(name) !== named.lastIndexOf(name) ? `${name} (${seatNumber(k)})` : name));
}

function show() {
  const step = state.steps[state.at];
  if (!step) return;
  drawBoard($("board"), { view: step.view, me: state.seat, hands: step.hands || null,
    trump: step.trump || null, lastAction: step.action, names: names(), clockwise: state.clockwise, viewer: true });
  $("slider").value = String(state.at);
  $("step-label").textContent = t("replay.step", { n: state.at, total: state.steps.length - 1 });
  // a screen reader hears what happened at the step (#now, live), and the slider says which
  $("slider").setAttribute("aria-valuetext", $("step-label").textContent);
  const action = step.action;
  const who = action ? Number(action.split(" ")[0]) : null;
  const phase = step.view.history_phases?.at(-1) ?? null;   // the phase `action` was made in
  const past = step.view.history ?? [];                // `action` is its last entry
  const matches = past.length > 0 && matchesBefore(past, past.length - 1);
  $("now").textContent = action ? told(action, seatLabel(who, state.seat, names()), { phase, matches })
    : t("replay.deal");
  const preset = presetOf(state.rules);
  showResult(step);
  $("notes").replaceChildren(...step.notes.map((n) => noteNode(n, preset)));
  const history = historyList(step.view, state.seat, names());
  $("history").replaceChildren(history);
  history.scrollTop = history.scrollHeight;
  $("first").disabled = $("back").disabled = state.at === 0;
  $("last").disabled = $("forward").disabled = state.at === state.steps.length - 1;
  keepMoment();
}

/** How the hand ended, under its last action (the step whose view has the result): said as
 *  the table's end-of-hand dialog says it (table/text.js, one source of the words), its seats
 *  named as the replay names them and nobody "you" — made and by how much, went down, the
 *  hand annulled and why, the opponents' concession. */
function showResult(step) {
  const box = $("result");
  const v = step.view;
  box.hidden = !v.result;
  if (!v.result) return;
  Object.assign(ui, { me: null, st: { view: v }, room: { rules: state.rules, num_players: state.players,
    seats: names().map((name, seat) => ({ seat, name })) } });
  box.replaceChildren(el("strong", { text: t("result.hand_over", { n: state.hand + 1 }) }), el("br"),
    handResultText(v, state.hand, { booked: state.booked, scores: state.scores }));
}

/** The address made a link to this moment (share.js): a finished table's (`?room=…`), or a
 *  file's, its record in the fragment (`#record=…`: link.js). */
function keepMoment() {
  const room = new URLSearchParams(location.search).get("room");
  if (!room && !state.packed) return;
  const params = new URLSearchParams(room ? { room } : {});
  params.set("hand", String(state.hand));
  params.set("seat", String(state.seat));
  params.set("step", String(state.at));
  if (state.open) params.set("open", "1");
  window.history.replaceState(null, "", room ? `?${params}` : `${location.pathname}#record=${state.packed}&${params}`);
}

/** "A link to this step" with its buttons, for whoever opened it to send on. */
function offerMoment() {
  const moment = $("moment");
  moment.replaceChildren(moment.firstElementChild, " ", ...passOn(() => location.href,
    () => t("replay.share_text", { game: gameOf(presetOf(state.rules)) })));
  moment.hidden = false;
}

function go(at) {
  state.at = Math.max(0, Math.min(state.steps.length - 1, at));
  show();
}

function showReview() {
  const key = `${state.hand}/${state.seat}`;
  const box = $("review");
  const done = state.reviews.get(key);
  if (done?.refused) {                // said in the language of each drawing
    box.replaceChildren(el("p", { class: "error", role: "alert",
      text: refusalText(done.refused.data, done.refused.response) }), reviewButton(key));
  } else if (done === "busy") {
    box.replaceChildren(el("p", { class: "muted", role: "status", text: t("review.working") }));
  } else if (done) {
    box.replaceChildren(...reviewNodes(done.decisions, { onPick: (d) => go(d.index), unit: done.unit }));
  } else {
    box.replaceChildren(el("p", { class: "muted", text: t("review.offer", { who: names()[state.seat] }) }),
      reviewButton(key));
  }
}

/** The button that asks for the review of the hand and seat of `key` ("hand/seat"): the
 * question names them, whatever is chosen by the time it is clicked. */
function reviewButton(key) {
  const [hand, seat] = key.split("/").map(Number);
  return el("button", { type: "button", class: "primary", id: "review-btn", text: t("review.run"),
    onclick: async () => {
      state.reviews.set(key, "busy");
      showReview();
      const answer = await request("/api/review", recordBody({ hand, seat }));
      state.reviews.set(key, answer.ok ? answer.data : { refused: answer });
      if (key === `${state.hand}/${state.seat}`) showReview();
    } });
}

/** Open the record of finished room `room` at the moment the address names (`hand`, `seat`,
 *  `step`, `open`: a shared link to a moment of a hand). */
async function fromRoom(room, params) {
  // the record as the server wrote it (as text: the replay sends it back as it was read)
  const r = await fetch(`/api/rooms/${encodeURIComponent(room)}/record`).catch(() => null);
  if (r === null) throw new Error(refusalText({ error: "no_answer" }));
  const text = await r.text();
  if (r.status === 409) throw new Error(t("replay.no_record"));      // the match goes on
  if (!r.ok) {
    let data = { error: "bad_answer" };
    try { data = JSON.parse(text); } catch { /* not the server's refusal */ }
    throw new Error(refusalText(data, r));
  }
  await atMoment(params, () => open(readDocument(text)));
}

/** Open a record file picked or dropped, once `words` (the language) has loaded; its moments
 *  are offered as links where its record is short enough to travel in one (MOST_LINK). */
async function openFile(file, words) {
  if (!file) return;
  await words;
  try {
    const text = await file.text();
    const doc = readDocument(text);
    const packed = await packRecord(text);
    state.packed = packed.length <= MOST_LINK ? packed : null;
    await open(doc);
  } catch (err) {
    $("open-error").textContent = err instanceof NotARecord ? t("replay.not_record")
      : t("replay.bad_file", { why: err.message });
    return;
  }
  if (state.packed) offerMoment();          // (show() has put the moment in the address)
  else {                                   // (nor the record of a link opened before)
    window.history.replaceState(null, "", location.pathname);
    $("moment").hidden = true;
  }
}

/** Open the record a link carries (`#record=…`, link.js) at the moment it names. */
async function fromLink(params) {
  let doc;
  try {
    doc = readDocument(await unpackRecord(params.get("record")));
  } catch {
    throw new Error(t("replay.bad_link"));
  }
  state.packed = params.get("record");
  await atMoment(params, () => open(doc));
}

/** Open a record with `opening`, at the moment `params` names (`hand`, `seat`, `step`, `open`). */
async function atMoment(params, opening) {
  const whole = (n) => (Number.isInteger(n) && n >= 0 ? n : 0);
  state.hand = whole(Number(params.get("hand") ?? 0));
  state.seat = whole(Number(params.get("seat") ?? 0));
  state.at = whole(Number(params.get("step") ?? 0));
  state.open = params.get("open") === "1";
  await opening();
}

function wire(words) {
  $("file").addEventListener("change", (e) => openFile(e.target.files?.[0], words));
  document.body.addEventListener("dragover", (e) => e.preventDefault());
  document.body.addEventListener("drop", (e) => {
    e.preventDefault();
    openFile(e.dataTransfer?.files?.[0], words);
  });
  // The review box follows the choice at once (its button names the hand and seat chosen),
  // before the steps of the new choice have come.
  $("hand-select").addEventListener("change", async (e) => { state.hand = Number(e.target.value); state.at = 0; showReview(); await load(); });
  $("seat-select").addEventListener("change", async (e) => { state.seat = Number(e.target.value); showReview(); await load(); });
  $("open-hands").addEventListener("change", async (e) => { state.open = e.target.checked; await load(); });
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(state.at - 1));
  $("forward").addEventListener("click", () => go(state.at + 1));
  $("last").addEventListener("click", () => go(state.steps.length - 1));
  $("slider").addEventListener("input", (e) => go(Number(e.target.value)));
  document.addEventListener("keydown", (e) => {
    if ($("viewer").hidden || e.target.tagName === "SELECT" || e.target.tagName === "INPUT" && e.target.type !== "range") return;
    const moves = { ArrowLeft: state.at - 1, ArrowRight: state.at + 1, Home: 0, End: state.steps.length - 1 };
    if (e.key in moves) { e.preventDefault(); go(moves[e.key]); }
  });
}

async function start() {
  document.body.insertAdjacentHTML("afterbegin", spriteSVG());
  // The file picker is on the page from the first paint: wire it before the language has
  // loaded, so a file picked at once is not lost; opening it waits for the words.
  const words = useLanguage(pickLanguage());
  wire(words);
  await words;
  $("settings").append(languageSwitch());
  // the rules' flags, for a result told in tables or coolies (56) as the table tells it
  fetch("/api/presets").then((r) => r.json()).then((presets) => {
    ui.presets = presets;
    if (state.record) show();
  }).catch(() => { /* a result is told in game points */ });
  onLanguage(() => { if (state.record) { fillChoices(); show(); showReview(); } else renderRecent(); translateStatic(); });
  const params = new URLSearchParams(location.search);
  const linked = new URLSearchParams(location.hash.replace(/^#/, ""));
  if (!params.get("room") && !linked.get("record")) {
    await showRecent();
    return;
  }
  try {
    if (params.get("room")) await fromRoom(params.get("room"), params);
    else await fromLink(linked);
    offerMoment();
  } catch (err) {
    $("open-error").textContent = err.message;
  }
}

start();
