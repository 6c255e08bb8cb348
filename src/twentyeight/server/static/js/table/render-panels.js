// Drawing the side panels: the contract (with the trump indicator), the points of the hand,
// the legend of the cards' values, the auction's calls and the last trick; and the content
// of the hand-over dialog.  Each panel is a function of the state; a new panel is one more
// function here and one more <section> in table.html.
import { backSVG, cardName, cardSVG, cardShort } from "../cards.js";
import { digits, t, tn } from "../i18n.js";
import { legendFor, legendNodes } from "../legend.js";
import { bidNode, callNode, doublingOf, parseAction } from "../words.js";
import { $, el } from "./dom.js";
import {
  TEAM_LETTERS, aboutSeat, findHighBidder, flags, lastTrick, presetName, seatName, teamName, teamOf, ui,
  view,
} from "./state.js";
import {
  declarerOf, handResultText, isUndertaking, matchOverText, scoreShown, scoreUnit, teamKodis, trumpText,
} from "./text.js";

export function renderContract() {
  const box = $("contract");
  box.replaceChildren();
  contractFacts(box);
  const irakkam = ui.st?.match?.kodi_irakkam ?? null;          // 56-MATCH-3
  if (irakkam !== null && !ui.st.match.over) {
    box.append(el("p", { class: "irakkam", "data-team": irakkam },
      el("strong", { text: `${t("contract.irakkam")}: ` }),
      t("contract.irakkam_of", { names: teamName(irakkam, { hand: ui.st?.hand }) })));
  }
}

/** The contract panel's facts: the bid, by whom, the stake, the trump and its card. */
function contractFacts(box) {
  const v = view();
  if (!v) { box.append(el("p", { class: "muted", text: t("contract.not_dealt") })); return; }
  const undertaking = isUndertaking(v);                    // (56's Thani ends the auction)
  if (v.bidder === null && v.high_bid === null && !undertaking) {
    box.append(el("p", { class: "muted", text: t(v.phase === "auction" ? "contract.auction_on" : "contract.none") }));
    return;
  }
  const bidder = declarerOf(v) ?? findHighBidder(v);
  const dl = el("dl", { class: "facts" });
  const row = (k, val) => dl.append(el("dt", { text: k }), el("dd", {}, val));
  row(t("contract.bid"), undertaking ? t(`special.${v.special}`)
    : v.contract === null ? tn("contract.so_far", { bid: bidNode(v.high_bid, v.denomination || "") })
      : bidNode(v.contract, v.denomination || ""));
  const hand = ui.st?.hand;                       // (my seat's, before I took it, the computer's)
  row(t("contract.by"), t("contract.by_team", { who: seatName(bidder, { hand }), team: TEAM_LETTERS[teamOf(bidder)] }));
  if (v.target && v.target !== v.contract && !undertaking) {
    row(t("contract.target"), digits(v.target));
  }
  const doubled = doublingOf(v);
  if (v.stake) {                         // what the contract wins and loses, doubling included
    const kind = undertaking ? "contract.stakes_undertaking" : "contract.stakes";  // all or none
    const made = v.stake.opponents_gain ? `${kind}_opponents_gain` : kind;
    const stakes = [t(made, { win: v.stake.win, loss: v.stake.loss }),
      v.stake.all_tricks ? t("contract.stakes_all_tricks", { win: v.stake.all_tricks }) : null,
      v.stake.below_half ? t("contract.stakes_below_half", v.stake.below_half) : null,
    ].filter(Boolean).join(" · ");
    const label = undertaking ? `${t("contract.stake")} (${t(`special.${v.special}`)})` : t("contract.stake");
    row(label, doubled && !undertaking ? `${doubled}: ${stakes}` : stakes);
  } else if (v.special === "thani_56") {   // 56-TH-4: it ends the match, or gives a kodi
    row(`${t("contract.stake")} (${t("special.thani_56")})`,
      t(scoreUnit() === "coolies" ? "contract.stakes_kodi" : "contract.stakes_match"));
  } else if (doubled) row(t("contract.stake"), doubled);
  row(t("contract.trump"), trumpText(v));
  box.append(dl);
  if (v.indicator_face_down || v.indicator) {
    const mine = v.indicator && !v.trump_exposed;
    const face = v.indicator ? cardSVG(v.indicator) : backSVG();
    const caption = v.trump_exposed ? t("contract.ind_exposed", { card: cardShort(v.indicator) })
      : mine ? t("contract.ind_mine") : t("contract.ind_theirs", { who: seatName(v.bidder, { hand }) });
    box.append(el("figure", { class: `indicator${v.trump_exposed ? " exposed" : ""}${mine ? " secret" : ""}`,
      "aria-label": t("contract.ind_label", { card: v.indicator ? cardName(v.indicator) : t("contract.ind_back"), caption }) },
    el("span", { class: "ind-card", html: face }), el("figcaption", { text: caption })));
  }
  if (v.seventh_card) box.append(el("p", { class: "muted", text: t("contract.seventh") }));
  if (v.pair) {
    const cards = v.pair.cards.map(cardShort).join(" ");
    box.append(el("p", { text: aboutSeat("contract.pair", v.pair.seat, { cards }, { hand }) }));
  }
}

export function renderPoints() {
  const box = $("points");
  box.replaceChildren();
  const v = view();
  if (!v || v.bidder === null) { box.append(el("p", { class: "muted", text: t("points.later") })); return; }
  const bt = teamOf(declarerOf(v));
  const tricksBy = (pred) => v.tricks.filter((tr) => pred(teamOf(tr.winner))).length;
  const rows = [
    { label: t("points.bidding", { names: teamName(bt, { hand: ui.st?.hand }) }), pts: v.points.bidding, tricks: tricksBy((x) => x === bt), team: bt, key: "bidding" },
    { label: t("points.opponents"), pts: v.points.opponents, tricks: tricksBy((x) => x !== bt), team: bt === 0 ? 1 : 0, key: "opponents" },
  ];
  const total = (v.points.bidding + v.points.opponents) || 1;
  for (const r of rows) {
    const goal = r.key === "bidding" && v.target && !isUndertaking(v) ? v.target : null;
    const bar = el("div", { class: "bar", "aria-hidden": "true" },
      el("span", { style: `width:${Math.min(100, (100 * r.pts) / (goal || Math.max(total, 28)))}%` }));
    box.append(el("div", { class: `pts team-${r.team}`, "data-side": r.key },
      el("div", { class: "pts-label", text: r.label }),
      el("div", { class: "pts-value" }, el("strong", { text: digits(r.pts) }),
        goal ? ` ${t("points.of_needed", { goal })}` : "", ` · ${t("points.tricks", { count: r.tricks })}`),
      bar));
  }
}

/** The legend of the cards: strongest first, each rank's points; the points in all. */
export function renderLegend() {
  const box = $("legend");
  const legend = legendFor(ui.presets?.presets?.[presetName()], flags());
  box.replaceChildren(...(legend ? legendNodes(legend) : []));
}

export function renderAuction() {
  const list = $("auction");
  list.replaceChildren();
  const v = view();
  if (!v) return;
  v.history.forEach((h, i) => {
    const a = parseAction(h);
    if (a.verb === "play" || a.verb === "ask" || a.verb === "reveal" || a.verb === "pair") return;
    list.append(el("li", { class: `team-${teamOf(a.seat)}` }, el("span", { class: "who", text: seatName(a.seat) }),
      el("span", { class: "what" }, callNode(h, v.history_phases?.[i]))));
  });
  if (!list.childElementCount) list.append(el("li", { class: "muted", text: t("auction.no_calls") }));
}

/** One trick as a row; `hand`: the hand it was played in (my seat before I took it over is
 *  the computer's). */
function trickRow(tr, number, hand = null) {
  const who = (k) => seatName(k, { hand });
  const li = el("li", { class: "trick-row", "aria-label": aboutSeat("trick.row", tr.winner, {
    n: number, cards: tr.cards.map((c, i) => `${who(tr.seats[i])} ${cardName(c)}`).join(", "),
    count: tr.points }, { hand }) });
  li.append(el("span", { class: "tr-n", text: digits(number), "aria-hidden": "true" }));
  tr.cards.forEach((c, i) => {
    li.append(el("span", { class: `tr-card${tr.seats[i] === tr.winner ? " winner" : ""}`, "aria-hidden": "true", title: who(tr.seats[i]) },
      el("span", { class: "tiny-card", html: cardSVG(c) }), el("span", { class: "tr-who", text: who(tr.seats[i]) })));
  });
  li.append(el("span", { class: "tr-pts", "aria-hidden": "true", text: `${who(tr.winner)} · ${digits(tr.points)}` }));
  return li;
}

export function renderLastTrick() {
  const btn = $("last-btn");
  const box = $("last-trick");
  const last = lastTrick();
  btn.disabled = !last;
  btn.setAttribute("aria-expanded", String(ui.showLast && !!last));
  btn.textContent = t(ui.showLast && last ? "last.hide" : "last.show");
  box.hidden = !(ui.showLast && last);
  box.replaceChildren();
  if (!last) return;
  const hand = last.previous ? ui.lastHandOver?.hand : ui.st?.hand;
  box.append(el("p", { class: "muted", text: aboutSeat(last.previous ? "last.caption_previous" : "last.caption",
    last.t.winner, { n: last.n, count: last.t.points }, { hand }) }));
  box.append(el("ol", { class: "ho-tricks" }, trickRow(last.t, last.n, hand)));
}

/** Each side's score after a hand; under coolie_kodi also its players' kodis (`kodis`, by
 *  seat: 56-MATCH-3). */
function scoreTable(scores, kodis = null) {
  const table = el("table", { class: "score-table" });
  const unit = scoreUnit();
  // (with kodis, the columns are headed: the caption stays for screen readers only)
  table.append(el("caption", { class: kodis ? "sr-only" : "", text: t(unit ? `score.caption_${unit}` : "score.caption") }));
  if (kodis) {
    table.append(el("tr", {}, el("td"), el("th", { scope: "col", text: t(`score.caption_${unit}`) }),
      el("th", { scope: "col", text: t("score.caption_kodis") })));
  }
  scores.forEach((s, i) => table.append(el("tr", { class: `team-${i}` },
    el("th", { scope: "row", text: teamName(i) }), el("td", { text: scoreShown(s) }),
    kodis ? el("td", { class: "kodis", text: teamKodis(i, kodis) || t("score.kodis_none") }) : null)));
  return table;
}

/** The hand-over dialog's content: the hand's result, the game score and its tricks. */
export function fillHandOver(msg, title) {
  const v = msg.view;
  const body = $("ho-body");
  body.replaceChildren();
  body.append(el("h3", { text: title }));
  const booked = msg.booked ?? null;                   // what the match did with the hand
  body.append(el("p", { class: "ho-result", "data-hand": msg.hand,
    text: handResultText(v, msg.hand, { booked, scores: msg.scores }) }));
  body.append(scoreTable(msg.scores, booked?.kodis ?? null));
  if (v.tricks.length) {
    const list = el("ol", { class: "ho-tricks", "aria-label": t("result.tricks_label") });
    v.tricks.forEach((tr, i) => list.append(trickRow(tr, i + 1, msg.hand)));
    body.append(el("details", {}, el("summary", { text: t("result.tricks", { count: v.tricks.length }) }), list));
  }
  $("ho-title").textContent = t("result.title");
  markMatchOver();
}

/** The result of the match's last hand says that the match is over, and who won it: at
 *  once if the final state has come, else when it comes (it follows the hand's result, and
 *  may come after the dialog has opened).  The result of an earlier hand, still open when
 *  the match ended (the person away), stays that hand's result. */
export function markMatchOver() {
  const match = ui.latest?.match;
  const shown = $("ho-body").querySelector(".ho-result");
  if (!match?.over || !$("hand-over").open || !shown || $("ho-body").querySelector(".ho-match")) return;
  if (Number(shown.dataset.hand) !== ui.lastHandOverHand) return;
  $("ho-title").textContent = t("result.match_over");
  $("ho-body").querySelector("h3").after(el("p", { class: "ho-match", text: matchOverText(match, { paymentTold: true }) }));
}
