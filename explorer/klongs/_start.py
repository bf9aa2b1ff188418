"""Start positions for scenarios: a plain-data description, checked here and placed by the engine.

A position is the ``start`` rules option, so it travels inside the record and the game replays.
Boats are named either by their edition id (``"boat17"``) or by their face, which picks the first
unused edition boat that matches::

    <kind>[:<baskets>][+lukphat][@<owner>]

``kind`` is a good or ``thief``/``inspector``/``cookshop``; ``owner`` is a colour (a merchant of that
colour stands on the boat: board only) or ``neutral`` (the boat has a printed merchant). A goods boat
without ``@neutral`` is one a player can claim. Without ``:<baskets>`` any basket count will do, and
without ``+lukphat`` a boat without the Luk Phat symbol is taken while one is left. In a stock a
goods boat without ``@neutral`` may be a neutral one once the others of its good are used (its printed
merchant plays no part there). The same checks read the stocks of a stated end position
(``explorer.score_table``, in ``_scoring``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ._notation import COLOURS, GOODS, SPECIALS

if TYPE_CHECKING:
    from ._edition import Edition

_SPEC = re.compile(
    r"^(?P<kind>[a-z]+)(?::(?P<baskets>[0-3]))?(?P<lukphat>\+lukphat)?(?:@(?P<owner>[a-z]+))?$")
_ID = re.compile(r"^boat\d+$")


def _check_spec(spec: str, *, board: bool) -> str:
    if _ID.match(spec):
        return spec
    match = _SPEC.match(spec)
    if match is None:
        raise ValueError(f"{spec!r} is neither a boat id nor a face like 'fish:2@green' or 'thief:1'")
    kind, owner = match["kind"], match["owner"]
    if kind not in GOODS + SPECIALS:
        raise ValueError(f"{spec!r}: {kind!r} is not a good or a special boat")
    if owner is not None and owner != "neutral" and (owner not in COLOURS or not board):
        where = "a colour or 'neutral'" if board else "'neutral' (merchants stand only on board boats)"
        raise ValueError(f"{spec!r}: the owner must be {where}")
    if kind in SPECIALS and owner not in (None, "neutral"):
        raise ValueError(f"{spec!r}: special boats are neutral and cannot carry a player's merchant")
    return spec


def check_boat(spec: object, where: str) -> str:
    """``spec`` if it names a boat off the board (an id, a face, or just a good or special boat), else a
    ``ValueError`` at ``where`` saying what a boat looks like."""
    if not isinstance(spec, str):
        raise ValueError(f"{where}: a boat is a good such as 'fish', a special boat or a boat id, "
                         f"not {spec!r}")
    try:
        return _check_spec(spec, board=False)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None


def boat_kind(spec: str, edition: Edition) -> str | None:
    """The good or special boat that ``spec`` (checked by :func:`check_boat`) names, ``None`` for an id
    the edition lacks."""
    if _ID.match(spec):
        return edition.boats[edition.boat_index[spec]].kind if spec in edition.boat_index else None
    match = _SPEC.match(spec)
    return match["kind"] if match else None


class PositionModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    board: dict[str, str] = Field(default_factory=dict)
    hands: list[list[str] | None] | None = None
    stocks: list[list[str]] | None = None
    scores: list[int] | None = None
    lukphat: int = Field(default=0, ge=0)
    movement_cards: list[int] | None = None
    entered: list[bool] | None = None
    to_move: int = Field(default=0, ge=0, le=3)

    @field_validator("board")
    @classmethod
    def _board(cls, value: dict[str, str]) -> dict[str, str]:
        return {space: _check_spec(spec, board=True) for space, spec in value.items()}

    @field_validator("hands")
    @classmethod
    def _hands(cls, value: list[list[str] | None] | None) -> list[list[str] | None] | None:
        if value is None:
            return None
        for hand in value:
            if hand is not None:
                if len(hand) > 4:
                    raise ValueError("a hand holds at most 4 boats")
                for spec in hand:
                    _check_spec(spec, board=False)
        return value

    @field_validator("stocks")
    @classmethod
    def _stocks(cls, value: list[list[str]] | None) -> list[list[str]] | None:
        for stock in value or []:
            for spec in stock:
                _check_spec(spec, board=False)
        return value

    @field_validator("movement_cards")
    @classmethod
    def _cards(cls, value: list[int] | None) -> list[int] | None:
        if value is not None and any(not 0 <= v <= 2 for v in value):
            raise ValueError("each player has 0, 1 or 2 movement cards")
        return value


def normalise_position(value: Any) -> dict[str, Any] | None:
    """The position in canonical JSON form (raises ValueError naming the field), or None."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError(f"a start position is a dict, not {type(value).__name__}")
    try:
        model = PositionModel.model_validate(value)
    except ValidationError as exc:
        problems = [f"start.{'.'.join(str(p) for p in e['loc'])}: "
                    f"{str(e['msg']).removeprefix('Value error, ')}" for e in exc.errors()]
        raise ValueError("; ".join(problems)) from None
    return model.model_dump(mode="json", exclude_defaults=True)


@dataclass
class Placed:
    """A position resolved against an edition: boat indices in their places."""

    board: dict[int, tuple[int, int]]  # space -> (boat, owner seat or -1)
    hands: list[list[int] | None]
    stocks: list[list[int]]
    used: set[int]


def resolve_position(position: dict[str, Any], edition: Edition, players: int,
                     prefix: str = "start.") -> Placed:
    """Pick the edition's boats for every face in ``position``; ValueError names what does not fit (the
    part of the position after ``prefix``)."""
    model = PositionModel.model_validate(position)
    used: set[int] = set()

    def pick(spec: str, where: str, stock: bool = False) -> tuple[int, int]:
        if _ID.match(spec):
            if spec not in edition.boat_index:
                raise ValueError(f"{prefix}{where}: this edition has no boat {spec!r}")
            index = edition.boat_index[spec]
            if index in used:
                raise ValueError(f"{prefix}{where}: boat {spec} is used twice")
            used.add(index)
            return index, -1
        match = _SPEC.match(spec)
        assert match is not None
        kind, owner = match["kind"], match["owner"]
        baskets = None if match["baskets"] is None else int(match["baskets"])
        lukphat = match["lukphat"] is not None
        neutral = kind in SPECIALS or owner == "neutral"
        # A boat without +lukphat prefers one without the symbol, but takes one with it if none is left.
        # In a stock a printed merchant no longer counts: a goods boat without @neutral takes a neutral
        # one once the others of its kind are used.
        for want_neutral in (neutral, True) if stock and owner is None else (neutral,):
            for want_lukphat in (lukphat, True):
                for index, boat in enumerate(edition.boats):
                    fits = boat.kind == kind and boat.neutral == want_neutral and boat.lukphat == want_lukphat
                    if index not in used and fits and (baskets is None or boat.baskets == baskets):
                        used.add(index)
                        seat = COLOURS.index(owner) if owner in COLOURS else -1
                        if seat >= players:
                            raise ValueError(f"{prefix}{where}: {owner} does not play in a {players}-player "
                                             "game")
                        return index, seat
        raise ValueError(f"{prefix}{where}: no unused boat of this edition matches {spec!r}")

    board: dict[int, tuple[int, int]] = {}
    for space, spec in model.board.items():
        if space not in edition.index:
            raise ValueError(f"{prefix}board: {space!r} is not a water space of this board")
        board[edition.index[space]] = pick(spec, f"board.{space}")
    for h, hood in enumerate(edition.hoods):
        if sum(s in board for s in hood) > 3:
            raise ValueError(f"{prefix}board: hood {h} holds more than 3 boats")

    def per_seat(name: str, value: list[Any] | None) -> None:
        if value is not None and len(value) != players:
            raise ValueError(f"{prefix}{name}: give one entry per player ({players}), not {len(value)}")

    per_seat("hands", model.hands)
    per_seat("stocks", model.stocks)
    per_seat("scores", model.scores)
    per_seat("movement_cards", model.movement_cards)
    per_seat("entered", model.entered)
    if model.to_move >= players:
        raise ValueError(f"{prefix}to_move: seat {model.to_move} does not exist with {players} players")
    if model.lukphat >= len(edition.track_points):
        raise ValueError(f"{prefix}lukphat: the counter must stand before the Big Market Day "
                         f"(0 to {len(edition.track_points) - 1})")
    hands: list[list[int] | None] = [None] * players
    for seat, hand in enumerate(model.hands or []):
        if hand is not None:
            hands[seat] = [pick(spec, f"hands.{seat}")[0] for spec in hand]
    stocks = [[pick(spec, f"stocks.{seat}", stock=True)[0] for spec in stock]
              for seat, stock in enumerate(model.stocks or [])]
    return Placed(board, hands, stocks or [[] for _ in range(players)], used)


def place_start(placed: Placed | None, edition: Edition, players: int, merchants: int,
                ) -> tuple[list[int], list[int], list[int]]:
    """The board (boat per space), the owners (seat per boat) and the merchant supplies of a start."""
    board = [-1] * len(edition.spaces)
    owner = [-1] * len(edition.boats)
    supply = [merchants] * players
    for space, (boat, seat) in (placed.board.items() if placed is not None else ()):
        board[space] = boat
        if seat >= 0:
            if supply[seat] == 0:
                raise ValueError(f"start.board: {COLOURS[seat]} has only {merchants} merchants for boats "
                                 "(one more marks the score)")
            owner[boat] = seat
            supply[seat] -= 1
    return board, owner, supply
