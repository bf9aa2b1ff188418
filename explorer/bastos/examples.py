"""The rulebook's Bastos! examples, replayed by the engine (scenario deals) and by the helpers.

Seats 0, 1, 2 (, 3) are the book's players A, B, C (, D): seat 0 sits left of the round-1 dealer and
so picks first and leads the first trick. Each scenario fixes round 1 with the ``start`` option and
then plays ordinary moves, so its record replays like any game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._core.examples import Example
from ._mechanics import trick_winner
from ._notation import DECK, FRUITS
from ._state import State

NAMES = "ABCD"
# The book's names for the seats of a three- and a four-player example (Example.names).
THREE, FOUR = tuple(NAMES[:3]), tuple(NAMES)


def runs(spec: str) -> list[str]:
    """'mango 1-9, banana 1-3' -> the cards, to keep the scenario deals readable."""
    cards: list[str] = []
    for part in spec.split(","):
        fruit, _, span = part.strip().partition(" ")
        for piece in span.split():
            low, _, high = piece.partition("-")
            cards += [f"{fruit}-{v}" for v in range(int(low), int(high or low) + 1)]
    return cards


# Four players: every fourth card of the deck, so each hand holds every fruit; durian-9 is the spare.
FOUR_HANDS = [[card for index, card in enumerate(DECK[:44]) if index % 4 == seat] for seat in range(4)]
# Three players (lanzones boxed) for the book's trump example: each holds three pineapples to pick as
# Bastos! card, so neither banana nor durian is a Bastos! colour and both may become trump.
TRUMP_HANDS = [
    runs("mango 1-9, pineapple 1-3"),
    runs("banana 1-9, pineapple 4-6"),
    runs("pineapple 7-9, durian 1-9"),
]
# Three players (lanzones boxed). A holds every mango, B and C none: the leads A makes cannot be
# followed, so B and C choose between throwing off and making trump.
NO_MANGO_HANDS = [
    runs("mango 1-9, banana 1-3"),
    runs("banana 4-9, pineapple 1-6"),
    runs("pineapple 7-9, durian 1-9"),
]
# Three players: mango is spread so that everybody can follow a mango lead.
MANGO_HANDS = [
    runs("banana 1-3, mango 7-9, pineapple 1-3, durian 1-3"),
    runs("banana 4-6, mango 1-3, pineapple 4-6, durian 4-6"),
    runs("banana 7-9, mango 4-6, pineapple 7-9, durian 7-9"),
]


def scenario(
    hands: list[list[str]], picks: list[str], moves: Sequence[str] = (), **rules: Any
) -> State:
    """A game whose first round is dealt ``hands``; the seats pick ``picks`` in turn, then ``moves``."""
    state = State.new(len(hands), seed=0, start=hands, **rules)
    for card in picks:
        state = state.play(f"choose:{card}")
    for move in moves:
        state = state.play(move)
    return state


def opening_values(picks: list[str]) -> dict[str, int]:
    """The value table once four players have revealed ``picks``."""
    return scenario(FOUR_HANDS, picks).value_table()


def trump_declaration() -> dict[str, Any]:
    """A leads mango; B throws banana-3; C throws durian-2 and makes durian trump."""
    start = scenario(TRUMP_HANDS, ["pineapple-1", "pineapple-4", "pineapple-7"], ["mango-5"])
    b_options = {str(a) for a in start.legal_actions()}
    before = start.value("durian")
    end = start.play("banana-3").play("durian-2:trump")
    assert end.last_trick is not None
    winner = end.last_trick[1]
    return {
        "durian change": end.value("durian") - before,
        "trump": end.trump,
        "winner": None if winner is None else NAMES[winner],
        "B could make banana trump": "banana-3:trump" in b_options,
    }


# A's Bastos! colour is mango, B's banana, C's durian.
NO_MANGO_PICKS = ["mango-1", "banana-4", "durian-1"]


def bastos_led_all_throw_off() -> str | None:
    """A leads their own colour (then moves a value), B and C cannot follow and throw off."""
    state = scenario(NO_MANGO_HANDS, NO_MANGO_PICKS,
                     ["mango-5", "raise:banana", "pineapple-2", "pineapple-7"])
    assert state.last_trick is not None
    winner = state.last_trick[1]
    return None if winner is None else NAMES[winner]


def bastos_led_all_follow() -> dict[str, Any]:
    """A leads mango-9, their own colour; B and C follow with lower mangoes."""
    state = scenario(MANGO_HANDS, ["mango-7", "banana-4", "pineapple-7"],
                     ["mango-9", "raise:mango", "mango-2", "mango-5"])
    assert state.last_trick is not None
    winner = state.last_trick[1]
    card = next(e[2] for e in state.last_trick[0] if e[0] == "card" and e[1] == winner)
    return {"winner": None if winner is None else NAMES[winner], "with": card}


def all_own_colour() -> dict[str, Any]:
    """Everybody plays their own colour (each moving a value): the trick is set aside."""
    state = scenario(NO_MANGO_HANDS, NO_MANGO_PICKS,
                     ["mango-5", "raise:mango", "banana-5", "lower:durian", "durian-3", "raise:banana"])
    assert state.last_trick is not None and state.current_player is not None
    return {
        "winner": state.last_trick[1],
        "tricks won": list(state.tricks_won),
        "next to lead": NAMES[state.current_player],
        "trick on the table": len(state.trick),
    }


def own_colour_adjust() -> dict[str, Any]:
    """A leads their own colour: before B plays, A must move one value by 1."""
    state = scenario(NO_MANGO_HANDS, NO_MANGO_PICKS, ["mango-5"])
    assert state.current_player is not None
    refused = state.check("pineapple-2")
    after = state.play("lower:mango")
    return {
        "must move": NAMES[state.current_player],
        "phase": state.phase,
        "moves offered": len(state.legal_actions()),
        "a card is refused by": None if refused is None else refused.rule,
        "mango after lower": after.value("mango"),
    }


def _helper(cards: list[str], bastos: list[str], trump: str | None = None) -> str | None:
    winner = trick_winner(cards, bastos, trump)
    return None if winner is None else NAMES[winner]


def _table(**values: int) -> dict[str, int]:
    return {fruit: values.get(fruit, 0) for fruit in FRUITS}


_START = "Bastos!: Start of the Round"
_PLAY = "Bastos!: Playing, Following Suit, and Trumping"
_COLOUR = "Bastos!: The Bastos! Color"

EXAMPLES: list[Example] = [
    Example("bastos", "opening-values", "Two reveal banana, two mango: both start at 2", _START,
            _table(banana=2, mango=2),
            lambda: opening_values(["banana-1", "banana-2", "mango-1", "mango-2"]),
            ("bastos.colour.choose", "bastos.colour.raises-value", "bastos.values.start-zero"), FOUR),
    Example("bastos", "opening-values-all-same", "All four reveal the same fruit: it starts at +3", _START,
            _table(banana=3),
            lambda: opening_values(["banana-1", "banana-2", "banana-3", "banana-4"]),
            ("bastos.colour.raises-value", "bastos.values.clamp"), FOUR),
    Example("bastos", "trump-declaration",
            "A leads mango, B throws banana, C makes durian trump and takes the trick", _PLAY,
            {"durian change": -2, "trump": "durian", "winner": "C", "B could make banana trump": True},
            trump_declaration,
            ("bastos.trump.declare", "bastos.trump.lowers-value", "bastos.trump.counts-at-once"), THREE),
    Example("bastos", "trump-declaration-helper", "The same trick through trick_winner", _PLAY,
            "C", lambda: _helper(["mango-5", "banana-3", "durian-2:trump"], ["pineapple"] * 3, "durian"),
            ("bastos.trump.counts-at-once", "bastos.trick.highest-trump"), THREE),
    Example("bastos", "bastos-led-all-throw-off",
            "A leads their own Bastos! colour and everyone else throws off: A takes it", _COLOUR,
            "A", bastos_led_all_throw_off, ("bastos.trick.leader-takes", "bastos.colour.never-wins"), THREE),
    Example("bastos", "bastos-led-all-throw-off-helper", "The same trick through trick_winner", _COLOUR,
            "A", lambda: _helper(["mango-5", "pineapple-2", "pineapple-7"], ["mango", "banana", "durian"]),
            ("bastos.trick.leader-takes",), THREE),
    Example("bastos", "bastos-led-all-follow",
            "A leads their own Bastos! colour and all follow: the highest follower takes it, though lower",
            _COLOUR, {"winner": "C", "with": "mango-5"}, bastos_led_all_follow,
            ("bastos.trick.highest-follower", "bastos.colour.never-wins"), THREE),
    Example("bastos", "bastos-led-all-follow-helper", "The same trick through trick_winner", _COLOUR,
            "C", lambda: _helper(["mango-9", "mango-2", "mango-5"], ["mango", "banana", "pineapple"]),
            ("bastos.trick.highest-follower",), THREE),
    Example("bastos", "all-own-colour-set-aside",
            "Everyone plays their own Bastos! colour: the trick is set aside and A leads again", _COLOUR,
            {"winner": None, "tricks won": [0, 0, 0], "next to lead": "A", "trick on the table": 0},
            all_own_colour, ("bastos.trick.set-aside", "bastos.colour.adjust"), THREE),
    Example("bastos", "all-own-colour-set-aside-helper", "The same trick through trick_winner", _COLOUR,
            None, lambda: _helper(["mango-5", "banana-5", "durian-3"], ["mango", "banana", "durian"]),
            ("bastos.trick.set-aside",), THREE),
    Example("bastos", "own-colour-adjust",
            "Playing one's own Bastos! colour obliges a value move of 1 before anyone else plays", _COLOUR,
            {"must move": "A", "phase": "adjust", "moves offered": 8,
             "a card is refused by": "bastos.colour.adjust", "mango after lower": 0},
            own_colour_adjust, ("bastos.colour.adjust", "bastos.values.clamp"), THREE),
]
