// The server's refusals in the page's language.  Every refusal is `{error, message}` over
// HTTP and `{type: "error", code, message}` on a table's socket (docs/protocol.md): a code,
// and English words for people.  English shows the server's own words; the other languages
// show the catalog's `refusal.<code>` (said so that it is true of every message the server
// gives with that code), and the server's words for a code the catalog lacks.  The engine's
// reasons for refusing a move have their own words (reasons.js).
import { has, language, t } from "./i18n.js";
import { tellIn } from "./table/dom.js";

/** The page's own refusals (request.js): nothing answered, or an answer that is not JSON. */
const PAGE_CODES = { no_answer: "net.no_answer", bad_answer: "net.bad_answer" };

/** The seconds the refusal asks to wait (its `Retry-After`), or null. */
function retryAfter(response) {
  const value = response?.headers?.get?.("retry-after");
  return value && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

/** The words of a refusal: `data` is its body (or the socket's error message); `response`,
 *  if given, the fetch's answer, whose `Retry-After` says a wait in minutes where the words
 *  name one.  A translation that needs a number the refusal does not give is not shown:
 *  the server's words are. */
export function refusalText(data, response) {
  const code = data?.error ?? data?.code;
  if (Object.hasOwn(PAGE_CODES, code)) return t(PAGE_CODES[code], { status: response?.status ?? 0 });
  const english = data?.message || response?.statusText || String(response?.status ?? "");
  const key = `refusal.${code}`;
  if (!code || !has(key) || (language() === "en" && english)) return english;
  const wait = retryAfter(response);
  const params = wait === null ? {} : { count: Math.max(1, Math.ceil(wait / 60)) };
  const text = t(key, params);
  return /\{\w+\}/.test(text) ? english : text;
}

/** `node` says the refusal in the frame of the catalog's `frame` ("Could not sign in:
 *  {why}"), now and again in another language if the reader picks one while it is shown. */
export function sayRefusal(node, frame, data, response) {
  tellIn(node, () => t(frame, { why: refusalText(data, response) }));
}
