// One request to the server's JSON API, as every page makes it: it always answers, and a
// refusal comes as `{error, message}` for refusal.js to say in the page's language.  A request
// that got no answer at all (the network gone, the server down) or an answer that is not
// JSON is refused alike, with the page's own codes (`no_answer`, `bad_answer`): never the
// browser's own English ("Failed to fetch") nor a page that does nothing.
import { t } from "./i18n.js";
import { refusalText, sayRefusal } from "./refusal.js";
import { el, tellIn } from "./table/dom.js";

/** `{ok, status, data, response}`: `data` the answer's JSON, or `{error, message}` when refused;
 *  `response` the fetch's (for its `Retry-After`), absent when nothing answered.  `body` is
 *  an object sent as JSON, or JSON text sent as it is. */
export async function request(url, body, method = "POST") {
  let response;
  try {
    response = await fetch(url, {
      method, headers: { "content-type": "application/json" },
      body: body === undefined || typeof body === "string" ? body : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, data: { error: "no_answer" } };
  }
  try {
    const data = await response.json();
    return { ok: response.ok, status: response.status, data, response };
  } catch {
    return { ok: false, status: response.status, data: { error: "bad_answer" }, response };
  }
}

/** A request's answer, or an Error whose message is the refusal in the page's language. */
function answered(answer) {
  if (!answer.ok) throw new Error(refusalText(answer.data, answer.response));
  return answer.data;
}

/** A POST's answer (or an Error that says the refusal). */
export async function post(url, body) {
  return answered(await request(url, body));
}

/** A GET's answer (or an Error that says the refusal). */
export async function get(url) {
  return answered(await request(url, undefined, "GET"));
}

/** Whether asking again may bring another answer: nothing answered, an answer that could not
 *  be read, the server's own failure or its "too many requests" (not a refusal of the
 *  request itself, such as "no such player"). */
const worthAgain = (answer) => answer.status === 0 || answer.status === 408
  || answer.status === 429 || answer.status >= 500 || answer.data?.error === "bad_answer";

/** What a page needs before it can show anything (GET `url`): resolves with the answer
 *  (`request`'s) once one comes that asking again would not change.  Until then `box` says
 *  why, in the page's language, with a "Try again" button: a page whose API did not answer
 *  is never left empty without a word. */
export function loaded(url, box) {
  return new Promise((resolve) => {
    const attempt = async () => {
      box.querySelector(".load-failed button")?.setAttribute("disabled", "");
      const answer = await request(url, undefined, "GET");
      if (!worthAgain(answer)) {
        box.querySelector(".load-failed")?.remove();
        resolve(answer);
        return;
      }
      const words = el("span");
      sayRefusal(words, "net.load_failed", answer.data, answer.response);
      const again = tellIn(el("button", { type: "button", onclick: attempt }),
        () => t("net.try_again"));
      box.querySelector(".load-failed")?.remove();
      box.append(el("div", { class: "error load-failed", role: "alert" }, words, " ", again));
    };
    attempt();
  });
}
