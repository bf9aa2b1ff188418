"""Hint quality and hint time: the half-second hint's best move against a search given 20 times as long.

    .venv/bin/python benchmarks/hint_quality.py [GAME ...] --positions 10 [--seconds 0.5] [--factor 20]
        [--seed 1000]

Positions come from real games (heuristic bots playing each other, game seeds 1000, 1001, ...): one
position per game at a random move where the seat to act has a choice. For each, ``explorer.hint``
with a seed (a fixed roll-out budget: ``seconds`` times the game's calibrated rate) and a hint with
``factor`` times the budget (another seed) pick their best moves. Printed per game: how often they
agree, how often the short hint's move is within one point of the long search's best by the long
search's own estimate, the short hint's wall-clock and CPU time (median, p95), and the budgets.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import explorer
from explorer.table import Table

PLAYERS = {"tindahan": 4, "bastos": 4, "bangkok": 2, "klongs": 2}


def positions(game: str, players: int, count: int, seed: int = 1000) -> list[explorer.GameState]:
    out: list[explorer.GameState] = []
    while len(out) < count:
        table = Table(explorer.new_game(game, players=players, seed=seed), "heuristic")
        history = [table.state]
        while not table.state.is_over:
            mover = table.state.current_player
            assert mover is not None
            table.play(table.choose(mover))
            history.append(table.state)
        rng = random.Random(seed)
        choices = [s for s in history if not s.is_over and len(s.legal_actions()) > 1]
        out.append(rng.choice(choices))
        seed += 1
    return out


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(explorer.GAMES))
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--factor", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=1000,
                        help="the first game seed (split a long run into parts with different seeds)")
    args = parser.parse_args()
    for game in args.games:
        agree = close = 0
        walls: list[float] = []
        cpus: list[float] = []
        states = positions(game, PLAYERS[game], args.positions, args.seed)
        for index, state in enumerate(states, start=args.seed - 1000):
            wall, cpu = time.perf_counter(), time.process_time()
            short = explorer.hint(state, seconds=args.seconds, seed=index)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            long = explorer.hint(state, seconds=args.seconds * args.factor, seed=10_000 + index)
            best = long[0]
            agree += short[0].action == best.action
            judged = next(s for s in long if s.action == short[0].action)
            close += best.value - judged.value <= 1.0 if judged.samples else False
            print(f"  {game} position {index + 1}: short {short[0].action} ({short[0].samples} deals), "
                  f"long {best.action} ({best.samples} deals), gap {best.value - judged.value:.2f}, "
                  f"short hint {walls[-1]:.2f} s wall, {cpus[-1]:.2f} s CPU", flush=True)
        n = len(states)
        print(f"{game}: agree {agree} close {close} n {n} walls {[round(w, 3) for w in walls]} "
              f"cpus {[round(c, 3) for c in cpus]}", flush=True)
        print(f"{game} {PLAYERS[game]}p, {n} positions: best move agrees {agree}/{n} ({agree / n:.0%}), "
              f"within 1 point of the long search's best {close}/{n} ({close / n:.0%}); "
              f"hint time wall median {statistics.median(walls):.2f} s, p95 {p95(walls):.2f} s; "
              f"CPU median {statistics.median(cpus):.2f} s, p95 {p95(cpus):.2f} s", flush=True)


if __name__ == "__main__":
    main()
