// The keys: arrows, Home and End move along the hand, 1–9 jump to a card, P passes, A asks for
// or reveals the trump, L shows or hides the last trick (Enter on a card plays it: a button).
import { parseAction } from "../words.js";
import { $ } from "./dom.js";
import { syncTabIndex } from "./render-hand.js";
import { renderLastTrick } from "./render-panels.js";
import { ui } from "./state.js";

export function onKey(e) {
  if (e.target.closest("input, select, textarea") || e.altKey || e.ctrlKey || e.metaKey) return;
  if ($("hand-over").open) return;
  const cards = [...$("hand").querySelectorAll(".card")];
  const inHand = e.target.closest("#hand");
  const move = (i) => {
    if (!cards.length) return;
    ui.focusIndex = (i + cards.length) % cards.length;
    syncTabIndex();
    cards[ui.focusIndex].focus();
    e.preventDefault();
  };
  if (inHand && (e.key === "ArrowLeft" || e.key === "ArrowUp")) return move(ui.focusIndex - 1);
  if (inHand && (e.key === "ArrowRight" || e.key === "ArrowDown")) return move(ui.focusIndex + 1);
  if (inHand && e.key === "Home") return move(0);
  if (inHand && e.key === "End") return move(cards.length - 1);
  if (/^[1-9]$/.test(e.key) && Number(e.key) <= cards.length) return move(Number(e.key) - 1);
  // the letter of the key: its character, or under a layout of another script (Hindi's
  // InScript types "प" on P) the key where the letter sits
  const key = /^[a-z]$/i.test(e.key) || !/^Key[A-Z]$/.test(e.code || "") ? e.key.toLowerCase()
    : e.code.slice(3).toLowerCase();
  const clickVerb = (verbs) => {
    const b = [...$("actions").querySelectorAll("button[data-action]")]
      .find((x) => verbs.includes(parseAction(x.dataset.action).verb));
    if (b) { b.click(); e.preventDefault(); }
  };
  if (key === "p") return clickVerb(["pass"]);
  if (key === "a") return clickVerb(["ask", "reveal"]);
  if (key === "l") { ui.showLast = !ui.showLast; renderLastTrick(); e.preventDefault(); }
}
