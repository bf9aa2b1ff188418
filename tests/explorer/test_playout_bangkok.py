"""Bangkok's playout path under every rules option and from the middle of games.

``test_playout.py`` compares every game's playout with the public API from new default games; Bangkok's
playout keeps a rule code of its own (counted from tables, played in lists), so here it also meets
the options that change the rules (expert markets and their readings, refilling once, the solo
slots), positions in the market and return phases, and its scores at every step (the search reads
them mid-game).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import explorer
from explorer.bangkok import OPTIONS, State

GAMES = max(8, int(os.environ.get("CONFORMANCE_GAMES", "2000")) // 50)
#: What an option's values need in order to act: the expert reading reads the expert markets.
ACTS_WITH: dict[str, dict[str, Any]] = {"expert_reading": {"expert": True}}
#: Every value but the default of every option that lists its choices, with what it needs to act:
#: drawn from the options, so that a new one meets the playout here at once.
VARIANTS: list[dict[str, Any]] = [{**ACTS_WITH.get(name, {}), name: value} for name, option in OPTIONS.items()
                                  for value in option.choices or () if value != option.default]


def follow(state: Any, rng: random.Random, *, scores: bool) -> None:
    """Play ``state`` to its end by random indices on its playout and the public API side by side."""
    fast = state.playout()
    while not state.is_over:
        legal = [str(a) for a in state.legal_actions()]
        assert fast.current_player == state.current_player and not fast.is_over
        assert [fast.notation(i) for i in range(fast.legal())] == legal
        if scores:
            assert fast.scores() == state.scores()
        choice = rng.randrange(len(legal))
        fast.apply(choice)
        state = state.play(legal[choice])
    assert fast.is_over and fast.legal() == 0
    assert fast.scores() == state.scores()
    assert fast.state() == state


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda rules: ",".join(f"{k}={v}" for k, v in rules.items()))
def test_the_playout_follows_every_rules_option(rules: dict[str, Any]) -> None:
    for index in range(GAMES):
        players = 1 if "solo_slots" in rules else 1 + index % 4
        state = explorer.new_game("bangkok", players=players, seed=700 + index, **rules)
        follow(state, random.Random(index), scores=index < 2)


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
