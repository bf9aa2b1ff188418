"""Error classes shared by every game."""

from __future__ import annotations

from collections.abc import Sequence

from ._core.words import render


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
        #: The reason with its seat markers (see explorer._core.words), when it names seats.
        self.marked: str | None = None

    def worded(self, names: Sequence[str]) -> str:
        """The reason with the seats called by ``names`` (a table's own names, the player as "You")."""
        return self.reason if self.marked is None else render(self.marked, names)

    def _render_traceback_(self) -> list[str]:
        """What IPython prints when a cell raises this: the reason and the rule's text, not a stack."""
        from ._draw.tables import refusal_lines

        return refusal_lines(self.rule, self.reason, self.action)

    def _repr_html_(self) -> str:
        """A refusal shown in a notebook (``err`` as a cell's last line): what, why and the rule."""
        from ._draw.tables import refusal_html

        return refusal_html(self.rule, self.reason, self.action)


class RecordError(ValueError):
    """A game record (or part of one) that cannot be replayed; says which field and why."""


class PositionError(ValueError):
    """A stated position (``explorer.score_table``) that breaks a rule: ``rule`` is the rule's stable id
    (for example ``"bangkok.market.adjacent"``); ``str(error)`` says what breaks it and the rule's words."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


class EditionError(ValueError):
    """An edition file whose contents do not describe a valid set of components."""


class TooLong(RuntimeError):
    """A play-out went past its game's bound on actions (explorer._core.bounds): a bug in a game or a bot,
    or a position from which the game cannot end, reported instead of a hang."""
