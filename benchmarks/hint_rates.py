"""The hint's roll-out cost in this build: CPU per roll-out of seeded hints against their length.

    .venv/bin/python benchmarks/hint_rates.py [GAME ...] --positions 20 [--seed 1000] [--seconds 0.5]

For each position (the positions of benchmarks/hint_quality.py: one per heuristic game), a seeded hint
of ``seconds`` runs as ``explorer.hint`` runs it, timed in CPU (``time.process_time``); its probes'
mean roll-out length (``explorer._search.hint.probe_moves``) and the roll-outs it played give CPU seconds per
roll-out = setup + moves / rate, fitted by least squares over the positions. Printed per game: the fit
(the numbers ``explorer._search.hint.COMPILED_COSTS`` holds for a compiled build), the spread of the actual
cost around it, and the hint's CPU (median, p95, max) with the budget table now in force.
"""

from __future__ import annotations

import random
import statistics
import time

from hint_quality import PLAYERS, p95, positions, positions_parser

from explorer import _compiled
from explorer._search.hint import prior_order, probe_moves, run_search, shortlist


def fit(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """(intercept, slope) of the least-squares line through the points."""
    mx, my = statistics.mean(xs), statistics.mean(ys)
    spread = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / spread if spread else 0.0
    return my - slope * mx, slope


def main() -> None:
    args = positions_parser(__doc__, 20).parse_args()
    print(f"engine core: {_compiled.STATUS}", flush=True)
    for game in args.games:
        lengths: list[float] = []
        costs: list[float] = []
        cpus: list[float] = []
        for index, state in enumerate(positions(game, PLAYERS[game], args.positions, args.seed),
                                      start=args.seed - 1000):
            seat = state.current_player
            assert seat is not None
            started = time.process_time()
            view = state.view(seat)
            candidates = shortlist(game, view, order=prior_order(game, view))
            searched = time.process_time()
            result = run_search(state, seat, args.seconds, index, candidates)
            done = time.process_time()
            lengths.append(probe_moves(state, seat, random.Random(f"hint:{index}")))
            costs.append((done - searched) / result.playouts)
            cpus.append(done - started)
        setup, per_move = fit(lengths, costs)
        ratios = [c / (setup + per_move * m) for c, m in zip(costs, lengths, strict=True)]
        rate = f"{1 / per_move:,.0f}" if per_move > 0 else "inf"
        print(f"{game} {PLAYERS[game]}p, {len(costs)} positions: CPU per roll-out = {setup * 1e6:.0f} us + "
              f"moves / {rate} per s (mean length {statistics.mean(lengths):.1f} moves); actual / fit "
              f"{min(ratios):.2f}-{max(ratios):.2f}; hint CPU median {statistics.median(cpus):.3f} s, "
              f"p95 {p95(cpus):.3f} s, max {max(cpus):.3f} s", flush=True)


if __name__ == "__main__":
    main()
