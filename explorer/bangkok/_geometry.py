"""Places and lines of Bangkok's 3x3 squares (the port and each floating market).

Places are numbered row by row (0 = top left) and named like chess squares with the rows counted
from the top: column letter ``a``-``c``, row number ``1``-``3``, so ``a1`` is the upper-left corner
(in a market, the place beside the pontoon) and ``b3`` the middle of the bottom row.

The twelve ends of the port, where a hand card is placed, are ``R1L`` (left of row 1), ``R1R``
(right of row 1), ``C1T`` (top of column 1 = column a), ``C1B`` (bottom of column 1), and so on.
"""

from __future__ import annotations

from typing import NamedTuple

SIZE = 3
CELLS = SIZE * SIZE


def cell_name(index: int) -> str:
    return "abc"[index % SIZE] + str(index // SIZE + 1)


CELL_NAMES: tuple[str, ...] = tuple(cell_name(i) for i in range(CELLS))
CELL_INDEX = {name: index for index, name in enumerate(CELL_NAMES)}
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
