// The lobby: make a room with any preset, its rules changed in plain words, and computer
// players; or join one.  In six languages (i18n.js), with the language and sound switches.
import { cardSVG, spriteSVG } from "./cards.js";
import { gameWithCount } from "./games.js";
import { has, onLanguage, pickLanguage, t, useLanguage } from "./i18n.js";
import { legendFor, legendNodes } from "./legend.js";
import * as flagsEditor from "./lobby/flags.js";
import * as place from "./lobby/place.js";
import { sayRefusal } from "./refusal.js";
import { loaded, request } from "./request.js";
import { hostKey, inviteKey } from "./seats.js";
import { languageSwitch, muteSwitch, remember, remembered } from "./settings.js";
import { levelAbout, levelName } from "./words.js";

const $ = (id) => document.getElementById(id);
let presets = {};
let bots = [];
let botDescriptions = {};

/** A preset's title in the page's language (English too: the server's titles begin with
 *  the rules' names in code, "TWENTY_NINE: …"); the server's title for a preset unknown here. */
const presetTitle = (name) => (has(`preset.${name}`) ? t(`preset.${name}`) : presets[name]?.title || name);

function fillPresets() {
  const chosen = $("preset").value || remembered("game", Object.keys(presets), "28");
  $("preset").replaceChildren(...Object.entries(presets).map(([name, p]) => {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = gameWithCount(name, p.num_players);
    return option;
  }));
  $("preset").value = chosen in presets ? chosen : "28";
}

function fillBots() {
  const fallback = bots.includes("casual") ? "casual" : bots[0];
  const chosen = $("bots").value || remembered("level", bots, fallback);
  $("bots").replaceChildren(...bots.map((b) => {
    const option = document.createElement("option");
    option.value = b;
    option.textContent = levelName(b);
    return option;
  }));
  $("bots").value = chosen;
  showBot();
}

/** The chosen level's one-line description, under the choice (a phone's select is narrow). */
function showBot() {
  const b = $("bots").value;
  $("bots-about").textContent = levelAbout(b, botDescriptions[b]);
}

/** What a game of the lists is, under it: "Recommended: 28 with the pair, … · 4 players". */
const titleOf = (name) => t("lobby.preset_title", { title: presetTitle(name), count: presets[name].num_players });

/** Quick play's game, said under its list as the new table's is (the list names them only). */
function showQuickPreset() {
  const name = $("quick-preset").value;
  $("quick-preset-title").textContent = presets[name] ? titleOf(name) : "";
}

function showPreset({ keepEdits = false } = {}) {
  const name = $("preset").value;
  const p = presets[name];
  $("preset-title").textContent = titleOf(name);
  if (!keepEdits) flagsEditor.show(p.flags);
  showLegend();
}

/** The lesson and the rules the lobby's links open: those of the game last chosen (its
 *  lesson the server's: 29's for the 29 family, 28's for every other). */
function showLinks() {
  const game = remembered("game", Object.keys(presets), "28");
  const lesson = presets[game].lesson || "28";
  const learn = $("learn-link");
  learn.href = lesson === "28" ? "/learn" : `/learn/${encodeURIComponent(lesson)}`;
  learn.dataset.i18n = lesson === "28" ? "lobby.learn" : `lobby.learn_${lesson}`;
  learn.textContent = t(learn.dataset.i18n);
  $("rules-page-link").href = `/rules/${encodeURIComponent(game)}`;
}

function showLegend() {
  const legend = legendFor(presets[$("preset").value], flagsEditor.values());
  $("legend").replaceChildren(...(legend ? legendNodes(legend) : []));
}

async function load() {
  await useLanguage(pickLanguage());
  $("settings").append(languageSwitch(), muteSwitch());
  document.body.insertAdjacentHTML("afterbegin", spriteSVG());
  $("brand-cards").innerHTML = ["JH", "9S", "AD", "TC"]
    .map((c) => `<span class="brand-card">${cardSVG(c)}</span>`).join("");
  const { data } = await loaded("/api/presets", $("create"));
  presets = data.presets;
  bots = data.bots;
  botDescriptions = data.bot_descriptions || {};
  flagsEditor.setup(data.editor, showLegend);
  fillPresets();
  fillBots();
  showPreset();
  showLinks();
  $("create-btn").disabled = false;
  $("preset").addEventListener("change", () => {
    remember("game", $("preset").value);
    showPreset();
    showLinks();
  });
  $("bots").addEventListener("change", () => { remember("level", $("bots").value); showBot(); });
  onLanguage(() => { fillPresets(); fillBots(); showPreset({ keepEdits: true }); flagsEditor.render(); });
  await place.setup(presets);
  showQuickPreset();
  $("quick-preset").addEventListener("change", () => { showLinks(); showQuickPreset(); });  // (remembered)
  onLanguage(() => { place.refreshPresets(presets); place.render(); showQuickPreset(); });
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const body = { rules: $("preset").value, flags: flagsEditor.overrides(), bots: $("bots").value,
    ...place.roomSettings() };
  if ($("bot-delay").value !== "") body.bot_delay = Number($("bot-delay").value);
  if ($("takeover").value !== "") body.takeover_seconds = Number($("takeover").value);
  if ($("hints").value !== "") body.hints = $("hints").value === "true";
  $("create-btn").disabled = true;
  const { ok, data, response } = await request("/api/rooms", body);
  $("create-btn").disabled = false;
  if (!ok) {
    sayRefusal($("create-error"), "lobby.create_failed", data, response);
    return;
  }
  localStorage.setItem(hostKey(data.room), data.host_token);
  localStorage.setItem(inviteKey(data.room), data.invite);  // table/invite.js
  location.href = `/r/${data.room}`;
}

/** A rated table gives no hints and plays its preset's rules (the server refuses either):
 *  while "Rated" is ticked the Hint button's choice shows "off" and cannot be changed, and
 *  the rules editor offers only the match's length; unticked, both are as they were. */
let hintsBeforeRated = "";
function showHintsChoice() {
  const rated = $("rated").checked;
  if (rated && !$("hints").disabled) hintsBeforeRated = $("hints").value;
  $("hints").value = rated ? "false" : hintsBeforeRated;
  $("hints").disabled = rated;
  flagsEditor.onlyRated(rated);
}

function join(event) {
  event.preventDefault();
  const raw = $("join-code").value.trim();
  const code = raw.includes("/r/") ? raw.split("/r/")[1].split(/[/?#]/)[0] : raw;
  if (code) location.href = `/r/${encodeURIComponent(code)}`;
}

// The forms' buttons come disabled in the page (a form sent before its handler is wired would
// be sent by the browser itself, reloading the page): each is enabled once its form works.
$("create").addEventListener("submit", create);
$("join").addEventListener("submit", join);
$("rated").addEventListener("change", showHintsChoice);
if ($("rated").checked) showHintsChoice();      // a form the browser filled in again
$("join-btn").disabled = false;
load();
