// The presentation: the server's events, states and hand results are shown one at a time,
// in order, each with its motion — a card travels from its player (or from your hand) to
// the trick; a finished trick stays in view, its winner marked, and is swept to the winner;
// the hand's last trick is seen before the result, and the next hand waits behind the result
// until the person continues.  The card speed (settings.js) scales every duration;
// `prefers-reduced-motion` keeps the pauses but nothing moves.  While messages wait their
// turn the table does not offer an action (state.caughtUp()).
import { PACES, pace } from "../settings.js";
import { play as sound } from "../sound.js";
import { $ } from "./dom.js";
import { geometry, plateCentre } from "./layout.js";
import { refresh, ui } from "./state.js";

const queue = [];
let busy = false;
let show = { event() {}, state() {}, handOver() {}, idle() {} };

/** How each kind of message is shown (messages.js): functions that may return promises;
 *  `idle` is called once everything received has been shown. */
export function onPresent(handlers) { show = handlers; }

/** Show this message after those before it. */
export function enqueue(msg) {
  queue.push(msg);
  pump();
}

export const pending = () => queue.length;
const backlog = () => queue.filter((m) => m.type === "state").length > 16;

async function pump() {
  if (busy) return;
  busy = true;
  ui.presenting = true;
  document.body.dataset.caught = "0";
  try {
    while (queue.length) {
      const msg = queue.shift();
      try {
        if (msg.type === "event") await show.event(msg);
        else if (msg.type === "hand_over") await show.handOver(msg);
        else await show.state(msg);
      } catch (e) {
        console.error(e);                    // one message badly shown never stops the table
      }
    }
  } finally {
    busy = false;
    ui.presenting = false;
    document.body.dataset.caught = "1";
    refresh();
    show.idle();
  }
}

const reduced = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** A duration in ms for a base duration: the card speed, and no waiting while a long
 *  backlog (after the result dialog, a reconnection) is caught up with. */
function ms(base) {
  return backlog() ? 0 : base * (PACES[pace()] ?? 1);
}

const wait = (t) => new Promise((resolve) => { if (t > 0) setTimeout(resolve, t); else resolve(); });

/** What the presentation is doing (body[data-stage]: "fly", "trick", "sweep", "result" or
 *  ""), and how many motions it has run (body[data-moved]): for people's tools and tests. */
function stage(name) { document.body.dataset.stage = name; }
function moved() { document.body.dataset.moved = String(Number(document.body.dataset.moved || 0) + 1); }

/** Cards of the trick drawn for the first time fly in: mine from where I clicked it, the
 *  others' from their plates.  Resolves when they have landed. */
export async function flyNewCards() {
  const fresh = [...$("center").querySelectorAll(".tcard[data-fresh='1']")];
  if (!fresh.length) return;
  sound("card");
  const duration = reduced() ? 0 : ms(320);
  const flights = fresh.map((el) => {
    el.dataset.fresh = "0";
    if (!duration) return null;
    const seat = Number(el.dataset.seat);
    const rect = el.getBoundingClientRect();
    const launch = ui.launch && seat === ui.me && ui.launch.card === el.dataset.card ? ui.launch.rect : null;
    const from = launch ? { x: launch.left + launch.width / 2, y: launch.top + launch.height / 2 }
      : plateCentre($("felt"), seat);
    if (!from) return null;
    const dx = from.x - (rect.left + rect.width / 2);
    const dy = from.y - (rect.top + rect.height / 2);
    const scale = launch ? launch.width / Math.max(1, rect.width) : 0.45;
    const rot = el.dataset.rot;
    el.classList.add("flying");
    return el.animate([
      { transform: `translate(${dx}px, ${dy}px) rotate(0deg) scale(${scale})`, opacity: launch ? 1 : 0.3 },
      { transform: `rotate(${rot}deg)`, opacity: 1 },
    ], { duration, easing: "cubic-bezier(.2,.75,.3,1)" }).finished.then(() => el.classList.remove("flying"));
  }).filter(Boolean);
  ui.launch = null;
  if (flights.length) moved();
  stage("fly");
  await Promise.all(flights);
  stage("");
}

/** A finished trick: held in view with its winner marked, then swept to the winner. */
export async function finishTrick(trick) {
  ui.stage = { trick, done: true };
  refresh();
  stage("trick");
  await wait(ms(1100));
  const cards = [...$("center").querySelectorAll(".tcard")];
  const to = plateCentre($("felt"), trick.winner);
  const duration = reduced() ? 0 : ms(420);
  sound("trick");
  if (duration && to && cards.length) {
    moved();
    stage("sweep");
    await Promise.all(cards.map((el) => {
      const r = el.getBoundingClientRect();
      const dx = to.x - (r.left + r.width / 2);
      const dy = to.y - (r.top + r.height / 2);
      return el.animate([
        { transform: `rotate(${el.dataset.rot}deg)`, opacity: 1 },
        { transform: `translate(${dx}px, ${dy}px) rotate(0deg) scale(.3)`, opacity: 0 },
      ], { duration, easing: "cubic-bezier(.5,0,.75,.4)", fill: "forwards" }).finished;
    }));
  }
  ui.stage = null;
  stage("");
  refresh();
}

/** The result of a hand: after its last trick has been seen, the dialog; the messages after
 *  it wait until the person continues. */
export async function showResult(open) {
  stage("result");
  const dialog = $("hand-over");
  const closed = new Promise((resolve) => dialog.addEventListener("close", resolve, { once: true }));
  open();
  await closed;
  stage("");
}

export { geometry };
