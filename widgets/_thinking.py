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
from dataclasses import dataclass
from pathlib import Path
from typing import IO

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
