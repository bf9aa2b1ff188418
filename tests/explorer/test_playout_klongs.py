"""Klongs' kernel against the retired state, under every rules option, edition and phase.

The kernel (the game package's ``_kernel`` module) replaced the state's own rule code and the playout's copy
of it. Until the oracle goes, the retired state (``_oracle_klongs_state``, with its mechanics) plays
beside the kernel's state and its playout move by move: random values of all the options at once, a
user's edition, every phase as a starting point, the rulebook's scenario positions; legal actions,
score sheets, every seat's view, snapshots and the fields the bot and the refusals read must agree.

``CONFORMANCE_GAMES`` sets how many random games the first test plays (default 100; the issue's
proof ran it with thousands).
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

import explorer
from explorer import GameState
from explorer.klongs import OPTIONS, State
from explorer.klongs.examples import (
    COOKSHOP_POSITION,
    JOHN_POSITION,
    THIEF_POSITION,
    big_market_position,
    inspector_position,
)

from ._oracle_klongs_state import State as Oracle
from .test_klongs_editions import small_edition

for _name in ("GAME", "RULES", "OPTIONS", "MIN_PLAYERS", "MAX_PLAYERS", "SEAT_NAMES"):
    setattr(Oracle, _name, getattr(State, _name))
#: The state's fields that the view, the refusals and the bot read.
FIELDS = ("board", "occ", "full", "owner", "mine", "hands", "stacks", "stocks", "discard", "supply", "cards",
          "entered", "seen", "lukphat", "lines", "turn", "moved", "placed", "pending_market", "passes",
          "master", "market_days", "skip_draw", "market")

GAMES = max(20, int(os.environ.get("CONFORMANCE_GAMES", "100")))
#: Every phase a Klongs position can be in while a seat acts, in the kernel's order (its ints).
PHASES = ("turn", "possess", "thief", "inspect", "after", "market", "draw")
PHASE_NAMES = (*PHASES, "over")


def random_rules(rng: random.Random) -> dict[str, Any]:
    """A random value of every Klongs option that lists its choices."""
    return {name: rng.choice(option.choices) for name, option in OPTIONS.items() if option.choices}


def oracle_of(state: Any) -> Any:
    """The retired state (``_oracle_klongs_state``) at ``state``'s position, replayed from its start."""
    old: Any = Oracle.new(state.players, state.seed, edition=state.edition, **state.rules)
    for action in state.actions():
        old = old.play(action)
    return old


def same_table(state: Any, old: Any) -> None:
    """The kernel's state and the retired one agree on everything a reader of the state sees."""
    assert state.to_act == old.to_act and state.phase == old.phase
    assert state.score_sheet() == old.score_sheet() and state.scores() == old.scores()
    for name in FIELDS:
        assert getattr(state, name) == getattr(old, name), name
    for seat in range(state.players):
        assert json.dumps(state.view(seat), sort_keys=True) == json.dumps(old.view(seat), sort_keys=True)
    assert state.snapshot() == old.snapshot() and state.board_text() == old.board_text()


def same_position(fast: Any, state: Any) -> None:
    """What the search and the roll-out policy read of the playout (the kernel without a log)."""
    assert fast.current_player == state.current_player and fast.is_over == state.is_over
    assert fast.scores() == state.scores()
    assert PHASE_NAMES[fast.phase] == state.phase
    if not state.is_over:
        assert fast.turn == state.turn and fast.placed == state.placed
    assert fast.board == list(state.board) and fast.owner == list(state.owner)
    assert fast.supply == list(state.supply) and fast.cards == list(state.cards)
    for name in ("hands", "stocks", "stacks"):
        assert getattr(fast, name) == [list(x) for x in getattr(state, name)]


def follow(state: GameState, rng: random.Random, *, every_list: bool = True, views: int = 1) -> GameState:
    """Play ``state`` to its end by random indices on the retired state, the kernel's state and its
    playout side by side, comparing at every step the legal actions (all of them, or the count and
    the one chosen), and the whole table every ``views`` steps (and at the end)."""
    fast = state.playout()
    old = oracle_of(state)
    step = 0
    while True:
        same_position(fast, state)
        if step % views == 0 or state.is_over:
            same_table(state, old)
        step += 1
        if state.is_over:
            break
        legal = [str(a) for a in state.legal_actions()]
        assert [str(a) for a in old.legal_actions()] == legal
        assert fast.legal() == len(legal)
        if every_list:
            assert [fast.notation(i) for i in range(len(legal))] == legal
        choice = rng.randrange(len(legal))
        assert fast.notation(choice) == legal[choice]
        fast.apply(choice)
        state = state.play(legal[choice])
        old = old.play(legal[choice])
    assert fast.legal() == 0 and fast.current_player is None
    assert fast.state() == state
    return state


def test_the_playout_follows_the_public_api_under_random_options() -> None:
    # Every option at a random value in each game (the default values in every fifth), 2-4 players,
    # the default edition and (every seventh game) a small user's edition.
    edition = small_edition()
    seen: set[tuple[str, Any]] = set()
    for index in range(GAMES):
        rng = random.Random(index)
        rules = {} if index % 5 == 0 else random_rules(rng)
        seen.update(rules.items())
        state = explorer.new_game("klongs", players=2 + index % 3, seed=7000 + index,
                                  edition=edition if index % 7 == 3 else None, **rules)
        follow(state, rng, every_list=index < 30, views=1 if index < 10 else 9)
    assert all((name, value) in seen for name, option in OPTIONS.items() for value in option.choices or ())


def test_the_playout_starts_in_every_phase() -> None:
    # Each game stops at a position of the phase it looks for (not always the first one), then both
    # sides play on to the end: three starts per phase. Some phases are rare (an inspector placed in
    # a thief's column: once in about 25 games), so most games stop, or end, without being followed.
    starts = dict.fromkeys(PHASES, 0)
    index = 0
    while min(starts.values()) < 3 and index < 1000:
        wanted = PHASES[index % len(PHASES)]
        rng = random.Random(index)
        rules = random_rules(rng)
        if wanted == "draw":
            rules["more_tactics"] = True
        state: Any = explorer.new_game("klongs", players=2 + index % 3, seed=900 + index, **rules)
        skip = rng.randrange(3)
        while not state.is_over and (state.phase != wanted or skip):
            if state.phase == wanted:
                skip -= 1
            state = state.play(rng.choice(state.legal_actions()))
        index += 1
        if not state.is_over and starts[wanted] < 3:
            starts[wanted] += 1
            follow(state, rng)
    assert min(starts.values()) == 3, starts


SCENARIOS: list[tuple[int, dict[str, Any]]] = [
    (2, THIEF_POSITION), (3, JOHN_POSITION), (3, COOKSHOP_POSITION),
    (2, inspector_position(["c5", "d7"])), (2, inspector_position(["d5"])),
    (3, big_market_position([10, 4, 7], {}, 0)), (3, big_market_position([5, 5, 9], {"h6": "fish:1@red"}, 2)),
]


@pytest.mark.parametrize(("players", "position"), SCENARIOS)
def test_the_playout_plays_the_rulebook_scenarios(players: int, position: dict[str, Any]) -> None:
    for index in range(4):
        rng = random.Random(index)
        rules = {} if index == 0 else random_rules(rng)
        follow(State.from_position(players, position, seed=index, **rules), rng)


def test_cards_put_away_leave_only_placements_and_the_rest_of_the_rules() -> None:
    # The strong bot's roll-outs put every movement card away after the candidate move
    # (explorer._search.rollout): the playout then plays as the public API does with no cards left.
    for seed in range(4):
        state = explorer.new_game("klongs", players=2 + seed % 3, seed=seed)
        no_cards = State.from_position(state.players, {"movement_cards": [0] * state.players}, seed=seed)
        fast = state.playout()
        fast.put_cards_away()  # type: ignore[attr-defined]
        rng = random.Random(seed)
        public: GameState = no_cards
        while not fast.is_over:
            legal = [str(a) for a in public.legal_actions()]
            assert [fast.notation(i) for i in range(fast.legal())] == legal
            assert not any(a.startswith("move:") for a in legal)
            choice = rng.randrange(len(legal))
            fast.apply(choice)
            public = public.play(legal[choice])
        assert fast.scores() == public.scores()


def test_a_thief_with_every_target_protected_has_no_placement() -> None:
    # The public list is written a mask at a time; a thief whose targets are all in an inspector's
    # column has none of its own, while the other boats in the hand keep theirs (a listing that gave
    # the thief the others' spaces once listed more actions than the kernel counted).
    found = 0
    for seed in range(400):
        state: Any = explorer.new_game("klongs", players=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and found < 2:
            if state.phase == "turn":
                thieves = [b for b in state.hand_ids(state.to_act) if state.boat(b)["special"] == "thief"]
                legal = [str(a) for a in state.legal_actions()]
                if thieves and any(a.startswith("place:") for a in legal) and not any(
                        a.startswith(f"place:{b}@") for b in thieves for a in legal):
                    found += 1
                    assert legal == [str(a) for a in oracle_of(state).legal_actions()]
                    fast = state.playout()
                    assert fast.legal() == len(legal)
            state = state.play(rng.choice(state.legal_actions()))
        if found >= 2:
            break
    assert found >= 2  # seeds 0-399 hold two such positions
