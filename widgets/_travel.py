"""Time travel and pace on a table widget: undo, redo, review of any past position, play on from
it, and the round summary the bots wait on. A mixin of ``GameWidget`` (``_session``), which keeps the
line of play (``_timeline.Timeline``) and calls these from the browser's intents.
"""

from __future__ import annotations

from typing import Any

from explorer.table import Table

from ._intents import TIMELINE, IntentError
from ._pace import pause_view
from ._timeline import Timeline


class TimeTravel:
    """What a table does with its line of play; the widget supplies the attributes below."""

    _line: Timeline
    _review: int | None
    _pause: int | None
    _rounds_seen: int
    _seats: tuple[int, ...]
    _table: Table
    _view_seat: int
    error: Any

    def _names(self) -> list[str]:
        raise NotImplementedError

    def _drawn_events(self, seat: int) -> list[dict[str, Any]] | None:
        """The events of the view being drawn, when it is the line's last position's from ``seat``
        (the move log reuses them rather than ask the engine for that view again)."""
        drawn = getattr(self, "_drawing", None)
        if drawn is None or drawn[0] is not self._line.states[-1] or drawn[1] != seat:
            return None
        events: list[dict[str, Any]] = drawn[2]
        return events

    def _cancel_bots(self) -> None:
        raise NotImplementedError

    def _settle(self) -> None:
        raise NotImplementedError

    def _changed(self, *, notify: bool) -> None:
        raise NotImplementedError

    @property
    def timeline(self) -> Timeline:
        """The line of play: every position from the start (undo, redo and review move along it)."""
        return self._line

    @property
    def reviewing(self) -> int | None:
        """The move number shown in review mode, or None while the table shows the game."""
        return None if self._review is None else self._line.first + self._review

    def undo(self) -> None:
        """Take back the learner's last move together with the bots' replies."""
        target = self._line.undo_target(self._seats) if self._review is None else None
        if target is None:
            raise IntentError(TIMELINE, "Nothing to undo: no move of yours to take back here.")
        self._travel(target)

    def redo(self) -> None:
        """Play the taken-back move again, with the bots' replies as they were."""
        target = self._line.redo_target(self._seats) if self._review is None else None
        if target is None:
            raise IntentError(TIMELINE, "Nothing to redo: no move was taken back.")
        self._travel(target)

    def review(self, move: int) -> None:
        """Show the position after move number ``move`` (nothing offered there) until ``back()``."""
        k = self._line.index(move)
        if k is None:
            raise IntentError(TIMELINE, f"This game has no move {move}: it runs from move "
                              f"{self._line.first} to {self._line.first + self._line.length}.")
        self._cancel_bots()
        self._review = k
        self._settle()

    def back(self) -> None:
        """Leave review mode: the table shows the game again, and the bots go on."""
        self._check_reviewing()
        self._review = None
        self._changed(notify=False)

    def play_on(self) -> None:
        """Continue the game from the position under review: the moves after it are dropped."""
        k = self._check_reviewing()
        self._review = None
        self._line.at = k
        self._line.truncate()
        self._travel(k)

    def carry_on(self) -> None:
        """Close the round's summary: the bots move on."""
        if self._pause is not None:
            self._pause = None
            self._changed(notify=False)

    def _check_reviewing(self) -> int:
        if self._review is None:
            raise IntentError(TIMELINE, "The table already shows the game, not a past position.")
        return self._review

    def _travel(self, k: int) -> None:
        self._cancel_bots()
        self._line.at = k
        self.error = {}
        self._table.state = self._line.current
        self._rounds_seen, self._pause = self._table.state.rounds_scored(), None
        self._changed(notify=True)

    # ---- what the view shows of it --------------------------------------------------------------

    def _timeline_view(self, seat: int) -> dict[str, Any]:
        """``view["timeline"]``: the mode, where the line stands, what undo and redo would do, and the
        whole line in words (the move log)."""
        line, review = self._line, self._review
        playing = review is None
        return {
            "mode": "play" if playing else "review",
            "shown": line.first + (line.at if review is None else review),
            "current": line.first + line.at,
            "first": line.first,
            "last": line.first + line.length,
            "can_undo": playing and line.undo_target(self._seats) is not None,
            "can_redo": playing and line.redo_target(self._seats) is not None,
            "finished": line.states[-1].is_over,
            "log": line.log(seat, self._names(), self._drawn_events(seat)),
        }

    def _pause_view(self) -> dict[str, Any] | None:
        """``view["pause"]``: the round the bots wait on, itemised in the learner's names."""
        if self._pause is None or self._review is not None:
            return None
        state = self._table.state
        sheet = state.view(self._view_seat, names=self._names())["sheet"]
        return pause_view(state, self._pause, sheet)

