// Drawing the table itself: the top bar (room, spectator tag, game score), the waiting room
// (seats to take, the host's start button), the seats round the felt, the trick or the
// auction in the centre, and the status strip above the felt (contract, trump, points, and
// the banner of a trump or pair moment) — in the page's flow, so that it covers nothing.
import { backSVG, cardName, cardSVG, sixSVG } from "../cards.js";
import { digits, seatNumber, t, tn } from "../i18n.js";
import { bidNode, callNode, doublingOf, levelName } from "../words.js";
import { startMatch, takeSeat } from "./commands.js";
import { $, el } from "./dom.js";
import { layoutFelt } from "./layout.js";
import { inviteButtons, invited, maySit, seatLink, signInPath, signedIn, watchLink } from "./invite.js";
import {
  NAME_KEY, ROOM, TEAM_LETTERS, aboutSeat, findHighBidder, flags, lastCalls, myTurn, nSeats, refresh,
  rulesLabel, seatName, seatOrder, teamName, teamOf, teamSeats, token, ui, view,
} from "./state.js";
import {
  declarerOf, isUndertaking, kodiCounts, kodisNow, scoreShown, scoreUnit, signed, teamKodis, trumpText,
} from "./text.js";


export function renderTop() {
  const title = ui.room ? t("room.title", { room: ROOM, rules: rulesLabel() })
    : t("room.title_bare", { room: ROOM });
  $("room-title").textContent = title;         // shown where there is room for it
  $("page-title").textContent = title;         // the page's heading, for screen readers
  document.title = `${myTurn() ? `● ${t("title.your_turn")} — ` : ""}twentyeight · ${ROOM}`;
  const watching = Boolean(ui.room && ui.room.status !== "waiting" && ui.me === null && !token());
  $("watching").hidden = !watching;
  document.body.classList.toggle("spectating", watching);     // no hand: the felt takes its room
  const board = $("scoreboard");
  board.replaceChildren();
  const scores = ui.st?.match?.scores || ui.room?.scores;
  if (!scores || !ui.room || ui.room.status === "waiting") return;
  const f = flags();
  const sixes = (f.match_scoring ?? "target") === "target" && (f.game_target ?? 6) === 6;
  const unit = scoreUnit();
  const kodis = kodisNow();                          // coolie_kodi: each player's (56-MATCH-3)
  scores.forEach((s, team) => {
    const names = teamName(team);
    const held = teamKodis(team, kodis);
    const label = (sixes
      ? t(s >= 0 ? "score.label_red" : "score.label_black", { names, score: signed(s), count: Math.min(6, Math.abs(s)) })
      : unit ? t(`score.label_${unit}`, { names, count: s }) : t("score.label", { names, score: signed(s) }))
      + (held ? `; ${t("score.caption_kodis")}: ${held}` : "");
    board.append(el("div", { class: `score team-${team}`, role: "group", "aria-label": label, title: label },
      sixes ? el("span", { class: "six", html: sixSVG(s) }) : null,
      el("span", { class: "score-names", text: names, "data-full": names, "data-short": sideShortName(team) }),
      el("span", { class: "score-value", "data-team": team, text: scoreShown(s) }),
      held ? el("span", { class: "score-kodis", "data-team": team, "aria-hidden": "true", text: kodiBadge(team, kodis) }) : null));
  });
  fitScoreNames();
}

/** A side's kodis, short, beside its coolies: "1 kodi" where every player of it holds as
 *  many, else the most and fewest ("0–2 kodis"; each player's are on the plates). */
function kodiBadge(team, kodis) {
  const counts = kodiCounts(team, kodis);
  const most = Math.max(...counts);
  const least = Math.min(...counts);
  return most === least ? t("score.kodis", { count: most })
    : t("score.kodis_range", { least, count: most });
}

/** A side's names cut narrower than this say too little (ems): its names in full ("Yo…" of
 *  "You, Uma and Lakshmi") and its short name ("Ind…" of "Indira" still says whose). */
const CUT_LEAST_EM = { full: 3, short: 2.4 };

/** A side named short, where its names do not fit: "You" for this seat's side, else its first
 *  player's name. */
function sideShortName(team) {
  const seats = teamSeats(team);
  return seatName(ui.me !== null && seats.includes(ui.me) ? ui.me : seats[0]);
}

/** A side's names cut to a letter or two say nothing and look broken ("'" and "I" at 568 px
 *  wide, "Yo…", "Su…", "Ch…" for three sides at 360): then every side is named short ("You",
 *  "Suresh" or "Sur…"), and where even that is cut to a letter or two, left out — the colour, the six and the score say
 *  whose side it is, and the names stay in each side's label.  Again whenever the page is
 *  laid out anew. */
export function fitScoreNames() {
  const all = [...document.querySelectorAll("#scoreboard .score-names")];
  const cut = (form) => all.some((names) => {
    const em = parseFloat(getComputedStyle(names).fontSize) || 12;
    return names.scrollWidth > names.clientWidth + 1 && names.clientWidth < CUT_LEAST_EM[form] * em;
  });
  all.forEach((names) => { names.hidden = false; names.textContent = names.dataset.full; });
  if (!cut("full")) return;
  all.forEach((names) => { names.textContent = names.dataset.short; });
  if (cut("short")) all.forEach((names) => { names.hidden = true; });
}

/** The waiting room: the invitation, the seats and (for the host) the start.  A rated table
 *  says so (who sits, what it counts for), seats only signed-in players (a guest is sent to
 *  sign in, and brought back) and is started only once every seat is taken: no computer
 *  player sits there. */
export function renderWaiting() {
  const box = $("waiting");
  const waiting = ui.room?.status === "waiting";
  box.hidden = !waiting;
  if (!waiting) return;
  const mine = ui.seatInfo?.seat;
  const rated = Boolean(ui.room.rated);
  const typed = $("name-input")?.value;          // a name being typed survives a redraw
  const fresh = el("div");                   // drawn aside, put in only if it changed
  fresh.append(el("h2", { text: t("waiting.title") }));
  // without the right to sit this browser is told it watches, not offered a seat refused
  const seatable = maySit();
  const link = seatLink() || watchLink();    // the seat link, if we have the invitation
  const invite = invited() ? "waiting.invite" : "waiting.watch_only";
  fresh.append(el("p", { class: "share" }, tn(invite, { link: el("code", { text: link }) }), " ", ...inviteButtons(link)));
  if (seatLink()) fresh.append(el("p", { class: "share" }, tn("waiting.watch_only", { link: el("code", { text: watchLink() }) })));
  if (rated) fresh.append(el("p", { class: "rated-note", id: "rated-table", text: t("waiting.rated") }));
  else if (ui.room.public) fresh.append(el("p", { class: "rated-note", id: "public-table", text: t("waiting.public") }));
  const seatless = mine === undefined || mine === null;
  if (seatless && !invited()) {
    fresh.append(el("p", { class: "notice info", id: "watch-only",
      text: t(rated ? "waiting.ask_for_seat_rated" : "waiting.ask_for_seat") }));
  } else if (seatless && rated && signedIn() === false) {
    // a guest holding the seat link: the way to a seat is signing in, and back here after
    fresh.append(el("p", { class: "notice info", id: "sign-in-to-sit" }, t("waiting.sign_in_to_sit"), " ",
      el("a", { class: "sign-in", id: "sign-in-to-sit-link", href: signInPath(), text: t("account.sign_in") })));
  } else if (seatless && !rated) {
    // (at a rated table the seat takes the signed-in player's own name)
    const name = el("input", { id: "name-input", autocomplete: "nickname", maxlength: "32",
      placeholder: t("waiting.name_placeholder") });
    name.value = typed ?? (localStorage.getItem(NAME_KEY) || "");
    fresh.append(el("label", { class: "field inline" }, t("waiting.name"), " ", name));
  }
  const list = el("ul", { class: "seat-list" });
  ui.room.seats.forEach((s) => {
    const who = s.kind === "open" ? t("waiting.open") : seatName(s.seat, { you: false });
    const row = el("li", { class: `team-${teamOf(s.seat)}` },
      el("span", { class: "dot", "aria-hidden": "true" }),
      el("span", { text: t("waiting.seat", { n: seatNumber(s.seat), team: TEAM_LETTERS[teamOf(s.seat)] }) }),
      el("strong", { text: s.seat === mine ? t("waiting.you", { name: who }) : who }));
    if (s.kind === "open" && seatless && seatable) {
      row.append(el("button", { type: "button", class: "small", text: t("waiting.sit"),
        "aria-label": t("waiting.sit_at", { n: seatNumber(s.seat) }), onclick: () => takeSeat(s.seat) }));
    }
    list.append(row);
  });
  fresh.append(list);
  const open = ui.room.seats.filter((s) => s.kind === "open").length;
  if (ui.hostToken && rated) {
    // no computer fills a seat here: the server refuses the start while one is open
    // (409 `rated_needs_people`), so the start is offered only once every seat is taken
    if (open) fresh.append(el("p", { class: "hint", id: "start-waits", text: t("waiting.rated_start_waits", { count: open }) }));
    else fresh.append(el("button", { type: "button", class: "primary", id: "start-btn", text: t("waiting.start"), onclick: startMatch }));
  } else if (ui.hostToken) {
    // a host who has not sat down and starts watches four computers: said before, and
    // "Sit here" is then the way on, not the start
    const watchesComputers = seatless && open > 0;
    if (watchesComputers) fresh.append(el("p", { class: "notice info", id: "no-seat-yet", text: t("waiting.no_seat_yet") }));
    fresh.append(el("button", { type: "button", class: watchesComputers ? "" : "primary", id: "start-btn",
      text: t("waiting.start"), onclick: startMatch }));
    fresh.append(el("p", { class: "hint", text: t("waiting.bots_fill", { bots: levelName(ui.room.bots) }) }));
  } else if (ui.room.public && !seatless) {
    // at a public table anyone seated may start: its host may have gone for good
    fresh.append(el("button", { type: "button", id: "start-btn", text: t("waiting.start"), onclick: startMatch }));
    fresh.append(el("p", { class: "hint", text: t("waiting.public_starts", { bots: levelName(ui.room.bots) }) }));
  } else {
    fresh.append(el("p", { class: "hint", text: t("waiting.host_starts") }));
  }
  // a message that changes nothing here (a chat line, the room again) keeps the nodes: the
  // focus on "Sit here", a tap half made, what a screen reader is reading
  if (fresh.innerHTML !== box.innerHTML) box.replaceChildren(...fresh.childNodes);
}

/** What a plate says of its seat, the most telling first (a low plate cuts the line's end:
 *  "bidder · 28 · dealer · compu…" keeps the contract, "dealer · bidder · 2…" lost it). */
function plateBits(k, v, s) {
  const bits = [];
  const undertaking = v && isUndertaking(v);                    // the contract void (28-SH-2)
  if (undertaking && declarerOf(v) === k) bits.push(t(`special.${v.special}`));
  else if (v && v.bidder === k && !undertaking) {
    bits.push(v.contract !== null ? t("plate.bidder_of", { bid: v.contract }) : t("plate.bidder"));
  }
  if (v?.sitting_out?.includes(k)) bits.push(t("plate.sits_out"));              // 28-SH-3
  const kodis = kodisNow()?.[k];                                               // 56-MATCH-3
  if (kodis) bits.push(t("plate.kodis", { count: kodis }));
  if (v && v.dealer === k) bits.push(t("plate.dealer"));
  if (s.kind === "bot") bits.push(t("plate.computer"));
  else if (s.kind === "human" && s.played_by === "bot") {       // (there, but their time ran out)
    bits.push(t(s.connected ? "plate.time_up_computer" : "plate.away_computer"));
  }
  else if (s.kind === "human" && s.connected === false) bits.push(t("plate.away"));
  return bits;
}

/** The plate's line of bits, "bidder · 19 · dealer", each bit unbroken: where the plate has
 *  one line for them (a small felt, a low screen) the bits that do not fit are left off
 *  whole ("bidder · 19", not "bidder · 19 · de…"; the plate's label says them all).  Each bit
 *  after the first carries its separator, which a bit starting a line hides (layout.js,
 *  markLineStarts). */
export function bitsLine(bits) {
  const line = el("div", { class: "plate-bits" });
  bits.forEach((bit, i) => {
    if (i) line.append(" ");                  // the line may break here, and only here
    line.append(i ? el("span", { class: "bit" }, el("span", { class: "sep", text: "· " }), bit)
      : el("span", { class: "bit", text: bit }));
  });
  return line;
}

function turnText(k, v) {
  if (k === ui.me) return t("plate.your_turn");
  if (v.phase === "play") return v.trick?.cards?.length ? t("plate.to_play") : t("plate.to_lead");
  return t("plate.thinking");
}

export function renderSeats() {
  const box = $("seats");
  box.replaceChildren();
  if (!ui.room || ui.room.status === "waiting") return;
  const v = view();
  const calls = v && v.phase !== "play" && v.phase !== "over" && !ui.stage ? lastCalls(v) : {};
  const won = ui.stage?.done ? ui.stage.trick : null;
  box.dataset.n = nSeats();
  for (const p of seatOrder()) {
    const k = p.seat;
    const s = ui.room.seats[k];
    const turn = v && ui.st.to_act === k && !ui.st.match.over && !ui.stage;
    const cls = ["plate", `team-${teamOf(k)}`, turn ? "turn" : "", k === ui.me ? "mine" : "",
      won && won.winner === k ? "won" : ""].join(" ");
    const bits = plateBits(k, v, s);
    // my own plate says "You" (my name is in its title and label)
    const name = k === ui.me ? t("seat.you") : seatName(k);
    const fullName = k === ui.me ? t("plate.you", { name: s.name || "" }) : name;
    const label = [k === ui.me ? fullName : t("plate.label", { name, n: seatNumber(k) }),
      t("plate.team", { team: TEAM_LETTERS[teamOf(k)] }), ...bits,
      turn ? t("plate.to_act") : null, v ? t("plate.cards", { count: v.hand_sizes[k] }) : null]
      .filter(Boolean).join(", ");
    const plate = el("div", { class: cls, role: "group", "aria-label": label });
    plate.dataset.seat = k;
    plate.append(el("div", { class: "plate-head" },
      el("span", { class: "dot", "aria-hidden": "true" }),
      el("span", { class: "plate-name", text: name, title: fullName })));
    if (bits.length) plate.append(bitsLine(bits));
    // one row: the backs of the cards held, and what is happening at this seat (its turn,
    // its last call, the trick it just won)
    const row = el("div", { class: "plate-row" });
    if (v && k !== ui.me && v.hand_sizes[k]) {
      const fan = el("div", { class: "mini-fan", "aria-hidden": "true" });
      const shown = Math.min(v.hand_sizes[k], 8);
      for (let i = 0; i < shown; i++) fan.append(el("span", { class: "mini-back", style: `--i:${i - (shown - 1) / 2}` }));
      row.append(fan, el("span", { class: "count", "aria-hidden": "true", text: digits(v.hand_sizes[k]) }));
    }
    if (v && v.bidder === k && v.indicator_face_down) {
      const mineInd = v.indicator && k === ui.me;
      row.append(el("span", { class: "plate-indicator", title: t(mineInd ? "plate.your_trump_card" : "plate.trump_card") },
        el("span", { class: "tiny-card", html: mineInd ? cardSVG(v.indicator) : backSVG() }),
        el("span", { class: "ind-word", text: t("plate.trump") })));
    }
    if (won && won.winner === k) {
      row.append(el("span", { class: "plate-call won-tag", text: t("plate.won", { count: won.points }) }));
    } else if (turn) {
      row.append(el("span", { class: "turn-tag", text: turnText(k, v) }));
    } else if (calls[k]) {
      row.append(el("span", { class: "plate-call", "data-call": calls[k].action },
        callNode(calls[k].action, calls[k].phase)));
    }
    if (row.childElementCount) plate.append(row);
    // a computer's seat offered to a watcher who may sit and has not claimed one already
    // (nor one another newcomer claimed: the server refuses it, 409 seat_claimed)
    const seatless = ui.seatInfo === null || ui.seatInfo === undefined;
    if (ui.room.status === "playing" && s.kind === "bot" && !s.waiting && seatless && !ui.claimPending && maySit()) {
      plate.append(el("button", { type: "button", class: "small", text: t("waiting.sit"),
        "aria-label": t("plate.take_over", { n: seatNumber(k) }), onclick: () => takeSeat(k) }));
    }
    box.append(plate);
  }
}

function trickCards(trick, { done = false } = {}) {
  const frag = document.createDocumentFragment();
  trick.cards.forEach((c, i) => {
    const k = trick.seats[i];
    const win = done && trick.winner === k;
    const key = `${ui.st?.hand}:${trick.leader}:${i}:${c}`;
    const fresh = !ui.seen.has(key);
    ui.seen.add(key);
    const rot = ((i * 37) % 11) - 5;
    const node = el("div", {
      class: `tcard${win ? " winner" : ""}`, role: "img",
      "aria-label": `${seatName(k)}: ${cardName(c)}${win ? `, ${t("trick.winning")}` : ""}`,
      style: `z-index:${i + 1};transform:rotate(${rot}deg)`, html: cardSVG(c),
    });
    Object.assign(node.dataset, { seat: k, card: c, rot, fresh: fresh ? "1" : "0" });
    frag.append(node);
  });
  return frag;
}

export function renderCenter() {
  const box = $("center");
  box.replaceChildren();
  box.classList.remove("done");
  const v = view();
  if (!v || ui.room?.status === "waiting") return;
  const trick = ui.stage?.trick || (v.trick && v.trick.cards.length ? v.trick : null);
  if (trick) {
    box.append(trickCards(trick, { done: Boolean(ui.stage?.done) }));
    box.classList.toggle("done", Boolean(ui.stage?.done));
    box.setAttribute("aria-label", t(ui.stage?.done ? "trick.won_label" : "trick.label"));
  } else if (v.phase !== "play" && v.phase !== "over" && v.phase !== "cot") {
    // after the auction, the contract as it stands (a raise moved it past the last bid)
    const bidding = v.phase === "auction";
    const high = bidding ? v.high_bid : v.contract ?? v.high_bid;
    const who = high !== null ? seatName(v.bidder ?? findHighBidder(v)) : null;
    box.setAttribute("aria-label", t("auction.title"));
    box.append(el("div", { class: "auction-card" },
      el("div", { class: "ac-title", text: t(bidding ? "auction.title" : `phase.${v.phase}`) }),
      el("div", { class: "ac-high" }, high !== null ? bidNode(high, v.denomination || "") : "–"),
      el("div", { class: "ac-who", text: high === null ? t("auction.no_bid")
        : t(bidding ? "auction.high_by" : "auction.contract_by", { who }) })));
  }
}

/** Seats and trick, then the felt's layout (plates, card slots, the centre's room). */
export function renderFelt() {
  renderSeats();
  renderCenter();
  layoutFelt($("felt"), seatOrder());
}

export function renderStatus() {
  const box = $("chips");
  box.replaceChildren();
  const v = view();
  if (v && ui.room?.status !== "waiting") {
    const undertaking = isUndertaking(v);                  // (56's Thani ends the auction)
    if (v.contract === null && v.high_bid === null && !undertaking) {
      box.append(el("span", { class: "chip hand-chip" }, aboutSeat("chip.hand", v.dealer, { n: ui.st.hand + 1 })));
    } else {
      const bidder = declarerOf(v) ?? findHighBidder(v);
      const doubled = doublingOf(v);
      const bid = undertaking ? el("strong", { text: t(`special.${v.special}`) })
        : el("strong", {}, bidNode(v.contract ?? v.high_bid, v.denomination || ""),
          doubled ? ` ${doubled}` : "");
      // in the auction the highest bid so far, not yet the contract (as the contract's panel)
      const shown = v.contract === null && !undertaking ? tn("contract.so_far", { bid }) : bid;
      box.append(el("span", { class: "chip" }, tn("chip.contract", { bid: shown, who: seatName(bidder, { hand: ui.st.hand }) })));
    }
    if (v.bidder !== null && v.phase !== "auction") {
      box.append(el("span", { class: `chip trump-chip${v.trump_exposed ? " exposed" : ""}` },
        tn("chip.trump", { trump: el("strong", { text: trumpText(v) }) })));
    }
    if (v.bidder !== null && (v.phase === "play" || v.phase === "cot" || v.phase === "over")) {
      const target = undertaking ? null : v.target;          // (every trick, not points)
      box.append(el("span", { class: "chip" }, tn(target ? "chip.points_of" : "chip.points", {
        ours: el("strong", { id: "strip-bidding", text: digits(v.points.bidding) }),
        target, theirs: el("strong", { text: digits(v.points.opponents) }) })));
    }
    if (v.special && !undertaking) {             // (an undertaking is the contract chip's)
      box.append(el("span", { class: "chip special", text: t(`special.${v.special}`) }));
    }
  }
  const b = $("banner");
  const ban = ui.banner;
  b.hidden = !ban;
  b.replaceChildren();
  if (!ban) return;
  b.className = `banner ${ban.kind}${ban.whole ? " whole" : ""}`;
  b.append(...(ban.cards || []).map((c) => el("span", { class: "banner-card", html: cardSVG(c) })));
  // where the page is short of room its words keep to two lines (layout.js's fitPage): the
  // whole on a tap, and as its title (a screen reader has it whole, as the table talk)
  const text = ban.tell();     // in the page's language now (told again when it changes)
  b.append(el("span", { class: "banner-text", text, title: text,
    onclick: () => { ban.whole = !ban.whole; refresh(); } }));
  b.append(el("button", { type: "button", class: "close", "aria-label": t("banner.dismiss"), text: "×",
    onclick: () => { ui.banner = null; renderStatus(); } }));
}
