// A signed-in player's seat, back in any browser: on a table page where this browser holds
// no seat, ask the server for the player's own seat of the room (GET /api/rooms/ID/mine; a
// player without a seat there gets a refusal and nothing happens); if there is one, keep it
// where the table looks for it and open the table again, seated.  A guest (GET /api/session
// says so) asks nothing: the refusal was an error in the console of every guest who watched.
import { session } from "./account.js";
import { keepSeat, seatKey } from "../seats.js";

const room = decodeURIComponent(location.pathname.split("/r/")[1]?.split("/")[0] || "");
const key = seatKey(room);

async function seatBack() {
  if (!room || localStorage.getItem(key)) return;
  if (!(await session()).player) return;
  try {
    const r = await fetch(`/api/rooms/${encodeURIComponent(room)}/mine`, { cache: "no-store" });
    if (!r.ok) return;
    const mine = await r.json();
    if (localStorage.getItem(key)) return;           // a seat taken here meanwhile
    keepSeat(room, mine.seat, mine.token);
    location.reload();
  } catch { /* no answer: stay a spectator */ }
}

seatBack();
