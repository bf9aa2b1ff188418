"""Rules Explorer: the rules of Bangkok, Bangkok Klongs, Tindahan and Bastos! as one engine.

>>> import explorer
>>> state = explorer.new_game("tindahan", players=4, seed=7)
>>> state = state.play(state.legal_actions()[0])
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ._core.examples import Example, compare, compare_example, refusal_lines
from ._core.state import GameState, Outcome, ScoreLine
from ._errors import EditionError, IllegalAction, PositionError, RecordError
from ._registry import GAMES, game_class, new_game, replay, score_table
from ._search.hint import Suggestion, hint

if TYPE_CHECKING:
    from . import bangkok, bastos, klongs, tindahan

__all__ = [
    "GAMES",
    "EditionError",
    "Example",
    "GameState",
    "IllegalAction",
    "Outcome",
    "PositionError",
    "RecordError",
    "ScoreLine",
    "Suggestion",
    "bangkok",
    "bastos",
    "compare",
    "compare_example",
    "game_class",
    "hint",
    "klongs",
    "new_game",
    "refusal_lines",
    "replay",
    "score_table",
    "tindahan",
]


def __getattr__(name: str) -> Any:
    # Game packages load on first touch (explorer.tindahan...), keeping `import explorer` light.
    if name in GAMES:
        return import_module(f"explorer.{name}")
    raise AttributeError(f"module 'explorer' has no attribute {name!r}")
