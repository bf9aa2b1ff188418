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


@dataclass(frozen=True, slots=True)
class EventLog:
    """An immutable list of events, newest last; ``add`` returns a new log sharing this one."""

    _last: tuple[Event, EventLog] | None = None
    size: int = 0

    def add(self, seat: int | None, action: str | None, text: str, **data: Any) -> EventLog:
        return EventLog((Event(seat, action, text, data), self), self.size + 1)

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Event]:
        return iter(self.entries())

    def entries(self, last: int | None = None) -> list[Event]:
        """The events oldest first; with ``last``, only that many of the newest."""
        out: list[Event] = []
        node = self._last
        limit = self.size if last is None else min(last, self.size)
        while node is not None and len(out) < limit:
            out.append(node[0])
            node = node[1]._last
        out.reverse()
        return out

    def dicts(self, last: int | None = None) -> list[dict[str, Any]]:
        return [event.to_dict() for event in self.entries(last)]


EMPTY_LOG = EventLog()
