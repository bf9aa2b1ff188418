"""Small helpers the engine tests share."""

from __future__ import annotations

from typing import TypeVar

from explorer import GameState

S = TypeVar("S", bound=GameState)


def run(state: S, *actions: str) -> S:
    """``state`` after ``actions`` (notations), played one by one."""
    for action in actions:
        state = state.play(action)
    return state
