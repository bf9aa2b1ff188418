"""Small helpers the engine tests share."""

from __future__ import annotations

from explorer import GameState


def run(state: GameState, *actions: str) -> GameState:
    """``state`` after ``actions`` (notations), played one by one."""
    for action in actions:
        state = state.play(action)
    return state
