"""Why Tindahan refuses a move: the ``IllegalAction`` naming the rule it breaks."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from explorer._errors import IllegalAction

from ._mechanics import must_play
from ._notation import ACTIONS

if TYPE_CHECKING:
    from ._state import State


def explain(state: State, action: Hashable) -> IllegalAction:
    """The refusal of ``action``, which is not legal for the seat to act (the game is not over)."""
    text = str(action)
    parsed = ACTIONS.get(text) if isinstance(action, str) else None
    if parsed is None:
        return IllegalAction("tindahan.notation", f"{text!r} is not a Tindahan action; write a card "
                             "like banana-10, seller:banana or cart:mango", text)
    kind, fruit = parsed
    seat = state.to_act
    assert seat is not None
    if fruit not in state.fruits:
        return IllegalAction("tindahan.setup.fruits", f"{text} refused: {fruit} is not in play in this "
                             f"game (the fruits are {', '.join(state.fruits)})", text)
    starting = not state.trick
    if kind == "card":
        if text not in state.hands[seat]:
            return IllegalAction("tindahan.hand", f"{text} refused: seat {seat} does not hold it", text)
        led = state.led
        return IllegalAction("tindahan.follow-suit", f"{text} refused: you hold {led}, and the led fruit "
                             f"{led} must be followed", text)
    if kind == "seller":
        if starting:
            return IllegalAction("tindahan.seller.not-starting-player", f"{text} refused: seat {seat} "
                                 "starts this trick, so must play a card or move the cart", text)
        if must_play(state.cart_moved, state.trick):
            return IllegalAction("tindahan.cart.next-must-play", f"{text} refused: the starting player "
                                 "moved the donkey cart, so you must play a card", text)
        if not state.sellers_left[seat]:
            return IllegalAction("tindahan.seller.none-left", f"{text} refused: all nine of your sellers "
                                 "are already on stalls", text)
        return IllegalAction("tindahan.seller.led-stall", f"{text} refused: a seller can only go to the "
                             f"stall of the led fruit, {state.led}", text)
    if not starting:
        return IllegalAction("tindahan.cart.starting-player-only", f"{text} refused: only the starting "
                             f"player (seat {state.leader}) may move the cart, as their whole turn", text)
    return IllegalAction("tindahan.cart.different-stall", f"{text} refused: the cart already stands on "
                         f"{fruit}; move it to another stall", text)
