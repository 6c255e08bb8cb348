// Claiming the remaining tricks (docs/protocol.md, "At the table"): the player to play may
// claim every trick left.  The server accepts a certain claim at once and plays the hand out;
// otherwise the claimer's cards are shown to the table and the opponents at the table accept
// (the claimer's side takes the rest) or refuse (play on).  One claim per side per hand.
import { cardShort } from "../cards.js";
import { joinList, t } from "../i18n.js";
import { send } from "./connection.js";
import { $, el, log, notice, say } from "./dom.js";
import { myTurn, refresh, seatName, teamName, teamOf, token, ui } from "./state.js";

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
        notice(() => t("notice.not_connected"), "info");
      }
    } });
}

function answer(accept) {
  send({ type: "claim_answer", token: token(), accept, id: `k${ui.nextId++}` });
  $("claim-dialog").close();
}

/** The server's `claim` message: asked (the table waits), accepted or refused. */
export function receiveClaim(msg) {
  const who = seatName(msg.seat);
  const side = teamName(teamOf(msg.seat));
  const dialog = $("claim-dialog");
  if (msg.seat === ui.me) ui.claimedHand = msg.hand;
  let text;
  if (msg.status === "asked") {
    ui.claim = msg;
    const cards = joinList(msg.cards.map(cardShort));
    const asked = ui.me !== null && msg.asked.includes(ui.me) && !msg.accepted.includes(ui.me);
    text = t(msg.seat === ui.me ? "claim.asked.you" : "claim.asked", { who, side });
    $("claim-title").textContent = text;
    $("claim-cards").textContent = t("claim.cards", { who, cards });
    $("claim-waiting").textContent = t("claim.waiting", {
      who: joinList(msg.asked.filter((k) => !msg.accepted.includes(k)).map((k) => seatName(k))) });
    $("claim-accept").textContent = t("claim.accept");
    $("claim-refuse").textContent = t("claim.refuse");
    $("claim-answers").hidden = !asked;
    const key = msg.seat === ui.me ? "claim.asked.you" : "claim.asked";
    const tell = () => {       // the banner's words in the page's language when it is drawn
      const named = seatName(msg.seat);
      return `${t(key, { who: named, side: teamName(teamOf(msg.seat)) })} ${t("claim.cards", {
        who: named, cards: joinList(msg.cards.map(cardShort)) })}`;
    };
    ui.banner = { tell, cards: msg.cards, trick: Infinity, kind: "claim" };
    if (asked && !dialog.open) dialog.showModal();
  } else {
    ui.claim = null;
    if (dialog.open) dialog.close();
    if (ui.banner?.kind === "claim") ui.banner = null;
    if (msg.status === "accepted") {
      text = t(msg.certain ? "claim.certain" : "claim.accepted", { who, side });
      if (!msg.swept) text += ` ${t("claim.not_swept", { side })}`;
    } else {
      text = msg.by === null || msg.by === undefined ? t("claim.refused.nobody", { who })
        : t("claim.refused", { who: seatName(msg.by), claimer: who });
    }
  }
  log(text, "moment");
  say(text, true);
  refresh();
}

/** Wire the dialog's buttons once (main.js). */
export function setUpClaims() {
  $("claim-accept").addEventListener("click", () => answer(true));
  $("claim-refuse").addEventListener("click", () => answer(false));
}
