"""Why Bastos! refuses a move: the ``IllegalAction`` naming the rule it breaks."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from .._errors import IllegalAction
from ._catalogue import RULES
from ._mechanics import MAX_VALUE, MIN_VALUE
from ._notation import CARD, parse

if TYPE_CHECKING:
    from ._state import State


def explain(state: State, action: Hashable) -> IllegalAction:
    """The refusal of ``action``, which is not legal for the seat to act (the game is not over)."""
    text = str(action)

    def refuse(rule: str, why: str) -> IllegalAction:
        return IllegalAction(RULES.check(rule), f"{text} refused: {why}", text)

    kind, card, fruit = parse(text)
    if kind == "?":
        return refuse("bastos.notation", "that is not a Bastos! move; moves are written 'mango-5', "
                      "'durian-2:trump', 'choose:mango-5', 'raise:banana' or 'lower:banana'")
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    if fruit is not None and fruit not in state.fruits:
        return refuse("bastos.setup.deck", f"{fruit} is boxed in this game")
    if state.phase == "choose":
        if kind != "choose":
            return refuse("bastos.phase", f"the round starts with everyone picking a Bastos! card; "
                          f"seat {seat} picks now with choose:<card>")
        return refuse("bastos.own-card", f"seat {seat} does not hold {card}")
    if state.phase == "adjust":
        if kind not in ("raise", "lower"):
            return refuse("bastos.colour.adjust", f"seat {seat} played their own Bastos! colour and "
                          "must first move a fruit value: raise:<fruit> or lower:<fruit>")
        assert fruit is not None
        value = state.value(fruit)
        return refuse("bastos.values.clamp", f"{fruit} is already at {value:+d}, and values stay "
                      f"between {MIN_VALUE} and +{MAX_VALUE}")
    if kind == "choose":
        return refuse("bastos.phase", "Bastos! cards are picked only at the start of a round")
    if kind in ("raise", "lower"):
        return refuse("bastos.colour.adjust", "a value move is owed only straight after playing a card "
                      "of one's own Bastos! colour")
    assert card is not None
    if card not in hand:
        return refuse("bastos.own-card", f"seat {seat} does not hold {card}")
    led = state.led_fruit()
    own_fruit = CARD[card][0]
    if led is not None and own_fruit != led and any(CARD[c][0] == led for c in hand):
        return refuse("bastos.follow-suit", f"seat {seat} holds {led}, and the led fruit {led} must "
                      "be followed")
    if kind == "declare":
        if led is None:
            return refuse("bastos.trump.declare", "the leader cannot make trump; only a player who "
                          "cannot follow the led fruit can")
        if own_fruit == led:
            return refuse("bastos.trump.declare", f"{card} follows the led fruit, so it cannot make "
                          "trump")
        if state.trump is not None:
            return refuse("bastos.trump.once", f"{state.trump} is already trump for the rest of the round")
        return refuse("bastos.trump.not-bastos-colour", f"{own_fruit} is a Bastos! colour this round "
                      "and can never be trump")
    return refuse("bastos.phase", "that move does not fit this moment of the round")
