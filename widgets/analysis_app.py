"""The analysis app: ready-made answers to three questions about the rules, and a sweep of your own.

``answers(folder)`` shows the three questions measured by ``benchmarks/analysis_questions.py`` (rows
saved as Parquet); ``analysis_app()`` lets a learner pick a game, an option to compare and the number
of games, watch the progress and read the charts. Charts are plain plotly figures (a JSON mime bundle
rendered by the page's own plotly), not FigureWidgets: see STACK.md.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as ipw
import pandas as pd

import explorer
from explorer import analysis

PLOTLY_MIME = "application/vnd.plotly.v1+json"
#: Games per combination the app offers: enough for a first look within a minute on a small host;
#: bigger sweeps belong to `explorer analyze` on a Dask cluster.
MAX_GAMES = 400


def figure_output(figure: Any, text: str) -> ipw.Output:
    """A plotly figure as a plain output (no FigureWidget, no CDN)."""
    data = figure.to_plotly_json()
    out = ipw.Output()
    bundle = {PLOTLY_MIME: {"data": data["data"], "layout": data["layout"]}, "text/plain": text}
    out.outputs = ({"output_type": "display_data", "metadata": {}, "data": bundle},)
    return out


def _table(frame: pd.DataFrame) -> str:
    return frame.to_html(index=False, float_format=lambda v: f"{v:.3g}", classes="re-analysis-table",
                         border=0)


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _verdicts(diffs: pd.DataFrame, measure: str, unit: str) -> list[str]:
    out = []
    for row in diffs[diffs["measure"] == measure].to_dict("records"):
        verdict = "a real difference" if row["significant"] else "no difference these games can show"
        a, b = str(row["a"]).split(", ", 1)[-1], str(row["b"]).split(", ", 1)[-1]
        out.append(f"{row['players']} players: {a} {row['mean a']:.1f} {unit} against {b} "
                   f"{row['mean b']:.1f} ({row['difference']:+.1f}, {_p(row['p'])}): {verdict}.")
    return out


def answers(folder: str | Path = "data") -> ipw.VBox:
    """The three ready-made questions, read from the sweeps saved in ``folder``."""
    folder = Path(folder)
    parts: list[ipw.Widget] = []
    try:
        expert = analysis.read(folder / "question-bangkok-expert.parquet")
        klongs = analysis.read(folder / "question-klongs-moved-boat.parquet")
        first = analysis.read(folder / "question-tindahan-first-seat.parquet")
    except (OSError, ValueError) as exc:
        why = html.escape(str(exc))
        return ipw.VBox([ipw.HTML(f'<p role="alert">The saved sweeps cannot be read ({why}); '
                                  "run benchmarks/analysis_questions.py.</p>")])
    lines = _verdicts(analysis.differences(expert), "total score", "points in all")
    parts += [ipw.HTML(f"<h3>Does Bangkok's expert variant change the scores?</h3><p>{len(expert)} games, "
                       "sensible bots in every seat. Mean of all players' points together:</p><ul>"
                       + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"),
              figure_output(analysis.charts(expert)[0], "Bangkok scores, expert or not")]
    lines = _verdicts(analysis.differences(klongs), "game length (actions)", "actions")
    parts += [ipw.HTML("<h3>How much does the Klongs “must not touch” reading lengthen the game?</h3>"
                       f"<p>{len(klongs)} games. Mean game length:</p><ul>"
                       + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"),
              figure_output(analysis.charts(klongs)[2], "Klongs game length by reading")]
    seats = analysis.summary(first)
    rows = "".join(f"<li>Seat {r['seat']}: {r['win share']:.1%} of the games (95% interval {r['low']:.1%}–"
                   f"{r['high']:.1%}; against a fair 20%: {_p(r['vs fair share p'])})</li>"
                   for r in seats.to_dict("records"))
    parts += [ipw.HTML("<h3>Is there a first-seat advantage in Tindahan with 5 players?</h3>"
                       f"<p>{len(first)} games; seat 1 leads the first trick. Share of games won:</p>"
                       f"<ul>{rows}</ul>"),
              figure_output(analysis.charts(first)[1], "Tindahan win share per seat")]
    return ipw.VBox(parts)


class AnalysisApp:
    """Pick a game, an option to compare, player counts, bots and games; run; read the charts."""

    def __init__(self) -> None:
        self.game = ipw.Dropdown(options=[(getattr(explorer, g).SPEC.title, g) for g in explorer.GAMES],
                                 value="tindahan", description="Game", tooltip="The game to play")
        self.players = ipw.SelectMultiple(description="Players", rows=3, tooltip="Player counts to play")
        self.option = ipw.Dropdown(description="Compare", tooltip="A rules option to compare")
        self.values = ipw.SelectMultiple(description="Values", rows=3,
                                         tooltip="The option's values to compare")
        # The search bot thinks for a while on every move: its sweeps belong to `explorer analyze`.
        self.bots = ipw.Dropdown(options=[("sensible (heuristic)", "heuristic"), ("random", "random")],
                                 value="heuristic", description="Bots", tooltip="Who plays every seat")
        self.games = ipw.BoundedIntText(value=40, min=5, max=MAX_GAMES, step=5, description="Games each",
                                        tooltip="Games for each player count and value")
        self.run_button = ipw.Button(description="Run", button_style="primary", tooltip="Play the games")
        self.progress = ipw.IntProgress(value=0, min=0, max=1, description="Games",
                                        layout=ipw.Layout(visibility="hidden"))
        self.status = ipw.HTML()
        self.results = ipw.VBox()
        self.game.observe(lambda _c: self._game_changed(), names="value")
        self.option.observe(lambda _c: self._option_changed(), names="value")
        self.run_button.on_click(lambda _b: self.run())
        controls = ipw.HBox([ipw.VBox([self.game, self.players, self.bots]),
                             ipw.VBox([self.option, self.values, self.games]),
                             ipw.VBox([self.run_button, self.progress])],
                            layout=ipw.Layout(flex_flow="row wrap"))
        self.box = ipw.VBox([controls, self.status, self.results])
        self._game_changed()

    def _game_changed(self) -> None:
        cls = explorer.game_class(self.game.value)
        counts = list(range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1))
        self.players.options = counts
        self.players.value = (counts[0],)
        choices = [name for name, option in cls.OPTIONS.items() if option.choices]
        self.option.options = [("(nothing: one line-up)", "")] + [(name, name) for name in choices]
        self.option.value = ""
        self._option_changed()

    def _option_changed(self) -> None:
        name = self.option.value
        option = explorer.game_class(self.game.value).OPTIONS.get(name) if name else None
        values = [(repr(v), v) for v in option.choices] if option is not None and option.choices else []
        self.values.options = values
        self.values.value = tuple(v for _label, v in values)
        self.values.disabled = not values

    def run(self) -> None:
        """Play the sweep in this kernel (the progress bar moves as games finish), then draw it."""
        vary = {self.option.value: list(self.values.value)} if self.option.value else None
        self.results.children = ()
        self.status.value = ""
        self.progress.layout.visibility = "visible"
        self.run_button.disabled = True

        def moved(done: int, total: int) -> None:
            self.progress.max, self.progress.value = max(total, 1), done

        try:
            frame = analysis.run(self.game.value, list(self.players.value), bots=self.bots.value, vary=vary,
                                 games=int(self.games.value), seed=1, scheduler="inline", progress=moved)
        except (ValueError, TypeError) as exc:
            self.status.value = f'<p role="alert">Cannot run this sweep: {html.escape(str(exc))}</p>'
            return
        finally:
            self.run_button.disabled = False
        self.show(frame)

    def show(self, frame: pd.DataFrame) -> None:
        diffs = analysis.differences(frame)
        significant = diffs[diffs["significant"]] if len(diffs) else diffs
        said = (f"<p>{len(significant)} of {len(diffs)} differences between the combinations are significant "
                "at 5%:</p>" + _table(significant[["players", "a", "b", "measure", "difference", "p"]])
                if len(diffs) else "")
        names = ("Scores per combination", "Win share per seat", "Game length", "Points by scoring rule")
        self.results.children = (
            ipw.HTML(f"<p>{len(frame)} games played.</p>" + _table(analysis.summary(frame)) + said),
            *(figure_output(fig, name) for fig, name in zip(analysis.charts(frame), names, strict=True)),
        )


def analysis_app() -> ipw.VBox:
    """The interactive sweep, ready to display."""
    return AnalysisApp().box
