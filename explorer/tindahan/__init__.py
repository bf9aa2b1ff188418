"""Tindahan (Filipino Fruit Market, part 1): tricks, market stalls and a donkey cart that sets trump.

>>> import explorer
>>> state = explorer.new_game("tindahan", players=4, seed=7)
>>> state.view(0)["fruits"]
['banana', 'mango', 'pineapple', 'durian']
>>> from explorer.tindahan import score_round
>>> score_round({"A": 1, "B": 1}, {"A": 0, "B": 2}, {"mango": {"A": 1}}, "mango")
{'A': 8, 'B': 0}

Notation: ``banana-10`` plays a card, ``seller:banana`` sends a seller to the led fruit's stall,
``cart:mango`` moves the donkey cart (the starting player's whole turn). The scenario option
``start`` fixes round 1's hands: a list of ten-card hands, one per seat (or ``{"hands": [...]}``);
each seat's view shows only its own hand.

Modules: ``_kernel`` (the rules: legal moves, tricks, round scoring, played in place by index),
``_state`` (the ``State``, an immutable shell over a kernel), ``_options`` (``OPTIONS``), ``_start``
(the ``start`` option), ``_catalogue`` (``RULES``), ``_notation`` (cards and actions over the box's
fruit deck), ``_view`` (view model, labels, event texts, text board), ``_explain`` (refusals),
``_scoring`` (round points by the players' own names), ``_bot`` (``HeuristicBot``) and the public
``examples`` (the rulebook's examples and their scenarios).
"""

from __future__ import annotations

from .._core.spec import GameSpec, Rollout
from .._fruitbox.state import FRUIT_SELLERS
from ._bot import HeuristicBot, rollout_move
from ._catalogue import RULES
from ._notation import FRUITS
from ._options import OPTIONS
from ._scoring import round_awards, score_round, score_table
from ._state import State
from ._view import PRESENTER
from .examples import EXAMPLES

__all__ = ["EXAMPLES", "FRUITS", "OPTIONS", "RULES", "SPEC", "HeuristicBot", "State", "round_awards",
           "score_round"]

SPEC = GameSpec(name="tindahan", title="Tindahan", min_players=3, max_players=5, state=State, rules=RULES,
                options=OPTIONS, widget="trick-table", heuristic_bot=HeuristicBot, examples=EXAMPLES,
                seat_names=FRUIT_SELLERS, rollout=Rollout(policy=rollout_move), presenter=PRESENTER,
                score_table=score_table)
