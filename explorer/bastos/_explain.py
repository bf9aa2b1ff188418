"""Why Bastos! refuses a move: the ``IllegalAction`` naming the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._core.words import does, who, whose
from .._errors import IllegalAction
from .._fruitbox.state import WORDS
from ._catalogue import RULES
from ._mechanics import MAX_VALUE, MIN_VALUE
from ._notation import CARD, parse

if TYPE_CHECKING:
    from ._state import State


def _attempt(kind: str, card: str | None, fruit: str | None) -> str:
    """The refused move in words, as the player would say it: "play banana 3"."""
    if kind in ("raise", "lower"):
        return f"{kind} {fruit}"
    assert card is not None
    if kind == "choose":
        return f"pick {WORDS[card]} as your Bastos! card"
    if kind == "declare":
        return f"play {WORDS[card]} and make {fruit} trump"
    return f"play {WORDS[card]}"


def explain(state: State, text: str) -> IllegalAction:
    """Why ``text`` is refused (see ``Presenter``)."""
    kind, card, fruit = parse(text)
    if kind == "?":
        return IllegalAction(RULES.check("bastos.notation"), f"{text!r} is not a Bastos! move; moves are "
                             "written 'mango-5', 'durian-2:trump', 'choose:mango-5', 'raise:banana' or "
                             "'lower:banana'", text)
    seat = state.to_act
    assert seat is not None
    you = who(seat)

    def refuse(rule: str, why: str) -> IllegalAction:
        return IllegalAction(RULES.check(rule),
                             f"{does(seat, 'cannot', 'cannot')} {_attempt(kind, card, fruit)}: {why}", text)

    hand = state.hands[seat]
    if fruit is not None and fruit not in state.fruits:
        return refuse("bastos.setup.deck", f"the {fruit} cards stay in the box in this game")
    if state.phase == "choose":
        if kind != "choose":
            return refuse("bastos.phase", f"the round starts with everyone picking a Bastos! card, and "
                          f"{you} pick now")
        return refuse("bastos.own-card", f"{does(seat, 'does', 'do')} not hold {WORDS[str(card)]}")
    if state.phase == "adjust":
        if kind not in ("raise", "lower"):
            return refuse("bastos.colour.adjust", f"{does(seat, 'has', 'have')} just played {whose(seat)} "
                          f"own Bastos! colour, so {you} must first move one fruit's value up or down by 1")
        assert fruit is not None
        value = state.value(fruit)
        return refuse("bastos.values.clamp", f"{fruit} is already at {value:+d}, and values stay "
                      f"between {MIN_VALUE} and +{MAX_VALUE}")
    if kind == "choose":
        return refuse("bastos.phase", "Bastos! cards are picked only at the start of a round")
    if kind in ("raise", "lower"):
        return refuse("bastos.colour.adjust", "a value moves only straight after a player plays a card "
                      "of their own Bastos! colour")
    assert card is not None
    if card not in hand:
        return refuse("bastos.own-card", f"{does(seat, 'does', 'do')} not hold {WORDS[card]}")
    led = state.led_fruit()
    own_fruit = CARD[card][0]
    if led is not None and own_fruit != led and any(CARD[c][0] == led for c in hand):
        return refuse("bastos.follow-suit", f"{does(seat, 'holds', 'hold')} {led}, so {you} must follow "
                      f"{led}")
    if kind == "declare":
        if led is None:
            return refuse("bastos.trump.declare", "the player who leads cannot make trump; only a player "
                          "who cannot follow the led fruit can")
        if own_fruit == led:
            return refuse("bastos.trump.declare", f"{WORDS[card]} follows the led fruit, so it cannot make "
                          "trump")
        if state.trump is not None:
            return refuse("bastos.trump.once", f"{state.trump} is already trump for the rest of the round")
        return refuse("bastos.trump.not-bastos-colour", f"{own_fruit} is a Bastos! colour this round "
                      "and can never be trump")
    return refuse("bastos.phase", "that move does not fit this moment of the round")
