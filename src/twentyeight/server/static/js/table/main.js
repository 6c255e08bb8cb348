// The browser table's start.  It speaks only the WebSocket protocol of docs/protocol.md and the
// HTTP endpoints to take a seat and start: everything it shows comes from the server's
// messages, which hold exactly what this seat may know.  This module wires the others
// together: messages in, every panel drawn from the state, the keys and the buttons.
//
//   state.js       the shared `ui` state and what follows from it (names, teams, seats)
//   connection.js  the WebSocket: reconnects, send, receive
//   messages.js    the server's messages → state, table talk, screen-reader announcements
//   commands.js    the person's actions: calls, cards, taking a seat, starting
//   render-table.js, render-panels.js, render-hand.js   drawing the page from the state
//   keyboard.js    the keys
//   text.js, dom.js   sentences about the game; small page helpers
import { spriteSVG } from "../cards.js";
import { connect, onMessage } from "./connection.js";
import { $ } from "./dom.js";
import { onKey } from "./keyboard.js";
import { receive } from "./messages.js";
import { fitHand, renderActions, renderHand, renderPrompt } from "./render-hand.js";
import { renderAuction, renderContract, renderLastTrick, renderPoints } from "./render-panels.js";
import {
  renderBanner, renderCenter, renderInfoStrip, renderSeats, renderTop, renderWaiting,
} from "./render-table.js";
import { onRefresh, ui } from "./state.js";

/** Every panel, drawn again from the state (each one replaces its own content). */
function render() {
  document.body.dataset.seq = ui.st ? String(ui.st.seq) : "";
  document.body.dataset.hand = ui.st ? String(ui.st.hand) : "";
  renderTop();
  renderWaiting();
  renderSeats();
  renderCenter();
  renderInfoStrip();
  renderContract();
  renderPoints();
  renderAuction();
  renderLastTrick();
  renderPrompt();
  renderActions();
  renderHand();
  renderBanner();
}

async function boot() {
  onRefresh(render);
  onMessage(receive);
  document.body.insertAdjacentHTML("afterbegin", spriteSVG());
  $("last-btn").addEventListener("click", () => { ui.showLast = !ui.showLast; renderLastTrick(); });
  $("hand-over").addEventListener("close", () => { const c = $("hand").querySelector(".card[tabindex='0']"); if (c) c.focus(); });
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", fitHand);
  render();
  connect();
  try {
    ui.presets = await (await fetch("/api/presets")).json();
    render();
  } catch { /* the table works without: sixes and seat direction use defaults */ }
}

boot();
