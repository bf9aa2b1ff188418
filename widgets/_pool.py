"""How many kernels the hub keeps warm and allows, sized from the host, and a gate that warms them
without starving the visitors being served.

A burst of visitors (a link posted where players meet) is served at once only by kernels that already
ran the page: a cold start costs about 3 CPU-seconds (ipykernel, the engine's and the widgets'
imports), so ten cold starts on two cores made every visitor of the burst wait 35-45 s. Idle warm
kernels cost memory only (70-100 MB each), which a host has plenty of. Warming them is CPU, though: it
goes through :class:`PreheatGate`, a few at a time and never while a visitor's page is being opened.

docs/hosting.md says how to choose other sizes.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

#: Memory one app kernel holds (measured 70-90 MB, a game played included).
KERNEL_MB = 90
#: The share of the host's memory that kernels (warm and visitors') may hold; the rest is the
#: server's, the OS's and headroom for kernels that grow during a long game.
MEMORY_SHARE = 0.75
#: Visitors' kernels per core at most: an idle kernel costs no CPU and a click about 10-50 ms, so one
#: core answers the clicks of about 60 visitors thinking a few seconds between moves. Warm kernels
#: waiting in a pool answer no clicks: they count against the memory, not against this.
KERNELS_PER_CORE = 60
#: Warm kernels kept per page and core: a burst of this many visitors per core each find one (20 at
#: once on 2 cores were playable after 5.3 s at p95 with 10 a page, half of them starting cold; 1.65 s
#: with 20).
POOL_PER_CORE = 10
#: Seconds a warming kernel may take to reach its wait for a visitor before the gate lets the next
#: one start anyway (a slow or failing notebook must not stop the pool).
HEAT_TIMEOUT = 90.0
#: Seconds after a page was sent during which its visitor's browser is still setting the page up (about
#: 2 CPU-seconds of Chromium's on a warm kernel's page): pool kernels wait for them.
PAGE_SETTLE_SECONDS = 10.0
#: Seconds a pool kernel waits for visitors at most: in a steady stream of them the pool must still
#: refill, or every later visitor starts a kernel of their own.
MAX_WAIT_FOR_VISITORS = 60.0


@dataclass(frozen=True)
class HostSize:
    """The cores this process may use and the host's memory."""

    cores: int
    memory_mb: int

    def __str__(self) -> str:
        return f"{self.cores} cores, {self.memory_mb / 1024:.0f} GB"


def host_size() -> HostSize:
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2**20
    except (AttributeError, ValueError, OSError):
        memory = 4096
    return HostSize(max(1, cores), int(memory))


def kernels_in_memory(host: HostSize) -> int:
    """Kernels, warm and visitors' together, that MEMORY_SHARE of the host's memory holds (2 cores,
    24 GB: 204)."""
    return int(host.memory_mb * MEMORY_SHARE // KERNEL_MB)


def auto_pool_size(host: HostSize, pages: int) -> int:
    """Warm kernels per page of ``pages``: POOL_PER_CORE per core, but the pools together hold at most
    half of what the memory holds, leaving the rest to visitors (2 cores, 24 GB, 5 pages: 20)."""
    return max(1, min(POOL_PER_CORE * host.cores, kernels_in_memory(host) // (2 * pages)))


def auto_max_kernels(host: HostSize, pooled: int) -> int:
    """Visitors' kernels at most, beside ``pooled`` warm ones: what the rest of the memory holds, and
    no more than the cores answer clicks for (2 cores, 24 GB, pools of 100: 104)."""
    return max(10, min(kernels_in_memory(host) - pooled, KERNELS_PER_CORE * host.cores))


class PreheatGate:
    """Lets a pool's kernel warm up (start, then run its page up to the wait for its visitor) only
    when a slot is free and visitors' pages are set up: visitors first, then the pool.

    ``visitors_busy(settle)`` says whether a visitor's page is being opened or was sent less than
    ``settle`` seconds ago; ``spare(page)`` how many warm kernels the page's pool still has (a page
    with none, warm or warming, starts one at once: its next visitor would otherwise start a kernel
    of their own); ``heated(kernel_id)`` whether a kernel has reached its wait for a visitor
    (Voila's request-info socket is then open for it)."""

    def __init__(self, slots: int, visitors_busy: Callable[[float], bool], spare: Callable[[str | None], int],
                 heated: Callable[[str], bool]) -> None:
        self.slots = asyncio.Semaphore(slots)
        self.visitors_busy = visitors_busy
        self.spare = spare
        self.heated = heated
        self.warmed = 0
        self.starting = 0  # pool kernels being started now (their id not known yet)
        self.warming: dict[str | None, int] = {}  # kernels warming now, by page
        self._heating: set[asyncio.Future[None]] = set()  # kept until done (asyncio holds weak refs)

    async def warm(self, delay: float, start: Awaitable[Any]) -> Any:
        await asyncio.sleep(delay)
        page = _page_of(start)
        if self.spare(page) == 0 and not self.warming.get(page, 0):
            # Nothing warm or warming for this page: its next visitor would start a kernel of their
            # own, so this one starts now (at the hub's start, the first kernel of every page).
            return await self._start(page, start, None)
        await self.slots.acquire()
        try:
            loop = asyncio.get_running_loop()
            patience = loop.time() + MAX_WAIT_FOR_VISITORS
            while loop.time() < patience and self.visitors_busy(PAGE_SETTLE_SECONDS):
                await asyncio.sleep(0.2)
            return await self._start(page, start, self.slots.release)
        except BaseException:
            self.slots.release()
            raise

    async def _start(self, page: str | None, start: Awaitable[Any],
                     release: Callable[[], None] | None) -> Any:
        """Start the kernel. Voila may hand it to a visitor at once (waiting for a kernel that is
        running its page beats starting one); its slot (``release``) is held until the kernel has run
        its page up to its wait for a visitor."""
        self.warming[page] = self.warming.get(page, 0) + 1
        self.starting += 1
        try:
            result = await start
        except BaseException:
            self.warming[page] -= 1
            raise
        finally:
            self.starting -= 1
        heating = asyncio.ensure_future(self._until_heated(page, result, release))
        self._heating.add(heating)
        heating.add_done_callback(self._heating.discard)
        return result

    async def _until_heated(self, page: str | None, result: Any,
                            release: Callable[[], None] | None) -> None:
        try:
            kernel = result.get("kernel_id") if isinstance(result, dict) else None
            task = result.get("task") if isinstance(result, dict) else None
            loop = asyncio.get_running_loop()
            deadline = loop.time() + HEAT_TIMEOUT
            while (kernel is not None and not self.heated(kernel)
                   and not (task is not None and task.done()) and loop.time() < deadline):
                await asyncio.sleep(0.1)
            self.warmed += 1
        finally:
            self.warming[page] -= 1
            if release is not None:
                release()


def _page_of(start: Awaitable[Any]) -> str | None:
    """The notebook a pool kernel is started for: the argument of Voila's ``_initialize()``, not yet
    running (None where that cannot be read)."""
    frame = getattr(start, "cr_frame", None)
    page = frame.f_locals.get("notebook_path") if frame is not None else None
    return page if isinstance(page, str) else None


def warm_kernels(pools: dict[str, list[Any]], page: str | None) -> int:
    """How many of ``page``'s pool kernels Voila could hand a visitor now (started without an error)."""
    return sum(1 for task in pools.get(page or "", [])
               if task.done() and not task.cancelled() and task.exception() is None)


def pooled_kernels(pools: dict[str, list[Any]]) -> set[str]:
    """The ids of the kernels in ``pools`` (started, waiting for a visitor or still running their page
    up to that wait); a pool task not done yet has no kernel, or one being started
    (``PreheatGate.starting``)."""
    return {task.result()["kernel_id"] for tasks in pools.values() for task in tasks
            if task.done() and not task.cancelled() and task.exception() is None}


def install_gate(slots: int, visitors_busy: Callable[[float], bool],
                 pools: Callable[[], dict[str, list[Any]]]) -> PreheatGate:
    """Routes every pool fill of Voila's kernel manager through a new PreheatGate; ``pools()`` is the
    manager's pools (``_pools``: page -> its kernels' start tasks).

    Voila starts each pool kernel as ``wait_before(delay, initialize)``, looked up in its module when
    the pool is filled: the gate takes that name's place."""
    from voila import voila_kernel_manager
    from voila.request_info_handler import RequestInfoSocketHandler

    gate = PreheatGate(slots, visitors_busy, lambda page: warm_kernels(pools(), page),
                       lambda kernel: kernel in RequestInfoSocketHandler._waiters)
    voila_kernel_manager.wait_before = gate.warm
    return gate
