"""Bastos!: the trick-taking game of part 2 of the Filipino Fruit Market rulebook.

Fruit values move during play, each player has a Bastos! colour that can never win them a trick,
and trump is made mid-round by a player who cannot follow.

>>> import explorer
>>> state = explorer.new_game("bastos", players=3, seed=7)
>>> state.view(0)["phase"], state.current_player
('choose', 0)

Notation: ``mango-5`` plays a card, ``durian-2:trump`` throws a card and makes its fruit trump,
``choose:mango-5`` picks a Bastos! card, ``raise:banana`` / ``lower:banana`` is the value move owed
after playing one's own Bastos! colour.

Readings the engine takes where the rulebook is silent (the two-way ambiguities are options, see
``OPTIONS``):

- The simultaneous pick is modelled as each seat in turn (from the dealer's left) sending
  ``choose:<card>``; the picks stay hidden from the other seats until the last one is made, then the
  values rise together. The picked card leaves the hand and is never played.
- Only a player who cannot follow may make trump, so the leader never can; the move is optional.
- Making trump lowers the value by 2 but never below -2; the picks raise it by 1 each up to +3.
- The value move after one's own colour may name any fruit in play (the boxed fruit with three
  players is not on the table); a move that would leave -2..+3 is not offered, and there is always
  another one. It happens before the next card, and before the trick is decided if it was the last.
- A set-aside trick's cards take no further part in the round; if it was the round's last trick the
  round simply ends.
- Equal final totals share the win (the Tindahan tie joke is not repeated for Bastos!).
- Views show each seat's tally of taken cards per fruit (``won_by_fruit``): every such card was
  played face up, so it is public knowledge to a player with a perfect memory.

The scenario option ``start`` fixes round 1's hands: a list of hands, one per seat, or with four
players ``{"hands": [...], "spare": "durian-9"}`` naming the face-up spare too; each seat's view shows
only its own hand.

Modules: ``_state`` (the ``State``: setup, legal moves, apply), ``_options`` (``OPTIONS``), ``_start``
(the ``start`` option), ``_catalogue`` (``RULES``), ``_notation`` (cards and moves over the box's fruit
deck), ``_mechanics`` (who takes a trick, value limits; the public ``trick_winner``), ``_view`` (view
model, labels, event texts, text board), ``_explain`` (refusals), ``_scoring`` (round points), ``_bot``
(``HeuristicBot``) and the public ``examples`` (the rulebook's examples and their scenarios).
"""

from __future__ import annotations

from .._core.spec import GameSpec
from .._fruitbox.state import FRUIT_SELLERS
from ._bot import HeuristicBot
from ._catalogue import RULES
from ._mechanics import trick_winner
from ._options import OPTIONS
from ._scoring import score_round, score_table
from ._state import State
from ._view import PRESENTER
from .examples import EXAMPLES

__all__ = ["EXAMPLES", "OPTIONS", "RULES", "SPEC", "HeuristicBot", "State", "score_round", "trick_winner"]

SPEC = GameSpec(name="bastos", title="Bastos!", min_players=3, max_players=4, state=State, rules=RULES,
                options=OPTIONS, widget="trick-table", heuristic_bot=HeuristicBot, examples=EXAMPLES,
                seat_names=FRUIT_SELLERS, presenter=PRESENTER, score_table=score_table)
