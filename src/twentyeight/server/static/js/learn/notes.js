// Explanations of the rules and reasons of the expert, each with its rule ID linking to the
// rules page of the game being played (/rules/PRESET#rule-ID).
import { reasonSentence, withoutRule } from "../reasons.js";
import { tellIn } from "../table/dom.js";
import { el } from "./board.js";

/** The preset of a record's or a view's `rules` ("28" or {"preset": "28", …}). */
export const presetOf = (rules) => (typeof rules === "string" ? rules : rules?.preset || "28");

/** The link of a rule ID on the rules page. */
export function ruleHref(rule, preset) {
  return `/rules/${encodeURIComponent(preset)}#rule-${encodeURIComponent(rule)}`;
}

/** A reason ({key, rule, params} with its English `text`) as a paragraph, its rule a link. */
export function noteNode(note, preset, tag = "li") {
  const english = withoutRule(note.text, note.rule);
  const node = el(tag, { class: "note" }, tellIn(el("span"), () => reasonSentence(note, english)));
  if (note.rule) {
    node.append(" (", el("a", { href: ruleHref(note.rule, preset), class: "rule-link",
      text: note.rule }), ")");
  }
  return node;
}
