"""The rule computations the state, its view, its refusals and the bot share.

Geometry: the twelve ends of the port, where a hand card is laid (``R1L`` left of row 1, ``R1R``
right of row 1, ``C1T`` above column 1 = column a, ``C1B`` below it, ...), the lines they face, the
side neighbours of each place and the solo board (piles and turn-counter track).

Collecting (step 1 of action 1): each good shown on the placed card pays for one card of the line
that carries that good. The sets of line cards that can be paid for this way form a matroid, so
every set that cannot be extended has the same size: the player takes exactly that many cards (none
the goods pay for may be left behind), and chooses only among the sets of that size.

Markets: where a card may go (beside a card along a side; one chilli card per row, and per column
in the expert version).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from typing import TYPE_CHECKING, NamedTuple

from ._notation import (
    CELL_NAMES,
    CELLS,
    GOOD_INDEX,
    GOOD_NAMES,
    PORT_PLACES,
    SIZE,
    Card,
    card_words,
    goods_either,
    place_notation,
)

if TYPE_CHECKING:
    from ._edition import Edition

EMPTY = -1  # an empty place, in a port or market of card ids
HAND_SIZE = 3  # cards a hand keeps at the end of a turn; more go to the market

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        r * SIZE + c
        for r, c in ((i // SIZE - 1, i % SIZE), (i // SIZE, i % SIZE - 1),
                     (i // SIZE, i % SIZE + 1), (i // SIZE + 1, i % SIZE))
        if 0 <= r < SIZE and 0 <= c < SIZE
    )
    for i in range(CELLS)
)
ROW_OF = tuple(i // SIZE for i in range(CELLS))
COLUMN_OF = tuple(i % SIZE for i in range(CELLS))


class End(NamedTuple):
    """One of the port's twelve ends: where a hand card is laid and which way the line slides."""

    name: str  # R1L ... C3B
    line: str  # R1 ... C3, the line it faces
    cells: tuple[int, int, int]  # the line's places from the near side (beside the card) to the far side
    label: str  # "left of row 1"


def _ends() -> tuple[End, ...]:
    out = []
    for r in range(SIZE):
        a, b, c = (r * SIZE + c for c in range(SIZE))
        out.append(End(f"R{r + 1}L", f"R{r + 1}", (a, b, c), f"left of row {r + 1}"))
        out.append(End(f"R{r + 1}R", f"R{r + 1}", (c, b, a), f"right of row {r + 1}"))
    for col in range(SIZE):
        a, b, c = (r * SIZE + col for r in range(SIZE))
        out.append(End(f"C{col + 1}T", f"C{col + 1}", (a, b, c), f"above column {col + 1}"))
        out.append(End(f"C{col + 1}B", f"C{col + 1}", (c, b, a), f"below column {col + 1}"))
    return tuple(out)


ENDS: tuple[End, ...] = _ends()
END_INDEX = {end.name: index for index, end in enumerate(ENDS)}
LINES: dict[str, tuple[int, ...]] = {
    **{f"R{r + 1}": tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)},
    **{f"C{c + 1}": tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)},
}
LINE_LABELS = {name: ("row " if name[0] == "R" else "column ") + name[1] for name in LINES}

# One-player version: the piles lie above columns 1 and 3; the turn counter starts right of row 1
# and walks clockwise round the port over the nine ends from R1R to R1L (C2T, between the piles,
# is not on its track).
SOLO_PILE_ENDS = {"C1T": "chilli pile", "C3T": "boat pile"}
SOLO_TRACK: tuple[str, ...] = ("R1R", "R2R", "R3R", "C3B", "C2B", "C1B", "R3L", "R2L", "R1L")
SOLO_TURNS = len(SOLO_TRACK)


# ---- collecting ---------------------------------------------------------------------------------


@cache
def legal_takes(goods: str, masks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every legal collection: positions into ``masks`` (the line's goods bitmasks, 0 for empty).

    ``goods`` are the placed card's goods, one slot per copy (``"PP"`` pays for two cards with P).
    """
    slots = [1 << GOOD_INDEX[g] for g in goods]
    wanted = 0
    for slot in slots:
        wanted |= slot
    candidates = [i for i, mask in enumerate(masks) if mask & wanted]
    for size in range(min(len(slots), len(candidates)), 0, -1):
        found = tuple(
            subset for subset in combinations(candidates, size)
            if any(all(masks[c] & slots[s] for c, s in zip(subset, order, strict=True))
                   for order in permutations(range(len(slots)), size))
        )
        if found:
            return found
    return ()


@dataclass(frozen=True, slots=True)
class CellChoice:
    """One place of the line and what the rules say about taking its card."""

    cell: str
    card: str | None
    status: str  # "forced" | "choice" | "no-match" | "empty"
    reason: str


@dataclass(frozen=True, slots=True)
class Collections:
    """The answer to "if I lay ``card`` at ``end``, what must or may I take, and why?"."""

    card: str
    end: str
    take: int  # how many cards every legal collection has; 0 when the card cannot go here
    options: tuple[tuple[str, ...], ...]  # each legal collection, places in line order
    actions: tuple[str, ...]  # the notation of each option, same order
    cells: tuple[CellChoice, ...]  # the line's places, left to right or top to bottom
    summary: str
    refusal: str | None = None  # the rule id forbidding this placement, if any

    @property
    def forced(self) -> tuple[str, ...]:
        return tuple(c.cell for c in self.cells if c.status == "forced")


def explain_collections(card: Card, end_name: str, line: Sequence[Card | None]) -> Collections:
    """The legal collections for ``card`` laid at ``end_name`` facing ``line`` (its 3 places, in
    ascending place order), each place's status and a sentence a learner can read."""
    end = ENDS[END_INDEX[end_name]]
    cells = sorted(end.cells)
    masks = tuple(c.mask if c is not None else 0 for c in line)
    options = legal_takes(card.goods, masks)
    faces = [c.face if c is not None else None for c in line]
    take = len(options[0]) if options else 0
    choices = []
    mine = card_words(card.face)
    for pos, cell in enumerate(cells):
        name, face = CELL_NAMES[cell], faces[pos]
        where = PORT_PLACES[cell]
        if face is None:
            choices.append(CellChoice(name, None, "empty", f"{where[0].upper()}{where[1:]} is empty"))
            continue
        there = f"The {card_words(face)} at {where}"
        shared = [g for g in dict.fromkeys(card.goods) if masks[pos] & (1 << GOOD_INDEX[g])]
        if not shared:
            choices.append(CellChoice(name, face, "no-match",
                                      f"{there} shows none of your card's goods: it stays"))
        elif all(pos in option for option in options):
            choices.append(CellChoice(name, face, "forced",
                                      f"{there} must be taken: every legal way to take {take} card(s) "
                                      "includes it, and a card your goods pay for may not be left behind"))
        else:
            # Its rivals are the cards taken instead of it; a forced card is taken either way.
            forced = {p for p in range(len(cells)) if all(p in option for option in options)}
            rivals = sorted({cells[p] for o in options if pos not in o for p in o
                             if p not in forced} - {cell})
            with_ = " or ".join(f"the card at {PORT_PLACES[c]}" for c in rivals)
            choices.append(CellChoice(name, face, "choice",
                                      f"{there} is one choice: it competes with {with_} for the same "
                                      f"good ({' and '.join(GOOD_NAMES[g] for g in shared)})"))
    n = len(card.goods)
    names = tuple(tuple(CELL_NAMES[cells[p]] for p in option) for option in options)
    actions = tuple(
        place_notation(card.face, end_name, [(cells[p], faces[p] or ".") for p in option])
        for option in options
    )
    if not options:
        summary = (f"The {mine} cannot go {end.label}: no card of {LINE_LABELS[end.line]} shows "
                   f"{goods_either(card.goods)}")
        return Collections(card.face, end_name, 0, (), (), tuple(choices), summary,
                           "bangkok.place.shared-good")
    summary = (f"The {mine} shows {n} good(s), so it may pay for up to {n} card(s); here its goods pay "
               f"for {take}, so you take exactly {take}"
               + ("" if len(options) == 1 else f", choosing one of {len(options)} ways"))
    return Collections(card.face, end_name, take, names, actions, tuple(choices), summary)


# ---- the port: usable ends and legal placements, fast --------------------------------------------

ALL_ENDS = frozenset(range(len(ENDS)))
# Line i (R1 R2 R3 C1 C2 C3) is faced by ends 2i and 2i+1 (R1L R1R, ..., C3T C3B).
LINE_CELLS: tuple[tuple[int, int, int], ...] = tuple(
    (cells[0], cells[1], cells[2]) for cells in LINES.values())
# The usable ends facing one line: both (0), the first (1) or the second (2).
END_COMBOS = ((0, 1), (0,), (1,))


@cache
def solo_ends(turn: int, token_blocks: bool) -> frozenset[int]:
    """The ends a solo player may use on ``turn`` (0-based): not under a pile, nor (if ``token_blocks``)
    under the turn counter."""
    blocked = set(SOLO_PILE_ENDS)
    if token_blocks and turn < SOLO_TURNS:
        blocked.add(SOLO_TRACK[turn])
    return frozenset(i for i, end in enumerate(ENDS) if end.name not in blocked)


class PlaceTables:
    """Per-edition lookup tables for generating place actions quickly.

    Card tables get one extra entry at the end, so an empty place (``EMPTY`` = -1) indexes it
    without a test. The legal takes of a line depend only on the line's goods that the placed card
    also shows, so they are kept per distinct goods of a hand card, keyed by the line's 3 goods
    bitmasks packed 4 bits each and masked to those goods: at most 512 keys per goods, every key
    reached soon, so the table stops growing (``legal_takes`` stays the one rule).
    """

    def __init__(self, ed: Edition) -> None:
        kinds = [ed.cards[card] for card in ed.first_of_kind]
        goods = list(dict.fromkeys(card.goods for card in kinds))
        self.kind_of = (*ed.kind_of, len(kinds))
        self.mask_of = (*ed.mask_of, 0)
        self.chilli_of = (*ed.chilli_of, False)
        self.goods_of_kind = [goods.index(card.goods) for card in kinds]
        wanted = [next(card.mask for card in kinds if card.goods == g) for g in goods]
        self.wanted = [w | w << 4 | w << 8 for w in wanted]  # a card's goods, in each of the 3 nibbles
        self.takes = [_Takes(g) for g in goods]
        self.both_ends = [_BothEnds(takes) for takes in self.takes]  # the playout path's counts
        # A place action's text is its face and end ("place:PZ@R1L>"), the first place it takes with
        # the card there ("a1=PZ") and ",c1=P" for each further place. The first two are kept joined
        # per face and end (``heads``, filled as met: most actions take one card, and their texts are
        # then found, not built), each further place's part per place and card (``tails``).
        self.stride = len(ed.cards)
        self.starts = [f"place:{card.face}@{end.name}>" for card in kinds for end in ENDS]
        self.fragments = [f"{CELL_NAMES[cell]}={card.face}" for cell in range(CELLS) for card in ed.cards]
        self.tails = ["," + text for text in self.fragments]
        self.heads: list[list[str]] = [[] for _ in self.starts]
        self.market_texts = [[f"market:{card.face}@{name}" for name in CELL_NAMES] for card in kinds]
        self.return_texts = [f"return:{card.face}" for card in kinds]
        self.faces = [card.face for card in kinds]
        self.kind_chilli = [card.is_chilli for card in kinds]

    @classmethod
    def of(cls, ed: Edition) -> PlaceTables:
        """The edition's tables, built on first use and kept in its memo."""
        tables = ed.memo.get("place")
        if tables is None:
            tables = ed.memo["place"] = cls(ed)
        assert isinstance(tables, PlaceTables)
        return tables



# Every distinct answer of ``legal_takes`` gets a small number (0: no take), so that tables hold
# ints and the place-action code can key its per-line texts cheaply.
OPTION_SETS: list[tuple[tuple[int, ...], ...]] = [()]
_OPTION_SET_IDS: dict[tuple[tuple[int, ...], ...], int] = {(): 0}
# The same per line: the places (0-8) each take of line i (R1 R2 R3 C1 C2 C3) would collect, as
# (first place, other places), so that the usual one-card take needs no join.
TAKE_CELLS: list[tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]] = [((),) * 6]
# How many takes each number stands for (the playout path counts actions without listing them).
OPTION_COUNTS: list[int] = [0]


class _Takes(dict[int, int]):
    """Packed, masked line goods -> the number of the legal takes there for one goods string."""

    def __init__(self, goods: str) -> None:
        super().__init__()
        self.goods = goods

    def __missing__(self, packed: int) -> int:
        options = legal_takes(self.goods, (packed & 15, packed >> 4 & 15, packed >> 8))
        number = _OPTION_SET_IDS.get(options)
        if number is None:
            number = _OPTION_SET_IDS[options] = len(OPTION_SETS)
            OPTION_SETS.append(options)
            OPTION_COUNTS.append(len(options))
            TAKE_CELLS.append(tuple(tuple((cells[option[0]], tuple(cells[p] for p in option[1:]))
                                          for option in options) for cells in LINE_CELLS))
        self[packed] = number
        return number


class _BothEnds(dict[int, int]):
    """Packed, masked line goods -> how many place actions a line usable from both ends offers."""

    def __init__(self, takes: _Takes) -> None:
        super().__init__()
        self.takes = takes

    def __missing__(self, packed: int) -> int:
        count = self[packed] = 2 * OPTION_COUNTS[self.takes[packed]]
        return count


class _Faced(dict[frozenset[int], tuple[tuple[int, int], ...]]):
    """For a set of usable ends: each line faced by one, with its index into ``PlaceTables.prefixes``."""

    def __missing__(self, usable: frozenset[int]) -> tuple[tuple[int, int], ...]:
        out = []
        for line in range(6):
            ends = tuple(side for side in (0, 1) if 2 * line + side in usable)
            if ends:
                out.append((line, 3 * line + END_COMBOS.index(ends)))
        value = self[usable] = tuple(out)
        return value


FACED = _Faced()


# ---- markets -------------------------------------------------------------------------------------


def _frontier(occupied: int) -> tuple[int, ...]:
    """The empty places touching an occupied one along a side (a1 alone for an empty market)."""
    if not occupied:
        return (0,)
    return tuple(i for i in range(CELLS) if not occupied >> i & 1
                 and any(occupied >> n & 1 for n in NEIGHBOURS[i]))


_FRONTIER = tuple(_frontier(occupied) for occupied in range(1 << CELLS))


def chilli_limits(expert: bool, reading: str) -> tuple[bool, bool]:
    """Whether market rows, and columns, are limited to one chilli card under these options."""
    if not expert:
        return True, False
    return reading == "row-and-column", True


def _blocked(chillies: int, limits: tuple[bool, bool]) -> int:
    """The places a chilli card may not go to, as a bitmask: those sharing a limited row or
    column with a chilli card (bitmask ``chillies``)."""
    limit_rows, limit_columns = limits
    rows = {ROW_OF[i] for i in range(CELLS) if chillies >> i & 1}
    columns = {COLUMN_OF[i] for i in range(CELLS) if chillies >> i & 1}
    return sum(1 << i for i in range(CELLS)
               if (limit_rows and ROW_OF[i] in rows) or (limit_columns and COLUMN_OF[i] in columns))


_BLOCKED = {limits: tuple(_blocked(chillies, limits) for chillies in range(1 << CELLS))
            for limits in ((True, False), (False, True), (True, True), (False, False))}
