"""Starting positions for scenarios: the ``start`` rules option, checked for shape, notation and rules.

:func:`parse_start` checks the option alone: its shape and card notation, the markets against the
placement rules that hold under every option (a market starts in a1 and grows by cards sharing a
side). The chilli limits depend on the ``expert`` options, so :meth:`StartPosition.check_rules` checks
them once every option is known. Whether the edition has the named cards, and whether there is one
hand per player, is checked by :func:`deal_start` when the game is set up, since only then are the
edition and the player count known. A position that breaks a rule is refused with the rule's id and
words, and so is one from which the game could never end (:func:`endless`). The market, objective
and edition checks also serve a stated end position (``explorer.score_table``, in ``_scoring``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .._core import positions
from .._errors import PositionError
from ._catalogue import RULES
from ._edition import Edition
from ._mechanics import COLUMN_OF, ROW_OF, chilli_limits
from ._notation import CELL_NAMES, CELLS, GOOD_NAMES, SIZE, canonical, parse_card, parse_rows

KEYS = ("port", "hands", "markets", "objectives", "first_player", "boat_pile", "chilli_pile")
MAX_SEATS = 4


def market_rows(value: Any, what: str) -> list[str]:
    """3 rows of 3 cards (a port or a market, ``"."`` empty) checked and written the engine's way."""
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


def breaks(rule: str, what: str) -> PositionError:
    """A refusal of a position naming the rule it breaks, with the rule's words."""
    return positions.breaks(RULES, rule, what)


class StartPosition(dict[str, Any]):
    """A normalised ``start`` option (plain JSON data, as a dict) that can check itself against the
    other rules options once they are known (see :func:`explorer._core.options.resolve_options`)."""

    def check_rules(self, rules: Mapping[str, Any]) -> None:
        """``ValueError`` naming the rule if a market holds chilli cards the options do not allow."""
        for seat, rows in enumerate(self.get("markets") or ()):
            check_chilli_limits(f"start markets[{seat}]", rows, rules)


def check_chilli_limits(where: str, rows: list[str], rules: Mapping[str, Any]) -> None:
    """``ValueError`` naming the rule if the market ``rows`` (at ``where``) hold two chilli cards in a
    row (or, in the expert version, a column) where ``rules`` limit them to one."""
    limit_rows, limit_columns = chilli_limits(rules["expert"], rules["expert_reading"])
    chillies = [i for i, face in enumerate(" ".join(rows).split()) if "!" in face]
    for limited, line_of, rule, word in ((limit_rows, ROW_OF, "bangkok.market.chilli-row", "row"),
                                         (limit_columns, COLUMN_OF, "bangkok.market.chilli-column",
                                          "column")):
        lines = [line_of[i] for i in chillies]
        twice = next((i for i in chillies if lines.count(line_of[i]) > 1), None)
        if limited and twice is not None:
            number = line_of[twice] + 1
            cells = ", ".join(CELL_NAMES[i] for i in chillies if line_of[i] == line_of[twice])
            raise breaks(rule, f"{where}: {word} {number} holds chilli cards at {cells}")


def check_market(where: str, rows: list[str]) -> None:
    """``ValueError`` naming the rule if the market ``rows`` (at ``where``) could not have been laid one
    card at a time from a1, each card beside one already there (the chilli limits:
    :func:`check_chilli_limits`)."""
    cells = " ".join(rows).split()
    filled = {i for i, face in enumerate(cells) if face != "."}
    if not filled:
        return
    if 0 not in filled:
        raise breaks("bangkok.market.first-corner", f"{where}: the market has cards but a1 is empty")
    reached, frontier = {0}, [0]
    while frontier:  # the cards joined to a1 side by side
        i = frontier.pop()
        for j in (i - SIZE, i + SIZE, i - 1 if i % SIZE else -1, i + 1 if i % SIZE < SIZE - 1 else -1):
            if j in filled and j not in reached:
                reached.add(j)
                frontier.append(j)
    apart = sorted(filled - reached)
    if apart:
        names = ", ".join(CELL_NAMES[i] for i in apart)
        raise breaks("bangkok.market.adjacent",
                     f"{where}: the card(s) at {names} do not join the cards from a1 side by side")


def objective_good(value: Any, where: str) -> str:
    """``value`` if it names a good (a pontoon tile's), else a ``ValueError`` saying what one is."""
    if not isinstance(value, str) or value not in GOOD_NAMES:
        raise ValueError(f"{where}: one good, P Z B or F, not {value!r}")
    return value


def parse_start(value: Any) -> StartPosition | None:
    """The normalised ``start`` option (plain JSON data), or ``None`` for a seeded deal."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("a start position is a dict with 'port' and 'hands' (and optional keys)")
    unknown = sorted(set(value) - set(KEYS))
    if unknown:
        raise ValueError(f"unknown start key(s) {', '.join(unknown)}; known: {', '.join(KEYS)}")
    missing = [key for key in ("port", "hands") if key not in value]
    if missing:
        raise ValueError(f"a start position needs {' and '.join(missing)}")
    out = StartPosition(port=market_rows(value["port"], "start port"))
    hands = _per_seat(value["hands"], "start hands")
    out["hands"] = [_cards(hand, f"start hands[{seat}]") for seat, hand in enumerate(hands)]
    for seat, hand in enumerate(out["hands"]):
        if len(hand) > 3:
            raise ValueError(f"start hands[{seat}]: a hand starts a turn with at most 3 cards")
    if value.get("markets") is not None:
        markets = _per_seat(value["markets"], "start markets")
        out["markets"] = [market_rows(rows, f"start markets[{seat}]") for seat, rows in enumerate(markets)]
        for seat, rows in enumerate(out["markets"]):
            check_market(f"start markets[{seat}]", rows)
    if value.get("objectives") is not None:
        goods = _per_seat(value["objectives"], "start objectives")
        out["objectives"] = [objective_good(good, f"start objectives[{seat}]")
                             for seat, good in enumerate(goods)]
    first = value.get("first_player", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < MAX_SEATS:
        raise ValueError(f"start first_player: a seat number, not {first!r}")
    out["first_player"] = first
    for key, chilli in (("boat_pile", False), ("chilli_pile", True)):
        if value.get(key):
            out[key] = _cards(value[key], f"start {key}", chilli)
    return out


EMPTY = -1


class Dealt(NamedTuple):
    """The opening position a ``start`` option names, as card ids of the edition."""

    first: int
    hands: tuple[tuple[int, ...], ...]
    port: tuple[int, ...]
    markets: tuple[tuple[int, ...], ...]
    boat_pile: tuple[int, ...]
    chilli_pile: tuple[int, ...]
    objectives: tuple[int, ...]
    aside: tuple[int, ...]


def endless(hands: tuple[tuple[int, ...], ...], markets: tuple[tuple[int, ...], ...]) -> str | None:
    """Why a game of two or more players could never end from these hands and markets (the rule's id
    and words), or ``None``: with every hand empty nobody can lay a card by the port or into a market,
    so no market can fill, and the game (which ends once a market holds 9 cards) could only renew and
    pass for ever. Alone, the game ends after 9 turns anyway."""
    if len(hands) > 1 and not any(hands) and all(EMPTY in market for market in markets):
        rule = "bangkok.place.hand-card"
        return (f"every hand is empty, so nobody can ever lay a card by the port or into a market, no "
                f"market can fill and the game (which ends once a market holds 9 cards) could only renew "
                f"and pass for ever; rule {rule}: {RULES[rule].text}")
    return None


class Pool:
    """The edition's cards by face, each taken once: a position's cards are physical cards."""

    def __init__(self, ed: Edition) -> None:
        self.ed = ed
        self.ids: dict[str, list[int]] = {}
        for card in range(len(ed.cards)):
            self.ids.setdefault(ed.face_of[card], []).append(card)

    def take(self, face: str, where: str) -> int:
        """The first card of ``face`` not yet taken; ``ValueError`` (at ``where``) if none is left."""
        ids = self.ids.get(face)
        if not ids:
            have = sum(1 for f in self.ed.face_of if f == face)
            raise ValueError(f"{where}: the {self.ed.name} edition has "
                             + (f"only {have} {face} card(s)" if have else f"no {face} card"))
        return ids.pop(0)

    def rest(self) -> list[int]:
        """The cards not taken, by id."""
        return sorted(card for ids in self.ids.values() for card in ids)


def pick_tiles(ed: Edition, goods: list[str], where: str | Sequence[str]) -> list[int]:
    """A pontoon tile of the edition for each good, in order; ``ValueError`` naming the rule if a
    good's tiles run out (each player gets a tile of their own)."""
    tiles = list(range(len(ed.objectives)))
    chosen = []
    for seat, good in enumerate(goods):
        match = [t for t in tiles if ed.objectives[t] == good]
        if not match:
            have = ed.objectives.count(good)
            said = f"{where}, player {seat + 1}" if isinstance(where, str) else where[seat]
            raise breaks("bangkok.setup.objectives",
                         f"{said}: no pontoon tile with {good} is left (the {ed.name} edition has {have})")
        chosen.append(match[0])
        tiles.remove(match[0])
    return chosen


def deal_start(start: dict[str, Any], ed: Edition, players: int, rng: random.Random) -> Dealt:
    """The named cards taken from the edition (first ids first), the rest shuffled into the piles
    under the named tops; ``ValueError`` if the edition lacks a card, the seats do not match or the
    game could never end from the position."""
    pool = Pool(ed)

    def take(face: str, where: str) -> int:
        return pool.take(face, f"start {where}")

    def rows(lines: list[str], where: str) -> tuple[int, ...]:
        tokens = " ".join(lines).split()
        return tuple(EMPTY if t == "." else take(t, f"{where} {CELL_NAMES[i]}") for i, t in enumerate(tokens))

    for key in ("hands", "markets", "objectives"):
        if key in start and len(start[key]) != players:
            raise ValueError(f"start {key}: {len(start[key])} entries for {players} player(s)")
    first = start["first_player"]
    if first >= players:
        raise ValueError(f"start first_player: seat {first} with {players} player(s)")
    hands = tuple(tuple(take(f, f"hands[{s}]") for f in hand) for s, hand in enumerate(start["hands"]))
    port = rows(start["port"], "port")
    markets = start.get("markets")
    squares = (tuple(rows(m, f"markets[{s}]") for s, m in enumerate(markets)) if markets
               else ((EMPTY,) * CELLS,) * players)
    why = endless(hands, squares)
    if why is not None:
        raise ValueError(f"start: this position could never end: {why}")
    tops = {key: [take(f, f"{key}[{i}]") for i, f in enumerate(start.get(key, ()))]
            for key in ("boat_pile", "chilli_pile")}
    rest = pool.rest()
    boats = [c for c in rest if not ed.chilli_of[c]]
    chillies = [c for c in rest if ed.chilli_of[c]]
    rng.shuffle(boats)
    rng.shuffle(chillies)
    tiles = list(range(len(ed.objectives)))
    if "objectives" in start:
        objectives = tuple(pick_tiles(ed, start["objectives"], "start objectives"))
        tiles = [tile for tile in tiles if tile not in objectives]
    else:
        rng.shuffle(tiles)
        objectives, tiles = tuple(tiles[:players]), tiles[players:]
    return Dealt(first, hands, port, squares, tuple(tops["boat_pile"] + boats),
                 tuple(tops["chilli_pile"] + chillies), objectives, tuple(sorted(tiles)))
