// The connection: one WebSocket to the room (docs/protocol.md), said hello to with the seat's
// token when there is one, and opened again after a drop with a growing delay (0.5 s doubling
// to 10 s).  `send` a message; every message received goes to the handler given to
// `onMessage`.  The chip in the top bar says how the connection stands.
import { t } from "../i18n.js";
import { $ } from "./dom.js";
import { ROOM, token } from "./state.js";

const link = {
  ws: null,              // the socket in use (a closed one's late events are ignored)
  backoff: 500,          // ms before the next attempt
  retry: null,           // the timer of that attempt
  closedForGood: false,  // no such table: no more attempts
  status: null,          // what the chip says: {key, params, kind}
};
let receive = () => {};

/** Where the server's messages go (one parsed object at a time). */
export function onMessage(handler) { receive = handler; }

/** Send one message now: false if the socket is not open (nothing is queued). */
export function send(message) {
  if (link.ws?.readyState === WebSocket.OPEN) {
    link.ws.send(JSON.stringify(message));
    return true;
  }
  return false;
}

export function connect() {
  clearTimeout(link.retry);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/rooms/${encodeURIComponent(ROOM)}/ws`);
  link.ws = ws;
  setConn("conn.connecting", {}, "wait");
  ws.addEventListener("open", () => {
    link.backoff = 500;
    setConn("conn.connected", {}, "ok");
    if (token()) send({ type: "hello", token: token() });
  });
  ws.addEventListener("message", (e) => {
    let msg;
    try { msg = JSON.parse(e.data); } catch { return; }
    receive(msg);
  });
  ws.addEventListener("close", (e) => {
    if (link.ws !== ws) return;
    if (e.code === 4404 || e.code === 4410) {        // no such table; a closed one
      link.closedForGood = true;
      const closed = e.code !== 4404;
      setConn(closed ? "conn.closed" : "conn.no_table", {}, "bad");
      $("prompt").textContent = t(closed ? "conn.closed_long" : "conn.no_table_long", { room: ROOM });
      return;
    }
    setConn("conn.retry", { seconds: Number((link.backoff / 1000).toFixed(1)) }, "bad");
    link.retry = setTimeout(connect, link.backoff);
    link.backoff = Math.min(10000, link.backoff * 2);
  });
}

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
