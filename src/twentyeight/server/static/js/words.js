// Actions in RECORDS.md notation ("2 bid 16", "0 play JH") told in words for people.
import { SUIT_SYMBOL, cardName, cardShort, parseCard, suitWord } from "./cards.js";

/** "2 bid 30H" → {seat: 2, verb: "bid", arg: "30H"}. */
export function parseAction(text) {
  const [seat, verb, arg] = text.split(" ");
  return { seat: Number(seat), verb, arg: arg ?? null };
}

const isCard = (arg) => /^(10|[2-9TJQKA])[SHDC]$/.test(arg);

/** A bid's argument: "30H" → {value: 30, den: "H"}; "17" → {value: 17, den: ""}. */
export function bidParts(arg) {
  const m = /^(\d+)(.*)$/.exec(arg);
  return { value: Number(m[1]), den: m[2] || "" };
}

export function denominationText(den) {
  if (!den) return "";
  return den === "NT" ? " no-trump" : ` ${SUIT_SYMBOL[den]}`;
}

/** What a player did, as a phrase after their name ("bids 17", "plays the jack of hearts"). */
export function phrase(text, { spoken = false } = {}) {
  const { verb, arg } = parseAction(text);
  const card = (c) => (spoken ? `the ${cardName(c).toLowerCase()}` : cardShort(c));
  switch (verb) {
    case "bid": {
      const { value, den } = bidParts(arg);
      return `bids ${value}${den === "NT" ? " no-trump" : den ? ` ${spoken ? suitWord(den) : SUIT_SYMBOL[den]}` : ""}`;
    }
    case "raise": return `raises to ${arg}`;
    case "pass": return "passes";
    case "redeal": return "asks for a redeal";
    case "double": return "doubles";
    case "redouble": return "redoubles";
    case "c": return "calls C";
    case "single": return "plays a single hand";
    case "thani": return "declares Thani";
    case "ask": return "asks for the trump";
    case "reveal": return "reveals the trump";
    case "pair": return "shows the pair";
    case "concede": return "concedes";
    case "accept": return "accepts";
    case "refuse": return "refuses";
    case "show": return "shows a certain hand";
    case "play": return `plays ${card(arg)}`;
    case "trump":
      if (arg === null) return "chooses the trump, face down";
      if (arg === "seventh") return "takes the seventh card as trump";
      if (arg === "reverse") return "chooses reversed no-trump";
      if (isCard(arg)) return `lays ${card(arg)} face down as trump`;
      return `names ${spoken ? suitWord(arg) : `${SUIT_SYMBOL[arg]} ${suitWord(arg)}`} trump`;
    default: return verb;
  }
}

/** The label of a button for one of my legal actions. */
export function buttonLabel(text) {
  const { verb, arg } = parseAction(text);
  switch (verb) {
    case "bid": { const { value, den } = bidParts(arg); return `${value}${denominationText(den)}`; }
    case "raise": return `Raise to ${arg}`;
    case "pass": return "Pass";
    case "redeal": return "Redeal";
    case "double": return "Double";
    case "redouble": return "Redouble";
    case "c": return "Call C";
    case "single": return "Single hand";
    case "thani": return "Thani";
    case "ask": return "Ask for the trump";
    case "reveal": return "Reveal the trump";
    case "pair": return "Show the pair";
    case "concede": return "Concede";
    case "accept": return "Accept";
    case "refuse": return "Refuse";
    case "show": return "Show the hand";
    case "trump":
      if (arg === "seventh") return "Seventh card";
      if (arg === "reverse") return "Reversed no-trump";
      return `${SUIT_SYMBOL[arg] || ""} ${suitWord(arg)}`;
    default: return text;
  }
}

/** A longer explanation (button title / screen-reader description) of one of my actions. */
export function buttonHelp(text) {
  const { verb, arg } = parseAction(text);
  switch (verb) {
    case "bid": { const { value, den } = bidParts(arg);
      return `Bid ${value}${den === "NT" ? " no-trump" : den ? ` with ${suitWord(den)} trump` : ""}`; }
    case "ask": return "You cannot follow suit: ask the bidder to expose the face-down trump";
    case "reveal": return "You cannot follow suit: turn your face-down trump card up";
    case "pair": return "Show the king and queen of trumps to move the target";
    case "trump":
      if (arg === "seventh") return "Make the suit of the seventh card trump";
      if (arg === "reverse") return "Play reversed no-trump";
      return `Make ${suitWord(arg)} trump`;
    default: return buttonLabel(text);
  }
}

export { cardName, cardShort, parseCard };
