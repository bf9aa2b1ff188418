"""Error classes shared by every game."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules forbid in this position.

    ``rule`` is the stable id of the rule that forbids it (for example
    ``"tindahan.follow-suit"``); ``str(error)`` says what was tried and why it is refused.
    """

    def __init__(self, rule: str, message: str, action: str | None = None) -> None:
        if action is not None and len(action) > 60:  # never echo a megabyte of input back
            short = f"{action[:40]}… ({len(action)} characters)"
            message = message.replace(action, short)
            action = short
        if len(message) > 1000:
            message = f"{message[:999]}…"
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.reason = message
        self.action = action


class RecordError(ValueError):
    """A game record (or part of one) that cannot be replayed; says which field and why."""


class EditionError(ValueError):
    """An edition file whose contents do not describe a valid set of components."""
