"""Tindahan's cards and action notations over the box's one fruit deck (``explorer._fruitbox.state``).

Every notation is precomputed, so ``play()`` only does dict look-ups: a card ``banana-10``, a seller
``seller:banana``, a cart move ``cart:mango``.
"""

from __future__ import annotations

from typing import Final

from explorer._fruitbox.state import CARD, FRUITS, sort_cards
from explorer._fruitbox.state import deck as box_deck

from ._kernel import CART_TEXT, SELLER_TEXT, SELLERS_PER_PLAYER, Kind, Play

__all__ = ["ACTIONS", "CARDS", "CARD_FRUIT", "CARD_VALUE", "CART", "FRUITS", "HAND_SIZE", "SELLER",
           "SELLERS_PER_PLAYER", "Kind", "Play", "deck", "sort_hand"]

HAND_SIZE: Final = 10

CARDS: Final = box_deck(10)
CARD_FRUIT: Final = {card: CARD[card][0] for card in CARDS}
CARD_VALUE: Final = {card: CARD[card][1] for card in CARDS}

SELLER: Final = dict(zip(FRUITS, SELLER_TEXT, strict=True))
CART: Final = dict(zip(FRUITS, CART_TEXT, strict=True))

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
