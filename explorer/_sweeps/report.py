"""Charts of a sweep (plotly figures) and a self-contained HTML report of them.

The report embeds plotly.js once, inline: it opens offline and from any host (no CDN).
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .stats import differences, summary

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go

#: Neutral text on transparent backgrounds: readable on JupyterLab's light and dark themes alike.
LAYOUT: dict[str, Any] = {"paper_bgcolor": "rgba(0,0,0,0)", "plot_bgcolor": "rgba(0,0,0,0)",
                          "font": {"color": "#888"}, "margin": {"l": 50, "r": 10, "t": 40, "b": 40},
                          "height": 340, "legend": {"orientation": "h"}}


def _go() -> Any:
    try:
        import plotly.graph_objects as go
    except ImportError:
        raise ImportError("charts need plotly: pip install 'rules-explorer[app]'") from None
    return go


def _groups(frame: pd.DataFrame) -> Iterator[tuple[int, pd.DataFrame]]:
    """The rows of each combination, in order."""
    for combo in sorted(frame["combo"].unique()):
        yield int(combo), frame[frame["combo"] == combo]


def _combos(frame: pd.DataFrame) -> dict[int, str]:
    options = [c for c in frame.columns if str(c).startswith("option:")]
    out = {}
    for combo, group in _groups(frame):
        first = group.iloc[0]
        out[combo] = ", ".join([f"{int(first['players'])}p"] +
                                    [f"{c.removeprefix('option:')}={first[c]}" for c in options])
    return out


def score_figure(frame: pd.DataFrame) -> go.Figure:
    """The distribution of every seat's final score, per combination (box plots)."""
    go = _go()
    names = _combos(frame)
    fig = go.Figure()
    for combo, group in _groups(frame):
        players = int(group["players"].iloc[0])
        scores = [v for s in range(players) for v in group[f"score:{s}"]]
        fig.add_box(y=scores, name=names[combo], boxmean=True)
    fig.update_layout(title="Final scores per combination", yaxis_title="points", **LAYOUT)
    return fig


def win_figure(frame: pd.DataFrame) -> go.Figure:
    """Each seat's win share with its 95% interval, per combination; the fair share as a line."""
    go = _go()
    table = summary(frame)
    fig = go.Figure()
    for seat, rows in table.groupby("seat", sort=True):
        fig.add_bar(name=f"seat {seat}", x=rows["combination"], y=rows["win share"],
                    error_y={"type": "data", "symmetric": False, "array": rows["high"] - rows["win share"],
                             "arrayminus": rows["win share"] - rows["low"]})
    fig.update_layout(title="Win share per seat (95% intervals)", yaxis_title="share of games won",
                      yaxis_tickformat=".0%", barmode="group", **LAYOUT)
    return fig


def length_figure(frame: pd.DataFrame) -> go.Figure:
    """Game length in actions, per combination."""
    go = _go()
    names = _combos(frame)
    fig = go.Figure()
    for combo, group in _groups(frame):
        fig.add_box(y=group["length"], name=names[combo], boxmean=True)
    fig.update_layout(title="Game length", yaxis_title="actions per game", **LAYOUT)
    return fig


def rule_figure(frame: pd.DataFrame) -> go.Figure:
    """Mean points per game each scoring rule gave, per combination (rules that never scored left out)."""
    go = _go()
    names = _combos(frame)
    rules = [c for c in frame.columns if str(c).startswith("rule:") and frame[c].abs().sum() > 0]
    fig = go.Figure()
    for combo, group in _groups(frame):
        fig.add_bar(name=names[combo], x=[r.removeprefix("rule:") for r in rules],
                    y=[float(group[r].mean()) for r in rules])
    fig.update_layout(title="Points per game by scoring rule", yaxis_title="mean points per game",
                      barmode="group", **LAYOUT)
    return fig


FIGURES = (score_figure, win_figure, length_figure, rule_figure)


def html_report(frame: pd.DataFrame, title: str = "Rules Explorer analysis") -> str:
    """A self-contained HTML page: the summary, the significant differences and the four charts."""
    parts = [f"<h1>{html.escape(title)}</h1>",
             f"<p>{len(frame)} games; seed {html.escape(str(frame.attrs.get('seed', '?')))}.</p>",
             "<h2>Per seat</h2>", summary(frame).round(3).to_html(index=False)]
    diffs = differences(frame)
    if len(diffs):
        parts += ["<h2>Differences between combinations</h2>",
                  "<p>p: two-sided, large-sample; significant at 5%.</p>",
                  diffs.round(4).to_html(index=False)]
    for number, make in enumerate(FIGURES):
        parts.append(make(frame).to_html(full_html=False, include_plotlyjs=number == 0))
    style = ("body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse}"
             "td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:right}")
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{style}</style></head><body>{''.join(parts)}</body></html>")
