// The games' names as people read them: a preset's short name in the page's language
// (`game.<preset>` of the catalogs: "28 (West Bengal)" for 28-bengal, "29 (bot competition)"
// for bhoos-29).  The code ("28-bengal") stays the preset's identifier — option values, links,
// data attributes, the browser's storage, requests and records — and is shown to nobody but
// for a preset the catalogs do not name.
import { t } from "./i18n.js";

/** The presets whose short name says how many play ("28 for six", "56 for eight"): a list of
 *  games adds the number of players to the others' names only, so that none says it twice. */
const COUNT_IN_NAME = new Set(["28-3p", "28-6p", "28-6p-kerala", "56-4p", "56-8p"]);

/** A preset's short name in the page's language; the code itself for a preset with none. */
export function gameName(preset) {
  if (preset === undefined || preset === null || preset === "") return "";
  const key = `game.${preset}`;
  const name = t(key);
  return name === key ? String(preset) : name;
}

/** A game as a list of games names it, with its number of players where its name does not
 *  say it: "28 (classic rules) — 4 players", "28 for six".  The number is written in the
 *  language's digits, as its names are (i18n.js `digits`): "২৮ — ৪ জন খেলোয়াড়", not
 *  "২৮ — 4 …". */
export function gameWithCount(preset, count) {
  const name = gameName(preset);
  if (COUNT_IN_NAME.has(preset) || count === undefined || count === null) return name;
  return t("lobby.preset_option", { name, count: Number(count) });
}
