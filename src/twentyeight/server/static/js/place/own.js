// The owner's own profile page: sign out every other browser, a new password, delete the
// player (docs/online.md, "Players and their seats"); profile.js shows the profile itself.
import { t } from "../i18n.js";
import { sayRefusal } from "../refusal.js";
import { request } from "../request.js";
import { $, tellIn } from "../table/dom.js";

let ownProfile = () => null;        // the profile shown (profile.js)
let deleted = () => {};             // what the page does once the player is deleted

/** The owner's own profile offers to sign out every other browser (a phone lost, a shared
 *  computer left signed in: DELETE /api/session/others), a new password (POST
 *  /api/session/password, which signs the others out too) and to delete the player (DELETE
 *  /api/session/player), each asking the password again. */
export function offerOwn(who, profile) {
  $("own").hidden = !profile || who?.player?.name !== profile.name;
  if (profile) $("pw-name").value = profile.name;      // (for the browser's password keeper)
}

/** A refusal of the password given again, in the words of this page ("your password is not
 *  right": there is no name to get wrong here). */
function sayPasswordRefusal(node, frame, answer) {
  node.className = "error";
  if (answer.data?.error === "wrong_password") tellIn(node, () => t("account.wrong_current"));
  else sayRefusal(node, frame, answer.data, answer.response);
}

async function deletePlayer(event) {
  event.preventDefault();
  quiet();
  if (!window.confirm(t("account.delete_confirm", { name: ownProfile().name }))) return;
  $("del-btn").disabled = true;
  const answer = await request("/api/session/player", { password: $("del-password").value }, "DELETE");
  $("del-btn").disabled = false;
  if (!answer.ok) {
    sayPasswordRefusal($("del-said"), "account.delete_failed", answer);
    return;
  }
  deleted();
}

async function changePassword(event) {
  event.preventDefault();
  quiet();
  const said = $("pw-said");
  $("pw-btn").disabled = true;
  const answer = await request("/api/session/password",
    { password: $("pw-current").value, new_password: $("pw-new").value });
  $("pw-btn").disabled = false;
  if (!answer.ok) {
    sayPasswordRefusal(said, "account.change_password_failed", answer);
    return;
  }
  said.className = "";
  $("pw-current").value = "";
  $("pw-new").value = "";
  enableForms();
  tellIn(said, () => t("account.password_changed"));
}

/** Each action's words replace the last one's (an old "No other device was signed in."
 *  stayed beside a later refusal). */
function quiet() {
  for (const id of ["sessions-said", "pw-said", "del-said"]) $(id).textContent = "";
}

/** The forms' buttons wait for their passwords (an empty one was sent, and refused as a
 *  wrong password). */
function enableForms() {
  $("pw-btn").disabled = !$("pw-current").value || !$("pw-new").value;
  $("del-btn").disabled = !$("del-password").value;
}

async function signOutOthers() {
  quiet();
  $("sign-out-others").disabled = true;
  const answer = await request("/api/session/others", undefined, "DELETE");
  $("sign-out-others").disabled = false;
  if (!answer.ok) {
    sayRefusal($("sessions-said"), "account.sign_out_others_failed", answer.data, answer.response);
    return;
  }
  const ended = answer.data.ended;
  tellIn($("sessions-said"), () => (ended ? t("account.signed_out_others", { count: ended })
    : t("account.no_other_sessions")));
}

/** Wire the forms: `profile()` is the profile shown, `onDeleted()` what the page does once
 *  the player is deleted.  The forms' buttons come disabled (a form sent before its handler
 *  is wired reloads the page) and stay so until their passwords are written. */
export function wireOwn(profile, onDeleted) {
  ownProfile = profile;
  deleted = onDeleted;
  $("sign-out-others").addEventListener("click", signOutOthers);
  $("password-form").addEventListener("submit", changePassword);
  $("delete-form").addEventListener("submit", deletePlayer);
  for (const id of ["pw-current", "pw-new", "del-password"]) $(id).addEventListener("input", enableForms);
}
