// The legend of a table's cards, strongest first, with their points (the lobby's chosen rules
// and the table's side panel): from /api/presets' `legend` (twentyeight.rule_words).
import { rankLabel } from "./cards.js";
import { digits, t } from "./i18n.js";

/** The legend for a preset with these flag values (a deck flag may change the cards). */
export function legendFor(preset, flags = {}) {
  let legend = preset?.legend || null;
  for (const [flag, options] of Object.entries(preset?.by_flag || {})) {
    if (flags[flag] !== undefined && options[String(flags[flag])]) legend = options[String(flags[flag])];
  }
  return legend;
}

/** The legend as nodes: one chip per rank (rank, points), and a line of notes. */
export function legendNodes(legend) {
  const list = document.createElement("ol");
  list.className = "legend";
  list.setAttribute("aria-label", t("legend.order"));
  for (const r of legend.ranks) {
    const name = t(`rank.${r.rank}`);
    const label = r.per_suit > 1 ? t("legend.twice", { rank: name, count: r.per_suit }) : name;
    const li = document.createElement("li");
    li.className = `legend-rank${r.points ? " scores" : ""}${r.ties ? " ties" : ""}`;
    li.title = label;
    li.setAttribute("aria-label", `${label}: ${t("legend.points", { count: r.points })}`
      + (r.ties ? `, ${t("legend.ties")}` : ""));
    const rank = document.createElement("span");
    rank.className = "lr-rank";
    rank.textContent = rankLabel(r.rank) + (r.per_suit > 1 ? `×${r.per_suit}` : "");
    const points = document.createElement("span");
    points.className = "lr-points";
    points.textContent = digits(r.points);
    li.append(rank, points);
    list.append(li);
  }
  const notes = [t("legend.total", { count: legend.total })];
  if (legend.last_trick) notes.push(t("legend.last_trick"));
  if (legend.ranks.some((r) => r.ties || r.per_suit > 1)) notes.push(t("legend.first_wins"));
  const note = document.createElement("p");
  note.className = "muted legend-note";
  note.textContent = notes.join(" ");
  return [list, note];
}
