// The leaderboard (GET /api/leaderboard?family=F): the rated players of each family, best
// first, by mu − 3·sigma.
import { digits, t } from "../i18n.js";
import { $, el } from "../table/dom.js";
import { loaded } from "../request.js";
import { startPage } from "./page.js";

const FAMILIES = ["28", "29", "56", "40"];
let chosen = new URLSearchParams(location.search).get("family");
if (!FAMILIES.includes(chosen)) chosen = "28";
let rows = null;                     // the board, once it came

function draw() {
  $("families").replaceChildren(...FAMILIES.map((f) => el("button", {
    type: "button", class: "small", "aria-pressed": String(f === chosen), "data-family": f,
    text: t("profile.family", { family: f }), onclick: () => { chosen = f; load(); } })));
  if (rows === null) return;              // still loading (or saying why it did not)
  if (!rows.length) {
    $("board").replaceChildren(el("p", { class: "hint", text: t("board.empty") }));
    return;
  }
  $("board").replaceChildren(el("table", { class: "stats", id: "board-table" },
    el("thead", {}, el("tr", {}, el("th", { class: "num", text: t("board.rank") }),
      el("th", { text: t("board.player") }), el("th", { class: "num", text: t("profile.rating") }),
      el("th", { class: "num", text: t("profile.rated_matches") }))),
    el("tbody", {}, ...rows.map((r) => el("tr", {},
      el("td", { class: "num", text: digits(r.rank) }),
      el("td", {}, el("a", { href: `/players/${encodeURIComponent(r.name)}`, text: r.name })),
      el("td", { class: "num", text: digits(r.rating.toFixed(1)) }),
      el("td", { class: "num", text: digits(r.matches) }))))));
}

async function load() {
  history.replaceState(null, "", `?family=${chosen}`);
  const family = chosen;
  rows = null;
  draw();
  const answer = await loaded(`/api/leaderboard?family=${family}`, $("board"));
  if (family !== chosen) return;          // another family was chosen meanwhile
  rows = answer.ok ? answer.data.players : [];
  draw();
}

startPage(draw).then(load);
