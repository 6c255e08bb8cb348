// The room's seat invitation (docs/online.md, "Who may sit"): the secret a seat link carries
// after `#invite=`.  Read once from the address (then kept for this room in localStorage and
// taken out of the address bar, so a copied page address does not pass it on by accident);
// the host's browser has it from making the room.  Without it this browser can only watch.
import { t, tn } from "../i18n.js";
import { presetOf } from "../learn/notes.js";
import { gameOf, passOn } from "../share.js";
import { inviteKey } from "../seats.js";
import { session } from "../place/account.js";
import { $, el } from "./dom.js";
import { ROOM, refresh, ui } from "./state.js";

const KEY = inviteKey(ROOM);

const fromLink = new URLSearchParams(location.hash.slice(1)).get("invite");
if (fromLink) {
  localStorage.setItem(KEY, fromLink);
  history.replaceState(null, "", location.pathname + location.search);
}

/** The seat invitation, if this browser has one. */
export const invite = () => localStorage.getItem(KEY);

/** The link that lets its holder take a seat (null without the invitation). */
export const seatLink = () => (invite() ? `${location.origin}/r/${ROOM}#invite=${invite()}` : null);

/** The link that only lets its holder watch. */
export const watchLink = () => `${location.origin}/r/${ROOM}`;

/** Whether this browser holds a right to a seat: the seat invitation (the host has it), or a
 *  public table, where anyone may sit. */
export const invited = () => Boolean(invite() || ui.hostToken || ui.room?.public);

let account = null;            // GET /api/session's answer: true signed in, false a guest
let asked = false;

/** Whether this browser's person is signed in: null until GET /api/session has answered
 *  (asked once, the first time a rated table wants to know; the page is drawn again then),
 *  then true or false (a server that did not answer: a guest for now). */
export function signedIn() {
  if (!asked) {
    asked = true;
    session().then((who) => { account = Boolean(who.player); refresh(); });
  }
  return account;
}

/** Whether this browser may take a seat: with a right to one (`invited`) and, at a rated
 *  table, signed in (a guest, or one not known yet, is offered no seat the server would
 *  refuse: 403 `sign_in_to_play_rated`); else it only watches. */
export const maySit = () => invited() && (!ui.room?.rated || signedIn() === true);

/** The sign-in page, which comes back to this table after (signin.js takes `next` only to a
 *  page of this site). */
export const signInPath = () => `/signin?next=${encodeURIComponent(`/r/${encodeURIComponent(ROOM)}`)}`;

/** "Copy link" and "Share" for a link to this table: the share sheet gets it with a line in
 *  the page's language naming the game ("Come and play 29 with me"). */
export function inviteButtons(link) {
  return passOn(() => link, () => t("waiting.share_text", { game: gameOf(presetOf(ui.room?.rules)) }));
}

/** The side panel's invitation while the match is on: the seat link, for a friend who comes
 *  late to take a computer player's seat (from the next hand), to whoever holds it — the
 *  address bar no longer does, and a home-screen window has none.  Hidden where no computer
 *  plays, before the start (the waiting room says it) and once the match is over. */
export function renderInvitation() {
  const section = $("invite-section");
  if (!section) return;
  const link = seatLink() ?? (ui.room?.public ? watchLink() : null);
  const on = ui.room?.status === "playing" && !ui.latest?.match?.over
    && (ui.room?.seats || []).some((s) => s.kind === "bot");
  section.hidden = !(link && on);
  const key = JSON.stringify([section.hidden, link, document.documentElement.lang]);
  if (section.hidden || section.dataset.drawn === key) return;   // (a redraw loses a tap)
  section.dataset.drawn = key;
  $("invite-box").replaceChildren(el("p", { class: "share" },
    tn("invite.late", { link: el("code", { text: link }) }), " ", ...inviteButtons(link)));
}
