// What the person at the table does: send an action (once per state), click a card (played,
// laid as the trump, or sent anyway so that the server says why not), take a seat, start the
// game.  `act` is the one place that sends actions.
import { t } from "../i18n.js";
import { refusalText } from "../refusal.js";
import { request } from "../request.js";
import { connect, notSent, send } from "./connection.js";
import { $, notice } from "./dom.js";
import { invite } from "./invite.js";
import { namesItself, pendingText } from "./seat.js";
import { NAME_KEY, ROOM, SEAT_KEY, caughtUp, refresh, seatName, token, ui } from "./state.js";

export function act(action, origin) {
  if (!token()) return;
  const id = `m${ui.nextId++}`;
  ui.pending.set(id, origin || action);
  // `seq`: the state this was decided on; the server refuses it as stale if the table has
  // moved on meanwhile (docs/protocol.md)
  if (send({ type: "action", token: token(), action, id, seq: ui.st?.seq })) {
    const legal = ui.st?.legal || [];
    if (legal.includes(action)) {
      ui.sent = ui.st.seq;
      notice("");
      refresh();
    }
  } else {
    notSent();
  }
}

export function clickCard(card, button) {
  const st = ui.st;
  if (!st || ui.me === null) return;
  const me = ui.me;
  if (st.match.over) { notice(() => t("match.over"), "info"); return; }
  if (!caughtUp()) return;                              // the table is still showing moves
  const play = `${me} play ${card}`;
  const trump = `${me} trump ${card}`;
  if (ui.sent === st.seq) return;                      // already sent; wait for the answer
  if (button) ui.launch = { card, rect: button.getBoundingClientRect() };
  if (st.legal.includes(play)) { act(play, { card }); return; }
  if (st.legal.includes(trump)) { act(trump, { card }); return; }
  if (st.to_act !== me) {
    notice(() => t("notice.not_your_turn", { doing: t(`wait.${st.view.phase}`, { who: seatName(st.to_act) }) }), "info");
    shake(card);
    return;
  }
  // my turn, and the card is not among my legal actions: ask the engine why (the server
  // refuses it and says why; nothing changes)
  act(st.view.phase === "trump" ? trump : play, { card });
}

export function shake(card) {
  const b = $("hand").querySelector(`[data-card="${card}"]`);
  if (!b) return;
  b.classList.remove("shake");
  void b.offsetWidth;
  b.classList.add("shake");
}

export async function takeSeat(k) {
  // the waiting room's name, or the watcher's (seat.js) before a computer's seat mid-match
  const typed = ui.room?.status === "waiting" ? $("name-input")?.value : $("watch-name")?.value;
  let name = (typed || localStorage.getItem(NAME_KEY) || "").trim();
  if (!name && namesItself()) {
    // a watcher who tapped "Sit here" on a plate, its name field far down the page (a phone)
    const given = window.prompt(t("lobby.your_name"), "");
    if (given === null) return;                  // cancelled: no seat
    name = given.trim();
  }
  if (name) localStorage.setItem(NAME_KEY, name);
  // the invitation lets us sit; a seat token we hold already makes the server refuse a
  // second seat; the host's token hands a computer's seat over at once
  const ask = { invite: invite(), token: token(), host_token: ui.hostToken };
  if (name) ask.name = name;
  const { ok, data, response } = await request(`/api/rooms/${encodeURIComponent(ROOM)}/seats/${k}`, ask);
  if (!ok) {
    notice(() => t("notice.seat_refused", { why: refusalText(data, response) }), "refused");
    return;
  }
  ui.seatInfo = { seat: k, token: data.token };
  localStorage.setItem(SEAT_KEY, JSON.stringify(ui.seatInfo));
  notice(data.pending ? () => pendingText(k) : "", "info");
  if (!send({ type: "hello", token: data.token })) connect();
}

/** "I'm back": a person whose turn clock ran out, played for by the computer since, takes
 *  the seat's cards back (a `hello` tells the server so: docs/protocol.md, "The turn
 *  clock").  There was no way to but a chat line or a reload. */
export function imBack() {
  if (token()) send({ type: "hello", token: token() });
}

/** Start the match: the host, or at a public table anyone seated (with the seat's token). */
export async function startMatch() {
  const { ok, data, response } = await request(`/api/rooms/${encodeURIComponent(ROOM)}/start`,
    { token: ui.hostToken ?? token() });
  if (!ok) notice(() => t("notice.start_refused", { why: refusalText(data, response) }), "refused");
}
