"""Bastos!'s scenario option ``start``: round 1's hands, fixed so that a rulebook scenario replays.

``start`` is a list of hands, one list of card notations per seat (12 cards each with three players,
11 with four), or a dict ``{"hands": [...], "spare": "durian-9"}``; with four players the card nobody
holds is the face-up spare (naming it is optional, and checked). It is stored as the dict.
"""

from __future__ import annotations

from typing import Any

from explorer._fruitbox.state import parse_start

from ._notation import CARD, TOP, sort_cards


def parse(value: Any) -> dict[str, Any] | None:
    """The option's parser: cards and duplicates (the checks that need no player count)."""
    return parse_start(value, top=TOP, extras={"spare": "face-up spare card"}, game="Bastos!")


def start_hands(
    start: dict[str, Any] | None, players: int, deck: list[str], removed: str | None
) -> tuple[tuple[str, ...], ...] | None:
    """Round 1's hands from ``start``, checked against the seats, the hand size and the boxed fruit."""
    if start is None:
        return None
    hands: list[list[str]] = start["hands"]
    size = len(deck) // players
    if len(hands) != players:
        raise ValueError(f"bastos: start gives {len(hands)} hands for {players} players; give one per seat")
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise ValueError(f"bastos: start hand {seat} has {len(hand)} cards; with {players} players "
                             f"each hand holds {size} [bastos.setup.deal]")
        for card in hand:
            if card not in deck:
                raise ValueError(f"bastos: start hand {seat} holds {card}, but {CARD[card][0]} is boxed "
                                 f"with removed_fruit={removed!r}; name the fruit your start leaves out as "
                                 "removed_fruit [bastos.setup.deck]")
    spare = start.get("spare")
    if spare is not None:
        left = [c for c in deck if all(c not in hand for hand in hands)]
        if left != [spare]:
            where = f"the card left over is {left[0]}" if left else f"with {players} players no card is left"
            raise ValueError(f"bastos: start names {spare} as the spare, but {where} [bastos.setup.deal]")
    return tuple(sort_cards(hand) for hand in hands)
