"""Bangkok's playout against the public API, under every rules option and from the middle of games.

The kernel (the game package's ``_kernel`` module) holds the rules; the state is a shell over it and
``state.playout()`` plays a copy of it by index. Here the public state (``legal_actions()``, ``play()``)
and its playout walk every game side by side (``helpers.walk``): every option that changes the rules
(expert markets and their readings, refilling once, the solo slots) and random values of all of them
at once, positions in the market and return phases, start positions, and the playout's scores at
every step (the search reads them mid-game). Legal actions, the seat to act and the scores must agree;
the public table keeps the conformance invariants (views, score sheets, components), wrong moves are
refused with a catalogued rule and change nothing, and a position rebuilt from a seat's view plays on
as the table does. (Until the kernel's move-by-move comparison with the retired state was done, over
5,000 seeded games, that state played beside them here; ``test_engine_identity.py`` pins the games.)

``CONFORMANCE_GAMES`` sets how many random games the tests play (the issue's proof ran it with
thousands).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import explorer
from explorer.bangkok import OPTIONS, State

from .helpers import random_rules, rebuilt_plays_as_the_table, walk, walk_games

GAMES = max(8, int(os.environ.get("CONFORMANCE_GAMES", "2000")) // 50)
RANDOM_GAMES = max(20, int(os.environ.get("CONFORMANCE_GAMES", "100")))
#: What an option's values need in order to act: the expert reading reads the expert markets.
ACTS_WITH: dict[str, dict[str, Any]] = {"expert_reading": {"expert": True}}
#: Every value but the default of every option that lists its choices, with what it needs to act:
#: drawn from the options, so that a new one meets the playout here at once.
VARIANTS: list[dict[str, Any]] = [{**ACTS_WITH.get(name, {}), name: value} for name, option in OPTIONS.items()
                                  for value in option.choices or () if value != option.default]
#: Refusals tried every tenth step: a wrong end, line, place, a phase's action out of its phase.
WRONG = ("place:PZ@R9L>a1=P", "place:PZ@R1L>a1=PZ", "renew:R4", "renew:C1", "market:PZ@a1", "market:B@c3",
         "return:PZ", "return:B", "pass")


def test_the_playout_follows_the_public_api_under_random_options() -> None:
    # Every option at a random value in each game (the default values in every fifth), 1-4 players.
    walk_games("bangkok", RANDOM_GAMES, seed=6000, deep=5, table=11, wrong=WRONG)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda rules: ",".join(f"{k}={v}" for k, v in rules.items()))
def test_the_playout_follows_every_rules_option(rules: dict[str, Any]) -> None:
    for index in range(GAMES):
        players = 1 if "solo_slots" in rules else 1 + index % 4
        state = explorer.new_game("bangkok", players=players, seed=700 + index, **rules)
        walk(state, random.Random(index), wrong=WRONG, table=1 if index < 2 else 13)


def test_the_playout_starts_anywhere_in_a_game() -> None:
    phases: set[str] = set()
    for index in range(GAMES):
        rng = random.Random(index)
        state = State.new(2 + index % 3, seed=900 + index, expert=index % 2 == 1)
        moves = rng.randrange(150)
        while not state.is_over and moves:
            state = state.play(rng.choice(state.legal_actions()))
            moves -= 1
        phases.add(state.phase)
        walk(state, rng, wrong=WRONG)
    assert {"act", "market"} <= phases


def test_a_fresh_state_after_a_playout_replays_the_indices() -> None:
    state = explorer.new_game("bangkok", players=3, seed=11)
    fast = state.playout()
    rng = random.Random(2)
    for _ in range(30):
        fast.apply(rng.randrange(fast.legal()))
    middle = fast.state()
    assert len(middle.actions()) == 30 and state.actions() == []
    for _ in range(10):
        fast.apply(rng.randrange(fast.legal()))
    assert fast.state().actions()[:30] == middle.actions()
    with pytest.raises(IndexError):
        fast.apply(fast.legal())


#: Start positions (the ``start`` option): near-complete markets (the last round at once), pile tops.
STARTS: list[tuple[int, dict[str, Any]]] = [
    (2, {"port": ["P Z B", "B ZF BF", "FF F!2P BB"], "hands": [["PZ", "F", "B"], ["PZ", "ZZB", "PF"]],
         "markets": [["P . .", ". . .", ". . ."], ["B!2F F .", ". . .", ". . ."]], "objectives": ["P", "Z"]}),
    (3, {"port": ["PZ F P", "PP ZF BF", "FF F!2P BB"],
         "hands": [["PZ", "F", "PB"], ["P!1P", "F", "PF"], ["PZ", "ZZB", "PF"]],
         "markets": [[". . .", ". . .", ". . ."], ["Z!4B B B", "ZF BB!3BF BF", "ZZ BF ."],
                     [". . .", ". . .", ". . ."]],
         "objectives": ["P", "B", "Z"], "first_player": 1}),
    (1, {"port": ["P Z B", "B ZF BF", "FF F!2P Z!4B"], "hands": [["PZ", "F", "B"]], "chilli_pile": ["P!1P"]}),
    (4, {"port": ["P Z B", "B ZF BF", "FF F!2P BB"], "hands": [["PZ", "F"], ["PF"], ["ZZB"], ["P!1P", "F"]],
         "first_player": 2}),
]


@pytest.mark.parametrize(("players", "start"), STARTS)
def test_the_playout_plays_start_positions(players: int, start: dict[str, Any]) -> None:
    for index in range(6):
        rng = random.Random(index)
        rules = {} if index == 0 else random_rules("bangkok", rng)
        walk(State.new(players, seed=index, start=start, **rules), rng, wrong=WRONG, table=3)


def put_back(rebuilt: Any, table: Any) -> None:
    """What a sample deals, set to the truth: the hands, the piles, the objectives, the tiles aside."""
    rebuilt._redeal(table.hands, table.boat_pile, table.chilli_pile, table.objectives, table.aside)


def test_a_position_rebuilt_from_a_view_plays_as_the_table() -> None:
    # The rebuilt kernel holds the view's port, markets and the seat's hand; with the hidden cards and
    # tiles put back as they are, it plays on as the table does.
    assert rebuilt_plays_as_the_table("bangkok", 30, seed=50, moves=60, put_back=put_back) >= 20
