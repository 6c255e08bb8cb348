// The person's seat: standing up (a computer player takes the seat, the person watches) and
// the rematch at the end of the match (every person seated agrees, or the host of a private
// unrated table deals it; the
// server deals it in a new room with the same seats, and this browser follows with its seat
// token, which holds the new seat too).
import { seatNumber, t } from "../i18n.js";
import { notSent, send } from "./connection.js";
import { $, el, log, notice, say } from "./dom.js";
import { maySit, signedIn } from "./invite.js";
import { NAME_KEY, SEAT_KEY, aboutSeat, hostKey, refresh, seatKey, seatName, token, ui } from "./state.js";

/** Before the start a seat left is free again (no computer plays it yet): said so. */
const beforeStart = () => ui.room?.status === "waiting";

function stand() {
  if (!token() || !window.confirm(t(beforeStart() ? "seat.leave_confirm" : "seat.stand_confirm"))) return;
  if (!send({ type: "stand", token: token(), id: `s${ui.nextId++}` })) {
    notSent();
    return;
  }
  localStorage.removeItem(SEAT_KEY);       // the token is no longer a seat of this room
  ui.seatInfo = null;
  log(() => t("seat.stood"), "sys");
  refresh();
}

/** Whether a watcher who may take a computer's seat mid-match ("Sit here" on its plate) is
 *  asked the name to sit under, as the waiting room asks it: a friend who came by the seat
 *  link mid-match sat as "Player 4". Not a signed-in player (their own name), nor at a
 *  rated table. */
export function namesItself() {
  return ui.room?.status === "playing" && !ui.claimPending && !ui.room?.rated
    && !ui.latest?.match?.over && maySit() && signedIn() === false;
}

function askRematch() {
  const ask = { type: "rematch", id: `r${ui.nextId++}` };
  if (token()) ask.token = token();
  if (ui.hostToken) ask.host_token = ui.hostToken;
  if (!send(ask)) notSent();
}

/** A room summary came while I wait for a rematch I agreed to: somebody may have gone, and
 *  at a public table the rematch then waits only for those still there — said again, my
 *  vote lets the server deal it (it answers a repeated vote to me alone otherwise). */
export function voteAgainIfWaiting(before, now) {
  const r = ui.rematch;
  if (!r || r.room || ui.me === null || !r.agreed.includes(ui.me) || !now.public || !before) return;
  const there = (room) => room.seats.map((s) => s.connected).join();
  if (there(before) !== there(now)) askRematch();
}

/** The server's `rematch` message: the votes so far, or the new room to go to. */
export function receiveRematch(msg) {
  const before = ui.rematch;
  ui.rematch = msg;
  if (msg.room && !before?.room) {
    log(() => t("rematch.dealt"), "sys");
    say(t("rematch.dealt"), true);
    if (ui.seatInfo && ui.seatInfo.token) {
      // a signed-in player's token belongs to the room: the server tells this seat the new one
      const seat = msg.token ? { ...ui.seatInfo, token: msg.token } : ui.seatInfo;
      localStorage.setItem(seatKey(msg.room), JSON.stringify(seat));
      if (ui.hostToken) localStorage.setItem(hostKey(msg.room), ui.hostToken);
      location.assign(msg.path);
      return;
    }
  } else if (!msg.room) {
    for (const k of msg.agreed.filter((s) => !(before?.agreed || []).includes(s))) {
      log(() => aboutSeat("rematch.agrees", k), "sys");
    }
  }
  refresh();
}

/** The rematch controls (under the prompt that says the match is over, and under the
 *  result of the last hand). */
export function rematchControls() {
  if (!ui.latest?.match?.over) return null;      // (the result of the last hand shows first)
  const r = ui.rematch;
  const box = el("div", { class: "rematch", role: "group", "aria-label": t("rematch.title") });
  if (r?.room) {
    box.append(el("a", { href: r.path, class: "button primary", text: t("rematch.go") }));
    return box;
  }
  const agreed = r?.agreed || [];
  const needed = r?.needed || (ui.room?.seats || []).filter((s) => s.kind === "human").map((s) => s.seat);
  // nobody seated to agree (a table of computers, or one its people left): no "0 of 0" to
  // count; only its host, at a table of friends, may deal the rematch — else nothing is said
  const host = ui.hostToken && !ui.room?.rated && !ui.room?.public;
  if (!needed.length && !host) return null;
  // the only person at the table (with computers): "Play again" alone — no "0 of 1" to count,
  // and no host's "deal it now" beside it, which would do the same
  const alone = needed.length === 1 && needed[0] === ui.me;
  if (!alone && needed.length) {
    box.append(el("p", { class: "votes", text: t("rematch.votes", { agreed: agreed.length, total: needed.length }) }));
  }
  const mine = ui.me !== null && agreed.includes(ui.me);
  if (ui.me !== null && !mine) {
    box.append(el("button", { type: "button", class: "primary", "data-rematch": "vote", text: t("rematch.button"), onclick: askRematch }));
  } else if (mine) {
    box.append(el("p", { class: "sys", text: t("rematch.waiting") }));
  }
  // the host deals it alone only among friends: at a rated or public table everyone agrees
  if (host && !alone) {
    box.append(el("button", { type: "button", class: "small", "data-rematch": "host", text: t("rematch.host"), onclick: askRematch }));
  }
  return box;
}

/** What a newcomer waiting for a claimed seat is told: which seat, from the next hand. */
export function pendingText(k) {
  return t("notice.seat_pending", { seat: `${seatNumber(k)} (${seatName(k, { you: false })})` });
}

/** The notice of a seat claimed for the next hand while the person watches (a claim made
 *  here, or by Quick play before the page opened: the server's welcome says so), taken
 *  away once the seat is handed over. */
export function showPending() {
  if (ui.claimPending) {
    const { seat } = ui.claimPending;
    notice(() => pendingText(seat), "info");
    $("notice").dataset.pending = "1";
  } else if ($("notice").dataset.pending) {
    delete $("notice").dataset.pending;
    notice("");
  }
}

/** The seat box (stand up while seated) and, once the match is over, the rematch: under the
 *  prompt that says so, on the first screen of a phone as of a desktop (in the side panel it
 *  was a long scroll down on a phone once the last result was closed). */
export function renderSeat() {
  const box = $("seat-box");
  if (!box) return;
  const seated = ui.me !== null && token();
  const standing = seated && ui.room && ui.room.status !== "closed" && !ui.latest?.match?.over;
  // drawn again only when something it shows changed: a message arrives several times a
  // second, and a button drawn anew under the pointer or the keyboard focus loses them
  const r = ui.rematch;
  const naming = !seated && namesItself();
  const key = JSON.stringify([Boolean(seated), Boolean(standing), Boolean(ui.latest?.match?.over), ui.claimPending,
    r?.room ?? null, r?.agreed ?? null, r?.needed ?? null, (ui.room?.seats || []).map((s) => s.kind),
    ui.me, Boolean(ui.hostToken), document.documentElement.lang, naming, beforeStart()]);
  if (box.dataset.drawn === key) return;
  box.dataset.drawn = key;
  box.replaceChildren();
  if (standing) {
    box.append(el("button", { type: "button", class: "small", id: "stand-btn",
      text: t(beforeStart() ? "seat.leave" : "seat.stand"), onclick: stand }));
  } else if (!seated) {
    box.append(el("p", { class: "sys", text: ui.claimPending ? pendingText(ui.claimPending.seat) : t("seat.watching") }));
    if (naming) {
      const name = el("input", { id: "watch-name", autocomplete: "nickname", maxlength: "32",
        placeholder: t("waiting.name_placeholder") });
      name.value = localStorage.getItem(NAME_KEY) || "";
      box.append(el("label", { class: "field inline" }, t("waiting.name"), " ", name));
    }
  }
  $("match-rematch").replaceChildren(rematchControls() || "");
  $("ho-rematch").replaceChildren(rematchControls() || "");   // and under the last result
}
