// What this browser keeps of its tables, by room, in localStorage: the seat it holds
// (`{seat, token}`: the table sits with it again), the host's secret and the invitation of a
// table it made.  The lobby, the table and the sign-in pages all read and write them here.
const SEAT_PREFIX = "twentyeight:seat:";

export const seatKey = (room) => SEAT_PREFIX + room;
export const hostKey = (room) => `twentyeight:host:${room}`;
export const inviteKey = (room) => `twentyeight:invite:${room}`;

/** The seat this browser holds at `room` (`{seat, token}`), or null (none, or unreadable). */
export function heldSeat(room) {
  try {
    const held = JSON.parse(localStorage.getItem(seatKey(room)) || "null");
    return Number.isInteger(held?.seat) ? held : null;
  } catch {
    return null;
  }
}

/** Keep the seat `seat` of `room` and its `token` for the table page. */
export function keepSeat(room, seat, token) {
  localStorage.setItem(seatKey(room), JSON.stringify({ seat, token }));
}

/** The rooms where this browser keeps a seat. */
export function roomsWithSeats() {
  return Object.keys(localStorage).filter((k) => k.startsWith(SEAT_PREFIX))
    .map((k) => k.slice(SEAT_PREFIX.length));
}

// The matches this browser saw to their end from a seat, newest first: the replay page lists
// them (a guest has no profile to find them in).  Bounded: the oldest go.
const PLAYED_KEY = "twentyeight:played";
export const PLAYED_KEPT = 20;

/** The finished matches kept: `[{room, preset, at (seconds), won}]`, newest first. */
export function playedMatches() {
  try {
    const kept = JSON.parse(localStorage.getItem(PLAYED_KEY) || "[]");
    return Array.isArray(kept) ? kept.filter((m) => typeof m?.room === "string") : [];
  } catch {
    return [];
  }
}

/** Keep `match` (`{room, preset, at, won}`) as the newest, unless its room is kept already
 *  (a table opened again after its end keeps the first time). */
export function rememberPlayed(match) {
  const kept = playedMatches();
  if (kept.some((m) => m.room === match.room)) return;
  localStorage.setItem(PLAYED_KEY, JSON.stringify([match, ...kept].slice(0, PLAYED_KEPT)));
}
