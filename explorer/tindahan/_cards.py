"""Fruit cards, stalls and the action notations, precomputed so that play() only does dict look-ups."""

from __future__ import annotations

import sys
from typing import Final, Literal

FRUITS: Final = ("banana", "lanzones", "mango", "pineapple", "durian")
"""Every fruit of the game, in the fixed order used for stalls, hands and views."""

VALUES: Final = tuple(range(1, 11))
HAND_SIZE: Final = 10
SELLERS_PER_PLAYER: Final = 9

Kind = Literal["card", "seller", "cart"]

# The fruit order doubles as the sort order of hands (fruit first, then value).
FRUIT_RANK: Final = {fruit: index for index, fruit in enumerate(FRUITS)}


def _intern(text: str) -> str:
    # Interned notations compare by identity first, which keeps `action in legal` cheap.
    return sys.intern(text)


CARDS: Final = tuple(_intern(f"{fruit}-{value}") for fruit in FRUITS for value in VALUES)
CARD_FRUIT: Final = {card: card.rsplit("-", 1)[0] for card in CARDS}
CARD_VALUE: Final = {card: int(card.rsplit("-", 1)[1]) for card in CARDS}
CARD_RANK: Final = {card: index for index, card in enumerate(CARDS)}

SELLER: Final = {fruit: _intern(f"seller:{fruit}") for fruit in FRUITS}
CART: Final = {fruit: _intern(f"cart:{fruit}") for fruit in FRUITS}

# notation -> (kind, fruit): the one parse every action needs.
ACTIONS: Final[dict[str, tuple[Kind, str]]] = {
    **{card: ("card", CARD_FRUIT[card]) for card in CARDS},
    **{SELLER[fruit]: ("seller", fruit) for fruit in FRUITS},
    **{CART[fruit]: ("cart", fruit) for fruit in FRUITS},
}


def sort_hand(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """A hand in display order: by fruit (banana ... durian), then by value."""
    return tuple(sorted(cards, key=CARD_RANK.__getitem__))


def deck(fruits: tuple[str, ...]) -> list[str]:
    """All cards of the fruits in play, in a fixed order (shuffled by the round's seeded generator)."""
    return [card for card in CARDS if CARD_FRUIT[card] in fruits]


def label(notation: str) -> str:
    """Short human text for a legal action, for buttons and the terminal."""
    kind, fruit = ACTIONS[notation]
    if kind == "card":
        return f"Play {notation}"
    if kind == "seller":
        return f"Send a seller to the {fruit} stall"
    return f"Move the donkey cart to {fruit}"
