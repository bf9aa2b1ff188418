"""Checking what the browser sends before the engine sees it.

The browser is not trusted: a message may have any shape, and a page may try to set the traits that
are the kernel's account of the game. Everything here refuses with an :class:`IntentError` carrying
a widget rule id (``widget.…``), which the widget shows like an engine refusal. Whether an action is
legal is never decided here: that is the engine's alone.

>>> parse_intent({"type": "play", "action": "banana-10", "move": 3})
Intent(kind='play', action='banana-10', move=3, delay=None)
>>> parse_intent({"type": "goto", "move": 12}).move
12
>>> try:
...     parse_intent({"type": "play", "action": "banana-10", "seat": 2})
... except IntentError as refused:
...     print(refused.rule, refused.message)
widget.bad-message A 'play' message may not carry 'seat'.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import traitlets

# Rule ids of refusals decided by the widget itself (before the engine is asked).
BAD_MESSAGE = "widget.bad-message"
BUSY = "widget.busy"
NOT_YOUR_TURN = "widget.not-your-turn"
STALE = "widget.stale"
BOT_FAILED = "widget.bot-failed"
OBSERVER_FAILED = "widget.observer-failed"
INTERNAL = "widget.internal"
REVIEWING = "widget.reviewing"  # a move offered while the table shows a past position
TIMELINE = "widget.timeline"  # undo, redo or a position the line does not have

# Which keys each intent may carry (besides "type"), and which of them are required.
INTENTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "play": (frozenset({"action", "move"}), frozenset({"action"})),
    "restart": (frozenset(), frozenset()),
    "new-game": (frozenset(), frozenset()),
    "dismiss": (frozenset(), frozenset()),
    # Time travel and pace (see _timeline and _pace).
    "undo": (frozenset(), frozenset()),
    "redo": (frozenset(), frozenset()),
    "goto": (frozenset({"move"}), frozenset({"move"})),
    "back": (frozenset(), frozenset()),
    "play-on": (frozenset(), frozenset()),
    "continue": (frozenset(), frozenset()),
    "speed": (frozenset({"delay"}), frozenset({"delay"})),
}
# Traits the browser must never set: they are the kernel's account of the game.
READ_ONLY = frozenset({"view", "error", "busy", "_esm", "_css"})
MAX_ACTION_CHARS = 80
MAX_NAME_CHARS = 40
MAX_BOT_DELAY = 10.0


def clip(text: object, limit: int = MAX_ACTION_CHARS) -> str:
    """``repr`` of browser input, shortened: echoing it in an error must stay harmless and small."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


class IntentError(Exception):
    """An intent the widget refuses before asking the engine; carries a widget rule id."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


@dataclass(frozen=True)
class Intent:
    """A well-formed message: its ``kind``; for ``play`` the action and the move it was for, for
    ``goto`` the move to show, for ``speed`` the seconds between bot moves."""

    kind: str
    action: str | None = None
    move: int | None = None
    delay: float | None = None


def parse_intent(content: object) -> Intent:
    """The intent in a browser message, or :class:`IntentError` if the message is malformed."""
    if not isinstance(content, dict):
        raise IntentError(BAD_MESSAGE, f"A message must be an object, not {type(content).__name__}.")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in INTENTS:
        raise IntentError(BAD_MESSAGE, f"Unknown message type {clip(kind)}; expected one of "
                          + ", ".join(sorted(INTENTS)) + ".")
    allowed, required = INTENTS[kind]
    extra = sorted(str(k) for k in content if k != "type" and k not in allowed)
    if extra:
        raise IntentError(BAD_MESSAGE, f"A {kind!r} message may not carry {clip(', '.join(extra))}.")
    missing = sorted(required - set(content))
    if missing:
        raise IntentError(BAD_MESSAGE, f"A {kind!r} message needs {', '.join(missing)}.")
    if kind == "goto":
        return Intent(kind, move=_move(content["move"], required=True))
    if kind == "speed":
        return Intent(kind, delay=_delay(content["delay"]))
    if kind != "play":
        return Intent(kind)
    action, move = content["action"], content.get("move")
    if not isinstance(action, str):
        raise IntentError(BAD_MESSAGE, f"An action must be a notation string, not {type(action).__name__}.")
    if not action or len(action) > MAX_ACTION_CHARS:
        raise IntentError(BAD_MESSAGE, f"{clip(action)} is not an action notation.")
    return Intent(kind, action, _move(move, required=False))


def _move(move: object, *, required: bool) -> int | None:
    if move is None and not required:
        return None
    if isinstance(move, bool) or not isinstance(move, int):
        raise IntentError(BAD_MESSAGE, f"'move' must be an integer, not {type(move).__name__}.")
    if not 0 <= move <= 1_000_000:
        raise IntentError(BAD_MESSAGE, f"'move' {clip(move)} is out of range.")
    return move


def _delay(delay: object) -> float:
    if isinstance(delay, bool) or not isinstance(delay, (int, float)):
        raise IntentError(BAD_MESSAGE, f"'delay' must be a number of seconds, not {type(delay).__name__}.")
    if not math.isfinite(delay) or not 0 <= delay <= MAX_BOT_DELAY:
        raise IntentError(BAD_MESSAGE, f"'delay' must be from 0 to {MAX_BOT_DELAY:g} seconds, "
                          f"not {clip(delay)}.")
    return float(delay)


def check_turn(intent: Intent, *, busy: bool, moves: int, current: int | None, seats: Sequence[int],
               name: Callable[[int], str]) -> None:
    """Refuse a play while bots move, one made on an older table, or one out of the learner's turn."""
    action = intent.action
    if busy:
        raise IntentError(BUSY, f"{action} not played: wait until the bots have moved.")
    if intent.move is not None and intent.move != moves:
        raise IntentError(STALE, f"{action} not played: the table changed since that click; try again.")
    if current is not None and current not in seats:
        raise IntentError(NOT_YOUR_TURN, f"{action} not played: it is {name(current)}'s turn.")


def split_forged(sync_data: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Trait updates from the browser: those it may make, and the names of the read-only ones."""
    forged = sorted(READ_ONLY & set(sync_data))
    return {k: v for k, v in sync_data.items() if k not in READ_ONLY}, forged


# ---- trait values (the widget's validators) ----------------------------------------------------

def valid_error(value: Mapping[str, Any]) -> dict[str, str]:
    if value == {}:
        return {}
    # rule_text: the rule's paraphrase from the game's catalogue, shown beside its id; rule_url: the rules
    # page at that rule (relative), drawn as a "Read the rule" link.
    if not {"message", "rule"} <= set(value) <= {"message", "rule", "rule_text", "rule_url"} or not all(
            isinstance(v, str) for v in value.values()):
        raise traitlets.TraitError("error must be {} or {'message': str, 'rule': str[, 'rule_text': str, "
                                   "'rule_url': str]}")
    return dict(value)


def valid_delay(value: object) -> float:
    delay = float(value)  # type: ignore[arg-type]
    if not math.isfinite(delay) or not 0 <= delay <= MAX_BOT_DELAY:
        raise traitlets.TraitError(f"bot_delay must be from 0 to {MAX_BOT_DELAY} seconds, not {delay}")
    return delay


def valid_names(value: Sequence[str], players: int) -> list[str]:
    names = list(value)
    if len(names) != players:
        raise traitlets.TraitError(f"names needs one name per seat ({players}), not {len(names)}")
    for name in names:
        if not name.strip() or len(name) > MAX_NAME_CHARS:
            raise traitlets.TraitError(f"each name must be 1-{MAX_NAME_CHARS} characters, not {name!r}")
    return names
