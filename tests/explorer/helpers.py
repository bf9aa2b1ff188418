"""Small helpers the engine tests share."""

from __future__ import annotations

import random
from typing import Any, TypeVar

import explorer
from explorer import GameState

S = TypeVar("S", bound=GameState)


def run(state: S, *actions: str) -> S:
    """``state`` after ``actions`` (notations), played one by one."""
    for action in actions:
        state = state.play(action)
    return state


def sampled_rules(game: str, index: int, rng: random.Random) -> dict[str, Any]:
    """Rules options for the ``index``-th random game: even games play the defaults, odd ones a random
    value of every option that lists its choices (scenario options, such as a start position, keep
    their default), so the random tests cover every reading and variant."""
    if index % 2 == 0:
        return {}
    cls = explorer.game_class(game)
    return {name: rng.choice(option.choices) for name, option in cls.OPTIONS.items() if option.choices}
