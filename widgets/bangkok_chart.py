"""The Bangkok play app's chart: points by kind per player, or a solo score beside the bot's.

Bangkok is scored once, at the end, so its chart is not "points by round": with several players it
stacks each player's objective, chilli cards and completed market; alone, it shows the final score
beside the distribution of final scores :class:`explorer.bangkok.HeuristicBot` reaches in solo
games of the same edition and rules (``solo_scores``, computed once per kernel).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import plotly.graph_objects as go

from explorer import GameState
from explorer.bangkok import solo_scores
from explorer.bangkok._scoring import RULE_COMPLETE, RULE_OBJECTIVE

#: How many bot games the solo chart compares with (about a second of the kernel's time, once).
BOT_GAMES = 100
_BOT_SCORES: dict[str, list[int]] = {}

KINDS = (("objective", "objective"), ("chilli", "chilli cards"), ("complete", "completed market"))


def bot_scores(state: GameState, games: int = BOT_GAMES) -> list[int]:
    """Final scores of ``games`` solo games by the heuristic bot, same edition and rules as ``state``."""
    record = state.to_record()
    rules = {k: v for k, v in dict(state.rules).items() if k != "position"}
    key = json.dumps([record["edition"], rules, games], sort_keys=True, default=str)
    if key not in _BOT_SCORES:
        _BOT_SCORES[key] = solo_scores(games, edition=record["edition"], seed=0, **rules)
    return _BOT_SCORES[key]


def _kind(rule: str) -> str:
    if rule == RULE_OBJECTIVE:
        return "objective"
    return "complete" if rule == RULE_COMPLETE else "chilli"


def bangkok_chart(state: GameState, names: list[str]) -> go.Figure:
    """Points by kind per player, or (solo) the final score against the bot's distribution."""
    layout: dict[str, Any] = {"height": 300, "margin": {"l": 40, "r": 10, "t": 40, "b": 40},
                              "paper_bgcolor": "rgba(0,0,0,0)", "plot_bgcolor": "rgba(0,0,0,0)",
                              "legend": {"orientation": "h"}}
    fig = go.Figure()
    if state.players == 1:
        mine = state.scores()[0]
        scores = bot_scores(state)
        counts = Counter(scores)
        xs = sorted(set(counts) | {mine})
        below = sum(1 for s in scores if s < mine)
        fig.add_bar(x=xs, y=[counts.get(x, 0) for x in xs], name=f"heuristic bot, {len(scores)} games",
                    marker={"color": ["#f28e2b" if x == mine else "#4e79a7" for x in xs]})
        fig.add_vline(x=mine, line={"color": "#f28e2b", "width": 3, "dash": "dot"},
                      annotation={"text": f"{names[0]}: {mine}", "showarrow": False})
        title = f"Your {mine} points: better than {below} of the bot's {len(scores)} solo games"
        fig.update_layout(title=title,
                          xaxis={"title": "final score", "dtick": 1}, yaxis={"title": "bot games"},
                          showlegend=True, **layout)
        return fig
    points = {kind: [0] * state.players for kind, _ in KINDS}
    for line in state.score_sheet():
        points[_kind(line.rule)][line.seat] += line.points
    for kind, label in KINDS:
        fig.add_bar(name=label, x=names, y=points[kind])
    fig.update_layout(barmode="relative", title="Points by kind", **layout)
    return fig
