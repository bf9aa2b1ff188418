"""Round scoring: each card in a player's tricks is worth its fruit's value on the table; the public
``score_round`` helper and the score sheet of a stated round end (``explorer.score_table``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .._core.options import resolve_options
from .._core.positions import Players, parts, whole
from .._core.state import ScoreLine, ScoreSheet
from .._fruitbox.state import WORDS
from ._kernel import MAX_VALUE, MIN_VALUE, line_text
from ._notation import CARD, DECK, FRUITS, check_card, check_fruit
from ._options import OPTIONS, fruits_in_play

RULE = "bastos.score.card-value"
#: The line of a player who took no trick this round (as the engine's score sheet writes it).
NO_TRICKS = "no tricks taken"


def fruit_lines(values: Mapping[str, int], cards: Iterable[str]) -> list[tuple[str, int, int]]:
    """``(fruit, count, value)`` for each fruit among ``cards``, in the fixed fruit order."""
    counts = dict.fromkeys(FRUITS, 0)
    for card in cards:
        counts[CARD[card][0]] += 1
    return [(fruit, count, values[fruit]) for fruit, count in counts.items() if count]


def player_lines(values: Mapping[str, int], cards: Sequence[str]) -> list[tuple[str, int]]:
    """One player's round score as the score sheet writes it: ``(label, points)`` per fruit among the
    cards of the tricks they took (count times the fruit's value, in the kernel's words), or one line
    of 0 points if they took no trick."""
    lines = [(line_text(fruit, count, value), count * value)
             for fruit, count, value in fruit_lines(values, cards)]
    return lines or [(NO_TRICKS, 0)]


def score_round(values: Mapping[str, int], won: Mapping[str, Sequence[str]], **rules: Any) -> dict[str, int]:
    """Round points per player: the sum of the table values of the cards in the tricks they took.

    ``values`` is the value table at round end (``{"banana": 2, "mango": -1, ...}``); ``won`` maps
    each player to the cards of the tricks they took.

    >>> score_round({"banana": 2, "mango": -1}, {"A": ["banana-3", "mango-7"], "B": []})
    {'A': 1, 'B': 0}
    """
    resolve_options("bastos", OPTIONS, rules)
    if not isinstance(values, Mapping):
        raise ValueError("values must be a dict {fruit: value}, like {'banana': 2, 'mango': -1}")
    if not isinstance(won, Mapping):
        raise ValueError("won must be a dict {player: [cards of the tricks they took]}")
    table: dict[str, int] = {}
    for fruit, value in values.items():
        check_fruit(fruit, "values")
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"values[{fruit!r}] must be an int, not {value!r}")
        if not MIN_VALUE <= value <= MAX_VALUE:
            raise ValueError(f"values[{fruit!r}] = {value} is off the table: values run from "
                             f"{MIN_VALUE} to +{MAX_VALUE} [bastos.values.clamp]")
        table[fruit] = value
    seen: dict[str, object] = {}
    totals: dict[str, int] = {}
    for player, cards in won.items():
        if isinstance(cards, str) or not isinstance(cards, Sequence):
            raise ValueError(f"won[{player!r}] must be a list of cards, not {cards!r}")
        for card in cards:
            check_card(card, f"won[{player!r}]")
            if card in seen:
                raise ValueError(f"{card} is counted twice (players {seen[card]!r} and {player!r})")
            seen[card] = player
            if CARD[card][0] not in table:
                raise ValueError(f"{card}: no value given for {CARD[card][0]} in values")
        totals[player] = sum(points for _, points in player_lines(table, cards))
    return totals


def score_table(players: Players, position: Any, rules: Mapping[str, Any], edition: Any) -> ScoreSheet:
    """The score sheet of a stated round end (``explorer.score_table("bastos", ...)``): ``position`` is
    ``{"values": {fruit: value}, "won": {player: [cards of the tricks they took]}}`` as
    :func:`score_round` takes them (fruits left out of ``values`` stand at 0, players left out of
    ``won`` took no trick), and optionally ``"round"`` (1-based, default 1) for the lines.

    A value off the table, a card not in the game (a ten, the boxed fruit), a player's cards that are
    not whole tricks or more cards than a round plays raise ``PositionError`` naming the rule.

    >>> from explorer import score_table
    >>> sheet = score_table("bastos", 3, {"values": {"durian": -2}, "won": {"Carlo": ["mango-5",
    ...                     "banana-3", "durian-2"]}})
    >>> [line.points for line in sheet], sheet.names[sheet[-1].seat], sheet[-1].label
    ([0, 0, 0, 0, -2], 'Carlo', '1 durian card worth -2')
    """
    parts("bastos", position, ("values", "won"), ("round",))
    n = players.count
    fruits = fruits_in_play(n, rules["removed_fruit"])
    deck = [card for card in DECK if CARD[card][0] in fruits]
    rounds = 2 * n
    number = whole(position.get("round", 1), "round", 1)
    if number > rounds:
        raise players.breaks("bastos.game.rounds", f"round {number} is past the last of a {n}-player game, "
                                                   f"round {rounds}")
    values = position["values"]
    if not isinstance(values, Mapping):
        raise ValueError("values must be a dict {fruit: value}, like {'banana': 2, 'mango': -1}")
    table = dict.fromkeys(fruits, 0)
    for fruit, value in values.items():
        check_fruit(fruit, "values")
        # The page shows these to learners: plain words, no Python (the fruit, not values['banana']).
        whole(value, f"the value of {fruit}", low=None)
        if not MIN_VALUE <= value <= MAX_VALUE:
            raise players.breaks("bastos.values.clamp", f"The {fruit} value is {value}, but the "
                                                        f"value table runs from {MIN_VALUE} to {MAX_VALUE}")
        if fruit not in table:
            if value:
                raise players.breaks("bastos.setup.deck", f"The {fruit} value is {value}, but "
                                                          f"{fruit} stays in the box with {n} players (the "
                                                          "removed_fruit option)")
            continue
        table[fruit] = value
    won = players.per_seat(position["won"], "won", default=[])
    seen: dict[str, str] = {}
    for seat, cards in enumerate(won):
        where = f"{players.whose(seat)} tricks"
        if isinstance(cards, str) or not isinstance(cards, Sequence):
            raise ValueError(f"{where} must be a list of cards, not {cards!r}"[:300])
        for card in cards:
            check_card(card, where)
            said = WORDS[card].capitalize()
            if card not in deck:
                raise players.breaks("bastos.setup.deck", f"{said}, in {where}, is not dealt with {n} "
                                                          f"players, whose fruits are {', '.join(fruits)}")
            if card in seen:
                places = where if seen[card] == where else f"{seen[card]} and in {where}"
                raise ValueError(f"{said} is counted twice, in {places}")
            seen[card] = where
        if len(cards) % n:
            held = f"{players.whose(seat, True)} tricks hold {len(cards)} cards"
            raise players.breaks("bastos.round.end", f"{held}, but every trick holds one card from each of "
                                                     f"the {n} players, so a player's tricks hold a multiple "
                                                     f"of {n}")
    played = n * (len(deck) // n - 1)
    if len(seen) > played:
        raise players.breaks("bastos.colour.choose", f"the tricks hold {len(seen)} cards, but a {n}-player "
                                                     f"round plays only {played}: {len(deck) // n} cards a "
                                                     "hand, less each player's Bastos! card")
    return players.sheet([ScoreLine(seat, label, points, RULE, number)
                          for seat, cards in enumerate(won) for label, points in player_lines(table, cards)])
