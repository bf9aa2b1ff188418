"""Play apps: a setup bar, the table against bots, and the score sheet with a chart after each round.

A play notebook is one call, ``play_app("tindahan")``. Under Voila the page's query string can
preset the setup (``?players=3&seat=1&seed=7&bots=strong&delay=0.2``), which links and tests use;
``pause=0`` turns off the table's pause on each round's summary. Opponents are easy (the games'
rules of thumb), strong (the hint's search, a third of a second a move) or random.

A deal the app draws itself comes from ``secrets`` and stays secret while the game is on: its number
and the game record (which rebuild every hand) are shown when the game ends, or at once with "Show
all hands". A deal number the viewer typed or linked, or a loaded record, is theirs to see.

The table itself offers undo, redo, the move log, the bots' speed, replay, the Hint button and a
"Why?" beside each bot move; the record section below it loads a saved game to replay.
"""

from __future__ import annotations

import html
import json
import os
import secrets
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as ipw

import explorer
from explorer import GameState

from ._kinds import WIDGETS_BY_GAME, widget_for
from ._pace import period_word, rule_text
from ._preheat import wait_for_visitor
from ._rule_urls import rule_url
from ._session import GameWidget
from .bangkok_chart import Figure, bangkok_chart, themed

# Plain figures travel as a small JSON mime bundle that Voila and JupyterLab render with their own
# plotly.js: no FigureWidget (all of plotly.js per page load) and no CDN. The figure is plotly's JSON
# written as dicts (bangkok_chart.Figure), not built by plotly.py: importing plotly.graph_objects cost
# every app's kernel a second, and the static site's browser ~10 MB of wheel, for two bar charts.
PLOTLY_MIME = "application/vnd.plotly.v1+json"

#: The widget class per game (from the game specs; kept under this name for callers of apps.WIDGETS).
WIDGETS = WIDGETS_BY_GAME
#: The opponents a play app offers: (words, bot kind).
BOT_LEVELS = [("easy bots", "heuristic"), ("strong bots", "strong"), ("random bots", "random")]
#: Deal numbers (seeds) a play app deals from.
DEALS = range(2**31)
# Games whose chart is not points by round (Bangkok scores once, at the end).
CHARTS: dict[str, Callable[[GameState, list[str]], Figure]] = {"bangkok": bangkok_chart}


def query_settings(query: str | None = None) -> dict[str, str]:
    """The page's query string under Voila (``QUERY_STRING``), as single values.

    In a preheated Voila kernel (run before anyone asked for the page) this waits for the visitor's
    request: the imports and the kernel start are done ahead, the deal is the visitor's own.
    """
    if query is None:
        wait_for_visitor()  # in a preheated kernel: the visitor's request, once they come
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
        # Every control says what it is for (a control without a tooltip shows the browser "null").
        self.players = ipw.Dropdown(options=counts, value=players, description="Players",
                                    tooltip="How many players sit at the table")
        chosen = preset.get("seed")
        self.seed = ipw.Text(value=str(_int(chosen, 1, DEALS)) if chosen is not None else "",
                             description="Deal no.", placeholder="new secret deal",
                             tooltip="Empty: a new secret deal. The same number deals the same cards again")
        self._secret = secrets.randbelow(DEALS.stop)  # the next secret deal (its starter is marked)
        self._known: set[int] = set()  # deals whose number the viewer chose: nothing of them is secret
        self.seat = ipw.Dropdown(options=self._seat_options(players),
                                 value=_int(preset.get("seat"), 0, range(players)), description="Your seat",
                                 tooltip="Where you sit at the table")
        level = preset.get("bots")
        kinds = [kind for _words, kind in BOT_LEVELS]
        self.bots = ipw.Dropdown(options=BOT_LEVELS, description="Opponents",
                                 value=level if level in kinds else "heuristic",
                                 tooltip="How the other players play: easy bots follow rules of thumb, "
                                 "strong bots search the deals they cannot see")
        self.teaching = ipw.Checkbox(value=False, description="Show all hands (teaching)", indent=False,
                                     tooltip="Show every player's cards face up, to learn from")
        self.start = ipw.Button(description="New game", button_style="primary", icon="",
                                tooltip="Deal a new game with these settings")
        self.delay = query_float(preset.get("delay"), 0.6)
        self.pause_rounds = preset.get("pause") != "0"
        self.sheet = ipw.HTML()
        self.chart = ipw.Output()
        self.record = ipw.HTML()
        self.status = ipw.HTML()
        self.table_box = ipw.VBox()
        self.table: GameWidget | None = None
        self._shown_key: tuple[int, bool] | None = None  # the rounds scored and game over, as shown
        self._shown_lines = 0  # the sheet's lines when it was drawn
        self.players.observe(self._players_changed, names="value")
        self.seed.observe(self._seed_changed, names="value")
        self.start.on_click(lambda _b: self.new_game())
        self.teaching.observe(self._teaching_changed, names="value")
        setup = ipw.HBox([self.players, self.seat, self.bots, self.seed, self.teaching, self.start],
                         layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        self.loader = RecordLoader(self.load_record)
        record = ipw.Accordion(children=[ipw.VBox([self.record, self.loader.box])],
                               titles=("Game record: save it, or load one to replay",))
        record.selected_index = None
        self.box = AppBox([setup, self.status, self.table_box, self.sheet, self.chart, record],
                          first_paint=self.first_paint)
        self.box.add_class("re-play-app")
        self.new_game()

    def first_paint(self) -> str:
        """The table as the engine draws it, seen from the viewer's seat: shown until the live table is."""
        if self.table is None:
            return ""
        picture = self.table.state.picture(int(self.seat.value), teaching=bool(self.teaching.value))
        return (f'<div class="re-first-paint" aria-busy="true">{picture._repr_html_()}'
                '<p role="status">Setting up the table…</p></div>')

    def new_game(self) -> None:
        players = int(self.players.value)
        try:
            seed = self._deal()
            state = explorer.new_game(self.game, players=players, seed=seed)
        except (TypeError, ValueError) as exc:
            self.status.value = f'<p role="alert">Cannot start: {html.escape(str(exc))}</p>'
            return
        self.status.value = ""
        if seed == self._secret:
            self._secret = secrets.randbelow(DEALS.stop)
        else:
            self._known.add(seed)
        self._seat_table(state)

    def _deal(self) -> int:
        """The deal number typed in (``ValueError`` if it is not one), else the next secret deal."""
        text = str(self.seed.value).strip()
        if not text:
            return self._secret
        if not text.isdigit() or int(text) not in DEALS:
            raise ValueError(f"Deal no. must be a whole number from 0 to {DEALS.stop - 1}, or empty for a "
                             f"new secret deal, not {clip_text(text, 20)!r}")
        return int(text)
    def load_record(self, text: str) -> str:
        """Replay a saved record (JSON text) on a fresh table, from its first move; returns what
        happened in words. A bad record changes nothing: the reason comes back instead."""
        try:
            record = json.loads(text)
        except ValueError as exc:
            return f"Not loaded: this is not JSON ({exc})."
        if not isinstance(record, dict):
            return "Not loaded: a game record is a JSON object with game, players, seed, rules and actions."
        if record.get("game") != self.game:
            return f"Not loaded: this is a record of {clip_text(record.get('game'))}, not of {self.game}."
        try:
            final = explorer.replay(record)
        except (TypeError, ValueError, KeyError) as exc:
            return f"Not loaded: the record does not replay ({clip_text(str(exc), 300)})."
        if final.players not in self.players.options:
            return f"Not loaded: {self.game} is not for {final.players} players."
        self.players.value = final.players
        if int(self.seat.value) >= final.players:
            self.seat.value = 0
        self.seed.value = str(final.seed)
        self._known.add(final.seed)
        self._seat_table(final)
        assert self.table is not None
        self.table.replay(final)
        return f"Loaded: {len(final.actions())} moves. The table shows the start; step through with ▶."

    def resume(self, state: GameState, seat: int) -> None:
        """Play on from a game kept in the learner's browser (``widgets._keep``): its players and the
        learner's seat, at its last move."""
        if state.players not in self.players.options:
            said = (f"Your game from before was for {state.players} players, which {self.game} does not "
                    "seat: a new game is on the table.")
            self.status.value = f'<p role="alert">{html.escape(said)}</p>'
            return
        self.players.value = state.players
        self.seed.value = str(state.seed) if state.seed in self._known else ""
        self.seat.value = seat if seat < state.players else 0
        self._seat_table(state)

    def _seat_table(self, state: GameState) -> None:
        if self.table is not None:
            self.delay = self.table.bot_delay  # the speed chosen on the table carries over
            self.table.close()
        table = widget_for(self.game)(state, int(self.seat.value), bots=str(self.bots.value),
                                      bot_delay=self.delay, teaching=bool(self.teaching.value),
                                      pause_rounds=self.pause_rounds)
        table.observe_state(self._state_changed)
        table.keep_key, table.resumer = f"play:{self.game}", self.resume  # kept in the browser (_keep)
        self.table = table
        self.table_box.children = (table,)
        self._shown_key, self._shown_lines = None, 0
        self._state_changed(table.state)

    # ---- reactions ----------------------------------------------------------------------------

    def _players_changed(self, change: dict[str, Any]) -> None:
        self.seat.options = self._seat_options(int(change["new"]))
        self.seat.value = 0

    def _seed_changed(self, _change: dict[str, Any]) -> None:
        seat = int(self.seat.value)
        self.seat.options = self._seat_options(int(self.players.value))
        self.seat.value = seat

    def _teaching_changed(self, change: dict[str, Any]) -> None:
        if self.table is not None:
            self.table.teaching = bool(change["new"])
            self._show_record(self.table.state)

    def _show_record(self, state: GameState) -> None:
        """The record (and so the deal) only when it tells no secret: see the module's note."""
        if state.is_over or bool(self.teaching.value) or state.seed in self._known:
            deal = f'<p data-role="deal">Deal no. {state.seed}: type it in Deal no. to play it again.</p>'
            self.record.value = (deal + '<pre data-role="record" style="white-space: pre-wrap; max-height: '
                                 f'12em; overflow: auto">{html.escape(json.dumps(state.to_record()))}</pre>')
        else:
            self.record.value = ('<p data-role="record-hidden">This deal is secret while the game is on: its '
                                 "number and record would show every hand. They appear when the game ends "
                                 "(or with \u201cShow all hands\u201d).</p>")

    def _state_changed(self, state: GameState) -> None:
        finished = finished_rounds(state)
        self._show_record(state)
        # Drawn again when a round (Klongs: a market day) is scored, the game ends, or an undo takes
        # lines back; not for each line within a round (Klongs' Luk Phat points come on many turns,
        # and each chart cost the kernel ~0.1 s and the page a plotly redraw between two clicks).
        lines = len(state.score_sheet())
        key = (finished, state.is_over)
        if key == self._shown_key and lines >= self._shown_lines:  # what is shown is still true
            return
        self._shown_key, self._shown_lines = key, lines
        if finished == 0:
            self.sheet.value, self.chart.outputs = "", ()
            return
        # Set outright rather than captured with `with output:`: a round often ends on a bot's move,
        # inside a timer callback, where captured output has no cell to go to.
        self.sheet.value = score_sheet_html(state, self._names())
        figure = themed(CHARTS.get(self.game, score_chart)(state, self._names()))
        bundle = {PLOTLY_MIME: {"data": figure["data"], "layout": figure["layout"]},
                  "text/plain": f"<chart: points by round, {finished} round(s)>"}
        self.chart.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)

    def _names(self) -> list[str]:
        if self.table is not None:
            return list(self.table.names)
        return list(explorer.game_class(self.game).SEAT_NAMES[: int(self.players.value)])

    def _seat_options(self, players: int) -> list[tuple[str, int]]:
        """The seats by the game's names, the one that moves first marked (Bangkok: the holder of
        the first-player token, who may not sit first)."""
        cls = explorer.game_class(self.game)
        try:
            starts = explorer.new_game(self.game, players=players, seed=self._deal()).current_player
        except (TypeError, ValueError):
            starts = None
        names = [cls.SEAT_NAMES[s] if s < len(cls.SEAT_NAMES) else f"Player {s + 1}" for s in range(players)]
        return [(name + (" (starts)" if s == starts else ""), s) for s, name in enumerate(names)]


class RecordLoader:
    """Paste a saved record or pick its file, then replay it; a bad one is refused in words."""

    def __init__(self, load: Callable[[str], str]) -> None:
        self._load = load
        self.text = ipw.Textarea(placeholder='{"game": ..., "players": ..., "seed": ..., "actions": [...]}',
                                 description="Saved record", layout=ipw.Layout(width="100%", height="6em"))
        self.upload = ipw.FileUpload(accept=".json,application/json", multiple=False,
                                     description="Open a file", tooltip="Load a saved game record (.json)")
        self.button = ipw.Button(description="Load and replay", tooltip="Replay the pasted record")
        self.message = ipw.HTML()
        self.button.on_click(lambda _b: self.load(str(self.text.value)))
        self.upload.observe(self._uploaded, names="value")
        self.box = ipw.VBox([self.text, ipw.HBox([self.button, self.upload]), self.message])

    def load(self, text: str) -> None:
        said = self._load(text)
        refused = said.startswith("Not loaded")
        self.message.value = (f'<p data-role="record-message" role="{"alert" if refused else "status"}">'
                              f"{html.escape(said)}</p>")

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        content = files[0]["content"]
        try:
            text = bytes(content).decode("utf-8")
        except UnicodeDecodeError:
            self.load("not text")
            return
        self.text.value = text
        self.load(text)


class AppBox(ipw.VBox):  # type: ignore[misc]
    """A play app's box, which also carries the engine's static picture of its table (``text/html``
    beside the widget view). Where a widget is drawn the view wins; a hub page paints the picture as
    soon as its HTML arrives and swaps it for the live table once that is drawn (the template's
    page.js), and a static export of the notebook shows the picture."""

    def __init__(self, children: list[ipw.Widget], first_paint: Callable[[], str]) -> None:
        super().__init__(children)
        self._first_paint = first_paint

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/html"] = self._first_paint()
        return bundle


def play_app(game: str, preset: Mapping[str, str] | None = None) -> ipw.VBox:
    """The play app for ``game``, ready to display."""
    return PlayApp(game, preset).box


def finished_rounds(state: GameState) -> int:
    """How many rounds (Klongs: market days) have been scored: ``state.rounds_scored()``."""
    return state.rounds_scored()


def clip_text(text: object, limit: int = 60) -> str:
    shown = str(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def score_sheet_html(state: GameState, names: list[str]) -> str:
    """The whole game's sheet by round (each round's lines, with each rule's own words, and the
    round's points) and the running totals, as HTML."""
    latest = finished_rounds(state)
    period = period_word(state)
    title = "Final score sheet" if state.is_over else f"Score sheet after {period} {latest}"
    # The view renders the lines' seat markers in these names ("You score…", "Ana wins…").
    lines = state.view(0, names=names)["sheet"]
    by_round: dict[int, list[dict[str, Any]]] = {}
    for line in lines:
        by_round.setdefault(int(line.get("round") or 0), []).append(line)
    rows = []
    for rnd, group in sorted(by_round.items(), key=lambda item: (item[0] == 0, item[0])):
        heading = f"{period.capitalize()} {rnd}" if rnd else ("End of the game" if state.is_over else "Other")
        rows.append(f'<tr class="re-sheet-round"><th colspan="4" scope="rowgroup">{html.escape(heading)}'
                    "</th></tr>")
        for line in group:
            rule = str(line["rule"])
            text = rule_text(state, rule)
            url = rule_url(state.GAME, rule) if text else None
            read = (f' <a class="re-rule-link" href="{html.escape(url)}" target="_blank" rel="noopener">'
                    "Read the rule</a>") if url else ""
            rule_cell = (f"{html.escape(text)} <small>({html.escape(rule)})</small>{read}" if text
                         else f"<small>{html.escape(rule)}</small>")
            rows.append(f"<tr><td>{html.escape(names[line['seat']])}</td><td>{html.escape(str(line['label']))}"
                        f'</td><td class="num">{int(line["points"]):+d}</td><td>{rule_cell}</td></tr>')
        points = [sum(int(x["points"]) for x in group if x["seat"] == s) for s in range(state.players)]
        summary = ", ".join(f"{names[s]} {p:+d}" for s, p in enumerate(points))
        rows.append(f'<tr class="re-sheet-sum"><td colspan="4">{html.escape(heading)}: '
                    f"{html.escape(summary)}</td></tr>")
    rows_html = "".join(rows)
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
        verb = "share the win" if outcome.is_tie else ("win" if who == "You" else "wins")
        verdict = f"<p><strong>{html.escape(who)} {verb}.</strong></p>"
    style = ("<style>.re-sheet table{border-collapse:collapse;margin:4px 0}.re-sheet td,.re-sheet th{"
             "padding:2px 10px;border-bottom:1px solid var(--jp-border-color2,#ddd);text-align:left}"
             ".re-sheet .num{text-align:right;font-variant-numeric:tabular-nums}"
             ".re-sheet .re-sheet-round th{padding-top:8px;font-weight:600}"
             ".re-sheet .re-sheet-sum td{font-style:italic;opacity:.8}</style>")
    return (f'{style}<div class="re-sheet" data-role="sheet"><h3>{title}</h3>{verdict}'
            f"<table><thead><tr><th>player</th><th>what</th><th>points</th><th>rule</th></tr></thead>"
            f"<tbody>{rows_html}</tbody></table><h4>Totals</h4><table>{totals}</table></div>")


def score_chart(state: GameState, names: list[str]) -> Figure:
    """Points per round per player, stacked: a plain figure, rendered by the page's own plotly."""
    players = state.players
    per_round: dict[int, list[int]] = {}
    for line in state.score_sheet():
        per_round.setdefault(line.round, [0] * players)[line.seat] += line.points
    data = [{"type": "bar", "name": f"round {rnd}" if rnd else "final", "x": list(names), "y": points}
            for rnd, points in sorted(per_round.items())]
    layout = {"barmode": "relative", "height": 280, "margin": {"l": 40, "r": 10, "t": 30, "b": 30},
              "title": {"text": "Points by round"}, "legend": {"orientation": "h"}}
    return themed({"data": data, "layout": layout})


def _int(value: str | None, default: int, allowed: range | list[int]) -> int:
    try:
        number = int(value) if value is not None else default
    except ValueError:
        return default
    return number if number in allowed else default


def query_float(value: str | None, default: float) -> float:
    """A number of seconds from the query string (0 to 5), else ``default``."""
    try:
        number = float(value) if value is not None else default
    except ValueError:
        return default
    return number if 0 <= number <= 5 else default
