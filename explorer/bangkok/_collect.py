"""Which cards a placed card collects from the line it faces, and why (step 1 of action 1).

Each good shown on the placed card pays for one card of the line that carries that good. The sets
of line cards that can be paid for this way form a matroid, so every set that cannot be extended
has the same size: the player takes exactly that many cards (none the goods pay for may be left
behind), and chooses only among the sets of that size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations

from ._cards import GOOD_INDEX, Card
from ._geometry import CELL_NAMES, END_INDEX, ENDS


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


def place_notation(face: str, end: str, taken: Sequence[tuple[int, str]]) -> str:
    """``place:PZ@R1R>a1=PZ,c1=P``: the hand card, the end, and each taken place with its card."""
    return f"place:{face}@{end}>" + ",".join(f"{CELL_NAMES[cell]}={card}" for cell, card in taken)


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
    for pos, cell in enumerate(cells):
        name, face = CELL_NAMES[cell], faces[pos]
        if face is None:
            choices.append(CellChoice(name, None, "empty", f"{name} is empty"))
            continue
        shared = [g for g in dict.fromkeys(card.goods) if masks[pos] & (1 << GOOD_INDEX[g])]
        if not shared:
            choices.append(CellChoice(name, face, "no-match",
                                      f"{name} ({face}) shows none of {card.face}'s goods: it stays"))
        elif all(pos in option for option in options):
            choices.append(CellChoice(name, face, "forced",
                                      f"{name} ({face}) must be taken: every legal way to use your "
                                      f"{take} card(s) includes it, and a card your goods pay for "
                                      "may not be left behind"))
        else:
            # Its rivals are the cards taken instead of it; a forced card is taken either way.
            forced = {p for p in range(len(cells)) if all(p in option for option in options)}
            rivals = sorted({CELL_NAMES[cells[p]] for o in options if pos not in o for p in o
                             if p not in forced} - {name})
            with_ = " or ".join(rivals)
            choices.append(CellChoice(name, face, "choice",
                                      f"{name} ({face}) is one choice: it competes with {with_} for "
                                      f"the same good ({'/'.join(shared)})"))
    n = len(card.goods)
    names = tuple(tuple(CELL_NAMES[cells[p]] for p in option) for option in options)
    actions = tuple(
        place_notation(card.face, end_name, [(cells[p], faces[p] or ".") for p in option])
        for option in options
    )
    if not options:
        summary = (f"{card.face} cannot go {end.label}: no card of that line shows any of its goods "
                   f"({', '.join(dict.fromkeys(card.goods)) or 'none'})")
        return Collections(card.face, end_name, 0, (), (), tuple(choices), summary,
                           "bangkok.place.shared-good")
    summary = (f"{card.face} shows {n} good(s), so it may pay for up to {n} card(s); here its goods pay "
               f"for {take}, so you take exactly {take}"
               + ("" if len(options) == 1 else f", choosing one of {len(options)} ways"))
    return Collections(card.face, end_name, take, names, actions, tuple(choices), summary)
