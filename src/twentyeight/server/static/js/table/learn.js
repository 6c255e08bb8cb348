// Learning at the table: the Hint button (where the room's `hints` setting is on, on my turn), the
// explanations of the rules that come with each state (`notes`: the rules that surprised,
// each with its rule ID linking to the rules page), and the review of my decisions in the
// hand just finished (the hand-over dialog).  Everything asked of the server is for my seat
// only (POST /api/rooms/ROOM/hint and …/review, with my seat's token).
import { t } from "../i18n.js";
import { reasonSentence, withoutRule } from "../reasons.js";
import { refusalText } from "../refusal.js";
import { request } from "../request.js";
import { bidParts, bidText, parseAction } from "../words.js";
import { noteNode, presetOf, ruleHref } from "../learn/notes.js";
import { actionLabel, reviewNodes } from "../learn/review.js";
import { $, el, say, tellIn } from "./dom.js";
import { ROOM, myTurn, playedByMe, refresh, token, ui } from "./state.js";
import { annulledWhy } from "./text.js";

const hint = { seq: null, answer: null, busy: false, failed: null };   // failed: request's refusal
const shown = new Set();            // the notes already told: "seq key" (a state may come twice)
const told = new Set();             // the turn notes told this hand: "hand key"

const preset = () => presetOf(ui.room?.rules ?? ui.st?.view?.rules);
/** Whether the room offers hints to my seat: its `hints` setting, in the room's summary. */
const offered = () => ui.room?.hints === true && ui.me !== null && Boolean(token());

async function askHint() {
  const seq = ui.st?.seq;
  hint.busy = true;
  hint.failed = null;
  renderHint();
  const answer = await request(`/api/rooms/${encodeURIComponent(ROOM)}/hint`, { token: token() });
  if (answer.ok) {
    hint.answer = answer.data;
    hint.seq = seq;
    const text = hintText();
    if (text) say(text);
  } else {
    hint.failed = answer;           // said at each drawing, in the language of the moment
  }
  hint.busy = false;
  refresh();                        // the page fitted again round the hint's words
}

function hintText() {
  const a = hint.answer;
  if (!a) return "";
  const reason = reasonSentence(a.reason, withoutRule(a.text, a.reason.rule));
  // a bid said as one ("बोली 17"), where the review's label is its number alone (its line
  // begins with the auction's word, the bid's too in Hindi, Bengali and Tamil): "सुझाव: 17"
  const { verb, arg } = parseAction(a.action);
  const bid = verb === "bid" && arg ? bidParts(arg) : null;
  const action = bid ? t("hint.bid", { bid: bidText(bid.value, bid.den) }) : actionLabel(a.action);
  return t("hint.says", { action, reason });
}

/** The Hint button at the end of my turn's prompt, and once asked, the hint in place of the
 *  prompt's words (drawn after the prompt, before the page is fitted: a hint longer than
 *  the prompt takes its room from the hand's cards, never from the calls). */
export function renderHint() {
  for (const node of document.querySelectorAll(".hinted")) node.classList.remove("hinted");
  const prompt = $("prompt");
  if (!prompt || !offered() || !myTurn()) return;
  // (the computer plays my cards while my time is up: the prompt is its, and kept as it is
  // on every state, so a button added at each of my turns piled up)
  if (ui.room?.seats?.[ui.me]?.played_by === "bot") return;
  prompt.querySelector("#hint-btn")?.remove();
  const current = hint.answer && hint.seq === ui.st?.seq;
  const button = el("button", { type: "button", id: "hint-btn", class: "hint-inline",
    title: t("hint.title"), text: hint.busy ? t("hint.thinking") : t("hint.button"),
    disabled: hint.busy || current, onclick: askHint });
  if (current) {                    // the hint in the prompt's place; no button until next turn
    prompt.replaceChildren(el("span", { id: "hint-text", class: "hint-text", text: hintText() }));
    const { verb, arg } = parseAction(hint.answer.action);
    // a card to play, or to lay face down as the trump (28: chosen from the hand)
    const fromHand = verb === "play" || (verb === "trump" && arg?.length === 2);
    // (a 56 bid is two presses, its value then its trump: the value's button until it is
    // chosen — the bid's own button is not drawn yet, and nothing was outlined)
    const target = fromHand ? document.querySelector(`#hand .card[data-card='${arg}']`)
      : document.querySelector(`#actions button[data-action='${hint.answer.action}']`)
        ?? (verb === "bid" ? document.querySelector(`#actions button.bid-value[data-value='${bidParts(arg).value}']`) : null);
    target?.classList.add("hinted");
  } else if (hint.failed) {
    prompt.replaceChildren(el("span", { id: "hint-text", class: "hint-text",
      text: t("hint.failed", { why: refusalText(hint.failed.data, hint.failed.response) }) }));
  }
  const why = prompt.querySelector(".prompt-why");         // (the button on the prompt's line)
  if (!current && why) why.before(" ", button);
  else if (!current) prompt.append(" ", button);
}

/** The explanations of the rules that came with a state, shown in the table talk: what
 *  just happened once, a restriction of my own choices once a hand.  `kind`: only the notes
 *  of that kind (`step`: what the last action did — the first state of a hand tells the
 *  annulment of the one before, which is said before the new deal).  An annulment says whose
 *  cards, as the hand's result does (`ui.lastResult`, that hand's end); right after the
 *  result's own line it only adds its rule to that line. */
export function showNotes(msg, kind = null) {
  const list = $("log");
  if (!list || !msg.notes?.length) return;
  for (const note of msg.notes) {
    if (kind && note.kind !== kind) continue;
    const key = note.kind === "turn" ? `${msg.hand} ${note.key}` : `${msg.seq} ${note.key}`;
    const seen = note.kind === "turn" ? told : shown;
    if (seen.has(key)) continue;
    seen.add(key);
    const why = note.key === "annulled" ? annulledWhy(ui.lastResult?.view) : "";
    const result = list.lastElementChild;
    if (why && note.rule && result?.dataset.annulled === String(ui.lastResult.hand)) {
      result.append(" (", el("a", { href: ruleHref(note.rule, preset()), class: "rule-link",
        text: note.rule }), ")");                // the result just said it: its rule beside it
      continue;
    }
    const said = why ? { rule: note.rule, text: t("note.annulled", { why }) } : note;
    const item = noteNode(said, preset());
    list.append(item);
    say(item.textContent);
  }
  list.scrollTop = list.scrollHeight;
}

/** The review of my decisions in finished hand `hand`, offered in the hand-over dialog: not
 *  for a hand the computer played at my seat before I took it over, nor at a rated table
 *  while its match counts (the server reviews those only once the match is over: 403
 *  not_your_hand, 409 rated_in_play; the match's replay offers the review then). */
export function reviewOffer(hand) {
  if (ui.me === null || !token() || !playedByMe(hand)) return null;
  if (ui.room?.rated && !ui.st?.match?.over) return null;
  // (focusable: the button goes as the review comes, and the focus would fall out of the
  // dialog to the page; it stays on the review, which a screen reader then reads)
  const box = el("div", { class: "ho-review", id: "ho-review", tabindex: "-1" });
  const button = el("button", { type: "button", id: "review-btn", text: t("review.hand_over"),
    onclick: async () => {
      button.disabled = true;
      const hadFocus = document.activeElement === button;
      box.replaceChildren(el("p", { class: "muted", role: "status", text: t("review.working") }));
      if (hadFocus) box.focus({ preventScroll: true });
      const answer = await request(`/api/rooms/${encodeURIComponent(ROOM)}/review`, { token: token(), hand });
      if (answer.ok) {
        box.replaceChildren(...reviewNodes(answer.data.decisions, { unit: answer.data.unit }));
        toTheTop(box);
        // (the "working" line it replaced was the last a screen reader heard of it)
        say(box.querySelector(".rv-summary")?.textContent ?? "");
        return;
      }
      button.disabled = false;      // the refusal, and the button to ask again
      box.replaceChildren(tellIn(el("p", { class: "error", role: "alert" }),
        () => refusalText(answer.data, answer.response)), button);
      if (hadFocus) button.focus();
    } });
  box.append(button);
  return box;
}

/** The review brought into view: its top at the top of the dialog's scrolling body (below
 *  the edge that fades there, its `scroll-margin-top`: table.css).  Below the result, the
 *  score and the tricks, on a phone it was a strip of a line or two cut above the buttons,
 *  and nothing showed that it went on. */
function toTheTop(box) {
  const body = box.closest("#ho-body");
  if (!body) return;
  const margin = parseFloat(getComputedStyle(box).scrollMarginTop) || 0;
  body.scrollTop += box.getBoundingClientRect().top - body.getBoundingClientRect().top - margin;
}

/** Once the match is over and its record offered: a link to replay it, hand by hand, with
 *  the review alongside (/replay?room=ROOM). */
export function renderReplayLink() {
  const download = document.querySelector("#prompt a[download]");
  if (!download || !ui.st?.match?.over) return;
  download.after(" · ", el("a", { id: "replay-link", href: `/replay?room=${encodeURIComponent(ROOM)}&hand=0`,
    text: t("table.replay_link") }));
}

/** The link to the rules page of this table (with its own flags), in the side panel. */
export function renderRulesLink() {
  const box = $("rules-link-box");
  if (!box) return;
  box.replaceChildren(el("a", { class: "rules-link", target: "_blank", rel: "noopener",
    href: `/rules/${encodeURIComponent(preset())}?room=${encodeURIComponent(ROOM)}`,
    text: t("table.rules_link") }));
}
