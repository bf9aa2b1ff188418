"""Why Tindahan refuses a move: the ``IllegalAction`` naming the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer._core.words import does, joined, who, whose
from explorer._errors import IllegalAction
from explorer._fruitbox.state import WORDS

from ._notation import ACTIONS

if TYPE_CHECKING:
    from ._state import State


def _attempt(kind: str, text: str, fruit: str) -> str:
    """The refused move in words, as the player would say it: "play banana 3"."""
    if kind == "card":
        return f"play {WORDS[text]}"
    if kind == "seller":
        return f"send a seller to the {fruit} stall"
    return f"move the donkey cart to the {fruit} stall"


def explain(state: State, text: str) -> IllegalAction:
    """Why ``text`` is refused (see ``Presenter``)."""
    parsed = ACTIONS.get(text)
    if parsed is None:
        return IllegalAction("tindahan.notation", f"{text!r} is not a Tindahan action; write a card "
                             "like banana-10, seller:banana or cart:mango", text)
    kind, fruit = parsed
    seat = state.to_act
    assert seat is not None
    you = who(seat)

    def refuse(rule: str, why: str) -> IllegalAction:
        return IllegalAction(rule, f"{does(seat, 'cannot', 'cannot')} {_attempt(kind, text, fruit)}: {why}",
                             text)

    if fruit not in state.fruits:
        return refuse("tindahan.setup.fruits", f"{fruit} is not in play in this game (the fruits are "
                      f"{joined(state.fruits)})")
    starting = not state.trick
    if kind == "card":
        if text not in state.hands[seat]:
            return refuse("tindahan.hand", f"{does(seat, 'does', 'do')} not hold it")
        led = state.led
        return refuse("tindahan.follow-suit", f"{does(seat, 'holds', 'hold')} {led}, so {you} must follow "
                      f"{led}")
    if kind == "seller":
        if starting:
            return refuse("tindahan.seller.not-starting-player", f"{does(seat, 'starts', 'start')} this "
                          f"trick, so {you} must play a card or move the donkey cart")
        if state.must_play:
            return refuse("tindahan.cart.next-must-play", "the starting player moved the donkey cart, so "
                          f"{you} must play a card")
        if not state.sellers_left[seat]:
            return refuse("tindahan.seller.none-left", f"all nine of {whose(seat)} sellers are already on "
                          "stalls")
        return refuse("tindahan.seller.led-stall", f"a seller can only go to the stall of the led fruit, "
                      f"{state.led}")
    if not starting:
        return refuse("tindahan.cart.starting-player-only", "only the player who starts a trick may move "
                      "the cart, as their whole turn")
    return refuse("tindahan.cart.different-stall", f"the cart already stands on the {fruit} stall; move "
                  "it to another stall")
