"""Bastos!'s playout against the public API, under every rules option and from anywhere in a game.

The kernel (the game package's ``_kernel`` module) holds the rules; the state is a shell over it and
``state.playout()`` plays a copy of it by index. Here the public state (``legal_actions()``, ``play()``)
and its playout walk every game side by side (``helpers.walk``): random values of all the options at
once, every phase, the rulebook's scenario deals. Legal actions, the seat to act, the scores and what
the search asks of the playout (the round, whether a trick is open, the tricks taken) must agree at
every step; the public table keeps the conformance invariants (views, score sheets, components),
wrong moves are refused with a catalogued rule and change nothing, and a position rebuilt from a
seat's view plays on as the table does. (Until the kernel's move-by-move comparison with the retired
state was done, over thousands of seeded games, that state played beside them here;
``test_engine_identity.py`` pins the games.)

``CONFORMANCE_GAMES`` sets twice how many random games the first test plays (default 100: 50 games;
the issue's proof ran it with thousands).
"""

from __future__ import annotations

import os
import random
from typing import Any

from explorer.bastos import State
from explorer.tindahan import FRUITS  # the box's five fruits

from .helpers import random_rules, rebuilt_plays_as_the_table, trick_queries, walk, walk_games, walk_positions

GAMES = max(20, int(os.environ.get("CONFORMANCE_GAMES", "100")) // 2)  # a game is some 300 moves
#: Refusals tried every tenth step: a card not held or out of range, a trump, a raise, a choice.
WRONG = (*(f"{f}-{v}" for f in FRUITS for v in (1, 9)), "mango-10", "mango-1:trump",
         *(f"raise:{f}" for f in FRUITS), *(f"choose:{f}-2" for f in FRUITS))


def test_the_playout_follows_the_public_api_under_random_options() -> None:
    # Every option at a random value in each game (the default values in every fifth), 3-4 players; a
    # game tells some 700 events, so the views are read every step of the first games only.
    walk_games("bastos", GAMES, seed=8000, deep=4, table=13, queries=trick_queries, wrong=WRONG)


def test_the_playout_starts_anywhere_in_a_game() -> None:
    # Picking, mid-trick, before a value move, between tricks, just after a round's end: a playout made there.
    walk_positions("bastos", 16, seed=300, moves=120, queries=trick_queries, wrong=WRONG, table=9)


def test_the_rulebook_deals_play_alike() -> None:
    # The rulebook's scenarios fix round 1's hands (and with them the spare); later rounds shuffle.
    from explorer.bastos.examples import FOUR_HANDS, MANGO_HANDS, NO_MANGO_HANDS, TRUMP_HANDS

    for index, hands in enumerate([FOUR_HANDS, TRUMP_HANDS, NO_MANGO_HANDS, MANGO_HANDS] * 2):
        rng = random.Random(index)
        rules = {} if index < 4 else random_rules("bastos", rng)
        if len(hands) == 3 and not any(card.startswith("lanzones") for hand in hands for card in hand):
            rules["removed_fruit"] = "lanzones"
        elif len(hands) == 3:
            rules["removed_fruit"] = next(f for f in FRUITS
                                          if not any(c.startswith(f + "-") for h in hands for c in h))
        state = State.new(len(hands), seed=index, start=hands, **rules)
        walk(state, rng, queries=trick_queries, wrong=WRONG, table=9)


def put_back(rebuilt: Any, table: Any) -> None:
    """What a sample deals (the other hands and the picks), set to the truth; later rounds: the table's."""
    rebuilt._redeal(table.hands, table.picks)
    rebuilt.seed = table.seed


def test_a_position_rebuilt_from_a_view_plays_as_the_table() -> None:
    # The rebuilt kernel holds the view's public table and the seat's hand; with the other hands put
    # back as they are, it plays on exactly as the table does.
    assert rebuilt_plays_as_the_table("bastos", 12, seed=40, moves=100, put_back=put_back) == 12
