"""Tindahan's scenario option ``start``: round 1's hands, fixed so a rulebook scenario replays.

``start`` is a list of hands, one list of ten card notations per seat, or the same as a dict
``{"hands": [...]}``; it is stored as the dict. Later rounds are always shuffled from the seed.
"""

from __future__ import annotations

from typing import Any

from explorer._fruitbox.state import parse_start

from ._notation import CARD_FRUIT, HAND_SIZE


def parse(value: Any) -> dict[str, Any] | None:
    """The option's parser: cards, duplicates and hand sizes (the checks that need no player count)."""
    return parse_start(value, top=10, hand_size=HAND_SIZE, game="Tindahan")


def start_hands(
    start: dict[str, Any] | None, players: int, fruits: tuple[str, ...]
) -> list[list[str]] | None:
    """Round 1's hands from the ``start`` option, checked against the seats and the fruits in play."""
    if start is None:
        return None
    hands: list[list[str]] = start["hands"]
    if len(hands) != players:
        raise ValueError(f"start has {len(hands)} hands for {players} players")
    for seat, hand in enumerate(hands):
        for card in hand:
            if CARD_FRUIT[card] not in fruits:
                raise ValueError(
                    f"start: seat {seat}'s {card} is not in play; with {players} players the "
                    f"fruits are {', '.join(fruits)} (see the removed_fruits option)"
                )
    return hands
