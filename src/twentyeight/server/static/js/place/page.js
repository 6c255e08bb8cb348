// What every page of the place does first: the language (and its switch), the mute switch,
// and the account bar; `draw` is called now and after every change of language.
import { onLanguage, pickLanguage, useLanguage } from "../i18n.js";
import { languageSwitch, muteSwitch } from "../settings.js";
import { $ } from "../table/dom.js";
import { accountBar, session } from "./account.js";

export async function startPage(draw) {
  await useLanguage(pickLanguage());
  $("settings").append(languageSwitch(), muteSwitch());
  const who = await session();
  const all = () => { accountBar($("account"), who); draw(who); };
  all();
  onLanguage(all);
  return who;
}
