"""Scoring a floating market: the personal objective, each chilli card's area, the completed square;
the public ``score_market`` helper and the final score sheet of a stated end position
(``explorer.score_table``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .._core.options import resolve_options
from .._core.positions import Players, parts
from .._core.state import ScoreLine, ScoreSheet
from ._edition import Edition
from ._mechanics import NEIGHBOURS
from ._notation import (
    CELL_INDEX,
    CELL_NAMES,
    GOOD_NAMES,
    MARKET_PLACES,
    Card,
    card_words,
    cell_name,
    parse_rows,
)
from ._options import OPTIONS
from ._start import Pool, check_chilli_limits, check_market, market_rows, objective_good, pick_tiles

RULE_OBJECTIVE = "bangkok.score.objective"
RULE_COMPLETE = "bangkok.score.complete"
CHILLI_RULES = {kind: f"bangkok.score.chilli-{kind}" for kind in (1, 2, 3, 4)}
COMPLETE_BONUS = 2
TYPE1_BASE = 5
#: How each type of chilli card scores, in plain words (shown beside a chilli card's face).
CHILLI_TEXT = {
    1: "5 points minus 1 for each indicated good in its area",
    2: "1 point for each indicated good in its area",
    3: "2 points for each pair of its two goods in its area",
    4: "2 points for each indicated good seen exactly once in its area",
}
#: The same under the other reading of type 4 (the ``type4`` option's "each-copy").
CHILLI_TEXT_EACH_COPY = {**CHILLI_TEXT, 4: "2 points for each copy of an indicated good in its area"}
EACH_COPY = "each-copy"


def chilli_texts(type4: str = "exactly-once") -> dict[int, str]:
    """How each type of chilli card scores, in plain words, under the ``type4`` option's reading."""
    return CHILLI_TEXT_EACH_COPY if type4 == EACH_COPY else CHILLI_TEXT


@dataclass(frozen=True, slots=True)
class MarketLine:
    """One line of a market's score: what for, how many points, under which rule, where."""

    label: str
    points: int
    rule: str
    cell: str | None = None


@dataclass(frozen=True, slots=True)
class MarketSheet:
    """The itemised score of one floating market."""

    lines: tuple[MarketLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    @property
    def objective_points(self) -> int:
        """The points of the personal objective: the first tie-breaker."""
        return sum(line.points for line in self.lines if line.rule == RULE_OBJECTIVE)

    def __str__(self) -> str:
        width = max([56, *(len(line.label) + 2 for line in self.lines)])
        rows = [f"{line.label:<{width}}{line.points:>4}" for line in self.lines]
        return "\n".join([*rows, f"{'Total':<{width}}{self.total:>4}"])


def _area_counts(cells: Sequence[Card | None], index: int) -> dict[str, int]:
    counts = {good: 0 for good in GOOD_NAMES}
    for where in (index, *NEIGHBOURS[index]):
        card = cells[where]
        if card is not None:
            for good in card.goods:
                counts[good] += 1
    return counts


def chilli_line(cells: Sequence[Card | None], index: int, *, type1_below_zero: bool = False,
                type4: str = "exactly-once") -> MarketLine:
    """The score of the chilli card at ``index``: it sees itself and its side neighbours only. A type-4
    card pays 2 points per indicated good seen exactly once, or per copy (``type4="each-copy"``)."""
    card = cells[index]
    assert card is not None and card.is_chilli
    counts = _area_counts(cells, index)
    seen = " and ".join(f"{counts[g]} {GOOD_NAMES[g]}" for g in card.indicated)
    words = card_words(card.face)
    where = f"{words[0].upper()}{words[1:]} at {MARKET_PLACES[index]}"
    if card.kind == 1:
        points = TYPE1_BASE - sum(counts[g] for g in card.indicated)
        if not type1_below_zero:
            points = max(points, 0)
        label = f"{where}: 5 minus 1 per good counted, {seen}"
    elif card.kind == 2:
        points = sum(counts[g] for g in card.indicated)
        label = f"{where}: 1 per good counted, {seen}"
    elif card.kind == 3:
        first, second = card.indicated[0], card.indicated[1]
        pairs = min(counts[first], counts[second])
        points = 2 * pairs
        label = f"{where}: {pairs} pair(s) of {GOOD_NAMES[first]} and {GOOD_NAMES[second]}, 2 each"
    elif type4 == EACH_COPY:
        points = 2 * sum(counts[g] for g in card.indicated)
        label = f"{where}: 2 per copy counted, {seen}"
    else:
        once = [g for g in card.indicated if counts[g] == 1]
        points = 2 * len(once)
        label = f"{where}: 2 per good seen exactly once, {seen}"
    return MarketLine(label, points, CHILLI_RULES[card.kind], cell_name(index))


def score_cells(
    cells: Sequence[Card | None], objective: str | None, *, type1_below_zero: bool = False,
    type4: str = "exactly-once",
) -> MarketSheet:
    """Score 9 market places (row by row, ``None`` empty); ``objective=None`` leaves the objective out."""
    lines: list[MarketLine] = []
    if objective is not None:
        copies = sum(card.goods.count(objective) for card in cells if card is not None)
        lines.append(MarketLine(f"Objective {GOOD_NAMES[objective]}: {copies} carried, 1 point each",
                                copies, RULE_OBJECTIVE))
    for index, card in enumerate(cells):
        if card is not None and card.is_chilli:
            lines.append(chilli_line(cells, index, type1_below_zero=type1_below_zero, type4=type4))
    if all(card is not None for card in cells):
        lines.append(MarketLine("Completed market (9 cards)", COMPLETE_BONUS, RULE_COMPLETE))
    return MarketSheet(tuple(lines))


def score_market(rows: Sequence[str], objective: str, **rules: Any) -> MarketSheet:
    """Score a floating market written as 3 rows of 3 cards (``"."`` for an empty place).

    >>> sheet = score_market(["Z!4B B B", "FZ BB!3BF BF", "ZZ BF P!1P"], "B")
    >>> [line.points for line in sheet.lines], sheet.total
    ([6, 2, 6, 4, 2], 20)

    ``rules`` are the game's options (only ``type1_below_zero`` and ``type4`` change a market's
    score); an unknown name raises ``TypeError``. The top left type-4 card sees 1 blue peas, as in
    the book, so both readings of type 4 give it 2 points; with 2 copies they part:

    >>> [score_market(rows, "B", type4=type4).lines[1].points
    ...  for rows in (["Z!4B B B", ". . .", ". . ."], ["Z!4B BB B", ". . .", ". . ."])
    ...  for type4 in ("exactly-once", "each-copy")]
    [2, 2, 0, 4]
    """
    options = resolve_options("bangkok", OPTIONS, rules)
    cells = parse_rows(rows, "market")
    if objective not in GOOD_NAMES:
        raise ValueError(f"objective: one good, P Z B or F, not {objective!r}")
    return score_cells(cells, objective, type1_below_zero=options["type1_below_zero"], type4=options["type4"])


def score_table(players: Players, position: Any, rules: Mapping[str, Any], edition: Edition) -> ScoreSheet:
    """The final score sheet of a stated end position (``explorer.score_table("bangkok", ...)``):
    ``position`` is ``{"markets": [...], "objectives": [...]}`` with, per player, their floating market
    as 3 rows of 3 cards (``"."`` empty, as in the ``start`` option) and their pontoon tile's good.

    Each market is scored as the game scores it once over (objective, chilli cards, completed market).
    A market that could not have been laid (not from a1, a card not beside another, two chilli cards
    in a limited row or column), more cards of a face or more pontoon tiles of a good than the
    edition has, or a game of two or more with no full market (not over yet) is refused: a rule's
    ``PositionError``, or a ``ValueError`` naming the edition.

    >>> from explorer import score_table
    >>> sheet = score_table("bangkok", 1, {"markets": [["Z!4B B B", "FZ BB!3BF BF", "ZZ BF P!1P"]],
    ...                                    "objectives": ["B"]})
    >>> [line.points for line in sheet], sheet[0].label
    ([6, 2, 6, 4, 2], 'Objective blue peas: 6 carried, 1 point each')
    """
    parts("bangkok", position, ("markets", "objectives"))
    markets = [market_rows(rows, f"{players.whose(seat, True)} market")
               for seat, rows in enumerate(players.per_seat(position["markets"], "markets"))]
    goods = [objective_good(good, f"{players.whose(seat, True)} objective")
             for seat, good in enumerate(players.per_seat(position["objectives"], "objectives"))]
    pool = Pool(edition)
    for seat, rows in enumerate(markets):
        where = f"{players.whose(seat, True)} market"
        check_market(where, rows)
        check_chilli_limits(where, rows, rules)
        for index, face in enumerate(" ".join(rows).split()):
            if face != ".":
                pool.take(face, f"{where} {CELL_NAMES[index]}")
    pick_tiles(edition, goods, [f"{players.whose(seat, True)} objective" for seat in range(players.count)])
    cells = [parse_rows(rows) for rows in markets]
    if players.count > 1 and all(None in market for market in cells):
        raise players.breaks("bangkok.end.trigger", "no market holds 9 cards, so the game is not over yet")
    return players.sheet([ScoreLine(seat, line.label, line.points, line.rule, 0)
                          for seat, market in enumerate(cells)
                          for line in score_cells(market, goods[seat],
                                                  type1_below_zero=rules["type1_below_zero"],
                                                  type4=rules["type4"]).lines])


def chilli_marks(chilli: Card, area: list[tuple[int, Card]],
                 type4: str = "exactly-once") -> dict[str, list[dict[str, str]]]:
    """Per area place, each of the chilli card's indicated goods found there and what it does.

    ``effect`` is ``"+1"`` / ``"-1"`` (types 2 and 1, per good), ``"pair"`` (type 3, the good takes part
    in pairs), ``"+2"`` (type 4, a good seen exactly once; every copy with ``type4="each-copy"``) or
    ``"0"`` (it is there but adds nothing).
    """
    counts = {good: sum(card.goods.count(good) for _, card in area) for good in chilli.indicated}
    paired = chilli.kind == 3 and all(counts[g] > 0 for g in chilli.indicated)
    out: dict[str, list[dict[str, str]]] = {}
    for cell, card in area:
        found = []
        for good in card.goods:
            if good not in chilli.indicated:
                continue
            if chilli.kind == 1:
                effect = "-1"
            elif chilli.kind == 2:
                effect = "+1"
            elif chilli.kind == 3:
                effect = "pair" if paired else "0"
            else:
                effect = "+2" if counts[good] == 1 or type4 == EACH_COPY else "0"
            found.append({"good": good, "effect": effect})
        if found:
            out[CELL_NAMES[cell]] = found
    return out


def scoring_areas(cells: Sequence[Card | None], sheet: MarketSheet, objective: str | None,
                  type4: str = "exactly-once") -> dict[str, Any]:
    """A market's score line by line, with the places each line looks at and how their goods count
    (for the scoring overlay). ``objective`` is ``None`` while hidden from the viewer, and ``sheet``
    then leaves its line out; ``type4`` is the reading ``sheet`` was scored under."""
    filled = [(i, card) for i, card in enumerate(cells) if card is not None]
    lines = []
    for line in sheet.lines:
        entry: dict[str, Any] = {"label": line.label, "points": line.points, "rule": line.rule,
                                 "cell": line.cell, "area": [], "marks": {}}
        if line.rule == RULE_OBJECTIVE and objective is not None:
            entry["kind"] = "objective"
            entry["good"] = objective
            entry["area"] = [CELL_NAMES[i] for i, card in filled if objective in card.goods]
            mark = {"good": objective, "effect": "+1"}
            entry["marks"] = {CELL_NAMES[i]: [mark] * card.goods.count(objective)
                              for i, card in filled if objective in card.goods}
        elif line.rule == RULE_COMPLETE:
            entry["kind"] = "complete"
            entry["area"] = list(CELL_NAMES)
        else:  # a chilli card's line: it names its place
            assert line.cell is not None
            index = CELL_INDEX[line.cell]
            chilli = cells[index]
            assert chilli is not None
            area = [(i, card) for i in (index, *NEIGHBOURS[index]) if (card := cells[i]) is not None]
            entry["kind"] = "chilli"
            entry["chilli"] = {"card": chilli.face, "type": chilli.kind, "indicated": chilli.indicated}
            entry["area"] = [CELL_NAMES[i] for i in sorted((index, *NEIGHBOURS[index]))]
            entry["marks"] = chilli_marks(chilli, area, type4)
        lines.append(entry)
    return {"total": sheet.total, "objective_hidden": objective is None, "lines": lines}
