"""The three questions of the analysis app, answered with enough games to be sure (issue 12).

    .venv/bin/python benchmarks/analysis_questions.py [--scale 1.0] [--scheduler tcp://host:8786]

1. Does Bangkok's expert variant change the scores?            expert=false,true, 2-4 players
2. How much does the Klongs "must not touch" reading lengthen the game?   moved_boat, 2-4 players
3. Is there a first-seat advantage in Tindahan with 5 players?

Heuristic bots in every seat. The rows go to notebooks/data/question-*.parquet (the analysis app reads
them); the figures are printed for benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from explorer import analysis

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"



@dataclass(frozen=True)
class Question:
    game: str
    players: list[int]
    vary: dict[str, list[Any]] | None
    games: int


QUESTIONS = {
    "bangkok-expert": Question("bangkok", [2, 3, 4], {"expert": [False, True]}, 300),
    "klongs-moved-boat": Question("klongs", [2, 3, 4],
                                  {"moved_boat": ["need-not-touch", "must-not-touch"]}, 200),
    "tindahan-first-seat": Question("tindahan", [5], None, 2000),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every question's games")
    parser.add_argument("--scheduler", default=None,
                        help="a Dask scheduler address (default: a local cluster)")
    args = parser.parse_args()
    DATA.mkdir(parents=True, exist_ok=True)
    for name, sweep in QUESTIONS.items():
        started = time.perf_counter()
        games = max(10, int(sweep.games * args.scale))
        frame = analysis.run(sweep.game, sweep.players, bots="heuristic", vary=sweep.vary, games=games,
                             seed=2026, scheduler=args.scheduler)
        analysis.write(frame, DATA / f"question-{name}.parquet")
        print(f"\n== {name}: {len(frame)} games in {time.perf_counter() - started:.0f} s")
        print(analysis.summary(frame).round(3).to_string(index=False))
        diffs = analysis.differences(frame)
        if len(diffs):
            print(diffs.round(4).to_string(index=False))


if __name__ == "__main__":
    main()
