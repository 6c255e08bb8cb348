// Sign in, or make a player (POST /api/session, POST /api/players); the session cookie is
// the server's (HttpOnly), so this page only sends the name and password and goes on.
import { sayRefusal } from "../refusal.js";
import { $ } from "../table/dom.js";
import { request } from "../request.js";
import { startPage } from "./page.js";

// Where to go after signing in: a page of this site only.  The address is resolved as the
// browser will ("/\evil.example" and "/\t/evil.example" both mean another site), then its
// origin compared.
const next = () => {
  const to = new URLSearchParams(location.search).get("next") || "/";
  try {
    const url = new URL(to, location.origin);
    return url.origin === location.origin ? url.pathname + url.search + url.hash : "/";
  } catch {
    return "/";
  }
};

async function send(event, url, prefix, failed) {
  event.preventDefault();
  $(`${prefix}-error`).textContent = "";
  $(`${prefix}-btn`).disabled = true;
  const answer = await request(url, { name: $(`${prefix}-name`).value, password: $(`${prefix}-password`).value });
  $(`${prefix}-btn`).disabled = false;
  if (!answer.ok) {
    sayRefusal($(`${prefix}-error`), failed, answer.data, answer.response);
    return;
  }
  location.href = next();
}

$("signin").addEventListener("submit", (e) => send(e, "/api/session", "in", "signin.failed"));
$("signup").addEventListener("submit", (e) => send(e, "/api/players", "up", "signin.up_failed"));
// The buttons come disabled in the page, so that a form sent before this script has run is
// not sent by the browser itself (a GET with the password in the address).
$("in-btn").disabled = $("up-btn").disabled = false;
startPage(() => {});
