"""Tindahan's playout against the public API, under every rules option and from anywhere in a game.

The kernel (the game package's ``_kernel`` module) holds the rules; the state is a shell over it and
``state.playout()`` plays a copy of it by index. Here the public state (``legal_actions()``, ``play()``)
and its playout walk every game side by side (``helpers.walk``): random values of all the options at
once, any fruits removed, positions mid-trick and between rounds, the rulebook's scenario deal. Legal
actions, the seat to act, the scores and what the search asks of the playout (the round, whether a
trick is open, the tricks taken) must agree at every step; the public table keeps the conformance
invariants (views, score sheets, components), wrong moves are refused with a catalogued rule and
change nothing, and a position rebuilt from a seat's view plays on as the table does. (Until the
kernel's move-by-move comparison with the retired state was done, over 5,000 seeded games, that state
played beside them here; ``test_engine_identity.py`` pins the games.)

``CONFORMANCE_GAMES`` sets how many random games the first test plays (default 100; the issue's
proof ran it with thousands).
"""

from __future__ import annotations

import os
import random
from typing import Any

from explorer.tindahan import FRUITS, State
from explorer.tindahan.examples import TRICK_DEAL

from .helpers import random_rules, rebuilt_plays_as_the_table, trick_queries, walk, walk_games, walk_positions

GAMES = max(20, int(os.environ.get("CONFORMANCE_GAMES", "100")))
#: Refusals tried every tenth step: a card not held or out of range, a seller or a cart move out of turn.
WRONG = (*(f"{f}-{v}" for f in FRUITS for v in (1, 10)), "mango-11",
         *(f"seller:{f}" for f in FRUITS), *(f"cart:{f}" for f in FRUITS))


def test_the_playout_follows_the_public_api_under_random_options() -> None:
    # Every option at a random value in each game (the default values in every fifth), 3-5 players.
    walk_games("tindahan", GAMES, seed=8000, deep=5, table=15, queries=trick_queries, wrong=WRONG)


def test_the_playout_starts_anywhere_in_a_game() -> None:
    # Mid-trick, after a cart move, between tricks and just after a round's end: a playout made there.
    walk_positions("tindahan", 30, seed=300, moves=120, queries=trick_queries, wrong=WRONG, table=3)


def test_the_rulebook_deal_plays_alike() -> None:
    # The rulebook's trick example fixes round 1's hands; later rounds shuffle by the seed.
    for index in range(6):
        rng = random.Random(index)
        rules = {} if index == 0 else random_rules("tindahan", rng)
        state = State.new(5, seed=index, start=TRICK_DEAL, **rules)
        walk(state, rng, queries=trick_queries, wrong=WRONG, table=5)


def put_back(rebuilt: Any, table: Any) -> None:
    """What a sample deals (the other hands), set to the truth; later rounds: the table's."""
    rebuilt.hands = table.hands
    rebuilt.seed = table.seed


def test_a_position_rebuilt_from_a_view_plays_as_the_table() -> None:
    # The rebuilt kernel holds the view's public table and the seat's hand; with the other hands put
    # back as they are, it plays on exactly as the table does.
    assert rebuilt_plays_as_the_table("tindahan", 20, seed=40, moves=100, put_back=put_back) == 20
