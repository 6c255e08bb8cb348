// The server's messages (docs/protocol.md): the room, the welcome and refusals are taken at
// once; events, states and hand results go through the presentation (motion.js), which shows
// them in order.  Showing one tells the table talk and the screen reader what happened (a
// call, a trick won, the trump exposed, a hand over) and draws the table again.
import { SUIT_SYMBOL, cardName, cardShort, suitWord } from "../cards.js";
import { seatNumber, t } from "../i18n.js";
import { rememberPlayed } from "../seats.js";
import { play as sound } from "../sound.js";
import { bidParts, lastBidValue, parseAction } from "../words.js";
import { chatRefused, receiveChat } from "./chat.js";
import { receiveClaim } from "./claim.js";
import { renderClock } from "./clock.js";
import { shake } from "./commands.js";
import { $, log, notice, say } from "./dom.js";
import { reviewOffer, showNotes } from "./learn.js";
import { enqueue, finishTrick, flyNewCards, onPresent, showResult } from "./motion.js";
import { turnPrompt } from "./render-hand.js";
import { fillHandOver, markMatchOver } from "./render-panels.js";
import { receiveSheet } from "./scoresheet.js";
import { receiveRematch, renderSeat, showPending, voteAgainIfWaiting } from "./seat.js";
import { ROOM, SEAT_KEY, aboutSeat, myTurn, playedByMe, presetName, refresh, satFrom, seatName, token, ui }
  from "./state.js";
import { handResultText, matchOverText, opening, reasonText, toldBy } from "./text.js";

export function receive(msg) {
  switch (msg.type) {
    case "room": {
      const before = ui.room;
      ui.room = msg;
      ui.clock = { ...msg.clock, at: performance.now(), seq: msg.seq };
      renderClock();
      if (before && before.status === "waiting" && msg.status === "playing") {
        say(t("log.started"));
        log(() => t("log.started"), "sys");
      }
      voteAgainIfWaiting(before, msg);
      refresh();
      break;
    }
    case "welcome":
      if (msg.seat !== null && ui.claimPending?.seat === msg.seat) {
        ui.claimedFrom = { seat: msg.seat, hand: ui.claimPending.fromHand };   // a hand-over
      }
      ui.me = msg.seat;
      // a newcomer waiting for a computer's seat they claimed: theirs from the next hand
      ui.claimPending = msg.seat === null && msg.claim !== undefined && msg.claim !== null
        ? { seat: msg.claim, fromHand: msg.from_hand } : null;
      if (msg.seat !== null) log(() => t("log.welcome", { name: msg.name, seat: seatNumber(msg.seat) }), "sys");
      showPending();
      refresh();
      break;
    case "state":
      // before our hello is answered the server sends the public state: keep it only if we
      // have nothing better (a seat's state never goes back to the public one)
      if (msg.seat === null && ui.me !== null && token()) return;
      ui.latest = msg;
      ui.clock = { ...msg.clock, at: performance.now(), seq: msg.seq };   // counts from here
      renderClock();
      renderSeat();                               // the rematch, as soon as the match is over
      markMatchOver();                            // and the last result says whose it is
      keepPlayed(msg);                            // (not when shown: a rematch comes first)
      enqueue(msg);
      break;
    case "hand_over":
      ui.lastHandOverHand = msg.hand;             // the last hand ended, shown or still to show
      enqueue(msg);
      break;
    case "event":
      enqueue(msg);
      break;
    case "error":
      onError(msg);
      break;
    case "chat":
    case "chat_log":
      receiveChat(msg);
      break;
    case "claim":
      receiveClaim(msg);
      break;
    case "sheet":
      receiveSheet(msg);
      break;
    case "rematch":
      receiveRematch(msg);
      break;
    default:
      break;
  }
}

onPresent({ event: showEvent, state: showState, handOver: showHandOver, idle: announceTurn });

function showEvent(msg) {
  const { verb } = parseAction(msg.action);
  const away = msg.by === "bot" && ui.room?.seats?.[msg.seat]?.kind === "human"
    && (msg.hand ?? 0) >= satFrom(msg.seat);          // (not a hand before the person sat there)
  const phase = msg.phase ?? null;
  const hand = msg.hand ?? null;
  const matches = matchesLastBid(msg);
  log(() => toldBy(msg.seat, msg.action, { phase, hand, matches }) + (away ? ` ${t("log.for_absent")}` : ""),
    verb === "ask" || verb === "reveal" ? "moment" : "");
  // (my own call or card too: "You play jack of diamonds" — the focus has moved on to the
  // next card, whose name was the only thing heard)
  say(toldBy(msg.seat, msg.action, { spoken: true, phase, hand, matches }));
  if (verb === "ask" || verb === "reveal" || verb === "pair") ui.pendingMoment = { seat: msg.seat, verb };
}

/** Whether event `msg` is a bid at the value bid just before it in its hand (bhoos-29's
 * defender matching the challenge, BOT-PROTOCOL §7.2), from the bids shown so far or, the
 * first time after connecting, the history of a state older than the event. */
function matchesLastBid(msg) {
  const { verb, arg } = parseAction(msg.action);
  const before = ui.lastBid?.hand === msg.hand ? ui.lastBid.value
    : ui.st && ui.st.hand === msg.hand && ui.st.seq < msg.seq ? lastBidValue(ui.st.view.history) : null;
  if (verb !== "bid" || !arg) return false;
  const { value } = bidParts(arg);
  ui.lastBid = { hand: msg.hand, value };
  return value === before;
}

function trickWon(trick, hand = null) {
  const you = trick.winner === ui.me && playedByMe(hand);
  const tell = () => (you ? t("log.trick_won.you", { count: trick.points })
    : opening(t("log.trick_won", { who: seatName(trick.winner, { hand }), count: trick.points })));
  log(tell, "trick");
  say(tell());
}

async function showState(msg) {
  const prev = ui.st;
  if (ui.sent !== null && msg.seq !== ui.sent) ui.sent = null;
  const v = msg.view;
  const sameHand = prev && prev.hand === msg.hand;
  let finished = null;
  if (prev && !sameHand) {
    showNotes(msg, "step");                       // the end of the last hand (an annulment)
    ui.bidValue = null;
    ui.banner = null;
    ui.seen.clear();
    const dealer = v.dealer === ui.me && ui.me !== null;
    const tell = () => (dealer ? t("log.new_hand.you", { n: msg.hand + 1 })
      : t("log.new_hand", { n: msg.hand + 1, who: seatName(v.dealer) }));
    log(tell, "sys");
    say(tell());
  } else if (sameHand) {
    const pv = prev.view;
    if (v.tricks.length === pv.tricks.length + 1 && pv.trick?.cards?.length) finished = v.tricks.at(-1);
    // a hidden trump exposed in the play (not an open trump named in the bid)
    if (!pv.trump_exposed && v.trump_exposed && (pv.phase === "play" || ui.pendingMoment)) exposeMoment(v);
    if (!pv.pair && v.pair) pairMoment(v, pv);
  }
  ui.st = msg;
  showNotes(msg);
  if (finished) {
    ui.stage = { trick: finished, done: false };
    refresh();
    await flyNewCards();
    trickWon(finished, msg.hand);
    if (ui.banner && ui.banner.trick <= v.tricks.length) ui.banner = null;
    await finishTrick(finished);
  } else {
    refresh();
    await flyNewCards();
  }
  if (msg.match.over && !(prev && prev.match.over)) {
    log(() => matchOverText(msg.match), "sys");
    say(matchOverText(msg.match), true);
  }
}

/** A finished match this seat played is kept for the replay page's list (seats.js: once a
 *  room), as soon as its final state comes: its showing waits for the last result to be
 *  closed, and "Play again" or a closed tab comes before that. */
function keepPlayed(msg) {
  if (!msg.match?.over || ui.me === null || msg.seat !== ui.me) return;
  const team = msg.view.teams.findIndex((seats) => seats.includes(ui.me));
  rememberPlayed({ room: ROOM, preset: presetName(), at: Math.floor(Date.now() / 1000),
    won: (msg.match.winners || []).includes(team) });
}

/** "Your turn", said and heard once per state, when the table has shown everything. */
function announceTurn() {
  if (!myTurn() || ui.announced === ui.st.seq) return;
  ui.announced = ui.st.seq;
  // what the prompt says ("Your turn: bid 14 or more", not "bid or pass" where no pass is
  // allowed), said after what was just played, not over it (an urgent line cut it short)
  const what = turnPrompt(ui.st);
  say(what ? t("prompt.your_turn", { what }) : t(`turn.${ui.st.view.phase}`));
  sound("turn");
}

function exposeMoment(v) {
  const m = ui.pendingMoment;
  ui.pendingMoment = null;
  const tell = () => {
    const trump = v.trump === "reverse" ? t("trump.reverse") : v.trump
      ? `${SUIT_SYMBOL[v.trump]} ${suitWord(v.trump)}` : t("trump.none");
    const card = !v.indicator ? "" : ` ${v.bidder === ui.me ? t("moment.your_card", { card: cardShort(v.indicator) })
      : t("moment.their_card", { who: seatName(v.bidder), card: cardShort(v.indicator) })}`;
    return (m ? aboutSeat(`moment.${m.verb === "ask" ? "asked" : "revealed"}`, m.seat, { trump })
      : t("moment.exposed", { trump })) + card;
  };
  ui.banner = { tell, cards: v.indicator ? [v.indicator] : [], trick: v.tricks.length + 1, kind: "reveal" };
  log(tell, "moment");
  say(tell(), true);
}

/** A pair shown (28-PAIR-4, 29-PAIR-3): who showed which cards, and what it did to the
 *  bidding side's target (the view before it, `pv`, had the target it moved). */
function pairMoment(v, pv) {
  const you = v.pair.seat === ui.me && ui.me !== null;
  const cards = v.pair.cards.map(cardShort).join(" ");
  const from = pv.target ?? pv.contract;
  const moved = Boolean(v.target && from && v.target !== from);
  const tell = () => (you ? t("moment.pair.you", { cards }) : t("moment.pair", { who: seatName(v.pair.seat), cards }))
    + (moved ? ` ${t("moment.pair_target", { from, to: v.target })}` : "");
  ui.banner = { tell, cards: v.pair.cards, trick: v.tricks.length + 1, kind: "pair" };
  log(tell, "moment");
  say(tell(), true);
}

async function showHandOver(msg) {
  const prev = ui.st;
  if (msg.view.tricks?.length) ui.lastHandOver = msg;   // a hand annulled as dealt has none
  ui.lastResult = msg;
  const v = msg.view;
  const shown = prev && prev.hand === msg.hand ? prev.view.tricks.length : v.tricks.length;
  if (prev && v.tricks.length > shown) {            // the last trick, seen before the result
    const last = v.tricks.at(-1);
    ui.st = { ...prev, seq: msg.seq, view: v, to_act: null, legal: [] };
    ui.stage = { trick: last, done: false };
    refresh();
    await flyNewCards();
    trickWon(last, msg.hand);
    await finishTrick(last);
  } else if (prev && prev.hand === msg.hand) {      // ended by a call (a redeal, a concession)
    ui.st = { ...prev, seq: msg.seq, view: v, to_act: null, legal: [] };
    refresh();
  }
  keepScores(msg);
  const title = t("result.hand_over", { n: msg.hand + 1 });
  const booked = { booked: msg.booked ?? null, scores: msg.scores };   // what the match did with it
  const result = handResultText(v, msg.hand, booked);
  log(() => `${t("result.hand_over", { n: msg.hand + 1 })}: ${handResultText(v, msg.hand, booked)}`, "sys");
  if (v.status === "annulled") $("log").lastElementChild.dataset.annulled = msg.hand;  // (its rule follows)
  say(t("result.hand_over_said", { title, result }), true);   // (a full stop in the language's own)
  await showResult(() => {
    fillHandOver(msg, title);
    const review = v.tricks?.length ? reviewOffer(msg.hand) : null;   // none for a redeal
    if (review) $("ho-body").append(review);
    const dialog = $("hand-over");
    if (!dialog.open) dialog.showModal();
    markMatchOver();               // the match's end, if its final state came meanwhile
  });
}

/** The score at the top is the match's after the hand whose result is shown (`msg`, a
 *  hand_over), as the result's own table says: the state that carries it waits until the
 *  result is closed, and the top said the score before the hand meanwhile.  Under
 *  coolie_kodi the kodis too (56-MATCH-3). */
function keepScores(msg) {
  if (!ui.st || ui.st.hand !== msg.hand || !Array.isArray(msg.scores)) return;
  const kodis = msg.booked?.kodis ? { kodis: msg.booked.kodis } : {};
  ui.st = { ...ui.st, match: { ...(ui.st.match ?? {}), scores: msg.scores, ...kodis } };
  refresh();
}

function onError(msg) {
  if (msg.id !== undefined) chatRefused(msg.id);
  const origin = msg.id !== undefined ? ui.pending.get(msg.id) : undefined;
  if (msg.id !== undefined) ui.pending.delete(msg.id);
  if (msg.code === "unauthorised" && /not a seat of this room/.test(msg.message)) {
    localStorage.removeItem(SEAT_KEY);
    ui.seatInfo = null;
    ui.me = null;
    notice(() => t("notice.key_invalid"), "info");
    refresh();
    return;
  }
  ui.sent = null;
  const tell = () => {
    const why = reasonText(msg);
    return origin?.card ? t("notice.refused_card", { card: cardName(origin.card), why })
      : t("notice.refused", { why });
  };
  notice(tell, "refused");            // (an alert: a screen reader says it; once, not twice)
  sound("refused");
  if (origin?.card) shake(origin.card);
  refresh();
}
