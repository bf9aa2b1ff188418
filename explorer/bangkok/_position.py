"""Starting positions for scenarios: the ``position`` rules option, checked for shape and notation.

Whether the edition has the named cards, and whether there is one hand per player, is checked when
the game is set up (``State._setup``), since only then are the edition and the player count known.
"""

from __future__ import annotations

from typing import Any

from ._cards import GOOD_NAMES, canonical, parse_card, parse_rows

KEYS = ("port", "hands", "markets", "objectives", "first_player", "boat_pile", "chilli_pile")
MAX_SEATS = 4


def _rows(value: Any, what: str) -> list[str]:
    cells = parse_rows(value, what)
    faces = [canonical(card).face if card is not None else "." for card in cells]
    return [" ".join(faces[r * 3:r * 3 + 3]) for r in range(3)]


def _cards(value: Any, what: str, chilli: bool | None = None) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{what}: give a list of cards, not {value!r}")
    out = []
    for index, text in enumerate(value):
        try:
            card = canonical(parse_card(text))
        except ValueError as exc:
            raise ValueError(f"{what}[{index}]: {exc}") from None
        if chilli is not None and card.is_chilli != chilli:
            kind = "chilli" if chilli else "boat"
            raise ValueError(f"{what}[{index}]: {card.face} is not a {kind} card")
        out.append(card.face)
    return out


def _per_seat(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS:
        raise ValueError(f"{what}: give a list with one entry per seat (1 to 4), not {value!r}")
    return value


def parse_position(value: Any) -> dict[str, Any] | None:
    """The normalised ``position`` option (plain JSON data), or ``None`` for a seeded deal."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("a position is a dict with 'port' and 'hands' (and optional keys)")
    unknown = sorted(set(value) - set(KEYS))
    if unknown:
        raise ValueError(f"unknown position key(s) {', '.join(unknown)}; known: {', '.join(KEYS)}")
    missing = [key for key in ("port", "hands") if key not in value]
    if missing:
        raise ValueError(f"a position needs {' and '.join(missing)}")
    out: dict[str, Any] = {"port": _rows(value["port"], "position port")}
    hands = _per_seat(value["hands"], "position hands")
    out["hands"] = [_cards(hand, f"position hands[{seat}]") for seat, hand in enumerate(hands)]
    for seat, hand in enumerate(out["hands"]):
        if len(hand) > 3:
            raise ValueError(f"position hands[{seat}]: a hand starts a turn with at most 3 cards")
    if value.get("markets") is not None:
        markets = _per_seat(value["markets"], "position markets")
        out["markets"] = [_rows(rows, f"position markets[{seat}]") for seat, rows in enumerate(markets)]
    if value.get("objectives") is not None:
        goods = _per_seat(value["objectives"], "position objectives")
        for seat, good in enumerate(goods):
            if good not in GOOD_NAMES:
                raise ValueError(f"position objectives[{seat}]: one good, P Z B or F, not {good!r}")
        out["objectives"] = list(goods)
    first = value.get("first_player", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < MAX_SEATS:
        raise ValueError(f"position first_player: a seat number, not {first!r}")
    out["first_player"] = first
    for key, chilli in (("boat_pile", False), ("chilli_pile", True)):
        if value.get(key):
            out[key] = _cards(value[key], f"position {key}", chilli)
    return out
