// The server's messages (docs/protocol.md): each one updates the state, tells the table talk
// and the screen reader what happened (a call, a trick won, the trump exposed, a hand over, a
// refusal with the engine's reason), and asks for the table to be drawn again.
import { SUIT_SYMBOL, cardName, cardShort, suitWord } from "../cards.js";
import { parseAction } from "../words.js";
import { shake } from "./commands.js";
import { $, log, notice, say } from "./dom.js";
import { fillHandOver } from "./render-panels.js";
import { PHASE_DOING, SEAT_KEY, refresh, seatName, token, ui } from "./state.js";
import { handResultText, matchOverText, told } from "./text.js";

export function receive(msg) {
  switch (msg.type) {
    case "room": {
      const before = ui.room;
      ui.room = msg;
      if (before && before.status === "waiting" && msg.status === "playing") {
        say("The game has started.");
        log("The game has started.", "sys");
      }
      refresh();
      break;
    }
    case "welcome":
      ui.me = msg.seat;
      if (msg.seat !== null) {
        log(`You are ${msg.name} at seat ${msg.seat}.`, "sys");
      }
      refresh();
      break;
    case "state":
      onState(msg);
      break;
    case "event":
      onEvent(msg);
      break;
    case "hand_over":
      onHandOver(msg);
      break;
    case "error":
      onError(msg);
      break;
    default:
      break;
  }
}

function onEvent(msg) {
  const spoken = told(msg.seat, msg.action, { spoken: true });
  const shown = `${told(msg.seat, msg.action)}${msg.by === "bot" && ui.room?.seats?.[msg.seat]?.kind === "human" ? " (computer, for the absent player)" : ""}`;
  const { verb } = parseAction(msg.action);
  log(shown, verb === "ask" || verb === "reveal" ? "moment" : "");
  if (msg.seat !== ui.me) say(spoken);
  if (verb === "ask" || verb === "reveal" || verb === "pair") ui.pendingMoment = { seat: msg.seat, verb };
}

function onState(msg) {
  const prev = ui.st;
  // before our hello is answered the server sends the public state: keep it only if we have
  // nothing better (a seat's state never goes back to the public one)
  if (msg.seat === null && ui.me !== null && token()) return;
  ui.st = msg;
  const v = msg.view;
  if (ui.sent !== null && msg.seq !== ui.sent) ui.sent = null;
  if (prev && prev.hand !== msg.hand) {
    ui.bidValue = null;
    ui.shown.clear();
    ui.banner = null;
    const dealer = seatName(v.dealer);
    log(`Hand ${msg.hand + 1}: ${dealer === "You" ? "you deal" : `${dealer} deals`}.`, "sys");
    say(`New hand. ${dealer === "You" ? "You deal" : `${dealer} deals`}.`);
  } else if (prev && prev.hand === msg.hand) {
    const pv = prev.view;
    if (v.tricks.length > pv.tricks.length) {
      const t = v.tricks.at(-1);
      const text = `${seatName(t.winner)} ${t.winner === ui.me ? "win" : "wins"} the trick (${t.points} point${t.points === 1 ? "" : "s"}).`;
      log(text, "trick");
      say(text);
      if (ui.banner && ui.banner.trick < v.tricks.length) ui.banner = null;
    }
    if (!pv.trump_exposed && v.trump_exposed) exposeMoment(v);
    if (!pv.pair && v.pair) {
      const text = `${seatName(v.pair.seat)} ${v.pair.seat === ui.me ? "show" : "shows"} the pair: ${v.pair.cards.map(cardShort).join(" ")}.`;
      ui.banner = { text, cards: v.pair.cards, trick: v.tricks.length + 1, kind: "pair" };
      say(text, true);
    }
  }
  if (msg.to_act === ui.me && ui.me !== null && msg.legal.length
      && (!prev || prev.seq !== msg.seq || prev.to_act !== ui.me)) {
    say(`Your turn: ${PHASE_DOING[v.phase] || "act"}.`, true);
  }
  if (msg.match.over && !(prev && prev.match.over)) {
    const text = matchOverText(msg.match);
    log(text, "sys");
    say(text, true);
  }
  refresh();
}

function exposeMoment(v) {
  const m = ui.pendingMoment;
  ui.pendingMoment = null;
  const trump = v.trump === "reverse" ? "reversed no-trump" : v.trump
    ? `${SUIT_SYMBOL[v.trump]} ${suitWord(v.trump)}` : "no trump";
  let lead;
  if (m && m.verb === "ask") lead = `${seatName(m.seat)} asked for the trump`;
  else if (m && m.verb === "reveal") lead = `${seatName(m.seat)} revealed the trump`;
  else lead = "The trump is exposed";
  const text = `${lead}: trump is ${trump}${v.indicator ? ` (${v.bidder === ui.me ? "your" : `${seatName(v.bidder)}'s`} card: ${cardShort(v.indicator)})` : ""}.`;
  ui.banner = { text, cards: v.indicator ? [v.indicator] : [], trick: v.tricks.length + 1, kind: "reveal" };
  log(text, "moment");
  say(text, true);
}

function onHandOver(msg) {
  ui.lastHandOver = msg;
  const title = `Hand ${msg.hand + 1} is over`;
  const result = handResultText(msg.view);
  fillHandOver(msg, title);
  log(`${title}: ${result}`, "sys");
  say(`${title}. ${result}`, true);
  const dialog = $("hand-over");
  if (!dialog.open) dialog.showModal();
  refresh();
}

function onError(msg) {
  const origin = msg.id !== undefined ? ui.pending.get(msg.id) : undefined;
  if (msg.id !== undefined) ui.pending.delete(msg.id);
  if (msg.code === "unauthorised" && /not a seat of this room/.test(msg.message)) {
    localStorage.removeItem(SEAT_KEY);
    ui.seatInfo = null;
    ui.me = null;
    notice("Your seat's key is no longer valid here; you are watching.", "info");
    refresh();
    return;
  }
  ui.sent = null;
  const what = origin?.card ? `${cardName(origin.card)}: ` : "";
  notice(`Not allowed — ${what}${msg.message}`, "refused");
  say(`Not allowed. ${what}${msg.message}`, true);
  if (origin?.card) shake(origin.card);
  refresh();
}
