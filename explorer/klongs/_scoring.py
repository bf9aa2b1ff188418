"""The public scoring helpers, over the kernel's two formulas (``_board``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .._core.options import resolve_options
from ._board import landing_points as board_landing_points
from ._board import stock_points as good_points
from ._notation import COLOURS, GOODS, SPECIALS
from ._options import OPTIONS


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
