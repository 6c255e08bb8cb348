"""The review as one self-contained HTML page (``twentyeight analyse --html OUT``).

No script, no font, no image and no link leaves the page: the styles are inline, cards are
text (``J♠``), and every value from the record is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from twentyeight.analysis.outcome import game_measure
from twentyeight.analysis.review import Decision
from twentyeight.cards import SUIT_SYMBOLS, SUITS
from twentyeight.engine.reasons import annulment_words, card_text
from twentyeight.game import Game
from twentyeight.record import read_hand_record
from twentyeight.result import verdict

__all__ = ["review_page"]

STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f6f4ef;color:#1d1d1b}
main{max-width:1100px;margin:0 auto;padding:1.2rem}
h1{font-size:1.5rem;margin:.2rem 0 .6rem}h2{font-size:1.15rem;margin:1.6rem 0 .5rem}
table{border-collapse:collapse;width:100%;background:#fff;margin:.3rem 0 1rem}
th,td{padding:.35rem .5rem;border-bottom:1px solid #e3e0d8;text-align:left;vertical-align:top}
th{background:#ebe7dc;font-weight:600}td.n{text-align:right;font-variant-numeric:tabular-nums}
.red{color:#b3261e}.why{color:#555}.ok{color:#2e7d32}.note{color:#555;font-size:.9rem}
.bar{display:inline-block;height:.6rem;background:#c0573a;border-radius:2px;margin-left:.3rem}
section.hand{background:#fff;padding:.6rem .8rem;margin:1rem 0;border-radius:6px}
@media (max-width:700px){th.wide,td.wide{display:none}main{padding:.5rem}}
"""


def review_page(records: Sequence[Mapping[str, Any]], decisions: Sequence[Decision],
                seats: Sequence[int] | None = None) -> str:
    """The page of a review: the totals per seat, the biggest mistakes, then hand by hand."""
    who = "every seat" if seats is None else ", ".join(f"seat {s}" for s in seats)
    good = sum(1 for d in decisions if not d.sampled.costly)
    factor, unit = game_measure(read_hand_record(records[0]).rules) if records else (1.0, "")
    parts = [
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">",
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
        f"<title>twentyeight review</title><style>{STYLE}</style></head><body><main>",
        "<h1>Review against the expert</h1>",
        f"<p>{len(records)} hand{'s' * (len(records) != 1)}, {who}: {len(decisions)} decisions "
        f"with a choice, {good} as good as the expert's.</p>",
        "<p class=\"note\">Cost: what a decision gave up against the expert's choice, in card "
        f"points and {unit} for the player's side, on average over deals consistent with "
        "everything the player knew at that moment; in the last columns, with every hand "
        "known.</p>",
        _totals(decisions, factor, unit),
        "<h2>Biggest mistakes first</h2>",
        _table([d for d in decisions if d.sampled.costly], True, factor, unit)
        or "<p class=\"ok\">No decision cost anything: every one was as good as the "
           "expert's.</p>",
    ]
    for number, record in enumerate(records):
        mine = sorted((d for d in decisions if d.hand == number), key=lambda d: d.index)
        parts.append(_hand(number, record, mine, factor, unit))
    parts.append("</main></body></html>\n")
    return "\n".join(parts)


def _totals(decisions: Sequence[Decision], factor: float, unit: str) -> str:
    seats = sorted({d.seat for d in decisions})
    rows = []
    for s in seats:
        mine = [d for d in decisions if d.seat == s]
        cp = sum(d.sampled.loss for d in mine)
        gp = sum(d.sampled.loss_game_points for d in mine) * factor
        rows.append(f"<tr><td>seat {s}</td><td class=\"n\">{len(mine)}</td>"
                    f"<td class=\"n\">{sum(1 for d in mine if not d.sampled.costly)}</td>"
                    f"<td class=\"n\">{cp:.1f}</td><td class=\"n\">{gp:.2f}</td></tr>")
    return ("<table><tr><th>seat</th><th>decisions</th><th>as good as the expert</th>"
            f"<th>card points lost</th><th>{unit} lost</th></tr>" + "".join(rows)
            + "</table>")


def _table(decisions: Sequence[Decision], with_hand: bool, factor: float, unit: str) -> str:
    if not decisions:
        return ""
    head = ("<tr>" + ("<th>hand</th>" if with_hand else "") + "<th>when</th><th>seat</th>"
            f"<th>played</th><th>expert</th><th>card points</th><th>{unit}</th>"
            "<th class=\"wide\">every hand known</th><th class=\"wide\">why</th></tr>")
    rows = []
    for d in decisions:
        when = f"trick {d.trick}" if d.trick else d.phase
        bar = f"<span class=\"bar\" style=\"width:{min(6.0, d.sampled.loss) * 1.2:.1f}rem\">" \
              "</span>" if d.sampled.loss > 0 else ""
        k = d.known
        known = (f"{_action(k.best.verb, k.best.arg)}: {k.loss:.1f} / "
                 f"{k.loss_game_points * factor:.2f}") if k is not None else "–"
        rows.append(
            "<tr>" + (f"<td>{d.hand + 1}</td>" if with_hand else "")
            + f"<td>{html.escape(when)}</td><td>{d.seat}</td>"
            f"<td>{_action(d.action.verb, d.action.arg)}</td>"
            f"<td>{_action(d.sampled.best.verb, d.sampled.best.arg)}</td>"
            f"<td class=\"n\">{d.sampled.loss:.1f}{bar}</td>"
            f"<td class=\"n\">{d.sampled.loss_game_points * factor:.2f}</td>"
            f"<td class=\"wide\">{known}</td>"
            f"<td class=\"wide why\">{html.escape(str(d.reason))}</td></tr>")
    return "<table>" + head + "".join(rows) + "</table>"


def _hand(number: int, record: Mapping[str, Any], decisions: Sequence[Decision],
          factor: float, unit: str) -> str:
    result = Game.from_record(record).result()
    lines = [f"<section class=\"hand\"><h2>Hand {number + 1}</h2>"]
    if result["bidder"] is not None:
        said = verdict(result) or "no contract result"
        trump = result["trump"]
        lines.append(f"<p>Seat {result['bidder']} bid {result['contract']}, trump "
                     f"{_suit(trump)}, target {result['target']}: {said}"
                     + (f", card points {result['points']['bidding']}–"
                        f"{result['points']['opponents']}"
                        if result["status"] == "complete" else "") + ".</p>")
    if result["status"] == "annulled":
        why = annulment_words(str(result.get("annulled_reason")))
        lines.append(f"<p>Annulled: {html.escape(why)}.</p>")
    tricks = result["tricks"]
    if tricks:
        lines.append("<p class=\"note\">" + " · ".join(
            f"{i}: " + " ".join(_card(c) for c in t["cards"]) + f" → seat {t['winner']}"
            for i, t in enumerate(tricks, 1)) + "</p>")
    lines.append(_table(decisions, False, factor, unit) or "<p>No decision with a choice.</p>")
    lines.append("</section>")
    return "\n".join(lines)


def _card(name: str) -> str:
    text = html.escape(card_text(name))
    return f"<span class=\"red\">{text}</span>" if name[1] in "HD" else text


def _suit(letter: str | None) -> str:
    if letter is None or letter not in SUITS:
        return html.escape(str(letter or "none"))
    symbol = SUIT_SYMBOLS[SUITS.index(letter)]
    return f"<span class=\"red\">{symbol}</span>" if letter in "HD" else symbol


def _action(verb: str, arg: str | None) -> str:
    if verb == "play" and arg:
        return _card(arg)
    if verb == "trump" and arg and len(arg) == 2:
        return "trump " + _card(arg)
    return html.escape(f"{verb} {arg}" if arg else verb)
