// The table's chat (docs/protocol.md, "At the table"): lines of text and quick phrases from the
// people seated, kept by the room (the last ones arrive as `chat_log` on connecting, so a reload
// keeps them).  A phrase travels as its key and is said in the reader's language.  Spectators
// read; only a seat may write.  Muting a person is this browser's own choice, remembered per
// room and seat (localStorage); their lines are then hidden here and nowhere else.
import { t } from "../i18n.js";
import { notSent, send } from "./connection.js";
import { $, el, say, tellIn } from "./dom.js";
import { ROOM, seatName, ui } from "./state.js";

export const PHRASES = ["hello", "good_luck", "well_played", "thanks", "sorry", "oops", "hurry", "bye"];
const MUTE_KEY = `twentyeight:mute:${ROOM}`;
const MAX_LINES = 100;
const MAX_CHARS = 200;

const chat = {
  lines: [],                                         // as the server sent them, oldest first
  muted: new Set(JSON.parse(localStorage.getItem(MUTE_KEY) || "[]")),   // "seat:name"
};

const who = (line) => `${line.seat}:${line.name}`;
const lineText = (line) => (line.phrase ? t(`phrase.${line.phrase}`) : line.text);
/** Who said a line: the name it was said under (a seat changes hands; a newcomer waiting
 *  for a seat talks under their own name), "You" for mine. */
const speaker = (line) => (line.seat === ui.me && line.name === ui.room?.seats?.[ui.me]?.name
  ? seatName(line.seat) : line.name || seatName(line.seat));

/** The server's `chat` (one line) and `chat_log` (the lines kept) messages. */
export function receiveChat(msg) {
  if (msg.type === "chat_log") {
    chat.lines = msg.lines.slice(-MAX_LINES);
  } else {
    if (chat.lines.some((l) => l.n === msg.n)) return;
    chat.lines.push(msg);
    chat.lines = chat.lines.slice(-MAX_LINES);
    if (!chat.muted.has(who(msg)) && msg.seat !== ui.me) {
      say(t("chat.said", { who: seatName(msg.seat), text: lineText(msg) }));
      if (!chatInView) showNewLine(msg);
    }
  }
  renderChat();
}

let chatInView = true;

/** "New message from Ravi" at the top of the screen, while the chat is out of view (below the
 *  table on a phone held upright: a friend's line went unseen); a tap shows the chat. */
function showNewLine(msg) {
  tellIn($("chat-new"), () => t("chat.new", { who: seatName(msg.seat) })).hidden = false;
}

/** Show the chat: open the drawer it is in (a phone held sideways), then scroll to it. */
function goToChat() {
  $("chat-new").hidden = true;
  const details = $("details-btn");
  if (details.offsetParent !== null && details.getAttribute("aria-expanded") !== "true") details.click();
  $("chat").scrollIntoView({ block: "start" });
}

/** Send a line (or a phrase); whether it went (if not, the table says it is not connected). */
function speak(body) {
  const id = `c${ui.nextId++}`;
  const sent = send({ type: "chat", ...body, id });
  if (!sent) notSent();
  else if (body.text) ui.lastChat = { id, text: body.text };
  return sent;
}

/** The server refused message `id`: if it was my last line (said too fast, say), it goes
 *  back in the box to send again, unless something else was written there since.  It was
 *  lost: the box was emptied when it was sent. */
export function chatRefused(id) {
  const input = $("chat-input");
  if (!input || ui.lastChat?.id !== id) return;
  if (!input.value.trim()) input.value = ui.lastChat.text;
  ui.lastChat = null;
}

function toggleMute(key) {
  if (chat.muted.has(key)) chat.muted.delete(key); else chat.muted.add(key);
  localStorage.setItem(MUTE_KEY, JSON.stringify([...chat.muted]));
  renderChat();
}

/** The chat box: the lines (muted people's hidden), the line to write and the phrases (for
 *  a seat), and a mute switch for each person who has spoken. */
export function renderChat() {
  const box = $("chat");
  if (!box) return;
  const list = $("chat-lines");
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.replaceChildren();
  const shown = chat.lines.filter((l) => !chat.muted.has(who(l)));
  if (!shown.length) list.append(el("li", { class: "sys", text: t("chat.empty") }));
  for (const line of shown) {
    list.append(el("li", { class: line.seat === ui.me ? "mine" : "", "data-n": line.n },
      el("strong", { text: `${speaker(line)}: ` }),
      el("span", { class: line.phrase ? "phrase" : "", text: lineText(line) })));
  }
  if (atEnd) list.scrollTop = list.scrollHeight;
  const speakers = new Map();
  for (const line of chat.lines) if (line.seat !== ui.me) speakers.set(who(line), line);
  const mutes = $("chat-mutes");
  mutes.replaceChildren();
  for (const [key, line] of speakers) {
    const off = chat.muted.has(key);
    mutes.append(el("button", { type: "button", class: "small mute", "aria-pressed": String(off),
      "data-mute": key, text: t(off ? "chat.unmute" : "chat.mute", { name: line.name || seatName(line.seat) }),
      onclick: () => toggleMute(key) }));
  }
  const seated = ui.me !== null || Boolean(ui.claimPending);    // (a newcomer waiting talks)
  $("chat-form").hidden = !seated;
  $("chat-phrases").hidden = !seated;
  $("chat-spectator").hidden = seated;
  $("chat-spectator").textContent = t("chat.spectator");
  const input = $("chat-input");
  input.placeholder = t("chat.placeholder");
  input.setAttribute("aria-label", t("chat.placeholder"));
  $("chat-send").textContent = t("chat.send");
  // drawn again when any of their words change: two languages may greet alike (हिन्दी and
  // नेपाली both say "नमस्ते!") and differ in the rest
  const phrases = $("chat-phrases");
  const words = PHRASES.map((p) => t(`phrase.${p}`));
  if (phrases.dataset.words !== words.join("\n")) {
    phrases.dataset.words = words.join("\n");
    phrases.replaceChildren(...PHRASES.map((p, i) => el("button", {
      type: "button", class: "small phrase", "data-phrase": p, text: words[i],
      onclick: () => speak({ phrase: p }),
    })));
  }
}

/** Wire the form once (main.js). */
export function setUpChat() {
  const input = $("chat-input");
  input.maxLength = MAX_CHARS;
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (speak({ text })) input.value = "";     // not sent (no connection): kept, to send again
  });
  input.addEventListener("keydown", (e) => e.stopPropagation());   // the table's keys stay out
  $("chat-new").addEventListener("click", goToChat);
  new IntersectionObserver(([entry]) => {
    chatInView = entry.isIntersecting;
    if (chatInView) $("chat-new").hidden = true;
  }).observe($("chat-lines"));
  renderChat();
}
