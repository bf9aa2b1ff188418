"""Every game's playout path (``state.playout()``) follows the public API move by move."""

from __future__ import annotations

import os
import random

import pytest

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


def test_a_finished_playout_lets_go_of_its_state(game: str) -> None:
    # A search makes a playout from every sampled deal for every move it tries: a reference kept
    # after the playout is gone (mypyc's compiled __init__ once leaked one each) kept every deal in
    # memory, 1 GB over 100 strong-bot games.
    import sys

    cls = explorer.game_class(game)
    for players in (cls.MIN_PLAYERS, cls.MAX_PLAYERS):
        state = explorer.new_game(game, players=players, seed=4)
        held = sys.getrefcount(state)
        rng = random.Random(4)
        for _ in range(30):
            fast = state.playout()
            while not fast.is_over:
                fast.apply(rng.randrange(fast.legal()))
            fast.scores()
            del fast
        assert sys.getrefcount(state) == held, f"{players} players: {sys.getrefcount(state) - held} kept"


@pytest.mark.parametrize("game", ["tindahan", "bastos", "klongs"])
def test_a_playout_refuses_an_index_out_of_range_and_keeps_going(game: str) -> None:
    state = explorer.new_game(game, players=3, seed=8)
    fast = state.playout()
    count = fast.legal()
    for bad in (count, -1):
        with pytest.raises(IndexError):
            fast.apply(bad)
        with pytest.raises(IndexError):
            fast.notation(bad)
    rng = random.Random(1)
    for _ in range(25):
        fast.apply(rng.randrange(fast.legal()))
    middle = fast.state()
    assert len(middle.actions()) == 25 and state.actions() == []
    while not fast.is_over:
        fast.apply(rng.randrange(fast.legal()))
    final = fast.state()
    assert final.is_over and final.actions()[:25] == middle.actions() and final.scores() == fast.scores()
