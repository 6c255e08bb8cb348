// The running score sheet of the match (the server's `sheet` message: one row per hand
// finished): who bid what, made or not, each side's game points and the running total.
import { t } from "../i18n.js";
import { doubling } from "../words.js";
import { $, el } from "./dom.js";
import { TEAM_LETTERS, seatName, teamName, ui } from "./state.js";
import { isUndertaking, scoreShown, signed } from "./text.js";


export function receiveSheet(msg) {
  ui.sheet = msg.hands;
  renderSheet();
}

export function renderSheet() {
  const box = $("sheet");
  if (!box) return;
  const rows = ui.sheet || [];
  box.replaceChildren();
  if (!rows.length) { box.append(el("p", { class: "sys", text: t("sheet.empty") })); return; }
  const teams = rows[0].scores.length;
  const head = el("tr", {}, el("th", { scope: "col", text: t("sheet.hand") }),
    el("th", { scope: "col", text: t("sheet.bid") }), el("th", { scope: "col", text: t("sheet.result") }));
  for (let k = 0; k < teams; k++) {
    head.append(el("th", { scope: "col", class: `team-${k}`, title: teamName(k), text: TEAM_LETTERS[k] || String(k + 1) }));
  }
  const body = el("tbody");
  for (const r of rows) {
    const result = r.made === null ? t("sheet.annulled") : t(r.made ? "sheet.made" : "sheet.lost");
    const tr = el("tr", { class: r.made === false ? "lost" : "" },
      el("th", { scope: "row", text: String(r.hand + 1) }),
      el("td", { text: bidShown(r) }),
      el("td", { text: result }));
    r.scores.forEach((total, k) => {
      tr.append(el("td", { class: `team-${k}`, title: t("sheet.points", { points: signed(r.points[k]) }) },
        el("span", { class: "total", text: scoreShown(total) }),
        r.points[k] ? el("small", { text: ` (${signed(r.points[k])})` }) : null));
    });
    body.append(tr);
  }
  box.append(el("table", { class: "sheet" }, el("caption", { class: "sr-only", text: t("sheet.title") }),
    el("thead", {}, head), body));
  box.scrollTop = box.scrollHeight;
}

/** A row's "Bid": who bid what, or who played a single hand or a Thani (which voids it). */
function bidShown(r) {
  if (isUndertaking(r) && r.special_seat != null) {
    return `${seatName(r.special_seat, { hand: r.hand })} ${t(`special.${r.special}`)}`;
  }
  if (r.bidder === null) return "—";
  const doubled = r.c ? "'C'" : doubling(r.multiplier ?? 1);          // 28-DBL-3, 28-DBL-7
  return `${seatName(r.bidder, { hand: r.hand })} ${r.contract ?? ""} ${doubled}`.trim();
}
