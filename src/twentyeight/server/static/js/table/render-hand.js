// Drawing what is yours: the prompt (whose turn, what to do), the buttons of your calls (bids
// in two steps when a bid names its trump), and your hand of cards (legal ones raised, fitted
// to the width, one tab stop with the arrow keys moving along it).
import { cardName, cardSVG, sortHand } from "../cards.js";
import { bidParts, buttonHelp, buttonLabel, parseAction } from "../words.js";
import { act, clickCard } from "./commands.js";
import { $, el } from "./dom.js";
import { PHASE_DOING, seatName, ui, view } from "./state.js";
import { matchOverText } from "./text.js";

export function renderPrompt() {
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

export function renderActions() {
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

export function renderHand() {
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

export function syncTabIndex() {
  $("hand").querySelectorAll(".card").forEach((b, i) => { b.tabIndex = i === ui.focusIndex ? 0 : -1; });
}

export function fitHand() {
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
