"""The long run (opt-in, outside CI's time): 100,000 seeded random games across every game, player count
and rules option, with the conformance invariants checked at each game's end.

    .venv/bin/python -m pytest tests/explorer/test_long_run.py -m long -q -s -p no:cacheprovider

Each game must also end within its bound on actions (explorer/_bounds.py). ``LONG_GAMES`` sets the
games per game (default 25,000: 100,000 in all). The games are interleaved (seed 0 of every game,
then seed 1, ...), so a run stopped early still covers every game. Every ``LONG_EVERY`` seeds
(default 1,000) and at the end, the figure so far (games, actions, seconds, failures, per game and in
all) is printed (``-s`` shows it) and, if ``LONG_REPORT`` names a file, written there as JSON;
benchmarks/README.md records the last full run. ``LONG_SHARD=i/n`` plays only the seeds i, i + n, ...:
n processes with i = 0 ... n - 1 share one run between cores, each reporting its part.
"""

from __future__ import annotations

import json
import os
import random
import time
import traceback
from typing import Any

import pytest

import explorer
from explorer import IllegalAction
from explorer._core.bounds import bound

GAMES = int(os.environ.get("LONG_GAMES", "25000"))
# "i/n": this process plays the seeds i, i + n, i + 2n, ... (n processes together play every seed once).
SHARD, SHARDS = (int(part) for part in os.environ.get("LONG_SHARD", "0/1").split("/"))
EVERY = int(os.environ.get("LONG_EVERY", "1000"))
REPORT = os.environ.get("LONG_REPORT", "")

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
    limit = bound(state).actions  # the game's own bound on actions (explorer/_bounds.py)
    steps = 0
    while not state.is_over:
        state = state.play(rng.choice(state.legal_actions()))
        steps += 1
        assert steps <= limit, f"{game} seed {index}: no end within its bound of {limit} actions"
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


def figure(counts: dict[str, dict[str, Any]], started: float, done: bool) -> dict[str, Any]:
    seconds = time.perf_counter() - started
    total = {key: sum(c[key] for c in counts.values()) for key in ("games", "actions", "failures")}
    return {"done": done, "seconds": round(seconds), **total, "per_game": counts}


def report(fig: dict[str, Any]) -> None:
    lines = [f"{game}: {c['games']} games, {c['actions']} actions, {c['failures']} failures"
             for game, c in fig["per_game"].items()]
    state = "done" if fig["done"] else "so far"
    print(f"\nlong run ({state}): {fig['games']} games, {fig['actions']} actions, {fig['seconds']} s, "
          f"{fig['failures']} failures; " + "; ".join(lines), flush=True)
    if REPORT:
        with open(REPORT, "w", encoding="utf-8") as out:
            json.dump(fig, out, indent=1)


def test_long_run() -> None:
    started = time.perf_counter()
    counts: dict[str, dict[str, Any]] = {
        game: {"games": 0, "actions": 0, "failures": 0, "first_failures": []} for game in explorer.GAMES}
    for index in range(SHARD, GAMES, SHARDS):
        for game in explorer.GAMES:
            count = counts[game]
            try:
                count["actions"] += play_one(game, index)
            except Exception as exc:  # any crash is a failure to count, not the end of the run
                count["failures"] += 1
                if len(count["first_failures"]) < 5:
                    text = traceback.format_exception_only(type(exc), exc)[-1].strip()
                    count["first_failures"].append(f"seed {index}: {text[:300]}")
            count["games"] += 1
        if (index // SHARDS + 1) % EVERY == 0 and index + SHARDS < GAMES:
            report(figure(counts, started, done=False))
    final = figure(counts, started, done=True)
    report(final)
    assert final["failures"] == 0, {game: c["first_failures"] for game, c in counts.items()}
