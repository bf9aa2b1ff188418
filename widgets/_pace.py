"""The table's pace: how fast the bots move, and the summary it pauses on when a round is scored.

A learner needs time to see what a round came to before the next one deals: when
``state.rounds_scored()`` grows, a table with round pauses on holds its bots and draws the round's
itemised lines (in the reader's names, each with its rule's text) until the learner continues.

>>> [label for label, _ in SPEEDS]
['slow', 'normal', 'fast', 'instant']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from explorer import GameState

#: The bot speeds a table offers: (label, seconds between bot moves).
SPEEDS: tuple[tuple[str, float], ...] = (("slow", 1.5), ("normal", 0.6), ("fast", 0.2), ("instant", 0.0))


def speed_view(delay: float) -> dict[str, Any]:
    """``view["speed"]``: the delay in force and the choices (a URL's own delay listed too)."""
    speeds = list(SPEEDS)
    if all(seconds != delay for _, seconds in speeds):
        speeds = sorted([*speeds, (f"{delay:g} s", delay)], key=lambda speed: -speed[1])
    return {"delay": delay, "choices": [{"label": label, "delay": seconds} for label, seconds in speeds]}


def period_word(state: GameState) -> str:
    """What the game calls a scored period: Klongs scores on market days, the others by rounds."""
    return "market day" if state.GAME == "klongs" else "round"


def rule_text(state: GameState, rule: str) -> str:
    """A rule's own words from the game's catalogue ('' for a rule the catalogue does not hold)."""
    try:
        return str(state.RULES[rule].text)
    except (KeyError, AttributeError, TypeError):
        return ""


def pause_view(state: GameState, scored: int, sheet: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """``view["pause"]``: round ``scored``'s lines from the view's ``sheet`` (labels already in the
    reader's names), each with its rule's text, and the totals so far."""
    lines = [{"seat": line["seat"], "label": line["label"], "points": line["points"], "rule": line["rule"],
              "rule_text": rule_text(state, str(line["rule"]))}
             for line in sheet if line.get("round") == scored]
    period = period_word(state)
    return {
        "round": scored,
        "period": period,
        "title": f"{period.capitalize()} {scored} is scored",
        "lines": lines,
        "round_points": [sum(x["points"] for x in lines if x["seat"] == s) for s in range(state.players)],
        "totals": state.scores(),
    }
