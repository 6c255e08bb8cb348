// The page of a table link that leads nowhere: the server sends it with 404 when there is no
// such table, and with 410 when the table is closed (its match ended, or nobody came back to
// it for a long while).  It says which, in the person's language, with the way back to the
// lobby and, for a closed table whose match had started, the record of its hands.  Any other
// address a browser asks for that leads nowhere gets it too, saying there is no such page.
import { onLanguage, pickLanguage, t, translateStatic, useLanguage } from "./i18n.js";
import { languageSwitch, muteSwitch } from "./settings.js";

const atTable = location.pathname.startsWith("/r/");
const room = atTable ? decodeURIComponent(location.pathname.split("/r/")[1].split("/")[0]) : "";
const api = `/api/rooms/${encodeURIComponent(room)}`;

/** The status this page was sent with: the browser's own note of it where it keeps one,
 *  otherwise the room's status asked again (404 or 410, as the page). */
async function pageStatus() {
  const sent = performance.getEntriesByType("navigation")[0]?.responseStatus;
  if (sent) return sent;
  try { return (await fetch(api)).status; } catch { return 404; }
}

const [status] = await Promise.all([room ? pageStatus() : 404, useLanguage(pickLanguage())]);
const closed = status === 410;
if (!atTable) {
  document.querySelector("[data-i18n-title]").dataset.i18nTitle = "title.no_page";
  document.getElementById("no-room-text").dataset.i18n = "no_page.text";
}
if (closed) {
  document.querySelector("[data-i18n-title]").dataset.i18nTitle = "title.closed_room";
  document.getElementById("no-room-text").dataset.i18n = "no_room.closed_text";
  const record = await fetch(`${api}/record`).catch(() => null);   // 409: never started
  if (record?.ok) {
    document.getElementById("no-room-record-link").href = `${api}/record`;
    document.getElementById("no-room-record").hidden = false;
  }
}
const title = () => {
  document.getElementById("no-room-title").textContent =
    t(!atTable ? "no_page.title" : closed ? "no_room.closed_title" : "no_room.title", { room });
  document.body.dataset.status = String(status);
};
translateStatic();
title();
onLanguage(title);
document.getElementById("settings").append(languageSwitch(), muteSwitch());
