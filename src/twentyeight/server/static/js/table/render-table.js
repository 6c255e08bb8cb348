// Drawing the table itself: the top bar (room, spectator tag, game score), the waiting room
// (seats to take, the host's start button), the seats around the felt, the trick or the
// auction in the centre, the strip of facts above it and the banner of a trump or pair moment.
import { backSVG, cardName, cardSVG, sixSVG } from "../cards.js";
import { denominationText, phrase } from "../words.js";
import { startMatch, takeSeat } from "./commands.js";
import { $, el } from "./dom.js";
import { seatLink, watchLink } from "./invite.js";
import {
  NAME_KEY, PHASE_DOING, ROOM, TEAM_LETTERS, findHighBidder, flags, lastCalls, nSeats, rulesLabel,
  seatName, seatOrder, teamName, teamOf, token, ui, view,
} from "./state.js";
import { cap, trumpText } from "./text.js";

export function renderTop() {
  $("room-title").textContent = `Table ${ROOM}${ui.room ? ` · ${rulesLabel()}` : ""}`;
  document.title = `${ui.st && ui.me !== null && ui.st.to_act === ui.me && ui.st.legal.length ? "● Your turn — " : ""}twentyeight · ${ROOM}`;
  $("watching").hidden = !(ui.room && ui.room.status !== "waiting" && ui.me === null && !token());
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

export function renderWaiting() {
  const box = $("waiting");
  const waiting = ui.room?.status === "waiting";
  box.hidden = !waiting;
  if (!waiting) return;
  const mine = ui.seatInfo?.seat;
  box.replaceChildren();
  box.append(el("h2", { text: "Waiting for players" }));
  const link = seatLink() || watchLink();    // the seat link, if we have the invitation
  const copy = el("button", { type: "button", class: "small", text: "Copy link", onclick: async () => {
    try { await navigator.clipboard.writeText(link); copy.textContent = "Copied"; } catch { copy.textContent = "Copy it by hand"; }
  } });
  box.append(el("p", { class: "share" }, "Invite friends: ", el("code", { text: link }), " ", copy));
  if (seatLink()) box.append(el("p", { class: "share" }, "Only to watch: ", el("code", { text: watchLink() })));
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

export function renderSeats() {
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

export function renderCenter() {
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

export function renderInfoStrip() {
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

export function renderBanner() {
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
