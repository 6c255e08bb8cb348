// A player's profile (GET /api/players/NAME): ratings per family, contracts bid and made and
// points per deal per family, and the finished matches, each hand's record one click away.
import { t } from "../i18n.js";
import { $, el, tellIn } from "../table/dom.js";
import { accountBar, dateText } from "./account.js";
import { sayRefusal } from "../refusal.js";
import { loaded, request } from "../request.js";
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
      el("td", { class: head[i][1] ? "num" : "", text: String(c) }))))));
}

const family = (f) => t("profile.family", { family: f });

function handLine(room, h) {
  const facts = [];
  if (h.bidder) facts.push(t(h.made ? "profile.hand_made" : "profile.hand_failed", { contract: h.contract }));
  facts.push(t("profile.hand_points", { points: h.points }));
  return el("li", {}, el("span", { text: t("profile.hand", { n: h.hand + 1 }) }),
    el("span", { class: "hint", text: facts.join(" · ") }),
    el("a", { href: `/replay?room=${encodeURIComponent(room)}&hand=${h.hand}`,
      class: "hand-replay", text: t("profile.replay") }),
    el("a", { href: `/api/rooms/${encodeURIComponent(room)}/record/hands/${h.hand}`,
      download: `${room}-hand-${h.hand + 1}.json`, class: "hand-record", text: t("profile.record") }));
}

/** The owner's own profile offers to sign out every other browser (a phone lost, a shared
 *  computer left signed in: DELETE /api/session/others), a new password (POST
 *  /api/session/password, which signs the others out too) and to delete the player (DELETE
 *  /api/session/player), each asking the password again. */
function offerOwn(who) {
  $("own").hidden = !profile || who?.player?.name !== profile.name;
  if (profile) $("pw-name").value = profile.name;      // (for the browser's password keeper)
}

/** A refusal of the password given again, in the words of this page ("your password is not
 *  right": there is no name to get wrong here). */
function sayPasswordRefusal(node, frame, answer) {
  node.className = "error";
  if (answer.data?.error === "wrong_password") tellIn(node, () => t("account.wrong_current"));
  else sayRefusal(node, frame, answer.data, answer.response);
}

async function deletePlayer(event) {
  event.preventDefault();
  quiet();
  if (!window.confirm(t("account.delete_confirm", { name: profile.name }))) return;
  $("del-btn").disabled = true;
  const answer = await request("/api/session/player", { password: $("del-password").value }, "DELETE");
  $("del-btn").disabled = false;
  if (!answer.ok) {
    sayPasswordRefusal($("del-said"), "account.delete_failed", answer);
    return;
  }
  // signed out, and the player gone: the page says so instead of their empty profile
  deleted = true;
  viewer.player = null;                       // a guest now (the page's own copy of who it is)
  viewer.rooms = [];
  accountBar($("account"), viewer);
  draw(viewer);
}

async function changePassword(event) {
  event.preventDefault();
  quiet();
  const said = $("pw-said");
  $("pw-btn").disabled = true;
  const answer = await request("/api/session/password",
    { password: $("pw-current").value, new_password: $("pw-new").value });
  $("pw-btn").disabled = false;
  if (!answer.ok) {
    sayPasswordRefusal(said, "account.change_password_failed", answer);
    return;
  }
  said.className = "";
  $("pw-current").value = "";
  $("pw-new").value = "";
  enableForms();
  tellIn(said, () => t("account.password_changed"));
}

/** Each action's words replace the last one's (an old "No other device was signed in."
 *  stayed beside a later refusal). */
function quiet() {
  for (const id of ["sessions-said", "pw-said", "del-said"]) $(id).textContent = "";
}

/** The forms' buttons wait for their passwords (an empty one was sent, and refused as a
 *  wrong password). */
function enableForms() {
  $("pw-btn").disabled = !$("pw-current").value || !$("pw-new").value;
  $("del-btn").disabled = !$("del-password").value;
}

async function signOutOthers() {
  quiet();
  $("sign-out-others").disabled = true;
  const answer = await request("/api/session/others", undefined, "DELETE");
  $("sign-out-others").disabled = false;
  if (!answer.ok) {
    sayRefusal($("sessions-said"), "account.sign_out_others_failed", answer.data, answer.response);
    return;
  }
  const ended = answer.data.ended;
  tellIn($("sessions-said"), () => (ended ? t("account.signed_out_others", { count: ended })
    : t("account.no_other_sessions")));
}

function draw(who) {
  offerOwn(who);
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
      ratings.map(([f, r]) => [family(f), r.rating.toFixed(1), r.matches]))
    : el("p", { class: "hint", text: t("profile.no_ratings") }));
  const families = Object.entries(profile.families);
  $("families").replaceChildren(...(families.length ? families.map(([f, s]) => el("section",
    { class: "family-stats", "data-family": f }, el("h3", { text: family(f) }),
    el("dl", {}, ...[["profile.matches", s.matches], ["profile.won", s.won], ["profile.deals", s.deals],
      ["profile.bids", s.bids], ["profile.made", s.made], ["profile.points_per_deal", s.points_per_deal]]
      .map(([key, value]) => el("div", {}, el("dt", { text: t(key) }), el("dd", { text: String(value) }))))))
    : [el("p", { class: "hint", text: t("profile.no_matches") })]));
  $("matches").replaceChildren(...profile.matches.map((m) => {
    const result = el("span", { class: m.won ? "match-won" : "match-lost", text: t(m.won ? "profile.match_won" : "profile.match_lost") });
    const facts = [family(m.family), dateText(m.finished_at),
      t("profile.match_facts", { count: m.deals, bids: m.bids, made: m.made })];
    if (m.rated) facts.push(t("profile.rated"));
    return el("li", { class: "match", "data-room": m.room }, el("details", {},
      el("summary", {}, result, " ", el("span", { text: facts.join(" · ") })),
      el("ul", { class: "hands" }, ...m.hands.map((h) => handLine(m.room, h))),
      el("p", { class: "match-links" },
        el("a", { href: `/replay?room=${encodeURIComponent(m.room)}&hand=0`, class: "match-replay",
          text: t("table.replay_link") }), " · ",
        el("a", { href: `/api/rooms/${encodeURIComponent(m.room)}/record`, download: `${m.room}.json`,
          text: t("profile.whole_record") }))));
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

$("sign-out-others").addEventListener("click", signOutOthers);
// the forms' buttons come disabled (a form sent before its handler is wired reloads the
// page), and stay so until their passwords are written
$("password-form").addEventListener("submit", changePassword);
$("delete-form").addEventListener("submit", deletePlayer);
for (const id of ["pw-current", "pw-new", "del-password"]) $(id).addEventListener("input", enableForms);
startPage(draw).then(load);
