// One request to the server's JSON API, as every page makes it: it always answers, and a
// refusal comes as `{error, message}` for refusal.js to say in the page's language.  A request
// that got no answer at all (the network gone, the server down) or an answer that is not
// JSON is refused alike, with the page's own codes (`no_answer`, `bad_answer`): never the
// browser's own English ("Failed to fetch") nor a page that does nothing.
import { refusalText } from "./refusal.js";

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
