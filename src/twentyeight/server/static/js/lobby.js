// The lobby: make a room with any preset, flag overrides and computer players.
import { cardSVG, spriteSVG } from "./cards.js";

const $ = (id) => document.getElementById(id);
let presets = {};
let flagInfo = [];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) node.append(c);
  return node;
}

function flagInput(info, value) {
  const id = `flag-${info.flag}`;
  const type = String(info.type);
  let input;
  if (type === "bool") {
    input = el("input", { type: "checkbox", id });
    input.checked = Boolean(value);
  } else if (type.includes("|")) {
    input = el("select", { id });
    for (const choice of type.split("|")) input.append(el("option", { value: choice, text: choice }));
    input.value = String(value);
  } else if (type === "int" || type === "int or null") {
    input = el("input", { type: "number", id, step: "1", inputmode: "numeric",
      placeholder: type === "int" ? "" : "none" });
    input.value = value === null ? "" : String(value);
  } else {
    input = el("input", { id, spellcheck: "false" });
    input.value = JSON.stringify(value);
  }
  input.dataset.flag = info.flag;
  input.dataset.kind = type;
  return input;
}

function readFlag(input) {
  const kind = input.dataset.kind;
  if (kind === "bool") return input.checked;
  if (kind.includes("|")) {
    const choices = kind.split("|");
    const numeric = choices.every((c) => /^\d+$/.test(c));
    const base = presets[$("preset").value].flags[input.dataset.flag];
    return numeric && typeof base === "number" ? Number(input.value) : input.value;
  }
  if (kind === "int") return input.value === "" ? null : Number(input.value);
  if (kind === "int or null") return input.value === "" ? null : Number(input.value);
  try { return JSON.parse(input.value); } catch { return input.value; }
}

function overrides() {
  const base = presets[$("preset").value].flags;
  const out = {};
  for (const input of $("flags").querySelectorAll("input[data-flag], select[data-flag]")) {
    const v = readFlag(input);
    if (JSON.stringify(v) !== JSON.stringify(base[input.dataset.flag])) out[input.dataset.flag] = v;
  }
  return out;
}

function markChanged() {
  const changed = overrides();
  for (const row of $("flags").querySelectorAll(".flag")) {
    row.classList.toggle("changed", row.dataset.flag in changed);
  }
  const n = Object.keys(changed).length;
  $("flag-count").textContent = n ? `${n} changed` : "";
}

function showFlags() {
  const name = $("preset").value;
  const p = presets[name];
  $("preset-title").textContent = `${p.title || name} · ${p.num_players} players`;
  const box = $("flags");
  box.replaceChildren();
  for (const info of flagInfo) {
    const input = flagInput(info, p.flags[info.flag]);
    const label = el("label", { for: input.id, text: info.flag.replaceAll("_", " ") });
    const row = el("div", { class: "flag", title: `${info.doc}${info.rule ? ` (${info.rule})` : ""}` },
      label, input);
    row.dataset.flag = info.flag;
    box.append(row);
  }
  markChanged();
}

async function load() {
  document.body.insertAdjacentHTML("afterbegin", spriteSVG());
  $("brand-cards").innerHTML = ["JH", "9S", "AD", "TC"]
    .map((c) => `<span class="brand-card">${cardSVG(c)}</span>`).join("");
  const r = await fetch("/api/presets");
  const data = await r.json();
  presets = data.presets;
  flagInfo = data.flags || [];
  for (const [name, p] of Object.entries(presets)) {
    $("preset").append(el("option", { value: name, text: `${name} — ${p.num_players} players` }));
  }
  for (const b of data.bots) $("bots").append(el("option", { value: b, text: b }));
  $("bots").value = data.bots.includes("rules") ? "rules" : data.bots[0];
  $("preset").value = "28";
  showFlags();
  $("preset").addEventListener("change", showFlags);
  $("flags").addEventListener("input", markChanged);
  $("flags").addEventListener("change", markChanged);
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const body = { rules: $("preset").value, flags: overrides(), bots: $("bots").value };
  if ($("bot-delay").value !== "") body.bot_delay = Number($("bot-delay").value);
  if ($("takeover").value !== "") body.takeover_seconds = Number($("takeover").value);
  $("create-btn").disabled = true;
  try {
    const r = await fetch("/api/rooms", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await r.json();
    if (!r.ok) {
      const detail = data.message || (data.detail && JSON.stringify(data.detail)) || r.statusText;
      $("create-error").textContent = `The table could not be made: ${detail}`;
      return;
    }
    localStorage.setItem(`twentyeight:host:${data.room}`, data.host_token);
    localStorage.setItem(`twentyeight:invite:${data.room}`, data.invite);  // table/invite.js
    location.href = `/r/${data.room}`;
  } catch (e) {
    $("create-error").textContent = `The server did not answer (${e.message}).`;
  } finally {
    $("create-btn").disabled = false;
  }
}

function join(event) {
  event.preventDefault();
  const raw = $("join-code").value.trim();
  const code = raw.includes("/r/") ? raw.split("/r/")[1].split(/[/?#]/)[0] : raw;
  if (code) location.href = `/r/${encodeURIComponent(code)}`;
}

$("create").addEventListener("submit", create);
$("join").addEventListener("submit", join);
load();
