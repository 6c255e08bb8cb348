// The place's shared pieces (docs/online.md, "Players"): who is signed in (GET /api/session),
// the account bar every page of the place shows, and the browser's memory of a seat (the
// keys the table reads: table/state.js, table/invite.js).  Requests: request.js.
import { t } from "../i18n.js";
import { request } from "../request.js";
import { hostKey, inviteKey, keepSeat } from "../seats.js";
import { el } from "../table/dom.js";

export const NAME_KEY = "twentyeight:name";

/** `{player: {name} | null, rooms: [ids]}` — this browser's player, if signed in. */
export async function session() {
  try {
    const r = await fetch("/api/session", { cache: "no-store" });
    if (r.ok) return await r.json();
  } catch { /* the server did not answer: a guest for now */ }
  return { player: null, rooms: [] };
}

/** Remember a seat for the table page (and, for a table this browser made, the host's
 *  secrets), then go to the table. */
export function goToSeat(answer) {
  const { room } = answer;
  keepSeat(room, answer.seat, answer.token);
  if (answer.host_token) localStorage.setItem(hostKey(room), answer.host_token);
  if (answer.invite) localStorage.setItem(inviteKey(room), answer.invite);
  location.href = `/r/${encodeURIComponent(room)}`;
}

/** The account bar: the signed-in player (profile, sign out) or a guest (sign in), and the
 *  leaderboard. */
export function accountBar(box, who) {
  box.replaceChildren();
  const board = el("a", { href: "/leaderboard", text: t("account.leaderboard") });
  if (who.player) {
    const name = who.player.name;
    const out = el("button", { type: "button", class: "small", id: "sign-out", text: t("account.sign_out"),
      onclick: async () => { await request("/api/session", undefined, "DELETE"); location.reload(); } });
    box.append(el("span", { class: "who", id: "who" }, t("account.signed_in", { name })),
      el("a", { href: `/players/${encodeURIComponent(name)}`, id: "my-profile", text: t("account.profile") }),
      board, out);
  } else {
    box.append(el("span", { class: "who", id: "who", text: t("account.guest") }),
      el("a", { href: "/signin", id: "sign-in", text: t("account.sign_in") }), board);
  }
}

/** A date as the current language writes it: the browser's own words for it, or, where the
 *  browser has none for the language (Chromium knows no Nepali: its Nepali page said "Dec 7,
 *  2026"), the catalog's month names and order (`date.months`, `date.format`). */
export function dateText(seconds) {
  const lang = document.documentElement.lang || "en";
  const date = new Date(seconds * 1000);
  if (Intl.DateTimeFormat.supportedLocalesOf([lang]).length) {
    return date.toLocaleDateString(lang, { year: "numeric", month: "short", day: "numeric" });
  }
  const months = t("date.months").split("|");
  return t("date.format", { day: date.getDate(), month: months[date.getMonth()], year: date.getFullYear() });
}
