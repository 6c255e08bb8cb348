// The browser table.  It speaks only the WebSocket protocol of docs/protocol.md and the HTTP
// endpoints to take a seat and start: everything it shows comes from the server's messages,
// which hold exactly what this seat may know.
import {
  SUIT_SYMBOL, backSVG, cardName, cardSVG, cardShort, parseCard, sixSVG, sortHand, spriteSVG,
  suitWord,
} from "./cards.js";
import { bidParts, buttonHelp, buttonLabel, denominationText, parseAction, phrase } from "./words.js";

const $ = (id) => document.getElementById(id);
const ROOM = decodeURIComponent(location.pathname.split("/r/")[1].split("/")[0]);
const SEAT_KEY = `twentyeight:seat:${ROOM}`;
const HOST_KEY = `twentyeight:host:${ROOM}`;
const NAME_KEY = "twentyeight:name";
const TEAM_LETTERS = ["A", "B", "C", "D"];
const PHASE_DOING = {
  auction: "bid", trump: "choose the trump", double: "double or pass",
  redouble: "redouble or pass", raise: "raise or pass", single_hand: "answer the single-hand call",
  thani: "declare Thani or pass", play: "play", cot: "accept or refuse the concession",
};

const ui = {
  ws: null, backoff: 500, retry: null, closedForGood: false,
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
  lastHandOver: null,
  focusIndex: 0,
  shown: new Set(),      // trick cards already drawn (only new ones fly in)
};

// ---- helpers ------------------------------------------------------------------------------
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k === "html") node.innerHTML = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

const view = () => ui.st?.view;
const nSeats = () => ui.room?.num_players || view()?.hand_sizes?.length || 4;
const token = () => ui.seatInfo?.token;

function seatName(k, { you = true } = {}) {
  if (k === null || k === undefined) return "nobody";
  if (you && k === ui.me) return "You";
  const s = ui.room?.seats?.[k];
  return s?.name || `Seat ${k}`;
}

function teamOf(k) {
  const teams = view()?.teams;
  if (teams) return teams.findIndex((t) => t.includes(k));
  const n = nSeats();
  return n === 3 ? k : k % 2;
}

function teamName(t) {
  const teams = view()?.teams;
  const seats = teams ? teams[t] : [...Array(nSeats()).keys()].filter((k) => teamOf(k) === t);
  const names = seats.map((k) => seatName(k));
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} & ${names.at(-1)}` : names[0] || "";
}

function flags() {
  const spec = ui.room?.rules ?? view()?.rules;
  if (!ui.presets || spec === undefined) return {};
  const name = typeof spec === "string" ? spec : spec.preset || "28";
  const base = ui.presets.presets[name]?.flags || {};
  return typeof spec === "string" ? base : { ...base, ...spec };
}

function rulesLabel() {
  const spec = ui.room?.rules;
  if (!spec) return "";
  if (typeof spec === "string") return spec;
  const extra = Object.keys(spec).filter((k) => k !== "preset");
  return `${spec.preset}${extra.length ? ` + ${extra.length} flag${extra.length > 1 ? "s" : ""}` : ""}`;
}

function say(text, urgent = false) {
  const region = urgent ? $("live-urgent") : $("live");
  const line = el("p", { text });
  region.append(line);
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

function log(text, cls = "") {
  const list = $("log");
  list.append(el("li", { text, class: cls }));
  while (list.childElementCount > 80) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

function notice(text, kind = "refused") {
  const box = $("notice");
  box.hidden = !text;
  box.className = `notice ${kind}`;
  box.textContent = text || "";
}

// ---- the connection ------------------------------------------------------------------------
function send(message) {
  if (ui.ws?.readyState === WebSocket.OPEN) {
    ui.ws.send(JSON.stringify(message));
    return true;
  }
  return false;
}

function connect() {
  clearTimeout(ui.retry);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/rooms/${encodeURIComponent(ROOM)}/ws`);
  ui.ws = ws;
  setConn("connecting…", "wait");
  ws.addEventListener("open", () => {
    ui.backoff = 500;
    setConn("connected", "ok");
    if (token()) send({ type: "hello", token: token() });
  });
  ws.addEventListener("message", (e) => {
    let msg;
    try { msg = JSON.parse(e.data); } catch { return; }
    receive(msg);
  });
  ws.addEventListener("close", (e) => {
    if (ui.ws !== ws) return;
    if (e.code === 4404) {
      ui.closedForGood = true;
      setConn("no such table", "bad");
      $("prompt").textContent = `There is no table ${ROOM}.`;
      return;
    }
    setConn(`reconnecting in ${(ui.backoff / 1000).toFixed(1)} s…`, "bad");
    ui.retry = setTimeout(connect, ui.backoff);
    ui.backoff = Math.min(10000, ui.backoff * 2);
  });
}

function setConn(text, kind) {
  const c = $("conn");
  c.textContent = text;
  c.dataset.kind = kind;
}

function act(action, origin) {
  if (!token()) return;
  const id = `m${ui.nextId++}`;
  ui.pending.set(id, origin || action);
  if (send({ type: "action", token: token(), action, id })) {
    const legal = ui.st?.legal || [];
    if (legal.includes(action)) {
      ui.sent = ui.st.seq;
      notice("");
      render();
    }
  } else {
    notice("Not connected: the action was not sent. Reconnecting…", "info");
  }
}

// ---- messages --------------------------------------------------------------------------
function receive(msg) {
  switch (msg.type) {
    case "room": {
      const before = ui.room;
      ui.room = msg;
      if (before && before.status === "waiting" && msg.status === "playing") {
        say("The game has started.");
        log("The game has started.", "sys");
      }
      render();
      break;
    }
    case "welcome":
      ui.me = msg.seat;
      if (msg.seat !== null) {
        log(`You are ${msg.name} at seat ${msg.seat}.`, "sys");
      }
      render();
      break;
    case "state":
      onState(msg);
      break;
    case "event":
      onEvent(msg);
      break;
    case "hand_over":
      onHandOver(msg);
      break;
    case "error":
      onError(msg);
      break;
    default:
      break;
  }
}

/** "Ravi bids 17" / "You bid 17": a seat's action told with its name. */
function told(seat, action, opts = {}) {
  const text = phrase(action, opts);
  if (seat !== ui.me) return `${seatName(seat)} ${text}`;
  const [verb, ...rest] = text.split(" ");
  const base = /(ss|sh|ch)es$/.test(verb) ? verb.slice(0, -2) : verb.replace(/s$/, "");
  return ["You", base, ...rest].join(" ");
}

function onEvent(msg) {
  const spoken = told(msg.seat, msg.action, { spoken: true });
  const shown = `${told(msg.seat, msg.action)}${msg.by === "bot" && ui.room?.seats?.[msg.seat]?.kind === "human" ? " (computer, for the absent player)" : ""}`;
  const { verb } = parseAction(msg.action);
  log(shown, verb === "ask" || verb === "reveal" ? "moment" : "");
  if (msg.seat !== ui.me) say(spoken);
  if (verb === "ask" || verb === "reveal" || verb === "pair") ui.pendingMoment = { seat: msg.seat, verb };
}

function onState(msg) {
  const prev = ui.st;
  // before our hello is answered the server sends the public state: keep it only if we have
  // nothing better (a seat's state never goes back to the public one)
  if (msg.seat === null && ui.me !== null && token()) return;
  ui.st = msg;
  const v = msg.view;
  if (ui.sent !== null && msg.seq !== ui.sent) ui.sent = null;
  if (prev && prev.hand !== msg.hand) {
    ui.bidValue = null;
    ui.shown.clear();
    ui.banner = null;
    const dealer = seatName(v.dealer);
    log(`Hand ${msg.hand + 1}: ${dealer === "You" ? "you deal" : `${dealer} deals`}.`, "sys");
    say(`New hand. ${dealer === "You" ? "You deal" : `${dealer} deals`}.`);
  } else if (prev && prev.hand === msg.hand) {
    const pv = prev.view;
    if (v.tricks.length > pv.tricks.length) {
      const t = v.tricks.at(-1);
      const text = `${seatName(t.winner)} ${t.winner === ui.me ? "win" : "wins"} the trick (${t.points} point${t.points === 1 ? "" : "s"}).`;
      log(text, "trick");
      say(text);
      if (ui.banner && ui.banner.trick < v.tricks.length) ui.banner = null;
    }
    if (!pv.trump_exposed && v.trump_exposed) exposeMoment(v);
    if (!pv.pair && v.pair) {
      const text = `${seatName(v.pair.seat)} ${v.pair.seat === ui.me ? "show" : "shows"} the pair: ${v.pair.cards.map(cardShort).join(" ")}.`;
      ui.banner = { text, cards: v.pair.cards, trick: v.tricks.length + 1, kind: "pair" };
      say(text, true);
    }
  }
  if (msg.to_act === ui.me && ui.me !== null && msg.legal.length
      && (!prev || prev.seq !== msg.seq || prev.to_act !== ui.me)) {
    say(`Your turn: ${PHASE_DOING[v.phase] || "act"}.`, true);
  }
  if (msg.match.over && !(prev && prev.match.over)) {
    const text = matchOverText(msg.match);
    log(text, "sys");
    say(text, true);
  }
  render();
}

function exposeMoment(v) {
  const m = ui.pendingMoment;
  ui.pendingMoment = null;
  const trump = v.trump === "reverse" ? "reversed no-trump" : v.trump
    ? `${SUIT_SYMBOL[v.trump]} ${suitWord(v.trump)}` : "no trump";
  let lead;
  if (m && m.verb === "ask") lead = `${seatName(m.seat)} asked for the trump`;
  else if (m && m.verb === "reveal") lead = `${seatName(m.seat)} revealed the trump`;
  else lead = "The trump is exposed";
  const text = `${lead}: trump is ${trump}${v.indicator ? ` (${v.bidder === ui.me ? "your" : `${seatName(v.bidder)}'s`} card: ${cardShort(v.indicator)})` : ""}.`;
  ui.banner = { text, cards: v.indicator ? [v.indicator] : [], trick: v.tricks.length + 1, kind: "reveal" };
  log(text, "moment");
  say(text, true);
}

function onHandOver(msg) {
  ui.lastHandOver = msg;
  const v = msg.view;
  const r = v.result || {};
  const title = `Hand ${msg.hand + 1} is over`;
  const body = $("ho-body");
  const d = $("hand-over");
  if (!d.open) body.replaceChildren();
  body.querySelector(".score-table")?.remove();
  body.append(el("h3", { text: title }));
  body.append(el("p", { class: "ho-result", "data-hand": msg.hand, text: handResultText(v) }));
  body.append(scoreTable(msg.scores));
  if (v.tricks.length) {
    const list = el("ol", { class: "ho-tricks", "aria-label": "The tricks of the hand" });
    v.tricks.forEach((t, i) => list.append(trickRow(t, i + 1)));
    body.append(el("details", {}, el("summary", { text: `The ${v.tricks.length} tricks` }), list));
  }
  $("ho-title").textContent = msg.scores && ui.st?.match?.over ? "The match is over" : "Result";
  log(`${title}: ${handResultText(v)}`, "sys");
  say(`${title}. ${handResultText(v)}`, true);
  if (r && !d.open) d.showModal();
  render();
}

function handResultText(v) {
  const r = v.result;
  if (!r) return "";
  if (v.status === "annulled" || r.annulled_reason) {
    return `The hand is annulled${r.annulled_reason ? `: ${String(r.annulled_reason).replaceAll("_", " ")}` : ""}.`;
  }
  if (v.bidder === null) return "Nobody bid.";
  const side = teamName(teamOf(v.bidder));
  const pts = v.points;
  const change = r.score_change || {};
  const sign = (x) => (x > 0 ? `+${x}` : `${x}`);
  const made = r.made ? "made it" : "went down";
  const changes = [];
  if (change.bidding) changes.push(`${side} ${sign(change.bidding)}`);
  if (change.opponents) changes.push(`the opponents ${sign(change.opponents)}`);
  return `${side} bid ${v.contract}${denominationText(v.denomination || "")}${v.target && v.target !== v.contract ? ` (target ${v.target})` : ""} and ${made} with ${pts.bidding} points against ${pts.opponents}.`
    + (changes.length ? ` Game score: ${changes.join(", ")}.` : "");
}

function matchOverText(match) {
  if (!match.winners?.length) return "The match is over.";
  const names = match.winners.map((t) => teamName(t));
  const mine = ui.me !== null && match.winners.includes(teamOf(ui.me));
  return `The match is over: ${names.join(" and ")} ${mine ? "— you win!" : "win."}`;
}

function onError(msg) {
  const origin = msg.id !== undefined ? ui.pending.get(msg.id) : undefined;
  if (msg.id !== undefined) ui.pending.delete(msg.id);
  if (msg.code === "unauthorised" && /not a seat of this room/.test(msg.message)) {
    localStorage.removeItem(SEAT_KEY);
    ui.seatInfo = null;
    ui.me = null;
    notice("Your seat's key is no longer valid here; you are watching.", "info");
    render();
    return;
  }
  ui.sent = null;
  const what = origin?.card ? `${cardName(origin.card)}: ` : "";
  notice(`Not allowed — ${what}${msg.message}`, "refused");
  say(`Not allowed. ${what}${msg.message}`, true);
  if (origin?.card) shake(origin.card);
  render();
}

function shake(card) {
  const b = $("hand").querySelector(`[data-card="${card}"]`);
  if (!b) return;
  b.classList.remove("shake");
  void b.offsetWidth;
  b.classList.add("shake");
}

// ---- taking a seat, starting -------------------------------------------------------------
async function takeSeat(k) {
  const name = ($("name-input")?.value || localStorage.getItem(NAME_KEY) || "").trim();
  if (name) localStorage.setItem(NAME_KEY, name);
  const r = await fetch(`/api/rooms/${encodeURIComponent(ROOM)}/seats/${k}`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify(name ? { name } : {}),
  });
  const data = await r.json();
  if (!r.ok) {
    notice(`That seat could not be taken: ${data.message || r.statusText}`, "refused");
    return;
  }
  ui.seatInfo = { seat: k, token: data.token };
  localStorage.setItem(SEAT_KEY, JSON.stringify(ui.seatInfo));
  notice("");
  if (!send({ type: "hello", token: data.token })) connect();
}

async function startMatch() {
  const r = await fetch(`/api/rooms/${encodeURIComponent(ROOM)}/start`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: ui.hostToken }),
  });
  if (!r.ok) {
    const data = await r.json().catch(() => ({}));
    notice(`The game could not start: ${data.message || r.statusText}`, "refused");
  }
}

// ---- rendering ---------------------------------------------------------------------------
function render() {
  document.body.dataset.seq = ui.st ? String(ui.st.seq) : "";
  document.body.dataset.hand = ui.st ? String(ui.st.hand) : "";
  renderTop();
  renderWaiting();
  renderSeats();
  renderCenter();
  renderInfoStrip();
  renderContract();
  renderPoints();
  renderAuction();
  renderLastTrick();
  renderPrompt();
  renderActions();
  renderHand();
  renderBanner();
}

function renderTop() {
  $("room-title").textContent = `Table ${ROOM}${ui.room ? ` · ${rulesLabel()}` : ""}`;
  document.title = `${ui.st && ui.me !== null && ui.st.to_act === ui.me && ui.st.legal.length ? "● Your turn — " : ""}twentyeight · ${ROOM}`;
  const board = $("scoreboard");
  board.replaceChildren();
  const scores = ui.st?.match?.scores || ui.room?.scores;
  if (!scores || !ui.room || ui.room.status === "waiting") return;
  const f = flags();
  const sixes = (f.match_scoring ?? "target") === "target" && (f.game_target ?? 6) === 6;
  scores.forEach((s, t) => {
    const names = teamName(t);
    const label = `${names}: ${s > 0 ? "+" : ""}${s}${sixes ? ` (a ${s >= 0 ? "red" : "black"} six showing ${Math.min(6, Math.abs(s))})` : ""}`;
    board.append(el("div", { class: `score team-${t}`, role: "group", "aria-label": label, title: label },
      sixes ? el("span", { class: "six", html: sixSVG(s) }) : null,
      el("span", { class: "score-names", text: names }),
      el("span", { class: "score-value", "data-team": t, text: `${s > 0 ? "+" : ""}${s}` })));
  });
}

function renderWaiting() {
  const box = $("waiting");
  const waiting = ui.room?.status === "waiting";
  box.hidden = !waiting;
  if (!waiting) return;
  const mine = ui.seatInfo?.seat;
  box.replaceChildren();
  box.append(el("h2", { text: "Waiting for players" }));
  const link = `${location.origin}/r/${ROOM}`;
  const copy = el("button", { type: "button", class: "small", text: "Copy link", onclick: async () => {
    try { await navigator.clipboard.writeText(link); copy.textContent = "Copied"; } catch { copy.textContent = "Copy it by hand"; }
  } });
  box.append(el("p", { class: "share" }, "Invite friends: ", el("code", { text: link }), " ", copy));
  if (mine === undefined || mine === null) {
    const name = el("input", { id: "name-input", autocomplete: "nickname", maxlength: "32",
      placeholder: "your name" });
    name.value = localStorage.getItem(NAME_KEY) || "";
    box.append(el("label", { class: "field inline" }, "Your name ", name));
  }
  const list = el("ul", { class: "seat-list" });
  ui.room.seats.forEach((s) => {
    const who = s.kind === "open" ? "open" : s.name;
    const row = el("li", { class: `team-${teamOf(s.seat)}` },
      el("span", { class: "dot", "aria-hidden": "true" }),
      el("span", { text: `Seat ${s.seat} · team ${TEAM_LETTERS[teamOf(s.seat)]} · ` }),
      el("strong", { text: s.seat === mine ? `${who} (you)` : who }));
    if (s.kind === "open" && (mine === undefined || mine === null)) {
      row.append(el("button", { type: "button", class: "small", text: "Sit here",
        "aria-label": `Sit at seat ${s.seat}`, onclick: () => takeSeat(s.seat) }));
    }
    list.append(row);
  });
  box.append(list);
  if (ui.hostToken) {
    box.append(el("button", { type: "button", class: "primary", id: "start-btn",
      text: "Start the game", onclick: startMatch }));
    box.append(el("p", { class: "hint", text: `Empty seats get ${ui.room.bots} computer players.` }));
  } else {
    box.append(el("p", { class: "hint", text: "The host starts the game when everyone is seated." }));
  }
}

function seatOrder() {
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

function lastCalls(v) {
  // each seat's last call of the auction (for the bubbles on the plates)
  const out = {};
  for (const h of v.history) {
    const a = parseAction(h);
    if (a.verb === "play") break;
    out[a.seat] = h;
  }
  return out;
}

function renderSeats() {
  const box = $("seats");
  box.replaceChildren();
  if (!ui.room) return;
  const v = view();
  const calls = v && v.phase !== "play" && v.phase !== "over" ? lastCalls(v) : {};
  const n = nSeats();
  box.dataset.n = n;
  for (const p of seatOrder()) {
    const k = p.seat;
    const s = ui.room.seats[k];
    const turn = v && ui.st.to_act === k && !ui.st.match.over;
    const cls = ["plate", `team-${teamOf(k)}`, turn ? "turn" : "", k === ui.me ? "mine" : "",
      p.y > 0.5 ? "at-bottom" : p.y < -0.5 ? "at-top" : ""].join(" ");
    const bits = [];
    if (v && v.dealer === k) bits.push("dealer");
    if (v && v.bidder === k) bits.push(`bidder${v.contract ? ` · ${v.contract}` : ""}`);
    if (s.kind === "bot") bits.push("computer");
    else if (s.kind === "human" && s.played_by === "bot") bits.push("away · computer plays");
    else if (s.kind === "human" && s.connected === false) bits.push("away");
    const label = `${seatName(k)}${k === ui.me ? "" : `, seat ${k}`}, team ${TEAM_LETTERS[teamOf(k)]}`
      + `${bits.length ? `, ${bits.join(", ")}` : ""}${turn ? ", to act" : ""}`
      + (v ? `, ${v.hand_sizes[k]} cards` : "");
    const plate = el("div", { class: cls, role: "group", "aria-label": label,
      style: `--px:${p.x.toFixed(3)};--py:${p.y.toFixed(3)}` });
    plate.dataset.seat = k;
    const head = el("div", { class: "plate-head" },
      el("span", { class: "dot", "aria-hidden": "true" }),
      el("span", { class: "plate-name", text: k === ui.me ? `You (${s.name || ""})` : (s.name || `Seat ${k}`) }));
    plate.append(head);
    if (bits.length) plate.append(el("div", { class: "plate-bits", text: bits.join(" · ") }));
    if (v && k !== ui.me && v.hand_sizes[k]) {
      const fan = el("div", { class: "mini-fan", "aria-hidden": "true" });
      const shown = Math.min(v.hand_sizes[k], 8);
      for (let i = 0; i < shown; i++) fan.append(el("span", { class: "mini-back", style: `--i:${i - (shown - 1) / 2}` }));
      fan.append(el("span", { class: "count", text: String(v.hand_sizes[k]) }));
      plate.append(fan);
    }
    if (v && v.bidder === k && v.indicator_face_down) {
      const mineInd = v.indicator && k === ui.me;
      plate.append(el("div", { class: "plate-indicator", title: mineInd ? "your face-down trump card" : "the face-down trump card" },
        el("span", { class: "tiny-card", html: mineInd ? cardSVG(v.indicator) : backSVG() }),
        el("span", { text: "trump" })));
    }
    if (turn) plate.append(el("div", { class: "turn-tag", text: k === ui.me ? "your turn" : PHASE_DOING[v.phase] === "play" ? "to play" : "thinking…" }));
    if (calls[k]) plate.append(el("div", { class: "bubble", text: phrase(calls[k]).replace(/^bids /, "") }));
    if (ui.room.status === "playing" && s.kind === "bot" && (ui.seatInfo === null || ui.seatInfo === undefined)) {
      plate.append(el("button", { type: "button", class: "small", text: "Sit here",
        "aria-label": `Take over seat ${k} from the computer`, onclick: () => takeSeat(k) }));
    }
    box.append(plate);
  }
}

function trickCards(t, { done = false } = {}) {
  const frag = document.createDocumentFragment();
  const pos = Object.fromEntries(seatOrder().map((p) => [p.seat, p]));
  t.cards.forEach((c, i) => {
    const k = t.seats[i];
    const p = pos[k];
    const win = done && t.winner === k;
    const key = `${ui.st?.hand}:${t.leader}:${i}:${c}`;
    const fresh = !ui.shown.has(key);
    ui.shown.add(key);
    frag.append(el("div", {
      class: `tcard${win ? " winner" : ""}${fresh ? " fresh" : ""}`, role: "img",
      "aria-label": `${seatName(k)}: ${cardName(c)}${win ? ", winning" : ""}`,
      style: `--px:${p.x.toFixed(3)};--py:${p.y.toFixed(3)};--z:${i + 1};--rot:${((i * 37) % 11) - 5}deg`,
      html: cardSVG(c),
    }));
  });
  return frag;
}

function renderCenter() {
  const box = $("center");
  box.replaceChildren();
  const v = view();
  if (!v || ui.room?.status === "waiting") return;
  if (v.trick && v.trick.cards.length) {
    box.append(trickCards(v.trick));
    box.setAttribute("aria-label", "The trick in play");
  } else if (v.phase === "play" || v.phase === "cot" || (v.phase === "over" && v.tricks.length)) {
    const last = v.tricks.at(-1);
    if (last) {
      box.append(trickCards(last, { done: true }));
      box.classList.add("done");
      box.append(el("div", { class: "trick-note", text: `${seatName(last.winner)} ${last.winner === ui.me ? "win" : "wins"} · ${last.points} pt${last.points === 1 ? "" : "s"}` }));
      box.setAttribute("aria-label", "The last trick");
      return;
    }
    box.append(el("div", { class: "trick-note lead", text: `${seatName(ui.st.to_act)} ${ui.st.to_act === ui.me ? "lead" : "leads"}` }));
  } else if (v.phase !== "play") {
    const high = v.high_bid;
    const who = high !== null ? seatName(v.bidder ?? findHighBidder(v)) : null;
    box.append(el("div", { class: "auction-card" },
      el("div", { class: "ac-title", text: v.phase === "auction" ? "Auction" : cap(PHASE_DOING[v.phase] || v.phase) }),
      el("div", { class: "ac-high", text: high !== null ? `${high}${denominationText(v.denomination || "")}` : "–" }),
      el("div", { class: "ac-who", text: high !== null ? `highest bid · ${who}` : "no bid yet" })));
  }
  box.classList.remove("done");
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function findHighBidder(v) {
  let who = null;
  for (const h of v.history) {
    const a = parseAction(h);
    if (a.verb === "bid") who = a.seat;
  }
  return who;
}

function trumpText(v) {
  if (v.trump === "reverse") return "reversed no-trump";
  if (v.trump) return `${SUIT_SYMBOL[v.trump]} ${suitWord(v.trump)}${v.trump_exposed ? "" : " (only you know)"}`;
  if (v.denomination === "NT") return "no-trump";
  if (v.indicator_face_down) return "face down";
  if (v.bidder !== null && v.phase === "trump") return "being chosen";
  return v.bidder !== null && v.phase !== "auction" ? "none" : "–";
}

function renderInfoStrip() {
  const box = $("info-strip");
  box.replaceChildren();
  const v = view();
  if (!v) return;
  const parts = [];
  if (v.contract !== null || v.high_bid !== null) {
    const bidder = v.bidder ?? findHighBidder(v);
    parts.push(el("span", { class: "chip" }, "Contract ",
      el("strong", { text: `${v.contract ?? v.high_bid}${denominationText(v.denomination || "")}${v.multiplier > 1 ? ` ×${v.multiplier}` : ""}` }),
      ` · ${seatName(bidder)}`));
  }
  if (v.bidder !== null && v.phase !== "auction") {
    const t = el("span", { class: `chip trump-chip${v.trump_exposed ? " exposed" : ""}` }, "Trump ",
      el("strong", { text: trumpText(v) }));
    parts.push(t);
  }
  if (v.bidder !== null && (v.phase === "play" || v.phase === "cot" || v.phase === "over")) {
    parts.push(el("span", { class: "chip" }, "Points ",
      el("strong", { id: "strip-bidding", text: String(v.points.bidding) }),
      v.target ? `/${v.target}` : "", " vs ", el("strong", { text: String(v.points.opponents) })));
  }
  if (v.special) parts.push(el("span", { class: "chip special", text: v.special.replaceAll("_", " ") }));
  box.append(...parts);
}

function renderContract() {
  const box = $("contract");
  box.replaceChildren();
  const v = view();
  if (!v) { box.append(el("p", { class: "muted", text: "Not dealt yet." })); return; }
  if (v.bidder === null && v.high_bid === null) {
    box.append(el("p", { class: "muted", text: v.phase === "auction" ? "The auction is on." : "No contract." }));
    return;
  }
  const bidder = v.bidder ?? findHighBidder(v);
  const dl = el("dl", { class: "facts" });
  const row = (k, val) => dl.append(el("dt", { text: k }), el("dd", {}, val));
  row("Bid", `${v.contract ?? v.high_bid}${denominationText(v.denomination || "")}${v.contract === null ? " (so far)" : ""}`);
  row("By", `${seatName(bidder)} · team ${TEAM_LETTERS[teamOf(bidder)]}`);
  if (v.target && v.target !== v.contract) row("Target", String(v.target));
  if (v.multiplier > 1) row("Stake", `×${v.multiplier}`);
  row("Trump", trumpText(v));
  box.append(dl);
  if (v.indicator_face_down || v.indicator) {
    const mine = v.indicator && !v.trump_exposed;
    const face = v.indicator ? cardSVG(v.indicator) : backSVG();
    const cap2 = v.trump_exposed ? `exposed: ${cardShort(v.indicator)}`
      : mine ? "face down — only you see it" : `face down before ${seatName(v.bidder)}`;
    box.append(el("figure", { class: `indicator${v.trump_exposed ? " exposed" : ""}${mine ? " secret" : ""}`,
      "aria-label": `The trump indicator: ${v.indicator ? cardName(v.indicator) : "a face-down card"}, ${cap2}` },
    el("span", { class: "ind-card", html: face }), el("figcaption", { text: cap2 })));
  }
  if (v.seventh_card) box.append(el("p", { class: "muted", text: "Trump by the seventh card." }));
  if (v.pair) box.append(el("p", { text: `Pair shown by ${seatName(v.pair.seat)}: ${v.pair.cards.map(cardShort).join(" ")}` }));
}

function renderPoints() {
  const box = $("points");
  box.replaceChildren();
  const v = view();
  if (!v || v.bidder === null) { box.append(el("p", { class: "muted", text: "Points count once the contract is set." })); return; }
  const bt = teamOf(v.bidder);
  const tricksBy = (pred) => v.tricks.filter((t) => pred(teamOf(t.winner))).length;
  const rows = [
    { label: `Bidding side · ${teamName(bt)}`, pts: v.points.bidding, tricks: tricksBy((t) => t === bt), team: bt, key: "bidding" },
    { label: `Opponents`, pts: v.points.opponents, tricks: tricksBy((t) => t !== bt), team: bt === 0 ? 1 : 0, key: "opponents" },
  ];
  const total = (v.points.bidding + v.points.opponents) || 1;
  for (const r of rows) {
    const goal = r.key === "bidding" && v.target ? v.target : null;
    const bar = el("div", { class: "bar", "aria-hidden": "true" },
      el("span", { style: `width:${Math.min(100, (100 * r.pts) / (goal || Math.max(total, 28)))}%` }));
    box.append(el("div", { class: `pts team-${r.team}`, "data-side": r.key },
      el("div", { class: "pts-label", text: r.label }),
      el("div", { class: "pts-value" }, el("strong", { text: String(r.pts) }),
        goal ? ` of ${goal} needed` : "", ` · ${r.tricks} trick${r.tricks === 1 ? "" : "s"}`),
      bar));
  }
}

function renderAuction() {
  const list = $("auction");
  list.replaceChildren();
  const v = view();
  if (!v) return;
  for (const h of v.history) {
    const a = parseAction(h);
    if (a.verb === "play" || a.verb === "ask" || a.verb === "reveal" || a.verb === "pair") continue;
    list.append(el("li", { class: `team-${teamOf(a.seat)}` }, el("span", { class: "who", text: seatName(a.seat) }),
      el("span", { class: "what", text: phrase(h).replace(/^bids /, "") })));
  }
  if (!list.childElementCount) list.append(el("li", { class: "muted", text: "No calls yet." }));
}

function trickRow(t, number) {
  const li = el("li", { class: "trick-row", "aria-label": `Trick ${number}: ${t.cards.map((c, i) => `${seatName(t.seats[i])} ${cardName(c)}`).join(", ")}; won by ${seatName(t.winner)}, ${t.points} points` });
  li.append(el("span", { class: "tr-n", text: String(number), "aria-hidden": "true" }));
  t.cards.forEach((c, i) => {
    li.append(el("span", { class: `tr-card${t.seats[i] === t.winner ? " winner" : ""}`, "aria-hidden": "true", title: seatName(t.seats[i]) },
      el("span", { class: "tiny-card", html: cardSVG(c) }), el("span", { class: "tr-who", text: seatName(t.seats[i]) })));
  });
  li.append(el("span", { class: "tr-pts", "aria-hidden": "true", text: `${seatName(t.winner)} · ${t.points}` }));
  return li;
}

function lastTrick() {
  const v = view();
  if (v?.tricks?.length) return { t: v.tricks.at(-1), n: v.tricks.length };
  const ho = ui.lastHandOver?.view;
  if (ho?.tricks?.length) return { t: ho.tricks.at(-1), n: ho.tricks.length, previous: true };
  return null;
}

function renderLastTrick() {
  const btn = $("last-btn");
  const box = $("last-trick");
  const last = lastTrick();
  btn.disabled = !last;
  btn.setAttribute("aria-expanded", String(ui.showLast && !!last));
  btn.textContent = ui.showLast && last ? "Hide the last trick" : "Show the last trick";
  box.hidden = !(ui.showLast && last);
  box.replaceChildren();
  if (!last) return;
  box.append(el("p", { class: "muted", text: `Trick ${last.n}${last.previous ? " of the previous hand" : ""}, won by ${seatName(last.t.winner)} (${last.t.points} points):` }));
  box.append(el("ol", { class: "ho-tricks" }, trickRow(last.t, last.n)));
}

function renderPrompt() {
  const p = $("prompt");
  p.className = "prompt";
  if (!ui.room) { p.textContent = "Connecting to the table…"; return; }
  const st = ui.st;
  if (ui.room.status === "waiting") {
    p.textContent = ui.seatInfo ? "You are seated. Waiting for the game to start." : "Take a seat to play, or watch.";
    return;
  }
  if (!st) { p.textContent = "Waiting for the deal…"; return; }
  if (st.match.over) {
    p.replaceChildren(matchOverText(st.match), " ", st.record ? el("a", { href: st.record, download: "", text: "Download the record" }) : "");
    return;
  }
  const v = st.view;
  if (ui.me === null) {
    p.textContent = `Watching. ${seatName(st.to_act)} to ${PHASE_DOING[v.phase] || "act"}.`;
    return;
  }
  if (st.to_act === ui.me && st.legal.length && ui.sent !== st.seq) {
    p.classList.add("mine");
    let text = "Your turn: ";
    const verbs = new Set(st.legal.map((a) => parseAction(a).verb));
    if (v.phase === "auction") {
      const bids = st.legal.filter((a) => parseAction(a).verb === "bid").map((a) => bidParts(parseAction(a).arg).value);
      text += bids.length ? `bid at least ${Math.min(...bids)}${verbs.has("pass") ? " or pass" : ""}.` : "call.";
    } else if (v.phase === "trump") {
      text += verbs.has("trump") && st.legal.some((a) => /^\d+ trump (10|[2-9TJQKA])[SHDC]$/.test(a))
        ? "choose the trump — click a card to lay it face down." : "choose the trump.";
    } else if (v.phase === "play") {
      text += v.trick && v.trick.cards.length ? "play a card." : "lead a card.";
      if (verbs.has("ask")) text += " You cannot follow suit: you may ask for the trump.";
      if (verbs.has("reveal")) text += " You may reveal the trump.";
      if (verbs.has("pair")) text += " You may show the pair.";
    } else {
      text += `${PHASE_DOING[v.phase] || "act"}.`;
    }
    p.textContent = text;
  } else {
    p.textContent = `${seatName(st.to_act)} ${st.to_act === ui.me ? "are" : "is"} to ${PHASE_DOING[v.phase] || "act"}…`;
  }
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  const st = ui.st;
  if (!st || ui.me === null || st.to_act !== ui.me || !st.legal.length || ui.sent === st.seq) return;
  const cardish = /^\d+ (play|trump) (10|[2-9TJQKA])[SHDC]$/;
  const others = st.legal.filter((a) => !cardish.test(a));
  const bids = others.filter((a) => parseAction(a).verb === "bid");
  const rest = others.filter((a) => parseAction(a).verb !== "bid");
  const button = (a, extra = {}) => el("button", {
    type: "button", class: `act verb-${parseAction(a).verb}`, text: buttonLabel(a),
    title: buttonHelp(a), "aria-label": buttonHelp(a), "data-action": a,
    onclick: () => act(a), ...extra,
  });
  if (bids.length) {
    const dens = bids.some((a) => bidParts(parseAction(a).arg).den);
    const group = el("div", { class: "bids", role: "group", "aria-label": "Bids" });
    if (!dens) {
      for (const a of bids) group.append(button(a));
    } else {
      const values = [...new Set(bids.map((a) => bidParts(parseAction(a).arg).value))];
      for (const value of values) {
        group.append(el("button", { type: "button", class: `act bid-value${ui.bidValue === value ? " chosen" : ""}`,
          text: String(value), "aria-pressed": String(ui.bidValue === value),
          "aria-label": `Bid ${value}: then choose the trump or no-trump`,
          onclick: () => { ui.bidValue = value; renderActions(); } }));
      }
      if (ui.bidValue !== null) {
        const row = el("div", { class: "dens", role: "group", "aria-label": `Bid ${ui.bidValue} in` });
        for (const a of bids.filter((x) => bidParts(parseAction(x).arg).value === ui.bidValue)) row.append(button(a));
        group.append(row);
      }
    }
    box.append(group);
  }
  if (rest.length) {
    const group = el("div", { class: "calls", role: "group", "aria-label": "Calls" });
    for (const a of rest) group.append(button(a));
    box.append(group);
  }
}

function renderHand() {
  const box = $("hand");
  const st = ui.st;
  const v = view();
  const focusedCard = document.activeElement?.dataset?.card;
  box.replaceChildren();
  if (!v || ui.me === null) { box.hidden = ui.me === null; return; }
  box.hidden = false;
  const cards = sortHand(v.hand, v.trump && v.trump !== "reverse" ? v.trump : null);
  const myTurn = st.to_act === ui.me && st.legal.length > 0 && ui.sent !== st.seq;
  const legalCards = new Set(st.legal.filter((a) => /^\d+ (play|trump) \S+$/.test(a))
    .map((a) => parseAction(a)).filter((a) => a.verb === "play" || /^(10|[2-9TJQKA])[SHDC]$/.test(a.arg))
    .map((a) => a.arg));
  const choosing = myTurn && legalCards.size > 0;
  const n = cards.length;
  box.style.setProperty("--n", n);
  if (ui.focusIndex >= n) ui.focusIndex = Math.max(0, n - 1);
  const seen = {};
  cards.forEach((c, i) => {
    seen[c] = (seen[c] || 0) + 1;
    const legal = legalCards.has(c);
    const state = !myTurn ? "" : legal ? (v.phase === "trump" ? ", can be laid as trump" : ", legal")
      : ", not legal now";
    const b = el("button", {
      type: "button",
      class: `card${choosing ? (legal ? " legal" : " illegal") : ""}`,
      "aria-label": `${cardName(c)}${state}`,
      "data-card": c,
      tabindex: i === ui.focusIndex ? "0" : "-1",
      style: `--i:${i};--off:${(i - (n - 1) / 2).toFixed(2)}`,
      html: cardSVG(c),
    });
    if (seen[c] > 1) b.dataset.twin = "1";
    b.addEventListener("click", () => { ui.focusIndex = i; clickCard(c); });
    b.addEventListener("focus", () => { ui.focusIndex = i; syncTabIndex(); });
    box.append(b);
  });
  fitHand();
  if (focusedCard) {
    const again = box.querySelectorAll(".card")[ui.focusIndex];
    if (again) again.focus({ preventScroll: true });
  }
}

function syncTabIndex() {
  $("hand").querySelectorAll(".card").forEach((b, i) => { b.tabIndex = i === ui.focusIndex ? 0 : -1; });
}

function fitHand() {
  const box = $("hand");
  const n = box.childElementCount;
  if (!n) return;
  const first = box.firstElementChild;
  const w = first.getBoundingClientRect().width || 90;
  const avail = Math.max(200, box.clientWidth - 24);
  const natural = n * w;
  let overlap = natural > avail ? (natural - avail) / Math.max(1, n - 1) : 0;
  overlap = Math.max(overlap, w * 0.22);
  box.style.setProperty("--overlap", `${Math.min(overlap, w * 0.78).toFixed(1)}px`);
}

function clickCard(card) {
  const st = ui.st;
  if (!st || ui.me === null) return;
  const me = ui.me;
  if (st.match.over) { notice("The match is over.", "info"); return; }
  const play = `${me} play ${card}`;
  const trump = `${me} trump ${card}`;
  if (ui.sent === st.seq) return;                      // already sent; wait for the answer
  if (st.legal.includes(play)) { act(play, { card }); return; }
  if (st.legal.includes(trump)) { act(trump, { card }); return; }
  if (st.to_act !== me) {
    notice(`Not your turn — ${seatName(st.to_act)} ${st.to_act === null ? "" : "is to"} ${PHASE_DOING[st.view.phase] || "act"}.`, "info");
    shake(card);
    return;
  }
  // my turn, and the card is not among my legal actions: ask the engine why (the server
  // refuses it and says why; nothing changes)
  act(st.view.phase === "trump" ? trump : play, { card });
}

function renderBanner() {
  const b = $("banner");
  const ban = ui.banner;
  b.hidden = !ban;
  b.replaceChildren();
  if (!ban) return;
  b.className = `banner ${ban.kind}`;
  b.append(...(ban.cards || []).map((c) => el("span", { class: "banner-card", html: cardSVG(c) })));
  b.append(el("span", { class: "banner-text", text: ban.text }));
  b.append(el("button", { type: "button", class: "close", "aria-label": "Dismiss", text: "×",
    onclick: () => { ui.banner = null; renderBanner(); } }));
}

function scoreTable(scores) {
  const t = el("table", { class: "score-table" });
  t.append(el("caption", { text: "Game score" }));
  scores.forEach((s, i) => t.append(el("tr", { class: `team-${i}` },
    el("th", { scope: "row", text: teamName(i) }), el("td", { text: `${s > 0 ? "+" : ""}${s}` }))));
  return t;
}

// ---- keyboard ------------------------------------------------------------------------------
function onKey(e) {
  if (e.target.closest("input, select, textarea") || e.altKey || e.ctrlKey || e.metaKey) return;
  if ($("hand-over").open) return;
  const cards = [...$("hand").querySelectorAll(".card")];
  const inHand = e.target.closest("#hand");
  const move = (i) => {
    if (!cards.length) return;
    ui.focusIndex = (i + cards.length) % cards.length;
    syncTabIndex();
    cards[ui.focusIndex].focus();
    e.preventDefault();
  };
  if (inHand && (e.key === "ArrowLeft" || e.key === "ArrowUp")) return move(ui.focusIndex - 1);
  if (inHand && (e.key === "ArrowRight" || e.key === "ArrowDown")) return move(ui.focusIndex + 1);
  if (inHand && e.key === "Home") return move(0);
  if (inHand && e.key === "End") return move(cards.length - 1);
  if (/^[1-9]$/.test(e.key) && Number(e.key) <= cards.length) return move(Number(e.key) - 1);
  const key = e.key.toLowerCase();
  const clickVerb = (verbs) => {
    const b = [...$("actions").querySelectorAll("button[data-action]")]
      .find((x) => verbs.includes(parseAction(x.dataset.action).verb));
    if (b) { b.click(); e.preventDefault(); }
  };
  if (key === "p") return clickVerb(["pass"]);
  if (key === "a") return clickVerb(["ask", "reveal"]);
  if (key === "l") { ui.showLast = !ui.showLast; renderLastTrick(); e.preventDefault(); }
}

// ---- start -----------------------------------------------------------------------------
async function boot() {
  document.body.insertAdjacentHTML("afterbegin", spriteSVG());
  $("last-btn").addEventListener("click", () => { ui.showLast = !ui.showLast; renderLastTrick(); });
  $("hand-over").addEventListener("close", () => { const c = $("hand").querySelector(".card[tabindex='0']"); if (c) c.focus(); });
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", fitHand);
  render();
  connect();
  try {
    ui.presets = await (await fetch("/api/presets")).json();
    render();
  } catch { /* the table works without: sixes and seat direction use defaults */ }
}

boot();
