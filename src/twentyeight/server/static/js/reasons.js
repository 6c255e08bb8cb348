// The server's reasons ({key, rule, params}: engine/reasons.py) in the page's language: a
// refusal, a hint's reason, an explanation of the rules.  English is the server's own text;
// the other languages look `reason.<key>` up in their catalog and fill in the parameters,
// each said the language's way (a suit as its word, a card as J♥, cards as a list).
import { cardShort, suitWord } from "./cards.js";
import { has, joinList, language, t } from "./i18n.js";
import { bidText } from "./words.js";

function param(name, value) {
  if (name === "suit") return suitWord(value);
  if (name === "card" || name.endsWith("_card")) return cardShort(value);
  if (name.endsWith("_cards")) return joinList(value.map(cardShort));
  if (name === "verb") return has(`verb.${value}`) ? t(`verb.${value}`) : value;
  if (name === "why") return t(`annulled.${value}`);
  if (name === "unit") return t(`unit.${value}`);        // game points, 56's tables or coolies
  if (name === "bid") {                                  // 56's "29S", "30NT" (56-AUC-3)
    const [, points, den] = /^(\d+)(S|H|D|C|NT)?$/.exec(String(value)) ?? [null, value, ""];
    return bidText(points, den || "");
  }
  if (name === "claimants") {
    return joinList(String(value).split(",").map((c) => t(`reason.claimant_${c}`)), "disjunction");
  }
  return value;
}

/** The sentence of a reason without its rule: the catalog's, or `english` (the server's
 *  text) in English and for a key the catalog lacks. */
export function reasonSentence(reason, english) {
  const key = reason && reason.key && `reason.${reason.key}`;
  if (!key || language() === "en" || !has(key)) {
    return english ?? (key ? t(key, reason.params || {}) : "");
  }
  const params = {};
  for (const [name, value] of Object.entries(reason.params || {})) params[name] = param(name, value);
  return t(key, params);
}

/** The sentence with its rule in brackets: "you must follow suit: … (28-PLAY-2)". */
export function reasonWithRule(reason, english) {
  const text = reasonSentence(reason, english);
  return reason?.rule && !text.endsWith(`(${reason.rule})`) ? `${text} (${reason.rule})` : text;
}

/** The server's English sentence without the rule it ends with, for reasonSentence. */
export function withoutRule(text, rule) {
  return rule && text?.endsWith(` (${rule})`) ? text.slice(0, -rule.length - 3) : text;
}
