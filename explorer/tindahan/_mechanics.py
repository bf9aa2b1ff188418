"""Tindahan's rule computations that the state, its view, its refusals and the bot share."""

from __future__ import annotations

from collections.abc import Sequence

from ._notation import CARD_FRUIT, CARD_VALUE, Kind

Play = tuple[int, Kind, str]  # (seat, kind, the card for card plays, else the fruit)


def must_play(cart_moved: bool, trick: Sequence[Play]) -> bool:
    """The seat after a cart move has to play a card, and that card is led (tindahan.cart.next-must-play)."""
    return cart_moved and len(trick) == 1


def trick_winner(trick: Sequence[Play], trump: str, led: str | None) -> tuple[int, str]:
    """(seat, card) taking the trick: the highest trump, else the highest card of the led fruit."""
    best_seat, best_card, best_value, trumped = -1, "", 0, False
    for seat, kind, card in trick:
        if kind != "card":
            continue
        fruit, value = CARD_FRUIT[card], CARD_VALUE[card]
        if fruit == trump:
            if not trumped or value > best_value:
                best_seat, best_card, best_value, trumped = seat, card, value, True
        elif not trumped and fruit == led and value > best_value:
            best_seat, best_card, best_value = seat, card, value
    return best_seat, best_card


def cards_in(trick: Sequence[Play]) -> int:
    return sum(1 for _, kind, _ in trick if kind == "card")
