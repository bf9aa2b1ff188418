"""Every game's playout path (``state.playout()``) follows the public API move by move."""

from __future__ import annotations

import os
import random

import explorer

from .helpers import sampled_rules

GAMES_PER_GAME = max(20, int(os.environ.get("CONFORMANCE_GAMES", "2000")) // 2)


def test_playout_follows_the_public_api(game: str) -> None:
    cls = explorer.game_class(game)
    counts = list(range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1))
    for index in range(GAMES_PER_GAME):
        seed = 5000 + index
        rng = random.Random(seed)
        rules = sampled_rules(game, index, rng)
        state = explorer.new_game(game, players=counts[index % len(counts)], seed=seed, **rules)
        fast = state.playout()
        deep = index < 20  # every legal list compared in the first games, the choices in all
        while not state.is_over:
            legal = [str(a) for a in state.legal_actions()]
            assert fast.current_player == state.current_player and not fast.is_over
            assert fast.legal() == len(legal)
            if deep:
                assert [fast.notation(i) for i in range(len(legal))] == legal
            choice = rng.randrange(len(legal))
            assert fast.notation(choice) == legal[choice]
            fast.apply(choice)
            state = state.play(legal[choice])
        assert fast.is_over and fast.current_player is None and fast.legal() == 0
        assert fast.scores() == state.scores()
        assert fast.state() == state


def test_a_playout_leaves_its_state_alone(game: str) -> None:
    cls = explorer.game_class(game)
    state = explorer.new_game(game, players=cls.MIN_PLAYERS, seed=3)
    before = state.snapshot()
    fast = state.playout()
    rng = random.Random(3)
    while not fast.is_over:
        fast.apply(rng.randrange(fast.legal()))
    assert state.snapshot() == before and state.actions() == []
