"""Bangkok Klongs: boats on the klongs, landings scored on market days, goods for the final stock.

>>> import explorer
>>> state = explorer.new_game("klongs", players=3, seed=7)
>>> state.current_player
0

Seats play the colours ``red yellow green blue`` in seat order. Three rulebooks disagree in places
(English, a revised English translation, Japanese notes); the catalogue ``RULES`` paraphrases each
rule with its sections, and where they differ an option below picks the reading.

Components: editions
--------------------
The rulebooks give neither the board, the Luk Phat track nor the boat mix. They come from an
*edition*: ``data/default.json`` (``DEFAULT_NAME``) rebuilds them from public facts and says in its
``reconstructed`` list which values are guesses: a board of 4 x 5 hoods of 2 x 2 water spaces (columns
``a``-``j``, rows ``1``-``8``), a landing wherever four water spaces meet across a jetty (43 of them,
named ``L`` + their north-west space, e.g. ``Lb2`` between b2 c2 b3 c3), light entry spaces a2 a3 a6
a7 and dark ones j2 j3 j6 j7, a 12-space track (6 points first; Little Market Days on spaces 4 and 8,
the Big Market Day on 12), and 72 boats (9 per good, baskets 0-3, 14 neutral goods boats, 3 each of
thief, inspector and cookshop, all neutral; 16 Luk Phat boats). Each track space's ``basis`` says what
its value rests on. A second built-in edition, ``"klongs-review-track"`` (``REVIEW_TRACK``), pays 3, 3
and 2 on the market-day spaces, as a published review describes them, where the default pays 4, 3 and
2 (``EDITIONS`` lists both). ``new_game("klongs", n, seed, edition=...)`` takes ``None`` (default), a
built-in edition's name, a dict or a JSON file path; editions are validated with
pydantic and a bad one raises ``explorer.EditionError`` naming the field. A user's edition travels in
full inside the record, so the game replays. Boats are ``boat01`` ... in the edition's order.

Action notation
---------------
A turn is a sequence of actions by the player to act; ``legal_actions()`` lists them.

- ``place:boat07@c3``   put hand boat boat07 on water space c3
- ``pass``              no boat can be placed (empty hand or no allowed space)
- ``merchant``          claim the boat just placed with a merchant from the supply
- ``merchant:e5``       supply empty: move your merchant from the boat on e5 onto the new boat
- ``decline``           leave the new boat unclaimed / skip your scoring on a market day
- ``steal:d3>stock``    thief: take the boat on d3 into your stock (the turn's draw follows)
- ``steal:d3>hand``     ... into your hand instead of drawing; ``steal:none`` takes nothing
- ``inspect:discard``   inspector: discard the thieves in its column (and draw as usual)
- ``inspect:e2>hand``   ... take the thief on e2 into the hand, the others discarded
- ``inspect:e2>discard``  (option inspector_thieves='one') discard just that thief
- ``move:c3-d4``        spend a movement card: your boat on c3 moves to d4 (before or after placing)
- ``end``               after placing: end the turn without moving
- ``score:Lb2>c3``      market day: score landing Lb2, then take the boat on c3 into your stock
- ``draw:1``/``draw:2`` more-tactics variant: draw from stack 1 (neutral + special) or 2

Turn order inside a turn: optional move, place, what the boat asks for (possession, thief or
inspector), optional move (if not used before), then the market day if the Luk Phat counter reached
one (the Japanese outline's order), then the refill to four boats. Options ``move_card`` and
``market_day_timing`` below change where the move and the market day may come.

View model (``state.view(seat)``, also the widgets' model)
------------------------------------------------------------
Besides the common keys (game, players, seat, current_player, is_over, scores, winners, legal,
labels, events, sheet, move_number, rules): ``edition`` (name); ``geometry`` {rows, columns, spaces
[{name, row, column, hood}], hoods [[space]], landings [{name, spaces, row, column}] (row/column: where
the landing's point lies, in space widths from the board's north-west corner), entries {light, dark}};
``entry_spaces`` (those in use with this player count); ``colours`` per seat; ``colour`` of this seat;
``phase`` (turn, possess, thief, inspect, after, market, draw, over); ``prompt`` (what this seat is
asked, or ""); ``turn`` (whose turn); ``board`` {space: face + owner}; ``placed`` (space of the boat
placed this turn); ``hand`` (this seat's faces only); ``hand_sizes``; ``stacks`` (sizes) and
``stack_contents`` (what each stack holds, in the variant); ``stocks`` (faces per seat); ``discard``;
``supply``; ``merchants_on_board``; ``movement_cards``; ``moved_this_turn``; ``entered`` (has placed a
first boat); ``track`` [{points, market}] and ``track_text``; ``lukphat`` (spaces passed);
``market_days_held``; ``market`` {kind, causer, order, shown_order, step, scorer, round, title, text} or
null; ``market_due`` (the market day the counter reached, held when this turn ends, or at once under
``market_day_timing="immediately"``) and ``market_note`` (the same in words); ``master``
(landing last scored); ``targets`` {place: {boat: [space]}, move: {from: [to]}, score: {landing:
[space]}} for the seat to act; ``templates`` (how a click makes an action: ``place:{boat}@{space}``,
...); ``choices`` {notation: {type, boat, space, from, landing, to, stack}} for every legal action;
``hood_limit``, ``hood_counts``, ``full_hoods``; ``protected_columns`` / ``protected_spaces`` (guarded
by an inspector); ``thief_row`` / ``thief_spaces`` and ``inspector_column`` / ``inspector_spaces``
while a placed thief or inspector acts; ``full_landings`` {landing: {value, points {colour: points},
merchants, owners, formula}} (what scoring it now would pay); ``score_groups`` [{label, points per
seat}] (the sheet summed by Luk Phat, landings, stock); ``legend`` (the board's key in words).
A face is {id, kind, goods, special, baskets, neutral, lukphat}; owner is a colour, "neutral" or null.
Other seats' hands and the stacks never appear (``secrets()`` lists their ids).

Events (``view["events"]``) carry ``type`` (place, claim, decline, steal, inspect, move, end, pass,
draw, market, score, stock) and what a widget needs: ``space``, ``from``/``src``, ``boat`` (a face
without its id), ``lukphat`` {space, points, market}, ``landing``, ``value``, ``points`` {colour:
points}, ``day``, ``order``, ``removed``/``kept``. ``str(state)`` prints the board;
``board_text(state, "a1:d4")`` a part of it.

Options (readings where the texts disagree)
-------------------------------------------
- ``moved_boat`` = ``"need-not-touch"`` (default; Japanese, and the German "muessen nicht" that both
  English texts turned into "must not") or ``"must-not-touch"`` (the English texts).
- ``inspector_thieves`` = ``"all"`` (default; both English texts, whose two-thieves special case
  presumes it) or ``"one"`` (Japanese: one chosen thief).
- ``two_cookshops`` = ``"double"`` (default: a condition, doubled once) or ``"each"`` (x4 with two).
- ``empty_hand`` = ``"pass"`` (default: play goes on until the Big Market Day; when every player in
  turn passes, the Big Market Day is held) or ``"big-market-day"`` (held as soon as a player to act
  has no boat and the stack is empty).
- ``market_day_draw`` = ``"draw"`` (default: the turn still ends with the refill, English texts) or
  ``"skip"`` (Japanese outline: the market day replaces that turn's draw).
- ``score_marker`` = ``"counted"`` (default: the score marker is one of the merchants the set-up gives,
  so 16, 11 or 8 go on boats with 2, 3 or 4 players) or ``"extra"`` (with 3 or 4 players it comes from
  the merchants put away: 12 or 9). With two players it is always one of the 17 of a colour.
- ``market_day_timing`` = ``"after-move"`` (default: the market day ends the turn after the optional
  move, Japanese turn outline) or ``"immediately"`` (English texts: held once the placed boat's own
  choices are made; the turn ends with it).
- ``big_market_order`` = ``"clockwise"`` (default: on from the first scorer as on the Little Market Day,
  English texts) or ``"fewest-points"`` (Japanese notes: in order of the scores as the day begins).
- ``move_card`` = ``"before-or-after"`` (default: both English texts) or ``"after"`` (Japanese turn
  outline: only after placing).
- ``big_market_take`` = ``"own-or-neutral"`` (default: the Big Market Day scorer takes an own or a
  neutral boat, the two kinds all three texts name) or ``"unclaimed-too"`` (an unclaimed boat too: the
  English texts forbid only foreign boats).
- ``big_market_end`` = ``"round-of-declines"`` (default: the day ends after a full round without a
  scoring, so a seat that declined may score later, as on the Little Market Day) or
  ``"decline-is-final"`` (a seat that declines is out of the day; the market's ``order`` lists the seats
  still in it).
- ``stall_causer`` = ``"last-passer"`` (default: the seat whose pass completes a full round of passes,
  the last to place, caused the Big Market Day it holds) or ``"first-passer"`` (the seat after the last
  to place); the first scorer's tie-break counts from the causer.
- ``more_tactics`` = ``False`` (default) or ``True`` (two stacks, the variant all three texts give).
- ``start`` = ``None`` or a start position, see below.

Engine readings where no text decides: a player whose first boat finds no free entry space places by
the touching rule; on an empty board the entry spaces serve; a player who can place nothing passes, and
a full round of passes holds the Big Market Day (who caused it: ``stall_causer``); tied winners share
the win.

Scenarios: start positions
--------------------------
``State.from_position(players, position, seed, **rules)`` starts from a stated position, e.g.
``{"board": {"b2": "fish:2@green", "c3": "cookshop"}, "hands": [["fish:0+lukphat"], None, None],
"lukphat": 3, "to_move": 2}``; boats by id or by face (``<kind>[:<baskets>][+lukphat][@<owner>]``).
The position is the ``start`` rules option, so it is part of ``to_record()`` and ``explorer.replay``
rebuilds it; each seat is shown only its own hand of it. The rulebook examples are
``explorer.klongs.examples``.

Scoring helpers: ``score_landing(["2:green", "3:red", "0:green", "0:neutral"])`` -> ``{"green": 10,
"red": 5}`` and ``stock_points(["bananas", "fish", ...])`` -> int, per the project contract.
"""

from __future__ import annotations

from .._core.spec import GameSpec, Rollout
from ._bot import HeuristicBot, rollout_leaf, rollout_move, rollout_prepare
from ._catalogue import RULES
from ._edition import (
    DEFAULT_NAME,
    EDITIONS,
    REVIEW_TRACK,
    Edition,
    EditionModel,
    default_edition,
    load_edition,
)
from ._mechanics import HOOD_LIMIT
from ._notation import COLOURS, GOODS, SPECIALS, boat_words
from ._options import OPTIONS
from ._scoring import score_landing, score_table, stock_points
from ._state import State
from ._view import PRESENTER, board_text
from .examples import EXAMPLES

__all__ = [
    "COLOURS",
    "DEFAULT_NAME",
    "EDITIONS",
    "EXAMPLES",
    "GOODS",
    "HOOD_LIMIT",
    "OPTIONS",
    "REVIEW_TRACK",
    "RULES",
    "SPEC",
    "SPECIALS",
    "Edition",
    "EditionModel",
    "HeuristicBot",
    "State",
    "board_text",
    "boat_words",
    "default_edition",
    "load_edition",
    "score_landing",
    "stock_points",
]

SPEC = GameSpec(name="klongs", title="Bangkok Klongs", min_players=2, max_players=4, state=State, rules=RULES,
                options=OPTIONS, widget="klong-board", heuristic_bot=HeuristicBot, examples=EXAMPLES,
                seat_names=tuple(c.capitalize() for c in COLOURS),
                rollout=Rollout(policy=rollout_move, prepare=rollout_prepare, leaf=rollout_leaf),
                presenter=PRESENTER, score_table=score_table)
