// The person's settings, shared by the lobby and the table and remembered in the browser:
// the language (a visible switch), the sound (a mute switch), the speed of the cards, and
// the lobby's last game and level.
import { LANGUAGES, language, onLanguage, setLanguage, t } from "./i18n.js";
import { isMuted, play, setMuted } from "./sound.js";

const PACE_STORE = "twentyeight:pace";
/** Card speeds: how long motion takes, as a factor of the normal (0: no motion, no pauses). */
export const PACES = { slow: 1.6, normal: 1, fast: 0.45, instant: 0 };

export function pace() {
  const saved = localStorage.getItem(PACE_STORE);
  return saved in PACES ? saved : "normal";
}

export function setPace(name) { localStorage.setItem(PACE_STORE, name); }

/** What the lobby remembers for the next visit: the game last chosen (for quick play or a
 *  new table) and the computer players' level. */
const CHOICE_STORES = { game: "twentyeight:game", level: "twentyeight:level" };

/** The remembered choice of `what` if it is still one of `allowed`, else `fallback`. */
export function remembered(what, allowed, fallback) {
  const saved = localStorage.getItem(CHOICE_STORES[what]);
  return allowed.includes(saved) ? saved : fallback;
}

export function remember(what, value) { localStorage.setItem(CHOICE_STORES[what], value); }

function el(tag, attrs = {}) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** The language switch: a <select> of the languages, each in its own script. */
export function languageSwitch() {
  const select = el("select", { id: "lang", class: "lang-switch" });
  for (const [code, name] of LANGUAGES) {
    const option = el("option", { value: code, lang: code });
    option.textContent = name;
    select.append(option);
  }
  const label = () => select.setAttribute("aria-label", t("settings.language"));
  select.value = language();
  label();
  select.addEventListener("change", () => setLanguage(select.value));
  onLanguage(() => { select.value = language(); label(); });
  return select;
}

const SPEAKER = '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>';
const ICON_SOUND = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${SPEAKER}`
  + '<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" '
  + 'stroke-width="2" stroke-linecap="round"/></svg>';
const ICON_MUTED = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${SPEAKER}`
  + '<path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

/** The mute switch: a button that says what it does, pressed when the sound is off. */
export function muteSwitch() {
  const button = el("button", { id: "mute", type: "button", class: "icon-btn" });
  const show = () => {
    const off = isMuted();
    button.innerHTML = off ? ICON_MUTED : ICON_SOUND;
    button.setAttribute("aria-pressed", String(off));
    button.setAttribute("aria-label", t(off ? "settings.sound_off" : "settings.sound_on"));
    button.title = button.getAttribute("aria-label");
  };
  button.addEventListener("click", () => {
    setMuted(!isMuted());
    show();
    if (!isMuted()) play("turn");
  });
  show();
  onLanguage(show);
  return button;
}

/** The card-speed choice (the table's settings panel). */
export function paceSwitch() {
  const label = el("label", { class: "field inline" });
  const text = document.createElement("span");
  const select = el("select", { id: "pace" });
  const fill = () => {
    text.textContent = t("settings.pace");
    select.replaceChildren(...Object.keys(PACES).map((name) => {
      const option = el("option", { value: name });
      option.textContent = t(`settings.pace.${name}`);
      return option;
    }));
    select.value = pace();
  };
  select.addEventListener("change", () => setPace(select.value));
  fill();
  onLanguage(fill);
  label.append(text, select);
  return label;
}
