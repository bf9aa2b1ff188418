"""A position rebuilt from one seat's view: what the strong bot searches from when it has only a view.

``from_view(view)`` asks the view's game for a state (``State.from_view``) whose public table is the
view's, whose seat holds the view's hand and whose other seats hold placeholders of the right sizes:
the search deals those anew for every sample (``explorer._search.determinize``), as it does for a real state.
Nothing hidden is in a view, so nothing hidden can reach the bot.
"""

from __future__ import annotations

from typing import Any

from .._core.state import GameState
from .._registry import game_class


def from_view(view: dict[str, Any]) -> GameState:
    """A state with the view's public table and the viewer's hand; others' hands are placeholders."""
    cls: Any = game_class(view["game"])
    state: GameState = cls.from_view(view)
    state._seen_as(view)
    return state
