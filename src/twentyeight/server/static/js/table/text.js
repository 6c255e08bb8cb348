// Sentences for people about the table, in the page's language: a seat's action told with
// its name, the result of a hand, the end of the match, the trump, an engine's refusal.
import { SUIT_SYMBOL, cardShort, suitWord } from "../cards.js";
import { digits, joinList, t } from "../i18n.js";
import { reasonWithRule } from "../reasons.js";
import { refusalText } from "../refusal.js";
import { bidText, doublingOf, told } from "../words.js";
import { aboutSeat, flags, playedByMe, seatName, teamName, teamOf, teamSeats, ui } from "./state.js";

/** "Ravi bids 17" / "You bid 17": a seat's action told with its name (`phase`, the phase it
 * was made in: "Ravi does not raise"; `hand`, the hand it was made in: my seat's before I
 * took it over is the computer's; `matches`: a defender's matching bid, words.js `told`). */
export function toldBy(seat, action, { spoken = false, phase = null, hand = null, matches = false } = {}) {
  return opening(told(action, seatName(seat, { hand }), { you: seat === ui.me && playedByMe(hand), spoken, phase, matches }));
}

/** `text` with a capital where it begins with "the computer at your seat" (a name elsewhere
 *  in a sentence, it keeps its small letter). */
/** The undertakings that void the contract for every trick (28-SH, 28-TH, 56-TH)… */
export const UNDERTAKINGS = ["single_hand", "thani", "thani_56"];
/** … and those of them played without a trump (28-SH-3, 56-TH-2). */
const NO_TRUMP_UNDERTAKINGS = ["single_hand", "thani_56"];

/** The hand is a single hand or a Thani: every trick or nothing, the contract void. */
export const isUndertaking = (v) => UNDERTAKINGS.includes(v.special);

/** The seat that plays the hand: an undertaking's declarer (whose side the points, the stake
 *  and the score are: the engine's bidding side), else the bidder. */
export const declarerOf = (v) => (isUndertaking(v) && v.special_seat != null
  ? v.special_seat : v.bidder);

export function opening(text) {
  return text.startsWith(t("seat.computer_yours")) ? cap(text) : text;
}

/** A change of score, or points: signed ("+3", "-1", "0"). */
export const signed = (x) => digits(x > 0 ? `+${x}` : `${x}`);

/** What the match's score counts where it is not points: "tables" (56: twelve each, moved
 *  between the sides, 56-MATCH-1) or "coolies" (56-MATCH-3); null for points. */
export function scoreUnit() {
  const scoring = flags().match_scoring;
  return scoring === "tables" ? "tables" : scoring === "coolie_kodi" ? "coolies" : null;
}

/** A side's score as the table shows it: tables or coolies as many as it holds ("12"),
 *  points signed ("+3"). */
export function scoreShown(score) {
  return scoreUnit() ? digits(score) : signed(score);
}

/** Why hand view `v` was annulled, in words ("" when it was not, or the reason is unknown
 *  here), saying whose cards where they were one player's (the view's `annulled_seat`: the
 *  cards the rule has shown — four jacks, eight of a suit, no point card — or the redeal's
 *  claimant).  "Ravi's cards hold no point card" (six in 40, where the threes count). */
export function annulledWhy(v, hand = null) {
  const reason = v?.result?.annulled_reason;
  if (!reason || t(`annulled.${reason}`) === `annulled.${reason}`) return "";
  const seat = v.result.annulled_seat ?? null;
  const by = `annulled_by.${reason}`;
  if (seat !== null && t(by) !== by) {
    return aboutSeat(by, seat, {}, { hand });
  }
  return t(`annulled.${reason}`);
}

/** The result of hand view `v` (hand number `hand`: my seat before I took it over is "the
 *  computer at your seat"); `booked`: what the match layer did with it (the server's
 *  `booked`: the tables really paid, the kodis given and taken off), and `scores` the
 *  match's standing after it (the coolies a kodi restarts at).  Without `booked` the
 *  change told is the hand's stake. */
export function handResultText(v, hand = null, { booked = null, scores = null } = {}) {
  const r = v.result;
  if (!r) return "";
  if (v.status === "annulled" || r.annulled_reason) {
    const why = annulledWhy(v, hand);
    return why ? t("result.annulled_why", { why }) : t("result.annulled");
  }
  if (v.bidder === null) return t("result.nobody_bid");
  const side = teamName(teamOf(declarerOf(v)), { hand });
  const pts = v.points;
  const doubled = doublingOf(v);                  // the stake's doubling, or 'C' (28-DBL-7)
  const bid = bidText(v.contract, v.denomination || "") + (doubled ? ` ${doubled}` : "");
  const key = r.made ? "result.made" : "result.went_down";
  const calls = (v.history || []).map((entry) => entry.split(" ")[1]);
  let text = isUndertaking(v)
    ? opening(t(r.made ? "result.undertaking_won" : "result.undertaking_lost",
      { side, what: t(`special.${v.special}`) }))
    : calls.includes("accept") ? opening(t("result.conceded", { side, bid }))   // 28-COT-3
      : opening(t(key, { side, bid, count: pts.bidding, against: pts.opponents }));
  if (isUndertaking(v) && r.made === false) text += trickLostText(v, hand);
  if (calls.includes("refuse")) {                  // 28-COT-4: lost twice over, even if made
    text += ` ${t(lostAfterRefusing(v) ? "result.cot_refused_lost" : "result.cot_refused")}`;
  }
  if (v.target && v.target !== v.contract) text += ` ${t("result.target", { target: v.target })}`;
  const bt = teamOf(declarerOf(v));
  const kodiTeam = (key) => (booked?.[key] ?? null) !== null;
  if (kodiTeam("irakkam")) text += ` ${irakkamText(booked, booked.irakkam === bt && r.made, hand)}`;
  else if (booked?.freed?.length) text += freedText(booked, hand);
  const change = booked && booked.change.length === 2
    ? { bidding: booked.change[bt], opponents: booked.change[1 - bt] } : r.score_change || {};
  const changes = [];
  if (change.bidding) changes.push(t("result.change", { side, change: signed(change.bidding) }));
  if (change.opponents) changes.push(t("result.change", { side: t("result.opponents"), change: signed(change.opponents) }));
  const unit = scoreUnit();
  if (changes.length) text += ` ${t(unit ? `result.${unit}` : "result.game_score", { changes: joinList(changes) })}`;
  if (booked?.owed != null) {                      // 56-MATCH-1: no more than it holds
    const payer = booked.change.findIndex((x) => x < 0);
    text += ` ${t("result.tables_short", { side: teamName(payer, { hand }), owed: booked.owed, paid: -booked.change[payer] })}`;
  }
  if (kodiTeam("kodi")) {                          // 56-MATCH-3, 56-TH-4
    const restart = scores?.[booked.kodi];
    text += ` ${t(restart == null ? "result.kodi_bare" : "result.kodi", { side: teamName(booked.kodi, { hand }), count: restart })}`;
    text += ` ${t("result.irakkam_next")}`;            // the hand after is theirs to win back
  }
  return text;
}

/** " Right took trick 3 with K♠.": the first trick a failed single hand or Thani's declarer
 *  did not take itself (28-SH-4, 28-TH-3: a partner's trick defeats Thani too); "" where
 *  no trick was played. */
function trickLostText(v, hand) {
  const declarer = declarerOf(v);
  const tricks = v.tricks || [];
  const k = tricks.findIndex((trick) => trick.winner !== declarer);
  if (k < 0) return "";
  const trick = tricks[k];
  const card = cardShort(trick.cards[trick.seats.indexOf(trick.winner)]);
  return ` ${aboutSeat("result.undertaking_lost_to", trick.winner, { number: digits(k + 1), card }, { hand })}`;
}

/** A hand whose bidding side made its contract's card points but refused the concession
 *  and then lost a trick (28-COT-4): it is lost, twice over, all the same (a contract that
 *  also went down is told as gone down, the refusal's doubling beside it). */
export const lostAfterRefusing = (v) => Boolean(v.result?.made) && v.result.won === false;

/** The kodi-irakkam hand just played (56-MATCH-3): its team made a contract (`made`) and
 *  each of them took a kodi off, or it did not and the kodis stay — and then a declarer of
 *  the other team, with a kodi, who made the contract took his own off. */
function irakkamText(booked, made, hand) {
  const side = teamName(booked.irakkam, { hand });
  return made ? t("result.irakkam_made", { side })
    : t("result.irakkam_missed", { side }) + freedText(booked, hand);
}

/** " Ravi made the contract and takes a kodi off." for each seat `booked` freed alone. */
function freedText(booked, hand) {
  return booked.freed.map((k) => ` ${opening(aboutSeat("result.kodi_off", k, {}, { hand }))}`).join("");
}

/** What the end of the match says: who won, and under tables why the others lost — they
 *  could not pay in full, or were left with none (56-MATCH-1; the state's `booked`); with
 *  `paymentTold`, not the payment that fell short, which the last hand's result beside it
 *  says already. */
export function matchOverText(match, { paymentTold = false } = {}) {
  if (!match.winners?.length) return t("match.over");
  const names = joinList(match.winners.map((team) => teamName(team)));
  const mine = ui.me !== null && match.winners.includes(teamOf(ui.me));
  let text = t(mine ? "match.you_win" : "match.they_win", { names });
  const out = match.booked?.out ?? null;
  if (out !== null && !(paymentTold && match.booked.owed != null)) {
    const loser = teamName(out);
    text += ` ${match.booked.owed != null
      ? t("match.could_not_pay", { names: loser, owed: match.booked.owed, paid: -match.booked.change[out] })
      : t("match.out_of_tables", { names: loser })}`;
  }
  return text;
}

/** Each seat's kodis under coolie_kodi (the state's `match.kodis`; null otherwise). */
export const kodisNow = () => ui.st?.match?.kodis ?? null;

/** A team's kodis in words: "1 kodi each" where its players hold as many, else each
 *  player's ("You 1, Uma 0 and Lakshmi 1"); "" where none holds one. */
/** The kodis of each player of `team`, in its seats' order (`kodis` by seat). */
export const kodiCounts = (team, kodis) => teamSeats(team).map((k) => kodis[k] ?? 0);

export function teamKodis(team, kodis) {
  if (!kodis) return "";
  const seats = teamSeats(team);
  const counts = kodiCounts(team, kodis);
  if (!counts.some(Boolean)) return "";
  if (counts.every((c) => c === counts[0])) return t("score.kodis_each", { count: counts[0] });
  return joinList(seats.map((k, i) => `${seatName(k)} ${counts[i]}`));
}

export function trumpText(v) {
  if (NO_TRUMP_UNDERTAKINGS.includes(v.special)) return t("trump.none");    // 28-SH-3, 56-TH-2
  if (v.trump === "reverse") return t("trump.reverse");
  if (v.trump) {
    const suit = `${SUIT_SYMBOL[v.trump]} ${suitWord(v.trump)}`;
    return v.trump_exposed ? suit : t("trump.only_you", { suit });
  }
  if (v.denomination === "NT") return t("trump.none_nt");
  if (v.indicator_face_down) return t("trump.face_down");
  if (v.bidder !== null && v.phase === "trump") return t("trump.being_chosen");
  if (trumpChosenHidden(v)) return t("trump.hidden");
  return v.bidder !== null && v.phase !== "auction" ? t("trump.none") : "–";
}

/** The bidder chose a trump that nobody else knows and no card shows (29's suit named in
 *  secret): the history has the choice without its suit ("0 trump"), the view no trump. */
export function trumpChosenHidden(v) {
  return v.bidder !== null && !v.trump && !v.trump_exposed && (v.history || []).includes(`${v.bidder} trump`);
}

/** Why the server refused a message of the table, in the page's language: the engine's
 *  `reason` ({key, rule, params}) looked up in the catalog, else the refusal's code
 *  (refusal.js), else its English `message`. */
export const reasonText = (msg) => (msg.reason ? reasonWithRule(msg.reason, msg.message) : refusalText(msg));

export const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
