"""The load generator (benchmarks/load_visitors.py) against a hub served as `./dev hub` serves it: three
visitors through the page's own protocol (no Chromium), so that its figures can be trusted: every
visitor gets a table, every click and hint is answered, a forged click is refused in the view and the
kernel plays on, and the visitors' kernels are gone once they left.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

from .conftest import SERVERS, serve_hub

pytestmark = pytest.mark.browser

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "load_visitors.py"
# One warm kernel per page, not the host-sized pools: three visitors need no more (one warm, two
# started cold, both paths covered), and fifty pool kernels warming would take the CPU this shared
# machine's other tests need.
HUB_OPTIONS = ("--pool-size", "1")


def load_generator() -> ModuleType:
    # benchmarks/ is a folder of scripts, not a package: the script is loaded from its file.
    spec = importlib.util.spec_from_file_location("load_visitors", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


def test_three_visitors_play_through_the_page_protocol() -> None:
    gen = load_generator()
    with serve_hub("light", *HUB_OPTIONS) as base:
        cfg = gen.Config(url=base, app="tindahan_play", visitors=3, ramp=0, moves=3, hint_every=3,
                         think=(0.1, 0.3), duration=150, forge=1, linger=30, hub_pid=SERVERS[base].pid,
                         progress=False)
        # On its own thread: a session's Playwright (sync API) keeps an event loop running on this
        # worker's thread, where asyncio.run refuses to start a second one.
        with ThreadPoolExecutor(max_workers=1) as pool:
            report = pool.submit(asyncio.run, gen.run(cfg)).result()
    summary = gen.describe(report)
    visitors = report["visitors"]
    assert report["lost"] == 0, summary
    assert all(v["playable"] is not None for v in visitors), summary
    assert [len(v["clicks"]) for v in visitors] == [3, 3, 3], summary
    assert [len(v["hints"]) for v in visitors] == [1, 1, 1], summary
    assert all(v["protocol"] == "v1" and v["left"] for v in visitors), summary
    # The forged click (a card in hand that is not a legal move) came back as the engine's refusal,
    # and the same kernel then answered that visitor's three clicks.
    forger = visitors[0]
    assert forger["forged"] is not None and forger["forged_error"].startswith("tindahan."), summary
    assert report["kernels_left"] == 0, summary
