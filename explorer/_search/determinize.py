"""Determinization: full positions consistent with what one seat has seen, for hints and the strong bot.

:func:`determinize` copies a position and has its game deal everything the seat cannot see anew
(``State._deal_unseen``, in each game's package: the other seats' hidden cards or boats, the order of
face-down piles and stacks, hidden pontoon tiles), and draws a new seed, so later rounds' deals are
unknown too. What a sample keeps is public (the table, the sizes of hands and piles, the cards played,
what play revealed) or the seat's own. Each game works out its pool of unseen cards as "every
component minus what the seat can see", never by reading another seat's hand, so two positions that
look the same to the seat give the same samples for the same generator (the hint tests check it).
"""

from __future__ import annotations

import random
from typing import Any

from .._core.state import GameState


def clone(state: GameState) -> Any:
    """A shallow copy of ``state`` that may be changed (its containers are immutable tuples)."""
    new = object.__new__(type(state))
    new.__dict__ = state.__dict__.copy()
    new._legal_cache = None
    return new


def determinize(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A full position that ``seat`` cannot tell from ``state``, its hidden parts dealt by ``rng``."""
    sample: GameState = clone(state)
    sample._deal_unseen(seat, rng)
    sample.seed = rng.randrange(2**31)  # later deals come from the seed: unknown to the seat as well
    return sample
