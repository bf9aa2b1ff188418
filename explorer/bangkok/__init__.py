"""Bangkok: draft cards from a 3x3 port and build a 3x3 floating market that scores its chillies.

>>> import explorer
>>> state = explorer.new_game("bangkok", players=2, seed=7)
>>> state.phase
'act'
>>> from explorer.bangkok import score_market
>>> score_market(["Z!4B B B", "FZ BB!3BF BF", "ZZ BF P!1P"], "B").total
20

Cards
-----
Goods: ``P`` passion fruit, ``Z`` Thai zucchini, ``B`` blue peas, ``F`` fish. A boat card is its
goods (``PZ``, ``PP``, ``F``); a chilli card is its goods, ``!``, its scoring type 1-4 and the goods it
indicates (``P!1P``, ``BB!3BF``). The engine writes goods in the book's order P Z B F (``FZ`` is shown
as ``ZF``); input may use any order. Cards are not unique, so each physical card also has an id
``#01``-``#60`` (pontoon tiles ``#61``-``#64``), kept in views (``id``) as a hook for the table,
never shown as text.

Places: the port and each market are 3x3 squares, places named like chess squares with rows counted
from the top: ``a1`` upper left (in a market, beside the pontoon), ``c3`` lower right. The port's
twelve ends: ``R1L``/``R1R`` left/right of row 1 ... ``R3R``, ``C1T``/``C1B`` above/below column 1
(column a) ... ``C3B``. Lines: ``R1``-``R3``, ``C1``-``C3``.

Action notation
---------------
``place:PZ@R1R>a1=ZB,c1=P``
    Lay hand card ``PZ`` right of row 1 and take the cards at ``a1`` (a ``ZB``) and ``c1`` (a ``P``).
    Every legal collection is its own action; places are listed in line order, each with its card.
``market:PZ@b1``
    Lay hand card ``PZ`` at ``b1`` of one's own market (while holding more than 3 cards).
``renew:R2``
    Renew row 2 of the port (instead of placing a card).
``return:P!1P``
    Slip a card under its pile when no extra card fits the market (project reading, rule
    ``bangkok.market.blocked``).
``pass``
    Only when no card can be placed and no line renewed (project reading, ``bangkok.turn.stuck``).

Turn structure: a seat plays one ``place`` or ``renew``; after a ``place`` leaving more than 3 cards in
hand, the same seat plays ``market`` actions (then ``return`` if blocked) until 3 remain.
``state.collections(card, end)`` answers "what would this placement take, and why": each legal
collection with its notation and, per place of the line, ``forced`` / ``choice`` / ``no-match`` /
``empty`` with a sentence (a card the goods pay for may not be left behind).

Options (``explorer.new_game("bangkok", players, seed, **options)``)
-------------------------------------------------------------------
``expert`` (False), ``expert_reading`` ("row-and-column" | "column-only"), ``type1_below_zero``
(False), ``type4`` ("exactly-once" | "each-copy"), ``refill`` ("each-slot" | "once"), ``solo_slots``
("free" | "piles-only"), ``start`` (None). Each option's doc (``OPTIONS[name].doc``) names the
default reading and why.

Scenarios: ``start={"port": [3 rows], "hands": [[cards] per seat], "markets": [[3 rows] per seat],
"objectives": [good per seat], "first_player": seat, "boat_pile": [tops], "chilli_pile": [tops]}``
(only ``port`` and ``hands`` required) starts from a fixed position; the cards come from the edition,
the rest are shuffled below the named pile tops. It is a rules option, so records replay it (older
records naming it ``position`` are read as ``start``). Views show a seat only its own hand and
objective from it, and nobody the pile tops (``State.START_PRIVATE``).

Editions
--------
The rulebook gives counts, not faces: ``data/default.json`` reconstructs all 60 faces and the 4
objectives (its ``reconstructed`` field says how), keeping each good equally common; the scoring
example's chilli cards (``Z!4B``, ``BB!3BF``, ``P!1P``) are among them. ``new_game(..., edition=...)``
takes ``None``/``"default"``, a dict or a path to a JSON file in the same format; it is validated
(the book's counts, each face's notation) and errors are :class:`explorer.EditionError` naming the
field, the index and the card. Records name the default edition ``"default"`` and hold a user's whole
edition, so both replay.

View model (``state.view(seat)``)
---------------------------------
Base keys (game, players, seat, current_player, is_over, scores, winners, legal, labels, events,
sheet, move_number, rules) plus:

- ``edition``: edition name; ``first_player``: seat holding the first-player token
- ``round``: 1-based round (solo: the turn); ``turn``/``turns``: solo turn 1-9 and 9 (else null);
  ``token``: the end under the solo turn counter (else null)
- ``phase``: ``"act"`` | ``"market"`` | ``"return"`` | ``"over"``; ``expert``: bool; ``ending``: bool,
  some market is complete so this round is the last
- ``good_names``: ``{"P": "passion fruit", ...}``; ``chilli_types``: ``{"1": how type 1 scores, ...}``
  (for the table's key); ``places``: the 3 rows of place names (``a1`` ...: hooks, never shown);
  ``place_words``: ``{"port": {"a1": "row 1, left", ...}, "market": {"a1": "top left", ...}}``;
  ``lines``: ``{"R1": {"label": "row 1", "cells": ["a1", "b1", "c1"]}, ...}``
- ``port``: 3 rows of 3 cells; a cell is null or ``{"id": "#07", "card": "PZ", "chilli": false,
  "goods": ["P", "Z"], "type": 0, "indicated": [], "rule": null, "words": "A boat with passion fruit and
  Thai zucchini", "name": "boat with passion fruit and Thai zucchini"}`` (``words`` for screen readers,
  ``name`` to put in a sentence; neither holds notation)
  (a chilli card: its type 1-4, indicated goods and how it scores, in ``rule``)
- ``piles``: ``{"boat": n, "chilli": n}`` cards left (faces hidden)
- ``ends``: the 12 ends, each ``{"end", "label", "line", "side", "number", "usable", "covered_by"}``
  (side: left/right/top/bottom; number: the row or column 1-3; covered_by: the solo pile or turn
  counter lying there, else null)
- ``hand``: this seat's cards (cells as above); ``hand_sizes``: cards per seat; ``extra_cards``: how
  many of this seat's cards are over the 3 a hand keeps (to lay in the market, or slip back)
- ``objective``: this seat's ``{"id", "good"}``; ``objectives``: per seat, the good for this seat and,
  once the game is over, for all; null while hidden
- ``markets``: per seat, 3 rows of 3 cells; ``market_sizes``: cards per market
- ``placements`` (seat to act, phase act): ``{"PZ@R1": {"card", "line", "take", "summary",
  "actions": {"R1L": [...], "R1R": [...]}, "cells": [{"cell", "card", "status", "reason"}]}}`` for
  every hand card and line it may face (both ends of a line take alike); ``cells`` lists
  the places that can be taken, ``status`` ``"forced"`` (in every collection) or ``"choice"``, with
  the reason (``state.collections(card, end)`` also explains the places that stay)
- ``moves``: every legal notation read into its parts: ``{"kind": "place", "card", "end", "line",
  "cells", "cards", "text"}``, ``{"kind": "market", "card", "cell"}``, ``{"kind": "renew", "line",
  "text"}``, ``{"kind": "return", "card"}`` or ``{"kind": "pass"}``
- ``port_move``: the last placement or renewal, for step 2's picture: ``{"kind", "move", "seat",
  "action", "card", "placed", "end", "line", "before" (the port before it; taken or swapped cards
  without ids), "taken", "drawn": [{"cell", "pile"}], "caption"}``, or null; ``market_move``: the
  last card laid in a market ``{"move", "seat", "cell"}`` or null
- ``scoring``: per seat, ``state.market_scoring(seat, reveal=...)``: the total and each score line
  with its ``kind`` (objective, chilli, complete), the places it looks at (``area``) and per place how
  the goods count (``marks``); an objective shows only to its owner until the game is over
- ``events``: dicts ``{"seat", "action", "text", "kind", "move", ...}`` (a card slipped under a pile
  keeps its face, in ``action``, from the other seats); ``labels``: a short sentence per legal action.
  Texts (events, labels, score lines, refusals, reasons, captions) are plain words: cards by what they
  show ("boat with fish", "type-3 chilli for blue peas and fish"), places in words ("row 2, left",
  "top left" of a market), seats by ``view["names"]``; notation stays in ``legal``, ``action`` and
  records
- ``tie_note``: once over, a sentence when the objective tie-break decided among seats tied on
  points, else null
- ``sheet``: score lines ``{"seat", "label", "points", "rule", "round"}``: chilli cards and completed
  markets during play (public), objectives added when the game is over

``print(state)`` (``state.board_text(seat)``) shows the port, the piles, a hand and the markets.

Modules: ``_state`` (the State: setup, legal actions, play), ``_options``, ``_start`` (the ``start``
option), ``_catalogue`` (RULES), ``_notation`` (cards, places and actions written and read),
``_mechanics`` (ends and lines, collecting, market places), ``_view``, ``_explain`` (refusals),
``_scoring``, ``_bot``, ``_edition`` and the public ``examples`` (the rulebook's examples).

Scores: ``scores()`` are public running totals (chilli cards and +2 for a complete market); the hidden
objective is added at the end. Ties: most objective points, then shared.
"""

from __future__ import annotations

from .._core.spec import GameSpec, Rollout
from ._bot import HeuristicBot, rollout_leaf, solo_scores
from ._catalogue import RULES
from ._edition import Edition, EditionModel, default_edition, load_edition
from ._mechanics import NEIGHBOURS, CellChoice, Collections
from ._notation import CELL_NAMES, GOOD_NAMES, GOODS, Card, parse_card
from ._options import OPTIONS
from ._scoring import RULE_COMPLETE, RULE_OBJECTIVE, MarketLine, MarketSheet, score_market, score_table
from ._state import State
from ._view import PRESENTER
from .examples import EXAMPLES

__all__ = [
    "CELL_NAMES",
    "EXAMPLES",
    "GOODS",
    "GOOD_NAMES",
    "NEIGHBOURS",
    "OPTIONS",
    "RULES",
    "RULE_COMPLETE",
    "RULE_OBJECTIVE",
    "SPEC",
    "Card",
    "CellChoice",
    "Collections",
    "Edition",
    "EditionModel",
    "HeuristicBot",
    "MarketLine",
    "MarketSheet",
    "State",
    "default_edition",
    "load_edition",
    "parse_card",
    "score_market",
    "solo_scores",
]

SPEC = GameSpec(name="bangkok", title="Bangkok", min_players=1, max_players=4, state=State, rules=RULES,
                options=OPTIONS, widget="bangkok-table", heuristic_bot=HeuristicBot, examples=EXAMPLES,
                seat_names=("Anong", "Boon", "Chai", "Dao"), rollout=Rollout(leaf=rollout_leaf),
                presenter=PRESENTER, score_table=score_table)
