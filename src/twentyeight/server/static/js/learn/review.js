// The review of a hand's decisions (POST /api/review, /api/rooms/…/review): what was done,
// the expert's choice, and what it cost, biggest mistakes first; each row may jump to its
// moment (the replay viewer).
import { SUIT_SYMBOL, cardShort, spokenNodes, suitWord } from "../cards.js";
import { digits, t } from "../i18n.js";
import { reasonSentence } from "../reasons.js";
import { bidParts, bidText, parseAction } from "../words.js";
import { el } from "./board.js";

/** An action as a short label: "9♣", "bid 16", "bid 30 ♥", "pass", "trump 7♠", "trump ♠
 *  spades" (29's suit), "seventh card". */
export function actionLabel(text) {
  const { verb, arg } = parseAction(text);
  if (verb === "play") return cardShort(arg);
  if (verb === "trump" && arg) {
    if (SUIT_SYMBOL[arg]) return t("review.trump_card", { card: `${SUIT_SYMBOL[arg]} ${suitWord(arg)}` });
    if (arg === "seventh" || arg === "reverse") return t(`btn.trump_${arg}`);
    return t("review.trump_card", { card: cardShort(arg) });
  }
  if (verb === "bid") {
    const { value, den } = bidParts(arg);
    return t("review.bid", { bid: bidText(value, den) });
  }
  if (verb === "raise") return t("btn.raise", { value: digits(arg) });
  return t(`btn.${verb}`);
}

const costly = (d) => d.loss > 0 || d.loss_game_points > 0;
/** A cost as a number for people: "−1.5" (a loss), and "0" for nothing (never "−0.0"). */
const num = (x, places) => digits(Number(x) > 0 ? `−${Number(x).toFixed(places)}` : "0");

/** The review as nodes; `onPick(decision)` (optional) makes each row a button.  `unit`: the
 *  server's (`"tables"`, `"coolies"` or null): under tables or coolies a decision's net game
 *  points are twice what changes hands, and the cost is told in what changes hands. */
export function reviewNodes(decisions, { onPick = null, unit = null } = {}) {
  const cost = unit ? `review.cost_${unit}` : "review.cost";
  const factor = unit ? 0.5 : 1;
  const good = decisions.filter((d) => !costly(d)).length;
  const out = [el("p", { class: "rv-summary", text: t("review.summary", { count: decisions.length, good }) })];
  const worst = decisions.filter(costly);
  if (!worst.length) {
    out.push(el("p", { class: "rv-clean", text: t("review.clean") }));
    return out;
  }
  out.push(el("p", { class: "muted rv-note", text: t(unit ? `review.note_${unit}` : "review.note") }));
  const list = el("ol", { class: "rv-list" });
  for (const d of worst) {
    const when = d.trick ? t("review.trick", { n: d.trick }) : t(`phase.${d.phase}`);
    // (each card and suit named in words to a screen reader: "10♣" was "10 black club suit")
    const said = (cls, text) => el("span", { class: cls }, ...spokenNodes(text));
    const body = [
      el("span", { class: "rv-head" }, el("span", { class: "rv-when", text: when }), " ",
        said("rv-move", t("review.you_expert", { you: actionLabel(d.action), expert: actionLabel(d.best) }))),
      el("span", { class: "rv-cost", text: t(cost, { points: num(d.loss, 1), game: num(d.loss_game_points * factor, 2) }) }),
      // (with every hand known, the cost told as the one above is: in card points and game
      // points — "Pass, 0 card points" read as the points the pass would score)
      d.known ? said("rv-known muted", t("review.known", { expert: actionLabel(d.known.best),
        cost: t(cost, { points: num(d.known.loss, 1), game: num((d.known.loss_game_points ?? 0) * factor, 2) }) })) : null,
      said("rv-why", reasonSentence(d.why, d.reason)),
    ];
    const item = el("li", { class: "rv-item" });
    const parts = body.filter(Boolean);
    if (onPick) item.append(el("button", { type: "button", class: "rv-pick", onclick: () => onPick(d) }, ...parts));
    else item.append(el("div", { class: "rv-card" }, ...parts));
    list.append(item);
  }
  out.push(list);
  return out;
}
