// Drawing the side panels: the contract (with the trump indicator), the points of the hand,
// the auction's calls and the last trick; and the content of the hand-over dialog.
import { backSVG, cardName, cardSVG, cardShort } from "../cards.js";
import { denominationText, parseAction, phrase } from "../words.js";
import { $, el } from "./dom.js";
import {
  TEAM_LETTERS, findHighBidder, lastTrick, seatName, teamName, teamOf, ui, view,
} from "./state.js";
import { handResultText, trumpText } from "./text.js";

export function renderContract() {
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

export function renderPoints() {
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

export function renderAuction() {
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

export function renderLastTrick() {
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

function scoreTable(scores) {
  const t = el("table", { class: "score-table" });
  t.append(el("caption", { text: "Game score" }));
  scores.forEach((s, i) => t.append(el("tr", { class: `team-${i}` },
    el("th", { scope: "row", text: teamName(i) }), el("td", { text: `${s > 0 ? "+" : ""}${s}` }))));
  return t;
}

/** The hand-over dialog's content: the hand's result, the game score and its tricks. */
export function fillHandOver(msg, title) {
  const v = msg.view;
  const body = $("ho-body");
  if (!$("hand-over").open) body.replaceChildren();
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
}
