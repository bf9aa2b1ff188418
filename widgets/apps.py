"""Play apps: a setup bar, the table against bots, and the score sheet with a chart after each round.

A play notebook is one call, ``play_app("tindahan")``. Under Voila the page's query string can
preset the setup (``?players=3&seat=1&seed=7&bots=random&delay=0.2``), which links and tests use.
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as ipw
import plotly.graph_objects as go

import explorer
from explorer import GameState

from ._kinds import WIDGETS_BY_GAME, widget_for
from ._session import GameWidget
from .bangkok_chart import bangkok_chart

# Plain figures travel as a small JSON mime bundle that Voila and JupyterLab render with their own
# plotly.js: no FigureWidget (all of plotly.js per page load) and no CDN. The bundle is built here
# rather than by plotly.io, whose renderers pull in nbformat and jsonschema: a second per page load.
PLOTLY_MIME = "application/vnd.plotly.v1+json"

#: The widget class per game (from the game specs; kept under this name for callers of apps.WIDGETS).
WIDGETS = WIDGETS_BY_GAME
# Games whose chart is not points by round (Bangkok scores once, at the end).
CHARTS: dict[str, Callable[[GameState, list[str]], go.Figure]] = {"bangkok": bangkok_chart}


def query_settings(query: str | None = None) -> dict[str, str]:
    """The page's query string under Voila (``QUERY_STRING``), as single values.

    In a preheated Voila kernel (run before anyone asked for the page) this waits for the visitor's
    request: the imports and the kernel start are done ahead, the deal is the visitor's own.
    """
    if query is None and os.environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import wait_for_request  # only ever needed inside a Voila kernel

        wait_for_request()
        os.environ["VOILA_PREHEAT"] = "False"  # heated and handed over: a second app must not wait
    raw = os.environ.get("QUERY_STRING", "") if query is None else query
    return {key: values[-1] for key, values in parse_qs(raw).items()}


class PlayApp:
    """The pieces of a play app; ``box`` is what the notebook displays."""

    def __init__(self, game: str, preset: Mapping[str, str] | None = None) -> None:
        cls = explorer.game_class(game)
        self.game = game
        preset = dict(query_settings() if preset is None else preset)
        counts = list(range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1))
        players = _int(preset.get("players"), default=4 if 4 in counts else counts[0], allowed=counts)
        self.players = ipw.Dropdown(options=counts, value=players, description="Players")
        self.seat = ipw.Dropdown(options=self._seat_options(players),
                                 value=_int(preset.get("seat"), 0, range(players)), description="Your seat")
        self.bots = ipw.Dropdown(options=[("sensible bots", "heuristic"), ("random bots", "random")],
                                 value="random" if preset.get("bots") == "random" else "heuristic",
                                 description="Opponents")
        self.seed = ipw.IntText(value=_int(preset.get("seed"), 1, range(2**31)), description="Deal no.")
        self.teaching = ipw.Checkbox(value=False, description="Show all hands (teaching)", indent=False)
        self.start = ipw.Button(description="New game", button_style="primary", icon="",
                                tooltip="Deal a new game with these settings")
        self.delay = _float(preset.get("delay"), 0.6)
        self.sheet = ipw.HTML()
        self.chart = ipw.Output()
        self.record = ipw.HTML()
        self.status = ipw.HTML()
        self.table_box = ipw.VBox()
        self.table: GameWidget | None = None
        self._rounds_shown = -1
        self.players.observe(self._players_changed, names="value")
        self.start.on_click(lambda _b: self.new_game())
        self.teaching.observe(self._teaching_changed, names="value")
        setup = ipw.HBox([self.players, self.seat, self.bots, self.seed, self.teaching, self.start],
                         layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        record = ipw.Accordion(children=[self.record], titles=("Game record (JSON, for explorer replay)",))
        record.selected_index = None
        self.box = ipw.VBox([setup, self.status, self.table_box, self.sheet, self.chart, record])
        self.box.add_class("re-play-app")
        self.new_game()

    def new_game(self) -> None:
        players, seat = int(self.players.value), int(self.seat.value)
        try:
            state = explorer.new_game(self.game, players=players, seed=int(self.seed.value))
        except (TypeError, ValueError) as exc:
            self.status.value = f'<p role="alert">Cannot start: {html.escape(str(exc))}</p>'
            return
        self.status.value = ""
        if self.table is not None:
            self.table.close()
        table = widget_for(self.game)(state, seat, bots=str(self.bots.value), bot_delay=self.delay,
                                          teaching=bool(self.teaching.value))
        table.observe_state(self._state_changed)
        self.table = table
        self.table_box.children = (table,)
        self._rounds_shown = -1
        self._state_changed(table.state)

    # ---- reactions ----------------------------------------------------------------------------

    def _players_changed(self, change: dict[str, Any]) -> None:
        self.seat.options = self._seat_options(int(change["new"]))
        self.seat.value = 0

    def _teaching_changed(self, change: dict[str, Any]) -> None:
        if self.table is not None:
            self.table.teaching = bool(change["new"])

    def _state_changed(self, state: GameState) -> None:
        finished = finished_rounds(state)
        self.record.value = ('<pre data-role="record" style="white-space: pre-wrap; max-height: 12em; '
                             f'overflow: auto">{html.escape(json.dumps(state.to_record()))}</pre>')
        if finished == self._rounds_shown:
            return
        self._rounds_shown = finished
        if finished == 0:
            self.sheet.value, self.chart.outputs = "", ()
            return
        # Set outright rather than captured with `with output:`: a round often ends on a bot's move,
        # inside a timer callback, where captured output has no cell to go to.
        self.sheet.value = score_sheet_html(state, self._names())
        figure = CHARTS.get(self.game, score_chart)(state, self._names()).to_plotly_json()
        bundle = {PLOTLY_MIME: {"data": figure["data"], "layout": figure["layout"]},
                  "text/plain": f"<chart: points by round, {finished} round(s)>"}
        self.chart.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)

    def _names(self) -> list[str]:
        if self.table is not None:
            return list(self.table.names)
        return [f"Seat {s}" for s in range(int(self.players.value))]

    @staticmethod
    def _seat_options(players: int) -> list[tuple[str, int]]:
        return [(f"Seat {s}" + (" (starts)" if s == 0 else ""), s) for s in range(players)]


def play_app(game: str, preset: Mapping[str, str] | None = None) -> ipw.VBox:
    """The play app for ``game``, ready to display."""
    return PlayApp(game, preset).box


def finished_rounds(state: GameState) -> int:
    """How many rounds have been scored (the highest round any score line belongs to)."""
    # Bangkok Klongs numbers its lines by the market day that closes their period: a period's
    # Luk Phat points appear before it is scored, so the market days held count instead.
    held = getattr(state, "market_days", None)
    if isinstance(held, int):
        return held
    finished = max((line.round for line in state.score_sheet()), default=0)
    # A game scored only at its end (Bangkok: its lines carry no round) has one round, once over.
    return 1 if finished == 0 and state.is_over else finished


def score_sheet_html(state: GameState, names: list[str]) -> str:
    """The latest scored round's lines and the running totals, as an HTML table naming each rule."""
    latest = finished_rounds(state)
    lines = [line for line in state.score_sheet() if line.round in (latest, 0)]
    # Klongs is scored on market days, not in rounds.
    period = "market day" if state.GAME == "klongs" else "round"
    title = "Final score sheet" if state.is_over else f"Score sheet after {period} {latest}"
    rows = "".join(
        f"<tr><td>{html.escape(names[line.seat])}</td><td>{html.escape(line.label)}</td>"
        f'<td class="num">{line.points:+d}</td><td><code>{html.escape(line.rule)}</code></td></tr>'
        for line in lines
    )
    totals = "".join(
        f'<tr><th>{html.escape(names[s])}</th><td class="num" data-role="sheet-total" data-seat="{s}">'
        f"{points}</td></tr>"
        for s, points in enumerate(state.scores())
    )
    outcome = state.outcome()
    verdict = ""
    if outcome is not None and state.players == 1:  # alone, nobody to beat: the final score
        verdict = f"<p><strong>Final score: {state.scores()[0]}.</strong></p>"
    elif outcome is not None:
        who = " and ".join(names[s] for s in outcome.winners)
        verb = "share the win" if outcome.is_tie else "wins"
        verdict = f"<p><strong>{html.escape(who)} {verb}.</strong></p>"
    style = ("<style>.re-sheet table{border-collapse:collapse;margin:4px 0}.re-sheet td,.re-sheet th{"
             "padding:2px 10px;border-bottom:1px solid var(--jp-border-color2,#ddd);text-align:left}"
             ".re-sheet .num{text-align:right;font-variant-numeric:tabular-nums}</style>")
    return (f'{style}<div class="re-sheet" data-role="sheet"><h3>{title}</h3>{verdict}'
            f"<table><thead><tr><th>player</th><th>what</th><th>points</th><th>rule</th></tr></thead>"
            f"<tbody>{rows}</tbody></table><h4>Totals</h4><table>{totals}</table></div>")


def score_chart(state: GameState, names: list[str]) -> go.Figure:
    """Points per round per player, stacked: a plain figure, rendered by the page's own plotly."""
    players = state.players
    per_round: dict[int, list[int]] = {}
    for line in state.score_sheet():
        per_round.setdefault(line.round, [0] * players)[line.seat] += line.points
    fig = go.Figure()
    for rnd, points in sorted(per_round.items()):
        fig.add_bar(name=f"round {rnd}" if rnd else "final", x=names, y=points)
    fig.update_layout(barmode="relative", height=280, margin={"l": 40, "r": 10, "t": 30, "b": 30},
                      title="Points by round", legend={"orientation": "h"},
                      paper_bgcolor="rgba(0,0,0,0)", plot_bgcolor="rgba(0,0,0,0)")
    return fig


def _int(value: str | None, default: int, allowed: range | list[int]) -> int:
    try:
        number = int(value) if value is not None else default
    except ValueError:
        return default
    return number if number in allowed else default


def _float(value: str | None, default: float) -> float:
    try:
        number = float(value) if value is not None else default
    except ValueError:
        return default
    return number if 0 <= number <= 5 else default
