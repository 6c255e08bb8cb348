// The tutorials (/learn: 28's; /learn/29, /learn/56): one scripted deal, step by step (GET
// /api/tutorial?game=…, twentyeight.analysis.tutorial).  Each step says something; some wait
// for the learner's card or call — the one the lesson wants moves on, another legal one is
// gently refused, an illegal one is refused with the engine's own reason.  The other
// players' moves are scripted; the table shows the learner's view after every step.
import { cardShort, spokenNodes, spriteSVG } from "../cards.js";
import { joinList, onLanguage, pickLanguage, t, translateStatic, useLanguage } from "../i18n.js";
import { reasonWithRule, withoutRule } from "../reasons.js";
import { loaded } from "../request.js";
import { languageSwitch, remember } from "../settings.js";
import { bidParts, labelNode, parseAction } from "../words.js";
import { gameName } from "../games.js";
import { drawBoard, el, handStop, historyList, refitBoard } from "../learn/board.js";
import { ruleHref } from "../learn/notes.js";
import { tellIn } from "../table/dom.js";

const $ = (id) => document.getElementById(id);
/** The lesson's game: the page's address says it (/learn/29), 28 by default. */
const GAME = (() => {
  const part = window.location.pathname.split("/")[2] || "28";
  try { return decodeURIComponent(part); } catch { return part; }         // (a stray "%")
})();
const lesson = { steps: [], at: 0, clockwise: false, seats: 4 };
/** The seats' names from the learner's (seat 0) round the table the way play goes when it
 *  goes anticlockwise (28, 56: the next seat in turn is on the right), by the number of
 *  seats; clockwise (29), the same places taken the other way round. */
const SEATS = { 4: ["you", "right", "partner", "left"],
  6: ["you", "right", "right_partner", "across", "left_partner", "left"] };
const names = () => {
  const [you, ...others] = SEATS[lesson.seats];
  return [you, ...(lesson.clockwise ? others.reverse() : others)].map((who) => t(`tut.name_${who}`));
};

/** The most bids a step offers: all of them in 28's and 29's lessons (a number each). */
const MOST_BIDS = 13;

/** The calls a step offers: every legal one, but where bids are many (56's name a suit too:
 *  145 of them at the opening) only the bids of the lesson's own number, beside the pass,
 *  the double and the redouble (none where the lesson wants another call: a phone held
 *  sideways had the lesson pushed off its column by five bids of 40 beside "Redouble"). */
function offeredCalls(legal, expect) {
  const calls = legal.filter((a) => parseAction(a).verb !== "play");
  const bids = calls.filter((a) => parseAction(a).verb === "bid");
  if (bids.length <= MOST_BIDS) return calls;
  const value = (a) => bidParts(parseAction(a).arg).value;
  const shown = parseAction(expect).verb === "bid" ? value(expect) : null;
  return calls.filter((a) => parseAction(a).verb !== "bid" || value(a) === shown);
}
/** A lesson's title key, `tut.title` (28's) or `tut.title_GAME`; and the page's. */
const titleKey = (game) => (game === "28" ? "tut.title" : `tut.title_${game}`);
const pageTitleKey = (game) => (game === "28" ? "title.learn" : `title.learn_${game}`);
const lessonPath = (game) => (game === "28" ? "/learn" : `/learn/${encodeURIComponent(game)}`);

/** The page's title and links for this lesson's game: its rules, the other lessons, and the
 *  way to a game of it (the lobby opens on the game last chosen: settings.js). */
function frame(lessons) {
  $("tu-title").dataset.i18n = titleKey(GAME);
  document.querySelector("[data-i18n-title]").dataset.i18nTitle = pageTitleKey(GAME);
  $("rules-link").href = `/rules/${encodeURIComponent(GAME)}`;
  $("other-lessons").replaceChildren(...lessons.filter((game) => game !== GAME).flatMap((game) => [
    " · ", el("a", { href: lessonPath(game), "data-i18n": titleKey(game), text: t(titleKey(game)) })]));
  for (const link of [$("play-now"), $("play-link")]) {
    link.addEventListener("click", () => remember("game", GAME));
  }
  translateStatic();
}

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

/** A rule's ID in a lesson's sentence: "(56-PLAY-4)". */
const RULE_ID = /\b(\d{2}-[A-Z0-9]+-\d+)\b/;

/** `node` says `text`, each rule ID in it a link to the rule on the game's rules page (in a
 *  tab of its own: the lesson stays where it is), kept whole on its line ("(28-REV-" above
 *  "3)" on a phone). */
function sayWithRules(node, text) {
  node.replaceChildren(...text.split(RULE_ID).flatMap((part, k) => (k % 2
    ? [el("a", { href: ruleHref(part, GAME), class: "rule-link", target: "_blank", rel: "noopener",
      text: part })]
    : spokenNodes(part))));       // (its cards named in words to a screen reader)
}

function lastAction(i) {
  const before = lesson.steps[i - 1];
  if (!before) return null;
  const moves = [...(before.expect ? [before.expect] : []), ...before.then];
  return moves.length ? moves[moves.length - 1] : null;
}

/** Where the focus goes after a step that was taken from the lesson's own controls (a
 *  card, a call, "Next"): to what the new step asks for — the hand, the call the lesson
 *  wants, "Next", "Play a game".  Drawn again, the control the focus was on had gone, and
 *  the focus fell to the page: every step began from the top, a keyboard's or a screen
 *  reader's. */
function focusTheStep(wantsCard) {
  const target = wantsCard ? handStop($("board"))
    : $("calls").querySelector("button.primary") ?? $("calls").querySelector("button")
      ?? [$("next"), $("play-now")].find((b) => !b.hidden);
  target?.focus();
}

/** Whether the focus is on one of the lesson's controls (its hand, calls and buttons). */
const focusInLesson = () => [$("board"), $("calls"), $("next").parentElement]
  .some((box) => box.contains(document.activeElement));

function show() {
  const hadFocus = focusInLesson();
  const i = lesson.at;
  const step = lesson.steps[i];
  const view = step.view;
  const expect = step.expect;
  const wantsCard = expect && parseAction(expect).verb === "play";
  const playable = view.legal.filter((a) => parseAction(a).verb === "play").map((a) => parseAction(a).arg);
  drawBoard($("board"), { view, me: 0, names: names(), lastAction: lastAction(i), clockwise: lesson.clockwise,
    onCard: wantsCard ? (card) => tryAction(`0 play ${card}`) : null, playable, order: true });
  $("progress").textContent = t("tut.progress", { n: i + 1, total: lesson.steps.length });
  sayWithRules($("say"), t(step.say.key, params(step.say.params)));
  $("feedback").textContent = "";
  $("feedback").className = "tu-feedback";
  const calls = $("calls");
  calls.replaceChildren();
  if (expect && !wantsCard) {
    for (const action of offeredCalls(view.legal, expect)) {
      calls.append(el("button", { type: "button", class: action === expect ? "primary" : "",
        "data-action": action, onclick: () => tryAction(action) }, labelNode(action)));
    }
  }
  $("next").hidden = Boolean(expect) || i === lesson.steps.length - 1;
  document.body.classList.toggle("tu-awaits", Boolean(expect));   // (a phone: no "Start again")
  $("play-now").hidden = i !== lesson.steps.length - 1;     // the way on, on every screen
  const history = historyList(view, 0, names(), { you: true });
  $("history").replaceChildren(history);
  history.scrollTop = history.scrollHeight;
  refitBoard();                      // (the lesson's words above it on a phone: now known)
  if (hadFocus) focusTheStep(wantsCard);
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
    sayWithRules(feedback, reasonWithRule(refused, withoutRule(refused.text, refused.rule)));
  } else {
    const { verb, arg } = parseAction(step.expect);
    const wanted = verb === "play" ? cardShort(arg) : labelNode(step.expect).textContent;
    feedback.replaceChildren(...spokenNodes(t("tut.not_this", { action: wanted })));
  }
  refitBoard();
}

/** A page of a game without a lesson (/learn/40): it says so under the game's name as the
 *  games' lists name it, and leads to its own rules page (a game of that name being one)
 *  and to the lessons there are; no table, no empty list of calls and cards. */
function noLesson(presets, lessons) {
  const game = presets[GAME] ? GAME : null;
  document.body.classList.add("tu-none");
  const say = () => {
    $("tu-title").textContent = game ? t("learn.no_lesson_title", { game: gameName(game) })
      : t("learn.no_game_title");
    $("say").textContent = game ? t("tut.no_lesson", { game: gameName(game) })
      : t("rules.no_preset", { name: GAME });
    const rules = game ? [el("a", { href: `/rules/${encodeURIComponent(game)}`, id: "own-rules",
      text: t("rules.title_of", { name: gameName(game) }) })] : [];
    const ways = lessons.map((one) => el("a", { href: lessonPath(one), text: t(titleKey(one)) }));
    $("calls").replaceChildren(
      el("p", { class: "tu-ways-help", text: t(game ? "learn.no_lesson_help" : "learn.no_game_help") }),
      el("ul", { class: "tu-ways" }, ...[...rules, ...ways].map((a) => el("li", {}, a))));
  };
  say();
  onLanguage(() => { translateStatic(); say(); });
}

async function start() {
  document.body.insertAdjacentHTML("afterbegin", spriteSVG());
  await useLanguage(pickLanguage());
  $("settings").append(languageSwitch());
  // the lessons there are (each preset's `lesson`: 28's, 29's, 56's): a game without one is
  // said so, and no lesson is asked for that is not there
  const known = await loaded("/api/presets", $("say"));
  const presets = known.ok ? known.data.presets : {};
  const lessons = [...new Set(Object.values(presets).map((p) => p.lesson).filter(Boolean))];
  if (known.ok && !lessons.includes(GAME)) {
    noLesson(presets, lessons);
    return;
  }
  const { ok, data } = await loaded(`/api/tutorial?game=${encodeURIComponent(GAME)}`, $("say"));
  if (!ok) {                                            // (the server knows no such lesson)
    noLesson(presets, ["28"]);
    return;
  }
  lesson.steps = data.steps;
  lesson.clockwise = data.direction === "clockwise";
  lesson.seats = data.steps[0].view.hand_sizes.length;
  frame(data.lessons);
  $("next").addEventListener("click", () => { lesson.at = Math.min(lesson.at + 1, lesson.steps.length - 1); show(); });
  $("again").addEventListener("click", () => { lesson.at = 0; show(); });
  $("again").hidden = false;        // (no lesson, no buttons: until it loaded, "Try again")
  $("play-now").addEventListener("click", () => { window.location.href = "/"; });
  onLanguage(() => { translateStatic(); show(); });
  show();
}

start();
