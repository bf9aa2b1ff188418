"""Hint quality and hint time: the half-second hint's best move against a search given 20 times as long.

    .venv/bin/python benchmarks/hint_quality.py [GAME ...] --positions 10 [--seconds 0.5] [--factor 20]
        [--seed 1000] [--save FILE.jsonl] [--pure-rates] [--no-sync] [--policy GAME ...]

Positions come from real games (heuristic bots playing each other, game seeds 1000, 1001, ...): one
position per game at a random move where the seat to act has a choice. For each, the hint's search
with a seed (a fixed roll-out budget: what ``seconds`` buys from that position) and the same search
with ``factor`` times the budget (another seed) run once each; ``explorer.hint`` is exactly the first
settled by the tie rule at the game's ``explorer._search.hint.TIE_ERRORS`` (tests/explorer/test_hint_ties.py
checks it),
and both are also settled with the other tie margins of ``--ties`` (no new roll-outs: the rule only
reorders a finished search). Printed per game and tie margin: how often the two first moves agree
(with a 95% Wilson interval), how often the short hint's move is within one point of the long search's
leader by the long search's own estimate, how often each picked the rule of thumb's favourite; and the
short hint's wall-clock and CPU time (median, p95). ``--save`` writes every search's per-deal margins
(one JSON line a position) for a later look at other tie rules. The first line says whether the engine
core is compiled: budgets are seeded roll-out counts from ``explorer._search.hint``'s table for the running
build, so the agreement figures hold wherever that table is the same; ``--pure-rates`` gives a compiled
build the pure-Python table (the hint's budgets before session 19), for comparisons on the same build;
``--no-sync`` plays the trick games' later rounds with the dice the first left (as before session 19:
``explorer._search.hint.SYNC_ROUNDS``); ``--policy GAME ...`` makes those games' hints roll out by the strong
bot's policy (``explorer._search.hint.POLICY_GAMES``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time

import explorer
from explorer import _compiled
from explorer._search import hint as hints
from explorer._search.hint import TIE_ERRORS, Searched, searched, suggestions
from explorer._sweeps.stats import wilson
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


def positions_parser(description: str | None, count: int) -> argparse.ArgumentParser:
    """The command line that picks ``positions()``: the games, ``--positions`` (``count`` by default) and
    ``--seed``, with the hint's ``--seconds``; a benchmark adds its own options."""
    parser = argparse.ArgumentParser(description=description,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(explorer.GAMES))
    parser.add_argument("--positions", type=int, default=count)
    parser.add_argument("--seed", type=int, default=1000,
                        help="the first game seed (split a long run into parts with different seeds)")
    parser.add_argument("--seconds", type=float, default=0.5)
    return parser


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _dump(found: Searched) -> dict[str, object]:
    result = found.result
    return {"order": [s.action for s in result.stats], "final": result.final, "deals": result.deals,
            "margins": {s.action: s.margins for s in result.stats}}


def main() -> None:
    parser = positions_parser(__doc__, 10)
    parser.add_argument("--factor", type=float, default=20.0)
    parser.add_argument("--ties", type=float, nargs="*", default=[0.0, 0.5, 1.0, 1.5, 2.0],
                        help="tie margins (standard errors) to settle both searches with, besides the hint's")
    parser.add_argument("--save", help="append every search's per-deal margins to this JSON-lines file")
    parser.add_argument("--policy", nargs="*", help="games whose hints roll out by the strong bot's policy")
    parser.add_argument("--no-sync", action="store_true",
                        help="trick games' later rounds without their own dice (_search.hint.SYNC_ROUNDS)")
    args = parser.parse_args()
    if args.policy is not None:
        hints.POLICY_GAMES = frozenset(args.policy)
    if args.no_sync:
        hints.SYNC_ROUNDS = False
    print(f"engine core: {_compiled.STATUS}; policy "
          f"roll-outs in: {', '.join(sorted(hints.POLICY_GAMES)) or 'none'}; later rounds' own dice: "
          f"{hints.SYNC_ROUNDS}", flush=True)
    for game in args.games:
        hint_ties = TIE_ERRORS.get(game, 0.0)
        ties = sorted(set(args.ties) | {hint_ties})
        agree = dict.fromkeys(ties, 0)
        close = dict.fromkeys(ties, 0)
        prior_short = dict.fromkeys(ties, 0)
        prior_long = dict.fromkeys(ties, 0)
        walls: list[float] = []
        cpus: list[float] = []
        states = positions(game, PLAYERS[game], args.positions, args.seed)
        for index, state in enumerate(states, start=args.seed - 1000):
            wall, cpu = time.perf_counter(), time.process_time()
            short = searched(state, seconds=args.seconds, seed=index)
            first = suggestions(short)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            long_cpu = time.process_time()
            long = searched(state, seconds=args.seconds * args.factor, seed=10_000 + index)
            long_cpu = time.process_time() - long_cpu
            lead = long.result.stats[0]
            line = []
            for k in ties:
                mine, theirs = suggestions(short, k)[0], suggestions(long, k)[0]
                agree[k] += mine.action == theirs.action
                judged = long.result.stat(mine.action)
                gap = lead.value - judged.value if judged is not None and judged.samples else math.inf
                close[k] += gap <= 1.0
                prior_short[k] += mine.action == short.prior[0]
                prior_long[k] += theirs.action == long.prior[0]
                line.append(f"{k:g}:{'=' if mine.action == theirs.action else 'x'}")
            print(f"  {game} position {index + 1}: hint {first[0].action} ({first[0].samples} deals), "
                  f"long leader {lead.action} ({lead.samples} deals), rule of thumb {short.prior[0]}, "
                  f"ties {' '.join(line)}; short hint {walls[-1]:.2f} s wall, {cpus[-1]:.2f} s CPU, "
                  f"long {long_cpu:.1f} s CPU", flush=True)
            if args.save:
                with open(args.save, "a") as out:
                    out.write(json.dumps({"game": game, "index": index, "prior": short.prior[:12],
                                          "short": _dump(short), "long": _dump(long)}) + "\n")
        n = len(states)
        for k in ties:
            low, high = wilson(agree[k] / n, n)
            mark = " (the hint's)" if k == hint_ties else ""
            print(f"{game} {PLAYERS[game]}p, {n} positions, tie margin {k:g} SE{mark}: best move agrees "
                  f"{agree[k]}/{n} ({agree[k] / n:.0%}, 95% interval {low:.0%}-{high:.0%}), within 1 point "
                  f"of the long search's leader {close[k]}/{n} ({close[k] / n:.0%}); rule of thumb's move "
                  f"first: short {prior_short[k]}/{n}, long {prior_long[k]}/{n}", flush=True)
        print(f"{game} {PLAYERS[game]}p, {n} positions: hint time wall median "
              f"{statistics.median(walls):.2f} s, p95 {p95(walls):.2f} s; CPU median "
              f"{statistics.median(cpus):.2f} s, p95 {p95(cpus):.2f} s",
              flush=True)


if __name__ == "__main__":
    main()
