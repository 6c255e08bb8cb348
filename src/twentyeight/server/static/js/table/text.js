// Sentences for people about the table: a seat's action told with its name, the result of a
// hand, the end of the match, the trump.
import { SUIT_SYMBOL, suitWord } from "../cards.js";
import { denominationText, phrase } from "../words.js";
import { seatName, teamName, teamOf, ui } from "./state.js";

/** "Ravi bids 17" / "You bid 17": a seat's action told with its name. */
export function told(seat, action, opts = {}) {
  const text = phrase(action, opts);
  if (seat !== ui.me) return `${seatName(seat)} ${text}`;
  const [verb, ...rest] = text.split(" ");
  const base = /(ss|sh|ch)es$/.test(verb) ? verb.slice(0, -2) : verb.replace(/s$/, "");
  return ["You", base, ...rest].join(" ");
}

export function handResultText(v) {
  const r = v.result;
  if (!r) return "";
  if (v.status === "annulled" || r.annulled_reason) {
    return `The hand is annulled${r.annulled_reason ? `: ${String(r.annulled_reason).replaceAll("_", " ")}` : ""}.`;
  }
  if (v.bidder === null) return "Nobody bid.";
  const side = teamName(teamOf(v.bidder));
  const pts = v.points;
  const change = r.score_change || {};
  const sign = (x) => (x > 0 ? `+${x}` : `${x}`);
  const made = r.made ? "made it" : "went down";
  const changes = [];
  if (change.bidding) changes.push(`${side} ${sign(change.bidding)}`);
  if (change.opponents) changes.push(`the opponents ${sign(change.opponents)}`);
  return `${side} bid ${v.contract}${denominationText(v.denomination || "")}${v.target && v.target !== v.contract ? ` (target ${v.target})` : ""} and ${made} with ${pts.bidding} points against ${pts.opponents}.`
    + (changes.length ? ` Game score: ${changes.join(", ")}.` : "");
}

export function matchOverText(match) {
  if (!match.winners?.length) return "The match is over.";
  const names = match.winners.map((t) => teamName(t));
  const mine = ui.me !== null && match.winners.includes(teamOf(ui.me));
  return `The match is over: ${names.join(" and ")} ${mine ? "— you win!" : "win."}`;
}

export function trumpText(v) {
  if (v.trump === "reverse") return "reversed no-trump";
  if (v.trump) return `${SUIT_SYMBOL[v.trump]} ${suitWord(v.trump)}${v.trump_exposed ? "" : " (only you know)"}`;
  if (v.denomination === "NT") return "no-trump";
  if (v.indicator_face_down) return "face down";
  if (v.bidder !== null && v.phase === "trump") return "being chosen";
  return v.bidder !== null && v.phase !== "auction" ? "none" : "–";
}

export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
