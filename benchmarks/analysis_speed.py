"""How fast a sweep runs: games per second inline, on 1 and 2 local Dask workers, and the overhead per
game of the sweep machinery against a plain loop over the same games (issue 12).

    .venv/bin/python benchmarks/analysis_speed.py [--games 400] [--game tindahan] [--players 4]

The plain loop plays as many games of the same game and bots (seeds 0, 1, ...) through the public
table, with no DataFrame, no batches and no Dask: the anchor every other figure is a ratio to,
measured in the same run.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import explorer
from explorer import analysis
from explorer.table import Table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--game", default="tindahan")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3, help="interleaved repetitions (medians)")
    args = parser.parse_args()
    def plain() -> None:
        for seed in range(args.games):
            Table(explorer.new_game(args.game, players=args.players, seed=seed), "heuristic").play_out()

    def sweep(**kwargs: object) -> None:
        frame = analysis.run(args.game, args.players, bots="heuristic", games=args.games, seed=7,
                             progress=False, **kwargs)  # type: ignore[arg-type]
        assert len(frame) == args.games

    modes: dict[str, Callable[[], None]] = {
        "plain loop": plain, "inline run()": lambda: sweep(scheduler="inline"),
        "1 Dask worker": lambda: sweep(workers=1), "2 Dask workers": lambda: sweep(workers=2)}
    times: dict[str, list[float]] = {name: [] for name in modes}
    for _ in range(args.rounds):  # interleaved, so a busy moment hits every mode alike
        for name, run in modes.items():
            started = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - started)
    anchor = statistics.median(times["plain loop"])
    for name, took_all in times.items():
        took = statistics.median(took_all)
        print(f"{name:15} {args.games / took:7.1f} games/s  ({took / anchor:.2f}x the plain loop's time, "
              f"{(took - anchor) / args.games * 1000:+.1f} ms a game, cluster start included)")

if __name__ == "__main__":
    main()
