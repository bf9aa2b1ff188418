"""Random playouts, in actions per second of CPU time, one core.

    .venv/bin/python benchmarks/engine_speed.py [--seconds 5] [--playout] [--wall] [--bots KIND] [GAME ...]

Each action is one `legal_actions()` query plus one `play()` (which returns a new state), exactly
what a bot or a learner's click costs. With `--playout`, each game's playout path is measured too
(`state.playout()`: `legal()` + `apply(index)` in place, what bots and hints simulate with). If
OpenSpiel (`pip install open_spiel`) is importable, its pure-Python games are measured in the same
run (`legal_actions()` + `apply_action()`, which mutates in place; chance steps count as actions)
and the ratios are printed. With `--bots KIND`, every seat is that bot instead
(`explorer.table.play_out`, each bot reading `view(seat)`): what a simulation costs.

Rates are CPU time (`time.process_time`) unless `--wall`: on a shared machine the wall clock swings
with the others' load. Pin to one core for steady figures (`taskset -c 1`).

The first line says whether the engine's core runs compiled (`explorer._compiled`, built by setup.py)
or as pure Python, and why; `RULES_EXPLORER_PURE=1` measures pure Python.

In the browser's interpreter (Pyodide: CPython compiled to WebAssembly, what a static site runs), in
Node: `node benchmarks/pyodide_run.mjs PYODIDE_DIR WHEELS_DIR benchmarks/engine_speed.py [...]` (CPU
time there is Node's; benchmarks/README.md, "In the browser", says how to set it up). Compare it with
a pure-Python run of CPython on the same machine, interleaved.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import explorer
from explorer.table import play_out

GOALS = {"tindahan": 50_000, "bastos": 50_000, "bangkok": 30_000, "klongs": 20_000}
SPIEL_GAMES = ("python_tic_tac_toe", "python_kuhn_poker", "python_liars_poker", "python_block_dominoes")

clock = time.process_time


def rate(run_one: Callable[[random.Random], int], seconds: float) -> float:
    """Actions per second of ``run_one`` (plays one game, returns its action count), best of 3 slices."""
    best = 0.0
    for part in range(3):
        rng = random.Random(part)
        actions, start = 0, clock()
        while (elapsed := clock() - start) < seconds / 3:
            actions += run_one(rng)
        best = max(best, actions / elapsed)
    return best


def explorer_game(game: str, players: int) -> Callable[[random.Random], int]:
    def run_one(rng: random.Random) -> int:
        state = explorer.new_game(game, players=players, seed=rng.randrange(2**31))
        n = 0
        while not state.is_over:
            state = state.play(rng.choice(state.legal_actions()))
            n += 1
        return n

    return run_one


def playout_game(game: str, players: int) -> Callable[[random.Random], int]:
    """The playout path: a new game's ``playout()``, random indices to its end (set-up included)."""
    def run_one(rng: random.Random) -> int:
        playout = explorer.new_game(game, players=players, seed=rng.randrange(2**31)).playout()
        n = 0
        while not playout.is_over:
            playout.apply(rng.randrange(playout.legal()))
            n += 1
        return n

    return run_one


def bot_game(game: str, players: int, kind: str) -> Callable[[random.Random], int]:
    def run_one(rng: random.Random) -> int:
        final = play_out(explorer.new_game(game, players=players, seed=rng.randrange(2**31)), kind)
        return len(final.actions())

    return run_one


def spiel_game(name: str) -> Callable[[random.Random], int]:
    import pyspiel
    from open_spiel.python import games  # noqa: F401  # registers the python_* games

    game = pyspiel.load_game(name)

    def run_one(rng: random.Random) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    return run_one


def main() -> None:
    global clock
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=None)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--playout", action="store_true", help="measure each game's playout path too")
    parser.add_argument("--wall", action="store_true", help="wall-clock rates instead of CPU time")
    parser.add_argument("--bots", choices=("random", "heuristic"), default=None,
                        help="seat this bot kind everywhere instead of random playouts")
    args = parser.parse_args()
    if args.wall:
        clock = time.perf_counter
    ours: dict[str, float] = {}
    from explorer import _compiled

    print(f"engine core: {_compiled.STATUS} ({', '.join(_compiled.MODULES)})")
    print(f"actions per second of {'wall-clock' if args.wall else 'CPU'} time")
    print(f"{'game':<28}{'players':>8}{'actions/s':>12}{'goal':>10}")
    for game in args.games or explorer.GAMES:
        cls = explorer.game_class(game)
        for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
            run_one = bot_game(game, players, args.bots) if args.bots else explorer_game(game, players)
            r = rate(run_one, args.seconds)
            ours[f"{game}/{players}p"] = r
            goal = GOALS.get(game, 0)
            verdict = "ok" if r >= goal else "BELOW"
            print(f"{game:<28}{players:>8}{r:>12,.0f}{goal:>10,} {verdict}", flush=True)
            if args.playout and not args.bots:
                r = ours[f"{game}/{players}p playout"] = rate(playout_game(game, players), args.seconds)
                print(f"{game + ' playout':<28}{players:>8}{r:>12,.0f}", flush=True)
    if args.bots:
        return
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel not installed: no comparison (pip install open_spiel to add one)")
        return
    print("(C++ games are not comparable: this is pure Python against pure Python)")
    spiel = {}
    for name in SPIEL_GAMES:
        spiel[name] = rate(spiel_game(name), args.seconds)
        print(f"{'openspiel ' + name:<28}{'':>8}{spiel[name]:>12,.0f}", flush=True)
    mean_spiel = sum(spiel.values()) / len(spiel)
    print(f"ratio to OpenSpiel's pure-Python games (mean {mean_spiel:,.0f}/s):")
    for key, value in ours.items():
        print(f"  {key:<28} {value / mean_spiel:5.2f}x")


if __name__ == "__main__":
    main()
