"""When the widgets' deferred work runs: bot moves after ``bot_delay`` and state observers.

A widget never reads a clock or an event loop itself; it asks a :class:`Scheduler`. In a live
kernel that is asyncio's running loop (the page stays live while the bots think); in a plain script
there is no loop and things run at once; tests pass a :class:`FakeClock` and ``advance`` it, so
they never sleep or poll real timers.

>>> clock = FakeClock()
>>> said = []
>>> _ = clock.call_later(1.0, lambda: said.append("late"))
>>> _ = clock.call_soon(lambda: said.append("soon"))
>>> clock.advance(0.5)
>>> said
['soon']
>>> clock.advance(0.5)
>>> said
['soon', 'late']
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
from collections import deque
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger(__name__)

Callback = Callable[[], object]


class Handle(Protocol):
    """What scheduling returns: something that can be cancelled (asyncio's handles are)."""

    def cancel(self) -> None: ...


class Scheduler(Protocol):
    """Runs callbacks later (``call_later``), after the current work (``call_soon``), or never
    (``cancel``)."""

    def call_later(self, delay: float, callback: Callback) -> Handle: ...

    def call_soon(self, callback: Callback) -> Handle: ...

    def cancel(self, handle: Handle) -> None: ...


class _Pending:
    """A scheduled callback of :class:`ImmediateScheduler` or :class:`FakeClock`."""

    def __init__(self, callback: Callback) -> None:
        self.callback = callback
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True

    def run(self) -> None:
        if self.cancelled:
            return
        self.cancelled = True  # a handle runs once
        try:
            self.callback()
        except Exception:  # as asyncio does: log it, and go on with the other callbacks
            log.exception("scheduled callback %r failed", self.callback)


class AsyncioScheduler:
    """An asyncio event loop: the kernel's in JupyterLab and Voila."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def call_later(self, delay: float, callback: Callback) -> Handle:
        return self.loop.call_later(delay, callback)

    def call_soon(self, callback: Callback) -> Handle:
        return self.loop.call_soon(callback)

    def cancel(self, handle: Handle) -> None:
        handle.cancel()


class ImmediateScheduler:
    """No waiting: every callback runs at once, delays are ignored (scripts, doctests).

    A callback scheduled while another one runs waits until that one returns, so a chain of bot
    moves is a loop, not a recursion.
    """

    def __init__(self) -> None:
        self._queue: deque[_Pending] = deque()
        self._running = False

    def call_later(self, delay: float, callback: Callback) -> Handle:
        return self.call_soon(callback)

    def call_soon(self, callback: Callback) -> Handle:
        pending = _Pending(callback)
        self._queue.append(pending)
        if not self._running:
            self._running = True
            try:
                while self._queue:
                    self._queue.popleft().run()
            finally:
                self._running = False
        return pending

    def cancel(self, handle: Handle) -> None:
        handle.cancel()


class KernelScheduler:
    """asyncio's running loop when there is one (a live kernel), else :class:`ImmediateScheduler`.

    The loop is looked up at each call: a widget may be built in a script and shown in a kernel.
    """

    def __init__(self) -> None:
        self._now = ImmediateScheduler()

    def _current(self) -> Scheduler:
        try:
            return AsyncioScheduler(asyncio.get_running_loop())
        except RuntimeError:
            return self._now

    def call_later(self, delay: float, callback: Callback) -> Handle:
        return self._current().call_later(delay, callback)

    def call_soon(self, callback: Callback) -> Handle:
        return self._current().call_soon(callback)

    def cancel(self, handle: Handle) -> None:
        handle.cancel()


class FakeClock:
    """A clock for tests: nothing runs until :meth:`advance` moves time past it.

    ``call_soon`` callbacks are due now, so ``advance(0)`` runs them. Callbacks run in the order
    they fall due (ties in the order they were scheduled); those scheduled while advancing run too
    if they fall due within the step.
    """

    def __init__(self) -> None:
        self.now = 0.0
        self._due: list[tuple[float, int, _Pending]] = []
        self._order = itertools.count()

    def call_later(self, delay: float, callback: Callback) -> Handle:
        if delay < 0:
            raise ValueError(f"a delay cannot be negative: {delay}")
        pending = _Pending(callback)
        heapq.heappush(self._due, (self.now + delay, next(self._order), pending))
        return pending

    def call_soon(self, callback: Callback) -> Handle:
        return self.call_later(0.0, callback)

    def cancel(self, handle: Handle) -> None:
        handle.cancel()

    @property
    def pending(self) -> int:
        """How many callbacks are waiting (cancelled ones not counted)."""
        return sum(1 for _, _, p in self._due if not p.cancelled)

    def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, running every callback that falls due on the way."""
        if seconds < 0:
            raise ValueError(f"time does not go back: {seconds}")
        end = self.now + seconds
        while self._due and self._due[0][0] <= end:
            when, _, pending = heapq.heappop(self._due)
            self.now = max(self.now, when)
            pending.run()
        self.now = end
