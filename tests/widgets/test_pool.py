"""How the hub sizes its pools and its cap from the host (widgets/_pool.py), and which kernels the
cap counts: a warm kernel waiting in a pool is not a visitor's."""

from __future__ import annotations

import asyncio
from typing import Any

from widgets._pool import (
    HostSize,
    PreheatGate,
    auto_max_kernels,
    auto_pool_size,
    kernels_in_memory,
    pooled_kernels,
)

PAGES = 5


def test_two_cores_and_24_gb_keep_20_warm_a_page_and_104_visitors() -> None:
    host = HostSize(cores=2, memory_mb=24 * 1024)
    assert kernels_in_memory(host) == 204
    pool = auto_pool_size(host, PAGES)
    assert pool == 20
    assert auto_max_kernels(host, pool * PAGES) == 104


def test_the_cores_bound_the_visitors_on_a_big_machine() -> None:
    host = HostSize(cores=4, memory_mb=256 * 1024)
    pool = auto_pool_size(host, PAGES)
    assert pool == 40
    assert auto_max_kernels(host, pool * PAGES) == 240  # 60 a core, not the memory's 1,984


def test_a_small_host_keeps_one_warm_kernel_a_page_and_some_visitors() -> None:
    host = HostSize(cores=1, memory_mb=1024)
    assert kernels_in_memory(host) == 8
    pool = auto_pool_size(host, PAGES)
    assert pool == 1
    assert auto_max_kernels(host, pool * PAGES) == 10  # never fewer than 10


class Done:
    """A pool task as Voila keeps it: done with its kernel's id, failed, or still running."""

    def __init__(self, kernel: str | None = None, failed: bool = False) -> None:
        self.kernel, self.failed = kernel, failed

    def done(self) -> bool:
        return self.kernel is not None or self.failed

    def cancelled(self) -> bool:
        return False

    def exception(self) -> BaseException | None:
        return RuntimeError("kernel died") if self.failed else None

    def result(self) -> dict[str, Any]:
        return {"kernel_id": self.kernel}


def test_pooled_kernels_are_those_whose_start_is_done() -> None:
    pools: dict[str, list[Any]] = {"a.ipynb": [Done("k1"), Done(), Done(failed=True)],
                                   "b.ipynb": [Done("k2")]}
    assert pooled_kernels(pools) == {"k1", "k2"}


def test_the_gate_counts_the_pool_kernels_being_started() -> None:
    seen: list[int] = []

    async def scenario() -> None:
        gate = PreheatGate(1, lambda settle: False, lambda page: 0, lambda kernel: True)
        release = asyncio.Event()

        async def start() -> dict[str, Any]:
            seen.append(gate.starting)
            await release.wait()
            return {"kernel_id": "k"}

        warming = asyncio.ensure_future(gate.warm(0, start()))
        await asyncio.sleep(0.01)
        seen.append(gate.starting)
        release.set()
        await warming
        seen.append(gate.starting)

    asyncio.run(scenario())
    assert seen == [1, 1, 0]
