// Small helpers for the page: find an element, build one, words told again in the language
// the reader picks (`tellIn`), and the three ways the table speaks to people: the screen
// reader's live regions (`say`), the table-talk log and the notice line.
import { spoken } from "../cards.js";
import { onLanguage } from "../i18n.js";

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k === "html") node.innerHTML = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** A rule's ID in brackets at the end of a clause: " (28-BR-1)", " (40-4)", " (3P-7)". */
const RULE_ID = /\s*\((?:[0-9A-Z]+-)+[0-9A-Z]+\)/g;

export function say(text, urgent = false) {
  const region = urgent ? $("live-urgent") : $("live");
  // (cards in words, not "Q♥"; a rule's ID left to the table talk, where it links to the
  // rule: heard, "(28-BR-1)" was "28 dash B R dash 1")
  const line = el("p", { text: spoken(text).replace(RULE_ID, "") });
  region.append(line);
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

const told = new WeakMap();          // node → {tell, text}: what it was told, and said

/** `node` says what `tell()` returns, now and again whenever the reader picks a language
 *  (the table talk, its earlier lines too; a refusal; a note), as long as nothing else has
 *  changed its words meanwhile. */
export function tellIn(node, tell) {
  node.textContent = tell();
  node.dataset.retold = "";
  told.set(node, { tell, text: node.textContent });
  return node;
}

onLanguage(() => {
  for (const node of document.querySelectorAll("[data-retold]")) {
    const said = told.get(node);
    if (!said || node.textContent !== said.text) continue;   // its words replaced since
    node.textContent = said.tell();
    said.text = node.textContent;
  }
});

/** Show that `box` scrolls: its class `more-above` / `more-below` while some of its content is
 *  out of view above / below it (table.css fades that edge), kept as it scrolls and as its
 *  size or its content changes (the hand-over dialog's body: a phone's screen shows a part). */
export function scrollCue(box) {
  const mark = () => {
    box.classList.toggle("more-above", box.scrollTop > 1);
    box.classList.toggle("more-below", box.scrollTop + box.clientHeight < box.scrollHeight - 1);
  };
  box.addEventListener("scroll", mark, { passive: true });
  new ResizeObserver(mark).observe(box);
  new MutationObserver(mark).observe(box, { childList: true, subtree: true, characterData: true,
    attributeFilter: ["open"] });                        // (a <details> opened or closed)
  return mark;
}

/** A line of table talk: `text`, or a function that tells it (told again in another
 *  language when the reader picks one). */
export function log(text, cls = "") {
  const list = $("log");
  list.append(typeof text === "function" ? el("li", { class: cls }, tellIn(el("span"), text))
    : el("li", { text, class: cls }));
  while (list.childElementCount > 80) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

/** The notice line under the prompt: what `tell()` returns (told again in another language
 *  when the reader picks one, as the table talk is), or nothing (`notice("")`). */
export function notice(tell, kind = "refused") {
  noticeIn($("notice"), "notice", tell, kind);
  const line = dialogNotice();
  if (line) noticeIn(line, "dialog-notice notice", tell, kind);
}

function noticeIn(box, classes, tell, kind) {
  box.className = `${classes} ${kind}`;
  if (typeof tell === "function") tellIn(box, tell);
  else box.textContent = tell || "";
  box.hidden = !box.textContent;
}

/** The notice line of the modal dialog open now, made on first use (before its buttons), or
 *  null: an open dialog covers the page's notice, and a refusal told there alone went unseen
 *  (a rematch the server could not make, pressed in "The match is over"). */
function dialogNotice() {
  const dialog = document.querySelector("dialog[open]");
  if (!dialog) return null;
  let line = dialog.querySelector(".dialog-notice");
  if (!line) {
    line = document.createElement("p");
    line.setAttribute("role", "alert");
    const form = dialog.querySelector("form");
    if (form) form.before(line);
    else dialog.append(line);
    dialog.addEventListener("close", () => line.remove(), { once: true });   // (told then)
  }
  return line;
}
