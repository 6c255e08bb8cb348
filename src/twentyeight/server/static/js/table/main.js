// The browser table's start.  It speaks only the WebSocket protocol of docs/protocol.md and the
// HTTP endpoints to take a seat and start: everything it shows comes from the server's
// messages, which hold exactly what this seat may know.  This module wires the others
// together: the language, messages in, every panel drawn from the state, the keys and buttons.
//
//   state.js       the shared `ui` state and what follows from it (names, teams, seats)
//   connection.js  the WebSocket: reconnects, send, receive
//   messages.js    the server's messages → state, table talk, screen-reader announcements
//   motion.js      the presentation: one message at a time, cards travelling, tricks held
//   layout.js      the felt's geometry: plates, trick slots, the centre (css/layout.css: the page)
//   commands.js    the person's actions: calls, cards, taking a seat, starting
//   render-table.js, render-panels.js, render-hand.js   drawing the page from the state
//   keyboard.js    the keys
//   learn.js       the Hint button, the rules' explanations, the review of a hand
//   text.js, dom.js   sentences about the game; small page helpers
//   chat.js, clock.js, claim.js, scoresheet.js, seat.js   the table's habits: chat, the turn
//                  clock, claiming the rest, the score sheet, standing up and the rematch
//   ../i18n.js, ../settings.js, ../sound.js   catalogs, the person's settings, the sounds
import { spriteSVG } from "../cards.js";
import { renderChat, setUpChat } from "./chat.js";
import { setUpClaims } from "./claim.js";
import { renderClock } from "./clock.js";
import { renderSheet } from "./scoresheet.js";
import { renderSeat } from "./seat.js";
import { renderInvitation } from "./invite.js";
import { onLanguage, pickLanguage, t, useLanguage } from "../i18n.js";
import { languageSwitch, muteSwitch, paceSwitch } from "../settings.js";
import { connect, onMessage, renderConn } from "./connection.js";
import { $, scrollCue } from "./dom.js";
import { onKey } from "./keyboard.js";
import { fitPage, layoutFelt } from "./layout.js";
import { renderHint, renderReplayLink, renderRulesLink } from "./learn.js";
import { receive } from "./messages.js";
import { fitHand, focusTurn, renderActions, renderHand, renderPrompt } from "./render-hand.js";
import {
  renderAuction, renderContract, renderLastTrick, renderLegend, renderPoints,
} from "./render-panels.js";
import { fitScoreNames, renderFelt, renderStatus, renderTop, renderWaiting } from "./render-table.js";
import { flags, nSeats, onRefresh, seatOrder, ui } from "./state.js";

/** The keys' line: where the bid names the trump there is none to ask for or reveal
 *  (56-TRUMP-1), and the line leaves out A. */
function renderKeys() {
  const key = flags().trump_mode === "open" ? "keys.help_open" : "keys.help";
  if ($("keys").dataset.i18n === key) return;
  $("keys").dataset.i18n = key;
  $("keys").textContent = t(key);
}

/** Every panel, drawn again from the state (each one replaces its own content). */
function render() {
  document.body.dataset.seq = ui.st ? String(ui.st.seq) : "";
  document.body.dataset.hand = ui.st ? String(ui.st.hand) : "";
  document.body.dataset.players = String(ui.room?.num_players || "");
  document.body.dataset.phase = ui.st?.view?.phase || "";
  $("keys").hidden = ui.me === null;            // the keys play a hand: a watcher has none
  renderKeys();
  renderTop();
  renderWaiting();
  renderStatus();
  renderPrompt();
  renderActions();
  renderHand();
  renderHint();                  // the prompt's Hint and the clock chip before the page is
  renderClock();                 // fitted: both take room from the hand and the felt
  fitPage(nSeats());
  fitHand();
  renderFelt();
  renderContract();
  renderPoints();
  renderLegend();
  renderAuction();
  renderLastTrick();
  renderReplayLink();
  renderRulesLink();
  renderChat();
  renderSheet();
  renderSeat();
  renderInvitation();
  focusTurn();
}

function relayout() {
  // the portrait page gives the first screen (status, felt, hand) the height under the bar
  fitScoreNames();                 // (first: it may change the bar's height)
  document.documentElement.style.setProperty("--top-h", `${document.querySelector(".topbar").offsetHeight}px`);
  fitPage(nSeats());
  fitHand();
  layoutFelt($("felt"), seatOrder());
}

function drawer(open) {
  ui.drawer = open;
  document.body.classList.toggle("drawer-open", open);
  $("details-btn").setAttribute("aria-expanded", String(open));
  // the table it covers is out of reach while it is open (a Tab reached the cards behind
  // it), and closing it gives the focus back to the button that opened it
  document.querySelector("main .play").inert = open;
  if (open) $("side").focus({ preventScroll: true });
  else $("details-btn").focus({ preventScroll: true });
}

async function boot() {
  await useLanguage(pickLanguage());
  onRefresh(render);
  onMessage(receive);
  onLanguage(() => { renderConn(); render(); });   // (the told words: dom.js tellIn)
  document.body.insertAdjacentHTML("afterbegin", spriteSVG());
  $("settings").append(languageSwitch(), muteSwitch());
  $("pace-box").append(paceSwitch());
  $("last-btn").addEventListener("click", () => { ui.showLast = !ui.showLast; renderLastTrick(); });
  setUpChat();
  setUpClaims();
  // "Skip to your hand" lands on the hand's card of the moment, not on the hand's box (a
  // focus nothing showed, an arrow away from the cards)
  document.querySelector("a.skip")?.addEventListener("click", (e) => {
    const card = $("hand").querySelector(".card[tabindex='0']") ?? $("hand").querySelector(".card");
    if (!card) return;
    e.preventDefault();
    card.focus();
  });
  $("details-btn").addEventListener("click", () => drawer(!ui.drawer));
  $("drawer-close").addEventListener("click", () => drawer(false));
  scrollCue($("ho-body"));
  $("hand-over").addEventListener("close", () => {
    const again = $("match-rematch").querySelector("button, a");   // the match is over
    if (again) {
      again.focus({ preventScroll: true });
      $("prompt").scrollIntoView({ block: "nearest" });          // "The match is over …"
      again.scrollIntoView({ block: "nearest" });
      return;
    }
    focusTurn();                             // my turn: its call, or a card to play
    const c = $("hand").querySelector(".card[tabindex='0']");
    if (c && document.activeElement === document.body) c.focus({ preventScroll: true });
  });
  // (and wherever a turn's drawing left the focus on the page — a dialog closing as the
  // messages it held are shown, a control removed — looked at again while the turn waits)
  setInterval(focusTurn, 400);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && ui.drawer) { drawer(false); return; }
    onKey(e);
  });
  const watch = new ResizeObserver(relayout);
  watch.observe($("felt"));
  watch.observe(document.querySelector(".topbar"));
  window.addEventListener("resize", relayout);
  render();
  relayout();
  document.fonts?.ready.then(relayout);       // the scripts' fonts change the plates' sizes
  // the presets before the table's messages: a hand's result told before they came said a
  // 56 table's tables as "Game score" (its flags unknown), and a result is told once
  try {
    ui.presets = await (await fetch("/api/presets")).json();
    render();
  } catch { /* the table works without: sixes, legend and seat direction use defaults */ }
  connect();
}

boot();
