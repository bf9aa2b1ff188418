"""Bot strength: one bot of a kind against the others of another kind, win shares with 95% intervals.

    .venv/bin/python benchmarks/bot_strength.py bangkok --players 2 --games 60 [--bot strong]
        [--against heuristic] [--think 0.5] [--seed 0] [--rollout policy|random]

The bot under test sits at seat ``game % players`` (every seat in turn), the other seats hold the
``--against`` kind. A win shared by k seats counts 1/k. Printed: the bot's win share with a Wilson 95%
interval, its ratio to the fair share (1 / players), its mean score margin over the best opponent and
the CPU seconds per move it chose. A strong bot thinks for ``--think`` seconds of roll-out budget
(a fixed number of roll-outs: explorer._search.strong.ROUND_RATES for the trick games, SETTINGS for Bangkok
and Klongs, times COMPILED_SPEEDUP where the engine core runs compiled), so the figures do not depend
on the machine's load, only on the build (the first line says which).
"""

from __future__ import annotations

import argparse
import time

import explorer
from explorer._sweeps.stats import wilson
from explorer.bots import make_bot
from explorer.table import Table, bot_seed


def run(game: str, players: int, games: int, bot: str, against: str, think: float,
        seed: int, progress: bool = False, rollout: str = "policy") -> dict[str, float]:
    share = margin = 0.0
    cpu = 0.0
    moves = 0
    for g in range(games):
        state = explorer.new_game(game, players=players, seed=seed + g)
        hero = g % players
        tested = make_bot(game, bot, bot_seed(state.seed, hero))
        if hasattr(tested, "seconds"):
            tested.seconds = think
        if rollout == "random" and hasattr(tested, "random_rollouts"):
            tested.random_rollouts()
        table = Table(state, {s: (tested if s == hero else against) for s in range(players)})
        watch = getattr(tested, "watch", None)
        if watch is not None:
            watch(lambda t=table: t.state)
        while not table.state.is_over:
            mover = table.state.current_player
            assert mover is not None
            start = time.process_time()
            action = table.choose(mover)
            if mover == hero:
                cpu += time.process_time() - start
                moves += 1
            table.play(action)
        outcome = table.state.outcome()
        assert outcome is not None
        if hero in outcome.winners:
            share += 1 / len(outcome.winners)
        others = [p for s, p in enumerate(outcome.scores) if s != hero]
        margin += outcome.scores[hero] - (max(others) if others else 0)
        if progress:  # a running tally: a long run cut short still tells something
            print(f"  game {g + 1}: seat {hero}, scores {list(outcome.scores)}, "
                  f"share so far {share:.1f}/{g + 1}, {cpu / max(1, moves):.3f} CPU s/move so far",
                  flush=True)
    low, high = wilson(share / games, games)
    return {"share": share / games, "low": low, "high": high, "fair": 1 / players,
            "margin": margin / games, "cpu_per_move": cpu / max(1, moves)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=explorer.GAMES)
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--progress", action="store_true", help="print each game's result")
    parser.add_argument("--rollout", choices=("policy", "random"), default="policy",
                        help="the strong bot's roll-outs: its game's policy, or random moves (as before)")
    args = parser.parse_args()
    from explorer import _compiled

    print(f"engine core: {_compiled.STATUS}", flush=True)
    for players in args.players:
        r = run(args.game, players, args.games, args.bot, args.against, args.think, args.seed,
                args.progress, args.rollout)
        fair = r["fair"]
        print(f"{args.game} {players}p {args.bot} vs {args.against} "
              f"({args.games} games from seed {args.seed}, think {args.think}s, {args.rollout} roll-outs): "
              f"win share {r['share']:.1%} [95% {r['low']:.1%}-{r['high']:.1%}], "
              f"{r['share'] / fair:.2f}x fair share [{r['low'] / fair:.2f}-{r['high'] / fair:.2f}], "
              f"mean margin {r['margin']:+.1f}, "
              f"{r['cpu_per_move']:.3f} CPU s/move", flush=True)


if __name__ == "__main__":
    main()
