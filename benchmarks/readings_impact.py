"""How much a reading matters: seeded games played under the default and under another reading.

    .venv/bin/python benchmarks/readings_impact.py [--games 300] [--bots random|heuristic] [--seed 0]
        [--only GAME ...]

For each reading in ``READINGS`` (a rules option's other value, or Klongs' second built-in edition),
the same seeds are played twice, under the game's defaults and under that reading alone, with the same
bots (seeded alike: a random bot picks the same index of the legal list, a heuristic bot sees the same
positions until the readings part). Player counts cycle over the game's range. Printed per reading:
games whose final scores differ, games whose winners differ, and games where the two readings gave
some player a different legal list at some point (the moves themselves changed). Counts of games,
not times: the figures do not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

import explorer
from explorer import _compiled
from explorer.bots import make_bot
from explorer.klongs import REVIEW_TRACK

#: game -> (what is changed, as new_game keywords) per reading issue 24 named.
READINGS: dict[str, list[dict[str, Any]]] = {
    "bangkok": [{"type4": "each-copy"}],
    "klongs": [{"edition": REVIEW_TRACK}, {"big_market_take": "unclaimed-too"},
               {"big_market_end": "decline-is-final"}, {"stall_causer": "first-passer"}],
    "tindahan": [{"empty_round_sellers": "on-the-stalls"}],
    "bastos": [{"value_move_at_limit": "may-stay"}],
}
#: Each reading is compared with the defaults plus what it needs to mean anything (Tindahan's
#: empty-round reading only speaks when sellers stay on the stalls).
BASE: dict[str, dict[str, Any]] = {"tindahan": {"sellers_between_rounds": "stay"}}


def played(game: str, players: int, seed: int, bots: str, changes: dict[str, Any]) -> Iterator[Any]:
    """Every legal list of a seeded game under ``changes`` (as it is played), then its outcome."""
    state = explorer.new_game(game, players=players, seed=seed, **changes)
    if bots == "random":
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            yield [str(a) for a in legal]
            state = state.play(legal[rng.randrange(len(legal))])
    else:
        seats = [make_bot(game, "heuristic", seed=seed * 10 + seat) for seat in range(players)]
        while not state.is_over:
            view = state.view(state.current_player)
            yield view["legal"]
            state = state.play(seats[state.current_player].choose(view))
    yield state.outcome()


def compare(game: str, reading: dict[str, Any], games: int, bots: str, seed: int) -> tuple[int, int, int]:
    cls = explorer.game_class(game)
    base = BASE.get(game, {})
    scores = winners = moves = 0
    for index in range(games):
        players = cls.MIN_PLAYERS + index % (cls.MAX_PLAYERS - cls.MIN_PLAYERS + 1)
        a = list(played(game, players, seed + index, bots, base))
        b = list(played(game, players, seed + index, bots, {**base, **reading}))
        scores += a[-1].scores != b[-1].scores
        winners += a[-1].winners != b[-1].winners
        moves += a[:-1] != b[:-1]
    return scores, winners, moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--bots", choices=("random", "heuristic"), default="random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", nargs="*", choices=sorted(READINGS), default=sorted(READINGS))
    args = parser.parse_args(argv)
    print(f"engine core: {_compiled.STATUS}; {args.games} games per reading, {args.bots} bots, "
          f"seeds {args.seed}-{args.seed + args.games - 1}")
    for game in args.only:
        for reading in READINGS[game]:
            began = time.process_time()
            scores, winners, moves = compare(game, reading, args.games, args.bots, args.seed)
            what = ", ".join(f"{k}={v}" for k, v in reading.items())
            print(f"{game:9} {what:58} scores differ {scores:4}  winners {winners:4}  moves {moves:4}  "
                  f"({time.process_time() - began:.0f} s CPU)", flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
