"""The Filipino Fruit Market box as its games' kernels read it: cards as small integers, the deal.

A card is its index in the box (``explorer._fruitbox.state.BOX``: ``10 * fruit + value - 1``), so a hand kept
sorted by index is in the public display order (fruit, then value) and one fruit's cards lie side by
side in it (a follower's cards are one slice, found by bisection). Tindahan's kernel
(``explorer.tindahan._kernel``) and Bastos!'s (``explorer.bastos._kernel``) share these tables and
the deal; the rules stay in each game's own kernel.

Compiled by mypyc with them where a compiler is found (``explorer._compiled``), the same code
interpreted where not.
"""

from __future__ import annotations

from random import Random
from typing import Any, Final

from .._core.action import ActionTable
from .._core.playout import KernelCore
from .._core.state import ScoreLine
from .state import BOX, FRUIT_INDEX, FRUITS

#: card index -> its fruit's index, and -> its value.
FRUIT_OF: Final[list[int]] = [card // 10 for card in range(len(BOX))]
RANK_OF: Final[list[int]] = [card % 10 + 1 for card in range(len(BOX))]
CARD_TEXT: Final[list[str]] = list(BOX)
#: A card play's value by card (``legal_actions()`` of both games: ``explorer._core.action``).
CARD_VALUES: Final = ActionTable(CARD_TEXT)
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


class FruitKernel(KernelCore):
    """What both fruit games' kernels share: the deal by rounds from the game's seed, hands of sorted
    card indices (dealt when first asked in a playout), the trick's cards in play order from the
    leader, the tricks taken, the score sheet and the raw events a public state tells, the lists
    copied on first change where the kernel is a public state's copy (``cow``), and what ``legal()``
    counted (the choosable cards: ``hands[act][_lo:_lo + _nc]``)."""

    __slots__ = ("_count", "_lo", "_nc", "before_deal", "cow", "dealer", "hands", "leader", "lines", "log",
                 "n", "round", "seed", "told", "trick", "won")

    n: int
    seed: int  # the game's: every round deals from it (a sample of hidden cards has one of its own)
    log: bool
    #: The lists are shared with the kernel this one was copied from (the public state's copies, one
    #: per play): each is copied before it is first changed. A playout's kernel owns its lists.
    cow: bool
    round: int
    dealer: int
    leader: int
    hands: list[list[int]]  # [] until dealt (a playout's new round)
    trick: list[int]
    won: list[int]  # tricks taken this round, per seat
    lines: tuple[ScoreLine, ...]
    #: The public events told so far, raw: the newest as ``[previous, seat or None, action, kind, data]``
    #: and four places the state fills when a reader first asks (``explorer._fruitbox.state``), so
    #: that a play writes no sentence and copies no list; shared by the kernels copied from this one.
    told: list[Any] | None
    #: The newest event told before this round's deal (what ``state.told`` reads).
    before_deal: list[Any] | None
    _count: int  # the actions counted for this position, -1 not yet
    _lo: int
    _nc: int

    def __init__(self) -> None:
        super().__init__()
        self._count = -1
        self._lo = self._nc = 0

    def say(self, seat: int, action: str | None, kind: str, data: dict[str, Any]) -> None:
        """Tell a public event (``seat`` -1: the game's own), as data: its sentence is written when read."""
        if kind == "round" and data["round"] > 1:
            self.before_deal = self.told
        self.told = [self.told, None if seat < 0 else seat, action, kind, data, None, None, None, None]

    def round_number(self) -> int:
        return self.round

    def tricks_taken(self, seat: int) -> int:
        return self.won[seat]

    def trick_open(self) -> bool:
        return len(self.trick) > 0

    def legal(self) -> int:
        count = self._count
        if count >= 0:
            return count
        seat = self.act
        if seat < 0:
            self._count = 0
            return 0
        if not self.hands:
            self.hands = self.dealt()
        count = self._count = self.counted(self.hands[seat])
        return count

    def dealt(self) -> list[list[int]]:
        """This round's hands as the seed deals them."""
        raise NotImplementedError

    def counted(self, hand: list[int]) -> int:
        """How many actions the seat to act, holding ``hand``, has (setting ``_lo`` and ``_nc``)."""
        raise NotImplementedError
