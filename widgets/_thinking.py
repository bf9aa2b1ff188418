"""A host's searches take turns: hints and strong bots, from every visitor's kernel, share a few
thinking slots, so that clicks always find a free core.

A hint searches for half a second of CPU and a strong bot's move for a third: a few visitors pressing
Hint together on a 2-core host used to stall every other visitor's clicks. The hub (``widgets.hub``)
gives its kernels a folder of slot files (:data:`ENV`); a search runs only while it holds one (an
exclusive ``flock``, which the system lets go of if the kernel dies), and waits its turn, first come
first served, in the folder's queue. A kernel never blocks while it waits: the table says "waiting
for a free thinker" and asks again a moment later. While others wait, a search gets a smaller budget
(:data:`BUSY_SHARE`), and the hint says so.

Outside the hub (JupyterLab, scripts, tests) there is no folder and searches run at once.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from explorer.table import Table

#: The environment variable naming the slot folder and the number of slots: ``/path/to/folder:2``.
ENV = "RULES_EXPLORER_THINKING"
#: The share of its budget a search gets while other searches wait for a slot: thinking a third as
#: long serves three times as many in turn, and a hint's advice changes little (its rule of thumb
#: and the first roll-outs decide most positions).
BUSY_SHARE = 0.35
#: Seconds between two looks for a free slot of a waiting search.
RETRY_SECONDS = 0.05


def slots_for(cores: int) -> int:
    """Searches at once on a host with ``cores``: all but one core, which stays free for clicks."""
    return max(1, cores - 1)


@dataclass
class Slot:
    """A held slot: ``share`` of its budget the search may use; :meth:`release` when done."""

    handle: IO[str]
    share: float

    def release(self) -> None:
        try:
            fcntl.flock(self.handle, fcntl.LOCK_UN)
        finally:
            self.handle.close()


class ThinkingSlots:
    """The host's slot files in ``folder`` (``slots`` of them) and its queue of waiting searches."""

    def __init__(self, folder: Path, slots: int) -> None:
        self.folder = folder
        self.slots = max(1, slots)
        self.queue = folder / "queue"
        self.queue.mkdir(parents=True, exist_ok=True)

    @classmethod
    def from_env(cls) -> ThinkingSlots | None:
        """The hub's slots, where this process runs in one of its kernels; else None."""
        value = os.environ.get(ENV, "")
        folder, _, count = value.rpartition(":")
        if not folder or not count.isdigit():
            return None
        return cls(Path(folder), int(count))

    def ticket(self) -> Path:
        """A place in the queue (first come, first served); pass it to :meth:`try_take`."""
        path = self.queue / f"{time.time_ns():020d}-{os.getpid()}-{id(object()):x}"
        path.touch()
        return path

    def waiting(self) -> list[Path]:
        """The queue's tickets, oldest first; tickets of processes that have died are removed."""
        alive = []
        for path in sorted(self.queue.iterdir()):
            try:
                os.kill(int(path.name.split("-")[1]), 0)
            except (ProcessLookupError, ValueError, IndexError):
                path.unlink(missing_ok=True)
                continue
            except PermissionError:
                pass  # another user's process: alive
            alive.append(path)
        return alive

    def ahead(self, ticket: Path) -> int:
        """Searches ahead of ``ticket`` in the queue."""
        queue = self.waiting()
        return queue.index(ticket) if ticket in queue else 0

    def try_take(self, ticket: Path) -> Slot | None:
        """A slot for ``ticket`` if one is free and the ticket's turn has come; else None (ask again
        after RETRY_SECONDS). Taking a slot gives the ticket up."""
        queue = self.waiting()
        if ticket in queue and queue.index(ticket) >= self.slots:
            return None  # others came first
        for n in range(self.slots):
            handle = (self.folder / f"slot-{n}").open("a")
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.close()
                continue
            others = len(queue) - (1 if ticket in queue else 0)
            ticket.unlink(missing_ok=True)
            return Slot(handle, BUSY_SHARE if others > 0 else 1.0)
        return None

    def cancel(self, ticket: Path) -> None:
        ticket.unlink(missing_ok=True)


class BotTurns:
    """A table's strong bots taking the host's thinking slots (``slots``; None: no hub, they move at
    once): a bot that finds none free keeps its place in the queue and moves when its turn comes."""

    def __init__(self, slots: ThinkingSlots | None, think_seconds: float) -> None:
        self.slots = slots
        self.think_seconds = think_seconds
        self.ticket: Path | None = None

    def step(self, table: Table, searches: Callable[[object], bool]) -> bool:
        """Move the bot to act at ``table`` (``searches(bot)``: whether it needs a slot); False, and no
        move, while it waits for one."""
        seat = table.bot_to_act()
        bot: Any = table.bots.get(seat) if seat is not None else None
        if self.slots is None or not searches(bot):
            table.step()
            return True
        if self.ticket is None:
            self.ticket = self.slots.ticket()
        slot = self.slots.try_take(self.ticket)
        if slot is None:
            return False
        self.ticket = None
        usual = float(bot.seconds)
        try:
            bot.seconds = min(usual, self.think_seconds) * slot.share
            table.step()
        finally:
            bot.seconds = usual
            slot.release()
        return True

    def cancel(self) -> None:
        if self.ticket is not None and self.slots is not None:
            self.slots.cancel(self.ticket)
        self.ticket = None
