"""The Bastos! deck: five fruits in values 1-9 (the tens of the shared deck stay in the box)."""

from __future__ import annotations

from collections.abc import Iterable

FRUITS: tuple[str, ...] = ("banana", "lanzones", "mango", "pineapple", "durian")
VALUES: tuple[int, ...] = tuple(range(1, 10))
FRUIT_INDEX: dict[str, int] = {fruit: index for index, fruit in enumerate(FRUITS)}

# Interned notations, so that legal actions and hands are shared strings compared by identity first.
DECK: tuple[str, ...] = tuple(f"{fruit}-{value}" for fruit in FRUITS for value in VALUES)
# card -> (fruit, value); also the check that a string is a card of this deck.
CARD: dict[str, tuple[str, int]] = {
    f"{fruit}-{value}": (fruit, value) for fruit in FRUITS for value in VALUES
}
# card -> its position in the fixed fruit-then-value order (the order hands are kept in).
ORDER: dict[str, int] = {card: index for index, card in enumerate(DECK)}
TRUMP_SUFFIX = ":trump"
DECLARE: dict[str, str] = {card: card + TRUMP_SUFFIX for card in DECK}
CHOOSE: dict[str, str] = {card: "choose:" + card for card in DECK}
RAISE: dict[str, str] = {fruit: "raise:" + fruit for fruit in FRUITS}
LOWER: dict[str, str] = {fruit: "lower:" + fruit for fruit in FRUITS}

MIN_VALUE = -2
MAX_VALUE = 3


def fruit_of(card: str) -> str:
    return CARD[card][0]


def value_of(card: str) -> int:
    return CARD[card][1]


def clamp(value: int) -> int:
    return MIN_VALUE if value < MIN_VALUE else MAX_VALUE if value > MAX_VALUE else value


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=ORDER.__getitem__))


def check_card(card: object, where: str) -> str:
    """``card`` if it names a Bastos! card, else a ``ValueError`` saying what a card looks like."""
    if not isinstance(card, str):
        raise ValueError(f"{where}: a card is a string like 'mango-5', not {card!r}")
    if card not in CARD:
        fruit, _, value = card.partition("-")
        if fruit not in FRUIT_INDEX:
            raise ValueError(f"{where}: {card!r} is not a card; the fruits are {', '.join(FRUITS)}")
        if value == "10":
            raise ValueError(f"{where}: {card!r} is not in the Bastos! deck; the tens stay in the box")
        raise ValueError(f"{where}: {card!r} is not a card; cards are <fruit>-<value> with values 1 to 9")
    return card


def check_fruit(fruit: object, where: str) -> str:
    if not isinstance(fruit, str) or fruit not in FRUIT_INDEX:
        raise ValueError(f"{where}: {fruit!r} is not a fruit; the fruits are {', '.join(FRUITS)}")
    return fruit
