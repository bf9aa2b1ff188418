"""Checks a table makes of what it is given: the learner's seats, and whether a state continues the
game the table started (the same game, seed and rules, its actions extending the start's).

>>> check_seats([2, 0], 3)
(0, 2)
"""

from __future__ import annotations

from collections.abc import Iterable

from explorer import GameState


def check_seats(seat: int | Iterable[int] | None, players: int) -> tuple[int, ...]:
    """The learner's seats, sorted: ``None`` is every seat; a bad or repeated seat is a ValueError."""
    if seat is None:
        return tuple(range(players))
    seats = [seat] if isinstance(seat, int) else list(seat)
    for s in seats:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players:
            raise ValueError(f"seat must be an int from 0 to {players - 1} (or None for every seat), "
                             f"not {s!r}")
    if len(set(seats)) != len(seats):
        raise ValueError(f"seats must not repeat: {seats}")
    return tuple(sorted(seats))


def continues(start: GameState, state: GameState) -> bool:
    """Whether ``state`` is ``start`` played on (same game, seed and rules; its actions extend)."""
    if (start.GAME, start.players, start.seed, dict(start.rules)) != (
            state.GAME, state.players, state.seed, dict(state.rules)):
        return False
    before = start.actions()
    return state.actions()[: len(before)] == before
