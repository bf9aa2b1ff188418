"""The public scoring helpers, over the kernel's two formulas (``_board``), and the final score sheet of
a stated end position (``explorer.score_table``), by the kernel's own stock scoring."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .._core.options import resolve_options
from .._core.positions import Players, parts, whole
from .._core.state import ScoreLine, ScoreSheet
from ._board import landing_points as board_landing_points
from ._board import stock_points as good_points
from ._board import tables_for
from ._edition import Edition
from ._kernel import build
from ._notation import COLOURS, GOODS, SPECIALS
from ._options import OPTIONS
from ._start import boat_kind, check_boat, resolve_position

#: The line that carries a player's points from the score track into the final scoring.
TRACK = "points on the score track before the stock scoring"


def landing_points(
    baskets: Sequence[int], thieves: Sequence[bool], cookshops: int, two_cookshops: str
) -> int:
    """What one merchant around a landing earns (the kernel's rule, ``_board.landing_points``)."""
    if len(baskets) != len(thieves):
        raise ValueError(f"{len(baskets)} basket counts for {len(thieves)} boats")
    return board_landing_points(list(baskets), list(thieves), cookshops, two_cookshops == "each")


def stock_value(counts: Iterable[int]) -> int:
    """1 + 2 + ... + n for each good held n times (the kernel's rule, ``_board.stock_points``)."""
    return sum(good_points(n) for n in counts)


def _rules(rules: dict[str, Any]) -> dict[str, Any]:
    return resolve_options("klongs", OPTIONS, rules)


def score_landing(boats: Sequence[str], **rules: Any) -> dict[str, int]:
    """Points per player colour for one scored landing, from its four boats.

    Each boat is ``<baskets>:<owner>`` (owner a colour, ``neutral``, or ``none`` for an unclaimed boat)
    or a special boat ``cookshop``/``thief``/``inspector``, optionally with its printed baskets
    (``thief:2``). Colours with no merchant there are left out; neutral merchants score nothing.

    >>> score_landing(["2:green", "3:red", "0:green", "0:neutral"])
    {'green': 10, 'red': 5}
    """
    options = _rules(rules)
    if isinstance(boats, str) or len(boats) != 4:
        raise ValueError("a landing is scored from exactly 4 boats, one per water space around it")
    baskets: list[int] = []
    thieves: list[bool] = []
    owners: list[str] = []
    cookshops = 0
    for boat in boats:
        head, _, tail = str(boat).partition(":")
        if head in SPECIALS:
            if tail and not (tail.isdigit() and 0 <= int(tail) <= 3):
                raise ValueError(f"boat {boat!r}: printed baskets are 0 to 3")
            baskets.append(int(tail or 0))
            thieves.append(head == "thief")
            cookshops += head == "cookshop"
            continue
        if not (head.isdigit() and 0 <= int(head) <= 3) or tail not in (*COLOURS, "neutral", "none"):
            raise ValueError(f"boat {boat!r}: write <baskets 0-3>:<colour|neutral|none> or a special boat")
        baskets.append(int(head))
        thieves.append(False)
        if tail in COLOURS:
            owners.append(tail)
    value = landing_points(baskets, thieves, cookshops, options["two_cookshops"])
    return {colour: value * n for colour, n in Counter(owners).items()}


def stock_points(goods: Sequence[str], **rules: Any) -> int:
    """Final points for one player's stock, given the goods of its boats (special boats score 0).

    >>> stock_points(["bananas"] + ["fish"] * 3 + ["flowers"] * 7)
    35
    """
    _rules(rules)
    if isinstance(goods, str):
        raise ValueError("give the stock as a list of goods, one per boat")
    for good in goods:
        if good not in GOODS + SPECIALS:
            raise ValueError(f"{good!r} is not a Klongs good ({', '.join(GOODS)}) nor a special boat")
    return stock_value(Counter(g for g in goods if g in GOODS).values())


def score_table(players: Players, position: Any, rules: Mapping[str, Any], edition: Edition) -> ScoreSheet:
    """The final score sheet of a stated end position (``explorer.score_table("klongs", ...)``):
    ``position`` is ``{"stocks": [...], "scores": [...]}`` with, per player, the boats in their stock
    (goods such as ``"fish"`` or special boats, as :func:`stock_points` takes them, or boat ids and faces
    as in the ``start`` option) and, optionally, their points on the score track once the Big Market Day
    is over (Luk Phat and market days; default 0).

    The stocks are scored by the engine's own final scoring (``klongs.stock``); the track's points are a
    line of their own. More boats of a kind than the edition has are refused, naming the edition.

    >>> from explorer import score_table
    >>> sheet = score_table("klongs", ["Sarah", "Yellow"], {
    ...     "stocks": {"Sarah": ["bananas"] + ["fish"] * 3 + ["flowers"] * 7}, "scores": [40, 52]})
    >>> [(line.label, line.points) for line in sheet if line.seat == 0]
    [('points on the score track before the stock scoring', 40), ('stock: 7 flowers', 28), \
('stock: 3 fish', 6), ('stock: 1 bananas', 1)]
    """
    parts("klongs", position, ("stocks",), ("scores",))
    n = players.count
    stocks: list[list[str]] = []
    for seat, stock in enumerate(players.per_seat(position["stocks"], "stocks", default=[])):
        where = f"{players.name(seat)}'s stock"
        if isinstance(stock, str) or not isinstance(stock, Sequence):
            raise ValueError(f"{where} must be a list of boats, like ['fish', 'bananas'], "
                             f"not {stock!r}"[:300])
        for boat in stock:
            check_boat(boat, where)
        stocks.append(list(stock))
    kinds = Counter(boat_kind(boat, edition) for stock in stocks for boat in stock)
    for kind, count in kinds.items():
        if kind is None:
            continue  # a boat id the edition lacks: resolve_position names it
        have = sum(1 for boat in edition.boats if boat.kind == kind)
        if count > have:
            raise ValueError(f"stocks: {count} {kind} boats in all, but the {edition.name} edition has "
                             f"{have}")
    placed = resolve_position({"stocks": stocks}, edition, n, prefix="")
    given = players.per_seat(position.get("scores", {}), "scores", default=0)
    scores = [whole(points, f"score of {players.name(seat)}") for seat, points in enumerate(given)]
    kernel = build(tables_for(edition), n, rules, [-1] * len(edition.spaces), [-1] * len(edition.boats),
                   [[] for _ in range(n)], [[]], placed.stocks, [0] * n, [0] * n, [False] * n, 0)
    kernel._final_scoring()  # the Big Market Day is over: the engine's stock scoring, line by line
    track = [ScoreLine(seat, TRACK, points, "klongs.setup.marker", 0)
             for seat, points in enumerate(scores) if points]
    lines = sorted([*track, *kernel.lines], key=lambda line: line.seat)
    return players.sheet(lines)
