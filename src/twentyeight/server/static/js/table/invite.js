// The room's seat invitation (docs/online.md, "Who may sit"): the secret a seat link carries
// after `#invite=`.  Read once from the address (then kept for this room in localStorage and
// taken out of the address bar, so a copied page address does not pass it on by accident);
// the host's browser has it from making the room.  Without it this browser can only watch.
import { t, tn } from "../i18n.js";
import { presetOf } from "../learn/notes.js";
import { gameOf, passOn } from "../share.js";
import { inviteKey } from "../seats.js";
import { $, el } from "./dom.js";
import { ROOM, ui } from "./state.js";

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

/** Whether this browser may take a seat: with the seat invitation (the host has it), or at a
 *  public table, where anyone may; else it only watches. */
export const maySit = () => Boolean(invite() || ui.hostToken || ui.room?.public);

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
