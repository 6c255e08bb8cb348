// Actions in RECORDS.md notation ("2 bid 16", "0 play JH") told in words for people, in the
// page's language (the act.*, btn.*, help.* and bid.* keys of the catalogs).
import { SUIT_SYMBOL, cardName, cardNode, cardShort, parseCard, suitNode, suitWord } from "./cards.js";
import { digits, has, t, tn } from "./i18n.js";

/** "2 bid 30H" → {seat: 2, verb: "bid", arg: "30H"}. */
export function parseAction(text) {
  const [seat, verb, arg] = text.split(" ");
  return { seat: Number(seat), verb, arg: arg ?? null };
}

export const isCard = (arg) => /^(10|[2-9TJQKA])[SHDC]$/.test(arg ?? "");

/** A bid's argument: "30H" → {value: 30, den: "H"}; "17" → {value: 17, den: ""}. */
export function bidParts(arg) {
  const m = /^(\d+)(.*)$/.exec(arg);
  return { value: Number(m[1]), den: m[2] || "" };
}

/** A bid as text: "17", "30 ♥" ("30 hearts" when spoken), "31 no-trump". */
export function bidText(value, den, { spoken = false } = {}) {
  if (!den) return t("bid.plain", { value });
  if (den === "NT") return t("bid.nt", { value });
  return t("bid.suit", { value, suit: spoken ? suitWord(den) : SUIT_SYMBOL[den] });
}

/** A bid as nodes, the suit in its colour. */
export function bidNode(value, den) {
  if (!den) return document.createTextNode(t("bid.plain", { value }));
  if (den === "NT") return tn("bid.nt", { value });
  return tn("bid.suit", { value, suit: suitNode(den) });
}

/** A contract's doubling in a word: "" (none), "doubled", "redoubled" (a view's
 *  `multiplier`, 1, 2 or 4: the stake ×2 and ×4 in 28 and 29, +1 and +2 tables in 56). */
export function doubling(multiplier) {
  if (multiplier >= 4) return t("contract.redoubled");
  return multiplier >= 2 ? t("contract.doubled") : "";
}

/** A view's contract's doubling in a word, or 'C' where the bidder called it: 'C' replaces
 *  the redouble and makes the hand 6 won or lost (28-DBL-7), no longer "doubled". */
export function doublingOf(v) {
  return (v.history || []).some((entry) => entry.split(" ")[1] === "c") ? "'C'"
    : doubling(v.multiplier);
}

/** The catalog key and parameters of an action told as a sentence (without the actor); a
 * pass in a window (`phase`) is told as what it passes ("act.pass.raise"). */
function sentence(text, spoken, phase, matches) {
  const passKey = windowPassKey(text, phase);
  if (passKey) return [`act.${passKey}`, {}];
  const { verb, arg } = parseAction(text);
  const card = (c) => (spoken ? cardName(c) : cardShort(c));
  switch (verb) {
    case "bid": {
      const { value, den } = bidParts(arg);
      return [matches ? "act.bid_match" : "act.bid", { bid: bidText(value, den, { spoken }) }];
    }
    case "raise": return ["act.raise", { value: arg }];
    case "play": return ["act.play", { card: card(arg) }];
    case "trump":
      if (arg === null) return ["act.trump_hidden", {}];
      if (arg === "seventh") return ["act.trump_seventh", {}];
      if (arg === "reverse") return ["act.trump_reverse", {}];
      if (isCard(arg)) return ["act.trump_card", { card: card(arg) }];
      return ["act.trump_suit", { suit: suitWord(arg) }];
    default: return [`act.${verb}`, {}];
  }
}

/** The catalog key of a pass made in a window after the auction (`phase`, the view's
 * `history_phases` entry): "pass.raise" says "No raise", where a bare "Pass" would read as an
 * auction call (28-RAISE-1); null for any other action. */
function windowPassKey(text, phase) {
  if (!phase || phase === "auction" || parseAction(text).verb !== "pass") return null;
  const key = `pass.${phase}`;
  return t(key) === key ? null : key;
}

/** "Ravi bids 17" / "You bid 17": an action told with its player (`who`, or "you"); a pass in
 * a window (`phase`) says what it passes: "Ravi does not raise"; `matches`, a bid at the value
 * bid just before it (bhoos-29's defender holding the bid, BOT-PROTOCOL §7.2: no other auction
 * repeats a value), says so: "Ravi matches 17 and holds the bid". */
export function told(action, who, { you = false, spoken = false, phase = null, matches = false } = {}) {
  const [key, params] = sentence(action, spoken, phase, matches);
  return you ? t(`${key}.you`, params) : t(key, { ...params, who });
}

/** What a seat's last call shows on its plate: "17", "30 ♥", "Pass", "Double". */
export function callNode(text, phase = null) {
  const passKey = windowPassKey(text, phase);
  if (passKey) return document.createTextNode(t(passKey));
  const { verb, arg } = parseAction(text);
  if (verb === "bid") { const { value, den } = bidParts(arg); return bidNode(value, den); }
  if (verb === "trump") return document.createTextNode(t("call.trump"));
  return labelNode(text);
}

/** The label of a button for one of my legal actions, as nodes (red ♥ ♦). */
export function labelNode(text) {
  const { verb, arg } = parseAction(text);
  switch (verb) {
    case "bid": { const { value, den } = bidParts(arg); return bidNode(value, den); }
    case "raise": return document.createTextNode(t("btn.raise", { value: digits(arg) }));
    case "trump":
      if (arg === "seventh") return document.createTextNode(t("btn.trump_seventh"));
      if (arg === "reverse") return document.createTextNode(t("btn.trump_reverse"));
      if (isCard(arg)) return cardNode(arg);
      return tn("btn.trump_suit", { symbol: suitNode(arg), suit: suitWord(arg) });
    default: return document.createTextNode(t(`btn.${verb}`));
  }
}

/** A longer explanation (title, screen-reader label) of one of my actions. */
export function buttonHelp(text, { bidderKnowsCard = true } = {}) {
  const { verb, arg } = parseAction(text);
  switch (verb) {
    case "bid": {
      const { value, den } = bidParts(arg);
      if (!den) return t("help.bid", { value });
      return den === "NT" ? t("help.bid_nt", { value }) : t("help.bid_suit", { value, suit: suitWord(den) });
    }
    case "ask": return t("help.ask");
    case "reveal": return t(bidderKnowsCard ? "help.reveal_card" : "help.reveal");
    case "pair": return t("help.pair");
    case "double": case "redouble": case "c": case "single": case "thani":       // what each
    case "concede": case "accept": case "refuse": return t(`help.${verb}`);    // stakes
    case "trump":
      if (arg === "seventh") return t("help.trump_seventh");
      if (arg === "reverse") return t("help.trump_reverse");
      if (isCard(arg)) return t("help.trump_card", { card: cardName(arg) });
      return t("help.trump_suit", { suit: suitWord(arg) });
    default: return labelNode(text).textContent;
  }
}

/** A computer level's name in the page's language ("casual" → "Casual"; a bot that is not
 * one of the offered levels keeps its own name). */
export function levelName(bot) {
  const key = `level.${bot}`;
  const name = t(key);                 // the English catalog's name when the language has none
  return name === key ? bot : name;
}

/** A level's one-line description ("counts the cards…"): the catalog's `bot.<name>` where the
 * language has one, else `english`, the server's own words. */
export function levelAbout(bot, english) {
  return has(`bot.${bot}`) ? t(`bot.${bot}`) : english || "";
}

export { cardName, cardShort, parseCard };

/** The value of the last bid in `history` (RECORDS.md entries), or null before any. */
export function lastBidValue(history) {
  for (let k = history.length - 1; k >= 0; k -= 1) {
    const { verb, arg } = parseAction(history[k]);
    if (verb === "bid" && arg) return bidParts(arg).value;
  }
  return null;
}

/** Whether `history[i]` is a bid at the value of the bid before it (a defender's match: `told`). */
export function matchesBefore(history, i) {
  const { verb, arg } = parseAction(history[i]);
  return verb === "bid" && !!arg && bidParts(arg).value === lastBidValue(history.slice(0, i));
}
