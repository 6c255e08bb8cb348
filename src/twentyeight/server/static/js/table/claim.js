// Claiming the remaining tricks (docs/protocol.md, "At the table"): the player to play may
// claim every trick left.  The server accepts a certain claim at once and plays the hand out;
// otherwise the claimer's cards are shown to the table and the opponents at the table accept
// (the claimer's side takes the rest) or refuse (play on).  One claim per side per hand.
import { cardShort } from "../cards.js";
import { joinList, t } from "../i18n.js";
import { notSent, send } from "./connection.js";
import { $, el, log, notice, say } from "./dom.js";
import { aboutSeat, myTurn, refresh, seatName, teamName, teamOf, token, ui } from "./state.js";

/** The "claim the rest" button, when it is my turn to play a card (render-hand.js). */
export function claimButton() {
  const st = ui.st;
  if (!myTurn() || st.view.phase !== "play" || ui.claimedHand === st.hand || ui.claim) return null;
  if (!st.legal.some((a) => a.split(" ")[1] === "play")) return null;
  return el("button", { type: "button", class: "act verb-claim", "data-action": "claim",
    title: t("claim.help"), "aria-label": t("claim.help"), text: t("claim.button"),
    onclick: () => {
      // a claim not certain shows this hand to the table: asked first, but at the last
      // trick (nothing is left to show); a thumb finds the big button beside the hand
      if (st.view.hand.length > 1 && !window.confirm(t("claim.confirm"))) return;
      if (send({ type: "claim", token: token(), seq: st.seq, id: `k${ui.nextId++}` })) {
        ui.claimedHand = st.hand;
        refresh();
      } else {
        notSent();
      }
    } });
}

function answer(accept) {
  send({ type: "claim_answer", token: token(), accept, id: `k${ui.nextId++}` });
  $("claim-dialog").close();
}

/** The server's `claim` message: asked (the table waits), accepted or refused.  Its words
 *  are told again in another language when the reader picks one, as the table talk is; to
 *  the claimer in the second person ("You show", not "You shows"). */
export function receiveClaim(msg) {
  const mine = msg.seat === ui.me && ui.me !== null;
  const side = () => teamName(teamOf(msg.seat));
  const cards = () => joinList((msg.cards || []).map(cardShort));
  const dialog = $("claim-dialog");
  if (mine) ui.claimedHand = msg.hand;
  let tell;
  if (msg.status === "asked") {
    ui.claim = msg;
    const asked = ui.me !== null && msg.asked.includes(ui.me) && !msg.accepted.includes(ui.me);
    const asking = () => aboutSeat("claim.asked", msg.seat, { side: side() });
    const shown = () => aboutSeat("claim.cards", msg.seat, { cards: cards() });
    $("claim-title").textContent = asking();
    $("claim-cards").textContent = shown();
    $("claim-waiting").textContent = t("claim.waiting", {
      who: joinList(msg.asked.filter((k) => !msg.accepted.includes(k)).map((k) => seatName(k))) });
    $("claim-accept").textContent = t("claim.accept");
    $("claim-refuse").textContent = t("claim.refuse");
    $("claim-answers").hidden = !asked;
    // the banner's words in the page's language when it is drawn: the claim and the cards
    ui.banner = { tell: () => `${asking()} ${shown()}`, cards: msg.cards, trick: Infinity, kind: "claim" };
    tell = asking;
    if (asked && !dialog.open) dialog.showModal();
  } else {
    ui.claim = null;
    if (dialog.open) dialog.close();
    if (ui.banner?.kind === "claim") ui.banner = null;
    if (msg.status === "accepted") {
      tell = () => aboutSeat(msg.certain ? "claim.certain" : "claim.accepted", msg.seat, { side: side() })
        + (msg.swept ? "" : ` ${t("claim.not_swept", { side: side() })}`);
    } else if (msg.by === null || msg.by === undefined) {
      tell = () => aboutSeat("claim.refused.nobody", msg.seat);
    } else if (mine) {                               // "Ravi refuses your claim"
      tell = () => t("claim.refused.yours", { who: seatName(msg.by) });
    } else {                                         // "You refuse Ravi's claim" / "Asha refuses …"
      tell = () => aboutSeat("claim.refused", msg.by, { claimer: seatName(msg.seat) });
    }
  }
  log(tell, "moment");
  say(tell(), true);
  // my claim refused: said where I play, not only in the table talk below the table (on a
  // phone held upright the claimer saw the button go and nothing else)
  if (mine && msg.status === "refused") notice(tell, "info");
  refresh();
}

/** Wire the dialog's buttons once (main.js). */
export function setUpClaims() {
  $("claim-accept").addEventListener("click", () => answer(true));
  $("claim-refuse").addEventListener("click", () => answer(false));
}
