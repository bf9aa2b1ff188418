"""Bastos!: the trick-taking game of part 2 of the Filipino Fruit Market rulebook.

Fruit values move during play, each player has a Bastos! colour that can never win them a trick,
and trump is made mid-round by a player who cannot follow.

>>> import explorer
>>> state = explorer.new_game("bastos", players=3, seed=7)
>>> state.legal_actions()[0]
'choose:banana-1'
"""

from __future__ import annotations

from ._bot import HeuristicBot
from ._catalogue import RULES
from ._examples import EXAMPLES
from ._options import OPTIONS
from ._scoring import score_round
from ._state import BastosState as State
from ._trick import trick_winner

__all__ = ["EXAMPLES", "OPTIONS", "RULES", "HeuristicBot", "State", "score_round", "trick_winner"]
