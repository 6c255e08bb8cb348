// The replay page's list of the person's own finished matches (/replay with no record): the
// ones this browser saw to their end from a seat (seats.js) and, when signed in, the
// profile's (GET /api/players/NAME), each one click from its replay (/replay?room=ID).
import { gameName } from "../games.js";
import { t } from "../i18n.js";
import { presetOf } from "../learn/notes.js";
import { dateText, session } from "../place/account.js";
import { playedMatches } from "../seats.js";
import { $, el } from "../table/dom.js";

const SHOWN = 20;
let matches = [];

/** The signed-in player's finished matches, as the list's entries (none for a guest). */
async function profileMatches() {
  const who = await session();
  if (!who.player) return [];
  try {
    const r = await fetch(`/api/players/${encodeURIComponent(who.player.name)}`, { cache: "no-store" });
    if (!r.ok) return [];
    return (await r.json()).matches.map((m) => ({ room: m.room, game: presetOf(m.rules), at: m.finished_at,
      won: m.won }));
  } catch {
    return [];     // the server did not answer: this browser's own list
  }
}

/** This browser's matches and the profile's, once each, newest first. */
async function gather() {
  const byRoom = new Map(playedMatches().map((m) => [m.room, { ...m, game: m.preset }]));
  for (const m of await profileMatches()) if (!byRoom.has(m.room)) byRoom.set(m.room, m);
  return [...byRoom.values()].sort((a, b) => (b.at || 0) - (a.at || 0)).slice(0, SHOWN);
}

/** Draw the list (again, in the language chosen). */
export function renderRecent() {
  $("recent-list").replaceChildren(...matches.map((m) => el("li", {},
    el("a", { href: `/replay?room=${encodeURIComponent(m.room)}&hand=0`, "data-room": m.room,
      text: [gameName(m.game), m.at ? dateText(m.at) : null, t(m.won ? "replay.recent_won" : "replay.recent_lost")]
        .filter(Boolean).join(" · ") }))));
  $("recent-none").hidden = matches.length > 0;
}

/** Find the person's matches and show them. */
export async function showRecent() {
  matches = await gather();
  renderRecent();
}
