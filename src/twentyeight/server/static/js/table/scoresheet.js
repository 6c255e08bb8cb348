// The running score sheet of the match (the server's `sheet` message: one row per hand
// finished): who bid what, made or not, each side's score change as the match booked it
// (tables really paid, coolies moved), the kodis given and taken off, and the running total.
import { digits, joinList, t } from "../i18n.js";
import { bidText, doubling } from "../words.js";
import { $, el } from "./dom.js";
import { TEAM_LETTERS, seatName, teamName, teamOf, ui } from "./state.js";
import { isUndertaking, scoreShown, signed } from "./text.js";


export function receiveSheet(msg) {
  ui.sheet = msg.hands;
  renderSheet();
}

/** Whether the table has shown the end of row `r`'s hand: the sheet comes as soon as a hand
 *  ends, and the next hand (annulled as dealt, say) can end too while the last result is
 *  still open; its row waits for its own result, or for the table to reach a later hand. */
const shown = (r) => r.hand < (ui.st?.hand ?? Infinity) || r.hand <= (ui.lastResult?.hand ?? -1);

export function renderSheet() {
  const box = $("sheet");
  if (!box) return;
  const rows = (ui.sheet || []).filter(shown);
  box.replaceChildren();
  if (!rows.length) { box.append(el("p", { class: "sys", text: t("sheet.empty") })); return; }
  const teams = rows[0].scores.length;
  const head = el("tr", {}, el("th", { scope: "col", text: t("sheet.hand") }),
    el("th", { scope: "col", text: t("sheet.bid") }), el("th", { scope: "col", text: t("sheet.result") }));
  for (let k = 0; k < teams; k++) {
    // (the letter shown, the team's names heard: a column read as "A" said whose it was to
    // nobody who could not see the title)
    head.append(el("th", { scope: "col", class: `team-${k}`, title: teamName(k), "aria-label": teamName(k),
      text: TEAM_LETTERS[k] || digits(k + 1) }));
  }
  const body = el("tbody");
  for (const r of rows) {
    const result = r.made !== null ? t(r.made ? "sheet.made" : "sheet.lost")
      : r.status === "complete" && r.special ? shownBy(r) : t("sheet.annulled");
    const tr = el("tr", { class: r.made === false ? "lost" : "" },
      el("th", { scope: "row", text: digits(r.hand + 1) }),
      el("td", { text: bidShown(r) }),
      el("td", { text: result }));
    r.scores.forEach((total, k) => {
      const moved = r.booked?.change?.[k] ?? r.points[k];        // as paid, not the stake
      const title = moved !== r.points[k]
        ? t("sheet.paid", { points: signed(r.points[k]), paid: signed(moved) })
        : t("sheet.points", { points: signed(r.points[k]) });
      tr.append(el("td", { class: `team-${k}`, title },
        el("span", { class: "total", text: scoreShown(total) }),
        moved ? el("small", { text: ` (${signed(moved)})` }) : null,
        ...kodiMarks(r, k)));
    });
    body.append(tr);
  }
  box.append(el("table", { class: "sheet" }, el("caption", { class: "sr-only", text: t("sheet.title") }),
    el("thead", {}, head), body));
  // "-1 (-1)": the total, then the hand's change; said, as a phone has no titles to hover
  box.append(el("p", { class: "hint sheet-key", text: t("sheet.key") }));
  box.scrollTop = box.scrollHeight;
}

/** Team `k`'s kodis in row `r` (56-MATCH-3): "+kodi" where each of its players got one
 *  (and the coolies restarted), "−kodi" where some took one off — named in its title. */
function kodiMarks(r, k) {
  const b = r.booked;
  if (!b) return [];
  const marks = [];
  if (b.kodi === k) {
    marks.push(el("small", { class: "kodi-mark given", title: t("sheet.kodi_given", { names: teamName(k, { hand: r.hand }) }),
      text: t("sheet.kodi") }));
  }
  const freed = (b.freed || []).filter((seat) => teamOf(seat) === k);
  if (freed.length) {
    const names = joinList(freed.map((seat) => seatName(seat, { hand: r.hand })));
    marks.push(el("small", { class: "kodi-mark freed", title: t("sheet.kodi_freed", { names }),
      text: t("sheet.kodi_off") }));
  }
  return marks;
}

/** A row's "Bid": who bid what, or who played a single hand or a Thani (which voids it). */
/** A hand ended by a show, not played for a contract (28-POST-4, 28-SH-7): who showed what
 *  ("Ravi: eight of a suit"). */
const shownBy = (r) => `${seatName(r.special_seat, { hand: r.hand })}: ${t(`special.${r.special}`)}`;

function bidShown(r) {
  if (isUndertaking(r) && r.special_seat != null) {
    return `${seatName(r.special_seat, { hand: r.hand })} ${t(`special.${r.special}`)}`;
  }
  if (r.bidder === null) return "—";
  const doubled = r.c ? "'C'" : doubling(r.multiplier ?? 1);          // 28-DBL-3, 28-DBL-7
  // (56-AUC-12: an open trump is part of the bid, "41 ♦"; a hidden one is in no row)
  const bid = r.contract == null ? "" : bidText(r.contract, r.denomination || "");
  return `${seatName(r.bidder, { hand: r.hand })} ${bid} ${doubled}`.trim();
}
