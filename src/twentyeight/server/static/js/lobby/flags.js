// The lobby's rules editor: the rules of the chosen table in groups (the deal, the auction,
// the trump, the play, scoring, the match), only those that apply to that table and to the
// other choices made, each with a visible line in plain words and its rule ID.  The words,
// groups and conditions come from /api/presets' `editor` (twentyeight.rule_words); other
// languages than English translate them (flag.*, group.* in the catalogs).  Moving a table
// to another trump mode brings that mode's flags (`editor.modes`, the engine's MODE_DEFAULTS),
// as Rules.replace does on the server: the editor shows and sends what the room will get.
import { has, language, t } from "../i18n.js";

let editor = { groups: [], flags: [], modes: [] };
let base = {};                 // the preset's flag values
let edits = {};                // flag → value the person chose
let changed = () => {};
let ratedOnly = false;         // a rated table: only the match's length (`editor.rated`) changes

/** Whether a flag may be changed at the table as chosen (at a rated one, only `editor.rated`). */
const editable = (info) => !ratedOnly || (editor.rated || []).includes(info.flag);

/** A rated table or not: at a rated one the editor shows and sends only the flags it may change
 *  (the server refuses others, 400 `rated_rules`); the person's other changes are kept for an
 *  unrated table. */
export function onlyRated(on) {
  ratedOnly = on;
  update();
}

const words = (key, english) => (language() !== "en" && has(key) ? t(key) : english);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Set the editor's data (from /api/presets) and what to call after every change. */
export function setup(info, onChange) {
  editor = info || editor;
  changed = onChange;
}

/** The flags that moving the preset to the chosen pack and trump mode brings: that mode's
 *  (from `editor.modes`), nothing while the mode is the preset's own. */
function brought() {
  const pack = edits.pack ?? base.pack;
  const mode = edits.trump_mode ?? base.trump_mode;
  if (pack === base.pack && mode === base.trump_mode) return {};
  return (editor.modes || []).find((m) => m.pack === pack && m.trump_mode === mode)?.flags || {};
}

/** What every flag is before the person's own changes: the preset's, with the trump mode's
 *  flags where the person changed the mode. */
function defaults() { return { ...base, ...brought() }; }

/** The current value of every flag: the defaults with the person's changes. */
export function values() { return { ...defaults(), ...edits }; }

/** Whether the person set a flag to something else than its default. */
const isChanged = (flag, fallback) => flag in edits && !same(edits[flag], fallback[flag]);

/** Whether a flag matters with these values (one alternative of `applies` holds). */
export function applies(info, current) {
  return !info.applies.length || info.applies.some((alt) => Object.entries(alt)
    .every(([flag, allowed]) => allowed.some((v) => v === current[flag])));
}

/** The flags the person changed that apply: what POST /api/rooms gets as `flags`. */
export function overrides() {
  const current = values();
  const fallback = defaults();
  const out = {};
  for (const info of editor.flags) {
    if (!info.table && editable(info) && applies(info, current) && isChanged(info.flag, fallback)) {
      out[info.flag] = edits[info.flag];
    }
  }
  return out;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children);
  return node;
}

function input(info, value) {
  const id = `flag-${info.flag}`;
  const label = words(`flag.${info.flag}`, info.text);
  let node;
  if (info.type === "bool") {
    node = el("input", { type: "checkbox", id });
    node.addEventListener("change", () => set(info.flag, node.checked));
  } else if (info.choices.length) {
    node = el("select", { id });
    for (const [choice, english] of info.choices) {
      node.append(el("option", { value: JSON.stringify(choice), text: words(`flag.${info.flag}.${choice}`, english) }));
    }
    node.addEventListener("change", () => set(info.flag, JSON.parse(node.value)));
  } else if (info.type === "int" || info.type === "int or null") {
    node = el("input", { type: "number", id, step: "1", inputmode: "numeric",
      placeholder: info.type === "int" ? "" : t("lobby.flag_empty") });
    node.addEventListener("input", () => {
      if (node.value === "" && info.type === "int") return;
      set(info.flag, node.value === "" ? null : Number(node.value));
    });
  } else {
    node = el("input", { id, spellcheck: "false" });
    node.addEventListener("input", () => {
      let v = node.value.trim();
      try { v = JSON.parse(v); } catch { /* a plain word such as "match" */ }
      set(info.flag, v);
    });
  }
  node.classList.add("flag-input");
  node.setAttribute("aria-label", label);
  node.dataset.flag = info.flag;
  showValue(node, info, value);
  return node;
}

/** Put a flag's value in its input. */
function showValue(node, info, value) {
  if (info.type === "bool") node.checked = Boolean(value);
  else if (node.tagName === "SELECT") node.value = JSON.stringify(value);
  else if (node.type === "number") node.value = value === null ? "" : String(value);
  else node.value = typeof value === "string" ? value : JSON.stringify(value);
}

function set(flag, value) {
  edits[flag] = value;
  update();
  changed();
}

/** Show the editor for a preset's flag values (keeping nothing of the previous preset). */
export function show(presetFlags) {
  base = presetFlags || {};
  edits = {};
  render();
}

/** A rule ID as the editor shows it: "28-AUC-6" as it is, a section of the rules ("1.1",
 *  where the rule has no ID of its own) as "§1.1". */
const ruleCited = (rule) => rule.split(" / ").map((r) => (/^\d+(\.\d+)+$/.test(r) ? `§${r}` : r)).join(" / ");

/** Draw the groups again (for another preset, or in another language). */
export function render() {
  const box = document.getElementById("flags");
  box.replaceChildren();
  const current = values();
  for (const [group, english] of editor.groups) {
    const rows = editor.flags.filter((f) => f.group === group && !f.table);
    if (!rows.length) continue;
    const list = el("ul");
    for (const info of rows) {
      list.append(el("li", { class: "flag", "data-flag": info.flag },
        el("label", { class: "flag-text", for: `flag-${info.flag}`, text: words(`flag.${info.flag}`, info.text) }),
        input(info, current[info.flag]),
        el("span", { class: "flag-rule", text: ruleCited(info.rule) })));
    }
    box.append(el("section", { class: "flag-group", "data-group": group },
      el("h3", { text: words(`group.${group}`, english) }), list));
  }
  update();
}

/** Show only the flags that apply to the table as chosen so far, with their values (a change
 *  of trump mode changes the defaults of others); mark the changed ones. */
function update() {
  const current = values();
  const fallback = defaults();
  const byName = Object.fromEntries(editor.flags.map((f) => [f.flag, f]));
  for (const section of document.querySelectorAll("#flags .flag-group")) {
    let shown = 0;
    for (const li of section.querySelectorAll(".flag")) {
      const info = byName[li.dataset.flag];
      li.hidden = !editable(info) || !applies(info, current);
      if (!(info.flag in edits)) showValue(li.querySelector(".flag-input"), info, current[info.flag]);
      li.classList.toggle("changed", isChanged(info.flag, fallback));
      shown += li.hidden ? 0 : 1;
    }
    section.hidden = shown === 0;
  }
  document.getElementById("flags-rated").hidden = !ratedOnly;
  const n = Object.keys(overrides()).length;
  document.getElementById("flag-count").textContent = n ? t("lobby.flags_changed", { count: n }) : "";
}
