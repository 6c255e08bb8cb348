// The rules of one game (/rules/PRESET, or /rules/PRESET?room=ID for a table's own rules):
// the cards in order with their points, the rules the table explains (each an anchor the
// explanations link to: #rule-28-REV-6), and every rule flag that applies to that game in
// plain words with its value.  Everything comes from /api/presets (twentyeight.rule_words).
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
const page = { preset: "28", flags: {}, data: null, explained: [] };

/** A flag's words without the meaning of its empty value, and that meaning: "Cards each
 *  player holds during the auction (empty: the whole hand)" is the row's text, and "the
 *  whole hand" its value where the flag is empty (the editor's "empty" is no value to show
 *  here).  In every language the meaning is the words' last "(…: …)". */
function emptyMeaning(text) {
  const m = text.match(/^(.*\S)\s*\([^():]+:\s*([^()]+)\)$/);
  return m ? [m[1], m[2]] : [text, null];
}

/** The flags as a player reads them: a floor over the partner's bid set to none is bidding
 *  over the partner freely (29-AUC-4), not "only with at least the bid set below: none". */
function asRead(values) {
  const read = { ...values };
  if (read.partner_overcall === "threshold" && read.partner_overcall_min == null) read.partner_overcall = "free";
  return read;
}

function valueWords(info, value) {
  const choice = info.choices.find(([v]) => JSON.stringify(v) === JSON.stringify(value));
  if (choice) return words(`flag.${info.flag}.${choice[0]}`, choice[1]);
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
  const values = asRead({ ...preset.flags, ...page.flags });
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
    const flags = data.editor.flags.filter((f) => f.group === group && !f.table && applies(f, values));
    if (!flags.length) continue;
    const list = el("ul", { class: "ru-flags" });
    for (const info of flags) {
      const ids = String(info.rule || "").split(/\s*\/\s*/).filter(Boolean);
      const [text, empty] = emptyMeaning(words(`flag.${info.flag}`, info.text));
      const value = values[info.flag] == null && empty ? empty : valueWords(info, values[info.flag]);
      const row = el("li", { class: "ru-flag", id: `flag-${info.flag}` },
        el("span", { class: "ru-text", text }),
        el("span", { class: "ru-value", text: value }),
        el("span", { class: "ru-rule", text: ids.join(" · ") }));
      const fresh = ids.find((id) => !anchored.has(id));
      if (fresh) { anchored.add(fresh); row.prepend(el("span", { id: `rule-${fresh}`, class: "ru-anchor" })); }
      list.append(row);
    }
    groups.append(el("section", { class: "box", "aria-label": words(`group.${group}`, english) },
      el("h2", { text: words(`group.${group}`, english) }), list));
  }
  // the rule a link points at: drawn after the page loaded, so marked and shown by hand
  const linked = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (linked) { linked.classList.add("linked"); linked.scrollIntoView(); }
}

async function rulesOfRoom(room) {
  const answer = await request(`/api/rooms/${encodeURIComponent(room)}`, undefined, "GET");
  if (answer.status === 0) throw new Error(refusalText(answer.data));     // nothing answered
  if (!answer.ok) throw new Error(t("rules.no_room", { room }));
  return answer.data.rules;
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
    const [presets, explained] = await Promise.all([get("/api/presets"),
      get(`/api/explained${of}`).catch(() => get("/api/explained"))]);
    page.data = presets;
    page.explained = explained.rules;
    let spec = name;
    if (room) spec = await rulesOfRoom(room);
    if (typeof spec === "object" && spec) {
      const { preset, ...flags } = spec;
      page.preset = preset;
      page.flags = flags;
    } else page.preset = spec;
    if (!page.data.presets[page.preset]) throw new Error(t("rules.no_preset", { name: page.preset }));
  } catch (err) {
    $("error").textContent = err.message;
    return;
  }
  draw();
  onLanguage(() => { translateStatic(); draw(); });
}

start();
