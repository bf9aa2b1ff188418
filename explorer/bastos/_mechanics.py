"""Bastos! rule computations for the view, the bot and the public helper, in the cards' own names: who
takes a trick (the kernel's rule) and the limits of the fruit values (the kernel's)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .._core.options import resolve_options
from ._kernel import MAX_VALUE, MIN_VALUE, clamp
from ._kernel import decide as kernel_decide
from ._notation import CARD, FRUITS, TRUMP_SUFFIX, check_card, check_fruit
from ._options import OPTIONS

__all__ = ["MAX_VALUE", "MIN_VALUE", "clamp", "decide", "taker", "trick_winner"]


def decide(
    fruits: Sequence[str],
    values: Sequence[int],
    own: Sequence[bool],
    trumps: Sequence[bool],
    must_beat_led: bool,
) -> int | None:
    """Index of the card that takes the trick, or ``None`` when the trick is set aside (the kernel's
    rule, ``_kernel.decide``, on fruits by name).

    Position 0 led. ``own[i]``: card i is of its player's own Bastos! colour (it can never win).
    ``trumps[i]``: card i counts as a trump card. ``must_beat_led`` selects the 'must-beat-led'
    reading of the ``bastos_lead`` option.
    """
    best = kernel_decide([FRUITS.index(fruit) for fruit in fruits], list(values), list(own), list(trumps),
                         must_beat_led)
    return None if best < 0 else best


def taker(
    cards: Sequence[str], colours: Sequence[str | None], trump: str | None, declared: int,
    rules: Mapping[str, Any],
) -> int | None:
    """Index into ``cards`` (plain cards in play order) of the card taking the trick, or ``None``.

    ``colours[i]``: the Bastos! colour of the player of card i; ``declared``: the index of the card
    that made its fruit trump in this trick (-1 if none); ``rules``: the game's options.
    """
    fruits = [CARD[c][0] for c in cards]
    start = declared if declared >= 0 and rules["trump_timing"] == "from-declaration" else 0
    return decide(
        fruits,
        [CARD[c][1] for c in cards],
        [fruits[i] == colours[i] for i in range(len(cards))],
        [i >= start and fruits[i] == trump for i in range(len(cards))],
        rules["bastos_lead"] == "must-beat-led",
    )


def trick_winner(
    cards: Sequence[str], bastos: Sequence[str], trump: str | None, **rules: Any
) -> int | None:
    """Index into ``cards`` of the card that takes the trick, or ``None`` if it is set aside.

    ``cards`` in play order (``cards[0]`` was led); a card may carry the ``:trump`` mark of the
    throw-off that made its fruit trump in this very trick. ``bastos`` gives each position's Bastos!
    colour; ``trump`` is the trump fruit in force when the trick is decided (or ``None``). Rules
    options (``bastos_lead``, ``trump_timing``) are keywords as for ``new_game``.

    >>> trick_winner(["mango-5", "banana-3", "durian-2:trump"], ["pineapple"] * 3, "durian")
    2
    """
    options = resolve_options("bastos", OPTIONS, rules)
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise ValueError("cards must be a list of card notations in play order, like ['mango-5', ...]")
    if isinstance(bastos, str) or not isinstance(bastos, Sequence):
        raise ValueError("bastos must be a list of fruits, one Bastos! colour per card of the trick")
    if not 3 <= len(cards) <= 4:
        raise ValueError(f"a trick holds one card per player (3 or 4), not {len(cards)}")
    if len(bastos) != len(cards):
        raise ValueError(f"bastos names {len(bastos)} colours for {len(cards)} cards; give one per card")
    colours = [check_fruit(fruit, f"bastos[{i}]") for i, fruit in enumerate(bastos)]
    if trump is not None:
        check_fruit(trump, "trump")
        if trump in colours:
            raise ValueError(f"trump {trump} is a Bastos! colour in this trick, and a Bastos! colour "
                             "can never be trump [bastos.trump.not-bastos-colour]")
    plain: list[str] = []
    marked = -1
    for i, card in enumerate(cards):
        if isinstance(card, str) and card.endswith(TRUMP_SUFFIX):
            if marked >= 0:
                raise ValueError(f"cards[{i}] {card}: only one card can make its fruit trump")
            marked = i
            card = card[: -len(TRUMP_SUFFIX)]
        plain.append(check_card(card, f"cards[{i}]"))
    if len(set(plain)) != len(plain):
        raise ValueError("a card appears twice in the trick")
    fruits = [CARD[c][0] for c in plain]
    if marked >= 0:
        fruit = fruits[marked]
        if marked == 0:
            raise ValueError(f"{cards[0]}: the leader cannot make trump; only a player who cannot "
                             "follow can [bastos.trump.declare]")
        if fruit == fruits[0]:
            raise ValueError(f"{cards[marked]} follows the led fruit, so it cannot make trump "
                             "[bastos.trump.declare]")
        if fruit in colours:
            raise ValueError(f"{cards[marked]}: {fruit} is a Bastos! colour and can never be trump "
                             "[bastos.trump.not-bastos-colour]")
        if trump is not None and trump != fruit:
            raise ValueError(f"{cards[marked]} makes {fruit} trump, but trump is given as {trump}")
        trump = fruit
    return taker(plain, colours, trump, marked, options)
