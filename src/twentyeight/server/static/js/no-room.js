// The page of a table link that leads nowhere: says so in the person's language, with the
// way back to the lobby.
import { onLanguage, pickLanguage, t, useLanguage } from "./i18n.js";
import { languageSwitch, muteSwitch } from "./settings.js";

const room = decodeURIComponent(location.pathname.split("/r/")[1]?.split("/")[0] || "");
const title = () => { document.getElementById("no-room-title").textContent = t("no_room.title", { room }); };

await useLanguage(pickLanguage());
document.getElementById("settings").append(languageSwitch(), muteSwitch());
title();
onLanguage(title);
