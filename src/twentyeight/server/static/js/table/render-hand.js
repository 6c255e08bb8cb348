// Drawing what is yours: the prompt (whose turn, what to do), the buttons of your calls (bids
// in two steps when a bid names its trump), and your hand of cards (legal ones raised, fitted
// to the width, one tab stop with the arrow keys moving along it).
import { cardName, cardSVG, sortHand } from "../cards.js";
import { digits, t } from "../i18n.js";
import { noteNode } from "../learn/notes.js";
import { bidParts, buttonHelp, isCard, labelNode, parseAction } from "../words.js";
import { claimButton } from "./claim.js";
import { act, clickCard, imBack } from "./commands.js";
import { $, el } from "./dom.js";
import { handRoom } from "./layout.js";
import { caughtUp, flags, myTurn, presetName, refresh, seatName, ui, view } from "./state.js";
import { invite, maySit } from "./invite.js";
import { matchOverText, scoreUnit } from "./text.js";

/** What to do at my turn: "bid at least 16 or pass." (said after "Your turn: "); null in a
 * window after the auction, whose `turn.<phase>` sentence is the whole prompt. */
export function turnPrompt(st) {
  const v = st.view;
  const legal = st.legal.map(parseAction);
  const verbs = new Set(legal.map((a) => a.verb));
  const plays = legal.filter((a) => a.verb === "play");
  if (v.phase === "auction") {
    const bids = legal.filter((a) => a.verb === "bid").map((a) => bidParts(a.arg).value);
    if (!bids.length) return t("prompt.call");
    const value = Math.min(...bids);
    return t(verbs.has("pass") ? "prompt.bid_or_pass" : "prompt.bid", { value });
  }
  if (v.phase === "trump") {
    return t(legal.some((a) => a.verb === "trump" && isCard(a.arg)) ? "prompt.trump_card" : "prompt.trump");
  }
  if (v.phase === "play") {
    // no card may be played before the trump is asked for or revealed: not "play a card"
    const parts = plays.length ? [t(v.trick && v.trick.cards.length ? "prompt.play" : "prompt.lead")] : [];
    if (verbs.has("ask")) parts.push(t(plays.length ? "prompt.may_ask" : "prompt.must_ask"));
    if (verbs.has("reveal")) parts.push(t(plays.length ? "prompt.may_reveal" : "prompt.must_reveal"));
    if (verbs.has("pair")) parts.push(t("prompt.may_pair"));
    return parts.join(" ");
  }
  return null;
}

/** The turn notes (their keys) that `turnPrompt` says itself: "you cannot follow suit: you
 *  must reveal the trump" under a prompt that says just that read twice (the table talk
 *  keeps the note, with its rule). */
function saidByPrompt(st) {
  const verbs = new Set(st.legal.map((a) => parseAction(a).verb));
  if (st.view.phase !== "play" || verbs.has("play")) return new Set();
  return new Set([verbs.has("ask") ? "must_ask_first" : "", verbs.has("reveal") ? "must_reveal_first" : ""]);
}

/** The calls a phase's prompt does not name, each said under it when my turn offers it. */
const ALSO = { auction: ["double", "redouble", "thani"], double: ["c"], redouble: ["c"], play: ["concede"] };

/** What else my turn offers besides the prompt's calls: a double or a Thani in 56's auction
 *  (56-DBL-1), 'C' beside a double or redouble (28-DBL-7), a concession in the play
 *  (28-COT-2); said under the prompt beside its buttons ("You may also double."); "" for
 *  nothing. */
export function alsoPrompt(st) {
  const verbs = new Set(st.legal.map((a) => parseAction(a).verb));
  return (ALSO[st.view.phase] || []).filter((d) => verbs.has(d)).map((d) => t(`prompt.may_${d}`)).join(" ");
}

export function renderPrompt() {
  const p = $("prompt");
  p.className = "prompt";
  if (!ui.room) { p.textContent = t("prompt.connecting"); return; }
  const st = ui.st;
  if (ui.room.status === "waiting") {
    p.textContent = t(ui.seatInfo ? "prompt.seated_waiting" : maySit() ? "prompt.take_seat" : "prompt.watch_waiting");
    return;
  }
  if (!st) { p.textContent = t("prompt.dealing"); return; }
  if (st.match.over && caughtUp()) {
    p.replaceChildren(matchOverText(st.match), " ",
      st.record ? el("a", { href: st.record, download: "", text: t("prompt.download") }) : "");
    return;
  }
  if (st.view.phase === "over") { p.textContent = t("turn.over"); return; }   // (its result shows)
  const doing = st.to_act === null ? t("prompt.showing") : t(`wait.${st.view.phase}`, { who: seatName(st.to_act) });
  if (ui.me === null) {
    p.textContent = t("prompt.watching", { doing });
    // holding the seat link of a private match under way, yet watching: most likely the one
    // who sat down in another browser (WhatsApp's own, say), whose seat is played from there
    if (invite() && !ui.room.public) p.append(el("span", { class: "prompt-why", text: t("prompt.seat_elsewhere") }));
    return;
  }
  if (ui.room.seats?.[ui.me]?.played_by === "bot") {    // my clock ran out: the computer plays
    p.classList.add("mine", "away");
    if (p.querySelector("#back-btn")?.textContent === t("prompt.back")) return;   // (the focus)
    p.replaceChildren(t("prompt.computer_plays"), " ", el("button", { type: "button",
      id: "back-btn", class: "primary small", text: t("prompt.back"), onclick: imBack }));
    return;
  }
  if (myTurn()) {
    p.classList.add("mine");
    const what = turnPrompt(st);
    p.textContent = what === null ? t(`turn.${st.view.phase}`) : t("prompt.your_turn", { what });
    // why some choices are missing (a bid floor, the bidder's hidden trump), under the
    // prompt: the rule the table talk also tells, where the player looks for the choices
    // and what else it offers: a line the page leaves out where the hand has no room for
    // it (layout.js's last resort), as the buttons say it too
    const said = saidByPrompt(st);
    const why = (st.notes || []).filter((note) => note.kind === "turn" && !said.has(note.key));
    const also = alsoPrompt(st);
    if (why.length || also) {
      p.append(el("span", { class: "prompt-why" }, also, also && why.length ? " · " : "",
        ...why.flatMap((note, i) => [i ? " · " : "", noteNode(note, presetName(), "span")])));
    }
  } else {
    p.textContent = st.to_act === ui.me ? t("prompt.showing") : t("prompt.waiting", { doing });
  }
}

export function renderActions() {
  const box = $("actions");
  const active = document.activeElement;
  const held = box.contains(active) ? active.dataset.action ?? "" : null;   // a call had it
  const lost = held !== null || !active || active === document.body;
  box.replaceChildren();
  fillActions(box);
  // (the hand keeps a card's focus, but where no card is a choice the calls are the turn:
  // after the trump laid by a key, the raise's or the double's)
  const idleCard = $("hand").contains(active) && !ui.st?.legal.some((a) => isCard(parseAction(a).arg));
  if (lost || idleCard) keepFocus(box, held);
}

/** The keyboard's focus after the calls were drawn again (a key pressed on a call, or the
 *  focus nowhere: it fell to the page when its button went): at my turn, the same call if
 *  it is still offered, else the first call where no card is to be played (a card's turn
 *  keeps the page's focus: the skip link's first Tab reaches the hand, and a focused card
 *  stands lifted over its neighbours); where a dialog is open, or the turn is another's, it
 *  is left alone. */
function keepFocus(box, held) {
  if (!myTurn() || $("hand-over").open) return;
  const calls = [...box.querySelectorAll("button")];
  const cardsToPlay = ui.st.legal.some((a) => isCard(parseAction(a).arg));
  const target = calls.find((b) => held && b.dataset.action === held) || (cardsToPlay ? null : calls[0]);
  target?.focus({ preventScroll: true });
}

/** Whether the last input was a pointer's (a mouse, a finger): a focus moved for it is seen
 *  by nobody, and it lifted a card under the finger. */
let pointing = false;
addEventListener("pointerdown", () => { pointing = true; }, true);
addEventListener("keydown", () => { pointing = false; }, true);

/** Where the keyboard's focus goes when it is nowhere at my turn (on the page: the control
 *  it was on went, a dialog closed, the previous turn's button was pressed): the first call
 *  where no card is a choice, else a card that may be played (the one the hand's focus was
 *  on, if it may).  It fell to the page after a bid, a pass, or "Continue": a keyboard's
 *  seven Tabs from the top to the turn, and a screen reader's place back at the page's
 *  start.  Focus that is somewhere (the chat's box, a link) is never taken, nor moved for
 *  someone who points rather than types. */
export function focusTurn() {
  const active = document.activeElement;
  const hand = $("hand");
  const legal = [...hand.querySelectorAll(".card.legal")];
  // (a card where no card is a choice is no place for the turn: the calls are)
  const lost = !active || active === document.body || (hand.contains(active) && !legal.length);
  if (pointing || !lost || !myTurn() || document.querySelector("dialog[open]")
      || ui.turnFocused === ui.st.seq) return;             // (once a turn: then it is theirs)
  ui.turnFocused = ui.st.seq;
  if (legal.length) {
    const at = hand.querySelectorAll(".card")[ui.focusIndex];
    (at?.classList.contains("legal") ? at : legal[0]).focus({ preventScroll: true });
    return;
  }
  $("actions").querySelector("button")?.focus({ preventScroll: true });
}

function fillActions(box) {
  const st = ui.st;
  if (!myTurn()) return;
  const others = st.legal.filter((a) => { const { verb, arg } = parseAction(a); return !((verb === "play" || verb === "trump") && isCard(arg)); });
  const bids = others.filter((a) => parseAction(a).verb === "bid");
  const raises = others.filter((a) => parseAction(a).verb === "raise");
  const rest = others.filter((a) => !["bid", "raise"].includes(parseAction(a).verb));
  const revealKnowsCard = flags().trump_indicator !== "suit";
  const button = (a, label = labelNode(a)) => {
    const help = buttonHelp(a, { bidderKnowsCard: revealKnowsCard });
    const shown = label.textContent;                 // the name starts with what is seen
    return el("button", {
      type: "button", class: `act verb-${parseAction(a).verb}`, title: help,
      // (named once: "Bid 17", not "17: Bid 17")
      "aria-label": !shown || help.includes(shown) ? help : `${shown}: ${help}`,
      "data-action": a, onclick: () => act(a),
    }, label);
  };
  if (bids.length) {
    const dens = bids.some((a) => bidParts(parseAction(a).arg).den);
    const group = el("div", { class: "bids", role: "group", "aria-label": t("actions.bids") });
    if (!dens) {
      for (const a of bids) group.append(button(a));
    } else {
      // the values; once one is chosen, in their place a button back to them beside the
      // value's trumps — 56's twenty-eight values and five trumps do not fit a phone held
      // sideways together
      const values = [...new Set(bids.map((a) => bidParts(parseAction(a).arg).value))];
      if (!values.includes(ui.bidValue)) ui.bidValue = null;
      const choose = (value) => () => { ui.bidValue = value; refresh(); focusBid(); };
      if (ui.bidValue === null) {
        for (const value of values) {
          group.append(el("button", { type: "button", class: "act bid-value", text: digits(value),
            "aria-label": t("help.bid_value", { value }), "data-value": value, onclick: choose(value) }));
        }
      } else {
        const value = ui.bidValue;
        group.append(el("button", { type: "button", class: "act bid-back", text: `‹ ${digits(value)}`,
          "aria-label": t("help.bid_value_other", { value }), onclick: choose(null) }));
      }
      box.append(group);
      if (ui.bidValue !== null) {
        const row = el("div", { class: "dens", role: "group", "aria-label": t("actions.bid_in", { value: ui.bidValue }) });
        for (const a of bids.filter((x) => bidParts(parseAction(x).arg).value === ui.bidValue)) row.append(button(a));
        box.append(row);
      }
    }
    if (!dens) box.append(group);
  }
  if (raises.length) {
    // "Raise to 24 25 26 27 28" on one line, as the bids' values: five whole "Raise to …"
    // buttons took a phone's table from under the bidder's plate
    const group = el("div", { class: "raises", role: "group", "aria-label": t("actions.raise_to") },
      el("span", { class: "raises-label", "aria-hidden": "true", text: t("actions.raise_to") }));
    for (const a of raises) group.append(button(a, document.createTextNode(digits(parseAction(a).arg))));
    box.append(group);
  }
  const claim = claimButton();
  if (rest.length || claim) {
    const group = el("div", { class: "calls", role: "group", "aria-label": t("actions.calls") });
    for (const a of rest) group.append(button(a));
    if (claim) group.append(claim);
    box.append(group);
  }
  const stakes = offeredStakes(st.view.offered_stakes);
  if (stakes) box.append(el("p", { class: "offer-stakes" }, stakes));
}

/** What a single hand or a Thani offered now wins and loses, under its button, where a
 *  phone shows no button's title: "Thani: every trick +4, otherwise −5" (the view's
 *  `offered_stakes`: 28-SH-4, 28-TH-3; a 56 Thani decides the match, 56-TH-4). */
function offeredStakes(offered) {
  if (!offered) return "";
  return Object.entries(offered).map(([name, stake]) => {
    const kind = stake?.opponents_gain ? "contract.stakes_undertaking_opponents_gain" : "contract.stakes_undertaking";
    const what = stake ? t(kind, { win: stake.win, loss: stake.loss })
      : t(scoreUnit() === "coolies" ? "contract.stakes_kodi" : "contract.stakes_match");
    return `${t(name === "single" ? "btn.single" : "btn.thani")}: ${what}`;
  }).join(" · ");
}

/** After a value is chosen (or the values given back), the keyboard's focus where the next
 *  step is: the value's first trump, or the first value. */
function focusBid() {
  $("actions").querySelector(".dens button, .bid-value")?.focus({ preventScroll: true });
}

export function renderHand() {
  const box = $("hand");
  const st = ui.st;
  const v = view();
  const focusedCard = document.activeElement?.dataset?.card;
  box.replaceChildren();
  if (!v || ui.me === null) { box.hidden = ui.me === null; return; }
  box.hidden = false;
  const cards = sortHand(v.hand, v.trump && v.trump !== "reverse" ? v.trump : null);
  const mine = myTurn();
  const legalCards = new Set(st.legal.map(parseAction)
    .filter((a) => (a.verb === "play" || a.verb === "trump") && isCard(a.arg)).map((a) => a.arg));
  const choosing = mine && legalCards.size > 0;
  const n = cards.length;
  box.style.setProperty("--n", n);
  if (ui.focusIndex >= n) ui.focusIndex = Math.max(0, n - 1);
  const seen = {};
  cards.forEach((c, i) => {
    seen[c] = (seen[c] || 0) + 1;
    const legal = legalCards.has(c);
    // whether a card may be played, where cards are played or laid (in the auction and the
    // windows no card is a choice: "nine of spades", not "…, not legal now")
    const cardPhase = v.phase === "play" || v.phase === "trump";
    const state = !mine || !cardPhase ? "" : legal ? t(v.phase === "trump" ? "hand.can_lay" : "hand.legal")
      : t("hand.not_legal");
    const b = el("button", {
      type: "button",
      class: `card${choosing ? (legal ? " legal" : " illegal") : ""}`,
      "aria-label": state ? `${cardName(c)}, ${state}` : cardName(c),
      "data-card": c,
      tabindex: i === ui.focusIndex ? "0" : "-1",
      style: `--i:${i};--off:${(i - (n - 1) / 2).toFixed(2)}`,
      html: cardSVG(c),
    });
    if (seen[c] > 1) b.dataset.twin = "1";
    b.addEventListener("click", () => { ui.focusIndex = i; clickCard(c, b); });
    b.addEventListener("focus", () => { ui.focusIndex = i; syncTabIndex(); });
    box.append(b);
  });
  if (focusedCard) {
    const drawn = [...box.querySelectorAll(".card")];
    if (choosing && ui.turnFocused !== st.seq) {   // a new turn: off a card it may not play
      ui.turnFocused = st.seq;                      // (Enter on it was a refusal), to the
      if (!drawn[ui.focusIndex]?.classList.contains("legal")) {         // nearest it may
        const near = drawn.map((b, i) => [Math.abs(i - ui.focusIndex), i])
          .filter(([, i]) => drawn[i].classList.contains("legal")).sort((a, b) => a[0] - b[0]);
        if (near.length) { ui.focusIndex = near[0][1]; syncTabIndex(); }
      }
    }
    drawn[ui.focusIndex]?.focus({ preventScroll: true });
  }
}

export function syncTabIndex() {
  $("hand").querySelectorAll(".card").forEach((b, i) => { b.tabIndex = i === ui.focusIndex ? 0 : -1; });
}

/** Overlap the cards just enough to fit the hand's width (never more than needed), with a
 *  gentler fan the more cards there are. */
export function fitHand() {
  const box = $("hand");
  const n = box.childElementCount;
  if (!n) return;
  const w = box.firstElementChild.offsetWidth || 90;
  const fan = Math.min(1.6, 11 / n);
  const avail = handRoom(box);
  const natural = n * w;
  let overlap = natural > avail ? (natural - avail) / Math.max(1, n - 1) : 0;
  overlap = Math.max(overlap, n > 1 ? w * 0.18 : 0);
  box.style.setProperty("--overlap", `${Math.min(overlap, w * 0.8).toFixed(1)}px`);
  box.style.setProperty("--fan", `${fan.toFixed(2)}deg`);
}
