// The connection: one WebSocket to the room (docs/protocol.md), said hello to with the seat's
// token when there is one, and opened again after a drop with a growing delay (0.5 s doubling
// to 10 s, counted down on the chip), at once when the device says it is online again or
// the page is looked at again.  A link that goes silent without closing (a phone's network
// gone: no packet comes, and none says the socket is closed) is found by a `ping` after
// QUIET_MS without a message, and given up after DEAD_MS: the page said "connected" and ran
// the turn clock while the server had the computer play the seat.  `send` a message; every
// message received goes to the handler given to `onMessage`.  The chip in the top bar says
// how the connection stands.
import { t } from "../i18n.js";
import { $, notice } from "./dom.js";
import { ROOM, token } from "./state.js";

// (a test may shorten them: `window.twentyeightLinkTimes`, set before the page's scripts)
const { QUIET_MS, DEAD_MS, WATCH_MS } = {
  QUIET_MS: 15000,       // no message for this long: ask the server with a ping
  DEAD_MS: 25000,        // none for this long (the ping unanswered): the link is dead
  WATCH_MS: 5000,        // how often the silence is looked at
  ...(window.twentyeightLinkTimes || {}),
};

const link = {
  ws: null,              // the socket in use (a closed one's late events are ignored)
  backoff: 500,          // ms before the next attempt
  retry: null,           // the timer of that attempt
  retryAt: 0,            // when it is due (performance.now()), for the chip's count
  countdown: null,       // the chip's count's timer
  watch: null,           // the silence watch's timer
  heard: 0,              // when the last message came (performance.now())
  unsent: false,         // an action was refused here while not connected
  closedForGood: false,  // no such table: no more attempts
  status: null,          // what the chip says: {key, params, kind}
};
let receive = () => {};

/** Where the server's messages go (one parsed object at a time). */
export function onMessage(handler) { receive = handler; }

/** Whether the socket is open now. */
export const isConnected = () => link.ws?.readyState === WebSocket.OPEN;

/** Send one message now: false if the socket is not open (nothing is queued). */
export function send(message) {
  if (isConnected()) {
    link.ws.send(JSON.stringify(message));
    return true;
  }
  return false;
}

/** Say that an action was not sent (the socket is not open); once connected again the
 *  notice says so and asks for it again, rather than "Reconnecting…" under "connected". */
export function notSent() {
  link.unsent = true;
  notice(() => t("notice.not_connected"), "info");
}

export function connect() {
  clearTimeout(link.retry);
  clearInterval(link.countdown);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/rooms/${encodeURIComponent(ROOM)}/ws`);
  link.ws = ws;
  setConn("conn.connecting", {}, "wait");
  ws.addEventListener("open", () => {
    link.backoff = 500;
    link.heard = performance.now();
    setConn("conn.connected", {}, "ok");
    if (token()) send({ type: "hello", token: token() });
    if (link.unsent) {
      link.unsent = false;
      notice(() => t("notice.reconnected"), "info");
    }
    watchSilence(ws);
  });
  ws.addEventListener("message", (e) => {
    if (link.ws !== ws) return;
    link.heard = performance.now();
    let msg;
    try { msg = JSON.parse(e.data); } catch { return; }
    receive(msg);
  });
  ws.addEventListener("close", (e) => {
    if (link.ws !== ws) return;
    if (e.code === 4404 || e.code === 4410) {        // no such table; a closed one
      link.ws = null;
      link.closedForGood = true;
      const closed = e.code !== 4404;
      setConn(closed ? "conn.closed" : "conn.no_table", {}, "bad");
      $("prompt").textContent = t(closed ? "conn.closed_long" : "conn.no_table_long", { room: ROOM });
      return;
    }
    dropped(ws);
  });
}

/** `ws` is gone (closed, or silent past DEAD_MS): forget it and try again later. */
function dropped(ws) {
  if (link.ws !== ws) return;
  link.ws = null;
  clearInterval(link.watch);
  try { ws.close(); } catch { /* (already closing) */ }
  link.retryAt = performance.now() + link.backoff;
  link.retry = setTimeout(connect, link.backoff);
  link.backoff = Math.min(10000, link.backoff * 2);
  showRetry();
  clearInterval(link.countdown);
  link.countdown = setInterval(showRetry, 1000);
}

function showRetry() {
  const seconds = Math.max(0, (link.retryAt - performance.now()) / 1000);
  setConn("conn.retry", { seconds: seconds < 1 ? Number(seconds.toFixed(1)) : Math.ceil(seconds) }, "bad");
}

/** Ping the server when `ws` has been quiet for QUIET_MS; drop it when quiet for DEAD_MS. */
function watchSilence(ws) {
  clearInterval(link.watch);
  link.watch = setInterval(() => {
    if (link.ws !== ws) { clearInterval(link.watch); return; }
    const quiet = performance.now() - link.heard;
    if (quiet >= DEAD_MS) dropped(ws);
    else if (quiet >= QUIET_MS) send({ type: "ping" });
  }, WATCH_MS);
}

/** Try now, not at the end of the wait: the device is online again, or the page is looked at
 *  again (a phone wakes a tab it had put to sleep). */
function tryNow() {
  if (link.closedForGood) return;
  if (!link.ws) {
    link.backoff = 500;
    connect();
  } else if (isConnected() && performance.now() - link.heard >= QUIET_MS) {
    send({ type: "ping" });                  // (the watch drops it if nothing answers)
  }
}
window.addEventListener("online", tryNow);
document.addEventListener("visibilitychange", () => { if (!document.hidden) tryNow(); });

function setConn(key, params, kind) {
  link.status = { key, params, kind };
  renderConn();
}

/** The chip that says how the connection stands (drawn again on a change of language). */
export function renderConn() {
  const c = $("conn");
  if (!link.status) return;
  c.textContent = t(link.status.key, link.status.params);
  c.dataset.kind = link.status.kind;
  if (link.closedForGood) $("prompt").textContent = t("conn.no_table_long", { room: ROOM });
}
