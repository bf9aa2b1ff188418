"""The searches' speed: roll-outs a second of the seeded hint and of the strong bot, one core.

    .venv/bin/python benchmarks/search_speed.py [GAME ...] [--positions 6] [--seed 1000] [--seconds 0.5]

Positions from heuristic games (benchmarks/hint_quality.py's: one position a game where the seat to
act has a choice). At each, a seeded hint of ``seconds`` (``explorer._search.hint.run_search``, as
``explorer.hint(state, seed=...)`` runs it) and the strong bot's move from that seat's view
(``explorer.bots.make_bot(game, "strong", seed)`` watching the table, as the apps seat it). Both
budgets are roll-out counts for a seed, so a build does the same work wherever it runs: printed per
game, the roll-outs a second of CPU time and each search's CPU time (median, max). Under Pyodide
(``node benchmarks/pyodide_run.mjs``) it measures what a static site's visitor waits for.
"""

from __future__ import annotations

import statistics
import time

from hint_quality import PLAYERS, positions, positions_parser

from explorer import _compiled
from explorer._search.hint import prior_order, run_search, shortlist
from explorer._search.strong import StrongBot


def main() -> None:
    parser = positions_parser(__doc__, 6)
    args = parser.parse_args()
    print(f"engine core: {_compiled.STATUS}", flush=True)
    print(f"{'game':<10}{'search':<8}{'roll-outs/s':>12}{'median s':>10}{'max s':>8}", flush=True)
    for game in args.games:
        found = positions(game, PLAYERS[game], args.positions, args.seed)
        for kind in ("hint", "strong"):
            rollouts, times = 0, []
            for index, state in enumerate(found):
                seat = state.current_player
                assert seat is not None
                view = state.view(seat)
                started = time.process_time()
                if kind == "hint":
                    candidates = shortlist(game, view, order=prior_order(game, view))
                    result = run_search(state, seat, args.seconds, index, candidates)
                else:
                    bot = StrongBot(game, seed=index, seconds=args.seconds)
                    bot.watch(lambda state=state: state)
                    bot.choose(view)
                    if bot.last is None:  # one legal move: no search
                        continue
                    result = bot.last
                times.append(time.process_time() - started)
                rollouts += result.playouts
            rate = rollouts / sum(times) if times else 0.0
            print(f"{game:<10}{kind:<8}{rate:>12,.0f}{statistics.median(times):>10.3f}{max(times):>8.3f}",
                  flush=True)


if __name__ == "__main__":
    main()
