"""The long run (opt-in, outside CI's time): 100,000 seeded random games across every game, player count
and rules option, with the conformance invariants checked at each game's end.

    .venv/bin/python -m pytest tests/explorer/test_long_run.py -m long -p no:randomly -q -s

``LONG_GAMES`` sets the games per game (default 25,000: 100,000 in all). Each game's figure (games,
actions, seconds, failures) is printed; benchmarks/README.md records the last full run.
"""

from __future__ import annotations

import json
import os
import random
import time
from typing import Any

import pytest

import explorer
from explorer import IllegalAction

GAMES = int(os.environ.get("LONG_GAMES", "25000"))
# Far more actions than any game takes: a game that reaches it does not end.
BOUND = 20_000

pytestmark = [pytest.mark.long, pytest.mark.slow]  # -m "not slow" leaves it out too


def random_rules(cls: type[explorer.GameState], rng: random.Random) -> dict[str, Any]:
    """A random value for every option that offers a list of choices (scenarios keep their default)."""
    return {name: rng.choice(option.choices) for name, option in cls.OPTIONS.items() if option.choices}


def play_one(game: str, index: int) -> int:
    cls = explorer.game_class(game)
    rng = random.Random(index)
    players = cls.MIN_PLAYERS + index % (cls.MAX_PLAYERS - cls.MIN_PLAYERS + 1)
    state = explorer.new_game(game, players=players, seed=index, **random_rules(cls, rng))
    inventory = state.inventory()
    steps = 0
    while not state.is_over:
        state = state.play(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < BOUND, f"{game} seed {index}: no end after {BOUND} actions"
    assert state.inventory() == inventory, "components must be conserved"
    totals = [0] * players
    for line in state.score_sheet():
        assert line.rule in state.RULES, line
        totals[line.seat] += line.points
    assert totals == state.scores()
    for seat in range(players):
        text = json.dumps(state.view(seat))
        assert not any(secret in text for secret in state.secrets(seat))
    with pytest.raises(IllegalAction):
        state.play("no-such-action")
    record = json.loads(json.dumps(state.to_record()))
    assert explorer.replay(record) == state
    return steps


def test_long_run(game: str) -> None:
    started, actions, failures = time.perf_counter(), 0, []
    for index in range(GAMES):
        try:
            actions += play_one(game, index)
        except AssertionError as exc:
            failures.append(f"seed {index}: {exc}")
    seconds = time.perf_counter() - started
    print(f"\n{game}: {GAMES} games, {actions} actions, {seconds:.0f} s, {len(failures)} failures")
    assert not failures, failures[:5]
