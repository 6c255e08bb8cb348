// The room's seat invitation (docs/online.md, "Who may sit"): the secret a seat link carries
// after `#invite=`.  Read once from the address (then kept for this room in localStorage and
// taken out of the address bar, so a copied page address does not pass it on by accident);
// the host's browser has it from making the room.  Without it this browser can only watch.
import { ROOM, ui } from "./state.js";

const KEY = `twentyeight:invite:${ROOM}`;

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
