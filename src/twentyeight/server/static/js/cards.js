// Cards drawn as SVG by the project itself: rank and suit pips, red and black, and a back.
// Every deck of the family displays: 28/29 (7–A), 3- and 6-player packs (6s, 9–A),
// 40 (its extra 3s), and 56's double pack (twins are simply drawn twice).  Names of cards
// and suits come from the message catalogs (i18n.js): "jack of hearts", "पान का गुलाम".
import { t } from "./i18n.js";

export const SUITS = ["S", "H", "C", "D"];            // display order: black, red, black, red
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK_LABEL = { T: "10" };
// The family's order of power: J (and 40's 3s) 9 A 10 K Q 8 7 6.
const RANK_ORDER = ["J", "3", "9", "A", "T", "K", "Q", "8", "7", "6", "5", "4", "2"];

export function parseCard(name) {
  const suit = name.slice(-1);
  let rank = name.slice(0, -1);
  if (rank === "10") rank = "T";
  return { rank, suit };
}

export const isRed = (suit) => suit === "H" || suit === "D";
export const rankLabel = (rank) => RANK_LABEL[rank] || rank;

/** "JH" → "jack of hearts" (in the page's language); a card whose name is not the suit's
 *  pattern has its own (`card.S.Q`: Hindi's queen is feminine, "हुकुम की बेगम", not "का"). */
export function cardName(name) {
  const { rank, suit } = parseCard(name);
  const own = `card.${suit}.${rank}`;
  const named = t(own);
  return named !== own ? named : t(`card.${suit}`, { rank: t(`rank.${rank}`) });
}

/** "JH" → "J♥" (short text, the same in every language). */
export function cardShort(name) {
  const { rank, suit } = parseCard(name);
  return `${rankLabel(rank)}${SUIT_SYMBOL[suit] || suit}`;
}

const SYMBOL_SUIT = Object.fromEntries(Object.entries(SUIT_SYMBOL).map(([s, sym]) => [sym, s]));

/** `text` as a screen reader should say it: its short cards in words ("Q♥" → "queen of
 *  hearts") and a suit symbol alone by its name ("29 ♠" → "29 spades"), in the page's
 *  language.  Read aloud, "Q♥" was "Q black heart suit", in English whatever the page's. */
export function spoken(text) {
  return String(text)
    .replace(/(?<!10|[2-9JQKA])([♠♥♦♣]) +/g, (all, sym, at, whole) =>   // "♣ clubs": once
      (namedAfter(sym, whole, at + 1) ? "" : all))
    .replace(/(?<![0-9])(10|[2-9JQKA])([♠♥♦♣])/g,
      (_, rank, sym) => cardName(`${rank === "10" ? "T" : rank}${SYMBOL_SUIT[sym]}`))
    .replace(/[♠♥♦♣]/g, (sym) => suitWord(SYMBOL_SUIT[sym]));
}

/** `text` as nodes for a live region: each short card or suit symbol a span shown as it is
 *  and named in words to a screen reader (`role="img"`, its `aria-label` from `spoken`),
 *  the rest as text.  A lesson's step read "K♥" as "K black heart suit". */
export function spokenNodes(text) {
  const out = [];
  let last = 0;
  const source = String(text);
  for (const m of source.matchAll(/(?<![0-9])(?:10|[2-9JQKA])?[♠♥♦♣]/g)) {
    if (m.index > last) out.push(source.slice(last, m.index));
    const span = document.createElement("span");
    if (m[0].length === 1 && namedAfter(m[0], source, m.index + 1)) {
      span.setAttribute("aria-hidden", "true");          // ("♣ clubs": the word says it)
    } else {
      span.setAttribute("role", "img");
      span.setAttribute("aria-label", spoken(m[0]));
    }
    span.textContent = m[0];
    out.push(span);
    last = m.index + m[0].length;
  }
  if (last < source.length) out.push(source.slice(last));
  return out;
}

/** Whether `text` after the symbol `sym` (at `at`) goes on, past spaces, with the name of
 *  its suit ("♣ clubs"). */
function namedAfter(sym, text, at) {
  const rest = text.slice(at);
  return /^ +/.test(rest) && rest.trimStart().startsWith(suitWord(SYMBOL_SUIT[sym]));
}

/** A suit's name ("hearts"). */
export const suitWord = (suit) => t(`suit.${suit}`);

/** A suit's symbol as a node, red for hearts and diamonds. */
export function suitNode(suit) {
  const span = document.createElement("span");
  span.className = `suit${isRed(suit) ? " red" : ""}`;
  span.textContent = SUIT_SYMBOL[suit] || suit;
  return span;
}

/** "JH" → "J♥" as a node, the suit in its colour. */
export function cardNode(name) {
  const { rank, suit } = parseCard(name);
  const span = document.createElement("span");
  span.className = "card-text";
  span.append(rankLabel(rank), suitNode(suit));
  return span;
}

/** Sort a hand: suits alternate colours, trumps (when known) first; within a suit by power. */
export function sortHand(cards, trump) {
  const suitRank = (s) => (s === trump ? -1 : SUITS.indexOf(s));
  return cards
    .map((c, i) => ({ c, i, p: parseCard(c) }))
    .sort((a, b) => suitRank(a.p.suit) - suitRank(b.p.suit)
      || RANK_ORDER.indexOf(a.p.rank) - RANK_ORDER.indexOf(b.p.rank) || a.i - b.i)
    .map((x) => x.c);
}

// ---- drawing ------------------------------------------------------------------------------
const SUIT_PATHS = {
  H: '<path d="M50 92C42 80 6 58 6 31 6 15 18 5 31 5 41 5 47 11 50 19 53 11 59 5 69 5 82 5 94 15 94 31 94 58 58 80 50 92Z"/>',
  D: '<path d="M50 3Q68 30 90 50 68 70 50 97 32 70 10 50 32 30 50 3Z"/>',
  S: '<path d="M50 4C44 18 6 38 6 62 6 77 17 86 30 86 38 86 44 82 47 76 46 86 41 93 32 97H68C59 93 54 86 53 76 56 82 62 86 70 86 83 86 94 77 94 62 94 38 56 18 50 4Z"/>',
  C: '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="59" r="21"/><circle cx="74" cy="59" r="21"/>'
    + '<path d="M46 50C46 76 41 89 31 97H69C59 89 54 76 54 50Z"/>',
};

/** The hidden sprite every card refers to: the four suits and the back's pattern. */
export function spriteSVG() {
  const symbols = Object.entries(SUIT_PATHS)
    .map(([s, d]) => `<symbol id="suit-${s}" viewBox="0 0 100 100">${d}</symbol>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute"
    aria-hidden="true" focusable="false"><defs>${symbols}
    <pattern id="back-lattice" width="12" height="12" patternUnits="userSpaceOnUse"
      patternTransform="rotate(45)"><rect width="12" height="12" fill="#8c2232"/>
      <path d="M0 6H12M6 0V12" stroke="#b4475a" stroke-width="2.2"/>
      <circle cx="6" cy="6" r="1.6" fill="#f3d9a4"/></pattern>
    <linearGradient id="card-sheen" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#f3f1ea"/></linearGradient>
    <linearGradient id="court-fill" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fbf3dc"/><stop offset="1" stop-color="#f1e2b8"/></linearGradient>
  </defs></svg>`;
}

const PIPS = {
  2: [[50, 28], [50, 112]],
  3: [[50, 28], [50, 70], [50, 112]],
  4: [[32, 28], [68, 28], [32, 112], [68, 112]],
  5: [[32, 28], [68, 28], [50, 70], [32, 112], [68, 112]],
  6: [[32, 28], [68, 28], [32, 70], [68, 70], [32, 112], [68, 112]],
  7: [[32, 28], [68, 28], [50, 49], [32, 70], [68, 70], [32, 112], [68, 112]],
  8: [[32, 28], [68, 28], [50, 49], [32, 70], [68, 70], [50, 91], [32, 112], [68, 112]],
  9: [[32, 28], [68, 28], [32, 56], [68, 56], [50, 70], [32, 84], [68, 84], [32, 112], [68, 112]],
  10: [[32, 28], [68, 28], [50, 42], [32, 56], [68, 56], [32, 84], [68, 84], [50, 98], [32, 112],
    [68, 112]],
};

const use = (suit, x, y, size, flip = false) => {
  const t = flip ? ` transform="rotate(180 ${x} ${y})"` : "";
  return `<use href="#suit-${suit}" x="${x - size / 2}" y="${y - size / 2}" width="${size}"`
    + ` height="${size}"${t}/>`;
};

function centre(rank, suit, colour) {
  if (rank === "A") return use(suit, 50, 70, 46);
  if ("JQK".includes(rank)) {
    const crown = rank === "K"
      ? '<path d="M38 52l4-12 8 8 8-8 4 12z" fill="#d4a640" stroke="#8a6a1e" stroke-width="1.2"/>'
      : rank === "Q"
        ? '<circle cx="50" cy="46" r="6" fill="none" stroke="#d4a640" stroke-width="3"/>'
        : '<path d="M41 50h18l-3-9h-12z" fill="#d4a640" stroke="#8a6a1e" stroke-width="1.2"/>';
    return `<rect x="23" y="22" width="54" height="96" rx="5" fill="url(#court-fill)"
        stroke="${colour}" stroke-width="1.6"/>${crown}
      <text x="50" y="92" text-anchor="middle" font-family="Georgia,'DejaVu Serif',serif"
        font-size="38" font-weight="700" fill="${colour}">${rank}</text>
      ${use(suit, 50, 106, 14)}`;
  }
  const n = rank === "T" ? 10 : Number(rank);
  return (PIPS[n] || [[50, 70]]).map(([x, y]) => use(suit, x, y, 17, y > 72)).join("");
}

/** The SVG of a card's face ("JH", "TS", "3C"): an image with no text alternative of its own. */
export function cardSVG(name) {
  const { rank, suit } = parseCard(name);
  const colour = isRed(suit) ? "#c62631" : "#17181c";
  const label = rankLabel(rank);
  const idx = `<text x="0" y="0" text-anchor="middle" font-family="'DejaVu Sans',Arial,sans-serif"
      font-size="${label.length > 1 ? 19 : 23}" font-weight="700" letter-spacing="-1">${label}</text>
    ${use(suit, 0, 14, 14)}`;
  return `<svg class="card-svg" viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg"
    aria-hidden="true" focusable="false"><rect x="1" y="1" width="98" height="138" rx="8"
    fill="url(#card-sheen)" stroke="#b9b4a6" stroke-width="1.2"/>
    <g fill="${colour}"><g transform="translate(13 23)">${idx}</g>
    <g transform="rotate(180 50 70) translate(13 23)">${idx}</g>${centre(rank, suit, colour)}</g></svg>`;
}

/** The back of a card (a face-down card: the indicator, the other players' hands). */
export function backSVG() {
  return `<svg class="card-svg" viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg"
    aria-hidden="true" focusable="false"><rect x="1" y="1" width="98" height="138" rx="8"
    fill="#fbf7ee" stroke="#b9b4a6" stroke-width="1.2"/><rect x="7" y="7" width="86" height="126"
    rx="5" fill="url(#back-lattice)"/><rect x="7" y="7" width="86" height="126" rx="5" fill="none"
    stroke="#f3d9a4" stroke-width="1.5"/><circle cx="50" cy="70" r="17" fill="#8c2232"
    stroke="#f3d9a4" stroke-width="2"/><text x="50" y="77" text-anchor="middle"
    font-family="Georgia,serif" font-size="19" font-weight="700" fill="#f3d9a4">28</text></svg>`;
}

/** A six used as a score marker (RULES.md 28-END-3): red for a side's plus score, black for
 *  minus, with as many of its six pips lit as the score. */
export function sixSVG(score) {
  const red = score >= 0;
  const lit = Math.min(6, Math.abs(score));
  const colour = red ? "#c62631" : "#17181c";
  const suit = red ? "H" : "S";
  const pips = PIPS[6].map(([x, y], i) => `<g opacity="${i < lit ? 1 : 0.13}">`
    + `${use(suit, x, y, 24, y > 72)}</g>`).join("");
  return `<svg class="six-svg" viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg"
    aria-hidden="true" focusable="false"><rect x="2" y="2" width="96" height="136" rx="10"
    fill="#fffdf7" stroke="${colour}" stroke-width="3"/><g fill="${colour}">${pips}</g></svg>`;
}
