"""``explorer analyze``: a sweep from the command line, its summary with intervals, and its files.

    explorer analyze bangkok --vary expert=false,true --players 2,3,4 -n 200 \
        --out runs.parquet --html report.html
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table as RichTable

console = Console() if sys.stdout.isatty() else Console(width=160)


def parse_vary(pairs: list[str] | None) -> dict[str, list[Any]]:
    """``name=v1,v2`` pairs; each value is read as JSON where it parses (true, 3, "x"), else as text."""
    vary: dict[str, list[Any]] = {}
    for pair in pairs or []:
        name, sep, values = pair.partition("=")
        if not sep or not values:
            raise typer.BadParameter(f"--vary {pair!r} must look like option=value1,value2")
        parsed = []
        for value in values.split(","):
            try:
                parsed.append(json.loads(value))
            except json.JSONDecodeError:
                parsed.append(value)
        vary[name.strip()] = parsed
    return vary


def parse_players(text: str) -> list[int]:
    try:
        return [int(p) for p in text.split(",") if p.strip()]
    except ValueError:
        raise typer.BadParameter(f"--players {text!r} must be counts such as 3 or 2,3,4") from None


def analyze(
    game: Annotated[str, typer.Argument(help="the game to analyse")],
    players: Annotated[str, typer.Option(help="player counts, comma-separated, e.g. 2,3,4")] = "",
    bots: Annotated[str, typer.Option(help="a bot kind for every seat, or one per seat, comma-separated")]
    = "heuristic",
    vary: Annotated[list[str] | None, typer.Option(help="option=value1,value2 to compare (repeatable)")]
    = None,
    n: Annotated[int, typer.Option("--games", "-n", help="games per combination")] = 100,
    seed: Annotated[int, typer.Option(help="the sweep's seed (every game's seed follows from it)")] = 0,
    scheduler: Annotated[str | None, typer.Option(help="a Dask scheduler address (tcp://host:8786), or "
                                                       "'inline'; default: a local cluster")] = None,
    out: Annotated[Path | None, typer.Option(help="write the rows to this Parquet file")] = None,
    report: Annotated[Path | None, typer.Option("--html", help="write an HTML report with charts")] = None,
) -> None:
    """Play a sweep of bot games (options x player counts x bots) and say what differs, with intervals."""
    from .. import analysis
    from .._registry import GAMES, game_class

    if game not in GAMES:
        raise typer.BadParameter(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    counts = parse_players(players) if players else [game_class(game).MIN_PLAYERS]
    kinds = [k.strip() for k in bots.split(",") if k.strip()]
    try:
        frame = analysis.run(game, counts, bots=kinds[0] if len(kinds) == 1 else kinds, vary=parse_vary(vary),
                             games=n, seed=seed, scheduler=scheduler)
    except (ValueError, TypeError, ConnectionError, ImportError) as exc:
        console.print(f"[red]explorer analyze: {exc}[/red]")
        raise typer.Exit(2) from None
    print_summary(frame, game)
    if out is not None:
        console.print(f"rows written to {analysis.write(frame, out)}")
    if report is not None:
        from .report import html_report

        report.write_text(html_report(frame, f"{game}: {len(frame)} games"), encoding="utf-8")
        console.print(f"report written to {report}")


def print_summary(frame: Any, game: str) -> None:
    from ..analysis import differences, summary

    table = RichTable("combination", "seat", "bot", "win share (95%)", "mean score ± sd", "length",
                      title=f"{game}: {len(frame)} games")
    for row in summary(frame).itertuples(index=False):
        fair = " *" if row[8] < 0.05 else ""  # "vs fair share p"
        table.add_row(str(row.combination), str(row.seat), str(row.bot),
                      f"{row[5]:.1%} ({row.low:.1%}–{row.high:.1%}){fair}",
                      f"{row[9]:.1f} ± {row[10]:.1f}", f"{row[11]:.0f}")
    console.print(table)
    console.print("* the win share differs from a fair share (p < 0.05)")
    diffs = differences(frame)
    if len(diffs):
        shown = diffs[diffs["significant"]]
        if not len(shown):
            console.print("No difference between the combinations is significant at 5% with these games.")
            return
        sig = RichTable("players", "a", "b", "measure", "a − b", "p",
                        title="Significant differences (p < 0.05)")
        for row in shown.itertuples(index=False):
            sig.add_row(str(row.players), str(row.a), str(row.b), str(row.measure), f"{row.difference:+.3g}",
                        f"{row.p:.2g}")
        console.print(sig)
