// The turn clock (docs/protocol.md, `clock` in the state and the room summary): the seconds
// the seat to act has left before its computer player acts.  The server sends seconds left,
// not a time of day, so a wrong clock on this device does not matter: the count starts when
// the message arrived.  The newest message says (a person back at the table, or gone, changes
// the clock: the room summary then tells it).
import { digits, t } from "../i18n.js";
import { isConnected } from "./connection.js";
import { $ } from "./dom.js";
import { seatName, ui } from "./state.js";

let ticking = null;

/** Seconds left on the newest clock (null: no clock, or none this page can tell: while it
 *  is not connected the server counts the seat's time away, not this turn's, and a count
 *  shown then promised time the person did not have). */
export function secondsLeft() {
  const c = ui.clock;
  if (!c || c.seconds === undefined || ui.latest?.match?.over || ui.claim) return null;
  if (!isConnected()) return null;
  if (ui.latest && c.seq < ui.latest.seq) return null;       // from before the last action
  return Math.max(0, c.seconds - (performance.now() - c.at) / 1000);
}

/** A minute or more as a clock reads it: "4:05", "1:02:05" (a room's turn may last an
 *  hour, and its wait for an absent player a day: "3574 s" said too little). */
export function clockTime(seconds) {
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
  return digits(h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`);
}

/** The clock chip in the status strip, drawn now and every quarter second while it runs. */
export function renderClock() {
  const chip = $("clock");
  if (!chip) return;
  const left = secondsLeft();
  const c = ui.clock;
  chip.hidden = left === null;
  if (left === null) { clearInterval(ticking); ticking = null; return; }
  const seconds = Math.ceil(left);
  const key = c.kind === "away" ? "clock.away" : c.seat === ui.me ? "clock.you" : "clock.turn";
  chip.textContent = seconds < 60 ? t(key, { who: seatName(c.seat), seconds })
    : t(`${key}.long`, { who: seatName(c.seat), time: clockTime(seconds) });
  chip.dataset.seat = String(c.seat);
  chip.dataset.seconds = String(seconds);
  chip.classList.toggle("urgent", left <= 10);
  chip.classList.toggle("mine", c.seat === ui.me);
  if (!ticking) ticking = setInterval(renderClock, 250);
}
