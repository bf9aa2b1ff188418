"""Round scoring: each card in a player's tricks is worth its fruit's value on the table."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .._core.options import resolve_options
from ._kernel import MAX_VALUE, MIN_VALUE
from ._notation import CARD, FRUITS, check_card, check_fruit
from ._options import OPTIONS


def fruit_lines(values: Mapping[str, int], cards: Iterable[str]) -> list[tuple[str, int, int]]:
    """``(fruit, count, value)`` for each fruit among ``cards``, in the fixed fruit order."""
    counts = dict.fromkeys(FRUITS, 0)
    for card in cards:
        counts[CARD[card][0]] += 1
    return [(fruit, count, values[fruit]) for fruit, count in counts.items() if count]


def score_round(values: Mapping[str, int], won: Mapping[str, Sequence[str]], **rules: Any) -> dict[str, int]:
    """Round points per player: the sum of the table values of the cards in the tricks they took.

    ``values`` is the value table at round end (``{"banana": 2, "mango": -1, ...}``); ``won`` maps
    each player to the cards of the tricks they took.

    >>> score_round({"banana": 2, "mango": -1}, {"A": ["banana-3", "mango-7"], "B": []})
    {'A': 1, 'B': 0}
    """
    resolve_options("bastos", OPTIONS, rules)
    if not isinstance(values, Mapping):
        raise ValueError("values must be a dict {fruit: value}, like {'banana': 2, 'mango': -1}")
    if not isinstance(won, Mapping):
        raise ValueError("won must be a dict {player: [cards of the tricks they took]}")
    table: dict[str, int] = {}
    for fruit, value in values.items():
        check_fruit(fruit, "values")
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"values[{fruit!r}] must be an int, not {value!r}")
        if not MIN_VALUE <= value <= MAX_VALUE:
            raise ValueError(f"values[{fruit!r}] = {value} is off the table: values run from "
                             f"{MIN_VALUE} to +{MAX_VALUE} [bastos.values.clamp]")
        table[fruit] = value
    seen: dict[str, object] = {}
    totals: dict[str, int] = {}
    for player, cards in won.items():
        if isinstance(cards, str) or not isinstance(cards, Sequence):
            raise ValueError(f"won[{player!r}] must be a list of cards, not {cards!r}")
        for card in cards:
            check_card(card, f"won[{player!r}]")
            if card in seen:
                raise ValueError(f"{card} is counted twice (players {seen[card]!r} and {player!r})")
            seen[card] = player
            if CARD[card][0] not in table:
                raise ValueError(f"{card}: no value given for {CARD[card][0]} in values")
        totals[player] = sum(count * value for _, count, value in fruit_lines(table, cards))
    return totals
