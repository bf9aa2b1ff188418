"""Tindahan (Filipino Fruit Market, part 1): tricks, market stalls and a donkey cart that sets trump.

>>> import explorer
>>> state = explorer.new_game("tindahan", players=4, seed=7)
>>> state.view(0)["fruits"]
['banana', 'mango', 'pineapple', 'durian']
>>> from explorer.tindahan import score_round
>>> score_round({"A": 1, "B": 1}, {"A": 0, "B": 2}, {"mango": {"A": 1}}, "mango")
{'A': 8, 'B': 0}
"""

from __future__ import annotations

from .._spec import GameSpec
from ._bot import HeuristicBot
from ._cards import FRUITS
from ._catalogue import RULES
from ._examples import EXAMPLES
from ._options import OPTIONS
from ._scoring import score_round
from ._state import State

__all__ = ["EXAMPLES", "FRUITS", "OPTIONS", "RULES", "SPEC", "HeuristicBot", "State", "score_round"]

SPEC = GameSpec(name="tindahan", title="Tindahan", min_players=3, max_players=5, state=State, rules=RULES,
                options=OPTIONS, widget="trick-table", heuristic_bot=HeuristicBot, examples=EXAMPLES)
