// Message catalogs: one JSON file per language under static/i18n/, the language chosen from
// the browser's languages (navigator.languages), switchable, and remembered.
//
// A catalog maps a key to a string with {name} placeholders, or to plural forms
// ({"one": …, "other": …}) chosen by Intl.PluralRules from the `count` parameter.  English
// (en.json) is the reference every other catalog is tested against
// (tests/test_catalogs.py); a key missing from a catalog falls back to English.  Texts that
// the server owns in English — the engine's reasons, the rule flags' plain words, the preset
// titles — have keys of their own (reason.*, flag.*, group.*, preset.*) in the other
// catalogs; in English the server's own words are shown, but for the presets' titles, which
// the server begins with the rules' names in code ("TWENTY_NINE: …"): en.json has those.

export const LANGUAGES = [
  ["en", "English"], ["hi", "हिन्दी"], ["ne", "नेपाली"], ["bn", "বাংলা"], ["ml", "മലയാളം"],
  ["ta", "தமிழ்"],
];
const CODES = LANGUAGES.map(([code]) => code);
const STORE = "twentyeight:lang";

const loaded = {};                     // code → catalog
let lang = "en";
let plural = new Intl.PluralRules("en");
const listeners = [];

/** The language to use: the remembered choice, else the first of the browser's languages
 *  that has a catalog, else English. */
export function pickLanguage() {
  const saved = localStorage.getItem(STORE);
  if (CODES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (CODES.includes(base)) return base;
  }
  return "en";
}

async function fetchCatalog(code) {
  if (!loaded[code]) {
    const r = await fetch(new URL(`../i18n/${code}.json`, import.meta.url));  // this script's version
    loaded[code] = r.ok ? await r.json() : {};
  }
  return loaded[code];
}

/** Load a language (and English, the fallback) and make it current. */
export async function useLanguage(code) {
  const chosen = CODES.includes(code) ? code : "en";
  await Promise.all([fetchCatalog("en"), fetchCatalog(chosen)]);
  lang = chosen;
  plural = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  translateStatic();
  for (const fn of listeners) fn(lang);
}

/** Switch language at the person's request, and remember it. */
export async function setLanguage(code) {
  localStorage.setItem(STORE, code);
  await useLanguage(code);
}

/** Call `fn(lang)` after every change of language. */
export function onLanguage(fn) { listeners.push(fn); }

export const language = () => lang;

/** Whether the current language (not the English fallback) has this key. */
export const has = (key) => key in (loaded[lang] || {});

function entry(key, count) {
  let value = loaded[lang]?.[key] ?? loaded.en?.[key];
  if (value === undefined) return key;
  if (typeof value === "object") {
    const form = count === undefined ? "other" : plural.select(count);
    value = value[form] ?? value.other;
  }
  return value;
}

/** The languages whose catalogs write numbers in their own digits (Bengali's ০–৯). */
const OWN_DIGITS = { bn: "০১২৩৪৫৬৭৮৯" };

/** A number as the page's language writes it: in its own digits where its catalog uses them
 *  ("আসন ১", not "আসন 1" beside the catalog's "৪ জন"), else as it is. */
export function digits(value) {
  const own = OWN_DIGITS[lang];
  const text = String(value);
  return own ? text.replace(/[0-9]/g, (d) => own[d]) : text;
}

/** A parameter as a sentence shows it: a number in the language's digits (`digits`); text,
 *  such as a card ("10♠") or a name, as it is. */
const shown = (value) => (typeof value === "number" ? digits(value) : String(value));

/** A seat as people count it, from 1 ("Seat 1" is the seat the records and the protocol
 *  call 0): every seat number a page shows goes through here. */
export const seatNumber = (k) => Number(k) + 1;

/** The text of `key` with its {placeholders} filled from `params`. */
export function t(key, params = {}) {
  return entry(key, params.count).replace(/\{(\w+)\}/g,
    (whole, name) => (name in params ? shown(params[name]) : whole));
}

/** Like `t`, as nodes: a parameter may be a Node (a <strong>, a coloured suit). */
export function tn(key, params = {}) {
  const frag = document.createDocumentFragment();
  const text = entry(key, params.count);
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    frag.append(text.slice(last, m.index));
    const value = m[1] in params ? params[m[1]] : m[0];
    frag.append(value instanceof Node ? value : shown(value));
    last = m.index + m[0].length;
  }
  frag.append(text.slice(last));
  return frag;
}

/** A list joined as the language joins it: "A, B and C" (or, with "disjunction", "A, B or C").
 *  Where the browser has no list words for the language (chromium's ICU has none for Nepali,
 *  and would say "तपाईं and Mohan"), the catalog's `list.and` / `list.or` join the last two. */
export function joinList(items, type = "conjunction") {
  if (Intl.ListFormat?.supportedLocalesOf([lang]).length) {
    return new Intl.ListFormat(lang, { style: "long", type }).format(items);
  }
  if (items.length < 2) return items.join("");
  const word = t(type === "disjunction" ? "list.or" : "list.and");
  return `${items.slice(0, -1).join(", ")} ${word} ${items[items.length - 1]}`;
}

/** Fill the page's fixed texts: data-i18n="key" (text), data-i18n-attr="attr:key;…". */
export function translateStatic(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of node.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key) node.setAttribute(attr.trim(), t(key.trim()));
    }
  }
  const title = document.querySelector("[data-i18n-title]");
  if (title) document.title = t(title.dataset.i18nTitle);
}
