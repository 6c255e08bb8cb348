// The lobby's place: the account bar, quick play, the public tables (polled every few
// seconds while the page is seen), "your tables" for a signed-in player, and the public and
// rated switches of a new table.
import { gameName, gameWithCount } from "../games.js";
import { seatNumber, t } from "../i18n.js";
import { accountBar, goToSeat, NAME_KEY, session } from "../place/account.js";
import { request } from "../request.js";
import { sayRefusal } from "../refusal.js";
import { heldSeat, roomsWithSeats, seatKey } from "../seats.js";
import { remember, remembered } from "../settings.js";
import { $, el } from "../table/dom.js";

const POLL_MS = 4000;
let who = { player: null, rooms: [] };
/** A guest's tables still going on, where this browser holds a seat: `{room, preset}`. */
let guestTables = [];
const GUEST_TABLES_CHECKED = 12;
let tables = null;              // null until the server first answers
let presets = {};
let timer = null;

/** Start the lobby's place with the presets of GET /api/presets. */
export async function setup(all) {
  presets = all;
  who = await session();
  fillQuickPresets(presets);
  $("quick").addEventListener("submit", quickPlay);
  $("quick-preset").addEventListener("change", () => remember("game", $("quick-preset").value));
  $("quick-btn").disabled = false;
  render();
  findGuestTables();
  await poll();
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
}

/** Draw everything again (after a change of language). */
export function render() {
  accountBar($("account"), who);
  $("quick-name-field").hidden = Boolean(who.player);
  if (!$("quick-name").value) $("quick-name").value = localStorage.getItem(NAME_KEY) || "";
  renderYours();
  renderTables();
}

/** What POST /api/rooms gets from the switches. */
export function roomSettings() {
  return { public: $("public").checked, rated: $("rated").checked };
}

function fillQuickPresets(presets) {
  const chosen = $("quick-preset").value || remembered("game", Object.keys(presets), "28");
  $("quick-preset").replaceChildren(...Object.entries(presets).map(([name, p]) => el("option",
    { value: name, text: gameWithCount(name, p.num_players) })));
  $("quick-preset").value = chosen in presets ? chosen : "28";
}

export function refreshPresets(presets) { fillQuickPresets(presets); }

async function poll() {
  clearTimeout(timer);
  if (document.hidden) return;
  try {
    const r = await fetch("/api/rooms", { cache: "no-store" });
    if (r.ok) tables = (await r.json()).rooms;
  } catch { /* keep the last listing */ }
  renderTables();
  timer = setTimeout(poll, POLL_MS);
}

function guestName() {
  const name = $("quick-name").value.trim();
  if (name) localStorage.setItem(NAME_KEY, name);
  return name || undefined;
}

async function quickPlay(event) {
  event.preventDefault();
  $("quick-error").textContent = "";
  $("quick-btn").disabled = true;
  const answer = await request("/api/quickplay", { rules: $("quick-preset").value, name: guestName() });
  $("quick-btn").disabled = false;
  if (!answer.ok) {
    sayRefusal($("quick-error"), "lobby.quick_failed", answer.data, answer.response);
    return;
  }
  goToSeat(answer.data);
}

/** A guest's tables (a signed-in player's come with the session): the rooms whose seat this
 *  browser keeps (the table keeps its token), asked of the server — those still waiting or
 *  playing with the seat still a person's.  A room the server no longer has is forgotten. */
async function findGuestTables() {
  if (who.player) return;
  const found = await Promise.all(roomsWithSeats().slice(0, GUEST_TABLES_CHECKED).map(async (room) => {
    const held = heldSeat(room);
    const { ok, status, data: info } = await request(`/api/rooms/${encodeURIComponent(room)}`, undefined, "GET");
    if (status === 404) localStorage.removeItem(seatKey(room));
    if (!ok || !held) return null;
    const going = info.status === "waiting" || info.status === "playing";
    const preset = typeof info.rules === "string" ? info.rules : info.rules?.preset;
    return going && info.seats?.[held.seat]?.kind === "human" ? { room, preset } : null;
  }));
  guestTables = found.filter(Boolean);
  renderYours();
}

async function sit(room, seat) {
  $("tables-error").textContent = "";
  // a seat this browser holds at that table already makes the server refuse a second one
  const held = heldSeat(room);
  const answer = await request(`/api/rooms/${encodeURIComponent(room)}/seats/${seat}`,
    { name: guestName(), token: held?.token || undefined });
  if (!answer.ok) {
    sayRefusal($("tables-error"), "lobby.sit_failed", answer.data, answer.response);
    poll();
    return;
  }
  goToSeat({ room, seat, token: answer.data.token });
}

/** Who a listed seat is: free; in a match under way a computer's seat is free to take from
 *  the next hand, and said so ("Lakshmi (computer) — yours from the next hand"): it said
 *  "free", and only the table told the newcomer they would watch until then. */
function seatWho(s, started) {
  if (s.state === "free" && started && s.name) return t("lobby.seat_from_next_hand", { name: s.name });
  if (s.state === "free") return t("lobby.seat_free");
  if (s.state === "computer") return t("lobby.seat_computer");
  return s.name;
}

function renderTables() {
  const list = $("tables");
  list.replaceChildren();
  // "no table has a free seat" only once the server has said so, not before its answer
  $("tables-none").hidden = tables === null || tables.length > 0;
  // a table where this browser holds a seat (a guest back from it): first, with the way back
  // to that seat and no "Sit" (the server gives one person one seat of a public table)
  const listed = (tables ?? []).map((e) => ({ e, yours: e.seats.find((s) => s.seat === heldSeat(e.room)?.seat
    && s.state !== "free") }));
  listed.sort((a, b) => Number(Boolean(b.yours)) - Number(Boolean(a.yours)));
  for (const { e, yours } of listed) {
    const facts = [e.started ? t("lobby.public_playing") : t("lobby.public_waiting")];
    if (e.rated) facts.push(t("lobby.public_rated"));
    const seats = el("ul", { class: "public-seats" }, ...e.seats.map((s) => {
      const row = el("li", { class: `seat-${s.state}` },
        el("span", { text: t("lobby.seat_line", { n: seatNumber(s.seat), who: seatWho(s, e.started) }) }));
      if (s === yours) {
        row.classList.add("seat-yours");
        row.append(el("a", { class: "back-to-seat", href: e.path, text: t("lobby.back_to_seat") }));
      } else if (s.state === "free" && !yours && e.rated && !who.player) {
        // a rated table seats signed-in players only: a guest is led to sign in, and back
        // to the table (it offered "Sit", which the server then refused)
        row.append(el("a", { class: "sign-in small", href: `/signin?next=${encodeURIComponent(e.path)}`,
          "data-room": e.room, text: t("account.sign_in") }));
      } else if (s.state === "free" && !yours) {
        row.append(el("button", { type: "button", class: "small", text: t("lobby.sit"),
          "aria-label": t("lobby.sit_at", { n: seatNumber(s.seat) }), "data-room": e.room, "data-seat": s.seat,
          onclick: () => sit(e.room, s.seat) }));
      }
      return row;
    }));
    list.append(el("li", { class: `public-table${yours ? " yours" : ""}`, "data-room": e.room },
      el("div", { class: "public-head" },
        el("strong", { text: gameWithCount(e.preset, presets[e.preset]?.num_players) }),
        el("span", { class: "hint", text: facts.join(" · ") }),
        el("a", { href: e.path, text: t("lobby.watch") })),
      seats));
  }
}

function renderYours() {
  const box = $("yours");
  if (!who.player) {
    box.hidden = !guestTables.length;
    $("yours-list").replaceChildren(...guestTables.map(({ room, preset }) => el("li", {},
      el("code", { text: room }), " ", el("span", { text: gameName(preset) }), " ",
      el("a", { class: "back-to-seat", href: `/r/${encodeURIComponent(room)}`, text: t("lobby.back_to_seat") }))));
    return;
  }
  box.hidden = !who.rooms.length;
  const list = $("yours-list");
  list.replaceChildren(...(who.rooms || []).map((room) => el("li", {},
    el("code", { text: room }), " ",
    el("button", { type: "button", class: "small", text: t("lobby.back_to_seat"), onclick: async () => {
      const answer = await request(`/api/rooms/${encodeURIComponent(room)}/mine`, undefined, "GET");
      if (answer.ok) goToSeat(answer.data);
      else location.href = `/r/${encodeURIComponent(room)}`;
    } }))));
}
