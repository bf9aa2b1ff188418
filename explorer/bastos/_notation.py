"""Bastos! cards and move notations over the box's one fruit deck (``explorer._fruitbox.state``): values 1-9.

``mango-5`` plays a card, ``durian-2:trump`` throws one and makes its fruit trump, ``choose:mango-5``
picks a Bastos! card, ``raise:banana`` / ``lower:banana`` is the value move after one's own colour.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from explorer._fruitbox import state as _fruit
from explorer._fruitbox.state import FRUIT_INDEX, FRUITS, check_fruit

from ._kernel import TOP, TRUMP_SUFFIX

__all__ = ["CARD", "CHOOSE", "DECK", "DECLARE", "FRUITS", "FRUIT_INDEX", "LOWER", "RAISE", "TOP",
           "TRUMP_SUFFIX", "check_card", "check_fruit", "parse", "sort_cards"]

DECK: Final = _fruit.deck(TOP)
# card -> (fruit, value); also the check that a string is a card of this deck.
CARD: Final[dict[str, tuple[str, int]]] = {card: _fruit.CARD[card] for card in DECK}
DECLARE: Final = {card: card + TRUMP_SUFFIX for card in DECK}
CHOOSE: Final = {card: "choose:" + card for card in DECK}
RAISE: Final = {fruit: "raise:" + fruit for fruit in FRUITS}
LOWER: Final = {fruit: "lower:" + fruit for fruit in FRUITS}


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    return _fruit.sort_cards(cards)


def check_card(card: object, where: str) -> str:
    """``card`` if it names a Bastos! card, else a ``ValueError`` saying what a card looks like."""
    return _fruit.check_card(card, where, TOP, "Bastos!")


def parse(text: str) -> tuple[str, str | None, str | None]:
    """(kind, card, fruit) of a notation; kind is '?' when it is not a Bastos! move at all.

    Kinds: 'card' (play), 'declare' (throw and make trump), 'choose', 'raise', 'lower'.
    """
    if text.startswith("choose:"):
        card = text[len("choose:"):]
        return ("choose", card, CARD[card][0]) if card in CARD else ("?", None, None)
    head, _, fruit = text.partition(":")
    if head in ("raise", "lower"):
        return (head, None, fruit) if fruit in FRUIT_INDEX else ("?", None, None)
    if text.endswith(TRUMP_SUFFIX):
        card = text[: -len(TRUMP_SUFFIX)]
        return ("declare", card, CARD[card][0]) if card in CARD else ("?", None, None)
    if text in CARD:
        return ("card", text, CARD[text][0])
    return ("?", None, None)
