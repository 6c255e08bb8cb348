// The tutorial (/learn): one scripted deal of 28, step by step (GET /api/tutorial,
// twentyeight.analysis.tutorial).  Each step says something; some wait for the learner's
// card or call — the one the lesson wants moves on, another legal one is gently refused, an
// illegal one is refused with the engine's own reason.  The other players' moves are
// scripted; the table shows the learner's view after every step.
import { cardShort, spriteSVG } from "../cards.js";
import { joinList, onLanguage, pickLanguage, t, translateStatic, useLanguage } from "../i18n.js";
import { reasonWithRule, withoutRule } from "../reasons.js";
import { loaded } from "../request.js";
import { languageSwitch } from "../settings.js";
import { labelNode, parseAction } from "../words.js";
import { drawBoard, el, historyList, refitBoard } from "../learn/board.js";

const $ = (id) => document.getElementById(id);
const lesson = { steps: [], at: 0, clockwise: false };
const NAMES = ["tut.name_you", "tut.name_right", "tut.name_partner", "tut.name_left"];
const names = () => NAMES.map((key) => t(key));

/** A step's parameters in the page's language: cards as J♥, lists of cards joined, a
 *  negative number with its minus sign. */
function params(raw) {
  const out = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name.endsWith("_card")) out[name] = cardShort(value);
    else if (name.endsWith("_cards")) out[name] = joinList(value.map(cardShort));
    else out[name] = typeof value === "number" && value < 0 ? `−${-value}` : value;
  }
  return out;
}

function lastAction(i) {
  const before = lesson.steps[i - 1];
  if (!before) return null;
  const moves = [...(before.expect ? [before.expect] : []), ...before.then];
  return moves.length ? moves[moves.length - 1] : null;
}

function show() {
  const i = lesson.at;
  const step = lesson.steps[i];
  const view = step.view;
  const expect = step.expect;
  const wantsCard = expect && parseAction(expect).verb === "play";
  const playable = view.legal.filter((a) => parseAction(a).verb === "play").map((a) => parseAction(a).arg);
  drawBoard($("board"), { view, me: 0, names: names(), lastAction: lastAction(i), clockwise: lesson.clockwise,
    onCard: wantsCard ? (card) => tryAction(`0 play ${card}`) : null, playable });
  $("progress").textContent = t("tut.progress", { n: i + 1, total: lesson.steps.length });
  $("say").textContent = t(step.say.key, params(step.say.params));
  $("feedback").textContent = "";
  $("feedback").className = "tu-feedback";
  const calls = $("calls");
  calls.replaceChildren();
  if (expect && !wantsCard) {
    for (const action of view.legal.filter((a) => parseAction(a).verb !== "play")) {
      calls.append(el("button", { type: "button", class: action === expect ? "primary" : "",
        "data-action": action, onclick: () => tryAction(action) }, labelNode(action)));
    }
  }
  $("next").hidden = Boolean(expect) || i === lesson.steps.length - 1;
  $("play-now").hidden = i !== lesson.steps.length - 1;     // the way on, on every screen
  const history = historyList(view, 0, names(), { you: true });
  $("history").replaceChildren(history);
  history.scrollTop = history.scrollHeight;
  refitBoard();                      // (the lesson's words above it on a phone: now known)
}

function tryAction(action) {
  const step = lesson.steps[lesson.at];
  if (action === step.expect) {
    lesson.at += 1;
    show();
    return;
  }
  const refused = step.refusals[action];
  const feedback = $("feedback");
  feedback.className = "tu-feedback wrong";
  if (refused && refused.key !== "tut.not_this") {
    feedback.textContent = reasonWithRule(refused, withoutRule(refused.text, refused.rule));
  } else {
    const { verb, arg } = parseAction(step.expect);
    const wanted = verb === "play" ? cardShort(arg) : labelNode(step.expect).textContent;
    feedback.textContent = t("tut.not_this", { action: wanted });
  }
  refitBoard();
}

async function start() {
  document.body.insertAdjacentHTML("afterbegin", spriteSVG());
  await useLanguage(pickLanguage());
  $("settings").append(languageSwitch());
  const { data } = await loaded("/api/tutorial", $("say"));
  lesson.steps = data.steps;
  lesson.clockwise = data.direction === "clockwise";
  $("next").addEventListener("click", () => { lesson.at = Math.min(lesson.at + 1, lesson.steps.length - 1); show(); });
  $("again").addEventListener("click", () => { lesson.at = 0; show(); });
  $("again").hidden = false;        // (no lesson, no buttons: until it loaded, "Try again")
  $("play-now").addEventListener("click", () => { window.location.href = "/"; });
  onLanguage(() => { translateStatic(); show(); });
  show();
}

start();
