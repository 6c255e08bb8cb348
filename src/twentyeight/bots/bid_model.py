"""What a hand is worth before the play: the bid model, learned from solved deals.

For a deal seen from the auction — each seat's cards known at the bid (the first batch; the
whole hand where everything is dealt before the auction) — the model predicts the card points
the bidding side takes with best play, for a given bidder and trump.  It is a linear model
over counted features of each hand (:func:`hand_features`), fitted by least squares to the
solver's answers on many random deals (:mod:`twentyeight.bots.bid_data`, generated and fitted
by ``tools/bid_model.py``), with the spread of its errors (``sigma``) so that a bot can turn a
prediction into the chance of making a bid (:meth:`Family.chance`).  The model is shipped as
``data/bid_model.json`` beside this module; nothing here needs more than the standard library.

**Features.**  For one hand and a trump suit: how many cards of each rank (by power, highest
first; twins and 40's equal jack and 3 count in one rank) it holds in the trump suit and in
the other suits, the trump length (one-hot, capped) and the number of other suits it is void
in (one-hot).  A row of the model is the bidder's features, the sum of his partners', the sum
of his opponents', the bidder's place in the order of play (one-hot from the first leader),
a no-trump flag and a constant.  Where the pair rule is on, the label is the points with the
pair's effect added (+4 for the bidding side's pair, -4 for the opponents'), so that
"points ≥ bid" is "the contract is made" (28-PAIR-4).

>>> m = model()
>>> fam = m.family_for(rules_of_name("28"))
>>> fam.name
'28'
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from twentyeight.bots.bid_data import NO_TRUMP, Example, label_rules
from twentyeight.cards import Card
from twentyeight.engine.state import NORMAL
from twentyeight.rules import Rules, preset

__all__ = ["MODEL_PATH", "Family", "Model", "calibrate", "fit", "fit_files", "hand_features",
           "model", "row_of", "rules_of_name", "shift_of", "solve_linear"]

MODEL_PATH = Path(__file__).resolve().parent / "data" / "bid_model.json"
FAMILIES = ("28", "29", "bhoos-29", "28-3p", "28-6p", "40", "56")
"""The presets the model is fitted for; every other preset uses the nearest of these."""
FALLBACK = {"bhoos-29": "29"}
"""A family used while one has too few deals of its own: the same deck and players, the same
card play (bhoos-29's duel auction changes who bids, not what a hand takes; its labels lack
29's pair, which moves 29's by ±4 in the few deals where a pair is shown)."""
MAX_LENGTH = 5
"""Trump lengths at or above this share one feature."""
RIDGE = 1e-3
"""A small ridge penalty (relative to the diagonal) that keeps rare features finite."""
STORED = 2
"""Examples of each family stored in the model file for the tests to draw again."""


def rules_of_name(name: str) -> Rules:
    """The rules of a preset name."""
    return preset(name)


# ---- features --------------------------------------------------------------------------
@dataclass(frozen=True)
class Layout:
    """The shape of the features for one deck: ranks per suit, the row's parts."""

    ranks: tuple[int, ...]
    """For each card of the deck, its rank class (0 = the highest power of its suit)."""
    nranks: int
    players: int

    @property
    def hand_size(self) -> int:
        """Features of one hand."""
        return 2 * self.nranks + (MAX_LENGTH + 1) + 4

    @property
    def width(self) -> int:
        """Features of one row: three hands, the place in the order, no trump, a constant."""
        return 3 * self.hand_size + self.players + 2


@cache
def layout(rules: Rules) -> Layout:
    """The feature layout of ``rules``' deck."""
    deck = rules.deck
    ranks = []
    for c in range(deck.size):
        powers = sorted({deck.power[x] for x in range(deck.size) if deck.suit_of[x]
                         == deck.suit_of[c]}, reverse=True)
        ranks.append(powers.index(deck.power[c]))
    return Layout(tuple(ranks), max(ranks) + 1, rules.num_players)


def hand_features(rules: Rules, cards: Iterable[Card], trump: int) -> list[float]:
    """The features of one hand for ``trump`` (a suit, or :data:`NO_TRUMP`): see the module
    docs."""
    lay = layout(rules)
    suit_of = rules.deck.suit_of
    out = [0.0] * lay.hand_size
    r = lay.nranks
    held = [0, 0, 0, 0]
    for c in cards:
        s = suit_of[c]
        held[s] += 1
        out[(0 if s == trump else r) + lay.ranks[c]] += 1.0
    length = held[trump] if trump != NO_TRUMP else 0
    out[2 * r + min(length, MAX_LENGTH)] = 1.0
    voids = sum(1 for s in range(4) if s != trump and held[s] == 0)
    out[2 * r + MAX_LENGTH + 1 + min(voids, 3)] = 1.0
    return out


def row_of(rules: Rules, seen: Sequence[Sequence[Card]], bidder: int, trump: int,
           first: int) -> list[float]:
    """The model's row for a deal seen at the auction: ``seen[s]``, seat ``s``'s cards known
    then; ``first``, the seat that leads the first trick."""
    lay = layout(rules)
    n = rules.num_players
    teams = rules.teams
    size = lay.hand_size
    row = [0.0] * lay.width
    for seat in range(n):
        part = 0 if seat == bidder else 1 if seat % teams == bidder % teams else 2
        for i, v in enumerate(hand_features(rules, seen[seat], trump)):
            row[part * size + i] += v
    row[3 * size + (bidder - first) % n] = 1.0
    row[3 * size + n] = 1.0 if trump == NO_TRUMP else 0.0
    row[3 * size + n + 1] = 1.0
    return row


def label_of(e: Example) -> float:
    """The points the model learns for an example: with the pair's effect (module docs)."""
    return float(e.points + 4 * e.pair)


def example_row(e: Example) -> list[float]:
    """The row of an example (each seat's first batch, the first leader after the dealer)."""
    rules = label_rules(e.preset)
    fb = rules.first_batch
    first = (e.dealer + 1) % rules.num_players
    return row_of(rules, [d[:fb] for d in e.deal], e.bidder, e.trump, first)


# ---- the model -------------------------------------------------------------------------
def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


@dataclass(frozen=True)
class Family:
    """The fitted model of one preset."""

    name: str
    coef: tuple[float, ...]
    sigma: float
    """The standard deviation of the labels around the prediction (held-out deals)."""
    examples: int
    r2: float
    """The share of the labels' variance the model explains on held-out deals."""
    declare_shift: float = 0.0
    """Card points added where the expert's side declares (module docs: calibration)."""
    defend_shift: float = 0.0
    """Card points added to an opponent's contract against the expert's defence."""
    calibration: dict[str, Any] | None = None
    """Where the shifts come from (records, contracts), as the model file says."""
    partner_bids: tuple[float, float] | None = None
    """``(offset, temperature)`` of the expert's own bids in the sampler's terms
    (:func:`twentyeight.bots.sampling.bid_likelihood`), fitted on its arena games
    (:func:`bid_offsets`): how the expert reads a partner who bids as it does."""

    def predict(self, row: Sequence[float]) -> float:
        """The expected points of a row."""
        return math.fsum(c * x for c, x in zip(self.coef, row, strict=True))

    def chance(self, mean: float, target: float) -> float:
        """The chance that points of expectation ``mean`` reach ``target`` (normal, with a
        continuity correction: points are whole)."""
        return _phi((mean - target + 0.5) / self.sigma)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"coef": [round(c, 6) for c in self.coef],
                               "sigma": round(self.sigma, 4), "examples": self.examples,
                               "r2": round(self.r2, 4)}
        if self.calibration is not None:
            out["calibration"] = {**self.calibration, "declare_shift": self.declare_shift,
                                  "defend_shift": self.defend_shift}
            if self.partner_bids is not None:
                out["calibration"]["partner_bids"] = list(self.partner_bids)
        return out


@dataclass(frozen=True)
class Model:
    """Every family's fitted model (the model file)."""

    families: dict[str, Family]
    stored: tuple[dict[str, Any], ...]
    """A few examples with the model's prediction, drawn again by the tests."""

    def family_for(self, rules: Rules) -> Family:
        """The family that fits ``rules`` best: its preset's, else the nearest by table."""
        name = rules.preset if rules.preset in self.families else _nearest(rules)
        if name not in self.families:            # a family of the same table, if one fits
            name = FALLBACK.get(name, name)
        fam = self.families.get(name)
        if fam is None or len(fam.coef) != layout(rules).width:
            raise KeyError(f"the bid model has no family for preset {rules.preset!r}")
        return fam


def _nearest(rules: Rules) -> str:
    """The fitted family closest to a preset without one of its own."""
    if rules.pack == "56":
        return "56"
    if rules.pack == "40":
        return "40"
    if rules.num_players == 3:
        return "28-3p"
    if rules.num_players == 6:
        return "28-6p"
    if rules.auction_procedure == "duel":
        return "bhoos-29"
    return "29" if rules.trump_indicator == "suit" else "28"


def load(path: Path = MODEL_PATH) -> Model:
    """Read a model file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    fams = {}
    for name, f in data["families"].items():
        cal = f.get("calibration")
        fams[name] = Family(name, tuple(f["coef"]), f["sigma"], f["examples"], f["r2"],
                            cal["declare_shift"] if cal else 0.0,
                            cal["defend_shift"] if cal else 0.0,
                            {k: v for k, v in cal.items()
                             if not k.endswith("_shift") and k != "partner_bids"}
                            if cal else None,
                            tuple(cal["partner_bids"]) if cal and cal.get("partner_bids")
                            else None)
    return Model(fams, tuple(data.get("stored", ())))


@cache
def model() -> Model:
    """The shipped model (read once)."""
    return load()


# ---- fitting ---------------------------------------------------------------------------
def solve_linear(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` (Gauss–Jordan with partial pivoting; ``a`` and ``b`` are changed)."""
    n = len(b)
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        p = a[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(n):
            if r != col and a[r][col] != 0.0:
                f = a[r][col] / p
                row_r, row_c = a[r], a[col]
                for k in range(col, n):
                    row_r[k] -= f * row_c[k]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] if abs(a[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def least_squares(rows: Sequence[Sequence[float]], labels: Sequence[float]) -> list[float]:
    """Ridge-regularised least squares (pure Python)."""
    w = len(rows[0])
    ata = [[0.0] * w for _ in range(w)]
    atb = [0.0] * w
    for row, y in zip(rows, labels, strict=True):
        nz = [(i, v) for i, v in enumerate(row) if v != 0.0]
        for i, vi in nz:
            atb[i] += vi * y
            ai = ata[i]
            for j, vj in nz:
                ai[j] += vi * vj
    for i in range(w):
        ata[i][i] += RIDGE * max(1.0, ata[i][i])
    return solve_linear(ata, atb)


def fit(name: str, examples: Sequence[Example]) -> Family:
    """Fit one family: coefficients on every example, ``sigma`` and ``r2`` from a
    five-fold cross-validation (each deal predicted by a model that did not see it)."""
    rows = [example_row(e) for e in examples]
    labels = [label_of(e) for e in examples]
    folds = 5
    errors: list[float] = []
    for k in range(folds):
        train = [i for i in range(len(rows)) if i % folds != k]
        coef = least_squares([rows[i] for i in train], [labels[i] for i in train])
        for i in range(k, len(rows), folds):
            errors.append(labels[i] - math.fsum(c * x for c, x in zip(coef, rows[i],
                                                                     strict=True)))
    coef = least_squares(rows, labels)
    mean = math.fsum(labels) / len(labels)
    var = math.fsum((y - mean) ** 2 for y in labels) / len(labels)
    mse = math.fsum(e * e for e in errors) / len(errors)
    return Family(name, tuple(coef), math.sqrt(mse), len(examples), 1.0 - mse / var)


def read_examples(path: Path) -> list[Example]:
    """The examples of one generated file (rows without a deal are seeds that gave none)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if "deal" not in d:
            continue
        out.append(Example(d["preset"], d["seed"], d["dealer"], d["bidder"], d["trump"],
                           tuple(tuple(x) for x in d["deal"]), d["points"], d["pair"], 0))
    return out


def fit_files(directory: Path, out: Path = MODEL_PATH) -> Model:
    """Fit every family with a generated file in ``directory`` and write the model file;
    a family with no file there is kept as ``out`` has it (its coefficients, calibration
    and stored examples), so that one family can be regenerated without the others."""
    old: dict[str, Any] = {"families": {}, "stored": []}
    if out.exists():
        old = json.loads(out.read_text(encoding="utf-8"))
    families: dict[str, dict[str, Any]] = {}
    stored: list[dict[str, Any]] = []
    for name in FAMILIES:
        path = directory / f"{name}.jsonl"
        if not path.exists():
            if name in old["families"]:
                families[name] = old["families"][name]
                stored += [s for s in old["stored"] if s["preset"] == name][:STORED]
                print(f"{name}: kept as {out.name} has it")
            continue
        examples = read_examples(path)
        fam = fit(name, examples)
        families[name] = fam.to_json()
        print(f"{name}: {fam.examples} examples, r2 {fam.r2:.3f}, sigma {fam.sigma:.2f}")
        for e in examples[:STORED]:
            stored.append({**e.to_json(), "prediction": round(fam.predict(example_row(e)), 6)})
    data = {"version": 1, "families": families, "stored": stored}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    return load(out)


# ---- calibration -----------------------------------------------------------------------
SHIFTS = tuple(x / 10 for x in range(-60, 61))
"""The shifts tried by :func:`shift_of` (card points, a tenth apart)."""


def shift_of(fam: Family, contracts: Sequence[tuple[float, int, bool]]) -> float:
    """The shift of the model's points that makes ``contracts`` most likely: each is (the
    model's points on the real deal, the contract, made or not), its chance as
    :meth:`Family.chance` gives it (0 without contracts).

    >>> fam = Family("x", (), 5.0, 0, 0.0)
    >>> shift_of(fam, [(20.0, 20, True), (20.0, 20, False)])   # an even share: no shift
    -0.5
    """
    if not contracts:
        return 0.0

    def loglik(d: float) -> float:
        return _log_likelihood((fam.chance(mean + d, contract), made)
                               for mean, contract, made in contracts)

    return max(SHIFTS, key=lambda d: (loglik(d), -abs(d)))


def _log_likelihood(outcomes: Iterable[tuple[float, bool]]) -> float:
    """The log-likelihood of events, each ``(its probability, whether it happened)``
    (probabilities kept off 0 and 1)."""
    total = 0.0
    for p, happened in outcomes:
        p = min(max(p, 1e-9), 1.0 - 1e-9)
        total += math.log(p if happened else 1.0 - p)
    return total


def _names(bot: str | Collection[str]) -> set[str]:
    return {bot} if isinstance(bot, str) else set(bot)


def calibrate(records: Iterable[dict[str, Any]], bot: str | Collection[str], base: Model
              ) -> dict[str, tuple[float, float, int, int]]:
    """For each family of ``base`` met in ``records`` (hand records written by ``arena
    --save``, with their ``players``), the (declare, defend) shifts of the contracts where
    ``bot`` (a name, or several names of the same bot) declared and where it defended
    (:func:`shift_of`), and how many of each."""
    from twentyeight.game import Game

    names = _names(bot)
    seen: dict[str, tuple[list[tuple[float, int, bool]], list[tuple[float, int, bool]]]] = {}
    for rec in records:
        game = Game.from_record(rec)
        h = game.hand
        result = game.result()
        if result["contract"] is None or result["made"] is None or h.special != NORMAL:
            continue
        rules = h.rules
        try:
            fam = base.family_for(rules)
        except KeyError:
            continue
        players = rec["players"]
        if not names & set(players):
            continue
        fb = rules.first_batch
        first = (h.dealer + 1) % rules.num_players
        trump = h.trump if h.trump >= 0 else NO_TRUMP
        mean = fam.predict(row_of(rules, [d[:fb] for d in h.deal], h.bidder, trump, first))
        declare, defend = seen.setdefault(fam.name, ([], []))
        item = (mean, int(result["contract"]), bool(result["made"]))
        (declare if players[h.bidder] in names else defend).append(item)
    return {name: (shift_of(base.families[name], dec), shift_of(base.families[name], dfn),
                   len(dec), len(dfn)) for name, (dec, dfn) in seen.items()}


OFFSETS = tuple(x / 5 for x in range(-50, 101))
"""The offsets tried by :func:`bid_offsets` (card points of the sampler's strength)."""
TEMPERATURES = tuple(x / 5 for x in range(3, 41))
"""The temperatures tried by :func:`bid_offsets`."""


def bid_offsets(records: Iterable[dict[str, Any]], bot: str | Collection[str], base: Model
                ) -> dict[str, tuple[float, float, int]]:
    """For each family met in ``records``, the ``(offset, temperature)`` of the sampler's bid
    model (:func:`twentyeight.bots.sampling.bid_likelihood`) that makes ``bot``'s own bids
    and passes most likely, and how many decisions it saw (each auction turn of ``bot`` with
    a bid and a pass open, except over its partner's high bid, which the sampler ignores)."""
    from twentyeight.bots.sampling import _sigmoid, strength
    from twentyeight.cards import cards_of
    from twentyeight.engine.actions import BID, PASS, RAISE
    from twentyeight.engine.state import AUCTION
    from twentyeight.game import Game

    names = _names(bot)
    seen: dict[str, list[tuple[float, bool]]] = {}
    for rec in records:
        players = rec["players"]
        if not names & set(players):
            continue
        game = Game.from_record({**rec, "actions": []})
        try:
            fam = base.family_for(game.rules)
        except KeyError:
            continue
        for entry in rec["actions"]:
            h = game.hand
            seat = h.to_act
            if seat is not None and h.phase == AUCTION and players[seat] in names:
                legal = h.legal_codes()
                bids = [(c - BID) >> 3 for c in legal if BID <= c < RAISE]
                hb = h.high_bidder
                if bids and PASS in legal and not (hb >= 0 and h.t.team_of[hb]
                                                   == h.t.team_of[seat]):
                    s = strength(h.rules, cards_of(h.hands[seat]))
                    action = game.apply(entry)
                    seen.setdefault(fam.name, []).append((s - min(bids), action.verb == "bid"))
                    continue
            game.apply(entry)

    def loglik(xs: list[tuple[float, bool]], offset: float, temp: float) -> float:
        return _log_likelihood((_sigmoid((x - offset) / temp), did) for x, did in xs)

    out = {}
    for name, xs in seen.items():
        best = max((loglik(xs, o, t), o, t) for o in OFFSETS for t in TEMPERATURES)
        out[name] = (best[1], best[2], len(xs))
    return out


def calibrate_files(directories: Sequence[Path], bot: str | Collection[str], source: str,
                    out: Path = MODEL_PATH) -> Model:
    """Calibrate the model file ``out`` on the records in ``directories`` (:func:`calibrate`)
    and write the shifts into it, with ``source`` saying where the records came from."""
    base = load(out)

    records = []
    for d in directories:
        for path in sorted(d.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and "actions" in data and "players" in data:
                records.append(data)
    shifts = calibrate(records, bot, base)
    offsets = bid_offsets(records, bot, base)
    data = json.loads(out.read_text(encoding="utf-8"))
    for name, (dec, dfn, n_dec, n_dfn) in sorted(shifts.items()):
        print(f"{name}: declare {dec:+.1f} ({n_dec} contracts), "
              f"defend {dfn:+.1f} ({n_dfn} contracts)")
        data["families"][name]["calibration"] = {
            "bot": bot if isinstance(bot, str) else sorted(bot), "source": source,
            "declared": n_dec, "defended": n_dfn, "declare_shift": dec, "defend_shift": dfn}
        if name in offsets:
            o, t, n = offsets[name]
            print(f"{name}: its bids at strength − bid > {o:+.1f} (temperature {t:.1f}, "
                  f"{n} decisions)")
            data["families"][name]["calibration"].update(
                {"partner_bids": [o, t], "bid_decisions": n})
    out.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    return load(out)
