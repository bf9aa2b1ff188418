"""The Filipino Fruit Market box as its games' kernels read it: cards as small integers, the deal.

A card is its index in the box (``explorer._fruit.BOX``: ``10 * fruit + value - 1``), so a hand kept
sorted by index is in the public display order (fruit, then value) and one fruit's cards lie side by
side in it (a follower's cards are one slice, found by bisection). Tindahan's kernel
(``explorer.tindahan._kernel``) and Bastos!'s (``explorer.bastos._kernel``) share these tables and
the deal; the rules stay in each game's own kernel.

Compiled by mypyc with them where a compiler is found (``explorer._compiled``), the same code
interpreted where not.
"""

from __future__ import annotations

from random import Random
from typing import Final

from ._fruit import BOX, FRUIT_INDEX, FRUITS

#: card index -> its fruit's index, and -> its value.
FRUIT_OF: Final[list[int]] = [card // 10 for card in range(len(BOX))]
RANK_OF: Final[list[int]] = [card % 10 + 1 for card in range(len(BOX))]
CARD_TEXT: Final[list[str]] = list(BOX)
BANANA: Final = FRUIT_INDEX["banana"]


def deal(rng: Random, deck: list[int], players: int) -> list[list[int]]:
    """A round's hands as the public API deals them: the deck (in box order) shuffled by the round's
    seeded generator, cut into equal hands from the top, each sorted."""
    cards = list(deck)
    rng.shuffle(cards)
    size = len(cards) // players
    return [sorted(cards[seat * size:(seat + 1) * size]) for seat in range(players)]


_TABLES: Final[dict[tuple[tuple[str, ...], int], tuple[list[int], list[int], list[list[int]]]]] = {}


def fruit_tables(fruits: tuple[str, ...], top: int) -> tuple[list[int], list[int], list[list[int]]]:
    """For the fruits in play and the deck's top value: the fruits' indices, the deck (box order) and,
    per trump fruit, the other fruits in play. Kept per set of fruits (a search sets up a playout for
    every roll-out); shared, so never changed."""
    key = (fruits, top)
    tables = _TABLES.get(key)
    if tables is None:
        indices = [FRUIT_INDEX[fruit] for fruit in fruits]
        deck = [card for card in range(len(BOX)) if FRUIT_OF[card] in indices and RANK_OF[card] <= top]
        others = [[fruit for fruit in indices if fruit != trump] for trump in range(len(FRUITS))]
        tables = _TABLES[key] = (indices, deck, others)
    return tables
