"""The public history of a game: what happened, as structured entries with a sentence each.

States are immutable values, so the log is a persistent linked list: appending an event shares the
older entries instead of copying them (``play()`` stays cheap however long the game).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One public happening: who (``seat``, or ``None`` for the game itself), which action's notation
    caused it (or ``None``), a plain sentence, and game-specific data for widgets (JSON-ready)."""

    seat: int | None
    action: str | None
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {**self.data, "seat": self.seat, "action": self.action, "text": self.text}


class EventLog:
    """An immutable list of events, newest last; ``add`` returns a new log sharing this one.

    Views ask for the whole history on every move (a bot reads a view per move), so each log keeps
    its entries as dicts once written: a view then costs a list copy, not a rebuild.
    """

    __slots__ = ("_cache", "_last", "size")

    def __init__(self, last: tuple[Event, EventLog] | None = None, size: int = 0) -> None:
        self._last = last
        self.size = size
        self._cache: list[dict[str, Any]] | None = [] if last is None else None

    def add(self, seat: int | None, action: str | None, text: str, **data: Any) -> EventLog:
        return EventLog((Event(seat, action, text, data), self), self.size + 1)

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Event]:
        return iter(self.entries())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EventLog):
            return NotImplemented
        return self.size == other.size and self.entries() == other.entries()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<EventLog of {self.size} events>"

    def entries(self, last: int | None = None) -> list[Event]:
        """The events oldest first; with ``last``, only that many of the newest."""
        out: list[Event] = []
        node: EventLog = self
        limit = self.size if last is None else min(last, self.size)
        while node._last is not None and len(out) < limit:
            out.append(node._last[0])
            node = node._last[1]
        out.reverse()
        return out

    def dicts(self, last: int | None = None) -> list[dict[str, Any]]:
        """The events as dicts, oldest first (shared between views: read them, do not change them)."""
        entries = self._dicts()
        return list(entries if last is None else entries[max(0, len(entries) - last):])

    def _dicts(self) -> list[dict[str, Any]]:
        if self._cache is not None:
            return self._cache
        # Walk back to the newest log whose dicts are written, then write the rest forwards.
        pending: list[EventLog] = []
        node: EventLog = self
        while node._cache is None:
            pending.append(node)
            assert node._last is not None
            node = node._last[1]
        written = node._cache
        for later in reversed(pending):
            assert later._last is not None
            written = [*written, later._last[0].to_dict()]
            later._cache = written
        return written


EMPTY_LOG = EventLog()
