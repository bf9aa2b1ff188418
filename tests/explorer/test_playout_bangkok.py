"""Bangkok's kernel against the retired state, under every rules option and from the middle of games.

The kernel (the game package's ``_kernel`` module) replaced the state's own rule code, its compiled
copy of the public calls and the playout's copy. Until the oracle goes, the retired state
(``_oracle_bangkok_state``) plays beside the kernel's state and its playout move by move: every option
that changes the rules (expert markets and their readings, refilling once, the solo slots) and random
values of all of them at once, positions in the market and return phases, start positions, and the
playout's scores at every step (the search reads them mid-game). Legal actions, refusals, score
sheets, every seat's view, snapshots and the fields the view, the bot and the refusals read must agree.

``CONFORMANCE_GAMES`` sets how many random games the tests play (the issue's proof ran it with
thousands).
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

import explorer
from explorer import GameState
from explorer.bangkok import OPTIONS, State

from ._oracle_bangkok_state import State as Oracle

for _name in ("GAME", "RULES", "OPTIONS", "MIN_PLAYERS", "MAX_PLAYERS", "SEAT_NAMES"):
    setattr(Oracle, _name, getattr(State, _name))
#: The state's fields that the view, the refusals and the bot read.
FIELDS = ("port", "port_before", "hands", "markets", "objectives", "aside", "boat_pile", "chilli_pile",
          "first", "round", "turns", "ending", "phase")

GAMES = max(8, int(os.environ.get("CONFORMANCE_GAMES", "2000")) // 50)
RANDOM_GAMES = max(20, int(os.environ.get("CONFORMANCE_GAMES", "100")))
#: What an option's values need in order to act: the expert reading reads the expert markets.
ACTS_WITH: dict[str, dict[str, Any]] = {"expert_reading": {"expert": True}}
#: Every value but the default of every option that lists its choices, with what it needs to act:
#: drawn from the options, so that a new one meets the kernel here at once.
VARIANTS: list[dict[str, Any]] = [{**ACTS_WITH.get(name, {}), name: value} for name, option in OPTIONS.items()
                                  for value in option.choices or () if value != option.default]
#: Refusals tried every tenth step: a wrong end, line, place, a phase's action out of its phase.
WRONG = ("place:PZ@R9L>a1=P", "place:PZ@R1L>a1=PZ", "renew:R4", "renew:C1", "market:PZ@a1", "market:B@c3",
         "return:PZ", "return:B", "pass")


def random_rules(rng: random.Random) -> dict[str, Any]:
    """A random value of every Bangkok option that lists its choices."""
    return {name: rng.choice(option.choices) for name, option in OPTIONS.items() if option.choices}


def oracle_of(state: Any) -> Any:
    """The retired state at ``state``'s position, replayed from its start."""
    old: Any = Oracle.new(state.players, state.seed, edition=state.edition, **state.rules)
    for action in state.actions():
        old = old.play(action)
    return old


def same_table(state: Any, old: Any) -> None:
    """The kernel's state and the retired one agree on everything a reader of the state sees."""
    assert state.to_act == old.to_act
    assert state.score_sheet() == old.score_sheet() and state.scores() == old.scores()
    for name in FIELDS:
        assert getattr(state, name) == getattr(old, name), name
    assert state.usable_ends() == old.usable_ends()
    for seat in range(state.players):
        assert json.dumps(state.view(seat), sort_keys=True) == json.dumps(old.view(seat), sort_keys=True)
        assert state.secrets(seat) == old.secrets(seat)
        for chilli in (False, True):
            assert state.market_places(seat, chilli) == old.market_places(seat, chilli)
    assert state.snapshot() == old.snapshot() and state.board_text() == old.board_text()
    assert state.inventory() == old.inventory()
    if state.is_over:
        assert state.outcome() == old.outcome()


def follow(state: Any, rng: random.Random, *, scores: bool = True, views: int = 1) -> GameState:
    """Play ``state`` to its end by random indices on the retired state, the kernel's state and its
    playout side by side, comparing at every step the legal actions (and the playout's scores if
    ``scores``), and the whole table every ``views`` steps (and at the end). Every tenth step also
    tries a refusal."""
    fast = state.playout()
    old = oracle_of(state)
    step = 0
    while True:
        assert fast.current_player == state.current_player and fast.is_over == state.is_over
        if scores or state.is_over:
            assert fast.scores() == state.scores()
        if step % views == 0 or state.is_over:
            same_table(state, old)
        step += 1
        if state.is_over:
            break
        legal = [str(a) for a in state.legal_actions()]
        assert [str(a) for a in old.legal_actions()] == legal
        assert [fast.notation(i) for i in range(fast.legal())] == legal
        if step % 10 == 0:
            wrong = rng.choice(WRONG)
            if wrong not in legal:
                assert str(state.check(wrong)) == str(old.check(wrong))
        choice = rng.randrange(len(legal))
        fast.apply(choice)
        state = state.play(legal[choice])
        old = old.play(legal[choice])
    assert fast.is_over and fast.legal() == 0
    assert fast.state() == state
    return state


def test_the_kernel_follows_the_retired_state_under_random_options() -> None:
    # Every option at a random value in each game (the default values in every fifth), 1-4 players.
    seen: set[tuple[str, str]] = set()
    for index in range(RANDOM_GAMES):
        rng = random.Random(index)
        rules = {} if index % 5 == 0 else random_rules(rng)
        seen.update((name, json.dumps(value)) for name, value in rules.items())
        state = explorer.new_game("bangkok", players=1 + index % 4, seed=6000 + index, **rules)
        follow(state, rng, scores=index < 10, views=1 if index < 5 else 11)
    assert all((name, json.dumps(value)) in seen for name, option in OPTIONS.items()
               for value in option.choices or ())


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda rules: ",".join(f"{k}={v}" for k, v in rules.items()))
def test_the_playout_follows_every_rules_option(rules: dict[str, Any]) -> None:
    for index in range(GAMES):
        players = 1 if "solo_slots" in rules else 1 + index % 4
        state = explorer.new_game("bangkok", players=players, seed=700 + index, **rules)
        follow(state, random.Random(index), scores=index < 2, views=1 if index < 2 else 13)


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
        follow(state, rng, scores=True)
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
def test_the_kernel_plays_start_positions(players: int, start: dict[str, Any]) -> None:
    for index in range(6):
        rng = random.Random(index)
        rules = {} if index == 0 else random_rules(rng)
        follow(State.new(players, seed=index, start=start, **rules), rng, views=3)


def test_a_position_rebuilt_from_a_view_plays_as_the_table() -> None:
    # The strong bot plays from a view alone: the rebuilt kernel holds the view's port, markets and the
    # seat's hand; with the hidden cards and tiles put back as they are, it plays on as the table does.
    from explorer._search.fromview import from_view

    played = 0
    for index in range(30):
        rng = random.Random(index)
        state: Any = explorer.new_game("bangkok", players=1 + index % 4, seed=50 + index,
                                       **({} if index % 2 else random_rules(rng)))
        for _ in range(rng.randrange(1, 60)):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        seat = state.current_player
        rebuilt: Any = from_view(state.view(seat))
        # (card ids may differ: the faces are the view's)
        faces = [[card["card"] for card in s.view(seat)["hand"]] for s in (rebuilt, state)]
        assert faces[0] == faces[1]
        assert rebuilt.phase == state.phase and rebuilt.legal_actions() == state.legal_actions()
        rebuilt._redeal(state.hands, state.boat_pile, state.chilli_pile, state.objectives, state.aside)
        fast, table = rebuilt.playout(), state.playout()
        while not table.is_over:
            assert [fast.notation(i) for i in range(fast.legal())] == \
                [table.notation(i) for i in range(table.legal())]
            assert fast.scores() == table.scores() and fast.current_player == table.current_player
            choice = rng.randrange(table.legal())
            fast.apply(choice)
            table.apply(choice)
        assert fast.scores() == table.scores()
        played += 1
    assert played >= 20
