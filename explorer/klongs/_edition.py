"""Klongs editions: the board, the Luk Phat track and the boat mix, which no rulebook lists.

An edition file is validated by pydantic models and then compiled into :class:`Edition`, whose
bitmasks make legal-move queries cheap. Bit ``r * (columns + 1) + c`` stands for the water space in
row ``r`` and column ``c``: the spare column per row keeps a shifted mask from wrapping round an edge.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .._core.editions import EditionLoader, validate
from ._notation import GOODS, SPECIALS, Boat, Tables

COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
DEFAULT_NAME = "klongs-reconstructed"
#: The other built-in edition: the reconstructed one with the Luk Phat track's market days paying 3, 3 and
#: 2, as a published review describes them (the default pays 4, 3 and 2; the rulebooks print neither).
REVIEW_TRACK = "klongs-review-track"


# ---- the file format (pydantic) -----------------------------------------------------------------


class _Strict(BaseModel):
    # strict: a JSON file says 8, true or "thief", and "8", 1 or 0 in their place is a mistake to name
    # (lax pydantic would quietly turn "8" into 8 and 0 into false).
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class LandingModel(_Strict):
    name: str = Field(min_length=1, max_length=12)
    spaces: list[str] = Field(min_length=4, max_length=4)


class EntriesModel(_Strict):
    light: list[str] = Field(min_length=1, description="entry spaces used by every player count")
    dark: list[str] = Field(default_factory=list, description="extra entry spaces with 3 or 4 players")


class BoardModel(_Strict):
    rows: int = Field(ge=2, le=26)
    columns: int = Field(ge=2, le=26)
    hoods: list[list[str]] = Field(min_length=1)
    landings: list[LandingModel] = Field(min_length=1)
    entries: EntriesModel

    @model_validator(mode="after")
    def _geometry(self) -> BoardModel:
        names = {_space_name(r, c) for r in range(self.rows) for c in range(self.columns)}

        def known(where: str, space: str) -> tuple[int, int]:
            if space not in names:
                size = f"{self.rows} x {self.columns}"
                raise ValueError(f"{where}: {space!r} is not a water space of a {size} board")
            return _space_rc(space)

        hood_of: dict[str, int] = {}
        for index, hood in enumerate(self.hoods):
            if not 1 <= len(hood) <= 4:
                raise ValueError(f"hoods[{index}]: a hood has 1 to 4 water spaces, not {len(hood)}")
            for space in hood:
                known(f"hoods[{index}]", space)
                if space in hood_of:
                    raise ValueError(f"hoods[{index}]: {space} is already in hood {hood_of[space]}")
                hood_of[space] = index
        missing = sorted(names - set(hood_of))
        if missing:
            raise ValueError(f"hoods: every water space belongs to a hood; {', '.join(missing[:5])} do not")
        seen: set[str] = set()
        for index, landing in enumerate(self.landings):
            if landing.name in seen:
                raise ValueError(f"landings[{index}].name: {landing.name!r} is used twice")
            seen.add(landing.name)
            cells = sorted(known(f"landings[{index}].spaces", s) for s in landing.spaces)
            (r, c) = cells[0]
            if cells != [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]:
                raise ValueError(f"landings[{index}].spaces: the four spaces must form a 2 x 2 square")
            if len({hood_of[s] for s in landing.spaces}) < 2:
                raise ValueError(f"landings[{index}].spaces: a landing on a jetty spans 2 or more hoods")
        for kind in ("light", "dark"):
            spaces = getattr(self.entries, kind)
            for space in spaces:
                known(f"entries.{kind}", space)
            if len(set(spaces)) != len(spaces):
                raise ValueError(f"entries.{kind}: an entry space is listed twice")
        if set(self.entries.light) & set(self.entries.dark):
            raise ValueError("entries: a space cannot be both light and dark")
        return self


class TrackSpaceModel(_Strict):
    points: int = Field(ge=0, le=100)
    market: Literal["little", "big"] | None = None
    # What the value rests on (a rulebook, a review, a reconstruction): said, never read by the rules.
    basis: str = Field(default="", max_length=300)


class BoatModel(_Strict):
    goods: Literal[GOODS] | None = None  # type: ignore[valid-type]
    special: Literal[SPECIALS] | None = None  # type: ignore[valid-type]
    baskets: int = Field(ge=0, le=3)
    neutral: bool = False
    lukphat: bool = False
    count: int = Field(default=1, ge=1, le=72)

    @model_validator(mode="after")
    def _kind(self) -> BoatModel:
        if (self.goods is None) == (self.special is None):
            raise ValueError("a boat carries either goods or a special feature (thief, inspector, cookshop)")
        if self.special is not None and not self.neutral:
            raise ValueError(f"a {self.special} boat is one of the neutral boats: set neutral to true")
        return self


class EditionModel(_Strict):
    name: str = Field(min_length=1, max_length=80)
    description: str = ""
    reconstructed: list[str] = Field(default_factory=list)
    board: BoardModel
    track: list[TrackSpaceModel] = Field(min_length=1)
    boats: list[BoatModel] = Field(min_length=1)

    @model_validator(mode="after")
    def _whole(self) -> EditionModel:
        kinds = [space.market for space in self.track]
        if kinds[-1] != "big" or kinds.count("big") != 1:
            raise ValueError("track: the last space, and only it, is the Big Market Day (market: 'big')")
        total = sum(boat.count for boat in self.boats)
        if not 16 <= total <= 400:
            raise ValueError(f"boats: between 16 and 400 boats are needed (4 hands of 4), not {total}")
        return self


# ---- the compiled edition ---------------------------------------------------------------------


def _space_name(row: int, column: int) -> str:
    return f"{COLUMN_LETTERS[column]}{row + 1}"


def _space_rc(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, COLUMN_LETTERS.index(name[0])


class Edition:
    """An edition compiled for play: names, neighbourhoods and bitmasks of the board."""

    def __init__(self, model: EditionModel, builtin: bool) -> None:
        self.model = model
        self.builtin = builtin
        self.name = model.name
        board = model.board
        self.rows, self.columns = board.rows, board.columns
        pitch = board.columns + 1
        self.pitch = pitch
        self.spaces: tuple[str, ...] = tuple(
            _space_name(r, c) for r in range(board.rows) for c in range(board.columns))
        self.index = {name: i for i, name in enumerate(self.spaces)}
        n = len(self.spaces)
        self.row = tuple(i // board.columns for i in range(n))
        self.col = tuple(i % board.columns for i in range(n))
        self.bit = tuple(1 << (self.row[i] * pitch + self.col[i]) for i in range(n))
        self.space_at_bit = {self.bit[i].bit_length() - 1: i for i in range(n)}
        self.all_mask = sum(self.bit)
        neighbours = []
        for i in range(n):
            r, c = self.row[i], self.col[i]
            neighbours.append(tuple(
                self.index[_space_name(r + dr, c + dc)]
                for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < board.rows and 0 <= c + dc < board.columns))
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(neighbours)
        self.neighbour_mask = tuple(sum(self.bit[j] for j in nb) for nb in neighbours)
        self.hoods: tuple[tuple[int, ...], ...] = tuple(tuple(self.index[s] for s in h) for h in board.hoods)
        self.hood_mask = tuple(sum(self.bit[s] for s in h) for h in self.hoods)
        hood_of = [0] * n
        for h, hood in enumerate(self.hoods):
            for s in hood:
                hood_of[s] = h
        self.hood_of = tuple(hood_of)
        self.row_mask = tuple(sum(self.bit[i] for i in range(n) if self.row[i] == r)
                              for r in range(self.rows))
        self.col_mask = tuple(sum(self.bit[i] for i in range(n) if self.col[i] == c)
                              for c in range(self.columns))
        self.landing_names = tuple(landing.name for landing in board.landings)
        self.landing_index = {name: i for i, name in enumerate(self.landing_names)}
        self.landing_spaces = tuple(tuple(self.index[s] for s in landing.spaces)
                                    for landing in board.landings)
        self.landing_mask = tuple(sum(self.bit[s] for s in sp) for sp in self.landing_spaces)
        self.light = tuple(self.index[s] for s in board.entries.light)
        self.dark = tuple(self.index[s] for s in board.entries.dark)
        self.track_points = tuple(space.points for space in model.track)
        self.track_market = tuple(space.market for space in model.track)
        boats: list[Boat] = []
        for spec in model.boats:
            for _ in range(spec.count):
                boats.append(Boat(f"boat{len(boats) + 1:02d}", spec.goods, spec.special, spec.baskets,
                                  spec.neutral, spec.lukphat))
        self.boats: tuple[Boat, ...] = tuple(boats)
        self.boat_index = {boat.id: i for i, boat in enumerate(boats)}
        # Precomputed for the legal-move queries (the hot path of every playout).
        self.entry_masks = (sum(self.bit[s] for s in self.light),
                            sum(self.bit[s] for s in self.light + self.dark))
        self.thieves = sum(1 << b for b, boat in enumerate(boats) if boat.special == "thief")
        # The spaces of each byte of a mask, so that listing a mask's spaces looks up a byte at a time.
        width = (max(self.bit).bit_length() + 7) // 8
        self.mask_bytes = width
        byte_spaces: list[tuple[tuple[int, ...], ...]] = []
        for k in range(width):
            at = [self.space_at_bit.get(8 * k + j, -1) for j in range(8)]
            byte_spaces.append(tuple(tuple(at[j] for j in range(8) if value >> j & 1 and at[j] >= 0)
                                     for value in range(256)))
        self.byte_spaces = tuple(byte_spaces)

    @cached_property
    def tables(self) -> Tables:
        """The notation strings and their decoded parts, built on first use."""
        return Tables(self.spaces, [boat.id for boat in self.boats], self.landing_names)

    def entry_mask(self, players: int) -> int:
        return self.entry_masks[players != 2]

    def record(self) -> str | dict[str, Any]:
        return self.name if self.builtin else self.model.model_dump(mode="json")

    def geometry(self) -> dict[str, Any]:
        """The board as plain data for a widget: spaces with row/column, hoods, landings, entries."""
        return {
            "rows": self.rows,
            "columns": self.columns,
            "spaces": [{"name": s, "row": self.row[i], "column": self.col[i], "hood": self.hood_of[i]}
                       for i, s in enumerate(self.spaces)],
            "hoods": [[self.spaces[s] for s in hood] for hood in self.hoods],
            "landings": [{"name": name, "spaces": [self.spaces[s] for s in sp],
                          "row": min(self.row[s] for s in sp) + 1, "column": min(self.col[s] for s in sp) + 1}
                         for name, sp in zip(self.landing_names, self.landing_spaces, strict=True)],
            "entries": {"light": [self.spaces[s] for s in self.light],
                        "dark": [self.spaces[s] for s in self.dark]},
        }


def _compile(data: Any, builtin: bool) -> Edition:
    what = "the default Klongs edition" if builtin else "the Klongs edition"
    return Edition(validate(EditionModel, data, what), builtin)


LOADER: EditionLoader[Edition] = EditionLoader("Klongs", "explorer.klongs", DEFAULT_NAME, Edition, _compile,
                                               {REVIEW_TRACK: "review-track.json"})
#: The built-in editions' names, the default first.
EDITIONS: tuple[str, ...] = LOADER.names


def default_edition() -> Edition:
    """The built-in edition, compiled once."""
    return LOADER.default()


def load_edition(edition: Any) -> Edition:
    """``None`` or a built-in edition's name (:data:`EDITIONS`), an edition dict, a path to an edition
    JSON file, or an edition."""
    return LOADER.load(edition)
