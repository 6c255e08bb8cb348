// The rules of one game (/rules/PRESET, or /rules/PRESET?room=ID for a table's own rules):
// the cards in order with their points, the rules the table explains (each an anchor the
// explanations link to: #rule-28-REV-6), and every rule flag that applies to that game in
// plain words with its value.  Everything comes from /api/presets (twentyeight.rule_words).
// Each rule's row cites the entries of the specification it follows, of this game only
// (28's page: 28-DEAL-3, not 6P-3 nor 56-DEAL-4); each citation opens that entry's own text
// (static/spec/citations.json, written from docs/spec by tools/spec_citations.py).
import { gameName } from "../games.js";
import { has, language, onLanguage, pickLanguage, t, translateStatic, useLanguage } from "../i18n.js";
import { legendFor, legendNodes } from "../legend.js";
import { applies } from "../lobby/flags.js";
import { refusalText } from "../refusal.js";
import { get, request } from "../request.js";
import { languageSwitch } from "../settings.js";
import { el } from "../learn/board.js";

const $ = (id) => document.getElementById(id);
const words = (key, english) => (language() !== "en" && has(key) ? t(key) : english);
const page = { preset: "28", flags: {}, data: null, explained: [], cited: {} };

/** A flag's words without the meaning of its empty value, and that meaning: "Cards each
 *  player holds during the auction (empty: the whole hand)" is the row's text, and "the
 *  whole hand" its value where the flag is empty (the editor's "empty" is no value to show
 *  here).  In every language the meaning is the words' last "(…: …)". */
function emptyMeaning(text) {
  const m = text.match(/^(.*\S)\s*\([^():]+:\s*([^()]+)\)$/);
  return m ? [m[1], m[2]] : [text, null];
}

/** The flags as a player reads them, and the rows a player does not need:
 *  - a floor over the partner's bid set to none is bidding over the partner freely
 *    (29-AUC-4), not "only with at least the bid set below: none"; a floor set is said in
 *    the row itself ("only with a bid of at least 20"), not in a row of its own below;
 *  - a hand all of one suit is one rule that three flags make (28-POST-4 for any hand,
 *    56-ANN-2 the same in 56's checks, 40-5 the first player's only): one row says what
 *    happens, not "a new deal: no" above "means a new deal".
 *  `read` is the values, `hidden` the flags without a row, `cite` the flag whose rule IDs a
 *  row cites where that flag decides it. */
function asRead(values) {
  const read = { ...values };
  const hidden = new Set(["one_suit_hand_redeal"]);
  const cite = {};
  if (read.partner_overcall === "threshold") {
    if (read.partner_overcall_min == null) read.partner_overcall = "free";
    hidden.add("partner_overcall_min");
  }
  if (read.one_suit_hand_redeal && read.eight_same_suit !== "redeal") {
    read.eight_same_suit = "redeal";                     // 56-ANN-2 redeals before 28-POST-4
    cite.eight_same_suit = "one_suit_hand_redeal";       // (its rule IDs, not 28-POST-4)
  }
  if (read.eight_same_suit === "redeal" || !read.one_suit_opener_redeal) {
    hidden.add("one_suit_opener_redeal");                // (any hand's rule covers the first's)
  } else if (read.eight_same_suit === "ignore") hidden.add("eight_same_suit");
  return { read, hidden, cite };
}

/** The families of rules of a game, its own first (tools/spec_citations.py names them): a
 *  row cites the entries of the first of them that it has any of, and those of the whole
 *  family (A-10, C-08, §1.1). */
function families(values) {
  if (values.pack === "56") return ["56"];
  const out = [];
  if (values.auction_procedure === "duel") out.push("bot");
  if (values.trump_indicator === "suit") out.push("29");
  if (values.pack === "40") out.push("40");
  else if (values.num_players === 3) out.push("3P");
  else if (values.num_players === 6) {
    out.push(...(values.six_player_form === "kerala" ? ["6PK", "6P"] : ["6P"]));
  }
  if (page.preset === "28-bengal") out.push("WB");
  return [...out, "28"];
}

/** The entries a flag's row cites at this game (each {code, family, source, text}). */
function citedFor(flag, values, rule) {
  const all = page.cited[flag] || [];
  const mine = families(values);
  const own = mine.map((f) => all.filter((c) => c.family === f)).find((list) => list.length);
  const general = all.filter((c) => c.family === "");
  // another game's rule, offered here too: its own IDs (not another game's restatement of
  // it, such as three-player 28's 3P-7 on 56's page)
  if (!own && !general.length) {
    const ids = String(rule || "").split(/\s*\/\s*/);
    return all.filter((c) => ids.includes(c.code));
  }
  return all.filter((c) => c.family === "" || own?.includes(c));
}

/** At three players no one has a partner: the rows that speak of teams say it of the bidder
 *  alone and the two against him (`rules.alone.*`, beside `flag.*`). */
function flagWords(key, english, alone) {
  const own = `rules.alone.${key}`;
  if (alone && t(own) !== own) return t(own);
  return words(key, english);
}

/** The citations of a row: each code a button that opens, under the row, that entry's text
 *  as the specification says it (in English, and said so). */
function citations(row, cited) {
  const line = el("span", { class: "ru-rule" });
  cited.forEach((c, k) => {
    const box = el("div", { class: "ru-spec", hidden: "" },
      el("p", { class: "ru-spec-source", text: t("rules.spec_source", { source: c.source }) }),
      el("p", { class: "ru-spec-text", lang: "en", text: c.text }));
    const button = el("button", { type: "button", class: "ru-cite", "aria-expanded": "false",
      title: t("rules.spec_read", { code: c.code }), text: c.code });
    button.addEventListener("click", () => {
      const open = button.getAttribute("aria-expanded") !== "true";
      for (const other of row.querySelectorAll(".ru-cite")) other.setAttribute("aria-expanded", "false");
      for (const other of row.querySelectorAll(".ru-spec")) other.hidden = true;
      button.setAttribute("aria-expanded", String(open));
      box.hidden = !open;
    });
    if (k) line.append(" · ");
    line.append(button);
    row.append(box);
  });
  return line;
}

function valueWords(info, values, alone) {
  const value = values[info.flag];
  if (info.flag === "partner_overcall" && value === "threshold") {
    return t("rules.partner_overcall_from", { bid: values.partner_overcall_min });
  }
  const choice = info.choices.find(([v]) => JSON.stringify(v) === JSON.stringify(value));
  if (choice) return flagWords(`flag.${info.flag}.${choice[0]}`, choice[1], alone);
  if (info.type === "bool") return t(value ? "rules.yes" : "rules.no");
  if (value === null || value === undefined) return t("rules.none");
  return Array.isArray(value) ? value.join(" / ") : String(value);
}

function explained() {
  const list = $("explained");
  list.replaceChildren();
  for (const rule of page.explained) {       // the server's list for this game (/api/explained)
    list.append(el("dt", { id: `rule-${rule}`, text: rule }), el("dd", { text: t(`rule.${rule}`) }));
  }
}

function draw() {
  const data = page.data;
  const preset = data.presets[page.preset];
  const { read: values, hidden, cite } = asRead({ ...preset.flags, ...page.flags });
  const alone = values.num_players === 3;
  // the catalog's title in English too (the server's begins with the rules' name in code)
  const title = has(`preset.${page.preset}`) ? t(`preset.${page.preset}`) : preset.title;
  $("title").textContent = t("rules.title_of", { name: gameName(page.preset) });
  document.title = t("rules.page_title", { name: gameName(page.preset) });
  $("intro").textContent = t("rules.intro", { title, count: preset.num_players });
  const legend = legendFor(preset, page.flags);
  $("cards").replaceChildren(...(legend ? legendNodes(legend) : []));
  explained();
  const groups = $("groups");
  groups.replaceChildren();
  const anchored = new Set(page.explained);
  for (const [group, english] of data.editor.groups) {
    const flags = data.editor.flags.filter((f) => f.group === group && !f.table && !hidden.has(f.flag)
      && applies(f, values));
    if (!flags.length) continue;
    const list = el("ul", { class: "ru-flags" });
    for (const info of flags) {
      const from = data.editor.flags.find((f) => f.flag === (cite[info.flag] || info.flag));
      const cited = citedFor(from.flag, values, from.rule);
      const ids = cited.length ? cited.map((c) => c.code)
        : String(info.rule || "").split(/\s*\/\s*/).filter(Boolean);
      const [text, empty] = emptyMeaning(flagWords(`flag.${info.flag}`, info.text, alone));
      const value = values[info.flag] == null && empty ? empty : valueWords(info, values, alone);
      const row = el("li", { class: "ru-flag", id: `flag-${info.flag}` },
        el("span", { class: "ru-text", text }),
        el("span", { class: "ru-value", text: value }));
      row.append(citations(row, cited));
      row.append(...row.querySelectorAll(".ru-spec"));          // (the texts under the codes)
      const fresh = ids.find((id) => !anchored.has(id));
      if (fresh) { anchored.add(fresh); row.prepend(el("span", { id: `rule-${fresh}`, class: "ru-anchor" })); }
      list.append(row);
    }
    groups.append(el("section", { class: "box", "aria-label": words(`group.${group}`, english) },
      el("h2", { text: words(`group.${group}`, english) }), list));
  }
  // the game's own lesson: 29's page leads to 29's (the server's `lesson` of the preset)
  const lesson = preset.lesson || "28";
  $("to-tutorial").href = lesson === "28" ? "/learn" : `/learn/${encodeURIComponent(lesson)}`;
  // the rule a link points at: drawn after the page loaded, so marked and shown by hand
  const linked = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (linked) { linked.classList.add("linked"); linked.scrollIntoView(); }
}

/** The rules pages a page of no game leads to: one of each family. */
const FAMILY_PAGES = ["28", "29", "56", "40"];

async function rulesOfRoom(room) {
  const answer = await request(`/api/rooms/${encodeURIComponent(room)}`, undefined, "GET");
  if (answer.status === 0) throw new Error(refusalText(answer.data));     // nothing answered
  if (!answer.ok) throw new Error(t("rules.no_room", { room }));
  return answer.data.rules;
}

/** The specification's words of each flag's citations (tools/spec_citations.py); none where
 *  the file cannot be read (the codes are shown without their texts). */
async function citationsFile() {
  try {
    const answer = await fetch(new URL("../../spec/citations.json", import.meta.url));
    return answer.ok ? (await answer.json()).flags : {};
  } catch {
    return {};
  }
}

async function start() {
  await useLanguage(pickLanguage());
  $("settings").append(languageSwitch());
  const name = decodeURIComponent(location.pathname.split("/rules/")[1] || "28");
  const params = new URLSearchParams(location.search);
  try {
    const room = params.get("room");
    // the rules this game's table may cite when it explains a surprise (a room's own, or the
    // preset's; every one where neither is known)
    const of = room ? `?room=${encodeURIComponent(room)}` : `?preset=${encodeURIComponent(name)}`;
    const [presets, cited] = await Promise.all([get("/api/presets"), citationsFile()]);
    page.data = presets;
    page.cited = cited;
    let spec = name;
    if (room) spec = await rulesOfRoom(room);
    if (typeof spec === "object" && spec) {
      const { preset, ...flags } = spec;
      page.preset = preset;
      page.flags = flags;
    } else page.preset = spec;
    // (a game of no such name asks for nothing more: its page says so, and the ways on)
    if (!page.data.presets[page.preset]) throw new Error(t("rules.no_preset", { name: page.preset }));
    page.explained = (await get(`/api/explained${of}`).catch(() => get("/api/explained"))).rules;
  } catch (err) {
    $("error").textContent = err.message;
    document.body.classList.add("ru-failed");            // only the error and the ways on
    const games = () => FAMILY_PAGES.flatMap((game, k) => [...(k ? [" · "] : []),
      el("a", { href: `/rules/${game}`, text: t("rules.title_of", { name: gameName(game) }) })]);
    $("other-rules").replaceChildren(...games());
    $("other-rules").hidden = false;
    onLanguage(() => { translateStatic(); $("other-rules").replaceChildren(...games()); });
    return;
  }
  draw();
  onLanguage(() => { translateStatic(); draw(); });
}

start();
