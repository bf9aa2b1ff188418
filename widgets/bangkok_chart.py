"""The Bangkok play app's chart: points by kind per player, or a solo score beside the bot's.

Bangkok is scored once, at the end, so its chart is not "points by round": with several players it
stacks each player's objective, chilli cards and completed market; alone, it shows the final score
beside the distribution of final scores :class:`explorer.bangkok.HeuristicBot` reaches in solo
games of the same edition and rules (``solo_benchmark``: computed once per kernel, mostly while
the learner plays).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from explorer import GameState
from explorer.bangkok import RULE_COMPLETE, RULE_OBJECTIVE

from .bangkok import solo_benchmark

#: A plotly figure as its JSON: ``{"data": [traces], "layout": {...}}`` (what the page's plotly.js draws).
Figure = dict[str, Any]

KINDS = (("objective", "objective"), ("chilli", "chilli cards"), ("complete", "completed market"))
#: Readable on JupyterLab's light and dark themes alike: a mid-grey font, faint grid lines, no
#: background of its own (the page's plotly keeps its light template otherwise: dark text on dark).
GREY, GRID = "#8a8a8a", "rgba(138,138,138,0.3)"
AXIS = {"gridcolor": GRID, "zerolinecolor": GRID, "linecolor": GRID, "tickfont": {"color": GREY}}


def _kind(rule: str) -> str:
    if rule == RULE_OBJECTIVE:
        return "objective"
    return "complete" if rule == RULE_COMPLETE else "chilli"


def bangkok_chart(state: GameState, names: list[str]) -> Figure:
    """Points by kind per player, or (solo) the final score against the bot's distribution."""
    layout: dict[str, Any] = {"height": 300, "margin": {"l": 40, "r": 10, "t": 40, "b": 40},
                              "legend": {"orientation": "h"}}
    if state.players == 1:
        mine = state.scores()[0]
        scores = solo_benchmark(state)
        counts = Counter(scores)
        xs = sorted(set(counts) | {mine})
        below = sum(1 for s in scores if s < mine)
        bars = {"type": "bar", "x": xs, "y": [counts.get(x, 0) for x in xs],
                "name": f"heuristic bot, {len(scores)} games",
                "marker": {"color": ["#f28e2b" if x == mine else "#4e79a7" for x in xs]}}
        mark = {"type": "line", "x0": mine, "x1": mine, "y0": 0, "y1": 1, "xref": "x", "yref": "paper",
                "line": {"color": "#f28e2b", "width": 3, "dash": "dot"}}
        note = {"x": mine, "y": 1, "xref": "x", "yref": "paper", "yanchor": "bottom",
                "text": f"{names[0]}: {mine}", "showarrow": False}
        title = f"Your {mine} points: better than {below} of the bot's {len(scores)} solo games"
        layout |= {"title": {"text": title}, "xaxis": {"title": {"text": "final score"}, "dtick": 1},
                   "yaxis": {"title": {"text": "bot games"}}, "showlegend": False, "shapes": [mark],
                   "annotations": [note]}
        return themed({"data": [bars], "layout": layout})
    points = {kind: [0] * state.players for kind, _ in KINDS}
    for line in state.score_sheet():
        points[_kind(line.rule)][line.seat] += line.points
    data = [{"type": "bar", "name": label, "x": list(names), "y": points[kind]} for kind, label in KINDS]
    layout |= {"barmode": "relative", "title": {"text": "Points by kind"}}
    return themed({"data": data, "layout": layout})


def themed(figure: Figure) -> Figure:
    """Readable in a light and a dark theme alike: transparent backgrounds, a mid-grey font and faint
    grid lines on every axis (the page's plotly keeps its own light template otherwise: dark text on
    dark)."""
    layout = figure["layout"]
    layout |= {"paper_bgcolor": "rgba(0,0,0,0)", "plot_bgcolor": "rgba(0,0,0,0)", "font": {"color": GREY}}
    layout.setdefault("title", {}).setdefault("font", {"color": GREY})
    layout.setdefault("legend", {}).setdefault("font", {"color": GREY})
    for axis in ("xaxis", "yaxis"):
        layout[axis] = {**AXIS, **layout.get(axis, {})}
        if "title" in layout[axis]:
            layout[axis]["title"].setdefault("font", {"color": GREY})
    for note in layout.get("annotations", []):
        note.setdefault("font", {"color": GREY})
    return figure
