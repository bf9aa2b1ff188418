"""What every game's ``score_table`` shares: who the players of a stated end position are, its entries
per player, its parts, and the refusal of a position that breaks a rule.

``players`` is a count (the seats are then named as the game names them: Ana, Ben, ... in the fruit
games, Red, Yellow, ... in Klongs, Anong, Boon, ... in Bangkok) or the players' own names in seat
order (``["A", "B", "C"]``, as the rulebook examples call them). An entry per player is a list in
seat order, or a dict keyed by seat number (0-based), by a player's name or by the game's own seat
name (in any case):

>>> from explorer.tindahan import State
>>> table = Players.of(State, ["A", "B", "C"])
>>> table.per_seat({"B": 4, "A": 3}, "tricks", default=0)
[3, 4, 0]
>>> table.per_seat([1, 2, 3], "tricks")
[1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .._errors import PositionError
from .rules import RuleCatalogue
from .state import GameState, ScoreLine, ScoreSheet
from .words import YOU, joined, seat_names

_REQUIRED: Any = object()


def breaks(rules: RuleCatalogue, rule: str, what: str) -> PositionError:
    """The refusal of a stated position: ``what`` breaks it, naming ``rule`` and giving its words."""
    return PositionError(rule, f"{what}, against rule {rule} ({rules[rule].text})")


def whole(value: Any, where: str, low: int | None = 0) -> int:
    """``value`` if it is a whole number (of at least ``low``), else a ``ValueError`` saying so."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{where} must be a whole number, not {value!r}"[:300])
    if low is not None and value < low:
        raise ValueError(f"{where} must be a whole number of at least {low}, not {value}")
    return value


def parts(game: str, position: Any, required: Sequence[str],
          optional: Sequence[str] = ()) -> Mapping[str, Any]:
    """``position`` checked to be a dict of the parts named (``TypeError`` if it is no dict at all)."""
    if not isinstance(position, Mapping):
        raise TypeError(f"{game}: a position is a dict with {joined(map(repr, required))}, not "
                        f"{type(position).__name__}")
    known = [*required, *optional]
    unknown = sorted(repr(key) for key in position if key not in known)
    if unknown:
        raise ValueError(f"{game}: the position has unknown part(s) {', '.join(unknown)[:200]}; its parts "
                         f"are {joined(map(repr, known))}")
    missing = [repr(key) for key in required if key not in position]
    if missing:
        raise ValueError(f"{game}: the position needs {joined(missing)}")
    return position


@dataclass(frozen=True, slots=True)
class Players:
    """The players of a stated position: how many, what they are called, and the game's catalogue (the
    score sheet's rules)."""

    game: str
    names: tuple[str, ...]
    defaults: tuple[str, ...]  # the game's own seat names, also accepted as keys
    rules: RuleCatalogue

    @classmethod
    def of(cls, state: type[GameState], players: Any) -> Players:
        """The players of a position of ``state``'s game: ``players`` is a count or the names in seat
        order; ``TypeError`` for anything else, ``ValueError`` outside the game's player range."""
        game = state.GAME
        names: list[str] | None = None
        if isinstance(players, bool) or not isinstance(players, int | Sequence) or isinstance(players, str):
            raise TypeError(f"{game}: players must be a count (int) or the players' names in seat order "
                            f"(a list of str), not {players!r}"[:300])
        if isinstance(players, int):
            count = players
        else:
            names = list(players)
            count = len(names)
            if not all(isinstance(name, str) and name.strip() for name in names):
                raise ValueError(f"{game}: players' names must be non-empty strings, not {players!r}"[:300])
            folded = [name.strip().casefold() for name in names]
            twice = next((name for name, key in zip(names, folded, strict=True) if folded.count(key) > 1),
                         None)
            if twice is not None:
                raise ValueError(f"{game}: two players are called {twice!r}; give each player a name of "
                                 "their own")
        if not state.MIN_PLAYERS <= count <= state.MAX_PLAYERS:
            raise ValueError(f"{game} is for {state.MIN_PLAYERS}-{state.MAX_PLAYERS} players, not {count}")
        defaults = tuple(seat_names(state.SEAT_NAMES, count))
        return cls(game, tuple(names) if names is not None else defaults, defaults, state.RULES)

    @property
    def count(self) -> int:
        return len(self.names)

    def seat(self, key: Any, where: str) -> int:
        """The seat ``key`` names: a seat number, a player's name or the game's seat name (any case)."""
        if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < self.count:
            return key
        if isinstance(key, str):
            wanted = key.strip().casefold()
            for names in (self.names, self.defaults):
                for seat, name in enumerate(names):
                    if name.casefold() == wanted:
                        return seat
        # Said to learners too (the score-your-own-table page): no repr, no 0-based seat number.
        raise ValueError(f"{where}: {str(key)[:60]} is not one of the {self.count} players; name a player as "
                         f"{joined(self.names, 'or')}"[:400])

    def per_seat(self, value: Any, where: str, default: Any = _REQUIRED) -> list[Any]:
        """One entry per seat from a list in seat order or a dict by player (players left out of a dict
        get ``default``, if one is given)."""
        if isinstance(value, Mapping):
            out: list[Any] = [_REQUIRED] * self.count
            for key, entry in value.items():
                seat = self.seat(key, where)
                if out[seat] is not _REQUIRED:
                    raise ValueError(f"{where}: {self.names[seat]} is given twice")
                out[seat] = entry
            for seat, entry in enumerate(out):
                if entry is _REQUIRED:
                    if default is _REQUIRED:
                        raise ValueError(f"{where}: nothing is given for {self.names[seat]}")
                    out[seat] = default
            return out
        if isinstance(value, Sequence) and not isinstance(value, str | bytes):
            if len(value) != self.count:
                entries = "1 entry" if len(value) == 1 else f"{len(value)} entries"
                raise ValueError(f"{where}: {entries} for {self.count} players; give one per player in seat "
                                 "order, or a dict by player")
            return list(value)
        raise ValueError(f"{where}: give one entry per player, a list in seat order or a dict by player, "
                         f"not {value!r}"[:300])

    def name(self, seat: int) -> str:
        return self.names[seat]

    def whose(self, seat: int, start: bool = False) -> str:
        """A seat's possessive in plain words: "your" for the reader ("Your" at a sentence's start),
        else "Ana’s"."""
        name = self.names[seat]
        return ("Your" if start else "your") if name == YOU else f"{name}’s"

    def does(self, seat: int, verb: str, plural: str) -> str:
        """A seat doing something, the verb agreeing: "You hold", "Ana holds"."""
        return f"{self.names[seat]} {plural if self.names[seat] == YOU else verb}"

    def breaks(self, rule: str, what: str) -> PositionError:
        """The refusal of this position: ``what`` breaks ``rule`` (see :func:`breaks`)."""
        return breaks(self.rules, rule, what)

    def sheet(self, lines: Sequence[ScoreLine]) -> ScoreSheet:
        """The itemised score, as ``state.score_sheet()`` gives it, the seats called by their names."""
        return ScoreSheet(lines, self.names, self.rules)
