"""Bangkok editions: the faces of the 60 cards and the 4 pontoon objectives, which the rulebook omits.

The rulebook fixes the counts (4 starting sets of 3 boat cards, 16 chilli cards, 32 boat cards and 4
pontoon tiles), so an edition file must keep them; it chooses the faces. ``data/default.json`` is the
project's reconstruction; a user's own file is validated by pydantic through the shared
:class:`explorer._core.editions.EditionLoader`, and every problem is reported as an
:class:`explorer.EditionError` naming the field, the card's position and the card.

Cards get fixed ids in edition order (starting sets by bamboo count, then chilli cards, then boat
cards); states keep ids, so two cards with the same face stay two physical cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from .._core.editions import EditionLoader, validate
from ._notation import GOODS, Card, canonical, parse_card

DEFAULT_NAME = "default"
SETS, SET_SIZE, CHILLI_CARDS, BOAT_CARDS, OBJECTIVES = 4, 3, 16, 32, 4
# The book's count of each list of single cards, and what the list holds (for error messages).
_COUNTS = {"objectives": (OBJECTIVES, "pontoon tiles"), "chilli_cards": (CHILLI_CARDS, "chilli cards"),
           "boat_cards": (BOAT_CARDS, "boat cards")}


def _boat(text: str) -> str:
    card = parse_card(text)
    if card.is_chilli:
        raise ValueError(f"card {text!r} is a chilli card ('!'); this list holds boat cards")
    return card.face


def _chilli(text: str) -> str:
    card = parse_card(text)
    if not card.is_chilli:
        raise ValueError(f"card {text!r} has no '!' and scoring type; this list holds chilli cards")
    return card.face


def _objective(text: str) -> str:
    if text not in GOODS or len(text) != 1:
        raise ValueError(f"objective {text!r}: a pontoon tile shows one good, P Z B or F")
    return text


BoatFace = Annotated[str, AfterValidator(_boat)]
ChilliFace = Annotated[str, AfterValidator(_chilli)]
ObjectiveGood = Annotated[str, AfterValidator(_objective)]


def _count(name: str, items: list[Any], wanted: int, what: str) -> None:
    if len(items) != wanted:
        raise ValueError(f"{name} must list exactly {wanted} {what} (the rulebook's count), not {len(items)}")


class EditionModel(BaseModel):
    """The edition file format (JSON)."""

    # strict: a name or a card is a JSON string; a number or true in its place is refused, not coerced.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: str = Field(min_length=1, max_length=60)
    description: str = ""
    reconstructed: list[str] = Field(default_factory=list, description="which values are guesses")
    objectives: list[ObjectiveGood]
    starting_sets: list[list[BoatFace]]
    chilli_cards: list[ChilliFace]
    boat_cards: list[BoatFace]

    @field_validator("name")
    @classmethod
    def _own_name(cls, name: str, info: ValidationInfo) -> str:
        if name == DEFAULT_NAME and not (info.context or {}).get("builtin"):
            raise ValueError(f"the name {DEFAULT_NAME!r} belongs to the built-in edition; choose another")
        return name

    @field_validator("objectives", "chilli_cards", "boat_cards")
    @classmethod
    def _counted(cls, items: list[str], info: ValidationInfo) -> list[str]:
        field = info.field_name or ""
        count, what = _COUNTS[field]
        _count(field, items, count, what)
        return items

    @field_validator("starting_sets")
    @classmethod
    def _sets(cls, items: list[list[str]]) -> list[list[str]]:
        _count("starting_sets", items, SETS, "sets (one per bamboo count 1-4)")
        for number, cards in enumerate(items, start=1):
            if len(cards) != SET_SIZE:
                raise ValueError(f"starting set {number} (bamboo {number}) has {len(cards)} cards, not 3")
        return items


@dataclass(frozen=True, eq=False)
class Edition:
    """A validated edition, compiled into per-card tables indexed by card id."""

    name: str
    data: dict[str, Any]
    builtin: bool
    cards: tuple[Card, ...]
    sets: tuple[tuple[int, ...], ...]
    chilli_ids: tuple[int, ...]
    boat_ids: tuple[int, ...]
    objectives: tuple[str, ...]
    # Per-card tables for the hot path, indexed by card id.
    face_of: tuple[str, ...] = ()
    mask_of: tuple[int, ...] = ()
    chilli_of: tuple[bool, ...] = ()
    kind_of: tuple[int, ...] = ()  # index of the card's face among the edition's distinct faces
    first_of_kind: tuple[int, ...] = ()  # a card id of each distinct face
    # Caches of derived, position-independent facts (legal placements per line, ...), filled lazily.
    memo: dict[Any, Any] = field(default_factory=dict, repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Edition):
            return NotImplemented
        return self.builtin == other.builtin and self.data == other.data

    def __hash__(self) -> int:
        return hash(self.name)

    def card_id(self, card: int) -> str:
        """The token naming physical card ``card`` in views (``#01`` ... ``#60``)."""
        return f"#{card + 1:02d}"

    def tile_id(self, tile: int) -> str:
        """The token naming pontoon tile ``tile`` in views (``#61`` ... ``#64``)."""
        return f"#{len(self.cards) + tile + 1:02d}"

    def record(self) -> str | dict[str, Any]:
        return DEFAULT_NAME if self.builtin else self.data


def compile_edition(data: Any, builtin: bool = False) -> Edition:
    """Validate edition ``data`` (a dict as in the JSON file) and build its tables."""
    what = f"Bangkok edition {data.get('name', '?')!r}" if isinstance(data, dict) else "a Bangkok edition"
    model = validate(EditionModel, data, what, context={"builtin": builtin})
    faces = [face for cards in model.starting_sets for face in cards]
    first_chilli = len(faces)
    faces += model.chilli_cards
    first_boat = len(faces)
    faces += model.boat_cards
    cards = tuple(canonical(parse_card(face)) for face in faces)
    normalised = model.model_dump()
    distinct = list(dict.fromkeys(card.face for card in cards))
    return Edition(
        name=normalised["name"],
        data=normalised,
        builtin=builtin,
        cards=cards,
        sets=tuple(tuple(range(n * SET_SIZE, (n + 1) * SET_SIZE)) for n in range(SETS)),
        chilli_ids=tuple(range(first_chilli, first_boat)),
        boat_ids=tuple(range(first_boat, len(cards))),
        objectives=tuple(model.objectives),
        face_of=tuple(card.face for card in cards),
        mask_of=tuple(card.mask for card in cards),
        chilli_of=tuple(card.is_chilli for card in cards),
        kind_of=tuple(distinct.index(card.face) for card in cards),
        first_of_kind=tuple(next(i for i, c in enumerate(cards) if c.face == face) for face in distinct),
    )


LOADER: EditionLoader[Edition] = EditionLoader("Bangkok", __package__ or "explorer.bangkok", DEFAULT_NAME,
                                               Edition, compile_edition)


def default_edition() -> Edition:
    """The built-in, reconstructed edition (``data/default.json``)."""
    return LOADER.default()


def load_edition(source: Any) -> Edition:
    """An edition from ``None``/``"default"`` (built in), a dict, a path to a JSON file, or an Edition."""
    return LOADER.load(source)
