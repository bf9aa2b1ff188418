"""Tindahan's cards and action notations over the box's one fruit deck (``explorer._fruit``).

Every notation is precomputed, so ``play()`` only does dict look-ups: a card ``banana-10``, a seller
``seller:banana``, a cart move ``cart:mango``.
"""

from __future__ import annotations

import sys
from typing import Final, Literal

from explorer._fruit import CARD, FRUITS, sort_cards
from explorer._fruit import deck as box_deck

__all__ = ["ACTIONS", "CARDS", "CARD_FRUIT", "CARD_VALUE", "CART", "FRUITS", "HAND_SIZE", "SELLER",
           "SELLERS_PER_PLAYER", "Kind", "deck", "sort_hand"]

HAND_SIZE: Final = 10
SELLERS_PER_PLAYER: Final = 9

Kind = Literal["card", "seller", "cart"]

CARDS: Final = box_deck(10)
CARD_FRUIT: Final = {card: CARD[card][0] for card in CARDS}
CARD_VALUE: Final = {card: CARD[card][1] for card in CARDS}

SELLER: Final = {fruit: sys.intern(f"seller:{fruit}") for fruit in FRUITS}
CART: Final = {fruit: sys.intern(f"cart:{fruit}") for fruit in FRUITS}

# notation -> (kind, fruit): the one parse every action needs.
ACTIONS: Final[dict[str, tuple[Kind, str]]] = {
    **{card: ("card", CARD_FRUIT[card]) for card in CARDS},
    **{SELLER[fruit]: ("seller", fruit) for fruit in FRUITS},
    **{CART[fruit]: ("cart", fruit) for fruit in FRUITS},
}


def sort_hand(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """A hand in display order: by fruit (banana ... durian), then by value."""
    return sort_cards(cards)


def deck(fruits: tuple[str, ...]) -> list[str]:
    """All cards of the fruits in play, in a fixed order (shuffled by the round's seeded generator)."""
    return [card for card in CARDS if CARD_FRUIT[card] in fruits]
