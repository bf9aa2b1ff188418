"""Jupyter widgets for Rules Explorer: anywidget components that draw an engine's view model.

The widgets never decide legality: they send the learner's intent (an action notation) to the
kernel, where the engine accepts it or refuses it with a reason and a rule id.
"""

from ._kinds import WIDGET_KINDS, widget_for
from ._session import GameWidget
from .bangkok import BangkokTableWidget, MarketWidget, PortWidget
from .klong_board import KlongBoardWidget
from .trick_table import TrickTableWidget

__all__ = ["WIDGET_KINDS", "BangkokTableWidget", "GameWidget", "KlongBoardWidget", "MarketWidget",
           "PortWidget", "TrickTableWidget", "widget_for"]
