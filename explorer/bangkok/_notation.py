"""Bangkok's notation: goods, card faces, place names and actions, parsed and written.

A boat card is its goods (``PZ``, ``PP``, ``F``); a chilli card is its goods (possibly none), ``!``,
its scoring type 1-4 and the goods it indicates (``P!1P``, ``BB!3BF``). Goods inside a face may be
written in any order on input; the engine writes them in the book's order P Z B F (:func:`canonical`).

Places of a 3x3 square (the port, a market) are numbered row by row (0 = top left) and named like
chess squares with the rows counted from the top: ``a1`` upper left, ``c3`` lower right.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

GOODS = "PZBF"
GOOD_NAMES = {"P": "passion fruit", "Z": "Thai zucchini", "B": "blue peas", "F": "fish"}
GOOD_INDEX = {good: index for index, good in enumerate(GOODS)}
MAX_GOODS = 3
SIZE = 3
CELLS = SIZE * SIZE


def cell_name(index: int) -> str:
    return "abc"[index % SIZE] + str(index // SIZE + 1)


CELL_NAMES: tuple[str, ...] = tuple(cell_name(i) for i in range(CELLS))
CELL_INDEX = {name: index for index, name in enumerate(CELL_NAMES)}


@dataclass(frozen=True, slots=True)
class Card:
    """One card face: the goods it carries and, for a chilli card, how it scores."""

    face: str
    goods: str  # carried goods, e.g. "BB"
    kind: int  # 0 for a boat card, else the chilli card's scoring type 1-4
    indicated: str = ""  # the goods a chilli card scores, "" for boat cards

    @property
    def is_chilli(self) -> bool:
        return self.kind != 0

    @property
    def mask(self) -> int:
        """Bit ``i`` set when the card carries good ``GOODS[i]``: sharing a good is ``a.mask & b.mask``."""
        out = 0
        for good in self.goods:
            out |= 1 << GOOD_INDEX[good]
        return out

    def __str__(self) -> str:
        return self.face


def _goods(text: str, what: str, face: str) -> str:
    for good in text:
        if good not in GOOD_INDEX:
            raise ValueError(f"card {face!r}: {what} {good!r} is not a good; the goods are P Z B F")
    return text


def parse_card(text: object) -> Card:
    """The card a face names; a ``ValueError`` says which card and what is wrong with it."""
    if not isinstance(text, str):
        raise ValueError(f"a card is written as text such as 'PZ' or 'BB!3BF', not {text!r}")
    face = text.strip()
    if not face:
        raise ValueError("an empty card: write its goods, such as 'PZ', or a chilli card such as 'P!1P'")
    if "!" not in face:
        goods = _goods(face, "good", face)
        if len(goods) > MAX_GOODS:
            raise ValueError(f"card {face!r}: a boat card carries 1 to {MAX_GOODS} goods, not {len(goods)}")
        return Card(face, goods, 0)
    carried, _, rest = face.partition("!")
    goods = _goods(carried, "good", face)
    if len(goods) > MAX_GOODS:
        raise ValueError(f"card {face!r}: a chilli card carries 0 to {MAX_GOODS} goods, not {len(goods)}")
    if not rest or rest[0] not in "1234":
        raise ValueError(f"card {face!r}: after '!' comes the chilli type 1-4, then the goods it indicates")
    kind = int(rest[0])
    indicated = _goods(rest[1:], "indicated good", face)
    if not indicated:
        raise ValueError(f"card {face!r}: a chilli card indicates at least one good after its type")
    if len(set(indicated)) != len(indicated):
        raise ValueError(f"card {face!r}: each indicated good is named once")
    if kind == 3 and len(indicated) != 2:
        raise ValueError(f"card {face!r}: a type-3 chilli card indicates exactly two goods (a pair)")
    return Card(face, goods, kind, indicated)


def _ordered(goods: str) -> str:
    return "".join(sorted(goods, key=GOOD_INDEX.__getitem__))


def canonical(card: Card) -> Card:
    """The same card with its goods written in the book's order P Z B F (``FZ`` becomes ``ZF``).

    Two faces with the same goods are the same kind of card; the engine names every card this way.
    """
    goods, indicated = _ordered(card.goods), _ordered(card.indicated)
    face = f"{goods}!{card.kind}{indicated}" if card.kind else goods
    return card if face == card.face else Card(face, goods, card.kind, indicated)


def parse_rows(rows: object, what: str = "rows") -> list[Card | None]:
    """Three rows of three cards (``"Z!4B B B"``, ``"."`` for an empty place), read top to bottom."""
    if isinstance(rows, str) or not isinstance(rows, list | tuple) or len(rows) != 3:
        raise ValueError(f"{what}: give 3 rows (a list of 3 strings of 3 cards each), not {rows!r}")
    cells: list[Card | None] = []
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, str):
            raise ValueError(f"{what} row {number}: a row is a string such as 'Z!4B B B', not {row!r}")
        tokens = row.split()
        if len(tokens) != 3:
            raise ValueError(f"{what} row {number} {row!r}: a row has 3 places (use '.' for an empty one)")
        for token in tokens:
            try:
                cells.append(None if token == "." else parse_card(token))
            except ValueError as exc:
                raise ValueError(f"{what} row {number}: {exc}") from None
    return cells


# ---- actions ------------------------------------------------------------------------------------


class Place(NamedTuple):
    """``place:PZ@R1R>a1=ZB,c1=P`` read: the hand card, the end, the taken places (and their cards)."""

    face: str
    end: str
    taken: tuple[tuple[str, str], ...]


def place_notation(face: str, end: str, taken: Sequence[tuple[int, str]]) -> str:
    """``place:PZ@R1R>a1=PZ,c1=P``: the hand card, the end, and each taken place with its card."""
    return f"place:{face}@{end}>" + ",".join(f"{CELL_NAMES[cell]}={card}" for cell, card in taken)


def read_place(action: str) -> Place:
    """The parts of a (well-formed) place action."""
    face, _, rest = action.removeprefix("place:").partition("@")
    end, _, taken = rest.partition(">")
    parts = (item.partition("=") for item in taken.split(",") if item)
    items = tuple((place, card) for place, _, card in parts)
    return Place(face, end, items)


def read_market(action: str) -> tuple[str, str]:
    """``market:PZ@b1`` as its face and place."""
    face, _, place = action.removeprefix("market:").partition("@")
    return face, place


def respell(action: str) -> str | None:
    """``action`` with every card face rewritten in the engine's goods order (``ZP`` -> ``PZ``)."""

    def fix(match: re.Match[str]) -> str:
        try:
            return canonical(parse_card(match.group(0))).face
        except ValueError:
            return match.group(0)

    head, sep, body = action.partition(":")
    if not sep:
        return None
    return head + sep + re.sub(r"[PZBF]*![1-4][PZBF]+|[PZBF]+", fix, body)


# ---- in words (what a learner reads: no notation, no place names like a1) ---------------------------

#: Where a place of the port is, in words (the port's lines are "row 1" ... "column 3").
PORT_PLACES: tuple[str, ...] = tuple(f"row {i // SIZE + 1}, {('left', 'middle', 'right')[i % SIZE]}"
                                     for i in range(CELLS))
#: Where a place of a market is, in words (the top left place lies beside the pontoon).
MARKET_PLACES: tuple[str, ...] = ("top left", "top middle", "top right", "middle left", "centre",
                                  "middle right", "bottom left", "bottom middle", "bottom right")


def goods_phrase(goods: str) -> str:
    """``"PPZ"`` -> ``"2 passion fruit and Thai zucchini"``; ``""`` -> ``"no goods"``."""
    parts = [GOOD_NAMES[g] if goods.count(g) == 1 else f"{goods.count(g)} {GOOD_NAMES[g]}"
             for g in dict.fromkeys(goods)]
    if not parts:
        return "no goods"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def goods_either(goods: str, joiner: str = "or") -> str:
    """Distinct goods named: ``"PZ"`` -> ``"passion fruit or Thai zucchini"`` (``joiner`` "and")."""
    names = [GOOD_NAMES[g] for g in dict.fromkeys(goods)]
    if not names:
        return "no goods"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {joiner} " + names[-1]


@cache
def card_words(face: str) -> str:
    """A card by what it shows, without an article: ``"boat with passion fruit and Thai zucchini"``,
    ``"type-3 chilli for blue peas and fish"``."""
    card = parse_card(face)
    if not card.is_chilli:
        return f"boat with {goods_phrase(card.goods)}"
    return f"type-{card.kind} chilli for {goods_either(card.indicated, 'and')}"


@cache
def card_long_words(face: str) -> str:
    """:func:`card_words` and, for a chilli card, the goods it carries too."""
    card = parse_card(face)
    if not card.is_chilli:
        return card_words(face)
    return f"{card_words(face)}, carrying {goods_phrase(card.goods)}"


def hand_words(faces: Sequence[str]) -> str:
    """Several cards in words: "a boat with fish, a type-1 chilli for passion fruit"."""
    return ", ".join(f"a {card_words(face)}" for face in faces) or "nothing"
