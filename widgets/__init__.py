"""Jupyter widgets for Rules Explorer: anywidget components that draw an engine's view model.

The widgets never decide legality: they send the learner's intent (an action notation) to the
kernel, where the engine accepts it or refuses it with a reason and a rule id.

Importing this package where a kernel runs makes a game state in a cell display as its interactive
table (with the engine's static picture kept as the fallback for exports); ``widgets.play(state)``
continues a game from any state with bots in the other seats.
"""

from ._display import interactive_states, play
from ._kinds import WIDGET_KINDS, widget_for
from ._session import GameWidget
from .bangkok import BangkokTableWidget, MarketWidget, PortWidget
from .klong_board import KlongBoardWidget
from .trick_table import TrickTableWidget

__all__ = ["WIDGET_KINDS", "BangkokTableWidget", "GameWidget", "KlongBoardWidget", "MarketWidget",
           "PortWidget", "TrickTableWidget", "interactive_states", "play", "widget_for"]

interactive_states()
