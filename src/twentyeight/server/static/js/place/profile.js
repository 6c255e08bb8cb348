// A player's profile (GET /api/players/NAME): ratings per family, contracts bid and made and
// points per deal per family, and the finished matches, each hand's record one click away.
import { gameName } from "../games.js";
import { digits, t } from "../i18n.js";
import { $, el } from "../table/dom.js";
import { accountBar, dateText } from "./account.js";
import { offerOwn, wireOwn } from "./own.js";
import { loaded } from "../request.js";
import { startPage } from "./page.js";

const NAME = decodeURIComponent(location.pathname.split("/players/")[1] || "");
let profile = null;
let missing = false;
let deleted = false;       // the owner deleted the player on this page
let viewer = null;         // who is looking: the session (startPage's, kept up to date)

function table(head, rows) {
  return el("table", { class: "stats" },
    el("thead", {}, el("tr", {}, ...head.map(([text, num]) => el("th", { class: num ? "num" : "", text })))),
    el("tbody", {}, ...rows.map((cells) => el("tr", {}, ...cells.map((c, i) =>
      el("td", { class: head[i][1] ? "num" : "", text: digits(c) }))))));
}

const family = (f) => t("profile.family", { family: digits(f) });   // "২৮", as the ratings say it

/** A hand of a match; with its replay and record where the match's `room` is given (the
 *  player's own profile: to anyone else the server names no room). */
function handLine(room, h) {
  const facts = [];
  if (h.bidder) facts.push(t(h.made ? "profile.hand_made" : "profile.hand_failed", { contract: h.contract }));
  facts.push(t("profile.hand_points", { points: h.points }));
  return el("li", {}, el("span", { text: t("profile.hand", { n: h.hand + 1 }) }),
    el("span", { class: "hint", text: facts.join(" · ") }),
    room ? el("a", { href: `/replay?room=${encodeURIComponent(room)}&hand=${h.hand}`,
      class: "hand-replay", text: t("profile.replay") }) : null,
    room ? el("a", { href: `/api/rooms/${encodeURIComponent(room)}/record/hands/${h.hand}`,
      download: `${room}-hand-${h.hand + 1}.json`, class: "hand-record", text: t("profile.record") }) : null);
}

function draw(who) {
  offerOwn(who, profile);
  if (missing || deleted) {               // nobody's profile: no empty cards under the word
    $("player-name").textContent = deleted ? profile.name : NAME;
    $("player-since").textContent = deleted ? t("account.deleted", { name: profile.name })
      : t("profile.not_found");
    document.querySelectorAll("main > .panel:not(#profile)").forEach((p) => { p.hidden = true; });
    return;
  }
  if (!profile) return;
  document.title = `${profile.name} — twentyeight`;
  $("player-name").textContent = profile.name;
  $("player-since").textContent = t("profile.since", { date: dateText(profile.since) });
  const ratings = Object.entries(profile.ratings);
  $("ratings").replaceChildren(ratings.length
    ? table([[t("profile.game")], [t("profile.rating"), true], [t("profile.rated_matches"), true]],
      ratings.map(([f, r]) => [family(f), digits(r.rating.toFixed(1)), r.matches]))
    : el("p", { class: "hint", text: t("profile.no_ratings") }));
  const families = Object.entries(profile.families);
  $("families").replaceChildren(...(families.length ? families.map(([f, s]) => el("section",
    { class: "family-stats", "data-family": f }, el("h3", { text: family(f) }),
    el("dl", {}, ...[["profile.matches", s.matches], ["profile.won", s.won], ["profile.deals", s.deals],
      ["profile.bids", s.bids], ["profile.made", s.made], ["profile.points_per_deal", s.points_per_deal]]
      .map(([key, value]) => el("div", {}, el("dt", { text: t(key) }), el("dd", { text: digits(value) }))))))
    : [el("p", { class: "hint", text: t("profile.no_matches") })]));
  $("matches").replaceChildren(...profile.matches.map((m) => {
    const result = el("span", { class: m.won ? "match-won" : "match-lost", text: t(m.won ? "profile.match_won" : "profile.match_lost") });
    // the match's game by its name ("28 (West Bengal)"), not only its rating's family ("28")
    const preset = typeof m.rules === "string" ? m.rules : m.rules?.preset;
    const facts = [preset ? gameName(preset) : family(m.family), dateText(m.finished_at),
      t("profile.match_facts", { count: m.deals, bids: m.bids, made: m.made })];
    if (m.rated) facts.push(t("profile.rated"));
    return el("li", { class: "match", "data-room": m.room }, el("details", {},
      el("summary", {}, result, " ", el("span", { text: facts.join(" · ") })),
      el("ul", { class: "hands" }, ...m.hands.map((h) => handLine(m.room, h))),
      m.room ? el("p", { class: "match-links" },
        el("a", { href: `/replay?room=${encodeURIComponent(m.room)}&hand=0`, class: "match-replay",
          text: t("table.replay_link") }), " · ",
        el("a", { href: `/api/rooms/${encodeURIComponent(m.room)}/record`, download: `${m.room}.json`,
          text: t("profile.whole_record") })) : null));
  }));
  if (!profile.matches.length) $("matches").append(el("li", { class: "hint", text: t("profile.no_matches") }));
}

async function load(who) {
  viewer = who;
  const answer = await loaded(`/api/players/${encodeURIComponent(NAME)}`, $("ratings"));
  if (answer.ok) profile = answer.data;
  else missing = true;
  draw(who);
}

/** The owner deleted the player: signed out, and the page says so instead of an empty
 *  profile. */
function onDeleted() {
  deleted = true;
  viewer.player = null;                       // a guest now (the page's own copy of who it is)
  viewer.rooms = [];
  accountBar($("account"), viewer);
  draw(viewer);
}

wireOwn(() => profile, onDeleted);
startPage(draw).then(load);
