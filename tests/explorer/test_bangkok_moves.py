"""Bangkok's public calls have two implementations with the same rules: the state's own methods
(``_legal``, ``_apply``: what the interpreter runs) and ``explorer._bangkok_moves`` (what runs where
the engine's core is compiled: ``legal_actions`` and ``play`` of ``bangkok.State`` call it then).
Here both play the same seeded games, every rules option at random in half of them, and must agree
at every step: the legal list (order included) and everything the next state shows.

In a pure-Python install this compares the two as Python; compiled (CI, ``./dev``), the compiled
functions against the interpreted methods. ``CONFORMANCE_GAMES`` raises the number of games.
"""

from __future__ import annotations

import os
import random

import pytest

import explorer
from explorer import GameState, _bangkok_moves
from explorer.bangkok import State

from .helpers import sampled_rules

GAMES = int(os.environ.get("CONFORMANCE_GAMES", "24"))


def fresh(state: GameState) -> State:
    """The same position with no legal list cached (both implementations list from scratch)."""
    assert isinstance(state, State)
    copy = object.__new__(State)
    copy.__dict__.update(state.__dict__)
    copy._legal_cache = None
    return copy


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_compiled_calls_and_the_state_methods_play_alike(players: int) -> None:
    rng = random.Random(players)
    for index in range(GAMES // 2 if players > 1 else GAMES):
        state = explorer.new_game("bangkok", players=players, seed=rng.randrange(2**31),
                                  **sampled_rules("bangkok", index, rng))
        while not state.is_over:
            mine = _bangkok_moves.legal_actions(fresh(state))
            theirs = GameState.legal_actions(fresh(state))
            assert mine == theirs, (state.to_record(), len(mine), len(theirs))
            action = rng.choice(theirs)
            a = _bangkok_moves.play(fresh(state), action)
            b = GameState.play(fresh(state), action)
            assert a.snapshot() == b.snapshot(), (state.to_record(), action)
            assert a.actions() == b.actions()
            if rng.random() < 0.1:  # (views are slow: one step in ten)
                seat = rng.randrange(players)
                assert a.view(seat) == b.view(seat), (state.to_record(), action, seat)
            state = b if index % 2 else a
        assert state.outcome() is not None


def test_an_illegal_action_is_refused_alike() -> None:
    state = explorer.new_game("bangkok", players=3, seed=7)
    for action in ("place:PZ@R9L>a1=P", "pass", "renew:R4", 42):
        with pytest.raises(explorer.IllegalAction) as mine:
            _bangkok_moves.play(fresh(state), action)
        with pytest.raises(explorer.IllegalAction) as theirs:
            GameState.play(fresh(state), action)
        assert (mine.value.rule, str(mine.value)) == (theirs.value.rule, str(theirs.value))
