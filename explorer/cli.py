"""The ``explorer`` command line: rules, examples, games against bots, records, simulations and sweeps
(``explorer analyze``, on Dask).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Column
from rich.table import Table as RichTable

from ._core import bounds as _bounds
from ._core.examples import verify as run_examples
from ._core.state import GameState
from ._errors import RecordError, TooLong
from ._registry import GAMES, game_class, new_game, replay
from .bots import BOT_KINDS
from .table import Table

app = typer.Typer(
    help="Rules Explorer: learn, check and play Bangkok, Bangkok Klongs, Tindahan and Bastos!",
    no_args_is_help=True,
    add_completion=False,
)
# Piped output (CI logs, files) gets room for the tables; a terminal keeps its own width.
console = Console() if sys.stdout.isatty() else Console(width=160)


def known(games: list[str] | None) -> list[str]:
    """The games named (all of them by default); an unknown name is a usage error."""
    names = games or list(GAMES)
    for name in names:
        if name not in GAMES:
            raise typer.BadParameter(f"unknown game {name!r}; the games are {', '.join(GAMES)}")
    return names


def parse_rules(pairs: list[str] | None) -> dict[str, Any]:
    """``name=value`` pairs; values are read as JSON when they parse (numbers, true, lists), else text."""
    rules: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            raise typer.BadParameter(f"rules option {pair!r} must look like name=value")
        try:
            rules[name] = json.loads(value)
        except json.JSONDecodeError:
            rules[name] = value
    return rules


def fail(text: str, code: int = 2) -> typer.Exit:
    """Print ``text`` as an error and give the exit to raise (a sentence, never a traceback)."""
    console.print(f"[red]{escape(text)}[/red]", highlight=False)  # rule ids in [brackets] are no markup
    return typer.Exit(code)


def start_table(game: str, players: int, seed: int | None, rules: dict[str, Any], bots: Any,
                people: list[int] | None = None, edition: str | None = None) -> Table:
    """A new game at a table with bots; bad settings or a position that could never end exit 2 saying
    why (the options, the players, the edition, a scenario's rule)."""
    try:
        state = new_game(game, players=players, seed=seed, edition=edition, **rules)
        return _watched(Table(state, bots, people=people or []))
    except (TypeError, ValueError) as exc:
        raise fail(str(exc)) from None


GameArg = Annotated[str, typer.Argument(help=f"one of: {', '.join(GAMES)}")]
RulesOpt = Annotated[list[str] | None, typer.Option("--rule", "-r", help="rules option name=value")]
EditionOpt = Annotated[str | None, typer.Option(
    help="Bangkok and Klongs: a built-in edition's name (see `explorer games`) or an edition JSON file")]


@app.command()
def games() -> None:
    """List the games, their player counts and their rules options."""
    table = RichTable("game", "players", "rules options (default)", "built-in editions (default first)")
    for name in GAMES:
        cls = game_class(name)
        options = ", ".join(f"{o.name}={o.default!r}" for o in cls.OPTIONS.values()) or "-"
        editions = ", ".join(cls.EDITIONS) or "-"
        table.add_row(name, f"{cls.MIN_PLAYERS}-{cls.MAX_PLAYERS}", options, editions)
    console.print(table)


@app.command()
def rules(game: GameArg) -> None:
    """Print a game's rule catalogue: stable ids, our paraphrase, the rulebook section."""
    cls = game_class(known([game])[0])
    # Ids are what people grep and quote: never wrap them.
    table = RichTable(Column("rule id", no_wrap=True), "what it says", "section",
                  title=f"{game}: {len(cls.RULES)} rules")
    for rule in cls.RULES.values():
        table.add_row(rule.id, rule.text, rule.section)
    console.print(table)
    if cls.OPTIONS:
        options = RichTable("option", "default", "meaning", title="rules options")
        for opt in cls.OPTIONS.values():
            options.add_row(opt.name, repr(opt.default), opt.doc)
        console.print(options)


@app.command()
def verify(
    games: Annotated[list[str] | None, typer.Argument(help="games to check (default: all built)")] = None,
) -> None:
    """Recompute every rulebook example with the engine; exit 1 on any mismatch."""
    verdicts = run_examples(known(games))
    table = RichTable("game", "example", Column("expected", overflow="fold"),
                      Column("computed", overflow="fold"), Column("ok", no_wrap=True),
                  Column("rules", overflow="fold"))
    for v in verdicts:
        ex = v.example
        computed = v.error if v.error else _show(v.computed)
        mark = "[green]yes[/green]" if v.ok else "[red]NO[/red]"
        table.add_row(ex.game, f"{ex.title} ({ex.section})", _show(ex.expected), computed, mark,
                      "\n".join(ex.rules))
    console.print(table)
    bad = sum(not v.ok for v in verdicts)
    console.print(f"{len(verdicts) - bad} of {len(verdicts)} rulebook examples match.")
    if bad or not verdicts:
        raise typer.Exit(1)


def _show(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


@app.command()
def play(
    game: GameArg,
    players: Annotated[int, typer.Option(help="number of players")] = 4,
    seat: Annotated[int, typer.Option(help="your seat (0-based); the others are bots")] = 0,
    seed: Annotated[int | None, typer.Option(help="seed for the deal (default: random)")] = None,
    bots: Annotated[str, typer.Option(help=f"bot kind: {', '.join(BOT_KINDS)}")] = "heuristic",
    rule: RulesOpt = None,
    edition: EditionOpt = None,
    save: Annotated[Path | None, typer.Option(help="write the game record here at the end")] = None,
) -> None:
    """Play in the terminal against bots: type an action's notation or its number."""
    if not 0 <= seat < players:
        raise typer.BadParameter(f"--seat must be from 0 to {players - 1}")
    table = start_table(known([game])[0], players, seed, parse_rules(rule), bots, [seat], edition)
    try:
        _play_in_terminal(table, seat)
    except TooLong as exc:  # the game's bound on actions (explorer._core.bounds): stop, never hang
        raise fail(str(exc), 3) from None
    state = table.state
    _print_sheet(state)
    if save:
        save.write_text(json.dumps(state.to_record(), indent=1))
        console.print(f"record written to {save}")


def _play_in_terminal(table: Table, seat: int) -> None:
    while not table.state.is_over:
        mover = table.bot_to_act()
        if mover is not None:
            action = table.choose(mover)
            table.play(action)
            console.print(f"seat {mover} plays [bold]{action}[/bold]")
            continue
        state = table.state
        view = state.view(seat)
        console.print(state.board_text(seat))
        legal: list[str] = view["legal"]
        for i, notation in enumerate(legal):
            console.print(f"  [cyan]{i:>2}[/cyan] {notation:<22} {view['labels'][notation]}")
        answer = typer.prompt("your action").strip()
        if answer.isdigit() and int(answer) < len(legal):
            answer = legal[int(answer)]
        problem = state.check(answer)
        if problem is not None:
            console.print(f"[red]{problem}[/red]")
            continue
        table.play(answer)


def _watched(table: Table) -> Table:
    """``table`` with its strong bots reading the public table from it (see explorer._search.strong)."""
    for bot in table.bots.values():
        watch = getattr(bot, "watch", None)
        if watch is not None:
            watch(lambda: table.state)
    return table


def _print_sheet(state: GameState) -> None:
    table = RichTable("seat", "round", "what", "points", "rule", title="score sheet")
    for line in state.score_sheet():
        table.add_row(str(line.seat), str(line.round or "-"), line.label, str(line.points), line.rule)
    console.print(table)
    outcome = state.outcome()
    if outcome is not None:
        console.print(f"final scores {list(outcome.scores)}; winner(s): seat(s) {list(outcome.winners)}")


@app.command("replay")
def replay_cmd(record: Annotated[Path, typer.Argument(help="a JSON game record")]) -> None:
    """Replay a game record and print its score sheet; a bad record exits 2 saying why."""
    try:
        data = json.loads(record.read_text())
        state = replay(data)
    except (OSError, json.JSONDecodeError, RecordError, ValueError) as exc:
        console.print(f"[red]{record}: {exc}[/red]")
        raise typer.Exit(2) from None
    console.print(repr(state))
    console.print(state.board_text())
    _print_sheet(state)


@app.command()
def simulate(
    game: GameArg,
    n: Annotated[int, typer.Option("--games", "-n", help="how many games")] = 100,
    players: Annotated[int | None, typer.Option(help="players (default: the game's smallest count)")] = None,
    bots: Annotated[str, typer.Option(help="bot kinds per seat, comma-separated")] = "heuristic,random",
    seed: Annotated[int, typer.Option(help="first seed")] = 0,
    rule: RulesOpt = None,
    edition: EditionOpt = None,
    think: Annotated[float, typer.Option(help="seconds of search per move of a strong bot")] = 0.5,
) -> None:
    """Play bots against each other and print win shares and mean scores per seat."""
    from tqdm import tqdm

    cls = game_class(known([game])[0])
    count = players or cls.MIN_PLAYERS
    kinds = [k.strip() for k in bots.split(",")]
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise typer.BadParameter(f"unknown bot kind {kind!r}; choose from {', '.join(BOT_KINDS)}")
    wins = [0.0] * count
    totals = [0] * count
    options = parse_rules(rule)
    line_up = {s: kinds[s % len(kinds)] for s in range(count)}
    for i in tqdm(range(n), desc=f"{game} games", unit="game", file=sys.stderr):
        table = start_table(game, count, seed + i, options, line_up, edition=edition)
        for bot in table.bots.values():
            if hasattr(bot, "seconds"):
                bot.seconds = think
        try:
            state = table.play_out()
        except TooLong as exc:  # the game's bound on actions (explorer._core.bounds): stop, never hang
            raise fail(str(exc), 3) from None
        outcome = state.outcome()
        assert outcome is not None
        for s in outcome.winners:
            wins[s] += 1 / len(outcome.winners)
        totals = [t + p for t, p in zip(totals, outcome.scores, strict=True)]
    sheet = RichTable("seat", "bot", "win share", "mean score", title=f"{n} games of {game}, {count} players")
    for s in range(count):
        sheet.add_row(str(s), line_up[s], f"{wins[s] / n:.1%}", f"{totals[s] / n:.1f}")
    console.print(sheet)


@app.command("hint")
def hint_cmd(
    record: Annotated[Path, typer.Argument(help="a JSON game record (the position after its actions)")],
    seconds: Annotated[float, typer.Option(help="seconds of search")] = 0.5,
    seed: Annotated[int | None, typer.Option(help="seed: the same seed gives the same hint")] = None,
    top: Annotated[int, typer.Option(help="how many moves to list")] = 5,
) -> None:
    """Suggest moves for the seat to act in a recorded position, with the search's reasons."""
    from ._search.hint import hint

    try:
        state = replay(json.loads(record.read_text()))
        suggestions = hint(state, seconds=seconds, seed=seed)
    except (OSError, json.JSONDecodeError, RecordError, ValueError) as exc:
        console.print(f"[red]{record}: {exc}[/red]")
        raise typer.Exit(2) from None
    sheet = RichTable("move", "margin", "win rate", "deals", Column("why", overflow="fold"),
                      title=f"hints for {state.seat_names()[state.current_player or 0]} ({state!r})")
    for s in suggestions[:top]:
        sheet.add_row(f"{s.label}\n[dim]{s.action}[/dim]", f"{s.value:+.1f}", f"{s.win_rate:.0%}",
                      str(s.samples), s.reason)
    console.print(sheet)


@app.command()
def random_game(
    game: GameArg,
    players: Annotated[int | None, typer.Option(help="players (default: the game's smallest count)")] = None,
    seed: Annotated[int, typer.Option(help="seed")] = 0,
) -> None:
    """Print the record of one random game as JSON (a starting point for `explorer replay`)."""
    cls = game_class(known([game])[0])
    state = new_game(game, players=players or cls.MIN_PLAYERS, seed=seed)
    rng = random.Random(seed)
    limit = _bounds.bound(state)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_actions()))
        try:
            _bounds.check(state, limit)
        except TooLong as exc:
            raise fail(str(exc), 3) from None
    print(json.dumps(state.to_record(), indent=1))


# ---- explorer analyze: sweeps of bot games (explorer.analysis, on Dask) ---------------------------


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
    from . import analysis

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
        from ._sweeps.report import html_report

        report.write_text(html_report(frame, f"{game}: {len(frame)} games"), encoding="utf-8")
        console.print(f"report written to {report}")


def print_summary(frame: Any, game: str) -> None:
    from ._sweeps.stats import differences, summary

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


app.command()(analyze)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
