// Passing a link on: "Copy link" and, where the browser has a share sheet (phones: WhatsApp,
// messages, mail …), "Share".  The table's invitations (table/invite.js) and the replay's
// link to a moment of a hand (replay/main.js) use it.
import { t } from "./i18n.js";
import { el, tellIn } from "./table/dom.js";

/** The buttons that pass on the link `link()` returns at the moment of the tap; the share
 *  sheet also gets the line `line()` (in the page's language at that moment).  Their words
 *  follow the reader's language. */
export function passOn(link, line) {
  const copy = tellIn(el("button", { type: "button", class: "small copy-link", onclick: async () => {
    try {
      await navigator.clipboard.writeText(link());
      tellIn(copy, () => t("waiting.copied"));
    } catch {
      tellIn(copy, () => t("waiting.copy_by_hand"));
    }
  } }), () => t("waiting.copy"));
  if (!navigator.share) return [copy];
  const share = el("button", { type: "button", class: "small share-link",
    onclick: () => navigator.share({ text: line(), url: link() })
      .catch(() => {}) });           // closed without sharing: nothing to say
  return [copy, " ", tellIn(share, () => t("waiting.share"))];
}

/** The game a table's rules are of, as players name it: "56" for `56-8p`, "29" for
 *  `bhoos-29` (as the server's ratings.family). */
export const gameOf = (preset) => String(preset).match(/\d+/)?.[0] ?? "28";
